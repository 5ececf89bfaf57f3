-- Games as stored facts: the setup, the append-only accepted moves, and the other
-- facts (offers declined/accepted, claims with verdicts, resignations, refills, clock
-- adjustments, suspensions, director decisions, flag falls). The columns marked "cache"
-- are derived from the facts by core/game on every change, for listing and scheduling.

CREATE TABLE games (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id          bigint,
  white_id          bigint NOT NULL REFERENCES users (id),
  black_id          bigint NOT NULL REFERENCES users (id),
  variant           text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960')),
  start_position    integer CHECK (start_position BETWEEN 0 AND 959),
  initial_fen       text NOT NULL,
  time_control      jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object'),
  start_at          timestamptz NOT NULL,
  draw_min_moves    integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule    boolean NOT NULL DEFAULT true,
  silence_rule      boolean NOT NULL DEFAULT true,
  messages_allowed  boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- cache
  status            text NOT NULL DEFAULT 'not_started' CHECK (status IN
                      ('not_started', 'ongoing', 'adjudication_pending', 'finished', 'annulled')),
  result            text CHECK (result IN ('1-0', '0-1', '1/2-1/2', '0-0')),
  termination       text CHECK (termination IN ('checkmate', 'resignation', 'stalemate',
                      'dead_position', 'agreement', 'repetition', 'fifty_moves', 'tablebase',
                      'time_forfeit', 'time_draw', 'silence', 'adjudication', 'default',
                      'annulled')),
  finished_at       timestamptz,
  fen               text NOT NULL,
  ply               integer NOT NULL DEFAULT 0 CHECK (ply >= 0),
  to_move           text NOT NULL CHECK (to_move IN ('white', 'black')),
  next_deadline     timestamptz,
  version           integer NOT NULL DEFAULT 0,
  CONSTRAINT games_distinct_players CHECK (white_id <> black_id),
  CONSTRAINT games_chess960_position CHECK (variant = 'chess960' OR start_position IS NULL),
  CONSTRAINT games_result_when_over CHECK ((status = 'finished') = (result IS NOT NULL)
                                           OR status = 'annulled')
);
CREATE INDEX games_white_idx ON games (white_id, id DESC);
CREATE INDEX games_black_idx ON games (black_id, id DESC);
CREATE INDEX games_event_idx ON games (event_id);
-- The flag-fall scheduler's queue: the next instant any live game needs a decision.
CREATE INDEX games_deadline_idx ON games (next_deadline)
  WHERE next_deadline IS NOT NULL AND status IN ('not_started', 'ongoing');

CREATE TABLE moves (
  game_id            bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  ply                integer NOT NULL CHECK (ply >= 1),  -- 1 = the first move
  uci                text NOT NULL,
  san                text NOT NULL,
  numeric            text NOT NULL,
  fen_after          text NOT NULL,
  accepted_at        timestamptz NOT NULL,
  offer_draw         boolean NOT NULL DEFAULT false,
  message            text,
  conditional        boolean NOT NULL DEFAULT false,
  use_40_plus_days   boolean NOT NULL DEFAULT false,
  -- per-move clock record (derived from the facts when the move was accepted)
  elapsed_seconds    bigint NOT NULL DEFAULT 0,
  stopped_seconds    bigint NOT NULL DEFAULT 0,
  charged_seconds    bigint NOT NULL DEFAULT 0,
  increment_seconds  bigint NOT NULL DEFAULT 0,
  bank_change_seconds bigint NOT NULL DEFAULT 0,
  clock_after_seconds bigint NOT NULL DEFAULT 0,
  bank_after_seconds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, ply)
);

-- A submitted move is private to its player and changes nothing until accepted.
CREATE TABLE pending_moves (
  game_id           bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  side              text NOT NULL CHECK (side IN ('white', 'black')),
  ply               integer NOT NULL CHECK (ply >= 1),
  uci               text NOT NULL,
  san               text NOT NULL,
  numeric           text NOT NULL,
  fen_after         text NOT NULL,
  offer_draw        boolean NOT NULL DEFAULT false,
  message           text,
  use_40_plus_days  boolean NOT NULL DEFAULT false,
  submitted_at      timestamptz NOT NULL
);

CREATE TABLE game_events (
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq         integer NOT NULL CHECK (seq >= 0),
  at          timestamptz NOT NULL,
  kind        text NOT NULL,
  side        text CHECK (side IN ('white', 'black')),
  ply         integer NOT NULL CHECK (ply >= 0),  -- moves accepted when it happened
  actor_id    bigint REFERENCES users (id),
  detail      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(detail) = 'object'),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seq)
);
CREATE INDEX game_events_kind_idx ON game_events (kind);

-- Claims with their verdicts (also kept as facts in game_events), for the record.
CREATE TABLE claims (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  side        text NOT NULL CHECK (side IN ('white', 'black')),
  ply         integer NOT NULL CHECK (ply >= 0),
  type        text NOT NULL CHECK (type IN ('threefold', 'fifty_moves', 'tablebase')),
  move_uci    text,
  expect      text CHECK (expect IN ('win', 'draw')),
  upheld      boolean NOT NULL,
  reason      text NOT NULL,
  evidence    jsonb NOT NULL DEFAULT '{}',
  at          timestamptz NOT NULL
);
CREATE INDEX claims_game_idx ON claims (game_id);

-- Conditional lines, per game and player, as a list of lines (never shown to the opponent).
CREATE TABLE conditional_lines (
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  side        text NOT NULL CHECK (side IN ('white', 'black')),
  lines       jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array'),
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (game_id, side)
);

-- Leave periods: whole days in the server zone, per player and event (event_id NULL:
-- games outside events). Special leave waits for a director's decision.
CREATE TABLE leave_periods (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  event_id    bigint,
  start_date  date NOT NULL,
  end_date    date NOT NULL,
  special     boolean NOT NULL DEFAULT false,
  status      text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'pending', 'rejected',
                'cancelled')),
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  decided_by  bigint REFERENCES users (id),
  decided_at  timestamptz,
  CONSTRAINT leave_dates CHECK (end_date >= start_date),
  CONSTRAINT leave_special_reason CHECK (NOT special OR reason IS NOT NULL)
);
CREATE INDEX leave_periods_user_idx ON leave_periods (user_id, start_date);

-- Every director action and other notable change: who, when, what, why.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    bigint REFERENCES users (id),
  action      text NOT NULL,
  game_id     bigint REFERENCES games (id),
  event_id    bigint,
  target_user bigint REFERENCES users (id),
  reason      text,
  detail      jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_game_idx ON audit_log (game_id, at);
CREATE INDEX audit_log_event_idx ON audit_log (event_id, at);
