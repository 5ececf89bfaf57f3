// The director's "New championship" form: POST /api/v1/admin/championships (docs/api.md
// "Championships"): the name, the players (picked), the stages (a row each: name, section
// size and, but for the last, how many qualify), whether the next stage starts by itself,
// the compatriot spread, the playing period, the thematic opening, the time control, variant
// and game rules.
import { api } from '../api';
import { h, replace } from '../dom';
import { section } from './forms';
import { check, gameTerms, num, row, value } from './game_terms';
import { playerPicker } from './pickers';
import { t } from '../i18n/i18n';

type StageRow = { el: HTMLElement; body(last: boolean): Record<string, unknown> };

function stageRow(n: number): StageRow {
  const id = (part: string) => `ch-stage${n}-${part}`;
  const name = h('input', { id: id('name'), maxlength: 100,
    value: n === 1 ? t('director.preliminaries') : n === 2 ? t('cup.final') : t('director.stage', { n: String(n) }) });
  const size = num({ id: id('size'), min: 2, max: 32, value: 7 });
  const per = num({ id: id('per-section'), min: 0, max: 32, value: 2 });
  const runners = num({ id: id('runners-up'), min: 0, max: 100, value: 0 });
  const el = h('fieldset', { class: 'stage-row' }, h('legend', {}, t('director.stage', { n: String(n) })),
    row(id('name'), t('common.name'), name), row(id('size'), t('director.stage_size'), size),
    row(id('per-section'), t('director.per_section'), per, t('director.per_section_hint')),
    row(id('runners-up'), t('director.runners_up'), runners));
  return {
    el,
    body: (last) => last ? { name: name.value.trim(), section_size: value(size) }
      : { name: name.value.trim(), section_size: value(size), per_section: value(per) ?? 0, best_runners_up: value(runners) ?? 0 },
  };
}

export function newChampionshipForm(go: (path: string) => void): HTMLElement {
  const name = h('input', { id: 'ch-name', required: true, maxlength: 200 });
  const players = playerPicker('ch-players', t('events.players'), true, t('director.champ_players_hint'));
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
  const sectionDays = num({ id: 'ch-section-days', name: 'section_days', min: 1, max: 3650, placeholder: t('director.no_end_date') });
  const autoAdjudicate = h('input', { type: 'checkbox', id: 'ch-auto-adjudicate' });
  const opening = h('input', { id: 'ch-opening', name: 'opening', maxlength: 2000, placeholder: t('director.opening_placeholder') });
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('ch', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);
  terms.showParts();
  return section(t('director.new_championship'), [row('ch-name', t('director.championship_name'), name), players.el,
    row('ch-stages', t('director.stages'), count), stagesBox,
    check('ch-auto-advance', t('director.auto_advance'), auto),
    check('ch-country-spread', t('director.spread'), spread),
    row('ch-section-days', t('director.section_days'), sectionDays, t('director.section_days_hint')),
    check('ch-auto-adjudicate', t('director.auto_adjudicate'), autoAdjudicate),
    row('ch-opening', t('director.opening'), opening, t('director.opening_hint')),
    row('ch-tc-type', t('ch.time_control'), terms.tcType), ...terms.tcParts, row('ch-variant', t('ch.variant'), terms.variant), terms.rules],
  t('director.create_championship'), async () => {
    const listed = players.values();
    if (listed.length < 2) throw new Error(t('director.players_first_created'));
    const c = await api<{ id: string; name: string }>('POST', '/api/v1/admin/championships', {
      name: name.value.trim(), players: listed, stages: stages.map((s, i) => s.body(i === stages.length - 1)),
      auto_advance: auto.checked, country_spread: spread.checked, time_control: terms.timeControl(), ...terms.body(),
      start_position: undefined, section_days: value(sectionDays), auto_adjudicate: autoAdjudicate.checked,
      opening: opening.value.trim() || undefined,
    });
    go(`/championships/${encodeURIComponent(c.id)}`);
    return t('director.championship_created', { name: c.name });
  }, 'director-form wide');
}
