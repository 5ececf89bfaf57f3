#!/usr/bin/env python3
"""Times every read a player or director makes, over HTTP, on a database bench/populate made.

Run by bench/reads (which starts the server). Samples players (the most active ones, who
have hundreds of games, and players drawn at random), games, events and rating periods from
the database with psql, logs them in, then for each read: one unmeasured pass over the
samples, then --requests measured requests cycling through them, one at a time on a
keep-alive connection. Prints p50, p99 and max per read in milliseconds, the answer size,
and whether p99 meets the target (20 ms). Then times the rating period: --recompute times
POST /api/v1/admin/ratings/lists/{latest}/recompute, the whole period's list computed again
for every player (target 60 s). Every answer must be 2xx: anything else stops the run.
"""
import argparse
import json
import random
import subprocess
import sys
import time
import urllib.parse

from http_client import Connection

TARGET_MS = 20.0


def sql(url, query):
    out = subprocess.run(["psql", "-X", "-At", "-F", "\t", url, "-c", query], check=True,
                         capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


class Client:
    """One keep-alive connection (http_client.py); every answer must be 2xx."""

    def __init__(self, base):
        self.connection = Connection(base, 600)

    def request(self, method, path, token=None, body=None, headers=None):
        """(body bytes, seconds to the first byte, seconds in all)."""
        r, content, first, total = self.connection.exchange(method, path, token, body, headers)
        if r.status >= 300:
            raise RuntimeError(f"{method} {path} -> {r.status} {content[:300]!r}")
        return content, first, total

    def json(self, method, path, token=None, body=None):
        content, _, _ = self.request(method, path, token, body)
        return json.loads(content) if content else None


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--recompute", type=int, default=1)
    ap.add_argument("--password", default="populate-password-1")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    db = args.database_url
    client = Client(args.base)

    # --- samples ----------------------------------------------------------------------
    heavy = [r[0] for r in sql(db, "SELECT username FROM users WHERE role = 'player' "
                                   "ORDER BY id LIMIT 3")]
    random_players = [r[0] for r in sql(db, """
        SELECT u.username FROM users u
         WHERE u.role = 'player' AND EXISTS (SELECT 1 FROM games g WHERE g.white_id = u.id)
         ORDER BY random() LIMIT 30""")]
    players = heavy + random_players[:27]
    finished = [r[0] for r in sql(db, "SELECT id FROM games TABLESAMPLE SYSTEM (2) "
                                      "WHERE status = 'finished' LIMIT 60")]
    ongoing = [r[0] for r in sql(db, "SELECT id FROM games WHERE status = 'ongoing' "
                                     "ORDER BY random() LIMIT 60")]
    events = [r[0] for r in sql(db, "SELECT id FROM events ORDER BY random() LIMIT 60")]
    periods = [r[0] for r in sql(db, "SELECT DISTINCT period FROM rating_lists "
                                     "WHERE pool = 'standard' ORDER BY period")]
    opponents = {r[0]: r[1] for r in sql(db, f"""
        SELECT w.username, b.username FROM unnest(ARRAY[{','.join("'" + p + "'" for p in players)}])
          AS p(name) JOIN users w ON w.username = p.name
          CROSS JOIN LATERAL (SELECT black_id FROM games g WHERE g.white_id = w.id
                               ORDER BY g.id DESC LIMIT 1) g JOIN users b ON b.id = g.black_id""")}
    player_events = {r[0]: r[1] for r in sql(db, f"""
        SELECT u.username, max(ep.event_id) FROM users u JOIN event_players ep ON ep.user_id = u.id
         WHERE u.username IN ({','.join("'" + p + "'" for p in players)}) GROUP BY u.username""")}
    counts = sql(db, "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM games), "
                     "(SELECT count(*) FROM games WHERE status = 'adjudication_pending')")[0]
    print(f"database: {counts[0]} users, {counts[1]} games, {counts[2]} waiting for adjudication; "
          f"heavy players {heavy}")

    tokens = {}
    for name in players:
        tokens[name] = client.json("POST", "/api/v1/auth/login",
                                   body={"username": name, "password": args.password})["token"]
    director = client.json("POST", "/api/v1/auth/login",
                           body={"username": "director", "password": "director-password-1"})["token"]

    # --- the reads: name -> list of (path, token) -------------------------------------
    def as_player(paths):
        return [(path.format(p=p), tokens[p]) for p, path in paths]

    # The long lists a page at a time (docs/api.md "Paging"): pages spread over each list.
    def spread_pages(path, limit, pages, step, token=None):
        """Every `step`th page of the first pages * step, as (path, token); `token` reads
        them (default: a player's)."""
        token = token or tokens[players[0]]
        out, cursor = [], None
        for i in range(pages * step):
            paged = (path + ("&" if "?" in path else "?") + f"limit={limit}" +
                     (f"&cursor={urllib.parse.quote(cursor)}" if cursor else ""))
            page = client.json("GET", paged, token)
            if i % step == 0:
                out.append((paged, token))
            cursor = page.get("next_cursor")  # none from a server without paging
            if not cursor:
                break
        return out

    next_pages = []
    for p in players[:10]:
        page = client.json("GET", "/api/v1/games?status=finished&limit=50", tokens[p])
        if page["next_cursor"]:
            next_pages.append((f"/api/v1/games?status=finished&limit=50&cursor="
                               f"{urllib.parse.quote(page['next_cursor'])}", tokens[p]))
    reads = {
        "games list (all, newest)": as_player([(p, "/api/v1/games") for p in players]),
        "games list, my move": as_player([(p, "/api/v1/games?status=active&to_move=me")
                                          for p in players]),
        "games list, finished": as_player([(p, "/api/v1/games?status=finished&limit=50")
                                           for p in players]),
        "games list, next page": next_pages,
        "games list, opponent": as_player([(p, f"/api/v1/games?opponent={opponents[p]}")
                                           for p in players if p in opponents]),
        "games list, event": as_player([(p, f"/api/v1/games?event={player_events[p]}")
                                        for p in players if p in player_events]),
        "director: player's games": [(f"/api/v1/admin/users/{p}/games", director)
                                     for p in players],
        "game (finished)": [(f"/api/v1/games/{g}", director) for g in finished],
        "game (in play)": [(f"/api/v1/games/{g}", director) for g in ongoing],
        "game PGN": [(f"/api/v1/games/{g}/pgn", director) for g in finished],
        "profile": [(f"/api/v1/users/{p}", tokens[players[0]]) for p in players],
        "rating history": [(f"/api/v1/users/{p}/ratings", tokens[players[0]]) for p in players],
        "player search (prefix)": [(f"/api/v1/users?prefix=p{rng.randint(1, 999)}",
                                    tokens[players[0]]) for _ in range(30)],
        "me": [("/api/v1/me", tokens[p]) for p in players],
        "events (running), a page of 50": spread_pages("/api/v1/events?status=running", 50, 10, 1),
        "event (settings, players, games, crosstable)": [(f"/api/v1/events/{e}", tokens[players[0]])
                                                        for e in events],
        "event crosstable": [(f"/api/v1/events/{e}/crosstable", tokens[players[0]])
                             for e in events],
        "rating list index": [("/api/v1/ratings/lists", tokens[players[0]])],
        # As the director's page reads it: 20 games a page, every page of the queue.
        "adjudication queue, a page of 20": spread_pages("/api/v1/admin/adjudications", 20, 20,
                                                         1, director),
        "events (all), a page of 50": spread_pages("/api/v1/events?status=all", 50, 10, 1),
        "rating list, a page of 100": spread_pages(f"/api/v1/ratings/lists/{periods[-1]}?pool=standard",
                                                   100, 10, 8),
    }
    heavy_reads = {  # answers that grow with the whole federation (bulk): fewer repetitions
        "events (running, 500 without limit)": [("/api/v1/events?status=running",
                                                  tokens[players[0]])],
        "events (all, 500 without limit)": [("/api/v1/events?status=all", tokens[players[0]])],
        "rating list (whole period, bulk)": [(f"/api/v1/ratings/lists/{periods[-1]}",
                                              tokens[players[0]])],
        "adjudication queue (whole, without limit)": [("/api/v1/admin/adjudications", director)],
    }

    results = []

    def measure(name, targets, n):
        for path, token in targets[:max(5, len(targets))]:  # warm-up pass
            client.request("GET", path, token)
        times, sizes = [], []
        for i in range(n):
            path, token = targets[i % len(targets)]
            content, _, total = client.request("GET", path, token)
            times.append(total * 1000)
            sizes.append(len(content))
        results.append((name, n, percentile(times, 0.5), percentile(times, 0.99), max(times),
                        sum(sizes) / len(sizes)))
        print(f"  {name}: p50 {percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms",
              flush=True)

    for name, targets in reads.items():
        if targets:
            measure(name, targets, args.requests)
    for name, targets in heavy_reads.items():
        measure(name, targets, max(10, args.requests // 10))

    # The archive export streams every game of a player: time to the first byte, and the
    # whole answer per game.
    exports = []
    for p in heavy[:1] + random_players[:9]:
        content, first, total = client.request(
            "GET", f"/api/v1/users/{p}/games", director,
            headers={"Accept": "application/x-chess-pgn"})
        exports.append((p, content.count(b"[GameId "), first * 1000, total * 1000))

    # The rating period: the latest list computed again for every player.
    recomputes = []
    for _ in range(args.recompute):
        start = time.perf_counter()
        answer = client.json("POST", f"/api/v1/admin/ratings/lists/{periods[-1]}/recompute",
                             director, {"reason": "bench/reads: the rating period timed"})
        recomputes.append(time.perf_counter() - start)
    entries = sql(db, "SELECT count(*) FROM rating_list_entries WHERE list_id = "
                      "(SELECT max(id) FROM rating_lists)")[0][0]

    print()
    print(f"{'read':46} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'bytes':>9}  p99<20ms")
    for name, n, p50, p99, mx, size in results:
        print(f"{name:46} {n:5d} {p50:8.1f} {p99:8.1f} {mx:8.1f} {size:9.0f}  "
              f"{'yes' if p99 < TARGET_MS else 'NO'}")
    print()
    print("archive export (GET /api/v1/users/{username}/games, PGN):")
    for p, games, first, total in exports:
        per = total / games if games else 0
        print(f"  {p:24} {games:5d} games  first byte {first:7.1f} ms  all {total:8.1f} ms  "
              f"{per:6.2f} ms/game")
    for seconds in recomputes:
        print(f"rating period (recompute {periods[-1]}, {entries} players): {seconds:.1f} s "
              f"(target < 60 s)")
    missed = [r[0] for r in results if r[3] >= TARGET_MS]
    print(f"RESULT reads={len(results)} p99_over_20ms={len(missed)} "
          f"rating_period_s={max(recomputes) if recomputes else 0:.1f}"
          + (f" missed={';'.join(missed)}" if missed else ""))


if __name__ == "__main__":
    sys.exit(main())
