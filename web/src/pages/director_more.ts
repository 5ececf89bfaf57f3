// More of the director page: clocks and suspensions of a game (picked: event, then game),
// the special-leave requests waiting for a decision, and the audit log.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { calendarDate, localTime } from '../time';
import { field, section } from './forms';
import { row } from './game_terms';
import { eventSelect, fromEvent, gameChoice, gameOptions, playerPicker } from './pickers';
import { t } from '../i18n/i18n';

export function gameControls(): HTMLElement {
  const game = gameChoice('gc');
  const side = h('select', { id: 'gc-side' }, h('option', { value: 'white' }, t('color.White')), h('option', { value: 'black' }, t('color.Black')));
  const [lh, hours] = field('gc-hours', t('director.add_hours'), { type: 'number', value: 24 });
  const [lr, reason] = field('gc-reason', t('common.reason'), { required: true, maxlength: 1000 });
  const actions = { clock: t('director.action_clock'), suspend: t('director.action_suspend'), resume: t('director.action_resume'),
    annul: t('director.action_annul') };
  const what = h('select', { id: 'gc-action' }, Object.entries(actions).map(([value, text]) => h('option', { value }, text)));
  return section(t('director.clocks_title'), [...game.fields, h('label', { for: 'gc-action' }, t('director.action')), what,
    h('label', { for: 'gc-side' }, t('director.side')), side, lh, hours, lr, reason], t('common.apply'), async () => {
    const chosen = game.gameId();
    if (!chosen) throw new Error(t('director.game_first_changed'));
    const body: Record<string, unknown> = { reason: reason.value };
    if (what.value === 'clock') {
      body.side = side.value;
      body.adjust_seconds = Math.round(Number(hours.value) * 3600);
    }
    await api('POST', `/api/v1/admin/games/${encodeURIComponent(chosen)}/${what.value}`, body);
    await game.refresh();
    return t(`director.done_${what.value}` as 'director.done_clock', { id: chosen });
  });
}

type LeaveRequest = { id: string; user: string; start_date: string; end_date: string; days: number; event_id: string | null; reason?: string };

export function leaveQueue(): HTMLElement {
  const box = h('section', { class: 'leave-queue' });
  const error = errorBox();
  async function load(): Promise<void> {
    try {
      const { requests } = await api<{ requests: LeaveRequest[] }>('GET', '/api/v1/admin/leave');
      const decide = async (r: LeaveRequest, verdict: string) => {
        try {
          await api('POST', `/api/v1/admin/leave/${encodeURIComponent(r.id)}/${verdict}`, {});
          await load();
        } catch (e) {
          showError(error, errorText(e));
        }
      };
      replace(box, h('h2', {}, t('director.leave_requests', { n: String(requests.length) })),
        requests.length ? h('ul', {}, requests.map((r) => h('li', {},
          `${r.user}: ${t('director.leave_request', { start: calendarDate(r.start_date), end: calendarDate(r.end_date), n: r.days })}`,
          r.event_id ? `, ${t('leave.event_in_sentence', { id: r.event_id })}` : '',
          r.reason ? h('q', {}, r.reason) : null, ' ',
          h('button', { type: 'button', onclick: () => void decide(r, 'approve') }, t('director.approve')),
          h('button', { type: 'button', onclick: () => void decide(r, 'reject') }, t('director.reject')))))
          : h('p', { class: 'muted' }, t('director.none_waiting')), error);
    } catch (e) {
      replace(box, error);
      showError(error, errorText(e));
    }
  }
  void load();
  return box;
}

type AuditRecord = { action: string; actor: string; at: string; game_id?: string; event_id?: string; target: string | null; reason: string | null; detail: unknown };

export function auditLog(): HTMLElement {
  const event = eventSelect('au-event', [], t('director.any_event'));
  const games = fromEvent('au-game', event.select, gameOptions, t('director.no_games'));
  const user = playerPicker('au-user', t('events.player'));
  const list = h('div', {});
  const error = errorBox();
  async function load(): Promise<void> {
    const q = new URLSearchParams();
    if (games.select.value) q.set('game_id', games.select.value);
    else if (event.select.value) q.set('event_id', event.select.value);
    const [who] = user.values();
    if (who) q.set('user', who);
    try {
      const { records } = await api<{ records: AuditRecord[] }>('GET', `/api/v1/admin/audit?${q}`);
      showError(error, null);
      replace(list, h('table', { class: 'list' },
        h('thead', {}, h('tr', {}, h('th', {}, t('notify.when')), h('th', {}, t('director.who')), h('th', {}, t('director.action')),
          h('th', {}, t('director.on')), h('th', {}, t('common.reason')), h('th', {}, t('director.detail')))),
        h('tbody', {}, records.map((r) => h('tr', {},
          h('td', {}, localTime(r.at)), h('td', {}, r.actor), h('td', {}, r.action.replace(/_/g, ' ')),
          h('td', {}, r.game_id ? t('director.on_game', { id: r.game_id }) : r.event_id ? t('leave.event_in_sentence', { id: r.event_id }) : r.target ?? ''),
          h('td', {}, r.reason ?? ''), h('td', { class: 'detail' }, JSON.stringify(r.detail)))))));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  void load();
  return h('section', { class: 'audit' }, h('h2', {}, t('director.audit')),
    h('form', { class: 'filters', onsubmit: (e: Event) => { e.preventDefault(); void load(); } },
      row('au-event', t('games.event'), event.select), row('au-game', t('games.game'), games.select), user.el,
      h('button', { type: 'submit' }, t('director.filter')),
      h('button', { type: 'button', onclick: () => { user.clear(); void event.refresh('').then(load); } }, t('director.show_all'))),
    error, h('div', { class: 'table-scroll' }, list));
}
