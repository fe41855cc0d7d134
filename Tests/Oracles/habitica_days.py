"""Completed days of a Habitica export by the rules of habitica.md, written apart from the
Swift reader: the oracle of HabiticaOracleTests.

    habitica_days.py EXPORT [--timezone ZONE] [--day-start HOUR] [--csv]

prints {"days": {task id: [YYYY-MM-DD, ...]}, "condensed": N} as JSON. The day of an instant is
its date in the user's zone (zoneinfo when --timezone is given, else minus
preferences.timezoneOffset minutes), one day earlier before the day start.
"""
import csv
import datetime
import json
import sys
import zoneinfo
from collections import defaultdict

UTC = datetime.timezone.utc


def main():
    args = sys.argv[1:]
    path = args[0]
    zone_name = args[args.index("--timezone") + 1] if "--timezone" in args else None
    day_start_arg = args[args.index("--day-start") + 1] if "--day-start" in args else None
    if "--csv" in args:
        offset, day_start, tasks, crons = 0, 0, read_csv(path), []
    else:
        offset, day_start, tasks, crons = read_json(path)
    if day_start_arg is not None:
        day_start = int(day_start_arg)
    zone = zoneinfo.ZoneInfo(zone_name) if zone_name else datetime.timezone(datetime.timedelta(minutes=-offset))

    def local(ms):
        return datetime.datetime.fromtimestamp(ms / 1000, tz=UTC).astimezone(zone)

    def habitica_day(ms):
        moment = local(ms)
        day = moment.date()
        if moment.hour < day_start:
            day -= datetime.timedelta(days=1)
        return day

    first_cron = {}
    for cron in crons:
        d = habitica_day(cron)
        if d not in first_cron or cron < first_cron[d]:
            first_cron[d] = cron

    # Habitica keeps the last 60 days day by day: counted back from the newest entry or cron.
    newest = max([e["date"] for t in tasks for e in t.get("history") or [] if isinstance(e, dict)
                  and isinstance(e.get("date"), (int, float))] + crons + [0])
    raw_since = newest - 60 * 86400000

    result, condensed = {}, 0
    for task in tasks:
        history = [e for e in task.get("history") or [] if isinstance(e, dict) and isinstance(e.get("date"), (int, float))]
        days = set()
        if task["type"] == "habit" and "--csv" not in args:
            sums = defaultdict(lambda: [0, 0])
            for e in history:
                if "scoredUp" not in e and "scoredDown" not in e:
                    condensed += 1
                    continue
                d = habitica_day(e["date"])
                sums[d][0] += e.get("scoredUp", 0)
                sums[d][1] += e.get("scoredDown", 0)
            down_only = task.get("up") is False and task.get("down", True) is True
            days = {d for d, (up, down) in sums.items() if (down if down_only else up) > 0}
        else:
            history.sort(key=lambda e: e["date"])
            # Old entries without `completed` alone in their calendar month are condensed.
            months = defaultdict(int)
            for e in history:
                if "completed" not in e and e["date"] < raw_since:
                    m = local(e["date"])
                    months[(m.year, m.month)] += 1
            previous = 0.0
            for e in history:
                value = e.get("value")
                if "completed" in e:
                    done = e["completed"] is True
                else:
                    m = local(e["date"])
                    if e["date"] < raw_since and months[(m.year, m.month)] == 1:
                        condensed += 1
                        if value is not None:
                            previous = value
                        continue
                    done = value is not None and value - previous > 0.5
                if value is not None:
                    previous = value
                if not done:
                    continue
                d = habitica_day(e["date"])
                cron = first_cron.get(d)
                if cron is not None and e["date"] < cron:
                    d -= datetime.timedelta(days=1)
                days.add(d)
        result[task["id"]] = sorted(str(d) for d in days)
    print(json.dumps({"days": result, "condensed": condensed}))


def read_json(path):
    with open(path, encoding="utf-8") as f:
        user = json.load(f)
    prefs = user.get("preferences") or {}
    crons = []
    for e in (user.get("history") or {}).get("exp") or []:
        if isinstance(e.get("date"), str):
            crons.append(datetime.datetime.fromisoformat(e["date"].replace("Z", "+00:00")).timestamp() * 1000)
    tasks = []
    for key in ("habits", "dailys"):
        for t in user["tasks"].get(key, []):
            tasks.append({"id": t.get("_id") or t.get("id"), "type": t["type"], "history": t.get("history"),
                          "up": t.get("up"), "down": t.get("down", True)})
    return prefs.get("timezoneOffset") or 0, prefs.get("dayStart") or 0, tasks, crons


def read_csv(path):
    tasks = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            moment = datetime.datetime.strptime(row["Date"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
            task = tasks.setdefault(row["Task ID"], {"id": row["Task ID"], "type": row["Task Type"], "history": []})
            task["history"].append({"date": round(moment.timestamp() * 1000), "value": float(row["Value"])})
    return list(tasks.values())


if __name__ == "__main__":
    main()
