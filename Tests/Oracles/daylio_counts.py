#!/usr/bin/env python3
"""daylio_counts.py CSV: the distinct activities and distinct (activity, day) pairs of a Daylio export,
counted with Python's csv module apart from the plugin under test."""
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline="")))
header = rows[0]
acts, pairs = set(), set()
for row in rows[1:]:
    for a in row[header.index("activities")].split("|"):
        if a.strip():
            acts.add(a.strip())
            pairs.add((a.strip(), row[header.index("full_date")]))
print(len(acts), len(pairs))
