"""The player's language in the web client (web/src/i18n): a player whose profile says German
sees the games list and a game page in German, with dates in German form in their time zone
(Europe/Berlin) and the move list in the notation they choose (English letters, figurines,
German letters); a visitor whose Chromium asks for Spanish (Accept-Language and
navigator.languages) sees the landing and log-in pages in Spanish; a player switches the
language in the settings (saved to the profile: German, then Spanish, then the browser's
English again). Screenshots at 1280 and 360 px (i18n-<page>-<width>.png).

The less-used pages in German and in Spanish (PagesInGermanAndSpanish): a player's profile with
the rating chart, leave with its calendar, a series, a cup, a team, the director's page, the
phone and desktop notifications in the settings (the date of "since" on one line) and the
preview of a repertoire import on a game page, each at 1280 and 360 px: specific translated
texts are there and the English ones of the page are not
(i18n-<page>-<language>-<width>.png)."""

import sys
import time
import unittest

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import push_test
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


# What each page says in German and in Spanish (texts that must be there), and what it says in
# English (texts that must not be there in either language).
PAGES = {
    "profile": {
        "de": ["Mitglied seit", "Beendete Partien", "Gewonnen / remis / verloren", "Laufende Partien",
               "Ana herausfordern", "Partien von Ana exportieren (PGN)", "(vorläufig), Rang", "1 gewertete Partie",
               "Je Periode"],
        "es": ["miembro desde el", "Partidas terminadas", "Ganadas / tablas / perdidas", "Partidas en curso",
               "Desafiar a Jorg", "Exportar las partidas de Jorg (PGN)", "(provisional), puesto", "1 partida valorada",
               "Por periodo"],
        "en": ["member since", "Finished games", "Won / drawn / lost", "Current games", "Challenge ", "Export ",
               "rated game", "By period", ", rank "],
    },
    "leave": {
        "de": ["Urlaub nehmen", "Erster Tag", "Letzter Tag", "Urlaub buchen", "Sonderurlaub beantragen", "Kalender",
               "Zeiträume", "März 2030", "Partien außerhalb von Turnieren, 2030", "genommen 3",
               "04.03.2030 bis 06.03.2030 (3 Tage), Partien außerhalb von Turnieren: genehmigt", "Urlaub stornieren",
               "gebuchter Urlaub"],
        "es": ["Tomar licencia", "Primer día", "Último día", "Reservar licencia", "Solicitar licencia especial",
               "Calendario", "Periodos", "marzo de 2030", "Partidas fuera de torneos, 2030", "usados 3",
               "del 04/03/2030 al 06/03/2030 (3 días), partidas fuera de torneos: aprobada", "Anular la licencia",
               "licencia reservada"],
        "en": ["Take leave", "First day", "Book leave", "Ask for special leave", "Periods", "March", "Allowance",
               "used 3", "approved", "Cancel leave", "booked", "Games outside events"],
    },
    "series": {
        "de": ["Gruppen zu 4", "jede Wertungszahl", "gewertet", "In die Warteliste eintragen", "Warteliste verlassen",
               "Wartend (2 von 4)", "Noch hat keine Gruppe begonnen."],
        "es": ["Grupos de 4", "cualquier rating", "valorada", "Apuntarse a la lista de espera",
               "Salir de la lista de espera", "En espera (2 de 4)", "Aún no ha empezado ningún grupo."],
        "en": ["Sections of", "any rating", "Join the waiting list", "Leave the waiting list", "Waiting (",
               "No section has started yet.", " since "],
    },
    "cup": {
        "de": ["Halbfinale", "Finale", "Wettkämpfe über 2 Partien, bis zu 1 Stichkampfpaar; läuft."],
        "es": ["Semifinales", "Encuentros a 2 partidas, hasta 1 par de desempate; en juego."],
        "en": ["Semi-finals", "Matches of", "tie-break", "in play", "ongoing"],
    },
    "team": {
        "de": ["Nationalmannschaft, DE.", "Mannschaftsführer", "Mitglieder (2)", "Mannschaftskämpfe",
               "Noch keine Mannschaftskämpfe."],
        "es": ["Selección nacional, DE.", "Capitanes", "Miembros (2)", "Encuentros por equipos",
               "Aún no hay encuentros por equipos."],
        "en": ["National team", "Captains", "Members (", "Team matches", "No team matches yet."],
    },
    "director": {
        "de": ["Turnierleitung", "Warteschlange der Abschätzungen", "Neues Turnier", "Turnier und Spieler",
               "Name des Turniers", "Noch niemand gewählt.", "Turnier anlegen", "Ein Turnier leiten", "Neue Serie",
               "Spieler pro Gruppe (3–32)", "Neue Meisterschaft", "Neuer Pokal", "Neue Mannschaft",
               "Neuer Mannschaftskampf", "Neue Olympiade", "Neue Partie", "Ein Ergebnis festlegen",
               "Uhren und Unterbrechungen", "Anträge auf Sonderurlaub (0)", "Protokoll", "Bedenkzeit"],
        "es": ["Director del torneo", "Cola de adjudicaciones", "Nuevo torneo", "Torneo y jugadores",
               "Nombre del torneo", "Aún no se ha elegido a nadie.", "Crear torneo", "Dirigir un torneo", "Nueva serie",
               "Jugadores por grupo (3–32)", "Nuevo campeonato", "Nueva copa", "Nuevo equipo",
               "Nuevo encuentro por equipos", "Nueva Olimpiada", "Nueva partida", "Decidir un resultado",
               "Relojes y suspensiones", "Solicitudes de licencia especial (0)", "Registro de auditoría", "Ritmo de juego"],
        "en": ["Tournament director", "Adjudication queue", "New event", "Event and players", "Nobody chosen yet",
               "Create event", "Run an event", "New series", "Players per section", "New championship", "New cup",
               "New team", "New Olympiad", "New game", "Decide a result", "Clocks and suspensions",
               "Special leave requests", "Audit log", "Time control"],
    },
    "push": {
        "de": ["Benachrichtigungen auf Telefon und Computer", "„Sie sind am Zug“", "Chrome (Android oder Desktop)",
               "Entfernen", "Benachrichtigungen auf diesem Gerät einschalten"],
        "es": ["Notificaciones en el móvil y el ordenador", "«te toca jugar»", "Chrome (Android o escritorio)",
               "Quitar", "Activar las notificaciones en este dispositivo"],
        "en": ["Phone and desktop notifications", "your move", "Android or desktop", "since ", "Remove",
               "Turn on notifications"],
    },
    "repertoire": {
        "de": ["Repertoire importieren (PGN)", "Gelesene Linien", "Importierte Linien",
               "Übersprungen (erreichen diese Stellung nicht)", "Illegale Züge", "Gekürzt durch die Grenze von 100 Linien",
               "Partie 1, Zeile 1, Spalte", "1 Linie ab dieser Stellung", "Diese Linien speichern", "Vorschau"],
        "es": ["Importar repertorio (PGN)", "Líneas leídas", "Líneas importadas", "Omitidas (no llegan a esta posición)",
               "Jugadas ilegales", "Recortadas por el límite de 100 líneas", "Partida 1, línea 1, columna",
               "1 línea desde esta posición", "Guardar estas líneas", "Vista previa"],
        "en": ["Import repertoire", "Lines read", "Lines imported", "Skipped", "Illegal moves", "Cut by the",
               "Game 1, line 1", "from this position", "Save these lines", "Preview"],
    },
}

