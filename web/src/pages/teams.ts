// /teams (every team), /teams/{id} (members, captains, team matches with their scores,
// Olympiads), /team-matches/{id} (each board's players, games and points, the live score,
// decided or not, and a captain's nomination form) and /olympiads/{id} (the team table and
// the per-board crosstables). docs/api.md "Teams".
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { section } from './forms';
import { num, row } from './game_terms';
import { setTitle } from '../title';
import { hasMessage, MessageKey, t } from '../i18n/i18n';
import { statusName } from '../i18n/words';
import './teams.css';

// The answers of the team routes (docs/api.md "Teams"; gap: no schemas in the document).
type Person = { username: string; display_name: string };
type TeamRef = { id: string; name: string; kind: string; country: string };
type MatchSummary = { id: string; name: string; team_a: TeamRef; team_b: TeamRef; status: string; state: string;
  score_a: number; score_b: number; winner: string | null; decided_early: boolean };
type Team = TeamRef & { captains: Person[]; members: Person[]; matches: MatchSummary[];
  olympiads: { id: string; name: string; seed: number }[] };
type BoardGame = { game_id: string; number: number; white: string; black: string; a_white: boolean; status: string; result: string };
type Board = { board: number; player_a: Person | null; player_b: Person | null; started: boolean;
  score_a: number; score_b: number; games: BoardGame[] };
type Match = MatchSummary & { settings: { boards: number; games_per_board: number; start_at: string | null };
  games_finished: number; games_open: number; boards: Board[] };
type TableRow = { place: number; seed: number; team: TeamRef; board_points: number; match_points: number;
  board_1_points: number; points_by_board: number[]; matches_won: number; matches_drawn: number; matches_lost: number };
type Olympiad = { id: string; name: string; boards: number; status: string; games: number; games_over: number;
  teams: (TeamRef & { seed: number; players: (Person & { board: number })[] })[];
  sections: { board: number; event_id: string }[]; table: TableRow[] };

// Points as chess writes them: 4½, ½, 0.
export const points = (x: number) => {
  const whole = Math.floor(x);
  const half = x - whole >= 0.5;
  return half ? (whole ? `${whole}½` : '½') : String(whole);
};

const userLink = (p: Person | null) => p
  ? h('a', { href: `/users/${encodeURIComponent(p.username)}` }, p.display_name || p.username)
  : h('span', { class: 'muted' }, t('team.not_nominated'));
const teamLink = (team: TeamRef) => h('a', { href: `/teams/${encodeURIComponent(team.id)}` }, team.name);

// The state of a match in words: "finished: Germany won", "decided early: Germany wins", ...
export function matchState(m: MatchSummary): string {
  const winner = m.winner === 'a' ? m.team_a.name : m.winner === 'b' ? m.team_b.name : '';
  switch (m.state) {
    case 'nominating': return t('team.state_nominating');
    case 'in_play': return t('common.in_play');
    case 'decided': return t('team.state_decided', { team: winner });
    default: return winner ? t('team.state_won', { team: winner }) : t('team.state_drawn');
  }
}

// A team's kind: "national" (in a list), "National team" (`whole`: the team page).
function kindName(kind: string, whole = false): string {
  const key = `team.${whole ? 'kind_team' : 'kind'}.${kind}`;
  return hasMessage(key) ? t(key as MessageKey) : kind;
}

const score = (m: MatchSummary) => `${points(m.score_a)}–${points(m.score_b)}`;

