// /series (every series, with my entries and promotion credits) and /series/{id} (settings,
// waiting list and sections; join and leave; directors pause, reopen and remove entries).
// docs/api.md "Series".
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { isDirector } from '../session';
import { setTitle } from '../title';
import { localTime } from '../time';
import { t, tParts } from '../i18n/i18n';
import { statusName } from '../i18n/words';

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
    section_days: number | null;
  };
};

const band = (lo: number | null, hi: number | null) => lo === null && hi === null ? t('series.any_rating')
  : `${lo === null ? t('series.any') : String(lo)}–${hi === null ? t('series.any') : String(hi)}`;

const entryState = (e: Entry) => e.status === 'started' && e.event_id
  ? h('a', { href: `/events/${encodeURIComponent(e.event_id)}` }, t('series.in_section'))
  : `${statusName(e.status)}${e.reason ? ` (${e.reason})` : ''}`;
const paused = (status: string) => (status === 'paused' ? ` (${statusName('paused')})` : '');

export function seriesListPage(root: HTMLElement): void {
  setTitle(t('series.title'));
  const list = h('div', {}, t('common.loading'));
  const mine = h('div', {});
  replace(root, h('h1', {}, t('series.title')),
    h('p', { class: 'muted' }, t('series.lead')),
    list, h('h2', {}, t('series.mine')), mine);
  void (async () => {
    try {
      const [{ series }, me] = await Promise.all([
        api<{ series: SeriesRow[] }>('GET', '/api/v1/series'),
        api<{ entries: Entry[]; credits: Credit[] }>('GET', '/api/v1/me/series')]);
      replace(list, series.length ? h('table', { class: 'list series-list' },
        h('thead', {}, h('tr', {}, h('th', {}, t('series.series')), h('th', {}, t('series.section')), h('th', {}, t('series.ratings')),
          h('th', {}, t('series.waiting')), h('th', {}, t('series.sections')))),
        h('tbody', {}, series.map((s) => h('tr', { 'data-series': s.id },
          h('td', {}, h('a', { href: `/series/${encodeURIComponent(s.id)}` }, s.name),
            s.thematic ? ` (${t('series.thematic')})` : '', paused(s.status)),
          h('td', {}, t('events.player_count', { n: s.section_size })),
          h('td', {}, band(s.min_rating, s.max_rating)),
          h('td', {}, String(s.waiting_count)),
          h('td', {}, String(s.sections))))))
        : h('p', { class: 'muted' }, t('series.none')));
      replace(mine,
        me.entries.length ? h('ul', { class: 'my-entries' }, me.entries.map((e) => h('li', {},
          h('a', { href: `/series/${encodeURIComponent(e.series_id)}` }, e.series_name), ': ', entryState(e),
          `, ${t('series.entered', { at: localTime(e.entered_at) })}`))) : h('p', { class: 'muted' }, t('series.no_entries')),
        me.credits.length ? h('ul', { class: 'my-credits' }, me.credits.map((c) => h('li', {},
          t('series.credit', { series: c.series_name, place: c.place, status: statusName(c.status) }),
          c.status === 'available' ? `, ${t('series.valid_until', { at: localTime(c.expires_at) })}` : ''))) : null);
    } catch (e) {
      replace(list, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function seriesPage(root: HTMLElement, id: string): void {
  const error = errorBox();
  error.id = 'series-error';
  const body = h('div', {}, t('common.loading'));
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
    const reason = h('input', { id: 'series-reason', maxlength: 1000 });
    return h('section', { class: 'series-director' }, h('h2', {}, t('nav.director')),
      h('p', {}, h('label', { for: 'series-reason' }, t('common.reason')), ' ', reason),
      s.status === 'open'
        ? h('button', { type: 'button', onclick: () => void act(() => api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/pause`, { reason: reason.value })) }, t('series.pause'))
        : h('button', { type: 'button', onclick: () => void act(() => api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/open`, { reason: reason.value })) }, t('series.reopen')),
      s.waiting.length ? h('ul', { class: 'remove-entries' }, s.waiting.map((e) => h('li', {},
        `${e.display_name} (${e.username}) `,
        h('button', { type: 'button', 'data-remove': e.username, onclick: () => void act(async () => {
          if (!reason.value.trim()) throw new Error(t('series.reason_first'));
          await api('POST', `/api/v1/admin/series/${encodeURIComponent(id)}/entries/${encodeURIComponent(e.id)}/remove`, { reason: reason.value });
        }) }, t('series.remove_entry'))))) : null);
  }
  async function load(): Promise<void> {
    try {
      const s = await api<SeriesFull>('GET', path);
      setTitle(s.name);
      const c = s.settings;
      const facts = [
        t('series.fact_size', { n: c.section_size }),
        c.min_section_size ? t('series.fact_smaller', { size: c.min_section_size, days: t('ch.days_in', { n: c.max_wait_days }) }) : null,
        c.max_wait_days ? t('series.fact_wait', { days: t('ch.days', { n: c.max_wait_days }) }) : null,
        c.section_days ? t('series.fact_period', { days: t('ch.days', { n: c.section_days }) }) : null,
        band(c.min_rating, c.max_rating) + (c.unrated_allowed ? '' : `, ${t('series.fact_no_unrated')}`),
        c.credit_from_series ? t('series.fact_credit') : null,
        c.min_finished_games ? t('series.fact_games', { n: c.min_finished_games }) : null,
        c.promotion_max_place ? t('series.fact_place', { place: c.promotion_max_place }) : null,
        c.promotion_min_score_percent ? t('series.fact_percent', { percent: c.promotion_min_score_percent }) : null,
        c.rated ? t('ch.rated') : t('ch.unrated'),
      ].filter((x): x is string => !!x);
      replace(body,
        h('h1', {}, s.name, paused(s.status)),
        h('p', { class: 'series-facts' }, facts.join('; '), '.'),
        c.opening ? h('p', {}, tParts('series.thematic_opening', { opening: h('strong', {}, c.opening) })) : null,
        h('p', {},
          h('button', { type: 'button', class: 'primary', id: 'series-join', onclick: () => void act(() => api('POST', `${path}/join`)) }, t('series.join')),
          ' ',
          h('button', { type: 'button', id: 'series-leave', onclick: () => void act(() => api('DELETE', `${path}/join`)) }, t('series.leave'))),
        h('h2', {}, t('series.waiting_of', { n: s.waiting_count, size: c.section_size })),
        s.waiting.length ? h('ol', { class: 'waiting-list' }, s.waiting.map((e) => h('li', { 'data-player': e.username },
          h('a', { href: `/users/${encodeURIComponent(e.username)}` }, e.display_name), ` ${t('series.since', { at: localTime(e.entered_at) })}`)))
          : h('p', { class: 'muted' }, t('series.nobody_waits')),
        h('h2', {}, t('series.sections')),
        s.sections.length ? h('ul', { class: 'series-sections' }, s.sections.map((x) => h('li', {},
          h('a', { href: `/events/${encodeURIComponent(x.event_id)}` }, x.name),
          `: ${t('series.section_line', { n: x.players, at: localTime(x.started_at), status: statusName(x.status) })}`)))
          : h('p', { class: 'muted' }, t('series.no_sections')),
        directorTools(s));
    } catch (err) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(err)));
    }
  }
  void load();
}
