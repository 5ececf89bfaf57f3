// Who is signed in. The secret lives in an HttpOnly cookie the page never sees; the page
// knows the user and the session's CSRF token (from login or GET /api/v1/me).
import { api, ApiError, setCsrf, User as Account } from './api';
import { startLive, stopLive } from './live';
import { clearOfflineData } from './offline';
import { preferredLanguage, setLanguage } from './i18n/i18n';

// GET /api/v1/me answers the User schema plus the private settings, of which the page uses
// the time zone and the language (gap: the schema of /me is User, which lacks them; login's `user` has none).
export type User = Account & { time_zone?: string | null; language?: string | null };

let current: User | null = null;

export function me(): User | null {
  return current;
}

export function isDirector(): boolean {
  return current?.role === 'td' || current?.role === 'admin';
}

function signedIn(user: User, csrf: string): void {
  current = user;
  setCsrf(csrf);
  startLive();
}

// Reads the session from the server (null when the cookie is missing or no longer valid).
export async function restore(): Promise<User | null> {
  try {
    const data = await api<User & { csrf_token?: string }>('GET', '/api/v1/me');
    signedIn(data, data.csrf_token ?? '');
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
    current = null;
  }
  // The pages drawn from now on speak the profile's language (else the browser's).
  setLanguage(preferredLanguage(current?.language));
  return current;
}

export async function login(username: string, password: string): Promise<User> {
  const data = await api<{ user: User; csrf_token: string }>('POST', '/api/v1/auth/login', {
    username,
    password,
    cookie: true,
  });
  await clearOfflineData();  // nothing kept of an earlier session
  signedIn(data.user, data.csrf_token);
  await restore();  // the private settings (time zone) come with GET /me
  return current ?? data.user;
}

export async function logout(everywhere = false): Promise<void> {
  try {
    await api('POST', '/api/v1/auth/logout', everywhere ? { everywhere: true } : undefined);
  } finally {
    current = null;
    setCsrf('');
    stopLive();
    await clearOfflineData();
    setLanguage(preferredLanguage(null));
  }
}
