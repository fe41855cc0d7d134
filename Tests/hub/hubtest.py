"""What the hub tests share (Tests/hub/*_test.py): checks that print one line each and a
summary, subprocesses with a timeout, the journal, the history as (tracker name, day) pairs,
and hashes of folders. Python standard library only."""
import glob
import hashlib
import json
import os
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Oracles"))
import hub_simulation as sim  # noqa: E402

TIMEOUT = 60          # seconds for any one command


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print("ok   " + what, flush=True)
        else:
            self.failed += 1
            print("FAIL " + what + (": " + str(detail)[:600] if detail else ""), flush=True)
        return ok

    def note(self, text):
        print("note " + text, flush=True)

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed), flush=True)
        return 1 if self.failed else 0


class Result:
    """A finished command: returncode (None when it timed out and was killed), stdout, stderr."""

    def __init__(self, returncode, stdout, stderr, seconds):
        self.returncode, self.stdout, self.stderr, self.seconds = returncode, stdout, stderr, seconds

    def said(self):
        text = (self.stderr or "") + (self.stdout or "")
        return "exit %s: %s" % ("timeout" if self.returncode is None else self.returncode, text.strip()[-1500:])


def run(args, env=None, timeout=TIMEOUT, cwd=None):
    """Runs a command (a list), its own process group, killed with its children when it
    outlives `timeout`. A child killed by a signal has returncode -SIGNAL."""
    start = time.monotonic()
    full_env = dict(os.environ)
    full_env.update(env or {})
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env, cwd=cwd,
                               text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        return Result(process.returncode, out, err, time.monotonic() - start)
    except subprocess.TimeoutExpired:
        kill_group(process)
        out, err = process.communicate()
        return Result(None, out, err, time.monotonic() - start)


def spawn(args, env=None, cwd=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env, cwd=cwd, text=True,
                            start_new_session=True)


def kill_group(process):
    """SIGKILLs a process started by `run`/`spawn` and its children (its own group, by id)."""
    try:
        os.killpg(process.pid, 9)
    except (ProcessLookupError, PermissionError):
        pass


def finish(process, timeout=TIMEOUT):
    try:
        out, err = process.communicate(timeout=timeout)
        return Result(process.returncode, out, err, 0)
    except subprocess.TimeoutExpired:
        kill_group(process)
        out, err = process.communicate()
        return Result(None, out, err, 0)


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_file(path):
    with open(path, "rb") as f:
        return sha256_bytes(f.read())


def sha_tree(*folders):
    """{path: sha256} of every file under the folders (links not followed)."""
    result = {}
    for folder in folders:
        for base, _, files in os.walk(folder):
            for name in files:
                path = os.path.join(base, name)
                if os.path.islink(path) or not os.path.isfile(path):
                    result[path] = "not a regular file"
                    continue
                result[path] = sha256_file(path)
    return result


def tree_difference(before, after):
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    return ", ".join("%s (%s)" % (p, "new" if p not in before else "gone" if p not in after else "changed")
                     for p in changed[:8])


def journal(binary, hub):
    """`hub log DIR --format json` as a list, or raises with what it said."""
    result = run([binary, "hub", "log", hub, "--format", "json"])
    if result.returncode != 0:
        raise RuntimeError("hub log: " + result.said())
    try:
        entries = json.loads(result.stdout)
    except ValueError as error:
        raise RuntimeError("hub log --format json printed no JSON (%s): %s" % (error, result.stdout[:300]))
    if not isinstance(entries, list):
        raise RuntimeError("hub log --format json is not an array")
    return entries


def journal_text(binary, hub):
    result = run([binary, "hub", "log", hub, "--format", "json"])
    return result.returncode, result.stdout


def history_path(hub):
    return os.path.join(hub, "history.trackport.json")


def read_dataset(path):
    """(normalized tracker names by id, [(trackerId, date)]) of a canonical JSON file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    names = {t["id"]: t["name"] for t in data.get("trackers", [])}
    records = [(r["trackerId"], r["date"]) for r in data.get("records", [])]
    return names, records


def completions(path):
    """The checks every reading of the history makes. Returns (pairs, problems): pairs is the
    set of (normalized tracker name, day); problems lists duplicates, dangling records and two
    trackers of one name."""
    names, records = read_dataset(path)
    problems = []
    duplicates = len(records) - len(set(records))
    if duplicates:
        problems.append("%d duplicate (trackerId, date) records" % duplicates)
    dangling = [r for r in records if r[0] not in names]
    if dangling:
        problems.append("%d records of no tracker (%s)" % (len(dangling), dangling[:2]))
    by_name = {}
    for tracker_id, name in names.items():
        by_name.setdefault(sim.normalized(name), []).append(tracker_id)
    twice = {n: ids for n, ids in by_name.items() if len(ids) > 1}
    if twice:
        problems.append("trackers of one name: %s" % twice)
    pairs = {(sim.normalized(names[t]), d) for t, d in records if t in names}
    return pairs, {sim.normalized(n) for n in names.values()}, problems


def describe_difference(have, want):
    missing = sorted(want - have)
    extra = sorted(have - want)
    return "missing %d %s, extra %d %s" % (len(missing), missing[:4], len(extra), extra[:4])


def source_files(patterns):
    """{sha256: path} of the files the source globs match now."""
    result = {}
    for pattern in patterns:
        for path in sorted(glob.glob(glob.escape(os.path.dirname(pattern)) + "/" + os.path.basename(pattern))):
            if os.path.isfile(path):
                result[sha256_file(path)] = path
    return result


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
    """A Xandikos server with no logins on a free loopback port, appended to `servers` (stop
    them with kill_group); (collection URL, its storage folder). Its access log is
    folder/server.log."""
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


def requests(folder, methods=("PUT", "DELETE", "MKCALENDAR", "PROPPATCH", "MOVE", "COPY")):
    """How many requests of those methods the Xandikos server of `folder` logged."""
    try:
        with open(os.path.join(folder, "server.log"), errors="replace") as f:
            return sum(1 for line in f if any('"%s ' % m in line for m in methods))
    except OSError:
        return 0


def fixtures_or_skip(checks):
    """False (after a note) when the shared fixtures are missing; under CI that is a failure."""
    try:
        sim.loop_schema()
        return True
    except FileNotFoundError as error:
        if os.environ.get("CI"):
            checks.check(False, "the shared fixtures are there", str(error))
        else:
            checks.note("%s: skipped" % error)
        return False


def one_habit(name, day):
    """A canonical dataset of one habit, `name`, done on `day` (YYYY-MM-DD)."""
    return {
        "trackport": 1,
        "categories": [{"id": "c-1", "title": "Health"}],
        "trackers": [{"id": "t-" + name, "kind": "habit", "name": name, "categoryId": "c-1", "emoji": "🙂", "color": "#33CF69",
                      "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": False}],
        "records": [{"trackerId": "t-" + name, "date": day}],
        "tasks": [], "taskCategoryOrder": [], "extras": {},
    }


def terminate(process, timeout=5):
    """Sends SIGTERM and waits; returns (status, seconds it took), status None if it did not end."""
    start = time.monotonic()
    process.send_signal(15)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    return process.returncode, time.monotonic() - start
