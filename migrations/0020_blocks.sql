-- A player's block list (docs/api.md "Blocking a player"): blocker_id receives no challenges,
-- messages or mails from blocked_id. Removing either account removes the block.
CREATE TABLE user_blocks (
  blocker_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CONSTRAINT user_blocks_not_self CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_by_blocked ON user_blocks (blocked_id);
-- The per-opponent challenge limits read one challenger's recent challenges to one opponent
-- (made or decided lately); open, closed and accepted alike.
CREATE INDEX challenges_by_pair ON challenges (challenger_id, opponent_id, created_at);
