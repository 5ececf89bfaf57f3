// The director's "New championship" form: POST /api/v1/admin/championships (docs/api.md
// "Championships"): the name, the players (picked), the stages (a row each: name, section
// size and, but for the last, how many qualify), whether the next stage starts by itself,
// the compatriot spread, the time control, variant and game rules.
import { api } from '../api';
import { h, replace } from '../dom';
import { section } from './forms';
import { check, gameTerms, num, row, value } from './game_terms';
import { playerPicker } from './pickers';

type StageRow = { el: HTMLElement; body(last: boolean): Record<string, unknown> };

function stageRow(n: number): StageRow {
  const id = (part: string) => `ch-stage${n}-${part}`;
  const name = h('input', { id: id('name'), maxlength: 100, value: n === 1 ? 'Preliminaries' : n === 2 ? 'Final' : `Stage ${n}` });
  const size = num({ id: id('size'), min: 2, max: 32, value: 7 });
  const per = num({ id: id('per-section'), min: 0, max: 32, value: 2 });
  const runners = num({ id: id('runners-up'), min: 0, max: 100, value: 0 });
  const el = h('fieldset', { class: 'stage-row' }, h('legend', {}, `Stage ${n}`),
    row(id('name'), 'Name', name), row(id('size'), 'Section size (2–32)', size),
    row(id('per-section'), 'Qualify per section', per, 'Not for the last stage.'),
    row(id('runners-up'), 'Best runners-up', runners));
  return {
    el,
    body: (last) => last ? { name: name.value.trim(), section_size: value(size) }
      : { name: name.value.trim(), section_size: value(size), per_section: value(per) ?? 0, best_runners_up: value(runners) ?? 0 },
  };
}

export function newChampionshipForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'ch-name', required: true, maxlength: 200 });
  const players = playerPicker('ch-players', 'Players', true, 'In entry order (seats go by rating).');
  const count = num({ id: 'ch-stages', min: 2, max: 5, value: 2 });
  const stagesBox = h('div', { class: 'stage-rows' });
  let stages: StageRow[] = [];
  const drawStages = () => {
    const n = Math.min(5, Math.max(2, value(count) ?? 2));
    while (stages.length < n) stages.push(stageRow(stages.length + 1));
    stages = stages.slice(0, n);
    replace(stagesBox, stages.map((s) => s.el));
  };
  count.addEventListener('change', drawStages);
  drawStages();
  const auto = h('input', { type: 'checkbox', id: 'ch-auto-advance', checked: true });
  const spread = h('input', { type: 'checkbox', id: 'ch-country-spread' });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('ch', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section('New championship', [row('ch-name', 'Championship name', name), players.el,
    row('ch-stages', 'Stages (2–5)', count), stagesBox,
    check('ch-auto-advance', 'Start each next stage by itself when a stage ends', auto),
    check('ch-country-spread', 'Spread compatriots over sections', spread),
    row('ch-tc-type', 'Time control', terms.tcType), ...terms.tcParts, row('ch-variant', 'Variant', terms.variant), terms.rules],
  'Create championship', async () => {
    const listed = players.values();
    if (listed.length < 2) throw new Error('Choose the players first: nothing was created.');
    const c = await api<{ id: string; name: string }>('POST', '/api/v1/admin/championships', {
      name: name.value.trim(), players: listed, stages: stages.map((s, i) => s.body(i === stages.length - 1)),
      auto_advance: auto.checked, country_spread: spread.checked, time_control: terms.timeControl(), ...terms.body(),
      start_position: undefined,
    });
    go(`/championships/${encodeURIComponent(c.id)}`);
    return `Championship “${c.name}” created.`;
  }, 'director-form wide');
}
