"""A deterministic 60-day life of one person's habit data, and an independent count of it:
the oracle of the `trackport hub` tests (Tests/hub/).

    hub_simulation.py write DAY ROOT [--seed N] [--habitica-raw-days N]
                                                     write day DAY's files (0-based) under ROOT
    hub_simulation.py count ARCHIVE                  the completed (habit, day) pairs of every file
    hub_simulation.py days                           how many days the simulation has

Python standard library only. The same seed gives the same files: the same bytes with the same
SQLite library (its version is in a Loop file's header), the same rows and JSON everywhere.

What `write DAY ROOT` puts under ROOT (each file also copied, under a name of its own, into
ROOT/archive/, which keeps every file the simulation ever produced):

- ROOT/loop/: Loop Habit Tracker's automatic backups, `Loop Habits Backup YYYY-MM-DD HHMMSS.db`
  (DatabaseUtils.saveDatabaseCopy's name, local time), one a day in the evening, holding the
  phone's database as it is then. Rotation is Loop's own (AutoBackup.run, uhabits-android
  `database/AutoBackup.kt`): before saving, every backup but the five newest (by modification
  time) is deleted, so the folder holds six right after a backup. Files arrive as a sync tool
  writes them: under a temporary name (`.syncthing.NAME.tmp`), then renamed, with the simulated
  time as their modification time (moved back as a whole when that is not an hour ago yet).
  The schema is not written here: it is the v25 schema of the shared fixture
  `loop_uhabits/loop_v25_schema.sql` (Loop's migrations 09-25 applied), plus the
  `android_metadata` table as the fixture backup `loop_uhabits/databases/022.db` has it, both read
  with sqlite3 at run time. Rows are Loop's: `Repetitions.timestamp` is 00:00 UTC of the local day
  in ms, a check is value 2 (YES_MANUAL), an unchecked day value 0 (NO) written by deleting the
  row and inserting a new one (SQLiteEntryList.add); habits have a 32-hex `uuid`.
  On day 30 at 09:00 the phone is reset: the new database has the same habits created again
  (new ids, new uuids, another order) plus a new one, and no repetitions; its backups hold only
  what is checked from then on. The old phone's backups stay in the folder until rotated out.
- ROOT/tablehabit/: Table Habit (mhabit) "export all" files from a second phone every third
  day, `export-all-y_MM_dd_H_m_s.json` (habits_file_exporter.dart: hour, minute and second not
  zero-padded), `{"habits": [...], "groups": []}` in the exporter's key order, one line. Its
  habits overlap Loop's by name (one spelt in another case).
- ROOT/habitica/: Habitica's `habitica-user-data.json` (the user object with `tasks.habits` and
  `tasks.dailys`, one line, no secrets), downloaded again every seventh day under the same name
  (the new download replaces the old one). Dailies have entries `{date, value, isDue,
  completed}` (a check, stamped when clicked; a miss, stamped at the next cron), the habit
  `{date, value, scoredUp, scoredDown}` one per Habitica day; `history.exp` has a cron a day
  (ISO text). The user is at UTC+1 (timezoneOffset -60) with a day start of 2: some checks are
  made after midnight for the day before, and some through "record yesterday's activity" (just
  before the next morning's cron). The account is older than the simulation: its history
  starts HABITICA_PRIOR_DAYS (45) days before day 0. At every cron Habitica condenses ("preens")
  what is older than HABITICA_RAW_DAYS days: per calendar month one entry `{date: the first
  entry's date, value: the mean}` without flags (website/server/libs/preening.js, as
  docs/habitica.md §3.3 describes it; earlier aggregates are averaged again), the cron history
  `history.exp` too (numeric dates). HABITICA_RAW_DAYS is 60, a free account's window: issue 40
  says "older than 30", but Habitica keeps 60 days (365 for subscribers), and the reader relies
  on it: an entry without flags younger than 60 days is read as a pre-2021 daily entry (a day
  when its value rose by more than 0.5), so an export condensed at 30 days would give invented
  days (`--habitica-raw-days 30` writes one; Tests/hub/generator_test.py shows the difference).
  With the 45 days before day 0, the exports from day 20 on hold fewer days than earlier ones.
  Habitica's "only when longer than 60 entries" threshold is left out (every task here passes it
  by then anyway, one entry a day or more).

`count ARCHIVE` reads those files apart from TrackerPort's codecs: Loop backups with sqlite3
queries (value 2 of a yes/no habit), Table Habit by JSON (record_type 1 of a habit whose goal is
1 without a unit), Habitica by JSON with the rules of docs/habitica.md §2 (a daily's
`completed: true` entry on its Habitica day, moved back a day when stamped before that day's first
cron; a habit's day when its scoredUp sum is above 0; entries without flags, the condensed ones,
show no day). Names are compared as `merge` compares them (case, diacritics and runs of spaces
ignored). It prints {"trackers": [names], "completions": [[name, day], ...], "files": {...}}.
"""
import datetime
import hashlib
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
import unicodedata

