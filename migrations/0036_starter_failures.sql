-- The competition starter's items that failed (app/competition_items.h, rules.md 6.8): a
-- series' turn, a section to close, a cup's advance, a championship's stage to close or to
-- start, a section's norms. Each waits out a delay growing with its failures in a row
-- (core/competition/starter.h) before the scheduler tries it again, so a broken item neither
-- logs on every wake-up nor takes the place of sound ones in a bounded batch; a director's
-- run (POST /api/v1/admin/competitions/run) tries it at once. A success forgets it.
-- Directors read them at GET /api/v1/admin/competitions/failures.
CREATE TABLE starter_failures (
  kind text NOT NULL,
  item_id bigint NOT NULL,
  item text NOT NULL,  -- what it is: "championship 4: closing its finished stage"
  failures integer NOT NULL CHECK (failures > 0),
  failed_at timestamptz NOT NULL,
  retry_at timestamptz NOT NULL,
  last_error text NOT NULL,
  PRIMARY KEY (kind, item_id)
);
