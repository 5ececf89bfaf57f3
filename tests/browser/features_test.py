"""What players expect beyond playing (issue #34): stepping through a game's moves (move list
clicks and the arrow keys, marked as not the current position, no move possible meanwhile)
in a compact two-column move list; the "your move" count in the navigation and the "Next
game" button; mini-boards and both clocks in the games list; the full challenge form and
open challenges with ratings; the landing page for signed-out visitors. Screenshots at
1280 and 390 px."""

import sys
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import support
from support import button, wait

GAME = "https://lichess.org/q7s1nprp"  # 1.b3 e5 ... 8.f3 Bf2#, 0-1 (tests/data/pgn)


def fen(d):
    return d.find_element(By.CSS_SELECTOR, ".board-col .board").get_attribute("data-fen")


class Features(support.ServerTestCase):
    users = ("alice", "bob", "carl")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)
        cls.api = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}

    def new_game(self, white, black, moves=(), **extra):
        body = {"white": white, "black": black, "time_control": {"type": "iccf", "moves": 10, "days": 50}}
        body.update(extra)
        game = self.admin.call("POST", "/api/v1/admin/games", body)
        path = "/api/v1/games/%s" % game["id"]
        players = [self.api[white], self.api[black]]
        for i, san in enumerate(moves):
            players[i % 2].call("POST", path + "/moves", {"move": san})
            players[i % 2].call("POST", path + "/moves/accept", {"move": san})
        return players[0].call("GET", path)

    def test_step_through_the_moves(self):
        moves = support.pgn_game(GAME)[:10]
        game = self.new_game("alice", "bob", moves)
        d = self.browser("alice")
        d.get("%s/games/%s" % (self.base, game["id"]))
        wait(d, lambda d: fen(d) == game["fen"], message="game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        # A compact list: move number, White, Black; the current move marked.
        rows = d.find_elements(By.CSS_SELECTOR, "table.moves tbody tr")
        self.assertEqual(len(rows), 5)
        self.assertEqual([c.text for c in rows[0].find_elements(By.TAG_NAME, "td")], ["1.", moves[0], moves[1]])
        self.assertEqual([h.text for h in d.find_elements(By.CSS_SELECTOR, "table.moves thead th")], ["#", "White", "Black"])
        current = d.find_element(By.CSS_SELECTOR, "table.moves button[aria-current='true']")
        self.assertEqual(current.get_attribute("data-ply"), "10")
        banner = d.find_element(By.ID, "viewing-banner")
        self.assertFalse(banner.is_displayed())

        # A click on 2...(ply 4) shows that position, marked as not the current one.
        d.find_element(By.CSS_SELECTOR, "table.moves button[data-ply='4']").click()
        wait(d, lambda d: fen(d) == game["moves"][3]["fen_after"], message="the position after ply 4")
        self.assertTrue(banner.is_displayed())
        self.assertEqual(banner.find_element(By.CSS_SELECTOR, ".viewing-text").text,
                         "Viewing move 2… %s — not the current position." % moves[3])
        self.assertEqual(d.find_element(By.CSS_SELECTOR, ".board-col .board").get_attribute("data-viewing"), "4")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "table.moves button[aria-current='true']").get_attribute("data-ply"), "4")
        # No move while viewing: the Move field and Submit are disabled, the board takes no move.
        self.assertFalse(d.find_element(By.ID, "move-input").is_enabled())
        self.assertFalse(button(d, "Submit").is_enabled())
        square = lambda name: d.find_element(By.CSS_SELECTOR, ".board-col [data-square='%s']" % name)
        square("h2").click()
        square("h3").click()
        time.sleep(0.3)
        self.assertEqual(d.find_element(By.ID, "move-input").get_attribute("value"), "")
        self.assertEqual(fen(d), game["moves"][3]["fen_after"])
        d.save_screenshot(support.artifact_path("game-viewing-1280.png"))

        # The arrow keys: Left one back, Right one on, Home the start, End the live position.
        body = d.find_element(By.TAG_NAME, "body")
        d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        wait(d, lambda d: fen(d) == game["moves"][2]["fen_after"], message="Left: ply 3")
        d.switch_to.active_element.send_keys(Keys.HOME)
        wait(d, lambda d: fen(d) == game["initial_fen"], message="Home: the start")
        self.assertEqual(banner.find_element(By.CSS_SELECTOR, ".viewing-text").text,
                         "Viewing the start position — not the current position.")
        d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        wait(d, lambda d: fen(d) == game["moves"][0]["fen_after"], message="Right: ply 1")
        d.switch_to.active_element.send_keys(Keys.END)
        wait(d, lambda d: fen(d) == game["fen"], message="End: live")
        self.assertFalse(banner.is_displayed())
        self.assertTrue(d.find_element(By.ID, "move-input").is_enabled())
        self.assertIsNone(d.find_element(By.CSS_SELECTOR, ".board-col .board").get_attribute("data-viewing"))
        # Right at the live position stays there; Left, then the banner's button goes back.
        body.send_keys(Keys.ARROW_RIGHT)
        body.send_keys(Keys.ARROW_LEFT)
        wait(d, lambda d: fen(d) == game["moves"][8]["fen_after"], message="Left from live: ply 9")
        button(d, "Back to the current position").click()
        wait(d, lambda d: fen(d) == game["fen"], message="back to live")
        # Typing in the Move field is not stepping.
        field = d.find_element(By.ID, "move-input")
        field.send_keys("h3", Keys.ARROW_LEFT, Keys.HOME)
        time.sleep(0.2)
        self.assertEqual(fen(d), game["fen"])
        field.clear()

        # Viewing while the opponent moves: the view stays, the move is in the list, and the
        # way back shows it.
        d.find_element(By.CSS_SELECTOR, "table.moves button[data-ply='2']").click()
        wait(d, lambda d: fen(d) == game["moves"][1]["fen_after"])
        self.api["alice"].call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": "a3"})
        after = self.api["alice"].call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": "a3"})
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.moves button[data-ply='11']"), message="a3 listed")
        self.assertEqual(fen(d), game["moves"][1]["fen_after"])
        self.assertTrue(banner.is_displayed())
        button(d, "Back to the current position").click()
        wait(d, lambda d: fen(d) == after["fen"], message="live after a3")

        # 390 px: the banner and the step buttons fit, nothing scrolls sideways.
        support.phone_screen(d, 390, 844)
        d.find_element(By.CSS_SELECTOR, ".step-tools button[aria-label='Previous move']").click()
        wait(d, lambda d: d.find_element(By.ID, "viewing-banner").is_displayed())
        wait(d, lambda d: support.page_width(d) <= 390, 5, "no sideways scroll at 390 px")
        d.save_screenshot(support.artifact_path("game-viewing-390.png"))

    def badge(self, d):
        b = d.find_element(By.ID, "to-move-badge")
        return b.get_attribute("data-count") if b.is_displayed() else "0"

    def test_your_move_count_and_next_game(self):
        per_move = lambda days: {"time_control": {"type": "per_move", "days": days}}
        late = self.new_game("carl", "alice", ["e4"], **per_move(9))      # Alice to move, 9 days
        soon = self.new_game("alice", "carl", **per_move(2))              # Alice to move, 2 days
        middle = self.new_game("alice", "carl", **per_move(5))            # Alice to move, 5 days
        waiting = self.new_game("carl", "alice", **per_move(3))           # Carl to move
        d = self.browser("alice")
        wait(d, lambda d: self.badge(d) == "3", message="3 games where it is Alice's move")
        self.assertIn("3 games where it is your move", d.find_element(By.ID, "to-move-badge").get_attribute("textContent"))
        # Next game: nearest deadline first, the current game skipped.
        d.get("%s/games/%s" % (self.base, late["id"]))
        wait(d, lambda d: fen(d) == late["fen"], message="game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        button(d, "Next game").click()
        wait(d, lambda d: d.current_url.endswith("/games/%s" % soon["id"]), message="to the soonest deadline")
        wait(d, lambda d: "Carl" in d.find_element(By.TAG_NAME, "h1").text)
        button(d, "Next game").click()
        wait(d, lambda d: d.current_url.endswith("/games/%s" % middle["id"]), message="the next soonest, this one skipped")
        d.save_screenshot(support.artifact_path("game-next-1280.png"))
        # The count follows live messages: Carl moves (4), Alice moves elsewhere (3), a game ends (2).
        carl = self.api["carl"]
        carl.call("POST", "/api/v1/games/%s/moves" % waiting["id"], {"move": "d4"})
        carl.call("POST", "/api/v1/games/%s/moves/accept" % waiting["id"], {"move": "d4"})
        wait(d, lambda d: self.badge(d) == "4", 5, "Carl's move counted live")
        alice = self.api["alice"]
        alice.call("POST", "/api/v1/games/%s/moves" % soon["id"], {"move": "e4"})
        alice.call("POST", "/api/v1/games/%s/moves/accept" % soon["id"], {"move": "e4"})
        wait(d, lambda d: self.badge(d) == "3", 5, "Alice's move elsewhere counted live")
        alice.call("POST", "/api/v1/games/%s/resign" % late["id"])
        wait(d, lambda d: self.badge(d) == "2", 5, "a game over counted live")
        # The only other game where it is her move is the waiting one now.
        button(d, "Next game").click()
        wait(d, lambda d: d.current_url.endswith("/games/%s" % waiting["id"]), message="next: the game Carl moved in")
        # Alone: told so.
        alice.call("POST", "/api/v1/games/%s/resign" % middle["id"])
        wait(d, lambda d: self.badge(d) == "1", 5)
        button(d, "Next game").click()
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".next-note").text == "No other game is waiting for your move.")
        # The same page opened on a phone (a fresh layout: the check is of the page at 390 px,
        # not of how a desktop window shrinks).
        support.phone_screen(d, 390, 844)
        d.refresh()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-square='e4']"), message="the game again")
        try:
            wait(d, lambda d: support.page_width(d) <= 390, 15, "no sideways scroll at 390 px")
        except Exception:
            # What sticks out: elements, and text running past its element's box.
            print(d.execute_script("""
                const out = ['scrollWidth ' + document.documentElement.scrollWidth + ' innerWidth ' + innerWidth + ' scrollX ' + scrollX];
                for (const e of document.querySelectorAll('body *')) {
                  const r = e.getBoundingClientRect();
                  if (r.right > 390 || e.scrollWidth > e.clientWidth + 1)
                    out.push(e.tagName + '.' + e.className + ' right ' + r.right + ' scroll ' + e.scrollWidth + '/' + e.clientWidth);
                }
                return out.slice(0, 12).join('\\n');"""))
            raise
        d.save_screenshot(support.artifact_path("game-next-390.png"))

    def test_games_list_mini_boards_and_clocks(self):
        fischer = {"time_control": {"type": "fischer", "initial_days": 30, "increment_days": 3, "max_days": 60}}
        g1 = self.new_game("bob", "carl", ["e4", "c5", "Nf3"], **fischer)    # Carl to move
        g2 = self.new_game("carl", "bob", ["d4"], **{"time_control": {"type": "per_move", "days": 4}})
        d = self.browser("carl")
        rows = lambda d: d.find_elements(By.CSS_SELECTOR, "table.games tbody tr[data-game]")
        wait(d, lambda d: len(rows(d)) == 2, message="both games listed")
        for g in (g1, g2):
            row = d.find_element(By.CSS_SELECTOR, "tr[data-game='%s']" % g["id"])
            img = row.find_element(By.CSS_SELECTOR, "img.mini-board")
            self.assertIn("/api/v1/games/%s/board.svg?orientation=black" % g["id"] if g is g1 else
                          "/api/v1/games/%s/board.svg?orientation=white" % g["id"], img.get_attribute("src"))
            wait(d, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img),
                 message="the mini-board is drawn (allowed by the CSP)")
            cell = row.find_element(By.CSS_SELECTOR, "td.clocks")
            wait(d, lambda d: cell.get_attribute("data-loaded") == "true", message="clocks read")
            sides = {c.get_attribute("data-side"): c for c in cell.find_elements(By.CSS_SELECTOR, ".side-clock")}
            self.assertEqual(set(sides), {"white", "black"})
            for side in ("white", "black"):
                self.assertIn("running" if g["clocks"][side]["running"] else "side-clock", sides[side].get_attribute("class"))
        clocks = d.find_element(By.CSS_SELECTOR, "tr[data-game='%s'] td.clocks" % g1["id"]).text
        # Fischer 30 days + 3: White (Bob) played twice (30 + 3 + 3, a moment used), Black once.
        self.assertRegex(clocks, r"White 3[56] d .*\n?.*Black 3[23] d")
        d.save_screenshot(support.artifact_path("games-1280.png"))
        # The position follows a move (a new picture address).
        before = d.find_element(By.CSS_SELECTOR, "tr[data-game='%s'] img.mini-board" % g2["id"]).get_attribute("src")
        self.api["bob"].call("POST", "/api/v1/games/%s/moves" % g2["id"], {"move": "d5"})
        self.api["bob"].call("POST", "/api/v1/games/%s/moves/accept" % g2["id"], {"move": "d5"})
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "tr[data-game='%s'] img.mini-board" % g2["id"]).get_attribute("src") != before,
             message="a new picture after the move")
        # 390 px: cards, nothing scrolls sideways (neither the page nor a list).
        support.phone_screen(d, 390, 844)
        wait(d, lambda d: support.page_width(d) <= 390, 5, "no sideways scroll at 390 px")
        for t in d.find_elements(By.CSS_SELECTOR, ".game-table"):
            self.assertLessEqual(d.execute_script("return arguments[0].scrollWidth - arguments[0].clientWidth", t), 0)
        d.save_screenshot(support.artifact_path("games-390.png"))

    def test_challenge_form_with_every_option(self):
        d = self.browser("alice")
        d.get(self.base + "/challenges")
        wait(d, lambda d: d.find_elements(By.ID, "ch-tc-type"), message="form")
        f = lambda id: d.find_element(By.ID, id)
        def fill(id, value):
            f(id).clear()
            f(id).send_keys(str(value))
        visible = lambda id: f(id).is_displayed()
        # An open challenge: the rating range and finished-games minimum are offered.
        self.assertTrue(visible("ch-min-rating"))
        self.assertFalse(visible("ch-start-position"), "start position only for Chess960")
        f("ch-rated").click()  # unrated
        Select(f("ch-variant")).select_by_value("chess960")
        self.assertTrue(visible("ch-start-position"))
        fill("ch-start-position", 518)
        Select(f("ch-tc-type")).select_by_value("triple_block")
        self.assertFalse(visible("ch-days"))
        fill("ch-tb-increment", 4)
        fill("ch-tb-bank", 40)
        f("ch-tb-protection").click()
        Select(f("ch-color")).select_by_value("black")
        fill("ch-message", "Anyone for 960?")
        fill("ch-expires", 3)
        fill("ch-min-rating", 1400)
        fill("ch-max-rating", 1900)
        fill("ch-min-games", 0)
        d.find_element(By.CSS_SELECTOR, "details.rules summary").click()
        f("ch-messages-allowed").click()
        fill("ch-draw-min", 5)
        d.save_screenshot(support.artifact_path("challenge-form-1280.png"))
        button(d, "Send challenge").click()
        wait(d, lambda d: "Open challenge sent" in d.find_element(By.CSS_SELECTOR, "form.challenge-form .notice").text)
        c = self.api["alice"].call("GET", "/api/v1/challenges")["outgoing"][-1]
        self.assertIsNone(c["opponent"])
        self.assertEqual((c["rated"], c["variant"], c["start_position"], c["color"], c["message"]),
                         (False, "chess960", 518, "black", "Anyone for 960?"))
        self.assertEqual(c["time_control"]["type"], "triple_block")
        self.assertEqual((c["time_control"]["increment_days"], c["time_control"]["bank_days"],
                          c["time_control"]["sudden_death_protection"]), (4, 40, True))
        self.assertEqual((c.get("min_rating"), c.get("max_rating")), (1400, 1900))
        self.assertEqual((c["messages_allowed"], c["draw_min_moves"]), (False, 5))
        left = time.mktime(time.strptime(c["expires_at"][:19], "%Y-%m-%dT%H:%M:%S")) - time.mktime(time.gmtime())
        self.assertTrue(2.9 * 86400 < left < 3.1 * 86400, c["expires_at"])
        # A named opponent: the open-only part hides; ICCF with doubling, then Fischer.
        fill("ch-opponent", "bob")
        self.assertFalse(visible("ch-min-rating"))
        Select(f("ch-variant")).select_by_value("standard")
        Select(f("ch-tc-type")).select_by_value("iccf")
        fill("ch-iccf-moves", 12)
        fill("ch-iccf-days", 40)
        fill("ch-iccf-doubling", 20)
        button(d, "Send challenge").click()
        wait(d, lambda d: "Challenge sent to bob" in d.find_element(By.CSS_SELECTOR, "form.challenge-form .notice").text)
        c = self.api["bob"].call("GET", "/api/v1/challenges")["incoming"][-1]
        self.assertEqual(c["time_control"], {"type": "iccf", "moves": 12, "days": 40, "doubling_after_days": 20})
        self.assertEqual((c["variant"], c["rated"]), ("standard", False))
        Select(f("ch-tc-type")).select_by_value("fischer")
        fill("ch-fischer-initial", 20)
        fill("ch-fischer-increment", 2)
        fill("ch-fischer-max", 40)
        f("ch-rated").click()  # rated again
        button(d, "Send challenge").click()
        wait(d, lambda d: len(self.api["bob"].call("GET", "/api/v1/challenges")["incoming"]) == 2, message="second")
        c = self.api["bob"].call("GET", "/api/v1/challenges")["incoming"][-1]
        self.assertEqual((c["time_control"]["type"], c["time_control"]["initial_days"], c["time_control"]["increment_days"],
                          c["time_control"]["max_days"], c["rated"]), ("fischer", 20, 2, 40, True))
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".challenge-list.outgoing li")) == 3)
        support.phone_screen(d, 390, 844)
        wait(d, lambda d: support.page_width(d) <= 390, 5, "no sideways scroll at 390 px")
        d.save_screenshot(support.artifact_path("challenge-form-390.png"))
        for c in self.api["alice"].call("GET", "/api/v1/challenges")["outgoing"]:
            self.api["alice"].call("POST", "/api/v1/challenges/%s/cancel" % c["id"])

    def test_landing_page_for_visitors(self):
        d = support.chromium()
        self.addCleanup(d.quit)
        d.get(self.base + "/")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".landing h1"), message="landing page")
        self.assertTrue(d.current_url.rstrip("/") == self.base, "no redirect to /login: %s" % d.current_url)
        self.assertEqual(d.find_element(By.CSS_SELECTOR, ".landing h1").text, "Correspondence chess, one move a day")
        hrefs = {a.text: a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".landing a")}
        self.assertEqual(hrefs["Register"], self.base + "/register")
        self.assertEqual(hrefs["Log in"], self.base + "/login")
        self.assertTrue(hrefs["Start a game"].endswith("/login?next=%2Fchallenges"))
        self.assertTrue(hrefs["See the events"].endswith("/login?next=%2Fevents"))
        self.assertEqual(d.title.split(" ")[0], "Correspondence")
        d.save_screenshot(support.artifact_path("landing-1280.png"))
        support.phone_screen(d, 390, 844)
        wait(d, lambda d: support.page_width(d) <= 390, 5, "no sideways scroll at 390 px")
        d.save_screenshot(support.artifact_path("landing-390.png"))
        # "See the events": log in, then the events page.
        d.find_element(By.CSS_SELECTOR, "a.join-event").click()
        wait(d, lambda d: d.find_elements(By.NAME, "username"))
        d.find_element(By.NAME, "username").send_keys("carl")
        d.find_element(By.NAME, "password").send_keys(self.passwords["carl"])
        d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        wait(d, lambda d: d.current_url.endswith("/events"), message="on to the events")
        # Signed in, / is the player's games.
        d.get(self.base + "/")
        wait(d, lambda d: d.find_element(By.TAG_NAME, "h1").text == "My games", message="signed in: the games")
        # The register link from the landing page, signed out again.
        button(d, "Log out").click()
        wait(d, lambda d: "/login" in d.current_url)
        d.get(self.base + "/")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".landing a.button.primary"))
        d.find_element(By.CSS_SELECTOR, ".landing a.button.primary").click()
        wait(d, lambda d: d.current_url.endswith("/register"), message="register page")


