// Pickers for the director's forms, so that nobody types an id or a username: players found
// by the start of their username (GET /api/v1/users?prefix=, the only player search the API
// has), a select of the events (GET /api/v1/events), a select of an event's games or
// players (GET /api/v1/events/{id}) and a select of a player's games
// (GET /api/v1/admin/users/{username}/games).
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { row } from './game_terms';
import { t } from '../i18n/i18n';
import { statusName } from '../i18n/words';

type Found = { username: string; display_name: string };
export type EventSummary = { id: string; name: string; status: string; players: number };
export type EventDetail = {
  id: string; name: string; status: string;
  players: { username: string; display_name: string; status: string; seat: number }[];
  games: { id: string; round: number; board: number; white: string; black: string; status: string; result?: string }[];
};

export type PlayerPicker = {
  el: HTMLElement;
  search: HTMLInputElement;
  // The chosen usernames (at most one unless the picker takes several).
  values(): string[];
  clear(): void;
};

// A search field; the players whose username starts with what is typed appear as buttons
// below it, and a press picks one: "Chosen: Anna (anna)", or for `multiple` a list of the
// chosen ones, each with Remove.
export function playerPicker(id: string, label: string, multiple = false, hint?: string): PlayerPicker {
  const chosen: Found[] = [];
  const search = h('input', { id: `${id}-search`, type: 'search', autocomplete: 'off', spellcheck: 'false',
    placeholder: t('picker.placeholder'), 'aria-describedby': `${id}-chosen`, 'aria-controls': `${id}-results` });
  const results = h('ul', { class: 'picker-results', id: `${id}-results`, 'aria-label': t('picker.matching', { label }) });
  const status = h('p', { class: 'picker-status muted', 'aria-live': 'polite' });
  const picked = h('div', { class: 'picked', id: `${id}-chosen` });
  const el = h('div', { class: 'picker field', id, 'data-multiple': multiple ? 'true' : null },
    h('label', { for: `${id}-search` }, label), search,
    hint ? h('span', { class: 'hint' }, hint) : null, status, results, picked);
  let timer: number | undefined;
  let asked = 0;

  const name = (p: Found) => `${p.display_name} (${p.username})`;
  function drawChosen(): void {
    el.dataset.value = chosen.map((p) => p.username).join(',');
    if (!multiple) {
      replace(picked, chosen.length ? [`${t('picker.chosen_one')} `, h('strong', { 'data-username': chosen[0].username }, name(chosen[0]))]
        : h('span', { class: 'muted' }, t('picker.nobody')));
      return;
    }
    replace(picked, chosen.length
      ? h('ul', { class: 'picked-list', 'aria-label': t('picker.chosen', { label }) }, chosen.map((p, i) => h('li', { 'data-username': p.username },
        `${i + 1}. ${name(p)} `,
        h('button', { type: 'button', class: 'link remove', 'aria-label': t('common.remove_named', { name: p.username }), onclick: () => {
          chosen.splice(chosen.indexOf(p), 1);
          drawChosen();
          search.focus();
        } }, t('common.remove')))))
      : h('span', { class: 'muted' }, t('picker.nobody')));
  }

  function pick(p: Found): void {
    if (multiple) {
      if (!chosen.some((c) => c.username === p.username)) chosen.push(p);
    } else {
      chosen.splice(0, chosen.length, p);
    }
    search.value = '';
    replace(results);
    replace(status);
    drawChosen();
    search.dispatchEvent(new Event('picked', { bubbles: true }));
    search.focus();
  }

  async function find(): Promise<void> {
    const prefix = search.value.trim();
    const n = ++asked;
    if (!prefix) {
      replace(results);
      replace(status);
      return;
    }
    try {
      const { users } = await api<{ users: Found[] }>('GET', `/api/v1/users?prefix=${encodeURIComponent(prefix.slice(0, 32))}&limit=10`);
      if (n !== asked) return; // a later search is on its way
      replace(status, users.length === 10 ? t('picker.first_found', { n: users.length })
        : users.length ? t('picker.found', { n: users.length }) : t('picker.none_found', { prefix }));
      replace(results, users.map((p) => h('li', {},
        h('button', { type: 'button', class: 'pick', 'data-username': p.username, onclick: () => pick(p) },
          chosen.some((c) => c.username === p.username) ? `${name(p)} ✓` : name(p)))));
    } catch (e) {
      if (n === asked) replace(status, errorText(e));
    }
  }
  search.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void find(), 150);
  });
  // Enter picks the only match (and never submits the form).
  search.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const buttons = results.querySelectorAll<HTMLButtonElement>('button.pick');
    if (buttons.length === 1) buttons[0].click();
  });
  drawChosen();
  return {
    el, search,
    values: () => chosen.map((p) => p.username),
    clear: () => { chosen.length = 0; search.value = ''; replace(results); replace(status); drawChosen(); },
  };
}

// All events, newest first (one read shared by the page's selects until reload()).
let events: Promise<EventSummary[]> | null = null;
export function loadEvents(again = false): Promise<EventSummary[]> {
  if (!events || again) {
    events = api<{ events: EventSummary[] }>('GET', '/api/v1/events?status=all').then((r) => r.events);
    events.catch(() => { events = null; });
  }
  return events;
}

export function readEvent(id: string): Promise<EventDetail> {
  return api<EventDetail>('GET', `/api/v1/events/${encodeURIComponent(id)}`);
}

