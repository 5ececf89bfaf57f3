// The game page's parts drawn from its state (game_state.ts): the status line, the clocks,
// the move list, the pending move's state, the claim's confirmation. Nothing here keeps
// state or sends a request; pages/game.ts calls these with the state it holds.
import { Game, PendingMove } from '../api';
import { Color } from '../board';
import { h, replace } from '../dom';
import { ClaimRequest, GameState, moveNumber, offerDeclined, over } from '../game_state';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';
import { statusName, terminationName } from '../i18n/words';
import { clockLeft, deadline, duration, localTime } from '../time';

// "5. e4" or "5… Nc6".
export function moveLabel(g: Game, ply: number): string {
  const { num, side } = moveNumber(g, ply);
  const m = g.moves.find((x) => x.ply === ply);
  return `${num}${side === 'white' ? '.' : '…'} ${m ? displaySan(m.san) : ''}`.trim();
}

// The banner's text while an earlier position is shown.
export const viewingText = (g: Game, viewing: number) =>
  viewing === 0 ? t('game.viewing_start') : t('game.viewing_move', { move: moveLabel(g, viewing) });

export function statusText(g: Game, mover: Color | null, declinedAt: number | null): string {
  if (g.termination === 'aborted') {
    const by = g.end_reason?.startsWith('white') ? g.white : g.black;
    return t('game.aborted_by', { name: by.display_name });
  }
  if (over(g.status)) {
    const why = g.termination ? ` (${terminationName(g.termination)})` : '';
    return t('game.over', { result: `${statusName(g.result ?? g.status)}${why}` });
  }
  if (g.status === 'not_started') return t('game.not_started');
  if (g.status === 'adjudication_pending') return t('game.adjudication_pending');
  const offered = g.draw_offer && g.draw_offer.by === mover ? ` ${t('game.you_offered')}` : '';
  const declined = offerDeclined(g, mover, declinedAt) ? ` ${t('game.declined')}` : '';
  if (mover === g.to_move) return `${t('game.your_move')}${declined}`;
  const side = g.to_move === 'white' ? t('color.White') : t('color.Black');
  return `${t('game.to_move', { name: g[g.to_move].display_name, side })}${offered}${declined}`;
}

// An ICCF clock changes by whole days.
export const wholeDays = (g: Game | null) => g?.time_control?.type === 'iccf';

// A side's clock at `now` (running clocks count down from when the game was read).
export function clockText(s: GameState, side: Color, now: number): string {
  const c = s.game!.clocks[side];
  return duration(clockLeft(c.remaining_seconds, c.running, s.loadedAt, now, wholeDays(s.game)));
}

export function drawClocks(box: HTMLElement, s: GameState, now: number): void {
  const g = s.game!;
  replace(box, (['white', 'black'] as Color[]).map((side) => {
    const c = g.clocks[side];
    return h('div', { class: `clock ${side}${c.running ? ' running' : ''}`, 'data-side': side },
      h('span', { class: 'who' }, `${side === 'white' ? t('color.White') : t('color.Black')}: `,
        h('a', { href: `/users/${encodeURIComponent(g[side].username)}` }, g[side].display_name)),
      h('span', { class: 'left', 'data-side': side }, clockText(s, side, now)),
      c.on_leave ? h('span', { class: 'leave' }, t('game.on_leave')) : null,
      c.running && c.deadline ? h('span', { class: 'deadline' }, t('game.deadline', { deadline: deadline(c.deadline) })) : null);
  }));
}

// The pending move's state (`local`: of the page alone, made offline), with the draw offer
// and message it carries.
export function pendingText(p: PendingMove, local: boolean): string {
  const parts = [p.offer_draw ? t('game.with_offer') : '', p.message ? t('game.with_message') : ''].filter(Boolean);
  const carried = parts.length === 2 ? t('game.and', { a: parts[0], b: parts[1] }) : parts[0];
  const san = displaySan(p.move.san);
  return local
    ? (carried ? t('game.pending_offline_with', { move: san, carried }) : t('game.pending_offline', { move: san }))
    : (carried ? t('game.pending_with', { move: san, carried }) : t('game.pending', { move: san }));
}

