"""A tournament director runs an event in the browser: creates it with three players picked
in the form, adds a fourth with the picker, starts it, the players see their games in their
lists, and a result the director enters for a picked game (no result chosen beforehand)
shows in the event's crosstable."""

import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

PLAYERS = ["anna", "boris", "chen", "dilan"]


def admin_game(test, game_id):
    return support.Api(test.base, *support.ADMIN).call("GET", "/api/v1/games/" + game_id)


class DirectorRunsAnEvent(support.ServerTestCase):
    users = PLAYERS

    def test_event_with_four_players(self):
        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.find_element(By.LINK_TEXT, "Director").click()
        wait(td, lambda d: d.find_elements(By.ID, "ev-name"), message="director page")
        td.find_element(By.ID, "ev-name").send_keys("Autumn <i>Cup</i>")
        # Three players picked in the form, the fourth added to the event afterwards.
        for player in PLAYERS[:3]:
            support.pick_player(td, "ev-players", player)
        button(td, "Create event").click()
        wait(td, lambda d: d.find_element(By.ID, "run-event").get_attribute("value") != "", message="created")
        event_id = td.find_element(By.ID, "run-event").get_attribute("value")
        support.pick_player(td, "ev-add", PLAYERS[3])
        button(td, "Add players").click()
        wait(td, lambda d: "Added dilan." in d.find_element(By.CSS_SELECTOR, ".run-event").text, message="added")
        button(td, "Start event").click()
        wait(td, lambda d: d.current_url.endswith("/events/" + event_id), message="event page")
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, "ul.event-games li"), message="games listed")
        self.assertEqual(td.find_element(By.TAG_NAME, "h1").text, "Autumn <i>Cup</i>")
        games = td.find_elements(By.CSS_SELECTOR, "ul.event-games li a")
        self.assertEqual(len(games), 6)
        first = games[0]
        game_id = first.get_attribute("href").rsplit("/", 1)[1]
        white, black = [s.strip() for s in first.text.split(":", 1)[1].split("–")]

        # Every player finds their three games in their list.
        for player in PLAYERS:
            d = support.chromium()
            try:
                support.login(d, self.base, player, self.passwords[player])
                wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.game-table tr[data-game]"),
                     message="%s's games" % player)
                rows = d.find_elements(By.CSS_SELECTOR, "section.game-table tr[data-game]")
                self.assertEqual(len(rows), 3, player)
                self.assertIn("Autumn <i>Cup</i>", d.find_element(By.CSS_SELECTOR, "section.game-table").text)
            finally:
                d.quit()

        # The director decides the first game; the crosstable shows it.
        td.find_element(By.LINK_TEXT, "Director").click()
        # The result is picked: the event, then its game; no result is chosen beforehand.
        wait(td, lambda d: d.find_elements(By.ID, "res-game"))
        support.choose(td, "res-event", event_id)
        support.choose(td, "res-game", game_id)
        td.find_element(By.ID, "res-reason").send_keys("the black player withdrew")
        self.assertEqual(td.find_element(By.ID, "res-result").get_attribute("value"), "")
        button(td, "Enter result").click()
        wait(td, lambda d: "Choose a result first" in d.find_element(By.CSS_SELECTOR, ".director").text,
             message="no default result")
        self.assertEqual(admin_game(self, game_id)["status"], "ongoing")
        support.choose(td, "res-result", "1-0")
        button(td, "Enter result").click()
        wait(td, lambda d: "Result 1-0 entered" in d.find_element(By.CSS_SELECTOR, ".director").text,
             message="result entered")
        td.get("%s/events/%s" % (self.base, event_id))
        cell = lambda who, against: td.find_element(
            By.XPATH, "//table[@class='crosstable']//tr[@data-player='%s']/td[@class='cell'][%d]"
            % (who, PLAYERS.index(against) + 1)).text
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, "table.crosstable tr[data-player]"))
        self.assertEqual(cell(white, black), "1a")  # "a": decided by adjudication
        self.assertEqual(cell(black, white), "0a")
        score = td.find_element(By.XPATH, "//tr[@data-player='%s']/td[@class='score']" % white).text
        self.assertEqual(score, "1")
        td.save_screenshot(support.artifact_path("event-crosstable.png"))


