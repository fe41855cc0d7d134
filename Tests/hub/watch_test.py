#!/usr/bin/env python3
"""`trackport hub watch` as a sync tool meets it (issue 40, "watch"):

- a file written in pieces under Syncthing's temporary name, then renamed, is taken once, whole;
- 100 files dropped at once are all taken, each once;
- the watcher survives its folder being removed and made again;
- SIGTERM stops it within a second when idle, with status 0.

    Tests/hub/watch_test.py path/to/trackport [--keep]

Every wait is bounded; prints one line per check and `N passed, M failed`. Standard library only.
"""
import json
import os
import shutil
import sys
import tempfile
import time

import hubtest

WAIT = 30   # seconds for the watcher to take what was dropped


def dataset(name, day):
    return hubtest.one_habit(name, day)


def payload(name, day):
    return (json.dumps(dataset(name, day), ensure_ascii=False, indent=2) + "\n").encode()


def wait_for(binary, hub, count, timeout=WAIT):
    """The journal once it has `count` entries (or what it has when the time is up)."""
    deadline = time.monotonic() + timeout
    entries = []
    while time.monotonic() < deadline:
        entries = hubtest.journal(binary, hub) or []
        if len(entries) >= count:
            time.sleep(0.5)   # nothing more may come
            return hubtest.journal(binary, hub) or entries
        time.sleep(0.2)
    return entries


def main():
    binary = os.path.abspath(sys.argv[1])
    keep = "--keep" in sys.argv
    checks = hubtest.Checks()
    work = tempfile.mkdtemp(prefix="trackport-hub-watch-")
    os.environ["TMPDIR"] = work
    inbox = os.path.join(work, "inbox")
    os.mkdir(inbox)
    hub = os.path.join(work, "hub")
    made = hubtest.run([binary, "hub", "init", hub, "--source", inbox + "/*.json", "--settle", "1s", "--output", "history.ics"])
    checks.check(made.returncode == 0, "hub init exits 0", made.said())
    watch = hubtest.spawn([binary, "hub", "watch", hub])
    try:
        time.sleep(1.5)
        checks.check(watch.poll() is None, "hub watch stays running")

        # Syncthing: the file written in pieces under its temporary name, then renamed.
        whole = payload("Stretch", "2026-03-01")
        temporary = os.path.join(inbox, ".syncthing.stretch.json.tmp")
        with open(temporary, "wb") as f:
            f.write(whole[: len(whole) // 2])
            f.flush()
            time.sleep(1.5)   # longer than settle: a half file must still not be read
            f.write(whole[len(whole) // 2:])
        os.rename(temporary, os.path.join(inbox, "stretch.json"))
        entries = wait_for(binary, hub, 1)
        checks.check(len(entries) == 1, "the renamed file is taken once", json.dumps(entries)[:500])
        checks.check(bool(entries) and entries[0]["status"] == "imported" and entries[0]["hash"] == hubtest.sha256_bytes(whole)
                     and entries[0]["file"].endswith("/stretch.json"),
                     "it is taken whole, under its final name", json.dumps(entries)[:500])

        # 100 files at once: made beside the inbox, renamed in together.
        staging = os.path.join(work, "staging")
        os.mkdir(staging)
        names = []
        for i in range(100):
            name = "drop-%03d.json" % i
            with open(os.path.join(staging, name), "wb") as f:
                f.write(payload("Habit %03d" % i, "2026-03-%02d" % (1 + i % 28)))
            names.append(name)
        for name in names:
            os.rename(os.path.join(staging, name), os.path.join(inbox, name))
        entries = wait_for(binary, hub, 101)
        taken = [os.path.basename(e["file"]) for e in entries if e["status"] == "imported"]
        checks.check(sorted(taken) == sorted(names + ["stretch.json"]), "100 files dropped at once are all taken",
                     "%d entries, %d imported" % (len(entries), len(taken)))
        checks.check(len(taken) == len(set(taken)), "each once")
        history, _names, problems = hubtest.completions(hubtest.history_path(hub))
        checks.check(len(history) == 101 and not problems, "the history holds their 101 days, none twice", "%d %s" % (len(history), problems))

        # The folder removed and made again, then a file written into it.
        shutil.rmtree(inbox)
        time.sleep(1.0)
        os.mkdir(inbox)
        time.sleep(1.0)
        with open(os.path.join(inbox, "after.json"), "wb") as f:
            f.write(payload("Walk", "2026-04-01"))
        entries = wait_for(binary, hub, 102)
        checks.check(any(e["file"].endswith("/after.json") for e in entries), "a folder removed and made again is watched again",
                     "%d entries" % len(entries))
        checks.check(watch.poll() is None, "hub watch is still running")

        # Idle, then SIGTERM.
        time.sleep(1.5)
        _, took = hubtest.terminate(watch)
        checks.check(watch.returncode == 0 and took < 1.0, "SIGTERM stops it within a second when idle, status 0",
                     "status %s after %.2f s" % (watch.returncode, took))
    finally:
        if watch.poll() is None:
            hubtest.kill_group(watch)
        out = hubtest.finish(watch)
        if checks.failed:
            print((out.stderr or "")[-2000:])
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
