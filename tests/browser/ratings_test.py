"""Ratings in the browser: after a rated game and the end of its month (manual clock), the
profile page shows the player's rating with a chart of its history, and the game page of a
new game shows both players' expected scores and the rating change of each result, as the
server computed them."""

import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import wait


class RatingsInTheBrowser(support.ServerTestCase):
    users = ("anna", "boris")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    def test_profile_chart_and_game_preview(self):
        td = support.Api(self.base, *support.ADMIN)
        anna = support.Api(self.base, "anna", self.passwords["anna"])
        boris = support.Api(self.base, "boris", self.passwords["boris"])
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-01-05T12:00:00Z"})
        control = {"type": "iccf", "moves": 10, "days": 50}
        game = td.call("POST", "/api/v1/admin/games", {"white": "anna", "black": "boris", "time_control": control})
        for player, move in ((anna, "e4"), (boris, "e5")):
            player.call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": move})
            player.call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": move})
        boris.call("POST", "/api/v1/games/%s/resign" % game["id"])
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-02-01T00:00:00Z"})
        deadline = time.time() + 20
        while not td.call("GET", "/api/v1/ratings/lists")["lists"] and time.time() < deadline:
            time.sleep(0.05)
        entries = td.call("GET", "/api/v1/ratings/lists/2030-01")["entries"]
        rating = {e["username"]: e for e in entries}

        browser = support.chromium()
        self.addCleanup(browser.quit)
        support.login(browser, self.base, "anna", self.passwords["anna"])
        browser.get(self.base + "/users/anna")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "svg.rating-chart circle"), message="chart")
        current = browser.find_element(By.CSS_SELECTOR, ".rating-pool[data-pool=standard] .rating-current").text
        self.assertTrue(current.startswith("%d ± %d (provisional), rank 1" % (
            round(rating["anna"]["rating"]), round(rating["anna"]["deviation"]))), current)
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "svg.rating-chart").get_attribute("aria-label"),
                         "Standard rating by period")
        browser.save_screenshot(support.artifact_path("ratings-profile.png"))

        rematch = td.call("POST", "/api/v1/admin/games", {"white": "boris", "black": "anna", "time_control": control})
        preview = anna.call("GET", "/api/v1/games/%s/rating-preview" % rematch["id"])
        browser.get(self.base + "/games/" + rematch["id"])
        row = lambda d, side: d.find_element(By.CSS_SELECTOR, "table.rating-preview tr[data-side=%s]" % side)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "table.rating-preview tr[data-side=black]"),
             message="preview")
        cells = [c.text for c in row(browser, "black").find_elements(By.TAG_NAME, "td")]
        black = preview["black"]
        self.assertEqual(cells[0], "%d?" % round(black["rating"]))
        self.assertEqual(cells[1], "%d%%" % round(black["expected_score"] * 100))
        self.assertEqual(cells[2], "+%.1f" % black["change"]["win"])
        self.assertEqual(cells[4], "−%.1f" % abs(black["change"]["loss"]))
        self.assertIn("Boris", row(browser, "white").text)
        browser.save_screenshot(support.artifact_path("ratings-game.png"))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