class ResultOutsideEvents(support.ServerTestCase):
    """A game outside events is picked, not typed: the director picks one of its players and
    then the game among that player's games (GET /api/v1/admin/users/{username}/games)."""

    users = ("anna", "boris")

    def test_result_for_a_picked_game(self):
        admin = support.Api(self.base, *support.ADMIN)
        tc = {"type": "iccf", "moves": 10, "days": 50}
        admin.call("POST", "/api/v1/admin/games", {"white": "boris", "black": "anna", "time_control": tc})
        game_id = admin.call("POST", "/api/v1/admin/games",
                             {"white": "anna", "black": "boris", "time_control": tc})["id"]
        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.find_element(By.LINK_TEXT, "Director").click()
        wait(td, lambda d: d.find_elements(By.ID, "res-player-search"), message="result form")
        form = td.find_element(By.ID, "res-player").find_element(By.XPATH, "ancestor::details")
        form.find_element(By.TAG_NAME, "summary").click()
        support.pick_player(td, "res-player", "anna")
        support.choose(td, "res-player-game", game_id)
        option = td.find_element(By.CSS_SELECTOR, "#res-player-game option[value='%s']" % game_id).text
        self.assertEqual(option, "Game %s: anna – boris, no event (ongoing)" % game_id)
        self.assertEqual(len(td.find_elements(By.CSS_SELECTOR, "#res-player-game option[value]:not([value=''])")), 2)
        td.find_element(By.ID, "res-reason").send_keys("both players agreed by mail")
        support.choose(td, "res-result", "1/2-1/2")
        support.choose(td, "res-termination", "agreement")
        button(td, "Enter result").click()
        wait(td, lambda d: "Result 1/2-1/2 entered" in d.find_element(By.CSS_SELECTOR, ".director").text,
             message="result entered")
        game = admin_game(self, game_id)
        self.assertEqual((game["status"], game["result"], game["termination"]), ("finished", "1/2-1/2", "agreement"))


