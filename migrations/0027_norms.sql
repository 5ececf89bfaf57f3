-- Title norms and titles (rules.md 6.12). When a rated section is over, the competition
-- starter stores the norms its players reached; a player holding enough norms is awarded the
-- title.

-- Sections whose games changed in a way that can change norms (a game ended, a result was
-- set or annulled): the starter's work list. Written by a trigger as plain inserts (no key a
-- concurrent command could wait on), emptied by the starter.
CREATE TABLE norm_checks (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id  bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE
);
CREATE INDEX norm_checks_event_idx ON norm_checks (event_id);

CREATE FUNCTION games_norm_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO norm_checks (event_id)
    SELECT eg.event_id FROM event_games eg JOIN events e ON e.id = eg.event_id
     WHERE eg.game_id = NEW.id AND e.rated;
  RETURN NEW;
END $$;
CREATE TRIGGER games_norm_check AFTER UPDATE ON games FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.result IS DISTINCT FROM NEW.result
        OR OLD.termination IS DISTINCT FROM NEW.termination)
  EXECUTE FUNCTION games_norm_check();

-- The norms a player reached in a section that is over: one row per title (a GM norm is also
-- listed as SIM and IM), replaced when a result of the section changes.
CREATE TABLE norms (
  user_id      bigint NOT NULL REFERENCES users (id),
  event_id     bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (title IN ('GM', 'SIM', 'IM', 'LGM', 'LIM')),
  games        integer NOT NULL CHECK (games >= 1),
  performance  integer NOT NULL,
  category     integer NOT NULL CHECK (category >= 0),
  recorded_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, event_id, title)
);
CREATE INDEX norms_event_idx ON norms (event_id);

-- Titles awarded (never taken back by the server: a director's correction is for people).
CREATE TABLE titles (
  user_id     bigint NOT NULL REFERENCES users (id),
  title       text NOT NULL CHECK (title IN ('GM', 'SIM', 'IM', 'LGM', 'LIM')),
  awarded_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, title)
);

-- Rated sections running now are checked once.
INSERT INTO norm_checks (event_id) SELECT id FROM events WHERE status = 'running' AND rated;
