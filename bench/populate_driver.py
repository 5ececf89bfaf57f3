#!/usr/bin/env python3
"""Plays the template games of bench/populate through a real corrchess server.

The server runs with CORRCHESS_CLOCK=manual on a database of its own (the pool). Every
template game is created, played and ended through the public API exactly as players and a
director would (submit + accept per move, messages, draw offers, resignations, draw
agreements; flag falls and adjudication pending decided by the server's own sweep as the
manual clock passes deadlines and end dates), all of them interleaved in one simulated
year. bench/populate then copies these games, shifted in time and given other players,
into the big database: the rows of a million games are the server's own rows.

Moves: real games from tests/data/pgn (the lichess games and the engine games), cut or
continued with random legal moves (from the server's own `legal_moves`) to 40-80 moves.

Kinds of template (counts by flag):
  finished      played to the end: checkmate, resignation or draw by agreement
  timeout       a player stops moving: the sweep stores the flag fall
  ongoing       started late in the simulated year, still in play at its end
  adjudication  a two-player event with an end date: pending adjudication at the end date
"""
import argparse
import datetime as dt
import json
import random
import re
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from http_client import Connection


DAY = 86400
# The manual clock moves in ticks of three hours; the actions due at a tick run in parallel.
TICK = 3 * 3600
T0 = None  # the manual clock's instant when the driver starts, at the next midnight (UTC)
TIME_CONTROL = {"type": "iccf", "moves": 10, "days": 50}
MESSAGES = ["Good luck!", "Thanks for the game.", "Best wishes from the coast.",
            "Sorry for the slow reply, travelling this week.", "Interesting position!"]


