// The first page for signed-out visitors at /: what corrchess is, how to join, start a game
// or join an event. Static text; signing in leads on to the page chosen.
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { t } from '../i18n/i18n';

export function landingPage(root: HTMLElement): void {
  setTitle(t('landing.tab'));
  const card = (title: string, text: string, link: HTMLElement) =>
    h('section', { class: 'landing-card' }, h('h2', {}, title), h('p', {}, text), h('p', {}, link));
  replace(root, h('div', { class: 'landing' },
    h('section', { class: 'landing-hero', 'aria-labelledby': 'landing-heading' },
      h('h1', { id: 'landing-heading' }, t('landing.heading')),
      h('p', { class: 'lead' }, t('landing.lead')),
      h('p', { class: 'cta' },
        h('a', { href: '/register', class: 'button primary' }, t('nav.register')),
        h('a', { href: '/login', class: 'button' }, t('nav.login')))),
    h('div', { class: 'landing-cards' },
      card(t('landing.start'), t('landing.start_text'),
        h('a', { href: '/login?next=%2Fchallenges', class: 'start-game' }, t('landing.start'))),
      card(t('landing.join'), t('landing.join_text'),
        h('a', { href: '/login?next=%2Fevents', class: 'join-event' }, t('landing.see_events'))),
      card(t('landing.pace'), t('landing.pace_text'),
        h('a', { href: '/docs/rules.md' }, t('landing.rules'))),
      h('section', { class: 'landing-card' }, h('h2', {}, t('landing.offline')),
        h('p', {}, t('landing.offline_text')))),
    h('p', { class: 'muted landing-foot' }, t('landing.foot'), ' ',
      h('a', { href: '/docs/api.md' }, t('landing.api')), '.')));
}
