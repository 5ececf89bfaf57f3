// Names shared by the page and the service worker (sw.ts): the cache of the API's answers
// kept for reading offline, and the header its copies carry.

// Cache Storage: the answers of the game list and of the player's games (see sw.ts).
export const DATA_CACHE = 'corrchess-data-v1';
// The app shell's caches are named SHELL_PREFIX + the build's hash.
export const SHELL_PREFIX = 'corrchess-shell-';
// Set by the worker on every stored answer: when it was fetched (RFC 3339). An answer that
// carries it came from the cache, not the server: the page says "offline — shown as of".
export const STORED_AT = 'X-Corrchess-Stored-At';

// The GET paths kept for reading offline: the sign-in (GET /me), the game list, and a game
// with its messages, note, conditional lines, rating preview and picture.
export function keptForOffline(path: string): boolean {
  return path === '/api/v1/me' || path === '/api/v1/games'
    || /^\/api\/v1\/games\/[^/]+(\/(messages|note|conditional|rating-preview|board\.svg))?$/.test(path);
}
