-- bench/populate's generator (run by bench/populate with psql -v scale=S): a federation's
-- history made of the template games in schema populate (copied from corrchess_pool, where a
-- real server played them). Every game is a template's rows (game row, moves, facts) with
-- other players and shifted in time; the clocks depend on elapsed time only, so the shifted
-- clock columns are what the server would have stored (`corrchess-server verify` replays
-- them). Set-based: INSERT ... SELECT over generate_series, triggers off for the load
-- (session_replication_role = replica: the foreign keys hold by construction, and the
-- revision and norm-check triggers have nothing to do for rows written once).
\set ON_ERROR_STOP 1
SET session_replication_role = replica;
SET synchronous_commit = off;
SET work_mem = '256MB';
SET maintenance_work_mem = '1GB';
SET client_min_messages = warning;
\timing on
SELECT setseed(0.4);

-- now; the first day of the oldest rating list (24 months before this month, UTC); sizes
-- (-v users=N and -v events=N set the number of players and of events apart from the scale).
\if :{?users}
\else
\set users ''
\endif
\if :{?events}
\else
\set events ''
\endif
SELECT extract(epoch FROM now())::bigint AS now_e,
       extract(epoch FROM (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '24 months')
                          AT TIME ZONE 'UTC')::bigint AS begin_e,
       coalesce(nullif(:'users', '')::int, greatest(20, round(100000 * :scale))::int) AS n_users,
       coalesce(nullif(:'events', '')::int, greatest(2, round(2000 * :scale))::int) AS n_events,
       greatest(1, round(2000 * :scale * 0.002))::int AS n_adjudication_events,
       round(1000000 * :scale)::bigint AS n_finished,
       round(50000 * :scale)::bigint AS n_ongoing
\gset

-- The templates: offsets from their start, and the move log as offsets and flags.
CREATE TABLE populate.tpl AS
SELECT g.id AS tid,
       CASE g.status WHEN 'finished' THEN 'finished' WHEN 'ongoing' THEN 'ongoing'
                     ELSE 'adjudication' END AS kind,
       extract(epoch FROM g.start_at)::bigint AS t0,
       extract(epoch FROM g.finished_at - g.start_at)::bigint AS fin_off,
       extract(epoch FROM g.next_deadline - g.start_at)::bigint AS deadline_off,
       extract(epoch FROM greatest(
         (SELECT max(m.accepted_at) FROM populate.pool_moves m WHERE m.game_id = g.id),
         (SELECT max(e.at) FROM populate.pool_game_events e WHERE e.game_id = g.id),
         g.start_at) - g.start_at)::bigint AS last_off,
       extract(epoch FROM (SELECT e.end_at FROM populate.pool_events e WHERE e.id = g.event_id)
                          - g.start_at)::bigint AS end_off,
       g.white_id AS tw, g.black_id AS tb,
       (SELECT array_agg(split_part(x, '.', 1)::bigint - extract(epoch FROM g.start_at)::bigint
                         ORDER BY n)
          FROM unnest(string_to_array(nullif(g.move_log, ''), ' ')) WITH ORDINALITY AS u(x, n))
         AS log_offs,
       (SELECT array_agg('.' || split_part(x, '.', 2) ORDER BY n)
          FROM unnest(string_to_array(nullif(g.move_log, ''), ' ')) WITH ORDINALITY AS u(x, n))
         AS log_flags
  FROM populate.pool_games g
 WHERE g.status IN ('finished', 'ongoing', 'adjudication_pending') AND g.ply >= 10;
CREATE TABLE populate.kinds AS
SELECT kind, array_agg(tid ORDER BY tid) AS tids, count(*)::int AS n FROM populate.tpl GROUP BY kind;
SELECT kind, n AS templates FROM populate.kinds ORDER BY kind;
-- Every adjudication template's section ended this long after its start.
SELECT coalesce(min(end_off), 100 * 86400) AS adj_end_off FROM populate.tpl WHERE kind = 'adjudication'
\gset

-- Players: p<n>.<first name>; the low numbers play the most games. All share the password
-- of the pool's first player (bench/populate: populate-password-1); the director `director`
-- has the pool's first administrator's (director-password-1), and five tournament directors
-- td1..td5 the players'.
SELECT (SELECT password_hash FROM populate.pool_users WHERE role = 'player' ORDER BY id LIMIT 1)
         AS player_hash,
       (SELECT password_hash FROM populate.pool_users WHERE role = 'admin' ORDER BY id LIMIT 1)
         AS director_hash
