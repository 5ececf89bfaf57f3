"""The events list a page at a time (#40): with more events than a page holds (50), the
events page shows the newest 50 and a "More events" button that says how many of how many
are shown; pressing it appends the next page, and once every event is listed the button is
gone. Each event is listed once, newest first, as GET /api/v1/events lists them."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import wait

TC = {"type": "iccf", "moves": 10, "days": 50}
EVENTS = 57


class EventsListPages(support.ServerTestCase):
    users = ("alice",)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        td = support.Api(cls.base, *support.ADMIN)
        cls.ids = [td.call("POST", "/api/v1/admin/events", {"name": "Open %02d" % i, "time_control": TC})["id"]
                   for i in range(EVENTS)]

    def listed(self, d):
        return [a.get_attribute("href").rsplit("/", 1)[1]
                for a in d.find_elements(By.CSS_SELECTOR, "main table.list tbody tr td:first-child a")]

    def test_more_events_appends_the_next_page(self):
        d = self.browser("alice")
        d.get(self.base + "/events")
        wait(d, lambda d: len(self.listed(d)) == 50, message="the first page")
        more = wait(d, lambda d: support.button(d, "More events (50 of %d shown)" % EVENTS),
                    message="the button saying how many are shown")
        more.click()
        wait(d, lambda d: len(self.listed(d)) == EVENTS, message="the second page appended")
        wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "p.more button"), message="no more pages")
        self.assertEqual(self.listed(d), list(reversed(self.ids)))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
