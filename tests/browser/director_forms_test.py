"""The director's event form (issue #34) offers every option of POST /api/v1/admin/events:
a director sets each one through the form (players picked, none typed), at 1280 and at
390 px, and the event the server stored has each as chosen. A field the browser can check
says what is wrong next to it; a refusal of the server shows its reason under the form and
next to the field it names; neither creates anything."""

import datetime
import re
import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, choose, pick_player, wait

PLAYERS = ("anna", "annika", "boris", "chen")


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


class EventForm(support.ServerTestCase):
    users = PLAYERS

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def director(self, width):
        d = support.chromium()
        self.addCleanup(d.quit)
        support.login(d, self.base, *support.ADMIN)
        if width < 1280:
            support.phone_screen(d, width, 844)
        d.get(self.base + "/director")
        wait(d, lambda d: d.find_elements(By.ID, "ev-name"), message="director page")
        return d

    def events(self):
        return self.admin.call("GET", "/api/v1/events?status=all")["events"]

    def fill(self, d, field_id, text):
        field = d.find_element(By.ID, field_id)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(str(text))

    def tick(self, d, field_id, on):
        box = d.find_element(By.ID, field_id)
        if box.is_selected() != on:
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
            box.click()
        self.assertEqual(box.is_selected(), on, field_id)

    def local_time(self, d, field_id, text):
        """Sets a datetime-local field and returns the instant the browser makes of it."""
        d.execute_script("arguments[0].value = arguments[1]", d.find_element(By.ID, field_id), text)
        return instant(d.execute_script("return new Date(arguments[0]).toISOString()", text))

    def create(self, d):
        before = len(self.events())
        done = lambda: d.find_element(By.CSS_SELECTOR, "#event-form .done").text
        said = done()
        button(d, "Create event").click()
        wait(d, lambda d: done() != said and "created (id" in done(), message="event created")
        event_id = re.search(r"\(id (\d+)\)", done()).group(1)
        # The new event is the one chosen for adding players and starting it.
        wait(d, lambda d: d.find_element(By.ID, "run-event").get_attribute("value") == event_id, message="chosen")
        self.assertEqual(len(self.events()), before + 1)
        return self.admin.call("GET", "/api/v1/events/" + event_id)

    def every_option(self, width, name, time_control):
        d = self.director(width)
        self.fill(d, "ev-name", name)
        # Players picked in seat order; one picked by mistake and removed again. The search
        # "an" finds both anna and annika.
        for player in ("chen", "annika", "boris", "anna"):
            pick_player(d, "ev-players", player)
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#ev-players-results button")), 0)
        d.find_element(By.CSS_SELECTOR, "button[aria-label='Remove boris']").click()
        choose(d, "ev-seeding", "entry")
        choose(d, "ev-variant", "chess960")
        self.fill(d, "ev-start-position", 123)
        self.tick(d, "ev-allow-518", True)
        choose(d, "ev-tc-type", time_control["type"])
        for field_id, value in time_control["fields"].items():
            if isinstance(value, bool):
                self.tick(d, field_id, value)
            else:
                self.fill(d, field_id, value)
        d.find_element(By.CSS_SELECTOR, "#event-form details.rules summary").click()
        self.tick(d, "ev-messages-allowed", False)
        self.tick(d, "ev-ten-moves", False)
        self.tick(d, "ev-silence", False)
        self.fill(d, "ev-draw-min", 20)
        self.tick(d, "ev-double-round", True)
        start = self.local_time(d, "ev-start-at", "2031-03-01T12:00")
        end = self.local_time(d, "ev-end-at", "2032-06-30T18:30")
        self.tick(d, "ev-open-for-entry", True)
        self.fill(d, "ev-max-players", 8)
        choose(d, "ev-visibility", "delayed")
        self.fill(d, "ev-delay-moves", 6)
        self.fill(d, "ev-leave-days", 30)
        self.tick(d, "ev-rated", False)
        self.fill(d, "ev-min-rating", 1200)
        self.fill(d, "ev-max-rating", 2200)
        self.assertLessEqual(support.page_width(d), width, "no sideways scrolling")
        d.save_screenshot(support.artifact_path("director-event-form-%d.png" % width))
        event = self.create(d)

        s = event["settings"]
        self.assertEqual(event["name"], name)
        self.assertEqual([p["username"] for p in sorted(event["players"], key=lambda p: p["seat"])],
                         ["chen", "annika", "anna"])
        self.assertEqual(s["time_control"], time_control["stored"])
        expected = {"seeding": "entry", "variant": "chess960", "start_position": 123, "allow_518": True,
                    "messages_allowed": False, "ten_moves_rule": False, "silence_rule": False, "draw_min_moves": 20,
                    "double_round": True, "open_for_entry": True, "max_players": 8, "visibility": "delayed",
                    "delay_moves": 6, "leave_days_per_year": 30, "rated": False, "min_rating": 1200, "max_rating": 2200}
        self.assertEqual({k: s[k] for k in expected}, expected)
        self.assertEqual(instant(s["start_at"]), start)
        self.assertEqual(instant(s["end_at"]), end)

    def test_every_option_at_1280(self):
        self.every_option(1280, "Winter <b>Open</b> 1280", {
            "type": "fischer",
            "fields": {"ev-fischer-initial": 20, "ev-fischer-increment": 2, "ev-fischer-max": 40},
            "stored": {"type": "fischer", "initial_days": 20, "increment_days": 2, "max_days": 40}})

    def test_every_option_at_390(self):
        self.every_option(390, "Winter Open 390", {
            "type": "iccf",
            "fields": {"ev-iccf-moves": 12, "ev-iccf-days": 40, "ev-iccf-doubling": 30},
            "stored": {"type": "iccf", "moves": 12, "days": 40, "doubling_after_days": 30}})

    def test_the_other_time_controls(self):
        d = self.director(1280)
        for name, control, fields, stored in (
                ("Per move", "per_move", {"ev-days": 7, "ev-bank": 20},
                 {"type": "per_move", "days": 7, "bank_days": 20}),
                ("Triple Block", "triple_block", {"ev-tb-increment": 4, "ev-tb-bank": 40, "ev-tb-protection": True},
                 {"type": "triple_block", "increment_days": 4, "bank_days": 40, "sudden_death_protection": True})):
            self.fill(d, "ev-name", name)
            choose(d, "ev-tc-type", control)
            for field_id, value in fields.items():
                if isinstance(value, bool):
                    self.tick(d, field_id, value)
                else:
                    self.fill(d, field_id, value)
            event = self.create(d)
            self.assertEqual(event["settings"]["time_control"], stored)
            # Left as they were: the defaults of the form, which are the server's.
            s = event["settings"]
            self.assertEqual((s["visibility"], s["leave_days_per_year"], s["rated"], s["messages_allowed"]),
                             ("live", 45, True, True))

    def test_refusals_next_to_the_field(self):
        d = self.director(390)
        before = self.events()
        error = lambda field_id: d.find_element(By.ID, field_id + "-error").text

        # The browser's check: a rating out of range; a check across fields: lowest above highest.
        self.fill(d, "ev-name", "Refused")
        self.fill(d, "ev-min-rating", 2500)
        self.fill(d, "ev-max-rating", 5000)
        button(d, "Create event").click()
        wait(d, lambda d: d.find_elements(By.ID, "ev-max-rating-error"), message="range message")
        self.assertTrue(error("ev-max-rating"))
        self.assertEqual(d.find_element(By.ID, "ev-max-rating").get_attribute("aria-invalid"), "true")
        self.fill(d, "ev-max-rating", 2000)
        button(d, "Create event").click()
        wait(d, lambda d: error("ev-max-rating") == "The highest rating must not be below the lowest.",
             message="cross-field message")
        self.assertIn("Nothing was created", d.find_element(By.ID, "ev-error").text)
        self.fill(d, "ev-min-rating", 1000)

        # The server refuses more players than max_players: its reason next to that field.
        for player in ("anna", "boris", "chen"):
            pick_player(d, "ev-players", player)
        self.fill(d, "ev-max-players", 2)
        button(d, "Create event").click()
        wait(d, lambda d: d.find_elements(By.ID, "ev-max-players-error"), message="the server's refusal")
        self.assertEqual(error("ev-max-players"), "More players than max_players.")
        self.assertIn("The server refused the event: More players than max_players.", d.find_element(By.ID, "ev-error").text)
        self.assertEqual(d.find_elements(By.ID, "ev-max-rating-error"), [])
        self.assertEqual(self.events(), before)
        d.save_screenshot(support.artifact_path("director-event-refused-390.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
