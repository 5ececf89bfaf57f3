// The live connection: one WebSocket per signed-in tab at /api/v1/ws (the session cookie
// signs it in). It remembers the number (seq) of the last message and resumes from it after
// a disconnect (?since=), so nothing is missed; listeners get every message. A banner says
// when the connection is lost and when it is back and caught up.
import { h, replace } from './dom';
import { t } from './i18n/i18n';

export type LiveMessage = { type: string; game_id?: string; seq?: number; [key: string]: any };
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let lastSeq: number | null = null;
let retry = 1000;
let stopped = true;
let timer: number | undefined;
let lost = false;
let bannerTimer: number | undefined;
// Whether the current socket has been greeted (hello): from then on it receives every
// message, so what a page reads afterwards cannot miss one.
let greeted = false;
const greetedWaiters = new Set<(ok: boolean) => void>();

// Resolves true once the live connection is greeted (at once when it is), false after
// `timeoutMs` or when there is no connection: a page reading its data after `true` needs no
// second read at the greeting (a `hello` without `resumed`).
export function liveReady(timeoutMs = 1500): Promise<boolean> {
  if (greeted) return Promise.resolve(true);
  if (stopped) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      greetedWaiters.delete(done);
      resolve(ok);
    };
    const timer = window.setTimeout(() => done(false), timeoutMs);
    greetedWaiters.add(done);
  });
}

// The connection banner (main.ts puts it under the navigation): hidden while all is well.
export const liveBanner = h('div', { id: 'live-banner', class: 'live-banner', role: 'status', hidden: true });

function banner(state: 'lost' | 'back' | null): void {
  window.clearTimeout(bannerTimer);
  liveBanner.hidden = state === null;
  liveBanner.className = `live-banner${state ? ` ${state}` : ''}`;
  replace(liveBanner, state === 'lost' ? t('live.lost') : state === 'back' ? t('live.back') : '');
  if (state === 'back') bannerTimer = window.setTimeout(() => banner(null), 8000);
}

export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startLive(): void {
  if (!stopped) return;
  stopped = false;
  connect();
}

export function stopLive(): void {
  stopped = true;
  window.clearTimeout(timer);
  socket?.close();
  socket = null;
  greeted = false;
  for (const waiter of [...greetedWaiters]) waiter(false);
  lastSeq = null;
  lost = false;
  banner(null);
}

function connect(): void {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const since = lastSeq === null ? '' : `?since=${lastSeq}`;
  const ws = new WebSocket(`${scheme}//${location.host}/api/v1/ws${since}`);
  socket = ws;
  ws.onopen = () => {
    retry = 1000;
    document.body.dataset.live = 'connected';
  };
  ws.onmessage = (event) => {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (typeof message.seq === 'number') lastSeq = message.seq;
    // The greeting after a reconnection comes with what was missed (`resumed`); listeners
    // re-read what they show.
    if (message.type === 'hello') {
      message.resumed = lost;
      if (lost) banner('back');
      lost = false;
      greeted = true;
      for (const waiter of [...greetedWaiters]) waiter(true);
    }
    // After a gap the server cannot fill, or a reconnection: listeners re-read what they show.
    for (const listener of listeners) listener(message);
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    greeted = false;
    document.body.dataset.live = 'disconnected';
    if (stopped) return;
    lost = true;
    banner('lost');
    timer = window.setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  };
}
