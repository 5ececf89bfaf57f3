// /cups (every cup) and /cups/{id} (the bracket round by round: each match with its players,
// score, games and winner). docs/api.md "Cups".
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { t } from '../i18n/i18n';
import { statusName } from '../i18n/words';

// The answers of the cup routes (docs/api.md "Cups"; gap: no schemas in the document).
type Side = { username: string; seed: number } | null;
type CupGame = { game_id: string; number: number; tiebreak: boolean; white: string; black: string; result: string };
type Match = { match: number; a: Side; b: Side; bye: boolean; status: string; score_a: number; score_b: number;
  winner: string | null; games: CupGame[] };
type Cup = { id: string; name: string; status: string; winner: string | null;
  settings: { games_per_match: number; tiebreak_pairs: number; rated?: boolean };
  rounds: { round: number; matches: Match[] }[] };

const roundName = (round: number, rounds: number) => round === rounds ? t('cup.final')
  : round === rounds - 1 ? t('cup.semi_finals') : round === rounds - 2 ? t('cup.quarter_finals') : t('cup.round', { round: String(round) });

const side = (s: Side, winner: string | null) => s
  ? h('span', { class: s.username === winner ? 'winner' : null }, `${s.seed}. `, h('a', { href: `/users/${encodeURIComponent(s.username)}` }, s.username))
  : h('span', { class: 'muted' }, t('cup.to_be_decided'));

// A side's score, once the match has games (a match still waiting for its players has none).
const score = (m: Match, points: number) => m.games.length ? [' ', h('strong', {}, String(points))] : null;

function matchBox(m: Match): HTMLElement {
  return h('li', { class: `cup-match ${m.status}`, 'data-match': String(m.match) },
    h('div', {}, side(m.a, m.winner), m.bye ? ` (${t('cup.bye')})` : score(m, m.score_a)),
    m.bye ? null : h('div', {}, side(m.b, m.winner), score(m, m.score_b)),
    m.games.length ? h('ol', { class: 'cup-games' }, m.games.map((g) => h('li', {},
      h('a', { href: `/games/${encodeURIComponent(g.game_id)}` }, `${g.white} – ${g.black}`), ` ${statusName(g.result)}`,
      g.tiebreak ? ` (${t('cup.tiebreak')})` : ''))) : null);
}

export function cupsPage(root: HTMLElement): void {
  setTitle(t('cup.title'));
  const body = h('div', {}, t('common.loading'));
  replace(root, h('h1', {}, t('cup.title')), body);
  void (async () => {
    try {
      const { cups } = await api<{ cups: { id: string; name: string; status: string; players: number; winner: string | null }[] }>(
        'GET', '/api/v1/cups');
      replace(body, cups.length ? h('ul', { class: 'cup-list' }, cups.map((c) => h('li', {},
        h('a', { href: `/cups/${encodeURIComponent(c.id)}` }, c.name),
        ` (${[statusName(c.status), t('cup.players', { n: c.players }),
          ...(c.winner ? [t('cup.won_by', { name: c.winner })] : [])].join(', ')})`)))
        : h('p', { class: 'muted' }, t('cup.none')));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function cupPage(root: HTMLElement, id: string): void {
  const body = h('div', {}, t('common.loading'));
  replace(root, body);
  void (async () => {
    try {
      const c = await api<Cup>('GET', `/api/v1/cups/${encodeURIComponent(id)}`);
      setTitle(c.name);
      const rounds = c.rounds.length;
      replace(body,
        h('h1', {}, c.name),
        h('p', {}, t('cup.terms', { n: c.settings.games_per_match, pairs: t('cup.pairs', { n: c.settings.tiebreak_pairs }) }), '; ',
          c.settings.rated === false ? `${t('ch.unrated')}; ` : '',
          c.winner ? h('strong', { class: 'cup-winner' }, t('cup.won_by', { name: c.winner })) : t('common.in_play'), '.'),
        h('div', { class: 'cup-bracket' }, c.rounds.map((r) => h('section', { class: 'cup-round' },
          h('h2', {}, roundName(r.round, rounds)),
          h('ol', { class: 'cup-matches' }, r.matches.map(matchBox))))));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}