\gset
INSERT INTO users (id, username, display_name, email, password_hash, role, created_at, country,
                   time_zone, language, verified_email)
OVERRIDING SYSTEM VALUE
SELECT n, 'p' || n || '.' || lower(f), f || ' ' || l, 'p' || n || '@example.org', :'player_hash',
       'player', to_timestamp(:begin_e - 86400 * (30 + floor(random() * 1500))), c,
       CASE WHEN n % 3 = 0 THEN 'Europe/Berlin' END, CASE WHEN n % 4 = 0 THEN 'de' END,
       'p' || n || '@example.org'
  FROM generate_series(1, :n_users) AS n,
       LATERAL (SELECT (ARRAY['Anna', 'Boris', 'Carla', 'David', 'Elena', 'Felix', 'Greta',
                              'Hugo', 'Irina', 'Jonas', 'Karin', 'Lars', 'Maria', 'Nils',
                              'Olga', 'Paul', 'Rosa', 'Sven', 'Tanja', 'Umberto', 'Vera',
                              'Walter', 'Xenia', 'Yusuf', 'Zoe'])[1 + n % 25] AS f,
                       (ARRAY['Berg', 'Costa', 'Dahl', 'Eriksen', 'Fischer', 'Garcia', 'Horvat',
                              'Ivanov', 'Jensen', 'Kowalski', 'Lind', 'Moreau', 'Novak',
                              'Olsen', 'Petrov', 'Rossi', 'Schmidt', 'Tanaka', 'Varga',
                              'Weber'])[1 + (n / 25) % 20] AS l,
                       (ARRAY['DE', 'FR', 'GB', 'IT', 'ES', 'PL', 'NL', 'SE', 'CZ', 'HU', 'RU',
                              'US', 'BR', 'AR', 'FI', 'NO', 'DK', 'AT', 'CH', 'PT'])[1 + (n * 7) % 20]
                         AS c) AS names;
INSERT INTO users (id, username, display_name, email, password_hash, role, created_at)
OVERRIDING SYSTEM VALUE
SELECT :n_users + 1, 'director', 'Chief Director', 'director@example.org', :'director_hash',
       'admin', to_timestamp(:begin_e - 86400 * 2000)
UNION ALL
SELECT :n_users + 1 + k, 'td' || k, 'Director ' || k, 'td' || k || '@example.org', :'player_hash',
       'td', to_timestamp(:begin_e - 86400 * 1000)
  FROM generate_series(1, 5) AS k;

-- Events: all-play-all sections of 8 to 14 players (Berger tables), started over the 24
-- months (the youngest 60 days ago), each with an end date 540 days after its start (the
-- oldest are over by then); a few ended at their end date with games waiting for
-- adjudication (the sweep found them in play then).
CREATE TABLE populate.berger AS
WITH sizes AS (SELECT n, n + n % 2 AS m FROM generate_series(8, 14) AS n),
     pairs AS (
       SELECT s.n, r + 1 AS round, k,
              CASE WHEN k = 0 THEN s.m - 1 ELSE (r + k) % (s.m - 1) END AS a,
              CASE WHEN k = 0 THEN r ELSE (r - k + s.m - 1) % (s.m - 1) END AS b
         FROM sizes s, generate_series(0, s.m - 2) AS r, generate_series(0, s.m / 2 - 1) AS k)
SELECT n, round, row_number() OVER (PARTITION BY n, round ORDER BY k)::int AS board,
       CASE WHEN (round + k) % 2 = 0 THEN a ELSE b END + 1 AS white_seat,
       CASE WHEN (round + k) % 2 = 0 THEN b ELSE a END + 1 AS black_seat
  FROM pairs WHERE a < n AND b < n;

CREATE TABLE populate.ev AS
SELECT e AS id, 8 + (e * 5) % 7 AS n, e <= :n_adjudication_events AS adjudication,
       CASE WHEN e <= :n_adjudication_events
            THEN :now_e - :adj_end_off - 86400 * (2 + floor(random() * 40))
            ELSE :begin_e + floor(random() * (:now_e - 60 * 86400 - :begin_e)) END::bigint
         AS start_e,
       floor(random() * :n_users)::bigint AS base
  FROM generate_series(1, :n_events) AS e;
