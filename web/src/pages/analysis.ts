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

const standardStart = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const depths: [string, string][] = [['18', 'Depth 18'], ['24', 'Depth 24'], ['30', 'Depth 30'], ['', 'Until stopped']];

export function analysisPage(root: HTMLElement): () => void {
  setTitle('Analysis board');
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
  const engineButton = h('button', { type: 'button', class: 'primary engine-toggle', onclick: () => toggleEngine() }, 'Start engine');
  const depth = h('select', { id: 'engine-depth', onchange: () => { if (running) analyse(); } },
    depths.map(([value, label]) => h('option', { value }, label)));
  depth.value = '24';
  const engineState = h('p', { class: 'engine-state', id: 'engine-state', role: 'status' }, 'The engine is off.');
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
    replace(engineButton, running ? 'Stop engine' : 'Start engine');
  }

  // The shown position to the engine (a finished position needs none).
  function analyse(): void {
    if (!running || !engine) return;
    const fen = fenOf(state);
    const pos = position(fen);
    clearEngineLines();
    if (!pos || pos.isEnd()) {
      engine.stop();
      replace(engineState, pos?.isCheckmate() ? 'Checkmate: nothing to analyse.' : 'No legal move: nothing to analyse.');
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
      replace(engineButton, 'Start engine');
    }
    engineState.dataset.state = s;
    replace(engineState, {
      loading: 'Loading the engine…', searching: 'Thinking…', done: 'Search finished.', stopped: 'The engine is stopped.',
      failed: `The engine could not run: ${detail ?? 'unknown error'}.`,
    }[s]);
  }

  function showInfo(info: EngineInfo, fen: string): void {
    if (fen !== fenOf(state) || info.bound) return;
    const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const white = whiteScore(info.score, turn);
    evalBox.dataset.score = `${white.kind} ${white.value}`;
    evalBox.dataset.depth = String(info.depth);
    replace(evalBox, h('strong', {}, scoreText(white)), ` at depth ${info.depth}`,
      h('span', { class: 'muted' }, ' (White’s view)'));
    const sans = sanLine(fen, info.pv);
    lineBox.dataset.uci = info.pv.slice(0, sans.length).join(' ');
    lineBox.dataset.san = sans.join(' ');
    replace(lineBox, h('span', { class: 'label' }, 'Best line: '), numbered(fen, sans));
  }

  // The board, the line and the buttons drawn from the state.
  const moveList = h('ol', { class: 'analysis-moves', id: 'analysis-moves', 'aria-label': 'Moves on the analysis board' });
  const lineNote = h('p', { class: 'muted analysis-empty' }, 'Make a move on the board to explore a line.');
  const backButton = h('button', { type: 'button', 'aria-label': 'Previous move', title: 'Previous move', onclick: () => update(back(state)) }, '◀');
  const forwardButton = h('button', { type: 'button', 'aria-label': 'Next move', title: 'Next move', onclick: () => update(forward(state)) }, '▶');
  const resetButton = h('button', { type: 'button', onclick: () => update(reset(state)) }, 'Reset to the game position');

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
        onclick: () => update(goTo(state, m.n)) }, `${m.label} ${m.san}`))));
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
    ? h('p', { class: 'analysis-from' }, `From game ${gameId}${ply !== null ? `, position after ply ${ply}` : ''}. `,
      h('a', { href: `/games/${encodeURIComponent(gameId)}` }, 'Back to the game'))
    : null;
  replace(root, h('div', { class: 'analysis-page' },
    h('h1', {}, 'Analysis board'),
    from,
    initial ? null : h('p', { class: 'error', role: 'alert' }, 'The position given cannot be read; the board shows the start position.'),
    h('p', { class: 'analysis-note' },
      'Moves made here stay in your browser: they are never sent to the server and never played in the game.'),
    h('div', { class: 'analysis-main' },
      h('div', { class: 'board-col' }, board.el,
        h('div', { class: 'board-tools analysis-tools' }, backButton, forwardButton, resetButton,
          h('button', { type: 'button', onclick: () => update(flip(state)) }, 'Flip board')),
        board.text),
      h('div', { class: 'side-col' },
        h('section', { class: 'engine', 'aria-label': 'Engine' },
          h('h2', {}, 'Engine'),
          h('div', { class: 'engine-controls' }, engineButton,
            h('label', { for: 'engine-depth', class: 'visually-hidden' }, 'Search depth'), depth),
          engineState, evalBox, lineBox,
          h('p', { class: 'muted engine-credit' }, 'Stockfish 19 (lite, WebAssembly), GPL-3.0; runs in this browser only. ',
            'Correspondence chess under ICCF rules allows engines; no event here forbids them.')),
        h('section', { class: 'analysis-line', 'aria-label': 'Line' }, h('h2', {}, 'Line'), lineNote, moveList)))));
  draw();
  return () => {
    document.removeEventListener('keydown', onKey);
    engine?.terminate();
  };
}
