#!/usr/bin/env python3
"""The migration matrix of docs/migration-matrix.md, made from the tool's own declarations.

Usage: migration_matrix.py TRACKPORT [--write]

Runs `TRACKPORT formats --format json` (built-in formats only: no plugin path, a bare PATH)
and renders its `fields` and `migrations` (what each route from a format that reads to a
format that writes loses, and what arrives only in part) as Markdown between the
`<!-- matrix:begin -->` and `<!-- matrix:end -->` lines of docs/migration-matrix.md.
With --write (make migration-matrix) the page is rewritten; without (make docs-check, part
of make test) the page must already say exactly that, or the script prints the difference
and fails, so the page cannot drift from the codecs' declarations.
"""
import difflib
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(REPO, "docs", "migration-matrix.md")
BEGIN, END = "<!-- matrix:begin -->", "<!-- matrix:end -->"


def document(tool):
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/tmp")}
    out = subprocess.run([tool, "formats", "--format", "json"], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def page_of(codec_id):
    """The docs page of a format, as a link from docs/, when there is one."""
    for name in (f"{codec_id}.md", f"{codec_id}-format.md", "ios-tracker.md" if codec_id == "tracker-ios" else None):
        if name and os.path.exists(os.path.join(REPO, "docs", name)):
            return name
    return None


def fields_list(names):
    return ", ".join(f"`{n}`" for n in names) if names else "nothing"


def render(doc):
    names = {f["id"]: f["name"] for f in doc["formats"]}
    lines = ["## The fields", "",
             "Each part of the model by the name `convert` uses when it reports a loss (`dropped-field`):", "",
             "| Field | What it is |", "|---|---|"]
    lines += [f"| `{f['name']}` | {f['summary']} |" for f in doc["fields"]]
    sources = []
    for r in doc["migrations"]:
        if r["from"] not in sources:
            sources.append(r["from"])
    for source in sources:
        page = page_of(source)
        title = f"[{names[source]}]({page})" if page else names[source]
        lines += ["", f"## From {title} (`{source}`)", "", "| To | Lost | Arrives in part |", "|---|---|---|"]
        for r in doc["migrations"]:
            if r["from"] != source:
                continue
            to = f"{names[r['to']]} (`{r['to']}`" + (f" `--to-shape {r['shape']}`" if r["shape"] else "") + ")"
            if r["to"] == source and not r["shape"]:
                to += ", round trip"
            lines.append(f"| {to} | {fields_list(r['lost'])} | {fields_list(r['inPart'])} |")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tool, write = sys.argv[1], "--write" in sys.argv[2:]
    generated = render(document(tool))
    text = open(PAGE, encoding="utf-8").read()
    try:
        head, rest = text.split(BEGIN + "\n", 1)
        current, tail = rest.split(END, 1)
    except ValueError:
        sys.exit(f"migration-matrix: {PAGE} has no {BEGIN} ... {END} block")
    if write:
        with open(PAGE + ".tmp", "w", encoding="utf-8") as f:
            f.write(head + BEGIN + "\n" + generated + END + tail)
        os.replace(PAGE + ".tmp", PAGE)
        print(f"migration-matrix: wrote {os.path.relpath(PAGE, REPO)}")
        return
    if current != generated:
        sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), generated.splitlines(True),
                                                   "docs/migration-matrix.md", "formats --format json"))
        sys.exit("migration-matrix: docs/migration-matrix.md differs from the codecs' declarations: run make migration-matrix")
    print("migration-matrix: docs/migration-matrix.md matches the codecs' declarations")


if __name__ == "__main__":
    main()
