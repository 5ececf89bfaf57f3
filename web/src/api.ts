// Talks to the corrchess API with the session cookie; state-changing requests carry the
// session's CSRF token. Refusals become ApiError with the problem's readable detail.

import type { components } from './generated/api';

// The answers' types are the schemas of the server's OpenAPI document (openapi.json, turned
// into generated/api.d.ts at build time by openapi-types.mjs), named here. A schema that says
// less than the server sends is completed below, each completion marked: those are gaps in
// the document (api/openapi.cpp) to close there, after which the completion goes.
type Schemas = components['schemas'];
// Properties the document leaves optional (its schemas list no `required`) but the server
// always sends.
type Always<T, K extends keyof T> = T & Required<Pick<T, K>>;
// Properties the document types too loosely (`{type: object}` without properties) or lacks.
type Completed<T, C> = Omit<T, keyof C> & C;

export type Problem = Schemas['Problem'];
export type TimeControl = Schemas['TimeControl'];
export type AuditRecord = Schemas['AuditRecord'];
export type User = Always<Schemas['User'], 'id' | 'username' | 'display_name' | 'role' | 'created_at'>;
export type Clock = Always<Schemas['Clock'], 'remaining_seconds' | 'running' | 'on_leave'>;
export type Move = Completed<Always<Schemas['Move'], 'ply' | 'san' | 'uci' | 'numeric' | 'fen_after' | 'at' | 'elapsed_seconds' | 'offer_draw'>, {
  // gap: not in the Move schema
  conditional: boolean;
  clock?: { charged_seconds: number; stopped_seconds: number; increment_seconds: number; bank_change_seconds: number;
    clock_after_seconds: number; bank_after_seconds: number };
}>;
// A move submitted and not yet confirmed (gap: Game.pending_move is a bare object).
export type PendingMove = { move: { san: string; uci: string; numeric: string }; fen_after: string; offer_draw: boolean;
  submitted_at: string; ply: number; message?: string };
type GameSchema = Always<Schemas['Game'], 'id' | 'variant' | 'white' | 'black' | 'status' | 'initial_fen' | 'fen' |
  'to_move' | 'ply' | 'time_control' | 'version' | 'now' | 'moves' | 'legal_moves' | 'abortable'>;
export type Game = Completed<GameSchema, {
  white: User;
  black: User;
  moves: Move[];
  // gap: the clocks' white and black are optional in the schema
  clocks: { white: Clock; black: Clock };
  // gap: bare objects in the schema
  draw_offer?: { by: 'white' | 'black'; ply: number } | null;
  pending_move?: PendingMove | null;
  claimable: { threefold: boolean; fifty_moves: boolean; tablebase: boolean };
  // gap: not in the Game schema
  start_at: string;
}>;
// One side's claim on a game awaiting adjudication (GET /api/v1/events/{id} and
// /api/v1/admin/adjudications; gap: no schema, those answers have none).
export type Claim = { filed: boolean; claim?: 'win' | 'draw'; implied?: boolean; analysis?: string | null; filed_at?: string };

let csrf = '';

export function setCsrf(token: string): void {
  csrf = token;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problem: Record<string, unknown> = {},
    // Seconds to wait before trying again (Retry-After, or the problem's retry_after_seconds).
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

const readable: Record<string, string> = {
  unauthorized: 'You are not signed in (or your session ended). Please log in.',
  rate_limited: 'Too many requests: wait a little and try again.',
  stale_game: 'The game changed meanwhile (another device or a conditional move); it has been reloaded.',
  internal_error: 'The server failed; please try again.',
  unavailable: 'The server cannot answer right now (it is busy or its database is unreachable); nothing was changed.',
};

// `minimal`: ask for the short answer of a game command (`Prefer: return=minimal`: only the
// moves the command added, after `moves_from`; see mergeMoves in pages/game.ts).
export async function api<T = any>(method: string, path: string, body?: unknown, minimal = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (minimal) headers.Prefer = 'return=minimal';
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrf;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached; check your connection.');
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  const data = type.includes('json') ? await response.json().catch(() => null) : await response.text();
  if (!response.ok) {
    const problem = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const code = String(problem.code ?? 'error');
    const detail = typeof problem.detail === 'string' && problem.detail ? problem.detail : '';
    const retryAfter = retrySeconds(response.headers.get('Retry-After'), problem.retry_after_seconds);
    let message = readable[code] ?? (detail ? capitalize(detail) + '.' : `Request failed (${response.status}).`);
    // A limit that says why (challenges to one player, messages) is explained in its words.
    if (code === 'rate_limited' && detail) message = capitalize(detail) + '.';
    else if (code === 'rate_limited' && retryAfter !== null) message = `Too many requests: try again in ${retryAfter} s.`;
    if (code === 'unauthorized' && detail && path.endsWith('/login')) message = capitalize(detail) + '.';
    throw new ApiError(response.status, code, message, problem, retryAfter);
  }
  return data as T;
}

// Retry-After in seconds (the HTTP-date form too), else the problem's retry_after_seconds.
function retrySeconds(header: string | null, field: unknown): number | null {
  if (header) {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  }
  return typeof field === 'number' && field >= 0 ? Math.ceil(field) : null;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : String(e);
}
