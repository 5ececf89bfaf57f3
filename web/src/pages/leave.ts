// /leave: the calendar of booked and requested leave with the balances per event and year
// (pages/leave_calendar.ts), the periods as a list; book leave, cancel it, ask a director for
// special leave.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { setTitle } from '../title';
import { Balance, eventLabel, leaveCalendar, Period } from './leave_calendar';
import { calendarDate } from '../time';
import { t } from '../i18n/i18n';
import { statusName } from '../i18n/words';

export function leavePage(root: HTMLElement): void {
  setTitle(t('nav.leave'));
  const tables = h('div', {});
  const error = errorBox();
  const start = h('input', { id: 'leave-start', type: 'date', required: true });
  const end = h('input', { id: 'leave-end', type: 'date', required: true });
  const event = h('input', { id: 'leave-event', placeholder: t('leave.all_games') });
  const reason = h('input', { id: 'leave-reason', maxlength: 1000, placeholder: t('leave.reason_placeholder') });
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
  replace(root, h('h1', {}, t('nav.leave')), tables,
    h('form', { class: 'stack narrow', onsubmit: (e: Event) => { e.preventDefault(); void book(false); } },
      h('h2', {}, t('leave.take')),
      h('label', { for: 'leave-start' }, t('leave.first_day')), start,
      h('label', { for: 'leave-end' }, t('leave.last_day')), end,
      h('label', { for: 'leave-event' }, t('leave.event_id')), event,
      h('label', { for: 'leave-reason' }, t('leave.reason')), reason,
      h('div', { class: 'actions' },
        h('button', { type: 'submit', class: 'primary' }, t('leave.book')),
        h('button', { type: 'button', onclick: () => void book(true) }, t('leave.ask_special'))),
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
        h('h2', {}, t('leave.calendar')),
        leaveCalendar(data.periods, data.balances),
        // The same periods as a list: what a screen reader or a keyboard user works with.
        h('h2', { id: 'leave-periods' }, t('leave.periods')),
        data.periods.length ? h('ul', { class: 'leave-periods', 'aria-labelledby': 'leave-periods' },
          data.periods.map((p) => {
            const dates = { start: calendarDate(p.start_date), end: calendarDate(p.end_date) };
            return h('li', { 'data-leave': p.id },
              h('span', {}, t('leave.period', { ...dates, n: p.days, scope: eventLabel(p.event_id, true),
                state: p.special ? t('leave.special_state', { status: statusName(p.status) }) : statusName(p.status) })),
              p.status === 'approved' || p.status === 'pending'
                ? h('button', { type: 'button', 'aria-label': t('leave.cancel_named', dates),
                  onclick: () => void cancel(p) }, t('leave.cancel'))
                : null);
          }))
          : h('p', { class: 'muted' }, t('leave.none')));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  void load();
}
