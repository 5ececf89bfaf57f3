-- A game's snapshot (core/game/snapshot.h, docs/architecture.md): what a command needs to go
-- on without reading or replaying every move. The moves table stays the record; these
-- columns are rewritten with every change in the same transaction, and
-- `corrchess-server verify` replays every game both ways and reports any difference.
--   move_log       one entry per move in ply order, "<accepted epoch seconds>.<flags>"
--                  separated by spaces; flags = 1 conditional + 2 use 40+ days + 4 draw offer
--                  (what the clocks and the draw-offer rules read of a move)
--   snapshot_ply   the replay window: moves up to this ply are read from move_log only, and
--                  the board starts at snapshot_fen, the position after them (0: every move
--                  is read and played from the initial position)
ALTER TABLE games ADD COLUMN move_log text NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN snapshot_ply integer NOT NULL DEFAULT 0 CHECK (snapshot_ply >= 0);
ALTER TABLE games ADD COLUMN snapshot_fen text NOT NULL DEFAULT '';

UPDATE games g SET move_log = coalesce((
  SELECT string_agg(extract(epoch FROM m.accepted_at)::bigint::text || '.' ||
           (m.conditional::int + 2 * m.use_40_plus_days::int + 4 * m.offer_draw::int)::text,
         ' ' ORDER BY m.ply)
  FROM moves m WHERE m.game_id = g.id), '');
