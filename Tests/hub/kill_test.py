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
- the lock: a run reading a slow source (a codec plugin, found through TRACKPORT_PLUGIN_PATH,
  that waits for a signal file) holds it; a second `hub run` exits 75 at once, `hub run --wait`
  waits and then completes; the source is journaled once.
- a truncated Loop backup and a truncated Table Habit export among good files: the run exits 0,
  both are journaled as refused with an error diagnostic (the JSON one located by line and
  column) and change nothing, and the good files are imported.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

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

def xandikos_python():
    """A Python that imports xandikos: this one, else TRACKPORT_PYTHON's; or None."""
    for python in (sys.executable, os.environ.get("TRACKPORT_PYTHON")):
        if python and subprocess.run([python, "-c", "import xandikos"], capture_output=True, timeout=30).returncode == 0:
            return python
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_xandikos(python, folder, servers):
    """A Xandikos server with no logins on a free loopback port; (collection URL, its folder)."""
    port = free_port()
    os.makedirs(folder)
    log = open(os.path.join(folder, "server.log"), "w")
    server = subprocess.Popen([python, "-m", "xandikos", "serve", "--defaults", "-d", os.path.join(folder, "data"),
                               "-l", "127.0.0.1", "-p", str(port), "--no-detect-systemd"],
                              stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    servers.append(server)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return "http://127.0.0.1:%d/user/calendars/calendar/" % port, os.path.join(folder, "data", "user", "calendars", "calendar")
        except OSError:
            time.sleep(0.1)
    with open(os.path.join(folder, "server.log")) as f:
        raise RuntimeError("xandikos did not listen: " + f.read()[-500:])


def stored_objects(folder):
    return sorted(n for n in os.listdir(folder) if not n.startswith(".") and os.path.isfile(os.path.join(folder, n)))


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
        self.checks.check(result.returncode == 0, "%s: hub init%s" % (name, " with a CalDAV output" if push_url else ""),
                          result.said())
        return hub, out

    def state(self, hub):
        """(sha256 of the history, the journal without times and with the hub's folder as <HUB>)."""
        history = hubtest.sha256_file(hubtest.history_path(hub))
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
        reference = self.clean_reference("reference")
        push_reference = None
        python = xandikos_python()
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
                    ref_url, ref_calendar = start_xandikos(python, os.path.join(self.work, "caldav-reference"), self.servers)
                    push_url, calendar = start_xandikos(python, os.path.join(self.work, "caldav-" + point), self.servers)
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

PLUGIN = r'''#!%(python)s
# A codec plugin whose decode takes its time: it says it started (HUBSLOW_STARTED) and waits
# for HUBSLOW_GO (at most 30 s), then gives back its input, a canonical dataset.
import json, os, sys, time
DESCRIPTOR = {"protocol": 1, "id": "hubslow", "name": "Slow test source", "version": "1",
              "extensions": ["hubslow"], "reads": True, "writes": False}
if sys.argv[1:2] == ["describe"]:
    print(json.dumps(DESCRIPTOR))
    sys.exit(0)
if sys.argv[1:2] == ["decode"]:
    data = sys.stdin.buffer.read()
    open(os.environ["HUBSLOW_STARTED"], "w").close()
    deadline = time.time() + 30
    while not os.path.exists(os.environ["HUBSLOW_GO"]) and time.time() < deadline:
        time.sleep(0.05)
    sys.stdout.buffer.write(data)
    sys.exit(0)
sys.exit(64)
'''


def lock_test(binary, work, checks):
    base = os.path.join(work, "lock")
    plugins, src, hub = (os.path.join(base, n) for n in ("plugins", "src", "hub"))
    os.makedirs(plugins)
    os.makedirs(src)
    plugin = os.path.join(plugins, "trackport-codec-hubslow")
    with open(plugin, "w") as f:
        f.write(PLUGIN % {"python": sys.executable})
    os.chmod(plugin, 0o755)
    dataset = os.path.join(base, "slow.trackport.json")
    made = hubtest.run([binary, "generate", "--trackers", "2", "--days", "20", "--seed", "7", "-o", dataset, "--quiet"])
    if not checks.check(made.returncode == 0, "lock: trackport generate makes the slow source", made.said()):
        return
    source = os.path.join(src, "slow.hubslow")
    shutil.copy(dataset, source)
    started, go = os.path.join(base, "started"), os.path.join(base, "go")
    env = {"TRACKPORT_PLUGIN_PATH": plugins, "HUBSLOW_STARTED": started, "HUBSLOW_GO": go}
    init = hubtest.run([binary, "hub", "init", hub, "--source", source, "--from", "hubslow"], env=env)
    if not checks.check(init.returncode == 0, "lock: hub init with a plugin source", init.said()):
        return
    first = hubtest.spawn([binary, "hub", "run", hub], env=env)
    waiting = None
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(started) and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if not checks.check(os.path.exists(started) and first.poll() is None,
                            "lock: run 1 is reading the slow source (and so holds the lock)",
                            "run 1 %s" % ("ended: " + hubtest.finish(first).said() if first.poll() is not None else "never read it")):
            return
        second = hubtest.run([binary, "hub", "run", hub], env=env, timeout=20)
        checks.check(second.returncode == 75 and second.seconds < 10 and first.poll() is None,
                     "lock: a second run exits 75 at once (%.1f s) while run 1 holds the lock" % second.seconds,
                     second.said())
        waiting = hubtest.spawn([binary, "hub", "run", hub, "--wait"], env=env)
        time.sleep(1.5)
        checks.check(waiting.poll() is None, "lock: hub run --wait waits while run 1 holds the lock",
                     "it ended: " + hubtest.finish(waiting).said() if waiting.poll() is not None else "")
        open(go, "w").close()
        one = hubtest.finish(first)
        checks.check(one.returncode == 0, "lock: run 1 completes once the source is read", one.said())
        three = hubtest.finish(waiting)
        checks.check(three.returncode == 0, "lock: the waiting run then completes", three.said())
    finally:
        open(go, "w").close()
        for process in (first, waiting):
            if process is not None and process.poll() is None:
                hubtest.kill_group(process)
                process.wait()
    try:
        entries = hubtest.journal(binary, hub)
        want, _, _ = hubtest.completions(dataset)
        have, _, problems = hubtest.completions(hubtest.history_path(hub))
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        checks.check(False, "lock: the hub reads after the runs", str(error))
        return
    checks.check(len(entries) == 1 and entries[0].get("status") == "imported" and have == want and not problems,
                 "lock: the source is journaled once, imported, and the history holds its %d completions" % len(want),
                 "journal %s; %s" % ([(e.get("file"), e.get("status")) for e in entries],
                                     hubtest.describe_difference(have, want)))


# ---------------------------------------------------------------------------------------------

def located(diagnostic):
    """(line, column) of a diagnostic, flat (`line`, `column`) or under `location`."""
    if not isinstance(diagnostic, dict):
        return None, None
    place = diagnostic.get("location") if isinstance(diagnostic.get("location"), dict) else diagnostic
    return place.get("line"), place.get("column")


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
                good.append(path)
    for day, kind in ((4, "loop"), (3, "tablehabit")):
        for folder, name, data, _ in simulation.files(day):
            if folder == kind:
                path = os.path.join(src, name)
                with open(path, "wb") as f:
                    f.write(data[:len(data) // 2 if kind == "tablehabit" else 8192])
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
        errors = [d for d in entry.get("diagnostics") or [] if isinstance(d, dict) and d.get("severity") == "error"]
        checks.check(entry.get("status") == "refused" and errors and entry.get("before") == entry.get("after"),
                     "corrupt: the truncated %s is journaled as refused with an error diagnostic, changing nothing" % kind,
                     json.dumps(entry)[:600])
        if kind == "tablehabit":
            line, column = located(errors[0]) if errors else (None, None)
            checks.check(isinstance(line, int) and line >= 1 and isinstance(column, int) and column >= 1,
                         "corrupt: the truncated JSON's diagnostic has its line and column (%s:%s)" % (line, column),
                         json.dumps(errors)[:400])
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
