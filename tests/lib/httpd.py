#!/usr/bin/env python3
"""A scriptable HTTP server for the end-to-end tests (stdlib only).

Usage: httpd.py <docroot> <portfile>

Binds 127.0.0.1 on an ephemeral port, writes the port to <portfile> and
serves the files of <docroot> with an ETag (a hash of the content) and a
Last-Modified (the file's mtime), answering If-None-Match and
If-Modified-Since with 304.

Behaviours are words, taken from the front of the path and from an
optional control file <docroot>/<file>.control (read on every request, so
a test can change how the same URL answers between two runs):

  status <code>   answer <code> with a short text body
  flaky <n>       answer 503 to the first <n> requests for this path
  slow <secs>     wait before answering
  truncate        announce the full Content-Length, send half, hang up
  gzip            Content-Encoding: gzip when the client accepts it
  lastmod         no ETag, only Last-Modified
  etag            no Last-Modified, only ETag
  redirect        302 to the rest of the path (/redirect/x.json -> /x.json)
  redirect-file   302 to file:///etc/hostname (a client must refuse it)
  bigetag         a 2,000-byte ETag; like real servers, any request whose
                  If-None-Match is over 1 KiB gets 431

e.g. GET /slow/3/gzip/x.json, or "status 503" in x.json.control.

Each request logs one line on stdout, written when the answer is decided
(before any delay), e.g.
  GET /x.json -> 304 | If-None-Match: "1f2e" | If-Modified-Since: - | Content-Encoding: - | User-Agent: benchtriage/0.1
The server exits when its parent (the test script) goes away, and after
300 seconds in any case.
"""

import email.utils
import gzip
import hashlib
import http.server
import os
import sys
import threading
import time

LIFETIME = 300
WORDS_WITH_ARG = {"status", "flaky", "slow"}
WORDS = WORDS_WITH_ARG | {"truncate", "gzip", "lastmod", "etag", "redirect", "redirect-file", "bigetag"}

log_lock = threading.Lock()
counts_lock = threading.Lock()
counts = {}


def parse_words(tokens, behaviour):
    """Consume behaviour words from the front of tokens; return the rest."""
    while tokens and tokens[0] in WORDS:
        word = tokens.pop(0)
        if word == "redirect":
            behaviour[word] = True
            break
        if word in WORDS_WITH_ARG:
            if not tokens:
                raise ValueError("'%s' needs a value" % word)
            behaviour[word] = float(tokens.pop(0))
        else:
            behaviour[word] = True
    return tokens


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "bt-httpd"

    def log_message(self, fmt, *args):
        pass  # one line of our own per request instead

    def log_request_line(self, status, encoding, note):
        fields = [
            "%s %s -> %s%s" % (self.command, self.path, status, note),
            "If-None-Match: %s" % self.headers.get("If-None-Match", "-"),
            "If-Modified-Since: %s" % self.headers.get("If-Modified-Since", "-"),
            "Content-Encoding: %s" % (encoding or "-"),
            "User-Agent: %s" % self.headers.get("User-Agent", "-"),
        ]
        with log_lock:
            sys.stdout.write(" | ".join(fields) + "\n")
            sys.stdout.flush()

    def do_GET(self):
        self.answer(True)

    def do_HEAD(self):
        self.answer(False)

    def answer(self, with_body):
        behaviour = {}
        try:
            rest = parse_words(self.path.split("?")[0].strip("/").split("/"), behaviour)
            name = "/".join(rest)
            if not name or ".." in rest:
                raise ValueError("bad path")
            control = os.path.join(self.server.docroot, name + ".control")
            if os.path.exists(control):
                with open(control) as f:
                    parse_words(f.read().split(), behaviour)
        except ValueError as e:
            return self.reply(400, {}, str(e).encode() + b"\n", with_body)

        if len(self.headers.get("If-None-Match", "")) > 1024:
            return self.reply(431, {}, b"request header fields too large\n", with_body)
        if behaviour.get("redirect-file"):
            return self.reply(302, {"Location": "file:///etc/hostname"}, b"", with_body)
        if behaviour.get("redirect"):
            return self.reply(302, {"Location": "/" + name}, b"", with_body)
        if "flaky" in behaviour:
            with counts_lock:
                counts[self.path] = counts.get(self.path, 0) + 1
                if counts[self.path] <= behaviour["flaky"]:
                    behaviour["status"] = 503
        if "status" in behaviour:
            code = int(behaviour["status"])
            return self.reply(code, {}, b"status %d\n" % code, with_body, behaviour)

        path = os.path.join(self.server.docroot, name)
        try:
            with open(path, "rb") as f:
                body = f.read()
            mtime = int(os.stat(path).st_mtime)
        except OSError:
            return self.reply(404, {}, b"not found\n", with_body, behaviour)

        headers = {"Content-Type": "application/json"}
        etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
        if behaviour.get("bigetag"):
            etag = '"%s"' % (hashlib.sha1(body).hexdigest() * 50)
        if not behaviour.get("lastmod"):
            headers["ETag"] = etag
        if not behaviour.get("etag"):
            headers["Last-Modified"] = email.utils.formatdate(mtime, usegmt=True)
        if self.not_modified(headers, mtime):
            return self.reply(304, headers, b"", False, behaviour)
        if behaviour.get("gzip") and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, mtime=0)
            headers["Content-Encoding"] = "gzip"
        return self.reply(200, headers, body, with_body, behaviour)

    def not_modified(self, headers, mtime):
        inm = self.headers.get("If-None-Match")
        if inm is not None:
            return "ETag" in headers and headers["ETag"] in [t.strip() for t in inm.split(",")]
        ims = self.headers.get("If-Modified-Since")
        if ims is not None and "Last-Modified" in headers:
            try:
                return mtime <= email.utils.parsedate_to_datetime(ims).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    def reply(self, code, headers, body, with_body, behaviour=None):
        behaviour = behaviour or {}
        length = len(body)
        truncated = behaviour.get("truncate") and code == 200
        send = body[: length // 2] if truncated else body
        note = ""
        if truncated:
            note = " (truncated after %d of %d bytes)" % (len(send), length)
        if behaviour.get("slow"):
            note += " (after %gs)" % behaviour["slow"]
        self.log_request_line(code, headers.get("Content-Encoding"), note)
        if behaviour.get("slow"):
            time.sleep(behaviour["slow"])
        try:
            self.send_response(code)
            for k, v in headers.items():
                self.send_header(k, v)
            if code != 304:
                self.send_header("Content-Length", str(length))
            if truncated:
                self.send_header("Connection", "close")
            self.end_headers()
            if with_body and code != 304:
                self.wfile.write(send)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)
        if truncated:
            self.close_connection = True


def watchdog(parent):
    start = time.monotonic()
    while os.getppid() == parent and time.monotonic() - start < LIFETIME:
        time.sleep(0.2)
    os._exit(0)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: httpd.py <docroot> <portfile>\n")
        return 2
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.docroot = os.path.abspath(sys.argv[1])
    threading.Thread(target=watchdog, args=(os.getppid(),), daemon=True).start()
    tmp = sys.argv[2] + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % server.server_address[1])
    os.rename(tmp, sys.argv[2])
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
