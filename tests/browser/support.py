"""Support for the browser tests: a throwaway database (created from
CORRCHESS_TEST_DATABASE_URL, like tests/support/temp_database.h does), a real
corrchess-server process serving the built web client, a small JSON API client, and
headless Chromium (Debian's chromium and chromium-driver) driven by Selenium."""

import atexit
import json
import os
import unittest
import re
import secrets
import socket
import subprocess
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SOURCE_DIR = os.environ.get("CORRCHESS_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
BIN_DIR = os.environ.get("CORRCHESS_BIN_DIR", os.path.join(SOURCE_DIR, "build", "bin"))
WEB_DIR = os.environ.get("CORRCHESS_WEB_DIR", os.path.join(SOURCE_DIR, "web", "dist"))
DATA_DIR = os.environ.get("CORRCHESS_DATA_DIR", os.path.join(SOURCE_DIR, "tests", "data"))
ARTIFACT_DIR = os.environ.get("CORRCHESS_ARTIFACT_DIR", os.path.join(SOURCE_DIR, "build", "browser-artifacts"))
ADMIN = ("director", "director-password-1")


def admin_url():
    url = os.environ.get("CORRCHESS_TEST_DATABASE_URL")
    if not url:
        raise RuntimeError("CORRCHESS_TEST_DATABASE_URL is not set (scripts/test sets it)")
    return url


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def with_dbname(url, name):
    if "dbname=" in url:
        return re.sub(r"dbname=\S+", "dbname=" + name, url)
    return url + " dbname=" + name


def psql(url, sql):
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], check=True,
                   stdout=subprocess.DEVNULL)


class TempDatabase:
    """A fresh database: a copy of the migrated template scripts/test makes once per run
    (CORRCHESS_TEST_TEMPLATE_DATABASE), else empty (the server migrates it)."""

    def __init__(self):
        self.name = "corrchess_browser_%d_%s" % (os.getpid(), secrets.token_hex(4))
        template = os.environ.get("CORRCHESS_TEST_TEMPLATE_DATABASE")
        psql(admin_url(), 'CREATE DATABASE "%s"%s' % (
            self.name, ' TEMPLATE "%s"' % template if template else ""))
        self.url = with_dbname(admin_url(), self.name)

    def drop(self):
        psql(admin_url(), 'DROP DATABASE IF EXISTS "%s" WITH (FORCE)' % self.name)


class Server:
    """corrchess-server on `port` (0: a free one) with the web client of WEB_DIR."""

    def __init__(self, database_url, extra_env=None, port=0):
        if not os.path.isfile(os.path.join(WEB_DIR, "index.html")):
            raise RuntimeError("no web client in %s: build it (scripts/build-web)" % WEB_DIR)
        env = dict(os.environ)
        env.update({
            "DATABASE_URL": database_url,
            "CORRCHESS_LISTEN": "127.0.0.1:%d" % port,
            "CORRCHESS_LOG_LEVEL": "warn",
            "CORRCHESS_WEB_DIR": WEB_DIR,
            "CORRCHESS_ADMIN_USER": ADMIN[0],
            "CORRCHESS_ADMIN_PASSWORD": ADMIN[1],
            "CORRCHESS_REGISTRATIONS_PER_HOUR": "1000000",
            "CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN": "0",
            "CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS": "0",
            "CORRCHESS_GAME_CACHE_CHECK": "on",
            # Cheap password hashes (tests only; see docs/operations.md).
            "CORRCHESS_PASSWORD_HASH": "minimum",
        })
        env.pop("CORRCHESS_DATABASE_URL", None)
        env.update(extra_env or {})
        self.process = subprocess.Popen([os.path.join(BIN_DIR, "corrchess-server")], env=env,
                                        stdout=subprocess.PIPE, text=True)
        self.base = None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                self.base = m.group(1)
                break
        if not self.base:
            self.stop()
            raise RuntimeError("corrchess-server did not start")
        _ORIGINS.add(self.base)

    def stop(self):
        # Its origin is cleared by every wipe until no browser can have been there unwiped:
        # then none is out of the pool (a later server may be given the same port).
        if self.base and all(d in _POOL_IDLE.get(d._pool_key, []) for d in _POOL_ALL):
            _ORIGINS.discard(self.base)
        self.process.stdout.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class HttpAnswer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body)


