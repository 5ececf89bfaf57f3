"""Phone and desktop notifications (Web Push, docs/api.md "Web Push") in Chromium, at desktop
and phone widths: the settings section with its devices (listed, removed), the service worker
registered at /sw.js with scope /, and the service worker's handlers run by the real /sw.js
bundle: a push is shown as a notification with its tag and URL, a click focuses the tab of
the game or opens it, and never opens another site.

Headless Chromium has no push service (PushManager.subscribe needs Google's), so the test
subscribes a device through the API with keys made here, and runs /sw.js's handlers in a
page whose `self` stands for the worker's scope (registration.showNotification and clients
recorded); the real round trip through a push service is tests/e2e/web_push_test.cpp."""

import base64
import os
import subprocess
import sys
import unittest

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.webdriver.common.by import By

import support
from support import wait


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def vapid_env():
    out = subprocess.run([os.path.join(support.BIN_DIR, "corrchess-server"), "vapid-keys"],
                         check=True, capture_output=True, text=True).stdout
    env = {}
    for line in out.splitlines():
        if line.startswith("CORRCHESS_VAPID_PRIVATE_KEY="):
            env["CORRCHESS_VAPID_PRIVATE_KEY"] = line.split("=", 1)[1]
    env["CORRCHESS_VAPID_SUBJECT"] = "mailto:ops@example.org"
    return env


def device_keys():
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64url(key), "auth": b64url(os.urandom(16))}


# Runs /sw.js in the page with `self` standing for the worker's scope, then gives it a push
# and a click on the notification it showed; answers what it showed and opened.
SERVICE_WORKER_HANDLERS = """
const done = arguments[arguments.length - 1];
const payload = arguments[0];
const shown = [], opened = [], focused = [], waits = [];
window.registration = { showNotification: (title, options) => { shown.push({ title, options }); return Promise.resolve(); } };
window.clients = {
  matchAll: async () => [{ url: location.origin + '/games/7', focus: async () => { focused.push('/games/7'); } }],
  openWindow: async (url) => { opened.push(url); },
};
const event = (type, extra) => { const e = new Event(type); e.waitUntil = (p) => waits.push(p); Object.assign(e, extra); return e; };
const script = document.createElement('script');
script.src = '/sw.js';
script.onload = async () => {
  window.dispatchEvent(event('push', { data: { text: () => JSON.stringify(payload) } }));
  await Promise.all(waits);
  let closed = 0;
  const click = async (url) => {
    window.dispatchEvent(event('notificationclick', { notification: { data: { url }, close: () => { closed++; } } }));
    await Promise.all(waits);
  };
  await click(shown[0].options.data.url);                 // a game's page: opened
  await click(location.origin + '/games/7');              // the tab already at it: focused
  await click('https://evil.example/phish');              // another site: the first page instead
  done({ shown, opened, focused, closed, origin: location.origin });
};
document.head.appendChild(script);
"""


