// /login and /register (with an optional address: a server that wants addresses verified
// mails the confirmation link at once).
import { api } from '../api';
import { errorBox, h, replace } from '../dom';
import { login } from '../session';
import { setTitle } from '../title';
import { submitting } from './forms';

export function loginPage(root: HTMLElement, go: (path: string) => void, next: string): void {
  setTitle('Log in');
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const error = errorBox();
  replace(root, h('div', { class: 'narrow' },
    h('h1', {}, 'Log in'),
    h('form', { class: 'stack', onsubmit: submitting(error, async () => {
      await login(username.value.trim(), password.value);
      go(next);
    }) },
      h('label', { for: 'username' }, 'Username'), username,
      h('label', { for: 'password' }, 'Password'), password,
      h('button', { type: 'submit', class: 'primary' }, 'Log in'), error),
    h('p', {}, 'No account yet? ', h('a', { href: '/register' }, 'Register'))));
  username.focus();
}

export function registerPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle('Register');
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, minlength: 2, maxlength: 32 });
  const display = h('input', { id: 'display_name', name: 'display_name', maxlength: 64 });
  const email = h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'email', maxlength: 254 });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 });
  const error = errorBox();
  replace(root, h('div', { class: 'narrow' },
    h('h1', {}, 'Register'),
    h('form', { class: 'stack', onsubmit: submitting(error, async () => {
      const body: Record<string, string> = { username: username.value.trim(), password: password.value };
      if (display.value.trim()) body.display_name = display.value.trim();
      if (email.value.trim()) body.email = email.value.trim();
      await api('POST', '/api/v1/auth/register', body);
      await login(body.username, body.password);
      go('/games');
    }) },
      h('label', { for: 'username' }, 'Username (2–32 letters, digits, _ . -)'), username,
      h('label', { for: 'display_name' }, 'Display name (optional)'), display,
      h('label', { for: 'email' }, 'Email (optional; for notifications, a confirmation link may be sent to it)'), email,
      h('label', { for: 'password' }, 'Password (at least 8 characters)'), password,
      h('button', { type: 'submit', class: 'primary' }, 'Register'), error),
    h('p', {}, 'Have an account? ', h('a', { href: '/login' }, 'Log in'))));
  username.focus();
}