class DirectorChangesAndCancelsAnEvent(support.ServerTestCase):
    """The director renames an event and moves its end date in the "Run an event" panel, then
    cancels it there; the event page then says it was cancelled and why, and offers no
    entry."""

    users = ("anna", "boris")

    def open_sub_form(self, driver, field_id):
        """Brings the sub-form of `field_id` into view (the panel's sub-forms are always open)."""
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", driver.find_element(By.ID, field_id))

    def test_change_then_cancel(self):
        admin = support.Api(self.base, *support.ADMIN)
        event_id = admin.call("POST", "/api/v1/admin/events", {
            "name": "Spring open", "time_control": {"type": "iccf"}, "players": ["anna", "boris"],
            "open_for_entry": True, "end_at": "2040-01-01T00:00:00Z"})["id"]
        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.find_element(By.LINK_TEXT, "Director").click()
        wait(td, lambda d: d.find_elements(By.ID, "ec-name"), message="director page")
        support.choose(td, "run-event", event_id)

        # Nothing entered: the form says so and sends nothing.
        self.open_sub_form(td, "ec-name")
        button(td, "Change").click()
        wait(td, lambda d: "Change a setting first: a name, a date, entry, rating or a limit." in
             d.find_element(By.CSS_SELECTOR, ".run-event").text, message="nothing to change")

        td.find_element(By.ID, "ec-name").send_keys("Spring open, group 1")
        end = td.find_element(By.ID, "ec-end-at")
        td.execute_script("arguments[0].value = '2041-05-01T12:00'", end)
        td.execute_script("arguments[0].value = '2039-06-01T09:00'", td.find_element(By.ID, "ec-start-at"))
        td.find_element(By.ID, "ec-reason").send_keys("more time")
        button(td, "Change").click()
        wait(td, lambda d: "Changed Spring open, group 1." in d.find_element(By.CSS_SELECTOR, ".run-event").text,
             message="changed")
        expected_end = td.execute_script("return new Date('2041-05-01T12:00').toISOString().replace('.000Z', 'Z')")
        shown = admin.call("GET", "/api/v1/events/" + event_id)
        self.assertEqual(shown["name"], "Spring open, group 1")
        self.assertEqual(shown["end_at"], expected_end)
        expected_start = td.execute_script("return new Date('2039-06-01T09:00').toISOString().replace('.000Z', 'Z')")
        self.assertEqual(shown["start_at"], expected_start)
        records = admin.call("GET", "/api/v1/admin/audit?event_id=" + event_id)["records"]
        changed = [r for r in records if r["action"] == "event_changed"]
        self.assertEqual(len(changed), 1, records)
        self.assertEqual(changed[0]["reason"], "more time")

        # Entry, rating and the limits (before the start): set, then one limit removed. The
        # form was emptied after the first change, so only what is chosen now is sent.
        support.choose(td, "ec-open-for-entry", "false")
        support.choose(td, "ec-rated", "false")
        td.find_element(By.ID, "ec-max-players").send_keys("10")
        td.find_element(By.ID, "ec-min-rating").send_keys("1500")
        td.find_element(By.ID, "ec-max-rating").send_keys("2300")
        button(td, "Change").click()
        wait(td, lambda d: d.find_element(By.ID, "ec-max-players").get_attribute("value") == "", message="changed again")
        shown = admin.call("GET", "/api/v1/events/" + event_id)
        settings = shown["settings"]
        self.assertEqual((settings["open_for_entry"], settings["rated"], settings["max_players"],
                          settings["min_rating"], settings["max_rating"]), (False, False, 10, 1500, 2300))
        self.assertEqual(shown["name"], "Spring open, group 1", "a setting left empty is kept")
        self.assertEqual(shown["end_at"], expected_end)

        td.find_element(By.ID, "ec-no-min-rating").click()
        td.find_element(By.ID, "ec-max-players").send_keys("12")
        td.find_element(By.ID, "ec-no-max-players").click()  # the box wins over the number
        support.choose(td, "ec-open-for-entry", "true")
        button(td, "Change").click()
        wait(td, lambda d: not d.find_element(By.ID, "ec-no-min-rating").is_selected(), message="limits removed")
        settings = admin.call("GET", "/api/v1/events/" + event_id)["settings"]
        self.assertEqual((settings["open_for_entry"], settings["rated"], settings["max_players"],
                          settings["min_rating"], settings["max_rating"]), (True, False, None, None, 2300))

        # The server's refusal is shown and changes nothing: a lowest rating above the highest.
        td.find_element(By.ID, "ec-min-rating").send_keys("2400")
        button(td, "Change").click()
        wait(td, lambda d: "Min_rating must not exceed max_rating." in d.find_element(By.CSS_SELECTOR, ".run-event").text,
             message="refused")
        self.assertIsNone(admin.call("GET", "/api/v1/events/" + event_id)["settings"]["min_rating"])
        changed = [r for r in admin.call("GET", "/api/v1/admin/audit?event_id=" + event_id)["records"]
                   if r["action"] == "event_changed"]
        self.assertEqual(len(changed), 3, changed)
        td.execute_script("arguments[0].scrollIntoView()", td.find_element(By.ID, "ec-open-for-entry"))
        td.save_screenshot(support.artifact_path("event-change-form.png"))

        self.open_sub_form(td, "ev-cancel-reason")
        td.find_element(By.ID, "ev-cancel-reason").send_keys("too few entries")
        button(td, "Cancel the event").click()
        wait(td, lambda d: "Cancelled Spring open, group 1; its players are told." in
             d.find_element(By.CSS_SELECTOR, ".run-event").text, message="cancelled")
        self.assertEqual(admin.call("GET", "/api/v1/events/" + event_id)["status"], "cancelled")

        td.get(self.base + "/events/" + event_id)
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, "p.cancelled"), message="event page")
        self.assertIn("too few entries", td.find_element(By.CSS_SELECTOR, "p.cancelled").text)
        self.assertTrue(td.find_element(By.CSS_SELECTOR, "p.cancelled").text.startswith("Cancelled "))
        self.assertEqual([b.text for b in td.find_elements(By.XPATH, "//button[normalize-space()='Join']")], [])
        self.assertEqual(td.find_elements(By.ID, "adj-game"), [], "no adjudication claims in a cancelled event")
        self.assertIn("It was cancelled before its start: it has no games.", td.find_element(By.TAG_NAME, "main").text)
        td.save_screenshot(support.artifact_path("event-cancelled.png"))

        # The events list says cancelled, not "open for entry" (it was open before).
        td.get(self.base + "/events")
        row = "//main//table[contains(@class,'list')]//tr[td/a[@href='/events/%s']]" % event_id
        wait(td, lambda d: d.find_elements(By.XPATH, row), message="listed")
        self.assertEqual(td.find_element(By.XPATH, row + "/td[2]").text, "cancelled")


