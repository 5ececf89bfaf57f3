// The live connection: one WebSocket per signed-in tab at /api/v1/ws (the session cookie
// signs it in). It remembers the number (seq) of the last message and resumes from it after
// a disconnect (?since=), so nothing is missed; listeners get every message. A banner says
// when the connection is lost and when it is back and caught up.
import { h, replace } from './dom';

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

// The connection banner (main.ts puts it under the navigation): hidden while all is well.
export const liveBanner = h('div', { id: 'live-banner', class: 'live-banner', role: 'status', hidden: true });

function banner(state: 'lost' | 'back' | null): void {
  window.clearTimeout(bannerTimer);
  liveBanner.hidden = state === null;
  liveBanner.className = `live-banner${state ? ` ${state}` : ''}`;
  replace(liveBanner, state === 'lost' ? 'Connection lost — reconnecting…'
    : state === 'back' ? 'Connection back — caught up.' : '');
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
    // The greeting after a reconnection comes with what was missed; listeners re-read.
    if (message.type === 'hello' && lost) {
      lost = false;
      banner('back');
    }
    // After a gap the server cannot fill, or a reconnection: listeners re-read what they show.
    for (const listener of listeners) listener(message);
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    document.body.dataset.live = 'disconnected';
    if (stopped) return;
    lost = true;
    banner('lost');
    timer = window.setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  };
}