function load<T>(root: HTMLElement, path: string, draw: (value: T) => (HTMLElement | null)[]): void {
  const body = h('div', {}, t('common.loading'));
  replace(root, body);
  void (async () => {
    try {
      replace(body, draw(await api<T>('GET', path)));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function teamsPage(root: HTMLElement): void {
  setTitle(t('nav.teams'));
  load<{ teams: (TeamRef & { members: number })[] }>(root, '/api/v1/teams', ({ teams }) => [h('h1', {}, t('nav.teams')),
    teams.length ? h('ul', { class: 'team-list' }, teams.map((x) => h('li', {}, teamLink(x),
      ` (${kindName(x.kind)}, ${x.country}, ${t('team.members_count', { n: x.members })})`)))
      : h('p', { class: 'muted' }, t('team.none'))]);
}

export function teamPage(root: HTMLElement, id: string): void {
  load<Team>(root, `/api/v1/teams/${encodeURIComponent(id)}`, (team) => {
    setTitle(team.name);
    return [h('h1', {}, team.name),
      h('p', {}, `${kindName(team.kind, true)}, ${team.country}.`),
      h('h2', {}, t('team.captains')),
      team.captains.length ? h('ul', { class: 'team-captains' }, team.captains.map((p) => h('li', {}, userLink(p))))
        : h('p', { class: 'muted' }, t('team.no_captain')),
      h('h2', {}, t('team.members', { n: String(team.members.length) })),
      h('ul', { class: 'team-members' }, team.members.map((p) => h('li', {}, userLink(p)))),
      h('h2', {}, t('team.matches')),
      team.matches.length ? h('div', { class: 'game-table' }, h('table', { class: 'crosstable team-matches' },
        h('thead', {}, h('tr', {}, h('th', {}, t('team.match')), h('th', {}, t('nav.teams')), h('th', {}, t('events.score')),
          h('th', {}, t('team.state')))),
        h('tbody', {}, team.matches.map((m) => h('tr', { 'data-match': m.id },
          h('td', {}, h('a', { href: `/team-matches/${encodeURIComponent(m.id)}` }, m.name)),
          h('td', {}, teamLink(m.team_a), ' – ', teamLink(m.team_b)),
          h('td', { class: 'score' }, score(m)),
          h('td', { class: 'state' }, matchState(m)))))))
        : h('p', { class: 'muted' }, t('team.no_matches')),
      team.olympiads.length ? h('h2', {}, t('team.olympiads')) : null,
      team.olympiads.length ? h('ul', {}, team.olympiads.map((o) => h('li', {},
        h('a', { href: `/olympiads/${encodeURIComponent(o.id)}` }, o.name), ` (${t('team.seed', { seed: String(o.seed) })})`))) : null];
  });
}

function nominationForm(m: Match, reload: () => void): HTMLElement {
  const team = h('select', { id: 'nominate-team' }, h('option', { value: m.team_a.id }, m.team_a.name),
    h('option', { value: m.team_b.id }, m.team_b.name));
  const board = num({ id: 'nominate-board', min: 1, max: m.settings.boards, value: 1 });
  const username = h('input', { id: 'nominate-username', required: true, maxlength: 64, autocomplete: 'off' });
  return section(t('team.nominate_title'), [row('nominate-team', t('team.team'), team), row('nominate-board', t('games.board'), board),
    row('nominate-username', t('team.nominate_player'), username, t('team.nominate_hint'))],
  t('team.nominate'), async () => {
    await api('POST', `/api/v1/team-matches/${encodeURIComponent(m.id)}/nominations`,
      { team_id: team.value, board: Number(board.value), username: username.value.trim() });
    reload();
    return t('team.nominated');
  }, 'nominate-form');
}

export function teamMatchPage(root: HTMLElement, id: string): void {
  const reload = () => teamMatchPage(root, id);
  load<Match>(root, `/api/v1/team-matches/${encodeURIComponent(id)}`, (m) => {
    setTitle(m.name);
    const gameCell = (g: BoardGame | undefined) => g
      ? h('a', { href: `/games/${encodeURIComponent(g.game_id)}` }, `${g.white} – ${g.black}: ${statusName(g.result)}`)
      : h('span', { class: 'muted' }, statusName('not_started'));
    const games = m.settings.games_per_board;
    return [h('h1', {}, m.name),
      h('p', { class: 'match-score' }, teamLink(m.team_a), ' ', h('strong', { id: 'score' }, score(m)), ' ', teamLink(m.team_b)),
      h('p', { class: `match-state ${m.state}`, id: 'match-state' }, `${matchState(m)[0].toUpperCase()}${matchState(m).slice(1)}`,
        m.state === 'in_play' || m.state === 'decided' ? ` (${t('team.still_to_play', { n: m.games_open })})` : '', '.'),
      h('div', { class: 'game-table' }, h('table', { class: 'crosstable match-boards' },
        h('thead', {}, h('tr', {}, h('th', {}, t('games.board')), h('th', {}, m.team_a.name), h('th', {}, m.team_b.name),
          Array.from({ length: games }, (_, k) => h('th', {}, games === 1 ? t('games.game') : t('team.game_n', { n: String(k + 1) }))),
          h('th', {}, t('team.points')))),
        h('tbody', {}, m.boards.map((b) => h('tr', { 'data-board': String(b.board) },
          h('td', {}, String(b.board)), h('td', {}, userLink(b.player_a)), h('td', {}, userLink(b.player_b)),
          Array.from({ length: games }, (_, k) => h('td', {}, gameCell(b.games[k]))),
          h('td', { class: 'score' }, b.started ? `${points(b.score_a)}–${points(b.score_b)}` : '–')))))),
      m.status === 'nominating' || m.boards.some((b) => !b.started) ? nominationForm(m, reload) : null];
  });
}

export function olympiadPage(root: HTMLElement, id: string): void {
  load<Olympiad>(root, `/api/v1/olympiads/${encodeURIComponent(id)}`, (o) => {
    setTitle(o.name);
    const boards = Array.from({ length: o.boards }, (_, k) => k);
    return [h('h1', {}, o.name),
      h('p', {}, t('team.olympiad_teams', { n: o.teams.length, boards: t('team.boards_count', { n: o.boards }) }), '; ',
        t('team.games_over', { over: o.games_over, n: o.games }), o.status === 'finished' ? `: ${t('team.final_table')}.` : '.'),
      // The heading stays outside the box that scrolls sideways on a phone (a caption would
      // be as wide as the table and cut).
      h('h2', { id: `olympiad-${id}-table` }, t('team.table_title')),
      h('div', { class: 'game-table' }, h('table', { class: 'crosstable olympiad-table',
        'aria-labelledby': `olympiad-${id}-table` },
        h('thead', {}, h('tr', {}, h('th', {}, t('events.place')), h('th', {}, t('team.team')), h('th', {}, t('team.board_points')),
          h('th', {}, t('team.match_points')), boards.map((k) => h('th', {}, t('team.board_n', { n: String(k + 1) }))),
          h('th', {}, t('team.won_drawn_lost')))),
        h('tbody', {}, o.table.map((r) => h('tr', { 'data-seed': String(r.seed) },
          h('td', {}, String(r.place)), h('td', {}, teamLink(r.team)), h('td', { class: 'score' }, points(r.board_points)),
          h('td', {}, String(r.match_points)), r.points_by_board.map((p) => h('td', { class: 'cell' }, points(p))),
          h('td', {}, `${r.matches_won}–${r.matches_drawn}–${r.matches_lost}`)))))),
      h('h2', {}, t('team.boards')),
      h('ul', { class: 'olympiad-boards' }, o.sections.map((s) => h('li', {},
        h('a', { href: `/events/${encodeURIComponent(s.event_id)}` }, t('team.board_crosstable', { n: String(s.board) })))))];
  });
}
