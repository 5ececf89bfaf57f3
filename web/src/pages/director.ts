// /director (td and admin): create single games and events (every option of the API), add
// players, start events, withdraw and replace players, and decide results. Players, events
// and games are picked (pickers.ts), never typed.
import './director.css';
import { api } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { auditLog, gameControls, leaveQueue } from './director_more';
import { newEventForm } from './director_event';
import { newSeriesForm } from './director_series';
import { newCupForm } from './director_cup';
import { newOlympiadForm, newTeamForm, newTeamMatchForm, startTeamMatchForm } from './director_teams';
import { newChampionshipForm } from './director_championship';
import { section } from './forms';
import { gameTerms, row } from './game_terms';
import { eventSelect, fromEvent, gameChoice, loadEvents, playerOptions, playerPicker } from './pickers';

function newGame(go: (path: string) => void): HTMLElement {
  const white = playerPicker('dg-white', 'White');
  const black = playerPicker('dg-black', 'Black');
  const terms = gameTerms('dg', 'iccf');
  terms.showParts();
  return section('New game', [white.el, black.el, row('dg-variant', 'Variant', terms.variant), terms.startRow,
    row('dg-tc-type', 'Time control', terms.tcType), ...terms.tcParts, terms.rules], 'Create game', async () => {
    const [w] = white.values();
    const [b] = black.values();
    if (!w || !b) throw new Error('Choose both players first: nothing was created.');
    const g = await api<{ id: string }>('POST', '/api/v1/admin/games', { white: w, black: b, time_control: terms.timeControl(), ...terms.body() });
    go(`/games/${g.id}`);
    return `Game ${g.id} created.`;
  });
}

// An event before and while it runs: add players, start it, withdraw or replace a player.
function runEvent(go: (path: string) => void): { el: HTMLElement; choose(id: string): Promise<void> } {
  const event = eventSelect('run-event', ['registration', 'running']);
  const chosen = () => {
    if (!event.select.value) throw new Error('Choose an event first.');
    return encodeURIComponent(event.select.value);
  };
  const adding = playerPicker('ev-add', 'Players to add', true);
  const seated = fromEvent('ep-user', event.select, playerOptions, 'No players yet');
  const replacement = playerPicker('ep-replacement', 'Replacement (nobody: withdraw the player)');
  const reason = h('input', { id: 'ep-reason', required: true, maxlength: 1000 });
  const after = async () => { await event.refresh(event.select.value); await seated.refresh(); };
  const el = h('div', { class: 'director-form run-event' },
    h('h2', {}, 'Run an event'),
    row('run-event', 'Event', event.select),
    section('Add players', [adding.el], 'Add players', async () => {
      const id = chosen();
      const names = adding.values();
      if (!names.length) throw new Error('Choose the players to add first.');
      for (const username of names) await api('POST', `/api/v1/admin/events/${id}/players`, { username });
      adding.clear();
      await after();
      return `Added ${names.join(', ')}.`;
    }, 'sub-form'),
    section('Start the event', [], 'Start event', async () => {
      const e = await api<{ id: string; games: unknown[] }>('POST', `/api/v1/admin/events/${chosen()}/start`);
      go(`/events/${e.id}`);
      return `Started with ${e.games.length} games.`;
    }, 'sub-form'),
    section('Withdraw or replace a player', [row('ep-user', 'Player', seated.select), replacement.el, row('ep-reason', 'Reason', reason)],
      'Apply', async () => {
        const id = chosen();
        const username = seated.select.value;
        if (!username) throw new Error('Choose the player first.');
        const [other] = replacement.values();
        if (other) await api('POST', `/api/v1/admin/events/${id}/replace`, { username, replacement: other, reason: reason.value });
        else await api('POST', `/api/v1/admin/events/${id}/withdraw`, { username, reason: reason.value });
        replacement.clear();
        await after();
        return other ? `${username} replaced by ${other}.` : `${username} withdrawn.`;
      }, 'sub-form'));
  return { el, choose: (id) => event.refresh(id) };
}

// The director's decision on a game: no result is chosen beforehand.
function decide(): HTMLElement {
  const game = gameChoice('res');
  const result = h('select', { id: 'res-result', name: 'result' },
    h('option', { value: '' }, 'Choose the result…'),
    ['1-0', '0-1', '1/2-1/2', '0-0'].map((r) => h('option', { value: r }, r)));
  const termination = h('select', { id: 'res-termination', name: 'termination' },
    ['adjudication', 'default', 'resignation', 'agreement', 'time_forfeit'].map((t) => h('option', { value: t }, t.replace('_', ' '))));
  const reason = h('input', { id: 'res-reason', required: true, maxlength: 1000 });
  return section('Decide a result', [...game.fields, row('res-result', 'Result', result),
    row('res-termination', 'Termination', termination), row('res-reason', 'Reason', reason)], 'Enter result', async () => {
    const id = game.gameId();
    if (!id) throw new Error('Choose the game first: nothing was decided.');
    if (!result.value) throw new Error('Choose a result first: nothing was decided.');
    await api('POST', `/api/v1/admin/games/${encodeURIComponent(id)}/result`,
      { result: result.value, termination: termination.value, reason: reason.value });
    await game.refresh();
    return `Result ${result.value} entered for game ${id}.`;
  });
}

export function directorPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle('Director');
  void loadEvents(true); // read afresh once, for all the page's selects
  const run = runEvent(go);
  const event = newEventForm((id) => void run.choose(id));
  replace(root, h('div', { class: 'director-page' }, h('h1', {}, 'Tournament director'),
    h('p', {}, h('a', { href: '/adjudications' }, 'Adjudication queue'), ': games past their end date waiting for your decision.'),
    h('div', { class: 'director' }, event, run.el, newSeriesForm(), newChampionshipForm(go), newCupForm(go), newTeamForm(go), newTeamMatchForm(go), startTeamMatchForm(go), newOlympiadForm(go), newGame(go), decide(), gameControls()),
    leaveQueue(), auditLog()));
}