def http(base, method, path, body=None, headers=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    for k, v in (headers or {}).items():
        request.add_header(k, v)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return HttpAnswer(r.status, {k.lower(): v for k, v in r.headers.items()}, r.read())
    except urllib.error.HTTPError as e:
        return HttpAnswer(e.code, {k.lower(): v for k, v in e.headers.items()}, e.read())


class Api:
    """Bearer-token client for arranging what the browser test then does by hand."""

    def __init__(self, base, username, password):
        self.base = base
        answer = http(base, "POST", "/api/v1/auth/login", {"username": username, "password": password})
        assert answer.status == 200, answer.body
        self.token = answer.json()["token"]

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        answer = http(self.base, method, path, body, {"Authorization": "Bearer " + self.token})
        assert answer.status in expect, (method, path, answer.status, answer.body)
        return answer.json() if answer.body else None


def pending_event_game(admin, name, players, opening=None):
    """A two-player event started on 2027-01-01 (manual clock) whose end date, 2027-01-10,
    has passed: (event, game) once the game awaits adjudication on 2027-01-12."""
    admin.call("POST", "/api/v1/admin/clock", {"now": "2027-01-01T00:00:00Z"})
    body = {"name": name, "players": list(players), "end_at": "2027-01-10T00:00:00Z",
            "time_control": {"type": "iccf", "moves": 10, "days": 50}}
    if opening:
        body["opening"] = opening
    event = admin.call("POST", "/api/v1/admin/events", body)
    game = admin.call("POST", "/api/v1/admin/events/%s/start" % event["id"])["games"][0]
    admin.call("POST", "/api/v1/admin/clock", {"now": "2027-01-12T00:00:00Z"})
    for _ in range(200):  # the scheduler marks the game once it sees the new time
        if admin.call("GET", "/api/v1/games/" + game["id"])["status"] == "adjudication_pending":
            break
        time.sleep(0.05)
    return event, game


def register(base, username, display_name=None):
    body = {"username": username, "password": username + "-password-1"}
    if display_name:
        body["display_name"] = display_name
    answer = http(base, "POST", "/api/v1/auth/register", body)
    assert answer.status == 201, answer.body
    return username + "-password-1"


def pgn_game(site):
    """The SAN moves of the game with this [Site] in tests/data/pgn/lichess2013-100.pgn."""
    with open(os.path.join(DATA_DIR, "pgn", "lichess2013-100.pgn"), encoding="utf-8") as f:
        text = f.read()
    for game in re.split(r"\n\n(?=\[Event)", text):
        if '[Site "%s"]' % site not in game:
            continue
        movetext = re.sub(r"\{[^}]*\}", "", game.split("\n\n", 1)[1])
        moves = []
        for token in movetext.split():
            token = re.sub(r"^\d+\.+", "", token)
            if token and token not in ("1-0", "0-1", "1/2-1/2", "*"):
                moves.append(token)
        return moves
    raise KeyError(site)


class PooledChromium(webdriver.Chrome):
    """A headless Chromium whose quit() hands it back to this process's pool, signed out and
    wiped (see chromium()); it quits for real at exit, or when wiping it fails."""

    def quit(self):
        if self in _POOL_IDLE.get(self._pool_key, []):  # quit twice: handed back once
            return
        if not POOL_ENABLED or not self._wipe():
            _POOL_ALL.discard(self)
            super().quit()
            return
        _POOL_IDLE.setdefault(self._pool_key, []).append(self)

    def _wipe(self):
        """What a test may leave behind in the browser, gone: its tabs (with their
        sessionStorage, device emulation, network emulation and scripts added to new documents),
        every origin's cookies and storage (local storage, IndexedDB, service workers with their
        caches and push subscriptions), the HTTP cache and granted permissions. False when the
        browser does not answer as expected (then it is not used again)."""
        try:
            old = self.window_handles
            self.switch_to.new_window("tab")
            fresh = self.current_window_handle
            for handle in old:
                self.switch_to.window(handle)
                self.close()
            self.switch_to.window(fresh)
            for origin in _ORIGINS:
                self.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.execute_cdp_cmd("Network.clearBrowserCookies", {})
            self.execute_cdp_cmd("Network.clearBrowserCache", {})
            self.execute_cdp_cmd("Browser.resetPermissions", {})
            for key in set(self.__dict__) - self._fresh_attributes:
                del self.__dict__[key]
            return self.window_handles == [fresh]
        except Exception:  # a browser in a state we do not know: a fresh one for the next test
            return False


# One headless Chromium for each test a process runs at a time, not one per test: starting one
# cost 2.5-3.5 s of processor time and its first sign-in 1.5-3 s more than in a used one, most
# of a short test's (bench/README.md, "Build and test time"). A file run alone shares them among
# its tests; run_files.py's workers also from one file to the next. CORRCHESS_BROWSER_POOL=0:
# a fresh one each time.
POOL_ENABLED = os.environ.get("CORRCHESS_BROWSER_POOL", "1") != "0"
# Chromium's renderer, GPU and network service as threads of its one process instead of
# processes of their own: 15-27 % less processor time for the same tests (2026-12-02: claim_test
# 31-32 -> 23-24 s, game_test 141 -> 117 s, i18n_test 189 -> 162 s), every browser test passing.
# CORRCHESS_CHROMIUM_SINGLE_PROCESS=0: Chromium's usual processes. CORRCHESS_CHROMIUM_FLAGS:
# more command-line switches, separated by spaces.
SINGLE_PROCESS = os.environ.get("CORRCHESS_CHROMIUM_SINGLE_PROCESS", "1") != "0"
_POOL_IDLE = {}
_POOL_ALL = set()
_ORIGINS = set()  # the origins of the servers this process started (Server)


@atexit.register
def quit_pool():
    """Quits every browser of the pool (at exit; run_files.py's workers call it themselves)."""
    for driver in list(_POOL_ALL):
        webdriver.Chrome.quit(driver)
    _POOL_ALL.clear()
    _POOL_IDLE.clear()


def chromium(width=1280, height=1000, lang=None):
    """Headless Chromium with a window of `width` x `height`, no tabs but one, no cookies,
    storage, service workers, cached responses or permissions (as a new profile has none);
    `lang` ("es", "de-AT,de") sets its languages (navigator.languages and Accept-Language),
    else the default (en-US). quit() when done: the browser then serves the next test."""
    idle = _POOL_IDLE.get(lang or "")
    if idle:
        driver = idle.pop()
        driver.set_window_size(width, height)
        return driver
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--window-size=%d,%d" % (width, height)):
        options.add_argument(arg)
    if SINGLE_PROCESS:
        options.add_argument("--single-process")
    for arg in os.environ.get("CORRCHESS_CHROMIUM_FLAGS", "").split():
        options.add_argument(arg)
    if lang:
        options.add_argument("--lang=" + lang.split(",")[0])
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = PooledChromium(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)
    driver._pool_key = lang or ""
    driver._fresh_attributes = set(driver.__dict__) | {"_fresh_attributes"}
    _POOL_ALL.add(driver)
    return driver


def phone_screen(driver, width=360, height=780):
    """Makes the page a phone's: `width` CSS pixels wide (a window cannot be made that narrow)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})


def page_width(driver):
    return driver.execute_script("return document.documentElement.scrollWidth")


def wait(driver, condition, timeout=15, message=""):
    """Polls `condition` (elements replaced by a re-render meanwhile count as not yet)."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException]).until(
                             lambda d: condition(d), message)


