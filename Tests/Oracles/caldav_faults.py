#!/usr/bin/env python3
"""caldav_faults.py --port-file F --mode MODE [--location URL] [--tls-cert PEM --tls-key PEM]
[--digest USER:PASSWORD]: a tiny HTTP/1.1 server on
127.0.0.1 (a free port, written to F once it listens) that misbehaves as MODE says, for the error
paths of `trackport calendar push/pull`. It runs until killed.

redirect      every request: 301, Location URL (--location; default this server's
              /redirected<the request's path>), a short body
status:NNN    every request: status NNN, a short text body
put-status:NNN  a collection that takes nothing: OPTIONS 200 with `DAV: 1, calendar-access`;
              PROPFIND 207 saying the path is a calendar collection, REPORT 207 with an
              empty DAV:multistatus (Content-Type: application/xml; charset=utf-8); PUT and DELETE status NNN (507,
              412...); GET and HEAD 404; anything else 405
hang          reads each request (headers and body) and never answers, holding the connection
www-auth      every request: 401 with `WWW-Authenticate: Basic realm="caldav_faults"`

Each request is logged on stderr as one line, as soon as its body is read:
    REQUEST <METHOD> <PATH> authorization=<yes|no> body=<bytes>
so that a test can check what reached this server (a password must never follow a redirect to
another host). A chunked request body is read as chunks.
"""
import argparse
import hashlib
import http.server
import os
import re
import ssl
import sys
import threading

CALENDAR_COLLECTION = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                       b'<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>'
                       b'<d:href>HREF</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/>'
                       b'</d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>'
                       b'</d:response></d:multistatus>\n')
REALM = "caldav_faults"
NONCE = "5f1d2c3b4a"
EMPTY_MULTISTATUS = b'<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:"/>\n'


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "status:500"
    location = None
    digest = None

    def log_message(self, format, *args):  # the REQUEST lines replace http.server's log
        pass

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            size = 0
            while True:
                line = self.rfile.readline()
                length = int(line.split(b";")[0].strip() or b"0", 16)
                if length == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    return size
                self.rfile.read(length)
                self.rfile.readline()
                size += length
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        return length

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if status in (204, 304) or 100 <= status < 200:
            self.end_headers()
            return
        if body and not any(name.lower() == "content-type" for name, _ in headers):
            self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def digest_ok(self):
        """Whether the request carries a Digest answer (RFC 7616, MD5, qop=auth) to this
        server's challenge for --digest USER:PASSWORD."""
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Digest "):
            return False
        fields = dict((k.strip(), v.strip().strip('"')) for k, v in
                      (part.split("=", 1) for part in re.split(r',\s*(?=[a-zA-Z]+=)', header[7:]) if "=" in part))
        user, password = self.digest.split(":", 1)
        if fields.get("username") != user or fields.get("nonce") != NONCE or fields.get("uri") != self.path:
            return False
        md5 = lambda text: hashlib.md5(text.encode()).hexdigest()
        ha1 = md5(f"{user}:{REALM}:{password}")
        ha2 = md5(f"{self.command}:{fields['uri']}")
        expected = md5(f"{ha1}:{NONCE}:{fields.get('nc', '')}:{fields.get('cnonce', '')}:{fields.get('qop', '')}:{ha2}")
        return fields.get("response") == expected

    def handle_any(self):
        size = self.read_body()
        authorized = "yes" if self.headers.get("Authorization") else "no"
        digest = ""
        if self.digest:
            digest = " digest=ok" if self.digest_ok() else " digest=no"
        sys.stderr.write(f"REQUEST {self.command} {self.path} authorization={authorized} body={size}{digest}\n")
        sys.stderr.flush()
        if self.digest and digest != " digest=ok":
            challenge = f'Digest realm="{REALM}", qop="auth", nonce="{NONCE}", algorithm=MD5'
            self.answer(401, b"digest authentication required\n", [("WWW-Authenticate", challenge)])
            return
        mode = self.mode
        if mode == "redirect":
            target = self.location or f"http://127.0.0.1:{self.server.server_address[1]}/redirected{self.path}"
            self.answer(301, b"moved\n", [("Location", target)])
        elif mode.startswith("status:"):
            status = int(mode.split(":", 1)[1])
            self.answer(status, f"caldav_faults: {status}\n".encode())
        elif mode.startswith("put-status:"):
            status = int(mode.split(":", 1)[1])
            if self.command == "OPTIONS":
                self.answer(200, headers=[("DAV", "1, calendar-access"),
                                          ("Allow", "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT")])
            elif self.command == "PROPFIND":
                # Depth 0 on the collection: a calendar collection, as a client checks first.
                body = CALENDAR_COLLECTION.replace(b"HREF", self.path.encode())
                self.answer(207, body, [("Content-Type", "application/xml; charset=utf-8")])
            elif self.command == "REPORT":
                self.answer(207, EMPTY_MULTISTATUS, [("Content-Type", "application/xml; charset=utf-8")])
            elif self.command in ("PUT", "DELETE"):
                if status == 0:
                    threading.Event().wait()  # put-status:0: the write is never answered
                etag = [("ETag", f'"{self.path}"')] if 200 <= status < 300 else []
                self.answer(status, b"" if status == 204 else f"caldav_faults: {status}\n".encode(), etag)
            elif self.command in ("GET", "HEAD"):
                self.answer(404, b"not found\n")
            else:
                self.answer(405, b"method not allowed\n")
        elif mode == "hang":
            threading.Event().wait()  # never answers; the thread is a daemon, killed with the process
        elif mode == "www-auth":
            self.answer(401, b"authentication required\n", [("WWW-Authenticate", 'Basic realm="caldav_faults"')])
        else:
            self.answer(500, f"caldav_faults: unknown mode {mode}\n".encode())

    def __getattr__(self, name):
        # do_GET, do_PUT, do_PROPFIND, do_MKCALENDAR...: every method goes to handle_any.
        if name.startswith("do_"):
            return self.handle_any
        raise AttributeError(name)


def main():
    parser = argparse.ArgumentParser(description="A misbehaving HTTP server for CalDAV error paths.")
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--mode", required=True)
    parser.add_argument("--location")
    parser.add_argument("--digest", help="USER:PASSWORD: ask every request for HTTP Digest authentication")
    parser.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (and --tls-key)")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    modes = ("redirect", "hang", "www-auth")
    if args.mode not in modes and not (args.mode.split(":")[0] in ("status", "put-status")
                                       and args.mode.split(":", 1)[-1].isdigit()):
        parser.error(f"unknown mode {args.mode}")
    Handler.mode = args.mode
    Handler.location = args.location
    Handler.digest = args.digest
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    # Written whole, then renamed, so that a test polling for the file never reads half a port.
    partial = args.port_file + ".partial"
    with open(partial, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(partial, args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
