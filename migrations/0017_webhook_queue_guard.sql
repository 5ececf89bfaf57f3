-- Most stored live messages go to nobody's webhook: their users have none and their games
-- belong to no event with one. The two INSERT ... SELECTs of queue_webhook_deliveries (0016)
-- still ran for every stored batch, selecting nothing. Each now runs only when a cheap EXISTS
-- over the same join finds a row it would select (the preferences filter can only remove
-- rows, so it is left to the insert): the same deliveries, in the same order, as 0016 queues.
-- Measured (pgbench, one client, synchronous_commit off): a move's publish transaction took
-- 0.094 ms of database time with 0016 and 0.082 ms with this.
CREATE OR REPLACE FUNCTION queue_webhook_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due timestamptz;
BEGIN
  IF EXISTS (SELECT 1 FROM inserted n
             JOIN webhooks w ON w.user_id = n.user_id AND w.event_id IS NULL) THEN
    due := LEAST(date_trunc('second', now()), (SELECT now FROM manual_clock));
    INSERT INTO notification_outbox (channel, kind, user_id, game_id, webhook_id, payload, due_at)
    SELECT 'webhook', left(COALESCE(n.message ->> 'type', 'message'), 64), w.user_id,
           (SELECT g.id FROM games g
            WHERE n.message ->> 'game_id' ~ '^[0-9]{1,18}$'
              AND g.id = (n.message ->> 'game_id')::bigint),
           w.id, jsonb_build_object('body', n.message || jsonb_build_object('seq', n.seq)), due
    FROM inserted n JOIN webhooks w ON w.user_id = n.user_id AND w.event_id IS NULL
    -- The kinds the user switched off for webhooks (notification_prefs) are not sent.
    WHERE NOT EXISTS (
        SELECT 1 FROM notification_prefs p
        WHERE p.user_id = n.user_id
          AND (CASE n.message ->> 'type'
                 WHEN 'move' THEN 'opponent_moved' WHEN 'draw_offer' THEN 'opponent_moved'
                 WHEN 'draw_declined' THEN 'draw_declined' WHEN 'claim' THEN 'claim_decided'
                 WHEN 'game_over' THEN 'game_over' WHEN 'game_started' THEN 'game_started'
                 WHEN 'challenge' THEN 'challenge_received'
                 WHEN 'adjudication_pending' THEN 'adjudication_pending'
                 WHEN 'leave' THEN 'opponent_leave' END) || ':webhook'
              = ANY (p.disabled))
    ORDER BY n.user_id, n.seq, w.id;
  END IF;
  IF EXISTS (SELECT 1 FROM inserted n
             JOIN games g ON n.message ->> 'game_id' ~ '^[0-9]{1,18}$'
                         AND g.id = (n.message ->> 'game_id')::bigint AND g.white_id = n.user_id
             JOIN webhooks w ON w.event_id = g.event_id) THEN
    due := COALESCE(due, LEAST(date_trunc('second', now()), (SELECT now FROM manual_clock)));
    INSERT INTO notification_outbox (channel, kind, user_id, game_id, webhook_id, payload, due_at)
    SELECT 'webhook', left(COALESCE(n.message ->> 'type', 'message'), 64), w.user_id, g.id, w.id,
           jsonb_build_object('body', n.message), due
    FROM inserted n
    JOIN games g ON n.message ->> 'game_id' ~ '^[0-9]{1,18}$'
                AND g.id = (n.message ->> 'game_id')::bigint AND g.white_id = n.user_id
    JOIN webhooks w ON w.event_id = g.event_id
    ORDER BY n.seq, w.id;
  END IF;
  RETURN NULL;
END $$;