INSERT INTO events (id, name, time_control, start_at, end_at, status, started_at, created_by,
                    created_at, rated, visibility)
OVERRIDING SYSTEM VALUE
SELECT id, 'Section ' || to_char(to_timestamp(start_e), 'YYYY-MM') || '/' || id,
       '{"type": "iccf", "moves": 10, "days": 50}', to_timestamp(start_e),
       to_timestamp(start_e + CASE WHEN adjudication THEN :adj_end_off ELSE 540 * 86400 END),
       'running',
       to_timestamp(start_e), :n_users + 1, to_timestamp(start_e - 30 * 86400), true,
       CASE WHEN id % 10 = 0 THEN 'after_end' ELSE 'live' END
  FROM populate.ev;
INSERT INTO event_players (event_id, user_id, seat, status, joined_at)
SELECT ev.id, (ev.base + seat * 7919) % :n_users + 1, seat, 'active',
       to_timestamp(ev.start_e - 20 * 86400)
  FROM populate.ev ev, generate_series(1, ev.n) AS seat;

-- The templates an event's games may be: over by now (finished before now, or in play now
-- with a deadline still ahead), or waiting for adjudication in the sections that ended.
CREATE TABLE populate.ev_cand AS
SELECT ev.id, array_agg(t.tid) AS tids
  FROM populate.ev ev JOIN populate.tpl t ON CASE
         WHEN ev.adjudication THEN (t.kind = 'finished' AND t.fin_off < :adj_end_off)
                                   OR (t.kind = 'adjudication' AND t.end_off = :adj_end_off)
         ELSE (t.kind = 'finished' AND ev.start_e + t.fin_off < :now_e - 3600)
              OR (t.kind = 'ongoing' AND ev.start_e + t.last_off < :now_e - 3600
                  AND ev.start_e + t.deadline_off > :now_e + 2 * 86400) END
 GROUP BY ev.id;
SELECT count(*) AS events_without_candidates FROM populate.ev ev
 WHERE NOT EXISTS (SELECT 1 FROM populate.ev_cand c WHERE c.id = ev.id);

-- The plan: one row per game (template, players, shift, event seat), ids in start order.
CREATE TABLE populate.plan0 AS
SELECT c.tids[1 + floor(random() * cardinality(c.tids))::int] AS tid,
       (ev.base + b.white_seat * 7919) % :n_users + 1 AS white,
       (ev.base + b.black_seat * 7919) % :n_users + 1 AS black,
       ev.id AS event_id, b.round, b.board, b.white_seat, b.black_seat, ev.start_e
  FROM populate.ev ev JOIN populate.ev_cand c ON c.id = ev.id
  JOIN populate.berger b ON b.n = ev.n;
ALTER TABLE populate.plan0 ADD COLUMN shift bigint;
-- Games outside events: 30% come from a challenge between the players (a fifth of those
-- unrated), the rest a director set up.
ALTER TABLE populate.plan0 ADD COLUMN challenge boolean NOT NULL DEFAULT false;
ALTER TABLE populate.plan0 ADD COLUMN rated boolean NOT NULL DEFAULT true;
UPDATE populate.plan0 p SET shift = p.start_e - t.t0 FROM populate.tpl t WHERE t.tid = p.tid;
SELECT count(*) FILTER (WHERE t.kind = 'finished') AS event_finished,
       count(*) FILTER (WHERE t.kind = 'ongoing') AS event_ongoing,
       count(*) FILTER (WHERE t.kind = 'adjudication') AS event_pending
  FROM populate.plan0 p JOIN populate.tpl t ON t.tid = p.tid
\gset

-- Players of the games outside events: skewed, a few play hundreds of games.
CREATE FUNCTION populate.player(r double precision, n bigint) RETURNS bigint LANGUAGE sql
  IMMUTABLE AS $$ SELECT least(n, 1 + floor(n * power(r, 1.5)))::bigint $$;

