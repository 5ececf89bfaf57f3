// The director's "New series" form: every field of POST /api/v1/admin/series (docs/api.md
// "Series"): name, section size, smaller sections and the maximum wait, the class (rating
// band, unrated players, the credit of the class below, finished games), promotion, a
// thematic opening, the time control, variant and game rules. A refusal of the server is shown
// under the form and next to the field it names, and creates nothing.
import { api } from '../api';
import { errorBox, h, replace } from '../dom';
import { creationSubmit, fieldError } from './form_errors';
import { check, gameTerms, num, row, value } from './game_terms';

type SeriesRow = { id: string; name: string };

export function newSeriesForm(): HTMLElement {
  const name = h('input', { id: 'se-name', name: 'name', required: true, maxlength: 200 });
  const size = num({ id: 'se-section-size', name: 'section_size', min: 3, max: 32, value: 7, required: 'required' });
  const minSize = num({ id: 'se-min-section-size', name: 'min_section_size', min: 3, max: 32, placeholder: 'only full sections' });
  const maxWait = num({ id: 'se-max-wait-days', name: 'max_wait_days', min: 0, max: 3650, placeholder: 'no limit' });
  const spread = h('input', { type: 'checkbox', id: 'se-country-spread', name: 'country_spread' });
  const minRating = num({ id: 'se-min-rating', name: 'min_rating', min: 0, max: 4000, placeholder: 'none' });
  const maxRating = num({ id: 'se-max-rating', name: 'max_rating', min: 0, max: 4000, placeholder: 'none' });
  const unrated = h('input', { type: 'checkbox', id: 'se-unrated-allowed', name: 'unrated_allowed', checked: true });
  const creditFrom = h('select', { id: 'se-credit-from', name: 'credit_from_series' }, h('option', { value: '' }, 'None'));
  const minGames = num({ id: 'se-min-finished-games', name: 'min_finished_games', min: 0, max: 10000, placeholder: '0' });
  const maxPlace = num({ id: 'se-promotion-max-place', name: 'promotion_max_place', min: 1, max: 32, placeholder: 'none' });
  const minPercent = num({ id: 'se-promotion-min-percent', name: 'promotion_min_score_percent', min: 1, max: 100, placeholder: 'none' });
  const validDays = num({ id: 'se-credit-valid-days', name: 'credit_valid_days', min: 1, max: 3660, value: 365 });
  const opening = h('input', { id: 'se-opening', name: 'opening', maxlength: 2000, placeholder: '1. e4 c5 2. Nf3 d6, or a FEN' });
  const rated = h('input', { type: 'checkbox', id: 'se-rated', name: 'rated', checked: true });
  const leaveDays = num({ id: 'se-leave-days', name: 'leave_days_per_year', min: 0, max: 366, value: 45 });
  // A series draws each section's Chess960 position: the start position field stays hidden.
  const startRows: HTMLElement[] = [];
  const terms = gameTerms('se', 'iccf', () => { for (const r of startRows) r.hidden = true; });
  startRows.push(terms.startRow);

  const fields: Record<string, HTMLElement> = {
    ...terms.inputs, name, section_size: size, min_section_size: minSize, max_wait_days: maxWait,
    country_spread: spread, min_rating: minRating, max_rating: maxRating, unrated_allowed: unrated,
    credit_from_series: creditFrom, min_finished_games: minGames, promotion_max_place: maxPlace,
    promotion_min_score_percent: minPercent, credit_valid_days: validDays, opening, rated, leave_days_per_year: leaveDays,
  };
  const done = h('p', { class: 'done', 'aria-live': 'polite' });
  const error = errorBox();
  error.id = 'se-error';

  async function loadSeries(): Promise<void> {
    try {
      const { series } = await api<{ series: SeriesRow[] }>('GET', '/api/v1/series');
      replace(creditFrom, h('option', { value: '' }, 'None'), series.map((s) => h('option', { value: s.id }, s.name)));
    } catch {
      // The list stays at "None": a credit can be chosen once the page is read again.
    }
  }

  function crossChecks(): boolean {
    let ok = true;
    const lo = value(minRating);
    const hi = value(maxRating);
    if (lo !== undefined && hi !== undefined && lo > hi) { fieldError(maxRating, 'The highest rating must not be below the lowest.'); ok = false; }
    if (value(minSize) !== undefined && !value(maxWait)) { fieldError(maxWait, 'Smaller sections start only after a maximum wait: give one.'); ok = false; }
    if (!name.value.trim()) { fieldError(name, 'Give the series a name.'); ok = false; }
    return ok;
  }

  function body(): Record<string, unknown> {
    const b: Record<string, unknown> = {
      name: name.value.trim(), time_control: terms.timeControl(), ...terms.body(), start_position: undefined,
      section_size: value(size),
      country_spread: spread.checked, unrated_allowed: unrated.checked, rated: rated.checked,
      leave_days_per_year: value(leaveDays) ?? 45, credit_valid_days: value(validDays) ?? 365,
    };
    for (const [key, input] of [['min_section_size', minSize], ['max_wait_days', maxWait], ['min_rating', minRating],
      ['max_rating', maxRating], ['min_finished_games', minGames], ['promotion_max_place', maxPlace],
      ['promotion_min_score_percent', minPercent]] as const) {
      if (value(input) !== undefined) b[key] = value(input);
    }
    if (creditFrom.value) b.credit_from_series = creditFrom.value;
    if (opening.value.trim()) b.opening = opening.value.trim();
    return b;
  }

  const form: HTMLElement = h('form', { class: 'event-form', id: 'series-form', novalidate: true, onsubmit: (e: Event) => submit(e) },
  h('h2', {}, 'New series'),
  h('p', { class: 'muted' }, 'Players join its waiting list; each full list starts a section by itself.'),
  h('div', { class: 'event-fieldsets' },
    h('fieldset', {}, h('legend', {}, 'Series and sections'),
      row('se-name', 'Series name', name),
      row('se-section-size', 'Players per section (3–32)', size),
      row('se-min-section-size', 'Smaller sections: at least (3–size)', minSize, 'Empty: only full sections start.'),
      row('se-max-wait-days', 'Maximum wait in days', maxWait, 'Then a smaller section starts, or the entry expires.'),
      check('se-country-spread', 'Spread compatriots over sections started together', spread)),
    h('fieldset', {}, h('legend', {}, 'Who may enter'),
      row('se-min-rating', 'Lowest rating (0–4000)', minRating),
      row('se-max-rating', 'Highest rating (0–4000)', maxRating),
      check('se-unrated-allowed', 'Unrated players may enter', unrated),
      row('se-credit-from', 'A promotion credit of this series admits', creditFrom),
      row('se-min-finished-games', 'Finished games needed', minGames)),
    h('fieldset', {}, h('legend', {}, 'Promotion'),
      row('se-promotion-max-place', 'A place at most this earns a credit', maxPlace),
      row('se-promotion-min-percent', 'Or a score of at least this % earns one', minPercent),
      row('se-credit-valid-days', 'Credits are valid for days', validDays)),
    h('fieldset', {}, h('legend', {}, 'Games'),
      row('se-opening', 'Thematic opening (optional)', opening, 'SAN moves or a FEN; every game starts there.'),
      row('se-tc-type', 'Time control', terms.tcType), terms.tcParts,
      row('se-variant', 'Variant', terms.variant), terms.rules,
      row('se-leave-days', 'Leave days per year (0–366)', leaveDays),
      check('se-rated', 'Rated: the games count for the ratings', rated))),
  h('button', { type: 'submit', class: 'primary' }, 'Create series'), done, error);
  const submit = creationSubmit('series', {
    form, fields, done, error, crossChecks,
    post: () => api<SeriesRow>('POST', '/api/v1/admin/series', body()),
    created: async (s) => {
      await loadSeries();
      return [`Series “${s.name}” created. `, h('a', { href: `/series/${encodeURIComponent(s.id)}` }, 'Open its page')];
    },
  });
  terms.showParts();
  void loadSeries();
  return h('section', { class: 'director-form wide' }, form);
}
