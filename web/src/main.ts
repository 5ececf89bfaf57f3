// The corrchess web client: a single page that routes on the address bar.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import { errorText } from './api';
import { h, replace } from './dom';
import { isDirector, logout, me, restore } from './session';
import { liveBanner } from './live';
import { gamePage } from './pages/game';
import { gamesPage } from './pages/games';
import { loginPage, registerPage } from './pages/login';
import { challengesPage } from './pages/challenges';
import { eventPage, eventsPage } from './pages/events';
import { directorPage } from './pages/director';
import { adjudicationsPage } from './pages/adjudications';
import { leavePage } from './pages/leave';
import { settingsPage } from './pages/settings';
import { profilePage } from './pages/profile';

const app = document.getElementById('app') as HTMLElement;
const nav = h('nav', { class: 'top', 'aria-label': 'Main' });
const main = h('main', { id: 'main' });
replace(app, h('header', {}, nav), liveBanner, main);

let leave: (() => void) | void;

export function go(path: string, replaceState = false): void {
  if (replaceState) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  void route();
}

function drawNav(): void {
  const user = me();
  const link = (href: string, text: string) =>
    h('a', { href, 'aria-current': location.pathname === href ? 'page' : null }, text);
  replace(nav, h('a', { href: '/games', class: 'brand' }, 'corrchess'),
    user
      ? [link('/games', 'My games'), link('/challenges', 'Challenges'), link('/events', 'Events'),
         link('/leave', 'Leave'),
         isDirector() ? link('/director', 'Director') : null,
         isDirector() ? link('/adjudications', 'Adjudications') : null,
         h('a', { href: '/settings', class: 'who', title: 'Settings' }, user.display_name),
         h('button', { type: 'button', class: 'link', onclick: async () => { await logout().catch(() => {}); go('/login'); } }, 'Log out')]
      : [link('/login', 'Log in'), link('/register', 'Register')]);
}

async function route(): Promise<void> {
  if (typeof leave === 'function') leave();
  leave = undefined;
  const path = location.pathname;
  if (path === '/register') {
    drawNav();
    return registerPage(main, go);
  }
  if (path === '/login') {
    drawNav();
    const next = new URLSearchParams(location.search).get('next');
    return loginPage(main, go, next && next.startsWith('/') && !next.startsWith('//') ? next : '/games');
  }
  if (!me()) {
    go(`/login?next=${encodeURIComponent(path)}`, true);
    return;
  }
  drawNav();
  let m: RegExpMatchArray | null;
  if (path === '/' || path === '/games') leave = gamesPage(main);
  else if ((m = path.match(/^\/games\/([^/]+)$/))) leave = gamePage(main, decodeURIComponent(m[1]));
  else if (path === '/challenges') leave = challengesPage(main, go);
  else if (path === '/events') leave = eventsPage(main);
  else if ((m = path.match(/^\/events\/([^/]+)$/))) leave = eventPage(main, decodeURIComponent(m[1]));
  else if (path === '/director') leave = directorPage(main, go);
  else if (path === '/adjudications' && isDirector()) leave = adjudicationsPage(main);
  else if (path === '/leave') leave = leavePage(main);
  else if (path === '/settings') leave = settingsPage(main, go);
  else if ((m = path.match(/^\/users\/([^/]+)$/))) leave = profilePage(main, decodeURIComponent(m[1]));
  else replace(main, h('h1', {}, 'Not found'), h('p', {}, h('a', { href: '/games' }, 'To your games')));
}

// Links inside the page change the route without a reload.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/docs/')) return;
  e.preventDefault();
  go(url.pathname + url.search);
});
window.addEventListener('popstate', () => void route());

restore()
  .then(() => route())
  .catch((e) => replace(main, h('p', { class: 'error', role: 'alert' }, errorText(e))));