-- Finished games outside events: finished at any time since the first list began.
INSERT INTO populate.plan0 (tid, white, black, shift, challenge, rated)
SELECT t.tid, w, CASE WHEN b = w THEN w % :n_users + 1 ELSE b END,
       f - t.t0 - t.fin_off, c < 0.3, c >= 0.06
  FROM (SELECT (SELECT tids FROM populate.kinds WHERE kind = 'finished') AS tids) k,
       LATERAL (SELECT tids[1 + floor(random() * cardinality(tids))::int] AS tid,
                       populate.player(random(), :n_users) AS w, populate.player(random(), :n_users) AS b,
                       (:begin_e + 86400 + floor(random() * (:now_e - 7200 - :begin_e - 86400)))::bigint AS f,
                       random() AS c, n
                  FROM generate_series(1, greatest(0, :n_finished - :event_finished)) AS n) x
  JOIN populate.tpl t ON t.tid = x.tid;
-- Games in play outside events: the last move a little while ago, the deadline ahead.
INSERT INTO populate.plan0 (tid, white, black, shift, challenge, rated)
SELECT t.tid, w, CASE WHEN b = w THEN w % :n_users + 1 ELSE b END,
       :now_e - floor(lag_share * (t.deadline_off - t.last_off))::bigint - t.t0 - t.last_off,
       c < 0.3, c >= 0.06
  FROM (SELECT (SELECT tids FROM populate.kinds WHERE kind = 'ongoing') AS tids) k,
       LATERAL (SELECT tids[1 + floor(random() * cardinality(tids))::int] AS tid,
                       populate.player(random(), :n_users) AS w, populate.player(random(), :n_users) AS b,
                       0.02 + 0.4 * random() AS lag_share, random() AS c, n
                  FROM generate_series(1, greatest(0, :n_ongoing - :event_ongoing)) AS n) x
  JOIN populate.tpl t ON t.tid = x.tid;

CREATE TABLE populate.plan AS
SELECT row_number() OVER (ORDER BY p.shift + t.t0, p.event_id, p.round, p.board) AS id, p.*
  FROM populate.plan0 p JOIN populate.tpl t ON t.tid = p.tid;
DROP TABLE populate.plan0;
ALTER TABLE populate.plan ADD PRIMARY KEY (id);
CREATE INDEX ON populate.plan (tid);
ANALYZE populate.plan;

-- The games: the template's row, its instants shifted, the move log rewritten.
INSERT INTO games (id, event_id, white_id, black_id, variant, start_position, initial_fen,
                   time_control, start_at, draw_min_moves, ten_moves_rule, silence_rule,
                   messages_allowed, created_at, status, result, termination, finished_at, fen,
                   ply, to_move, next_deadline, version, draw_offer_by, use_40_plus_days_ply,
                   move_log, snapshot_ply, snapshot_fen, revision, snapshot_clocks, friendly)
OVERRIDING SYSTEM VALUE
SELECT p.id, p.event_id, p.white, p.black, g.variant, g.start_position, g.initial_fen,
       g.time_control, g.start_at + make_interval(secs => p.shift), g.draw_min_moves,
       g.ten_moves_rule, g.silence_rule, g.messages_allowed,
       g.start_at + make_interval(secs => p.shift), g.status, g.result, g.termination,
       g.finished_at + make_interval(secs => p.shift), g.fen, g.ply, g.to_move,
       g.next_deadline + make_interval(secs => p.shift), g.version, g.draw_offer_by,
       g.use_40_plus_days_ply,
       coalesce((SELECT string_agg((t.t0 + p.shift + o)::text || fl, ' ' ORDER BY i)
                   FROM unnest(t.log_offs, t.log_flags) WITH ORDINALITY AS u(o, fl, i)), ''),
       g.snapshot_ply, g.snapshot_fen, g.revision, g.snapshot_clocks, g.friendly OR p.challenge
  FROM populate.plan p JOIN populate.pool_games g ON g.id = p.tid
  JOIN populate.tpl t ON t.tid = p.tid
 ORDER BY p.id;
\echo games
INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at, offer_draw, message,
                   conditional, use_40_plus_days, elapsed_seconds, stopped_seconds,
                   charged_seconds, increment_seconds, bank_change_seconds, clock_after_seconds,
                   bank_after_seconds)
