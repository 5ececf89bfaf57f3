// /analysis?fen=...&game=...&ply=...&last=...&orientation=...&variant=...: the analysis board. It
// starts from a game's position (the game page's "Analyse" link gives the one it shows); the
// player makes moves freely (legal ones), steps back and forward, resets to the game's
// position and flips the board. "Start engine" loads Stockfish in a Web Worker (engine.ts)
// and shows its evaluation and best line in SAN. Nothing here talks to the server: a move
// made on this board is never played in the game.
import './analysis.css';
import {
  AnalysisState, back, fenOf, flip, forward, goTo, lastMove, lineMoves, numbered, play, reset, sanLine, startAt,
} from '../analysis_state';
import { Board, Color, position } from '../board';
import { h, replace } from '../dom';
import { Engine, EngineInfo, EngineState, scoreText, whiteScore } from '../engine';
import { setTitle } from '../title';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';

const standardStart = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const depths = ['18', '24', '30', ''];

export function analysisPage(root: HTMLElement): () => void {
  setTitle(t('analysis.title'));
  const params = new URLSearchParams(location.search);
  const gameId = params.get('game');
  const ply = params.get('ply');
  const chess960 = params.get('variant') === 'chess960';
  const side: Color = params.get('orientation') === 'black' ? 'black' : 'white';
  const given = params.get('fen');
  // The game's move that led to the position (highlighted until a move is made here).
  const last = /^([a-h][1-8])([a-h][1-8])/.exec(params.get('last') ?? '');
  const rootLast: [string, string] | undefined = last ? [last[1], last[2]] : undefined;
  const initial = startAt(given ?? standardStart, side);
  let state: AnalysisState = initial ?? startAt(standardStart, side)!;

  const board = new Board((m) => {
    const next = play(state, m.from + m.to + (m.promotion ?? ''));
    if (next) update(next);
    else draw();
  }, chess960);
  board.el.classList.add('analysis');

  // The engine: nothing is loaded until Start.
  let engine: Engine | null = null;
  let running = false;
  const engineButton = h('button', { type: 'button', class: 'primary engine-toggle', onclick: () => toggleEngine() }, t('analysis.start'));
  const depth = h('select', { id: 'engine-depth', onchange: () => { if (running) analyse(); } },
    depths.map((value) => h('option', { value }, value ? t('analysis.depth', { depth: value }) : t('analysis.until_stopped'))));
  depth.value = '24';
  const engineState = h('p', { class: 'engine-state', id: 'engine-state', role: 'status' }, t('analysis.off'));
  const evalBox = h('p', { class: 'engine-eval', id: 'engine-eval', 'aria-live': 'off' });
  const lineBox = h('p', { class: 'engine-line', id: 'engine-line', 'aria-live': 'off' });

  function toggleEngine(): void {
    if (running) {
      running = false;
      engine?.stop();
    } else {
      running = true;
      engine ??= new Engine(showInfo, showState, chess960);
      analyse();
    }
    replace(engineButton, running ? t('analysis.stop') : t('analysis.start'));
  }

  // The shown position to the engine (a finished position needs none).
  function analyse(): void {
    if (!running || !engine) return;
    const fen = fenOf(state);
    const pos = position(fen);
    clearEngineLines();
    if (!pos || pos.isEnd()) {
      engine.stop();
      replace(engineState, pos?.isCheckmate() ? t('analysis.checkmate') : t('analysis.no_move'));
      return;
    }
    engine.analyse(fen, depth.value ? Number(depth.value) : null);
  }

  function clearEngineLines(): void {
    replace(evalBox);
    replace(lineBox);
    delete evalBox.dataset.score;
    delete lineBox.dataset.uci;
  }

  function showState(s: EngineState, detail?: string): void {
    if (s === 'failed') {
      running = false;
      engine = null;
      replace(engineButton, t('analysis.start'));
    }
    engineState.dataset.state = s;
    replace(engineState, {
      loading: t('analysis.loading'), searching: t('analysis.searching'), done: t('analysis.done'), stopped: t('analysis.stopped'),
      failed: t('analysis.failed', { detail: detail ?? t('analysis.unknown_error') }),
    }[s]);
  }

  function showInfo(info: EngineInfo, fen: string): void {
    if (fen !== fenOf(state) || info.bound) return;
    const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const white = whiteScore(info.score, turn);
    evalBox.dataset.score = `${white.kind} ${white.value}`;
    evalBox.dataset.depth = String(info.depth);
    replace(evalBox, h('strong', {}, scoreText(white)), ` ${t('analysis.at_depth', { depth: String(info.depth) })}`,
      h('span', { class: 'muted' }, ` (${t('analysis.white_view')})`));
    const sans = sanLine(fen, info.pv);
    lineBox.dataset.uci = info.pv.slice(0, sans.length).join(' ');
    lineBox.dataset.san = sans.join(' ');
    replace(lineBox, h('span', { class: 'label' }, `${t('analysis.best_line')} `), numbered(fen, sans.map((san) => displaySan(san))));
  }

  // The board, the line and the buttons drawn from the state.
  const moveList = h('ol', { class: 'analysis-moves', id: 'analysis-moves', 'aria-label': t('analysis.moves') });
  const lineNote = h('p', { class: 'muted analysis-empty' }, t('analysis.explore'));
  const backButton = h('button', { type: 'button', 'aria-label': t('game.step_previous'), title: t('game.step_previous'), onclick: () => update(back(state)) }, '◀');
  const forwardButton = h('button', { type: 'button', 'aria-label': t('game.step_next'), title: t('game.step_next'), onclick: () => update(forward(state)) }, '▶');
  const resetButton = h('button', { type: 'button', onclick: () => update(reset(state)) }, t('analysis.reset'));

  function draw(): void {
    const fen = fenOf(state);
    const pos = position(fen);
    board.show(fen, state.orientation, pos ? pos.turn : null, state.cursor ? lastMove(state) : rootLast);
    board.el.dataset.cursor = String(state.cursor);
    backButton.disabled = state.cursor === 0;
    forwardButton.disabled = state.cursor >= state.moves.length;
    resetButton.disabled = state.moves.length === 0;
    const moves = lineMoves(state);
    lineNote.hidden = moves.length > 0;
    replace(moveList, moves.map((m) => h('li', {},
      h('button', { type: 'button', class: 'move', 'data-n': m.n, 'aria-current': m.n === state.cursor ? 'true' : null,
        onclick: () => update(goTo(state, m.n)) }, `${m.label} ${displaySan(m.san)}`))));
  }

  function update(next: AnalysisState): void {
    const moved = fenOf(next) !== fenOf(state);
    state = next;
    draw();
    if (moved) analyse();
  }

  // Left and Right step through the line (not while a field has the keyboard).
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target as HTMLElement | null;
    if (t?.closest('input, textarea, select, [contenteditable], .promotion')) return;
    if (e.key === 'ArrowLeft') update(back(state));
    else if (e.key === 'ArrowRight') update(forward(state));
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  const from = gameId
    ? h('p', { class: 'analysis-from' },
      `${ply !== null ? t('analysis.from_game_ply', { id: gameId, ply }) : t('analysis.from_game', { id: gameId })} `,
      h('a', { href: `/games/${encodeURIComponent(gameId)}` }, t('analysis.back')))
    : null;
  replace(root, h('div', { class: 'analysis-page' },
    h('h1', {}, t('analysis.title')),
    from,
    initial ? null : h('p', { class: 'error', role: 'alert' }, t('analysis.bad_fen')),
    h('p', { class: 'analysis-note' }, t('analysis.note')),
    h('div', { class: 'analysis-main' },
      h('div', { class: 'board-col' }, board.el,
        h('div', { class: 'board-tools analysis-tools' }, backButton, forwardButton, resetButton,
          h('button', { type: 'button', onclick: () => update(flip(state)) }, t('game.flip'))),
        board.text),
      h('div', { class: 'side-col' },
        h('section', { class: 'engine', 'aria-label': t('analysis.engine') },
          h('h2', {}, t('analysis.engine')),
          h('div', { class: 'engine-controls' }, engineButton,
            h('label', { for: 'engine-depth', class: 'visually-hidden' }, t('analysis.search_depth')), depth),
          engineState, evalBox, lineBox,
          h('p', { class: 'muted engine-credit' }, t('analysis.credit'))),
        h('section', { class: 'analysis-line', 'aria-label': t('analysis.line') }, h('h2', {}, t('analysis.line')), lineNote, moveList)))));
  draw();
  return () => {
    document.removeEventListener('keydown', onKey);
    engine?.terminate();
  };
}
