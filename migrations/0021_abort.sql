-- Aborting a game (rules.md 2.3): a game started by a challenge or a seek is "friendly", and
-- its players may abort it before both have moved; it then ends annulled with the
-- termination "aborted".
ALTER TABLE games ADD COLUMN friendly boolean NOT NULL DEFAULT false;
UPDATE games SET friendly = true
 WHERE id IN (SELECT game_id FROM challenges WHERE game_id IS NOT NULL);
ALTER TABLE games DROP CONSTRAINT games_termination_check;
ALTER TABLE games ADD CONSTRAINT games_termination_check CHECK (termination IN ('checkmate',
  'resignation', 'stalemate', 'dead_position', 'agreement', 'repetition', 'fifty_moves',
  'tablebase', 'time_forfeit', 'time_draw', 'silence', 'adjudication', 'default', 'annulled',
  'aborted'));