SELECT p.id, m.ply, m.uci, m.san, m.numeric, m.fen_after,
       m.accepted_at + make_interval(secs => p.shift), m.offer_draw, m.message, m.conditional,
       m.use_40_plus_days, m.elapsed_seconds, m.stopped_seconds, m.charged_seconds,
       m.increment_seconds, m.bank_change_seconds, m.clock_after_seconds, m.bank_after_seconds
  FROM populate.plan p JOIN populate.pool_moves m ON m.game_id = p.tid
 ORDER BY p.id, m.ply;
\echo moves
INSERT INTO game_events (game_id, seq, at, kind, side, ply, actor_id, detail, recorded_at)
SELECT p.id, e.seq, e.at + make_interval(secs => p.shift), e.kind, e.side, e.ply,
       CASE e.actor_id WHEN t.tw THEN p.white WHEN t.tb THEN p.black END, e.detail,
       e.at + make_interval(secs => p.shift)
  FROM populate.plan p JOIN populate.pool_game_events e ON e.game_id = p.tid
  JOIN populate.tpl t ON t.tid = p.tid;
INSERT INTO claims (game_id, side, ply, type, move_uci, expect, upheld, reason, evidence, at)
SELECT p.id, c.side, c.ply, c.type, c.move_uci, c.expect, c.upheld, c.reason, c.evidence,
       c.at + make_interval(secs => p.shift)
  FROM populate.plan p JOIN populate.pool_claims c ON c.game_id = p.tid;
INSERT INTO event_games (game_id, event_id, round, board, white_seat, black_seat)
SELECT id, event_id, round, board, white_seat, black_seat FROM populate.plan
 WHERE event_id IS NOT NULL;
-- The challenges the friendly games came from, accepted a day after they were made.
INSERT INTO challenges (challenger_id, opponent_id, color, variant, time_control, rated, status,
                        created_at, expires_at, decided_at, decided_by, game_id)
SELECT CASE WHEN p.id % 2 = 0 THEN p.white ELSE p.black END,
       CASE WHEN p.id % 2 = 0 THEN p.black ELSE p.white END,
       CASE WHEN p.id % 2 = 0 THEN 'white' ELSE 'black' END, 'standard',
       '{"type": "iccf", "moves": 10, "days": 50}', p.rated, 'accepted',
       to_timestamp(t.t0 + p.shift - 86400), to_timestamp(t.t0 + p.shift + 13 * 86400),
       to_timestamp(t.t0 + p.shift), CASE WHEN p.id % 2 = 0 THEN p.black ELSE p.white END, p.id
  FROM populate.plan p JOIN populate.tpl t ON t.tid = p.tid
 WHERE p.challenge
 ORDER BY p.id;
-- Some sides of the games waiting for adjudication filed their claim.
INSERT INTO adjudication_claims (game_id, side, user_id, claim, analysis, filed_at)
SELECT g.id, 'white', g.white_id, CASE WHEN g.id % 2 = 0 THEN 'win' ELSE 'draw' END,
       'White keeps the extra pawn and the initiative; the ending is won.',
       e.at + interval '1 day'
  FROM games g JOIN game_events e ON e.game_id = g.id AND e.kind = 'adjudication_pending'
 WHERE g.status = 'adjudication_pending' AND g.id % 3 = 0;
\echo facts
ANALYZE games;
ANALYZE challenges;

-- Rating lists: one per month for the 24 months before this one, each rating the games
-- finished in its month (the games finished this month wait for the next list).
-- The settings are the template server's own, or its defaults when it published no list (its
-- clock had not yet passed the end of a period).
INSERT INTO rating_lists (id, pool, period, period_kind, first_day, end_day, starts_at, ends_at,
                          version, published_at, settings)
OVERRIDING SYSTEM VALUE
SELECT k, 'standard', to_char(d, 'YYYY-MM'), 'month', d::date, (d + interval '1 month')::date,
       d AT TIME ZONE 'UTC', (d + interval '1 month') AT TIME ZONE 'UTC', 1,
       (d + interval '1 month 10 minutes') AT TIME ZONE 'UTC',
       coalesce((SELECT settings FROM populate.pool_rating_lists LIMIT 1),
                '{"tau": 0.5, "period": "month", "provisional_games": 12, "rate_default_wins": false, "provisional_deviation": 110.0}'::jsonb)
  FROM generate_series(1, 24) AS k,
       LATERAL (SELECT (to_timestamp(:begin_e) AT TIME ZONE 'UTC') + (k - 1) * interval '1 month'
                  AS d) AS x;