class PushNotifications(support.ServerTestCase):
    users = ("ann", "ben")
    env = vapid_env()

    def section(self, driver):
        driver.get(self.base + "/settings")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.push-notifications .push-device-list, "
                                               "section.push-notifications .push-devices p"),
             message="the devices")
        return driver.find_element(By.CSS_SELECTOR, "section.push-notifications")

    def test_devices_listed_and_removed_at_both_widths(self):
        ann_api = support.Api(self.base, "ann", self.passwords["ann"])
        for width, name in ((1280, "push-settings.png"), (360, "push-settings-phone.png")):
            with self.subTest(width=width):
                device = ann_api.call("POST", "/api/v1/me/push-subscriptions", {
                    "endpoint": "https://fcm.googleapis.com/fcm/send/ann-%d" % width,
                    "keys": device_keys()})
                ann = self.browser("ann", width=width)
                section = self.section(ann)
                self.assertIn("Phone and desktop notifications", section.text)
                self.assertIn("your move", section.text)
                items = section.find_elements(By.CSS_SELECTOR, "li[data-device]")
                self.assertEqual([i.get_attribute("data-device") for i in items], [device["id"]])
                self.assertIn("Chrome (Android or desktop)", items[0].text)
                self.assertTrue(support.button(ann, "Turn on notifications on this device"))
                self.assertLessEqual(support.page_width(ann), width if width >= 500 else 360)
                ann.execute_script("arguments[0].scrollIntoView()", section)
                section.screenshot(support.artifact_path(name))
                # The preferences have a Push column.
                self.assertTrue(ann.find_elements(By.ID, "notify-push-opponent_moved"))

                support.button(ann, "Remove Chrome (Android or desktop)").click()
                wait(ann, lambda d: "No device gets notifications yet." in
                     d.find_element(By.CSS_SELECTOR, "section.push-notifications").text,
                     message="the device removed")
                self.assertEqual(ann_api.call("GET", "/api/v1/me/push-subscriptions")["subscriptions"], [])

    def test_service_worker_registered_at_the_root(self):
        ann = self.browser("ann")
        self.section(ann)
        scope = ann.execute_async_script("""
const done = arguments[arguments.length - 1];
navigator.serviceWorker.register('/sw.js', { scope: '/' })
  .then(() => navigator.serviceWorker.ready)
  .then((r) => done(r.scope + ' ' + (r.active ? r.active.scriptURL : '')), (e) => done('error ' + e));
""")
        self.assertEqual(scope, "%s/ %s/sw.js" % (self.base, self.base))
        self.assertTrue(ann.execute_script("return 'PushManager' in window"))
        # Whether this Chromium can subscribe (headless has no push service): reported only.
        outcome = ann.execute_async_script("""
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((r) => r.pushManager.subscribe({ userVisibleOnly: true,
    applicationServerKey: arguments[0] }))
  .then((s) => done('subscribed ' + s.endpoint), (e) => done('cannot subscribe: ' + e));
""", support.Api(self.base, "ann", self.passwords["ann"]).call("GET", "/api/v1/push/key")["public_key"])
        print("PushManager.subscribe in this Chromium:", outcome, file=sys.stderr)

    def test_push_shown_and_click_opens_the_game(self):
        ann = self.browser("ann")
        ann.get(self.base + "/settings")
        result = ann.execute_async_script(SERVICE_WORKER_HANDLERS, {
            "title": "Game 12: Ben played 1... e5", "body": "Ben played 1... e5 in game 12.",
            "url": self.base + "/games/12", "tag": "game-12"})
        origin = result["origin"]
        self.assertEqual(len(result["shown"]), 1)
        shown = result["shown"][0]
        self.assertEqual(shown["title"], "Game 12: Ben played 1... e5")
        self.assertEqual(shown["options"]["body"], "Ben played 1... e5 in game 12.")
        self.assertEqual(shown["options"]["tag"], "game-12")
        self.assertEqual(shown["options"]["data"]["url"], origin + "/games/12")
        self.assertEqual(result["opened"], [origin + "/games/12", origin + "/"])
        self.assertEqual(result["focused"], ["/games/7"])
        self.assertEqual(result["closed"], 3)

    def test_without_keys_the_section_says_push_is_off(self):
        # The same page against a server without VAPID keys.
        db = support.TempDatabase()
        server = support.Server(db.url)
        try:
            password = support.register(server.base, "cid")
            driver = support.chromium()
            self.addCleanup(driver.quit)
            support.login(driver, server.base, "cid", password)
            driver.get(server.base + "/settings")
            wait(driver, lambda d: "not set up on this server" in
                 d.find_element(By.CSS_SELECTOR, "section.push-notifications").text,
                 message="push off")
            self.assertFalse(support.button(driver, "Turn on notifications on this device"))
        finally:
            server.stop()
            db.drop()


if __name__ == "__main__":
    unittest.main(verbosity=2)
