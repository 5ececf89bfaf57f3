// /challenges: challenge a player (or everybody: an open challenge, a "seek") with every
// option of POST /api/v1/challenges, answer incoming challenges, accept open ones (listed with
// the challenger's rating).
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { onLive } from '../live';
import { me } from '../session';
import { setTitle } from '../title';
import { localTime } from '../time';

type Player = { username: string; display_name?: string };
type Challenge = {
  id: string; challenger: Player; opponent: Player | null; status: string; color: string; variant: string;
  start_position?: number; time_control: Record<string, unknown>; message?: string; expires_at: string; game_id?: string;
  rated?: boolean; min_rating?: number | null; max_rating?: number | null; min_finished_games?: number | null;
  messages_allowed?: boolean; draw_min_moves?: number;
};

const who = (p: Player | null) => (p ? p.display_name ?? p.username : 'anyone');

function timeControl(tc: Record<string, unknown>): string {
  const n = (v: unknown) => Number(v);
  if (tc.type === 'iccf') return `${tc.moves} moves in ${tc.days} days${tc.doubling_after_days ? ` (doubling after ${tc.doubling_after_days} days)` : ''}`;
  if (tc.type === 'per_move') return `${tc.days} days per move${n(tc.bank_days) > 0 ? ` + ${tc.bank_days} days bank` : ''}`;
  if (tc.type === 'fischer') return `${tc.initial_days} days + ${tc.increment_days} per move${tc.max_days ? ` (at most ${tc.max_days})` : ''}`;
  if (tc.type === 'triple_block') return `Triple Block: ${tc.increment_days} days per move, ${tc.bank_days} days bank`;
  return String(tc.type);
}

// The challenger's current rating in the challenge's pool ("1623", or "unrated"), read once
// per player and pool.
const ratings = new Map<string, Promise<string>>();
function ratingOf(username: string, pool: string): Promise<string> {
  const key = `${username}|${pool}`;
  let known = ratings.get(key);
  if (!known) {
    known = api<{ pools: Record<string, { current: { rating: number; provisional?: boolean } | null }> }>(
      'GET', `/api/v1/users/${encodeURIComponent(username)}/ratings`)
      .then((r) => {
        const c = r.pools?.[pool]?.current;
        return c ? `${Math.round(c.rating)}${c.provisional ? '?' : ''}` : 'unrated';
      })
      .catch(() => '');
    ratings.set(key, known);
  }
  return known;
}

const num = (attrs: Record<string, string | number>) => h('input', { type: 'number', inputmode: 'numeric', ...attrs });