class SeekRatings(support.ServerTestCase):
    """Open challenges listed with the challenger's rating (a manual clock publishes a list)."""
    users = ("dave", "erin", "frank")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    def test_open_challenges_with_ratings(self):
        td = support.Api(self.base, *support.ADMIN)
        dave, erin = (support.Api(self.base, u, self.passwords[u]) for u in ("dave", "erin"))
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-01-05T12:00:00Z"})
        game = td.call("POST", "/api/v1/admin/games", {"white": "dave", "black": "erin",
                                                       "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        for player, move in ((dave, "e4"), (erin, "e5")):
            player.call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": move})
            player.call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": move})
        erin.call("POST", "/api/v1/games/%s/resign" % game["id"])
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-02-01T00:00:00Z"})
        deadline = time.time() + 20
        while not td.call("GET", "/api/v1/ratings/lists")["lists"] and time.time() < deadline:
            time.sleep(0.05)
        entries = {e["username"]: e for e in td.call("GET", "/api/v1/ratings/lists/2030-01")["entries"]}
        tc = {"type": "per_move", "days": 3}
        seek = dave.call("POST", "/api/v1/challenges", {"time_control": tc, "min_finished_games": 0, "rated": False})
        seek960 = erin.call("POST", "/api/v1/challenges", {"time_control": tc, "variant": "chess960"})
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, "frank", self.passwords["frank"])
        d.get(self.base + "/challenges")
        item = lambda d, c: d.find_element(By.CSS_SELECTOR, ".challenge-list.open li[data-challenge='%s']" % c["id"])
        wait(d, lambda d: item(d, seek).find_element(By.CSS_SELECTOR, ".rating").get_attribute("data-rating"), message="rating")
        rating = entries["dave"]
        expected = "%d%s" % (round(rating["rating"]), "?" if rating.get("provisional") else "")
        self.assertEqual(item(d, seek).find_element(By.CSS_SELECTOR, ".rating").text, "(%s)" % expected)
        self.assertIn("3 days per move, standard, unrated", item(d, seek).text)
        self.assertNotIn("ratings", item(d, seek).text)
        # Erin's seek is Chess960: her Chess960 rating, which she has not.
        wait(d, lambda d: item(d, seek960).find_element(By.CSS_SELECTOR, ".rating").text == "(unrated)")
        d.save_screenshot(support.artifact_path("challenges-open-1280.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
