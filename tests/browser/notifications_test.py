"""Notification preferences on the settings page (#34 defect 10): a player switches off two
kinds on two channels, sets the deadline reminders and a daily digest, saves, and finds them
again after a reload (and the API agrees); an impossible reminder hour is refused in words."""

import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import button, wait


class NotificationSettings(support.ServerTestCase):
    users = ("alice",)

    def test_save_and_reload(self):
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, "alice", self.passwords["alice"])
        d.get(self.base + "/settings")
        box = lambda d, channel, kind: d.find_element(By.ID, "notify-%s-%s" % (channel, kind))
        wait(d, lambda d: d.find_elements(By.ID, "notify-email-opponent_moved"), message="preferences")
        self.assertTrue(box(d, "email", "opponent_moved").is_selected(), "every kind is on at first")
        self.assertEqual(d.find_element(By.ID, "reminder-hours").get_attribute("value"), "168, 72, 24, 8")
        row = d.find_element(By.CSS_SELECTOR, "tr[data-kind='opponent_moved'] th").text
        self.assertEqual(row, "Your opponent moved")
        box(d, "email", "opponent_moved").click()
        box(d, "webhook", "game_over").click()
        reminders = d.find_element(By.ID, "reminder-hours")
        reminders.clear()
        reminders.send_keys("0, 5")
        button(d, "Save notifications").click()
        error = lambda d: d.find_element(By.CSS_SELECTOR, "section.notifications .error")
        wait(d, lambda d: error(d).is_displayed(), 5, "refused")
        self.assertIn("whole numbers from 1 to 1440", error(d).text)
        reminders.clear()
        reminders.send_keys("48, 6")
        Select(d.find_element(By.ID, "digest-hour")).select_by_value("7")
        button(d, "Save notifications").click()
        wait(d, lambda d: "Notifications saved." in d.find_element(By.CSS_SELECTOR, "section.notifications").text,
             5, "saved")
        self.assertFalse(error(d).is_displayed())
        d.find_element(By.CSS_SELECTOR, "section.notifications").location_once_scrolled_into_view
        d.save_screenshot(support.artifact_path("settings-notifications-desktop.png"))

        prefs = support.Api(self.base, "alice", self.passwords["alice"]).call("GET", "/api/v1/me/notifications")
        self.assertFalse(prefs["channels"]["email"]["opponent_moved"])
        self.assertTrue(prefs["channels"]["webhook"]["opponent_moved"])
        self.assertFalse(prefs["channels"]["webhook"]["game_over"])
        self.assertTrue(prefs["channels"]["email"]["game_over"])
        self.assertEqual(prefs["reminder_hours_before"], [48, 6])
        self.assertEqual(prefs["digest_hour"], 7)

        support.phone_screen(d, 390, 844)
        d.refresh()
        wait(d, lambda d: d.find_elements(By.ID, "notify-email-opponent_moved"), message="preferences again")
        self.assertFalse(box(d, "email", "opponent_moved").is_selected())
        self.assertFalse(box(d, "webhook", "game_over").is_selected())
        self.assertTrue(box(d, "email", "game_over").is_selected())
        self.assertEqual(d.find_element(By.ID, "reminder-hours").get_attribute("value"), "48, 6")
        self.assertEqual(Select(d.find_element(By.ID, "digest-hour")).first_selected_option.text, "Daily at 07:00")
        self.assertLessEqual(support.page_width(d), 390)
        d.find_element(By.CSS_SELECTOR, "section.notifications").location_once_scrolled_into_view
        d.save_screenshot(support.artifact_path("settings-notifications-phone.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
