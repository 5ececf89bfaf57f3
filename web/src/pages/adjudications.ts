// /adjudications (td and admin): the queue of event games awaiting adjudication across all
// events, the longest waiting first, each with its players, both sides' claims and analyses
// (as text) and the legality of their lines, how long it has waited, what the server can prove
// about the position (./evidence.ts), a link to the game and a form to decide the result. The
// queue is read a page at a time (docs/api.md "Paging"): "More games" shows one page more.
import { api, Claim, errorText } from '../api';
import { announce, errorBox, h, replace, showError } from '../dom';
import { Evidence, evidenceView, lineText } from './evidence';
import { clockTime, deadline, duration } from '../time';
import { setTitle } from '../title';
import { t } from '../i18n/i18n';
import { claimWords } from './events';

type Entry = {
  game_id: string; event: { id: string; name: string }; round: number; board: number;
  white: string; black: string; ply: number; age_seconds: number; pending_since: string;
  claims_due: string; window_open: boolean; claims: { white: Claim; black: Claim };
  evidence: Evidence | null;
};
type QueuePage = { adjudications: Entry[]; total: number; next_cursor: string | null };
// Games a page of the queue holds (the server computes the evidence of a page's games).
const QUEUE_PAGE = 20;

function claimText(player: string, c: Claim): string {
  if (!c.filed) return `${player}: ${t('adjudicate.no_claim')}`;
  return `${player}: ${claimWords(c.claim ?? 'draw')}${c.filed_at ? ` (${t('adjudicate.filed_at', { at: deadline(c.filed_at) })})` : ''}`;
}

// The director's decision: the result has no default (one must be chosen) and a reason.
function decisionForm(e: Entry, done: () => Promise<void>): HTMLElement {
  const id = `adj-${e.game_id}`;
  const result = h('select', { id: `${id}-result`, 'aria-describedby': `${id}-error` },
    h('option', { value: '' }, t('adjudicate.choose_result')),
    h('option', { value: '1-0' }, `1-0 (${t('adjudicate.wins', { name: e.white })})`),
    h('option', { value: '0-1' }, `0-1 (${t('adjudicate.wins', { name: e.black })})`),
    h('option', { value: '1/2-1/2' }, `½-½ (${t('adjudicate.draw')})`));
  result.value = '';
  const reason = h('input', { id: `${id}-reason`, required: true, maxlength: 1000 });
  const error = errorBox();
  error.id = `${id}-error`;
  result.addEventListener('change', () => {
    result.removeAttribute('aria-invalid');
    showError(error, null);
  });
  // A complete proof fills the form in one click (the director still decides).
  const suggestion = e.evidence?.suggestion;
  const fill = suggestion ? h('button', { type: 'button', 'aria-label': t('adjudicate.use_suggestion_for', { id: e.game_id }),
    onclick: () => {
      result.value = suggestion.result;
      reason.value = suggestion.reason;
      result.removeAttribute('aria-invalid');
      showError(error, null);
    } }, t('adjudicate.use_suggestion')) : null;
  return h('form', { class: 'decide', onsubmit: async (ev: Event) => {
    ev.preventDefault();
    if (!result.value) {
      result.setAttribute('aria-invalid', 'true');
      showError(error, t('adjudicate.result_first'));
      result.focus();
      return;
    }
    try {
      await api('POST', `/api/v1/admin/games/${encodeURIComponent(e.game_id)}/result`,
        { result: result.value, termination: 'adjudication', reason: reason.value });
      announce(t('adjudicate.decided', { id: e.game_id, result: result.value }));
      await done();
    } catch (err) {
      showError(error, errorText(err));
    }
  } },
  h('label', { for: `${id}-result` }, t('games.result')), result,
  h('label', { for: `${id}-reason` }, t('common.reason')), reason,
  h('button', { type: 'submit', class: 'primary', 'aria-label': t('adjudicate.decide_game', { id: e.game_id }) }, t('adjudicate.decide')), fill, error);
}

