-- The events list's running and finished statuses (GET /api/v1/events?status=running|finished,
-- db::list_events and db::count_events): whether an event still has a game not over. At a
-- federation's size (2,000 sections, bench/reads at scale 1.0) that was one probe of
-- games_event_status_idx per event and status not over, 12 ms for the count of a page
-- alone; with this index it is one probe per event of the games not over (about 5 % of the
-- games). The statuses are those core/game/facts.h does not call over.
CREATE INDEX games_open_event_idx ON games (event_id)
  WHERE status IN ('not_started', 'ongoing', 'adjudication_pending') AND event_id IS NOT NULL;
