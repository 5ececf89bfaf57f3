"""The director's evidence in the browser (rules.md 6.5): an event started from a king and
queen against king passes its end date; the adjudication queue shows, at phone and desktop
width, the tablebase's verdict with its distance, each side's dead-position verdict, the
repetition and fifty-move record, the suggested decision, and the legality of each claim's
line (a mating line and one with an impossible capture); "Use the suggestion" fills the
decision form and the director decides with it."""

import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import button, wait


class DirectorsEvidence(support.ServerTestCase):
    users = ("anna", "boris")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC",
           "CORRCHESS_SYZYGY_PATH": os.path.join(support.DATA_DIR, "syzygy")}

    def test_queue_shows_the_proof_and_the_suggestion_decides(self):
        admin = support.Api(self.base, *support.ADMIN)
        event, game = support.pending_event_game(admin, "Queen ending", ("anna", "boris"),
                                                 opening="8/8/8/8/8/2k5/8/4K2Q w - - 0 1")
        game_id = game["id"]
        for side, claim, analysis in (
                ("white", "win", "1. Qh3+ Kc2 2. Qg3 Kb2 3. Qd3 Ka2 4. Qb5 Ka3 5. Kd2 Ka2 6. Kc2 Ka1 7. Qb2# wins"),
                ("black", "draw", "After 1. Qxc3 nothing is left")):
            player = support.Api(self.base, game[side], self.passwords[game[side]])
            player.call("POST", "/api/v1/events/%s/adjudication-claims" % event["id"],
                        {"game_id": game_id, "claim": claim, "analysis": analysis})

        entry = "li.adjudication[data-game='%s']" % game_id
        for width, name in ((1280, "desktop"), (360, "phone")):
            td = support.chromium(width=width)
            self.addCleanup(td.quit)
            if width == 360:
                support.phone_screen(td)
            support.login(td, self.base, *support.ADMIN)
            td.get(self.base + "/adjudications")
            wait(td, lambda d: d.find_elements(By.CSS_SELECTOR, entry + " .evidence"), message="the evidence")
            text = td.find_element(By.CSS_SELECTOR, entry).text
            self.assertIn("What the server can prove", text)
            self.assertIn("Tablebase: White to move wins, 11 plies to mate or the next capture or pawn move.", text)
            self.assertIn("Dead position: no. White can still checkmate; Black can never checkmate (proven).", text)
            self.assertIn("Repetitions: the position stands for the first time.", text)
            self.assertIn("Fifty-move counter: 0 plies since the last pawn move or capture.", text)
            self.assertIn("Suggested decision: 1-0, the Syzygy tablebase proves a win for White (White to move: "
                          "win, 11 plies to mate or the next capture or pawn move).", text)
            self.assertIn("Line (legal, ends in checkmate): 1. Qh3+ Kc2 2. Qg3 Kb2 3. Qd3 Ka2 4. Qb5 Ka3 "
                          "5. Kd2 Ka2 6. Kc2 Ka1 7. Qb2#", text)
            self.assertIn("Line: Qxc3 is not legal", text)
            if width == 360:
                self.assertLessEqual(support.page_width(td), 360)
            td.save_screenshot(support.artifact_path("adjudication-evidence-%s.png" % name))

        # The suggestion fills the form; the director decides with it.
        button(td, "Use the suggestion for game %s" % game_id).click()
        self.assertEqual(Select(td.find_element(By.ID, "adj-%s-result" % game_id)).first_selected_option
                         .get_attribute("value"), "1-0")
        self.assertIn("Syzygy tablebase proves a win for White",
                      td.find_element(By.ID, "adj-%s-reason" % game_id).get_attribute("value"))
        button(td, "Decide game %s" % game_id).click()
        wait(td, lambda d: "No game is waiting for adjudication." in d.find_element(By.TAG_NAME, "main").text,
             message="the queue is empty")
        decided = admin.call("GET", "/api/v1/games/" + game_id)
        self.assertEqual((decided["status"], decided["result"], decided["termination"]),
                         ("finished", "1-0", "adjudication"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
