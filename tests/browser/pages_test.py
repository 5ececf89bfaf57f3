"""Every page of the web client at desktop width (1280 px) and on a phone (390 px, #34): the
landing page, log in, register, the games list, a game in progress, a finished game,
challenges, the events list, an event, leave, settings with its notification preferences,
a profile with its ratings, the director's page and the adjudication queue, each with some
content (a manual clock publishes a rating list and sends an event to adjudication). For each
page: its main heading is drawn (the expected text), what the page loads has arrived, on the
phone nothing scrolls sideways, and a full-page screenshot lands in the artifact directory
(pages-<name>-<width>.png; the ratings and notifications sections also on their own)."""

import base64
import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import wait

TC = {"type": "iccf", "moves": 10, "days": 50}


def full_page_png(d, path):
    """A screenshot of the whole page, not only the part in the window."""
    size = d.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    shot = d.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


class EveryPage(support.ServerTestCase):
    users = ("alice", "bob", "carl", "dave", "erin")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        td = support.Api(cls.base, *support.ADMIN)
        api = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-01-05T12:00:00Z"})

        def play(game, moves):
            path = "/api/v1/games/%s" % game["id"]
            sides = (api[game["white"]["username"]], api[game["black"]["username"]])
            for i, san in enumerate(moves):
                sides[i % 2].call("POST", path + "/moves", {"move": san})
                sides[i % 2].call("POST", path + "/moves/accept", {"move": san})

        # A game in progress and a finished (rated) game for Alice.
        cls.ongoing = td.call("POST", "/api/v1/admin/games", {"white": "alice", "black": "bob", "time_control": TC})
        play(cls.ongoing, ["e4", "e5", "Nf3", "Nc6", "Bb5"])
        cls.finished = td.call("POST", "/api/v1/admin/games", {"white": "alice", "black": "carl", "time_control": TC})
        play(cls.finished, ["d4", "d5", "c4"])
        api["carl"].call("POST", "/api/v1/games/%s/resign" % cls.finished["id"])
        # An event running for months, and one that ends before the clock moves on (its game
        # waits for adjudication then).
        cls.event = td.call("POST", "/api/v1/admin/events", {
            "name": "Spring Open", "players": ["alice", "bob", "carl"], "end_at": "2031-01-01T00:00:00Z",
            "time_control": TC})
        td.call("POST", "/api/v1/admin/events/%s/start" % cls.event["id"])
        short = td.call("POST", "/api/v1/admin/events", {
            "name": "Winter Cup", "players": ["dave", "erin"], "end_at": "2030-01-20T00:00:00Z", "time_control": TC})
        td.call("POST", "/api/v1/admin/events/%s/start" % short["id"])
        # Leave booked by Alice.
        api["alice"].call("POST", "/api/v1/me/leave", {"start_date": "2030-03-02", "end_date": "2030-03-05"})
        # February: January's rating list is published, Winter Cup is over.
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-02-01T00:00:00Z"})
        deadline = time.time() + 30
        while time.time() < deadline and not (
                td.call("GET", "/api/v1/ratings/lists")["lists"] and
                td.call("GET", "/api/v1/admin/adjudications")["adjudications"]):
            time.sleep(0.05)
        assert td.call("GET", "/api/v1/ratings/lists")["lists"], "a rating list"
        assert td.call("GET", "/api/v1/admin/adjudications")["adjudications"], "a game waiting for adjudication"
        # A challenge to Alice (now: challenges expire).
        api["bob"].call("POST", "/api/v1/challenges", {"opponent": "alice", "time_control": {"type": "per_move", "days": 3},
                                                        "message": "A quick one?"})

    def pages(self):
        """(name, who, path, heading, CSS selector of what the page loads)."""
        ongoing, finished = self.ongoing["id"], self.finished["id"]
        return [
            ("landing", None, "/", "Correspondence chess, one move a day", ".landing a.button.primary"),
            ("login", None, "/login", "Log in", "input#username"),
            ("register", None, "/register", "Register", "input#display_name"),
            ("games", "alice", "/games", "My games", "table.games tr[data-game] td.clocks[data-loaded]"),
            ("game", "alice", "/games/" + ongoing, "Alice – Bob", "table.moves button.move[data-ply='5']"),
            ("game-finished", "alice", "/games/" + finished, "Alice – Carl", "table.moves button.move[data-ply='3']"),
            ("challenges", "alice", "/challenges", "Challenges", ".challenge-list.incoming li[data-challenge]"),
            ("events", "alice", "/events", "Events", "main table.list tbody tr"),
            ("event", "alice", "/events/" + self.event["id"], "Spring Open", "ul.event-games li a"),
            ("leave", "alice", "/leave", "Leave", "ul.leave-periods li"),
            ("settings", "alice", "/settings", "Settings", "section.notifications input[type=checkbox]"),
            ("profile", "alice", "/users/alice", "Alice", "section.ratings .rating-pool"),
            ("director", "director", "/director", "Tournament director", "main form"),
            ("adjudications", "director", "/adjudications", "Adjudication queue", "li.adjudication"),
        ]

    def browser_for(self, who, width):
        d = support.chromium(1280, 1000)
        self.addCleanup(d.quit)
        if width < 1280:
            support.phone_screen(d, width, 844)
        if who == "director":
            support.login(d, self.base, *support.ADMIN)
        elif who:
            support.login(d, self.base, who, self.passwords[who])
        return d

    def every_page(self, width):
        drivers = {}
        for name, who, path, heading, ready in self.pages():
            with self.subTest(page=name, width=width):
                if who not in drivers:
                    drivers[who] = self.browser_for(who, width)
                d = drivers[who]
                d.get(self.base + path)
                wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "main h1") and
                     d.find_element(By.CSS_SELECTOR, "main h1").text == heading, 15,
                     "%s: the heading %r" % (name, heading))
                wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ready), 15, "%s: %s" % (name, ready))
                self.assertTrue(d.find_element(By.CSS_SELECTOR, "main h1").is_displayed(), name)
                if width < 1280:
                    self.assertLessEqual(support.page_width(d), width, "%s scrolls sideways at %d px" % (name, width))
                full_page_png(d, support.artifact_path("pages-%s-%d.png" % (name, width)))
                if name == "settings":
                    self.section_shot(d, "section.notifications", "Notifications", "notifications", width)
                if name == "profile":
                    self.section_shot(d, "section.ratings", "Rating", "ratings", width)

    def section_shot(self, d, selector, heading, name, width):
        section = d.find_element(By.CSS_SELECTOR, selector)
        self.assertEqual(section.find_element(By.TAG_NAME, "h2").text, heading)
        d.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
        section.screenshot(support.artifact_path("pages-%s-%d.png" % (name, width)))

    def test_every_page_at_desktop_width(self):
        self.every_page(1280)

    def test_every_page_on_a_phone(self):
        self.every_page(390)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
