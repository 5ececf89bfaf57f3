"""The deadline calendar's address on the settings page and the "export my games" link on
the profile (issue #38; docs/api.md "Calendar" and "Archive"), in Chromium at desktop and
phone widths: ann makes her calendar address, which serves her game's deadline to anyone who
has it (no sign-in) and answers 404 once revoked; her profile's export link downloads her
games as PGN."""

import sys
import unittest
import urllib.parse

from selenium.webdriver.common.by import By

import support
from support import wait


class CalendarAndArchive(support.ServerTestCase):
    users = ("ann", "ben")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)
        cls.game = cls.admin.call("POST", "/api/v1/admin/games", {
            "white": "ann", "black": "ben",
            "time_control": {"type": "iccf", "moves": 10, "days": 50}})["id"]

    def calendar_section(self, driver):
        driver.get(self.base + "/settings")
        wait(driver, lambda d: d.find_elements(By.ID, "calendar-create"), message="calendar section")
        return driver.find_element(By.CSS_SELECTOR, "section.calendar-link")

    def test_calendar_address_made_used_and_revoked(self):
        ann = self.browser("ann")
        section = self.calendar_section(ann)
        self.assertIn("Put every deadline", section.text)
        ann.find_element(By.ID, "calendar-create").click()
        wait(ann, lambda d: d.find_elements(By.ID, "calendar-url"), message="the address")
        url = ann.find_element(By.ID, "calendar-url").get_attribute("value")
        self.assertRegex(url, r"^http://127\.0\.0\.1:\d+/api/v1/calendar/[A-Za-z0-9_-]{20,}\.ics$")
        subscribe = ann.find_element(By.CSS_SELECTOR, "a.calendar-subscribe").get_attribute("href")
        self.assertEqual(subscribe, url.replace("http:", "webcal:", 1))
        self.assertTrue(support.button(ann, "Copy address"))
        self.assertTrue(support.button(ann, "Revoke"))
        ann.execute_script("arguments[0].scrollIntoView()", section)
        section.screenshot(support.artifact_path("calendar-settings.png"))

        # The feed, without signing in: the game's deadline, as the game reports it.
        path = urllib.parse.urlparse(url).path
        feed = support.http(self.base, "GET", path)
        self.assertEqual(feed.status, 200)
        self.assertTrue(feed.headers["content-type"].startswith("text/calendar"))
        body = feed.body.decode()
        game = self.admin.call("GET", "/api/v1/games/" + self.game)
        deadline = game["clocks"]["white"]["deadline"]
        self.assertIn("UID:game-%s-deadline@corrchess" % self.game, body)
        self.assertIn("DTSTART:" + deadline.replace("-", "").replace(":", ""), body)

        # Revoked: the address answers 404 and the page offers a new one.
        support.button(ann, "Revoke").click()
        wait(ann, lambda d: "revoked" in d.find_element(By.CSS_SELECTOR, "section.calendar-link").text,
             message="revoked")
        self.assertFalse(ann.find_elements(By.ID, "calendar-url"))
        self.assertEqual(support.http(self.base, "GET", path).status, 404)

    def test_export_link_downloads_the_pgn(self):
        ann = self.browser("ann")
        ann.get(self.base + "/users/ann")
        wait(ann, lambda d: d.find_elements(By.ID, "export-games"), message="export link")
        link = ann.find_element(By.ID, "export-games")
        self.assertEqual(link.text, "Export my games (PGN)")
        self.assertEqual(link.get_attribute("download"), "ann.pgn")
        # What the link downloads, fetched with the browser's own sign-in.
        pgn = ann.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(r => r.text()).then(done, e => done('failed: ' + e));",
            link.get_attribute("href"))
        self.assertIn('[GameId "%s"]' % self.game, pgn)
        self.assertIn('[WhiteUsername "ann"]', pgn)
        ann.save_screenshot(support.artifact_path("archive-export-profile.png"))
        # Another player's profile offers their games.
        ann.get(self.base + "/users/ben")
        wait(ann, lambda d: d.find_elements(By.ID, "export-games"), message="export link")
        self.assertEqual(ann.find_element(By.ID, "export-games").text, "Export Ben's games (PGN)")

    def test_phone_width(self):
        phone = self.browser("ben", 390, 844)
        section = self.calendar_section(phone)
        phone.find_element(By.ID, "calendar-create").click()
        wait(phone, lambda d: d.find_elements(By.ID, "calendar-url"), message="the address")
        self.assertLessEqual(support.page_width(phone), 390)
        phone.execute_script("arguments[0].scrollIntoView()", section)
        phone.save_screenshot(support.artifact_path("calendar-settings-phone.png"))
        phone.get(self.base + "/users/ben")
        wait(phone, lambda d: d.find_elements(By.ID, "export-games"), message="export link")
        self.assertLessEqual(support.page_width(phone), 390)
        phone.save_screenshot(support.artifact_path("archive-export-profile-phone.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + ["-v"])
