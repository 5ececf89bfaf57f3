-- Notifications (docs/operations.md "Notifications"): a transactional outbox written in the
-- transaction of the change that causes it, delivered by workers on every instance (claimed
-- with FOR UPDATE SKIP LOCKED), every attempt recorded; users' preferences; the server's
-- signing secret for one-click unsubscribe links; webhooks of users and of events, fed from
-- the live messages as they are stored.

-- A URL that receives the live messages of its owner (event_id NULL) or of the games of an
-- event (set by the event's director), signed with `secret` (Standard Webhooks, whsec_...).
CREATE TABLE webhooks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id    bigint REFERENCES events (id) ON DELETE CASCADE,
  url         text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2000),
  secret      text NOT NULL CHECK (secret LIKE 'whsec_%'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_user_idx ON webhooks (user_id) WHERE event_id IS NULL;
CREATE INDEX webhooks_event_idx ON webhooks (event_id) WHERE event_id IS NOT NULL;

CREATE TABLE notification_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stable across retries and duplicates: receivers drop what they saw already.
  delivery_id      uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  channel          text NOT NULL CHECK (channel IN ('email', 'webhook')),
  kind             text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
  user_id          bigint REFERENCES users (id) ON DELETE CASCADE,
  game_id          bigint REFERENCES games (id) ON DELETE CASCADE,
  webhook_id       bigint REFERENCES webhooks (id) ON DELETE CASCADE,
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
CREATE INDEX notification_outbox_webhook_idx ON notification_outbox (webhook_id, id)
  WHERE webhook_id IS NOT NULL;

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

-- Single-use links mailed for account actions: a password reset, or the verification of an
-- address (`email`, the address the link was sent to). Stored as SHA-256 of the token.
CREATE TABLE account_tokens (
  token_hash  bytea PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('password_reset', 'verify_email')),
  email       text,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id);
-- The address the user proved to own (verified iff equal to users.email).
ALTER TABLE users ADD COLUMN verified_email text;

-- The key that signs unsubscribe links, shared by every instance (created on first use).
CREATE TABLE notification_secret (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret  bytea NOT NULL CHECK (length(secret) >= 32)
);

-- Every live message stored for a user (user_events, in the transaction of the change) goes
-- to that user's webhooks too, as it is (with its seq), unless its kind is switched off; a message about a game of an event
-- goes once (the White player's copy, without seq) to the event's webhooks. Due at once:
-- at the earlier of database time and the manual test clock (when there is one).
CREATE FUNCTION queue_webhook_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  game bigint := CASE WHEN NEW.message ->> 'game_id' ~ '^[0-9]{1,18}$'
                      THEN (NEW.message ->> 'game_id')::bigint END;
  due timestamptz := LEAST(date_trunc('second', now()), (SELECT now FROM manual_clock));
BEGIN
  INSERT INTO notification_outbox (channel, kind, user_id, game_id, webhook_id, payload, due_at)
  SELECT 'webhook', left(COALESCE(NEW.message ->> 'type', 'message'), 64), w.user_id,
         (SELECT id FROM games WHERE id = game), w.id,
         jsonb_build_object('body', NEW.message || jsonb_build_object('seq', NEW.seq)), due
  FROM webhooks w WHERE w.user_id = NEW.user_id AND w.event_id IS NULL
    -- The kinds the user switched off for webhooks (notification_prefs) are not sent.
    AND NOT EXISTS (
      SELECT 1 FROM notification_prefs p
      WHERE p.user_id = NEW.user_id
        AND (CASE NEW.message ->> 'type'
               WHEN 'move' THEN 'opponent_moved' WHEN 'draw_offer' THEN 'opponent_moved'
               WHEN 'draw_declined' THEN 'draw_declined' WHEN 'claim' THEN 'claim_decided'
               WHEN 'game_over' THEN 'game_over' WHEN 'game_started' THEN 'game_started'
               WHEN 'challenge' THEN 'challenge_received'
               WHEN 'adjudication_pending' THEN 'adjudication_pending'
               WHEN 'leave' THEN 'opponent_leave' END) || ':webhook'
            = ANY (p.disabled));
  IF game IS NOT NULL THEN
    INSERT INTO notification_outbox (channel, kind, user_id, game_id, webhook_id, payload, due_at)
    SELECT 'webhook', left(COALESCE(NEW.message ->> 'type', 'message'), 64), w.user_id, g.id,
           w.id, jsonb_build_object('body', NEW.message), due
    FROM games g JOIN webhooks w ON w.event_id = g.event_id
    WHERE g.id = game AND g.white_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER user_events_webhooks AFTER INSERT ON user_events
  FOR EACH ROW EXECUTE FUNCTION queue_webhook_deliveries();
