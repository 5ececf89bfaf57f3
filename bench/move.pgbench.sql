-- One pgbench transaction = one move of one game = the SQL the server runs for a submit
-- (POST /games/{id}/moves) plus an accept (POST .../moves/accept): four database
-- transactions, as the server runs them (authenticate() and run_game_command() each take
-- a pooled connection and run one transaction).
--
--   submit: [auth] token lookup | [command] load_game FOR UPDATE (8 queries), save_pending
--   accept: [auth] token lookup | [command] load_game FOR UPDATE (8 queries), append_facts
--           (one moves row), delete_pending, update_cache, notify_game (pg_notify)
--
-- Mirrors api/accounts.cpp authenticate -> db/users.cpp user_for_token, and
-- api/games.cpp run_game_command -> db/games.cpp load_game / save_pending / append_facts /
-- delete_pending / update_cache / notify_event. Keep it in step when those change.
--
-- The only extra column is games.ply (the server counts the moves it replays; pgbench
-- cannot count rows, so it reads the cached ply with the locked game row).
-- Client i plays game :first_game + i (bench/load makes copies of the load run's games at
-- ply 0). Run with -M extended (the server uses PQexecParams: unnamed statements, one plan
-- per execution) and -D first_game=<id> -D mv=0: mv counts this client's moves, so odd
-- moves are White's. The tokens of the copies are sha256('bench-<game>-<1 white|0 black>'),
-- inserted by bench/load. pgbench replaces every `:name` outside \set lines with a
-- parameter, even inside string literals, so literals spell ':' as \x3a.
\set game :first_game + :client_id
\set mv :mv + 1
\set white :mv % 2

