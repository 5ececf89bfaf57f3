"""The director's adjudication queue in the browser: after an event's end date the game is in
the queue, reached from the director page; a player's win claim (filed through the API
while the page is open) appears without a reload, with the players, the claim and its
analysis shown as text and a link to the game, and the decision being written is kept; the
result has no default; the director decides it there, and the game is finished with that
result and leaves the queue. A queue longer than a page (20 games) shows its first page and
a "More games" button that says how many of how many are shown; pressing it shows the next
page, in the queue's order, and the button is gone once every game is shown."""

import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import button, wait


class AdjudicationQueue(support.ServerTestCase):
    users = ("anna", "boris")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    def test_director_sees_a_claim_in_the_queue_and_decides_it(self):
        admin = support.Api(self.base, *support.ADMIN)
        event, game = support.pending_event_game(admin, "Winter Cup", ("anna", "boris"))
        game_id = game["id"]
        td = support.chromium()
        self.addCleanup(td.quit)
        support.phone_screen(td)
        support.login(td, self.base, *support.ADMIN)
        td.get(self.base + "/director")
        wait(td, lambda d: d.find_elements(By.LINK_TEXT, "Adjudication queue"), message="link to the queue")
        td.find_element(By.LINK_TEXT, "Adjudication queue").click()
        entry = "li.adjudication[data-game='%s']" % game_id
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, entry), message="the game in the queue")
        self.assertIn("%s: no claim (counts as a draw claim)" % game["white"], td.find_element(By.CSS_SELECTOR, entry).text)
        # The director starts writing a decision; meanwhile White files a win claim: the queue
        # shows it without a reload, and the decision being written stays as it was.
        td.find_element(By.ID, "adj-%s-reason" % game_id).send_keys("White's analysis is sound")
        claimant = support.Api(self.base, game["white"], self.passwords[game["white"]])
        claimant.call("POST", "/api/v1/events/%s/adjudication-claims" % event["id"], {
            "game_id": game_id, "claim": "win", "analysis": "24. Rxe6! <script>x()</script> wins"})
        wait(td, lambda d: "%s: claims a win" % game["white"] in d.find_element(By.CSS_SELECTOR, entry).text,
             timeout=30, message="the claim appears in the queue")
        self.assertEqual(td.find_element(By.ID, "adj-%s-reason" % game_id).get_attribute("value"),
                         "White's analysis is sound")
        text = td.find_element(By.CSS_SELECTOR, entry).text
        self.assertIn("%s – %s" % (game["white"], game["black"]), text)
        self.assertIn("Winter Cup, round 1, board 1", text)
        self.assertIn("Waiting 2 d 0 h", text)
        self.assertIn("%s: claims a win" % game["white"], text)
        self.assertIn("24. Rxe6! <script>x()</script> wins", text)
        self.assertIn("%s: no claim (counts as a draw claim)" % game["black"], text)
        self.assertEqual(td.find_elements(By.CSS_SELECTOR, entry + " pre script"), [])
        link = td.find_element(By.CSS_SELECTOR, entry + " h2 a")
        self.assertTrue(link.get_attribute("href").endswith("/games/" + game_id))
        self.assertIn("Adjudications (1)", td.title)
        self.assertLessEqual(support.page_width(td), 360)
        td.save_screenshot(support.artifact_path("adjudication-queue-360.png"))

        # The result has no default: deciding without choosing one is refused, nothing is sent.
        result = Select(td.find_element(By.ID, "adj-%s-result" % game_id))
        self.assertEqual(result.first_selected_option.get_attribute("value"), "")
        button(td, "Decide game %s" % game_id).click()
        wait(td, lambda d: "Choose a result first: nothing was decided." in d.find_element(By.CSS_SELECTOR, entry).text,
             message="a result must be chosen")
        self.assertEqual(admin.call("GET", "/api/v1/games/" + game_id)["status"], "adjudication_pending")
        # The director decides: a win for the claimant, with a reason.
        result.select_by_value("1-0")
        button(td, "Decide game %s" % game_id).click()
        wait(td, lambda d: "No game is waiting for adjudication." in d.find_element(By.TAG_NAME, "main").text,
             message="the queue is empty")
        decided = admin.call("GET", "/api/v1/games/" + game_id)
        self.assertEqual(decided["status"], "finished")
        self.assertEqual(decided["result"], "1-0")
        self.assertEqual(decided["termination"], "adjudication")
        self.assertEqual(admin.call("GET", "/api/v1/admin/adjudications")["adjudications"], [])

        # The link leads to the game.
        td.get(self.base + "/games/" + game_id)
        wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-square='e4']"), message="the game page")


class AdjudicationQueuePages(support.ServerTestCase):
    # Seven players: a section of 21 games, one more than a page of the queue.
    users = ("anna", "boris", "clara", "dmitri", "emil", "fiona", "greta")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    def listed(self, d):
        return [li.get_attribute("data-game") for li in d.find_elements(By.CSS_SELECTOR, "li.adjudication")]

    def test_more_games_shows_the_next_page(self):
        admin = support.Api(self.base, *support.ADMIN)
        support.pending_event_game(admin, "Big section", self.users)
        queue = [g["game_id"] for g in admin.call("GET", "/api/v1/admin/adjudications")["adjudications"]]
        self.assertEqual(len(queue), 21)
        td = support.chromium()
        self.addCleanup(td.quit)
        support.login(td, self.base, *support.ADMIN)
        td.get(self.base + "/adjudications")
        wait(td, lambda d: len(self.listed(d)) == 20, message="the first page")
        more = wait(td, lambda d: button(d, "More games (20 of 21 shown)"),
                    message="the button saying how many are shown")
        self.assertEqual(self.listed(td), queue[:20])
        self.assertIn("Adjudications (21)", td.title)
        td.execute_script("arguments[0].scrollIntoView({block: 'end'})", more)
        td.save_screenshot(support.artifact_path("adjudication-queue-more.png"))
        more.click()
        wait(td, lambda d: len(self.listed(d)) == 21, message="the next page shown")
        wait(td, lambda d: not d.find_elements(By.CSS_SELECTOR, "p.more button"), message="no more pages")
        self.assertEqual(self.listed(td), queue)

        # The last game decided on the page: it leaves, the others stay in order.
        last = queue[-1]
        Select(td.find_element(By.ID, "adj-%s-result" % last)).select_by_value("1/2-1/2")
        td.find_element(By.ID, "adj-%s-reason" % last).send_keys("a dead draw")
        button(td, "Decide game %s" % last).click()
        wait(td, lambda d: self.listed(d) == queue[:20], message="the decided game gone")
        wait(td, lambda d: "Adjudications (20)" in d.title, message="the title counts the queue")
        self.assertEqual(td.find_elements(By.CSS_SELECTOR, "p.more button"), [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
