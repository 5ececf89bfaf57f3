"""The sign-in check at start (GET /api/v1/me) answered 503: the page says the server is not
available, in words (not the server's raw detail), with the navigation and a Retry button,
and it tries again by itself after the Retry-After seconds with a visible countdown; once
the server answers, the page the address names appears. The 503 comes from a wrapper of
window.fetch installed before the page's own script (CDP), as a proxy would answer."""

import sys
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

RAW = "pq: connection to server failed (fake)"

FAKE = """
(() => {
  window.__meCalls = 0;
  window.__meFailures = %d;
  const real = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    const method = (init && init.method) || 'GET';
    if (method === 'GET' && new URL(url, location.href).pathname === '/api/v1/me') {
      window.__meCalls += 1;
      if (window.__meFailures > 0) {
        window.__meFailures -= 1;
        return Promise.resolve(new Response(JSON.stringify({
          type: 'https://corrchess.org/problems/unavailable', title: 'Service Unavailable', status: 503,
          code: 'unavailable', detail: '%s', retry_after_seconds: %d}),
          {status: 503, headers: {'Content-Type': 'application/problem+json', 'Retry-After': '%d'}}));
      }
    }
    return real(input, init);
  };
})();
"""


class SignInCheckUnavailable(support.ServerTestCase):
    users = ("alice",)

    def setUp(self):
        self.driver = support.chromium()
        support.login(self.driver, self.base, "alice", self.passwords["alice"])
        self.scripts = []

    def tearDown(self):
        self.driver.quit()

    def fake(self, failures, retry_after):
        for identifier in self.scripts:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
        answer = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                             {"source": FAKE % (failures, RAW, retry_after, retry_after)})
        self.scripts = [answer["identifier"]]

    def heading(self):
        return self.driver.execute_script("const h = document.querySelector('main h1'); return h ? h.textContent : ''")

    def countdown(self):
        return self.driver.execute_script("const c = document.getElementById('retry-countdown'); return c ? c.textContent : ''")

    def test_error_page_counts_down_and_retries_by_itself(self):
        d = self.driver
        self.fake(2, 2)
        d.get(self.base + "/games")
        wait(d, lambda d: self.heading() == "The server is not available", message="error page")
        first = time.time()
        text = d.find_element(By.TAG_NAME, "main").text
        self.assertIn("nothing was changed", text)
        self.assertNotIn(RAW, d.find_element(By.TAG_NAME, "body").text, "no raw server text")
        self.assertIsNotNone(button(d, "Retry"))
        links = [a.text for a in d.find_elements(By.CSS_SELECTOR, "nav.top a")]
        self.assertIn("My games", links)
        wait(d, lambda d: self.countdown() == "Trying again in 2 s…", 3, "countdown from Retry-After")
        d.save_screenshot(support.artifact_path("unavailable-desktop.png"))
        wait(d, lambda d: self.countdown() == "Trying again in 1 s…", 3, "counting down")
        # The second answer is a 503 too; the third lets the page through.
        wait(d, lambda d: d.execute_script("return window.__meCalls") == 2, 4, "retried by itself")
        wait(d, lambda d: self.heading() == "My games", 8, "the games page after the server came back")
        self.assertGreaterEqual(time.time() - first, 3.5, "waited Retry-After twice")
        self.assertEqual(d.execute_script("return window.__meCalls"), 3)
        self.assertIn("Alice", d.find_element(By.CSS_SELECTOR, "nav.top").text, "signed in")
        self.assertIsNone(d.execute_script("return document.body.dataset.unavailable || null"))

    def test_retry_button_asks_at_once(self):
        d = self.driver
        self.fake(1, 120)
        support.phone_screen(d, 390, 844)
        d.get(self.base + "/events")
        wait(d, lambda d: self.heading() == "The server is not available", message="error page")
        wait(d, lambda d: self.countdown().startswith("Trying again in 1"), 3, "countdown of 120 s")
        self.assertLessEqual(support.page_width(d), 390)
        d.save_screenshot(support.artifact_path("unavailable-phone.png"))
        button(d, "Retry").click()
        wait(d, lambda d: self.heading() == "Events", 5, "the events page at once")
        self.assertEqual(d.execute_script("return window.__meCalls"), 2)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
