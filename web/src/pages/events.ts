// /events (the list; join open events) and /events/{id} (players, games, crosstable).
import { api, Claim, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { setTitle } from '../title';
import { section } from './forms';
import { localTime } from '../time';
import { t } from '../i18n/i18n';
import { statusName } from '../i18n/words';
import { Norms, normsSection } from './norms';

type EventRow = { id: string; name: string; status: string; players: number; open_for_entry: boolean; start_at: string | null };
type CrossRow = {
  player: string; display_name: string; seed: number; place_text: string; score_text: string; sb_text: string;
  results: Record<string, string>; status: string; rating?: number | null;
};
type Adjudication = { pending_since: string; claims_due: string; window_open: boolean; claims: Record<string, Claim> };
type EventFull = {
  id: string; name: string; status?: string; open_for_entry: boolean;
  cancelled_at?: string | null; cancel_reason?: string | null;
  players: { username: string; display_name: string; seat: number; status: string }[];
  games: { id: string; white: string; black: string; round: number; board: number; status: string; result?: string;
    adjudication?: Adjudication }[];
  crosstable: { legend: string; rows: CrossRow[] };
  norms: Norms | null;
};

type EventsPage = { events: EventRow[]; total: number; next_cursor: string | null };
// Events a page of the list holds; "More events" reads the next page.
const EVENTS_PAGE = 50;

function eventRow(e: EventRow): HTMLElement {
  return h('tr', {},
    h('td', {}, h('a', { href: `/events/${encodeURIComponent(e.id)}` }, e.name)),
    h('td', {}, statusName(e.status), e.open_for_entry && e.status === 'registration' ? ` (${t('events.open_for_entry')})` : ''),
    h('td', {}, String(e.players)),
    h('td', {}, e.start_at ? localTime(e.start_at) : ''));
}

export function eventsPage(root: HTMLElement): void {
  setTitle(t('nav.events'));
  const body = h('div', {}, t('common.loading'));
  replace(root, h('h1', {}, t('nav.events')),
    h('nav', { class: 'competition-kinds', 'aria-label': t('events.other') },
      h('a', { href: '/series' }, t('events.series')), ' · ',
      h('a', { href: '/championships' }, t('events.championships')), ' · ', h('a', { href: '/cups' }, t('events.cups'))),
    body);
  const rows = h('tbody');
  const more = h('p', { class: 'more' });
  let shown = 0;
  // Reads the page after `cursor` (null: the first) into the table.
  async function read(cursor: string | null): Promise<EventsPage> {
    const page = await api<EventsPage>('GET',
      `/api/v1/events?status=all&limit=${EVENTS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    for (const e of page.events) rows.appendChild(eventRow(e));
    shown += page.events.length;
    const next = page.next_cursor;
    replace(more, next ? h('button', {
      type: 'button',
      onclick: (ev: Event) => {
        (ev.currentTarget as HTMLButtonElement).disabled = true;
        read(next).catch((e) => replace(more, h('span', { class: 'error', role: 'alert' }, errorText(e))));
      },
    }, t('events.more', { shown, total: page.total })) : null);
    return page;
  }
  void (async () => {
    try {
      const first = await read(null);
      replace(body, first.events.length ? [h('table', { class: 'list' },
        h('thead', {}, h('tr', {}, h('th', {}, t('games.event')), h('th', {}, t('events.status')), h('th', {}, t('events.players')), h('th', {}, t('events.start')))),
        rows), more]
        : h('p', { class: 'muted' }, t('events.none')));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function crosstable(rows: CrossRow[]): HTMLElement {
  const order = [...rows].sort((a, b) => a.seed - b.seed);
  return h('table', { class: 'crosstable' },
    h('caption', {}, t('events.crosstable')),
    h('thead', {}, h('tr', {}, h('th', {}, t('events.place')), h('th', {}, t('events.player')),
      order.map((r) => h('th', { title: r.display_name }, String(r.seed))), h('th', {}, t('events.score')), h('th', {}, t('events.sb')))),
    h('tbody', {}, rows.map((r) => h('tr', { 'data-player': r.player },
      h('td', {}, r.place_text),
      h('td', {}, `${r.seed}. ${r.display_name}`,
        r.rating != null ? h('span', { class: 'rating', title: t('events.current_rating') }, ` ${r.rating}`) : '',
        r.status !== 'active' ? ` (${statusName(r.status)})` : ''),
      order.map((o) => h('td', { class: 'cell' }, o.player === r.player ? '×' : (r.results[o.player] ?? ''))),
      h('td', { class: 'score' }, r.score_text),
      h('td', {}, r.sb_text)))));
}

export function eventPage(root: HTMLElement, id: string): void {
  const error = errorBox();
  const body = h('div', {}, t('common.loading'));
  replace(root, body, error);
  async function load(): Promise<void> {
    try {
      const e = await api<EventFull>('GET', `/api/v1/events/${encodeURIComponent(id)}`);
      setTitle(e.name);
      const join = e.open_for_entry && e.status !== 'cancelled'
        ? [h('button', { type: 'button', onclick: () => void act('POST') }, t('events.join')),
           h('button', { type: 'button', onclick: () => void act('DELETE') }, t('events.withdraw'))]
        : [];
      replace(body,
        h('h1', {}, e.name),
        h('p', {}, t('events.player_count', { n: e.players.length }), e.status ? `, ${statusName(e.status)}` : ''),
        e.cancelled_at ? h('p', { class: 'cancelled', role: 'status' },
          t('events.cancelled', { at: localTime(e.cancelled_at), reason: e.cancel_reason ?? '' })) : null, join,
        h('div', { class: 'table-scroll' }, crosstable(e.crosstable.rows)),
        h('pre', { class: 'legend' }, e.crosstable.legend),
        e.norms ? normsSection(e.norms, Object.fromEntries(e.players.map((p) => [p.username, p.display_name]))) : null,
        h('h2', {}, t('events.games')),
        e.games.length ? h('ul', { class: 'event-games' }, e.games.map((g) => h('li', {},
          h('a', { href: `/games/${encodeURIComponent(g.id)}` }, t('events.round', { round: String(g.round), white: g.white, black: g.black })),
          ` ${statusName(g.result ?? g.status)}`)))
          : h('p', { class: 'muted' }, t(e.status === 'cancelled' ? 'events.cancelled_no_games' : 'events.not_started')),
        adjudications(e),
        // A cancelled event has no games: no PGN, no claims.
        e.status === 'cancelled' ? null
          : h('p', {}, h('a', { href: `/api/v1/events/${encodeURIComponent(id)}/pgn`, download: `event-${id}.pgn` }, t('events.pgn'))),
        e.status === 'cancelled' ? null : adjudicationClaim(id));
    } catch (err) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(err)));
    }
  }
  async function act(method: string): Promise<void> {
    try {
      await api(method, `/api/v1/events/${encodeURIComponent(id)}/join`);
      showError(error, null);
      await load();
    } catch (err) {
      showError(error, errorText(err));
    }
  }
  void load();
}

// "claims a win", "claims a draw" (a claim for adjudication; adjudications.ts too).
export const claimWords = (claim: string) => (claim === 'win' ? t('adjudicate.claims_win') : t('adjudicate.claims_draw'));

// Games waiting for adjudication, with the claims the viewer may read (directors: all;
// players: their own; a side that filed nothing claims a draw).
function adjudications(e: EventFull): HTMLElement | null {
  const pending = e.games.filter((g) => g.adjudication);
  if (!pending.length) return null;
  const side = (name: string, c: Claim | undefined) => h('li', {},
    `${name}: `, !c ? t('adjudicate.unknown') : c.implied ? t('adjudicate.no_claim') : c.claim ? claimWords(c.claim) : t('adjudicate.filed'),
    c?.filed_at ? ` ${t('adjudicate.on', { at: localTime(c.filed_at) })}` : '',
    c?.analysis ? h('pre', { class: 'analysis' }, c.analysis) : null);
  return h('section', { class: 'adjudications' }, h('h2', {}, t('adjudicate.heading')),
    h('ul', {}, pending.map((g) => h('li', {},
      h('a', { href: `/games/${encodeURIComponent(g.id)}` }, `${g.white} – ${g.black}`),
      ` ${t(g.adjudication!.window_open ? 'adjudicate.window_open' : 'adjudicate.window_closed',
        { id: g.id, at: localTime(g.adjudication!.claims_due) })}`,
      h('ul', {}, side(g.white, g.adjudication!.claims.white), side(g.black, g.adjudication!.claims.black))))));
}

// A claim for adjudication of an unfinished game of the event (after its end date).
function adjudicationClaim(eventId: string): HTMLElement {
  const game = h('input', { id: 'adj-game', required: true });
  const claim = h('select', { id: 'adj-claim' }, h('option', { value: 'win' }, t('rating.win')), h('option', { value: 'draw' }, t('rating.draw')));
  const analysis = h('textarea', { id: 'adj-analysis', rows: 4, maxlength: 20000 });
  return section(t('adjudicate.claim_title'), [
    h('label', { for: 'adj-game' }, t('adjudicate.game_id')), game,
    h('label', { for: 'adj-claim' }, t('adjudicate.claim')), claim,
    h('label', { for: 'adj-analysis' }, t('adjudicate.analysis')), analysis], t('adjudicate.send'), async () => {
    const body: Record<string, string> = { game_id: game.value.trim(), claim: claim.value };
    if (analysis.value.trim()) body.analysis = analysis.value;
    await api('POST', `/api/v1/events/${encodeURIComponent(eventId)}/adjudication-claims`, body);
    return t('adjudicate.sent');
  }, 'narrow');
}
