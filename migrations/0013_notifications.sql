-- Notifications (docs/operations.md "Notifications"): a transactional outbox written in the
-- transaction of the change that causes it, delivered by workers on every instance (claimed
-- with FOR UPDATE SKIP LOCKED), every attempt recorded; users' preferences; the server's
-- signing secret for one-click unsubscribe links.

CREATE TABLE notification_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stable across retries and duplicates: receivers drop what they saw already.
  delivery_id      uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  channel          text NOT NULL CHECK (channel IN ('email', 'webhook')),
  kind             text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
  user_id          bigint REFERENCES users (id) ON DELETE CASCADE,
  game_id          bigint REFERENCES games (id) ON DELETE CASCADE,
  -- Reminders: one row per (game, player, ply, instant); never inserted twice.
  dedupe_key       text UNIQUE,
  -- What to send, rendered at commit (email: to, subject, text, html, thread, ...).
  payload          jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  status           text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  -- When it is due, on the server clock (the manual test clock when that is on).
  due_at           timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- Retries run on database (wall-clock) time: the next try, and the first one (give-up).
  retry_at         timestamptz,
  first_attempt_at timestamptz,
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error       text,
  finished_at      timestamptz
);
-- The workers' queue.
CREATE INDEX notification_outbox_due_idx ON notification_outbox (due_at)
  WHERE status = 'pending';
CREATE INDEX notification_outbox_game_idx ON notification_outbox (game_id)
  WHERE status = 'pending' AND game_id IS NOT NULL;
CREATE INDEX notification_outbox_failed_idx ON notification_outbox (finished_at)
  WHERE status = 'failed';
CREATE INDEX notification_outbox_user_idx ON notification_outbox (user_id, id);

-- Every attempt of every delivery.
CREATE TABLE notification_attempts (
  outbox_id   bigint NOT NULL REFERENCES notification_outbox (id) ON DELETE CASCADE,
  attempt     integer NOT NULL CHECK (attempt >= 1),
  at          timestamptz NOT NULL DEFAULT now(),
  succeeded   boolean NOT NULL,
  error       text,
  PRIMARY KEY (outbox_id, attempt)
);

-- A user's choices; no row means the defaults (everything on, reminders 7 d, 3 d, 24 h, 8 h).
CREATE TABLE notification_prefs (
  user_id          bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- "kind:channel" pairs switched off, e.g. 'opponent_moved:email'.
  disabled         text[] NOT NULL DEFAULT '{}',
  -- Deadline reminders: seconds before the deadline, descending.
  reminder_offsets integer[] NOT NULL DEFAULT '{604800,259200,86400,28800}',
  -- Daily digest instead of per-move mails at this local hour (NULL: no digest).
  digest_hour      integer CHECK (digest_hour BETWEEN 0 AND 23)
);

-- The key that signs unsubscribe links, shared by every instance (created on first use).
CREATE TABLE notification_secret (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret  bytea NOT NULL CHECK (length(secret) >= 32)
);
