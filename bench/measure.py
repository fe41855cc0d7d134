#!/usr/bin/env python3
"""Runs commands several times and reports median wall time, median CPU time (user + system,
the command and its children: steadier than wall time on a shared machine) and peak memory
(max RSS).

Usage: measure.py --repeat N --label NAME -- command args... [--label NAME -- command ...]
The commands take turns: each of the N rounds runs every command once (A B C A B C ...), not each
command N times in a row, so a machine whose speed drifts over the minutes (frequency, a
neighbour) moves every command alike and their ratios stay true.
Prints one JSON object per label: {"label", "seconds" (median), "cpu_seconds" (median),
"peak_mib", "runs"}.
Peak memory is the command's own high-water mark (max RSS). A child forked from Python
starts with Python's pages counted in its max RSS (about 10-15 MiB), so when GNU time is
installed (`/usr/bin/time`, Debian package `time`) the command runs under it and its figure is
used instead: time is a small C program, so its child starts nearly empty."""
import json, os, subprocess, sys, tempfile, time, statistics

GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None

def run_once(argv):
    report = tempfile.NamedTemporaryFile(prefix="measure-", delete=False) if GNU_TIME else None
    wrapped = [GNU_TIME, "-f", "%M", "-o", report.name] + argv if report else argv
    start = time.perf_counter()
    proc = subprocess.Popen(wrapped, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # validate exits 1 on findings; anything else is a failure
        sys.exit(f"command failed with exit {code}: {' '.join(argv)}")
    peak_kib = usage.ru_maxrss
    if report:
        with open(report.name) as f:
            lines = [l for l in f.read().split() if l.isdigit()]
        os.unlink(report.name)
        peak_kib = int(lines[-1]) if lines else peak_kib
    return elapsed, peak_kib / 1024.0, usage.ru_utime + usage.ru_stime

def main():
    args = sys.argv[1:]
    repeat = 3
    jobs = []
    i = 0
    while i < len(args):
        if args[i] == "--repeat":
            repeat = int(args[i + 1]); i += 2
        elif args[i] == "--label":
            label = args[i + 1]
            assert args[i + 2] == "--"
            j = i + 3
            while j < len(args) and args[j] != "--label":
                j += 1
            jobs.append((label, args[i + 3:j])); i = j
        else:
            sys.exit(f"unexpected argument {args[i]}")
    runs = {label: ([], [], []) for label, _ in jobs}
    for _ in range(repeat):
        for label, argv in jobs:
            t, m, c = run_once(argv)
            for values, value in zip(runs[label], (t, m, c)):
                values.append(value)
    for label, _ in jobs:
        times, peaks, cpus = runs[label]
        print(json.dumps({"label": label, "seconds": round(statistics.median(times), 3),
                          "cpu_seconds": round(statistics.median(cpus), 3),
                          "peak_mib": round(max(peaks), 1), "runs": repeat}), flush=True)

if __name__ == "__main__":
    main()
