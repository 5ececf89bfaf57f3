"""The browsers the tests share (support.chromium): a browser a test quits serves the next
test of its file, and that test finds it as a new profile would be. A player signs in, the
page stores something in every kind of storage it has (local and session storage, IndexedDB,
Cache Storage), notifications are allowed, the tab is made a phone's screen and offline; the
next test that asks for a browser gets the same process, and finds a window of the size it
asked for, no sign-in (the landing page, and the API answers 401), nothing stored for the
origin (no service worker either), the permission back to "ask", the network online and the
screen a desktop's."""

import unittest

from selenium.webdriver.common.by import By

import support
from support import wait

STORE = """
const done = arguments[arguments.length - 1];
localStorage.setItem('pool-test', 'left');
sessionStorage.setItem('pool-test', 'left');
const open = indexedDB.open('pool-test', 1);
open.onupgradeneeded = () => open.result.createObjectStore('s');
open.onsuccess = () => {
  open.result.close();
  caches.open('pool-test').then((c) => c.put('/pool-test', new Response('left'))).then(() => done(true));
};
open.onerror = () => done(false);
"""

FOUND = """
const done = arguments[arguments.length - 1];
(async () => {
  const databases = (await indexedDB.databases()).map((d) => d.name);
  done({local: localStorage.getItem('pool-test'), session: sessionStorage.getItem('pool-test'),
        indexeddb: databases.includes('pool-test'), cache: await caches.has('pool-test'),
        permission: Notification.permission,
        online: navigator.onLine, width: window.innerWidth, ratio: window.devicePixelRatio,
        me: (await fetch('/api/v1/me')).status});
})();
"""


def stored(driver, origin):
    """The bytes the origin has stored (service workers, Cache Storage, IndexedDB, ...)."""
    return driver.execute_cdp_cmd("Storage.getUsageAndQuota", {"origin": origin})["usage"]


class SharedBrowsers(support.ServerTestCase):
    users = ("pia",)

    def test_a_returned_browser_comes_back_as_a_new_profile(self):
        first = self.browser("pia", width=360, height=700)
        self.assertTrue(first.execute_async_script(STORE))
        wait(first, lambda d: d.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.getRegistrations().then((r) => done(r.length))") == 1,
            message="the web client's service worker")
        first.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": self.base})
        self.assertEqual(first.execute_script("return Notification.permission"), "granted")
        first.execute_cdp_cmd("Network.enable", {})
        first.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.assertEqual(first.execute_script("return window.innerWidth"), 360)
        self.assertGreater(stored(first, self.base), 0)
        first.quit()

        second = support.chromium(1024, 700)
        self.addCleanup(second.quit)
        if support.POOL_ENABLED:
            self.assertIs(second, first)
        self.assertEqual(second.window_handles, [second.current_window_handle])
        self.assertEqual(second.get_window_size()["width"], 1024)
        self.assertEqual(stored(second, self.base), 0)
        second.get(self.base + "/")
        wait(second, lambda d: d.find_elements(By.CSS_SELECTOR, "main a[href='/login']"), message="signed out")
        found = second.execute_async_script(FOUND)
        self.assertEqual(found["me"], 401)
        self.assertIsNone(found["local"])
        self.assertIsNone(found["session"])
        self.assertFalse(found["indexeddb"])
        self.assertFalse(found["cache"])
        self.assertEqual(found["permission"], "default")
        self.assertTrue(found["online"])
        self.assertEqual(found["width"], 1024)
        self.assertEqual(found["ratio"], 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
