"""The HTTP requests of the bench drivers (failover_driver.py, populate_driver.py,
reads_driver.py): one keep-alive HTTP/1.1 connection to a corrchess server, JSON bodies and
the bearer token. Only the standard library (http.client: a fraction of the client CPU of a
higher-level library, which matters on two shared cores). What a driver makes of an answer
(raising on a refusal, counting it, reading its problem code) stays in the driver.
"""
import http.client
import json
import time
import urllib.parse


def request_headers(token=None, body=None, headers=None):
    """(headers, data): `headers` with the bearer token, and the JSON body as bytes with its
    Content-Type when there is one (data None without a body)."""
    h = dict(headers or {})
    if token:
        h["Authorization"] = "Bearer " + token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    return h, data


class Connection:
    """One keep-alive connection to the server at `base` (http://host:port), opened on the
    first request and again after close()."""

    def __init__(self, base, timeout):
        parsed = urllib.parse.urlsplit(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.timeout = timeout
        self.conn = None

    def send(self, method, path, headers, data):
        """One request, no retry: (response, body bytes, seconds to the first byte, seconds
        in all). A transport failure raises (OSError, http.client.HTTPException); the caller
        closes the connection then."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        first = time.perf_counter() - start
        content = response.read()
        return response, content, first, time.perf_counter() - start

    def exchange(self, method, path, token=None, body=None, headers=None):
        """send() with the token and JSON body (request_headers), tried a second time on a
        fresh connection when the first attempt's connection failed (the server closed an
        idle keep-alive connection); the second failure raises."""
        h, data = request_headers(token, body, headers)
        for attempt in (1, 2):
            try:
                return self.send(method, path, h, data)
            except (http.client.HTTPException, ConnectionError):
                self.close()
                if attempt == 2:
                    raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
        self.conn = None
