-- Accounts: users, bearer tokens (stored hashed), and login attempts for rate limiting
-- (kept in the database so limits hold across server instances).

CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL,
  display_name  text NOT NULL,
  email         text,
  password_hash text NOT NULL,
  role          text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'td', 'admin')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_format CHECK (username ~ '^[A-Za-z0-9_.-]{2,32}$')
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE auth_tokens (
  token_hash  bytea PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE login_attempts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL,
  remote        text NOT NULL,
  succeeded     boolean NOT NULL,
  attempted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_recent_idx ON login_attempts (lower(username), attempted_at);
CREATE INDEX login_attempts_remote_idx ON login_attempts (remote, attempted_at);
