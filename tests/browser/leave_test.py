"""Leave in the browser: a player books leave and asks for special leave on /leave and sees
both in the calendar (booked and requested days marked, in words for screen readers too) with
the balance of the year; the list of periods is worked with the keyboard alone (cancelling a
period); the page fits a 360 px wide screen."""

import sys
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support
from support import button, wait


def set_date(driver, element_id, iso):
    # A date field's typed format depends on the browser's locale; the value does not.
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, iso)


def cell(driver, iso):
    found = driver.find_elements(By.CSS_SELECTOR, "table.month td[data-date='%s']" % iso)
    return found[0] if found else None


def marked(driver, iso, mark):
    c = cell(driver, iso)
    return c is not None and mark in (c.get_attribute("class") or "").split()


class LeaveCalendar(support.ServerTestCase):
    users = ("vera",)
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    def test_book_and_request_leave_and_see_them_in_the_calendar(self):
        admin = support.Api(self.base, *support.ADMIN)
        admin.call("POST", "/api/v1/admin/clock", {"now": "2030-03-01T09:00:00Z"})
        vera = support.chromium()
        self.addCleanup(vera.quit)
        support.phone_screen(vera)
        support.login(vera, self.base, "vera", self.passwords["vera"])
        vera.get(self.base + "/leave")
        wait(vera, lambda d: d.find_elements(By.CSS_SELECTOR, ".leave-calendar"), message="calendar")
        self.assertIn("No leave booked.", vera.find_element(By.TAG_NAME, "main").text)

        # Three days of leave, booked.
        set_date(vera, "leave-start", "2030-04-06")
        set_date(vera, "leave-end", "2030-04-08")
        button(vera, "Book leave").click()
        wait(vera, lambda d: marked(d, "2030-04-06", "booked"), message="booked days in the calendar")
        for iso in ("2030-04-06", "2030-04-07", "2030-04-08"):
            self.assertTrue(marked(vera, iso, "booked"), iso)
            self.assertEqual(cell(vera, iso).get_attribute("textContent").strip(), iso[-2:].lstrip("0") + " booked")
        self.assertFalse(marked(vera, "2030-04-05", "booked"))
        self.assertFalse(marked(vera, "2030-04-09", "booked"))
        month = vera.find_element(By.XPATH, "//table[@class='month'][caption='April 2030']")
        self.assertEqual([th.text for th in month.find_elements(By.CSS_SELECTOR, "thead th")],
                         ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        # 2030-04-01 is a Monday: the first row starts with day 1.
        self.assertEqual(month.find_element(By.CSS_SELECTOR, "tbody tr td").text, "1")
        year = vera.find_element(By.CSS_SELECTOR, "section.leave-year[data-year='2030']")
        self.assertIn("Games outside events, 2030", year.text)
        self.assertIn("used 3", year.text)

        # Special leave: requested days, shown apart from the booked ones.
        set_date(vera, "leave-start", "2030-05-10")
        set_date(vera, "leave-end", "2030-05-11")
        vera.find_element(By.ID, "leave-reason").send_keys("Hospital")
        button(vera, "Ask for special leave").click()
        wait(vera, lambda d: marked(d, "2030-05-10", "requested"), message="requested days in the calendar")
        self.assertTrue(marked(vera, "2030-05-11", "requested"))
        self.assertIn("May 2030", [c.text for c in vera.find_elements(By.CSS_SELECTOR, "table.month caption")])
        items = [li.text for li in vera.find_elements(By.CSS_SELECTOR, "ul.leave-periods li")]
        self.assertEqual(len(items), 2, items)
        self.assertTrue(any("2030-04-06 to 2030-04-08 (3 days)" in t and "approved" in t for t in items), items)
        self.assertTrue(any("2030-05-10 to 2030-05-11" in t and "special leave, pending" in t for t in items), items)

        # Nothing is wider than the phone's screen.
        wide = vera.execute_script(
            "return [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 361)"
            ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))")
        self.assertLessEqual(support.page_width(vera), 360, wide)
        vera.save_screenshot(support.artifact_path("leave-calendar-360.png"))

        # Keyboard only: tab to the first period's Cancel button and press Enter.
        cancel_name = "Cancel leave 2030-04-06 to 2030-04-08"
        vera.execute_script("document.activeElement.blur()")
        for _ in range(60):
            ActionChains(vera).send_keys(Keys.TAB).perform()
            if vera.switch_to.active_element.get_attribute("aria-label") == cancel_name:
                break
        self.assertEqual(vera.switch_to.active_element.get_attribute("aria-label"), cancel_name)
        ActionChains(vera).send_keys(Keys.ENTER).perform()
        wait(vera, lambda d: not marked(d, "2030-04-06", "booked"), message="cancelled leave leaves the calendar")
        self.assertTrue(marked(vera, "2030-05-10", "requested"))
        self.assertIn("used 0", vera.find_element(By.CSS_SELECTOR, "section.leave-year[data-year='2030']").text)

        vera.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        vera.save_screenshot(support.artifact_path("leave-calendar-desktop.png"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
