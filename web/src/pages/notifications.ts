// The notification preferences of the settings page (GET / PUT /api/v1/me/notifications):
// each kind by email, by webhook and by push (phone and desktop), the deadline reminders, and a
// daily digest.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { hasMessage, MessageKey, t } from '../i18n/i18n';

type Prefs = {
  channels: Record<string, Record<string, boolean>>;
  reminder_hours_before: number[];
  digest_hour: number | null;
  time_zone: string | null;
  email: string | null;
  email_verified: boolean;
};

// The kinds in the order shown, each with its words (notify.kind.* in the catalogues).
const kinds = ['opponent_moved', 'draw_declined', 'claim_decided', 'game_over', 'game_started', 'challenge_received',
  'deadline_reminder', 'silence_reminder', 'director_decision', 'adjudication_pending', 'opponent_leave', 'competition'];
const kindName = (kind: string) => hasMessage(`notify.kind.${kind}`) ? t(`notify.kind.${kind}` as MessageKey) : kind.replace(/_/g, ' ');
const channelName = (channel: string) => hasMessage(`notify.channel.${channel}`) ? t(`notify.channel.${channel}` as MessageKey) : channel;

export function notificationSettings(): HTMLElement {
  const body = h('div', {}, t('common.loading'));
  const box = h('section', { class: 'notifications', 'aria-labelledby': 'notifications-heading' },
    h('h2', { id: 'notifications-heading' }, t('notify.title')), body);
  void (async () => {
    try {
      draw(await api<Prefs>('GET', '/api/v1/me/notifications'));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();

  function draw(p: Prefs): void {
    const channels = Object.keys(p.channels);
    const kinds = [...new Set(channels.flatMap((c) => Object.keys(p.channels[c])))]
      .sort((a, b) => order(a) - order(b));
    const boxes: { channel: string; kind: string; input: HTMLInputElement }[] = [];
    const table = h('table', { class: 'list notification-kinds' },
      h('caption', {}, t('notify.caption')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('notify.when')),
        channels.map((c) => h('th', { scope: 'col' }, channelName(c))))),
      h('tbody', {}, kinds.map((kind) => h('tr', { 'data-kind': kind },
        h('th', { scope: 'row', id: `kind-${kind}` }, kindName(kind)),
        channels.map((channel) => {
          const input = h('input', { type: 'checkbox', id: `notify-${channel}-${kind}`, name: `${channel}.${kind}`,
            'aria-label': `${kindName(kind)}: ${channelName(channel)}`,
            checked: p.channels[channel][kind] !== false });
          boxes.push({ channel, kind, input });
          return h('td', {}, input);
        })))));
    const reminders = h('input', { id: 'reminder-hours', name: 'reminder_hours_before', inputmode: 'numeric',
      value: p.reminder_hours_before.join(', '), 'aria-describedby': 'reminder-help' });
    const digest = h('select', { id: 'digest-hour', name: 'digest_hour' },
      h('option', { value: '' }, t('notify.no_digest')),
      Array.from({ length: 24 }, (_, hour) => h('option', { value: String(hour), selected: p.digest_hour === hour },
        t('notify.daily_at', { time: `${String(hour).padStart(2, '0')}:00` }))));
    const done = h('p', { class: 'done', role: 'status' });
    const error = errorBox();
    const where = p.email
      ? t(p.email_verified ? 'notify.where' : 'notify.where_unverified', { email: p.email, zone: p.time_zone ?? 'UTC' })
      : t('notify.no_email');
    replace(body, h('form', { class: 'stack', onsubmit: async (e: Event) => {
      e.preventDefault();
      const hours = reminders.value.split(/[\s,;]+/).filter(Boolean).map(Number);
      if (hours.some((n) => !Number.isInteger(n) || n < 1 || n > 1440)) {
        done.textContent = '';
        showError(error, t('notify.bad_hours'));
        reminders.focus();
        return;
      }
      const sent: Record<string, Record<string, boolean>> = {};
      for (const b of boxes) (sent[b.channel] ??= {})[b.kind] = b.input.checked;
      try {
        const saved = await api<Prefs>('PUT', '/api/v1/me/notifications', {
          channels: sent, reminder_hours_before: hours, digest_hour: digest.value === '' ? null : Number(digest.value) });
        reminders.value = saved.reminder_hours_before.join(', ');
        showError(error, null);
        done.textContent = t('notify.saved');
      } catch (err) {
        done.textContent = '';
        showError(error, errorText(err));
      }
    } },
      h('p', { class: 'muted' }, where),
      h('div', { class: 'table-scroll' }, table),
      h('label', { for: 'reminder-hours' }, t('notify.reminders')), reminders,
      h('p', { id: 'reminder-help', class: 'muted hint' }, t('notify.reminders_hint')),
      h('label', { for: 'digest-hour' }, t('notify.digest')), digest,
      h('button', { type: 'submit', class: 'primary' }, t('notify.save')), done, error));
  }
  return box;
}

function order(kind: string): number {
  const i = kinds.indexOf(kind);
  return i < 0 ? 99 : i;
}
