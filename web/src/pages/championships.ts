// /championships (every championship) and /championships/{id}: its stages in order, each with
// its sections (links to their events, where the crosstables are) and, once over, who
// qualified and why. docs/api.md "Championships".
import { api, errorText } from '../api';
import { h, replace } from '../dom';
import { setTitle } from '../title';
import { localTime } from '../time';
import { t, tParts } from '../i18n/i18n';
import { statusName } from '../i18n/words';

// The answer of GET /api/v1/championships/{id} (docs/api.md; gap: no schema in the document).
type Qualifier = { rank: number; username: string; section: number; place: number; score: number; games: number; runner_up: boolean };
type Stage = {
  number: number; name: string; section_size: number; per_section: number; best_runners_up: number; status: string;
  started_at: string | null; finished_at: string | null;
  sections: { number: number; event_id: string; name: string }[]; qualifiers: Qualifier[];
};
type Championship = {
  id: string; name: string; status: string; champion: string | null; stages: Stage[];
  settings?: { opening?: string | null };
};

const rule = (s: Stage, last: boolean) => last ? t('champ.rule_final')
  : s.best_runners_up ? t('champ.rule_runners_up', { n: s.per_section, runners: s.best_runners_up })
    : t('champ.rule', { n: s.per_section });

function stageBox(s: Stage, last: boolean): HTMLElement {
  return h('section', { class: 'championship-stage', 'data-stage': String(s.number) },
    h('h2', {}, `${s.number}. ${s.name}`),
    h('p', {}, `${t('champ.stage_terms', { size: s.section_size, rule: rule(s, last) })} `,
      h('span', { class: 'stage-status' }, statusName(s.status)),
      s.started_at ? `, ${t('champ.started', { at: localTime(s.started_at) })}` : '',
      s.finished_at ? `, ${t('champ.over', { at: localTime(s.finished_at) })}` : ''),
    s.sections.length ? h('ul', { class: 'stage-sections' }, s.sections.map((x) => h('li', {},
      h('a', { href: `/events/${encodeURIComponent(x.event_id)}` }, x.name)))) : null,
    s.qualifiers.length ? h('table', { class: 'list qualifiers' },
      h('caption', {}, t('champ.qualified')),
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('events.player')), h('th', {}, t('champ.why')))),
      h('tbody', {}, s.qualifiers.map((q) => h('tr', { 'data-player': q.username },
        h('td', {}, String(q.rank)),
        h('td', {}, h('a', { href: `/users/${encodeURIComponent(q.username)}` }, q.username)),
        h('td', {}, t(q.runner_up ? 'champ.why_runner_up' : 'champ.why_place',
          { place: q.place, section: q.section, score: q.score, games: q.games }))))))
      : null);
}

export function championshipsPage(root: HTMLElement): void {
  setTitle(t('champ.title'));
  const body = h('div', {}, t('common.loading'));
  replace(root, h('h1', {}, t('champ.title')), body);
  void (async () => {
    try {
      const { championships } = await api<{ championships: { id: string; name: string; status: string }[] }>('GET', '/api/v1/championships');
      replace(body, championships.length ? h('ul', { class: 'championship-list' }, championships.map((c) => h('li', {},
        h('a', { href: `/championships/${encodeURIComponent(c.id)}` }, c.name), ` (${statusName(c.status)})`)))
        : h('p', { class: 'muted' }, t('champ.none')));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}

export function championshipPage(root: HTMLElement, id: string): void {
  const body = h('div', {}, t('common.loading'));
  replace(root, body);
  void (async () => {
    try {
      const c = await api<Championship>('GET', `/api/v1/championships/${encodeURIComponent(id)}`);
      setTitle(c.name);
      replace(body, h('h1', {}, c.name),
        c.champion ? h('p', { class: 'champion' }, `${t('champ.champion')} `, h('strong', {}, c.champion)) : h('p', {}, statusName(c.status)),
        c.settings?.opening ? h('p', {}, tParts('series.thematic_opening', { opening: h('strong', {}, c.settings.opening) })) : null,
        c.stages.map((s, i) => stageBox(s, i === c.stages.length - 1)));
    } catch (e) {
      replace(body, h('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  })();
}
