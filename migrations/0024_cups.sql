-- Cups: knockout matches in a bracket (rules.md 6.10, docs/api.md "Cups"). The bracket is
-- seeded once; a match is a few games with colours alternating, tie-break pairs when equal,
-- and its winner moves on as soon as the match is decided. Cup games belong to no event and
-- count for the ratings as a director's games do.
CREATE TABLE cups (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  variant              text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960')),
  time_control         jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object'),
  draw_min_moves       integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule       boolean NOT NULL DEFAULT true,
  silence_rule         boolean NOT NULL DEFAULT true,
  messages_allowed     boolean NOT NULL DEFAULT true,
  games_per_match      integer NOT NULL CHECK (games_per_match BETWEEN 1 AND 10),
  tiebreak_pairs       integer NOT NULL CHECK (tiebreak_pairs BETWEEN 0 AND 5),
  status               text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished')),
  winner_id            bigint REFERENCES users (id),
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL,
  finished_at          timestamptz,
  CONSTRAINT cups_finished CHECK ((status = 'finished') = (winner_id IS NOT NULL))
);
CREATE UNIQUE INDEX cups_name_idx ON cups (lower(name));

CREATE TABLE cup_players (
  cup_id               bigint NOT NULL REFERENCES cups (id),
  seed                 integer NOT NULL CHECK (seed >= 1),
  user_id              bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (cup_id, seed),
  UNIQUE (cup_id, user_id)
);

-- One match of the bracket: round 1.., match_no 0.. in bracket order. Until both players are
-- known they sit in their bracket slots (first: from the even match of the round before);
-- once both are, player_a is the better seed (White in the first game, through on a tie).
CREATE TABLE cup_matches (
  cup_id               bigint NOT NULL REFERENCES cups (id),
  round                integer NOT NULL CHECK (round >= 1),
  match_no             integer NOT NULL CHECK (match_no >= 0),
  player_a             bigint REFERENCES users (id),
  player_b             bigint REFERENCES users (id),
  status               text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'playing',
                         'decided')),
  bye                  boolean NOT NULL DEFAULT false,
  winner_id            bigint REFERENCES users (id),
  decided_at           timestamptz,
  -- How many of its games were over when the starter last looked: a match with more over
  -- now has news (db::cups_with_news).
  games_over_seen      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cup_id, round, match_no),
  CONSTRAINT cup_matches_decided CHECK ((status = 'decided') = (winner_id IS NOT NULL))
);

CREATE TABLE cup_games (
  cup_id               bigint NOT NULL,
  round                integer NOT NULL,
  match_no             integer NOT NULL,
  number               integer NOT NULL CHECK (number >= 0),
  game_id              bigint NOT NULL UNIQUE REFERENCES games (id),
  a_white              boolean NOT NULL,
  PRIMARY KEY (cup_id, round, match_no, number),
  FOREIGN KEY (cup_id, round, match_no) REFERENCES cup_matches (cup_id, round, match_no)
);
