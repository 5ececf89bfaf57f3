#!/usr/bin/env python3
"""The traffic of bench/failover (and of tests/e2e/ha_failover_slowtest.sh).

    failover_driver.py setup URL --games N --admin-user U --admin-password W > games.json
        registers 2N players and creates N games (admin endpoint); prints them as JSON.

    failover_driver.py play URL games.json --seconds S [--ack FILE] [--mark FILE]
        plays every game concurrently (one thread and one keep-alive connection per game)
        for S seconds, bench/load's way: each move is a submit (POST /games/{id}/moves)
        and an accept (POST .../moves/accept); the knight cycle Nf3 Nf6 Ng1 Ng8 (legal
        forever). A move is acknowledged when its accept answered 200; acknowledged moves
        are appended to --ack as `game ply san epoch_seconds`. A refusal (503 unavailable,
        503 commit_outcome_unknown, a dropped connection, HAProxy's own 503) makes the
        player re-read the game before going on, as docs/api.md tells clients to. Once the
        file --mark exists (bench/failover writes the instant of its kill there), the
        first acknowledged move after that instant is reported. Prints one line:
        `PLAYED moves=<n> seconds=<s> rate=<moves/s> first_after_mark=<epoch|-> errors=<code:count,...>`

    failover_driver.py check games.json --ack FILE --moves FILE
        compares the acknowledged moves with the stored ones (--moves: `game|ply|san` lines,
        psql -At output of SELECT game_id, ply, san FROM moves); prints
        `CHECK lost=<n> doubled=<n> stored=<n> acknowledged=<n>`: lost are acknowledged moves
        not stored as acknowledged (or whose ply was acknowledged again later), doubled are stored moves beyond one per ply or off the
        cycle (a command applied twice).

Only the standard library: the driver is cheap beside three servers and three PostgreSQL
nodes on the same machine. Every loop is bounded in time.
"""
import argparse
import collections
import http.client
import json
import os
import sys
import threading
import time

from http_client import Connection, request_headers

CYCLE = ["Nf3", "Nf6", "Ng1", "Ng8"]
REQUEST_TIMEOUT = 15  # seconds; longer than the server's own retries (about 1 s) and HAProxy's


def move_of(ply):  # the SAN of ply `ply` (1-based)
    return CYCLE[(ply - 1) % 4]


class Client:
    """One keep-alive HTTP/1.1 connection (http_client.py); reconnects after any transport
    failure."""

    def __init__(self, url):
        self.connection = Connection(url, REQUEST_TIMEOUT)

    def call(self, method, path, token=None, body=None):
        """(status, problem code or '', parsed JSON or None); status 0 when the transport failed."""
        headers, data = request_headers(token, body)
        headers.setdefault("Content-Type", "application/json")
        try:
            response, raw, _, _ = self.connection.send(method, path, headers, data)
            if response.getheader("Connection", "").lower() == "close":
                self.close()
        except (OSError, http.client.HTTPException) as e:
            self.close()
            return 0, "transport_" + type(e).__name__, None
        try:
            answer = json.loads(raw) if raw else None
        except ValueError:
            answer = None
        code = ""
        if response.status >= 400:
            code = answer.get("code", "") if isinstance(answer, dict) else ""
            if not code:
                code = "http_%d_no_problem" % response.status  # e.g. HAProxy's own page
        return response.status, code, answer

    def close(self):
        self.connection.close()


def setup(args):
    client = Client(args.url)
    status, code, answer = client.call(
        "POST", "/api/v1/auth/login", body={"username": args.admin_user, "password": args.admin_password})
    if status != 200:
        sys.exit("setup: admin login answered %d %s" % (status, code))
    admin = answer["token"]
    stamp = "%x" % int(time.time() * 1000 % 0xFFFFFFF)
    games = []
    for i in range(args.games):
        tokens = []
        for side in ("w", "b"):
            name = "fo%s%s%d" % (stamp, side, i)
            credentials = {"username": name, "password": "password-123"}
            status, code, _ = client.call("POST", "/api/v1/auth/register", body=credentials)
            if status != 201:
                sys.exit("setup: register answered %d %s" % (status, code))
            status, code, answer = client.call("POST", "/api/v1/auth/login", body=credentials)
            if status != 200:
                sys.exit("setup: login answered %d %s" % (status, code))
            tokens.append((name, answer["token"]))
        status, code, answer = client.call(
            "POST", "/api/v1/admin/games", admin,
            {"white": tokens[0][0], "black": tokens[1][0],
             "time_control": {"type": "per_move", "days": 30}})
        if status != 201:
            sys.exit("setup: create game answered %d %s" % (status, code))
        games.append({"id": answer["id"], "white": tokens[0][1], "black": tokens[1][1]})
    json.dump(games, sys.stdout)


