// The deadline calendar on the settings page (docs/api.md "Calendar"): create (or rotate) the
// private address of one's iCalendar feed (POST /api/v1/me/calendar), copy it or subscribe to
// it, and revoke it (DELETE). The address is shown once, right after it is made: the server
// keeps only its hash.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';

type FeedState = { active: boolean; created_at?: string };

// The state's words, pure: what the section says about the address.
export function calendarStateText(state: FeedState, url: string | null): string {
  if (url) return 'Your calendar address (keep it private: anyone who has it sees your deadlines):';
  if (state.active && state.created_at) {
    return `You have a calendar address since ${localTime(state.created_at).slice(0, 16)}. ` +
      'It is not shown again: make a new one to see it (the old one then stops working).';
  }
  return 'Put every deadline (flag instants, adjudication claims, event dates, your leave) in your calendar app: ' +
    'it follows your games as they move.';
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
    replace(status, 'A new address was made; any earlier one stopped working.');
  });
  const revoke = act(async () => {
    await api('DELETE', '/api/v1/me/calendar');
    url = null;
    state = { active: false };
    replace(status, 'The calendar address was revoked: it no longer answers.');
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      replace(status, 'Copied.');
    } catch {
      (shown.querySelector('input') as HTMLInputElement | null)?.select();
      replace(status, 'Select the address and copy it.');
    }
  };

  function draw(): void {
    replace(text, calendarStateText(state, url));
    replace(shown, url
      ? [h('input', { id: 'calendar-url', readonly: true, value: url, 'aria-label': 'Calendar address', onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
        h('a', { href: url.replace(/^https?:/, 'webcal:'), class: 'calendar-subscribe' }, 'Subscribe in your calendar app')]
      : []);
    replace(buttons,
      url ? h('button', { type: 'button', id: 'calendar-copy', onclick: copy }, 'Copy address') : null,
      h('button', { type: 'button', id: 'calendar-create', onclick: create }, state.active ? 'Make a new address' : 'Create calendar address'),
      state.active ? h('button', { type: 'button', id: 'calendar-revoke', onclick: revoke }, 'Revoke') : null);
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
  return h('section', { class: 'narrow calendar-link', 'aria-label': 'Deadline calendar' },
    h('h2', {}, 'Deadline calendar'), text, shown, buttons, status, error);
}
