-- Challenges: a player proposes a game to a named opponent (opponent_id) or to anyone
-- (opponent_id NULL, an open challenge). The game's settings are stored as a game row
-- stores them; the colour is resolved when the challenge is accepted. A challenge is open
-- until it is accepted (game_id set), declined, cancelled, or its expires_at passes (expiry
-- is not stored: an open row past expires_at is expired).
CREATE TABLE challenges (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  challenger_id       bigint NOT NULL REFERENCES users (id),
  opponent_id         bigint REFERENCES users (id),
  color               text NOT NULL CHECK (color IN ('white', 'black', 'random')),
  variant             text NOT NULL CHECK (variant IN ('standard', 'chess960')),
  start_position      integer CHECK (start_position BETWEEN 0 AND 959),
  time_control        jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object'),
  draw_min_moves      integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule      boolean NOT NULL DEFAULT true,
  silence_rule        boolean NOT NULL DEFAULT true,
  messages_allowed    boolean NOT NULL DEFAULT true,
  rated               boolean NOT NULL DEFAULT true,
  min_finished_games  integer NOT NULL DEFAULT 0 CHECK (min_finished_games >= 0),
  message             text,
  rematch_of          bigint REFERENCES games (id),
  status              text NOT NULL DEFAULT 'open'
                        CHECK (status IN ('open', 'accepted', 'declined', 'cancelled')),
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  decided_at          timestamptz,
  decided_by          bigint REFERENCES users (id),
  reason              text,
  game_id             bigint REFERENCES games (id),
  CONSTRAINT challenges_distinct_players CHECK (opponent_id IS NULL OR opponent_id <> challenger_id),
  CONSTRAINT challenges_game_iff_accepted CHECK ((status = 'accepted') = (game_id IS NOT NULL)),
  CONSTRAINT challenges_decided CHECK ((status = 'open') = (decided_at IS NULL)),
  CONSTRAINT challenges_chess960_position CHECK (variant = 'chess960' OR start_position IS NULL),
  CONSTRAINT challenges_expiry CHECK (expires_at > created_at)
);
CREATE INDEX challenges_open_by_opponent ON challenges (opponent_id, created_at) WHERE status = 'open';
CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id, created_at) WHERE status = 'open';
CREATE INDEX challenges_open_seeks ON challenges (created_at) WHERE status = 'open' AND opponent_id IS NULL;
