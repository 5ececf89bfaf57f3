-- The server's notion of "now" when it runs with CORRCHESS_CLOCK=manual (test clock).
-- One row, shared by every instance; it only ever moves forward.
CREATE TABLE manual_clock (
  id   boolean PRIMARY KEY DEFAULT true CHECK (id),
  now  timestamptz NOT NULL
);
