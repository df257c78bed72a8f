#!/usr/bin/env python3
"""Nordwind Pay merchant payment service - sandbox.

    python3 server.py --port 0      (0: any free port)

Serves /api/v2 (REST/JSON), /api/v1 (legacy signed interface), the payer
pages (/pay/..., /qr/..., /acs/...) and the test-only clock (/sandbox/...).
"""

import argparse
import socket
import sys
import threading
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import core
import pages
import testdata as TD
import v1api
import v2api
from core import CLOCK, LOCK
from util import BadJson, dumpb, iso_ms, loads, parse_duration

MAX_BODY = 1024 * 1024
VERBOSE = False


class Req:
    __slots__ = ("method", "path", "query_string", "query", "headers", "body", "base")

    def __init__(self, method, path, query_string, headers, body, base):
        self.method = method
        self.path = path
        self.query_string = query_string
        self.query = urllib.parse.parse_qs(query_string, keep_blank_values=True)
        self.headers = headers
        self.body = body
        self.base = base


def sandbox(req):
    """Test-only endpoints: the sandbox clock and the notification log."""
    if req.path == "/sandbox/clock/advance":
        if req.method != "POST":
            return 405, [("Allow", "POST")], b""
        try:
            b = loads(req.body or b"{}")
            secs = parse_duration(b.get("duration")) if isinstance(b, dict) else None
            if secs is None:
                raise ValueError("duration is required")
        except (BadJson, ValueError) as e:
            return 400, [("Content-Type", "application/json")], dumpb(
                {"code": "validation_error", "message": "Give {\"duration\": \"PT10S\"}",
                 "errors": ["duration: %s" % e]})
        if secs > 400 * 86400:
            return 400, [("Content-Type", "application/json")], dumpb(
                {"code": "validation_error", "message": "At most 400 days at once",
                 "errors": ["duration: must be at most P400D"]})
        now = core.advance_clock(secs)
        return 200, [("Content-Type", "application/json")], dumpb(
            {"now": iso_ms(now), "offsetSeconds": round(CLOCK.offset, 3)})
    if req.path == "/sandbox/clock":
        return 200, [("Content-Type", "application/json")], dumpb(
            {"now": iso_ms(CLOCK.now()), "offsetSeconds": round(CLOCK.offset, 3)})
    if req.path == "/sandbox/notifications":
        return 200, [("Content-Type", "application/json")], dumpb(list(core.NOTIFIER.history)[-200:])
    return 404, [("Content-Type", "text/plain")], b"Not Found\n"


INDEX = b"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>Nordwind Pay sandbox</title></head>
<body><h1>Nordwind Pay sandbox</h1><p>Interfaces: <code>/api/v2</code> (REST/JSON, bearer tokens) and
<code>/api/v1</code> (legacy, signed). Test clock: <code>POST /sandbox/clock/advance</code>.
See README.md for credentials and test data.</p></body></html>"""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "NordwindPaySandbox/2.3"
    sys_version = ""
    timeout = 120

    def version_string(self):
        return self.server_version

    def log_message(self, fmt, *args):
        if VERBOSE:
            sys.stderr.write("%s - %s\n" % (self.address_string(), fmt % args))

    def _read_body(self):
        te = (self.headers.get("Transfer-Encoding") or "").lower()
        if "chunked" in te:
            chunks, total = [], 0
            while True:
                line = self.rfile.readline(1024)
                if not line:
                    raise ValueError("truncated chunked body")
                size = int(line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while True:
                        tl = self.rfile.readline(1024)
                        if tl in (b"\r\n", b"\n", b""):
                            break
                    break
                total += size
                if total > MAX_BODY:
                    return None
                chunks.append(self.rfile.read(size))
                self.rfile.readline(8)
            return b"".join(chunks)
        cl = self.headers.get("Content-Length")
        if cl is None:
            return b""
        n = int(cl)
        if n < 0:
            raise ValueError("negative Content-Length")
        if n > MAX_BODY:
            return None
        return self.rfile.read(n) if n else b""

    def _base(self):
        proto = self.headers.get("X-Forwarded-Proto")
        host = self.headers.get("X-Forwarded-Host") or self.headers.get("Host")
        if not host:
            host = "%s:%d" % self.server.server_address[:2]
        return "%s://%s" % ((proto or "http").split(",")[0].strip(), host.split(",")[0].strip())

    def _send(self, status, headers, body, head=False):
        self.send_response(status)
        has_ct = False
        for k, v in headers:
            if k.lower() == "content-type":
                has_ct = True
            self.send_header(k, v)
        if body and not has_ct:
            self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if body and not head:
            self.wfile.write(body)

    def _dispatch(self):
        try:
            body = self._read_body()
        except (ValueError, OSError):
            self.close_connection = True
            self._send(400, [("Content-Type", "text/plain")], b"Bad Request: unreadable body\n")
            return
        if body is None:
            self.close_connection = True
            self._send(413, [("Content-Type", "application/json")], dumpb(
                {"code": "validation_error", "message": "The body is larger than 1 MiB",
                 "errors": ["body: must be at most 1 MiB"]}))
            return
        raw_path, _, qs = self.path.partition("?")
        if raw_path.startswith("http://") or raw_path.startswith("https://"):
            raw_path = urllib.parse.urlsplit(raw_path).path or "/"
        path = urllib.parse.unquote(raw_path)
        method = self.command
        head = method == "HEAD"
        req = Req("GET" if head else method, path, qs, self.headers, body, self._base())
        try:
            if path.startswith("/api/v2/") or path == "/api/v2":
                resp = v2api.handle(req)
            elif path.lower().startswith("/api/v1/"):
                resp = v1api.handle(req)
            elif path.startswith("/pay/") or path.startswith("/qr/") or path.startswith("/acs/"):
                resp = pages.handle(req)
            elif path.startswith("/sandbox/"):
                resp = sandbox(req)
            elif path == "/" or path == "/index.html":
                resp = (200, [("Content-Type", "text/html; charset=utf-8")], INDEX)
            elif path == "/health":
                resp = (200, [("Content-Type", "application/json")], b'{"status":"up"}')
            else:
                resp = (404, [("Content-Type", "text/plain")], b"Not Found\n")
        except Exception:
            traceback.print_exc(file=sys.stderr)
            if path.startswith("/api/v2"):
                resp = (500, [("Content-Type", "application/json")],
                        dumpb({"code": "invalid_operation", "message": "Internal error of the sandbox"}))
            else:
                resp = (500, [("Content-Type", "text/plain")], b"Internal Server Error\n")
        status, headers, rbody = resp
        self._send(status, headers, rbody, head)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _dispatch


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 512

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout, TimeoutError)):
            return
        if VERBOSE:
            super().handle_error(request, client_address)


def main(argv=None):
    global VERBOSE
    ap = argparse.ArgumentParser(description="Nordwind Pay sandbox (v2 + legacy v1)")
    ap.add_argument("--port", type=int, default=8080, help="port to listen on (0: any free port)")
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = ap.parse_args(argv)
    VERBOSE = args.verbose
    srv = Server((args.host, args.port), Handler)
    v1api.START_TIME = CLOCK.now()
    core.start_background()
    host, port = srv.server_address[:2]
    sys.stdout.write("listening on http://%s:%d\n" % (host, port))
    sys.stdout.flush()
    try:
        srv.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
