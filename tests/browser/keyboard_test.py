"""Keyboard and screen readers on the game page (#34 defect 8): from the top of the page two
Tab presses and Enter reach the Move field (skip links); a move is typed, Tab reaches
Submit, Enter submits, focus is on Confirm, Enter confirms, and the focus stays on the
move's state ("Waiting for your opponent.") rather than being lost; when the opponent
replies it is in the Move field again, and Enter submits, Enter confirms. The board is an
board with a name saying whose move it is, and the position is available as text (the
pieces of each side by square), read back after each move and shown on request."""

import sys
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support
from support import button, wait

START_WHITE = "King e1; Queen d1; Rooks a1, h1; Bishops c1, f1; Knights b1, g1; Pawns a2, b2, c2, d2, e2, f2, g2, h2"


class KeyboardOnly(support.ServerTestCase):
    users = ("alice", "bob")

    def keys(self, d, *keys):
        ActionChains(d).send_keys(*keys).perform()

    @staticmethod
    def focused(d):
        return d.execute_script("""const a = document.activeElement;
            return a ? {tag: a.tagName, id: a.id, text: (a.textContent || '').trim(), cls: a.className} : null""")

    def position_text(self, d):
        return d.execute_script("return document.getElementById('position-text').textContent")

    def test_keyboard_move_and_position_as_text(self):
        admin = support.Api(self.base, *support.ADMIN)
        bob = support.Api(self.base, "bob", self.passwords["bob"])
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, "alice", self.passwords["alice"])
        d.get("%s/games/%s" % (self.base, game["id"]))
        wait(d, lambda d: d.find_element(By.ID, "move-input").is_displayed(), message="Move field")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")

        # The board: a chess board (played by keyboard, see keyboard_board_test.py) named after
        # the position, described by the position as text.
        host = d.find_element(By.CSS_SELECTOR, ".board .cg-host")
        self.assertEqual(host.get_attribute("role"), "application")
        self.assertEqual(host.get_attribute("aria-roledescription"), "chess board")
        self.assertEqual(host.get_attribute("aria-label"), "Chess board, White at the bottom: White to move.")
        self.assertEqual(host.get_attribute("aria-describedby"), "position-text")
        text = self.position_text(d)
        self.assertIn("White to move.", text)
        self.assertIn("White: %s." % START_WHITE, text)
        self.assertIn("Black: King e8; Queen d8; Rooks a8, h8; Bishops c8, f8; Knights b8, g8; "
                      "Pawns a7, b7, c7, d7, e7, f7, g7, h7.", text)

        # Tab, Tab, Enter: the Move field.
        presses = 0
        for _ in range(4):
            self.keys(d, Keys.TAB)
            presses += 1
            if self.focused(d)["text"] == "Skip to the Move field":
                break
        self.assertEqual(presses, 2, "the second Tab stop is the skip link to the Move field")
        d.save_screenshot(support.artifact_path("keyboard-skip-link.png"))
        self.keys(d, Keys.ENTER)
        self.assertEqual(self.focused(d)["id"], "move-input")
        self.keys(d, "e4")
        presses = 0
        while self.focused(d)["text"] != "Submit" and presses < 6:
            self.keys(d, Keys.TAB)
            presses += 1
        self.assertEqual(self.focused(d)["text"], "Submit")
        self.assertLessEqual(presses, 3, "Submit a few Tab presses after the Move field")
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: self.focused(d)["text"] == "Confirm", 5, "focus on Confirm")
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: "Waiting for your opponent" in d.find_element(By.CSS_SELECTOR, ".move-state").text, 5,
             "confirmed")
        self.assertEqual(admin.call("GET", path)["ply"], 1)
        wait(d, lambda d: "move-state" in self.focused(d)["cls"], 2, "focus kept after Confirm")
        self.assertEqual(self.focused(d)["text"], "Waiting for your opponent.")
        self.assertIn("Black to move. Last move: e2 to e4.", self.position_text(d))
        self.assertIn("Pawns a2, b2, c2, d2, e4, f2, g2, h2.", self.position_text(d))

        # The opponent replies: the focus goes to the Move field; Enter, Enter plays Nf3.
        bob.call("POST", path + "/moves", {"move": "e5"})
        bob.call("POST", path + "/moves/accept", {"move": "e5"})
        wait(d, lambda d: self.focused(d)["id"] == "move-input", 5, "the Move field again")
        self.assertEqual(host.get_attribute("aria-label"),
                         "Chess board, White at the bottom: White to move, last move e7 to e5.")
        self.assertIn("White to move. Last move: e7 to e5.", self.position_text(d))
        self.assertIn("Black: King e8; Queen d8; Rooks a8, h8; Bishops c8, f8; Knights b8, g8; "
                      "Pawns a7, b7, c7, d7, e5, f7, g7, h7.", self.position_text(d))
        self.keys(d, "Nf3", Keys.ENTER)
        wait(d, lambda d: self.focused(d)["text"] == "Confirm", 5, "focus on Confirm")
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: admin.call("GET", path)["ply"] == 3, 5, "Nf3 played")
        wait(d, lambda d: "move-state" in self.focused(d)["cls"], 2, "focus kept after Confirm")

        # Shown on the page on request (and remembered).
        toggle = d.find_element(By.CSS_SELECTOR, "button.position-toggle")
        self.assertEqual(toggle.get_attribute("aria-expanded"), "false")
        self.assertFalse(d.find_element(By.ID, "position-text").is_displayed() and
                         d.find_element(By.ID, "position-text").size["height"] > 2)
        toggle.send_keys(Keys.ENTER)
        wait(d, lambda d: toggle.get_attribute("aria-expanded") == "true", 2, "shown")
        shown = d.find_element(By.ID, "position-text")
        self.assertGreater(shown.size["height"], 20)
        self.assertIn("Knights b1, f3", shown.text)
        shown.location_once_scrolled_into_view
        d.save_screenshot(support.artifact_path("keyboard-position-text-desktop.png"))
        support.phone_screen(d, 390, 844)
        d.refresh()
        wait(d, lambda d: d.find_elements(By.ID, "position-text") and
             d.find_element(By.ID, "position-text").size["height"] > 20, 5, "remembered")
        self.assertLessEqual(support.page_width(d), 390)
        d.find_element(By.ID, "position-text").location_once_scrolled_into_view
        d.save_screenshot(support.artifact_path("keyboard-position-text-phone.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
