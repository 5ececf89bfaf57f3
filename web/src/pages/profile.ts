// /users/{username}: a player's public profile, with a button to challenge them.
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { localTime } from '../time';
import { ratingHistory } from './ratings';

type Profile = {
  username: string; display_name: string; country: string | null; created_at: string; on_leave: boolean;
  games: { played: number; current: number; wins: number; draws: number; losses: number };
};

export function profilePage(root: HTMLElement, username: string): void {
  setTitle(username);
  replace(root, h('p', {}, 'Loading…'));
  void (async () => {
    try {
      const p = await api<Profile>('GET', `/api/v1/users/${encodeURIComponent(username)}`);
      setTitle(p.display_name);
      const ratings = h('section', { class: 'ratings', 'aria-label': 'Rating' });
      ratingHistory(ratings, p.username);
      replace(root,
        h('h1', {}, p.display_name),
        h('p', {}, `${p.username}${p.country ? `, ${p.country}` : ''}, member since ${localTime(p.created_at).slice(0, 10)}`,
          p.on_leave ? ' — on leave today' : ''),
        h('table', { class: 'list profile' }, h('tbody', {},
          h('tr', {}, h('th', {}, 'Finished games'), h('td', {}, String(p.games.played))),
          h('tr', {}, h('th', {}, 'Won / drawn / lost'), h('td', {}, `${p.games.wins} / ${p.games.draws} / ${p.games.losses}`)),
          h('tr', {}, h('th', {}, 'Current games'), h('td', {}, String(p.games.current))))),
        ratings,
        h('p', {}, h('a', { href: `/challenges?opponent=${encodeURIComponent(p.username)}` }, `Challenge ${p.display_name}`)));
    } catch (e) {
      replace(root, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}
