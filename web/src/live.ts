// The live connection: one WebSocket per signed-in tab at /api/v1/ws (the session cookie
// signs it in). It remembers the number (seq) of the last message and resumes from it after
// a disconnect (?since=), so nothing is missed; listeners get every message.

export type LiveMessage = { type: string; game_id?: string; seq?: number; [key: string]: any };
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let lastSeq: number | null = null;
let retry = 1000;
let stopped = true;
let timer: number | undefined;

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
    // After a gap the server cannot fill, or a reconnection: listeners re-read what they show.
    for (const listener of listeners) listener(message);
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    document.body.dataset.live = 'disconnected';
    if (stopped) return;
    timer = window.setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  };
}
