#!/usr/bin/env python3
"""`trackport mcp` as an assistant meets it (issue 41, "Done means"), through the official Python
MCP client (PyPI `mcp`) over standard input and output:

- over a dataset made by `trackport generate` and the shared Loop backup
  (../shared/fixtures/loop_uhabits/loop.db, read where it is): initialize; list the tools (every
  input schema a valid JSON Schema, checked with `jsonschema`, and every call's arguments valid
  against it) and the resources (each read);
- every tool called, its answers compared with independent counts: Python on the canonical JSON
  of the generated dataset, sqlite3 on the Loop file; `agenda` and the overall `statistics` with
  what `trackport agenda --json` and `trackport stats --json` print;
- paging (list_habits, habit_history) returns every item exactly once;
- inspect_file refuses a path outside --allow-read, a `../` trick and a symbolic link; convert_file
  writes only a new file inside --allow-write;
- a malformed message and an oversized one (2 MiB) get JSON-RPC error answers and the server
  goes on; the end of standard input ends it with status 0.

    Tests/mcp/mcp_test.py path/to/trackport

Prints one line per check and `N passed, M failed`.
"""
import asyncio
import collections
import datetime
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

import jsonschema
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOOP = os.path.normpath(os.path.join(ROOT, "..", "shared", "fixtures", "loop_uhabits", "loop.db"))
TODAY = "2026-12-01"


# The pass/fail counter the hub tests use.
sys.path.insert(0, os.path.join(ROOT, "Tests", "hub"))
from hubtest import Checks  # noqa: E402


class Server:
    """One client session: calls tools with arguments checked against their schemas."""

    def __init__(self, session, checks):
        self.session = session
        self.checks = checks
        self.schemas = {}

    async def call(self, name, unchecked=False, **arguments):
        """The answer (parsed) and whether it is an error; `unchecked` for arguments meant to be wrong."""
        schema = self.schemas.get(name)
        if schema is not None and not unchecked:
            try:
                jsonschema.validate(arguments, schema)
            except jsonschema.ValidationError as error:
                self.checks.check(False, "%s's arguments %s fit its schema" % (name, arguments), error.message)
        result = await self.session.call_tool(name, arguments)
        text = result.content[0].text
        return json.loads(text), bool(result.is_error)

    async def pages(self, name, key, limit, **arguments):
        """Every item of a paged answer, and the number of pages."""
        items, cursor, pages = [], None, 0
        while True:
            extra = {"cursor": cursor} if cursor else {}
            answer, error = await self.call(name, limit=limit, **arguments, **extra)
            if error:
                raise AssertionError("%s: %s" % (name, answer))
            items += answer[key]
            pages += 1
            cursor = answer["nextCursor"]
            if not cursor or pages > 10000:
                return items, pages, answer


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)


def loop_counts():
    """Per Loop habit (id → (name, done days)), from the backup's own tables."""
    db = sqlite3.connect("file:%s?mode=ro" % LOOP, uri=True)
    names = dict(db.execute("select Id, name from Habits"))
    days = collections.defaultdict(set)
    columns = [row[1] for row in db.execute("pragma table_info(Repetitions)")]
    query = "select habit, timestamp from Repetitions" + (" where value > 0" if "value" in columns else "")
    for habit, stamp in db.execute(query):
        days[habit].add(datetime.datetime.fromtimestamp(stamp / 1000, datetime.timezone.utc).date().isoformat())
    db.close()
    return {h: (names[h], days[h]) for h in names}


