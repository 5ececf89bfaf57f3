// The game page's state and its pure transitions (no DOM, no requests): the game as last
// read or updated live, the board's side, the move made on the board but not submitted (the
// candidate), the earlier position being viewed, the page's offline pending move and queued
// actions, and the confirmations asked for. pages/game.ts draws a state (with
// pages/game_view.ts) and replaces it with the result of these functions.
import { normalizeMove } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import type { Game, PendingMove } from './api';
import { BoardMove, Color, position } from './board';
import type { LiveMessage } from './live';
import type { Queued, QueuedMove } from './offline_queue';
import { moveIn } from './pages/game_offline';

export type Candidate = { readonly san: string; readonly fen: string; readonly lastMove: [string, string] };

export type GameState = {
  readonly game: Game | null;
  readonly orientation: Color;
  readonly candidate: Candidate | null;
  // The ply whose position the board shows while the player steps through the moves (0: the
  // initial position); null: the live position. Nothing can be played meanwhile.
  readonly viewing: number | null;
  // Offline (pages/game_offline.ts): the pending move exists in this page only (Submit could
  // not reach the server; Confirm queues it).
  readonly localPend: boolean;
  // The game's queued actions (offline_queue.ts).
  readonly queued: readonly Queued[];
  // The ply at which the opponent declined our offer (live).
  readonly declinedAt: number | null;
  // When the game was read (running clocks count down from then).
  readonly loadedAt: number;
  // The confirmation asked for by Resign or Abort.
  readonly confirming: 'resign' | 'abort' | null;
};

// Until the game has arrived.
export const initial = (now: number): GameState => ({
  game: null, orientation: 'white', candidate: null, viewing: null, localPend: false, queued: [], declinedAt: null,
  loadedAt: now, confirming: null,
});

export const over = (status: string) => status === 'finished' || status === 'annulled';

// The side the user `username` plays in the game, null for an onlooker (or no game, or no user).
export function moverOf(g: Game | null, username: string | undefined): Color | null {
  if (!g || !username) return null;
  if (g.white.username === username) return 'white';
  if (g.black.username === username) return 'black';
  return null;
}

export const myTurn = (g: Game | null, mover: Color | null) =>
  !!g && !over(g.status) && g.status === 'ongoing' && mover === g.to_move;

// The move number and side of a ply (1: the first move, whoever plays it) from the initial
// position's side to move and move number.
export function moveNumber(g: Game, ply: number): { num: number; side: Color } {
  const fields = g.initial_fen.split(' ');
  const index = ply - 1 + (fields[1] === 'b' ? 1 : 0);
  return { num: (Number(fields[5]) || 1) + Math.floor(index / 2), side: index % 2 === 0 ? 'white' : 'black' };
}

// The position after `ply` (0: the initial one): the move's fen_after, else the moves
// replayed from the initial position.
export function fenAt(g: Game, ply: number): string {
  if (ply <= 0) return g.initial_fen;
  const m = g.moves.find((x) => x.ply === ply);
  if (m?.fen_after) return m.fen_after;
  const pos = position(g.initial_fen);
  if (!pos) return g.fen;
  for (const x of g.moves) {
    if (x.ply > ply) break;
    const parsed = parseUci(x.uci);
    if (!parsed) return g.fen;
    pos.play(normalizeMove(pos, parsed));
  }
  return makeFen(pos.toSetup());
}

const squares = (uci: string): [string, string] => [uci.slice(0, 2), uci.slice(2, 4)];

export function lastMoveOf(g: Game): [string, string] | undefined {
  const last = g.moves[g.moves.length - 1];
  return last ? squares(last.uci) : undefined;
}

// The game's move the page queued offline (shown on the board until it is sent).
export const queuedMove = (s: GameState) => s.queued.find((q): q is Queued & QueuedMove => q.kind === 'move');

// A game as the server just sent it, read at `now`. A minimal answer's moves continue the
// ones shown; null when they do not line up (the page must read the game). A view of a
// position no longer before the game's is the live one.
export function took(s: GameState, g: Game, now: number): GameState | null {
  let game = g;
  if (g.moves_from !== undefined) {
    const known = s.game && s.game.id === g.id ? s.game.moves : [];
    if (known.length < g.moves_from) return null;
    game = { ...g, moves: known.slice(0, g.moves_from).concat(g.moves) };
    delete game.moves_from;
  }
  // (a pending move of the page alone is not in the game read)
  const viewing = s.viewing !== null && s.viewing >= game.ply ? null : s.viewing;
  return { ...s, game, localPend: false, loadedAt: now, viewing };
}

