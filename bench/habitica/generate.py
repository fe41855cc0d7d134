#!/usr/bin/env python3
"""Writes a Habitica userdata.json for the bench: TASKS tasks (40 % habits, 50 % dailies, 8 %
to-dos, 2 % rewards) with YEARS years of day-by-day history, one line as Habitica serves it.

Usage: generate.py OUT [--tasks 500] [--years 3] [--seed 42] [--bad-dates N]

--bad-dates N gives N habit history entries a text date: N located warnings, for the cost of
placing many JSON pointers in one file."""
import argparse, datetime, json, random

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--tasks", type=int, default=500)
parser.add_argument("--years", type=int, default=3)
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--bad-dates", type=int, default=0)
args = parser.parse_args()
rng = random.Random(args.seed)
DAY = 86_400_000
end = int(datetime.datetime(2026, 11, 1, tzinfo=datetime.timezone.utc).timestamp() * 1000)
start = end - args.years * 365 * DAY
days = range(start, end, DAY)
WEEK = ["m", "t", "w", "th", "f", "s", "su"]


def uid(i):
    return f"{rng.getrandbits(32):08x}-{i:04x}-4{rng.getrandbits(12):03x}-8{rng.getrandbits(12):03x}-{rng.getrandbits(48):012x}"


tags = [{"id": uid(i), "name": f"Tag {i}"} for i in range(12)]
crons = [{"date": datetime.datetime.fromtimestamp((d + 6 * 3_600_000 + rng.randrange(3_600_000)) / 1000, datetime.timezone.utc)
          .isoformat(timespec="milliseconds").replace("+00:00", "Z"), "value": 100 + i} for i, d in enumerate(days)]
habits, dailys, todos, rewards = [], [], [], []
for i in range(args.tasks):
    kind = i % 50
    task = {"_id": uid(i), "userId": "bench-user", "text": f"Task {i} " + "x" * rng.randrange(30), "notes": "",
            "tags": [rng.choice(tags)["id"]] if rng.random() < 0.7 else [], "value": 0, "priority": 1,
            "attribute": "str", "challenge": {}, "group": {}, "reminders": [], "byHabitica": False,
            "createdAt": "2023-11-01T10:00:00.000Z", "updatedAt": "2026-10-31T10:00:00.000Z"}
    if kind < 20:
        task.update(type="habit", up=True, down=rng.random() < 0.3, frequency="daily", counterUp=0, counterDown=0,
                    history=[{"date": d + rng.randrange(DAY), "value": rng.uniform(-5, 20),
                              "scoredUp": rng.randrange(1, 4), "scoredDown": 0} for d in days if rng.random() < 0.7])
        habits.append(task)
    elif kind < 45:
        value, history = 0.0, []
        for d in days:
            done = rng.random() < 0.6
            value += 0.8 if done else -0.4
            history.append({"date": d + rng.randrange(DAY), "value": value, "isDue": True, "completed": done})
        task.update(type="daily", frequency=rng.choice(["weekly", "weekly", "daily"]), everyX=rng.choice([1, 1, 1, 2]),
                    repeat={k: rng.random() < 0.7 for k in WEEK}, startDate="2023-11-01T00:00:00.000Z", streak=3,
                    daysOfMonth=[], weeksOfMonth=[], isDue=True, nextDue=[], yesterDaily=True, completed=False,
                    collapseChecklist=False, checklist=[], history=history)
        dailys.append(task)
    elif kind < 49:
        task.update(type="todo", completed=rng.random() < 0.3, date=None, checklist=[{"id": uid(j), "text": f"step {j}", "completed": False}
                                                                                      for j in range(3)], collapseChecklist=False)
        todos.append(task)
    else:
        task.update(type="reward")
        rewards.append(task)

entries = [entry for habit in habits for entry in habit["history"]]
for entry in rng.sample(entries, min(args.bad_dates, len(entries))):
    entry["date"] = "2024-01-01"

user = {"auth": {"local": {"username": "bench", "email": "bench@example.org"}}, "apiToken": uid(9999),
        "preferences": {"dayStart": 4, "timezoneOffset": -60, "timezoneOffsetAtLastCron": -60},
        "history": {"exp": crons, "todos": []}, "tags": tags, "tasksOrder": {"habits": [], "dailys": [], "todos": [], "rewards": []},
        "pushDevices": [], "_id": "bench-user", "id": "bench-user",
        "tasks": {"habits": habits, "dailys": dailys, "todos": todos, "rewards": rewards}}
with open(args.out, "w", encoding="utf-8") as f:
    json.dump(user, f, separators=(",", ":"))