async def generated_checks(server, checks, canonical, binary, folder):
    d = canonical
    trackers = {t["id"]: t for t in d["trackers"]}
    records = collections.Counter(r["trackerId"] for r in d["records"] if r["trackerId"] in trackers)
    done_days = collections.defaultdict(set)
    for r in d["records"]:
        done_days[r["trackerId"]].add(r["date"])

    habits, pages, _ = await server.pages("list_habits", "habits", 5, dataset="gen.trackport.json")
    ids = [h["id"] for h in habits]
    checks.check(len(ids) == len(set(ids)) and sorted(ids) == sorted(t["id"] for t in d["trackers"]) and pages > 1,
                 "list_habits pages (5 a page, %d pages) list every tracker exactly once" % pages, (len(ids), len(d["trackers"])))
    checks.check(all(h["records"] == records[h["id"]] and h["doneDays"] == len(done_days[h["id"]]) for h in habits),
                 "list_habits counts each habit's records and done days as the canonical JSON has them")
    checks.check(all(h["name"] == trackers[h["id"]]["name"] and h["archived"] == trackers[h["id"]].get("archived", False) for h in habits),
                 "list_habits names and archived flags match the canonical JSON")

    busiest = max(records, key=lambda t: records[t])
    days, pages, answer = await server.pages("habit_history", "days", 7, dataset="gen.trackport.json", habit=busiest)
    dates = [x["date"] for x in days if x["done"]]
    checks.check(dates == sorted(done_days[busiest]) and len(dates) == len(set(dates)) and pages > 1,
                 "habit_history pages (7 a page, %d pages) give every done day of the busiest habit once, in order" % pages)
    by_name, _ = await server.call("habit_history", dataset="gen.trackport.json", habit=trackers[busiest]["name"].upper(), limit=1000)
    checks.check(by_name.get("habit", {}).get("id") == busiest, "habit_history finds a habit by its name, case ignored", by_name)

    stats = json.loads(run(binary, "stats", "--json", folder + "/gen.trackport.json").stdout)
    answer, _ = await server.call("statistics", dataset="gen.trackport.json", limit=1000)
    checks.check(answer["overall"] == stats, "statistics overall equals `trackport stats --json`", (answer["overall"], stats))
    checks.check(all(h["statistics"]["trackersCompleted"] == records[h["id"]] for h in answer["habits"]),
                 "statistics counts each habit's completions as the canonical JSON has them")
    first = min(r["date"] for r in d["records"])
    last = max(r["date"] for r in d["records"])
    middle = (datetime.date.fromisoformat(first) + (datetime.date.fromisoformat(last) - datetime.date.fromisoformat(first)) / 2).isoformat()
    ranged, _ = await server.call("statistics", dataset="gen.trackport.json", **{"from": first, "until": middle})
    expected = sum(1 for r in d["records"] if r["trackerId"] in trackers and first <= r["date"] <= middle)
    checks.check(ranged["overall"]["trackersCompleted"] == expected,
                 "statistics over %s..%s counts the %d records in the range" % (first, middle, expected), ranged["overall"])

    agenda_cli = run(binary, "agenda", "--json", "--date", middle, "--today", middle, folder + "/gen.trackport.json").stdout
    result = await server.session.call_tool("agenda", {"dataset": "gen.trackport.json", "date": middle, "today": middle})
    checks.check(result.content[0].text == agenda_cli, "agenda equals `trackport agenda --json` for %s" % middle)

    report = json.loads(run(binary, "validate", "--format", "json", "--today", TODAY, folder + "/gen.trackport.json").stdout)
    found, pages, answer = await server.pages("validate", "diagnostics", 3, dataset="gen.trackport.json", today=TODAY)
    checks.check(answer["errors"] == report["errors"] and answer["warnings"] == report["warnings"] and len(found) == len(report["diagnostics"])
                 and sorted(x["code"] for x in found) == sorted(x["code"] for x in report["diagnostics"]),
                 "validate gives the findings `trackport validate --format json` gives (%d, by code)" % len(found))

    inspected, error = await server.call("inspect_file", path="copy.trackport.json", to="loop")
    checks.check(not error and inspected["counts"]["trackers"] == len(d["trackers"]) and inspected["counts"]["records"] == len(d["records"])
                 and inspected["format"]["id"] == "json" and inspected["to"]["id"] == "loop",
                 "inspect_file reads a file inside --allow-read: format and counts as the canonical JSON has", inspected)
    for path, code, what in [("/etc/passwd", "outside-allowed-folder", "a path outside --allow-read"),
                             ("../gen.trackport.json", "parent-reference-refused", "a ../ trick"),
                             ("sub/../../gen.trackport.json", "parent-reference-refused", "a ../ trick below a folder"),
                             ("link.trackport.json", "symlink-refused", "a symbolic link inside --allow-read")]:
        answer, error = await server.call("inspect_file", path=path)
        checks.check(error and answer["error"]["code"] == code, "inspect_file refuses %s (%s)" % (what, code), answer)

    answer, error = await server.call("convert_file", dataset="gen.trackport.json", output="copy.trackport.json")
    written = os.path.join(folder, "out", "copy.trackport.json")
    checks.check(not error and os.path.exists(written) and json.load(open(written)) == d,
                 "convert_file writes a new file inside --allow-write, equal to the dataset", answer)
    answer, error = await server.call("convert_file", dataset="gen.trackport.json", output="copy.trackport.json")
    checks.check(error and answer["error"]["code"] == "output-exists", "convert_file never replaces a file", answer)
    answer, error = await server.call("convert_file", dataset="gen.trackport.json", output=folder + "/gen.trackport.json")
    checks.check(error and answer["error"]["code"] == "outside-allowed-folder", "convert_file refuses to write over its input", answer)
    answer, error = await server.call("convert_file", path="copy.trackport.json", output="gen.db")
    db = os.path.join(folder, "out", "gen.db")
    if checks.check(not error and os.path.exists(db), "convert_file converts a file inside --allow-read to Loop", answer):
        con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        habits_written = con.execute("select count(*) from Habits").fetchone()[0]
        con.close()
        checks.check(habits_written == sum(1 for t in d["trackers"] if t["kind"] == "habit"),
                     "the Loop file written has one habit row per habit (sqlite3)", habits_written)


