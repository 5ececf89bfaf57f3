// The game page without a connection: a move submitted offline becomes a pending move of the
// page alone (the same Submit → Confirm steps), and Confirm queues it (offline_queue.ts);
// the queued actions of the game are listed with a way to cancel them.
import { PendingMove } from '../api';
import { position } from '../board';
import { h, replace } from '../dom';
import { cancelQueued, Queued } from '../offline_queue';
import { localTime } from '../time';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';
import { normalizeMove } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci, parseUci } from 'chessops/util';

// A move typed in any notation (SAN, UCI or ICCF numeric) in the position `fen`: its SAN,
// UCI, ICCF numeric and the position after it; null when it is not a legal move there.
export function moveIn(fen: string, text: string): { san: string; uci: string; numeric: string; fen_after: string } | null {
  const pos = position(fen);
  if (!pos) return null;
  let move = parseSan(pos, text);
  if (!move) {
    let uci = text.toLowerCase();
    const numeric = text.match(/^([1-8])([1-8])([1-8])([1-8])([1-4])?$/);
    if (numeric) {
      const file = (d: string) => 'abcdefgh'[Number(d) - 1];
      uci = file(numeric[1]) + numeric[2] + file(numeric[3]) + numeric[4] + (numeric[5] ? 'qrbn'[Number(numeric[5]) - 1] : '');
    }
    const parsed = /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci) ? parseUci(uci) : undefined;
    if (parsed && pos.isLegal(normalizeMove(pos, parsed))) move = normalizeMove(pos, parsed);
  }
  if (!move || !('from' in move)) return null;
  const san = makeSan(pos, move);
  const uci = makeUci(move);
  const numeric = uci.slice(0, 4).replace(/[a-h]/g, (f) => String('abcdefgh'.indexOf(f) + 1))
    + (move.promotion ? String('qrbn'.indexOf(uci[4]) + 1) : '');
  pos.play(move);
  return { san, uci, numeric, fen_after: makeFen(pos.toSetup()) };
}

// The pending move of a Submit that could not reach the server; throws when the move is not
// legal (the server would have said so).
export function localPending(fen: string, ply: number, text: string, offerDraw: boolean, message: string): PendingMove {
  const move = moveIn(fen, text);
  if (!move) throw new Error(t('offline.illegal', { move: text }));
  const pending: PendingMove = { move: { san: move.san, uci: move.uci, numeric: move.numeric }, fen_after: move.fen_after,
    offer_draw: offerDraw, submitted_at: new Date().toISOString(), ply };
  if (message.trim()) pending.message = message;
  return pending;
}

// The queued actions of one game (`ul.queued-actions`, `li[data-queued]` with the kind):
// each says it waits for the connection, and can be cancelled.
export function drawQueued(box: HTMLElement, items: Queued[]): void {
  box.hidden = items.length === 0;
  replace(box, items.length ? h('ul', { class: 'queued-actions' }, items.map((q) => h('li', { 'data-queued': q.kind },
    q.kind === 'move'
      ? t(q.offer_draw ? 'offline.queued_move_offer' : 'offline.queued_move_item', { move: displaySan(q.san) })
      : t('offline.queued_lines', { lines: q.lines.map((l) => l.map((m) => displaySan(m)).join(' ')).join('; ') || t('offline.no_lines_delete') }),
    h('span', { class: 'muted' }, ` (${localTime(q.queued_at)}) `),
    h('button', { type: 'button', onclick: () => void cancelQueued(q.key!) },
      q.kind === 'move' ? t('offline.cancel_move') : t('offline.cancel_lines'))))) : []);
}
