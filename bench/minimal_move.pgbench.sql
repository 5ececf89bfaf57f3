-- The physical reference of bench/load: the least SQL any correct correspondence server
-- must commit for one move, on tables shaped like corrchess's. One pgbench transaction here
-- is one move = TWO database transactions, because the two steps are two requests a person
-- makes at different moments and each must be durable on its own:
--
--   submit: lock the game row, upsert the pending move                       (commit 1)
--   accept: lock the game row, insert the move, delete the pending move,
--           update the game row, pg_notify the change                        (commit 2)
--
-- No authentication, no replay, no audit, no outbox, no stored live message: whatever the
-- server does beyond this is its own overhead, and bench/load reports the server's moves/s
-- as a ratio to this script's (target >= 0.8).
--
-- Client i plays game :first_game + i (bench/load makes copies of the load run's games at
-- ply 0). Run with -M extended (unnamed statements, one plan per execution, as the server's
-- PQexecParams) and -D first_game=<id> -D mv=0: mv counts this client's moves, so odd moves
-- are White's. pgbench replaces every `:name` outside \set lines with a parameter, even
-- inside string literals, so literals spell ':' as \x3a.
\set game :first_game + :client_id
\set mv :mv + 1
\set white :mv % 2
\set k (:mv - 1) % 4 + 1

-- ---- submit ----
BEGIN;
SELECT ply, version FROM games WHERE id = :game FOR UPDATE \gset g_
INSERT INTO pending_moves (game_id, side, ply, uci, san, numeric, fen_after, offer_draw,
  message, use_40_plus_days, submitted_at)
  VALUES (:game, CASE WHEN :white = 1 THEN 'white' ELSE 'black' END, :g_ply + 1,
    (ARRAY['g1f3', 'g8f6', 'f3g1', 'f6g8'])[:k], (ARRAY['Nf3', 'Nf6', 'Ng1', 'Ng8'])[:k],
    (ARRAY['7163', '7866', '6371', '6678'])[:k],
    (ARRAY['rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
           'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
           'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k],
    false, NULL, false, now())
  ON CONFLICT (game_id) DO UPDATE SET side = EXCLUDED.side, ply = EXCLUDED.ply,
    uci = EXCLUDED.uci, san = EXCLUDED.san, numeric = EXCLUDED.numeric,
    fen_after = EXCLUDED.fen_after, offer_draw = EXCLUDED.offer_draw,
    message = EXCLUDED.message, use_40_plus_days = EXCLUDED.use_40_plus_days,
    submitted_at = EXCLUDED.submitted_at;
COMMIT;

-- ---- accept ----
BEGIN;
SELECT ply, version FROM games WHERE id = :game FOR UPDATE \gset g_
INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at, offer_draw,
  message, conditional, use_40_plus_days, elapsed_seconds, stopped_seconds, charged_seconds,
  increment_seconds, bank_change_seconds, clock_after_seconds, bank_after_seconds)
  VALUES (:game, :g_ply + 1, (ARRAY['g1f3', 'g8f6', 'f3g1', 'f6g8'])[:k],
    (ARRAY['Nf3', 'Nf6', 'Ng1', 'Ng8'])[:k], (ARRAY['7163', '7866', '6371', '6678'])[:k],
    (ARRAY['rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
           'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
           'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k],
    now(), false, NULL, false, false, 0, 0, 0, 86400, 0, 2592000, 0);
DELETE FROM pending_moves WHERE game_id = :game;
UPDATE games SET fen = (ARRAY[
    'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
    'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
    'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k], ply = :g_ply + 1,
  to_move = CASE WHEN :white = 1 THEN 'black' ELSE 'white' END,
  next_deadline = now() + interval '30 days', version = version + 1 WHERE id = :game;
SELECT pg_notify('corrchess_events', '{"game_id"' || E'\x3a"' || :game || '","ply"'
  || E'\x3a' || (:g_ply + 1) || E',"san"\x3a"Nf3"}');
COMMIT;
