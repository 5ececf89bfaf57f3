"""Importing a repertoire (PGN) as conditional moves on the game page: Bob (Black, after
1.e4 c5) pastes a Sicilian with variations, previews it (counts and lines; nothing stored),
saves it (the stored lines show in the editor and the server plays them); then, on a phone,
chooses a PGN file with an illegal move and a conflict and sees them in the preview.
Screenshots at 1280 and 360 px."""

import os
import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait

SICILIAN = """[Event "Sicilian"]

1. e4 c5 2. Nf3 (2. c3 d5 3. exd5 Qxd5) (2. Nc3 Nc6 3. g3 g6) 2... d6 3. d4 cxd4
4. Nxd4 Nf6 5. Nc3 (5. f3 e5) 5... a6 {Najdorf} *

[Event "Another opening"]

1. d4 Nf6 *
"""

LINES = [["Nc3", "Nc6", "g3", "g6"], ["c3", "d5", "exd5", "Qxd5"],
         ["Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"],
         ["Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "f3", "e5"]]

FLAWED = """1. e4 c5 2. Nf3 d6 (2... Nc6) 3. d4 Nf5 *
"""


class RepertoireImport(support.ServerTestCase):
    users = ("alice", "bob")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def new_game(self):
        game = self.admin.call("POST", "/api/v1/admin/games", {
            "white": "alice", "black": "bob", "time_control": {"type": "iccf", "moves": 10, "days": 50}})
        path = "/api/v1/games/%s" % game["id"]
        alice = support.Api(self.base, "alice", self.passwords["alice"])
        bob = support.Api(self.base, "bob", self.passwords["bob"])
        for player, move in ((alice, "e4"), (bob, "c5")):
            player.call("POST", path + "/moves", {"move": move})
            player.call("POST", path + "/moves/accept", {"move": move})
        return game["id"], path, alice, bob

    def open_import(self, driver, game_id):
        driver.get(self.base + "/games/" + game_id)
        editor = lambda d: d.find_element(By.CSS_SELECTOR, "section.conditional")
        wait(driver, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        wait(driver, lambda d: editor(d).get_attribute("data-loaded") == "true", message="editor")
        summary = driver.find_element(By.XPATH, "//summary[normalize-space()='Import repertoire (PGN)']")
        summary.click()
        wait(driver, lambda d: d.find_element(By.ID, "repertoire-pgn").is_displayed(), message="import form")
        return editor

    def count(self, driver, name):
        return driver.find_element(By.CSS_SELECTOR, "#repertoire-preview [data-count='%s'] strong" % name).text

    def test_preview_then_save_and_the_server_plays_it(self):
        game_id, path, alice, bob = self.new_game()
        driver = self.browser("bob")
        editor = self.open_import(driver, game_id)
        driver.find_element(By.ID, "repertoire-pgn").send_keys(SICILIAN)
        save = driver.find_element(By.ID, "repertoire-save")
        self.assertFalse(save.is_enabled(), "nothing to save before a preview")
        button(driver, "Preview").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#repertoire-preview [data-count='lines_imported']"),
             message="preview")
        self.assertEqual(self.count(driver, "games"), "2")
        self.assertEqual(self.count(driver, "lines_read"), "5")
        self.assertEqual(self.count(driver, "lines_imported"), "4")
        self.assertEqual(self.count(driver, "lines_skipped"), "1")
        shown = [li.get_attribute("data-line").split(" ")
                 for li in driver.find_elements(By.CSS_SELECTOR, "#repertoire-preview .repertoire-lines li")]
        self.assertEqual(shown, LINES)
        # The preview stored nothing.
        self.assertEqual(bob.call("GET", path + "/conditional")["lines"], [])
        driver.save_screenshot(support.artifact_path("repertoire-preview-1280.png"))

        wait(driver, lambda d: d.find_element(By.ID, "repertoire-save").is_enabled(), message="save enabled")
        driver.find_element(By.ID, "repertoire-save").click()
        wait(driver, lambda d: d.find_element(By.ID, "repertoire-preview").get_attribute("data-state") == "saved",
             message="saved")
        wait(driver, lambda d: editor(d).find_elements(
            By.CSS_SELECTOR, "ol.stored-lines [data-line='Nf3 d6 d4 cxd4 Nxd4 Nf6 f3 e5']"), message="stored lines shown")
        self.assertEqual(bob.call("GET", path + "/conditional")["lines"], LINES)
        driver.save_screenshot(support.artifact_path("repertoire-saved-1280.png"))

        # Alice plays 2.Nf3: the server answers 2...d6 from the repertoire at once.
        alice.call("POST", path + "/moves", {"move": "Nf3"})
        after = alice.call("POST", path + "/moves/accept", {"move": "Nf3"})
        self.assertEqual(after["moves"][-1]["san"], "d6")
        self.assertTrue(after["moves"][-1]["conditional"])

    def test_file_with_an_illegal_move_and_a_conflict_on_a_phone(self):
        game_id, path, alice, bob = self.new_game()
        driver = self.browser("bob", width=360, height=780)
        self.open_import(driver, game_id)
        pgn_file = support.artifact_path("repertoire-flawed.pgn")
        with open(pgn_file, "w", encoding="utf-8") as f:
            f.write(FLAWED)
        driver.find_element(By.ID, "repertoire-file").send_keys(os.path.abspath(pgn_file))
        wait(driver, lambda d: "Nf5" in d.find_element(By.ID, "repertoire-pgn").get_attribute("value"),
             message="file read into the text")
        driver.find_element(By.ID, "repertoire-preview-button").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#repertoire-preview .repertoire-illegal li"),
             message="illegal move listed")
        illegal = driver.find_element(By.CSS_SELECTOR, "#repertoire-preview .repertoire-illegal li").text
        self.assertIn("Nf5", illegal)
        self.assertIn("line 1, column", illegal)
        conflict = driver.find_element(By.CSS_SELECTOR, "#repertoire-preview .repertoire-conflicts li").text
        self.assertIn("kept d6", conflict)
        self.assertIn("dropped Nc6", conflict)
        self.assertEqual(self.count(driver, "illegal_moves"), "1")
        self.assertEqual(self.count(driver, "conflicts"), "1")
        preview = driver.find_element(By.ID, "repertoire-preview")
        driver.execute_script("arguments[0].scrollIntoView()", preview)
        driver.save_screenshot(support.artifact_path("repertoire-preview-360.png"))
        self.assertLessEqual(support.page_width(driver), 360, "nothing wider than the phone's screen")
        # A PGN that cannot be read: its place is shown, nothing is stored.
        text = driver.find_element(By.ID, "repertoire-pgn")
        text.clear()
        text.send_keys("1. e4 c5 2. Nf3 (2. c3")
        driver.find_element(By.ID, "repertoire-preview-button").click()
        wait(driver, lambda d: "line 1, column 17" in d.find_element(By.CSS_SELECTOR, ".repertoire-import .error").text,
             message="the problem's place")
        self.assertEqual(bob.call("GET", path + "/conditional")["lines"], [])


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
