// The competition starter on the director page: run it now (POST /admin/competitions/run)
// and the items that failed and wait to be tried again (GET /admin/competitions/failures),
// each with what it is, how many times in a row it failed, when it is tried next and why.
import { api, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';
import { t } from '../i18n/i18n';

type StarterFailure = { kind: string; item_id: string; item: string; failures: number; failed_at: string; retry_at: string; error: string };

type StarterRun = Record<string, number>;

// The run's steps done, of every kind, and the items that failed.
function summary(run: StarterRun): string {
  const done = Object.entries(run).filter(([key]) => key !== 'failed').reduce((sum, [, n]) => sum + n, 0);
  const parts = [t('director.starter_done', { n: done })];
  if (run.failed) parts.push(t('director.starter_failed', { n: run.failed }));
  return parts.join('; ') + '.';
}

export function starterPanel(): HTMLElement {
  const list = h('div', { class: 'starter-failures' });
  const done = h('p', { class: 'done', 'aria-live': 'polite' });
  const error = errorBox();
  async function load(): Promise<void> {
    try {
      const { failures } = await api<{ failures: StarterFailure[] }>('GET', '/api/v1/admin/competitions/failures');
      replace(list, h('h3', {}, t('director.starter_failures', { n: String(failures.length) })),
        failures.length ? h('div', { class: 'table-scroll' }, h('table', { class: 'list' },
          h('thead', {}, h('tr', {}, h('th', {}, t('director.starter_item')), h('th', {}, t('director.starter_count')),
            h('th', {}, t('notify.when')), h('th', {}, t('director.starter_next')), h('th', {}, t('director.starter_error')))),
          h('tbody', {}, failures.map((f) => h('tr', { 'data-kind': f.kind, 'data-item': f.item_id },
            h('td', {}, f.item), h('td', {}, String(f.failures)), h('td', {}, localTime(f.failed_at)),
            h('td', {}, localTime(f.retry_at)), h('td', {}, f.error))))))
          : h('p', { class: 'muted' }, t('director.starter_none')));
    } catch (e) {
      showError(error, errorText(e));
    }
  }
  const run = async (): Promise<void> => {
    try {
      const result = await api<StarterRun>('POST', '/api/v1/admin/competitions/run', {});
      done.textContent = summary(result);
      showError(error, null);
    } catch (e) {
      done.textContent = '';
      showError(error, errorText(e));
    }
    await load();
  };
  void load();
  return h('section', { class: 'starter' }, h('h2', {}, t('director.starter')),
    h('p', { class: 'muted' }, t('director.starter_hint')),
    h('button', { type: 'button', class: 'primary', id: 'starter-run', onclick: () => void run() }, t('director.starter_run')),
    done, error, list);
}
