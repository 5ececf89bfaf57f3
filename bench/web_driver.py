"""Driver of bench/web: measures the web client in headless Chromium through the
Performance API, against a real corrchess-server on the database of
CORRCHESS_TEST_DATABASE_URL (bench/web starts a private cluster for it).

  1. the game page, loaded cold (browser cache disabled): bytes of JavaScript and CSS as
     transferred (gzip) and uncompressed, and the time from navigation start to the board
     taking moves (performance mark "game-interactive"), median of --runs loads;
  2. the games list with --games games (a third each: your move, waiting, finished): time
     to the list being on screen (mark "games-rendered" plus the next frame), split into
     fetching the API pages and building the tables, median of --runs loads.
Prints one line per figure; asserts nothing (targets in bench/README.md)."""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "browser"))
import support  # noqa: E402
from support import wait  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

NEXT_FRAME = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
"""


def cold(driver):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})


def mark(driver, name):
    return driver.execute_script(
        "const m = performance.getEntriesByName(arguments[0]); return m.length ? m[0].startTime : null;", name)


def game_page(driver, base, game_id, runs):
    sizes, times = None, []
    for _ in range(runs):
        cold(driver)
        driver.get("%s/games/%s" % (base, game_id))
        wait(driver, lambda d: mark(d, "game-interactive") is not None, timeout=30, message="game page")
        times.append(mark(driver, "game-interactive"))
        sizes = driver.execute_script("""
            const out = {js: [0, 0], css: [0, 0], html: [0, 0]};
            const nav = performance.getEntriesByType('navigation')[0];
            out.html = [nav.encodedBodySize, nav.decodedBodySize];
            for (const r of performance.getEntriesByType('resource')) {
              const kind = r.name.endsWith('.js') ? 'js' : r.name.endsWith('.css') ? 'css' : null;
              if (!kind) continue;
              out[kind][0] += r.encodedBodySize;
              out[kind][1] += r.decodedBodySize;
            }
            return out;""")
    return sizes, times


def games_list(driver, base, runs):
    totals, fetches, builds = [], [], []
    for _ in range(runs):
        driver.get(base + "/games")
        wait(driver, lambda d: mark(d, "games-rendered") is not None, timeout=60, message="games list")
        painted = driver.execute_async_script(NEXT_FRAME)
        totals.append(painted)
        fetches.append(float(driver.execute_script("return document.body.dataset.gamesFetchMs")))
        builds.append(float(driver.execute_script("return document.body.dataset.gamesBuildMs")))
    rows = len(driver.find_elements(By.CSS_SELECTOR, "tr[data-game]"))
    return rows, totals, fetches, builds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    db = support.TempDatabase()
    server = support.Server(db.url, {"CORRCHESS_MAX_ONGOING_GAMES": "0", "CORRCHESS_DB_POOL_SIZE": "8"})
    driver = None
    try:
        base = server.base
        for u in ("alice", "bob"):
            support.register(base, u)
        admin = support.Api(base, *support.ADMIN)
        alice = support.Api(base, "alice", "alice-password-1")
        bob = support.Api(base, "bob", "bob-password-1")
        tc = {"type": "iccf", "moves": 10, "days": 50}
        started = time.time()
        ids = []
        for i in range(args.games):
            white, black = ("alice", "bob") if i % 2 == 0 else ("bob", "alice")
            ids.append((admin.call("POST", "/api/v1/admin/games", {"white": white, "black": black, "time_control": tc})["id"], white))
        third = args.games // 3
        for n, (gid, white) in enumerate(ids):
            path = "/api/v1/games/%s" % gid
            mover = alice if white == "alice" else bob
            if n < third:  # alice to move: bob (white) moved, or alice is white and nobody moved
                if white == "bob":
                    mover.call("POST", path + "/moves", {"move": "e4"})
                    mover.call("POST", path + "/moves/accept", {"move": "e4"})
            elif n < 2 * third:  # waiting for bob
                if white == "alice":
                    mover.call("POST", path + "/moves", {"move": "d4"})
                    mover.call("POST", path + "/moves/accept", {"move": "d4"})
            else:
                bob.call("POST", path + "/resign", {})
        print("setup: %d games in %.1f s" % (args.games, time.time() - started))
        game_id = ids[0][0]
        driver = support.chromium(1280, 1000)
        support.login(driver, base, "alice", "alice-password-1")
        sizes, times = game_page(driver, base, game_id, args.runs)
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        rows, totals, fetches, builds = games_list(driver, base, args.runs)
        kb = lambda n: n / 1024.0
        print("game page JS  : %6.1f KB gzip (%6.1f KB uncompressed)" % (kb(sizes["js"][0]), kb(sizes["js"][1])))
        print("game page CSS : %6.1f KB gzip (%6.1f KB uncompressed)" % (kb(sizes["css"][0]), kb(sizes["css"][1])))
        print("game page JS+CSS compressed: %.1f KB (target <= 300 KB)" % kb(sizes["js"][0] + sizes["css"][0]))
        print("game page interactive (cold cache, from navigation start): median %.0f ms, runs %s"
              % (statistics.median(times), ", ".join("%.0f" % t for t in times)))
        print("games list with %d rows on screen (from navigation start): median %.0f ms, runs %s"
              % (rows, statistics.median(totals), ", ".join("%.0f" % t for t in totals)))
        print("  of which fetching the API pages: median %.0f ms; building the tables: median %.0f ms"
              % (statistics.median(fetches), statistics.median(builds)))
    finally:
        if driver:
            driver.quit()
        server.stop()
        db.drop()


if __name__ == "__main__":
    main()
