-- Thematic championships (rules.md 6.8, 6.9): the opening as the director gave it (SAN moves
-- or a FEN) and the position it reaches, from which every game of every stage starts, as for
-- thematic series (migration 0022).
ALTER TABLE championships
  ADD COLUMN opening text CHECK (opening IS NULL OR length(opening) BETWEEN 1 AND 2000),
  ADD COLUMN initial_fen text CHECK (initial_fen IS NULL OR length(initial_fen) BETWEEN 1 AND 120),
  ADD CONSTRAINT championships_thematic CHECK ((opening IS NULL) = (initial_fen IS NULL));
