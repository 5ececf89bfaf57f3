// The terms every game is made with, as form fields: variant (and Chess960 start position),
// time control (its type and the fields of that type) and the game rules (messages, the
// ten-moves and silence rules, no draw offer before a move). Used by the challenge form and
// the director's game and event forms; ids are `<prefix>-days`, `<prefix>-tc-type`, ...
import { h } from '../dom';
import { t } from '../i18n/i18n';

export const num = (attrs: Record<string, string | number>) => h('input', { type: 'number', inputmode: 'numeric', ...attrs });

// A labelled field (with an optional hint under it) and a labelled checkbox.
export const row = (id: string, label: string, field: HTMLElement, hint?: string) =>
  h('div', { class: 'field' }, h('label', { for: id }, label), field, hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null);
export const check = (id: string, label: string, field: HTMLInputElement) =>
  h('div', { class: 'field check' }, field, h('label', { for: id }, label));

// The number typed in `input`, or undefined when it is empty.
export const value = (input: HTMLInputElement) => (input.value.trim() === '' ? undefined : Number(input.value));

export type GameTerms = {
  variant: HTMLSelectElement;
  startPosition: HTMLInputElement;
  startRow: HTMLElement;
  tcType: HTMLSelectElement;
  tcParts: HTMLElement[];
  rules: HTMLElement;
  // The fields by the names of the request (for a refusal naming one).
  inputs: Record<string, HTMLElement>;
  // The time_control object of the request.
  timeControl(): Record<string, unknown>;
  // variant, start_position and the rules that differ from the server's defaults.
  body(): Record<string, unknown>;
  // Shows the fields of the chosen time control type and variant.
  showParts(): void;
};

