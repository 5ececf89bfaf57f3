// Challenges seen from every page: the number of incoming challenges (a badge on the
// navigation's Challenges link, read at every (re)connection and on every live challenge
// message), and a notice when someone accepted one of your challenges, linking to the game.
import { api } from './api';
import { h, replace } from './dom';
import { onLive, LiveMessage } from './live';
import { me } from './session';
import { t, tParts } from './i18n/i18n';

type Player = { username: string; display_name?: string };

let incoming = 0;

// The notices under the navigation (main.ts places it).
export const challengeNews = h('div', { id: 'challenge-news', class: 'challenge-news' });

// The Challenges link's badge (one element, placed again at every drawing of the
// navigation): hidden when nothing is waiting.
export const challengeBadge = h('span', { class: 'badge', id: 'challenge-badge', hidden: true });

function setIncoming(n: number): void {
  incoming = n;
  challengeBadge.hidden = n === 0;
  challengeBadge.dataset.count = String(n);
  replace(challengeBadge, n ? [String(n), h('span', { class: 'visually-hidden' }, ` ${t('badge.challenges', { n })}`)] : []);
}

let asking = 0;
async function count(): Promise<void> {
  const mine = ++asking;
  try {
    const data = await api<{ incoming: unknown[] }>('GET', '/api/v1/challenges');
    if (mine === asking) setIncoming(data.incoming.length);
  } catch {
    // the badge is a convenience; the next message asks again
  }
}

function accepted(m: LiveMessage): void {
  const user = me();
  const c = m.challenge as { challenger: Player; opponent: Player | null; decided_by?: string } | undefined;
  if (!user || !c || !m.game_id || c.challenger.username !== user.username) return;
  const by = c.opponent?.display_name ?? c.opponent?.username ?? c.decided_by ?? t('news.your_opponent');
  if (challengeNews.querySelector(`[data-game="${CSS.escape(m.game_id)}"]`)) return;
  const item = h('p', { class: 'accepted', role: 'status', 'data-game': m.game_id },
    tParts('news.accepted', { name: by,
      link: h('a', { href: `/games/${encodeURIComponent(m.game_id)}`, onclick: () => item.remove() }, t('news.go_to_game')) }),
    ' ', h('button', { type: 'button', class: 'link dismiss', 'aria-label': t('common.dismiss'), onclick: () => item.remove() }, '×'));
  challengeNews.append(item);
}

onLive((m) => {
  if (m.type === 'hello' || m.type === 'resync' || m.type.startsWith('challenge')) void count();
  if (m.type === 'challenge_accepted') accepted(m);
});

// After signing out: nothing is shown.
export function clearChallengeNews(): void {
  setIncoming(0);
  replace(challengeNews);
}
