// "Phone and desktop notifications" on the settings page (docs/api.md "Web Push"): turn
// notifications on for this browser (register the service worker /sw.js, ask for
// permission, subscribe with the server's VAPID key, POST the subscription), and list the
// devices that get them, each with Remove. Which kinds come by push is chosen with the other
// channels in the notification preferences. The service worker's side is sw_push.ts.
import { api, ApiError, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localDate } from '../time';
import { t } from '../i18n/i18n';

type Device = { id: string; endpoint: string; created_at: string; last_success_at: string | null; failure_count: number };

// The bytes of base64url text (the server's key), for applicationServerKey.
export function base64UrlBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; ++i) out[i] = raw.charCodeAt(i);
  return out;
}

// A device's name from its push service, pure: "Chrome (Android or desktop)" for Google's,
// "Firefox" for Mozilla's, "Safari" for Apple's, "Edge" for Microsoft's, else the host.
export function deviceName(endpoint: string): string {
  let host = '';
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return t('push.unknown_device');
  }
  if (host.endsWith('googleapis.com')) return t('push.chrome');
  if (host.endsWith('mozilla.com')) return 'Firefox';
  if (host.endsWith('push.apple.com')) return 'Safari (Apple)';
  if (host.endsWith('notify.windows.com')) return 'Edge (Windows)';
  return host;
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

// This browser's current subscription, if any.
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

export function pushDevices(): HTMLElement {
  const text = h('p', { class: 'push-state' }, t('common.loading'));
  const list = h('div', { class: 'push-devices' });
  const buttons = h('p', { class: 'push-buttons' });
  const status = h('p', { class: 'muted', role: 'status' });
  const error = errorBox();
  let key: string | null = null;
  let devices: Device[] = [];
  let here: string | null = null;

  const act = (f: () => Promise<void>) => async () => {
    try {
      await f();
      showError(error, null);
    } catch (e) {
      showError(error, e instanceof ApiError ? errorText(e) : String((e as Error)?.message ?? e));
    }
    await load();
  };

  const enable = act(async () => {
    if (!key) return;
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      replace(status, t('push.blocked'));
      return;
    }
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(key).buffer as ArrayBuffer });
    await api('POST', '/api/v1/me/push-subscriptions', sub.toJSON());
    replace(status, t('push.enabled'));
  });

  const remove = (d: Device) => act(async () => {
    await api('DELETE', `/api/v1/me/push-subscriptions/${encodeURIComponent(d.id)}`);
    if (d.endpoint === here) await (await currentSubscription())?.unsubscribe();
    replace(status, t('push.removed'));
  });

  function draw(): void {
    if (!key) return;
    replace(text, t('push.lead'));
    replace(list, devices.length
      ? h('ul', { class: 'push-device-list' }, devices.map((d) => h('li', { 'data-device': d.id },
          h('span', { class: 'push-device-name' }, deviceName(d.endpoint)),
          d.endpoint === here ? h('strong', {}, ` (${t('push.this_device')})`) : null,
          ' ',
          // "since 2026-11-30" in one piece: the date never breaks at its hyphen.
          h('span', { class: 'muted nowrap push-since' }, t('push.since', { date: localDate(d.created_at) })),
          d.failure_count > 0 ? h('span', { class: 'muted' }, `, ${t('push.failed', { n: d.failure_count })}`) : null,
          ' ',
          h('button', { type: 'button', 'aria-label': t('common.remove_named', { name: deviceName(d.endpoint) }), onclick: remove(d) },
            t('common.remove')))))
      : h('p', { class: 'muted' }, t('push.none')));
    const registered = here !== null && devices.some((d) => d.endpoint === here);
    replace(buttons, !supported()
      ? h('span', { class: 'muted' }, t('push.unsupported'))
      : registered ? null
        : h('button', { type: 'button', id: 'push-enable', onclick: enable }, t('push.enable')));
  }

  async function load(): Promise<void> {
    try {
      key = (await api<{ public_key: string }>('GET', '/api/v1/push/key')).public_key;
    } catch (e) {
      key = null;
      replace(text, e instanceof ApiError && e.code === 'push_not_configured'
        ? t('push.not_configured') : errorText(e));
      replace(buttons);
      return;
    }
    try {
      devices = (await api<{ subscriptions: Device[] }>('GET', '/api/v1/me/push-subscriptions')).subscriptions;
      here = (await currentSubscription().catch(() => null))?.endpoint ?? null;
    } catch (e) {
      showError(error, errorText(e));
    }
    draw();
  }
  void load();
  return h('section', { class: 'narrow push-notifications', 'aria-label': t('push.title') },
    h('h2', {}, t('push.title')), text, list, buttons, status, error);
}
