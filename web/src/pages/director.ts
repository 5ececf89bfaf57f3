// /director (td and admin): create single games and events, add players, start events,
// and decide results.
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { auditLog, gameControls, eventPlayers, leaveQueue } from './director_more';
import { field, section } from './forms';

const perMove = (days: HTMLInputElement) => ({ type: 'iccf', moves: 10, days: Number(days.value) || 50 });
const names = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

export function directorPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle('Director');
  const [lw, white] = field('dg-white', 'White (username)', { required: true });
  const [lb, black] = field('dg-black', 'Black (username)', { required: true });
  const [ld, days] = field('dg-days', 'Days for 10 moves', { type: 'number', min: 1, max: 180, value: 50 });
  const game = section('New game', [lw, white, lb, black, ld, days], 'Create game', async () => {
    const g = await api<{ id: string }>('POST', '/api/v1/admin/games', { white: white.value.trim(), black: black.value.trim(), time_control: perMove(days) });
    go(`/games/${g.id}`);
    return `Game ${g.id} created.`;
  });

  const [ln, name] = field('ev-name', 'Event name', { required: true, maxlength: 100 });
  const [lp, players] = field('ev-players', 'Players (usernames, separated by commas)');
  const [led, evDays] = field('ev-days', 'Days for 10 moves', { type: 'number', min: 1, max: 180, value: 50 });
  const event = section('New event', [ln, name, lp, players, led, evDays], 'Create event', async () => {
    const e = await api<{ id: string }>('POST', '/api/v1/admin/events', { name: name.value.trim(), players: names(players.value), time_control: perMove(evDays) });
    eventId.value = e.id;
    return `Event ${e.id} created.`;
  });

  const [le, eventId] = field('ev-id', 'Event id', { required: true });
  const [la, addName] = field('ev-add', 'Player to add (username)');
  const manage = h('div', {},
    section('Add a player', [le, eventId, la, addName], 'Add player', async () => {
      await api('POST', `/api/v1/admin/events/${encodeURIComponent(eventId.value.trim())}/players`, { username: addName.value.trim() });
      return `${addName.value.trim()} added.`;
    }),
    section('Start the event', [], 'Start event', async () => {
      const e = await api<{ id: string; games: unknown[] }>('POST', `/api/v1/admin/events/${encodeURIComponent(eventId.value.trim())}/start`);
      go(`/events/${e.id}`);
      return `Started with ${e.games.length} games.`;
    }));

  const [lg, gameId] = field('res-game', 'Game id', { required: true });
  const result = h('select', { id: 'res-result', name: 'result' }, ['1-0', '0-1', '1/2-1/2', '0-0'].map((r) => h('option', { value: r }, r)));
  const termination = h('select', { id: 'res-termination', name: 'termination' },
    ['adjudication', 'default', 'resignation', 'agreement', 'time_forfeit'].map((t) => h('option', { value: t }, t.replace('_', ' '))));
  const [lr, reason] = field('res-reason', 'Reason', { required: true, maxlength: 1000 });
  const decide = section('Decide a result', [lg, gameId, h('label', { for: 'res-result' }, 'Result'), result,
    h('label', { for: 'res-termination' }, 'Termination'), termination, lr, reason], 'Enter result', async () => {
    await api('POST', `/api/v1/admin/games/${encodeURIComponent(gameId.value.trim())}/result`,
      { result: result.value, termination: termination.value, reason: reason.value });
    return `Result ${result.value} entered for game ${gameId.value.trim()}.`;
  });
  replace(root, h('h1', {}, 'Tournament director'),
    h('p', {}, h('a', { href: '/adjudications' }, 'Adjudication queue'), ': games past their end date waiting for your decision.'),
    h('div', { class: 'director' }, game, event, manage, decide, gameControls(), eventPlayers()),
    leaveQueue(), auditLog());
}
