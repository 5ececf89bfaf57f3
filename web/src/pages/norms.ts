// The norm lines of a rated section (docs/api.md "Norms", rules.md 6.12): what each player
// needs for a title norm while the section runs, and the norms reached. The words are pure
// functions of the server's lines; rendering is apart.
import { h } from '../dom';

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

// "Category 7 (average 2401)", or why there is none.
export function categoryText(n: Norms): string {
  if (n.average_rating == null) return 'No rated players: no category';
  return n.category > 0 ? `Category ${n.category} (average ${n.average_rating})`
    : `Average ${n.average_rating}: below category 1 (2251)`;
}

// What a player's line says: the norms reached when the games are over; else each title
// still reachable ("IM: needs 8.0 of 14, secured"); else why no norm is possible.
export function normLineText(row: NormRow, minGames: number): string {
  if (!row.eligible) return `No norm possible: ${row.games} countable games, ${minGames} needed`;
  if (row.performance != null) {
    return row.norms.length ? `${row.norms.join(', ')} norm (performance ${row.performance})`
      : `No norm (performance ${row.performance})`;
  }
  const open = row.targets.filter((t) => t.reachable);
  if (!open.length) return 'No norm reachable any more';
  return open.map((t) => (t.secured ? `${t.title} norm secured (${t.points_needed.toFixed(1)} of ${row.games})` : t.text))
    .join('; ');
}

export function normsSection(n: Norms, names: Record<string, string>): HTMLElement {
  const rows = [...n.rows].sort((a, b) => a.seed - b.seed);
  return h('section', { class: 'norms' },
    h('h2', {}, 'Title norms'),
    h('p', { class: 'norm-category' }, categoryText(n), '. ',
      h('span', { class: 'muted' }, Object.entries(n.levels).filter(([t]) => !t.startsWith('L'))
        .sort((a, b) => b[1] - a[1]).map(([t, level]) => `${t} ${level}`).join(', '), `; at least ${n.min_games} countable games.`)),
    h('div', { class: 'table-scroll' }, h('table', { class: 'list norm-lines' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', { title: 'countable games finished, of all countable games' }, 'Played'), h('th', {}, 'Points'),
        h('th', { title: "opponents' average rating" }, 'Ra'), h('th', {}, 'Norm'))),
      h('tbody', {}, rows.map((r) => h('tr', { 'data-player': r.player ?? '' },
        h('td', {}, `${r.seed}. ${r.player ? names[r.player] ?? r.player : ''}`),
        h('td', {}, `${r.finished} of ${r.games}`),
        h('td', {}, r.points.toFixed(1)),
        h('td', {}, r.opponents_average != null ? String(r.opponents_average) : '–'),
        h('td', { class: r.norms.length ? 'norm-reached' : '' }, normLineText(r, n.min_games))))))));
}