DAYS = 60
START = datetime.date(2026, 1, 5)            # day 0, a Monday
RESET_DAY = 30                               # Loop's phone is reset on this day, 09:00
HABITICA_RAW_DAYS = 60                       # what Habitica keeps day by day (see the top)
HABITICA_PRIOR_DAYS = 45                     # the Habitica account's history before day 0
HABITICA_EVERY = 7                           # a Habitica export on days 6, 13, ... 55
TABLEHABIT_EVERY = 3                         # a Table Habit export on days 0, 3, ... 57
LOOP_KEEP = 5                                # AutoBackup.run(keep = 5)
UTC_OFFSET_MIN = 60                          # the user's zone: UTC+1
DAY_START = 2                                # Habitica's custom day start
DAY_MS = 86_400_000
DEFAULT_SEED = 40


def shared_fixtures():
    """The shared fixtures folder: TRACKPORT_SHARED_FIXTURES, else ../shared/fixtures beside the
    repository (as Tests/README.md says)."""
    env = os.environ.get("TRACKPORT_SHARED_FIXTURES")
    if env:
        return env
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(os.path.dirname(repo), "shared", "fixtures")


def normalized(name):
    """A name as `merge` matches names: case, diacritics and runs of spaces ignored."""
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.casefold().split())


def day_date(day):
    return START + datetime.timedelta(days=day)


# Instants are local wall-clock times as (day, seconds after local midnight); `epoch_ms` turns
# them into Unix milliseconds with the user's fixed offset.
def epoch_ms(day, seconds):
    local = datetime.datetime.combine(day_date(day), datetime.time()) + datetime.timedelta(seconds=seconds)
    utc = local - datetime.timedelta(minutes=UTC_OFFSET_MIN)
    return int(utc.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)


def local_datetime(day, seconds):
    return datetime.datetime.combine(day_date(day), datetime.time()) + datetime.timedelta(seconds=seconds)


def iso_z(ms):
    moment = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (ms % 1000)


def hour(h, m=0, s=0):
    return h * 3600 + m * 60 + s


# ---------------------------------------------------------------------------------------------
# The Loop schema, from the fixtures.

def loop_schema():
    """The CREATE statements of a fresh Loop v25 database: android_metadata as the fixture
    backup 022.db has it, then the v25 schema file's statements (sqlite_sequence is made by
    SQLite itself for the AUTOINCREMENT tables)."""
    fixtures = shared_fixtures()
    schema_path = os.path.join(fixtures, "loop_uhabits", "loop_v25_schema.sql")
    backup_path = os.path.join(fixtures, "loop_uhabits", "databases", "022.db")
    if not (os.path.exists(schema_path) and os.path.exists(backup_path)):
        raise FileNotFoundError("the shared fixtures are missing: %s (set TRACKPORT_SHARED_FIXTURES)" % fixtures)
    db = sqlite3.connect("file:%s?mode=ro&immutable=1" % backup_path, uri=True)
    android = db.execute("SELECT sql FROM sqlite_master WHERE name = 'android_metadata'").fetchone()[0]
    db.close()
    with open(schema_path, encoding="utf-8") as f:
        text = "\n".join(line for line in f.read().splitlines() if not line.lstrip().startswith("--"))
    statements = [s.strip() for s in text.split(";") if s.strip()]
    statements = [s for s in statements if "sqlite_sequence" not in s]
    return [android] + statements


