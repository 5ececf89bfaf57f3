-- Team matches and cups say whether their games are rated (ratings.md "What is rated"), as
-- events, challenges and Olympiads do; both were always rated before, which stays the default.
-- The rating lists and the archive read it through the game (db/rated_games.h): the games of
-- a match or a cup are found by their unique game ids.
ALTER TABLE team_matches ADD COLUMN rated boolean NOT NULL DEFAULT true;
ALTER TABLE cups ADD COLUMN rated boolean NOT NULL DEFAULT true;