-- ---- submit: authenticate ----
BEGIN;
SELECT u.id, u.username, u.display_name, u.email, u.role,
  to_char(u.created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM auth_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.token_hash = sha256(convert_to('bench-' || :game || '-' || :white, 'UTF8'))
  AND t.revoked_at IS NULL AND t.expires_at > now();
COMMIT;

-- ---- submit: run_game_command ----
BEGIN;
SELECT event_id, white_id, black_id, variant, start_position, initial_fen, time_control::text,
  extract(epoch FROM start_at)::bigint AS start_epoch, draw_min_moves, ten_moves_rule,
  silence_rule, messages_allowed, version, ply
  FROM games WHERE id = :game FOR UPDATE \gset g_
SELECT id, username, display_name, email, role,
  to_char(created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM users WHERE id = :g_white_id;
SELECT id, username, display_name, email, role,
  to_char(created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM users WHERE id = :g_black_id;
SELECT ply, uci, extract(epoch FROM accepted_at)::bigint, offer_draw, message, conditional,
  use_40_plus_days FROM moves WHERE game_id = :game ORDER BY ply;
SELECT kind, extract(epoch FROM at)::bigint, side, ply, detail::text FROM game_events
  WHERE game_id = :game ORDER BY seq;
SELECT side, ply, uci, san, numeric, fen_after, offer_draw, message, use_40_plus_days,
  extract(epoch FROM submitted_at)::bigint FROM pending_moves WHERE game_id = :game;
SELECT side, lines::text FROM conditional_lines WHERE game_id = :game;
SELECT user_id, to_char(start_date, 'YYYY-MM-DD'), to_char(end_date, 'YYYY-MM-DD'), special,
  coalesce(reason, ''), extract(epoch FROM ended_at)::bigint FROM leave_periods
  WHERE status = 'approved' AND user_id IN (:g_white_id, :g_black_id)
  AND event_id IS NOT DISTINCT FROM nullif(:g_event_id, '')::bigint ORDER BY start_date;
\set k :g_ply % 4 + 1
\set next :g_ply + 1
INSERT INTO pending_moves (game_id, side, ply, uci, san, numeric, fen_after, offer_draw,
  message, use_40_plus_days, submitted_at)
  VALUES (:game, CASE WHEN :white = 1 THEN 'white' ELSE 'black' END, :next,
    (ARRAY['g1f3', 'g8f6', 'f3g1', 'f6g8'])[:k], (ARRAY['Nf3', 'Nf6', 'Ng1', 'Ng8'])[:k],
    (ARRAY['7163', '7866', '6371', '6678'])[:k],
    (ARRAY['rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
           'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
           'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k],
    false, NULL, false, to_timestamp(extract(epoch FROM now())::bigint))
  ON CONFLICT (game_id) DO UPDATE SET side = EXCLUDED.side, ply = EXCLUDED.ply,
    uci = EXCLUDED.uci, san = EXCLUDED.san, numeric = EXCLUDED.numeric,
    fen_after = EXCLUDED.fen_after, offer_draw = EXCLUDED.offer_draw,
    message = EXCLUDED.message, use_40_plus_days = EXCLUDED.use_40_plus_days,
    submitted_at = EXCLUDED.submitted_at;
COMMIT;

-- ---- accept: authenticate ----
BEGIN;
SELECT u.id, u.username, u.display_name, u.email, u.role,
  to_char(u.created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM auth_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.token_hash = sha256(convert_to('bench-' || :game || '-' || :white, 'UTF8'))
  AND t.revoked_at IS NULL AND t.expires_at > now();
COMMIT;

-- ---- accept: run_game_command ----
BEGIN;
SELECT event_id, white_id, black_id, variant, start_position, initial_fen, time_control::text,
  extract(epoch FROM start_at)::bigint AS start_epoch, draw_min_moves, ten_moves_rule,
  silence_rule, messages_allowed, version, ply
  FROM games WHERE id = :game FOR UPDATE \gset g_
SELECT id, username, display_name, email, role,
  to_char(created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM users WHERE id = :g_white_id;
SELECT id, username, display_name, email, role,
  to_char(created_at AT TIME ZONE 'UTC', E'YYYY-MM-DD"T"HH24\x3aMI\x3aSS"Z"')
  FROM users WHERE id = :g_black_id;
SELECT ply, uci, extract(epoch FROM accepted_at)::bigint, offer_draw, message, conditional,
  use_40_plus_days FROM moves WHERE game_id = :game ORDER BY ply;
SELECT kind, extract(epoch FROM at)::bigint, side, ply, detail::text FROM game_events
  WHERE game_id = :game ORDER BY seq;
SELECT side, ply, uci, san, numeric, fen_after, offer_draw, message, use_40_plus_days,
  extract(epoch FROM submitted_at)::bigint FROM pending_moves WHERE game_id = :game;
SELECT side, lines::text FROM conditional_lines WHERE game_id = :game;
SELECT user_id, to_char(start_date, 'YYYY-MM-DD'), to_char(end_date, 'YYYY-MM-DD'), special,
  coalesce(reason, ''), extract(epoch FROM ended_at)::bigint FROM leave_periods
  WHERE status = 'approved' AND user_id IN (:g_white_id, :g_black_id)
  AND event_id IS NOT DISTINCT FROM nullif(:g_event_id, '')::bigint ORDER BY start_date;
\set k :g_ply % 4 + 1
\set next :g_ply + 1
INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at, offer_draw,
  message, conditional, use_40_plus_days, elapsed_seconds, stopped_seconds, charged_seconds,
  increment_seconds, bank_change_seconds, clock_after_seconds, bank_after_seconds)
  VALUES (:game, :next, (ARRAY['g1f3', 'g8f6', 'f3g1', 'f6g8'])[:k],
    (ARRAY['Nf3', 'Nf6', 'Ng1', 'Ng8'])[:k], (ARRAY['7163', '7866', '6371', '6678'])[:k],
    (ARRAY['rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
           'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
           'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k],
    to_timestamp(extract(epoch FROM now())::bigint), false, NULL, false, false, 0, 0, 0, 86400,
    0, 2592000, 0);
DELETE FROM pending_moves WHERE game_id = :game;
UPDATE games SET status = 'ongoing', result = NULL, termination = NULL,
  finished_at = to_timestamp(NULL), fen = (ARRAY[
    'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
    'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2',
    'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3'])[:k], ply = :next,
  to_move = CASE WHEN :white = 1 THEN 'black' ELSE 'white' END,
  next_deadline = CASE WHEN 'ongoing' = 'not_started' THEN start_at
    ELSE to_timestamp(extract(epoch FROM now())::bigint + 2592000) END,
  version = version + 1 WHERE id = :game;
-- the payload has the size and shape of notify_game's (one "move" message)
SELECT pg_notify('corrchess_events', '{"game_id"' || E'\x3a"' || :game || '","users"'
  || E'\x3a[' || :g_white_id || ',' || :g_black_id || '],"messages"'
  || E'\x3a[{"type"\x3a"move","game_id"\x3a"' || :game
  || E'","at"\x3a"2026-11-21T17\x3a00\x3a00Z","version"\x3a' || (:g_version + 1)
  || E',"ply"\x3a' || :next || E',"by"\x3a"white","move"\x3a{"san"\x3a"Nf3","uci"\x3a"g1f3",'
  || E'"numeric"\x3a"7163"},"fen_after"\x3a'
  || E'"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1","conditional"\x3afalse}]}');
COMMIT;
