-- Ladies' titles (rules.md 6.12): whether a player may earn LGM and LIM norms and titles,
-- set by a director (audited as ladies_titles_changed). Off by default.
ALTER TABLE users ADD COLUMN ladies_titles boolean NOT NULL DEFAULT false;
