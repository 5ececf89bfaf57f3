// /users/{username}: a player's public profile, with a button to challenge them.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { me } from '../session';
import { setTitle } from '../title';
import { localDate } from '../time';
import { ratingHistory } from './ratings';
import { t, tParts } from '../i18n/i18n';

type Profile = {
  username: string; display_name: string; country: string | null; created_at: string; on_leave: boolean;
  games: { played: number; current: number; wins: number; draws: number; losses: number };
  titles: { title: string; awarded_at: string }[];
  norms: { title: string; event_id: string; event_name: string; games: number; performance: number }[];
};

// The titles awarded and the norms behind them (rules.md 6.12); nothing without any.
function titleRows(p: Profile): HTMLElement[] {
  const rows: HTMLElement[] = [];
  if (p.titles.length) {
    rows.push(h('tr', { class: 'titles' }, h('th', {}, t('profile.titles')),
      h('td', {}, p.titles.map((x) => `${x.title} (${localDate(x.awarded_at)})`).join(', '))));
  }
  if (p.norms.length) {
    rows.push(h('tr', { class: 'norms' }, h('th', {}, t('profile.norms')), h('td', {}, p.norms.map((n, i) => h('span', {},
      i ? '; ' : '', tParts('profile.norm', { n: n.games, title: n.title, performance: String(n.performance),
        event: h('a', { href: `/events/${encodeURIComponent(n.event_id)}` }, n.event_name) }))))));
  }
  return rows;
}

export function profilePage(root: HTMLElement, username: string): void {
  setTitle(username);
  replace(root, h('p', {}, t('common.loading')));
  void (async () => {
    try {
      const p = await api<Profile>('GET', `/api/v1/users/${encodeURIComponent(username)}`);
      setTitle(p.display_name);
      const ratings = h('section', { class: 'ratings', 'aria-label': t('rating.rating') });
      ratingHistory(ratings, p.username);
      replace(root,
        h('h1', {}, p.display_name),
        h('p', {}, t('profile.member_since', { name: `${p.username}${p.country ? `, ${p.country}` : ''}`, date: localDate(p.created_at) }),
          p.on_leave ? ` — ${t('profile.on_leave')}` : ''),
        h('table', { class: 'list profile' }, h('tbody', {},
          h('tr', {}, h('th', {}, t('profile.finished')), h('td', {}, String(p.games.played))),
          h('tr', {}, h('th', {}, t('profile.won_drawn_lost')), h('td', {}, `${p.games.wins} / ${p.games.draws} / ${p.games.losses}`)),
          h('tr', {}, h('th', {}, t('profile.current')), h('td', {}, String(p.games.current))),
          titleRows(p))),
        ratings,
        h('p', {}, h('a', { href: `/challenges?opponent=${encodeURIComponent(p.username)}` }, t('profile.challenge', { name: p.display_name }))),
        exportLink(p),
        p.username === me()?.username ? null : blockBox(p));
    } catch (e) {
      replace(root, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

// The archive (GET /api/v1/users/{username}/games, docs/api.md "Archive"): every game of the
// player one may see, as one PGN file the browser saves while the server streams it.
function exportLink(p: Profile): HTMLElement {
  const mine = p.username === me()?.username;
  return h('p', { class: 'export-games' }, h('a', {
    id: 'export-games', class: 'button', download: `${p.username}.pgn`,
    href: `/api/v1/users/${encodeURIComponent(p.username)}/games?format=pgn`,
  }, mine ? t('profile.export_mine') : t('profile.export', { name: p.display_name })));
}

// Block / Unblock (PUT / DELETE /api/v1/me/blocks/{username}): a blocked player can no longer
// challenge you or write to you; running games go on.
function blockBox(p: Profile): HTMLElement {
  const state = h('p', { class: 'block-state', role: 'status' });
  const error = errorBox();
  const toggle = h('button', { type: 'button', id: 'block-toggle', disabled: true }, t('profile.block'));
  let blocked = false;
  const draw = () => {
    toggle.disabled = false;
    replace(toggle, blocked ? t('settings.unblock') : t('profile.block'));
    replace(state, blocked
      ? t('profile.blocked', { name: p.display_name })
      : '');
  };
  const path = `/api/v1/me/blocks/${encodeURIComponent(p.username)}`;
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try {
      await api(blocked ? 'DELETE' : 'PUT', path);
      blocked = !blocked;
      showError(error, null);
    } catch (e) {
      showError(error, errorText(e));
    }
    draw();
  });
  void (async () => {
    try {
      const { blocks } = await api<{ blocks: { username: string }[] }>('GET', '/api/v1/me/blocks');
      blocked = blocks.some((b) => b.username === p.username);
      draw();
    } catch (e) {
      showError(error, errorText(e));
    }
  })();
  return h('section', { class: 'block-box', 'aria-label': t('profile.blocking') }, toggle, state, error);
}
