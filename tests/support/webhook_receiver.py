#!/usr/bin/python3
"""A webhook receiver for the tests (tests/support/webhook_receiver.h): an HTTP server on
127.0.0.1 for one subscriber (path /hook) or many at once (path /hook/NAME each). Each
request's Standard Webhooks signature is checked the way docs/api.md documents it: base64
HMAC-SHA256 of "id.timestamp.body" keyed with the base64-decoded part of the whsec_ secret,
any of the space-separated "v1,..." values matching. The secret of path /hook is the file
SECRETS_DIR/hook, that of /hook/NAME the file SECRETS_DIR/hook.NAME; each is read afresh for
every request, so a test can change it. The test compares webhook-timestamp with the
server's clock (the manual test clock), so no tolerance against this machine's clock is
applied.

Answers 500 to as many requests as FAIL_FILE says (and counts it down); when FAIL_EVERY is
n > 0, also to the first arrival of every n-th delivery id (chosen by a hash of the id, so the
choice does not depend on arrival order), so that retries happen; 200 otherwise. Every
request is appended to OUT_FILE as one JSON line before it is answered:
{path, name, id, timestamp, signature, verified, status, body}.

usage: webhook_receiver.py PORT_FILE OUT_FILE SECRETS_DIR FAIL_FILE FAIL_EVERY"""
import base64
import hashlib
import hmac
import http.server
import json
import os
import sys
import threading

PORT_FILE, OUT_FILE, SECRETS_DIR, FAIL_FILE, FAIL_EVERY = sys.argv[1:6]
FAIL_EVERY = int(FAIL_EVERY)

lock = threading.Lock()
seen = set()
out = open(OUT_FILE, "a", buffering=1)


def read(path, default=""):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


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


def fails(msg_id):
    """Whether this arrival of msg_id is answered 500."""
    with lock:
        first = msg_id not in seen
        seen.add(msg_id)
        counted = int(read(FAIL_FILE, "0") or "0")
        if counted > 0:
            with open(FAIL_FILE, "w") as f:
                f.write(str(counted - 1))
            return True
    if FAIL_EVERY <= 0 or not first:
        return False
    return int(hashlib.sha256(msg_id.encode()).hexdigest()[:8], 16) % FAIL_EVERY == 0


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        name = self.path[len("/hook/"):] if self.path.startswith("/hook/") else ""
        secret_file = "hook." + name if name else "hook" if self.path == "/hook" else ""
        msg_id = self.headers.get("webhook-id", "")
        timestamp = self.headers.get("webhook-timestamp", "")
        signature = self.headers.get("webhook-signature", "")
        status = 500 if fails(msg_id) else 200
        try:
            parsed = json.loads(body or b"null")
        except ValueError:
            parsed = {"unparsable": body.decode("utf-8", "replace")}
        record = {
            "path": self.path,
            "name": name,
            "id": msg_id,
            "timestamp": timestamp,
            "signature": signature,
            "verified": bool(secret_file) and verified(
                read(os.path.join(SECRETS_DIR, secret_file)), msg_id, timestamp, body, signature),
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
