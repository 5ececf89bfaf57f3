-- The notification kind of a live message's type (docs/api.md "Webhooks"), in one function
-- instead of a CASE inside the webhook trigger, so a new kind changes one small function:
-- the series messages (0022) count as the kind `competition`. queue_webhook_deliveries is
-- 0017's, with the CASE replaced by a call.
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
           WHEN 'promotion_credit' THEN 'competition' END
$$;

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
          AND notification_kind_of(n.message ->> 'type') || ':webhook' = ANY (p.disabled))
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
