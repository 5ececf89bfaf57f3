"""Claims on the game page (issue #34): the claim panel shows only when the server's game
says a claim is possible for the player to move, offers only the claimable types, takes
the intended move from its own "Intended move (optional)" field (never from the Move field)
and sends nothing before a confirmation that states what will be sent. An upheld
threefold claim draws the game; a rejected one plays exactly the intended move and stands
as a draw offer; a tablebase claim carries the `expect` the player chose."""

import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import button, wait

TC = {"type": "iccf", "moves": 10, "days": 50}


class ClaimPanel(support.ServerTestCase):
    users = ("alice", "bob")
    env = {"CORRCHESS_SYZYGY_PATH": os.path.join(support.DATA_DIR, "syzygy")}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)
        cls.players = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}
        cls.drivers = {}

    @classmethod
    def tearDownClass(cls):
        for d in cls.drivers.values():
            d.quit()
        super().tearDownClass()

    def browser(self, user):
        if user not in self.drivers:
            driver = support.chromium()
            support.login(driver, self.base, user, self.passwords[user])
            self.drivers[user] = driver
        return self.drivers[user]

    def new_game(self, moves=(), **extra):
        game = self.admin.call("POST", "/api/v1/admin/games",
                               dict({"white": "alice", "black": "bob", "time_control": TC}, **extra))
        for i, san in enumerate(moves):
            p = self.players["alice" if i % 2 == 0 else "bob"]
            p.call("POST", "/api/v1/games/%s/moves" % game["id"], {"move": san})
            p.call("POST", "/api/v1/games/%s/moves/accept" % game["id"], {"move": san})
        return game["id"]

    def game(self, game_id):
        return self.admin.call("GET", "/api/v1/games/" + game_id)

    def open(self, user, game_id):
        d = self.browser(user)
        d.get("%s/games/%s" % (self.base, game_id))
        fen = self.game(game_id)["fen"]
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen, message="game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".status").text.startswith("Your move"), message="my move")
        return d

    def claim_box(self, d):
        return d.find_element(By.CSS_SELECTOR, "section.claim-box")

    def type_move_field(self, d, text):
        field = d.find_element(By.ID, "move-input")
        field.clear()
        field.send_keys(text)

    def test_no_claim_control_in_a_fresh_game(self):
        game_id = self.new_game()
        d = self.open("alice", game_id)
        self.assertIsNone(button(d, "Claim"))
        self.assertFalse(any(e.is_displayed() for e in d.find_elements(By.ID, "claim-type")))
        self.assertFalse(any(e.is_displayed() for e in d.find_elements(By.ID, "claim-move")))

    def test_upheld_threefold_claim_with_intended_move_ignores_the_move_field(self):
        # 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: 4...Ng8 would bring the start position a third time.
        game_id = self.new_game(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
        d = self.open("bob", game_id)
        wait(d, lambda d: self.claim_box(d).is_displayed(), message="claim panel")
        options = [o.get_attribute("value") for o in Select(d.find_element(By.ID, "claim-type")).options]
        self.assertEqual(options, ["threefold"], "only the claimable type is offered")
        self.assertFalse(d.find_element(By.ID, "claim-expect").is_displayed(), "no expect for threefold")
        self.type_move_field(d, "e5")
        label = d.find_element(By.XPATH, "//label[normalize-space()='Intended move (optional)']")
        self.assertEqual(label.get_attribute("for"), "claim-move")
        d.find_element(By.ID, "claim-move").send_keys("Ng8")
        button(d, "Claim").click()
        wait(d, lambda d: button(d, "Yes, claim") is not None, message="confirmation")
        self.assertIn("Claim a draw by threefold repetition with the intended move Ng8? "
                      "If the claim is rejected, Ng8 is played and counts as your draw offer.",
                      self.claim_box(d).text)
        self.assertIsNotNone(button(d, "Back"))
        self.assertEqual(self.game(game_id)["ply"], 7, "nothing is sent before the confirmation")
        button(d, "Yes, claim").click()
        wait(d, lambda d: "Game over: 1/2-1/2 (repetition)" in d.find_element(By.CSS_SELECTOR, ".status").text,
             message="drawn")
        g = self.game(game_id)
        self.assertEqual((g["status"], g["result"], g["termination"]), ("finished", "1/2-1/2", "repetition"))
        self.assertEqual(g["ply"], 7, "neither e5 (the Move field) nor Ng8 (upheld) was played")
        self.assertIn("Claim upheld", d.find_element(By.CSS_SELECTOR, ".notice").text)
        self.assertIsNone(button(d, "Claim"), "no claim in a finished game")

    def test_rejected_claim_plays_exactly_the_intended_move_after_confirmation(self):
        game_id = self.new_game(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
        d = self.open("bob", game_id)
        wait(d, lambda d: self.claim_box(d).is_displayed(), message="claim panel")
        self.type_move_field(d, "e5")
        intended = d.find_element(By.ID, "claim-move")
        intended.send_keys("b8c6")  # any notation; Nc6 makes no repetition: the claim is rejected
        button(d, "Claim").click()
        wait(d, lambda d: button(d, "Yes, claim") is not None, message="confirmation")
        self.assertIn("with the intended move Nc6? If the claim is rejected, Nc6 is played and counts as "
                      "your draw offer.", self.claim_box(d).text)
        self.assertFalse(intended.is_enabled(), "what is confirmed cannot change underneath")
        button(d, "Back").click()
        wait(d, lambda d: button(d, "Claim") is not None, message="back")
        self.assertEqual(self.game(game_id)["ply"], 7, "Back sends nothing")
        button(d, "Claim").click()
        wait(d, lambda d: button(d, "Yes, claim") is not None, message="confirmation again")
        button(d, "Yes, claim").click()
        wait(d, lambda d: "Claim rejected" in d.find_element(By.CSS_SELECTOR, ".notice").text, message="rejected")
        g = self.game(game_id)
        self.assertEqual(g["ply"], 8)
        self.assertEqual(g["moves"][-1]["san"], "Nc6", "exactly the intended move was played, not e5")
        self.assertEqual(g["draw_offer"]["by"], "black", "the rejected claim stands as a draw offer")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == g["fen"])
        self.assertIn("You offered a draw.", d.find_element(By.CSS_SELECTOR, ".status").text)
        self.assertFalse(self.claim_box(d).is_displayed(), "not on move: no claim panel")

    def test_claim_without_intended_move_when_the_position_stands_a_third_time(self):
        # After 4...Ng8 the start position stands for the third time: White claims as is.
        game_id = self.new_game(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])
        d = self.open("alice", game_id)
        wait(d, lambda d: self.claim_box(d).is_displayed(), message="claim panel")
        self.type_move_field(d, "e4")
        button(d, "Claim").click()
        wait(d, lambda d: button(d, "Yes, claim") is not None, message="confirmation")
        self.assertIn("Claim a draw by threefold repetition without an intended move?", self.claim_box(d).text)
        self.assertNotIn("e4", self.claim_box(d).text)
        button(d, "Yes, claim").click()
        wait(d, lambda d: "Game over: 1/2-1/2 (repetition)" in d.find_element(By.CSS_SELECTOR, ".status").text,
             message="drawn")
        self.assertEqual(self.game(game_id)["ply"], 8, "e4 from the Move field was not sent")

    def test_tablebase_claim_asks_win_or_draw_and_sends_it(self):
        game_id = self.new_game(initial_fen="8/8/8/8/8/2k5/8/4K2Q w - - 0 1")
        d = self.open("alice", game_id)
        wait(d, lambda d: self.claim_box(d).is_displayed(), message="claim panel")
        options = [o.get_attribute("value") for o in Select(d.find_element(By.ID, "claim-type")).options]
        self.assertEqual(options, ["tablebase"])
        self.assertTrue(d.find_element(By.ID, "claim-expect").is_displayed())
        self.assertIn("never plays the intended move", self.claim_box(d).text)
        d.find_element(By.ID, "claim-move").send_keys("Qh3+")
        button(d, "Claim").click()
        wait(d, lambda d: "Choose whether you claim a win or a draw." in self.claim_box(d).text,
             message="expect is required")
        self.assertIsNone(button(d, "Yes, claim"))
        Select(d.find_element(By.ID, "claim-expect")).select_by_value("win")
        button(d, "Claim").click()
        wait(d, lambda d: button(d, "Yes, claim") is not None, message="confirmation")
        self.assertIn("Claim a win by the tablebase with the intended move Qh3+? Qh3+ is never played.",
                      self.claim_box(d).text)
        d.save_screenshot(support.artifact_path("claim-confirm-desktop.png"))
        support.phone_screen(d, 390, 844)
        try:
            # (the board follows the new width once its resize observer has run; Chromium may keep
            # the document's scroll width of the wider layout until something is laid out again,
            # so the page is laid out afresh at the phone's width before measuring)
            d.execute_script("document.body.style.display = 'none'; void document.body.offsetWidth;"
                             "document.body.style.display = '';")
            wait(d, lambda d: support.page_width(d) <= 390, timeout=5, message="nothing wider than the phone")
            self.claim_box(d).location_once_scrolled_into_view
            d.save_screenshot(support.artifact_path("claim-confirm-390.png"))
        finally:
            d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        button(d, "Yes, claim").click()
        wait(d, lambda d: "Game over: 1-0 (tablebase)" in d.find_element(By.CSS_SELECTOR, ".status").text,
             message="won by the tablebase")
        self.assertEqual(self.game(game_id)["ply"], 0, "the intended move is never played")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
