// What became of the actions queued offline (offline_queue.ts), seen from every page under
// the navigation (`#queue-news`): a refused one says why, with a link to its game, until
// dismissed (kept in localStorage, so a reload does not lose it); a sent one is announced.
import { announce, h, replace } from './dom';
import { onQueue } from './offline_queue';
import { t } from './i18n/i18n';
import { displaySan } from './i18n/notation';

type Notice = { id: string; game: string; text: string };

export const queueNews = h('div', { id: 'queue-news', class: 'queue-news', 'aria-live': 'polite' });

const KEY = 'corrchess.queueNews';

function read(): Notice[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function write(list: Notice[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // private browsing: shown until the page is left
  }
  draw(list);
}

function draw(list: Notice[] = read()): void {
  replace(queueNews, list.map((n) => h('p', { class: 'refused', role: 'alert', 'data-game': n.game },
    n.text, ' ', h('a', { href: `/games/${encodeURIComponent(n.game)}` }, t('common.to_game')),
    h('button', { type: 'button', class: 'link dismiss', 'aria-label': t('common.dismiss'), title: t('common.dismiss'),
      onclick: () => write(read().filter((x) => x.id !== n.id)) }, '×'))));
}

onQueue((e) => {
  if (e.type === 'refused') {
    write([...read(), { id: `${e.item.key}-${Date.now()}`, game: e.item.game, text: e.text }]);
  } else if (e.type === 'sent') {
    announce(e.item.kind === 'move' ? t('offline.move_sent', { move: displaySan(e.item.san) }) : t('offline.lines_stored'));
  }
});
draw();