// The position after `ply` shown (0: the initial position; null or the last ply: the live
// position).
export function showPly(s: GameState, ply: number | null): GameState {
  if (!s.game) return s;
  return { ...s, viewing: ply === null || ply >= s.game.ply ? null : Math.max(0, ply) };
}

// Where a step through the moves goes (the step buttons; Left, Right, Home, End).
export type Step = 'start' | 'previous' | 'next' | 'current';
export function stepTo(s: GameState, step: Step): number | null {
  const at = s.viewing ?? s.game?.ply ?? 0;
  switch (step) {
    case 'start': return 0;
    case 'previous': return Math.max(0, at - 1);
    case 'next': return at + 1;
    case 'current': return null;
  }
}
export const stepKeys: Record<string, Step> = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'start', End: 'current' };

// A move made on the board in the game's position: the candidate (null when it cannot be
// read there).
export function boardMove(s: GameState, move: BoardMove): GameState | null {
  if (!s.game) return null;
  const pos = position(s.game.fen);
  const parsed = parseUci(move.from + move.to + (move.promotion ?? ''));
  if (!pos || !parsed) return null;
  const normal = normalizeMove(pos, parsed);
  const san = makeSan(pos, normal);
  pos.play(normal);
  return { ...s, candidate: { san, fen: makeFen(pos.toSetup()), lastMove: [move.from, move.to] } };
}

export const dropCandidate = (s: GameState): GameState => ({ ...s, candidate: null });

// What the board shows: an earlier position the player steps through, else the queued,
// pending or candidate move when there is one, else the game (movable for the player to move).
export function boardView(s: GameState, mover: Color | null): { fen: string; movable: Color | null; lastMove?: [string, string] } | null {
  const g = s.game;
  if (!g) return null;
  if (s.viewing !== null) {
    const m = g.moves.find((x) => x.ply === s.viewing);
    return { fen: fenAt(g, s.viewing), movable: null, lastMove: m ? squares(m.uci) : undefined };
  }
  const q = queuedMove(s);
  if (q) return { fen: q.fen_after, movable: null, lastMove: squares(q.move) };
  if (g.pending_move) return { fen: g.pending_move.fen_after, movable: null, lastMove: squares(g.pending_move.move.uci) };
  if (s.candidate) return { fen: s.candidate.fen, movable: null, lastMove: s.candidate.lastMove };
  return { fen: g.fen, movable: myTurn(g, mover) ? g.to_move : null, lastMove: lastMoveOf(g) };
}

// The analysis board's address parameters for the position the board shows (`shownFen`):
// the ply too unless it shows a pending or candidate move (not a game position).
export function analysisQuery(s: GameState, id: string, shownFen: string | undefined): URLSearchParams | null {
  const g = s.game;
  if (!g) return null;
  const q = new URLSearchParams({ fen: shownFen || g.fen, game: id, orientation: s.orientation });
  if (s.viewing !== null || (!g.pending_move && !s.candidate)) {
    const ply = s.viewing ?? g.ply;
    q.set('ply', String(ply));
    const last = g.moves.find((m) => m.ply === ply);
    if (last) q.set('last', last.uci);
  }
  if (g.variant === 'chess960') q.set('variant', 'chess960');
  return q;
}

// Submit's answer: the pending move (`local`: of the page alone, made offline).
export function submitted(s: GameState, pending: PendingMove | null | undefined, local: boolean): GameState {
  return { ...s, game: s.game && { ...s.game, pending_move: pending }, localPend: local, candidate: null };
}

// Cancel: no pending move, no candidate.
export function withdrawn(s: GameState): GameState {
  return { ...s, game: s.game && { ...s.game, pending_move: null }, localPend: false, candidate: null };
}

// Confirm offline: the move is queued (`queued`: the game's queued actions now), not pending.
export function confirmedOffline(s: GameState, queued: readonly Queued[]): GameState {
  return { ...s, queued, game: s.game && { ...s.game, pending_move: null }, localPend: false };
}

export const withQueued = (s: GameState, queued: readonly Queued[]): GameState => ({ ...s, queued });
export const confirm = (s: GameState, what: 'resign' | 'abort' | null): GameState => ({ ...s, confirming: what });

// The opponent declined our draw offer (live): said until the player moves again.
export const declined = (s: GameState): GameState => ({ ...s, declinedAt: s.game?.ply ?? null });

