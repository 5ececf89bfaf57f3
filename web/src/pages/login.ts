// /login and /register (with an optional address: a server that wants addresses verified
// mails the confirmation link at once).
import { api } from '../api';
import { errorBox, h, replace } from '../dom';
import { login } from '../session';
import { setTitle } from '../title';
import { submitting } from './forms';
import { t } from '../i18n/i18n';

export function loginPage(root: HTMLElement, go: (path: string) => void, next: string): void {
  setTitle(t('nav.login'));
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const error = errorBox();
  replace(root, h('div', { class: 'narrow' },
    h('h1', {}, t('nav.login')),
    h('form', { class: 'stack', onsubmit: submitting(error, async () => {
      await login(username.value.trim(), password.value);
      go(next);
    }) },
      h('label', { for: 'username' }, t('login.username')), username,
      h('label', { for: 'password' }, t('login.password')), password,
      h('button', { type: 'submit', class: 'primary' }, t('nav.login')), error),
    h('p', {}, t('login.no_account'), ' ', h('a', { href: '/register' }, t('nav.register')))));
  username.focus();
}

export function registerPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle(t('nav.register'));
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, minlength: 2, maxlength: 32 });
  const display = h('input', { id: 'display_name', name: 'display_name', maxlength: 64 });
  const email = h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'email', maxlength: 254 });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 });
  const error = errorBox();
  replace(root, h('div', { class: 'narrow' },
    h('h1', {}, t('nav.register')),
    h('form', { class: 'stack', onsubmit: submitting(error, async () => {
      const body: Record<string, string> = { username: username.value.trim(), password: password.value };
      if (display.value.trim()) body.display_name = display.value.trim();
      if (email.value.trim()) body.email = email.value.trim();
      await api('POST', '/api/v1/auth/register', body);
      await login(body.username, body.password);
      go('/games');
    }) },
      h('label', { for: 'username' }, t('login.username_rules')), username,
      h('label', { for: 'display_name' }, t('login.display_name')), display,
      h('label', { for: 'email' }, t('login.email')), email,
      h('label', { for: 'password' }, t('login.password_rules')), password,
      h('button', { type: 'submit', class: 'primary' }, t('nav.register')), error),
    h('p', {}, t('login.have_account'), ' ', h('a', { href: '/login' }, t('nav.login')))));
  username.focus();
}