# A repertoire for the player of White after 1. e4: one line, and an illegal move at its end.
REPERTOIRE = "1. e4 c5 2. Nf3 d6 3. d4 Nf5 *\n"


class PagesInGermanAndSpanish(support.ServerTestCase):
    """jorg reads German, ana Spanish; the director switches between the two."""
    users = ("jorg", "ana", "bea", "cai")
    env = dict(push_test.vapid_env(), CORRCHESS_CLOCK="manual", CORRCHESS_TIMEZONE="UTC")
    reader = {"de": "jorg", "es": "ana"}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        td = cls.td = support.Api(cls.base, *support.ADMIN)
        api = cls.api = {u: support.Api(cls.base, u, cls.passwords[u]) for u in cls.users}
        api["jorg"].call("PATCH", "/api/v1/me", {"language": "de", "time_zone": "Europe/Berlin"})
        api["ana"].call("PATCH", "/api/v1/me", {"language": "es", "time_zone": "Europe/Madrid"})
        tc = TC
        # A rated game of January (ana resigns) and its rating list: both profiles have a chart.
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-01-05T12:00:00Z"})
        game = td.call("POST", "/api/v1/admin/games", {"white": "jorg", "black": "ana", "time_control": tc})
        cls.play(game["id"], [("jorg", "e4"), ("ana", "e5")])
        api["ana"].call("POST", "/api/v1/games/%s/resign" % game["id"])
        td.call("POST", "/api/v1/admin/clock", {"now": "2030-02-01T00:00:00Z"})
        deadline = time.time() + 20
        while not td.call("GET", "/api/v1/ratings/lists")["lists"] and time.time() < deadline:
            time.sleep(0.05)
        # Games where the other is to move: each reader may import a repertoire there.
        cls.games = {}
        for lang, white, black in (("de", "jorg", "ana"), ("es", "ana", "jorg")):
            g = td.call("POST", "/api/v1/admin/games", {"white": white, "black": black, "time_control": tc})
            cls.play(g["id"], [(white, "e4")])
            cls.games[lang] = g["id"]
        for u in ("jorg", "ana"):
            api[u].call("POST", "/api/v1/me/leave", {"start_date": "2030-03-04", "end_date": "2030-03-06"})
        for u in ("jorg", "ana", "bea"):
            api[u].call("POST", "/api/v1/me/push-subscriptions", {
                "endpoint": "https://fcm.googleapis.com/fcm/send/%s" % u, "keys": push_test.device_keys()})
        cls.series = td.call("POST", "/api/v1/admin/series", {"name": "Winter series", "section_size": 4,
                                                              "time_control": tc})["id"]
        for u in ("jorg", "ana"):
            api[u].call("POST", "/api/v1/series/%s/join" % cls.series)
        cls.cup = td.call("POST", "/api/v1/admin/cups", {
            "name": "Spring cup", "players": ["jorg", "ana", "bea", "cai"], "seeding": "entry",
            "games_per_match": 2, "tiebreak_pairs": 1, "time_control": tc})["id"]
        cls.team = td.call("POST", "/api/v1/teams", {"kind": "national", "name": "Deutschland", "country": "DE",
                                                     "captains": ["jorg"], "members": ["jorg", "ana"]})["id"]

    @classmethod
    def play(cls, game_id, moves):
        for who, san in moves:
            cls.api[who].call("POST", "/api/v1/games/%s/moves" % game_id, {"move": san})
            cls.api[who].call("POST", "/api/v1/games/%s/moves/accept" % game_id, {"move": san})

    def says(self, d, page, lang, css="main"):
        """The texts of `page` in `lang` are in `css` (waiting for the last one), its English ones
        are not; nothing is wider than the screen."""
        try:
            wait(d, lambda d: all(text in d.find_element(By.CSS_SELECTOR, css).text for text in PAGES[page][lang]))
        except TimeoutException:
            shown = d.find_element(By.CSS_SELECTOR, css).text
            self.fail("%s in %s lacks %s in:\n%s" % (page, lang, [t for t in PAGES[page][lang] if t not in shown], shown))
        shown = d.find_element(By.CSS_SELECTOR, css).text
        for english in PAGES[page]["en"]:
            self.assertNotIn(english, shown, "%s in %s" % (page, lang))
        self.assertEqual(d.execute_script("return document.documentElement.lang"), lang)
        return shown

    def shoot(self, d, page, lang, width):
        d.save_screenshot(support.artifact_path("i18n-%s-%s-%d.png" % (page, lang, width)))

    def fits(self, d, width):
        if width < 500:
            wide = d.execute_script(
                "return [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > %d)"
                ".map(e => e.tagName + '.' + e.className)" % (width + 1))
            self.assertLessEqual(support.page_width(d), width, wide)

    def reader_pages(self, lang, width):
        d = self.browser(self.reader[lang], width=width)
        other = "ana" if lang == "de" else "jorg"

        d.get(self.base + "/users/" + other)
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "svg.rating-chart circle"), message="the rating chart")
        self.says(d, "profile", lang)
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "svg.rating-chart").get_attribute("aria-label"),
                         {"de": "Wertungszahl Standard je Periode", "es": "Rating Estándar por periodo"}[lang])
        wait(d, lambda d: d.find_element(By.ID, "block-toggle").is_enabled(), message="block button")
        self.assertEqual(d.find_element(By.ID, "block-toggle").text, {"de": "Blockieren", "es": "Bloquear"}[lang])
        self.fits(d, width)
        self.shoot(d, "profile", lang, width)

        d.get(self.base + "/leave")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.month"), message="the leave calendar")
        self.says(d, "leave", lang)
        month = d.find_element(By.CSS_SELECTOR, "table.month")
        self.assertEqual([th.text for th in month.find_elements(By.CSS_SELECTOR, "thead th")],
                         {"de": ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
                          "es": ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"]}[lang])
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "td[data-date='2030-03-05']").get_attribute("textContent").strip(),
                         {"de": "5 gebucht", "es": "5 reservado"}[lang])
        self.fits(d, width)
        self.shoot(d, "leave", lang, width)

        for page, path in (("series", "/series/" + self.series), ("cup", "/cups/" + self.cup),
                           ("team", "/teams/" + self.team)):
            d.get(self.base + path)
            self.says(d, page, lang)
            self.fits(d, width)
            self.shoot(d, page, lang, width)

        # The phone and desktop notifications: the device's "since" date on one line.
        d.get(self.base + "/settings")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.push-notifications li[data-device]"),
             message="the device")
        shown = self.says(d, "push", lang, "section.push-notifications")
        since = d.find_element(By.CSS_SELECTOR, "section.push-notifications .push-since")
        self.assertRegex(since.text, {"de": r"^seit \d\d\.\d\d\.\d{4}$", "es": r"^desde el \d\d/\d\d/\d{4}$"}[lang])
        self.assertIn(since.text, shown)
        self.assertEqual(d.execute_script("return arguments[0].getClientRects().length", since), 1,
                         "the date of 'since' on one line")
        d.execute_script("arguments[0].scrollIntoView()", d.find_element(By.CSS_SELECTOR, "section.push-notifications"))
        self.fits(d, width)
        self.shoot(d, "push", lang, width)

        # The preview of a repertoire import on a game where the other is to move.
        d.get(self.base + "/games/" + self.games[lang])
        wait(d, lambda d: d.execute_script("return document.body.dataset.live") == "connected", message="live")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "section.conditional").get_attribute("data-loaded") == "true",
             message="the conditional moves")
        summary = d.find_element(By.CSS_SELECTOR, "details.repertoire-import summary")
        d.execute_script("arguments[0].scrollIntoView()", summary)
        summary.click()
        wait(d, lambda d: d.find_element(By.ID, "repertoire-pgn").is_displayed(), message="the import form")
        d.find_element(By.ID, "repertoire-pgn").send_keys(REPERTOIRE)
        d.find_element(By.ID, "repertoire-preview-button").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#repertoire-preview .repertoire-lines li"),
             message="the preview")
        self.says(d, "repertoire", lang, "details.repertoire-import")
        d.execute_script("arguments[0].scrollIntoView()", d.find_element(By.ID, "repertoire-preview"))
        self.fits(d, width)
        self.shoot(d, "repertoire", lang, width)

    def director_page(self, lang, width):
        self.td.call("PATCH", "/api/v1/me", {"language": lang})
        d = self.browser_of(support.ADMIN, width)
        d.get(self.base + "/director")
        wait(d, lambda d: d.find_elements(By.ID, "ev-players-search"), message="the director's page")
        self.says(d, "director", lang)
        self.assertEqual(d.find_element(By.ID, "ev-players-search").get_attribute("placeholder"),
                         {"de": "Anfang des Benutzernamens",
                          "es": "Inicio del nombre de usuario"}[lang])
        self.assertEqual(d.find_element(By.ID, "ev-max-players").get_attribute("placeholder"),
                         {"de": "unbegrenzt", "es": "sin límite"}[lang])
        self.fits(d, width)
        self.shoot(d, "director", lang, width)

    def browser_of(self, account, width):
        driver = support.chromium(width if width >= 500 else 800)
        self.addCleanup(driver.quit)
        if width < 500:
            support.phone_screen(driver, width)
        support.login(driver, self.base, *account)
        return driver

    def test_english_device_date_on_one_line(self):
        # "since 2026-11-30" broke at its hyphen in the narrow section at 1280 px.
        for width in (1280, 360):
            d = self.browser("bea", width=width)
            d.get(self.base + "/settings")
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.push-notifications li[data-device]"),
                 message="the device")
            since = d.find_element(By.CSS_SELECTOR, "section.push-notifications .push-since")
            self.assertRegex(since.text, r"^since \d{4}-\d\d-\d\d$")
            self.assertEqual(d.execute_script("return arguments[0].getClientRects().length", since), 1,
                             "the date of 'since' on one line")
            d.execute_script("arguments[0].scrollIntoView()", d.find_element(By.CSS_SELECTOR, "section.push-notifications"))
            self.shoot(d, "push", "en", width)

    def test_german_at_1280(self):
        self.reader_pages("de", 1280)
        self.director_page("de", 1280)

    def test_german_at_360(self):
        self.reader_pages("de", 360)
        self.director_page("de", 360)

    def test_spanish_at_1280(self):
        self.reader_pages("es", 1280)
        self.director_page("es", 1280)

    def test_spanish_at_360(self):
        self.reader_pages("es", 360)
        self.director_page("es", 360)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[1:])
