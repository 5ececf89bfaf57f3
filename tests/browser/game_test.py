"""Two players play a real game to checkmate in two Chromium sessions: White through board
clicks, Black through the Move field, each with Submit then Confirm; the other side sees
every move live (no reload) and hears it through the ARIA live region; the result shows on
both. Also: a hostile message is shown as text, a cookie request without the CSRF token is
refused, and screenshots of the game page (desktop and 360 px) are saved."""

import sys
import time
import unittest

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

import support
from support import button, wait

GAME = "https://lichess.org/q7s1nprp"  # 1.b3 e5 ... 8.f3 Bf2#, 0-1 (tests/data/pgn)
HOSTILE = "<img src=x onerror=alert(1)>"


class GameInTwoBrowsers(support.ServerTestCase):
    users = ("alice", "bob", "carl", "dora")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def line(self, moves):
        """The UCI and FEN after each SAN move, as the server's own notation reads them
        (played through the API in a scratch game between two other players)."""
        scratch = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "carl", "black": "dora", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        players = [support.Api(self.base, u, self.passwords[u]) for u in ("carl", "dora")]
        out = []
        for i, san in enumerate(moves):
            p = players[i % 2]
            p.call("POST", "/api/v1/games/%s/moves" % scratch["id"], {"move": san})
            g = p.call("POST", "/api/v1/games/%s/moves/accept" % scratch["id"], {"move": san})
            out.append((san, g["moves"][-1]["uci"], g["fen"]))
        return out

    def test_players_play_to_checkmate_live(self):
        moves = support.pgn_game(GAME)
        self.assertEqual(moves[-1], "Bf2#")
        line = self.line(moves)
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        white, black = self.browser("alice"), self.browser("bob")
        url = "%s/games/%s" % (self.base, game["id"])
        for d in (white, black):
            d.get(url)
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-square='e4']"), message="board")
            wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen").startswith("rnbqkbnr/pppppppp"))
            wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        opponent_sees = {0: black, 1: white}
        for i, (san, uci, fen) in enumerate(line):
            mover = white if i % 2 == 0 else black
            if i % 2 == 0:
                mover.find_element(By.CSS_SELECTOR, "[data-square='%s']" % uci[:2]).click()
                mover.find_element(By.CSS_SELECTOR, "[data-square='%s']" % uci[2:4]).click()
                wait(mover, lambda d: d.find_element(By.ID, "move-input").get_attribute("value") == san,
                     message="board move %s becomes the candidate" % san)
            else:
                field = mover.find_element(By.XPATH, "//label[normalize-space()='Move']/following-sibling::input")
                self.assertEqual(field.get_attribute("id"), "move-input")
                field.clear()
                field.send_keys(san)
            if i == 1:  # the hostile message travels with Black's first move
                mover.find_element(By.ID, "move-message").send_keys(HOSTILE)
            button(mover, "Submit").click()
            wait(mover, lambda d: button(d, "Confirm") is not None, message="pending %s" % san)
            self.assertIn("Pending: %s" % san, mover.find_element(By.CSS_SELECTOR, ".move-state").text)
            self.assertEqual(mover.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen"), fen,
                             "the pending move is shown on the board")
            other = opponent_sees[i % 2]
            # The live region is read out, not shown: its textContent.
            announced = lambda d: d.execute_script("return document.getElementById('announce').textContent")
            said_before = announced(other)
            button(mover, "Confirm").click()
            wait(other, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen,
                 message="the opponent sees %s live" % san)
            side = "White" if i % 2 == 0 else "Black"
            # (what is said within 50 ms is said as one sentence, so it may come just after the board)
            wait(other, lambda d: announced(d) != said_before and announced(d).startswith("%s played" % side),
                 message="announced")
            if i == 0:
                self.assertEqual(announced(other), "White played pawn to b3")
        wait(white, lambda d: announced(d) == "Black played bishop to f2, checkmate. Game over: 0-1", 2,
             "the mate and the result said as one sentence")
        for d in (white, black):
            wait(d, lambda d: "Game over: 0-1 (checkmate)" in d.find_element(By.CSS_SELECTOR, ".status").text,
                 message="result shown")
        # The message is text on both sides, never markup; no script ran.
        for d in (white, black):
            wait(d, lambda d: HOSTILE in d.find_element(By.CSS_SELECTOR, ".messages").text, message="message")
            self.assertEqual(d.find_elements(By.CSS_SELECTOR, ".messages img"), [])
            with self.assertRaises(NoAlertPresentException):
                d.switch_to.alert.text
        # A state-changing request with the session cookie but without the CSRF token.
        status = white.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/v1/games/%s/note', {method: 'PUT', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({text: 'forged'})}).then(r => done(r.status), () => done(-1));
        """ % game["id"])
        self.assertEqual(status, 403)
        # Screenshots of the finished game page: desktop and phone width.
        white.save_screenshot(support.artifact_path("game-desktop.png"))
        white.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 360, "height": 780, "deviceScaleFactor": 2, "mobile": True})
        white.refresh()
        wait(white, lambda d: "Game over" in d.find_element(By.CSS_SELECTOR, ".status").text)
        white.save_screenshot(support.artifact_path("game-360.png"))
        width = white.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(width, 360, "nothing wider than the phone's screen")

    def test_conditional_line_from_the_editor_is_played(self):
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        alice = support.Api(self.base, "alice", self.passwords["alice"])
        bob = support.Api(self.base, "bob", self.passwords["bob"])
        alice.call("POST", path + "/moves", {"move": "e4"})
        alice.call("POST", path + "/moves/accept", {"move": "e4"})
        white = self.browser("alice")
        white.get(self.base + "/games/" + game["id"])
        editor = lambda d: d.find_element(By.CSS_SELECTOR, "section.conditional")
        # The page settles first: the live greeting re-reads the game, the editor reads its lines.
        wait(white, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        wait(white, lambda d: editor(d).get_attribute("data-loaded") == "true", message="editor")
        # If 1...e5 then 2.Nf3, played on the editor's board, one move at a time.
        square = lambda name: editor(white).find_element(By.CSS_SELECTOR, "[data-square='%s']" % name)
        for (origin, target), shown in ((("e7", "e5"), "Line: e5"), (("g1", "f3"), "Line: e5 Nf3")):
            support.retry_stale(lambda: square(origin).click())
            support.retry_stale(lambda: square(target).click())
            wait(white, lambda d: editor(d).find_element(By.CSS_SELECTOR, ".line-now").text == shown, message=shown)
        button(white, "Add line").click()
        wait(white, lambda d: editor(d).find_elements(By.CSS_SELECTOR, "[data-line='e5 Nf3']"), message="stored")
        self.assertEqual(alice.call("GET", path + "/conditional")["lines"], [["e5", "Nf3"]])
        # Bob plays 1...e5: the server answers 2.Nf3 at once, and Alice's page shows it live.
        bob.call("POST", path + "/moves", {"move": "e5"})
        bob.call("POST", path + "/moves/accept", {"move": "e5"})
        after = alice.call("GET", path)
        self.assertEqual(after["moves"][-1]["san"], "Nf3")
        self.assertTrue(after["moves"][-1]["conditional"])
        wait(white, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == after["fen"],
             message="the conditional reply live")
        # (the list is drawn again when the game is read after the move: wait() reads it afresh)
        wait(white, lambda d: d.find_elements(By.CSS_SELECTOR, "table.moves td.san")[-1].text == "Nf3 (c)", 5,
             message="Nf3 marked conditional in the move list")

    def test_promotion_picker_flip_and_no_policy_violations(self):
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50},
            "initial_fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"})
        white = self.browser("alice")
        white.get("%s/games/%s" % (self.base, game["id"]))
        wait(white, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == game["fen"],
             message="board")
        square = lambda name: white.find_element(By.CSS_SELECTOR, ".board-col [data-square='%s']" % name)
        # Flipping puts h1 at the top left, and back.
        top_left = lambda: support.retry_stale(
            lambda: white.find_elements(By.CSS_SELECTOR, ".board-col .square-layer > div")[0].get_attribute("data-square"))
        self.assertEqual(top_left(), "a8")
        button(white, "Flip board").click()
        wait(white, lambda d: top_left() == "h1", message="flipped")
        button(white, "Flip board").click()
        wait(white, lambda d: top_left() == "a8", message="flipped back")
        square("a7").click()
        square("a8").click()
        wait(white, lambda d: button(d, "Knight") is not None, message="promotion picker")
        self.assertIsNotNone(button(white, "Queen"))
        button(white, "Knight").click()
        wait(white, lambda d: d.find_element(By.ID, "move-input").get_attribute("value") == "a8=N")
        button(white, "Submit").click()
        wait(white, lambda d: button(d, "Confirm") is not None)
        button(white, "Confirm").click()
        wait(white, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen").startswith("N3k3/"),
             message="a knight on a8")
        # The client runs under its Content-Security-Policy without a single violation.
        problems = [e["message"] for e in white.get_log("browser") if "Content Security Policy" in e["message"]]
        self.assertEqual(problems, [])

    def test_pending_move_locks_its_message_and_draw_offer(self):
        """While a move is pending, its message and draw offer are shown as sent and cannot be
        edited (Confirm sends only the move): a reason says so; Cancel unlocks them."""
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        alice = support.Api(self.base, "alice", self.passwords["alice"])
        alice.call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": "e4"})
        alice.call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": "e4"})
        black = self.browser("bob")
        url = "%s/games/%s" % (self.base, game["id"])
        black.get(url)
        wait(black, lambda d: d.find_element(By.ID, "move-input").is_displayed(), message="move form")
        black.find_element(By.ID, "move-input").send_keys("e5")
        black.find_element(By.ID, "offer-draw").click()
        black.find_element(By.ID, "move-message").send_keys("Good luck")
        button(black, "Submit").click()
        wait(black, lambda d: button(d, "Confirm") is not None, message="pending")
        state = black.find_element(By.CSS_SELECTOR, ".move-state").text
        self.assertIn("Pending: e5 with a draw offer and your message", state)
        for reload in (False, True):
            if reload:  # the pending move as the server keeps it
                black.get(url)
                wait(black, lambda d: button(d, "Confirm") is not None, message="pending after reload")
            message = black.find_element(By.ID, "move-message")
            offer = black.find_element(By.ID, "offer-draw")
            self.assertFalse(message.is_enabled(), "the message cannot change under a pending move")
            self.assertFalse(offer.is_enabled(), "nor the draw offer")
            self.assertEqual(message.get_attribute("value"), "Good luck")
            self.assertTrue(offer.is_selected())
            note = black.find_element(By.ID, "pending-lock")
            self.assertTrue(note.is_displayed())
            self.assertEqual(note.text, "The message and draw offer go with the pending move; "
                                        "cancel it to change them.")
        black.save_screenshot(support.artifact_path("game-pending-desktop.png"))
        button(black, "Cancel").click()
        wait(black, lambda d: d.find_element(By.ID, "move-message").is_enabled(), message="unlocked")
        self.assertTrue(black.find_element(By.ID, "offer-draw").is_enabled())
        self.assertFalse(black.find_element(By.ID, "pending-lock").is_displayed())

    def test_loading_shows_neither_a_position_nor_the_move_form(self):
        """Until the game's answer arrives (held back here by a fetch wrapper installed before
        the page's script), the page says it is loading: no board position, no move form."""
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50},
            "initial_fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
        driver = self.browser("alice")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__held = [];
            const original = window.fetch.bind(window);
            window.fetch = (input, init) => {
              const path = new URL(String(input), location.href).pathname;
              if (!window.__pass && /^\\/api\\/v1\\/games\\/[^/]+$/.test(path) && (!init || !init.method || init.method === 'GET')) {
                return new Promise((resolve) => window.__held.push(() => resolve(original(input, init))));
              }
              return original(input, init);
            };
            window.__release = () => { window.__pass = true; const held = window.__held; window.__held = []; held.forEach((f) => f()); return held.length; };
        """})
        driver.get("%s/games/%s" % (self.base, game["id"]))
        wait(driver, lambda d: d.execute_script("return window.__held.length") > 0, message="the game is asked for")
        time.sleep(0.5)  # whatever the page would draw meanwhile
        self.assertIn("Loading the game", driver.find_element(By.TAG_NAME, "main").text)
        boards = [b for b in driver.find_elements(By.CSS_SELECTOR, ".board") if b.is_displayed()]
        self.assertEqual(boards, [], "no board before the game is known")
        self.assertEqual([p for p in driver.find_elements(By.CSS_SELECTOR, ".board cg-board piece") if p.is_displayed()], [])
        self.assertFalse(driver.find_element(By.ID, "move-input").is_displayed(), "no move form")
        self.assertIsNone(button(driver, "Submit"))
        driver.save_screenshot(support.artifact_path("game-loading-desktop.png"))
        driver.execute_script("window.__release()")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == game["fen"],
             message="the game arrived")
        self.assertTrue(driver.find_element(By.CSS_SELECTOR, ".board").is_displayed())
        self.assertNotIn("Loading the game", driver.find_element(By.TAG_NAME, "main").text)
        wait(driver, lambda d: d.find_element(By.ID, "move-input").is_displayed(), message="move form")
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, ".board-col cg-board piece")), 3)

    def test_the_offerer_is_told_the_draw_offer_was_declined(self):
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        alice = support.Api(self.base, "alice", self.passwords["alice"])
        bob = support.Api(self.base, "bob", self.passwords["bob"])
        for p, move, offer in ((alice, "e4", False), (bob, "e5", False), (alice, "Nf3", True)):
            p.call("POST", path + "/moves", {"move": move, "offer_draw": offer})
            p.call("POST", path + "/moves/accept", {"move": move})
        white = self.browser("alice")
        white.get(self.base + "/games/" + game["id"])
        status = lambda d: d.find_element(By.CSS_SELECTOR, ".status").text
        wait(white, lambda d: "You offered a draw." in status(d), message="the offer stands")
        wait(white, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        bob.call("POST", path + "/draw/decline")
        wait(white, lambda d: "Your opponent declined your draw offer." in status(d), message="told live")
        self.assertNotIn("You offered a draw.", status(white))
        wait(white, lambda d: d.execute_script("return document.getElementById('announce').textContent")
             == "Your opponent declined your draw offer", message="announced")
        bob.call("POST", path + "/moves", {"move": "Nc6"})
        bob.call("POST", path + "/moves/accept", {"move": "Nc6"})
        wait(white, lambda d: status(d) == "Your move. Your opponent declined your draw offer.",
             message="still told on move")
        white.refresh()
        wait(white, lambda d: status(d) == "Your move. Your opponent declined your draw offer.",
             message="told after a reload")
        alice.call("POST", path + "/moves", {"move": "Bc4"})
        alice.call("POST", path + "/moves/accept", {"move": "Bc4"})
        wait(white, lambda d: status(d) == "Bob (Black) to move.", message="gone once Alice moved again")

    def test_both_players_see_the_same_time_left(self):
        """A running clock crosses an hour while one player's page is open: at the same moment
        both pages show the same text. Fischer time is charged by the second (the page counts
        down from the server's figure, redrawn as the text changes); ICCF time by whole days
        (rules.md 3.2: the server's figure stands until the next day is charged)."""
        crossing = 3 * 86400  # "3 d 0 h" from here up, "2 d 23 h" below
        for control, expected in (({"type": "fischer", "initial_days": 30, "increment_days": 3, "max_days": 60}, "2 d 23 h"),
                                  ({"type": "iccf", "moves": 10, "days": 50}, "3 d 0 h")):
            with self.subTest(control=control["type"]):
                game = self.admin.call("POST", "/api/v1/admin/games", {
                    "white": "alice", "black": "bob", "time_control": control})
                white, black = self.browser("alice"), self.browser("bob")
                url = "%s/games/%s" % (self.base, game["id"])
                self.admin.call("POST", "/api/v1/admin/games/%s/clock" % game["id"],
                                {"side": "white", "reason": "test", "remaining_seconds": crossing + 15})
                set_at = time.time()
                left = lambda d: d.find_element(By.CSS_SELECTOR, ".clock.white .left").text
                white.get(url)
                wait(white, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == game["fen"],
                     message="white's page")
                self.assertEqual(left(white), "3 d 0 h")
                self.assertIn("running", white.find_element(By.CSS_SELECTOR, ".clock.white").get_attribute("class"))
                time.sleep(max(0, set_at + 20 - time.time()))
                black.get(url)
                wait(black, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == game["fen"],
                     message="black's page")
                seen = (left(white), left(black))
                self.assertEqual(seen, (expected, expected), "the same clock at the same moment")

    def test_phone_tap_after_the_layout_moved_and_move_list_at_the_latest_move(self):
        """On a phone the board is measured afresh when content above it appears after load
        (a tap hits the square under the finger, not the one a row below); the move list
        scrolls to the latest move, also when a move arrives live."""
        moves = support.pgn_game(GAME)[:14]
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        players = [support.Api(self.base, u, self.passwords[u]) for u in ("alice", "bob")]
        for i, san in enumerate(moves):
            players[i % 2].call("POST", path + "/moves", {"move": san})
            players[i % 2].call("POST", path + "/moves/accept", {"move": san})
        fen = players[0].call("GET", path)["fen"]
        white = self.browser("alice")
        support.phone_screen(white, 390, 844)
        white.get(self.base + "/games/" + game["id"])
        wait(white, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen, message="game")
        wait(white, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        at_end = lambda d: d.execute_script("""
            const list = document.querySelector('.move-list');
            const rows = list.querySelectorAll('tbody tr');
            const last = rows[rows.length - 1].getBoundingClientRect(), box = list.getBoundingClientRect();
            return [rows.length, list.scrollHeight > list.clientHeight,
                    last.bottom <= box.bottom + 1 && last.top >= box.top - 1];""")
        # Two columns: 14 plies are 7 rows (move number, White, Black).
        self.assertEqual(at_end(white), [7, True, True], "the list overflows and shows its last move")
        # The board has been drawn (and measured); now something appears above it.
        white.execute_script("""
            const note = document.createElement('p');
            note.className = 'test-shift';
            note.textContent = 'A line of news that pushes the board down.';
            note.style.height = '120px';
            document.querySelector('main').prepend(note);""")
        square = lambda name: white.find_element(By.CSS_SELECTOR, ".board-col [data-square='%s']" % name)
        self.assertEqual(white.execute_script("return window.scrollY"), 0, "no scroll (which would remeasure)")
        square("h2").click()
        square("h3").click()
        wait(white, lambda d: d.find_element(By.ID, "move-input").get_attribute("value") == "h3",
             message="the tapped squares make the move")
        self.assertEqual(white.execute_script("return window.scrollY"), 0)
        white.save_screenshot(support.artifact_path("game-candidate-390.png"))
        self.assertLessEqual(support.page_width(white), 390)
        button(white, "Cancel").click()
        # A move arriving live: the list follows it.
        players[0].call("POST", path + "/moves", {"move": "h3"})
        players[0].call("POST", path + "/moves/accept", {"move": "h3"})
        wait(white, lambda d: at_end(d) == [8, True, True], message="the list follows the new move")

    def test_catches_up_after_a_disconnect(self):
        """The page's server goes away; the opponent moves through another instance meanwhile;
        when the server is back the page reconnects with ?since= and shows the move."""
        port = support.free_port()
        first = support.Server(self.db.url, port=port)
        other = support.Server(self.db.url)
        try:
            game = self.admin.call("POST", "/api/v1/admin/games", {
                "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
            driver = support.chromium()
            self.addCleanup(driver.quit)
            support.login(driver, first.base, "bob", self.passwords["bob"])
            driver.get("%s/games/%s" % (first.base, game["id"]))
            wait(driver, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
            banner = lambda d: d.find_element(By.ID, "live-banner")
            self.assertFalse(banner(driver).is_displayed(), "no banner while connected")
            first.stop()
            wait(driver, lambda d: d.execute_script("return document.body.dataset.live") == "disconnected",
                 message="the socket noticed")
            # The loss is shown: by the live banner, or by the offline banner when a request of the
            # page (a poll) found the server gone first and the page shows the worker's copies
            # (the offline banner then hides the live one: style.css).
            offline = lambda d: d.find_element(By.ID, "offline-banner")
            wait(driver, lambda d: banner(d).is_displayed() or offline(d).is_displayed(),
                 message="the loss is shown")
            self.assertEqual(driver.execute_script("return document.getElementById('live-banner').textContent"),
                             "Connection lost — reconnecting…")
            driver.save_screenshot(support.artifact_path("game-connection-lost-desktop.png"))
            alice = support.Api(other.base, "alice", self.passwords["alice"])
            alice.call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": "d4"})
            fen = alice.call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": "d4"})["fen"]
            first = support.Server(self.db.url, port=port)
            wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen,
                 timeout=30, message="caught up")
            wait(driver, lambda d: banner(d).text == "Connection back — caught up.", timeout=30,
                 message="back and caught up")
            # The region speaks a moment after the board changed (what comes together is one sentence).
            wait(driver, lambda d: d.execute_script("return document.getElementById('announce').textContent"),
                 timeout=30, message="announced")
            announced = driver.execute_script("return document.getElementById('announce').textContent")
            self.assertEqual(announced, "White played pawn to d4")
        finally:
            first.stop()
            other.stop()


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
