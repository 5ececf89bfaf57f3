-- A director changes an event after creating it, or cancels one that has not started
-- (docs/api.md "Events": PATCH /admin/events/{id}, POST /admin/events/{id}/cancel). A
-- cancelled event keeps its row, its entries and its audit records; it never starts.
ALTER TABLE events DROP CONSTRAINT events_status_check;
ALTER TABLE events ADD CONSTRAINT events_status_check
  CHECK (status IN ('registration', 'running', 'cancelled'));
ALTER TABLE events DROP CONSTRAINT events_running_position;
ALTER TABLE events ADD CONSTRAINT events_running_position
  CHECK (status <> 'running' OR variant = 'standard' OR start_position IS NOT NULL);
-- changed_at: the last change a director made (none: as created); dates_revision counts the
-- changes of its start or end date (the calendar entries' SEQUENCE, RFC 5545 3.8.7.4).
ALTER TABLE events
  ADD COLUMN changed_at timestamptz,
  ADD COLUMN dates_revision integer NOT NULL DEFAULT 0 CHECK (dates_revision >= 0),
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 2000),
  ADD CONSTRAINT events_cancelled CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL) AND
                                         (cancelled_at IS NULL) = (cancel_reason IS NULL));

-- The kinds of the new live messages (docs/api.md "Webhooks"): a cancelled event and a
-- moved start or end date are `competition` news. `championship_qualified` (migration 0025)
-- was missing here, so a player who switched competition webhooks off still got it.
CREATE OR REPLACE FUNCTION notification_kind_of(message_type text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE message_type
           WHEN 'move' THEN 'opponent_moved' WHEN 'draw_offer' THEN 'opponent_moved'
           WHEN 'draw_declined' THEN 'draw_declined' WHEN 'claim' THEN 'claim_decided'
           WHEN 'game_over' THEN 'game_over' WHEN 'game_started' THEN 'game_started'
           WHEN 'challenge' THEN 'challenge_received'
           WHEN 'adjudication_pending' THEN 'adjudication_pending'
           WHEN 'leave' THEN 'opponent_leave'
           WHEN 'series_section_started' THEN 'competition'
           WHEN 'series_entry_expired' THEN 'competition'
           WHEN 'series_entry_removed' THEN 'competition'
           WHEN 'promotion_credit' THEN 'competition'
           WHEN 'championship_qualified' THEN 'competition'
           WHEN 'event_cancelled' THEN 'competition'
           WHEN 'event_dates_changed' THEN 'competition' END
$$;
