"""On a phone (390 px wide, 844 high): after a tap-tap move on the board, Submit shows right
under the board without scrolling, and so does Confirm after it; the event page (eight
players, long names, the crosstable and its legend) never scrolls sideways (#34 defect 9)."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

PLAYERS = ("alice", "bob", "carl", "dora", "emil", "fred", "gina", "hugo")


class OnAPhone(support.ServerTestCase):
    users = PLAYERS

    def phone(self, user):
        driver = support.chromium()
        self.addCleanup(driver.quit)
        support.login(driver, self.base, user, self.passwords[user])
        support.phone_screen(driver, 390, 844)
        return driver

    @staticmethod
    def rect(d, element):
        return d.execute_script("const r = arguments[0].getBoundingClientRect();"
                                "return {top: r.top, bottom: r.bottom, height: innerHeight, y: scrollY};", element)

    def assert_in_sight(self, d, element, what, below=None):
        r = self.rect(d, element)
        self.assertEqual(r["y"], 0, "the page was not scrolled")
        self.assertGreaterEqual(r["top"], 0, what)
        self.assertLessEqual(r["bottom"], r["height"], "%s within the first screen" % what)
        if below is not None:
            board = self.rect(d, below)
            self.assertLess(r["top"] - board["bottom"], 140, "%s right under the board" % what)

    def test_submit_and_confirm_under_the_board(self):
        admin = support.Api(self.base, *support.ADMIN)
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        d = self.phone("alice")
        d.get("%s/games/%s" % (self.base, game["id"]))
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen").startswith("rnbqkbnr/pppppppp"))
        wait(d, lambda d: button(d, "Submit") is not None, message="Submit")
        board = d.find_element(By.CSS_SELECTOR, ".board")
        self.assertEqual(d.execute_script("return scrollY"), 0)
        d.find_element(By.CSS_SELECTOR, "[data-square='e2']").click()
        d.find_element(By.CSS_SELECTOR, "[data-square='e4']").click()
        wait(d, lambda d: d.find_element(By.ID, "move-input").get_attribute("value") == "e4", message="candidate")
        d.execute_script("window.scrollTo(0, 0)")
        self.assert_in_sight(d, button(d, "Submit"), "Submit", board)
        self.assertIn("Your move: e4", d.find_element(By.CSS_SELECTOR, ".move-state").text)
        d.save_screenshot(support.artifact_path("phone-game-candidate.png"))
        button(d, "Submit").click()
        wait(d, lambda d: button(d, "Confirm") is not None, message="pending")
        d.execute_script("window.scrollTo(0, 0)")
        self.assert_in_sight(d, button(d, "Confirm"), "Confirm", board)
        self.assert_in_sight(d, button(d, "Cancel"), "Cancel", board)
        d.save_screenshot(support.artifact_path("phone-game-pending.png"))
        self.assertLessEqual(support.page_width(d), 390)
        button(d, "Confirm").click()
        wait(d, lambda d: "Waiting for your opponent" in d.find_element(By.CSS_SELECTOR, ".move-state").text,
             message="played")
        self.assertEqual(admin.call("GET", "/api/v1/games/%s" % game["id"])["ply"], 1)

    def test_event_page_does_not_scroll_sideways(self):
        admin = support.Api(self.base, *support.ADMIN)
        for u in PLAYERS:  # long display names
            support.Api(self.base, u, self.passwords[u]).call(
                "PATCH", "/api/v1/me", {"display_name": "%s Longsurname-Doublebarrelled" % u.capitalize()})
        event = admin.call("POST", "/api/v1/admin/events", {
            "name": "Autumn Correspondence Invitational Championship Group A (2026–2027)",
            "players": list(PLAYERS), "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        admin.call("POST", "/api/v1/admin/events/%s/start" % event["id"])
        d = self.phone("alice")
        d.get("%s/events/%s" % (self.base, event["id"]))
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.crosstable tr[data-player]"), message="crosstable")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "ul.event-games li"), message="games")
        d.save_screenshot(support.artifact_path("phone-event.png"))
        self.assertLessEqual(support.page_width(d), 390, "no sideways scrolling")
        # The crosstable itself is whole: it scrolls inside its own box.
        box = d.find_element(By.CSS_SELECTOR, ".table-scroll")
        self.assertLessEqual(d.execute_script("return arguments[0].clientWidth", box), 390)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
