// The queue of actions made offline (IndexedDB `corrchess-offline`, store `queue`): a move
// confirmed and conditional lines stored while the server could not be reached. When the
// connection returns they are sent in the order they were made, each with the precondition
// of the game as the player saw it (`ply` in the body and `If-Match: "<version>"`), so that
// the server refuses (409 stale_game) an action on a game that changed meanwhile: it is then
// dropped, never played on another position, and the player is told (queue_news.ts).
import { api, ApiError, errorText } from './api';
import { onLive } from './live';
import { me } from './session';
import { t } from './i18n/i18n';
import { displaySan } from './i18n/notation';

export type QueuedMove = { kind: 'move'; move: string; san: string; fen_after: string; offer_draw: boolean; message?: string };
export type QueuedLines = { kind: 'conditional'; lines: string[][] };
export type Queued = (QueuedMove | QueuedLines) & {
  key?: number; user: string; game: string; ply: number; version: number; queued_at: string;
};
export type QueueEvent =
  | { type: 'changed' }
  | { type: 'sent'; item: Queued }
  | { type: 'refused'; item: Queued; text: string };

const listeners = new Set<(e: QueueEvent) => void>();

export function onQueue(listener: (e: QueueEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(e: QueueEvent): void {
  for (const l of [...listeners]) l(e);
}

let opened: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open('corrchess-offline', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('queue', { keyPath: 'key', autoIncrement: true });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  return opened;
}

async function store<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const s = (await db()).transaction('queue', mode).objectStore('queue');
  return new Promise((resolve, reject) => {
    const request = work(s);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// The signed-in player's queued actions (of one game), oldest first.
export async function queued(game?: string): Promise<Queued[]> {
  const user = me()?.username;
  if (!user) return [];
  const all = await store('readonly', (s) => s.getAll() as IDBRequest<Queued[]>);
  return all.filter((q) => q.user === user && (game === undefined || q.game === game));
}

export async function enqueue(item: (QueuedMove | QueuedLines) & { game: string; ply: number; version: number }): Promise<void> {
  const user = me()?.username;
  if (!user) return;
  await store('readwrite', (s) => s.add({ ...item, user, queued_at: new Date().toISOString() }));
  tell({ type: 'changed' });
  if (navigator.onLine) void flushQueue();
}

export async function cancelQueued(key: number): Promise<void> {
  await store('readwrite', (s) => s.delete(key));
  tell({ type: 'changed' });
}

// Sends the queued actions in order; stops at the first that cannot reach the server (or
// that the server cannot take now: busy, rate-limited, signed out), to try again later.
// One tab at a time (Web Locks), so no action is sent twice.
let flushing: Promise<void> | null = null;
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      const run = () => sendAll();
      if (navigator.locks) await navigator.locks.request('corrchess-queue', run);
      else await run();
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function sendAll(): Promise<void> {
  for (const item of await queued()) {
    // (cancelled meanwhile, or sent by another tab)
    const still = await store('readonly', (s) => s.get(item.key!) as IDBRequest<Queued | undefined>);
    if (!still) continue;
    let text: string | null = null;
    try {
      await send(item);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0 || e.status === 401 || e.status === 429 || e.status >= 500) return;
      text = sentAfterAll(item, e) ? null : refusal(item, e);
    }
    await store('readwrite', (s) => s.delete(item.key!));
    tell(text === null ? { type: 'sent', item } : { type: 'refused', item, text });
  }
}

async function send(item: Queued): Promise<void> {
  const path = `/api/v1/games/${encodeURIComponent(item.game)}`;
  const tag = { 'If-Match': `"${item.version}"` };
  if (item.kind === 'conditional') {
    await api('PUT', `${path}/conditional`, { lines: item.lines, ply: item.ply }, false, tag);
    return;
  }
  const body: Record<string, unknown> = { move: item.move, offer_draw: item.offer_draw, ply: item.ply };
  if (item.message) body.message = item.message;
  await api('POST', `${path}/moves`, body, false, tag);
  try {
    await api('POST', `${path}/moves/accept`, { move: item.move, ply: item.ply }, true, tag);
  } catch (e) {
    // The pending move just submitted is withdrawn (it would otherwise wait there).
    if (e instanceof ApiError && e.status !== 0) await api('DELETE', `${path}/moves/pending`).catch(() => {});
    throw e;
  }
}

// A move whose answer was lost (the connection dropped after the server played it): the
// next try finds the game moved on by exactly that move.
function sentAfterAll(item: Queued, e: ApiError): boolean {
  const game = e.problem.game as { moves?: { ply: number; uci: string }[] } | undefined;
  if (item.kind !== 'move' || e.code !== 'stale_game' || !game?.moves) return false;
  return game.moves.find((m) => m.ply === item.ply + 1)?.uci === item.move;
}

function refusal(item: Queued, e: ApiError): string {
  const game = e.problem.game as { status?: string } | undefined;
  const ended = e.code === 'game_over' || (game?.status !== undefined && game.status !== 'ongoing');
  const why = ended ? t('offline.game_ended')
    : e.code === 'stale_game' || e.code === 'not_your_turn' ? t('offline.position_changed')
    : errorText(e).replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  if (item.kind === 'move') return t('offline.move_refused', { move: displaySan(item.san), why });
  const lines = item.lines.map((l) => l.map((m) => displaySan(m)).join(' ')).join('; ') || t('offline.no_lines');
  return t('offline.lines_refused', { lines, why });
}

// Sent when the connection returns, at start and every half minute while some wait.
window.addEventListener('online', () => void flushQueue());
window.setInterval(() => {
  if (navigator.onLine && me()) void flushQueue();
}, 30000);
onLive((m) => {
  if (m.type === 'hello' && navigator.onLine && me()) void flushQueue();
});
