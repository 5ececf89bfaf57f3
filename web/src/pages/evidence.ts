// The director's evidence on a position (docs/api.md "Directors", rules.md 6.5): the
// tablebase's verdict, each side's dead-position verdict, repetitions and the fifty-move
// counter, the suggested decision, and the line of a claim. The sentences are pure
// functions of the server's answer; rendering is apart.
import { ClaimLine } from '../api';
import { h } from '../dom';
import { t } from '../i18n/i18n';
import { terminationName } from '../i18n/words';

export type Verdict = 'winnable' | 'unwinnable' | 'undetermined';
export type Evidence = {
  men: number; to_move: 'white' | 'black';
  tablebase: { status: 'probed' | 'unavailable' | 'too_many_men'; wdl: string | null; dtz: number | null };
  dead_position: { white: Verdict; black: Verdict; dead: boolean };
  repetition: { count: number; plies: number[]; threefold_claimable: boolean };
  fifty_moves: { halfmove_clock: number; claimable: boolean };
  suggestion: { result: '1-0' | '0-1' | '1/2-1/2'; basis: 'tablebase' | 'dead_position'; reason: string } | null;
};

// What the side to move achieves by the tables' verdict (evidence.wdl.*).
const wdlWords = (wdl: string | null): string => {
  switch (wdl) {
    case 'win': return t('evidence.wdl_win');
    case 'cursed_win': return t('evidence.wdl_cursed_win');
    case 'draw': return t('evidence.wdl_draw');
    case 'blessed_loss': return t('evidence.wdl_blessed_loss');
    case 'loss': return t('evidence.wdl_loss');
    default: return wdl ?? '';
  }
};

// "Tablebase: White to move wins, 11 plies to mate or the next capture or pawn move."
export function tablebaseText(e: Evidence): string {
  const tb = e.tablebase;
  if (tb.status === 'too_many_men') return t('evidence.tb_too_many', { n: e.men });
  if (tb.status === 'unavailable') return t('evidence.tb_unavailable', { n: e.men });
  const side = e.to_move === 'white' ? t('color.White') : t('color.Black');
  const distance = tb.dtz ? `, ${t('evidence.tb_distance', { n: Math.abs(tb.dtz) })}` : '';
  return t('evidence.tb', { side, outcome: wdlWords(tb.wdl), distance });
}

const verdictWords = (v: Verdict): string =>
  v === 'winnable' ? t('evidence.winnable') : v === 'unwinnable' ? t('evidence.unwinnable') : t('evidence.undetermined');

// "Dead position: no. White can still checkmate; Black can never checkmate (proven)."
export function deadPositionText(e: Evidence): string {
  const d = e.dead_position;
  if (d.dead) return t('evidence.dead');
  return t('evidence.not_dead', { white: verdictWords(d.white), black: verdictWords(d.black) });
}

export function repetitionText(e: Evidence): string {
  const r = e.repetition;
  const times = r.count === 1 ? t('evidence.first_time') : t('evidence.times', { n: r.count, plies: r.plies.join(', ') });
  return t('evidence.repetitions', { times, claimable: r.threefold_claimable ? `; ${t('evidence.threefold_claimable')}` : '' });
}

export function fiftyMovesText(e: Evidence): string {
  const f = e.fifty_moves;
  return t('evidence.fifty', { n: f.halfmove_clock, claimable: f.claimable ? `; ${t('evidence.fifty_claimable')}` : '' });
}

// The suggestion's reason is the server's (English, as a director's reason is).
export function suggestionText(e: Evidence): string {
  if (!e.suggestion) return t('evidence.no_suggestion');
  const shown = e.suggestion.result === '1/2-1/2' ? '½-½' : e.suggestion.result;
  return t('evidence.suggestion', { result: shown, reason: e.suggestion.reason });
}

// "Line (legal, ends in checkmate): 1. Qh3+ Kc2 ..." or where it stops being legal.
export function lineText(l: ClaimLine): string {
  if (!l.legal) {
    const detail = l.detail ? ` (${l.detail})` : '';
    return l.text ? t('evidence.line_illegal_after', { move: l.illegal_move ?? '', moves: l.text, detail })
      : t('evidence.line_illegal', { move: l.illegal_move ?? '', detail });
  }
  const what = [t('evidence.legal')];
  if (l.ends) what.push(t('evidence.ends_in', { end: terminationName(l.ends) }));
  if (l.repetitions >= 3) what.push(t('evidence.stands_times', { n: l.repetitions }));
  return t('evidence.line', { what: what.join(', '), moves: l.text });
}

export function evidenceView(e: Evidence): HTMLElement {
  return h('div', { class: 'evidence' },
    h('h3', {}, t('evidence.title')),
    h('ul', {}, [tablebaseText(e), deadPositionText(e), repetitionText(e), fiftyMovesText(e)]
      .map((text) => h('li', {}, text))),
    h('p', { class: e.suggestion ? 'suggestion proven' : 'suggestion' }, suggestionText(e)));
}
