"""Teams in the browser (issue #37, rules.md 6.11): a team page lists its captains, members
and team matches with their scores; a match page shows each board's players, games and
points, the live score and the match decided early; an Olympiad page shows the team table
and links to each board's crosstable. At a phone's width each fits the screen. The numbers
are computed by hand:

Team match Germany - Netherlands, 2 boards of 2 games: Germany wins both games of board 1
(2-0 with 2 games to play: not decided) and the first of board 2: 3-0 with 1 game to play,
decided early for Germany; board 1 shows 2-0, board 2 1-0.

Olympiad of 3 teams x 2 boards (the lower seed's score on boards 1, 2): 1-2: 1, 1/2
(1.5-0.5); 1-3: 0, 1/2 (0.5-1.5); 2-3: 1, 1 (2-0). Board points T1 2, T2 2.5, T3 1.5; each
team won one match and lost one (2 match points each); board 1: 1, 1, 1; board 2: T1 1, T2
1.5, T3 0.5. Table: 1. T2 2.5, 2. T1 2, 3. T3 1.5."""

import sys
import unittest

from selenium.webdriver.common.by import By

import support
from support import wait

GERMANY = ("ana", "anb")
NETHERLANDS = ("bea", "beb")
OLYMPIAD = (("xa1", "xa2"), ("yb1", "yb2"), ("zc1", "zc2"))
TC = {"type": "iccf", "moves": 10, "days": 50}


def cells(row):
    return [td.text for td in row.find_elements(By.TAG_NAME, "td")]


