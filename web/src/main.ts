// The corrchess web client: a single page that routes on the address bar.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import { ApiError, errorText } from './api';
import { h, replace } from './dom';
import { isDirector, logout, me, restore } from './session';
import { liveBanner } from './live';
import { challengeBadge, challengeNews, clearChallengeNews } from './challenge_news';
import { clearToMove, toMoveBadge } from './to_move';
import { gamePage } from './pages/game';
import { analysisPage } from './pages/analysis';
import { gamesPage } from './pages/games';
import { loginPage, registerPage } from './pages/login';
import { challengesPage } from './pages/challenges';
import { landingPage } from './pages/landing';
import { eventPage, eventsPage } from './pages/events';
import { seriesListPage, seriesPage } from './pages/series';
import { cupPage, cupsPage } from './pages/cups';
import { championshipPage, championshipsPage } from './pages/championships';
import { olympiadPage, teamMatchPage, teamPage, teamsPage } from './pages/teams';
import { directorPage } from './pages/director';
import { adjudicationsPage } from './pages/adjudications';
import { leavePage } from './pages/leave';
import { settingsPage } from './pages/settings';
import { profilePage } from './pages/profile';
import { setTitle } from './title';
import { forgetCopies, offlineBanner, registerWorker } from './offline';
import { flushQueue } from './offline_queue';
import { queueNews } from './queue_news';
import { preferredLanguage, setLanguage, t } from './i18n/i18n';

const app = document.getElementById('app') as HTMLElement;
// The browser's language until the profile's is known (startUp).
setLanguage(preferredLanguage(null));
const nav = h('nav', { class: 'top', 'aria-label': t('nav.label') });
const main = h('main', { id: 'main', tabindex: -1 });
// Skip links, the first stops of Tab: to the page's content, and on a game page where it is
// your move, straight to the Move field.
const moveField = () => {
  const input = document.getElementById('move-input') as HTMLInputElement | null;
  return input && !input.disabled && input.offsetParent ? input : null;
};
const skipMove = h('a', { href: '#move-input', class: 'skip-link', hidden: true }, t('skip.move'));
// and on a game page to the board (played by keyboard, see board.ts).
const skipBoard = h('a', { href: '#board', class: 'skip-link', hidden: true }, t('skip.board'));
const skipMain = h('a', { href: '#main', class: 'skip-link', onfocus: () => {
  skipMove.hidden = !moveField();
  skipBoard.hidden = !(document.getElementById('board') as HTMLElement | null)?.offsetParent;
} }, t('skip.main'));
replace(app, h('div', { class: 'skip-links' }, skipMain, skipMove, skipBoard), h('header', {}, nav), offlineBanner, liveBanner, queueNews, challengeNews, main);

let leave: (() => void) | void;
// Whether the sign-in check at start (GET /api/v1/me) has answered; until then every route
// asks again (see startUp).
let started = false;

export function go(path: string, replaceState = false): void {
  if (replaceState) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  void route();
}

function drawNav(): void {
  const user = me();
  if (!user) {
    clearChallengeNews();
    clearToMove();
  }
  const link = (href: string, text: string, extra?: HTMLElement) =>
    h('a', { href, 'aria-current': location.pathname === href ? 'page' : null }, text, extra ? [' ', extra] : null);
  replace(nav, h('a', { href: user ? '/games' : '/', class: 'brand' }, 'corrchess'),
    user
      ? [link('/games', t('nav.games'), toMoveBadge), link('/challenges', t('nav.challenges'), challengeBadge), link('/events', t('nav.events')),
         link('/teams', t('nav.teams')), link('/leave', t('nav.leave')),
         isDirector() ? link('/director', t('nav.director')) : null,
         isDirector() ? link('/adjudications', t('nav.adjudications')) : null,
         h('a', { href: '/settings', class: 'who', title: t('nav.settings') }, user.display_name),
         h('button', { type: 'button', class: 'link', onclick: async () => { await logout().catch(() => {}); go('/login'); } }, t('nav.logout'))]
      : [link('/login', t('nav.login')), link('/register', t('nav.register'))]);
}

