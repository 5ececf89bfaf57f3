// The director's "New cup" form: POST /api/v1/admin/cups (docs/api.md "Cups"): the name, the
// players (picked, in seed order when seeded as listed), the seeding, the games of a match and
// the tie-break pairs, the time control, variant and game rules.
import { api } from '../api';
import { h } from '../dom';
import { section } from './forms';
import { gameTerms, num, row, value } from './game_terms';
import { playerPicker } from './pickers';

export function newCupForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'cup-name', required: true, maxlength: 200 });
  const players = playerPicker('cup-players', 'Players', true, 'In seed order when seeded as listed.');
  const seeding = h('select', { id: 'cup-seeding' },
    h('option', { value: 'rating' }, 'By rating (highest first)'), h('option', { value: 'entry' }, 'As listed'));
  const games = num({ id: 'cup-games', min: 1, max: 10, value: 2 });
  const pairs = num({ id: 'cup-tiebreak-pairs', min: 0, max: 5, value: 1 });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('cup', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section('New cup', [row('cup-name', 'Cup name', name), players.el, row('cup-seeding', 'Seeding', seeding),
    row('cup-games', 'Games per match (1–10)', games), row('cup-tiebreak-pairs', 'Tie-break pairs when equal (0–5)', pairs),
    row('cup-tc-type', 'Time control', terms.tcType), ...terms.tcParts, row('cup-variant', 'Variant', terms.variant), terms.rules],
  'Create cup', async () => {
    const listed = players.values();
    if (listed.length < 2) throw new Error('Choose at least two players first: nothing was created.');
    const cup = await api<{ id: string; name: string }>('POST', '/api/v1/admin/cups', {
      name: name.value.trim(), players: listed, seeding: seeding.value, games_per_match: value(games) ?? 2,
      tiebreak_pairs: value(pairs) ?? 1, time_control: terms.timeControl(), ...terms.body(), start_position: undefined,
    });
    go(`/cups/${encodeURIComponent(cup.id)}`);
    return `Cup “${cup.name}” created.`;
  });
}
