// Ratings in the client: a player's rating chart (profile page) and the expected score and
// rating changes of a game for both players (game page). The numbers come from the server
// (docs/ratings.md); this file only draws them.
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { hasMessage, MessageKey, t } from '../i18n/i18n';

type HistoryPoint = {
  period: string; rating: number; deviation: number; rank: number; games_in_period: number;
  total_games: number; provisional: boolean;
};
type PoolHistory = { current: HistoryPoint | null; history: HistoryPoint[] };
type History = { username: string; pools: Record<string, PoolHistory> };

const SVG = 'http://www.w3.org/2000/svg';
// A rating pool's name: its variant's (variant.standard, variant.chess960), else the pool as sent.
const poolName = (pool: string) => hasMessage(`variant.${pool}`) ? t(`variant.${pool}` as MessageKey) : pool;

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

const round = (x: number) => String(Math.round(x));
const signed = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(1);

// A line of the rating per period with a band of ± one deviation, the periods along the
// bottom and the ratings up the side.
function chart(points: HistoryPoint[], label: string): SVGElement {
  const width = 560, height = 220, left = 48, right = 12, top = 12, bottom = 36;
  const low = Math.min(...points.map((p) => p.rating - p.deviation));
  const high = Math.max(...points.map((p) => p.rating + p.deviation));
  const span = Math.max(high - low, 100);
  const x = (i: number) => left + (points.length === 1 ? (width - left - right) / 2
    : (i * (width - left - right)) / (points.length - 1));
  const y = (r: number) => top + ((high - r) * (height - top - bottom)) / span;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'rating-chart', role: 'img',
    'aria-label': label });
  const band = points.map((p, i) => `${x(i)},${y(p.rating + p.deviation)}`)
    .concat(points.map((p, i) => `${x(i)},${y(p.rating - p.deviation)}`).reverse());
  root.appendChild(svg('polygon', { points: band.join(' '), class: 'band' }));
  root.appendChild(svg('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '),
    class: 'line' }));
  points.forEach((p, i) => {
    const dot = svg('circle', { cx: x(i), cy: y(p.rating), r: 3.5, class: p.provisional ? 'dot provisional' : 'dot' });
    dot.appendChild(svg('title', {}, `${p.period}: ${round(p.rating)} ± ${round(p.deviation)}`));
    root.appendChild(dot);
  });
  for (const r of [low, (low + high) / 2, high]) {
    root.appendChild(svg('text', { x: left - 6, y: y(r) + 4, class: 'axis', 'text-anchor': 'end' }, round(r)));
  }
  const step = Math.max(1, Math.ceil(points.length / 6));
  points.forEach((p, i) => {
    if (i % step === 0 || i === points.length - 1) {
      root.appendChild(svg('text', { x: x(i), y: height - bottom + 18, class: 'axis', 'text-anchor': 'middle' }, p.period));
    }
  });
  return root;
}

// Fills `box` with the player's ratings: per pool the current rating and a chart of its
// history, with the history as a table for screen readers and exact numbers.
export function ratingHistory(box: HTMLElement, username: string): void {
  void (async () => {
    try {
      const history = await api<History>('GET', `/api/v1/users/${encodeURIComponent(username)}/ratings`);
      const pools = Object.entries(history.pools).filter(([, p]) => p.history.length > 0);
      if (pools.length === 0) {
        replace(box, h('h2', {}, t('rating.rating')), h('p', {}, t('rating.not_yet')));
        return;
      }
      replace(box, h('h2', {}, t('rating.rating')), pools.map(([pool, p]) => {
        const name = poolName(pool);
        const cur = p.current!;
        return h('div', { class: 'rating-pool', 'data-pool': pool },
          h('h3', {}, name),
          h('p', { class: 'rating-current' }, t(cur.provisional ? 'rating.current_provisional' : 'rating.current', {
            rating: `${round(cur.rating)} ± ${round(cur.deviation)}`, rank: String(cur.rank), n: cur.total_games })),
          chart(p.history, t('rating.chart', { pool: name })),
          h('details', {}, h('summary', {}, t('rating.by_period')),
            h('table', { class: 'list' },
              h('thead', {}, h('tr', {}, h('th', {}, t('rating.period')), h('th', {}, t('rating.rating')), h('th', {}, t('rating.deviation')),
                h('th', {}, t('rating.rank')), h('th', {}, t('events.games')))),
              h('tbody', {}, p.history.map((pt) => h('tr', {},
                h('td', {}, pt.period), h('td', {}, round(pt.rating)), h('td', {}, round(pt.deviation)),
                h('td', {}, String(pt.rank)), h('td', {}, String(pt.games_in_period))))))));
      }));
    } catch (e) {
      replace(box, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

type PreviewSide = {
  rating: number; deviation: number; rated_before: boolean; provisional: boolean; expected_score: number;
  change: { win: number; draw: number; loss: number };
};
type Preview = { pool: string; rated: boolean; white: PreviewSide; black: PreviewSide };

// Fills `box` with the game's expected scores and the rating change each result would bring.
export function ratingPreview(box: HTMLElement, gameId: string, names: { white: string; black: string }): void {
  void (async () => {
    try {
      const p = await api<Preview>('GET', `/api/v1/games/${encodeURIComponent(gameId)}/rating-preview`);
      if (!p.rated) {
        replace(box, h('p', { class: 'rating-note' }, t('rating.not_rated_game')));
        return;
      }
      const row = (side: 'white' | 'black') => {
        const s = p[side];
        return h('tr', { 'data-side': side },
          h('th', {}, names[side]),
          h('td', {}, s.rated_before ? `${round(s.rating)}${s.provisional ? '?' : ''}` : t('ch.unrated')),
          h('td', {}, `${Math.round(s.expected_score * 100)}%`),
          h('td', {}, signed(s.change.win)), h('td', {}, signed(s.change.draw)), h('td', {}, signed(s.change.loss)));
      };
      replace(box,
        h('table', { class: 'list rating-preview' },
          h('caption', {}, t('rating.preview_caption', { pool: poolName(p.pool) })),
          h('thead', {}, h('tr', {}, h('th', {}, t('events.player')), h('th', {}, t('rating.rating')), h('th', {}, t('rating.expected')),
            h('th', {}, t('rating.win')), h('th', {}, t('rating.draw')), h('th', {}, t('rating.loss')))),
          h('tbody', {}, row('white'), row('black'))));
    } catch (e) {
      replace(box, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}