// What the queue shows of a game above its form (refreshed without touching the form).
function entryInfo(e: Entry): (HTMLElement | null)[] {
  const move = Math.floor(e.ply / 2) + 1;
  return [
    h('h2', {}, h('a', { href: `/games/${encodeURIComponent(e.game_id)}` }, `${e.white} – ${e.black}`),
      ` · ${t('adjudicate.where', { event: e.event.name, round: String(e.round), board: String(e.board) })}`),
    h('p', { class: 'meta' },
      `${t('adjudicate.waiting', { time: duration(e.age_seconds), since: deadline(e.pending_since), move: String(move) })} `,
      e.window_open ? t('adjudicate.claims_until', { at: deadline(e.claims_due) }) : t('adjudicate.window_closed_now')),
    h('ul', { class: 'claims' }, (['white', 'black'] as const).map((side) => {
      const c = e.claims[side];
      return h('li', {}, claimText(side === 'white' ? e.white : e.black, c),
        c.analysis ? h('pre', { class: 'analysis' }, c.analysis) : null,
        c.line ? h('p', { class: c.line.legal ? 'line legal' : 'line illegal' }, lineText(c.line)) : null);
    })),
    e.evidence ? evidenceView(e.evidence) : null];
}

// How often the queue is read again while the page is shown (players file claims meanwhile;
// no live message tells the director).
const refreshSeconds = 10;

export function adjudicationsPage(root: HTMLElement): () => void {
  setTitle(t('nav.adjudications'));
  const list = h('ol', { class: 'adjudications' });
  const empty = h('p', { class: 'muted', hidden: true }, t('adjudicate.none'));
  const more = h('p', { class: 'more' });
  const updated = h('span', { class: 'muted', 'aria-live': 'off' });
  const error = errorBox();
  // One entry per game, kept across refreshes: only its information is redrawn, so a
  // decision being written (result, reason, focus) survives.
  const entries = new Map<string, { li: HTMLLIElement; info: HTMLDivElement }>();
  // How many pages are shown: each refresh reads them again from the first, page by page.
  let pages = 1;
  let reading = false;
  let again = false;
  async function readPages(): Promise<{ shown: Entry[]; total: number; next: string | null }> {
    const shown: Entry[] = [];
    let total = 0;
    let cursor: string | null = null;
    for (let i = 0; i < pages; i++) {
      const page: QueuePage = await api<QueuePage>('GET',
        `/api/v1/admin/adjudications?limit=${QUEUE_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      shown.push(...page.adjudications);
      total = page.total;
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    return { shown, total, next: cursor };
  }
  async function load(): Promise<void> {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const { shown, total, next } = await readPages();
      showError(error, null);
      setTitle(`${t('nav.adjudications')} (${total})`);
      const seen = new Set<string>();
      shown.forEach((e, i) => {
        seen.add(e.game_id);
        let entry = entries.get(e.game_id);
        if (!entry) {
          const info = h('div', { class: 'info' });
          entry = { li: h('li', { class: 'adjudication', 'data-game': e.game_id }, info, decisionForm(e, load)), info };
          entries.set(e.game_id, entry);
        }
        replace(entry.info, entryInfo(e));
        if (list.children[i] !== entry.li) list.insertBefore(entry.li, list.children[i] ?? null);
      });
      for (const [gameId, entry] of entries) {
        if (!seen.has(gameId)) {
          entry.li.remove();
          entries.delete(gameId);
        }
      }
      list.hidden = shown.length === 0;
      empty.hidden = total !== 0;
      replace(more, next ? h('button', {
        type: 'button',
        onclick: (ev: Event) => {
          (ev.currentTarget as HTMLButtonElement).disabled = true;
          pages += 1;
          void load();
        },
      }, t('adjudicate.more', { shown: shown.length, total })) : null);
      replace(updated, t('adjudicate.updated', { at: clockTime(new Date()), n: refreshSeconds }));
    } catch (e) {
      showError(error, errorText(e));
    } finally {
      reading = false;
      if (again) {
        again = false;
        void load();
      }
    }
  }
  const refresh = () => { if (document.visibilityState === 'visible') void load(); };
  const timer = window.setInterval(refresh, refreshSeconds * 1000);
  document.addEventListener('visibilitychange', refresh);
  replace(root, h('h1', {}, t('adjudicate.queue')),
    h('p', { class: 'muted' }, t('adjudicate.lead')),
    h('p', { class: 'refresh' }, h('button', { type: 'button', onclick: () => void load() }, t('adjudicate.refresh')), ' ', updated),
    error, list, more, empty);
  void load();
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', refresh);
  };
}
