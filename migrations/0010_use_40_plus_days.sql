-- "Use 40+ days" lifts the silence rule for the move in progress. It used to live only on
-- the pending move, so withdrawing or replacing that move after day 40 made the silence loss
-- appear after the fact. The tick now sticks to the move it was given for: the ply of the
-- move in progress for which it was ticked.
ALTER TABLE games ADD COLUMN use_40_plus_days_ply integer CHECK (use_40_plus_days_ply >= 1);
UPDATE games g SET use_40_plus_days_ply = p.ply
  FROM pending_moves p WHERE p.game_id = g.id AND p.use_40_plus_days;
