#!/usr/bin/env python3
"""habitbull.py CSV: what a HabitBull file holds, read by Python's csv module, as one JSON object:
habit names in order of first appearance; per name the days (ISO dates, the last row of a
repeated day winning, as in Loop) whose Value Loop's toInt() reads as positive, and the days that
are not; the habits with a Value above 1; the first row's description of each; every day's
Value (or null when toInt() fails) and comment; the rows with ISO dates."""
import csv, datetime, json, re, sys
def day(s):
    for fmt in ('%Y-%m-%d', '%m/%d/%Y'):
        try: return datetime.datetime.strptime(s, fmt).date().isoformat()
        except ValueError: pass
    raise SystemExit('bad date ' + s)
def parsed(s):
    if re.fullmatch(r'[+-]?[0-9]+', s) and -2**31 <= int(s) < 2**31: return int(s)
    return None
def value(s):
    v = parsed(s)
    return 0 if v is None else v
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    rows = list(csv.reader(f))
names, last, descriptions = [], {}, {}
for r in rows[1:]:
    if r[0] not in names: names.append(r[0])
    descriptions.setdefault(r[0], r[1])
    last[(r[0], day(r[3]))] = r
done = {n: sorted(d for (m, d), r in last.items() if m == n and value(r[4]) > 0) for n in names}
notDone = {n: sorted(d for (m, d), r in last.items() if m == n and value(r[4]) <= 0) for n in names}
measurable = [n for n in names if any(m == n and value(r[4]) > 1 for (m, d), r in last.items())]
days = [{'name': m, 'day': d, 'value': parsed(r[4]), 'comment': r[5] if len(r) > 5 else ''} for (m, d), r in last.items()]
out = [r[:3] + [day(r[3])] + r[4:] for r in last.values()]
print(json.dumps({'names': names, 'done': done, 'notDone': notDone, 'measurable': measurable,
                  'descriptions': descriptions, 'days': days, 'rows': sorted(out)}))
