"""Title norms in the browser (issue #37, rules.md 6.12): under a rated section's crosstable
the event page shows the section's category and each player's norm line, what they need
while the section runs ("needs 5.0 of 8 for IM") and the norm reached once their games are
over; at a phone's width it fits the screen. The ratings come from a director's import. A
player's profile shows the title two norms earned and the norms with their sections.

Nine players rated 2401 (Ra 2401, 8 games each): IM (2450) needs dp >= 49, 5/8 = 62.5% ->
63%, dp 95 (4.5/8 -> 56%, dp 43, falls short): 5.0. SIM (2525) needs dp >= 124: 5.5/8 ->
69%, dp 141 (5/8 falls short): 5.5. GM (2600) needs dp >= 199: 6.5/8 -> 81%, dp 251 (6/8 =
75%, dp 193, falls short): 6.5. ann scoring 5 of 8 performs 2401 + 95 = 2496: an IM norm."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import wait

PLAYERS = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy")
# Thirteen players for the title (two sections of 12 games each: 24 games).
TITLE_PLAYERS = PLAYERS + ("jon", "kim", "lea", "max")


class NormLines(support.ServerTestCase):
    users = TITLE_PLAYERS

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def line(self, driver, player):
        return driver.find_element(By.CSS_SELECTOR, ".norm-lines tr[data-player='%s']" % player)

    def test_norm_lines_while_running_and_the_norm_reached(self):
        self.admin.call("POST", "/api/v1/admin/ratings/import", {
            "reason": "federation list",
            "ratings": [{"username": p, "rating": 2401} for p in TITLE_PLAYERS]})
        event = self.admin.call("POST", "/api/v1/admin/events", {
            "name": "Title section", "players": list(PLAYERS),
            "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        eid = event["id"]
        started = self.admin.call("POST", "/api/v1/admin/events/%s/start" % eid)

        ann = self.browser("ann")
        ann.get(self.base + "/events/" + eid)
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".norm-lines tr[data-player='ann']"),
             message="norm lines")
        category = ann.find_element(By.CSS_SELECTOR, ".norm-category").text
        self.assertIn("Category 7 (average 2401)", category)
        self.assertIn("GM 2600, SIM 2525, IM 2450; at least 8 countable games", category)
        self.assertEqual(
            self.line(ann, "ann").find_elements(By.TAG_NAME, "td")[-1].text,
            "needs 6.5 of 8 for GM; needs 5.5 of 8 for SIM; needs 5.0 of 8 for IM")
        self.assertIn("0 of 8", self.line(ann, "ann").text)

        # ann beats ben, cat, dan, eve and fay and loses to gus, hal and ivy: 5 of 8.
        for g in started["games"]:
            if "ann" not in (g["white"], g["black"]):
                continue
            opponent = g["black"] if g["white"] == "ann" else g["white"]
            ann_wins = opponent in ("ben", "cat", "dan", "eve", "fay")
            result = "1-0" if (g["white"] == "ann") == ann_wins else "0-1"
            self.admin.call("POST", "/api/v1/admin/games/%s/result" % g["id"],
                            {"result": result, "termination": "adjudication", "reason": "assessed"})
        ann.refresh()
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".norm-lines td.norm-reached"), message="norm reached")
        self.assertEqual(self.line(ann, "ann").find_elements(By.TAG_NAME, "td")[-1].text,
                         "IM norm (performance 2496)")
        self.assertIn("8 of 8", self.line(ann, "ann").text)
        # ben lost to ann and has seven games to play: every title is still reachable.
        self.assertIn("needs 5.0 of 8 for IM", self.line(ann, "ben").text)
        ann.save_screenshot(support.artifact_path("norms-event-page.png"))

        phone = self.browser("ben", 390, 844)
        phone.get(self.base + "/events/" + eid)
        wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".norm-lines"), message="norm lines on a phone")
        self.assertLessEqual(support.page_width(phone), 390)
        phone.save_screenshot(support.artifact_path("norms-event-page-phone.png"))

    def test_title_on_the_profile(self):
        """Two IM norms over 24 games (7 of 12 at Ra 2401: 58%, dp 57, 2458) earn IM; the
        profile shows the title and both norms with links to their sections."""
        self.admin.call("POST", "/api/v1/admin/ratings/import", {
            "reason": "federation list",
            "ratings": [{"username": p, "rating": 2401} for p in TITLE_PLAYERS]})
        beaten = {"ann", "ben", "cat", "dan", "eve", "fay", "gus"}
        for name in ("Title section 1", "Title section 2"):
            event = self.admin.call("POST", "/api/v1/admin/events", {
                "name": name, "players": list(TITLE_PLAYERS),
                "time_control": {"type": "iccf", "moves": 10, "days": 50}})
            started = self.admin.call("POST", "/api/v1/admin/events/%s/start" % event["id"])
            for g in started["games"]:
                result = "1/2-1/2"
                if "max" in (g["white"], g["black"]):
                    opponent = g["black"] if g["white"] == "max" else g["white"]
                    result = "1-0" if (g["white"] == "max") == (opponent in beaten) else "0-1"
                self.admin.call("POST", "/api/v1/admin/games/%s/result" % g["id"],
                                {"result": result, "termination": "adjudication", "reason": "assessed"})
        self.admin.call("POST", "/api/v1/admin/competitions/run")

        ann = self.browser("ann")
        ann.get(self.base + "/users/max")

        def titled(d):
            rows = d.find_elements(By.CSS_SELECTOR, "table.profile tr.titles")
            if not rows:
                d.refresh()
            return rows
        wait(ann, titled, timeout=30, message="title on the profile")
        self.assertIn("IM (", ann.find_element(By.CSS_SELECTOR, "table.profile tr.titles").text)
        norms = ann.find_element(By.CSS_SELECTOR, "table.profile tr.norms")
        self.assertEqual(len(norms.find_elements(By.TAG_NAME, "a")), 2)
        self.assertIn("IM in Title section 1 (12 games, performance 2458)", norms.text)
        ann.save_screenshot(support.artifact_path("norms-profile-title.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + ["-v"])