export function challengesPage(root: HTMLElement, go?: (path: string) => void): () => void {
  setTitle('Challenges');
  ratings.clear();
  const lists = h('div', {});
  const error = errorBox();
  const sent = h('p', { class: 'notice', role: 'status', hidden: true });
  const names = h('datalist', { id: 'ch-names' });
  const opponent = h('input', { id: 'ch-opponent', name: 'opponent', placeholder: 'username (empty: anyone)',
    list: 'ch-names', autocomplete: 'off', oninput: () => { void suggest(); showParts(); } });
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
  const row = (id: string, label: string, field: HTMLElement, hint?: string) =>
    h('div', { class: 'field' }, h('label', { for: id }, label), field, hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null);
  const check = (id: string, label: string, field: HTMLInputElement) =>
    h('div', { class: 'field check' }, field, h('label', { for: id }, label));

  const rated = h('input', { type: 'checkbox', id: 'ch-rated', name: 'rated', checked: true });
  const variant = h('select', { id: 'ch-variant', name: 'variant', onchange: () => showParts() },
    h('option', { value: 'standard' }, 'Standard'), h('option', { value: 'chess960' }, 'Chess960'));
  const startPosition = num({ id: 'ch-start-position', name: 'start_position', min: 0, max: 959, placeholder: 'random' });
  const startRow = row('ch-start-position', 'Start position (0–959)', startPosition, 'Empty: a random one when accepted.');

  // The time control: its type, and the fields of that type.
  const tcType = h('select', { id: 'ch-tc-type', name: 'time_control_type', onchange: () => showParts() },
    h('option', { value: 'per_move' }, 'Days per move'), h('option', { value: 'iccf' }, 'ICCF (moves in days)'),
    h('option', { value: 'fischer' }, 'Fischer (initial + increment)'), h('option', { value: 'triple_block' }, 'Triple Block'));
  const days = num({ id: 'ch-days', name: 'days', min: 1, max: 180, value: 5 });
  const bank = num({ id: 'ch-bank', name: 'bank_days', min: 0, max: 180, value: 0 });
  const iccfMoves = num({ id: 'ch-iccf-moves', name: 'moves', min: 1, max: 200, value: 10 });
  const iccfDays = num({ id: 'ch-iccf-days', name: 'iccf_days', min: 1, max: 180, value: 50 });
  const iccfDoubling = num({ id: 'ch-iccf-doubling', name: 'doubling_after_days', min: 1, max: 180, placeholder: 'none' });
  const fInitial = num({ id: 'ch-fischer-initial', name: 'initial_days', min: 1, max: 180, value: 30 });
  const fIncrement = num({ id: 'ch-fischer-increment', name: 'increment_days', min: 0, max: 180, value: 3 });
  const fMax = num({ id: 'ch-fischer-max', name: 'max_days', min: 1, max: 180, placeholder: 'none' });
  const tbIncrement = num({ id: 'ch-tb-increment', name: 'tb_increment_days', min: 1, max: 180, value: 5 });
  const tbBank = num({ id: 'ch-tb-bank', name: 'tb_bank_days', min: 0, max: 180, value: 50 });
  const tbProtection = h('input', { type: 'checkbox', id: 'ch-tb-protection', name: 'sudden_death_protection' });
  const tcParts: Record<string, HTMLElement> = {
    per_move: h('div', { class: 'tc-fields', 'data-tc': 'per_move' },
      row('ch-days', 'Days per move', days), row('ch-bank', 'Bank (days, 0: none)', bank)),
    iccf: h('div', { class: 'tc-fields', 'data-tc': 'iccf' },
      row('ch-iccf-moves', 'Moves', iccfMoves), row('ch-iccf-days', 'In days', iccfDays),
      row('ch-iccf-doubling', 'Time doubles after (days, optional)', iccfDoubling)),
    fischer: h('div', { class: 'tc-fields', 'data-tc': 'fischer' },
      row('ch-fischer-initial', 'Initial days', fInitial), row('ch-fischer-increment', 'Days added per move', fIncrement),
      row('ch-fischer-max', 'At most (days, optional)', fMax)),
    triple_block: h('div', { class: 'tc-fields', 'data-tc': 'triple_block' },
      row('ch-tb-increment', 'Days per move', tbIncrement), row('ch-tb-bank', 'Bank (days)', tbBank),
      check('ch-tb-protection', 'Sudden-death protection', tbProtection)),
  };

  const color = h('select', { id: 'ch-color', name: 'color' },
    h('option', { value: 'random' }, 'Random'), h('option', { value: 'white' }, 'White'), h('option', { value: 'black' }, 'Black'));
  const text = h('input', { id: 'ch-message', name: 'message', maxlength: 1000 });
  const expires = num({ id: 'ch-expires', name: 'expires_days', min: 1, max: 60, value: 14 });

  // Open challenges only: who may accept.
  const minRating = num({ id: 'ch-min-rating', name: 'min_rating', min: 0, max: 4000, placeholder: 'none' });
  const maxRating = num({ id: 'ch-max-rating', name: 'max_rating', min: 0, max: 4000, placeholder: 'none' });
  const minGames = num({ id: 'ch-min-games', name: 'min_finished_games', min: 0, max: 10000, placeholder: 'none' });
  const openPart = h('fieldset', { class: 'open-only' }, h('legend', {}, 'Who may accept (open challenge)'),
    row('ch-min-rating', 'Lowest rating', minRating), row('ch-max-rating', 'Highest rating', maxRating),
    row('ch-min-games', 'At least this many finished games', minGames));

  // The game's rules (the server's defaults unless changed).
  const messagesAllowed = h('input', { type: 'checkbox', id: 'ch-messages-allowed', name: 'messages_allowed', checked: true });
  const tenMoves = h('input', { type: 'checkbox', id: 'ch-ten-moves', name: 'ten_moves_rule', checked: true });
  const silence = h('input', { type: 'checkbox', id: 'ch-silence', name: 'silence_rule', checked: true });
  const drawMin = num({ id: 'ch-draw-min', name: 'draw_min_moves', min: 0, max: 1000, value: 0 });
  const rules = h('details', { class: 'rules' }, h('summary', {}, 'Game rules'),
    check('ch-messages-allowed', 'Messages with moves allowed', messagesAllowed),
    check('ch-ten-moves', 'Ten-moves rule for draw offers', tenMoves),
    check('ch-silence', 'Silence rule (40 days without a move)', silence),
    row('ch-draw-min', 'No draw offer before move (0: none)', drawMin));

  function showParts(): void {
    for (const [type, part] of Object.entries(tcParts)) part.hidden = type !== tcType.value;
    startRow.hidden = variant.value !== 'chess960';
    openPart.hidden = opponent.value.trim() !== '';
  }

  const value = (input: HTMLInputElement) => (input.value.trim() === '' ? undefined : Number(input.value));
  function timeControlBody(): Record<string, unknown> {
    const type = tcType.value;
    if (type === 'iccf') return { type, moves: value(iccfMoves), days: value(iccfDays), doubling_after_days: value(iccfDoubling) };
    if (type === 'fischer') return { type, initial_days: value(fInitial), increment_days: value(fIncrement), max_days: value(fMax) };
    if (type === 'triple_block') return { type, increment_days: value(tbIncrement), bank_days: value(tbBank), sudden_death_protection: tbProtection.checked };
    return { type, days: value(days), bank_days: value(bank) };
  }

  const form = h('form', { class: 'challenge-form', id: 'challenge-form', onsubmit: async (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = { time_control: timeControlBody(), color: color.value, variant: variant.value, rated: rated.checked };
    const open = !opponent.value.trim();
    if (!open) body.opponent = opponent.value.trim();
    if (variant.value === 'chess960' && value(startPosition) !== undefined) body.start_position = value(startPosition);
    if (text.value.trim()) body.message = text.value;
    const expiresDays = value(expires);
    if (expiresDays !== undefined) body.expires_at = new Date(Date.now() + expiresDays * 86400000).toISOString();
    if (open) {
      for (const [name, input] of [['min_rating', minRating], ['max_rating', maxRating], ['min_finished_games', minGames]] as const) {
        if (value(input) !== undefined) body[name] = value(input);
      }
    }
    if (!messagesAllowed.checked) body.messages_allowed = false;
    if (!tenMoves.checked) body.ten_moves_rule = false;
    if (!silence.checked) body.silence_rule = false;
    if ((value(drawMin) ?? 0) > 0) body.draw_min_moves = value(drawMin);
    try {
      await api('POST', '/api/v1/challenges', body);
      showError(error, null);
      sent.hidden = false;
      replace(sent, open ? 'Open challenge sent: anyone who may accept it sees it.' : `Challenge sent to ${opponent.value.trim()}.`);
      await load();
    } catch (err) {
      sent.hidden = true;
      showError(error, errorText(err));
    }
  } },
    h('h2', {}, 'New challenge'),
    h('fieldset', {}, h('legend', {}, 'Opponent and game'),
      row('ch-opponent', 'Opponent', opponent, 'Empty: an open challenge that anyone may accept.'), names,
      check('ch-rated', 'Rated', rated),
      row('ch-variant', 'Variant', variant), startRow,
      row('ch-color', 'Your colour', color)),
    h('fieldset', {}, h('legend', {}, 'Time control'), row('ch-tc-type', 'Type', tcType), Object.values(tcParts)),
    openPart,
    h('fieldset', {}, h('legend', {}, 'Message and expiry'),
      row('ch-message', 'Message', text),
      row('ch-expires', 'Expires after (days, at most 60)', expires)),
    rules,
    h('button', { type: 'submit', class: 'primary' }, 'Send challenge'), sent, error);
  opponent.value = new URLSearchParams(location.search).get('opponent') ?? '';
  showParts();
  replace(root, h('h1', {}, 'Challenges'), h('div', { class: 'challenges-page' }, lists, form));

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
  const terms = (c: Challenge): string => {
    const parts = [timeControl(c.time_control), c.variant === 'chess960' ? `Chess960${c.start_position !== undefined ? ` #${c.start_position}` : ''}` : 'standard',
      c.rated === false ? 'unrated' : 'rated', `challenger plays ${c.color}`];
    if (c.min_rating != null || c.max_rating != null) parts.push(`ratings ${c.min_rating ?? '…'}–${c.max_rating ?? '…'}`);
    if (c.min_finished_games) parts.push(`at least ${c.min_finished_games} finished games`);
    if (c.messages_allowed === false) parts.push('no messages');
    return parts.join(', ');
  };
  const section = (title: string, kind: string, items: Challenge[], buttons: (c: Challenge) => HTMLElement[], withRating = false) =>
    h('section', { class: `challenge-list ${kind}` }, h('h2', {}, `${title} (${items.length})`),
      items.length ? h('ul', { class: 'challenges' }, items.map((c) => {
        const rating = h('span', { class: 'rating', 'data-username': c.challenger.username });
        if (withRating) {
          void ratingOf(c.challenger.username, c.variant === 'chess960' ? 'chess960' : 'standard').then((r) => {
            replace(rating, r ? ` (${r})` : '');
            rating.dataset.rating = r;
          });
        }
        return h('li', { 'data-challenge': c.id },
          h('span', { class: 'who' }, who(c.challenger), withRating ? rating : null, ` → ${who(c.opponent)}`),
          h('span', { class: 'terms' }, `: ${terms(c)}`),
          c.message ? h('q', {}, c.message) : null,
          ` (until ${localTime(c.expires_at)}) `, buttons(c));
      })) : h('p', { class: 'muted' }, 'None.'));

  async function load(): Promise<void> {
    try {
      const data = await api<{ incoming: Challenge[]; outgoing: Challenge[]; open: Challenge[] }>('GET', '/api/v1/challenges');
      const b = (name: string, c: Challenge, what: string) => h('button', { type: 'button', onclick: () => void act(c, what) }, name);
      replace(lists,
        section('Incoming', 'incoming', data.incoming, (c) => [b('Accept', c, 'accept'), b('Decline', c, 'decline')], true),
        section('Yours', 'outgoing', data.outgoing, (c) => [b('Cancel challenge', c, 'cancel')]),
        section('Open challenges', 'open', data.open.filter((c) => c.challenger.username !== me()?.username), (c) => [b('Accept', c, 'accept')], true));
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
