// /challenges: challenge a player (or everybody: an open challenge, a "seek") with every
// option of POST /api/v1/challenges, answer incoming challenges, accept open ones (listed with
// the challenger's rating).
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { onLive } from '../live';
import { me } from '../session';
import { setTitle } from '../title';
import { localTime } from '../time';
import { t } from '../i18n/i18n';
import { check, gameTerms, num, row, value } from './game_terms';

type Player = { username: string; display_name?: string };
type Challenge = {
  id: string; challenger: Player; opponent: Player | null; status: string; color: string; variant: string;
  start_position?: number; time_control: Record<string, unknown>; message?: string; expires_at: string; game_id?: string;
  rated?: boolean; min_rating?: number | null; max_rating?: number | null; min_finished_games?: number | null;
  messages_allowed?: boolean; draw_min_moves?: number;
};

const who = (p: Player | null) => (p ? p.display_name ?? p.username : t('ch.anyone'));

function timeControl(tc: Record<string, unknown>): string {
  const n = (v: unknown) => Number(v);
  if (tc.type === 'iccf') {
    // (German says "in 50 Tagen": the dative plural)
    return t('ch.tc_iccf', { moves: n(tc.moves), days: t('ch.days_in', { n: n(tc.days) }) })
      + (tc.doubling_after_days ? ` ${t('ch.tc_doubling', { days: t('ch.days_in', { n: n(tc.doubling_after_days) }) })}` : '');
  }
  if (tc.type === 'per_move') {
    return t('ch.tc_per_move', { days: t('ch.days', { n: n(tc.days) }) })
      + (n(tc.bank_days) > 0 ? ` ${t('ch.tc_bank', { days: t('ch.days', { n: n(tc.bank_days) }) })}` : '');
  }
  if (tc.type === 'fischer') {
    return t('ch.tc_fischer', { initial: t('ch.days', { n: n(tc.initial_days) }), increment: n(tc.increment_days) })
      + (tc.max_days ? ` ${t('ch.tc_max', { max: n(tc.max_days) })}` : '');
  }
  if (tc.type === 'triple_block') {
    return t('ch.tc_triple', { increment: t('ch.days', { n: n(tc.increment_days) }), bank: t('ch.days', { n: n(tc.bank_days) }) });
  }
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
        return c ? `${Math.round(c.rating)}${c.provisional ? '?' : ''}` : t('ch.unrated');
      })
      .catch(() => '');
    ratings.set(key, known);
  }
  return known;
}