def retry_stale(action, attempts=5):
    """Runs `action` (which finds an element afresh and acts on it) again when a re-render
    replaced the element between finding and acting: the action did not happen then."""
    for attempt in range(attempts):
        try:
            return action()
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05)


def login(driver, base, username, password):
    driver.get(base + "/login")
    wait(driver, lambda d: d.find_elements(By.NAME, "username"))
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    wait(driver, lambda d: d.current_url.rstrip("/").endswith("/games"), message="after login")


def button(driver, name):
    """The visible button whose accessible name (its text or aria-label) is `name`."""
    xpath = "//button[normalize-space()='%s' or @aria-label='%s']" % (name, name)
    try:
        for b in driver.find_elements(By.XPATH, xpath):
            if b.is_displayed():
                return b
    except StaleElementReferenceException:
        pass
    return None


def artifact_path(name):
    os.makedirs(ARTIFACT_DIR, exist_ok=True)
    return os.path.join(ARTIFACT_DIR, name)


class ServerTestCase(unittest.TestCase):
    """A throwaway database and server for each test class, with the players of `users`
    registered (display name capitalised, password in `passwords`)."""

    users = ()
    env = {}  # more server environment, e.g. {"CORRCHESS_CLOCK": "manual"}

    @classmethod
    def setUpClass(cls):
        cls.db = TempDatabase()
        try:
            cls.server = Server(cls.db.url, cls.env)
        except Exception:
            cls.db.drop()
            raise
        cls.base = cls.server.base
        cls.passwords = {u: register(cls.base, u, u.capitalize()) for u in cls.users}

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.db.drop()

    def browser(self, user, width=1280, height=1000):
        """Headless Chromium signed in as `user` (of `users`), quit when the test ends. Below
        500 px a phone's screen (a window cannot be made that narrow: Chromium keeps it wider)."""
        driver = chromium(width if width >= 500 else 800, height)
        self.addCleanup(driver.quit)
        if width < 500:
            phone_screen(driver, width, height)
        login(driver, self.base, user, self.passwords[user])
        return driver


def pick_player(driver, picker, username):
    """Picks `username` in the player picker whose id is `picker` (web/src/pages/pickers.ts):
    types the first letters of the name into its search field and presses the player's
    button among those found."""
    field = driver.find_element(By.ID, picker + "-search")
    field.clear()
    field.send_keys(username[:2])
    found = "#%s-results button.pick[data-username='%s']" % (picker, username)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, found), message="%s found" % username)
    retry_stale(lambda: driver.find_element(By.CSS_SELECTOR, found).click())
    wait(driver, lambda d: username in (d.find_element(By.ID, picker).get_attribute("data-value") or "").split(","),
         message="%s picked" % username)


def choose(driver, select_id, value):
    """Chooses the option `value` of the select `select_id` once it is there (selects filled
    from the server)."""
    option = "#%s option[value='%s']" % (select_id, value)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, option) and d.find_element(By.ID, select_id).is_enabled(),
         message="%s offers %s" % (select_id, value))
    retry_stale(lambda: Select(driver.find_element(By.ID, select_id)).select_by_value(value))
