// The director's evidence on a position (docs/api.md "Directors", rules.md 6.5): the
// tablebase's verdict, each side's dead-position verdict, repetitions and the fifty-move
// counter, the suggested decision, and the line of a claim. The sentences are pure
// functions of the server's answer; rendering is apart.
import { ClaimLine } from '../api';
import { h } from '../dom';

export type Verdict = 'winnable' | 'unwinnable' | 'undetermined';
export type Evidence = {
  men: number; to_move: 'white' | 'black';
  tablebase: { status: 'probed' | 'unavailable' | 'too_many_men'; wdl: string | null; dtz: number | null };
  dead_position: { white: Verdict; black: Verdict; dead: boolean };
  repetition: { count: number; plies: number[]; threefold_claimable: boolean };
  fifty_moves: { halfmove_clock: number; claimable: boolean };
  suggestion: { result: '1-0' | '0-1' | '1/2-1/2'; basis: 'tablebase' | 'dead_position'; reason: string } | null;
};

const wdlWords: Record<string, string> = {
  win: 'wins', cursed_win: 'wins (a cursed win: a win, as the fifty-move rule does not apply)',
  draw: 'draws', blessed_loss: 'loses (a blessed loss: a loss, as the fifty-move rule does not apply)', loss: 'loses',
};

// "Tablebase: White to move wins, 11 plies to mate or the next capture or pawn move."
export function tablebaseText(e: Evidence): string {
  const t = e.tablebase;
  if (t.status === 'too_many_men') return `Tablebase: ${e.men} men on the board, more than the tables hold (7).`;
  if (t.status === 'unavailable') return `Tablebase: the table for these ${e.men} men is not installed (or castling rights remain).`;
  const side = e.to_move === 'white' ? 'White' : 'Black';
  const distance = t.dtz ? `, ${Math.abs(t.dtz)} plies to mate or the next capture or pawn move` : '';
  return `Tablebase: ${side} to move ${wdlWords[t.wdl ?? ''] ?? t.wdl}${distance}.`;
}

const verdictWords: Record<Verdict, string> = {
  winnable: 'can still checkmate', unwinnable: 'can never checkmate (proven)', undetermined: 'not determined',
};

// "Dead position: White can still checkmate; Black can never checkmate (proven)."
export function deadPositionText(e: Evidence): string {
  const d = e.dead_position;
  if (d.dead) return 'Dead position: neither side can ever checkmate (proven).';
  return `Dead position: no. White ${verdictWords[d.white]}; Black ${verdictWords[d.black]}.`;
}

export function repetitionText(e: Evidence): string {
  const r = e.repetition;
  const times = r.count === 1 ? 'for the first time' : `${r.count} times (plies ${r.plies.join(', ')})`;
  return `Repetitions: the position stands ${times}${r.threefold_claimable ? '; a threefold claim by the player to move would be correct' : ''}.`;
}

export function fiftyMovesText(e: Evidence): string {
  const f = e.fifty_moves;
  return `Fifty-move counter: ${f.halfmove_clock} plies since the last pawn move or capture${f.claimable ? '; a fifty-move claim would be correct' : ''}.`;
}

export function suggestionText(e: Evidence): string {
  if (!e.suggestion) return 'Suggested decision: none, the proof is not complete.';
  const shown = e.suggestion.result === '1/2-1/2' ? '½-½' : e.suggestion.result;
  return `Suggested decision: ${shown}, ${e.suggestion.reason}.`;
}

// "Line (legal, ends in checkmate): 1. Qh3+ Kc2 ..." or where it stops being legal.
export function lineText(l: ClaimLine): string {
  if (!l.legal) {
    const before = l.text ? ` after ${l.text}` : '';
    return `Line: ${l.illegal_move} is not legal${before}${l.detail ? ` (${l.detail})` : ''}.`;
  }
  const ends = l.ends ? `, ends in ${l.ends}` : '';
  const repeats = l.repetitions >= 3 ? `, its last position then stands ${l.repetitions} times` : '';
  return `Line (legal${ends}${repeats}): ${l.text}`;
}

export function evidenceView(e: Evidence): HTMLElement {
  return h('div', { class: 'evidence' },
    h('h3', {}, 'What the server can prove'),
    h('ul', {}, [tablebaseText(e), deadPositionText(e), repetitionText(e), fiftyMovesText(e)]
      .map((t) => h('li', {}, t))),
    h('p', { class: e.suggestion ? 'suggestion proven' : 'suggestion' }, suggestionText(e)));
}
