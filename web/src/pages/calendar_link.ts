// The deadline calendar on the settings page (docs/api.md "Calendar"): create (or rotate) the
// private address of one's iCalendar feed (POST /api/v1/me/calendar), copy it or subscribe to
// it, and revoke it (DELETE). The address is shown once, right after it is made: the server
// keeps only its hash.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';
import { t } from '../i18n/i18n';

type FeedState = { active: boolean; created_at?: string };

// The state's words, pure: what the section says about the address.
export function calendarStateText(state: FeedState, url: string | null): string {
  if (url) return t('calendar.shown');
  if (state.active && state.created_at) {
    return t('calendar.active', { since: localTime(state.created_at) });
  }
  return t('calendar.none');
}

export function calendarLink(): HTMLElement {
  const text = h('p', { class: 'calendar-state' });
  const shown = h('div', { class: 'calendar-url' });
  const buttons = h('p', { class: 'calendar-buttons' });
  const status = h('p', { class: 'muted', role: 'status' });
  const error = errorBox();
  let state: FeedState = { active: false };
  let url: string | null = null;

  const act = (f: () => Promise<void>) => async () => {
    try {
      await f();
      showError(error, null);
    } catch (e) {
      showError(error, errorText(e));
    }
    draw();
  };
  const create = act(async () => {
    url = (await api<{ url: string }>('POST', '/api/v1/me/calendar')).url;
    state = { active: true };
    replace(status, t('calendar.made'));
  });
  const revoke = act(async () => {
    await api('DELETE', '/api/v1/me/calendar');
    url = null;
    state = { active: false };
    replace(status, t('calendar.revoked'));
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      replace(status, t('calendar.copied'));
    } catch {
      (shown.querySelector('input') as HTMLInputElement | null)?.select();
      replace(status, t('calendar.select'));
    }
  };

  function draw(): void {
    replace(text, calendarStateText(state, url));
    replace(shown, url
      ? [h('input', { id: 'calendar-url', readonly: true, value: url, 'aria-label': t('calendar.address'), onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
        h('a', { href: url.replace(/^https?:/, 'webcal:'), class: 'calendar-subscribe' }, t('calendar.subscribe'))]
      : []);
    replace(buttons,
      url ? h('button', { type: 'button', id: 'calendar-copy', onclick: copy }, t('calendar.copy')) : null,
      h('button', { type: 'button', id: 'calendar-create', onclick: create }, state.active ? t('calendar.new') : t('calendar.create')),
      state.active ? h('button', { type: 'button', id: 'calendar-revoke', onclick: revoke }, t('calendar.revoke')) : null);
  }
  void (async () => {
    try {
      state = await api<FeedState>('GET', '/api/v1/me/calendar');
    } catch (e) {
      showError(error, errorText(e));
    }
    draw();
  })();
  draw();
  return h('section', { class: 'narrow calendar-link', 'aria-label': t('calendar.title') },
    h('h2', {}, t('calendar.title')), text, shown, buttons, status, error);
}
