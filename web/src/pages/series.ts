// /series (every series, with my entries and promotion credits) and /series/{id} (settings,
// waiting list and sections; join and leave; directors pause, reopen and remove entries).
// docs/api.md "Series".
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { isDirector } from '../session';
import { setTitle } from '../title';
import { localTime } from '../time';

// The answers of the series routes (docs/api.md "Series"; gap: no schemas in the document).
type SeriesRow = {
  id: string; name: string; status: string; variant: string; section_size: number;
  min_rating: number | null; max_rating: number | null; thematic: boolean; waiting_count: number; sections: number;
};
type Entry = {
  id: string; series_id: string; series_name: string; username: string; display_name: string; entered_at: string;
  admission: string; status: string; event_id: string | null; closed_at: string | null; reason: string | null;
};
type Credit = {
  id: string; series_id: string; series_name: string; event_id: string; place: number; score: number;
  expires_at: string; used_at: string | null; status: string;
};
type Section = { number: number; event_id: string; name: string; players: number; started_at: string; status: string };
type SeriesFull = {
  id: string; name: string; status: string; waiting_count: number; waiting: Entry[]; sections: Section[];
  settings: {
    variant: string; section_size: number; min_section_size: number; max_wait_days: number; min_rating: number | null;
    max_rating: number | null; unrated_allowed: boolean; credit_from_series: string | null; min_finished_games: number;
    promotion_max_place: number | null; promotion_min_score_percent: number | null; credit_valid_days: number;
    opening: string | null; initial_fen: string | null; rated: boolean; country_spread: boolean;
  };
};

const band = (lo: number | null, hi: number | null) =>
  lo === null && hi === null ? 'any rating' : `${lo ?? 'any'}–${hi ?? 'any'}`;

const entryState = (e: Entry) => e.status === 'started' && e.event_id
  ? h('a', { href: `/events/${encodeURIComponent(e.event_id)}` }, 'in a section')
  : `${e.status}${e.reason ? ` (${e.reason})` : ''}`;

