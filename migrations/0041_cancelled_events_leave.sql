-- Leave goes with a cancelled event (rules.md 6.1, docs/api.md "Leave"): cancelling an event
-- cancels its approved periods and pending special-leave requests (db::cancel_event_leave).
-- Events cancelled before that was so (migration 0038's cancellation, before the fix of
-- 2026-12-01) kept them: they stayed in the players' calendars and in the directors' queue,
-- and counted against the players' allowance. They are cancelled here, as the cancellation
-- does now; periods already rejected or cancelled stay as they are.
UPDATE leave_periods SET status = 'cancelled'
WHERE status IN ('approved', 'pending')
  AND event_id IN (SELECT id FROM events WHERE status = 'cancelled');
