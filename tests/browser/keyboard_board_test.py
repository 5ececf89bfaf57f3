"""The board played by keyboard alone (#34): two players log in and play a whole game (the
fool's mate, 1. f3 e5 2. g4 Qh4#) with key presses only, no mouse click at all. Each reaches
the board with the skip link "Skip to the board", moves the square cursor with the arrow keys
(Up is towards the top of the board as the player sees it: White's rank 8, Black's rank 1),
hears the square under the cursor with its piece in the board's live region ("f2 white
pawn"), picks the piece with Enter (or Space) and its square with Enter, and goes on with
Enter on Submit and Confirm; Escape drops a picked piece. After each move both sides'
position as text is checked, and when the opponent has replied the focus is back on the
board. Played at desktop width (1280) and on a 390 px phone."""

import sys
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support
from support import wait

FILES = "abcdefgh"


class KeyboardBoard(support.ServerTestCase):
    users = ("alice", "bob")

    @staticmethod
    def keys(d, *keys):
        ActionChains(d).send_keys(*keys).perform()

    @staticmethod
    def focused(d):
        return d.execute_script("""const a = document.activeElement;
            return a ? {id: a.id, text: (a.textContent || '').trim(), cls: String(a.className)} : null""")

    @staticmethod
    def said(d):
        return d.find_element(By.CSS_SELECTOR, ".board .board-announce").get_attribute("textContent")

    @staticmethod
    def selected_squares(d):
        """How many squares chessground shows as picked (it hides squares it no longer needs)."""
        return len([s for s in d.find_elements(By.CSS_SELECTOR, ".board cg-board square.selected") if s.is_displayed()])

    @staticmethod
    def position_text(d):
        return d.execute_script("return document.getElementById('position-text').textContent")

    def open_game(self, user, game_id, width):
        """A browser where `user` logs in and opens the game, by keyboard only."""
        d = support.chromium(max(width, 800), 1000)
        self.addCleanup(d.quit)
        if width < 800:
            support.phone_screen(d, width, 844)
        d.get(self.base + "/login")
        wait(d, lambda d: self.focused(d)["id"] == "username", message="the username field has the focus")
        self.keys(d, user, Keys.TAB, self.passwords[user], Keys.ENTER)
        wait(d, lambda d: d.current_url.rstrip("/").endswith("/games"), message="logged in")
        d.get("%s/games/%s" % (self.base, game_id))
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".board[data-fen]") and
             d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") != "", message="the game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        if width < 800:
            self.assertLessEqual(support.page_width(d), width, "no sideways scrolling on the phone")
        # From the top of the page: Tab to the skip link "Skip to the board", Enter.
        for _ in range(4):
            self.keys(d, Keys.TAB)
            if self.focused(d)["text"] == "Skip to the board":
                break
        self.assertEqual(self.focused(d)["text"], "Skip to the board")
        self.keys(d, Keys.ENTER)
        self.assertEqual(self.focused(d)["id"], "board")
        host = d.find_element(By.ID, "board")
        self.assertEqual(host.get_attribute("role"), "application")
        self.assertEqual(host.get_attribute("aria-roledescription"), "chess board")
        return d

    def cursor_to(self, d, square, white_view):
        """Arrow keys from the cursor's square to `square`; returns what is said there."""
        at = d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-cursor")
        self.assertRegex(at, "^[a-h][1-8]$", "the cursor's square")
        sign = 1 if white_view else -1
        df = (FILES.index(square[0]) - FILES.index(at[0])) * sign
        dr = (int(square[1]) - int(at[1])) * sign
        presses = [Keys.ARROW_RIGHT if df > 0 else Keys.ARROW_LEFT] * abs(df) + \
            [Keys.ARROW_UP if dr > 0 else Keys.ARROW_DOWN] * abs(dr)
        if presses:
            self.keys(d, *presses)
            wait(d, lambda d: self.said(d).startswith(square + " "), 3, "cursor on " + square)
        # The cursor square is outlined on the board and labelled with its piece.
        cursor = d.find_elements(By.CSS_SELECTOR, ".square-layer > .cursor")
        self.assertEqual([c.get_attribute("data-square") for c in cursor], [square])
        label = cursor[0].get_attribute("aria-label")
        self.assertTrue(label.startswith(square + " "), label)
        if presses:
            self.assertTrue(self.said(d).startswith(label), (self.said(d), label))
            return self.said(d)
        return label

    def play(self, d, frm, to, piece, white_view, last=False, shot=None):
        """Plays `frm`-`to` on the board by keyboard and submits and confirms it."""
        wait(d, lambda d: self.focused(d)["id"] == "board", 10, "the board has the focus")
        self.assertEqual(self.cursor_to(d, frm, white_view), "%s %s" % (frm, piece))
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: "picked" in self.said(d), 3, "picked")
        self.assertIn(to, self.said(d).split("moves to ")[1])
        wait(d, lambda d: self.selected_squares(d) == 1, 3, "the picked piece shown")
        self.assertEqual(self.cursor_to(d, to, white_view), "%s empty, a legal move" % to)
        if shot:
            d.save_screenshot(support.artifact_path(shot))
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: self.focused(d)["text"] == "Submit", 5, "Submit after the board move")
        self.keys(d, Keys.ENTER)
        wait(d, lambda d: self.focused(d)["text"] == "Confirm", 5, "Confirm")
        self.keys(d, Keys.ENTER)
        if not last:
            wait(d, lambda d: "Waiting for your opponent" in d.find_element(By.CSS_SELECTOR, ".move-state").text,
                 5, "confirmed")

    def both_read(self, drivers, *parts):
        for d in drivers:
            wait(d, lambda d: all(p in self.position_text(d) for p in parts), 10,
                 "position as text: %s (is: %s)" % (parts, self.position_text(d)))

    def fools_mate(self, width):
        admin = support.Api(self.base, *support.ADMIN)
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        alice = self.open_game("alice", game["id"], width)
        bob = self.open_game("bob", game["id"], width)
        both = (alice, bob)
        self.assertEqual(self.said(alice).split(".")[0], "e2 white pawn")
        self.assertEqual(self.said(bob).split(".")[0], "e7 black pawn")

        # Nothing to pick while it is the opponent's move; Escape drops a picked piece.
        self.keys(bob, Keys.ENTER)
        wait(bob, lambda d: self.said(d) == "No move can be made on this board now.", 3, "not bob's move")
        self.cursor_to(alice, "g1", True)
        self.keys(alice, " ")
        wait(alice, lambda d: self.said(d) == "g1 white knight picked: it moves to f3, h3.", 3, "knight picked")
        self.keys(alice, Keys.ESCAPE)
        wait(alice, lambda d: self.said(d) == "Piece dropped.", 3, "dropped")
        wait(alice, lambda d: self.selected_squares(d) == 0, 3, "no piece shown picked")
        self.assertEqual(self.cursor_to(alice, "e1", True), "e1 white king")
        self.keys(alice, Keys.ENTER)
        wait(alice, lambda d: self.said(d) == "e1 white king has no legal move.", 3, "king cannot move")

        self.play(alice, "f2", "f3", "white pawn", True, shot="keyboard-board-%d-picked.png" % width)
        self.both_read(both, "Black to move. Last move: f2 to f3.", "Pawns a2, b2, c2, d2, e2, f3, g2, h2.")
        self.play(bob, "e7", "e5", "black pawn", False)
        self.both_read(both, "White to move. Last move: e7 to e5.", "Pawns a7, b7, c7, d7, e5, f7, g7, h7.")
        self.play(alice, "g2", "g4", "white pawn", True)
        self.both_read(both, "Black to move. Last move: g2 to g4.", "Pawns a2, b2, c2, d2, e2, f3, g4, h2.")
        self.play(bob, "d8", "h4", "black queen", False, last=True)
        self.both_read(both, "Last move: d8 to h4.", "Black: King e8; Queen h4;")
        for d in both:
            wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".status").text.startswith("Game over: 0-1"), 10,
                 "game over")
        final = admin.call("GET", "/api/v1/games/%s" % game["id"])
        self.assertEqual((final["status"], final["result"]), ("finished", "0-1"))
        self.assertEqual([m["san"] for m in final["moves"]], ["f3", "e5", "g4", "Qh4#"])
        for name, d in (("white", alice), ("black", bob)):
            d.save_screenshot(support.artifact_path("keyboard-board-%d-%s.png" % (width, name)))

    def test_fools_mate_by_keyboard_desktop(self):
        self.fools_mate(1280)

    def test_fools_mate_by_keyboard_phone(self):
        self.fools_mate(390)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
