#!/usr/bin/env python3
"""Python's csv module reading a CSV file, building each row as a list of strings (what
csv.reader yields), counting rows and fields. The peer for trackport's CSV decoding.

Usage: peer_csv.py FILE   (prints "rows fields")"""
import csv, sys

def main():
    rows = fields = 0
    with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
        for row in csv.reader(f, strict=True):
            rows += 1
            fields += len(row)
    print(rows, fields)

if __name__ == "__main__":
    main()