export function challengesPage(root: HTMLElement, go?: (path: string) => void): () => void {
  setTitle(t('nav.challenges'));
  ratings.clear();
  const lists = h('div', {});
  const error = errorBox();
  const sent = h('p', { class: 'notice', role: 'status', hidden: true });
  const names = h('datalist', { id: 'ch-names' });
  const opponent = h('input', { id: 'ch-opponent', name: 'opponent', placeholder: t('ch.opponent_placeholder'),
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
  const rated = h('input', { type: 'checkbox', id: 'ch-rated', name: 'rated', checked: true });
  // Variant, time control and game rules (the server's defaults unless changed).
  const setup = gameTerms('ch', 'per_move', () => { openPart.hidden = opponent.value.trim() !== ''; });
  const showParts = () => setup.showParts();

  const color = h('select', { id: 'ch-color', name: 'color' },
    h('option', { value: 'random' }, t('ch.random')), h('option', { value: 'white' }, t('color.White')), h('option', { value: 'black' }, t('color.Black')));
  const text = h('input', { id: 'ch-message', name: 'message', maxlength: 1000 });
  const expires = num({ id: 'ch-expires', name: 'expires_days', min: 1, max: 60, value: 14 });

  // Open challenges only: who may accept.
  const minRating = num({ id: 'ch-min-rating', name: 'min_rating', min: 0, max: 4000, placeholder: t('common.none') });
  const maxRating = num({ id: 'ch-max-rating', name: 'max_rating', min: 0, max: 4000, placeholder: t('common.none') });
  const minGames = num({ id: 'ch-min-games', name: 'min_finished_games', min: 0, max: 10000, placeholder: t('common.none') });
  const openPart = h('fieldset', { class: 'open-only' }, h('legend', {}, t('ch.who_may_accept')),
    row('ch-min-rating', t('ch.lowest_rating'), minRating), row('ch-max-rating', t('ch.highest_rating'), maxRating),
    row('ch-min-games', t('ch.min_games_label'), minGames));

  const form = h('form', { class: 'challenge-form', id: 'challenge-form', onsubmit: async (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = { time_control: setup.timeControl(), color: color.value, rated: rated.checked, ...setup.body() };
    const open = !opponent.value.trim();
    if (!open) body.opponent = opponent.value.trim();
    if (text.value.trim()) body.message = text.value;
    const expiresDays = value(expires);
    if (expiresDays !== undefined) body.expires_at = new Date(Date.now() + expiresDays * 86400000).toISOString();
    if (open) {
      for (const [name, input] of [['min_rating', minRating], ['max_rating', maxRating], ['min_finished_games', minGames]] as const) {
        if (value(input) !== undefined) body[name] = value(input);
      }
    }
    try {
      await api('POST', '/api/v1/challenges', body);
      showError(error, null);
      sent.hidden = false;
      replace(sent, open ? t('ch.sent_open') : t('ch.sent_to', { name: opponent.value.trim() }));
      await load();
    } catch (err) {
      sent.hidden = true;
      showError(error, errorText(err));
    }
  } },
    h('h2', {}, t('ch.new')),
    h('fieldset', {}, h('legend', {}, t('ch.opponent_and_game')),
      row('ch-opponent', t('games.opponent'), opponent, t('ch.opponent_hint')), names,
      check('ch-rated', t('ch.rated_label'), rated),
      row('ch-variant', t('ch.variant'), setup.variant), setup.startRow,
      row('ch-color', t('ch.your_colour'), color)),
    h('fieldset', {}, h('legend', {}, t('ch.time_control')), row('ch-tc-type', t('ch.type'), setup.tcType), setup.tcParts),
    openPart,
    h('fieldset', {}, h('legend', {}, t('ch.message_and_expiry')),
      row('ch-message', t('ch.message'), text),
      row('ch-expires', t('ch.expires'), expires)),
    setup.rules,
    h('button', { type: 'submit', class: 'primary' }, t('ch.send')), sent, error);
  opponent.value = new URLSearchParams(location.search).get('opponent') ?? '';
  showParts();
  replace(root, h('h1', {}, t('nav.challenges')), h('div', { class: 'challenges-page' }, lists, form));

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
    const colour = c.color === 'white' ? t('ch.plays_white') : c.color === 'black' ? t('ch.plays_black') : t('ch.plays_random');
    const parts = [timeControl(c.time_control), c.variant === 'chess960' ? `Chess960${c.start_position !== undefined ? ` #${c.start_position}` : ''}` : t('ch.standard'),
      c.rated === false ? t('ch.unrated') : t('ch.rated'), colour];
    if (c.min_rating != null || c.max_rating != null) parts.push(t('ch.ratings', { min: String(c.min_rating ?? '…'), max: String(c.max_rating ?? '…') }));
    if (c.min_finished_games) parts.push(t('ch.min_games', { n: c.min_finished_games }));
    if (c.messages_allowed === false) parts.push(t('ch.no_messages'));
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
          ` (${t('ch.until', { until: localTime(c.expires_at) })}) `, buttons(c));
      })) : h('p', { class: 'muted' }, t('games.none')));

  async function load(): Promise<void> {
    try {
      const data = await api<{ incoming: Challenge[]; outgoing: Challenge[]; open: Challenge[] }>('GET', '/api/v1/challenges');
      const b = (name: string, c: Challenge, what: string) => h('button', { type: 'button', onclick: () => void act(c, what) }, name);
      replace(lists,
        section(t('ch.incoming'), 'incoming', data.incoming, (c) => [b(t('ch.accept'), c, 'accept'), b(t('ch.decline'), c, 'decline')], true),
        section(t('ch.yours'), 'outgoing', data.outgoing, (c) => [b(t('ch.cancel'), c, 'cancel')]),
        section(t('ch.open'), 'open', data.open.filter((c) => c.challenger.username !== me()?.username), (c) => [b(t('ch.accept'), c, 'accept')], true));
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
