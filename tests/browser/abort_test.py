"""Aborting a game from the game page (rules.md 2.3): in a game of an accepted challenge the
player sees Abort until both players have moved; Abort asks for a confirmation and sends
nothing before it; "Yes, abort" ends the game for both pages (the opponent's live), which then
say who aborted it and that it counts for nothing. A director's game and a game in which both
have moved offer no Abort. Desktop and 390 px phone width."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

TC = {"type": "iccf", "moves": 10, "days": 50}


class AbortOnTheGamePage(support.ServerTestCase):
    users = ("alice", "bob")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)
        cls.players = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}

    def friendly_game(self, moves=()):
        """A game of a challenge alice (White) makes and bob accepts, with `moves` played."""
        alice, bob = self.players["alice"], self.players["bob"]
        c = alice.call("POST", "/api/v1/challenges", {"opponent": "bob", "color": "white", "time_control": TC})
        game_id = bob.call("POST", "/api/v1/challenges/%s/accept" % c["id"])["game"]["id"]
        for i, san in enumerate(moves):
            p = alice if i % 2 == 0 else bob
            p.call("POST", "/api/v1/games/%s/moves" % game_id, {"move": san})
            p.call("POST", "/api/v1/games/%s/moves/accept" % game_id, {"move": san})
        return game_id

    def open(self, user, game_id, width=1280):
        d = self.browser(user)
        if width < 500:  # a window cannot be that narrow: emulate the phone's screen
            support.phone_screen(d, width, 844)
        d.get("%s/games/%s" % (self.base, game_id))
        fen = self.admin.call("GET", "/api/v1/games/" + game_id)["fen"]
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen, message="game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        return d

    def status(self, d):
        return d.find_element(By.CSS_SELECTOR, ".status").text

    def abort_and_watch(self, width):
        game_id = self.friendly_game(["e4"])  # White has moved: both may still abort
        bob = self.open("bob", game_id, width)
        alice = self.open("alice", game_id, width)
        wait(bob, lambda d: button(d, "Abort") is not None, message="Abort offered")
        button(bob, "Abort").click()
        wait(bob, lambda d: button(d, "Yes, abort") is not None, message="confirmation")
        self.assertIn("not rated", bob.find_element(By.CSS_SELECTOR, ".confirm-text").text)
        # Nothing is sent before the confirmation.
        self.assertEqual(self.admin.call("GET", "/api/v1/games/" + game_id)["status"], "ongoing")
        if width < 500:
            self.assertLessEqual(support.page_width(bob), width, "no sideways scroll on a phone")
        button(bob, "Yes, abort").click()
        wait(bob, lambda d: self.status(d).startswith("Game aborted by Bob"), message="aborted (bob)")
        wait(alice, lambda d: self.status(d).startswith("Game aborted by Bob"), message="aborted live (alice)")
        self.assertIn("not rated", self.status(alice))
        self.assertIsNone(button(alice, "Abort"))
        self.assertIsNone(button(alice, "Resign"))
        game = self.admin.call("GET", "/api/v1/games/" + game_id)
        self.assertEqual((game["status"], game["termination"]), ("annulled", "aborted"))
        bob.save_screenshot(support.artifact_path("abort-%d.png" % width))

    def test_abort_desktop(self):
        self.abort_and_watch(1280)

    def test_abort_phone(self):
        self.abort_and_watch(390)

    def test_no_abort_once_both_moved_or_in_a_directors_game(self):
        both_moved = self.friendly_game(["d4", "d5"])
        d = self.open("alice", both_moved)
        wait(d, lambda d: button(d, "Resign") is not None, message="actions drawn")
        self.assertIsNone(button(d, "Abort"))
        directors = self.admin.call("POST", "/api/v1/admin/games",
                                    {"white": "alice", "black": "bob", "time_control": TC})["id"]
        d = self.open("alice", directors)
        wait(d, lambda d: button(d, "Resign") is not None, message="actions drawn")
        self.assertIsNone(button(d, "Abort"))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