class TeamPages(support.ServerTestCase):
    users = GERMANY + NETHERLANDS + ("capa",) + tuple(p for team in OLYMPIAD for p in team)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.admin = support.Api(cls.base, *support.ADMIN)

    def result(self, game_id, result):
        self.admin.call("POST", "/api/v1/admin/games/%s/result" % game_id,
                        {"result": result, "termination": "adjudication", "reason": "assessed"})

    def test_team_and_match_pages(self):
        de = self.admin.call("POST", "/api/v1/teams", {
            "kind": "national", "name": "Germany", "country": "DE", "captains": ["capa"],
            "members": list(GERMANY)})
        nl = self.admin.call("POST", "/api/v1/teams", {
            "kind": "national", "name": "Netherlands", "country": "NL", "members": list(NETHERLANDS)})
        match = self.admin.call("POST", "/api/v1/team-matches", {
            "name": "Germany - Netherlands", "team_a": de["id"], "team_b": nl["id"], "boards": 2,
            "games_per_board": 2, "time_control": TC})
        mid = match["id"]
        for board in (1, 2):
            for team, players in ((de, GERMANY), (nl, NETHERLANDS)):
                self.admin.call("POST", "/api/v1/team-matches/%s/nominations" % mid,
                                {"team_id": team["id"], "board": board, "username": players[board - 1]})
        started = self.admin.call("POST", "/api/v1/team-matches/%s/start" % mid)

        def germany_wins(board, number):
            g = started["boards"][board - 1]["games"][number - 1]
            self.result(g["game_id"], "1-0" if g["a_white"] else "0-1")
        germany_wins(1, 1)
        germany_wins(1, 2)

        d = self.browser("ana")
        d.get(self.base + "/team-matches/" + mid)
        wait(d, lambda d: d.find_elements(By.ID, "score"), message="match score")
        self.assertEqual(d.find_element(By.ID, "score").text, "2–0")
        self.assertEqual(d.find_element(By.ID, "match-state").text, "In play (2 games still to play).")

        germany_wins(2, 1)
        d.refresh()
        wait(d, lambda d: d.find_elements(By.ID, "score"), message="match score")
        self.assertEqual(d.find_element(By.ID, "score").text, "3–0")
        self.assertEqual(d.find_element(By.ID, "match-state").text,
                         "Decided early: Germany wins (1 game still to play).")
        board1 = cells(d.find_element(By.CSS_SELECTOR, "table.match-boards tr[data-board='1']"))
        board2 = cells(d.find_element(By.CSS_SELECTOR, "table.match-boards tr[data-board='2']"))
        self.assertEqual(board1[0:3], ["1", "Ana", "Bea"])
        self.assertEqual(board1[-1], "2–0")
        self.assertIn("ana – bea: 1-0", board1[3])
        self.assertIn("bea – ana: 0-1", board1[4])
        self.assertEqual(board2[-1], "1–0")
        self.assertIn("beb – anb: ongoing", board2[4])
        d.save_screenshot(support.artifact_path("team-match-page.png"))

        d.get(self.base + "/teams/" + de["id"])
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.team-matches tr[data-match]"), message="team page")
        self.assertEqual([li.text for li in d.find_elements(By.CSS_SELECTOR, ".team-members li")], ["Ana", "Anb"])
        self.assertEqual([li.text for li in d.find_elements(By.CSS_SELECTOR, ".team-captains li")], ["Capa"])
        row = cells(d.find_element(By.CSS_SELECTOR, "table.team-matches tr[data-match='%s']" % mid))
        self.assertEqual(row, ["Germany - Netherlands", "Germany – Netherlands", "3–0",
                               "decided early: Germany wins"])
        d.save_screenshot(support.artifact_path("team-page.png"))

        phone = self.browser("bea", 390, 844)
        phone.get(self.base + "/team-matches/" + mid)
        wait(phone, lambda d: d.find_elements(By.ID, "score"), message="match on a phone")
        self.assertEqual(phone.find_element(By.ID, "score").text, "3–0")
        self.assertLessEqual(support.page_width(phone), 390)
        phone.save_screenshot(support.artifact_path("team-match-page-phone.png"))

    def test_olympiad_page(self):
        teams = []
        for k, players in enumerate(OLYMPIAD):
            teams.append(self.admin.call("POST", "/api/v1/teams", {
                "kind": "club", "name": "Club %d" % (k + 1), "country": "FR", "members": list(players)}))
        team_of = {p: k + 1 for k, players in enumerate(OLYMPIAD) for p in players}
        o = self.admin.call("POST", "/api/v1/olympiads", {
            "name": "Small Olympiad", "boards": 2, "time_control": TC,
            "teams": [{"team_id": t["id"], "players": list(OLYMPIAD[k])} for k, t in enumerate(teams)]})
        lower = {(1, 2): (1, 0.5), (1, 3): (0, 0.5), (2, 3): (1, 1)}
        for section in o["sections"]:
            event = self.admin.call("GET", "/api/v1/events/" + section["event_id"])
            for g in event["games"]:
                tw, tb = team_of[g["white"]], team_of[g["black"]]
                score = lower[(min(tw, tb), max(tw, tb))][section["board"] - 1]
                white = score if tw < tb else 1 - score
                self.result(g["id"], "1-0" if white == 1 else "0-1" if white == 0 else "1/2-1/2")

        d = self.browser("xa1")
        d.get(self.base + "/olympiads/" + o["id"])
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.olympiad-table tbody tr"), message="team table")
        rows = [cells(r) for r in d.find_elements(By.CSS_SELECTOR, "table.olympiad-table tbody tr")]
        self.assertEqual(rows, [["1", "Club 2", "2½", "2", "1", "1½", "1–0–1"],
                                ["2", "Club 1", "2", "2", "1", "1", "1–0–1"],
                                ["3", "Club 3", "1½", "2", "1", "½", "1–0–1"]])
        self.assertIn("6 of 6 games over: final table.", d.find_element(By.CSS_SELECTOR, "main p").text)
        links = d.find_elements(By.CSS_SELECTOR, ".olympiad-boards a")
        self.assertEqual([a.text for a in links], ["Board 1: crosstable", "Board 2: crosstable"])
        d.save_screenshot(support.artifact_path("olympiad-page.png"))
        links[0].click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.crosstable"), message="board 1 crosstable")
        self.assertIn("Small Olympiad - board 1", d.find_element(By.TAG_NAME, "h1").text)

        phone = self.browser("yb1", 390, 844)
        phone.get(self.base + "/olympiads/" + o["id"])
        wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "table.olympiad-table tbody tr"), message="phone")
        self.assertLessEqual(support.page_width(phone), 390)
        phone.save_screenshot(support.artifact_path("olympiad-page-phone.png"))


    def test_director_creates_a_team_and_a_match_and_a_captain_nominates(self):
        d = support.chromium(1280, 1400)
        self.addCleanup(d.quit)
        support.login(d, self.base, *support.ADMIN)
        d.get(self.base + "/director")
        wait(d, lambda d: d.find_elements(By.ID, "team-name"), message="new team form")
        d.find_element(By.ID, "team-name").send_keys("Form Team")
        d.find_element(By.ID, "team-country").send_keys("at")
        d.find_element(By.ID, "team-captains").send_keys("capa")
        d.find_element(By.ID, "team-members").send_keys("ana, anb")
        d.find_element(By.ID, "team-name").submit()
        wait(d, lambda d: "/teams/" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".team-members li"),
             message="the new team's page")
        self.assertEqual(d.find_element(By.TAG_NAME, "h1").text, "Form Team")
        self.assertIn("National team, AT.", d.find_element(By.CSS_SELECTOR, "main p").text)
        self.assertEqual([li.text for li in d.find_elements(By.CSS_SELECTOR, ".team-members li")], ["Ana", "Anb"])
        team_id = d.current_url.rsplit("/", 1)[1]
        other = self.admin.call("POST", "/api/v1/teams", {
            "kind": "club", "name": "Form Opponents", "country": "CH", "members": ["bea"]})

        d.get(self.base + "/director")
        wait(d, lambda d: d.find_elements(By.ID, "tm-name"), message="new team match form")
        d.find_element(By.ID, "tm-name").send_keys("Form match")
        d.find_element(By.ID, "tm-team-a").send_keys(team_id)
        d.find_element(By.ID, "tm-team-b").send_keys(other["id"])
        boards = d.find_element(By.ID, "tm-boards")
        boards.clear()
        boards.send_keys("1")
        d.find_element(By.ID, "tm-name").submit()
        wait(d, lambda d: "/team-matches/" in d.current_url and d.find_elements(By.ID, "match-state"),
             message="the new match's page")
        match_id = d.current_url.rsplit("/", 1)[1]
        self.assertEqual(d.find_element(By.ID, "match-state").text, "Nominations open.")

        # The captain nominates board 1 from the match page.
        capa = self.browser("capa")
        capa.get(self.base + "/team-matches/" + match_id)
        wait(capa, lambda d: d.find_elements(By.ID, "nominate-username"), message="nomination form")
        capa.find_element(By.ID, "nominate-username").send_keys("anb")
        capa.find_element(By.ID, "nominate-username").submit()
        wait(capa, lambda d: [c for c in d.find_elements(By.CSS_SELECTOR, "table.match-boards tr[data-board='1'] td")
                              if c.text == "Anb"], message="anb nominated")
        # Not for the other team: the refusal is shown and nothing changes.
        support.choose(capa, "nominate-team", other["id"])
        capa.find_element(By.ID, "nominate-username").clear()
        capa.find_element(By.ID, "nominate-username").send_keys("bea")
        capa.find_element(By.ID, "nominate-username").submit()
        wait(capa, lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, ".nominate-form .error") if e.text],
             message="refusal shown")
        self.assertIn("captain", capa.find_element(By.CSS_SELECTOR, ".nominate-form .error").text)
        capa.save_screenshot(support.artifact_path("team-match-nomination.png"))
        view = self.admin.call("GET", "/api/v1/team-matches/" + match_id)
        self.assertIsNone(view["boards"][0]["player_b"])
        self.assertEqual(view["boards"][0]["player_a"]["username"], "anb")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + ["-v"])
