"""`trackport hub` through 60 simulated days (issue 40, "Done means": the 60-day simulation).

    simulation_test.py BIN [--seed N] [--keep]

Each day Tests/Oracles/hub_simulation.py writes that day's files into the watched folders (Loop's
automatic backups with Loop's rotation and a phone reset on day 30, Table Habit exports from a
second phone, Habitica's weekly export, condensed), then `BIN hub run HUB` runs once. After each
run:
- the run exits 0 and journals exactly one entry per source file whose content (sha256) it had
  not seen, none refused; the entries' before/after hashes chain from the history before the
  run to the history after it (sha256 of history.trackport.json);
- the history's completions, as (tracker name, day), are exactly the union of what every file
  the simulation ever wrote shows (hub_simulation's counter: sqlite3 on Loop's files, JSON on
  the others), none twice (no duplicate (trackerId, date)), every record of a tracker, no two
  trackers of one name (names compared as merge compares them);
- the outputs follow: the canonical JSON output and the Table Habit output (read by plain JSON)
  hold the same completions, the calendar output is an iCalendar file; with Xandikos importable
  (the venv's, Tests/requirements.txt) a CalDAV output to a server on loopback is pushed too.
On day 30 (after the reset) the day's imports are undone one by one, the first one first: with
only some undone, the history is the union without those files; with all undone, it is the
day-29 history byte for byte. The days after go on from there (whether the hub takes an undone
file again when it is still in its folder is the hub's choice: the check follows the journal).
On days 0, 15, 45 and 59 a second run with nothing new changes no file in the hub or the outputs,
journals nothing and sends the calendar server no PUT or DELETE. At the end `hub export` writes
the history, and nothing the hub made is left in TMPDIR (a folder of the test's own). Every
command has a timeout.
"""
import os
import shutil
import sys
import tempfile
import traceback

import hubtest
from hubtest import sim

