// The first page for signed-out visitors at /: what corrchess is, how to join, start a game
// or join an event. Static text; signing in leads on to the page chosen.
import { h, replace } from '../dom';
import { setTitle } from '../title';

export function landingPage(root: HTMLElement): void {
  setTitle('Correspondence chess');
  const card = (title: string, text: string, link: HTMLElement) =>
    h('section', { class: 'landing-card' }, h('h2', {}, title), h('p', {}, text), h('p', {}, link));
  replace(root, h('div', { class: 'landing' },
    h('section', { class: 'landing-hero', 'aria-labelledby': 'landing-heading' },
      h('h1', { id: 'landing-heading' }, 'Correspondence chess, one move a day'),
      h('p', { class: 'lead' },
        'corrchess is a server for correspondence chess: games played over days and weeks, with ',
        'time to think about every move. Play friends or anyone, in rated games or tournaments run ',
        'by directors, under ICCF-style time controls.'),
      h('p', { class: 'cta' },
        h('a', { href: '/register', class: 'button primary' }, 'Register'),
        h('a', { href: '/login', class: 'button' }, 'Log in'))),
    h('div', { class: 'landing-cards' },
      card('Start a game', 'Challenge a player you know, or post an open challenge that anyone in your rating range may accept: days per move, ICCF, Fischer or Triple Block, standard chess or Chess960.',
        h('a', { href: '/login?next=%2Fchallenges', class: 'start-game' }, 'Start a game')),
      card('Join an event', 'Tournaments and leagues run by directors: enter an open event, follow the crosstable, take leave when life gets in the way.',
        h('a', { href: '/login?next=%2Fevents', class: 'join-event' }, 'See the events')),
      card('Play at your pace', 'Submit, then confirm every move; conditional moves, draw offers and claims, messages with moves, live updates and reminders before your deadline. Works on a phone, by keyboard and with a screen reader.',
        h('a', { href: '/docs/rules.md' }, 'Read the rules')),
      h('section', { class: 'landing-card' }, h('h2', {}, 'Install it, play offline'),
        h('p', {}, 'Install corrchess from your browser as an app. Without a connection it shows your games as last seen; ',
          'moves you make offline are sent when you are back, or refused, and you are told, if the game changed meanwhile.'))),
    h('p', { class: 'muted landing-foot' }, 'Desktop programs (Scid, ChessBase) can play through Xfcc; developers have an ',
      h('a', { href: '/docs/api.md' }, 'HTTP and WebSocket API'), '.')));
}
