// /leave: booked leave periods and the balances per event and year; book leave, cancel it,
// ask a director for special leave.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { setTitle } from '../title';

type Period = { id: string; start_date: string; end_date: string; days: number; event_id: string | null; special: boolean; status: string };
type Balance = { event_id: string | null; year: number; allowance_days: number; used_days: number; special_days: number; remaining_days: number };

export function leavePage(root: HTMLElement): void {
  setTitle('Leave');
  const tables = h('div', {});
  const error = errorBox();
  const start = h('input', { id: 'leave-start', type: 'date', required: true });
  const end = h('input', { id: 'leave-end', type: 'date', required: true });
  const event = h('input', { id: 'leave-event', placeholder: 'all my games' });
  const reason = h('input', { id: 'leave-reason', maxlength: 1000, placeholder: 'only for special leave' });
  const book = async (special: boolean) => {
    const body: Record<string, string> = { start_date: start.value, end_date: end.value };
    if (event.value.trim()) body.event_id = event.value.trim();
    if (special) body.reason = reason.value;
    try {
      await api('POST', special ? '/api/v1/me/leave/special' : '/api/v1/me/leave', body);
      showError(error, null);
      await load();
    } catch (e) {
      showError(error, errorText(e));
    }
  };
  replace(root, h('h1', {}, 'Leave'), tables,
    h('form', { class: 'stack narrow', onsubmit: (e: Event) => { e.preventDefault(); void book(false); } },
      h('h2', {}, 'Take leave'),
      h('label', { for: 'leave-start' }, 'First day'), start,
      h('label', { for: 'leave-end' }, 'Last day'), end,
      h('label', { for: 'leave-event' }, 'Event id (empty: games outside events)'), event,
      h('label', { for: 'leave-reason' }, 'Reason (special leave)'), reason,
      h('div', { class: 'actions' },
        h('button', { type: 'submit', class: 'primary' }, 'Book leave'),
        h('button', { type: 'button', onclick: () => void book(true) }, 'Ask for special leave')),
      error));

  async function load(): Promise<void> {
    try {
      const data = await api<{ periods: Period[]; balances: Balance[] }>('GET', '/api/v1/me/leave');
      replace(tables,
        h('h2', {}, 'Periods'),
        data.periods.length ? h('table', { class: 'list' },
          h('thead', {}, h('tr', {}, h('th', {}, 'From'), h('th', {}, 'To'), h('th', {}, 'Days'), h('th', {}, 'Event'), h('th', {}, 'Status'), h('th', {}, ''))),
          h('tbody', {}, data.periods.map((p) => h('tr', {},
            h('td', {}, p.start_date), h('td', {}, p.end_date), h('td', {}, String(p.days)),
            h('td', {}, p.event_id ?? '–'), h('td', {}, p.special ? `special, ${p.status}` : p.status),
            h('td', {}, h('button', { type: 'button', onclick: async () => {
              try {
                await api('DELETE', `/api/v1/me/leave/${encodeURIComponent(p.id)}`);
                await load();
              } catch (e) {
                showError(error, errorText(e));
              }
            } }, 'Cancel leave'))))))
          : h('p', { class: 'muted' }, 'No leave booked.'),
        h('h2', {}, 'Balances'),
        h('table', { class: 'list' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Year'), h('th', {}, 'Event'), h('th', {}, 'Allowance'), h('th', {}, 'Used'), h('th', {}, 'Special'), h('th', {}, 'Left'))),
          h('tbody', {}, data.balances.map((b) => h('tr', {},
            h('td', {}, String(b.year)), h('td', {}, b.event_id ?? '–'), h('td', {}, String(b.allowance_days)),
            h('td', {}, String(b.used_days)), h('td', {}, String(b.special_days)), h('td', {}, String(b.remaining_days)))))));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  void load();
}
