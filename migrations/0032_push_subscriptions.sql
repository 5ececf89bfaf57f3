-- Web Push (docs/api.md "Web Push"): the browsers (phones, desktops) a player subscribed, one
-- row per push subscription as the browser gives it (PushSubscription.toJSON()): the push
-- service's endpoint and the keys its messages are encrypted for (RFC 8291), base64url.
-- Notifications for them are outbox rows of channel 'push', one per subscription, written
-- with the mails by the same decisions; a subscription the push service says is gone (404,
-- 410) is deleted with its pending rows.
CREATE TABLE push_subscriptions (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint         text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 2000),
  p256dh           text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth             text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_success_at  timestamptz,
  failure_count    integer NOT NULL DEFAULT 0 CHECK (failure_count >= 0)
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);

ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_channel_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_channel_check
  CHECK (channel IN ('email', 'webhook', 'push'));
ALTER TABLE notification_outbox
  ADD COLUMN push_subscription_id bigint REFERENCES push_subscriptions (id) ON DELETE CASCADE;
CREATE INDEX notification_outbox_push_idx ON notification_outbox (push_subscription_id)
  WHERE push_subscription_id IS NOT NULL;
