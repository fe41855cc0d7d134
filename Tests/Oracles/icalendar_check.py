#!/usr/bin/env python3
"""icalendar_check.py CHECK FILE...: what Python's icalendar and recurring_ical_events read in
calendars TrackerPort wrote, against each file's expectation `<FILE>.json`; prints what is wrong
and exits 1 when anything is.

planned     any component.errors fails; each recurring event's days between the expectation's
            start and end ({uid: [start, end, [days...]]}) are the planned ones, and every
            VTIMEZONE gives zoneinfo's offsets
version2    the fields of format version 2 ({"trackers": {uid: {description, alarms, window?,
            days?}}, "history"?: [uid...]}): descriptions, alarms, expanded days, history events
wheel       prints the folder of the installed icalendar package (its tests/ hold real calendars)
"""
import sys, json, datetime, zoneinfo, icalendar, recurring_ical_events
check = sys.argv[1]
if check == "wheel":
    import os
    print(os.path.dirname(icalendar.__file__), end='')
    sys.exit(0)
bad = []
for path in sys.argv[2:]:
    cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
    for c in cal.walk():
        if getattr(c, 'errors', None): bad.append(f"{path}: {c.name}: {c.errors}")
    expected = json.load(open(path + '.json'))
    if check == "planned":
        for uid, (start, end, days) in expected.items():
            s, e = datetime.date.fromisoformat(start), datetime.date.fromisoformat(end)
            got = sorted({str(ev['DTSTART'].dt) for ev in recurring_ical_events.of(cal).between(s, e) if str(ev['UID']) == uid})
            if got != sorted(days): bad.append(f"{path}: {uid}: expanded {got[:5]}... expected {sorted(days)[:5]}... ({len(got)} vs {len(days)})")
        for tz in cal.walk('VTIMEZONE'):
            ours, real = tz.to_tz(), zoneinfo.ZoneInfo(str(tz['TZID']))
            for todo in cal.walk('VTODO'):
                for key in ('DTSTART', 'DUE'):
                    if key in todo:
                        wall = todo[key].dt.replace(tzinfo=None)
                        if wall.replace(tzinfo=ours).utcoffset() != wall.replace(tzinfo=real).utcoffset():
                            bad.append(f"{path}: {key} {wall}: VTIMEZONE offset differs from zoneinfo")
    elif check == "version2":
        masters = {str(ev['UID']): ev for ev in cal.walk('VEVENT') if 'X-TRACKPORT-HISTORY' not in ev}
        for uid, want in expected['trackers'].items():
            ev = masters.get(uid)
            if ev is None: bad.append(f"{path}: {uid}: no VEVENT"); continue
            desc = str(ev['DESCRIPTION']) if 'DESCRIPTION' in ev else None
            if desc != want['description']: bad.append(f"{path}: {uid}: DESCRIPTION {desc!r}, expected {want['description']!r}")
            alarms = ev.walk('VALARM')
            got = sorted(int(a['TRIGGER'].dt.total_seconds()) for a in alarms)
            if got != want['alarms']: bad.append(f"{path}: {uid}: alarms {got}, expected {want['alarms']}")
            if any(str(a['ACTION']) != 'DISPLAY' or 'DESCRIPTION' not in a for a in alarms): bad.append(f"{path}: {uid}: alarm without DISPLAY and DESCRIPTION")
            if 'days' in want:
                s, e = (datetime.date.fromisoformat(d) for d in want['window'])
                occurrences = [o for o in recurring_ical_events.of(cal).between(s, e) if str(o['UID']) == uid]
                days = sorted({str(o['DTSTART'].dt) for o in occurrences})
                if days != sorted(want['days']): bad.append(f"{path}: {uid}: expanded {days[:6]}... expected {sorted(want['days'])[:6]}... ({len(days)} vs {len(want['days'])})")
                if any(len(o.walk('VALARM')) != len(want['alarms']) for o in occurrences): bad.append(f"{path}: {uid}: an occurrence lost its alarms")
        if 'history' in expected:
            got = sorted(str(ev['UID']) for ev in cal.walk('VEVENT') if 'X-TRACKPORT-HISTORY' in ev)
            if got != sorted(expected['history']): bad.append(f"{path}: history {len(got)} events, expected {len(expected['history'])}")
    else:
        sys.exit("unknown check " + check)
print("\n".join(bad)); sys.exit(1 if bad else 0)
