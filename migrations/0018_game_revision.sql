-- A game's revision: a number that changes whenever anything a command reads of the game
-- changes (db::load_game: the game row, its moves, events, pending move and conditional
-- lines, its players' names, address and role, their approved leave). Each server instance
-- keeps the games it last committed in memory (app/game_cache.h) under their revision; a
-- command locks the row, reads the revision and reads the rest only when its copy is not of
-- that revision. `version` (the API's) does not serve: a pending move changes what a command
-- reads without being a change of the game its opponent sees.
--
-- Who bumps it:
--   * every UPDATE of the row, by the trigger below (unless the statement already set a new
--     revision), so the cached columns, the snapshot, a replaced player, "use 40+ days" ...;
--   * the statements that write pending moves and conditional lines update the row in the
--     same statement (db/games.cpp), and moves are only inserted with the row's update;
--   * the triggers below for game events, and for users and leave periods, which belong to
--     every game of their user.
ALTER TABLE games ADD COLUMN revision bigint NOT NULL DEFAULT 0;

-- The statements of the move path set the new revision themselves, so the WHEN clause spares
-- them the function call.
CREATE FUNCTION games_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER games_next_revision BEFORE UPDATE ON games
  FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION games_next_revision();

-- The games of the changed rows' game_id (game events, moves changed after the fact).
CREATE FUNCTION bump_game_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET revision = revision + 1
  WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.game_id ELSE NEW.game_id END);
  RETURN NULL;
END $$;

CREATE TRIGGER game_events_bump_revision AFTER INSERT OR UPDATE OR DELETE ON game_events
  FOR EACH ROW EXECUTE FUNCTION bump_game_revision();
-- Moves are inserted with the row's update (db::store_change); nothing changes or deletes
-- them, but if anything ever does, the copies must not survive it.
CREATE TRIGGER moves_bump_revision AFTER UPDATE OR DELETE ON moves
  FOR EACH ROW EXECUTE FUNCTION bump_game_revision();

-- Every game of a user whose leave periods changed.
CREATE FUNCTION bump_leave_games_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE games SET revision = revision + 1 WHERE white_id = OLD.user_id OR black_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
    UPDATE games SET revision = revision + 1 WHERE white_id = NEW.user_id OR black_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leave_periods_bump_revision AFTER INSERT OR UPDATE OR DELETE ON leave_periods
  FOR EACH ROW EXECUTE FUNCTION bump_leave_games_revision();

-- Every game of a user whose name, address or role changed.
CREATE FUNCTION bump_user_games_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET revision = revision + 1 WHERE white_id = NEW.id OR black_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_bump_revision AFTER UPDATE OF username, display_name, email, role ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
        OR OLD.display_name IS DISTINCT FROM NEW.display_name
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION bump_user_games_revision();
