// /adjudications (td and admin): the queue of event games awaiting adjudication across all
// events, the longest waiting first, each with its players, both sides' claims and analyses
// (as text), how long it has waited, a link to the game and a form to decide the result.
import { api, errorText } from '../api';
import { announce, errorBox, h, replace, showError } from '../dom';
import { deadline, duration } from '../time';
import { setTitle } from '../title';

type Claim = { filed: boolean; claim?: string; implied?: boolean; analysis?: string; filed_at?: string };
type Entry = {
  game_id: string; event: { id: string; name: string }; round: number; board: number;
  white: string; black: string; ply: number; age_seconds: number; pending_since: string;
  claims_due: string; window_open: boolean; claims: { white: Claim; black: Claim };
};

function claimText(player: string, c: Claim): string {
  if (!c.filed) return `${player}: no claim (counts as a draw claim)`;
  return `${player}: claims ${c.claim === 'win' ? 'a win' : 'a draw'}${c.filed_at ? ` (filed ${deadline(c.filed_at)})` : ''}`;
}

function decisionForm(e: Entry, done: () => Promise<void>): HTMLElement {
  const id = `adj-${e.game_id}`;
  const result = h('select', { id: `${id}-result` },
    h('option', { value: '1-0' }, `1-0 (${e.white} wins)`), h('option', { value: '0-1' }, `0-1 (${e.black} wins)`),
    h('option', { value: '1/2-1/2' }, '½-½ (draw)'));
  const reason = h('input', { id: `${id}-reason`, required: true, maxlength: 1000 });
  const error = errorBox();
  return h('form', { class: 'decide', onsubmit: async (ev: Event) => {
    ev.preventDefault();
    try {
      await api('POST', `/api/v1/admin/games/${encodeURIComponent(e.game_id)}/result`,
        { result: result.value, termination: 'adjudication', reason: reason.value });
      announce(`Game ${e.game_id} decided: ${result.value}`);
      await done();
    } catch (err) {
      showError(error, errorText(err));
    }
  } },
  h('label', { for: `${id}-result` }, 'Result'), result,
  h('label', { for: `${id}-reason` }, 'Reason'), reason,
  h('button', { type: 'submit', class: 'primary', 'aria-label': `Decide game ${e.game_id}` }, 'Decide'), error);
}

function entryView(e: Entry, done: () => Promise<void>): HTMLElement {
  const move = Math.floor(e.ply / 2) + 1;
  return h('li', { class: 'adjudication', 'data-game': e.game_id },
    h('h2', {}, h('a', { href: `/games/${encodeURIComponent(e.game_id)}` }, `${e.white} – ${e.black}`),
      ` · ${e.event.name}, round ${e.round}, board ${e.board}`),
    h('p', { class: 'meta' },
      `Waiting ${duration(e.age_seconds)} (since ${deadline(e.pending_since)}), at move ${move}. `,
      e.window_open ? `Claims may be filed until ${deadline(e.claims_due)}.` : 'The claim window has closed.'),
    h('ul', { class: 'claims' }, (['white', 'black'] as const).map((side) => {
      const c = e.claims[side];
      return h('li', {}, claimText(side === 'white' ? e.white : e.black, c),
        c.analysis ? h('pre', { class: 'analysis' }, c.analysis) : null);
    })),
    decisionForm(e, done));
}

export function adjudicationsPage(root: HTMLElement): void {
  setTitle('Adjudications');
  const list = h('div', {});
  const error = errorBox();
  async function load(): Promise<void> {
    try {
      const { adjudications } = await api<{ adjudications: Entry[] }>('GET', '/api/v1/admin/adjudications');
      showError(error, null);
      setTitle(`Adjudications (${adjudications.length})`);
      replace(list, adjudications.length
        ? h('ol', { class: 'adjudications' }, adjudications.map((e) => entryView(e, load)))
        : h('p', { class: 'muted' }, 'No game is waiting for adjudication.'));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  replace(root, h('h1', {}, 'Adjudication queue'),
    h('p', { class: 'muted' }, 'Event games past their end date, the longest waiting first. A side that filed nothing counts as claiming a draw.'),
    error, list);
  void load();
}
