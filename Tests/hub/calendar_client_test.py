#!/usr/bin/env python3
"""A hub's CalDAV output as real calendar clients see it (issue 40, "A real calendar client":
"`vdirsyncer` and `khal` syncing the CalDAV output from Radicale show the same events for a
week as `trackport agenda`"):

- Radicale from the venv on a free loopback port, with an htpasswd login (plain, as
  Tests/TrackerTestSupport/CalDAVServer.swift starts it) and its calendar collection made on
  disk before it starts, as CalDAVServer.swift makes it (`collection-root/USER/calendar/` with
  `.Radicale.props` `{"tag": "VCALENDAR"}`, Radicale's documented storage layout);
- a hub whose source is SampleData/demo.trackport.json in an inbox and whose output is that
  collection (user and password-file in hub.toml): `hub run` exits 0 and says it pushed;
- vdirsyncer (a caldav storage of the collection, `collections = null`, and a filesystem
  storage) `discover` and `sync` it into a folder, which then holds every object the server
  lists; khal over that folder (`khal list --json ...`, time zone UTC, `TZ=UTC`) lists each
  day of two weeks: 2026-05-28..06-03, in which a habit starts (Медитация, created on
  2026-06-01), and 2026-11-30..12-06, which holds a dated event (Сходить к врачу, 12-03);
- for each day, the events khal lists (UID and title) are the cards `trackport agenda DATASET
  --date DAY --json` shows that the calendar holds as events: habits with weekdays (recurring
  all-day VEVENTs, SUMMARY "emoji name") and dated events (one all-day VEVENT). Left out of
  the comparison, since the calendar holds them as VTODOs and `khal list` shows no to-dos:
  undated events and habits without weekdays (docs/ics-format.md, "Writing"); and a card
  agenda marks skipped, which the calendar leaves out of its recurrence (EXDATE; the demo has
  none). Whether a card is done does not matter: the calendar shows planned days. Every event
  khal lists is all-day, on one day;
- a second `hub run` with nothing new pushes nothing: the collection's ETags (PROPFIND
  getetag, the collection's own included) are the same before and after, and a second
  `vdirsyncer sync` has nothing to copy.

    Tests/hub/calendar_client_test.py path/to/trackport [--keep]

Needs radicale, vdirsyncer and khal in the venv (`make venv`: Tests/requirements.txt); this
Python's, else TRACKPORT_PYTHON's. Traffic goes to 127.0.0.1 only. Prints one line per check
and `N passed, M failed`; the temporary folder is removed at the end unless --keep.
"""
import base64
import datetime
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import xml.etree.ElementTree as ET

import hubtest

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.join(os.path.dirname(os.path.dirname(HERE)), "SampleData", "demo.trackport.json")
USER = "tester"
PASSWORD = "tester-secret"
WEEKS = ("2026-05-28", "2026-11-30")
TIMEOUT = 30          # seconds for any one command here


def module_python(module):
    """A Python that imports `module`: this one, else TRACKPORT_PYTHON's; or None."""
    for python in (sys.executable, os.environ.get("TRACKPORT_PYTHON")):
        if python and subprocess.run([python, "-c", "import " + module], capture_output=True, timeout=30).returncode == 0:
            return python
    return None


def program(name):
    """The venv's `name` (beside this Python or TRACKPORT_PYTHON), else the one on PATH (Debian's
    package); or None."""
    for python in (sys.executable, os.environ.get("TRACKPORT_PYTHON")):
        if python:
            candidate = os.path.join(os.path.dirname(python), name)
            if os.access(candidate, os.X_OK):
                return candidate
    return shutil.which(name)


