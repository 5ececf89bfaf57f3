#!/usr/bin/python3
"""A local Web Push service for the tests (tests/support/push_service.h): an HTTP server on
127.0.0.1 standing for a browser's push service and the browser behind it. On start it makes
the subscription the way a browser does (a P-256 key pair and a 16-byte auth secret, with
python3-cryptography) and writes it as PushSubscription.toJSON() gives it,
{endpoint, keys: {p256dh, auth}}, to SUBSCRIPTION_FILE, the endpoint being
http://127.0.0.1:<port>/push/<random>.

For every POST to the endpoint it
- decrypts the body as RFC 8291 aes128gcm (RFC 8188 header, ECDH with the subscription's
  private key, HKDF-SHA256 with the auth secret, AES-128-GCM, the 0x02 delimiter of the last
  record) with the subscription's private key and auth secret;
- verifies the VAPID Authorization (RFC 8292) "vapid t=<JWT>, k=<key>": the ES256 signature
  of the JWT with k, its header, and the claims aud (the origin of the endpoint), exp (in the
  future, at most 24 hours ahead of this machine's clock) and sub (mailto: or https:);
- answers the next status of ANSWERS_FILE (space-separated, consumed one per request; 201
  when it is empty) and records, before answering, one JSON line in OUT_FILE:
  {path, status, content_encoding, ttl, urgency, vapid: {ok, error, claims, k}, payload,
  error}, `payload` being the decrypted JSON (null when it could not be decrypted, with
  `error` saying why).

usage: push_service.py SUBSCRIPTION_FILE OUT_FILE ANSWERS_FILE"""
import base64
import http.server
import json
import os
import secrets
import sys
import threading
import time

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

SUBSCRIPTION_FILE, OUT_FILE, ANSWERS_FILE = sys.argv[1:4]

lock = threading.Lock()
out = open(OUT_FILE, "a", buffering=1)

private_key = ec.generate_private_key(ec.SECP256R1())
public_key = private_key.public_key().public_bytes(
    serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
auth_secret = secrets.token_bytes(16)
path_token = secrets.token_urlsafe(16)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    if "=" in text:
        raise ValueError("base64url with padding")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def decrypt(body):
    """The plaintext of an aes128gcm body of one record (RFC 8291 section 3, RFC 8188)."""
    if len(body) < 21:
        raise ValueError("body shorter than the aes128gcm header")
    salt = body[:16]
    record_size = int.from_bytes(body[16:20], "big")
    id_length = body[20]
    sender_key = body[21:21 + id_length]
    ciphertext = body[21 + id_length:]
    if id_length != 65:
        raise ValueError("keyid is not a 65-byte P-256 point")
    if len(ciphertext) > record_size:
        raise ValueError("more than one record")
    sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_key)
    shared = private_key.exchange(ec.ECDH(), sender)
    ikm = hkdf(auth_secret, shared, b"WebPush: info\x00" + public_key + sender_key, 32)
    key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    padded = AESGCM(key).decrypt(nonce, ciphertext, None)
    stripped = padded.rstrip(b"\x00")
    if not stripped.endswith(b"\x02"):
        raise ValueError("the last record does not end with the delimiter 0x02")
    return stripped[:-1]


def check_vapid(header, origin):
    """(ok, error, claims, k) of an Authorization header."""
    if not header.startswith("vapid "):
        return False, "not a vapid authorization", None, None
    params = {}
    for part in header[len("vapid "):].split(","):
        name, _, value = part.strip().partition("=")
        params[name] = value
    token, k = params.get("t", ""), params.get("k", "")
    try:
        head, claims_part, signature = token.split(".")
        header_json = json.loads(unb64url(head))
        claims = json.loads(unb64url(claims_part))
        sig = unb64url(signature)
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(k))
        if len(sig) != 64:
            return False, "signature is not 64 bytes (r || s)", claims, k
        der = utils.encode_dss_signature(int.from_bytes(sig[:32], "big"),
                                         int.from_bytes(sig[32:], "big"))
        key.verify(der, (head + "." + claims_part).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return False, "bad signature", None, k
    except (ValueError, TypeError) as e:
        return False, "malformed token: %s" % e, None, k
    if header_json.get("alg") != "ES256" or header_json.get("typ") != "JWT":
        return False, "header %r" % header_json, claims, k
    if claims.get("aud") != origin:
        return False, "aud %r is not %r" % (claims.get("aud"), origin), claims, k
    now = time.time()
    exp = claims.get("exp")
    if not isinstance(exp, int) or exp <= now or exp > now + 24 * 3600:
        return False, "exp %r not within 24 hours ahead" % exp, claims, k
    sub = claims.get("sub", "")
    if not (sub.startswith("mailto:") or sub.startswith("https:")):
        return False, "sub %r" % sub, claims, k
    return True, None, claims, k


def next_answer():
    with lock:
        try:
            with open(ANSWERS_FILE) as f:
                queue = f.read().split()
        except OSError:
            queue = []
        if not queue:
            return 201
        with open(ANSWERS_FILE, "w") as f:
            f.write(" ".join(queue[1:]))
        return int(queue[0])


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        origin = "http://127.0.0.1:%d" % self.server.server_address[1]
        ok, vapid_error, claims, k = check_vapid(self.headers.get("Authorization", ""), origin)
        record = {
            "path": self.path,
            "content_encoding": self.headers.get("Content-Encoding"),
            "ttl": self.headers.get("TTL"),
            "urgency": self.headers.get("Urgency"),
            "vapid": {"ok": ok, "error": vapid_error, "claims": claims, "k": k},
            "payload": None,
            "error": None,
        }
        try:
            if self.path != "/push/" + path_token:
                raise ValueError("unknown endpoint " + self.path)
            record["payload"] = json.loads(decrypt(body))
        except Exception as e:  # every failure is recorded for the test to show
            record["error"] = "%s: %s" % (type(e).__name__, e)
        status = next_answer()
        record["status"] = status
        with lock:
            out.write(json.dumps(record) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
subscription = {
    "endpoint": "http://127.0.0.1:%d/push/%s" % (server.server_address[1], path_token),
    "expirationTime": None,
    "keys": {"p256dh": b64url(public_key), "auth": b64url(auth_secret)},
}
with open(SUBSCRIPTION_FILE + ".tmp", "w") as f:
    json.dump(subscription, f)
os.rename(SUBSCRIPTION_FILE + ".tmp", SUBSCRIPTION_FILE)
server.serve_forever()
