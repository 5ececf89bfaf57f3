"""The player's language in the web client (web/src/i18n): a player whose profile says German
sees the games list and a game page in German, with dates in German form in their time zone
(Europe/Berlin) and the move list in the notation they choose (English letters, figurines,
German letters); a visitor whose Chromium asks for Spanish (Accept-Language and
navigator.languages) sees the landing and log-in pages in Spanish; a player switches the
language in the settings (saved to the profile: German, then Spanish, then the browser's
English again). Screenshots at 1280 and 360 px (i18n-<page>-<width>.png)."""

import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import wait

TC = {"type": "iccf", "moves": 10, "days": 50}


def text_of(d, css):
    return d.find_element(By.CSS_SELECTOR, css).text


class Languages(support.ServerTestCase):
    users = ("jorg", "ana", "eve")
    env = {"CORRCHESS_CLOCK": "manual", "CORRCHESS_TIMEZONE": "UTC"}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        td = support.Api(cls.base, *support.ADMIN)
        api = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-01-07T12:00:00Z"})
        api["jorg"].call("PATCH", "/api/v1/me", {"language": "de", "time_zone": "Europe/Berlin",
                                                  "display_name": "Jörg"})
        api["ana"].call("PATCH", "/api/v1/me", {"language": "es", "time_zone": "Europe/Madrid",
                                                 "display_name": "Ana"})
        cls.game = td.call("POST", "/api/v1/admin/games", {"white": "jorg", "black": "ana", "time_control": TC})
        path = "/api/v1/games/%s" % cls.game["id"]
        for i, san in enumerate(["e4", "e5", "Nf3", "Nc6", "Bb5"]):
            side = api["jorg" if i % 2 == 0 else "ana"]
            side.call("POST", path + "/moves", {"move": san})
            side.call("POST", path + "/moves/accept", {"move": san})

    def shoot(self, d, name, width):
        d.save_screenshot(support.artifact_path("i18n-%s-%d.png" % (name, width)))

    def german_pages(self, width):
        d = self.browser("jorg", width=width)
        wait(d, lambda d: d.execute_script("return document.documentElement.lang") == "de", message="lang de")
        wait(d, lambda d: "Warten auf den Gegner (1)" in d.find_element(By.TAG_NAME, "main").text,
             message="the German games list")
        self.assertEqual(text_of(d, "main h1"), "Meine Partien")
        self.assertIn("Meine Partien", text_of(d, "nav.top"))
        self.assertIn("Herausforderungen", text_of(d, "nav.top"))
        self.assertIn("Sie sind am Zug (0)", text_of(d, "main"))
        self.assertIn("Beendet (0)", text_of(d, "main"))
        self.assertIn("0 am Zug, 1 laufend, 0 beendet.", text_of(d, "main"))
        if width >= 500:
            headers = [th.text for th in d.find_elements(By.CSS_SELECTOR, "section.wait table.games th")]
            self.assertEqual(headers[1:], ["Partie", "Gegner", "Letzter Zug", "Uhren", "Ihre Frist", "Turnier"])
        self.assertIn("3. Bb5", text_of(d, "section.wait td.last"))
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.wait td.clocks[data-loaded]"), message="clocks")
        self.assertIn("Weiß", text_of(d, "section.wait td.clocks"))
        self.assertIn("Schwarz", text_of(d, "section.wait td.clocks"))
        self.shoot(d, "games-de", width)

        d.get(self.base + "/games/%s" % self.game["id"])
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#move-list button.move"), message="the moves")
        wait(d, lambda d: "Ana (Schwarz) ist am Zug." in text_of(d, "p.status"), message="the German status")
        self.assertEqual(text_of(d, "#move-list caption"), "Züge")
        self.assertTrue(support.button(d, "Aufgeben"), "the German Resign button")
        self.assertTrue(support.button(d, "Brett drehen"))
        # Dates in German form in Berlin time: moved at 12:00 UTC is 13:00 in Berlin (winter);
        # Black's deadline is 50 days after the start of their turn.
        first = d.find_element(By.CSS_SELECTOR, "#move-list button.move[data-ply='1']")
        self.assertIn("gespielt 07.01.2030, 13:00", first.get_attribute("title"))
        deadline = text_of(d, ".clock.black .deadline")
        self.assertRegex(deadline, r"^Frist \d\d\.\d\d\.2030, \d\d:\d\d \(\d\d:\d\d UTC\)$")
        self.assertRegex(text_of(d, ".clock.black .left"), r"^\d+ T\. \d+ Std\.$")
        self.shoot(d, "game-de", width)
        return d

    def test_a_german_player_reads_german_at_1280(self):
        self.german_pages(1280)

    def test_a_german_player_reads_german_at_360(self):
        d = self.german_pages(360)
        self.assertLessEqual(support.page_width(d), 360, "no sideways scrolling on the phone")

    def test_notation_english_figurines_and_german_letters(self):
        d = self.browser("jorg")
        game = self.base + "/games/%s" % self.game["id"]

        def moves():
            return [b.text for b in d.find_elements(By.CSS_SELECTOR, "#move-list button.move")]

        d.get(game)
        wait(d, lambda d: len(moves()) == 5, message="five moves")
        self.assertEqual(moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5"])
        for choice, expected in (("local", ["e4", "e5", "Sf3", "Sc6", "Lb5"]),
                                 ("figurines", ["e4", "e5", "♘f3", "♘c6", "♗b5"]),
                                 ("english", ["e4", "e5", "Nf3", "Nc6", "Bb5"])):
            d.get(self.base + "/settings")
            wait(d, lambda d: d.find_elements(By.ID, "notation"), message="the notation setting")
            Select(d.find_element(By.ID, "notation")).select_by_value(choice)
            wait(d, lambda d: "Gespeichert." in text_of(d, "section.notation"), message="saved")
            d.get(game)
            wait(d, lambda d: len(moves()) == 5, message="five moves")
            self.assertEqual(moves(), expected, choice)

    def test_a_spanish_visitor_sees_spanish(self):
        for width in (1280, 360):
            d = support.chromium(width if width >= 500 else 800, lang="es-ES,es")
            self.addCleanup(d.quit)
            if width < 500:
                support.phone_screen(d, width)
            d.get(self.base + "/")
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".landing h1"), message="the landing page")
            self.assertTrue(d.execute_script("return navigator.languages[0]").startswith("es"))
            self.assertEqual(d.execute_script("return document.documentElement.lang"), "es")
            self.assertEqual(text_of(d, ".landing h1"), "Ajedrez por correspondencia, una jugada al día")
            self.assertIn("Iniciar sesión", text_of(d, "nav.top"))
            self.assertIn("Registrarse", text_of(d, "nav.top"))
            self.assertIn("Empezar una partida", text_of(d, ".landing"))
            self.shoot(d, "landing-es", width)
            d.get(self.base + "/login")
            wait(d, lambda d: d.find_elements(By.NAME, "username"), message="the log-in form")
            self.assertEqual(text_of(d, "main h1"), "Iniciar sesión")
            self.assertEqual(text_of(d, "label[for=username]"), "Nombre de usuario")
            self.assertEqual(text_of(d, "label[for=password]"), "Contraseña")
            if width < 500:
                self.assertLessEqual(support.page_width(d), 360)
            # A refusal in the visitor's language (keyed by the problem's code).
            d.find_element(By.NAME, "username").send_keys("nobody")
            d.find_element(By.NAME, "password").send_keys("wrong-password-1")
            d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
            wait(d, lambda d: text_of(d, "p.error") == "Nombre de usuario o contraseña incorrectos.",
                 message="the refusal in Spanish")
            self.shoot(d, "login-es", width)

    def test_switching_the_language_in_the_settings(self):
        d = self.browser("eve")

        def settings_in(lang, heading):
            wait(d, lambda d: d.execute_script("return document.documentElement.lang") == lang
                 and d.find_elements(By.ID, "language") and text_of(d, "main h1") == heading,
                 message="settings in %s" % lang)

        def choose_and_save(value):
            Select(d.find_element(By.ID, "language")).select_by_value(value)
            d.find_element(By.XPATH, "//section[.//select[@id='language']]//button[@type='submit']").click()

        d.get(self.base + "/settings")
        settings_in("en", "Settings")
        self.assertEqual(Select(d.find_element(By.ID, "language")).first_selected_option.get_attribute("value"), "")
        choose_and_save("de")
        settings_in("de", "Einstellungen")
        self.assertIn("Meine Partien", text_of(d, "nav.top"))
        self.assertEqual(Select(d.find_element(By.ID, "language")).first_selected_option.text, "Deutsch")
        self.assertTrue(support.button(d, "Profil speichern"))
        self.shoot(d, "settings-de", 1280)
        api = support.Api(self.base, "eve", self.passwords["eve"])
        self.assertEqual(api.call("GET", "/api/v1/me")["language"], "de")
        choose_and_save("es")
        settings_in("es", "Ajustes")
        self.assertIn("Mis partidas", text_of(d, "nav.top"))
        self.assertEqual(api.call("GET", "/api/v1/me")["language"], "es")
        d.get(self.base + "/games")
        wait(d, lambda d: text_of(d, "main h1") == "Mis partidas", message="the Spanish games list")
        self.shoot(d, "games-es", 1280)
        d.get(self.base + "/settings")
        settings_in("es", "Ajustes")
        choose_and_save("")
        settings_in("en", "Settings")
        self.assertIsNone(api.call("GET", "/api/v1/me")["language"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[1:])