def start_radicale(python, folder, servers):
    """Radicale on a free loopback port with one htpasswd user, its calendar made on disk, as
    CalDAVServer.swift does it; appended to `servers`. Returns (port, collection path)."""
    port = hubtest.free_port()
    os.makedirs(folder)
    users = os.path.join(folder, "users")
    with open(users, "w") as f:
        f.write("%s:%s\n" % (USER, PASSWORD))
    os.chmod(users, 0o600)
    collections = os.path.join(folder, "collections")
    calendar = os.path.join(collections, "collection-root", USER, "calendar")
    os.makedirs(calendar)
    with open(os.path.join(calendar, ".Radicale.props"), "w") as f:
        f.write('{"tag": "VCALENDAR"}')
    config = os.path.join(folder, "radicale.conf")
    with open(config, "w") as f:
        f.write("# Written by calendar_client_test.py.\n"
                "[server]\nhosts = 127.0.0.1:%d\n"
                "[auth]\ntype = htpasswd\nhtpasswd_filename = %s\nhtpasswd_encryption = plain\ndelay = 0.1\n"
                "[rights]\ntype = owner_only\n"
                "[storage]\nfilesystem_folder = %s\n"
                "[web]\ntype = none\n"
                "[logging]\nlevel = warning\nmask_passwords = True\n" % (port, users, collections))
    log_path = os.path.join(folder, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen([python, "-m", "radicale", "--config", config], stdin=subprocess.DEVNULL, stdout=log,
                              stderr=log, start_new_session=True, cwd=folder)
    log.close()
    servers.append(server)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and server.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return port, "/%s/calendar/" % USER
        except OSError:
            time.sleep(0.1)
    with open(log_path, errors="replace") as f:
        raise RuntimeError("radicale did not listen on 127.0.0.1:%d: %s" % (port, f.read()[-800:]))


def etags(port, path):
    """{href: getetag} of the collection and every object in it (PROPFIND, Depth 1)."""
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>')
    auth = base64.b64encode(("%s:%s" % (USER, PASSWORD)).encode()).decode()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("PROPFIND", path, body=body.encode(), headers={
            "Depth": "1", "Content-Type": "application/xml; charset=utf-8", "Authorization": "Basic " + auth})
        answer = connection.getresponse()
        data = answer.read()
    finally:
        connection.close()
    if answer.status != 207:
        raise RuntimeError("PROPFIND %s: %s %s" % (path, answer.status, data[:300]))
    result = {}
    for response in ET.fromstring(data).iter("{DAV:}response"):
        href = urllib.parse.unquote(response.findtext("{DAV:}href") or "")
        result[href] = response.findtext(".//{DAV:}getetag")
    return result


def khal_days(khal, config, start, env):
    """{day: [event]} of the 7 days from `start` as `khal list` shows them, each event a dict of
    uid, title, start-date, end-date, all-day and repeat-pattern. Raises with what it said."""
    fields = ("uid", "title", "start-date", "end-date", "all-day", "repeat-pattern")
    args = [khal, "-c", config, "list"]
    for field in fields:
        args += ["--json", field]
    result = hubtest.run(args + [start, "7d"], env=env, timeout=TIMEOUT)
    if result.returncode != 0:
        raise RuntimeError("khal list: " + result.said())
    days = {}
    for line in result.stdout.splitlines():   # one JSON array per day
        if line.strip():
            for event in json.loads(line):
                days.setdefault(event["start-date"], []).append(event)
    return days


def calendar_holds_as_event(tracker):
    """Whether the .ics writer makes this tracker a VEVENT (docs/ics-format.md, "Writing"): a
    habit with weekdays (recurring, all-day) or a dated event; the rest are VTODOs."""
    if tracker.get("kind") == "habit":
        return bool(tracker.get("schedule"))
    return tracker.get("kind") == "event" and bool(tracker.get("date"))


def title(card):
    return "%s %s" % (card["emoji"], card["name"]) if card.get("emoji") else card["name"]


def agenda_day(binary, dataset, day, trackers):
    """(cards the calendar holds as events {(id, title)}, names left out and why) of
    `trackport agenda DATASET --date DAY --json`."""
    result = hubtest.run([binary, "agenda", dataset, "--date", day, "--json", "--locale", "en"], timeout=TIMEOUT)
    if result.returncode != 0:
        raise RuntimeError("agenda --date %s: %s" % (day, result.said()))
    shown, left_out = set(), []
    for group in json.loads(result.stdout)["groups"]:
        for card in group["trackers"]:
            tracker = trackers.get(card["id"], {})
            if not calendar_holds_as_event(tracker):
                left_out.append("%s (a VTODO)" % card["name"])
            elif card.get("skipped"):
                left_out.append("%s (skipped: an EXDATE)" % card["name"])
            else:
                shown.add((card["id"], title(card)))
    return shown, left_out


def days_of(start):
    first = datetime.date.fromisoformat(start)
    return [(first + datetime.timedelta(days=i)).isoformat() for i in range(7)]


def main():
    binary = os.path.abspath(sys.argv[1])
    keep = "--keep" in sys.argv
    checks = hubtest.Checks()
    radicale = module_python("radicale")
    vdirsyncer, khal = program("vdirsyncer"), program("khal")
    missing = [name for name, found in (("radicale", radicale), ("vdirsyncer", vdirsyncer), ("khal", khal)) if not found]
    if not checks.check(not missing, "radicale, vdirsyncer and khal are installed (make venv)", "missing: " + ", ".join(missing)):
        return checks.finish()
    work = tempfile.mkdtemp(prefix="trackport-hub-calendar-")
    os.environ["TMPDIR"] = work
    # The clients' environment: UTC, a UTF-8 locale, no proxy, nothing read from or written
    # to the user's own configuration.
    env = {"TZ": "UTC", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "NO_PROXY": "127.0.0.1,localhost",
           "XDG_CONFIG_HOME": os.path.join(work, "xdg", "config"), "XDG_DATA_HOME": os.path.join(work, "xdg", "data"),
           "XDG_CACHE_HOME": os.path.join(work, "xdg", "cache"), "XDG_STATE_HOME": os.path.join(work, "xdg", "state")}
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        os.environ.pop(name, None)
    servers = []
    try:
        port, collection = start_radicale(radicale, os.path.join(work, "radicale"), servers)
        url = "http://127.0.0.1:%d%s" % (port, collection)
        checks.note("radicale at " + url)

        # The hub: the demo in an inbox, an hour old (a run waits `settle` for fresh files).
        inbox = os.path.join(work, "inbox")
        os.mkdir(inbox)
        source = os.path.join(inbox, "demo.trackport.json")
        shutil.copyfile(DEMO, source)
        old = time.time() - 3600
        os.utime(source, (old, old))
        password_file = os.path.join(work, "caldav-password")
        with open(password_file, "w") as f:
            f.write(PASSWORD + "\n")
        os.chmod(password_file, 0o600)
        hub = os.path.join(work, "hub")
        result = hubtest.run([binary, "hub", "init", hub, "--source", inbox, "--output", url,
                              "--option", "user=" + USER, "--option", "password-file=" + password_file], env=env)
        if not checks.check(result.returncode == 0, "hub init with the Radicale collection as output exits 0", result.said()):
            return checks.finish()
        result = hubtest.run([binary, "hub", "run", hub], env=env)
        pushed = [line for line in result.stdout.splitlines() if line.startswith("pushed ")]
        checks.check(result.returncode == 0 and pushed and "created " in pushed[0] and "created 0," not in pushed[0],
                     "hub run exits 0 and pushes to Radicale", result.said())
        if pushed:
            checks.note(pushed[0])
        on_server = etags(port, collection)
        objects = sorted(os.path.basename(h) for h in on_server if h.rstrip("/") != collection.rstrip("/"))
        checks.check(len(objects) > 0, "the collection holds the pushed objects", str(on_server)[:300])

        # vdirsyncer: the collection into a folder.
        local = os.path.join(work, "vdir", "habits")
        os.makedirs(local)
        os.makedirs(os.path.join(work, "vdirsyncer-status"))
        vconfig = os.path.join(work, "vdirsyncer.conf")
        with open(vconfig, "w") as f:
            f.write('[general]\nstatus_path = %s\n\n'
                    '[pair habits]\na = "habits_remote"\nb = "habits_local"\ncollections = null\nconflict_resolution = "a wins"\n\n'
                    '[storage habits_remote]\ntype = "caldav"\nurl = %s\nusername = %s\npassword.fetch = ["command", %s, %s]\n'
                    'read_only = true\n\n'
                    '[storage habits_local]\ntype = "filesystem"\npath = %s\nfileext = ".ics"\n'
                    % (json.dumps(os.path.join(work, "vdirsyncer-status") + "/"), json.dumps(url), json.dumps(USER),
                       json.dumps(shutil.which("cat") or "/bin/cat"), json.dumps(password_file), json.dumps(local + "/")))
        result = hubtest.run([vdirsyncer, "-c", vconfig, "discover", "habits"], env=env, timeout=TIMEOUT)
        checks.check(result.returncode == 0, "vdirsyncer discover exits 0", result.said())
        result = hubtest.run([vdirsyncer, "-c", vconfig, "sync"], env=env, timeout=TIMEOUT)
        checks.check(result.returncode == 0, "vdirsyncer sync exits 0", result.said())
        copied = sorted(name for name in os.listdir(local) if name.endswith(".ics"))
        checks.check(copied == objects, "vdirsyncer's folder holds every object the server lists (%d)" % len(objects),
                     hubtest.describe_difference(set(copied), set(objects)))

        # khal over that folder, against agenda.
        kconfig = os.path.join(work, "khal.conf")
        with open(kconfig, "w") as f:
            f.write("[calendars]\n[[habits]]\npath = %s\ntype = calendar\n\n"
                    "[locale]\ntimeformat = %%H:%%M\ndateformat = %%Y-%%m-%%d\nlongdateformat = %%Y-%%m-%%d\n"
                    "datetimeformat = %%Y-%%m-%%d %%H:%%M\nlongdatetimeformat = %%Y-%%m-%%d %%H:%%M\n"
                    "local_timezone = UTC\ndefault_timezone = UTC\nfirstweekday = 0\n\n"
                    "[sqlite]\npath = %s\n" % (local, os.path.join(work, "khal.db")))
        with open(DEMO, encoding="utf-8") as f:
            trackers = {t["id"]: t for t in json.load(f)["trackers"]}
        left_out = set()
        for week in WEEKS:
            try:
                listed = khal_days(khal, kconfig, week, env)
            except (RuntimeError, ValueError, KeyError) as error:
                checks.check(False, "khal list %s 7d" % week, str(error))
                continue
            days = days_of(week)
            stray = sorted(day for day in listed if day not in days)
            checks.check(not stray, "khal list %s 7d lists only those 7 days" % week, str(stray))
            odd = ["%s %s" % (e["start-date"], e["title"]) for events in listed.values() for e in events
                   if e["all-day"] != "True" or e["end-date"] != e["start-date"]]
            checks.check(not odd, "khal shows every event of %s's week as all-day on one day" % week, "; ".join(odd[:4]))
            for day in days:
                have = {(e["uid"], e["title"]) for e in listed.get(day, [])}
                want, skipped = agenda_day(binary, DEMO, day, trackers)
                left_out.update(skipped)
                checks.check(have == want and want, "%s: khal shows the %d events agenda plans" % (day, len(want)),
                             "khal has, agenda has not: %s; agenda has, khal has not: %s"
                             % (sorted(t for _, t in have - want), sorted(t for _, t in want - have)))
        if left_out:
            checks.note("agenda cards not compared (the calendar holds no event for them): " + ", ".join(sorted(left_out)))

        # A second run with nothing new pushes nothing.
        result = hubtest.run([binary, "hub", "run", hub], env=env)
        checks.check(result.returncode == 0 and "nothing new" in result.stdout and "pushed" not in result.stdout,
                     "a second hub run with nothing new says so and pushes nothing", result.said())
        after = etags(port, collection)
        changed = sorted(h for h in set(on_server) | set(after) if on_server.get(h) != after.get(h))
        checks.check(not changed, "the collection's ETags are the same after it (%d hrefs)" % len(after), ", ".join(changed[:5]))
        result = hubtest.run([vdirsyncer, "-c", vconfig, "sync"], env=env, timeout=TIMEOUT)
        actions = [line for line in (result.stdout + result.stderr).splitlines()
                   if line.split(" ", 1)[0] in ("Copying", "Updating", "Deleting")]
        checks.check(result.returncode == 0 and not actions, "a second vdirsyncer sync has nothing to do",
                     result.said() if result.returncode else "; ".join(actions[:4]))
    except (RuntimeError, OSError, ET.ParseError, http.client.HTTPException) as error:
        checks.check(False, "the test ran to its end", str(error))
    finally:
        for server in servers:
            hubtest.kill_group(server)
            server.wait(timeout=10)
        if keep:
            checks.note("kept " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