// Why the claim panel's claim cannot be sent (`typed`: the intended move as typed).
export const claimRefusal = (error: 'illegal' | 'choose', typed: string) =>
  error === 'illegal' ? t('game.claim_illegal', { move: typed }) : t('game.claim_choose');

// What the claim's confirmation states.
export function claimText(req: Extract<ClaimRequest, { body: unknown }>): string {
  const san = req.san;
  if (req.type === 'tablebase') {
    const what = req.expect === 'win' ? t('game.what_win') : t('game.what_draw');
    return san ? t('game.ask_tablebase_move', { what, move: san }) : t('game.ask_tablebase', { what });
  }
  const rule = req.type === 'threefold' ? t('game.rule_threefold') : t('game.rule_fifty');
  return san ? t('game.ask_draw_move', { rule, move: san }) : t('game.ask_draw', { rule });
}

// The move list: one row per move number, White's and Black's move side by side; each
// move is a button that shows its position (the ply shown, `shown`, is marked aria-current).
// A focus inside the list stays on the move shown; the latest move is kept in sight when
// moves were added (`movesShown`: how many the list had; unless an earlier one is viewed),
// the viewed move while stepping.
export function drawMoves(list: HTMLElement, g: Game, viewing: number | null, movesShown: number,
  show: (ply: number) => void): void {
  const shown = viewing ?? g.ply;
  const focused = list.contains(document.activeElement);
  const rows: HTMLElement[] = [];
  let row: { num: number; cells: (HTMLElement | null)[] } | null = null;
  const flush = () => {
    if (!row) return;
    rows.push(h('tr', { 'data-move': row.num }, h('td', { class: 'num' }, `${row.num}.`),
      row.cells[0] ?? h('td', { class: 'none' }, '…'), row.cells[1] ?? h('td', { class: 'none' })));
    row = null;
  };
  for (const m of g.moves) {
    const { num, side } = moveNumber(g, m.ply);
    if (!row || row.num !== num || (side === 'white' && row.cells[0])) {
      flush();
      row = { num, cells: [null, null] };
    }
    const details = [t('game.played_at', { at: localTime(m.at) }), t('game.used', { time: duration(m.elapsed_seconds) }),
      m.clock?.clock_after_seconds !== undefined ? t('game.clock_after', { time: duration(m.clock.clock_after_seconds) }) : ''].filter(Boolean).join(', ');
    row.cells[side === 'white' ? 0 : 1] = h('td', { class: 'san' },
      h('button', { type: 'button', class: `move${m.ply === shown ? ' current' : ''}`, 'data-ply': m.ply, title: details,
        'aria-current': m.ply === shown ? 'true' : null, onclick: () => show(m.ply) },
        displaySan(m.san), m.conditional ? ' (c)' : '', m.offer_draw ? ' (=)' : ''));
  }
  flush();
  if (!rows.length) rows.push(h('tr', { class: 'no-moves' }, h('td', { colspan: 3, class: 'muted' }, t('game.no_moves'))));
  replace(list, h('table', { class: 'moves' },
    h('caption', {}, t('game.moves')),
    h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('color.White')), h('th', {}, t('color.Black')))),
    h('tbody', {}, rows)));
  const current = list.querySelector<HTMLElement>('button.current');
  if (focused) (current ?? list.querySelector<HTMLElement>('button.move'))?.focus({ preventScroll: true });
  if (viewing === null && g.moves.length !== movesShown) {
    list.scrollTop = list.scrollHeight;
  } else if (viewing !== null && current) {
    const box = list.getBoundingClientRect(), at = current.getBoundingClientRect();
    const head = list.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    if (at.top < box.top + head) list.scrollTop -= box.top + head - at.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }
}
