// Small forms: a labelled input, and a titled form whose action reports what it did or
// shows the refusal next to its button.
import { errorText } from '../api';
import { errorBox, h, showError } from '../dom';

export function field(id: string, label: string, attrs: Record<string, string | number | boolean> = {}): [HTMLLabelElement, HTMLInputElement] {
  return [h('label', { for: id }, label), h('input', { id, name: id, ...attrs })];
}

// The submit handler of a form: runs `action` instead of the browser's submission and shows
// its refusal in `error`.
export function submitting(error: HTMLElement, action: () => Promise<void>): (e: Event) => Promise<void> {
  return async (e: Event) => {
    e.preventDefault();
    try {
      await action();
    } catch (err) {
      showError(error, errorText(err));
    }
  };
}

export function section(title: string, fields: HTMLElement[], action: string, run: () => Promise<string>,
  className = 'director-form'): HTMLElement {
  const error = errorBox();
  const done = h('p', { class: 'done', 'aria-live': 'polite' });
  return h('section', { class: className }, h('h2', {}, title),
    h('form', { class: 'stack', onsubmit: async (e: Event) => {
      e.preventDefault();
      try {
        done.textContent = await run();
        showError(error, null);
      } catch (err) {
        done.textContent = '';
        showError(error, errorText(err));
      }
    } }, fields, h('button', { type: 'submit', class: 'primary' }, action), done, error));
}
