// /director (td and admin): create single games and events (every option of the API), add
// players, start events, withdraw and replace players, and decide results. Players, events
// and games are picked (pickers.ts), never typed.
import './director.css';
import { api } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { auditLog, gameControls, leaveQueue } from './director_more';
import { newEventForm } from './director_event';
import { newSeriesForm } from './director_series';
import { newCupForm } from './director_cup';
import { newOlympiadForm, newTeamForm, newTeamMatchForm, startTeamMatchForm } from './director_teams';
import { newChampionshipForm } from './director_championship';
import { starterPanel } from './director_starter';
import { section } from './forms';
import { check, gameTerms, num, row, value } from './game_terms';
import { eventSelect, fromEvent, gameChoice, loadEvents, playerOptions, playerPicker } from './pickers';
import { t } from '../i18n/i18n';
import { terminationName } from '../i18n/words';

function newGame(go: (path: string) => void): HTMLElement {
  const white = playerPicker('dg-white', t('color.White'));
  const black = playerPicker('dg-black', t('color.Black'));
  const terms = gameTerms('dg', 'iccf');
  terms.showParts();
  return section(t('director.new_game'), [white.el, black.el, row('dg-variant', t('ch.variant'), terms.variant), terms.startRow,
    row('dg-tc-type', t('ch.time_control'), terms.tcType), ...terms.tcParts, terms.rules], t('director.create_game'), async () => {
    const [w] = white.values();
    const [b] = black.values();
    if (!w || !b) throw new Error(t('director.both_players_first'));
    const g = await api<{ id: string }>('POST', '/api/v1/admin/games', { white: w, black: b, time_control: terms.timeControl(), ...terms.body() });
    go(`/games/${g.id}`);
    return t('director.game_created', { id: g.id });
  });
}

// An event before and while it runs: add players, start it, withdraw or replace a player.
function runEvent(go: (path: string) => void): { el: HTMLElement; choose(id: string): Promise<void> } {
  const event = eventSelect('run-event', ['registration', 'running']);
  const chosen = () => {
    if (!event.select.value) throw new Error(t('director.event_first'));
    return encodeURIComponent(event.select.value);
  };
  const adding = playerPicker('ev-add', t('director.players_to_add'), true);
  const seated = fromEvent('ep-user', event.select, playerOptions, t('director.no_players_yet'));
  const replacement = playerPicker('ep-replacement', t('director.replacement'));
  const reason = h('input', { id: 'ep-reason', required: true, maxlength: 1000 });
  const newName = h('input', { id: 'ec-name', maxlength: 200 });
  const newStart = h('input', { id: 'ec-start-at', type: 'datetime-local' });
  const newEnd = h('input', { id: 'ec-end-at', type: 'datetime-local' });
  const noEnd = h('input', { id: 'ec-no-end', type: 'checkbox' });
  // Entry, rating and the limits (before the start): a select keeps or sets a flag; a number
  // given sets a limit, its box removes it (null), and an empty field keeps it.
  const keepOr = (id: string, yes: string, no: string) => h('select', { id },
    h('option', { value: '' }, t('director.keep_setting')), h('option', { value: 'true' }, yes), h('option', { value: 'false' }, no));
  const newOpen = keepOr('ec-open-for-entry', t('director.entry_open'), t('director.entry_closed'));
  const newRated = keepOr('ec-rated', t('director.is_rated'), t('director.is_unrated'));
  const limits = [
    { key: 'max_players', input: num({ id: 'ec-max-players', min: 2, max: 100 }), remove: h('input', { id: 'ec-no-max-players', type: 'checkbox' }),
      label: t('director.max_players'), removeLabel: t('director.remove_max_players') },
    { key: 'min_rating', input: num({ id: 'ec-min-rating', min: 0, max: 4000 }), remove: h('input', { id: 'ec-no-min-rating', type: 'checkbox' }),
      label: t('director.min_rating_enter'), removeLabel: t('director.remove_min_rating') },
    { key: 'max_rating', input: num({ id: 'ec-max-rating', min: 0, max: 4000 }), remove: h('input', { id: 'ec-no-max-rating', type: 'checkbox' }),
      label: t('director.max_rating_enter'), removeLabel: t('director.remove_max_rating') },
  ];
  const changeReason = h('input', { id: 'ec-reason', maxlength: 1000 });
  const cancelReason = h('input', { id: 'ev-cancel-reason', required: true, maxlength: 1000 });
  const after = async () => { await event.refresh(event.select.value); await seated.refresh(); };
  const el = h('div', { class: 'director-form run-event' },
    h('h2', {}, t('director.run_event')),
    row('run-event', t('games.event'), event.select),
    section(t('director.add_players'), [adding.el], t('director.add_players'), async () => {
      const id = chosen();
      const names = adding.values();
      if (!names.length) throw new Error(t('director.players_first'));
      for (const username of names) await api('POST', `/api/v1/admin/events/${id}/players`, { username });
      adding.clear();
      await after();
      return t('director.added', { names: names.join(', ') });
    }, 'sub-form'),
    section(t('director.start_event_title'), [], t('director.start_event'), async () => {
      const e = await api<{ id: string; games: unknown[] }>('POST', `/api/v1/admin/events/${chosen()}/start`);
      go(`/events/${e.id}`);
      return t('director.started', { n: e.games.length });
    }, 'sub-form'),
    section(t('director.change_event_title'), [h('p', { class: 'muted' }, t('director.change_event_hint')),
      row('ec-name', t('director.new_name'), newName), row('ec-start-at', t('director.new_start_at'), newStart, t('director.local_time')),
      row('ec-end-at', t('director.new_end_at'), newEnd, t('director.local_time')),
      check('ec-no-end', t('director.remove_end_date'), noEnd),
      row('ec-open-for-entry', t('director.entry_setting'), newOpen), row('ec-rated', t('director.rated_setting'), newRated),
      ...limits.flatMap((l) => [row(l.input.id, l.label, l.input), check(l.remove.id, l.removeLabel, l.remove)]),
      row('ec-reason', t('common.reason'), changeReason)],
    t('director.change_event'), async () => {
      const id = chosen();
      const body: Record<string, unknown> = {};
      if (newName.value.trim()) body.name = newName.value.trim();
      if (noEnd.checked) body.end_at = null;
      else if (newEnd.value) body.end_at = new Date(newEnd.value).toISOString();
      if (newStart.value) body.start_at = new Date(newStart.value).toISOString();
      if (newOpen.value) body.open_for_entry = newOpen.value === 'true';
      if (newRated.value) body.rated = newRated.value === 'true';
      for (const l of limits) {
        if (l.remove.checked) body[l.key] = null;
        else if (value(l.input) !== undefined) body[l.key] = value(l.input);
      }
      if (!Object.keys(body).length) throw new Error(t('director.change_nothing'));
      if (changeReason.value.trim()) body.reason = changeReason.value.trim();
      const e = await api<{ name: string }>('PATCH', `/api/v1/admin/events/${id}`, body);
      newName.value = '';
      newEnd.value = '';
      newStart.value = '';
      noEnd.checked = false;
      newOpen.value = '';
      newRated.value = '';
      for (const l of limits) { l.input.value = ''; l.remove.checked = false; }
      changeReason.value = '';
      await after();
      return t('director.event_changed', { name: e.name });
    }, 'sub-form'),
    section(t('director.cancel_event_title'), [row('ev-cancel-reason', t('common.reason'), cancelReason)],
      t('director.cancel_event'), async () => {
        const e = await api<{ name: string }>('POST', `/api/v1/admin/events/${chosen()}/cancel`, { reason: cancelReason.value });
        cancelReason.value = '';
        await after();
        return t('director.event_cancelled', { name: e.name });
      }, 'sub-form'),
    section(t('director.withdraw_title'), [row('ep-user', t('events.player'), seated.select), replacement.el,
      row('ep-reason', t('common.reason'), reason)], t('common.apply'), async () => {
        const id = chosen();
        const username = seated.select.value;
        if (!username) throw new Error(t('director.player_first'));
        const [other] = replacement.values();
        if (other) await api('POST', `/api/v1/admin/events/${id}/replace`, { username, replacement: other, reason: reason.value });
        else await api('POST', `/api/v1/admin/events/${id}/withdraw`, { username, reason: reason.value });
        replacement.clear();
        await after();
        return other ? t('director.replaced', { name: username, other }) : t('director.withdrawn', { name: username });
      }, 'sub-form'));
  return { el, choose: (id) => event.refresh(id) };
}