// Whether the draw offer of the player's last move, or one declined live since, was
// declined (explicitly, or by the opponent moving on): shown until the player moves again.
export function offerDeclined(g: Game, mover: Color | null, declinedAt: number | null): boolean {
  if (!mover || g.status !== 'ongoing' || (g.draw_offer && g.draw_offer.by === mover)) return false;
  if (declinedAt !== null && g.ply <= declinedAt + 1) return true;
  const first: Color = g.initial_fen.split(' ')[1] === 'b' ? 'black' : 'white';
  const sideOf = (ply: number): Color => (ply % 2 === 1) === (first === 'white') ? 'white' : 'black';
  const last = [...g.moves].reverse().find((m) => sideOf(m.ply) === mover);
  return !!last?.offer_draw;
}

// A live message about this game applied to the state (`mover`: the user's side). `done`:
// nothing more is needed; else the game must be read (the message does not follow the
// version shown, or lacks what changed). The state is the same object when nothing changed.
export function applyLive(s: GameState, m: LiveMessage, mover: Color | null): { state: GameState; done: boolean } {
  const g = s.game;
  const version = typeof m.version === 'number' ? m.version : null;
  if (!g || version === null) return { state: s, done: false };
  if (m.type === 'move') {
    if (typeof m.ply !== 'number' || m.ply <= g.ply) return { state: s, done: true }; // shown already (our own Confirm)
    // The next ply, from the next command or the same one (a conditional reply).
    if (m.ply !== g.ply + 1 || (version !== g.version + 1 && version !== g.version) || !m.move?.uci) return { state: s, done: false };
    const next: Game = {
      ...g,
      moves: [...g.moves, { ply: m.ply, san: m.move.san, uci: m.move.uci, numeric: m.move.numeric, fen_after: m.fen_after,
        at: m.at ?? new Date().toISOString(), elapsed_seconds: 0, offer_draw: false, conditional: !!m.conditional, message: m.message }],
      fen: m.fen_after,
      ply: m.ply,
      version,
      to_move: g.to_move === 'white' ? 'black' : 'white',
      claimable: { threefold: false, fifty_moves: false, tablebase: false }, // until the server says
      clocks: { ...g.clocks, white: { ...g.clocks.white, running: false }, black: { ...g.clocks.black, running: false } },
    };
    if (g.draw_offer && g.draw_offer.by !== m.by) next.draw_offer = null; // moving on declines it
    let state: GameState = { ...s, game: next };
    if (m.by === mover) {
      next.pending_move = null; // played from another device
      state = { ...state, candidate: null };
    }
    return { state, done: false }; // the clocks and claims after the move come with the game
  }
  if (version < g.version || (version === g.version && m.type !== 'draw_offer')) return { state: s, done: true };
  if (m.type === 'draw_offer' && version === g.version) {
    const last = g.moves[g.moves.length - 1];
    const moves = last && last.ply === m.ply ? [...g.moves.slice(0, -1), { ...last, offer_draw: true }] : g.moves;
    return { state: { ...s, game: { ...g, draw_offer: { by: m.by, ply: m.ply }, moves } }, done: true };
  }
  if (m.type === 'draw_declined' && version === g.version + 1) {
    return { state: { ...s, game: { ...g, draw_offer: null, version } }, done: true };
  }
  return { state: s, done: false };
}

// The claim types offered: only to the player to move, with no pending move, not while an
// earlier position is viewed, and only those the server's `claimable` flags allow.
export function claimTypes(s: GameState, mover: Color | null): string[] {
  const g = s.game;
  return g && myTurn(g, mover) && !g.pending_move && s.viewing === null
    ? (['threefold', 'fifty_moves', 'tablebase'] as const).filter((t) => g.claimable[t]) : [];
}

// The claim the panel describes (`typed`: the intended move in any notation, or empty;
// `expect`: the tablebase claim's outcome): what would be sent, with the intended move's SAN,
// or why not (the move is not legal, or a tablebase claim's outcome is not chosen).
export type ClaimRequest =
  | { readonly body: Record<string, unknown>; readonly type: string; readonly san: string | null; readonly expect: string }
  | { readonly error: 'illegal' | 'choose' };
export function claimRequest(g: Game, type: string, typed: string, expect: string): ClaimRequest {
  const body: Record<string, unknown> = { type, ply: g.ply };
  let san: string | null = null;
  if (typed) {
    san = moveIn(g.fen, typed)?.san ?? null;
    if (!san) return { error: 'illegal' };
    body.move = san;
  }
  if (type === 'tablebase') {
    if (!expect) return { error: 'choose' };
    body.expect = expect;
  }
  return { body, type, san, expect };
}