class AdjudicationClaims(support.ServerTestCase):
    """After an event's end date a player files an adjudication claim on the event page; the
    director reads it there (its analysis as text)."""

    users = ("anna", "boris")
    env = {"CORRCHESS_CLOCK": "manual"}

    def test_claim_filed_and_read(self):
        admin = support.Api(self.base, *support.ADMIN)
        event = admin.call("POST", "/api/v1/admin/events", {
            "name": "Short", "players": ["anna", "boris"], "end_at": "2027-01-01T00:00:00Z",
            "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        game_id = admin.call("POST", "/api/v1/admin/events/%s/start" % event["id"])["games"][0]["id"]
        admin.call("POST", "/api/v1/admin/clock", {"now": "2027-01-02T00:00:00Z"})
        for _ in range(200):  # the scheduler marks the game once it sees the new time
            if admin.call("GET", "/api/v1/games/" + game_id)["status"] == "adjudication_pending":
                break
            time.sleep(0.05)
        anna = support.chromium()
        self.addCleanup(anna.quit)
        support.login(anna, self.base, "anna", self.passwords["anna"])
        anna.get("%s/events/%s" % (self.base, event["id"]))
        wait(anna, lambda d: d.find_elements(By.ID, "adj-game"), message="claim form")
        anna.find_element(By.ID, "adj-game").send_keys(game_id)
        anna.find_element(By.ID, "adj-analysis").send_keys("1. e4 <b>wins</b>")
        button(anna, "Send claim").click()
        wait(anna, lambda d: "Claim sent to the director." in d.find_element(By.TAG_NAME, "main").text,
             message="claim sent")
        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.get("%s/events/%s" % (self.base, event["id"]))
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, "section.adjudications"), message="adjudication")
        text = td.find_element(By.CSS_SELECTOR, "section.adjudications").text
        self.assertIn("anna: claims a win", text)
        self.assertIn("1. e4 <b>wins</b>", text)
        self.assertIn("boris: no claim (counts as a draw claim)", text)
        self.assertEqual(td.find_elements(By.CSS_SELECTOR, "section.adjudications b"), [])


class CompetitionStarter(support.ServerTestCase):
    """A championship whose finished stage cannot close (a stale qualifier row left in the
    database) shows in the director page's competition starter, with what it is, how often it
    failed and why; repaired, "Run now" closes the stage, starts the final and empties the
    list."""
    users = ["ann", "ben"]

    def test_a_failing_item_is_listed_and_run_again(self):
        admin = support.Api(self.base, *support.ADMIN)
        c = admin.call("POST", "/api/v1/admin/championships", {
            "name": "Stuck Championship", "time_control": {"type": "iccf", "moves": 10, "days": 50},
            "players": ["ann", "ben"],
            "stages": [{"name": "Qualifier", "section_size": 2, "per_section": 2},
                       {"name": "Final", "section_size": 2}]})
        support.psql(self.db.url, "INSERT INTO stage_qualifiers (championship_id, stage, rank, user_id, section, "
                     "place, score_halves, games, runner_up) SELECT %s, 1, 1, id, 1, 1, 0, 0, false FROM users "
                     "WHERE username = 'ben'" % int(c["id"]))
        section = c["stages"][0]["sections"][0]["event_id"]
        for game in admin.call("GET", "/api/v1/events/" + section)["games"]:
            player = game["white"]
            support.Api(self.base, player, self.passwords[player]).call(
                "POST", "/api/v1/games/%s/resign" % game["id"])

        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.get(self.base + "/director")
        run = wait(td, lambda d: d.find_elements(By.ID, "starter-run"), message="starter panel")[0]
        td.execute_script("arguments[0].scrollIntoView({block: 'center'})", run)
        run.click()
        panel = lambda: td.find_element(By.CSS_SELECTOR, "section.starter")
        wait(td, lambda d: "1 item failed." in panel().text, message="the run's failure said")
        row = "section.starter tr[data-kind='stage_close'][data-item='%s']" % c["id"]
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, row), message="the failed item listed")
        text = td.find_element(By.CSS_SELECTOR, row).text
        self.assertIn("championship %s: closing its finished stage" % c["id"], text)
        self.assertIn("database error", text)
        self.assertIn("Failed items (1)", panel().text)
        td.save_screenshot(support.artifact_path("director-starter-failure.png"))

        support.psql(self.db.url, "DELETE FROM stage_qualifiers WHERE championship_id = %s" % int(c["id"]))
        run.click()
        wait(td, lambda d: "No item is failing." in panel().text, message="the list emptied")
        self.assertNotIn("failed", panel().find_element(By.CSS_SELECTOR, ".done").text)
        stages = admin.call("GET", "/api/v1/championships/" + c["id"])["stages"]
        self.assertEqual([s["status"] for s in stages], ["finished", "running"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
