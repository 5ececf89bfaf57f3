// More of the director page: clocks and suspensions of a game (picked: event, then game),
// the special-leave requests waiting for a decision, and the audit log.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';
import { field, section } from './forms';
import { row } from './game_terms';
import { eventSelect, fromEvent, gameChoice, gameOptions, playerPicker } from './pickers';

export function gameControls(): HTMLElement {
  const game = gameChoice('gc');
  const side = h('select', { id: 'gc-side' }, h('option', { value: 'white' }, 'White'), h('option', { value: 'black' }, 'Black'));
  const [lh, hours] = field('gc-hours', 'Add hours (negative: take away)', { type: 'number', value: 24 });
  const [lr, reason] = field('gc-reason', 'Reason', { required: true, maxlength: 1000 });
  const what = h('select', { id: 'gc-action' },
    h('option', { value: 'clock' }, 'Adjust the clock'), h('option', { value: 'suspend' }, 'Suspend the game'),
    h('option', { value: 'resume' }, 'Resume the game'), h('option', { value: 'annul' }, 'Annul the game'));
  return section('Clocks and suspensions', [...game.fields, h('label', { for: 'gc-action' }, 'Action'), what,
    h('label', { for: 'gc-side' }, 'Side (clock)'), side, lh, hours, lr, reason], 'Apply', async () => {
    const chosen = game.gameId();
    if (!chosen) throw new Error('Choose the game first: nothing was changed.');
    const body: Record<string, unknown> = { reason: reason.value };
    if (what.value === 'clock') {
      body.side = side.value;
      body.adjust_seconds = Math.round(Number(hours.value) * 3600);
    }
    await api('POST', `/api/v1/admin/games/${encodeURIComponent(chosen)}/${what.value}`, body);
    await game.refresh();
    return `Done: ${what.options[what.selectedIndex].text.toLowerCase()} for game ${chosen}.`;
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
      replace(box, h('h2', {}, `Special leave requests (${requests.length})`),
        requests.length ? h('ul', {}, requests.map((r) => h('li', {},
          `${r.user}: ${r.start_date} to ${r.end_date} (${r.days} days)${r.event_id ? `, event ${r.event_id}` : ''}`,
          r.reason ? h('q', {}, r.reason) : null, ' ',
          h('button', { type: 'button', onclick: () => void decide(r, 'approve') }, 'Approve'),
          h('button', { type: 'button', onclick: () => void decide(r, 'reject') }, 'Reject'))))
          : h('p', { class: 'muted' }, 'None waiting.'), error);
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
  const event = eventSelect('au-event', [], 'Any event');
  const games = fromEvent('au-game', event.select, gameOptions, 'No games');
  const user = playerPicker('au-user', 'Player');
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
        h('thead', {}, h('tr', {}, h('th', {}, 'When'), h('th', {}, 'Who'), h('th', {}, 'Action'), h('th', {}, 'On'), h('th', {}, 'Reason'), h('th', {}, 'Detail'))),
        h('tbody', {}, records.map((r) => h('tr', {},
          h('td', {}, localTime(r.at)), h('td', {}, r.actor), h('td', {}, r.action.replace(/_/g, ' ')),
          h('td', {}, r.game_id ? `game ${r.game_id}` : r.event_id ? `event ${r.event_id}` : r.target ?? ''),
          h('td', {}, r.reason ?? ''), h('td', { class: 'detail' }, JSON.stringify(r.detail)))))));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  void load();
  return h('section', { class: 'audit' }, h('h2', {}, 'Audit log'),
    h('form', { class: 'filters', onsubmit: (e: Event) => { e.preventDefault(); void load(); } },
      row('au-event', 'Event', event.select), row('au-game', 'Game', games.select), user.el,
      h('button', { type: 'submit' }, 'Filter'),
      h('button', { type: 'button', onclick: () => { user.clear(); void event.refresh('').then(load); } }, 'Show all')),
    error, h('div', { class: 'table-scroll' }, list));
}
