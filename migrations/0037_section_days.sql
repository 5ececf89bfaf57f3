-- A playing period for the sections of series and championships (rules.md 6.8, 6.9): each
-- section's event ends `section_days` days after it starts (its end date, rules.md 6.5:
-- games still in play then await adjudication), and `auto_adjudicate` is that event's
-- setting (rules.md 6.5). NULL: sections without an end date, as before.
ALTER TABLE series
  ADD COLUMN section_days integer CHECK (section_days IS NULL OR section_days BETWEEN 1 AND 3650),
  ADD COLUMN auto_adjudicate boolean NOT NULL DEFAULT false;
ALTER TABLE championships
  ADD COLUMN section_days integer CHECK (section_days IS NULL OR section_days BETWEEN 1 AND 3650),
  ADD COLUMN auto_adjudicate boolean NOT NULL DEFAULT false;