# ---------------------------------------------------------------------------------------------
# The world: every action of the 60 days, made up front from the seed.

class LoopPhone:
    def __init__(self, habits):
        self.habits = habits                  # [{id, name, position, color, freq, uuid, question}]
        self.rows = []                        # [[row id, habit id, timestamp, value]]
        self.next_row = 1

    def set(self, habit_id, day, value):
        ts = (day_date(day) - datetime.date(1970, 1, 1)).days * DAY_MS
        self.rows = [r for r in self.rows if not (r[1] == habit_id and r[2] == ts)]
        self.rows.append([self.next_row, habit_id, ts, value])
        self.next_row += 1


class Simulation:
    """Every file of the 60 days. `files(day)` gives that day's files as (folder, name, bytes,
    mtime); `write_day` puts them under a root, with Loop's rotation and the archive copy."""

    def __init__(self, seed=DEFAULT_SEED, habitica_raw_days=HABITICA_RAW_DAYS):
        self.seed = seed
        self.habitica_raw_days = habitica_raw_days
        self.rng = random.Random(seed)
        self._schema = None
        self._plan()

    # -- the plan ---------------------------------------------------------------------------
    def _uuid(self):
        return "%032x" % self.rng.getrandbits(128)

    def _plan(self):
        rng = self.rng
        # Loop, phone 1 (before the reset) and phone 2 (after), as (name, colour index, freq, question).
        loop1 = [("Meditate", 8, (1, 1), "Did you meditate today?"), ("Run", 2, (3, 7), "Did you run today?"),
                 ("Read", 11, (1, 1), "Did you read today?"), ("Drink water", 9, (1, 1), "Did you drink 2 litres?")]
        loop2 = [loop1[2], loop1[0], loop1[3], loop1[1], ("Journal", 14, (1, 1), "Did you write in your journal?")]
        self.loop_habits = []
        for phone, spec in ((1, loop1), (2, loop2)):
            habits = []
            for position, (name, color, freq, question) in enumerate(spec):
                habits.append({"id": position + 1, "name": name, "position": position, "color": color,
                               "freq": freq, "question": question, "uuid": self._uuid()})
            self.loop_habits.append(habits)
        # Loop actions: (epoch ms of the action, phone, habit id, day, value).
        self.loop_actions = []
        for day in range(DAYS):
            phone = 1 if day < RESET_DAY else 2
            for habit in self.loop_habits[phone - 1]:
                if rng.random() < 0.6:
                    if rng.random() < 0.12 and day + 1 < DAYS:
                        when = epoch_ms(day + 1, hour(8) + rng.randrange(4 * 3600))   # checked the next morning
                        if day + 1 == RESET_DAY:
                            when = epoch_ms(day, hour(22) + rng.randrange(3600))
                    else:
                        when = epoch_ms(day, hour(7) + rng.randrange(16 * 3600))
                    if day == RESET_DAY and when < epoch_ms(RESET_DAY, hour(9)):
                        when = epoch_ms(RESET_DAY, hour(9) + rng.randrange(3 * 3600))
                    self.loop_actions.append((when, phone, habit["id"], day, 2))
        # Two unchecks: a day a backup already showed done becomes NO (Loop deletes the row and
        # inserts the new value): the history keeps the day.
        for phone, around in ((1, 10), (2, 40)):
            checks = sorted(a for a in self.loop_actions if a[1] == phone and around <= a[3] <= around + 3
                            and a[0] < epoch_ms(a[3], hour(19)))
            when, _, habit_id, day, _ = checks[0]
            self.loop_actions.append((epoch_ms(day + 3, hour(12)), phone, habit_id, day, 0))
        self.loop_actions.sort()
        # Loop backup times: evenings, drifting later so that each is more than a day after the last.
        self.loop_backups = {}
        for day in range(DAYS):
            seconds = hour(20) + day * 97 + rng.randrange(60)
            self.loop_backups[day] = (epoch_ms(day, seconds), local_datetime(day, seconds))

        # Table Habit, the second phone: (name, colour 1..10).
        self.th_habits = [{"name": "meditate", "color": 3, "create": epoch_ms(0, hour(7, 30)) // 1000},
                          {"name": "Read", "color": 5, "create": epoch_ms(0, hour(7, 31)) // 1000},
                          {"name": "Stretch", "color": 7, "create": epoch_ms(0, hour(7, 33)) // 1000}]
        self.th_actions = []                  # (epoch ms, habit index, day, record_type, reason)
        for day in range(DAYS):
            for index, habit in enumerate(self.th_habits):
                when = epoch_ms(day, hour(9) + rng.randrange(14 * 3600))
                r = rng.random()
                if r < 0.4:
                    reason = "felt good" if rng.random() < 0.1 else ""
                    self.th_actions.append((when, index, day, 1, reason))
                elif r < 0.5 and habit["name"] == "Stretch":
                    self.th_actions.append((when, index, day, 2, "sore"))
        self.th_actions.sort()
        self.th_exports = {}
        for day in range(0, DAYS, TABLEHABIT_EVERY):
            seconds = hour(22) + rng.randrange(3600)
            self.th_exports[day] = (epoch_ms(day, seconds), local_datetime(day, seconds))

        # Habitica: two dailies and one "+" habit.
        self.hb_dailies = [{"id": "4F2C8A1E-7B3D-4E5F-9A0B-1C2D3E4F5A6B", "text": "Read"},
                           {"id": "a7e3b2c1-0d9f-4a8b-b7c6-5d4e3f2a1b0c", "text": "Floss"}]
        self.hb_habit = {"id": "9b8a7c6d-5e4f-4321-8765-43210fedcba9", "text": "Drink  Water"}
        self.hb_created = epoch_ms(-HABITICA_PRIOR_DAYS, hour(6, 55))
        self.hb_exports = {}
        for day in range(HABITICA_EVERY - 1, DAYS, HABITICA_EVERY):
            self.hb_exports[day] = epoch_ms(day, hour(21, 30))
        # Events in time order: ("cron", ms, day) | ("check", ms, daily index) | ("click", ms, n).
        events = []
        for day in range(-HABITICA_PRIOR_DAYS, DAYS):
            cron = epoch_ms(day, hour(7) + rng.randrange(2 * 3600))
            events.append((cron, "cron", day))
            for index in range(len(self.hb_dailies)):
                r = rng.random()
                if r < 0.5:
                    events.append((epoch_ms(day, hour(10) + rng.randrange(13 * 3600)), "check", index))
                elif r < 0.56 and day + 1 < DAYS:
                    # after midnight, before the day start: still this Habitica day
                    events.append((epoch_ms(day + 1, hour(0, 5) + rng.randrange(3000)), "check", index))
                elif r < 0.64 and day + 1 < DAYS:
                    # "record yesterday's activity": the next morning, before that day's cron
                    events.append((None, "rya", (day + 1, index)))
            if rng.random() < 0.55:
                for _ in range(rng.randrange(1, 4)):
                    events.append((epoch_ms(day, hour(9) + rng.randrange(14 * 3600)), "click", 1))
        # An RYA check is stamped a few minutes before the next day's cron.
        crons = {e[2]: e[0] for e in events if e[1] == "cron"}
        fixed = []
        for when, kind, arg in events:
            if kind == "rya":
                next_day, index = arg
                when = crons[next_day] - 60_000 * (2 + rng.randrange(10))
                kind, arg = "check", index
            fixed.append((when, kind, arg))
        fixed.sort(key=lambda e: (e[0], e[1]))
        self.hb_events = fixed

    # -- Loop -------------------------------------------------------------------------------
    def loop_backup(self, day):
        """(name, bytes, mtime) of day `day`'s automatic backup."""
        when, local = self.loop_backups[day]
        phone_no = 1 if when < epoch_ms(RESET_DAY, hour(9)) else 2
        phone = LoopPhone(self.loop_habits[phone_no - 1])
        for action in self.loop_actions:
            if action[0] < when and action[1] == phone_no:
                phone.set(action[2], action[3], action[4])
        name = "Loop Habits Backup %s.db" % local.strftime("%Y-%m-%d %H%M%S")
        return name, self._loop_bytes(phone), when / 1000

    def _loop_bytes(self, phone):
        if self._schema is None:
            self._schema = loop_schema()
        folder = tempfile.mkdtemp(prefix="hubsim-loop-")
        path = os.path.join(folder, "uhabits.db")
        try:
            db = sqlite3.connect(path)
            for statement in self._schema:
                db.execute(statement)
            db.execute("INSERT INTO android_metadata VALUES ('en_US')")
            for h in phone.habits:
                db.execute("INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, "
                           "position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, "
                           "question, uuid) VALUES (?, 0, ?, '', ?, ?, 0, ?, ?, NULL, NULL, 0, 0, 0, 0, '', ?, ?)",
                           (h["id"], h["color"], h["freq"][1], h["freq"][0], h["name"], h["position"], h["question"],
                            h["uuid"]))
            for row in phone.rows:
                db.execute("INSERT INTO Repetitions (id, habit, timestamp, value, notes) VALUES (?, ?, ?, ?, NULL)", row)
            db.execute("PRAGMA user_version = 25")
            db.commit()
            db.close()
            with open(path, "rb") as f:
                return f.read()
        finally:
            shutil.rmtree(folder)

    # -- Table Habit ------------------------------------------------------------------------
    def tablehabit_export(self, day):
        when, local = self.th_exports[day]
        records = {i: {} for i in range(len(self.th_habits))}
        for at, index, rday, rtype, reason in self.th_actions:
            if at < when:
                records[index][rday] = (rtype, reason, at // 1000)
        habits = []
        epoch0 = datetime.date(1970, 1, 1)
        for index, h in enumerate(self.th_habits):
            recs = []
            for rday in sorted(records[index]):
                rtype, reason, at = records[index][rday]
                recs.append({"record_date": (day_date(rday) - epoch0).days, "record_type": rtype,
                             "record_value": 1 if rtype == 1 else 0, "create_t": at, "modify_t": at, "reason": reason})
            habits.append({"create_t": h["create"], "modify_t": h["create"], "type": 1, "status": 1, "name": h["name"],
                           "desc": "", "color": h["color"], "daily_goal": 1, "daily_goal_unit": "", "freq_type": 3,
                           "freq_custom": "[1,1]", "start_date": (START - epoch0).days, "target_days": 66,
                           "records": recs})
        text = json.dumps({"habits": habits, "groups": []}, ensure_ascii=False, separators=(",", ":"))
        name = "export-all-%d_%02d_%02d_%d_%d_%d.json" % (local.year, local.month, local.day, local.hour,
                                                           local.minute, local.second)
        return name, text.encode("utf-8"), when / 1000

    # -- Habitica ---------------------------------------------------------------------------
    def habitica_day(self, ms):
        local = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.timezone.utc) + datetime.timedelta(minutes=UTC_OFFSET_MIN)
        d = local.date()
        if local.hour < DAY_START:
            d -= datetime.timedelta(days=1)
        return d

    def habitica_export(self, day):
        until = self.hb_exports[day]
        dailies = [{"history": [], "value": 0.0, "completed": False, "streak": 0} for _ in self.hb_dailies]
        habit = {"history": [], "value": 0.0, "counterUp": 0}
        exp_history = []
        exp = 0
        last_cron = None
        for when, kind, arg in self.hb_events:
            if when >= until:
                break
            if kind == "cron":
                for d in dailies:
                    if not d["completed"]:
                        d["value"] = round(d["value"] - 0.4 - 0.1 * max(d["value"], 0) / 5, 6)
                        d["history"].append({"date": when, "value": d["value"], "isDue": True, "completed": False})
                        d["streak"] = 0
                    d["completed"] = False
                exp += 10
                exp_history.append({"date": iso_z(when), "value": exp})
                habit["counterUp"] = 0
                last_cron = when
                cutoff = self.habitica_day(when) - datetime.timedelta(days=self.habitica_raw_days)
                for d in dailies:
                    d["history"] = self._preen(d["history"], cutoff)
                habit["history"] = self._preen(habit["history"], cutoff)
                exp_history = self._preen(exp_history, cutoff)
            elif kind == "check":
                d = dailies[arg]
                if d["completed"]:
                    continue
                d["completed"] = True
                d["value"] = round(d["value"] + 0.9747 ** min(max(d["value"], -47.27), 21.27), 6)
                d["streak"] += 1
                d["history"].append({"date": when, "value": d["value"], "isDue": True, "completed": True})
            elif kind == "click":
                habit["value"] = round(habit["value"] + 0.9747 ** min(max(habit["value"], -47.27), 21.27), 6)
                habit["counterUp"] += 1
                last = habit["history"][-1] if habit["history"] else None
                if last and "scoredUp" in last and self.habitica_day(last["date"]) == self.habitica_day(when):
                    last.update({"date": when, "value": habit["value"], "scoredUp": last["scoredUp"] + 1})
                else:
                    habit["history"].append({"date": when, "value": habit["value"], "scoredUp": 1, "scoredDown": 0})
        created = iso_z(self.hb_created)
        start_local = iso_z(epoch_ms(-HABITICA_PRIOR_DAYS, 0))
        common = {"notes": "", "tags": [], "priority": 1, "attribute": "str", "userId": "00000000-0000-4000-8000-000000000040",
                  "challenge": {}, "group": {"approval": {"required": False, "approved": False, "requested": False},
                                             "assignedUsers": [], "sharedCompletion": "singleCompletion"},
                  "reminders": [], "byHabitica": False, "createdAt": created, "updatedAt": iso_z(until - 60_000)}
        tasks_dailies = []
        for spec, d in zip(self.hb_dailies, dailies):
            task = {"_id": spec["id"], "type": "daily", "text": spec["text"]}
            task.update(common)
            task.update({"value": d["value"], "frequency": "daily", "everyX": 1, "startDate": start_local,
                         "repeat": {"m": True, "t": True, "w": True, "th": True, "f": True, "s": True, "su": True},
                         "streak": d["streak"], "daysOfMonth": [], "weeksOfMonth": [], "isDue": True, "nextDue": [],
                         "yesterDaily": True, "completed": d["completed"], "collapseChecklist": False, "checklist": [],
                         "history": d["history"], "id": spec["id"]})
            tasks_dailies.append(task)
        task = {"_id": self.hb_habit["id"], "type": "habit", "text": self.hb_habit["text"]}
        task.update(common)
        task.update({"value": habit["value"], "up": True, "down": False, "counterUp": habit["counterUp"],
                     "counterDown": 0, "frequency": "daily", "history": habit["history"], "id": self.hb_habit["id"]})
        user = {
            "auth": {"timestamps": {"created": created, "loggedin": iso_z(last_cron), "updated": iso_z(until - 60_000)}},
            "achievements": {}, "flags": {"welcomed": True}, "history": {"exp": exp_history, "todos": []},
            "items": {}, "party": {}, "preferences": {"dayStart": DAY_START, "timezoneOffset": -UTC_OFFSET_MIN,
                                                      "timezoneOffsetAtLastCron": -UTC_OFFSET_MIN, "language": "en"},
            "profile": {"name": "hubsim"}, "stats": {"exp": exp, "lvl": 1}, "inbox": {"messages": {}},
            "tasksOrder": {"habits": [self.hb_habit["id"]], "dailys": [s["id"] for s in self.hb_dailies],
                           "todos": [], "rewards": []},
            "_v": 1, "_id": "00000000-0000-4000-8000-000000000040", "lastCron": iso_z(last_cron), "tags": [],
            "id": "00000000-0000-4000-8000-000000000040",
            "tasks": {"habits": [task], "dailys": tasks_dailies},
        }
        text = json.dumps(user, ensure_ascii=False, separators=(",", ":"))
        return "habitica-user-data.json", text.encode("utf-8"), until / 1000

    def _preen(self, history, cutoff):
        """Habitica's preening of one history: entries whose day is before `cutoff`, one
        `{date: the first's date, value: the mean}` per calendar month (aggregates averaged
        again); the rest as they are."""
        old, recent = [], []
        for e in history:
            date = e["date"] if isinstance(e["date"], (int, float)) else self._iso_ms(e["date"])
            (old if self.habitica_day(date) < cutoff else recent).append((date, e))
        if not old:
            return history
        groups = {}
        order = []
        for date, e in old:
            d = self.habitica_day(date)
            key = (d.year, d.month)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append((date, e))
        preened = []
        for key in order:
            entries = groups[key]
            mean = sum(e["value"] for _, e in entries) / len(entries)
            preened.append({"date": entries[0][0], "value": round(mean, 6)})
        return preened + [e for _, e in recent]

    @staticmethod
    def _iso_ms(text):
        moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
        return int(round(moment.timestamp() * 1000))

    # -- the files of a day -----------------------------------------------------------------
    def files(self, day):
        """[(folder, name, bytes, mtime)] of day `day`, in the order they are written."""
        result = []
        if day in self.th_exports:
            result.append(("tablehabit",) + self.tablehabit_export(day))
        name, data, mtime = self.loop_backup(day)
        result.append(("loop", name, data, mtime))
        if day in self.hb_exports:
            result.append(("habitica",) + self.habitica_export(day))
        result.sort(key=lambda f: f[3])
        return result

    def write_day(self, day, root, archive=None):
        """Writes day `day`'s files under `root` (loop/, tablehabit/, habitica/), rotating
        Loop's backups as Loop does, and copies each into `archive` (default root/archive/) as
        `DD-folder-name`. Returns {"written": [paths], "removed": [paths]}."""
        archive = archive or os.path.join(root, "archive")
        written, removed = [], []
        # Modification times are the simulated ones, moved back when they would be less than an
        # hour ago (or in the future, on a machine whose clock is before March 2026): a hub
        # leaves a file changed a moment ago for the next run (it may still be arriving).
        shift = max(0.0, epoch_ms(DAYS, 0) / 1000 - (time.time() - 3600))
        for folder, name, data, mtime in self.files(day):
            mtime -= shift
            target_dir = os.path.join(root, folder)
            os.makedirs(target_dir, exist_ok=True)
            os.makedirs(archive, exist_ok=True)
            if folder == "loop":
                backups = [os.path.join(target_dir, n) for n in os.listdir(target_dir) if not n.startswith(".")]
                backups.sort(key=lambda p: -os.stat(p).st_mtime)
                for old in backups[LOOP_KEEP:]:
                    os.remove(old)
                    removed.append(old)
            target = os.path.join(target_dir, name)
            temporary = os.path.join(target_dir, ".syncthing.%s.tmp" % name)
            with open(temporary, "wb") as f:
                f.write(data)
            os.utime(temporary, (mtime, mtime))
            os.replace(temporary, target)
            written.append(target)
            with open(os.path.join(archive, "%02d-%s-%s" % (day, folder, name)), "wb") as f:
                f.write(data)
        return {"written": written, "removed": removed}


# ---------------------------------------------------------------------------------------------
# The count: what the files show, read apart from the codecs.

def count_loop(path):
    """(habit names, {(name, day)}) of a Loop backup, by sqlite3 queries."""
    db = sqlite3.connect("file:%s?mode=ro&immutable=1" % path, uri=True)
    try:
        names = {row[0] for row in db.execute("SELECT name FROM Habits")}
        days = set()
        for name, ts in db.execute("SELECT h.name, r.timestamp FROM Repetitions r JOIN Habits h ON h.id = r.habit "
                                   "WHERE h.type = 0 AND r.value = 2"):
            days.add((name, (datetime.date(1970, 1, 1) + datetime.timedelta(days=ts // DAY_MS)).isoformat()))
    finally:
        db.close()
    return names, days


def count_tablehabit(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    names, days = set(), set()
    for habit in data["habits"]:
        names.add(habit["name"])
        yes_no = habit.get("daily_goal", 1) == 1 and not habit.get("daily_goal_unit") and habit.get("type", 1) != 2
        for record in habit.get("records") or []:
            if record["record_type"] == 1 and (yes_no or record.get("record_value", 0) >= habit.get("daily_goal", 1)):
                day = datetime.date(1970, 1, 1) + datetime.timedelta(days=record["record_date"])
                days.add((habit["name"], day.isoformat()))
    return names, days


def count_habitica(path):
    with open(path, encoding="utf-8") as f:
        user = json.load(f)
    prefs = user.get("preferences") or {}
    offset = -(prefs.get("timezoneOffset") or 0)
    day_start = prefs.get("dayStart") or 0

    def hday(ms):
        local = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.timezone.utc) + datetime.timedelta(minutes=offset)
        d = local.date()
        return d - datetime.timedelta(days=1) if local.hour < day_start else d

    first_cron = {}
    for e in (user.get("history") or {}).get("exp") or []:
        if isinstance(e.get("date"), str):
            ms = Simulation._iso_ms(e["date"])
            d = hday(ms)
            first_cron[d] = min(first_cron.get(d, ms), ms)
    names, days = set(), set()
    tasks = user.get("tasks") or {}
    for task in tasks.get("dailys") or []:
        names.add(task["text"])
        for e in task.get("history") or []:
            if isinstance(e, dict) and e.get("completed") is True:
                d = hday(e["date"])
                if d in first_cron and e["date"] < first_cron[d]:
                    d -= datetime.timedelta(days=1)
                days.add((task["text"], d.isoformat()))
    for task in tasks.get("habits") or []:
        names.add(task["text"])
        ups = {}
        for e in task.get("history") or []:
            if isinstance(e, dict) and ("scoredUp" in e or "scoredDown" in e):
                d = hday(e["date"])
                ups[d] = ups.get(d, 0) + (e.get("scoredUp") or 0)
        days |= {(task["text"], d.isoformat()) for d, up in ups.items() if up > 0}
    return names, days


def count_file(path):
    """(names, days) one file shows, by its kind (from the archive name: DD-folder-name)."""
    kind = os.path.basename(path).split("-", 2)[1]
    return {"loop": count_loop, "tablehabit": count_tablehabit, "habitica": count_habitica}[kind](path)


class Count:
    def __init__(self):
        self.names = set()          # normalized tracker names
        self.days = set()           # (normalized name, YYYY-MM-DD)
        self.files = {}             # archive file name -> number of completions it shows
        self.sha256 = {}            # archive file name -> sha256 of its bytes

    def add(self, path):
        names, days = count_file(path)
        self.names |= {normalized(n) for n in names}
        self.days |= {(normalized(n), d) for n, d in days}
        self.files[os.path.basename(path)] = len(days)
        with open(path, "rb") as f:
            self.sha256[os.path.basename(path)] = hashlib.sha256(f.read()).hexdigest()


def count(archive, exclude_sha256=()):
    """The union of what every file of `archive` shows (files whose sha256 is in
    `exclude_sha256` left out)."""
    result = Count()
    for name in sorted(os.listdir(archive)):
        path = os.path.join(archive, name)
        with open(path, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() in exclude_sha256:
                continue
        result.add(path)
    return result


def main(argv):
    if len(argv) >= 1 and argv[0] == "days":
        print(DAYS)
        return 0
    if len(argv) >= 3 and argv[0] == "write":
        seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else DEFAULT_SEED
        day = int(argv[1])
        if not 0 <= day < DAYS:
            print("day must be 0..%d" % (DAYS - 1), file=sys.stderr)
            return 64
        raw = int(argv[argv.index("--habitica-raw-days") + 1]) if "--habitica-raw-days" in argv else HABITICA_RAW_DAYS
        report = Simulation(seed, habitica_raw_days=raw).write_day(day, argv[2])
        for p in report["removed"]:
            print("removed", p)
        for p in report["written"]:
            print("wrote", p)
        return 0
    if len(argv) == 2 and argv[0] == "count":
        c = count(argv[1])
        print(json.dumps({"trackers": sorted(c.names), "completions": sorted(c.days), "files": c.files},
                         ensure_ascii=False, indent=1))
        return 0
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