export function gameTerms(prefix: string, defaultType = 'per_move', onChange: () => void = () => {}): GameTerms {
  const id = (name: string) => `${prefix}-${name}`;
  const variant = h('select', { id: id('variant'), name: 'variant', onchange: () => showParts() },
    h('option', { value: 'standard' }, t('variant.standard')), h('option', { value: 'chess960' }, t('variant.chess960')));
  const startPosition = num({ id: id('start-position'), name: 'start_position', min: 0, max: 959, placeholder: t('terms.random') });
  const startRow = row(id('start-position'), t('terms.start_position'), startPosition, t('terms.start_position_hint'));

  const tcType = h('select', { id: id('tc-type'), name: 'time_control_type', onchange: () => showParts() },
    h('option', { value: 'per_move' }, t('terms.days_per_move')), h('option', { value: 'iccf' }, t('terms.iccf')),
    h('option', { value: 'fischer' }, t('terms.fischer')), h('option', { value: 'triple_block' }, 'Triple Block'));
  tcType.value = defaultType;
  const days = num({ id: id('days'), name: 'days', min: 1, max: 180, value: 5 });
  const bank = num({ id: id('bank'), name: 'bank_days', min: 0, max: 180, value: 0 });
  const iccfMoves = num({ id: id('iccf-moves'), name: 'moves', min: 1, max: 200, value: 10 });
  const iccfDays = num({ id: id('iccf-days'), name: 'iccf_days', min: 1, max: 180, value: 50 });
  const iccfDoubling = num({ id: id('iccf-doubling'), name: 'doubling_after_days', min: 1, max: 180, placeholder: t('common.none') });
  const fInitial = num({ id: id('fischer-initial'), name: 'initial_days', min: 1, max: 180, value: 30 });
  const fIncrement = num({ id: id('fischer-increment'), name: 'increment_days', min: 0, max: 180, value: 3 });
  const fMax = num({ id: id('fischer-max'), name: 'max_days', min: 1, max: 180, placeholder: t('common.none') });
  const tbIncrement = num({ id: id('tb-increment'), name: 'tb_increment_days', min: 1, max: 180, value: 5 });
  const tbBank = num({ id: id('tb-bank'), name: 'tb_bank_days', min: 0, max: 180, value: 50 });
  const tbProtection = h('input', { type: 'checkbox', id: id('tb-protection'), name: 'sudden_death_protection' });
  const parts: Record<string, HTMLElement> = {
    per_move: h('div', { class: 'tc-fields', 'data-tc': 'per_move' },
      row(id('days'), t('terms.days_per_move'), days), row(id('bank'), t('terms.bank_none'), bank)),
    iccf: h('div', { class: 'tc-fields', 'data-tc': 'iccf' },
      row(id('iccf-moves'), t('game.moves'), iccfMoves), row(id('iccf-days'), t('terms.in_days'), iccfDays),
      row(id('iccf-doubling'), t('terms.doubling'), iccfDoubling)),
    fischer: h('div', { class: 'tc-fields', 'data-tc': 'fischer' },
      row(id('fischer-initial'), t('terms.initial_days'), fInitial), row(id('fischer-increment'), t('terms.increment'), fIncrement),
      row(id('fischer-max'), t('terms.at_most'), fMax)),
    triple_block: h('div', { class: 'tc-fields', 'data-tc': 'triple_block' },
      row(id('tb-increment'), t('terms.days_per_move'), tbIncrement), row(id('tb-bank'), t('terms.bank'), tbBank),
      check(id('tb-protection'), t('terms.sudden_death'), tbProtection)),
  };

  const messagesAllowed = h('input', { type: 'checkbox', id: id('messages-allowed'), name: 'messages_allowed', checked: true });
  const tenMoves = h('input', { type: 'checkbox', id: id('ten-moves'), name: 'ten_moves_rule', checked: true });
  const silence = h('input', { type: 'checkbox', id: id('silence'), name: 'silence_rule', checked: true });
  const drawMin = num({ id: id('draw-min'), name: 'draw_min_moves', min: 0, max: 1000, value: 0 });
  const rules = h('details', { class: 'rules' }, h('summary', {}, t('terms.rules')),
    check(id('messages-allowed'), t('terms.messages_allowed'), messagesAllowed),
    check(id('ten-moves'), t('terms.ten_moves'), tenMoves),
    check(id('silence'), t('terms.silence'), silence),
    row(id('draw-min'), t('terms.draw_min'), drawMin));

  function showParts(): void {
    for (const [type, part] of Object.entries(parts)) part.hidden = type !== tcType.value;
    startRow.hidden = variant.value !== 'chess960';
    onChange();
  }

  function timeControl(): Record<string, unknown> {
    const type = tcType.value;
    if (type === 'iccf') return { type, moves: value(iccfMoves), days: value(iccfDays), doubling_after_days: value(iccfDoubling) };
    if (type === 'fischer') return { type, initial_days: value(fInitial), increment_days: value(fIncrement), max_days: value(fMax) };
    if (type === 'triple_block') return { type, increment_days: value(tbIncrement), bank_days: value(tbBank), sudden_death_protection: tbProtection.checked };
    return { type, days: value(days), bank_days: value(bank) };
  }

  function body(): Record<string, unknown> {
    const out: Record<string, unknown> = { variant: variant.value };
    if (variant.value === 'chess960' && value(startPosition) !== undefined) out.start_position = value(startPosition);
    if (!messagesAllowed.checked) out.messages_allowed = false;
    if (!tenMoves.checked) out.ten_moves_rule = false;
    if (!silence.checked) out.silence_rule = false;
    if ((value(drawMin) ?? 0) > 0) out.draw_min_moves = value(drawMin);
    return out;
  }

  const inputs = { variant, start_position: startPosition, time_control: tcType, draw_min_moves: drawMin,
    ten_moves_rule: tenMoves, silence_rule: silence, messages_allowed: messagesAllowed };
  return { variant, startPosition, startRow, tcType, tcParts: Object.values(parts), rules, inputs, timeControl, body, showParts };
}
