// The number of games where it is your move, on the navigation's "My games" link (from GET
// /api/v1/games?to_move=me, `counts.to_move`), read at every (re)connection and on every live
// message that can change it (a move, the end of a game, a new game); and the next game
// where it is your move, soonest deadline first, for the game page's "Next game" button.
import { api } from './api';
import { h, replace } from './dom';
import { onLive } from './live';
import { me } from './session';
import { t } from './i18n/i18n';

type ListPage = { games: { id: string; my_turn: boolean }[]; counts: { to_move: number } };

// One element, placed again at every drawing of the navigation: hidden at zero.
export const toMoveBadge = h('span', { class: 'badge to-move', id: 'to-move-badge', hidden: true });

function setCount(n: number): void {
  toMoveBadge.hidden = n === 0;
  toMoveBadge.dataset.count = String(n);
  replace(toMoveBadge, n ? [String(n), h('span', { class: 'visually-hidden' }, ` ${t('badge.to_move', { n })}`)] : []);
}

let asking = 0;
export async function countToMove(): Promise<void> {
  if (!me()) {
    setCount(0);
    return;
  }
  const mine = ++asking;
  try {
    const page = await api<ListPage>('GET', '/api/v1/games?to_move=me&limit=1');
    if (mine === asking) setCount(page.counts.to_move);
  } catch {
    // a convenience: the next message asks again
  }
}

// The game with the nearest deadline where it is your move, other than `current`; null when
// there is none.
export async function nextGame(current: string): Promise<string | null> {
  const page = await api<ListPage>('GET', '/api/v1/games?to_move=me&limit=2');
  return page.games.find((g) => g.id !== current)?.id ?? null;
}

const changes = new Set(['hello', 'resync', 'move', 'game_over', 'game_started', 'challenge_accepted', 'player_replaced', 'adjudication_pending']);
let timer: number | undefined;
onLive((m) => {
  if (!changes.has(m.type)) return;
  // Messages that come together (a move and its conditional reply) cost one read.
  window.clearTimeout(timer);
  timer = window.setTimeout(() => void countToMove(), m.type === 'hello' ? 0 : 200);
});

// After signing out.
export function clearToMove(): void {
  asking++;
  setCount(0);
}
