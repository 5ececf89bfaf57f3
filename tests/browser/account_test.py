"""A newcomer in the browser: registers on /register, challenges another player who accepts
in their own browser, sees a refused move explained next to the Move field (never raw
JSON), moves in ICCF numeric notation, changes the time zone and the password (which ends
the other sign-ins), and logs out everywhere."""

import json
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import button, wait


class NewcomerInTheBrowser(support.ServerTestCase):
    users = ("olga",)

    def test_register_challenge_play_and_settings(self):
        newcomer = support.chromium()
        self.addCleanup(newcomer.quit)
        newcomer.get(self.base + "/games/1")  # signed out: to the login page, then back
        wait(newcomer, lambda d: "/login?next=" in d.current_url, message="login first")
        newcomer.find_element(By.LINK_TEXT, "Register").click()
        wait(newcomer, lambda d: d.find_elements(By.ID, "display_name"))
        newcomer.find_element(By.NAME, "username").send_keys("pavel")
        newcomer.find_element(By.NAME, "display_name").send_keys("Pavel <b>P</b>")
        newcomer.find_element(By.NAME, "password").send_keys("pavel-password-1")
        button(newcomer, "Register").click()
        wait(newcomer, lambda d: d.current_url.endswith("/games"), message="registered and signed in")
        self.assertIn("Pavel <b>P</b>", newcomer.find_element(By.CSS_SELECTOR, "nav").text)

        # Pavel challenges Olga as White; Olga accepts in her browser and lands in the game.
        newcomer.find_element(By.PARTIAL_LINK_TEXT, "Challenges").click()
        wait(newcomer, lambda d: d.find_elements(By.ID, "ch-opponent"))
        newcomer.find_element(By.ID, "ch-opponent").send_keys("olga")
        Select(newcomer.find_element(By.ID, "ch-color")).select_by_value("white")
        newcomer.find_element(By.ID, "ch-message").send_keys("A friendly game?")
        button(newcomer, "Send challenge").click()
        wait(newcomer, lambda d: button(d, "Cancel challenge") is not None, message="challenge listed")
        olga = support.chromium()
        self.addCleanup(olga.quit)
        support.login(olga, self.base, "olga", self.passwords["olga"])
        olga.find_element(By.PARTIAL_LINK_TEXT, "Challenges").click()
        wait(olga, lambda d: "A friendly game?" in d.find_element(By.TAG_NAME, "main").text, message="incoming")
        # (the challenger's rating is read after the list is drawn)
        wait(olga, lambda d: "Pavel <b>P</b> (unrated) → Olga: 5 days per move" in d.find_element(By.CSS_SELECTOR, "ul.challenges").text,
             message="the challenge with the challenger's rating")
        button(olga, "Accept").click()
        wait(olga, lambda d: "/games/" in d.current_url, message="the game opens")
        game_url = olga.current_url

        newcomer.get(game_url)
        field = lambda: newcomer.find_element(By.ID, "move-input")
        wait(newcomer, lambda d: button(d, "Submit") is not None, message="Pavel to move")
        field().send_keys("Ke2")
        button(newcomer, "Submit").click()
        error = lambda d: d.find_element(By.CSS_SELECTOR, ".move-form .error")
        wait(newcomer, lambda d: error(d).is_displayed(), message="refusal shown")
        text = error(newcomer).text
        self.assertEqual(text, "'Ke2' is not a legal move.")
        self.assertNotIn("{", text)
        with self.assertRaises(ValueError):
            json.loads(text)
        # 1.e4 in ICCF numeric notation (e2 = 52, e4 = 54).
        field().clear()
        field().send_keys("5254")
        button(newcomer, "Submit").click()
        wait(newcomer, lambda d: button(d, "Confirm") is not None, message="pending")
        self.assertFalse(error(newcomer).is_displayed(), "the old message is gone")
        button(newcomer, "Confirm").click()
        wait(olga, lambda d: d.find_element(By.CSS_SELECTOR, ".board").get_attribute("data-fen").startswith(
            "rnbqkbnr/pppppppp/8/8/4P3/"), message="Olga sees 1.e4")

        # Settings: a time zone, then a new password ends Pavel's other sign-ins.
        other = support.Api(self.base, "pavel", "pavel-password-1")
        newcomer.get(self.base + "/settings")
        wait(newcomer, lambda d: d.find_elements(By.ID, "time_zone"))
        Select(newcomer.find_element(By.ID, "time_zone")).select_by_value("Asia/Tokyo")
        button(newcomer, "Save profile").click()
        wait(newcomer, lambda d: "Saved." in d.find_element(By.TAG_NAME, "main").text)
        self.assertEqual(other.call("GET", "/api/v1/me")["time_zone"], "Asia/Tokyo")
        newcomer.find_element(By.ID, "current_password").send_keys("pavel-password-1")
        newcomer.find_element(By.ID, "new_password").send_keys("pavel-password-2")
        button(newcomer, "Change password").click()
        wait(newcomer, lambda d: "Password changed" in d.find_element(By.TAG_NAME, "main").text)
        self.assertEqual(support.http(self.base, "GET", "/api/v1/me", headers={
            "Authorization": "Bearer " + other.token}).status, 401)
        # This browser stays signed in; "Log out everywhere" ends it too.
        newcomer.get(game_url)
        wait(newcomer, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-square='e4']"), message="still signed in")
        newcomer.get(self.base + "/settings")
        wait(newcomer, lambda d: button(d, "Log out everywhere") is not None)
        button(newcomer, "Log out everywhere").click()
        wait(newcomer, lambda d: "/login" in d.current_url, message="logged out")
        newcomer.get(game_url)
        wait(newcomer, lambda d: "/login?next=" in d.current_url, message="the session is gone")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
