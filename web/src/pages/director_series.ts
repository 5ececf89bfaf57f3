// The director's "New series" form: every field of POST /api/v1/admin/series (docs/api.md
// "Series"): name, section size, smaller sections and the maximum wait, the class (rating
// band, unrated players, the credit of the class below, finished games), promotion, a
// thematic opening, the time control, variant and game rules. A refusal of the server is shown
// under the form and next to the field it names, and creates nothing.
import { api } from '../api';
import { errorBox, h, replace } from '../dom';
import { creationSubmit, fieldError } from './form_errors';
import { check, gameTerms, num, row, value } from './game_terms';
import { t } from '../i18n/i18n';

type SeriesRow = { id: string; name: string };

export function newSeriesForm(): HTMLElement {
  const name = h('input', { id: 'se-name', name: 'name', required: true, maxlength: 200 });
  const size = num({ id: 'se-section-size', name: 'section_size', min: 3, max: 32, value: 7, required: 'required' });
  const minSize = num({ id: 'se-min-section-size', name: 'min_section_size', min: 3, max: 32, placeholder: t('director.only_full') });
  const maxWait = num({ id: 'se-max-wait-days', name: 'max_wait_days', min: 0, max: 3650, placeholder: t('common.no_limit') });
  const spread = h('input', { type: 'checkbox', id: 'se-country-spread', name: 'country_spread' });
  const minRating = num({ id: 'se-min-rating', name: 'min_rating', min: 0, max: 4000, placeholder: t('common.none') });
  const maxRating = num({ id: 'se-max-rating', name: 'max_rating', min: 0, max: 4000, placeholder: t('common.none') });
  const unrated = h('input', { type: 'checkbox', id: 'se-unrated-allowed', name: 'unrated_allowed', checked: true });
  const creditFrom = h('select', { id: 'se-credit-from', name: 'credit_from_series' }, h('option', { value: '' }, t('director.no_credit')));
  const minGames = num({ id: 'se-min-finished-games', name: 'min_finished_games', min: 0, max: 10000, placeholder: '0' });
  const maxPlace = num({ id: 'se-promotion-max-place', name: 'promotion_max_place', min: 1, max: 32, placeholder: t('common.none') });
  const minPercent = num({ id: 'se-promotion-min-percent', name: 'promotion_min_score_percent', min: 1, max: 100, placeholder: t('common.none') });
  const validDays = num({ id: 'se-credit-valid-days', name: 'credit_valid_days', min: 1, max: 3660, value: 365 });
  const opening = h('input', { id: 'se-opening', name: 'opening', maxlength: 2000, placeholder: t('director.opening_placeholder') });
  const rated = h('input', { type: 'checkbox', id: 'se-rated', name: 'rated', checked: true });
  const leaveDays = num({ id: 'se-leave-days', name: 'leave_days_per_year', min: 0, max: 366, value: 45 });
  const sectionDays = num({ id: 'se-section-days', name: 'section_days', min: 1, max: 3650, placeholder: t('director.no_end_date') });
  const autoAdjudicate = h('input', { type: 'checkbox', id: 'se-auto-adjudicate', name: 'auto_adjudicate' });
  // A series draws each section's Chess960 position: the start position field stays hidden.
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('se', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);

  const fields: Record<string, HTMLElement> = {
    ...terms.inputs, name, section_size: size, min_section_size: minSize, max_wait_days: maxWait,
    country_spread: spread, min_rating: minRating, max_rating: maxRating, unrated_allowed: unrated,
    credit_from_series: creditFrom, min_finished_games: minGames, promotion_max_place: maxPlace,
    promotion_min_score_percent: minPercent, credit_valid_days: validDays, opening, rated, leave_days_per_year: leaveDays,
    section_days: sectionDays, auto_adjudicate: autoAdjudicate,
  };
  const done = h('p', { class: 'done', 'aria-live': 'polite' });
  const error = errorBox();
  error.id = 'se-error';

  async function loadSeries(): Promise<void> {
    try {
      const { series } = await api<{ series: SeriesRow[] }>('GET', '/api/v1/series');
      replace(creditFrom, h('option', { value: '' }, t('director.no_credit')), series.map((s) => h('option', { value: s.id }, s.name)));
    } catch {
      // The list stays at "None": a credit can be chosen once the page is read again.
    }
  }

  function crossChecks(): boolean {
    let ok = true;
    const lo = value(minRating);
    const hi = value(maxRating);
    if (lo !== undefined && hi !== undefined && lo > hi) { fieldError(maxRating, t('director.rating_order')); ok = false; }
    if (value(minSize) !== undefined && !value(maxWait)) { fieldError(maxWait, t('director.wait_needed')); ok = false; }
    if (!name.value.trim()) { fieldError(name, t('director.series_name_missing')); ok = false; }
    return ok;
  }

  function body(): Record<string, unknown> {
    const b: Record<string, unknown> = {
      name: name.value.trim(), time_control: terms.timeControl(), ...terms.body(), start_position: undefined,
      section_size: value(size),
      country_spread: spread.checked, unrated_allowed: unrated.checked, rated: rated.checked,
      auto_adjudicate: autoAdjudicate.checked,
      leave_days_per_year: value(leaveDays) ?? 45, credit_valid_days: value(validDays) ?? 365,
    };
    for (const [key, input] of [['min_section_size', minSize], ['max_wait_days', maxWait], ['min_rating', minRating],
      ['max_rating', maxRating], ['min_finished_games', minGames], ['promotion_max_place', maxPlace],
      ['promotion_min_score_percent', minPercent], ['section_days', sectionDays]] as const) {
      if (value(input) !== undefined) b[key] = value(input);
    }
    if (creditFrom.value) b.credit_from_series = creditFrom.value;
    if (opening.value.trim()) b.opening = opening.value.trim();
    return b;
  }

  const form: HTMLElement = h('form', { class: 'event-form', id: 'series-form', novalidate: true, onsubmit: (e: Event) => submit(e) },
  h('h2', {}, t('director.new_series')),
  h('p', { class: 'muted' }, t('director.series_lead')),
  h('div', { class: 'event-fieldsets' },
    h('fieldset', {}, h('legend', {}, t('director.series_and_sections')),
      row('se-name', t('director.series_name'), name),
      row('se-section-size', t('director.section_size'), size),
      row('se-min-section-size', t('director.min_section_size'), minSize, t('director.min_section_size_hint')),
      row('se-max-wait-days', t('director.max_wait'), maxWait, t('director.max_wait_hint')),
      row('se-section-days', t('director.section_days'), sectionDays, t('director.section_days_hint')),
      check('se-auto-adjudicate', t('director.auto_adjudicate'), autoAdjudicate),
      check('se-country-spread', t('director.spread_together'), spread)),
    h('fieldset', {}, h('legend', {}, t('director.who_may_enter')),
      row('se-min-rating', t('director.min_rating'), minRating),
      row('se-max-rating', t('director.max_rating'), maxRating),
      check('se-unrated-allowed', t('director.unrated_allowed'), unrated),
      row('se-credit-from', t('director.credit_from'), creditFrom),
      row('se-min-finished-games', t('director.min_games'), minGames)),
    h('fieldset', {}, h('legend', {}, t('director.promotion')),
      row('se-promotion-max-place', t('director.promotion_place'), maxPlace),
      row('se-promotion-min-percent', t('director.promotion_percent'), minPercent),
      row('se-credit-valid-days', t('director.credit_valid'), validDays)),
    h('fieldset', {}, h('legend', {}, t('events.games')),
      row('se-opening', t('director.opening'), opening, t('director.opening_hint')),
      row('se-tc-type', t('ch.time_control'), terms.tcType), terms.tcParts,
      row('se-variant', t('ch.variant'), terms.variant), terms.rules,
      row('se-leave-days', t('director.leave_days'), leaveDays),
      check('se-rated', t('director.rated'), rated))),
  h('button', { type: 'submit', class: 'primary' }, t('director.create_series')), done, error);
  const submit = creationSubmit((refusal) => t('director.series_refused', { error: refusal }), {
    form, fields, done, error, crossChecks,
    post: () => api<SeriesRow>('POST', '/api/v1/admin/series', body()),
    created: async (s) => {
      await loadSeries();
      return [`${t('director.series_created', { name: s.name })} `, h('a', { href: `/series/${encodeURIComponent(s.id)}` }, t('common.open_page'))];
    },
  });
  terms.showParts();
  void loadSeries();
  return h('section', { class: 'director-form wide' }, form);
}
