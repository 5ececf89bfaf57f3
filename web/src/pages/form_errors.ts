// Messages next to the fields of a form: the browser's own checks of each shown field (range,
// required, ...), checks across fields, and a refusal of the server whose detail names a
// field ("field 'max_players' must be 2..100") put next to that field too.
import { ApiError, errorText } from '../api';
import { h, replace, showError } from '../dom';
import { t } from '../i18n/i18n';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// Shows `message` under `field` (null: removes it); the field is marked invalid and described
// by the message meanwhile.
export function fieldError(field: HTMLElement, message: string | null): void {
  const id = `${field.id}-error`;
  let box = document.getElementById(id);
  if (!message) {
    box?.remove();
    field.removeAttribute('aria-invalid');
    return;
  }
  if (!box) {
    box = h('p', { class: 'field-error', id, role: 'alert' });
    (field.closest('.field') ?? field).after(box);
  }
  box.textContent = message;
  field.closest('details')?.setAttribute('open', '');
  field.setAttribute('aria-invalid', 'true');
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!described.includes(id)) field.setAttribute('aria-describedby', [...described, id].join(' '));
}

export function clearFieldErrors(form: HTMLElement): void {
  for (const box of Array.from(form.querySelectorAll('.field-error'))) box.remove();
  for (const f of Array.from(form.querySelectorAll('[aria-invalid]'))) f.removeAttribute('aria-invalid');
}

// The browser's checks of the fields a person can see; each failure is shown next to its
// field and the first one gets the focus. True when all passed.
export function checkFields(form: HTMLElement): boolean {
  let first: Field | null = null;
  for (const f of Array.from(form.querySelectorAll<Field>('input, select, textarea'))) {
    if (!f.id || f.closest('[hidden]') || f.checkValidity()) continue;
    fieldError(f, f.validationMessage);
    first ??= f;
  }
  first?.focus();
  return !first;
}

// The field a server refusal is about: "field 'x'" first, else the first field name the
// detail mentions, names with an underscore (as the server writes them: "more players than
// max_players", "end_at must be after start_at") before plain words.
export function refusedField(detail: string, fields: Record<string, HTMLElement>): HTMLElement | null {
  const named = /field '([a-z_0-9]+)'/.exec(detail)?.[1];
  if (named && fields[named]) return fields[named];
  const at = (k: string) => detail.search(new RegExp(`\\b${k}\\b`));
  const mentioned = Object.keys(fields).filter((k) => at(k) >= 0)
    .sort((a, b) => Number(!a.includes('_')) - Number(!b.includes('_')) || at(a) - at(b));
  return mentioned.length ? fields[mentioned[0]] : null;
}

// The submit handler of a director's creation form (new event, new series): the browser's
// checks and `crossChecks` first, each failure next to its field; then `post()`; its answer
// goes to `created`, whose text is shown in `done`. A refusal of the server is shown in
// `error` (the words of `refused`, given the server's message) and next to the field its
// detail names. Either way a refused form creates nothing.
export function creationSubmit<T>(refused: (error: string) => string, parts: {
  form: HTMLElement; fields: Record<string, HTMLElement>; done: HTMLElement; error: HTMLElement;
  crossChecks: () => boolean; post: () => Promise<T>; created: (answer: T) => Promise<(Node | string)[]>;
}): (e: Event) => Promise<void> {
  const { form, fields, done, error } = parts;
  return async (e: Event) => {
    e.preventDefault();
    clearFieldErrors(form);
    replace(done);
    const fine = checkFields(form);
    if (!parts.crossChecks() || !fine) {
      showError(error, t('form.check_fields'));
      (form.querySelector('[aria-invalid]') as HTMLElement | null)?.focus();
      return;
    }
    try {
      const answer = await parts.post();
      showError(error, null);
      replace(done, ...(await parts.created(answer)));
    } catch (err) {
      const detail = err instanceof ApiError && typeof err.problem.detail === 'string' ? err.problem.detail : '';
      showError(error, refused(errorText(err)));
      const field = detail ? refusedField(detail, fields) : null;
      if (field?.id) fieldError(field, errorText(err));
    }
  };
}
