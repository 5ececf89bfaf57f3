// "Phone and desktop notifications" on the settings page (docs/api.md "Web Push"): turn
// notifications on for this browser (register the service worker /sw.js, ask for
// permission, subscribe with the server's VAPID key, POST the subscription), and list the
// devices that get them, each with Remove. Which kinds come by push is chosen with the other
// channels in the notification preferences. The service worker's side is sw_push.ts.
import { api, ApiError, errorText } from '../api';
import { errorBox, h, replace, showError } from '../dom';
import { localTime } from '../time';

type Device = { id: string; endpoint: string; created_at: string; last_success_at: string | null; failure_count: number };

// The bytes of base64url text (the server's key), for applicationServerKey.
export function base64UrlBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; ++i) out[i] = raw.charCodeAt(i);
  return out;
}

// A device's name from its push service, pure: "Chrome, Android or desktop" for Google's,
// "Firefox" for Mozilla's, "Safari" for Apple's, "Edge" for Microsoft's, else the host.
export function deviceName(endpoint: string): string {
  let host = '';
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return 'Unknown device';
  }
  if (host.endsWith('googleapis.com')) return 'Chrome (Android or desktop)';
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
  const text = h('p', { class: 'push-state' }, 'Loading…');
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
      replace(status, 'Notifications are blocked for this site: allow them in the browser’s site settings.');
      return;
    }
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(key).buffer as ArrayBuffer });
    await api('POST', '/api/v1/me/push-subscriptions', sub.toJSON());
    replace(status, 'This device now gets notifications.');
  });

  const remove = (d: Device) => act(async () => {
    await api('DELETE', `/api/v1/me/push-subscriptions/${encodeURIComponent(d.id)}`);
    if (d.endpoint === here) await (await currentSubscription())?.unsubscribe();
    replace(status, 'The device was removed: it gets no more notifications.');
  });

  function draw(): void {
    if (!key) return;
    replace(text, 'Get “your move”, deadline reminders, game ends and challenges as notifications on your phone or computer, ' +
      'even when corrchess is not open. Choose which ones in the notification preferences (Push column).');
    replace(list, devices.length
      ? h('ul', { class: 'push-device-list' }, devices.map((d) => h('li', { 'data-device': d.id },
          h('span', { class: 'push-device-name' }, deviceName(d.endpoint)),
          d.endpoint === here ? h('strong', {}, ' (this device)') : null,
          h('span', { class: 'muted' }, ` since ${localTime(d.created_at).slice(0, 10)}`,
            d.failure_count > 0 ? `, ${d.failure_count} failed` : ''),
          ' ',
          h('button', { type: 'button', 'aria-label': `Remove ${deviceName(d.endpoint)}`, onclick: remove(d) }, 'Remove'))))
      : h('p', { class: 'muted' }, 'No device gets notifications yet.'));
    const registered = here !== null && devices.some((d) => d.endpoint === here);
    replace(buttons, !supported()
      ? h('span', { class: 'muted' }, 'This browser cannot receive push notifications.')
      : registered ? null
        : h('button', { type: 'button', id: 'push-enable', onclick: enable }, 'Turn on notifications on this device'));
  }

  async function load(): Promise<void> {
    try {
      key = (await api<{ public_key: string }>('GET', '/api/v1/push/key')).public_key;
    } catch (e) {
      key = null;
      replace(text, e instanceof ApiError && e.code === 'push_not_configured'
        ? 'Push notifications are not set up on this server.' : errorText(e));
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
  return h('section', { class: 'narrow push-notifications', 'aria-label': 'Phone and desktop notifications' },
    h('h2', {}, 'Phone and desktop notifications'), text, list, buttons, status, error);
}
