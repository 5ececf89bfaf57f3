// The service worker (built into dist/sw.js, scope /): the app shell from its cache, so the
// client starts without a connection, and the player's games for reading offline. See
// README.md "Offline and installable". Web Push lives in sw_push.ts, imported here.
import { DATA_CACHE, keptForOffline, SHELL_PREFIX, STORED_AT } from './offline_names';
import { installPush, type PushScope } from './sw_push';

declare const self: ServiceWorkerGlobalScope;

installPush(self as unknown as PushScope);
// Set by build.mjs: the site paths of the shell and the hash of their contents.
declare const SHELL: string[];
declare const SHELL_VERSION: string;

const shellCache = SHELL_PREFIX + SHELL_VERSION;
// At most this many ongoing games are fetched ahead from one read of the game list.
const PREFETCH_GAMES = 30;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(shellCache);
    // (the content-hashed assets the page just loaded come from the browser's HTTP cache)
    await cache.addAll(SHELL);
    await self.skipWaiting();
  })());
});

// A new build's worker drops the caches of the builds before it.
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(SHELL_PREFIX) && name !== shellCache) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/docs/')) return;
    event.respondWith(page(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(fromShell(request));
  } else if (keptForOffline(url.pathname)) {
    event.respondWith(networkFirst(request, event));
  }
});

// A page of the client: the server's, else (offline) the cached shell.
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (e) {
    const shell = await caches.match('/index.html', { cacheName: shellCache });
    if (shell) return shell;
    throw e;
  }
}

// The shell's files (content-hashed or versioned with the shell): the cache first.
async function fromShell(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: shellCache, ignoreSearch: true })) ?? fetch(request);
}

// The API answers kept for offline: the server's answer (a 200 is stored, with the time),
// else the stored copy, which carries STORED_AT.
async function networkFirst(request: Request, event: FetchEvent): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetch(request);
  } catch (e) {
    const copy = await (await caches.open(DATA_CACHE)).match(request, { ignoreVary: true });
    if (copy) return copy;
    throw e;
  }
  if (answer.status === 200) {
    const body = await answer.clone().arrayBuffer();
    event.waitUntil((async () => {
      await (await caches.open(DATA_CACHE)).put(request, stamped(answer, body));
      if (new URL(request.url).pathname === '/api/v1/games') await prefetchGames(body);
    })());
  } else if (answer.status === 401) {
    // Signed out: nothing of the old session is kept.
    event.waitUntil(caches.delete(DATA_CACHE));
  }
  return answer;
}

// The copy to store of a 200 answer: its body and headers, with the time it was fetched (a
// compressed answer arrives decoded: the copy has no Content-Encoding).
function stamped(answer: Response, body: ArrayBuffer): Response {
  const headers = new Headers(answer.headers);
  headers.set(STORED_AT, new Date().toISOString());
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(body, { status: 200, headers });
}

type ListedGame = { id: string; status: string; ply: number };

// After a read of the game list: each ongoing game of the page (at most PREFETCH_GAMES) whose
// stored copy is missing or older than the list's ply is read ahead, with its messages and
// conditional lines, one after the other.
async function prefetchGames(listBody: ArrayBuffer): Promise<void> {
  let games: ListedGame[] = [];
  try {
    games = (JSON.parse(new TextDecoder().decode(listBody)) as { games?: ListedGame[] }).games ?? [];
  } catch {
    return;
  }
  const cache = await caches.open(DATA_CACHE);
  const ongoing = games.filter((g) => g.status === 'ongoing' || g.status === 'adjudication_pending')
    .slice(0, PREFETCH_GAMES);
  for (const g of ongoing) {
    const path = `/api/v1/games/${encodeURIComponent(g.id)}`;
    const stored = await cache.match(path, { ignoreVary: true });
    if (stored) {
      const seen = await stored.clone().json().catch(() => null) as { ply?: number } | null;
      if (seen?.ply === g.ply) continue;
    }
    for (const part of ['', '/messages', '/conditional']) {
      try {
        const answer = await fetch(path + part, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        if (answer.status === 200) await cache.put(path + part, stamped(answer, await answer.arrayBuffer()));
      } catch {
        return; // offline again: the rest another time
      }
    }
  }
}
