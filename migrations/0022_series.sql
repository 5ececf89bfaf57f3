-- Tournament series with continuous entry (rules.md 6.8, docs/api.md "Series"): a director
-- defines a series once; players join its waiting list; a section (an event of its own)
-- starts by itself as soon as enough players wait. Classes admit by rating or by a
-- promotion credit earned in the series below; thematic series start every game from a
-- set position.

-- Thematic events: every game of the section starts from this position (FEN); NULL: the
-- variant's start.
ALTER TABLE events ADD COLUMN initial_fen text CHECK (initial_fen IS NULL OR
  length(initial_fen) BETWEEN 1 AND 120);

CREATE TABLE series (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- What every section's event gets (the columns of events with the same names).
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
  -- Thematic series: the opening as the director gave it (SAN moves or a FEN) and the
  -- position it reaches, which every game starts from.
  opening              text CHECK (opening IS NULL OR length(opening) BETWEEN 1 AND 2000),
  initial_fen          text CHECK (initial_fen IS NULL OR length(initial_fen) BETWEEN 1 AND 120),
  -- Sections (core/competition/series.h SectionRules).
  section_size         integer NOT NULL CHECK (section_size BETWEEN 3 AND 32),
  min_section_size     integer NOT NULL DEFAULT 0 CHECK (min_section_size = 0 OR
                         min_section_size BETWEEN 3 AND section_size),
  max_wait_seconds     bigint NOT NULL DEFAULT 0 CHECK (max_wait_seconds >= 0),
  country_spread       boolean NOT NULL DEFAULT false,
  -- Entry conditions (ClassGate and the series' own).
  min_rating           integer CHECK (min_rating BETWEEN 0 AND 4000),
  max_rating           integer CHECK (max_rating BETWEEN 0 AND 4000),
  unrated_allowed      boolean NOT NULL DEFAULT true,
  credit_from_series   bigint REFERENCES series (id),
  min_finished_games   integer NOT NULL DEFAULT 0 CHECK (min_finished_games BETWEEN 0 AND 10000),
  -- Promotion (PromotionRule): who earns a credit for the class above, valid this long.
  promote_max_place    integer CHECK (promote_max_place >= 1),
  promote_min_percent  integer CHECK (promote_min_percent BETWEEN 1 AND 100),
  credit_valid_days    integer NOT NULL DEFAULT 365 CHECK (credit_valid_days BETWEEN 1 AND 3660),
  status               text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paused')),
  created_by           bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL,
  CONSTRAINT series_rating_band CHECK (min_rating IS NULL OR max_rating IS NULL OR
                                       min_rating <= max_rating),
  CONSTRAINT series_smaller_sections CHECK (min_section_size = 0 OR max_wait_seconds > 0),
  CONSTRAINT series_thematic CHECK ((opening IS NULL) = (initial_fen IS NULL))
);
CREATE UNIQUE INDEX series_name_idx ON series (lower(name));

-- The sections a series started, numbered from 1 in each series. closed_at: when the
-- starter saw every game over and handed out the promotion credits.
CREATE TABLE series_sections (
  series_id            bigint NOT NULL REFERENCES series (id),
  number               integer NOT NULL CHECK (number >= 1),
  event_id             bigint NOT NULL UNIQUE REFERENCES events (id),
  started_at           timestamptz NOT NULL,
  closed_at            timestamptz,
  PRIMARY KEY (series_id, number)
);
CREATE INDEX series_sections_open_idx ON series_sections (series_id) WHERE closed_at IS NULL;

-- Entries: waiting, then placed in a section (started), or taken back (left), expired
-- after the series' maximum wait, or removed by a director (with the reason).
CREATE TABLE series_entries (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series_id            bigint NOT NULL REFERENCES series (id),
  user_id              bigint NOT NULL REFERENCES users (id),
  entered_at           timestamptz NOT NULL,
  -- How the class admitted the player: by rating, as unrated, or by a promotion credit.
  admission            text NOT NULL CHECK (admission IN ('rating', 'unrated', 'credit')),
  status               text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'started',
                         'left', 'expired', 'removed')),
  event_id             bigint REFERENCES events (id),
  closed_at            timestamptz,
  reason               text,
  removed_by           bigint REFERENCES users (id),
  CONSTRAINT series_entries_started CHECK ((status = 'started') = (event_id IS NOT NULL)),
  CONSTRAINT series_entries_closed CHECK ((status = 'waiting') = (closed_at IS NULL))
);
-- One waiting entry per player and series: the database refuses a second.
CREATE UNIQUE INDEX series_entries_waiting_idx ON series_entries (series_id, user_id)
  WHERE status = 'waiting';
CREATE INDEX series_entries_user_idx ON series_entries (user_id, id DESC);

-- Promotion credits: earned by a place or score in a section of `series_id`, admitting the
-- player once to any class whose credit_from_series is that series, until expires_at.
CREATE TABLE promotion_credits (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id              bigint NOT NULL REFERENCES users (id),
  series_id            bigint NOT NULL REFERENCES series (id),
  event_id             bigint NOT NULL REFERENCES events (id),
  place                integer NOT NULL,
  score_halves         integer NOT NULL,
  games                integer NOT NULL,
  earned_at            timestamptz NOT NULL,
  expires_at           timestamptz NOT NULL,
  used_at              timestamptz,
  used_by_entry        bigint REFERENCES series_entries (id),
  UNIQUE (user_id, event_id),
  CONSTRAINT promotion_credits_used CHECK ((used_at IS NULL) = (used_by_entry IS NULL))
);
CREATE INDEX promotion_credits_user_idx ON promotion_credits (user_id, series_id)
  WHERE used_at IS NULL;
