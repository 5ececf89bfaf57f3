"""Series, championships and cups in the browser (issue #36): a director defines a series with the "New series" form
(a refused opening shows why next to the field and creates nothing); players find it on
/series, join its waiting list on its page, and the entry that completes the list starts the
section, which the page links; a player's entries show on /series; a director removes a
waiting entry with a reason; the pages fit a 390 px wide screen. A director creates a cup
with the "New cup" form (players picked) and lands on its bracket, which shows the bye, the
match in play and, once its games are over, the winner moving on. A director creates a
two-stage championship with the "New championship" form; its page shows the stages, the
sections and, once the first stage is over, who qualified and why."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import choose, pick_player, wait

PLAYERS = ("ann", "ben", "cat", "dan")


class SeriesPages(support.ServerTestCase):
    users = PLAYERS

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def director(self):
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, *support.ADMIN)
        d.get(self.base + "/director")
        wait(d, lambda d: d.find_elements(By.ID, "se-name"), message="director page")
        return d

    def fill(self, d, element_id, text):
        field = d.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def series_id(self, name):
        for s in self.admin.call("GET", "/api/v1/series")["series"]:
            if s["name"] == name:
                return s["id"]
        return None

    def test_define_join_start_and_remove(self):
        d = self.director()
        form = d.find_element(By.ID, "series-form")
        self.fill(d, "se-name", "Open class")
        self.fill(d, "se-section-size", "3")
        self.fill(d, "se-promotion-max-place", "1")
        self.fill(d, "se-section-days", "540")
        d.find_element(By.ID, "se-auto-adjudicate").click()
        # An illegal opening: the server names the move, next to the field; nothing is created.
        self.fill(d, "se-opening", "1. e4 e5 2. Ke3")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait(d, lambda d: "Ke3" in d.find_element(By.ID, "se-error").text, message="refusal shown")
        self.assertIn("Nothing was created", d.find_element(By.ID, "se-error").text)
        self.assertEqual(d.find_element(By.ID, "se-opening").get_attribute("aria-invalid"), "true")
        self.assertIsNone(self.series_id("Open class"))
        # Without the opening it is created.
        d.find_element(By.ID, "se-opening").clear()
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait(d, lambda d: "created" in form.find_element(By.CSS_SELECTOR, ".done").text, message="series created")
        sid = self.series_id("Open class")
        self.assertIsNotNone(sid)
        stored = self.admin.call("GET", "/api/v1/series/" + sid)
        self.assertEqual(stored["settings"]["section_size"], 3)
        self.assertEqual(stored["settings"]["promotion_max_place"], 1)
        self.assertEqual(stored["settings"]["section_days"], 540)
        self.assertTrue(stored["settings"]["auto_adjudicate"])
        d.save_screenshot(support.artifact_path("series-director-form.png"))

        # ann finds it on /series, at a phone's width, and joins on its page.
        ann = self.browser("ann", 390, 844)
        ann.get(self.base + "/series")
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, "tr[data-series='%s'] a" % sid), message="listed")
        ann.find_element(By.CSS_SELECTOR, "tr[data-series='%s'] a" % sid).click()
        wait(ann, lambda d: d.find_elements(By.ID, "series-join"), message="series page")
        ann.find_element(By.ID, "series-join").click()
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".waiting-list li[data-player='ann']"), message="ann waits")
        self.assertIn("Waiting (1 of 3)", ann.find_element(By.TAG_NAME, "main").text)
        self.assertIn("each section ends 540 days after it starts",
                      ann.find_element(By.CSS_SELECTOR, ".series-facts").text)
        self.assertLessEqual(support.page_width(ann), 390)
        ann.save_screenshot(support.artifact_path("series-page-phone.png"))

        # ben joins by the API; cat's join in the browser completes the list: the section starts.
        support.Api(self.base, "ben", self.passwords["ben"]).call("POST", "/api/v1/series/%s/join" % sid)
        cat = self.browser("cat")
        cat.get(self.base + "/series/" + sid)
        wait(cat, lambda d: d.find_elements(By.ID, "series-join"), message="series page")
        cat.find_element(By.ID, "series-join").click()
        wait(cat, lambda d: d.find_elements(By.CSS_SELECTOR, ".series-sections a"), message="section started")
        self.assertIn("Open class - section 1", cat.find_element(By.CSS_SELECTOR, ".series-sections").text)
        self.assertIn("Nobody waits.", cat.find_element(By.TAG_NAME, "main").text)
        cat.find_element(By.CSS_SELECTOR, ".series-sections a").click()
        wait(cat, lambda d: "Open class - section 1" in d.find_element(By.TAG_NAME, "h1").text, message="event page")
        wait(cat, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".event-games li")) == 3, message="three games")

        # ann's entries on /series say she plays in a section.
        ann.get(self.base + "/series")
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".my-entries li"), message="my entries")
        self.assertIn("in a section", ann.find_element(By.CSS_SELECTOR, ".my-entries").text)

        # dan waits; the director removes the entry with a reason, which dan then reads.
        support.Api(self.base, "dan", self.passwords["dan"]).call("POST", "/api/v1/series/%s/join" % sid)
        d.get(self.base + "/series/" + sid)
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "button[data-remove='dan']"), message="remove button")
        d.find_element(By.CSS_SELECTOR, "button[data-remove='dan']").click()
        wait(d, lambda d: "reason" in d.find_element(By.ID, "series-error").text, message="reason asked")
        self.fill(d, "series-reason", "duplicate account")
        d.find_element(By.CSS_SELECTOR, "button[data-remove='dan']").click()
        wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "button[data-remove='dan']"), message="entry removed")
        dan = self.browser("dan")
        dan.get(self.base + "/series")
        wait(dan, lambda d: d.find_elements(By.CSS_SELECTOR, ".my-entries li"), message="dan's entries")
        self.assertIn("removed (duplicate account)", dan.find_element(By.CSS_SELECTOR, ".my-entries").text)


    def test_cup_form_and_bracket(self):
        d = self.director()
        self.fill(d, "cup-name", "Winter cup")
        for name in ("ann", "ben", "cat"):
            pick_player(d, "cup-players", name)
        choose(d, "cup-seeding", "entry")
        self.fill(d, "cup-games", "2")
        self.assertTrue(d.find_element(By.ID, "cup-rated").is_selected(), "rated by default")
        d.find_element(By.ID, "cup-rated").click()  # a friendly cup
        d.find_element(By.ID, "cup-name").find_element(By.XPATH, "ancestor::form").find_element(
            By.CSS_SELECTOR, "button[type=submit]").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".cup-bracket"), message="bracket page")
        self.assertIn("Winter cup", d.find_element(By.TAG_NAME, "h1").text)
        self.assertIn("unrated", d.find_element(By.CSS_SELECTOR, "main p").text)
        rounds = d.find_elements(By.CSS_SELECTOR, ".cup-round h2")
        self.assertEqual([r.text for r in rounds], ["Semi-finals", "Final"])
        # The final waits for a semi-final: no score shown before it has games.
        waiting = d.find_elements(By.CSS_SELECTOR, ".cup-round")[1]
        self.assertIn("to be decided", waiting.text)
        self.assertEqual(waiting.find_elements(By.CSS_SELECTOR, ".cup-match strong"), [])
        first = d.find_elements(By.CSS_SELECTOR, ".cup-round")[0]
        self.assertIn("(bye)", first.find_element(By.CSS_SELECTOR, "li[data-match='1']").text)
        match = first.find_element(By.CSS_SELECTOR, "li[data-match='2']")
        self.assertIn("ben", match.text)
        self.assertIn("cat", match.text)
        self.assertEqual(len(match.find_elements(By.CSS_SELECTOR, ".cup-games li")), 2)

        # cat resigns both games: ben meets ann in the final.
        cup_id = d.current_url.rstrip("/").split("/")[-1]
        cup = self.admin.call("GET", "/api/v1/cups/" + cup_id)
        self.assertEqual(cup["settings"]["rated"], False)
        cat = support.Api(self.base, "cat", self.passwords["cat"])
        for g in cup["rounds"][0]["matches"][1]["games"]:
            cat.call("POST", "/api/v1/games/%s/resign" % g["game_id"])
        self.admin.call("POST", "/api/v1/admin/competitions/run")
        ann = self.browser("ann", 390, 844)
        ann.get(self.base + "/cups/" + cup_id)
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".cup-round"), message="bracket")
        final = ann.find_elements(By.CSS_SELECTOR, ".cup-round")[1]
        self.assertIn("ann", final.text)
        self.assertIn("ben", final.text)
        self.assertEqual(len(final.find_elements(By.CSS_SELECTOR, ".cup-games li")), 2)
        semi = ann.find_elements(By.CSS_SELECTOR, ".cup-round")[0].find_element(By.CSS_SELECTOR, "li[data-match='2'] .winner")
        self.assertEqual(semi.text, "2. ben")
        self.assertLessEqual(support.page_width(ann), 390)
        ann.save_screenshot(support.artifact_path("cup-bracket-phone.png"))
        # The list of cups says how many players each seeded (and, once decided, who won).
        ann.get(self.base + "/cups")
        wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, ".cup-list li"), message="list of cups")
        self.assertEqual(ann.find_element(By.CSS_SELECTOR, ".cup-list li").text,
                         "Winter cup (running, 3 players)")

    def test_championship_form_and_stages(self):
        d = self.director()
        self.fill(d, "ch-name", "Club championship")
        for name in ("ann", "ben", "cat", "dan"):
            pick_player(d, "ch-players", name)
        self.fill(d, "ch-stage1-name", "Qualifier")
        self.fill(d, "ch-stage1-size", "4")
        self.fill(d, "ch-stage1-per-section", "2")
        self.fill(d, "ch-stage2-size", "2")
        self.fill(d, "ch-section-days", "365")
        d.find_element(By.ID, "ch-name").find_element(By.XPATH, "ancestor::form").find_element(
            By.CSS_SELECTOR, "button[type=submit]").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".championship-stage"), message="championship page")
        stages = d.find_elements(By.CSS_SELECTOR, ".championship-stage")
        self.assertEqual(len(stages), 2)
        self.assertIn("running", stages[0].find_element(By.CSS_SELECTOR, ".stage-status").text)
        self.assertIn("pending", stages[1].find_element(By.CSS_SELECTOR, ".stage-status").text)
        self.assertIn("Club championship - Qualifier - section 1", stages[0].text)

        # The qualifier's six games: the lower seat wins, except 3-4 drawn: ann and ben go on.
        cid = d.current_url.rstrip("/").split("/")[-1]
        champ = self.admin.call("GET", "/api/v1/championships/" + cid)
        self.assertEqual(champ["settings"]["section_days"], 365)
        self.assertFalse(champ["settings"]["auto_adjudicate"])
        event = self.admin.call("GET", "/api/v1/events/" + champ["stages"][0]["sections"][0]["event_id"])
        seat = {p["username"]: p["seat"] for p in event["players"]}
        self.assertEqual(seat, {"ann": 1, "ben": 2, "cat": 3, "dan": 4})
        for g in event["games"]:
            white, black = g["white"], g["black"]
            api = lambda who: support.Api(self.base, who, self.passwords[who])
            if {white, black} == {"cat", "dan"}:
                api(white).call("POST", "/api/v1/games/%s/moves" % g["id"], {"move": "e4"})
                api(white).call("POST", "/api/v1/games/%s/moves/accept" % g["id"], {"move": "e4"})
                api(black).call("POST", "/api/v1/games/%s/moves" % g["id"], {"move": "e5", "offer_draw": True})
                api(black).call("POST", "/api/v1/games/%s/moves/accept" % g["id"], {"move": "e5"})
                api(white).call("POST", "/api/v1/games/%s/draw/accept" % g["id"])
            else:
                loser = black if seat[white] < seat[black] else white
                api(loser).call("POST", "/api/v1/games/%s/resign" % g["id"])
        self.admin.call("POST", "/api/v1/admin/competitions/run")
        d.refresh()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.qualifiers tr[data-player='ben']"), message="qualifiers")
        table = d.find_element(By.CSS_SELECTOR, "table.qualifiers")
        self.assertIn("place 1 in section 1, 3 of 3", table.find_element(By.CSS_SELECTOR, "tr[data-player='ann']").text)
        self.assertIn("place 2 in section 1, 2 of 3", table.find_element(By.CSS_SELECTOR, "tr[data-player='ben']").text)
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, "table.qualifiers tr[data-player='cat']"))
        final = d.find_elements(By.CSS_SELECTOR, ".championship-stage")[1]
        self.assertIn("running", final.find_element(By.CSS_SELECTOR, ".stage-status").text)
        d.save_screenshot(support.artifact_path("championship-page.png"))

if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