// The director's decision on a game: no result is chosen beforehand.
function decide(): HTMLElement {
  const game = gameChoice('res');
  const result = h('select', { id: 'res-result', name: 'result' },
    h('option', { value: '' }, t('adjudicate.choose_result')),
    ['1-0', '0-1', '1/2-1/2', '0-0'].map((r) => h('option', { value: r }, r)));
  const termination = h('select', { id: 'res-termination', name: 'termination' },
    ['adjudication', 'default', 'resignation', 'agreement', 'time_forfeit'].map((name) => h('option', { value: name }, terminationName(name))));
  const reason = h('input', { id: 'res-reason', required: true, maxlength: 1000 });
  return section(t('director.decide_title'), [...game.fields, row('res-result', t('games.result'), result),
    row('res-termination', t('director.termination'), termination), row('res-reason', t('common.reason'), reason)],
  t('director.enter_result'), async () => {
    const id = game.gameId();
    if (!id) throw new Error(t('director.game_first'));
    if (!result.value) throw new Error(t('adjudicate.result_first'));
    await api('POST', `/api/v1/admin/games/${encodeURIComponent(id)}/result`,
      { result: result.value, termination: termination.value, reason: reason.value });
    await game.refresh();
    return t('director.result_entered', { result: result.value, id });
  });
}

export function directorPage(root: HTMLElement, go: (path: string) => void): void {
  setTitle(t('nav.director'));
  void loadEvents(true); // read afresh once, for all the page's selects
  const run = runEvent(go);
  const event = newEventForm((id) => void run.choose(id));
  replace(root, h('div', { class: 'director-page' }, h('h1', {}, t('director.title')),
    h('p', {}, h('a', { href: '/adjudications' }, t('adjudicate.queue')), `: ${t('director.queue_hint')}`),
    h('div', { class: 'director' }, event, run.el, newSeriesForm(), newChampionshipForm(go), newCupForm(go), newTeamForm(go), newTeamMatchForm(go), startTeamMatchForm(go), newOlympiadForm(go), newGame(go), decide(), gameControls()),
    leaveQueue(), starterPanel(), auditLog()));
}
