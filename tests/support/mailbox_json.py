#!/usr/bin/python3
"""Prints the messages of a Maildir (written by aiosmtpd's Mailbox handler) as a JSON array:
envelope recipient, decoded subject, threading and unsubscribe headers, the text and HTML
parts and the attachments, read with Python's own email parser (tests/support/smtp_sink.h)."""
import email.policy
import json
import mailbox
import sys


def main():
    out = []
    box = mailbox.Maildir(sys.argv[1], factory=None, create=False)
    for key in box.keys():
        raw = box.get_bytes(key)
        msg = email.message_from_bytes(raw)
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        item = {
            "file": key,
            "rcpt": parsed.get("X-RcptTo", ""),
            "to": str(parsed.get("To", "")),
            "from": str(parsed.get("From", "")),
            "subject": str(parsed.get("Subject", "")),
            "raw_subject": msg.get("Subject", ""),
            "message_id": str(parsed.get("Message-ID", "")),
            "in_reply_to": str(parsed.get("In-Reply-To", "")),
            "references": str(parsed.get("References", "")),
            "list_unsubscribe": str(parsed.get("List-Unsubscribe", "")),
            "list_unsubscribe_post": str(parsed.get("List-Unsubscribe-Post", "")),
            "delivery": str(parsed.get("X-Corrchess-Delivery", "")),
            "content_type": parsed.get_content_type(),
            "date": str(parsed.get("Date", "")),
            "mime_version": str(parsed.get("MIME-Version", "")),
            # The longest line of the message in octets, without its line break
            # (RFC 5322 2.1.1: at most 998).
            "max_line": max((len(line.rstrip(b"\r\n")) for line in raw.splitlines(True)),
                            default=0),
            "attachments": [],
        }
        body = parsed.get_body(preferencelist=("plain",))
        item["text"] = body.get_content() if body is not None else ""
        html = parsed.get_body(preferencelist=("html",))
        item["html"] = html.get_content() if html is not None else ""
        for part in parsed.iter_attachments():
            content = part.get_content()
            if isinstance(content, bytes):
                content = content.decode("utf-8", "replace")
            item["attachments"].append({"filename": part.get_filename() or "",
                                        "content_type": part.get_content_type(),
                                        "data": content})
        out.append(item)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
