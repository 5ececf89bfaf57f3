// The notification preferences of the settings page (GET / PUT /api/v1/me/notifications):
// each kind by email, by webhook and by push (phone and desktop), the deadline reminders, and a
// daily digest.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';

type Prefs = {
  channels: Record<string, Record<string, boolean>>;
  reminder_hours_before: number[];
  digest_hour: number | null;
  time_zone: string | null;
  email: string | null;
  email_verified: boolean;
};

const kindNames: Record<string, string> = {
  opponent_moved: 'Your opponent moved',
  draw_declined: 'Your draw offer was declined',
  claim_decided: 'A claim was decided',
  game_over: 'A game ended',
  game_started: 'A game started',
  challenge_received: 'You were challenged',
  deadline_reminder: 'Your deadline is near',
  silence_reminder: 'Your opponent is silent',
  director_decision: 'A director changed a clock',
  adjudication_pending: 'A game waits for adjudication',
  opponent_leave: "Your opponent's leave",
  competition: 'Series: sections, expired entries, promotion credits',
};
const channelNames: Record<string, string> = { email: 'Email', webhook: 'Webhook', push: 'Push' };

export function notificationSettings(): HTMLElement {
  const body = h('div', {}, 'Loading…');
  const box = h('section', { class: 'notifications', 'aria-labelledby': 'notifications-heading' },
    h('h2', { id: 'notifications-heading' }, 'Notifications'), body);
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
      h('caption', {}, 'What you are told, and how'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'When'),
        channels.map((c) => h('th', { scope: 'col' }, channelNames[c] ?? c)))),
      h('tbody', {}, kinds.map((kind) => h('tr', { 'data-kind': kind },
        h('th', { scope: 'row', id: `kind-${kind}` }, kindNames[kind] ?? kind.replace(/_/g, ' ')),
        channels.map((channel) => {
          const input = h('input', { type: 'checkbox', id: `notify-${channel}-${kind}`, name: `${channel}.${kind}`,
            'aria-label': `${kindNames[kind] ?? kind}: ${channelNames[channel] ?? channel}`,
            checked: p.channels[channel][kind] !== false });
          boxes.push({ channel, kind, input });
          return h('td', {}, input);
        })))));
    const reminders = h('input', { id: 'reminder-hours', name: 'reminder_hours_before', inputmode: 'numeric',
      value: p.reminder_hours_before.join(', '), 'aria-describedby': 'reminder-help' });
    const digest = h('select', { id: 'digest-hour', name: 'digest_hour' },
      h('option', { value: '' }, 'No digest: each mail at once'),
      Array.from({ length: 24 }, (_, hour) => h('option', { value: String(hour), selected: p.digest_hour === hour },
        `Daily at ${String(hour).padStart(2, '0')}:00`)));
    const done = h('p', { class: 'done', role: 'status' });
    const error = errorBox();
    const where = p.email
      ? `Mails go to ${p.email}${p.email_verified ? '' : ' (not verified yet)'}; times are in ${p.time_zone ?? 'UTC'}.`
      : 'You have no email address: set one in your profile above to get mails.';
    replace(body, h('form', { class: 'stack', onsubmit: async (e: Event) => {
      e.preventDefault();
      const hours = reminders.value.split(/[\s,;]+/).filter(Boolean).map(Number);
      if (hours.some((n) => !Number.isInteger(n) || n < 1 || n > 1440)) {
        done.textContent = '';
        showError(error, 'Reminder hours are whole numbers from 1 to 1440, separated by commas.');
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
        done.textContent = 'Notifications saved.';
      } catch (err) {
        done.textContent = '';
        showError(error, errorText(err));
      }
    } },
      h('p', { class: 'muted' }, where),
      h('div', { class: 'table-scroll' }, table),
      h('label', { for: 'reminder-hours' }, 'Deadline reminders (hours before your time runs out)'), reminders,
      h('p', { id: 'reminder-help', class: 'muted hint' }, 'For example 168, 72, 24, 8 (at most 8 different ones).'),
      h('label', { for: 'digest-hour' }, 'Daily digest (moves, declined offers, claims, game starts and challenges in one mail)'), digest,
      h('button', { type: 'submit', class: 'primary' }, 'Save notifications'), done, error));
  }
  return box;
}

function order(kind: string): number {
  const i = Object.keys(kindNames).indexOf(kind);
  return i < 0 ? 99 : i;
}
