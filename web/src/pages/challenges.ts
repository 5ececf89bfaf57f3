// /challenges: challenge a player (or everybody), answer incoming challenges, accept open ones.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { onLive } from '../live';
import { me } from '../session';
import { setTitle } from '../title';
import { localTime } from '../time';

type Player = { username: string; display_name?: string };
type Challenge = {
  id: string; challenger: Player; opponent: Player | null; status: string; color: string; variant: string;
  time_control: Record<string, unknown>; message?: string; expires_at: string; game_id?: string;
};

const who = (p: Player | null) => (p ? p.display_name ?? p.username : 'anyone');

function timeControl(tc: Record<string, unknown>): string {
  if (tc.type === 'iccf') return `${tc.moves} moves in ${tc.days} days`;
  if (tc.type === 'per_move') return `${tc.days} days per move`;
  if (tc.type === 'fischer') return `${tc.initial_days} days + ${tc.increment_days} per move`;
  return String(tc.type);
}

export function challengesPage(root: HTMLElement, go?: (path: string) => void): () => void {
  setTitle('Challenges');
  const lists = h('div', {});
  const error = errorBox();
  const names = h('datalist', { id: 'ch-names' });
  const opponent = h('input', { id: 'ch-opponent', name: 'opponent', placeholder: 'username (empty: anyone)',
    list: 'ch-names', autocomplete: 'off', oninput: () => void suggest() });
  // Players whose username starts with what is typed (GET /api/v1/users?prefix=).
  async function suggest(): Promise<void> {
    const prefix = opponent.value.trim();
    if (!prefix || prefix.length > 32) return;
    try {
      const { users } = await api<{ users: { username: string; display_name: string }[] }>(
        'GET', `/api/v1/users?prefix=${encodeURIComponent(prefix)}&limit=10`);
      replace(names, users.map((u) => h('option', { value: u.username }, u.display_name)));
    } catch {
      // suggestions are a convenience
    }
  }
  const days = h('input', { id: 'ch-days', name: 'days', type: 'number', min: 1, max: 180, value: 5 });
  const color = h('select', { id: 'ch-color', name: 'color' },
    h('option', { value: 'random' }, 'Random'), h('option', { value: 'white' }, 'White'), h('option', { value: 'black' }, 'Black'));
  const text = h('input', { id: 'ch-message', name: 'message', maxlength: 1000 });
  const form = h('form', { class: 'stack narrow', onsubmit: async (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = { time_control: { type: 'per_move', days: Number(days.value) }, color: color.value };
    if (opponent.value.trim()) body.opponent = opponent.value.trim();
    if (text.value.trim()) body.message = text.value;
    try {
      await api('POST', '/api/v1/challenges', body);
      showError(error, null);
      await load();
    } catch (err) {
      showError(error, errorText(err));
    }
  } },
    h('h2', {}, 'New challenge'),
    h('label', { for: 'ch-opponent' }, 'Opponent'), opponent, names,
    h('label', { for: 'ch-days' }, 'Days per move'), days,
    h('label', { for: 'ch-color' }, 'Your colour'), color,
    h('label', { for: 'ch-message' }, 'Message'), text,
    h('button', { type: 'submit', class: 'primary' }, 'Send challenge'), error);
  opponent.value = new URLSearchParams(location.search).get('opponent') ?? '';
  replace(root, h('h1', {}, 'Challenges'), lists, form);

  const act = async (c: Challenge, what: string) => {
    try {
      const answer = await api<{ game?: { id: string } }>('POST', `/api/v1/challenges/${encodeURIComponent(c.id)}/${what}`);
      showError(error, null);
      if (what === 'accept' && answer.game && go) go(`/games/${answer.game.id}`);
      else await load();
    } catch (err) {
      showError(error, errorText(err));
    }
  };
  const section = (title: string, items: Challenge[], buttons: (c: Challenge) => HTMLElement[]) =>
    h('section', {}, h('h2', {}, `${title} (${items.length})`),
      items.length ? h('ul', { class: 'challenges' }, items.map((c) => h('li', {},
        `${who(c.challenger)} → ${who(c.opponent)}: ${timeControl(c.time_control)}, ${c.variant}, challenger plays ${c.color}`,
        c.message ? h('q', {}, c.message) : null,
        ` (until ${localTime(c.expires_at)}) `, buttons(c)))) : h('p', { class: 'muted' }, 'None.'));

  async function load(): Promise<void> {
    try {
      const data = await api<{ incoming: Challenge[]; outgoing: Challenge[]; open: Challenge[] }>('GET', '/api/v1/challenges');
      const b = (name: string, c: Challenge, what: string) => h('button', { type: 'button', onclick: () => void act(c, what) }, name);
      replace(lists,
        section('Incoming', data.incoming, (c) => [b('Accept', c, 'accept'), b('Decline', c, 'decline')]),
        section('Yours', data.outgoing, (c) => [b('Cancel challenge', c, 'cancel')]),
        section('Open challenges', data.open.filter((c) => c.challenger.username !== me()?.username), (c) => [b('Accept', c, 'accept')]));
    } catch (err) {
      showError(error, errorText(err));
    }
  }
  const stop = onLive((m) => {
    if (m.type.startsWith('challenge')) void load();
  });
  void load();
  return stop;
}
