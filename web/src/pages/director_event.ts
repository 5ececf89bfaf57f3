// The director's "New event" form: every field of POST /api/v1/admin/events (docs/api.md):
// name, players (picked) and seeding, variant, Chess960 start position and allow_518, the time
// control of each type, the game rules, start and end dates, double round, visibility and
// delay, entry (open, at most so many players), leave days, rated and the rating range. Each
// field says what is wrong with it next to it; a refusal of the server is shown under the
// form and next to the field it names, and changes nothing.
import { api } from '../api';
import { errorBox, h } from '../dom';
import { creationSubmit, fieldError } from './form_errors';
import { check, gameTerms, num, row, value } from './game_terms';
import { playerPicker } from './pickers';
import { t } from '../i18n/i18n';

// The RFC 3339 instant of a datetime-local field (the browser's time zone), or undefined.
const instant = (input: HTMLInputElement) => (input.value ? new Date(input.value).toISOString() : undefined);

export function newEventForm(created: (id: string, name: string) => void): HTMLElement {
  const name = h('input', { id: 'ev-name', name: 'name', required: true, maxlength: 200 });
  const players = playerPicker('ev-players', t('events.players'), true, t('director.event_players_hint'));
  const seeding = h('select', { id: 'ev-seeding', name: 'seeding' },
    h('option', { value: '' }, t('director.seeding_default')),
    h('option', { value: 'entry' }, t('director.by_entry')), h('option', { value: 'rating' }, t('common.by_rating')));
  const allow518 = h('input', { type: 'checkbox', id: 'ev-allow-518', name: 'allow_518' });
  const allowRow = check('ev-allow-518', t('director.allow_518'), allow518);
  const terms = gameTerms('ev', 'iccf', () => { allowRow.hidden = terms.variant.value !== 'chess960'; });

  const startAt = h('input', { id: 'ev-start-at', name: 'start_at', type: 'datetime-local' });
  const endAt = h('input', { id: 'ev-end-at', name: 'end_at', type: 'datetime-local' });
  const doubleRound = h('input', { type: 'checkbox', id: 'ev-double-round', name: 'double_round' });
  const visibility = h('select', { id: 'ev-visibility', name: 'visibility', onchange: () => showDelay() },
    h('option', { value: 'live' }, t('director.visibility_live')),
    h('option', { value: 'delayed' }, t('director.visibility_delayed')),
    h('option', { value: 'after_end' }, t('director.visibility_after_end')));
  const delay = num({ id: 'ev-delay-moves', name: 'delay_moves', min: 1, max: 1000, value: 4 });
  const delayRow = row('ev-delay-moves', t('director.delay'), delay);
  const showDelay = () => { delayRow.hidden = visibility.value !== 'delayed'; };
  const openEntry = h('input', { type: 'checkbox', id: 'ev-open-for-entry', name: 'open_for_entry' });
  const maxPlayers = num({ id: 'ev-max-players', name: 'max_players', min: 2, max: 100, placeholder: t('common.no_limit') });
  const leaveDays = num({ id: 'ev-leave-days', name: 'leave_days_per_year', min: 0, max: 366, value: 45 });
  const rated = h('input', { type: 'checkbox', id: 'ev-rated', name: 'rated', checked: true });
  const minRating = num({ id: 'ev-min-rating', name: 'min_rating', min: 0, max: 4000, placeholder: t('common.none') });
  const maxRating = num({ id: 'ev-max-rating', name: 'max_rating', min: 0, max: 4000, placeholder: t('common.none') });

  // The server's field names, for putting its refusals next to the right field.
  const fields: Record<string, HTMLElement> = {
    ...terms.inputs, name, players: players.search, seeding, allow_518: allow518, start_at: startAt, end_at: endAt,
    double_round: doubleRound, visibility, delay_moves: delay, open_for_entry: openEntry, max_players: maxPlayers,
    leave_days_per_year: leaveDays, rated, min_rating: minRating, max_rating: maxRating,
  };
  const done = h('p', { class: 'done', 'aria-live': 'polite' });
  const error = errorBox();
  error.id = 'ev-error';

  // Checks across fields, each shown next to the field to change.
  function crossChecks(): boolean {
    let ok = true;
    const fail = (f: HTMLElement, text: string) => { fieldError(f, text); ok = false; };
    const lo = value(minRating);
    const hi = value(maxRating);
    if (lo !== undefined && hi !== undefined && lo > hi) fail(maxRating, t('director.rating_order'));
    if (startAt.value && endAt.value && endAt.value <= startAt.value) fail(endAt, t('director.end_after_start'));
    if (endAt.value && terms.tcType.value === 'triple_block') fail(endAt, t('director.triple_block_end'));
    if (!name.value.trim()) fail(name, t('director.event_name_missing'));
    return ok;
  }

  function body(): Record<string, unknown> {
    const b: Record<string, unknown> = {
      name: name.value.trim(), time_control: terms.timeControl(), ...terms.body(),
      double_round: doubleRound.checked, visibility: visibility.value, open_for_entry: openEntry.checked,
      leave_days_per_year: value(leaveDays) ?? 45, rated: rated.checked,
    };
    const listed = players.values();
    if (listed.length) b.players = listed;
    if (seeding.value) b.seeding = seeding.value;
    if (terms.variant.value === 'chess960') b.allow_518 = allow518.checked;
    if (visibility.value === 'delayed') b.delay_moves = value(delay);
    for (const [key, input] of [['max_players', maxPlayers], ['min_rating', minRating], ['max_rating', maxRating]] as const) {
      if (value(input) !== undefined) b[key] = value(input);
    }
    if (instant(startAt)) b.start_at = instant(startAt);
    if (instant(endAt)) b.end_at = instant(endAt);
    return b;
  }

  const form: HTMLElement = h('form', { class: 'event-form', id: 'event-form', novalidate: true, onsubmit: (e: Event) => submit(e) },
  h('h2', {}, t('director.new_event')),
  h('div', { class: 'event-fieldsets' },
    h('fieldset', {}, h('legend', {}, t('director.event_and_players')),
      row('ev-name', t('director.event_name'), name), players.el, row('ev-seeding', t('common.seeding'), seeding, t('director.seeding_hint'))),
    h('fieldset', {}, h('legend', {}, t('ch.time_control')), row('ev-tc-type', t('ch.type'), terms.tcType), terms.tcParts),
    h('fieldset', {}, h('legend', {}, t('events.games')),
      row('ev-variant', t('ch.variant'), terms.variant), terms.startRow, allowRow,
      check('ev-double-round', t('director.double_round'), doubleRound), terms.rules),
    h('fieldset', {}, h('legend', {}, t('director.dates')),
      row('ev-start-at', t('director.start_at'), startAt, t('director.local_time')),
      row('ev-end-at', t('director.end_at'), endAt)),
    h('fieldset', {}, h('legend', {}, t('director.entry_visibility_leave')),
      check('ev-open-for-entry', t('director.open_for_entry'), openEntry),
      row('ev-max-players', t('director.max_players'), maxPlayers),
      row('ev-visibility', t('director.visibility'), visibility), delayRow,
      row('ev-leave-days', t('director.leave_days'), leaveDays)),
    h('fieldset', {}, h('legend', {}, t('series.ratings')),
      check('ev-rated', t('director.rated'), rated),
      row('ev-min-rating', t('director.min_rating_enter'), minRating),
      row('ev-max-rating', t('director.max_rating_enter'), maxRating))),
  h('button', { type: 'submit', class: 'primary' }, t('director.create_event')), done, error);
  const submit = creationSubmit((refusal) => t('director.event_refused', { error: refusal }), {
    form, fields, done, error, crossChecks,
    post: () => api<{ id: string; name: string }>('POST', '/api/v1/admin/events', body()),
    created: async (ev) => {
      players.clear();
      created(ev.id, ev.name);
      return [`${t('director.event_created', { name: ev.name, id: ev.id })} `, h('a', { href: `/events/${encodeURIComponent(ev.id)}` }, t('common.open_page'))];
    },
  });
  terms.showParts();
  showDelay();
  return h('section', { class: 'director-form wide' }, form);
}
