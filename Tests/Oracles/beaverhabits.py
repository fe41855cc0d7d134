#!/usr/bin/env python3
"""beaverhabits.py COMMAND FILE: what Python's json (and, for Loop's export, csv) reads in the
files the beaverhabits tests compare with the codec; never TrackerPort's code.

counts FILE       a beaverhabits file habit by habit (the list under `habits`, or under
                  `data.habits`): name, records done, records done with a text, records not done
                  with a text, records not done without one, tags (joined by `|`), star, status,
                  the period (`type/count/target` or `-`), tab-separated
rows FILE         `name<TAB>day<TAB>done|not done<TAB>text` of every record done or with a text
loop-rows FOLDER  the same rows from Loop's CSV export folder: every Checkmarks row that is
                  YES_MANUAL or has a note
ids FILE          the habits' ids, space-separated
email FILE        the `user_email` member
name FILE N       habit N's name, as UTF-8 bytes
period FILE N     habit N's period, as Python prints the dict
"""
import csv, json, os, sys


def load(path):
    return json.load(open(path, encoding="utf-8"))


def counts(path):
    doc = load(path)
    lst = doc["data"] if "habits" not in doc and "data" in doc else doc
    for h in lst["habits"]:
        rs = h.get("records") or []
        done = [r for r in rs if r["done"]]
        undone = [r for r in rs if not r["done"]]
        p = h.get("period")
        print("\t".join([h["name"], str(len(done)), str(len([r for r in done if r.get("text")])),
                         str(len([r for r in undone if r.get("text")])), str(len([r for r in undone if not r.get("text")])),
                         "|".join(h.get("tags") or []), str(bool(h.get("star"))), h.get("status") or "active",
                         "%s/%d/%d" % (p["period_type"], p["period_count"], p["target_count"]) if p else "-"]))


def rows(path):
    for h in load(path)["habits"]:
        for r in h["records"]:
            if r["done"] or r.get("text"):
                print("\t".join([h["name"], r["day"], "done" if r["done"] else "not done", r.get("text", "")]))


def loop_rows(root):
    names = {row["Position"]: row["Name"] for row in csv.DictReader(open(os.path.join(root, "Habits.csv"), encoding="utf-8"))}
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder, "Checkmarks.csv")
        if not os.path.isfile(path):
            continue
        for row in csv.DictReader(open(path, encoding="utf-8")):
            if row["Value"] == "YES_MANUAL" or row["Notes"]:
                print("\t".join([names[folder[:3]], row["Date"], "done" if row["Value"] == "YES_MANUAL" else "not done", row["Notes"]]))


command, path = sys.argv[1], sys.argv[2]
if command == "counts":
    counts(path)
elif command == "rows":
    rows(path)
elif command == "loop-rows":
    loop_rows(path)
elif command == "ids":
    print(" ".join(h["id"] for h in load(path)["habits"]))
elif command == "email":
    print(load(path)["user_email"])
elif command == "name":
    sys.stdout.buffer.write(load(path)["habits"][int(sys.argv[3])]["name"].encode("utf-8"))
elif command == "period":
    print(load(path)["habits"][int(sys.argv[3])]["period"])
else:
    sys.exit("unknown command " + command)
