-- The director's evidence (rules.md 6.5): an event may let the server decide the games that
-- reach its end date in a position the evidence proves (a tablebase result, a dead
-- position), audited as adjudicated_automatically. Off by default.
ALTER TABLE events ADD COLUMN auto_adjudicate boolean NOT NULL DEFAULT false;
