-- Resumable live events: every live message addressed to a user is numbered per user
-- (strictly increasing, no gaps) and kept for a while, so a client that was offline asks
-- for what came after the last number it saw (GET /api/v1/ws?since=, /api/v1/stream?since=).
-- The counter row is locked by the transaction that numbers a message, so the messages of
-- one user commit in the order of their numbers.
CREATE TABLE user_event_counters (
  user_id  bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_seq bigint NOT NULL CHECK (last_seq >= 0)
);

CREATE TABLE user_events (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq     bigint NOT NULL CHECK (seq >= 1),
  at      timestamptz NOT NULL DEFAULT now(),
  message jsonb NOT NULL,
  PRIMARY KEY (user_id, seq)
);
-- Pruning deletes by age.
CREATE INDEX user_events_at ON user_events (at);
