// The leave calendar: for each event (or the games outside events) and year, the balance and
// a month grid of every month with leave, booked days and requested (special, waiting for a
// director) days marked by colour and by words. Each grid is a real table (caption with the
// month, column headers with the weekdays) whose marked cells carry their meaning as text, so
// a screen reader reads "12 booked"; the page keeps the plain list of periods beside it.
import { h } from '../dom';
import { language, t } from '../i18n/i18n';
import { calendarDate } from '../time';

export type Period = { id: string; start_date: string; end_date: string; days: number; event_id: string | null; special: boolean; status: string };
export type Balance = { event_id: string | null; year: number; allowance_days: number; used_days: number; special_days: number; remaining_days: number };

// "April 2030" (de "April 2030", es "abril de 2030").
const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat(language(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month, 1)));
// The weekdays from Monday, short and long ("Mon", "Monday"; de "Mo", "Montag").
function weekdays(): [string, string][] {
  const name = (weekday: 'short' | 'long', d: number) =>
    new Intl.DateTimeFormat(language(), { weekday, timeZone: 'UTC' }).format(new Date(Date.UTC(2030, 3, 1 + d)));
  return Array.from({ length: 7 }, (_, d) => [name('short', d), name('long', d)]);
}

type Mark = 'booked' | 'requested';

// What a period shows in the calendar: approved leave is booked, a pending special request
// is requested; cancelled and rejected ones are only in the list.
function markOf(p: Period): Mark | null {
  if (p.status === 'approved') return 'booked';
  if (p.status === 'pending') return 'requested';
  return null;
}

// Calendar dates as UTC midnights (no time zone can shift a day).
function day(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

// "Games outside events", "Event 12" (a heading); `inSentence`: as within a sentence.
export function eventLabel(eventId: string | null, inSentence = false): string {
  if (eventId === null) return inSentence ? t('leave.outside_events_in_sentence') : t('leave.outside_events');
  return t(inSentence ? 'leave.event_in_sentence' : 'leave.event', { id: eventId });
}

// The words of a mark ("booked", "requested").
const markName = (mark: Mark) => (mark === 'booked' ? t('leave.booked') : t('leave.requested'));

// The marked days of some periods, "YYYY-MM-DD" -> mark (booked wins over requested).
function markedDays(periods: Period[]): Map<string, Mark> {
  const out = new Map<string, Mark>();
  for (const p of periods) {
    const mark = markOf(p);
    if (!mark) continue;
    for (let d = day(p.start_date); d <= day(p.end_date); d = new Date(d.getTime() + 86400000)) {
      const key = isoDay(d);
      if (out.get(key) !== 'booked') out.set(key, mark);
    }
  }
  return out;
}

function monthGrid(year: number, month: number, marks: Map<string, Mark>): HTMLTableElement {
  const first = new Date(Date.UTC(year, month, 1));
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7; // Monday first
  const rows: HTMLTableRowElement[] = [];
  let cells: HTMLTableCellElement[] = [];
  for (let i = 0; i < offset; i++) cells.push(h('td', { class: 'empty' }));
  for (let d = 1; d <= length; d++) {
    const key = isoDay(new Date(Date.UTC(year, month, d)));
    const mark = marks.get(key);
    cells.push(h('td', { class: mark ?? null, 'data-date': key, title: mark ? `${calendarDate(key)}: ${markName(mark)}` : null },
      String(d), mark ? h('span', { class: 'visually-hidden' }, ` ${markName(mark)}`) : null));
    if (cells.length === 7) {
      rows.push(h('tr', {}, cells));
      cells = [];
    }
  }
  if (cells.length) {
    while (cells.length < 7) cells.push(h('td', { class: 'empty' }));
    rows.push(h('tr', {}, cells));
  }
  return h('table', { class: 'month' },
    h('caption', {}, monthName(year, month)),
    h('thead', {}, h('tr', {}, weekdays().map(([short, long]) => h('th', { scope: 'col', abbr: long }, short)))),
    h('tbody', {}, rows));
}

function balanceLine(b: Balance | undefined): HTMLElement {
  if (!b) return h('p', { class: 'balance muted' }, t('leave.no_allowance'));
  return h('p', { class: 'balance' },
    t('leave.balance', { n: b.allowance_days, used: b.used_days, special: b.special_days }), ' · ',
    h('strong', {}, t('leave.left', { n: b.remaining_days })));
}

// One section per event and year that has a balance or leave days, newest year last; each
// with its balance and the grids of its months with leave (none: a note).
export function leaveCalendar(periods: Period[], balances: Balance[]): HTMLElement {
  const groups = new Map<string, { event: string | null; year: number }>();
  const keyOf = (event: string | null, year: number) => `${event ?? ''}|${year}`;
  for (const b of balances) groups.set(keyOf(b.event_id, b.year), { event: b.event_id, year: b.year });
  const marksByEvent = new Map<string | null, Map<string, Mark>>();
  for (const event of new Set(periods.map((p) => p.event_id))) {
    const marks = markedDays(periods.filter((p) => p.event_id === event));
    marksByEvent.set(event, marks);
    for (const key of marks.keys()) {
      const year = Number(key.slice(0, 4));
      groups.set(keyOf(event, year), { event, year });
    }
  }
  const sorted = [...groups.values()].sort((a, b) =>
    (a.event ?? '').localeCompare(b.event ?? '', undefined, { numeric: true }) || a.year - b.year);
  return h('div', { class: 'leave-calendar' },
    h('p', { class: 'legend' },
      h('span', { class: 'swatch booked', 'aria-hidden': 'true' }), ` ${t('leave.legend_booked')} `,
      h('span', { class: 'swatch requested', 'aria-hidden': 'true' }), ` ${t('leave.legend_requested')}`),
    sorted.map(({ event, year }) => {
      const marks = marksByEvent.get(event) ?? new Map<string, Mark>();
      const months = [...new Set([...marks.keys()].filter((k) => k.startsWith(`${year}-`))
        .map((k) => Number(k.slice(5, 7)) - 1))].sort((a, b) => a - b);
      return h('section', { class: 'leave-year', 'data-event': event ?? '', 'data-year': year },
        h('h3', {}, `${eventLabel(event)}, ${year}`),
        balanceLine(balances.find((b) => b.event_id === event && b.year === year)),
        months.length
          ? h('div', { class: 'months' }, months.map((m) => monthGrid(year, m, marks)))
          : h('p', { class: 'muted' }, t('leave.none_this_year')));
    }));
}