async def loop_checks(server, checks, binary):
    expected = loop_counts()
    habits, _, _ = await server.pages("list_habits", "habits", 4, dataset="loop.db")
    got = sorted((h["name"], h["doneDays"]) for h in habits)
    want = sorted((name, len(days)) for name, days in expected.values())
    checks.check(got == want, "list_habits over the Loop backup: every habit with its done days, as sqlite3 counts them", (got, want))
    answer, _ = await server.call("statistics", dataset="loop.db", limit=1000)
    total = sum(len(days) for _, days in expected.values())
    checks.check(answer["overall"]["trackersCompleted"] == total,
                 "statistics over the Loop backup: %d completions, as sqlite3 counts them" % total, answer["overall"])
    name, days = max(expected.values(), key=lambda x: len(x[1]))
    habit = next(h for h in habits if h["name"] == name and h["doneDays"] == len(days))
    history, pages, _ = await server.pages("habit_history", "days", 10, dataset="loop.db", habit=habit["id"])
    checks.check(sorted(x["date"] for x in history if x["done"]) == sorted(days),
                 "habit_history of Loop's %r: every repetition day once (%d pages), as sqlite3 has them" % (name, pages))
    found, pages, report = await server.pages("validate", "diagnostics", 2, dataset="loop.db", today=TODAY)
    cli = json.loads(run(binary, "validate", "--format", "json", "--today", TODAY, LOOP).stdout)
    checks.check(len(found) == report["total"] == len(cli["diagnostics"]) and pages > 1 and report["warnings"] == cli["warnings"]
                 and [(x["code"], x["message"]) for x in found] == [(x["code"], x["message"]) for x in cli["diagnostics"]],
                 "validate over the Loop backup: %d findings in %d pages, those of `trackport validate --format json`" % (len(found), pages),
                 (report, cli))


