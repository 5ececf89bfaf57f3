// The norm lines of a rated section (docs/api.md "Norms", rules.md 6.12): what each player
// needs for a title norm while the section runs, and the norms reached. The words are pure
// functions of the server's lines; rendering is apart.
import { h } from '../dom';
import { language, t } from '../i18n/i18n';

export type NormTarget = {
  title: string; min_performance: number; points_needed: number; secured: boolean; reachable: boolean; text: string;
};
export type NormRow = {
  seed: number; player?: string; games: number; finished: number; points: number;
  opponents_average: number | null; category: number; eligible: boolean;
  targets: NormTarget[]; performance: number | null; norms: string[];
};
export type Norms = {
  average_rating: number | null; category: number; min_games: number;
  levels: Record<string, number>; rows: NormRow[];
};

// Points with one decimal the language's way ("6.5", de "6,5").
const points = (x: number) => new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);

// "Category 7 (average 2401)", or why there is none.
export function categoryText(n: Norms): string {
  if (n.average_rating == null) return t('norms.no_category');
  const average = String(n.average_rating);
  return n.category > 0 ? t('norms.category', { category: n.category, average }) : t('norms.below_category', { average });
}

// What a player's line says: the norms reached when the games are over; else each title
// still reachable ("needs 8.0 of 14 for IM", "IM norm secured (8.0 of 14)"); else why no
// norm is possible. (The server's `text` of a target is English; the line is made here.)
export function normLineText(row: NormRow, minGames: number): string {
  if (!row.eligible) return t('norms.impossible', { n: row.games, needed: minGames });
  if (row.performance != null) {
    const performance = String(row.performance);
    return row.norms.length ? t('norms.reached', { titles: row.norms.join(', '), performance })
      : t('norms.not_reached', { performance });
  }
  const open = row.targets.filter((x) => x.reachable);
  if (!open.length) return t('norms.unreachable');
  return open.map((x) => t(x.secured ? 'norms.secured' : 'norms.needs', { title: x.title, points: points(x.points_needed), n: row.games }))
    .join('; ');
}

export function normsSection(n: Norms, names: Record<string, string>): HTMLElement {
  const rows = [...n.rows].sort((a, b) => a.seed - b.seed);
  return h('section', { class: 'norms' },
    h('h2', {}, t('norms.title')),
    h('p', { class: 'norm-category' }, categoryText(n), '. ',
      h('span', { class: 'muted' }, Object.entries(n.levels).filter(([title]) => !title.startsWith('L'))
        .sort((a, b) => b[1] - a[1]).map(([title, level]) => `${title} ${level}`).join(', '),
        `; ${t('norms.min_games', { n: n.min_games })}.`)),
    h('div', { class: 'table-scroll' }, h('table', { class: 'list norm-lines' },
      h('thead', {}, h('tr', {}, h('th', {}, t('events.player')), h('th', { title: t('norms.played_hint') }, t('norms.played')),
        h('th', {}, t('team.points')), h('th', { title: t('norms.ra_hint') }, t('norms.ra')), h('th', {}, t('norms.norm')))),
      h('tbody', {}, rows.map((r) => h('tr', { 'data-player': r.player ?? '' },
        h('td', {}, `${r.seed}. ${r.player ? names[r.player] ?? r.player : ''}`),
        h('td', {}, t('norms.finished_of', { finished: r.finished, n: r.games })),
        h('td', {}, points(r.points)),
        h('td', {}, r.opponents_average != null ? String(r.opponents_average) : '–'),
        h('td', { class: r.norms.length ? 'norm-reached' : '' }, normLineText(r, n.min_games))))))));
}
