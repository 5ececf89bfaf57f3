// The director's team forms (docs/api.md "Teams"): a new team (POST /api/v1/teams), a new
// team match (POST /api/v1/team-matches, then its start) and a new Olympiad
// (POST /api/v1/olympiads: each team with its players, board 1 first, in seeding order).
import { api } from '../api';
import { h } from '../dom';
import { section } from './forms';
import { check, gameTerms, num, row, value } from './game_terms';
import { t } from '../i18n/i18n';

const names = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter((s) => s !== '');

export function newTeamForm(go: (path: string) => void): HTMLElement {
  const kind = h('select', { id: 'team-kind' }, ['national', 'federation', 'club'].map((k) =>
    h('option', { value: k }, t(`team.kind_team.${k}` as 'team.kind_team.national'))));
  const name = h('input', { id: 'team-name', required: true, maxlength: 200 });
  const country = h('input', { id: 'team-country', required: true, maxlength: 2, placeholder: 'DE' });
  const captains = h('input', { id: 'team-captains', placeholder: t('director.usernames') });
  const members = h('textarea', { id: 'team-members', rows: 3, placeholder: t('director.usernames_separated') });
  return section(t('director.new_team'), [row('team-kind', t('director.team_kind'), kind), row('team-name', t('director.team_name'), name),
    row('team-country', t('settings.country'), country), row('team-captains', t('team.captains'), captains),
    row('team-members', t('director.team_members'), members)], t('director.create_team'), async () => {
    const team = await api<{ id: string; name: string }>('POST', '/api/v1/teams', {
      kind: kind.value, name: name.value.trim(), country: country.value.trim().toUpperCase(),
      captains: names(captains.value), members: names(members.value) });
    go(`/teams/${encodeURIComponent(team.id)}`);
    return t('director.team_created', { name: team.name });
  });
}

export function newTeamMatchForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'tm-name', required: true, maxlength: 200 });
  const teamA = h('input', { id: 'tm-team-a', required: true, inputmode: 'numeric', placeholder: t('director.team_id') });
  const teamB = h('input', { id: 'tm-team-b', required: true, inputmode: 'numeric', placeholder: t('director.team_id') });
  const boards = num({ id: 'tm-boards', min: 1, max: 200, value: 4 });
  const perBoard = h('select', { id: 'tm-games' }, h('option', { value: '2' }, t('director.two_games')),
    h('option', { value: '1' }, t('director.one_game')));
  const matchRated = h('input', { type: 'checkbox', id: 'tm-rated', checked: true });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('tm', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section(t('director.new_team_match'), [row('tm-name', t('director.match_name'), name), row('tm-team-a', t('director.team_a'), teamA),
    row('tm-team-b', t('director.team_b'), teamB), row('tm-boards', t('director.match_boards'), boards), row('tm-games', t('director.games_per_board'), perBoard),
    check('tm-rated', t('director.rated'), matchRated),
    row('tm-tc-type', t('ch.time_control'), terms.tcType), ...terms.tcParts, row('tm-variant', t('ch.variant'), terms.variant), terms.rules],
  t('director.create_match'), async () => {
    const m = await api<{ id: string; name: string }>('POST', '/api/v1/team-matches', {
      name: name.value.trim(), team_a: teamA.value.trim(), team_b: teamB.value.trim(), boards: value(boards),
      games_per_board: Number(perBoard.value), rated: matchRated.checked, time_control: terms.timeControl(), ...terms.body(), start_position: undefined });
    go(`/team-matches/${encodeURIComponent(m.id)}`);
    return t('director.match_created', { name: m.name });
  });
}

export function startTeamMatchForm(go: (path: string) => void): HTMLElement {
  const id = h('input', { id: 'tm-start-id', required: true, inputmode: 'numeric' });
  return section(t('director.start_match_title'), [row('tm-start-id', t('director.match_id'), id, t('director.start_match_hint'))],
  t('director.start_match'), async () => {
    await api('POST', `/api/v1/team-matches/${encodeURIComponent(id.value.trim())}/start`);
    go(`/team-matches/${encodeURIComponent(id.value.trim())}`);
    return t('director.match_started');
  });
}

export function newOlympiadForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'ol-name', required: true, maxlength: 200 });
  const boards = num({ id: 'ol-boards', min: 1, max: 20, value: 4 });
  const teams = h('textarea', { id: 'ol-teams', rows: 4,
    placeholder: t('director.olympiad_teams_placeholder') });
  const rated = h('input', { type: 'checkbox', id: 'ol-rated' });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('ol', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section(t('director.new_olympiad'), [row('ol-name', t('director.olympiad_name'), name), row('ol-boards', t('director.olympiad_boards'), boards),
    row('ol-teams', t('director.olympiad_teams'), teams, t('director.olympiad_teams_hint')),
    h('div', { class: 'field check' }, rated, h('label', { for: 'ol-rated' }, t('director.olympiad_rated'))),
    row('ol-tc-type', t('ch.time_control'), terms.tcType), ...terms.tcParts, row('ol-variant', t('ch.variant'), terms.variant), terms.rules],
  t('director.create_olympiad'), async () => {
    const entries = teams.value.split('\n').map((l) => l.trim()).filter((l) => l !== '').map((line) => {
      const [team, players = ''] = line.split(':');
      return { team_id: team.trim(), players: names(players) };
    });
    const o = await api<{ id: string; name: string }>('POST', '/api/v1/olympiads', {
      name: name.value.trim(), boards: value(boards), rated: rated.checked, teams: entries,
      time_control: terms.timeControl(), ...terms.body(), start_position: undefined });
    go(`/olympiads/${encodeURIComponent(o.id)}`);
    return t('director.olympiad_started', { name: o.name });
  });
}
