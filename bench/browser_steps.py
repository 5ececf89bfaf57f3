"""Processor time of the browser tests' steps: starting Chromium, the first sign-in, a warm
page load, in-page navigation, a wipe and sign-in again, WebDriver round trips.

    sudo -E python3 bench/browser_steps.py        (scripts/test's environment: see below)

Needs what a browser test needs (CORRCHESS_TEST_DATABASE_URL and a built server and web
client, as tests/browser/support.py reads them) and root: it moves itself into a cgroup of
its own (v1 cpuacct or v2), so that Chromium's processes, the server and PostgreSQL's
backend for it are counted, which `time` would miss (they are not its waited-for children).
Compare runs with CORRCHESS_CHROMIUM_SINGLE_PROCESS=0 or CORRCHESS_CHROMIUM_FLAGS="...".
Prints the median of each step's repetitions (bench/README.md, "Build and test time")."""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "browser"))


def own_cgroup():
    """A function returning this process tree's processor seconds so far."""
    name = "corrchess-browser-steps-%d" % os.getpid()
    v1 = "/sys/fs/cgroup/cpuacct"
    if os.path.isdir(v1):
        path = os.path.join(v1, name)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))

        def read():
            with open(os.path.join(path, "cpuacct.usage")) as f:
                return int(f.read()) / 1e9
        return read
    path = os.path.join("/sys/fs/cgroup", name)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))

    def read():
        with open(os.path.join(path, "cpu.stat")) as f:
            for line in f:
                if line.startswith("usage_usec"):
                    return int(line.split()[1]) / 1e6
        raise RuntimeError("no usage_usec in cpu.stat")
    return read


cpu = own_cgroup()
import support  # noqa: E402 (after the cgroup: the server it starts is counted)
from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from support import wait  # noqa: E402


def measure(name, action, times):
    spent = []
    for _ in range(times):
        before = cpu()
        action()
        spent.append(cpu() - before)
    print("%-36s %6.3f s (median of %d; %.3f-%.3f)" % (
        name, statistics.median(spent), times, min(spent), max(spent)), flush=True)


class Bench(support.ServerTestCase):
    users = ("alice", "bob")


def main():
    Bench.setUpClass()
    base = Bench.base
    password = Bench.passwords["alice"]
    try:
        admin = support.Api(base, *support.ADMIN)
        game = admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        page = "%s/games/%s" % (base, game["id"])
        state = {}

        def start_and_sign_in():
            before = cpu()
            state["d"] = support.chromium()
            started = cpu()
            support.login(state["d"], base, "alice", password)
            state["start"] = started - before
            state["first"] = cpu() - started
            webdriver.Chrome.quit(state["d"])
            support._POOL_ALL.discard(state["d"])
        starts, firsts = [], []
        for _ in range(3):
            start_and_sign_in()
            starts.append(state["start"])
            firsts.append(state["first"])
        print("%-36s %6.3f s (median of 3)" % ("start Chromium and chromedriver", statistics.median(starts)))
        print("%-36s %6.3f s (median of 3)" % ("first sign-in in a new browser", statistics.median(firsts)))

        d = support.chromium()
        support.login(d, base, "alice", password)

        def load_game():
            d.get(page)
            wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected")
        load_game()
        measure("full load of the game page, warm", load_game, 10)

        def navigate():
            d.execute_script("history.pushState({}, '', '/games/%s'); dispatchEvent(new PopStateEvent('popstate'))"
                             % game["id"])
            wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected")
            d.execute_script("history.pushState({}, '', '/games'); dispatchEvent(new PopStateEvent('popstate'))")
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "main h1"))
        measure("a pair of in-page navigations", navigate, 10)
        measure("ten execute_script round trips", lambda: [d.execute_script("return 1") for _ in range(10)], 10)
        load_game()
        measure("a second on the game page, idle", lambda: time.sleep(1), 3)

        state["d"] = d

        def wipe_and_sign_in():
            state["d"].quit()  # back to the pool, wiped
            state["d"] = support.chromium()  # the same browser again
            support.login(state["d"], base, "alice", password)
        measure("wipe, then sign in again", wipe_and_sign_in, 5)
        state["d"].quit()
    finally:
        Bench.tearDownClass()
        support.quit_pool()


if __name__ == "__main__":
    main()
