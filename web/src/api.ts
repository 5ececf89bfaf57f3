// Talks to the corrchess API with the session cookie; state-changing requests carry the
// session's CSRF token. Refusals become ApiError with the problem's readable detail.

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
  ) {
    super(message);
  }
}

const readable: Record<string, string> = {
  unauthorized: 'You are not signed in (or your session ended). Please log in.',
  rate_limited: 'Too many requests: wait a little and try again.',
  stale_game: 'The game changed meanwhile (another device or a conditional move); it has been reloaded.',
  internal_error: 'The server failed; please try again.',
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
    let message = readable[code] ?? (detail ? capitalize(detail) + '.' : `Request failed (${response.status}).`);
    if (code === 'rate_limited' && response.headers.get('Retry-After')) {
      message = `Too many requests: try again in ${response.headers.get('Retry-After')} s.`;
    }
    if (code === 'unauthorized' && detail && path.endsWith('/login')) message = capitalize(detail) + '.';
    throw new ApiError(response.status, code, message, problem);
  }
  return data as T;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return e instanceof Error ? e.message : String(e);
}