def iso(t):
    return (T0 + dt.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")


def pgn_games(paths):
    """SAN move lists of the games in the PGN files (comments, variations, NAGs dropped)."""
    games = []
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        for block in re.split(r"\n\s*\n(?=\[)", text):
            body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
            body = re.sub(r"\{[^}]*\}", " ", body)
            while re.search(r"\([^()]*\)", body):
                body = re.sub(r"\([^()]*\)", " ", body)
            body = re.sub(r"\$\d+", " ", body)
            moves = []
            for tok in body.split():
                tok = re.sub(r"^\d+\.(\.\.)?", "", tok)
                if not tok or tok in ("1-0", "0-1", "1/2-1/2", "*") or tok.endswith("."):
                    continue
                moves.append(tok.rstrip("!?"))
            # A mate ends a game before its length: the template goes on with other moves.
            if moves and moves[-1].endswith("#"):
                moves.pop()
            if len(moves) >= 20:
                games.append(moves)
    return games


class Api:
    """One keep-alive connection per thread (http_client.py)."""

    def __init__(self, base):
        self.base = base
        self.local = threading.local()
        self.requests = 0
        self.lock = threading.Lock()

    def call(self, method, path, token=None, body=None, ok=(200, 201, 204)):
        with self.lock:
            self.requests += 1
        if getattr(self.local, "connection", None) is None:
            self.local.connection = Connection(self.base, 120)
        r, content, _, _ = self.local.connection.exchange(method, path, token, body)
        if r.status not in ok:
            raise RuntimeError(f"{method} {path} -> {r.status} {content[:300]!r}")
        if content and (r.getheader("Content-Type") or "").startswith("application/json"):
            return json.loads(content)
        return None


class Template:
    def __init__(self, index, kind, moves, rng):
        self.index, self.kind, self.moves, self.rng = index, kind, moves, rng
        self.white = f"tw{index:04d}"
        self.black = f"tb{index:04d}"
        self.id = None
        self.ply = 0
        self.legal = None
        self.over = False
        self.target = 2 * rng.randint(40, 80)
        self.end_at = None
        self.stop_ply = rng.randint(30, 90) if kind == "timeout" else None
        # How it ends when the moves run out: resignation of the side to move, or a draw offer
        # with the last move that the opponent accepts.
        self.ending = rng.choices(["resign", "draw"], weights=[55, 45])[0]
        self.draw_offered = False
        self.action = None  # the next thing its players do, and when (a tick)
        self.at = None

    def think(self):
        """Ticks until the next action: 1.4 days on average, at most 9 days."""
        seconds = min(9 * DAY, max(600, self.rng.expovariate(1 / (1.4 * DAY))))
        return max(1, round(seconds / TICK))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--admin-user", required=True)
    ap.add_argument("--admin-password", required=True)
    ap.add_argument("--password", default="populate-password-1")
    ap.add_argument("--pgn", nargs="+", required=True)
    ap.add_argument("--finished", type=int, default=120)
    ap.add_argument("--timeouts", type=int, default=8)
    ap.add_argument("--ongoing", type=int, default=50)
    ap.add_argument("--adjudications", type=int, default=8)
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--threads", type=int, default=6)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    api = Api(args.base)
    started = time.time()

    # The longest games (the engine games reach 80 moves) for the games played to the end.
    sources = sorted(pgn_games(args.pgn), key=len, reverse=True)
    kinds = (["finished"] * args.finished + ["timeout"] * args.timeouts +
             ["ongoing"] * args.ongoing + ["adjudication"] * args.adjudications)
    templates = [Template(i + 1, k, sources[i % len(sources)], random.Random(args.seed * 1000 + i))
                 for i, k in enumerate(kinds)]

    admin = api.call("POST", "/api/v1/auth/login",
                     body={"username": args.admin_user, "password": args.admin_password})["token"]
    global T0
    shown = api.call("GET", "/api/v1/admin/clock", admin)["now"]
    T0 = dt.datetime.strptime(shown, "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=dt.timezone.utc).replace(hour=0, minute=0, second=0) + dt.timedelta(days=1)
    clock = [0]

    def set_clock(t):
        if t > clock[0]:
            api.call("POST", "/api/v1/admin/clock", admin, {"now": iso(t)})
            clock[0] = t

    set_clock(1)
    tokens = {}

    def register(name):
        api.call("POST", "/api/v1/auth/register",
                 body={"username": name, "password": args.password, "display_name": name.upper()})
        tokens[name] = api.call("POST", "/api/v1/auth/login",
                                body={"username": name, "password": args.password})["token"]

    with ThreadPoolExecutor(max_workers=args.threads) as pool:
        list(pool.map(register, [n for t in templates for n in (t.white, t.black)]))

    end = 420 * DAY // TICK
    for t in templates:
        if t.kind == "finished":
            start = rng.randint(DAY, 120 * DAY)
        elif t.kind == "timeout":
            start = rng.randint(DAY, 100 * DAY)
        elif t.kind == "ongoing":
            start = rng.randint(150 * DAY, 410 * DAY)
        else:
            start = rng.randint(DAY, 200 * DAY)
        t.at, t.action = start // TICK, "create"

    def to_move_token(t):
        return tokens[t.white if t.ply % 2 == 0 else t.black]

    def after(t, game):
        t.ply = game["ply"]
        t.legal = game.get("legal_moves")
        if game["status"] != "ongoing":
            t.over = True

    def next_move(t):
        if t.ply < len(t.moves):
            return t.moves[t.ply]
        if not t.legal:
            game = api.call("GET", f"/api/v1/games/{t.id}", to_move_token(t))
            t.legal = game.get("legal_moves")
        if not t.legal:
            return None
        choice = t.rng.choice(t.legal)
        return choice["uci"] if isinstance(choice, dict) else choice

    moves = [0]

    def act(t, tick):
        """The template's action due at this tick; sets its next one (or none)."""
        action, t.action = t.action, None
        now = tick * TICK
        if action == "create":
            if t.kind == "adjudication":
                event = api.call("POST", "/api/v1/admin/events", admin, {
                    "name": f"Template section {t.index}", "time_control": TIME_CONTROL,
                    "players": [t.white, t.black], "end_at": iso(now + 100 * DAY)})
                event = api.call("POST", f"/api/v1/admin/events/{event['id']}/start", admin)
                t.id = event["games"][0]["id"]
                t.end_at = (now + 100 * DAY) // TICK
                game = api.call("GET", f"/api/v1/games/{t.id}", admin)
                # The event's Berger table may have given the colours the other way round.
                if game["white"]["username"] != t.white:
                    t.white, t.black = t.black, t.white
            else:
                game = api.call("POST", "/api/v1/admin/games", admin, {
                    "white": t.white, "black": t.black, "time_control": TIME_CONTROL})
                t.id = game["id"]
            after(t, api.call("GET", f"/api/v1/games/{t.id}", tokens[t.white]))
            t.action, t.at = "move", tick + t.think()
            return
        if t.over:
            return
        token = to_move_token(t)
        if action == "draw":
            after(t, api.call("POST", f"/api/v1/games/{t.id}/draw/accept", token))
            return
        if action == "resign":
            after(t, api.call("POST", f"/api/v1/games/{t.id}/resign", token))
            return
        if t.kind == "timeout" and t.ply >= t.stop_ply:
            return  # never moves again: the sweep stores the flag fall
        if t.kind in ("finished", "timeout") and t.ply >= t.target:
            after(t, api.call("POST", f"/api/v1/games/{t.id}/resign", token))
            return
        move = next_move(t)
        if move is None:
            t.over = True
            return
        body = {"move": move}
        if (t.ply < 2 and t.rng.random() < 0.3) or t.rng.random() < 0.02:
            body["message"] = t.rng.choice(MESSAGES)
        offer = t.kind == "finished" and t.ending == "draw" and t.ply == t.target - 1
        if offer:
            body["offer_draw"] = True
        api.call("POST", f"/api/v1/games/{t.id}/moves", token, body)
        after(t, api.call("POST", f"/api/v1/games/{t.id}/moves/accept", token, {"move": move}))
        moves[0] += 1
        if not t.over:
            t.action, t.at = ("draw" if offer else "move"), tick + t.think()

    with ThreadPoolExecutor(max_workers=args.threads) as pool:
        while True:
            waiting = [t for t in templates if t.action is not None]
            if not waiting:
                break
            tick = min(t.at for t in waiting)
            if tick >= end:
                break
            due = [t for t in waiting if t.at == tick and (t.end_at is None or tick < t.end_at)]
            for t in waiting:
                if t.at == tick and t not in due:
                    t.action = None  # the event's end date: the game waits for adjudication
            set_clock(tick * TICK)
            for f in [pool.submit(act, t, tick) for t in due]:
                f.result()
    set_clock(end * TICK)
    time.sleep(2)  # the sweep decides what the last clock step made due
    summary = {}
    for t in templates:
        g = api.call("GET", f"/api/v1/games/{t.id}", admin)
        key = f"{t.kind}:{g['status']}:{g.get('termination') or '-'}"
        summary[key] = summary.get(key, 0) + 1
    print(json.dumps({"templates": len(templates), "moves": moves[0],
                      "requests": api.requests, "seconds": round(time.time() - started, 1),
                      "by_kind_status_termination": summary}, sort_keys=True))


if __name__ == "__main__":
    sys.exit(main())
