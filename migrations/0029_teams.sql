-- Teams, team matches and Olympiads (rules.md 6.11, docs/api.md "Teams"). A team has
-- captains (who may nominate its players and change its members) and members; a team match
-- is N boards between two teams, each board one or two games; an Olympiad is one
-- all-play-all event per board, board k of every team in the event of board k. Team match
-- games belong to no event; the scores are read from the games table, never stored here.
CREATE TABLE teams (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind                 text NOT NULL CHECK (kind IN ('federation', 'club', 'national')),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  country              text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL
);
CREATE UNIQUE INDEX teams_name_idx ON teams (lower(name));

CREATE TABLE team_captains (
  team_id              bigint NOT NULL REFERENCES teams (id),
  user_id              bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE team_members (
  team_id              bigint NOT NULL REFERENCES teams (id),
  user_id              bigint NOT NULL REFERENCES users (id),
  added_at             timestamptz NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user_idx ON team_members (user_id);

-- A team match: 'nominating' until the director starts it, then 'playing' (its games
-- exist). Decided, decided early and finished are read from its games.
CREATE TABLE team_matches (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  team_a               bigint NOT NULL REFERENCES teams (id),
  team_b               bigint NOT NULL REFERENCES teams (id),
  boards               integer NOT NULL CHECK (boards BETWEEN 1 AND 200),
  games_per_board      integer NOT NULL CHECK (games_per_board IN (1, 2)),
  variant              text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960')),
  time_control         jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object'),
  draw_min_moves       integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule       boolean NOT NULL DEFAULT true,
  silence_rule         boolean NOT NULL DEFAULT true,
  messages_allowed     boolean NOT NULL DEFAULT true,
  start_at             timestamptz,
  status               text NOT NULL DEFAULT 'nominating' CHECK (status IN ('nominating', 'playing')),
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL,
  started_at           timestamptz,
  CONSTRAINT team_matches_two_teams CHECK (team_a <> team_b),
  CONSTRAINT team_matches_started CHECK ((status = 'playing') = (started_at IS NOT NULL))
);
CREATE INDEX team_matches_team_a_idx ON team_matches (team_a);
CREATE INDEX team_matches_team_b_idx ON team_matches (team_b);

-- The player each team nominated for a board (1-based); replaced by a substitution.
CREATE TABLE team_match_players (
  match_id             bigint NOT NULL REFERENCES team_matches (id),
  board                integer NOT NULL CHECK (board >= 1),
  side                 text NOT NULL CHECK (side IN ('a', 'b')),
  user_id              bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (match_id, board, side),
  UNIQUE (match_id, user_id)
);

CREATE TABLE team_match_games (
  match_id             bigint NOT NULL REFERENCES team_matches (id),
  board                integer NOT NULL CHECK (board >= 1),
  number               integer NOT NULL CHECK (number IN (0, 1)),
  game_id              bigint NOT NULL UNIQUE REFERENCES games (id),
  a_white              boolean NOT NULL,
  PRIMARY KEY (match_id, board, number)
);

-- An Olympiad: its teams in seeding order, each team's player per board, and the event
-- (an all-play-all section) of each board, seat k of every section being team k.
CREATE TABLE olympiads (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  boards               integer NOT NULL CHECK (boards BETWEEN 1 AND 20),
  rated                boolean NOT NULL,
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL
);
CREATE UNIQUE INDEX olympiads_name_idx ON olympiads (lower(name));

CREATE TABLE olympiad_teams (
  olympiad_id          bigint NOT NULL REFERENCES olympiads (id),
  seed                 integer NOT NULL CHECK (seed >= 1),
  team_id              bigint NOT NULL REFERENCES teams (id),
  PRIMARY KEY (olympiad_id, seed),
  UNIQUE (olympiad_id, team_id)
);
CREATE INDEX olympiad_teams_team_idx ON olympiad_teams (team_id);

CREATE TABLE olympiad_players (
  olympiad_id          bigint NOT NULL REFERENCES olympiads (id),
  seed                 integer NOT NULL CHECK (seed >= 1),
  board                integer NOT NULL CHECK (board >= 1),
  user_id              bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (olympiad_id, seed, board),
  UNIQUE (olympiad_id, user_id)
);

CREATE TABLE olympiad_sections (
  olympiad_id          bigint NOT NULL REFERENCES olympiads (id),
  board                integer NOT NULL CHECK (board >= 1),
  event_id             bigint NOT NULL UNIQUE REFERENCES events (id),
  PRIMARY KEY (olympiad_id, board)
);
