"""`trackport hub run` under faults (issue 40, "Done means": kill -9, and the faults list).

    kill_test.py BIN [--seed N] [--keep]

- kill -9 at each of the five points (TRACKPORT_HUB_KILL_AT = reading, merging, writing-history,
  writing-outputs, pushing): a hub whose first run took days 0-1 of Tests/Oracles/hub_simulation.py
  runs again with days 2-6 added and the point set. The run must die by SIGKILL; the history's
  bytes (sha256) and the journal (`hub log --format json`, without the entries' `time`) must be
  those before the run or those a clean run reaches in a hub made the same way; the next clean
  run exits 0 and reaches the clean run's history and journal, and its outputs (the canonical
  JSON and the Table Habit file) have the clean run's bytes. The `pushing` point needs a CalDAV
  output: a Xandikos server on loopback (the venv's, Tests/requirements.txt) for each of the two
  hubs; the calendar then holds the same objects as the clean run's. Without Xandikos that
  point is skipped (a failure under CI).
- the lock: a run over a large source is stopped (SIGSTOP) once /proc/locks shows it holding a
  lock on the hub's store/lock; a second `hub run` exits 75 at once, `hub run --wait` waits, and
  both complete once the first is continued; the source is journaled once.
- a truncated Loop backup and a truncated Table Habit export among good files: the run exits 0,
  both are journaled as refused with an error diagnostic (the JSON one located by line and
  column) and change nothing, and the good files are imported.
"""
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback

import hubtest
from hubtest import sim

