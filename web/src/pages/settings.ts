// /settings: profile and preferences (display name, time zone, email, country, language),
// password change, notifications (preferences, phone and desktop devices), the deadline
// calendar's address, and ending every sign-in.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { calendarLink } from './calendar_link';
import { section } from './forms';
import { notificationSettings } from './notifications';
import { pushDevices } from './push_devices';
import { logout, me, restore } from '../session';
import { setTitle } from '../title';

type Settings = { display_name: string; email: string | null; country: string | null; time_zone: string | null; language: string | null };

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

export function settingsPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle('Settings');
  const body = h('div', {}, 'Loading…');
  replace(root, h('h1', {}, 'Settings'), body);
  void (async () => {
    let s: Settings;
    try {
      s = await api<Settings>('GET', '/api/v1/me');
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
      return;
    }
    const input = (id: string, value: string | null, attrs: Record<string, string | number> = {}) =>
      h('input', { id, name: id, value: value ?? '', ...attrs });
    const display = input('display_name', s.display_name, { maxlength: 64, required: 'required' });
    const email = input('email', s.email, { type: 'email', maxlength: 254 });
    const country = input('country', s.country, { maxlength: 2, placeholder: 'DE' });
    const language = input('language', s.language, { maxlength: 35, placeholder: 'en' });
    const zone = h('select', { id: 'time_zone', name: 'time_zone' },
      h('option', { value: '' }, `This browser's (${Intl.DateTimeFormat().resolvedOptions().timeZone})`),
      zones().map((z) => h('option', { value: z, selected: z === s.time_zone }, z)));
    const current = h('input', { id: 'current_password', type: 'password', autocomplete: 'current-password', required: true });
    const next = h('input', { id: 'new_password', type: 'password', autocomplete: 'new-password', minlength: 8, required: true });
    const nullable = (v: string) => (v.trim() ? v.trim() : null);
    replace(body,
      section('Profile', [
        h('label', { for: 'display_name' }, 'Display name'), display,
        h('label', { for: 'time_zone' }, 'Time zone for dates and deadlines (UTC is always shown too)'), zone,
        h('label', { for: 'email' }, 'Email'), email,
        h('label', { for: 'country' }, 'Country (ISO code)'), country,
        h('label', { for: 'language' }, 'Language'), language], 'Save profile', async () => {
        await api('PATCH', '/api/v1/me', { display_name: display.value.trim(), email: nullable(email.value),
          country: nullable(country.value.toUpperCase()), language: nullable(language.value), time_zone: nullable(zone.value) });
        await restore();
        return 'Saved.';
      }, 'narrow'),
      section('Password', [
        h('label', { for: 'current_password' }, 'Current password'), current,
        h('label', { for: 'new_password' }, 'New password (at least 8 characters)'), next], 'Change password', async () => {
        await api('POST', '/api/v1/me/password', { current_password: current.value, new_password: next.value });
        current.value = next.value = '';
        return 'Password changed; your other sign-ins have ended.';
      }, 'narrow'),
      notificationSettings(),
      pushDevices(),
      calendarLink(),
      blockedPlayers(),
      h('section', { class: 'narrow' }, h('h2', {}, 'Sign-ins'),
        h('p', {}, `Signed in as ${me()?.username ?? ''}.`),
        h('button', { type: 'button', onclick: async () => { await logout(true).catch(() => {}); go('/login'); } },
          'Log out everywhere')));
  })();
}

type Block = { username: string; display_name: string; since: string };

// The players you blocked (GET /api/v1/me/blocks), each with Unblock.
function blockedPlayers(): HTMLElement {
  const list = h('div', {}, 'Loading…');
  const error = errorBox();
  const draw = (blocks: Block[]) => replace(list, blocks.length
    ? h('ul', { class: 'blocked-players' }, blocks.map((b) => h('li', { 'data-username': b.username },
        h('a', { href: `/users/${encodeURIComponent(b.username)}` }, b.display_name), ` (${b.username}) `,
        h('button', { type: 'button', 'aria-label': `Unblock ${b.display_name}`, onclick: async () => {
          try {
            await api('DELETE', `/api/v1/me/blocks/${encodeURIComponent(b.username)}`);
            showError(error, null);
          } catch (e) {
            showError(error, errorText(e));
          }
          await load();
        } }, 'Unblock'))))
    : h('p', { class: 'muted' }, 'Nobody. Block a player from their profile page.'));
  async function load(): Promise<void> {
    try {
      draw((await api<{ blocks: Block[] }>('GET', '/api/v1/me/blocks')).blocks);
    } catch (e) {
      replace(list);
      showError(error, errorText(e));
    }
  }
  void load();
  return h('section', { class: 'narrow blocked' }, h('h2', {}, 'Blocked players'),
    h('p', { class: 'muted' }, 'They cannot challenge you or write to you; games already running go on.'), list, error);
}
