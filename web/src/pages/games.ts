// /games: the signed-in player's games. Games where it is their move come first, soonest
// deadline first; then the games waiting for the opponent; then finished games. The number
// to move is in the tab title. Pages of the API are read until the end (hundreds of games).
import { api, errorText, Game } from '../api';
import { h, replace } from '../dom';
import { onLive } from '../live';
import { setCounter, setTitle } from '../title';
import { clockLeft, deadline, duration, untilNow } from '../time';
import { t } from '../i18n/i18n';
import { displaySan } from '../i18n/notation';
import { statusName, terminationName } from '../i18n/words';

type Row = {
  id: string; white: string; black: string; my_color: string; opponent: { username: string; display_name: string };
  status: string; my_turn: boolean; ply: number; my_deadline: string | null; last_move: { san: string; at: string } | null;
  draw_offered_to_me: boolean; my_pending_move: boolean; event: { id: string; name: string } | null;
  result?: string; termination?: string;
};
type GameClocks = { ply: number; at: number; wholeDays: boolean; clocks: Game['clocks'] };
type Page = { games: Row[]; next_cursor: string | null; counts: { to_move: number; ongoing: number; finished: number } };

async function all(query: string, max: number): Promise<{ rows: Row[]; counts: Page['counts'] }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let counts: Page['counts'] = { to_move: 0, ongoing: 0, finished: 0 };
  do {
    const page: Page = await api('GET', `/api/v1/games?${query}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.games);
    counts = page.counts;
    cursor = page.next_cursor;
  } while (cursor && rows.length < max);
  return { rows, counts };
}

// Both clocks of a game: the list rows do not carry them, so the game of each row is read
// when the row comes into sight (a few at a time), and again only when its ply changed.
const clockCache = new Map<string, GameClocks>();
const clockWaiting: { row: Row; cell: HTMLElement }[] = [];
let clockReading = 0;

function drawClocks(cell: HTMLElement, c: GameClocks): void {
  const now = Date.now();
  replace(cell, (['white', 'black'] as const).map((side) => {
    const k = c.clocks[side];
    return h('span', { class: `side-clock${k.running ? ' running' : ''}`, 'data-side': side },
      `${side === 'white' ? t('color.White') : t('color.Black')} `,
      h('b', {}, duration(clockLeft(k.remaining_seconds, k.running, c.at, now, c.wholeDays))));
  }));
  cell.dataset.loaded = 'true';
}

function readClocks(): void {
  while (clockReading < 3 && clockWaiting.length) {
    const { row, cell } = clockWaiting.shift()!;
    const known = clockCache.get(row.id);
    if (known && known.ply === row.ply) {
      drawClocks(cell, known);
      continue;
    }
    clockReading++;
    void api<Game>(
      'GET', `/api/v1/games/${encodeURIComponent(row.id)}`)
      .then((g) => {
        const c = { ply: g.ply, at: Date.now(), wholeDays: g.time_control.type === 'iccf', clocks: g.clocks };
        clockCache.set(row.id, c);
        if (cell.isConnected) drawClocks(cell, c);
      })
      .catch(() => replace(cell, ''))
      .finally(() => {
        clockReading--;
        readClocks();
      });
  }
}

let clockCells = new WeakMap<Element, Row>();
const clockSight = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      clockSight!.unobserve(e.target);
      const row = clockCells.get(e.target);
      if (row) clockWaiting.push({ row, cell: e.target as HTMLElement });
    }
    readClocks();
  }, { rootMargin: '200px' })
  : null;

function clockCell(g: Row): HTMLElement {
  const cell = h('td', { class: 'clocks', 'data-label': t('games.clocks') });
  const known = clockCache.get(g.id);
  if (known && known.ply === g.ply) drawClocks(cell, known);
  else if (clockSight) {
    clockCells.set(cell, g);
    clockSight.observe(cell);
  }
  return cell;
}

function table(caption: string, rows: Row[], kind: 'move' | 'wait' | 'done'): HTMLElement {
  const body = h('tbody');
  const fragment = document.createDocumentFragment();
  for (const g of rows) {
    const last = g.last_move ? `${Math.ceil(g.ply / 2)}${g.ply % 2 ? '.' : '…'} ${displaySan(g.last_move.san)}` : t('games.no_move');
    const time = kind === 'done'
      ? `${statusName(g.result ?? g.status)}${g.termination ? ` (${terminationName(g.termination)})` : ''}`
      : g.my_deadline ? t('games.deadline_in', { left: duration(untilNow(g.my_deadline)), deadline: deadline(g.my_deadline) }) : '';
    const href = `/games/${encodeURIComponent(g.id)}`;
    const orientation = g.my_color === 'black' ? 'black' : 'white';
    fragment.appendChild(h('tr', { 'data-game': g.id },
      // The position as the server draws it (board.svg); `v` changes with the ply, so a
      // cached picture is never an old position.
      h('td', { class: 'mini' }, h('a', { href, tabindex: -1, 'aria-hidden': 'true' },
        h('img', { class: 'mini-board', alt: '', width: 72, height: 72, loading: 'lazy', decoding: 'async',
          src: `/api/v1/games/${encodeURIComponent(g.id)}/board.svg?orientation=${orientation}&v=${g.ply}` }))),
      h('td', { class: 'game' }, h('a', { href }, `${g.white} – ${g.black}`), h('span', { class: 'muted' }, ` #${g.id}`)),
      h('td', { class: 'opponent', 'data-label': t('games.opponent') }, h('a', { href: `/users/${encodeURIComponent(g.opponent.username)}` }, g.opponent.display_name)),
      h('td', { class: 'last', 'data-label': t('games.last_move') }, last, g.my_pending_move ? ` · ${t('games.pending_move')}` : '',
        g.draw_offered_to_me ? ` · ${t('games.draw_offered')}` : ''),
      kind === 'done' ? h('td', { class: 'clocks' }) : clockCell(g),
      h('td', { class: 'time', 'data-label': kind === 'done' ? t('games.result') : t('games.your_deadline') }, time),
      h('td', { class: 'event' }, g.event ? h('a', { href: `/events/${encodeURIComponent(g.event.id)}` }, g.event.name) : '')));
  }
  body.appendChild(fragment);
  return h('section', { class: `game-table ${kind}` },
    h('h2', {}, `${caption} (${rows.length})`),
    rows.length
      ? h('table', { class: 'list games' }, h('thead', {}, h('tr', {}, h('th', { class: 'mini' }, h('span', { class: 'visually-hidden' }, t('games.board'))),
          h('th', {}, t('games.game')), h('th', {}, t('games.opponent')), h('th', {}, t('games.last_move')), h('th', {}, kind === 'done' ? '' : t('games.clocks')),
          h('th', {}, kind === 'done' ? t('games.result') : t('games.your_deadline')), h('th', {}, t('games.event')))), body)
      : h('p', { class: 'muted' }, t('games.none')));
}

