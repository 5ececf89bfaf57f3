// The conditional moves editor of the game page: while the opponent is to move, a player
// plays "if ..., then ..." lines on a board of their own (or types them), sees the stored
// lines and deletes them. The server plays a line's answer as soon as the opponent makes
// its first move (docs/rules.md, conditional moves).
import { api, ApiError, errorText } from '../api';
import { enqueue } from '../offline_queue';
import { Board, BoardMove, Color, position } from '../board';
import { errorBox, h, replace, showError } from '../dom';
import { normalizeMove } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { repertoireImport } from './repertoire';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';

// `box` carries `data-loaded` once the stored lines have been read (the board takes a line
// from then on without being redrawn under the user's hand). `seen`: the game as the page
// shows it, the precondition of lines queued offline (offline_queue.ts).
export function conditionalEditor(box: HTMLElement, gameId: string, fen: string, orientation: Color,
  seen: () => { ply: number; version: number }): void {
  delete box.dataset.loaded;
  const path = `/api/v1/games/${encodeURIComponent(gameId)}/conditional`;
  let line: string[] = [];
  let lineFen = fen;
  let stored: string[][] = [];
  const board = new Board((move) => played(move));
  const lineText = h('input', { id: 'conditional-line', name: 'conditional_line', autocomplete: 'off',
    placeholder: 'e5 Nf3 Nc6 Bb5' });
  const current = h('p', { class: 'line-now', 'aria-live': 'polite' });
  const list = h('ol', { class: 'stored-lines' });
  const error = errorBox();

  function draw(): void {
    const pos = position(lineFen);
    board.show(lineFen, orientation, pos ? (pos.turn as Color) : null);
    replace(current, line.length ? t('cond.line', { moves: line.map((m) => displaySan(m)).join(' ') }) : t('cond.hint'));
    replace(list, stored.map((l, i) => h('li', { 'data-line': l.join(' ') }, h('span', { class: 'san' }, l.map((m) => displaySan(m)).join(' ')), ' ',
      h('button', { type: 'button', onclick: () => void save(stored.filter((_, j) => j !== i)) }, t('cond.delete')))));
  }

  function played(move: BoardMove): void {
    const pos = position(lineFen);
    const parsed = parseUci(move.from + move.to + (move.promotion ?? ''));
    if (!pos || !parsed) return;
    const normal = normalizeMove(pos, parsed);
    line.push(makeSan(pos, normal));
    pos.play(normal);
    lineFen = makeFen(pos.toSetup());
    lineText.value = line.join(' ');
    draw();
  }

  function reset(): void {
    line = [];
    lineFen = fen;
    lineText.value = '';
    draw();
  }

  async function save(lines: string[][]): Promise<void> {
    const { ply, version } = seen();
    try {
      stored = (await api<{ lines: string[][] }>('PUT', path, { lines, ply }, false, { 'If-Match': `"${version}"` })).lines;
      showError(error, null);
      reset();
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 0) {
        showError(error, errorText(e));
        return;
      }
      // Offline: queued (shown with the game's queued actions), stored when online.
      await enqueue({ kind: 'conditional', game: gameId, ply, version, lines });
      showError(error, null);
      reset();
    }
  }

  replace(box,
    h('h2', {}, t('game.conditional')),
    h('div', { class: 'conditional-grid' },
      h('div', { class: 'conditional-board' }, board.el),
      h('div', {},
        current,
        h('form', { class: 'stack', onsubmit: (e: Event) => {
          e.preventDefault();
          const typed = lineText.value.trim().split(/\s+/).filter(Boolean);
          if (!typed.length) {
            showError(error, t('cond.empty'));
            return;
          }
          void save([...stored, typed]);
        } },
          h('label', { for: 'conditional-line' }, t('cond.label')), lineText,
          h('div', { class: 'actions' },
            h('button', { type: 'submit', class: 'primary' }, t('cond.add')),
            h('button', { type: 'button', onclick: reset }, t('cond.reset')),
            h('button', { type: 'button', onclick: () => void save([]) }, t('cond.delete_all')))),
        error,
        h('h3', {}, t('cond.stored')), list,
        repertoireImport(gameId, (lines) => {
          stored = lines;
          draw();
        }))));
  draw();
  void (async () => {
    try {
      stored = (await api<{ lines: string[][] }>('GET', path)).lines;
      draw();
      box.dataset.loaded = 'true';
    } catch (e) {
      showError(error, errorText(e));
    }
  })();
}
