// Messages of a game (those carried by moves and those written after the end) and the
// private note of the signed-in user.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';
import { t } from '../i18n/i18n';

type Message = { ply: number | null; author: string; text: string; at: string };

export async function gameMessages(box: HTMLElement, id: string, over: boolean, player: boolean): Promise<void> {
  let messages: Message[] = [];
  try {
    messages = (await api<{ messages: Message[] }>('GET', `/api/v1/games/${encodeURIComponent(id)}/messages`)).messages;
  } catch {
    replace(box);  // onlookers do not see the players' messages
    return;
  }
  const list = h('ol', { class: 'message-list' },
    messages.map((m) => h('li', { class: 'message' },
      h('span', { class: 'meta' }, `${m.ply ? t('talk.with_move', { author: m.author, move: String(Math.ceil(m.ply / 2)) }) : m.author}, ${localTime(m.at)}: `),
      h('span', { class: 'text' }, m.text))));
  const parts: (HTMLElement | null)[] = [h('h2', {}, t('game.messages')), messages.length ? list : h('p', { class: 'muted' }, t('talk.none'))];
  if (over && player) {
    const text = h('textarea', { id: 'after-message', rows: 2, maxlength: 1000 });
    const error = errorBox();
    parts.push(h('form', { class: 'after-form', onsubmit: async (e: Event) => {
      e.preventDefault();
      try {
        await api('POST', `/api/v1/games/${encodeURIComponent(id)}/messages`, { text: text.value });
        await gameMessages(box, id, over, player);
      } catch (err) {
        showError(error, errorText(err));
      }
    } }, h('label', { for: 'after-message' }, t('talk.write')), text,
      h('button', { type: 'submit' }, t('talk.send')), error));
  } else if (player) {
    parts.push(h('p', { class: 'muted' }, t('talk.with_your_move')));
  }
  replace(box, parts);
}

export async function gameNote(box: HTMLElement, id: string): Promise<void> {
  let note = { text: '', updated_at: null as string | null };
  try {
    note = await api('GET', `/api/v1/games/${encodeURIComponent(id)}/note`);
  } catch {
    return;
  }
  const text = h('textarea', { id: 'note-text', rows: 3, maxlength: 10000 });
  text.value = note.text;
  const saved = h('span', { class: 'muted', 'aria-live': 'polite' }, note.updated_at ? t('talk.saved', { at: localTime(note.updated_at) }) : '');
  const error = errorBox();
  replace(box, h('h2', {}, t('game.note')),
    h('form', { onsubmit: async (e: Event) => {
      e.preventDefault();
      try {
        const answer = await api<{ updated_at: string | null }>('PUT', `/api/v1/games/${encodeURIComponent(id)}/note`, { text: text.value });
        saved.textContent = answer.updated_at ? t('talk.saved', { at: localTime(answer.updated_at) }) : t('talk.deleted');
        showError(error, null);
      } catch (err) {
        showError(error, errorText(err));
      }
    } }, h('label', { for: 'note-text', class: 'visually-hidden' }, t('game.note')), text,
      h('button', { type: 'submit' }, t('talk.save_note')), saved, error));
}