export function gamesPage(root: HTMLElement): () => void {
  setTitle(t('nav.games'));
  const status = h('p', { class: 'muted' }, t('common.loading'));
  const lists = h('div', { class: 'lists' });
  replace(root, h('h1', {}, t('nav.games')), status, lists);

  async function load(): Promise<void> {
    try {
      const started = performance.now();
      const [toMove, active, finished] = await Promise.all([
        all('to_move=me', 2000), all('status=active', 2000), all('status=finished', 200)]);
      const fetched = performance.now();
      const waiting = active.rows.filter((g) => !g.my_turn);
      setCounter(toMove.counts.to_move);
      replace(lists, table(t('games.your_move'), toMove.rows, 'move'), table(t('games.waiting'), waiting, 'wait'),
        table(t('games.finished'), finished.rows, 'done'));
      replace(status, t('games.counts', { move: toMove.counts.to_move, ongoing: toMove.counts.ongoing, finished: toMove.counts.finished }));
      // For bench/web: fetching and building the lists, in ms (layout follows in the next frame).
      document.body.dataset.gamesFetchMs = String(Math.round(fetched - started));
      document.body.dataset.gamesBuildMs = String(Math.round(performance.now() - fetched));
      performance.mark('games-rendered');
    } catch (e) {
      replace(status, errorText(e));
    }
  }

  // The clocks shown count down.
  const tick = window.setInterval(() => {
    for (const cell of lists.querySelectorAll<HTMLElement>('td.clocks[data-loaded]')) {
      const id = cell.closest('tr')?.dataset.game;
      const c = id ? clockCache.get(id) : undefined;
      if (c) drawClocks(cell, c);
    }
  }, 30000);
  let timer: number | undefined;
  const stop = onLive((m) => {
    if (m.game_id || m.type === 'resync' || m.type === 'challenge_accepted') {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void load(), 300);
    }
  });
  void load();
  return () => {
    stop();
    window.clearTimeout(timer);
    window.clearInterval(tick);
    clockWaiting.length = 0;
    clockSight?.disconnect();
    clockCells = new WeakMap();
    setCounter(0);
  };
}
