"""The analysis board (issue #34): from a game page stepped back to an earlier move, "Analyse"
opens a board at that position; a move made there, Back, Next, Flip and Reset work on the
board only; "Start engine" loads Stockfish (WebAssembly, in a worker: never fetched before)
and it finds the mate in one of the position, shown as an evaluation and a best line in SAN
that the server's own legal moves contain. Nothing is sent to the server meanwhile, and the
game is unchanged. At 390 px the analysis board fits the screen. Screenshots at 1280 and
390 px."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

GAME = "https://lichess.org/q7s1nprp"  # 1.b3 e5 ... 8.f3 Bf2#, 0-1 (tests/data/pgn)
ENGINE_WAIT = 60  # seconds for the engine to load and find the mate

# Records every request the page makes from now on: fetch (method and address), anything
# sent over a WebSocket, and any Content-Security-Policy violation.
SPY = """
window.__sent = [];
document.addEventListener('securitypolicyviolation', (e) => window.__sent.push('CSP ' + e.violatedDirective));
const fetch0 = window.fetch;
window.fetch = function (input, init) {
  window.__sent.push(((init && init.method) || 'GET') + ' ' + String(input));
  return fetch0.apply(this, arguments);
};
const send0 = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__sent.push('WS ' + String(data)); return send0.call(this, data); };
"""
ENGINE_FETCHED = "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/engine-'))"


def board(d):
    return d.find_element(By.CSS_SELECTOR, ".board-col .board")


def fen(d):
    return board(d).get_attribute("data-fen")


def same_position(a, b):
    """Two FENs of one position (pieces, side to move, castling, en passant)."""
    return a.split()[:4] == b.split()[:4]


class AnalysisBoard(support.ServerTestCase):
    users = ("alice", "bob")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        admin = support.Api(cls.base, *support.ADMIN)
        cls.api = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        cls.path = "/api/v1/games/%s" % game["id"]
        players = [cls.api["alice"], cls.api["bob"]]
        # Up to 8.f3: Black to move, with the mate 8...Bf2# on the board.
        for i, san in enumerate(support.pgn_game(GAME)[:15]):
            players[i % 2].call("POST", cls.path + "/moves", {"move": san})
            players[i % 2].call("POST", cls.path + "/moves/accept", {"move": san})
        cls.game = cls.api["bob"].call("GET", cls.path)

    def test_analyse_an_earlier_position_with_the_engine(self):
        g = self.game
        self.assertEqual(g["ply"], 15)
        d = self.browser("bob")
        d.get("%s/games/%s" % (self.base, g["id"]))
        wait(d, lambda d: fen(d) == g["fen"], message="game")
        self.assertEqual(d.execute_script(ENGINE_FETCHED), [], "the game page fetched the engine")

        # Step back to 7...Bc5 (ply 14: White to move), then Analyse.
        d.find_element(By.CSS_SELECTOR, "table.moves button[data-ply='14']").click()
        before_f3 = g["moves"][13]["fen_after"]
        wait(d, lambda d: fen(d) == before_f3, message="ply 14 shown")
        d.execute_script(SPY)
        d.find_element(By.LINK_TEXT, "Analyse").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".analysis-page .board"), message="analysis board")
        self.assertIn("/analysis?", d.current_url)
        self.assertTrue(same_position(fen(d), before_f3), (fen(d), before_f3))
        self.assertIn("Black at the bottom", d.find_element(By.CSS_SELECTOR, ".analysis-page .cg-host").get_attribute("aria-label"))
        self.assertIn("position after ply 14", d.find_element(By.CSS_SELECTOR, ".analysis-from").text)
        # The game's move to that position is marked (7...Bc5: f8 to c5).
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, ".analysis-page square.last-move")), 2)

        # A move on the analysis board: 8.f3 (clicks on f2, then f3).
        square = lambda name: d.find_element(By.CSS_SELECTOR, ".analysis-page [data-square='%s']" % name)
        square("f2").click()
        square("f3").click()
        wait(d, lambda d: same_position(fen(d), g["fen"]), message="f3 on the analysis board")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "#analysis-moves button[aria-current='true']").text, "8. f3")
        # Back, Next, Flip.
        button(d, "Previous move").click()
        wait(d, lambda d: same_position(fen(d), before_f3), message="back")
        button(d, "Next move").click()
        wait(d, lambda d: same_position(fen(d), g["fen"]), message="forward")
        button(d, "Flip board").click()
        wait(d, lambda d: "White at the bottom" in d.find_element(By.CSS_SELECTOR, ".analysis-page .cg-host").get_attribute("aria-label"),
             message="flipped")
        self.assertEqual(d.execute_script(ENGINE_FETCHED), [], "the engine was fetched before Start")

        # The engine: a mate in one for Black, and a best line in SAN.
        button(d, "Start engine").click()
        ev = d.find_element(By.ID, "engine-eval")
        line = d.find_element(By.ID, "engine-line")
        wait(d, lambda d: ev.get_attribute("data-score") == "mate -1" and line.get_attribute("data-san"),
             timeout=ENGINE_WAIT, message="the engine's mate in one")
        self.assertTrue(ev.text.startswith("#\u22121"), ev.text)
        san = line.get_attribute("data-san").split()
        self.assertTrue(san[0].endswith("#"), san)
        # The mating move is legal in the game's position (the server's list of legal moves).
        self.assertIn(san[0], g["legal_moves"])
        self.assertIn("8… %s" % san[0], line.text)
        self.assertTrue(any(e.endswith("stockfish-19-lite-single.js") for e in d.execute_script(ENGINE_FETCHED)))
        d.save_screenshot(support.artifact_path("analysis-1280.png"))
        button(d, "Stop engine").click()
        wait(d, lambda d: button(d, "Start engine"), message="stopped")

        # Reset to the game position: the line is gone.
        button(d, "Reset to the game position").click()
        wait(d, lambda d: same_position(fen(d), before_f3), message="reset")
        self.assertEqual(d.find_elements(By.CSS_SELECTOR, "#analysis-moves button"), [])

        # Nothing went to the server but reads (no policy refused anything), and the game is as
        # it was.
        sent = d.execute_script("return window.__sent")
        self.assertEqual([s for s in sent if not s.startswith("GET ")], [], sent)
        now = self.api["bob"].call("GET", self.path)
        self.assertEqual((now["ply"], now["version"], now["fen"]), (g["ply"], g["version"], g["fen"]))
        self.assertFalse(now.get("pending_move"))

    def test_fits_a_phone(self):
        d = self.browser("bob")
        support.phone_screen(d, 390, 844)
        d.get("%s/games/%s" % (self.base, self.game["id"]))
        wait(d, lambda d: fen(d) == self.game["fen"], message="game")
        link = d.find_element(By.LINK_TEXT, "Analyse")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".analysis-page .board"), message="analysis board")
        self.assertTrue(same_position(fen(d), self.game["fen"]))
        button(d, "Start engine").click()
        wait(d, lambda d: d.find_element(By.ID, "engine-eval").get_attribute("data-score") == "mate -1",
             timeout=ENGINE_WAIT, message="the engine on a phone")
        self.assertLessEqual(support.page_width(d), 390)
        right = d.execute_script("return document.querySelector('.analysis-page .board').getBoundingClientRect().right")
        self.assertLessEqual(right, 390)
        d.save_screenshot(support.artifact_path("analysis-390.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
