// The director's team forms (docs/api.md "Teams"): a new team (POST /api/v1/teams), a new
// team match (POST /api/v1/team-matches, then its start) and a new Olympiad
// (POST /api/v1/olympiads: each team with its players, board 1 first, in seeding order).
import { api } from '../api';
import { h } from '../dom';
import { section } from './forms';
import { gameTerms, num, row, value } from './game_terms';

const names = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter((s) => s !== '');

export function newTeamForm(go: (path: string) => void): HTMLElement {
  const kind = h('select', { id: 'team-kind' }, h('option', { value: 'national' }, 'National team'),
    h('option', { value: 'federation' }, 'Federation'), h('option', { value: 'club' }, 'Club'));
  const name = h('input', { id: 'team-name', required: true, maxlength: 200 });
  const country = h('input', { id: 'team-country', required: true, maxlength: 2, placeholder: 'DE' });
  const captains = h('input', { id: 'team-captains', placeholder: 'usernames' });
  const members = h('textarea', { id: 'team-members', rows: 3, placeholder: 'usernames, separated by spaces or commas' });
  return section('New team', [row('team-kind', 'Kind', kind), row('team-name', 'Team name', name),
    row('team-country', 'Country (ISO code)', country), row('team-captains', 'Captains', captains),
    row('team-members', 'Members', members)], 'Create team', async () => {
    const team = await api<{ id: string; name: string }>('POST', '/api/v1/teams', {
      kind: kind.value, name: name.value.trim(), country: country.value.trim().toUpperCase(),
      captains: names(captains.value), members: names(members.value) });
    go(`/teams/${encodeURIComponent(team.id)}`);
    return `Team “${team.name}” created.`;
  });
}

export function newTeamMatchForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'tm-name', required: true, maxlength: 200 });
  const teamA = h('input', { id: 'tm-team-a', required: true, inputmode: 'numeric', placeholder: 'team id' });
  const teamB = h('input', { id: 'tm-team-b', required: true, inputmode: 'numeric', placeholder: 'team id' });
  const boards = num({ id: 'tm-boards', min: 1, max: 200, value: 4 });
  const perBoard = h('select', { id: 'tm-games' }, h('option', { value: '2' }, 'Two (colours reversed)'),
    h('option', { value: '1' }, 'One (colours alternating by board)'));
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('tm', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section('New team match', [row('tm-name', 'Match name', name), row('tm-team-a', 'Team A (White on board 1)', teamA),
    row('tm-team-b', 'Team B', teamB), row('tm-boards', 'Boards (1–200)', boards), row('tm-games', 'Games per board', perBoard),
    row('tm-tc-type', 'Time control', terms.tcType), ...terms.tcParts, row('tm-variant', 'Variant', terms.variant), terms.rules],
  'Create match', async () => {
    const m = await api<{ id: string; name: string }>('POST', '/api/v1/team-matches', {
      name: name.value.trim(), team_a: teamA.value.trim(), team_b: teamB.value.trim(), boards: value(boards),
      games_per_board: Number(perBoard.value), time_control: terms.timeControl(), ...terms.body(), start_position: undefined });
    go(`/team-matches/${encodeURIComponent(m.id)}`);
    return `Team match “${m.name}” created: the captains nominate their boards.`;
  });
}

export function startTeamMatchForm(go: (path: string) => void): HTMLElement {
  const id = h('input', { id: 'tm-start-id', required: true, inputmode: 'numeric', placeholder: 'match id' });
  return section('Start a team match', [row('tm-start-id', 'Match id', id,
    'Boards both teams nominated start now; the others when their second player is nominated.')],
  'Start match', async () => {
    await api('POST', `/api/v1/team-matches/${encodeURIComponent(id.value.trim())}/start`);
    go(`/team-matches/${encodeURIComponent(id.value.trim())}`);
    return 'Match started.';
  });
}

export function newOlympiadForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'ol-name', required: true, maxlength: 200 });
  const boards = num({ id: 'ol-boards', min: 1, max: 20, value: 4 });
  const teams = h('textarea', { id: 'ol-teams', rows: 4,
    placeholder: 'one team a line: team id, then its players board 1 first\n1: anna boris\n2: chen dora' });
  const rated = h('input', { type: 'checkbox', id: 'ol-rated' });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('ol', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section('New Olympiad', [row('ol-name', 'Olympiad name', name), row('ol-boards', 'Boards (1–20)', boards),
    row('ol-teams', 'Teams in seeding order', teams, 'A line per team: its id, a colon, its players (board 1 first).'),
    h('div', { class: 'field check' }, rated, h('label', { for: 'ol-rated' }, 'Rated (norms on each board)')),
    row('ol-tc-type', 'Time control', terms.tcType), ...terms.tcParts, row('ol-variant', 'Variant', terms.variant), terms.rules],
  'Create and start Olympiad', async () => {
    const entries = teams.value.split('\n').map((l) => l.trim()).filter((l) => l !== '').map((line) => {
      const [team, players = ''] = line.split(':');
      return { team_id: team.trim(), players: names(players) };
    });
    const o = await api<{ id: string; name: string }>('POST', '/api/v1/olympiads', {
      name: name.value.trim(), boards: value(boards), rated: rated.checked, teams: entries,
      time_control: terms.timeControl(), ...terms.body(), start_position: undefined });
    go(`/olympiads/${encodeURIComponent(o.id)}`);
    return `Olympiad “${o.name}” started.`;
  });
}