async function route(): Promise<void> {
  if (typeof leave === 'function') leave();
  leave = undefined;
  forgetCopies();
  if (!started) return startUp();
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
  if (!me() && path === '/') {
    drawNav();
    return landingPage(main);
  }
  if (!me()) {
    go(`/login?next=${encodeURIComponent(path)}`, true);
    return;
  }
  drawNav();
  let m: RegExpMatchArray | null;
  if (path === '/' || path === '/games') leave = gamesPage(main);
  else if ((m = path.match(/^\/games\/([^/]+)$/))) leave = gamePage(main, decodeURIComponent(m[1]), go);
  else if (path === '/analysis') leave = analysisPage(main);
  else if (path === '/challenges') leave = challengesPage(main, go);
  else if (path === '/events') leave = eventsPage(main);
  else if ((m = path.match(/^\/events\/([^/]+)$/))) leave = eventPage(main, decodeURIComponent(m[1]));
  else if (path === '/series') leave = seriesListPage(main);
  else if ((m = path.match(/^\/series\/([^/]+)$/))) leave = seriesPage(main, decodeURIComponent(m[1]));
  else if (path === '/cups') leave = cupsPage(main);
  else if (path === '/championships') leave = championshipsPage(main);
  else if ((m = path.match(/^\/championships\/([^/]+)$/))) leave = championshipPage(main, decodeURIComponent(m[1]));
  else if ((m = path.match(/^\/cups\/([^/]+)$/))) leave = cupPage(main, decodeURIComponent(m[1]));
  else if (path === '/teams') leave = teamsPage(main);
  else if ((m = path.match(/^\/teams\/([^/]+)$/))) leave = teamPage(main, decodeURIComponent(m[1]));
  else if ((m = path.match(/^\/team-matches\/([^/]+)$/))) leave = teamMatchPage(main, decodeURIComponent(m[1]));
  else if ((m = path.match(/^\/olympiads\/([^/]+)$/))) leave = olympiadPage(main, decodeURIComponent(m[1]));
  else if (path === '/director') leave = directorPage(main, go);
  else if (path === '/adjudications' && isDirector()) leave = adjudicationsPage(main);
  else if (path === '/leave') leave = leavePage(main);
  else if (path === '/settings') leave = settingsPage(main, go);
  else if ((m = path.match(/^\/users\/([^/]+)$/))) leave = profilePage(main, decodeURIComponent(m[1]));
  else replace(main, h('h1', {}, t('notfound.title')), h('p', {}, h('a', { href: '/games' }, t('notfound.link'))));
}

// Links inside the page change the route without a reload.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  // A link within the page (the skip links): focus its target.
  const hash = a.getAttribute('href') ?? '';
  if (hash.startsWith('#')) {
    e.preventDefault();
    const target = hash === '#move-input' ? moveField() ?? main : document.getElementById(hash.slice(1));
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
    return;
  }
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/docs/')) return;
  e.preventDefault();
  go(url.pathname + url.search);
});
window.addEventListener('popstate', () => void route());

// The sign-in check, then the page of the address. When the server cannot answer, a page
// says so with the navigation, a Retry button and, when the server said how long to wait
// (Retry-After), a countdown to an automatic retry.
let retryTimer: number | undefined;
async function startUp(): Promise<void> {
  window.clearInterval(retryTimer);
  try {
    await restore();  // sets the profile's language (session.ts)
  } catch (e) {
    unavailablePage(e);
    return;
  }
  started = true;
  document.body.removeAttribute('data-unavailable');
  await route();
  if (me() && navigator.onLine) void flushQueue();
}

function unavailablePage(e: unknown): void {
  const status = e instanceof ApiError ? e.status : 0;
  // Retry-After when given; a server that is down or failing is asked again in 10 s.
  let wait = e instanceof ApiError && e.retryAfter !== null ? e.retryAfter
    : status === 0 || status >= 500 ? 10 : null;
  document.body.dataset.unavailable = 'true';
  setTitle(t('unavailable.tab'));
  replace(nav, h('a', { href: '/games', class: 'brand' }, 'corrchess'),
    h('a', { href: '/games' }, t('nav.games')), h('a', { href: '/events' }, t('nav.events')), h('a', { href: '/login' }, t('nav.login')));
  const countdown = h('p', { class: 'countdown', id: 'retry-countdown' });
  const retry = h('button', { type: 'button', class: 'primary', onclick: () => { replace(countdown, t('unavailable.trying')); registerWorker(); void startUp(); } }, t('unavailable.retry'));
  const show = () => replace(countdown, wait === null ? '' : t('unavailable.countdown', { n: wait }));
  replace(main, h('section', { class: 'unavailable', 'aria-labelledby': 'unavailable-heading' },
    h('h1', { id: 'unavailable-heading' }, status === 0 ? t('unavailable.unreachable') : t('unavailable.title')),
    h('p', { role: 'alert' }, errorText(e)),
    status ? h('p', { class: 'muted' }, t('unavailable.status', { status: String(status) })) : null,
    countdown, h('p', {}, retry)));
  show();
  if (wait !== null) {
    retryTimer = window.setInterval(() => {
      wait = (wait ?? 1) - 1;
      if (wait > 0) return show();
      window.clearInterval(retryTimer);
      replace(countdown, t('unavailable.trying'));
      registerWorker();
      void startUp();
    }, 1000);
  }
}

registerWorker();
void startUp();
