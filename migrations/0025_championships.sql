-- Multi-stage championships (rules.md 6.9, docs/api.md "Championships"): stages of sections
-- (each section an event of its own), a qualification rule per stage but the last, and the
-- qualifiers of each finished stage with why they qualified.
CREATE TABLE championships (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  variant              text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'chess960')),
  allow_518            boolean NOT NULL DEFAULT false,
  time_control         jsonb NOT NULL CHECK (jsonb_typeof(time_control) = 'object'),
  leave_days_per_year  integer NOT NULL DEFAULT 45 CHECK (leave_days_per_year BETWEEN 0 AND 366),
  draw_min_moves       integer NOT NULL DEFAULT 0 CHECK (draw_min_moves >= 0),
  ten_moves_rule       boolean NOT NULL DEFAULT true,
  silence_rule         boolean NOT NULL DEFAULT true,
  messages_allowed     boolean NOT NULL DEFAULT true,
  double_round         boolean NOT NULL DEFAULT false,
  rated                boolean NOT NULL DEFAULT true,
  country_spread       boolean NOT NULL DEFAULT false,
  -- The next stage starts by itself when a stage ends; false: a director starts it.
  auto_advance         boolean NOT NULL DEFAULT true,
  status               text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished')),
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL,
  finished_at          timestamptz
);
CREATE UNIQUE INDEX championships_name_idx ON championships (lower(name));

-- The stages in order; the last has no qualification rule (both numbers 0).
CREATE TABLE championship_stages (
  championship_id      bigint NOT NULL REFERENCES championships (id),
  number               integer NOT NULL CHECK (number >= 1),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  section_size         integer NOT NULL CHECK (section_size BETWEEN 2 AND 32),
  per_section          integer NOT NULL CHECK (per_section >= 0),
  best_runners_up      integer NOT NULL CHECK (best_runners_up >= 0),
  status               text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running',
                         'finished')),
  started_at           timestamptz,
  finished_at          timestamptz,
  PRIMARY KEY (championship_id, number)
);

CREATE TABLE stage_sections (
  championship_id      bigint NOT NULL,
  stage                integer NOT NULL,
  number               integer NOT NULL CHECK (number >= 1),
  event_id             bigint NOT NULL UNIQUE REFERENCES events (id),
  PRIMARY KEY (championship_id, stage, number),
  FOREIGN KEY (championship_id, stage) REFERENCES championship_stages (championship_id, number)
);

-- Who qualified from a finished stage, and why: their place in their section, or as one of
-- the best runners-up, with the score they had.
CREATE TABLE stage_qualifiers (
  championship_id      bigint NOT NULL,
  stage                integer NOT NULL,
  rank                 integer NOT NULL CHECK (rank >= 1),
  user_id              bigint NOT NULL REFERENCES users (id),
  section              integer NOT NULL,
  place                integer NOT NULL,
  score_halves         integer NOT NULL,
  games                integer NOT NULL,
  runner_up            boolean NOT NULL,
  PRIMARY KEY (championship_id, stage, rank),
  UNIQUE (championship_id, stage, user_id),
  FOREIGN KEY (championship_id, stage) REFERENCES championship_stages (championship_id, number)
);
