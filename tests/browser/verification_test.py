"""Address verification in the browser, with a real SMTP server (aiosmtpd from Debian's
python3-aiosmtpd, storing what it receives in a Maildir): on a server that wants addresses
verified (CORRCHESS_REQUIRE_VERIFIED_EMAIL=1), a newcomer registers on /register with an
address; the confirmation mail arrives without being asked for; its link, opened in the
browser that is signed in (the session cookie goes along), confirms the address with one
button."""

import email
import email.policy
import mailbox
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

import support
from support import button, wait


class SmtpSink:
    def __init__(self):
        self.dir = os.path.join(tempfile.mkdtemp(prefix="corrchess-mail-"), "maildir")  # made by aiosmtpd
        self.port = support.free_port()
        self.process = subprocess.Popen(
            ["/usr/bin/python3", "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:%d" % self.port,
             "-c", "aiosmtpd.handlers.Mailbox", self.dir])
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("aiosmtpd did not start")

    def messages(self):
        if not os.path.isdir(os.path.join(self.dir, "new")):
            return []
        box = mailbox.Maildir(self.dir, factory=None, create=False)
        return [email.message_from_bytes(box.get_bytes(k), policy=email.policy.default) for k in box.keys()]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)


class VerificationAtRegistration(support.ServerTestCase):
    @classmethod
    def setUpClass(cls):
        cls.sink = SmtpSink()
        port = support.free_port()
        cls.public = "http://127.0.0.1:%d" % port
        # The sink is stopped whatever fails here: left running, it would keep this test's
        # output pipe open and ctest would wait for it until its timeout.
        cls.db = None
        try:
            cls.db = support.TempDatabase()
            cls.server = support.Server(cls.db.url, {
                "CORRCHESS_SMTP_URL": "smtp://127.0.0.1:%d" % cls.sink.port,
                "CORRCHESS_SMTP_FROM": "corrchess@chess.example.org",
                "CORRCHESS_PUBLIC_URL": cls.public,
                "CORRCHESS_REQUIRE_VERIFIED_EMAIL": "1"}, port=port)
        except Exception:
            if cls.db:
                cls.db.drop()
            cls.sink.stop()
            raise
        cls.base = cls.server.base
        cls.passwords = {}

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.sink.stop()

    def test_registering_with_an_address_mails_the_confirmation_link(self):
        newcomer = support.chromium()
        self.addCleanup(newcomer.quit)
        newcomer.get(self.base + "/register")
        wait(newcomer, lambda d: d.find_elements(By.ID, "email"), message="register form")
        newcomer.find_element(By.NAME, "username").send_keys("greta")
        newcomer.find_element(By.NAME, "email").send_keys("greta@example.org")
        newcomer.find_element(By.NAME, "password").send_keys("greta-password-1")
        button(newcomer, "Register").click()
        wait(newcomer, lambda d: d.current_url.endswith("/games"), message="registered and signed in")

        deadline = time.time() + 30
        while not self.sink.messages() and time.time() < deadline:
            time.sleep(0.2)
        mails = self.sink.messages()
        self.assertEqual(len(mails), 1)
        self.assertEqual(mails[0]["X-RcptTo"], "greta@example.org")
        self.assertEqual(str(mails[0]["Subject"]), "Confirm your address for greta")
        text = mails[0].get_body(preferencelist=("plain",)).get_content()
        link = re.search(re.escape(self.public) + r"/api/v1/auth/verify-email\?token=\S+", text)
        self.assertIsNotNone(link, text)

        api = support.Api(self.base, "greta", "greta-password-1")
        self.assertFalse(api.call("GET", "/api/v1/me/notifications")["email_verified"])
        newcomer.get(link.group(0))
        wait(newcomer, lambda d: d.find_elements(By.TAG_NAME, "button"), message="the confirmation page")
        newcomer.find_element(By.TAG_NAME, "button").click()
        wait(newcomer, lambda d: api.call("GET", "/api/v1/me/notifications")["email_verified"],
             message="the address is verified")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
