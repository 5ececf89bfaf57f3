#!/usr/bin/python3
"""A webhook receiver for many subscribers at once (tests/support/webhook_sink.h): an HTTP
server on 127.0.0.1 where each subscriber has its own path /hook/NAME and its own secret (the
file SECRETS_DIR/NAME, written by the test once the server gave it). Each request's Standard
Webhooks signature is checked the way docs/api.md documents it: base64 HMAC-SHA256 of
"id.timestamp.body" keyed with the base64-decoded part of the whsec_ secret, any of the
space-separated "v1,..." values matching.

When FAIL_EVERY is n > 0, the first arrival of every n-th delivery id (chosen by a hash of
the id, so the choice does not depend on arrival order) is answered 500, so that retries
happen; everything else is answered 200. Every request is appended to OUT_FILE as one JSON
line: {name, id, timestamp, verified, status, body}.

usage: webhook_sink.py PORT_FILE OUT_FILE SECRETS_DIR FAIL_EVERY"""
import base64
import hashlib
import hmac
import http.server
import json
import os
import sys
import threading

PORT_FILE, OUT_FILE, SECRETS_DIR, FAIL_EVERY = sys.argv[1:5]
FAIL_EVERY = int(FAIL_EVERY)

lock = threading.Lock()
seen = set()
secrets = {}
out = open(OUT_FILE, "a", buffering=1)


def secret_of(name):
    with lock:
        if name in secrets:
            return secrets[name]
    try:
        with open(os.path.join(SECRETS_DIR, name)) as f:
            secret = f.read().strip()
    except OSError:
        return ""
    if secret:
        with lock:
            secrets[name] = secret
    return secret


def verified(secret, msg_id, timestamp, body, signatures):
    if not secret.startswith("whsec_"):
        return False
    key = base64.b64decode(secret[len("whsec_"):])
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


def fails_first(msg_id):
    if FAIL_EVERY <= 0:
        return False
    return int(hashlib.sha256(msg_id.encode()).hexdigest()[:8], 16) % FAIL_EVERY == 0


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        name = self.path[len("/hook/"):] if self.path.startswith("/hook/") else ""
        msg_id = self.headers.get("webhook-id", "")
        timestamp = self.headers.get("webhook-timestamp", "")
        with lock:
            first = msg_id not in seen
            seen.add(msg_id)
        status = 500 if first and fails_first(msg_id) else 200
        try:
            parsed = json.loads(body or b"null")
        except ValueError:
            parsed = {"unparsable": body.decode("utf-8", "replace")}
        record = {
            "name": name,
            "id": msg_id,
            "timestamp": timestamp,
            "verified": bool(name) and verified(secret_of(name), msg_id, timestamp, body,
                                                self.headers.get("webhook-signature", "")),
            "status": status,
            "body": parsed,
        }
        # Recorded before the answer: whatever the server saw answered 200 is in the file.
        with lock:
            out.write(json.dumps(record) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