class Player(threading.Thread):
    def __init__(self, url, game, deadline, shared):
        super().__init__(daemon=True)
        self.client = Client(url)
        self.game, self.deadline, self.shared = game, deadline, shared
        self.ply = None  # the game's ply as this player last learnt it

    def reread(self):
        """Reads the game's ply until it is known or the deadline passed."""
        while time.time() < self.deadline:
            status, code, answer = self.client.call(
                "GET", "/api/v1/games/" + self.game["id"], self.game["white"])
            if status == 200:
                self.ply = answer["ply"]
                return True
            self.shared.error(code or str(status))
            time.sleep(0.2)
        return False

    def run(self):
        if not self.reread():
            return
        path = "/api/v1/games/" + self.game["id"] + "/moves"
        while time.time() < self.deadline:
            ply = self.ply + 1
            san = move_of(ply)
            token = self.game["white"] if ply % 2 == 1 else self.game["black"]
            status, code, _ = self.client.call("POST", path, token, {"move": san})
            if status == 200:
                status, code, _ = self.client.call("POST", path + "/accept", token, {"move": san})
            if status == 200:
                self.ply = ply
                self.shared.acknowledged(self.game["id"], ply, san)
                continue
            self.shared.error(code)
            if status in (0, 502, 503, 504):
                time.sleep(0.2)  # the database or an instance is failing over: back off a little
            if not self.reread():
                return


class Shared:
    def __init__(self, ack_path, mark_path):
        self.lock = threading.Lock()
        self.ack = open(ack_path, "a") if ack_path else None
        self.mark_path = mark_path
        self.mark = None
        self.first_after_mark = None
        self.moves = 0
        self.errors = collections.Counter()

    def acknowledged(self, game, ply, san):
        now = time.time()
        with self.lock:
            self.moves += 1
            if self.ack:
                self.ack.write("%s %d %s %.3f\n" % (game, ply, san, now))
            if self.mark is None and self.mark_path and os.path.exists(self.mark_path):
                with open(self.mark_path) as f:
                    text = f.read().strip()
                if text:
                    self.mark = float(text)
            if self.mark is not None and self.first_after_mark is None and now > self.mark:
                self.first_after_mark = now

    def error(self, code):
        with self.lock:
            self.errors[code] += 1


def play(args):
    with open(args.games) as f:
        games = json.load(f)
    shared = Shared(args.ack, args.mark)
    start = time.time()
    deadline = start + args.seconds
    players = [Player(args.url, g, deadline, shared) for g in games]
    for p in players:
        p.start()
    for p in players:
        p.join(timeout=max(0.0, deadline - time.time()) + 2 * REQUEST_TIMEOUT)
    elapsed = time.time() - start
    if shared.ack:
        shared.ack.close()
    errors = ",".join("%s:%d" % kv for kv in sorted(shared.errors.items())) or "-"
    first = "%.3f" % shared.first_after_mark if shared.first_after_mark else "-"
    print("PLAYED moves=%d seconds=%.1f rate=%.2f first_after_mark=%s errors=%s"
          % (shared.moves, elapsed, shared.moves / elapsed, first, errors))


def check(args):
    stored = collections.defaultdict(list)
    with open(args.moves) as f:
        for line in f:
            parts = line.strip().split("|")
            if len(parts) == 3:
                stored[(parts[0], int(parts[1]))].append(parts[2])
    games = {g["id"] for g in json.load(open(args.games))}
    doubled = 0
    for (game, ply), sans in stored.items():
        if game not in games:
            continue
        doubled += len(sans) - 1
        doubled += sum(1 for san in sans[:1] if san != move_of(ply))
    # An acknowledged move the server forgot: missing, or its ply acknowledged once more later
    # (the driver plays a ply only after the server said the one before is stored, so a ply
    # acknowledged twice was lost in between and played again).
    lost = acknowledged = 0
    seen = set()
    with open(args.ack) as f:
        for line in f:
            game, ply, san = line.split()[:3]
            acknowledged += 1
            if san not in stored.get((game, int(ply)), []) or (game, ply) in seen:
                lost += 1
            seen.add((game, ply))
    total = sum(len(v) for (g, _), v in stored.items() if g in games)
    print("CHECK lost=%d doubled=%d stored=%d acknowledged=%d" % (lost, doubled, total, acknowledged))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("setup")
    s.add_argument("url")
    s.add_argument("--games", type=int, default=16)
    s.add_argument("--admin-user", required=True)
    s.add_argument("--admin-password", required=True)
    p = sub.add_parser("play")
    p.add_argument("url")
    p.add_argument("games")
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--ack")
    p.add_argument("--mark")
    c = sub.add_parser("check")
    c.add_argument("games")
    c.add_argument("--ack", required=True)
    c.add_argument("--moves", required=True)
    args = parser.parse_args()
    {"setup": setup, "play": play, "check": check}[args.command](args)


if __name__ == "__main__":
    main()
