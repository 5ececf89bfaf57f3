// The director's "New cup" form: POST /api/v1/admin/cups (docs/api.md "Cups"): the name, the
// players (picked, in seed order when seeded as listed), the seeding, the games of a match and
// the tie-break pairs, whether it is rated, the time control, variant and game rules.
import { api } from '../api';
import { h } from '../dom';
import { section } from './forms';
import { check, gameTerms, num, row, value } from './game_terms';
import { playerPicker } from './pickers';
import { t } from '../i18n/i18n';

export function newCupForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'cup-name', required: true, maxlength: 200 });
  const players = playerPicker('cup-players', t('events.players'), true, t('director.cup_players_hint'));
  const seeding = h('select', { id: 'cup-seeding' },
    h('option', { value: 'rating' }, t('common.by_rating')), h('option', { value: 'entry' }, t('director.as_listed')));
  const games = num({ id: 'cup-games', min: 1, max: 10, value: 2 });
  const pairs = num({ id: 'cup-tiebreak-pairs', min: 0, max: 5, value: 1 });
  const rated = h('input', { type: 'checkbox', id: 'cup-rated', checked: true });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('cup', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section(t('director.new_cup'), [row('cup-name', t('director.cup_name'), name), players.el, row('cup-seeding', t('common.seeding'), seeding),
    row('cup-games', t('director.cup_games'), games), row('cup-tiebreak-pairs', t('director.cup_pairs'), pairs),
    check('cup-rated', t('director.rated'), rated),
    row('cup-tc-type', t('ch.time_control'), terms.tcType), ...terms.tcParts, row('cup-variant', t('ch.variant'), terms.variant), terms.rules],
  t('director.create_cup'), async () => {
    const listed = players.values();
    if (listed.length < 2) throw new Error(t('director.two_players_first'));
    const cup = await api<{ id: string; name: string }>('POST', '/api/v1/admin/cups', {
      name: name.value.trim(), players: listed, seeding: seeding.value, games_per_match: value(games) ?? 2,
      tiebreak_pairs: value(pairs) ?? 1, rated: rated.checked, time_control: terms.timeControl(), ...terms.body(), start_position: undefined,
    });
    go(`/cups/${encodeURIComponent(cup.id)}`);
    return t('director.cup_created', { name: cup.name });
  });
}
