"""Challenges seen from every page, and blocking (#34 defect 7, #33): the navigation's
Challenges link counts the incoming challenges live (a challenge, a cancellation, a refusal,
an acceptance change it without a reload); the challenger, on another page, is told who
accepted and gets a link to the new game; a challenge beyond the per-opponent limit shows
the server's reason in the form. A player blocks another from their profile page (Block /
Unblock), the blocked player's challenge is refused, and the settings page lists the
blocked players with Unblock."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

TC = {"type": "per_move", "days": 5}


class ChallengesEverywhere(support.ServerTestCase):
    users = ("alice", "bob", "carl")

    def browser(self, user, width=1280):
        driver = support.chromium(width)
        self.addCleanup(driver.quit)
        support.login(driver, self.base, user, self.passwords[user])
        return driver

    def api(self, user):
        return support.Api(self.base, user, self.passwords[user])

    @staticmethod
    def badge(d):
        return d.execute_script("const b = document.getElementById('challenge-badge');"
                                "return b && !b.hidden && b.offsetParent ? b.textContent : ''")

    def test_badge_counts_live_and_challenger_gets_the_game_link(self):
        alice, bob = self.api("alice"), self.api("bob")
        b = self.browser("bob")
        wait(b, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        self.assertEqual(self.badge(b), "")
        first = alice.call("POST", "/api/v1/challenges", {"opponent": "bob", "time_control": TC})
        wait(b, lambda d: self.badge(d) == "1 incoming challenge", 5, "badge after a challenge")
        second = alice.call("POST", "/api/v1/challenges", {"opponent": "bob", "time_control": TC})
        wait(b, lambda d: self.badge(d) == "2 incoming challenges", 5, "badge after two")
        shown = b.find_element(By.CSS_SELECTOR, "nav.top a[href='/challenges'] .badge")
        self.assertEqual(shown.get_attribute("data-count"), "2")
        self.assertTrue(shown.is_displayed())
        # The link still reads "Challenges" first (and the count after it).
        self.assertTrue(b.find_element(By.CSS_SELECTOR, "nav.top a[href='/challenges']").text.startswith("Challenges"))
        b.save_screenshot(support.artifact_path("challenge-badge-desktop.png"))
        bob.call("POST", "/api/v1/challenges/%s/decline" % second["id"], {})
        wait(b, lambda d: self.badge(d) == "1 incoming challenge", 5, "badge after a refusal")
        # A reload reads the count too.
        b.refresh()
        wait(b, lambda d: self.badge(d) == "1 incoming challenge", 5, "badge after a reload")

        a = self.browser("alice")
        a.get(self.base + "/events")
        wait(a, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        accepted = bob.call("POST", "/api/v1/challenges/%s/accept" % first["id"])
        game_id = accepted["game"]["id"]
        wait(b, lambda d: self.badge(d) == "", 5, "no badge once accepted")
        news = lambda d: d.find_element(By.ID, "challenge-news").text
        wait(a, lambda d: "Bob accepted your challenge — go to the game" in news(d), 5, "the challenger is told")
        a.save_screenshot(support.artifact_path("challenge-accepted-desktop.png"))
        support.phone_screen(a, 390, 844)
        self.assertLessEqual(support.page_width(a), 390)
        a.save_screenshot(support.artifact_path("challenge-accepted-phone.png"))
        a.find_element(By.LINK_TEXT, "go to the game").click()
        wait(a, lambda d: d.current_url.endswith("/games/%s" % game_id), 5, "the link opens the game")
        wait(a, lambda d: button(d, "Submit") is not None or "to move" in d.find_element(By.CSS_SELECTOR, ".status").text,
             message="the game page")
        self.assertNotIn("accepted your challenge", news(a), "the notice goes once followed")

        # Bob declined one of Alice's challenges: she may not challenge him for an hour, and
        # the form says so in the server's words.
        support.phone_screen(a, 1280, 1000)
        a.get(self.base + "/challenges")
        wait(a, lambda d: d.find_elements(By.ID, "ch-opponent"))
        a.find_element(By.ID, "ch-opponent").send_keys("bob")
        button(a, "Send challenge").click()
        error = lambda d: d.find_element(By.CSS_SELECTOR, "form .error")
        wait(a, lambda d: error(d).is_displayed(), 5, "the refusal shown")
        text = error(a).text
        self.assertIn("declined", text)
        self.assertIn("try again in", text)
        self.assertNotIn("Too many requests", text)
        a.save_screenshot(support.artifact_path("challenge-limit-desktop.png"))

    def test_block_from_profile_and_unblock_from_settings(self):
        carl = self.api("carl")
        a = self.browser("alice")
        a.get(self.base + "/users/carl")
        toggle = lambda d: d.find_element(By.ID, "block-toggle")
        wait(a, lambda d: d.find_elements(By.ID, "block-toggle") and toggle(d).is_enabled(), message="Block button")
        self.assertEqual(toggle(a).text, "Block")
        toggle(a).click()
        wait(a, lambda d: toggle(d).text == "Unblock" and toggle(d).is_enabled(), 5, "blocked")
        self.assertIn("cannot challenge you or write to you", a.find_element(By.CSS_SELECTOR, ".block-state").text)
        a.save_screenshot(support.artifact_path("profile-blocked-desktop.png"))
        carl.call("POST", "/api/v1/challenges", {"opponent": "alice", "time_control": TC}, expect=(403,))
        # The profile remembers it.
        a.refresh()
        wait(a, lambda d: d.find_elements(By.ID, "block-toggle") and toggle(d).text == "Unblock", 5, "still blocked")
        support.phone_screen(a, 390, 844)
        self.assertLessEqual(support.page_width(a), 390)
        a.save_screenshot(support.artifact_path("profile-blocked-phone.png"))
        support.phone_screen(a, 1280, 1000)

        a.get(self.base + "/settings")
        row = lambda d: d.find_elements(By.CSS_SELECTOR, "ul.blocked-players li[data-username='carl']")
        wait(a, row, 5, "carl listed")
        self.assertIn("Carl (carl)", row(a)[0].text)
        a.find_element(By.CSS_SELECTOR, "section.blocked").location_once_scrolled_into_view
        a.save_screenshot(support.artifact_path("settings-blocked-desktop.png"))
        row(a)[0].find_element(By.XPATH, ".//button[normalize-space()='Unblock']").click()
        wait(a, lambda d: "Nobody." in d.find_element(By.CSS_SELECTOR, "section.blocked").text, 5, "list empty")
        carl.call("POST", "/api/v1/challenges", {"opponent": "alice", "time_control": TC}, expect=(201,))
        a.get(self.base + "/users/carl")
        wait(a, lambda d: d.find_elements(By.ID, "block-toggle") and toggle(d).is_enabled() and toggle(d).text == "Block",
             5, "unblocked")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