export function seriesListPage(root: HTMLElement): void {
  setTitle('Series');
  const list = h('div', {}, 'Loading…');
  const mine = h('div', {});
  replace(root, h('h1', {}, 'Series'),
    h('p', { class: 'muted' }, 'Join a waiting list: a section starts by itself as soon as enough players wait.'),
    list, h('h2', {}, 'My entries and promotion credits'), mine);
  void (async () => {
    try {
      const [{ series }, me] = await Promise.all([
        api<{ series: SeriesRow[] }>('GET', '/api/v1/series'),
        api<{ entries: Entry[]; credits: Credit[] }>('GET', '/api/v1/me/series')]);
      replace(list, series.length ? h('table', { class: 'list series-list' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Series'), h('th', {}, 'Section'), h('th', {}, 'Ratings'),
          h('th', {}, 'Waiting'), h('th', {}, 'Sections'))),
        h('tbody', {}, series.map((s) => h('tr', { 'data-series': s.id },
          h('td', {}, h('a', { href: `/series/${encodeURIComponent(s.id)}` }, s.name),
            s.thematic ? ' (thematic)' : '', s.status === 'paused' ? ' (paused)' : ''),
          h('td', {}, `${s.section_size} players`),
          h('td', {}, band(s.min_rating, s.max_rating)),
          h('td', {}, String(s.waiting_count)),
          h('td', {}, String(s.sections))))))
        : h('p', { class: 'muted' }, 'No series yet.'));
      replace(mine,
        me.entries.length ? h('ul', { class: 'my-entries' }, me.entries.map((e) => h('li', {},
          h('a', { href: `/series/${encodeURIComponent(e.series_id)}` }, e.series_name), ': ', entryState(e),
          `, entered ${localTime(e.entered_at)}`))) : h('p', { class: 'muted' }, 'You have entered no series.'),
        me.credits.length ? h('ul', { class: 'my-credits' }, me.credits.map((c) => h('li', {},
          `Credit from ${c.series_name} (place ${c.place}): ${c.status}`,
          c.status === 'available' ? `, valid until ${localTime(c.expires_at)}` : ''))) : null);
    } catch (e) {
      replace(list, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function seriesPage(root: HTMLElement, id: string): void {
  const error = errorBox();
  error.id = 'series-error';
  const body = h('div', {}, 'Loading…');
  replace(root, body, error);
  const path = `/api/v1/series/${encodeURIComponent(id)}`;
  async function act(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
      showError(error, null);
      await load();
    } catch (err) {
      showError(error, errorText(err));
    }
  }
  function directorTools(s: SeriesFull): HTMLElement | null {
    if (!isDirector()) return null;
    const reason = h('input', { id: 'series-reason', maxlength: 1000, placeholder: 'reason' });
    return h('section', { class: 'series-director' }, h('h2', {}, 'Director'),
      h('p', {}, h('label', { for: 'series-reason' }, 'Reason '), reason),
      s.status === 'open'
        ? h('button', { type: 'button', onclick: () => void act(() => api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/pause`, { reason: reason.value })) }, 'Pause series')
        : h('button', { type: 'button', onclick: () => void act(() => api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/open`, { reason: reason.value })) }, 'Reopen series'),
      s.waiting.length ? h('ul', { class: 'remove-entries' }, s.waiting.map((e) => h('li', {},
        `${e.display_name} (${e.username}) `,
        h('button', { type: 'button', 'data-remove': e.username, onclick: () => void act(async () => {
          if (!reason.value.trim()) throw new Error('Give the reason for removing the entry first.');
          await api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/entries/${encodeURIComponent(e.id)}/remove`, { reason: reason.value });
        }) }, 'Remove entry')))) : null);
  }
  async function load(): Promise<void> {
    try {
      const s = await api<SeriesFull>('GET', path);
      setTitle(s.name);
      const t = s.settings;
      const facts = [
        `Sections of ${t.section_size}`,
        t.min_section_size ? `at least ${t.min_section_size} after ${t.max_wait_days} days` : null,
        t.max_wait_days ? `entries wait at most ${t.max_wait_days} days` : null,
        band(t.min_rating, t.max_rating) + (t.unrated_allowed ? '' : ', no unrated players'),
        t.credit_from_series ? 'a promotion credit from the class below admits' : null,
        t.min_finished_games ? `${t.min_finished_games} finished games to enter` : null,
        t.promotion_max_place ? `place ${t.promotion_max_place} or better earns a credit` : null,
        t.promotion_min_score_percent ? `${t.promotion_min_score_percent} % or more earns a credit` : null,
        t.rated ? 'rated' : 'unrated',
      ].filter((x): x is string => !!x);
      replace(body,
        h('h1', {}, s.name, s.status === 'paused' ? ' (paused)' : ''),
        h('p', { class: 'series-facts' }, facts.join('; '), '.'),
        t.opening ? h('p', {}, 'Thematic: every game starts after ', h('strong', {}, t.opening), '.') : null,
        h('p', {},
          h('button', { type: 'button', class: 'primary', id: 'series-join', onclick: () => void act(() => api('POST', `${path}/join`)) }, 'Join the waiting list'),
          ' ',
          h('button', { type: 'button', id: 'series-leave', onclick: () => void act(() => api('DELETE', `${path}/join`)) }, 'Leave the waiting list')),
        h('h2', {}, `Waiting (${s.waiting_count} of ${t.section_size})`),
        s.waiting.length ? h('ol', { class: 'waiting-list' }, s.waiting.map((e) => h('li', { 'data-player': e.username },
          h('a', { href: `/users/${encodeURIComponent(e.username)}` }, e.display_name), ` since ${localTime(e.entered_at)}`)))
          : h('p', { class: 'muted' }, 'Nobody waits.'),
        h('h2', {}, 'Sections'),
        s.sections.length ? h('ul', { class: 'series-sections' }, s.sections.map((x) => h('li', {},
          h('a', { href: `/events/${encodeURIComponent(x.event_id)}` }, x.name),
          `: ${x.players} players, started ${localTime(x.started_at)}, ${x.status}`)))
          : h('p', { class: 'muted' }, 'No section has started yet.'),
        directorTools(s));
    } catch (err) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(err)));
    }
  }
  void load();
}
