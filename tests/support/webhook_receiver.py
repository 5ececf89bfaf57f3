#!/ usr / bin / python3
"""A webhook receiver for the tests (tests/support/webhook_receiver.h): an HTTP server on
127.0.0.1 that checks each request's signature the way docs/api.md documents it (Standard
Webhooks: base64 HMAC-SHA256 of "id.timestamp.body" keyed with the base64-decoded part of
the whsec_ secret; the test compares webhook-timestamp with the server's clock, which is
the manual test clock, so no tolerance against this machine's clock is applied), answers 500 to as many requests as the fail file says, 200 otherwise,
and appends what it got to a JSON-lines file.

usage: webhook_receiver.py PORT_FILE OUT_FILE SECRET_FILE FAIL_FILE"""
import base64
import hashlib
import hmac
import http.server
import json
import os
import sys

PORT_FILE, OUT_FILE, SECRET_FILE, FAIL_FILE = sys.argv[1:5]


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


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        fails = int(read(FAIL_FILE, "0") or "0")
        status = 500 if fails > 0 else 200
        if fails > 0:
            with open(FAIL_FILE, "w") as f:
                f.write(str(fails - 1))
        record = {
            "path": self.path,
            "id": self.headers.get("webhook-id", ""),
            "timestamp": self.headers.get("webhook-timestamp", ""),
            "signature": self.headers.get("webhook-signature", ""),
            "verified": verified(read(SECRET_FILE), self.headers.get("webhook-id", ""),
                                 self.headers.get("webhook-timestamp", "0"), body,
                                 self.headers.get("webhook-signature", "")),
            "status": status,
            "body": json.loads(body or b"null"),
        }
        with open(OUT_FILE, "a") as f:
            f.write(json.dumps(record) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
