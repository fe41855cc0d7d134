#!/usr/bin/env python3
"""habitify_counts.py CSV: counts of a Habitify CSV export, made apart from the plugin under test
(Examples/habitify-plugin), for PluginCommandTests. Prints one line:

    HABITS COMPLETED SKIPPED FAILED AMOUNT

distinct Habit IDs, then distinct (Habit ID, day) pairs per status, then the sum of Total log over
the Completed pairs (decimal comma read as a point). Only for well-formed exports: a row's day is
the first 10 characters of its Date (ISO dates, with or without a time)."""
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline="")))
header = [h.strip().lower() for h in rows[0]]
col = {name: header.index(name) for name in ("date", "total log", "status", "habit id")}
habits, pairs, amount = set(), {"completed": set(), "skipped": set(), "failed": set()}, 0.0
for row in rows[1:]:
    if not row:
        continue
    key = (row[col["habit id"]], row[col["date"]][:10])
    habits.add(key[0])
    status = row[col["status"]].strip().lower()
    if status == "completed" and key not in pairs["completed"] and row[col["total log"]].strip():
        amount += float(row[col["total log"]].replace(",", "."))
    pairs[status].add(key)
print(len(habits), len(pairs["completed"]), len(pairs["skipped"]), len(pairs["failed"]), f"{amount:g}")
