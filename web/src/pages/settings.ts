// /settings: profile and preferences (display name, time zone, email, country, language: the
// page is drawn again in a language chosen here), the move notation (this browser's),
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
import { language as shownLanguage, languageNames, t } from '../i18n/i18n';
import { Notation, notation, setNotation } from '../i18n/notation';

type Settings = { display_name: string; email: string | null; country: string | null; time_zone: string | null; language: string | null };

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

export function settingsPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle(t('settings.title'));
  const body = h('div', {}, t('common.loading'));
  replace(root, h('h1', {}, t('settings.title')), body);
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
    // The languages with a catalogue; a profile's other tag (from the API) stays choosable.
    const known = Object.keys(languageNames);
    const language = h('select', { id: 'language', name: 'language' },
      h('option', { value: '' }, t('settings.language_browser')),
      Object.entries(languageNames).map(([tag, name]) => h('option', { value: tag, lang: tag, selected: tag === s.language }, name)),
      s.language && !known.includes(s.language) ? h('option', { value: s.language, selected: true }, s.language) : null);
    const zone = h('select', { id: 'time_zone', name: 'time_zone' },
      h('option', { value: '' }, t('settings.zone_browser', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
      zones().map((z) => h('option', { value: z, selected: z === s.time_zone }, z)));
    const current = h('input', { id: 'current_password', type: 'password', autocomplete: 'current-password', required: true });
    const next = h('input', { id: 'new_password', type: 'password', autocomplete: 'new-password', minlength: 8, required: true });
    const nullable = (v: string) => (v.trim() ? v.trim() : null);
    replace(body,
      section(t('settings.profile'), [
        h('label', { for: 'display_name' }, t('settings.display_name')), display,
        h('label', { for: 'time_zone' }, t('settings.time_zone')), zone,
        h('label', { for: 'email' }, t('settings.email')), email,
        h('label', { for: 'country' }, t('settings.country')), country,
        h('label', { for: 'language' }, t('settings.language')), language], t('settings.save_profile'), async () => {
        await api('PATCH', '/api/v1/me', { display_name: display.value.trim(), email: nullable(email.value),
          country: nullable(country.value.toUpperCase()), language: nullable(language.value), time_zone: nullable(zone.value) });
        const before = shownLanguage();
        await restore();  // takes up the profile's language (session.ts)
        // Another language: the whole page (navigation too) is drawn again in it.
        if (shownLanguage() !== before) location.reload();
        return t('common.saved');
      }, 'narrow'),
      notationSettings(),
      section(t('settings.password'), [
        h('label', { for: 'current_password' }, t('settings.current_password')), current,
        h('label', { for: 'new_password' }, t('settings.new_password')), next], t('settings.change_password'), async () => {
        await api('POST', '/api/v1/me/password', { current_password: current.value, new_password: next.value });
        current.value = next.value = '';
        return t('settings.password_changed');
      }, 'narrow'),
      notificationSettings(),
      pushDevices(),
      calendarLink(),
      blockedPlayers(),
      h('section', { class: 'narrow' }, h('h2', {}, t('settings.signins')),
        h('p', {}, t('settings.signed_in_as', { username: me()?.username ?? '' })),
        h('button', { type: 'button', onclick: async () => { await logout(true).catch(() => {}); go('/login'); } },
          t('settings.logout_everywhere'))));
  })();
}

type Block = { username: string; display_name: string; since: string };

// The players you blocked (GET /api/v1/me/blocks), each with Unblock.
function blockedPlayers(): HTMLElement {
  const list = h('div', {}, t('common.loading'));
  const error = errorBox();
  const draw = (blocks: Block[]) => replace(list, blocks.length
    ? h('ul', { class: 'blocked-players' }, blocks.map((b) => h('li', { 'data-username': b.username },
        h('a', { href: `/users/${encodeURIComponent(b.username)}` }, b.display_name), ` (${b.username}) `,
        h('button', { type: 'button', 'aria-label': t('settings.unblock_name', { name: b.display_name }), onclick: async () => {
          try {
            await api('DELETE', `/api/v1/me/blocks/${encodeURIComponent(b.username)}`);
            showError(error, null);
          } catch (e) {
            showError(error, errorText(e));
          }
          await load();
        } }, t('settings.unblock')))))
    : h('p', { class: 'muted' }, t('settings.blocked_none')));
  async function load(): Promise<void> {
    try {
      draw((await api<{ blocks: Block[] }>('GET', '/api/v1/me/blocks')).blocks);
    } catch (e) {
      replace(list);
      showError(error, errorText(e));
    }
  }
  void load();
  return h('section', { class: 'narrow blocked' }, h('h2', {}, t('settings.blocked')),
    h('p', { class: 'muted' }, t('settings.blocked_hint')), list, error);
}

// How the move list writes the moves: English letters, figurines or the language's letters
// (i18n/notation.ts); kept in this browser, applied at once.
function notationSettings(): HTMLElement {
  const done = h('p', { class: 'done', role: 'status' });
  const choices: [Notation, string][] = [['english', t('settings.notation_english')],
    ['figurines', t('settings.notation_figurines')], ['local', t('settings.notation_local')]];
  const select = h('select', { id: 'notation', name: 'notation', onchange: () => {
    setNotation(select.value as Notation);
    done.textContent = t('common.saved');
  } }, choices.map(([value, label]) => h('option', { value, selected: value === notation() }, label)));
  return h('section', { class: 'narrow notation' }, h('h2', {}, t('settings.notation')),
    h('form', { class: 'stack', onsubmit: (e: Event) => e.preventDefault() },
      h('label', { for: 'notation' }, t('settings.notation_label')), select,
      h('p', { class: 'muted hint' }, t('settings.notation_hint')), done));
}
