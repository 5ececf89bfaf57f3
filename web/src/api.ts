// Talks to the corrchess API with the session cookie; state-changing requests carry the
// session's CSRF token. Refusals become ApiError with the problem's readable detail.

import type { components } from './generated/api';
import { noteAnswer } from './offline';
import { t } from './i18n/i18n';
import { problemText } from './i18n/words';

// The answers' types are the schemas of the server's OpenAPI document (openapi.json, turned
// into generated/api.d.ts at build time by openapi-types.mjs), named here; a field the
// document lacks is a gap to close in api/openapi.cpp, not to patch here.
type Schemas = components['schemas'];

export type Problem = Schemas['Problem'];
export type TimeControl = Schemas['TimeControl'];
export type AuditRecord = Schemas['AuditRecord'];
export type User = Schemas['User'];
export type Clock = Schemas['Clock'];
export type Move = Schemas['Move'];
export type PendingMove = Schemas['PendingMove'];
// The page drops a draw offer or a pending move it learns is gone (null) before the game is
// read again.
export type Game = Omit<Schemas['Game'], 'draw_offer' | 'pending_move'> & {
  draw_offer?: Schemas['Game']['draw_offer'] | null;
  pending_move?: PendingMove | null;
};
// One side's claim on a game awaiting adjudication (GET /api/v1/events/{id} and
// /api/v1/admin/adjudications; gap: no schema, those answers have none).
export type Claim = { filed: boolean; claim?: 'win' | 'draw'; implied?: boolean; analysis?: string | null; filed_at?: string; line?: ClaimLine | null };

// The legality of a claim's line (directors only: docs/api.md "Directors").
export type ClaimLine = {
  legal: boolean; moves: string[]; text: string; illegal_move: string | null; detail: string | null;
  ends: 'checkmate' | 'stalemate' | null; repetitions: number;
};

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


// `minimal`: ask for the short answer of a game command (`Prefer: return=minimal`: only the
// moves the command added, after `moves_from`; see mergeMoves in pages/game.ts). `extra`:
// more request headers (If-Match, for the queued actions of offline_queue.ts).
export async function api<T = any>(method: string, path: string, body?: unknown, minimal = false,
  extra: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
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
    throw new ApiError(0, 'network', t('problem.network'));
  }
  if (method === 'GET') noteAnswer(path, response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  const data = type.includes('json') ? await response.json().catch(() => null) : await response.text();
  if (!response.ok) {
    const problem = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const code = String(problem.code ?? 'error');
    const detail = typeof problem.detail === 'string' && problem.detail ? problem.detail : '';
    const retryAfter = retrySeconds(response.headers.get('Retry-After'), problem.retry_after_seconds);
    // A problem code with a message of its own is said in the player's language; else the
    // server's detail (English).
    let message = problemText(code) ?? (detail ? capitalize(detail) + '.' : t('problem.failed', { status: String(response.status) }));
    // A limit that says why (challenges to one player, messages) is explained in its words.
    if (code === 'rate_limited' && detail) message = capitalize(detail) + '.';
    else if (code === 'rate_limited' && retryAfter !== null) message = t('problem.rate_limited_wait', { n: retryAfter });
    if (code === 'unauthorized' && detail && path.endsWith('/login')) message = t('problem.login_refused');
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
