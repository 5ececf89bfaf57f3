// /leave: the calendar of booked and requested leave with the balances per event and year
// (pages/leave_calendar.ts), the periods as a list; book leave, cancel it, ask a director for
// special leave.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { setTitle } from '../title';
import { Balance, eventLabel, leaveCalendar, Period } from './leave_calendar';


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
      const cancel = async (p: Period) => {
        try {
          await api('DELETE', `/api/v1/me/leave/${encodeURIComponent(p.id)}`);
          await load();
        } catch (e) {
          showError(error, errorText(e));
        }
      };
      replace(tables,
        h('h2', {}, 'Calendar'),
        leaveCalendar(data.periods, data.balances),
        // The same periods as a list: what a screen reader or a keyboard user works with.
        h('h2', { id: 'leave-periods' }, 'Periods'),
        data.periods.length ? h('ul', { class: 'leave-periods', 'aria-labelledby': 'leave-periods' },
          data.periods.map((p) => h('li', { 'data-leave': p.id },
            h('span', {}, `${p.start_date} to ${p.end_date} (${p.days} ${p.days === 1 ? 'day' : 'days'}), ` +
              `${eventLabel(p.event_id).toLowerCase()}: ${p.special ? `special leave, ${p.status}` : p.status}`),
            p.status === 'approved' || p.status === 'pending'
              ? h('button', { type: 'button', 'aria-label': `Cancel leave ${p.start_date} to ${p.end_date}`,
                onclick: () => void cancel(p) }, 'Cancel leave')
              : null)))
          : h('p', { class: 'muted' }, 'No leave booked.'));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  void load();
}
