-- Player profiles: country (ISO 3166-1 alpha-2), the time zone a player reads dates in (an
-- IANA name; clients use it for display, the rules keep the server's zone) and the
-- preferred language (a BCP 47 tag). All optional. Usernames are searched by prefix.
ALTER TABLE users ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE users ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);
ALTER TABLE users ADD COLUMN language text CHECK (language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