INSERT INTO rating_list_games (list_id, game_id, white_id, black_id, white_score)
SELECT l, id, white_id, black_id,
       CASE result WHEN '1-0' THEN 1 WHEN '0-1' THEN 0 ELSE 0.5 END
  FROM (SELECT g.*, (extract(year FROM g.finished_at AT TIME ZONE 'UTC') * 12
                     + extract(month FROM g.finished_at AT TIME ZONE 'UTC')
                     - extract(year FROM to_timestamp(:begin_e) AT TIME ZONE 'UTC') * 12
                     - extract(month FROM to_timestamp(:begin_e) AT TIME ZONE 'UTC') + 1)::bigint AS l
          FROM games g WHERE g.status = 'finished' AND g.result IN ('1-0', '0-1', '1/2-1/2')
           AND g.id NOT IN (SELECT c.game_id FROM challenges c WHERE NOT c.rated)) x
 WHERE l BETWEEN 1 AND 24
 ORDER BY l, id;
-- Each player's games per list, and from their first list on a line in every list: a
-- rating around their own level, a deviation that shrinks with their games.
CREATE TABLE populate.user_month AS
SELECT list_id, user_id, count(*)::int AS games
  FROM (SELECT list_id, white_id AS user_id FROM rating_list_games
        UNION ALL SELECT list_id, black_id FROM rating_list_games) x
 GROUP BY list_id, user_id;
CREATE TABLE populate.lines AS
SELECT f.user_id, k AS list_id, coalesce(um.games, 0) AS games_in_period,
       sum(coalesce(um.games, 0)) OVER (PARTITION BY f.user_id ORDER BY k)::int AS total_games,
       f.level, f.phase
  FROM (SELECT user_id, min(list_id)::int AS first,
               1500 + (random() + random() + random() + random() - 2) * 350 AS level,
               random() * 6.28 AS phase
          FROM populate.user_month GROUP BY user_id) f
  CROSS JOIN LATERAL generate_series(f.first, 24) AS k
  LEFT JOIN populate.user_month um ON um.user_id = f.user_id AND um.list_id = k;
INSERT INTO rating_list_entries (list_id, user_id, rank, rating, deviation, volatility,
                                 games_in_period, total_games, provisional)
SELECT list_id, user_id,
       row_number() OVER (PARTITION BY list_id ORDER BY rating DESC, user_id)::int, rating,
       greatest(45, 350 / sqrt(1 + 0.8 * total_games)), 0.06, games_in_period, total_games,
       total_games < 12
  FROM (SELECT *, level + 40 * sin(phase + list_id / 3.0) + least(total_games, 100) * 0.5 AS rating
          FROM populate.lines) x
 ORDER BY list_id, user_id;
-- The rating each player brought to a section: their line in the last list before its start.
UPDATE event_players ep SET start_rating = round(e.rating)::integer
  FROM populate.ev ev, rating_list_entries e, rating_lists l
 WHERE ev.id = ep.event_id AND l.id = e.list_id AND e.user_id = ep.user_id
   AND l.ends_at <= to_timestamp(ev.start_e) AND l.ends_at > to_timestamp(ev.start_e) - interval '1 month';
\echo ratings

SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games));
SELECT setval(pg_get_serial_sequence('events', 'id'), (SELECT max(id) FROM events));
SELECT setval(pg_get_serial_sequence('rating_lists', 'id'), (SELECT max(id) FROM rating_lists));
SELECT setval(pg_get_serial_sequence('claims', 'id'), greatest(1, (SELECT max(id) FROM claims)));
SELECT setval(pg_get_serial_sequence('challenges', 'id'), greatest(1, (SELECT max(id) FROM challenges)));
SELECT setval(pg_get_serial_sequence('adjudication_claims', 'id'),
              greatest(1, (SELECT max(id) FROM adjudication_claims)));

-- Nothing lies in the future but deadlines.
SELECT count(*) FILTER (WHERE start_at > now()) AS started_later,
       count(*) FILTER (WHERE finished_at > now()) AS finished_later,
       count(*) FILTER (WHERE status = 'ongoing' AND next_deadline <= now()) AS due_now
  FROM games;
