#!/usr/bin/env python3
"""Writes a records.csv shaped like the canonical CSV package's records table: a header
`trackerId,date`, then TRACKERS x DAYS rows of an upper-case UUID and a YYYY-MM-DD date, CRLF
line ends (as CSVWriter writes). Deterministic for a seed.

Usage: make_records.py OUT TRACKERS DAYS [SEED]"""
import datetime, random, sys, uuid

def main():
    out, trackers, days = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 42)
    ids = [str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper() for _ in range(trackers)]
    start = datetime.date(2016, 1, 1)
    dates = [(start + datetime.timedelta(days=d)).isoformat() for d in range(days)]
    with open(out, "w", newline="", encoding="utf-8") as f:
        f.write("trackerId,date\r\n")
        for tracker in ids:
            f.write("".join(f"{tracker},{date}\r\n" for date in dates))

if __name__ == "__main__":
    main()
