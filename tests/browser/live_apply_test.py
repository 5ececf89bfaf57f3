"""The game page reads the game once at the start (not again at the live connection's
greeting) and its messages once; its own confirmed move costs no read; the opponent's move
is applied from the live message at once, and one read (for the clocks and claims after it,
which the message does not carry) covers the move and the draw offer that came with it; a
message that does not follow the version shown (one was lost) makes the page read the game
(#34 defect 15). Requests are counted by a wrapper of window.fetch, and a live message is
dropped by a wrapper of WebSocket, both installed before the page's script (CDP)."""

import re
import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

WRAP = """
(() => {
  window.__calls = [];
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    window.__calls.push(((init && init.method) || 'GET') + ' ' + url.pathname);
    return realFetch(input, init);
  };
  window.__dropMoves = 0;
  window.__moves = [];
  const RealWebSocket = window.WebSocket;
  window.WebSocket = class extends RealWebSocket {
    set onmessage(listener) {
      super.onmessage = (event) => {
        let m = null;
        try { m = JSON.parse(event.data); } catch (e) {}
        if (m) (window.__all = window.__all || []).push(JSON.stringify(m));
        if (m && m.type === 'move') {
          window.__moves.push(m.ply);
          if (window.__dropMoves > 0) { window.__dropMoves -= 1; return; }
        }
        listener(event);
      };
    }
  };
})();
"""


class ReadOnceApplyLive(support.ServerTestCase):
    users = ("alice", "bob")

    def test_reads(self):
        admin = support.Api(self.base, *support.ADMIN)
        bob = support.Api(self.base, "bob", self.passwords["bob"])
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, "alice", self.passwords["alice"])
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WRAP})
        d.get(self.base + "/games/%s" % game["id"])
        wait(d, lambda d: button(d, "Submit") is not None, message="the game")
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        time.sleep(1)

        def reads():
            calls = d.execute_script("return window.__calls")
            return (calls.count("GET " + path), calls.count("GET " + path + "/messages"))

        fen = lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen")
        self.assertEqual(reads(), (1, 1), "the game and its messages read once at the start")

        # Alice's own move (with a message): the Confirm answer is the game; the live message
        # of her move is not read again; the messages are read again for her message.
        d.find_element(By.ID, "move-input").send_keys("e4")
        d.find_element(By.ID, "move-message").send_keys("Have fun")
        button(d, "Submit").click()
        wait(d, lambda d: button(d, "Confirm") is not None, message="pending")
        button(d, "Confirm").click()
        wait(d, lambda d: d.execute_script("return window.__moves.length") == 1, 5, "her move's live message")
        wait(d, lambda d: "Have fun" in d.find_element(By.CSS_SELECTOR, ".messages").text, 5, "her message")
        time.sleep(0.5)
        self.assertEqual(reads(), (1, 2), "no read of the game for her own move: %s %s" % (d.execute_script("return window.__all"), d.execute_script("return window.__calls")))

        # Bob answers with a draw offer: applied at once, one read for the clocks after it.
        bob.call("POST", path + "/moves", {"move": "e5", "offer_draw": True})
        bob.call("POST", path + "/moves/accept", {"move": "e5"})
        wait(d, lambda d: fen(d).startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/"), 5, "Bob's move shown")
        wait(d, lambda d: "Your opponent offers a draw." in d.find_element(By.CSS_SELECTOR, ".draw-box").text, 5,
             "the offer shown")
        wait(d, lambda d: "running" in d.find_element(By.CSS_SELECTOR, ".clock.white").get_attribute("class"), 5,
             "White's clock runs")
        time.sleep(0.5)
        self.assertEqual(reads(), (2, 2), "one read for a move and its draw offer, no messages")
        rows = [r.text for r in d.find_elements(By.CSS_SELECTOR, "table.moves tbody tr td.san")]
        self.assertEqual(rows, ["e4", "e5 (=)"])

        # A lost move message: Bob's Nc6 is dropped, and the conditional reply Bb5 that Alice
        # stored (played by the server in the same command) does not follow the ply shown, so
        # the page reads the game.
        d.find_element(By.ID, "move-input").send_keys("Nf3")
        button(d, "Submit").click()
        wait(d, lambda d: button(d, "Confirm") is not None, message="pending Nf3")
        button(d, "Confirm").click()
        wait(d, lambda d: d.execute_script("return window.__moves.length") == 3, 5, "Nf3's live message")
        alice = support.Api(self.base, "alice", self.passwords["alice"])
        alice.call("PUT", path + "/conditional", {"lines": [["Nc6", "Bb5"]]})
        time.sleep(0.5)
        before = reads()
        d.execute_script("window.__dropMoves = 1")
        bob.call("POST", path + "/moves", {"move": "Nc6"})
        bob.call("POST", path + "/moves/accept", {"move": "Nc6"})
        wait(d, lambda d: fen(d).startswith("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/"), 5, "Bb5 after a read")
        time.sleep(0.5)
        self.assertEqual(d.execute_script("return window.__moves"), [1, 2, 3, 4, 5])
        self.assertEqual(d.execute_script("return window.__dropMoves"), 0, "Nc6's message was dropped")
        self.assertEqual(reads(), (before[0] + 1, before[1]), "one read after the gap")
        rows = [r.text for r in d.find_elements(By.CSS_SELECTOR, "table.moves tbody tr td.san")]
        self.assertEqual(rows, ["e4", "e5 (=)", "Nf3", "Nc6", "Bb5 (c)"])
        self.assertIn("Bob (Black) to move.", d.find_element(By.CSS_SELECTOR, ".status").text)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
