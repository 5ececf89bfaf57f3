// Offline reading: the service worker (sw.ts) is registered here, and the banner
// `#offline-banner` says when the page shows copies kept by the worker instead of the
// server's answers ("Offline — shown as of 17:05, 29 Nov"). api.ts reports every answer.
import { h, replace } from './dom';
import { localTime } from './time';
import { DATA_CACHE, STORED_AT } from './offline_names';
import { t } from './i18n/i18n';

export const offlineBanner = h('div', { id: 'offline-banner', class: 'offline-banner', role: 'status', hidden: true });

// The paths answered from the worker's copies since the route changed, with their time.
const copies = new Map<string, string>();

export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // (a browser that refuses it, e.g. private windows of some browsers: online only)
  });
}

// Every answer of api.ts: a copy (with the header STORED_AT) or the server's own.
export function noteAnswer(path: string, response: Response): void {
  const stored = response.headers.get(STORED_AT);
  if (stored) copies.set(path, stored);
  else if (!copies.delete(path)) return;
  draw();
}

// A new page: what the last one showed no longer counts.
export function forgetCopies(): void {
  copies.clear();
  draw();
}

export function isOffline(): boolean {
  return !navigator.onLine;
}

function draw(): void {
  const times = [...copies.values()].sort();
  const offline = times.length > 0 || !navigator.onLine;
  offlineBanner.hidden = !offline;
  document.body.dataset.offline = String(offline);
  if (!offline) {
    delete offlineBanner.dataset.asOf;
    replace(offlineBanner);
    return;
  }
  if (times.length) {
    offlineBanner.dataset.asOf = times[0];
    replace(offlineBanner, t('offline.banner_as_of', { time: localTime(times[0]) }));
  } else {
    delete offlineBanner.dataset.asOf;
    replace(offlineBanner, t('offline.banner'));
  }
}

window.addEventListener('offline', draw);
// Back online: the pages read again (the live connection's greeting), so the copies shown
// no longer count; a server still unreachable answers with copies again.
window.addEventListener('online', forgetCopies);

// The answers kept for the signed-in player are dropped when someone logs in or out.
export async function clearOfflineData(): Promise<void> {
  if ('caches' in window) await caches.delete(DATA_CACHE).catch(() => false);
}
