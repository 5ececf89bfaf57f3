"""The OpenAPI document committed as web/openapi.json (which the web client's TypeScript
types are generated from, see web/build.mjs) is the one the server serves at
GET /api/v1/openapi.json: a route or schema changed on the server without
scripts/update-openapi fails here, with the difference shown. No browser needed."""

import difflib
import json
import os
import sys
import unittest

import support

COMMITTED = os.path.join(support.SOURCE_DIR, "web", "openapi.json")


def pretty(document):
    """As scripts/update-openapi writes it."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


class OpenApiDrift(support.ServerTestCase):
    def test_committed_document_is_the_servers(self):
        answer = support.http(self.base, "GET", "/api/v1/openapi.json")
        self.assertEqual(answer.status, 200)
        served = answer.json()
        self.assertEqual(served.get("openapi", "")[:2], "3.", "an OpenAPI 3 document")
        with open(COMMITTED, encoding="utf-8") as f:
            text = f.read()
        committed = json.loads(text)
        if served != committed:
            diff = "".join(difflib.unified_diff(
                pretty(committed).splitlines(True), pretty(served).splitlines(True),
                "web/openapi.json (committed)", "GET /api/v1/openapi.json (server)"))
            self.fail("web/openapi.json differs from the server's document; run scripts/update-openapi "
                      "(and commit web/openapi.json):\n" + diff)
        self.assertEqual(text, pretty(committed), "web/openapi.json as scripts/update-openapi writes it")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
