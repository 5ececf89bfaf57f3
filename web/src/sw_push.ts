// Web Push in the service worker (docs/api.md "Web Push"): a push message from the server
// ({title, body, url, tag}, decrypted by the browser) is shown as a notification; a click on
// it focuses a window already showing its page, or opens one. Only pages of this site are
// opened. Imported by the service worker's entry (sw.ts); the page side is
// pages/push_devices.ts.

// The parts of the service worker's global scope this module uses (the project's TypeScript
// library is the DOM's, not the WebWorker one).
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };
type ClientsLike = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
};
type ExtendableEventLike = Event & { waitUntil(p: Promise<unknown>): void };
type PushEventLike = ExtendableEventLike & { data: { text(): string } | null };
type NotificationClickLike = ExtendableEventLike & { notification: { data?: unknown; close(): void } };
export type PushScope = {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: ClientsLike;
  addEventListener(type: string, listener: (event: Event) => void): void;
};

export type PushMessage = { title: string; body: string; url: string; tag: string };

// The message of a push's text, pure: what the server sends, or a neutral message when the
// text is not its JSON; the URL is kept only when it is of this site (`origin`).
export function readPush(text: string | null | undefined, origin: string): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the neutral message
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: str(data.title) || 'corrchess',
    body: str(data.body),
    url: sameSiteUrl(str(data.url), origin),
    tag: str(data.tag),
  };
}

// `url` when it is of `origin` (absolute or a path), else the site's first page.
export function sameSiteUrl(url: string, origin: string): string {
  try {
    const u = new URL(url, origin);
    if (u.origin === origin) return u.href;
  } catch {
    // fall through
  }
  return origin + '/';
}

// Focuses a window of the site already at `url`, or opens one there.
async function openOrFocus(clients: ClientsLike, url: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  await clients.openWindow(url);
}

export function installPush(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const e = event as PushEventLike;
    const message = readPush(e.data?.text(), scope.location.origin);
    const options: NotificationOptions & { renotify?: boolean } = {
      body: message.body,
      data: { url: message.url },
    };
    if (message.tag) {
      options.tag = message.tag;
      options.renotify = true;
    }
    e.waitUntil(scope.registration.showNotification(message.title, options));
  });
  scope.addEventListener('notificationclick', (event) => {
    const e = event as NotificationClickLike;
    e.notification.close();
    const data = e.notification.data as { url?: unknown } | undefined;
    const url = sameSiteUrl(typeof data?.url === 'string' ? data.url : '/', scope.location.origin);
    e.waitUntil(openOrFocus(scope.clients, url));
  });
}
