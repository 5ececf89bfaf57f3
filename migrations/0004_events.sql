-- Events (rules.md §5.3–5.6): all-play-all sections run by a tournament director, their
-- players (seats), the games of a section by Berger round and board, and the adjudication
-- claims filed after a standard event's end date. Also ties games, leave periods and the
-- audit log to their event, and lets a leave period be ended early (rules.md §2.3).

CREATE TABLE events (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  variant              text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960')),
  -- Chess960: the section's Scharnagl number; NULL until the start draws it at random.
  start_position       integer CHECK (start_position BETWEEN 0 AND 959),
  allow_518            boolean NOT NULL DEFAULT false,  -- may the random draw give 518?
  time_control         jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object' AND
                         time_control ->> 'type' IN ('iccf', 'fischer', 'per_move', 'triple_block')),
  leave_days_per_year  integer NOT NULL DEFAULT 45 CHECK (leave_days_per_year BETWEEN 0 AND 366),
  draw_min_moves       integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule       boolean NOT NULL DEFAULT true,
  silence_rule         boolean NOT NULL DEFAULT true,
  messages_allowed     boolean NOT NULL DEFAULT true,
  double_round         boolean NOT NULL DEFAULT false,
  -- What players see of the games they do not play in: everything, the moves up to
  -- delay_moves plies ago, or nothing until the game is over.
  visibility           text NOT NULL DEFAULT 'live' CHECK (visibility IN ('live', 'delayed',
                         'after_end')),
  delay_moves          integer NOT NULL DEFAULT 0 CHECK (delay_moves BETWEEN 0 AND 1000),
  -- Players may enter themselves (POST /events/{id}/join) until the start.
  open_for_entry       boolean NOT NULL DEFAULT false,
  max_players          integer CHECK (max_players BETWEEN 2 AND 100),
  start_at             timestamptz NOT NULL,
  -- Standard events: unfinished games become adjudication pending at end_at (§5.4).
  end_at               timestamptz,
  status               text NOT NULL DEFAULT 'registration' CHECK (status IN ('registration',
                         'running')),
  started_at           timestamptz,
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL,
  CONSTRAINT events_chess960_position CHECK (variant = 'chess960' OR start_position IS NULL),
  CONSTRAINT events_running_position CHECK (status = 'registration' OR variant = 'standard' OR
                                            start_position IS NOT NULL),
  CONSTRAINT events_dates CHECK (end_at IS NULL OR end_at > start_at),
  CONSTRAINT events_delay CHECK ((visibility = 'delayed') = (delay_moves > 0)),
  CONSTRAINT events_started CHECK ((status = 'running') = (started_at IS NOT NULL))
);
CREATE INDEX events_start_idx ON events (start_at DESC);
-- The scheduler looks for standard events whose end date has passed.
CREATE INDEX events_end_idx ON events (end_at) WHERE end_at IS NOT NULL;

-- The players of an event. A seat is a place in the Berger table (1-based, the seed
-- number); a replacement takes over the seat of the player they replace.
CREATE TABLE event_players (
  event_id     bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id),
  seat         integer NOT NULL CHECK (seat >= 1),
  status       text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn',
                 'replaced')),
  joined_at    timestamptz NOT NULL,
  left_at      timestamptz,
  replaced_by  bigint REFERENCES users (id),
  reason       text,
  PRIMARY KEY (event_id, user_id),
  CONSTRAINT event_players_left CHECK ((status = 'active') = (left_at IS NULL)),
  CONSTRAINT event_players_replaced CHECK ((status = 'replaced') = (replaced_by IS NOT NULL)),
  CONSTRAINT event_players_reason CHECK (status = 'active' OR reason IS NOT NULL)
);
-- One occupant per seat: the replaced players step aside.
CREATE UNIQUE INDEX event_players_seat_key ON event_players (event_id, seat)
  WHERE status <> 'replaced';
CREATE INDEX event_players_user_idx ON event_players (user_id);

-- The games of a section: which seats play, in which Berger round and on which board.
CREATE TABLE event_games (
  game_id     bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  round       integer NOT NULL CHECK (round >= 1),
  board       integer NOT NULL CHECK (board >= 1),
  white_seat  integer NOT NULL CHECK (white_seat >= 1),
  black_seat  integer NOT NULL CHECK (black_seat >= 1),
  CONSTRAINT event_games_seats CHECK (white_seat <> black_seat),
  CONSTRAINT event_games_board_key UNIQUE (event_id, round, board)
);

-- Adjudication claims (§5.4): one per game and side, filed within 14 days of the game
-- becoming adjudication pending (a later filing replaces the earlier one).
CREATE TABLE adjudication_claims (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id   bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  side      text NOT NULL CHECK (side IN ('white', 'black')),
  user_id   bigint NOT NULL REFERENCES users (id),
  claim     text NOT NULL CHECK (claim IN ('win', 'draw')),
  analysis  text NOT NULL DEFAULT '' CHECK (length(analysis) <= 100000),
  filed_at  timestamptz NOT NULL,
  CONSTRAINT adjudication_claims_game_side_key UNIQUE (game_id, side),
  CONSTRAINT adjudication_claims_win_analysis CHECK (claim = 'draw' OR length(analysis) > 0)
);

ALTER TABLE games ADD CONSTRAINT games_event_fk FOREIGN KEY (event_id) REFERENCES events (id);
ALTER TABLE leave_periods
  ADD CONSTRAINT leave_periods_event_fk FOREIGN KEY (event_id) REFERENCES events (id);
ALTER TABLE audit_log
  ADD CONSTRAINT audit_log_event_fk FOREIGN KEY (event_id) REFERENCES events (id);

-- A running leave period ended early by its taker (clocks run again from this instant), and
-- the director's reason when deciding a special leave request.
ALTER TABLE leave_periods ADD COLUMN ended_at timestamptz;
ALTER TABLE leave_periods ADD COLUMN decision_reason text;
CREATE INDEX leave_periods_event_idx ON leave_periods (event_id, status);
