"""The hub simulation's files against today's readers, and its counter against what they read.

    generator_test.py BIN [--seed N] [--habitica-raw-days N]

Writes the 60 days of Tests/Oracles/hub_simulation.py into a temporary folder, then, for every
file the simulation ever produced (its archive), runs `BIN convert FILE out.trackport.json`
(formats detected, as a user converts them) and checks that the conversion succeeds and that the
completions it reads, as (tracker name, day), and its tracker names are exactly those the
simulation's independent counter finds in that file (sqlite3 for Loop, plain JSON for Table Habit
and Habitica). Also checks the simulation itself: it is deterministic (the same seed writes the
same bytes), Loop's folder holds six backups after a backup (five kept, then the new one), the
Loop files have Loop's v25 schema, and the Habitica exports are condensed. Needs only the built
tool; runs without the hub.
"""
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Oracles"))
import hub_simulation as sim  # noqa: E402

passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok   " + what)
    else:
        failed += 1
        print("FAIL " + what + (": " + detail if detail else ""))
    return ok


def completions(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    names = {t["id"]: t["name"] for t in data["trackers"]}
    pairs = [(names.get(r["trackerId"], "?" + r["trackerId"]), r["date"]) for r in data["records"]]
    return set(names.values()), pairs


def sha_tree(folder):
    result = {}
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                result[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return result


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    binary = os.path.abspath(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else sim.DEFAULT_SEED
    raw_days = (int(sys.argv[sys.argv.index("--habitica-raw-days") + 1]) if "--habitica-raw-days" in sys.argv
                else sim.HABITICA_RAW_DAYS)
    try:
        sim.loop_schema()
    except FileNotFoundError as error:
        print("note: %s; generator_test skipped" % error)
        return 1 if os.environ.get("CI") else 0
    work = tempfile.mkdtemp(prefix="hubsim-generator-")
    try:
        root, again = os.path.join(work, "a"), os.path.join(work, "b")
        simulation = sim.Simulation(seed, habitica_raw_days=raw_days)
        six = True
        for day in range(sim.DAYS):
            simulation.write_day(day, root)
            backups = os.listdir(os.path.join(root, "loop"))
            six &= len(backups) == min(day + 1, sim.LOOP_KEEP + 1) and not any(b.startswith(".") for b in backups)
        check(six, "Loop's folder holds min(day+1, 6) backups after each day's backup, no temporary name left")
        second = sim.Simulation(seed, habitica_raw_days=raw_days)
        for day in range(sim.DAYS):
            second.write_day(day, again)
        check(sha_tree(root) == sha_tree(again), "the same seed writes the same bytes (%d files)" % len(sha_tree(root)))

        archive = os.path.join(root, "archive")
        files = sorted(os.listdir(archive))
        kinds = {k: sum(1 for f in files if f.split("-", 2)[1] == k) for k in ("loop", "tablehabit", "habitica")}
        check(kinds == {"loop": 60, "tablehabit": 20, "habitica": 8}, "the archive holds 60 Loop backups, 20 Table Habit and 8 Habitica exports", str(kinds))

        # Loop's schema, as the fixture has it.
        schema = sorted(sim.loop_schema())
        db = sqlite3.connect("file:%s?mode=ro&immutable=1" % os.path.join(archive, files[0]), uri=True)
        written = sorted(r[0] for r in db.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name != 'sqlite_sequence'"))
        version = db.execute("PRAGMA user_version").fetchone()[0]
        db.close()
        check(written == schema and version == 25, "a backup has the fixture's v25 schema and user_version 25")

        # Habitica exports: condensed entries (no flags) in the later ones.
        with open(os.path.join(archive, [f for f in files if "habitica" in f][-1]), encoding="utf-8") as f:
            last = json.load(f)
        condensed = sum(1 for t in last["tasks"]["dailys"] + last["tasks"]["habits"] for e in t["history"]
                        if "completed" not in e and "scoredUp" not in e)
        check(condensed > 0, "the last Habitica export has condensed history (%d entries without flags)" % condensed)
        shown = [len(sim.count_file(os.path.join(archive, f))[1]) for f in files if "habitica" in f]
        check(any(b < a for a, b in zip(shown, shown[1:])),
              "a later Habitica export shows fewer completed days than an earlier one (%s)" % shown)

        total = 0
        for name in files:
            path = os.path.join(archive, name)
            out = os.path.join(work, "out.trackport.json")
            if os.path.exists(out):
                os.remove(out)
            try:
                run = subprocess.run([binary, "convert", path, out], capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                check(False, "convert %s" % name, "timed out")
                continue
            if not check(run.returncode == 0, "convert %s" % name, "exit %d: %s" % (run.returncode, run.stderr[-800:])):
                continue
            read_names, pairs = completions(out)
            want_names, want_days = sim.count_file(path)
            total += len(want_days)
            dupes = len(pairs) - len(set(pairs))
            missing = sorted(want_days - set(pairs))[:5]
            extra = sorted(set(pairs) - want_days)[:5]
            check(set(pairs) == want_days and read_names == want_names and dupes == 0,
                  "%s: convert reads the counter's %d completions of %d habits" % (name, len(want_days), len(want_names)),
                  "missing %s, extra %s, duplicates %d, names %s vs %s" % (missing, extra, dupes, sorted(read_names), sorted(want_names)))
        union = sim.count(archive)
        print("the union of all files: %d trackers, %d completions (%d counted file by file)"
              % (len(union.names), len(union.days), total))
    finally:
        shutil.rmtree(work)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
