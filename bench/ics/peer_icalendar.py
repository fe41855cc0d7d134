#!/usr/bin/env python3
"""Peer for bench/run-ics: Python icalendar parses the file and serialises it again."""
import sys
import icalendar

with open(sys.argv[1], "rb") as f:
    calendar = icalendar.Calendar.from_ical(f.read())
out = calendar.to_ical()
print(len(out), file=sys.stderr)
