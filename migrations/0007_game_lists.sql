-- Game lists for players with hundreds of games (GET /api/v1/games): the standing draw
-- offer is cached on the game row (written with the rest of the cache after every change),
-- and the lists are read in deadline order for "your move" pages.
ALTER TABLE games ADD COLUMN draw_offer_by text CHECK (draw_offer_by IN ('white', 'black'));
-- Games stored before this column: an offer carried by the last move of an ongoing game is
-- still standing (a decline or an answer would have been a later fact and refreshed the row).
UPDATE games g SET draw_offer_by = CASE WHEN g.to_move = 'white' THEN 'black' ELSE 'white' END
  FROM moves m
 WHERE m.game_id = g.id AND m.ply = g.ply AND m.offer_draw AND g.status = 'ongoing'
   AND NOT EXISTS (SELECT 1 FROM game_events e WHERE e.game_id = g.id AND e.ply >= g.ply);
CREATE INDEX games_white_deadline_idx ON games (white_id, next_deadline, id)
  WHERE status = 'ongoing' AND to_move = 'white';
CREATE INDEX games_black_deadline_idx ON games (black_id, next_deadline, id)
  WHERE status = 'ongoing' AND to_move = 'black';
