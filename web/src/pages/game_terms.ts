// The terms every game is made with, as form fields: variant (and Chess960 start position),
// time control (its type and the fields of that type) and the game rules (messages, the
// ten-moves and silence rules, no draw offer before a move). Used by the challenge form and
// the director's game and event forms; ids are `<prefix>-days`, `<prefix>-tc-type`, ...
import { h } from '../dom';

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
    h('option', { value: 'standard' }, 'Standard'), h('option', { value: 'chess960' }, 'Chess960'));
  const startPosition = num({ id: id('start-position'), name: 'start_position', min: 0, max: 959, placeholder: 'random' });
  const startRow = row(id('start-position'), 'Start position (0–959)', startPosition, 'Empty: a random one.');

  const tcType = h('select', { id: id('tc-type'), name: 'time_control_type', onchange: () => showParts() },
    h('option', { value: 'per_move' }, 'Days per move'), h('option', { value: 'iccf' }, 'ICCF (moves in days)'),
    h('option', { value: 'fischer' }, 'Fischer (initial + increment)'), h('option', { value: 'triple_block' }, 'Triple Block'));
  tcType.value = defaultType;
  const days = num({ id: id('days'), name: 'days', min: 1, max: 180, value: 5 });
  const bank = num({ id: id('bank'), name: 'bank_days', min: 0, max: 180, value: 0 });
  const iccfMoves = num({ id: id('iccf-moves'), name: 'moves', min: 1, max: 200, value: 10 });
  const iccfDays = num({ id: id('iccf-days'), name: 'iccf_days', min: 1, max: 180, value: 50 });
  const iccfDoubling = num({ id: id('iccf-doubling'), name: 'doubling_after_days', min: 1, max: 180, placeholder: 'none' });
  const fInitial = num({ id: id('fischer-initial'), name: 'initial_days', min: 1, max: 180, value: 30 });
  const fIncrement = num({ id: id('fischer-increment'), name: 'increment_days', min: 0, max: 180, value: 3 });
  const fMax = num({ id: id('fischer-max'), name: 'max_days', min: 1, max: 180, placeholder: 'none' });
  const tbIncrement = num({ id: id('tb-increment'), name: 'tb_increment_days', min: 1, max: 180, value: 5 });
  const tbBank = num({ id: id('tb-bank'), name: 'tb_bank_days', min: 0, max: 180, value: 50 });
  const tbProtection = h('input', { type: 'checkbox', id: id('tb-protection'), name: 'sudden_death_protection' });
  const parts: Record<string, HTMLElement> = {
    per_move: h('div', { class: 'tc-fields', 'data-tc': 'per_move' },
      row(id('days'), 'Days per move', days), row(id('bank'), 'Bank (days, 0: none)', bank)),
    iccf: h('div', { class: 'tc-fields', 'data-tc': 'iccf' },
      row(id('iccf-moves'), 'Moves', iccfMoves), row(id('iccf-days'), 'In days', iccfDays),
      row(id('iccf-doubling'), 'Time doubles after (days, optional)', iccfDoubling)),
    fischer: h('div', { class: 'tc-fields', 'data-tc': 'fischer' },
      row(id('fischer-initial'), 'Initial days', fInitial), row(id('fischer-increment'), 'Days added per move', fIncrement),
      row(id('fischer-max'), 'At most (days, optional)', fMax)),
    triple_block: h('div', { class: 'tc-fields', 'data-tc': 'triple_block' },
      row(id('tb-increment'), 'Days per move', tbIncrement), row(id('tb-bank'), 'Bank (days)', tbBank),
      check(id('tb-protection'), 'Sudden-death protection', tbProtection)),
  };

  const messagesAllowed = h('input', { type: 'checkbox', id: id('messages-allowed'), name: 'messages_allowed', checked: true });
  const tenMoves = h('input', { type: 'checkbox', id: id('ten-moves'), name: 'ten_moves_rule', checked: true });
  const silence = h('input', { type: 'checkbox', id: id('silence'), name: 'silence_rule', checked: true });
  const drawMin = num({ id: id('draw-min'), name: 'draw_min_moves', min: 0, max: 1000, value: 0 });
  const rules = h('details', { class: 'rules' }, h('summary', {}, 'Game rules'),
    check(id('messages-allowed'), 'Messages with moves allowed', messagesAllowed),
    check(id('ten-moves'), 'Ten-moves rule for draw offers', tenMoves),
    check(id('silence'), 'Silence rule (40 days without a move)', silence),
    row(id('draw-min'), 'No draw offer before move (0: none)', drawMin));

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
