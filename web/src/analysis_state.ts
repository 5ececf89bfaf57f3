// The analysis board's state and its pure transitions (no DOM, no engine): the game position
// it started from, the line of moves the player made from there (UCI, kept when stepping
// back, so that Forward replays it), how many of them are shown, and the board's side.
// pages/analysis.ts draws a state and replaces it with the result of these functions.
import { normalizeMove } from 'chessops/chess';
import { chessgroundMove } from 'chessops/compat';
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci, parseUci } from 'chessops/util';
import { Color, position } from './board';

export type AnalysisState = {
  readonly root: string;
  readonly moves: readonly string[];
  readonly cursor: number;
  readonly orientation: Color;
};

// The state at `fen` (null when the FEN cannot be read as a legal position).
export function startAt(fen: string, orientation: Color): AnalysisState | null {
  const pos = position(fen);
  return pos ? { root: makeFen(pos.toSetup()), moves: [], cursor: 0, orientation } : null;
}

// The position after the first `n` moves of the line (the shown one by default).
export function fenOf(s: AnalysisState, n = s.cursor): string {
  const pos = position(s.root)!;
  for (const uci of s.moves.slice(0, n)) pos.play(normalizeMove(pos, parseUci(uci)!));
  return makeFen(pos.toSetup());
}

// `uci` played in the shown position: the line goes on with it (a different move from the
// one that followed replaces the rest of the line). null when the move is illegal there.
export function play(s: AnalysisState, uci: string): AnalysisState | null {
  const pos = position(fenOf(s));
  const parsed = parseUci(uci);
  if (!pos || !parsed) return null;
  const move = normalizeMove(pos, parsed);
  if (!pos.isLegal(move)) return null;
  const key = makeUci(move);
  if (s.moves[s.cursor] === key) return { ...s, cursor: s.cursor + 1 };
  return { ...s, moves: [...s.moves.slice(0, s.cursor), key], cursor: s.cursor + 1 };
}

export const back = (s: AnalysisState): AnalysisState => ({ ...s, cursor: Math.max(0, s.cursor - 1) });
export const forward = (s: AnalysisState): AnalysisState => ({ ...s, cursor: Math.min(s.moves.length, s.cursor + 1) });
export const goTo = (s: AnalysisState, n: number): AnalysisState => ({ ...s, cursor: Math.max(0, Math.min(s.moves.length, n)) });
// Back to the game's position, the line forgotten.
export const reset = (s: AnalysisState): AnalysisState => ({ ...s, moves: [], cursor: 0 });
export const flip = (s: AnalysisState): AnalysisState => ({ ...s, orientation: s.orientation === 'white' ? 'black' : 'white' });

// The from and to squares of the move that led to the shown position (for the highlight).
export function lastMove(s: AnalysisState): [string, string] | undefined {
  if (s.cursor === 0) return undefined;
  const [from, to] = chessgroundMove(parseUci(s.moves[s.cursor - 1])!);
  return [from, to];
}

// The SAN of `ucis` played one after another from `fen`, up to the first move that is not
// legal there (an engine's line for an older position, say).
export function sanLine(fen: string, ucis: readonly string[]): string[] {
  const pos = position(fen);
  const out: string[] = [];
  if (!pos) return out;
  for (const uci of ucis) {
    const parsed = parseUci(uci);
    if (!parsed) break;
    const move = normalizeMove(pos, parsed);
    if (!pos.isLegal(move)) break;
    out.push(makeSan(pos, move));
    pos.play(move);
  }
  return out;
}

// SAN moves from `fen` with their numbers: "12. Nf3 Nc6 13. Bb5" or "12… Nc6 13. Bb5".
export function numbered(fen: string, sans: readonly string[]): string {
  const fields = fen.split(' ');
  let num = Number(fields[5]) || 1;
  let white = fields[1] !== 'b';
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${num}. ${san}`);
    else parts.push(i === 0 ? `${num}… ${san}` : san);
    if (!white) num++;
    white = !white;
  });
  return parts.join(' ');
}

// The line as the move list shows it: one entry per move with its number and SAN.
export function lineMoves(s: AnalysisState): { n: number; label: string; san: string }[] {
  const sans = sanLine(s.root, s.moves);
  const fields = s.root.split(' ');
  const first = fields[1] === 'b' ? 1 : 0;
  const start = Number(fields[5]) || 1;
  return sans.map((san, i) => {
    const index = i + first;
    const num = start + Math.floor(index / 2);
    return { n: i + 1, label: index % 2 === 0 ? `${num}.` : `${num}…`, san };
  });
}
