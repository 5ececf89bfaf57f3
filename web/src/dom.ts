// DOM helpers. Every piece of text goes in as a text node (never innerHTML), so names and
// messages from other users can never become markup.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

// h('button', {type: 'button', onclick: fn}, 'Submit'): attributes starting with "on" are
// event listeners, `true` sets an empty attribute, null/false/undefined leave it out.
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value as EventListener);
    } else if (name === 'value' && 'value' in el) {
      (el as HTMLInputElement).value = String(value);
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

// Replaces the children of `el`.
export function replace(el: Node, ...children: (Child | Child[])[]): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  append(el, children);
}

// A plain button (type=button) that runs `onclick`; `extra` adds attributes (class, disabled).
export function button(name: string, onclick: () => void, extra: Record<string, string> = {}): HTMLButtonElement {
  return h('button', { type: 'button', onclick, ...extra }, name);
}

// A paragraph for an error message next to an action (role=alert reads it out).
export function errorBox(): HTMLParagraphElement {
  return h('p', { class: 'error', role: 'alert', hidden: true });
}

export function showError(box: HTMLElement, message: string | null): void {
  box.textContent = message ?? '';
  box.hidden = !message;
}

// Says `text` through the page's live region (screen readers read it out). What is said
// within a moment (a move and the end of the game it brings) is read as one sentence.
let spoken = '';
let speakTimer: number | undefined;
export function announce(text: string): void {
  const region = document.getElementById('announce');
  if (!region) return;
  spoken = spoken ? `${spoken}. ${text}` : text;
  window.clearTimeout(speakTimer);
  speakTimer = window.setTimeout(() => {
    region.textContent = spoken;
    spoken = '';
  }, 50);
}