POINTS = ("reading", "merging", "writing-history", "writing-outputs", "pushing")
PHASE1 = range(0, 2)
PHASE2 = range(2, 7)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    binary = os.path.abspath(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else sim.DEFAULT_SEED
    checks = hubtest.Checks()
    if not hubtest.fixtures_or_skip(checks):
        return checks.finish()
    work = tempfile.mkdtemp(prefix="hubsim-kill-")
    scratch = os.path.join(work, "tmp")
    os.makedirs(scratch)
    os.environ["TMPDIR"] = scratch          # what a killed run leaves there goes with the test's folder
    servers = []
    try:
        Kills(binary, seed, work, checks, servers).run()
        left = sorted(os.listdir(scratch))
        if left:
            checks.note("the killed runs left %d item(s) in TMPDIR: %s" % (len(left), left[:5]))
        lock_test(binary, work, checks)
        corrupt_test(binary, seed, work, checks)
    except Exception:  # a bug of the test or a hub that answers nothing expected: still a summary
        checks.check(False, "the kill tests ran to the end", traceback.format_exc()[-1500:])
    finally:
        for server in servers:
            hubtest.kill_group(server)
            server.wait()
        if "--keep" in sys.argv:
            print("kept " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


# ---------------------------------------------------------------------------------------------

def stored_objects(folder):
    return sorted(n for n in os.listdir(folder) if not n.startswith(".") and os.path.isfile(os.path.join(folder, n)))


class Stop(Exception):
    pass


class Kills:
    def __init__(self, binary, seed, work, checks, servers):
        self.binary, self.seed, self.work, self.checks, self.servers = binary, seed, work, checks, servers
        self.src = os.path.join(work, "src")
        self.patterns = [os.path.join(self.src, "loop", "Loop Habits Backup *.db"),
                         os.path.join(self.src, "tablehabit", "export-all-*.json"),
                         os.path.join(self.src, "habitica", "habitica-user-data.json")]
        self.simulation = sim.Simulation(seed)

    def sources(self, days):
        """The source folders holding exactly what the simulation wrote on `days` (from day 0:
        the same paths and bytes every time)."""
        shutil.rmtree(self.src, ignore_errors=True)
        for day in range(0, max(days) + 1):
            self.simulation.write_day(day, self.src, archive=os.path.join(self.work, "archive"))

    def make_hub(self, name, push_url=None):
        hub = os.path.join(self.work, name)
        out = os.path.join(self.work, name + "-out")
        os.makedirs(out)
        args = [self.binary, "hub", "init", hub,
                "--source", self.patterns[0],
                "--source", self.patterns[1], "--from", "tablehabit",
                "--source", self.patterns[2], "--from", "habitica",
                "--output", os.path.join(out, "history-copy.trackport.json"),
                "--output", os.path.join(out, "phone.tablehabit.json"), "--to", "tablehabit"]
        if push_url:
            args += ["--output", push_url]
        result = hubtest.run(args)
        if not self.checks.check(result.returncode == 0, "%s: hub init%s" % (name, " with a CalDAV output" if push_url else ""),
                                 result.said()):
            raise Stop()
        return hub, out

    def state(self, hub):
        """(sha256 of the history, the journal without times and with the hub's folder as <HUB>)."""
        try:
            history = hubtest.sha256_file(hubtest.history_path(hub))
        except OSError as error:
            history = "no history (%s)" % error.strerror
        code, text = hubtest.journal_text(self.binary, hub)
        if code != 0:
            return history, "hub log failed (exit %s)" % code
        try:
            entries = json.loads(text)
            for e in entries:
                e.pop("time", None)
            text = json.dumps(entries, sort_keys=True).replace(hub, "<HUB>")
        except (ValueError, AttributeError, TypeError) as error:
            return history, "hub log printed no journal (%s)" % error
        return history, text

    def outputs(self, out):
        return {name: hubtest.sha256_file(os.path.join(out, name)) for name in sorted(os.listdir(out))}

    def clean_reference(self, name, push_url=None):
        self.sources(PHASE1)
        hub, out = self.make_hub(name, push_url)
        first = hubtest.run([self.binary, "hub", "run", hub])
        self.checks.check(first.returncode == 0, "%s: a clean run over days 0-1 exits 0" % name, first.said())
        before = self.state(hub)
        self.sources(PHASE2)
        second = hubtest.run([self.binary, "hub", "run", hub])
        self.checks.check(second.returncode == 0, "%s: a clean run with days 2-6 added exits 0" % name, second.said())
        after = self.state(hub)
        self.checks.check(before != after, "%s: the second run changes the history and the journal" % name)
        return before, after, self.outputs(out)

    def run(self):
        try:
            self.points()
        except Stop:
            self.checks.note("the kill tests stop: a hub could not be made")

    def points(self):
        reference = self.clean_reference("reference")
        push_reference = None
        python = hubtest.xandikos_python()
        if python is None:
            if os.environ.get("CI"):
                self.checks.check(False, "xandikos is importable for the pushing point (run with the venv's python)")
            else:
                self.checks.note("xandikos is not importable (run with the venv's python): the pushing point is skipped")
        for point in POINTS:
            push_url = calendar = None
            if point == "pushing":
                if python is None:
                    continue
                try:
                    ref_url, ref_calendar = hubtest.start_xandikos(python, os.path.join(self.work, "caldav-reference"), self.servers)
                    push_url, calendar = hubtest.start_xandikos(python, os.path.join(self.work, "caldav-" + point), self.servers)
                except RuntimeError as error:
                    self.checks.check(False, "xandikos starts", str(error))
                    continue
                push_reference = self.clean_reference("reference-push", ref_url)
                before, after, outputs = push_reference
            else:
                before, after, outputs = reference
            name = "kill-" + point
            self.sources(PHASE1)
            hub, out = self.make_hub(name, push_url)
            first = hubtest.run([self.binary, "hub", "run", hub])
            self.checks.check(first.returncode == 0 and self.state(hub) == before,
                              "%s: a clean first run reaches the reference's history and journal" % name, first.said())
            self.sources(PHASE2)
            killed = hubtest.run([self.binary, "hub", "run", hub], env={"TRACKPORT_HUB_KILL_AT": point})
            self.checks.check(killed.returncode == -9, "%s: the run died by SIGKILL at %s" % (name, point),
                              killed.said() + (" (the point was never reached)" if killed.returncode == 0 else ""))
            now = self.state(hub)
            which = "before" if now == before else "after" if now == after else None
            self.checks.check(which is not None, "%s: history and journal are those %s the run"
                              % (name, which or "before or after"),
                              "history %s (before %s, after %s); journal %s" % (
                                  now[0][:12], before[0][:12], after[0][:12],
                                  "before" if now[1] == before[1] else "after" if now[1] == after[1] else now[1][:300]))
            again = hubtest.run([self.binary, "hub", "run", hub])
            self.checks.check(again.returncode == 0 and self.state(hub) == after,
                              "%s: the next clean run exits 0 and reaches the clean run's history and journal" % name,
                              again.said() + (" history %s, want %s" % (self.state(hub)[0][:12], after[0][:12])))
            have = self.outputs(out)
            self.checks.check(have == outputs, "%s: the outputs then have the clean run's bytes" % name,
                              "have %s, want %s" % (have, outputs))
            if calendar:
                mine, theirs = stored_objects(calendar), stored_objects(ref_calendar)
                self.checks.check(mine == theirs and mine, "%s: the calendar holds the clean run's %d objects"
                                  % (name, len(theirs)), "%d objects, want %d" % (len(mine), len(theirs)))


# ---------------------------------------------------------------------------------------------

def lock_holders(path):
    """Process ids holding a lock on the file `path` (/proc/locks), or None without /proc/locks."""
    try:
        with open("/proc/locks") as f:
            lines = f.read().splitlines()
        inode = os.stat(path).st_ino
    except OSError:
        return None if not os.path.exists("/proc/locks") else set()
    holders = set()
    for line in lines:
        fields = line.split()
        if "->" in fields:      # a waiter, not a holder
            continue
        for i, field in enumerate(fields):
            if field.count(":") == 2 and i > 0:
                if field.rsplit(":", 1)[1] == str(inode):
                    holders.add(int(fields[i - 1]))
                break
    return holders


def lock_test(binary, work, checks):
    """Two runs at once. Run 1 (a large source, so that it runs a while) is stopped with SIGSTOP
    once /proc/locks shows it holding a lock on the hub's store/lock; then a second run must
    exit 75 and a --wait run must wait until run 1 is continued and ends."""
    if not os.path.exists("/proc/locks"):
        checks.note("lock: no /proc/locks here: the lock test is skipped")
        return
    base = os.path.join(work, "lock")
    src, hub = os.path.join(base, "src"), os.path.join(base, "hub")
    os.makedirs(src)
    source = os.path.join(src, "big.trackport.json")
    made = hubtest.run([binary, "generate", "--trackers", "150", "--days", "1500", "--seed", "7", "-o", source, "--quiet"])
    if not checks.check(made.returncode == 0, "lock: trackport generate makes a large source", made.said()):
        return
    landed = time.time() - 3600
    os.utime(source, (landed, landed))
    init = hubtest.run([binary, "hub", "init", hub, "--source", source])
    if not checks.check(init.returncode == 0, "lock: hub init", init.said()):
        return
    lock = os.path.join(hub, "store", "lock")
    first = waiting = None
    try:
        first = hubtest.spawn([binary, "hub", "run", hub])
        caught = False
        deadline = time.monotonic() + 30
        while first.poll() is None and time.monotonic() < deadline:
            if os.path.exists(lock) and first.pid in (lock_holders(lock) or set()):
                os.kill(first.pid, signal.SIGSTOP)
                caught = first.pid in (lock_holders(lock) or set())
                break
            time.sleep(0.002)
        if not checks.check(caught, "lock: run 1 is stopped while it holds the hub's lock",
                            "run 1 %s" % ("ended first: " + hubtest.finish(first).said() if first.poll() is not None
                                          else "was not seen holding %s (holders %s)" % (lock, lock_holders(lock)))):
            return
        second = hubtest.run([binary, "hub", "run", hub], timeout=20)
        checks.check(second.returncode == 75 and second.seconds < 10,
                     "lock: a second run exits 75 at once (%.1f s) while run 1 holds the lock" % second.seconds,
                     second.said())
        waiting = hubtest.spawn([binary, "hub", "run", hub, "--wait"])
        time.sleep(1.5)
        checks.check(waiting.poll() is None, "lock: hub run --wait waits while run 1 holds the lock",
                     "it ended: " + hubtest.finish(waiting).said() if waiting.poll() is not None else "")
        os.kill(first.pid, signal.SIGCONT)
        one = hubtest.finish(first)
        checks.check(one.returncode == 0, "lock: run 1, continued, completes", one.said())
        three = hubtest.finish(waiting)
        checks.check(three.returncode == 0, "lock: the waiting run then completes", three.said())
    finally:
        for process in (first, waiting):
            if process is not None and process.poll() is None:
                os.kill(process.pid, signal.SIGCONT)
                hubtest.kill_group(process)
                process.wait()
    try:
        entries = hubtest.journal(binary, hub)
        want = set(hubtest.read_dataset(source)[1])
        have = hubtest.read_dataset(hubtest.history_path(hub))[1]
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        checks.check(False, "lock: the hub reads after the runs", str(error))
        return
    checks.check(len(entries) == 1 and entries[0].get("status") == "imported" and set(have) == want
                 and len(have) == len(want),
                 "lock: the source is journaled once, imported, and the history holds its %d records" % len(want),
                 "journal %s; %d records, %d distinct, want %d" % ([(e.get("file"), e.get("status")) for e in entries],
                                                                  len(have), len(set(have)), len(want)))


# ---------------------------------------------------------------------------------------------

DIAGNOSTIC_TEXT = re.compile(r"^(?P<place>.*?): (?P<severity>error|warning|note): (?P<message>.*)$", re.S)
PLACE = re.compile(r"^(?P<file>.*?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?(?: \((?P<what>[^)]*)\))?$", re.S)


def diagnostic_fields(diagnostic):
    """{severity, file, line, column, message} of a journaled diagnostic: an object (flat, as
    `validate --format json` writes one, or with a `location`), or the CLI's text
    `path:line:col: error: message [code]` (DESIGN.md §3)."""
    if isinstance(diagnostic, dict):
        place = diagnostic.get("location") if isinstance(diagnostic.get("location"), dict) else diagnostic
        return {"severity": diagnostic.get("severity"), "file": place.get("file") or diagnostic.get("file"),
                "line": place.get("line"), "column": place.get("column"), "message": diagnostic.get("message")}
    if isinstance(diagnostic, str):
        text = DIAGNOSTIC_TEXT.match(diagnostic.splitlines()[0] if diagnostic else "")
        if text:
            place = PLACE.match(text.group("place"))
            return {"severity": text.group("severity"), "file": place.group("file"),
                    "line": int(place.group("line")) if place.group("line") else None,
                    "column": int(place.group("column")) if place.group("column") else None,
                    "message": text.group("message")}
    return {"severity": None, "file": None, "line": None, "column": None, "message": None}


def corrupt_test(binary, seed, work, checks):
    base = os.path.join(work, "corrupt")
    src, hub = os.path.join(base, "src"), os.path.join(base, "hub")
    os.makedirs(src)
    simulation = sim.Simulation(seed)
    good, bad = [], {}
    for day, kind in ((5, "loop"), (6, "tablehabit")):
        for folder, name, data, _ in simulation.files(day):
            if folder == kind:
                path = os.path.join(src, name)
                with open(path, "wb") as f:
                    f.write(data)
                os.utime(path, (time.time() - 3600,) * 2)       # landed an hour ago
                good.append(path)
    for day, kind in ((4, "loop"), (3, "tablehabit")):
        for folder, name, data, _ in simulation.files(day):
            if folder == kind:
                path = os.path.join(src, name)
                with open(path, "wb") as f:
                    f.write(data[:len(data) // 2 if kind == "tablehabit" else 8192])
                os.utime(path, (time.time() - 3600,) * 2)
                bad[path] = kind
    init = hubtest.run([binary, "hub", "init", hub, "--source", os.path.join(src, "Loop Habits Backup *.db"),
                        "--source", os.path.join(src, "export-all-*.json"), "--from", "tablehabit"])
    if not checks.check(init.returncode == 0, "corrupt: hub init", init.said()):
        return
    result = hubtest.run([binary, "hub", "run", hub])
    checks.check(result.returncode == 0, "corrupt: the run with two truncated sources among good ones exits 0", result.said())
    try:
        entries = hubtest.journal(binary, hub)
        have, _, problems = hubtest.completions(hubtest.history_path(hub))
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        checks.check(False, "corrupt: the hub reads after the run", str(error))
        return
    by_file = {e.get("file"): e for e in entries}
    for path, kind in sorted(bad.items()):
        entry = by_file.get(path) or {}
        errors = [f for f in map(diagnostic_fields, entry.get("diagnostics") or []) if f["severity"] == "error"]
        checks.check(entry.get("status") == "refused" and errors and entry.get("before") == entry.get("after"),
                     "corrupt: the truncated %s is journaled as refused with an error diagnostic, changing nothing" % kind,
                     json.dumps(entry)[:600])
        named = [f for f in errors if f["file"] in (path, os.path.basename(path))]
        checks.check(bool(named), "corrupt: its error names the file", json.dumps(entry.get("diagnostics"))[:400])
        if kind == "tablehabit":
            line, column = (named or errors or [{"line": None, "column": None}])[0]["line"], \
                (named or errors or [{"line": None, "column": None}])[0]["column"]
            checks.check(isinstance(line, int) and line >= 1 and isinstance(column, int) and column >= 1,
                         "corrupt: the truncated JSON's error has its line and column (%s:%s)" % (line, column),
                         json.dumps(entry.get("diagnostics"))[:400])
    want = set()
    for path in good:
        entry = by_file.get(path) or {}
        checks.check(entry.get("status") == "imported", "corrupt: the good %s is imported" % os.path.basename(path),
                     json.dumps(entry)[:300])
        want |= {(sim.normalized(n), d) for n, d in (sim.count_loop(path) if path.endswith(".db")
                                                      else sim.count_tablehabit(path))[1]}
    checks.check(have == want and not problems, "corrupt: the history holds the good files' %d completions" % len(want),
                 hubtest.describe_difference(have, want) + " " + "; ".join(problems))


if __name__ == "__main__":
    sys.exit(main())
