#!/usr/bin/env python3
"""`trackport hub serve` as a calendar app and an attacker meet it (issue 40, "A real calendar
client" and "Security"):

- the feed `/feed/SECRET.ics`, fetched as calendar apps poll it: 200 parsed by Python's
  icalendar, then 304 with `If-None-Match` while nothing changed, then 200 with the new events
  after a run took a new file (parsed again); a wrong or rotated secret is 404;
- every other path but `/healthz` (open, `ok`, for health checks) answers 401 without the token
  (and with a wrong one, or Basic), and 200 with it; the token and the feed's secret never appear in the server's log;
- the hostile requests `serve` is tested with (a 512 KB header, a request line a byte at a
  time) get their limit's answer, and `/healthz` still answers at once;
- SIGTERM when idle ends it within a second.

    Tests/hub/serve_test.py path/to/trackport [--keep]

Needs the venv's icalendar (`make venv`). Prints one line per check and `N passed, M failed`.
"""
import http.client
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import time

import hubtest

try:
    import icalendar
except ImportError:  # pragma: no cover - the venv has it
    icalendar = None


def dataset(name, day):
    return hubtest.one_habit(name, day)


def drop(inbox, name, habit, day):
    path = os.path.join(inbox, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(dataset(habit, day), f, ensure_ascii=False)
    old = time.time() - 3600
    os.utime(path, (old, old))


def request(port, method, path, headers=None, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def summaries(body):
    calendar = icalendar.Calendar.from_ical(body)
    return sorted(str(component.get("SUMMARY")) for component in calendar.walk() if component.name in ("VEVENT", "VTODO"))


def main():
    binary = os.path.abspath(sys.argv[1])
    keep = "--keep" in sys.argv
    checks = hubtest.Checks()
    if icalendar is None:
        checks.check(False, "Python's icalendar is installed (make venv)")
        return checks.finish()
    work = tempfile.mkdtemp(prefix="trackport-hub-serve-")
    os.environ["TMPDIR"] = work
    inbox = os.path.join(work, "inbox")
    os.mkdir(inbox)
    hub = os.path.join(work, "hub")
    checks.check(hubtest.run([binary, "hub", "init", hub, "--source", inbox]).returncode == 0, "hub init exits 0")
    drop(inbox, "a.json", "Stretch", "2026-03-01")
    checks.check(hubtest.run([binary, "hub", "run", hub]).returncode == 0, "hub run exits 0")
    token = hubtest.run([binary, "hub", "token", "add", hub]).stdout.strip()
    checks.check(re.fullmatch(r"[0-9a-f]{64}", token) is not None, "hub token add prints a token", token)
    feed = hubtest.run([binary, "hub", "feed", hub]).stdout.strip()
    checks.check(re.fullmatch(r"/feed/[0-9a-f]{64}\.ics", feed) is not None, "hub feed prints the feed's path", feed)

    server = hubtest.spawn([binary, "hub", "serve", hub, "--port", "0"])
    port = None
    log = []
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and port is None:
            line = server.stderr.readline()
            if not line:
                break
            log.append(line)
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
        if not checks.check(port is not None, "hub serve listens", "".join(log)[-800:]):
            return checks.finish()

        # The feed, as a calendar app polls it.
        status, headers, body = request(port, "GET", feed)
        checks.check(status == 200 and headers.get("Content-Type", "").startswith("text/calendar"), "the feed answers 200 text/calendar",
                     "%s %s" % (status, headers))
        first = summaries(body)
        checks.check(any("Stretch" in s for s in first), "icalendar reads the habit from the feed", str(first))
        etag = headers.get("ETag")
        status, headers, body = request(port, "GET", feed, {"If-None-Match": etag})
        checks.check(status == 304 and body == b"", "If-None-Match with the same ETag: 304, no body", str(status))
        status, _, _ = request(port, "GET", feed, {"If-Modified-Since": headers.get("Last-Modified", "")})
        checks.check(status == 304, "If-Modified-Since: 304", str(status))
        drop(inbox, "b.json", "Swim", "2026-03-02")
        checks.check(hubtest.run([binary, "hub", "run", hub]).returncode == 0, "a run takes a new file")
        status, headers, body = request(port, "GET", feed, {"If-None-Match": etag})
        checks.check(status == 200 and headers.get("ETag") != etag, "after the change: 200 with a new ETag", str(status))
        second = summaries(body)
        checks.check(any("Swim" in s for s in second) and any("Stretch" in s for s in second),
                     "icalendar reads the new events and the old", str(second))
        wrong = feed[:-5] + ("0" if feed[-5] != "0" else "1") + ".ics"
        checks.check(request(port, "GET", wrong)[0] == 404, "a wrong secret: 404")

        # Nothing else answers without the token.
        # (/feed/ANYTHING is the feed's path: a wrong secret there is 404, as checked above.)
        paths = ["/", "/history.trackport.json", "/journal.json", "/nowhere", "/feed", "/feeds.ics", "/%2e%2e/hub.toml"]
        refused = []
        for path in paths:
            for method in ("GET", "POST", "HEAD"):
                # (A wrong token: the last character changed, so a token ending in 0 stays wrong.)
                wrong = token[:-1] + ("1" if token.endswith("0") else "0")
                for auth in ({}, {"Authorization": "Bearer " + wrong}, {"Authorization": "Basic " + token}):
                    status = request(port, method, path, auth)[0]
                    if status != 401:
                        refused.append("%s %s %s: %s" % (method, path, list(auth.values()), status))
        checks.check(not refused, "every path but the feed and /healthz answers 401 without the token", "; ".join(refused[:5]))
        status, _, body = request(port, "GET", "/healthz")
        checks.check(status == 200 and body == b"ok\n", "/healthz answers ok without the token (health checks, probes)", str(status))
        bearer = {"Authorization": "Bearer " + token}
        status, _, body = request(port, "GET", "/journal.json", bearer)
        checks.check(status == 200 and len(json.loads(body)) == 2, "with the token: the journal", str(status))
        status, _, body = request(port, "GET", "/history.trackport.json", bearer)
        checks.check(status == 200 and body == open(hubtest.history_path(hub), "rb").read(), "with the token: the history's bytes")
        checks.check(request(port, "GET", "/", bearer)[0] == 200, "with the token: the report")

        # The hostile requests of serve's tests.
        start = time.monotonic()
        try:
            status = request(port, "GET", "/healthz", {"X-Big": "a" * 512 * 1024})[0]
        except (ConnectionError, http.client.HTTPException):
            status = "closed"
        checks.check(status in (431, 400, "closed") and time.monotonic() - start < 5, "a 512 KB header is refused at once", str(status))
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow.sendall(b"GE")
        t = time.monotonic()
        status, _, _ = request(port, "GET", "/healthz", bearer)
        checks.check(status == 200 and time.monotonic() - t < 0.5, "/healthz answers at once beside a slow client",
                     "%.3f s" % (time.monotonic() - t))
        slow.close()

        # Idle, then SIGTERM.
        time.sleep(0.5)
        _, took = hubtest.terminate(server)
        checks.check(server.returncode == 0 and took < 1.0, "SIGTERM when idle ends it within a second, status 0",
                     "status %s after %.2f s" % (server.returncode, took))
    finally:
        if server.poll() is None:
            hubtest.kill_group(server)
        rest = hubtest.finish(server)
        text = "".join(log) + (rest.stderr or "")
        secret = feed[len("/feed/"):-len(".ics")]
        checks.check(token not in text and secret not in text, "the log names neither the token nor the feed's secret")
        checks.check(" GET /feed/… 304 " in text or " GET /feed/… 200 " in text, "the log shows the feed's requests without the secret",
                     text[-600:])
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