// A select of the events (`statuses`: only those; empty: all), refilled by refresh(), which
// keeps the choice when it is still listed (or takes `choose`). `any`: the text of the empty
// choice when it means "any event" (a filter), else it asks for one.
export type EventSelect = { select: HTMLSelectElement; refresh(choose?: string): Promise<void> };
export function eventSelect(id: string, statuses: string[] = [], any?: string): EventSelect {
  const select = h('select', { id, name: id }, h('option', { value: '' }, t('picker.loading_events')));
  async function refresh(choose?: string): Promise<void> {
    const keep = choose ?? select.value;
    try {
      const list = (await loadEvents(choose !== undefined)).filter((e) => !statuses.length || statuses.includes(e.status));
      replace(select, h('option', { value: '' }, any ?? (list.length ? t('picker.choose_event') : t('picker.no_event'))),
        list.map((e) => h('option', { value: e.id }, `${e.name} (${statusName(e.status)}, ${t('events.player_count', { n: e.players })})`)));
      select.value = list.some((e) => e.id === keep) ? keep : '';
    } catch (e) {
      replace(select, h('option', { value: '' }, t('picker.events_failed', { error: errorText(e) })));
    }
    select.dispatchEvent(new Event('change'));
  }
  void refresh();
  return { select, refresh };
}

// A select filled from the event chosen in `event` (its games, or its players), refilled
// when that choice changes.
export function fromEvent(id: string, event: HTMLSelectElement,
  options: (e: EventDetail) => [string, string][], none: string): { select: HTMLSelectElement; refresh(): Promise<void> } {
  const select = h('select', { id, name: id, disabled: true }, h('option', { value: '' }, t('picker.event_first')));
  let asked = 0;
  async function refresh(): Promise<void> {
    const n = ++asked;
    const keep = select.value;
    if (!event.value) {
      replace(select, h('option', { value: '' }, t('picker.event_first')));
      select.disabled = true;
      return;
    }
    try {
      const list = options(await readEvent(event.value));
      if (n !== asked) return;
      replace(select, h('option', { value: '' }, list.length ? t('game.choose') : none),
        list.map(([value, text]) => h('option', { value }, text)));
      select.value = list.some(([v]) => v === keep) ? keep : '';
      select.disabled = list.length === 0;
    } catch (e) {
      if (n === asked) replace(select, h('option', { value: '' }, errorText(e)));
    }
  }
  event.addEventListener('change', () => void refresh());
  return { select, refresh };
}

export const gameOptions = (e: EventDetail): [string, string][] => e.games.map((g) =>
  [g.id, t('picker.event_game', { round: String(g.round), board: String(g.board), white: g.white, black: g.black,
    outcome: statusName(g.result ?? g.status) })]);
export const playerOptions = (e: EventDetail): [string, string][] => e.players
  .filter((p) => p.status !== 'replaced')
  .map((p) => [p.username, `${p.display_name} (${p.username})${p.status !== 'active' ? `, ${statusName(p.status)}` : ''}`]);

// One entry of a player's game list (GET /api/v1/admin/users/{username}/games).
type ListedGame = {
  id: string; status: string; result?: string; my_color: 'white' | 'black';
  white: string; black: string; event?: { id: string; name: string } | null; // usernames
};

// The games of the player chosen in `picker` (their newest 200), refilled on each choice.
function playerGames(id: string, picker: PlayerPicker): { select: HTMLSelectElement; refresh(): Promise<void> } {
  const select = h('select', { id, name: id, disabled: true }, h('option', { value: '' }, t('picker.player_first')));
  let asked = 0;
  async function refresh(): Promise<void> {
    const n = ++asked;
    const [username] = picker.values();
    if (!username) {
      replace(select, h('option', { value: '' }, t('picker.player_first')));
      select.disabled = true;
      return;
    }
    try {
      const { games } = await api<{ games: ListedGame[] }>('GET',
        `/api/v1/admin/users/${encodeURIComponent(username)}/games?limit=200`);
      if (n !== asked) return;
      replace(select, h('option', { value: '' }, games.length ? t('game.choose') : t('picker.no_games')),
        games.map((g) => h('option', { value: g.id }, t('picker.player_game', { id: g.id, white: g.white, black: g.black,
          event: g.event ? g.event.name : t('picker.no_event_of_game'), outcome: statusName(g.result ?? g.status) }))));
      select.disabled = games.length === 0;
    } catch (e) {
      if (n === asked) replace(select, h('option', { value: '' }, errorText(e)));
    }
  }
  picker.search.addEventListener('picked', () => void refresh());
  return { select, refresh };
}

// A game to act on: an event (running or finished) and one of its games, or, under "A game
// outside events" (or any game of one player), a player and one of their games.
export type GameChoice = { fields: HTMLElement[]; gameId(): string; refresh(): Promise<void> };
export function gameChoice(prefix: string): GameChoice {
  const event = eventSelect(`${prefix}-event`, ['running', 'finished']);
  const games = fromEvent(`${prefix}-game`, event.select, gameOptions, t('picker.no_games_yet'));
  const player = playerPicker(`${prefix}-player`, t('events.player'));
  const theirs = playerGames(`${prefix}-player-game`, player);
  return {
    fields: [row(`${prefix}-event`, t('games.event'), event.select), row(`${prefix}-game`, t('games.game'), games.select),
      h('details', { class: 'other-game' }, h('summary', {}, t('picker.outside_events')),
        player.el, row(`${prefix}-player-game`, t('picker.their_game'), theirs.select))],
    gameId: () => theirs.select.value || games.select.value,
    refresh: async () => { await event.refresh(); await games.refresh(); await theirs.refresh(); },
  };
}