IDLE_DAYS = (0, 15, 45, 59)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    binary = os.path.abspath(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else sim.DEFAULT_SEED
    checks = hubtest.Checks()
    if not hubtest.fixtures_or_skip(checks):
        return checks.finish()
    work = tempfile.mkdtemp(prefix="hubsim-")
    scratch = os.path.join(work, "tmp")
    os.makedirs(scratch)
    os.environ["TMPDIR"] = scratch          # the hub's own temporary files, to see that none stay
    servers = []
    try:
        caldav = None
        python = hubtest.xandikos_python()
        if python:
            url, _ = hubtest.start_xandikos(python, os.path.join(work, "caldav"), servers)
            caldav = (url, os.path.join(work, "caldav"))
        elif os.environ.get("CI"):
            checks.check(False, "xandikos is importable for the CalDAV output (run with the venv's python)")
        else:
            checks.note("xandikos is not importable (run with the venv's python): no CalDAV output")
        if simulate(binary, seed, work, checks, caldav):
            left = sorted(os.listdir(scratch))
            checks.check(not left, "the hub left nothing in TMPDIR", str(left[:5]))
    except Exception:  # a bug of the test or a hub that answers nothing expected: still a summary
        checks.check(False, "the simulation ran to the end", traceback.format_exc()[-1500:])
    finally:
        for server in servers:
            hubtest.kill_group(server)
            server.wait()
        if "--keep" in sys.argv:
            print("kept " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


def simulate(binary, seed, work, checks, caldav):
    src, hub, out = (os.path.join(work, n) for n in ("sources", "hub", "outputs"))
    archive = os.path.join(src, "archive")
    for folder in ("loop", "tablehabit", "habitica"):
        os.makedirs(os.path.join(src, folder))
    os.makedirs(out)
    patterns = [os.path.join(src, "loop", "Loop Habits Backup *.db"),
                os.path.join(src, "tablehabit", "export-all-*.json"),
                os.path.join(src, "habitica", "habitica-user-data.json")]
    calendar = os.path.join(out, "habits.ics")
    canonical = os.path.join(out, "history-copy.trackport.json")
    phone = os.path.join(out, "phone.tablehabit.json")
    init = hubtest.run([binary, "hub", "init", hub,
                        "--source", patterns[0],
                        "--source", patterns[1], "--from", "tablehabit",
                        "--source", patterns[2], "--from", "habitica",
                        "--output", calendar,
                        "--output", phone, "--to", "tablehabit",
                        "--output", canonical] + (["--output", caldav[0]] if caldav else []))
    if not checks.check(init.returncode == 0, "hub init with three sources and %d outputs" % (4 if caldav else 3),
                        init.said()):
        return False
    made = all(os.path.exists(os.path.join(hub, n)) for n in ("hub.toml", "history.trackport.json")) \
        and os.path.isdir(os.path.join(hub, "store"))
    checks.check(made, "init made hub.toml, history.trackport.json and store/", str(sorted(os.listdir(hub))))
    try:
        pairs, names, problems = hubtest.completions(hubtest.history_path(hub))
        checks.check(not pairs and not names and not problems, "the new history is an empty dataset")
        checks.check(hubtest.journal(binary, hub) == [], "the new journal is empty")
    except (OSError, ValueError, KeyError, RuntimeError) as error:
        checks.check(False, "the new hub reads", str(error))
        return False

    simulation = sim.Simulation(seed)
    seen = set()            # hashes the hub journaled
    undone = set()          # hashes of imports undone and not taken again
    day29 = None
    last = 0                # the journal's highest entry number so far
    for day in range(sim.DAYS):
        simulation.write_day(day, src)
        present = hubtest.source_files(patterns)
        new = set(present) - seen
        history_before = hubtest.sha256_file(hubtest.history_path(hub))
        result = hubtest.run([binary, "hub", "run", hub])
        checks.check(result.returncode == 0, "day %02d: hub run exits 0 (%.1f s)" % (day, result.seconds), result.said())
        try:
            log = hubtest.journal(binary, hub)
            entries = [e for e in log if e["number"] > last]
        except (RuntimeError, KeyError) as error:
            checks.check(False, "day %02d: hub log" % day, str(error))
            continue
        taken = [e["hash"] for e in entries if e.get("status") != "undo"]
        again = set(taken) & undone & set(present)
        if again:
            checks.note("day %02d: the hub took %d undone file(s) again" % (day, len(again)))
            undone -= again
        refused = [e for e in entries if e.get("status") == "refused"]
        checks.check(sorted(taken) == sorted(new | again) and not refused,
                     "day %02d: one journal entry per new source file (%d), none refused" % (day, len(new)),
                     "journaled %s, new %s, refused %s" % (
                         [(e.get("file"), e.get("status")) for e in entries],
                         sorted(os.path.basename(present[h]) for h in new),
                         [(e.get("file"), e.get("diagnostics")) for e in refused]))
        seen |= set(taken)
        history_after = hubtest.sha256_file(hubtest.history_path(hub))
        chained = [e for e in entries if e.get("status") in ("imported", "unchanged")]
        if chained:
            links = [history_before] + [h for e in chained for h in (e.get("before"), e.get("after"))] + [history_after]
            ok = all(links[i] == links[i + 1] for i in range(0, len(links), 2))
            checks.check(ok, "day %02d: the entries' before/after hashes chain from the history before to after" % day,
                         "history before %s, entries %s, history after %s" % (
                             history_before[:12], [(e.get("before", "")[:12], e.get("after", "")[:12]) for e in chained],
                             history_after[:12]))
        check_history(checks, "day %02d" % day, hub, archive, undone)
        check_outputs(checks, "day %02d" % day, hub, calendar, canonical, phone)

        if day == 29:
            with open(hubtest.history_path(hub), "rb") as f:
                day29 = f.read()
        last = max([e["number"] for e in log] + [last])
        if day == sim.RESET_DAY:
            last = undo_day(checks, binary, hub, archive, entries, day29, undone, last)
        if caldav and day == 0:
            checks.check(hubtest.requests(caldav[1]) > 0, "day 00: the CalDAV output was pushed",
                         "the server logged no PUT")
        if day in IDLE_DAYS:
            idle_run(checks, binary, hub, out, day, caldav)

    exported = os.path.join(work, "export.trackport.json")
    result = hubtest.run([binary, "hub", "export", hub, "-o", exported])
    if checks.check(result.returncode == 0, "hub export -o FILE exits 0", result.said()):
        want, _, _ = hubtest.completions(hubtest.history_path(hub))
        have, _, problems = hubtest.completions(exported)
        checks.check(have == want and not problems, "the export holds the history's %d completions" % len(want),
                     hubtest.describe_difference(have, want) + " " + "; ".join(problems))
    exported = os.path.join(work, "export.tablehabit.json")
    result = hubtest.run([binary, "hub", "export", hub, "-o", exported, "--to", "tablehabit"])
    if checks.check(result.returncode == 0, "hub export -o FILE --to tablehabit exits 0", result.said()):
        want, _, _ = hubtest.completions(hubtest.history_path(hub))
        _, days = sim.count_tablehabit(exported)
        have = {(sim.normalized(n), d) for n, d in days}
        checks.check(have == want, "the Table Habit export holds the history's %d completions" % len(want),
                     hubtest.describe_difference(have, want))
    return True


def check_history(checks, label, hub, archive, undone):
    want = sim.count(archive, exclude_sha256=undone)
    try:
        have, names, problems = hubtest.completions(hubtest.history_path(hub))
    except (OSError, ValueError, KeyError) as error:
        checks.check(False, "%s: the history reads" % label, str(error))
        return
    checks.check(have == want.days and names == want.names and not problems,
                 "%s: the history holds the %d completions of %d habits every file showed, none twice"
                 % (label, len(want.days), len(want.names)),
                 "%s; trackers %s, want %s; %s" % (hubtest.describe_difference(have, want.days), sorted(names),
                                                   sorted(want.names), "; ".join(problems)))


def check_outputs(checks, label, hub, calendar, canonical, phone):
    try:
        want, _, _ = hubtest.completions(hubtest.history_path(hub))
        have, _, problems = hubtest.completions(canonical)
        _, days = sim.count_tablehabit(phone)
        on_phone = {(sim.normalized(n), d) for n, d in days}
        with open(calendar, encoding="utf-8") as f:
            ics = f.read()
    except (OSError, ValueError, KeyError) as error:
        checks.check(False, "%s: the outputs read" % label, str(error))
        return
    checks.check(have == want and on_phone == want and ics.startswith("BEGIN:VCALENDAR") and not problems,
                 "%s: the JSON and Table Habit outputs hold the history's completions, the calendar is iCalendar" % label,
                 "json: %s; tablehabit: %s; ics starts %r" % (hubtest.describe_difference(have, want),
                                                             hubtest.describe_difference(on_phone, want), ics[:20]))


def undo_day(checks, binary, hub, archive, entries, day29, undone, last):
    """Undoes the day's imports, the first first; the history is then the day-29 history.
    Returns the journal's highest entry number after."""
    imports = sorted((e for e in entries if e.get("status") == "imported"), key=lambda e: e["number"])
    if not checks.check(len(imports) >= 2 and day29 is not None,
                        "day 30: at least two imports to undo (%d)" % len(imports)):
        return last
    undos_before = sum(1 for e in hubtest.journal(binary, hub) if e.get("status") == "undo")
    for i, entry in enumerate(imports):
        result = hubtest.run([binary, "hub", "undo", hub, str(entry["number"])])
        checks.check(result.returncode == 0, "day 30: hub undo %d (%s) exits 0"
                     % (entry["number"], os.path.basename(entry.get("file", "?"))), result.said())
        undone.add(entry["hash"])
        if i < len(imports) - 1:
            check_history(checks, "day 30, %d of %d undone" % (i + 1, len(imports)), hub, archive, undone)
    with open(hubtest.history_path(hub), "rb") as f:
        now = f.read()
    checks.check(now == day29, "day 30: with the day's %d imports undone the history is the day-29 history byte for byte"
                 % len(imports), "sha256 %s, day 29 %s" % (hubtest.sha256_bytes(now)[:16], hubtest.sha256_bytes(day29)[:16]))
    log = hubtest.journal(binary, hub)
    marked = {e["number"]: e.get("undone") for e in log}
    undos = sum(1 for e in log if e.get("status") == "undo")
    checks.check(all(marked.get(e["number"]) is True for e in imports) and undos == undos_before + len(imports),
                 "day 30: the journal marks the undone imports and has an undo entry for each",
                 "undone flags %s, undo entries %d (were %d)" % ([marked.get(e["number"]) for e in imports], undos,
                                                                 undos_before))
    return max([e["number"] for e in log] + [last])


def idle_run(checks, binary, hub, out, day, caldav):
    before = hubtest.sha_tree(hub, out)
    _, log_before = hubtest.journal_text(binary, hub)
    pushed = hubtest.requests(caldav[1]) if caldav else 0
    result = hubtest.run([binary, "hub", "run", hub])
    after = hubtest.sha_tree(hub, out)
    _, log_after = hubtest.journal_text(binary, hub)
    checks.check(result.returncode == 0 and before == after and log_before == log_after,
                 "day %02d: a second run with nothing new exits 0, changes none of the %d files and journals nothing"
                 % (day, len(before)), "%s; changed: %s; journal %s" % (
                     result.said(), hubtest.tree_difference(before, after),
                     "unchanged" if log_before == log_after else "changed"))
    if caldav:
        now = hubtest.requests(caldav[1])
        checks.check(now == pushed, "day %02d: the run with nothing new pushes nothing (no PUT or DELETE to the calendar)" % day,
                     "%d writing requests" % (now - pushed))


if __name__ == "__main__":
    sys.exit(main())
