-- The deadline calendar (GET /api/v1/calendar/{token}.ics): one private feed per player,
-- reached by a secret token of which only the SHA-256 is kept (as auth_tokens). Creating it
-- again replaces the token (the old address stops working); deleting it revokes it.
CREATE TABLE calendar_feeds (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL
);

-- The archive (GET /api/v1/users/{username}/games) reads a player's games by id in both
-- colours: games_white_idx and games_black_idx (0003) serve it.