async def session_checks(binary, folder, checks):
    params = StdioServerParameters(command=binary, args=[
        "mcp", folder + "/gen.trackport.json", LOOP, "--allow-read", folder + "/allowed", "--allow-write", folder + "/out"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            checks.check(init.server_info.name == "trackport", "initialize names the server", init.server_info)
            server = Server(session, checks)
            tools = (await session.list_tools()).tools
            names = sorted(t.name for t in tools)
            checks.check(names == sorted(["list_habits", "habit_history", "statistics", "agenda", "validate", "inspect_file", "convert_file"]),
                         "tools/list lists the seven tools", names)
            bad = []
            for tool in tools:
                try:
                    jsonschema.validators.validator_for(tool.input_schema).check_schema(tool.input_schema)
                except jsonschema.SchemaError as error:
                    bad.append((tool.name, error.message))
                server.schemas[tool.name] = tool.input_schema
            checks.check(not bad and all(t.description for t in tools), "every tool has a description and a valid JSON Schema", bad)
            resources = (await session.list_resources()).resources
            uris = [str(r.uri) for r in resources]
            checks.check(len(uris) == 5 and "trackport://formats" in uris, "resources/list: the formats and two per dataset", uris)
            canonical = None
            for uri in uris:
                contents = (await session.read_resource(uri)).contents[0]
                text = contents.text
                if uri.endswith("canonical.json"):
                    parsed = json.loads(text)
                    ok = "trackers" in parsed
                    if "gen.trackport.json" in uri:
                        canonical = parsed
                        ok = ok and parsed == json.load(open(folder + "/gen.trackport.json"))
                elif uri.endswith("report.html"):
                    ok = "<html" in text[:500].lower()
                else:
                    ok = "migrations" in json.loads(text)
                checks.check(ok, "resources/read %s" % uri, text[:200])
            await generated_checks(server, checks, canonical, binary, folder)
            await loop_checks(server, checks, binary)
            answer, error = await server.call("list_habits")
            checks.check(error and answer["error"]["code"] == "bad-argument", "a dataset must be named when there are two", answer)
            answer, error = await server.call("list_habits", unchecked=True, dataset="/etc/passwd")
            checks.check(error and answer["error"]["code"] == "unknown-dataset", "a dataset is a name, never a path", answer)


def raw_checks(binary, folder, checks):
    """Malformed and oversized messages, then the end of input, without a client library."""
    process = subprocess.Popen([binary, "mcp", folder + "/gen.trackport.json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
    lines = [json.dumps(init), json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}), "{not json",
             '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "list_habits", "arguments": {"limit": "many"}}}',
             "[" + "x" * (2 << 20) + "]", json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/list"})]
    out, err = process.communicate(("\n".join(lines) + "\n").encode(), timeout=120)
    answers = [json.loads(line) for line in out.decode().splitlines() if line.strip()]
    codes = sorted(a["error"]["code"] for a in answers if "error" in a)
    checks.check(-32700 in codes, "a malformed message gets a parse error answer", answers[:3])
    checks.check(-32600 in codes, "a 2 MiB message gets an error answer (skipped, not held)", codes)
    five = [a for a in answers if a.get("id") == 5]
    checks.check(five and five[0]["result"]["isError"] and "bad-argument" in five[0]["result"]["content"][0]["text"],
                 "an argument of the wrong kind gets a bad-argument answer", five)
    checks.check(any(a.get("id") == 9 and len(a["result"]["tools"]) == 7 for a in answers),
                 "the server goes on after them: tools/list answered", [a.get("id") for a in answers])
    checks.check(process.returncode == 0, "the end of standard input ends it with status 0", process.returncode)
    checks.check(b"Wake" not in err and len(err) == 0, "nothing is written to standard error", err[:300])


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    binary = os.path.abspath(sys.argv[1])
    checks = Checks()
    folder = tempfile.mkdtemp(prefix="mcp-test-")
    try:
        generated = run(binary, "generate", "--trackers", "12", "--days", "90", "--seed", "7", "--rich", "-o", folder + "/gen.trackport.json")
        if not checks.check(generated.returncode == 0, "trackport generate makes the dataset", generated.stderr):
            return checks.finish()
        os.makedirs(folder + "/allowed/sub")
        os.makedirs(folder + "/out")
        shutil.copy(folder + "/gen.trackport.json", folder + "/allowed/copy.trackport.json")
        os.symlink(folder + "/gen.trackport.json", folder + "/allowed/link.trackport.json")
        checks.check(os.path.exists(LOOP), "the shared Loop backup is there", LOOP)
        started = time.time()
        asyncio.run(asyncio.wait_for(session_checks(binary, folder, checks), timeout=600))
        print("note the client session took %.1f s" % (time.time() - started), flush=True)
        raw_checks(binary, folder, checks)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
