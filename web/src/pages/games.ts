// /games: the signed-in player's games. Games where it is their move come first, soonest
// deadline first; then the games waiting for the opponent; then finished games. The number
// to move is in the tab title. Pages of the API are read until the end (hundreds of games).
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { onLive } from '../live';
import { setCounter, setTitle } from '../title';
import { deadline, duration, untilNow } from '../time';

type Row = {
  id: string; white: string; black: string; my_color: string; opponent: { username: string; display_name: string };
  status: string; my_turn: boolean; ply: number; my_deadline: string | null; last_move: { san: string; at: string } | null;
  draw_offered_to_me: boolean; my_pending_move: boolean; event: { id: string; name: string } | null;
  result?: string; termination?: string;
};
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

function table(caption: string, rows: Row[], kind: 'move' | 'wait' | 'done'): HTMLElement {
  const body = h('tbody');
  const fragment = document.createDocumentFragment();
  for (const g of rows) {
    const last = g.last_move ? `${Math.ceil(g.ply / 2)}${g.ply % 2 ? '.' : '…'} ${g.last_move.san}` : 'no move yet';
    const time = kind === 'done'
      ? `${g.result ?? g.status}${g.termination ? ` (${g.termination.replace(/_/g, ' ')})` : ''}`
      : g.my_deadline ? `in ${duration(untilNow(g.my_deadline))}: ${deadline(g.my_deadline)}` : '';
    fragment.appendChild(h('tr', { 'data-game': g.id },
      h('td', {}, h('a', { href: `/games/${encodeURIComponent(g.id)}` }, `${g.white} – ${g.black}`), h('span', { class: 'muted' }, ` #${g.id}`)),
      h('td', {}, h('a', { href: `/users/${encodeURIComponent(g.opponent.username)}` }, g.opponent.display_name)),
      h('td', {}, last, g.my_pending_move ? ' · pending move' : '', g.draw_offered_to_me ? ' · draw offered' : ''),
      h('td', {}, time),
      h('td', {}, g.event ? h('a', { href: `/events/${encodeURIComponent(g.event.id)}` }, g.event.name) : '')));
  }
  body.appendChild(fragment);
  return h('section', { class: `game-table ${kind}` },
    h('h2', {}, `${caption} (${rows.length})`),
    rows.length
      ? h('table', { class: 'list' }, h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Opponent'),
          h('th', {}, 'Last move'), h('th', {}, kind === 'done' ? 'Result' : 'Your deadline'), h('th', {}, 'Event'))), body)
      : h('p', { class: 'muted' }, 'None.'));
}

export function gamesPage(root: HTMLElement): () => void {
  setTitle('My games');
  const status = h('p', { class: 'muted' }, 'Loading…');
  const lists = h('div', { class: 'lists' });
  replace(root, h('h1', {}, 'My games'), status, lists);

  async function load(): Promise<void> {
    try {
      const started = performance.now();
      const [toMove, active, finished] = await Promise.all([
        all('to_move=me', 2000), all('status=active', 2000), all('status=finished', 200)]);
      const fetched = performance.now();
      const waiting = active.rows.filter((g) => !g.my_turn);
      setCounter(toMove.counts.to_move);
      replace(lists, table('Your move', toMove.rows, 'move'), table('Waiting for the opponent', waiting, 'wait'),
        table('Finished', finished.rows, 'done'));
      replace(status, `${toMove.counts.to_move} to move, ${toMove.counts.ongoing} ongoing, ${toMove.counts.finished} finished.`);
      // For bench/web: fetching and building the lists, in ms (layout follows in the next frame).
      document.body.dataset.gamesFetchMs = String(Math.round(fetched - started));
      document.body.dataset.gamesBuildMs = String(Math.round(performance.now() - fetched));
      performance.mark('games-rendered');
    } catch (e) {
      replace(status, errorText(e));
    }
  }

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
    setCounter(0);
  };
}
