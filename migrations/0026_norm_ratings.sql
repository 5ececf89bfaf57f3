-- Title norms (rules.md 6.12): the rating each player brought to a section, fixed when the
-- section starts (and when a replacement takes a seat), so that a section's category and
-- norm targets do not move with the rating lists published while it runs. NULL: unrated
-- at the start.
ALTER TABLE event_players ADD COLUMN start_rating integer;

-- Sections already running: the latest list of their pool is the best rating known.
UPDATE event_players ep
   SET start_rating = round(re.rating)::integer
  FROM events ev, rating_list_entries re
 WHERE ev.id = ep.event_id
   AND ev.status = 'running'
   AND ep.status <> 'replaced'
   AND re.user_id = ep.user_id
   AND re.list_id = (SELECT l.id FROM rating_lists l
                      WHERE l.pool = CASE WHEN ev.variant = 'chess960' THEN 'chess960'
                                          ELSE 'standard' END
                      ORDER BY l.first_day DESC, l.version DESC LIMIT 1);
