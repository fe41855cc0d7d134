#!/usr/bin/env python3
"""Hostile uploads against a running `trackport serve` (docs/security.md, "uploads from strangers").

    hostile_test.py TRACKPORT_BINARY

Starts the server on a free loopback port with its own empty TMPDIR and short limits
(--request-timeout 4, --conversion-timeout 3), then sends what a stranger might: a zip bomb,
a deeply nested JSON, an SQLite file whose tables are endless views, a 2 GB declared body, a
client that sends its request one byte at a time, garbage multipart and a form with too many
parts. Each must get its documented status within the limits, `/healthz` must answer after each,
and TMPDIR must hold nothing afterwards. Python's standard library only.
"""
import io
import os
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []
seen = []  # (what, status, seconds) for the closing line


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


class Server:
    def __init__(self, binary, temporary):
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--request-timeout", "4", "--conversion-timeout", "3",
             "--max-conversions", "2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": temporary})
        line = self.process.stderr.readline()
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            sys.exit(f"hostile_test: the server did not start: {line.strip()}")
        self.port = int(match.group(1))

    def request(self, raw, read_timeout=60):
        """Sends raw bytes; returns (status, headers, body) or (None, ..) when the server closed."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=read_timeout) as connection:
            try:
                connection.sendall(raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server may answer and close before reading everything
            return read_response(connection)

    def post(self, path, parts, boundary="hostile-boundary"):
        body = form(parts, boundary)
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n\r\n")
        return self.request(head.encode() + body)

    def healthy(self):
        status, _, body = self.request(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 10)
        return status == 200 and body == b"ok\n"


def read_response(connection):
    data = b""
    try:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    if not data.startswith(b"HTTP/1.1 "):
        return None, {}, data
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def form(parts, boundary):
    out = b""
    for name, filename, content in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        out += f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + content + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


def zip_bomb(binary, folder):
    """The demo as a CSV package whose records.csv is its header and then 128 MiB of zeros
    (twice the server's --max-unpacked): about 130 KB on the wire."""
    package = os.path.join(folder, "demo.zip")
    subprocess.run([binary, "convert", os.path.join(REPO, "SampleData", "demo.trackport.json"), package, "--force", "--quiet"],
                   check=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(package) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for info in source.infolist():
            content = source.read(info)
            if not info.filename.endswith("records.csv"):
                archive.writestr(info.filename, content)
                continue
            with archive.open(info.filename, "w", force_zip64=True) as member:
                member.write(content.split(b"\n", 1)[0] + b"\n")
                block = b"\0" * (1 << 20)
                for _ in range(128):
                    member.write(block)
    return buffer.getvalue()


def endless_views(folder):
    """A .db with Loop's two tables as views over a recursive query that never ends."""
    path = os.path.join(folder, "endless.db")
    database = sqlite3.connect(path)
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id FROM n"
    database.execute(f"CREATE VIEW Habits AS {endless}")
    database.execute(f"CREATE VIEW Repetitions AS {endless}")
    database.commit()
    database.close()
    with open(path, "rb") as file:
        return file.read()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    temporary = tempfile.mkdtemp(prefix="hostile-tmp-")
    scratch = tempfile.mkdtemp(prefix="hostile-")
    server = Server(binary, temporary)
    started = time.monotonic()
    try:
        def expect(what, status, code, answer, seconds):
            got, _, body = answer
            seen.append(f"{what} {got} in {seconds:.1f} s")
            text = body.decode("utf-8", "replace")
            check(got == status and f'"{code}"' in text, f"{what}: expected {status} {code}, got {got}: {text[:300]}")
            check(seconds < 30, f"{what}: answered in {seconds:.1f} s")
            check(server.healthy(), f"{what}: /healthz answers afterwards")

        def timed(call):
            begun = time.monotonic()
            answer = call()
            return answer, time.monotonic() - begun

        bomb = zip_bomb(binary, scratch)
        answer, seconds = timed(lambda: server.post("/api/convert", [("file", "bomb.zip", bomb), ("to", None, b"json")]))
        expect("zip bomb", 422, "malformed-input", answer, seconds)

        deep = b'{"trackport": 1, "trackers": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
        answer, seconds = timed(lambda: server.post("/api/inspect", [("file", "deep.trackport.json", deep)]))
        expect("deeply nested JSON", 422, "malformed-input", answer, seconds)

        answer, seconds = timed(lambda: server.post("/api/convert", [("file", "loop.db", endless_views(scratch)), ("to", None, b"json")]))
        expect("endless views", 422, "malformed-input", answer, seconds)

        head = (b"POST /api/convert HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                b"Content-Length: 2147483648\r\n\r\n")
        answer, seconds = timed(lambda: server.request(head + b"--x\r\n"))
        expect("a 2 GB declared body", 413, "too-large", answer, seconds)

        answer, seconds = timed(lambda: server.request(b"POST /api/inspect HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                                                       b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 64\r\n\r\n"
                                                       + os.urandom(64)))
        expect("garbage multipart", 400, "bad-multipart", answer, seconds)

        many = [("option", None, b"a=b")] * 40
        answer, seconds = timed(lambda: server.post("/api/inspect", [("file", "x.json", b"{}")] + many))
        expect("a form of 41 parts", 413, "too-many-parts", answer, seconds)

        # A client that sends a byte a second: cut off at --request-timeout (4 s), not held.
        begun = time.monotonic()
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        request = b"POST /api/inspect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
        slow.sendall(request)
        closed = False
        for _ in range(20):
            check(server.healthy(), "a slow client does not hold the server")
            try:
                slow.sendall(b"x")
                slow.settimeout(1)
                if slow.recv(65536) == b"":
                    closed = True
                    break
            except socket.timeout:
                continue
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            else:
                closed = True  # an answer (the timeout's 500) came; the next read ends it
                break
        slow.close()
        check(closed and time.monotonic() - begun < 15,
              f"a slow client is cut off near --request-timeout (after {time.monotonic() - begun:.1f} s)")
        check(server.healthy(), "the server answers after all of it")
    finally:
        server.process.terminate()
        try:
            server.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.process.kill()
    left = os.listdir(temporary)
    check(not left, f"TMPDIR holds nothing afterwards: {left}")
    check(server.process.returncode == 0, f"the server exits 0 on SIGTERM (got {server.process.returncode})")
    for folder in (temporary, scratch):
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)
    if failures:
        print(f"hostile_test: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print(f"hostile_test: every hostile upload got its status and the server went on ({time.monotonic() - started:.0f} s): "
          + "; ".join(seen))


if __name__ == "__main__":
    main()
