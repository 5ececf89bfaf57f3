-- Ratings (docs/ratings.md): Glicko-2 rating lists published once per rating period, one
-- per pool (standard and Chess960 are rated separately). A list is immutable: a director's
-- recomputation publishes a new version of the period's list and keeps the old one. Each
-- list records the games it rated, so a game counts in exactly one period.

-- Events and challenges say whether their games are rated; events and challenges may limit
-- entry to a rating range.
ALTER TABLE events ADD COLUMN rated boolean NOT NULL DEFAULT true;
ALTER TABLE events ADD COLUMN min_rating integer CHECK (min_rating BETWEEN 0 AND 4000);
ALTER TABLE events ADD COLUMN max_rating integer CHECK (max_rating BETWEEN 0 AND 4000);
-- How seats are given at the start: in entry order (the director's order), or by rating.
ALTER TABLE events ADD COLUMN seeding text NOT NULL DEFAULT 'entry'
  CHECK (seeding IN ('entry', 'rating'));
ALTER TABLE events ADD CONSTRAINT events_rating_range
  CHECK (min_rating IS NULL OR max_rating IS NULL OR min_rating <= max_rating);
ALTER TABLE challenges ADD COLUMN min_rating integer CHECK (min_rating BETWEEN 0 AND 4000);
ALTER TABLE challenges ADD COLUMN max_rating integer CHECK (max_rating BETWEEN 0 AND 4000);
ALTER TABLE challenges ADD CONSTRAINT challenges_rating_range
  CHECK (min_rating IS NULL OR max_rating IS NULL OR min_rating <= max_rating);

-- The first rated game of a pool, and the games of a period, are found by when they finished.
CREATE INDEX games_finished_idx ON games (finished_at) WHERE status = 'finished';

CREATE TABLE rating_lists (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pool          text NOT NULL CHECK (pool IN ('standard', 'chess960')),
  period        text NOT NULL,            -- "2026-11", "2026-W48" or "2026-11-25"
  period_kind   text NOT NULL CHECK (period_kind IN ('month', 'week', 'day')),
  first_day     date NOT NULL,            -- local dates of the server zone, [first_day, end_day)
  end_day       date NOT NULL,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  version       integer NOT NULL CHECK (version >= 1),
  published_at  timestamptz NOT NULL,
  published_by  bigint REFERENCES users (id),  -- NULL: the period job
  reason        text,                          -- why a director recomputed it
  settings      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(settings) = 'object'),
  CONSTRAINT rating_lists_days CHECK (end_day > first_day AND ends_at > starts_at),
  CONSTRAINT rating_lists_version_key UNIQUE (pool, period, version),
  CONSTRAINT rating_lists_start_key UNIQUE (pool, first_day, version),
  CONSTRAINT rating_lists_reason CHECK (version = 1 OR reason IS NOT NULL)
);
CREATE INDEX rating_lists_pool_idx ON rating_lists (pool, first_day DESC, version DESC);

CREATE TABLE rating_list_entries (
  list_id          bigint NOT NULL REFERENCES rating_lists (id),
  user_id          bigint NOT NULL REFERENCES users (id),
  rank             integer NOT NULL CHECK (rank >= 1),
  rating           double precision NOT NULL,
  deviation        double precision NOT NULL CHECK (deviation > 0),
  volatility       double precision NOT NULL CHECK (volatility > 0),
  games_in_period  integer NOT NULL CHECK (games_in_period >= 0),
  total_games      integer NOT NULL CHECK (total_games >= games_in_period),
  provisional      boolean NOT NULL,
  PRIMARY KEY (list_id, user_id)
);
CREATE INDEX rating_list_entries_user_idx ON rating_list_entries (user_id, list_id);

-- The games a list rated, with the score of white as rated.
CREATE TABLE rating_list_games (
  list_id      bigint NOT NULL REFERENCES rating_lists (id),
  game_id      bigint NOT NULL REFERENCES games (id),
  white_id     bigint NOT NULL REFERENCES users (id),
  black_id     bigint NOT NULL REFERENCES users (id),
  white_score  double precision NOT NULL CHECK (white_score IN (0, 0.5, 1)),
  PRIMARY KEY (list_id, game_id)
);
CREATE INDEX rating_list_games_game_idx ON rating_list_games (game_id);

-- Published lists never change: rows are only ever added.
CREATE FUNCTION rating_lists_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published rating lists are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER rating_lists_immutable BEFORE UPDATE OR DELETE ON rating_lists
  FOR EACH ROW EXECUTE FUNCTION rating_lists_immutable();
CREATE TRIGGER rating_list_entries_immutable BEFORE UPDATE OR DELETE ON rating_list_entries
  FOR EACH ROW EXECUTE FUNCTION rating_lists_immutable();
CREATE TRIGGER rating_list_games_immutable BEFORE UPDATE OR DELETE ON rating_list_games
  FOR EACH ROW EXECUTE FUNCTION rating_lists_immutable();
