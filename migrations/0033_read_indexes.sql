-- Indexes for the reads of a federation's history (issue 40, "a million games": bench/populate
-- and bench/reads; tests/e2e/read_plans_test.cpp fails on a sequential scan of a large table
-- in a hot read). Each read below scanned the whole games or challenges table before; the
-- plans are in bench/README.md ("A million games").

-- The adjudication queue (GET /api/v1/admin/adjudications, db::pending_adjudications and
-- pending_adjudication_claims) reads the games waiting for a director's decision: a handful
-- among a million. Without it every queue read was a Seq Scan on games.
CREATE INDEX games_adjudication_pending_idx ON games (id) WHERE status = 'adjudication_pending';

-- The sweep and every read that settles due games (db/game_schedule.cpp) look for the games
-- still in play of the events whose end date has passed. Events that ended long ago hold only
-- games that are over: this index holds the games in play alone, so each ended event costs
-- one empty probe instead of reading its games. (The other half, the games whose deadline has
-- passed, is games_deadline_idx.) The sweep's statement now reads the two halves apart (a
-- UNION); as one condition with OR it was a Seq Scan on games at every sweep, every events
-- list and every read that settles the due games of all players.
CREATE INDEX games_in_play_event_idx ON games (event_id)
  WHERE status IN ('not_started', 'ongoing') AND event_id IS NOT NULL;

-- A game's challenge (whether a friendly game is rated: db::game_is_rated, the archive's
-- `rated` filter, the rating lists' rules) is found by the game: a Seq Scan on challenges
-- for each game before.
CREATE INDEX challenges_game_idx ON challenges (game_id) WHERE game_id IS NOT NULL;

-- The rating job asks every minute, for each pool without a list yet (Chess960 on most
-- servers), when its first rated game finished (db::earliest_unlisted_game): with the games
-- of a pool apart, a pool nobody plays is an empty range instead of every finished game read
-- (0.7 s at 100,000 games, in the rating job's transaction and lock).
CREATE INDEX games_variant_finished_idx ON games (variant, finished_at) WHERE status = 'finished';

-- The events list counts each event's games and those not over (db::event_game_counts, up to
-- 500 events at once): with the status beside the event, from the index alone. It serves
-- every lookup of an event's games that games_event_idx served.
CREATE INDEX games_event_status_idx ON games (event_id, status);
DROP INDEX games_event_idx;
