-- Reads that grew with the federation (issue 40, "a million games"; bench/README.md): pages of
-- a rating list, and the adjudication queue's evidence kept instead of computed on every read.

-- A page of a rating list (GET /api/v1/ratings/lists/{period}?limit=&cursor=,
-- db::rating_entries) is the entries ranked after the cursor's rank, and its total the list's
-- last rank (db::rating_entry_count): both from this index alone, where the primary key
-- (list_id, user_id) would read and sort the whole list for every page. The ranks of a list
-- are 1..n (app/ratings.cpp rank_entries): unique, so a rank is a page's cursor.
CREATE UNIQUE INDEX rating_list_entries_rank_key ON rating_list_entries (list_id, rank);

-- What the server can prove about the position of a game waiting for adjudication
-- (core/game/evidence.h: tablebase, dead position, repetitions), with the legality of the
-- line of each claim filed in it, as the adjudication queue (GET /api/v1/admin/adjudications,
-- app/adjudications.cpp) shows it. A waiting game has no more moves, so its evidence does not
-- change: the queue computes it once (the dead-position search may take up to
-- CORRCHESS_EVIDENCE_NODES positions a side) and reads it back afterwards, on every instance
-- and after restarts. A row is used while the game stands at `ply` and the server is the
-- version that computed it (`computed_by`, core/version.h; a new version may prove more), and
-- a claim's line while the claim's analysis is the one checked. Rows of games no longer
-- waiting are deleted when the queue stores new ones.
CREATE TABLE adjudication_evidence (
  game_id      bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  ply          integer NOT NULL CHECK (ply >= 0),
  computed_by  text NOT NULL,
  -- The evidence as the queue shows it (model/evidence_codec.h).
  evidence     jsonb NOT NULL CHECK (jsonb_typeof(evidence) = 'object'),
  -- [{side, analysis, line}]: the claims whose analysis was checked, each with the line it
  -- holds as the queue shows it (null: none).
  lines        jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(lines) = 'array')
);
