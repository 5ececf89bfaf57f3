"""The installable, offline web client (web/src/sw.ts, offline.ts, offline_queue.ts): the web
app manifest is served and valid and its icons load; the service worker controls the page;
without a connection (Chromium's network emulation, applied to the page and to the service
worker, whose fetches the page's emulation does not cover) a reload shows the game as it
was kept, with "Offline — shown as of", and the conditional lines of a game fetched ahead
from the game list; a move made offline goes through Submit and Confirm into the queue
("queued, will be sent when online"), can be cancelled, and is played once the connection
returns (read back through the API); a queued move whose game changed meanwhile (moved from
another device, the opponent answered) and conditional lines queued before the opponent
moved are refused by the server's precondition, dropped with a clear message, never played.
Screenshots at 1280 and 360 px of the offline banner with a queued move."""

import json
import struct
import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

ICCF = {"type": "iccf", "moves": 10, "days": 50}


def set_offline(d, offline):
    """Chromium's network emulation, offline or online, for the page and for the service
    worker (a target of its own: the page's emulation does not reach its fetches). The
    worker's DevTools session stays attached while offline (its emulation belongs to it) and
    is detached when online again."""
    conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    sessions = d.__dict__.setdefault("worker_sessions", {})
    if offline:
        for target in d.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]:
            if target["type"] == "service_worker" and target["targetId"] not in sessions:
                sessions[target["targetId"]] = d.execute_cdp_cmd(
                    "Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
    for session in sessions.values():
        for n, (method, params) in enumerate((("Network.enable", {}), ("Network.emulateNetworkConditions", conditions))):
            d.execute_cdp_cmd("Target.sendMessageToTarget", {
                "sessionId": session, "message": json.dumps({"id": n + 1, "method": method, "params": params})})
    if not offline:
        for session in sessions.values():
            d.execute_cdp_cmd("Target.detachFromTarget", {"sessionId": session})
        sessions.clear()
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    wait(d, lambda d: d.execute_script("return navigator.onLine") == (not offline), 5, "navigator.onLine")


def fetch_in_page(d, path):
    """[status, X-Corrchess-Stored-At] of a GET from the page (through its service worker)."""
    return d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0], {headers: {Accept: 'application/json'}})
          .then((r) => done([r.status, r.headers.get('X-Corrchess-Stored-At')]))
          .catch((e) => done(['failed', String(e)]));""", path)


def kept(d, path):
    """Whether the worker's data cache holds `path`."""
    return d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.open('corrchess-data-v1').then((c) => c.match(arguments[0], {ignoreVary: true}))
          .then((r) => done(!!r)).catch(() => done(false));""", path)


def png_size(body):
    assert body[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", body[16:24])


class Offline(support.ServerTestCase):
    users = ("alice", "bob")

    def setUp(self):
        self.admin = support.Api(self.base, *support.ADMIN)
        self.alice = support.Api(self.base, "alice", self.passwords["alice"])
        self.bob = support.Api(self.base, "bob", self.passwords["bob"])

    def new_game(self, white="alice", black="bob"):
        return self.admin.call("POST", "/api/v1/admin/games", {"white": white, "black": black, "time_control": ICCF})["id"]

    def play(self, who, game, move, message=None):
        path = "/api/v1/games/%s/moves" % game
        who.call("POST", path, {"move": move, "message": message} if message else {"move": move})
        who.call("POST", path + "/accept", {"move": move})

    def controlled(self, d):
        """Waits until the service worker controls the page (reloading once it is active)."""
        wait(d, lambda d: d.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))"), 20, "worker active")
        if not d.execute_script("return !!navigator.serviceWorker.controller"):
            d.refresh()
        wait(d, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), 20, "page controlled")

    def queue_move(self, d, san):
        field = d.find_element(By.ID, "move-input")
        field.clear()
        field.send_keys(san)
        button(d, "Submit").click()
        wait(d, lambda d: "Pending (offline): %s" % san in d.find_element(By.CSS_SELECTOR, ".move-state").text, 5,
             "the offline confirm step")
        button(d, "Confirm").click()
        wait(d, lambda d: "%s: queued, will be sent when online." % san in d.find_element(By.CSS_SELECTOR, ".move-state").text,
             5, "the move queued")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#queued li[data-queued=move]"), 5, "listed as queued")

    def test_manifest_is_valid_and_its_icons_load(self):
        page = support.http(self.base, "GET", "/games").body.decode()
        self.assertIn('<link rel="manifest" href="/manifest.webmanifest">', page)
        answer = support.http(self.base, "GET", "/manifest.webmanifest")
        self.assertEqual(answer.status, 200)
        self.assertEqual(answer.headers["content-type"], "application/manifest+json")
        manifest = answer.json()
        self.assertEqual(manifest["short_name"], "corrchess")
        self.assertTrue(manifest["name"])
        self.assertEqual(manifest["start_url"], "/games")
        self.assertEqual(manifest["display"], "standalone")
        self.assertRegex(manifest["theme_color"], r"^#[0-9a-f]{6}$")
        sizes = set()
        for icon in manifest["icons"]:
            got = support.http(self.base, "GET", icon["src"])
            self.assertEqual(got.status, 200, icon["src"])
            self.assertEqual(got.headers["content-type"], "image/png")
            w, h = png_size(got.body)
            self.assertEqual("%dx%d" % (w, h), icon["sizes"], icon["src"])
            sizes.add((icon["sizes"], icon.get("purpose", "any")))
        self.assertIn(("192x192", "any"), sizes)
        self.assertIn(("512x512", "any"), sizes)
        self.assertIn(("512x512", "maskable"), sizes)
        worker = support.http(self.base, "GET", "/sw.js")
        self.assertEqual(worker.status, 200)
        self.assertTrue(worker.headers["content-type"].startswith("text/javascript"))
        self.assertEqual(worker.headers["cache-control"], "no-cache", "a new build's worker is found at once")

        d = self.browser("alice")
        self.controlled(d)
        scope = d.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then((r) => done(r.scope))")
        self.assertEqual(scope, self.base + "/")
        # One shell cache, named after the build, holding the page and its bundle.
        shells = d.execute_async_script("""
            const done = arguments[0];
            (async () => {
              const names = (await caches.keys()).filter((n) => n.startsWith('corrchess-shell-'));
              const out = {};
              for (const n of names) out[n] = (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname);
              return out;
            })().then(done);""")
        self.assertEqual(len(shells), 1, shells)
        name, paths = next(iter(shells.items()))
        self.assertRegex(name, r"^corrchess-shell-[0-9a-f]{12}$")
        bundle = d.find_element(By.CSS_SELECTOR, "script[type=module]").get_attribute("src").replace(self.base, "")
        for path in ("/index.html", bundle, "/manifest.webmanifest", "/icons/icon-192.png"):
            self.assertIn(path, paths)
        self.assertIn(name[len("corrchess-shell-"):], worker.body.decode(), "the worker names its cache")
        # The browser reads the manifest the page links (and finds no error in it).
        errors = d.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(errors.get("errors", []), [], errors)
        self.assertEqual(json.loads(errors["data"])["short_name"], "corrchess")

    def test_read_offline_queue_a_move_and_send_it_when_online(self):
        game = self.new_game("bob", "alice")
        self.play(self.bob, game, "e4", "Good luck, Alice")
        # A second game where Bob is to move and Alice prepared a line: never opened by her
        # online, fetched ahead from the game list by the worker.
        other = self.new_game()
        self.play(self.alice, other, "d4")
        self.alice.call("PUT", "/api/v1/games/%s/conditional" % other, {"lines": [["d5", "c4"]]})

        d = self.browser("alice")
        self.controlled(d)
        d.get(self.base + "/games")
        wait(d, lambda d: kept(d, "/api/v1/games/%s/conditional" % other), 20, "the other game fetched ahead")
        d.get(self.base + "/games/%s" % game)
        wait(d, lambda d: button(d, "Submit") is not None, message="the game")
        fen = d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen")

        set_offline(d, True)
        status, stored_at = fetch_in_page(d, "/api/v1/games/%s" % game)
        self.assertEqual(status, 200)
        self.assertTrue(stored_at, "the worker's copy: the network is off for the worker too")
        d.refresh()
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen") == fen, 15,
             "the game read offline")
        banner = d.find_element(By.ID, "offline-banner")
        wait(d, lambda d: banner.is_displayed() and "Offline — shown as of" in banner.text, 5, "the offline banner")
        self.assertTrue(banner.get_attribute("data-as-of"))
        self.assertIn("Black: Alice", d.find_element(By.CSS_SELECTOR, ".clocks").text)
        wait(d, lambda d: "Good luck, Alice" in d.find_element(By.CSS_SELECTOR, ".messages").text, 5, "messages offline")
        self.assertEqual([b.text for b in d.find_elements(By.CSS_SELECTOR, "#move-list button.move")], ["e4"])

        # A move queued, then cancelled: never sent.
        self.queue_move(d, "d5")
        button(d, "Cancel queued move").click()
        wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "#queued li"), 5, "cancelled")
        wait(d, lambda d: button(d, "Submit") is not None, 5, "Submit again")
        # The move that stays queued.
        self.queue_move(d, "e5")
        self.assertTrue(d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen").startswith(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/"), "the board shows the queued move")
        for width in (1280, 360):
            if width == 360:
                support.phone_screen(d, 360, 780)
            time.sleep(0.3)
            d.save_screenshot(support.artifact_path("offline-queued-%d.png" % width))
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.assertEqual(self.alice.call("GET", "/api/v1/games/%s" % game)["ply"], 1, "nothing sent while offline")

        # The other game, read offline from the list: its position and Alice's stored line.
        d.find_element(By.CSS_SELECTOR, "nav a[href='/games']").click()
        link = "a[href='/games/%s']" % other
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, link), 10, "the list offline")
        d.find_element(By.CSS_SELECTOR, link).click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".stored-lines li[data-line='d5 c4']"), 10,
             "the other game's conditional line offline")
        self.assertTrue(d.find_element(By.ID, "offline-banner").is_displayed())

        set_offline(d, False)
        wait(d, lambda d: self.alice.call("GET", "/api/v1/games/%s" % game)["ply"] == 2, 20, "the queued move sent")
        played = self.alice.call("GET", "/api/v1/games/%s" % game)
        self.assertEqual([m["san"] for m in played["moves"]], ["e4", "e5"])
        self.assertNotIn("pending_move", played)
        d.get(self.base + "/games/%s" % game)
        wait(d, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#move-list button.move")] == ["e4", "e5"], 10,
             "e5 in the move list")
        self.assertFalse(d.find_element(By.ID, "offline-banner").is_displayed(), "online again")
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, "#queued li"))

    def test_queued_actions_on_a_changed_game_are_refused(self):
        game = self.new_game()
        lines_game = self.new_game()
        self.play(self.alice, lines_game, "e4")
        d = self.browser("alice")
        self.controlled(d)
        d.get(self.base + "/games/%s" % lines_game)
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".conditional").get_attribute("data-loaded") == "true", 10,
             "the conditional editor")
        d.get(self.base + "/games/%s" % game)
        wait(d, lambda d: button(d, "Submit") is not None, message="the game")

        set_offline(d, True)
        self.queue_move(d, "e4")
        d.get(self.base + "/games/%s" % lines_game)
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".conditional").get_attribute("data-loaded") == "true", 10,
             "the editor offline")
        d.find_element(By.ID, "conditional-line").send_keys("d6 d4")
        button(d, "Add line").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#queued li[data-queued=conditional]"), 5, "lines queued")
        self.assertIn("queued, will be stored when online", d.find_element(By.ID, "queued").text)

        # Meanwhile: Alice moves from another device and Bob answers (e4 is still legal, on
        # another position); in the other game Bob answers c5.
        self.play(self.alice, game, "d4")
        self.play(self.bob, game, "d5")
        self.play(self.bob, lines_game, "c5")
        self.play(self.alice, lines_game, "Nf3")  # (d6 d4 would be a line there too)

        set_offline(d, False)
        news = "#queue-news p.refused"
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, news)) == 2, 20, "both refusals told")
        texts = [p.text for p in d.find_elements(By.CSS_SELECTOR, news)]
        self.assertIn("Your queued move e4 was not sent: the position changed. Look at the game and move again.", texts[0])
        self.assertIn("Your queued conditional lines (d6 d4) were not stored: the position changed.", texts[1])
        after = self.alice.call("GET", "/api/v1/games/%s" % game)
        self.assertEqual([m["san"] for m in after["moves"]], ["d4", "d5"], "e4 never played")
        self.assertNotIn("pending_move", after, "no pending move left behind")
        self.assertEqual(self.alice.call("GET", "/api/v1/games/%s/conditional" % lines_game)["lines"], [],
                         "the lines were not stored")
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, "#queued li"), "dropped from the queue")
        wait(d, lambda d: not d.find_element(By.ID, "offline-banner").is_displayed(), 5, "the offline banner gone")
        d.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.2)
        d.save_screenshot(support.artifact_path("offline-refused-1280.png"))
        # Dismissed, gone for good (also after a reload).
        button(d, "Dismiss").click()
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, news)) == 1, 5, "one dismissed")
        d.refresh()
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, news)) == 1, 10, "kept over a reload")


if __name__ == "__main__":
    unittest.main(verbosity=2)
