#!/usr/bin/env python3
"""obsidian_entries.py FOLDER: for every .md note under FOLDER whose properties (YAML between the
first two --- lines, read with PyYAML apart from the codec under test) hold `entries`, one line
`path<TAB>name<TAB>day,day,...` (name: `title`, else the file name), sorted by path."""
import os, sys, yaml

root = sys.argv[1]
for folder, dirs, files in sorted(os.walk(root)):
    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    for name in sorted(files):
        if not name.endswith(".md"):
            continue
        path = os.path.join(folder, name)
        text = open(path, encoding="utf-8-sig").read()
        lines = text.splitlines()
        if not lines or lines[0].strip() != "---" or "---" not in [l.strip() for l in lines[1:]]:
            continue
        end = [l.strip() for l in lines[1:]].index("---") + 1
        try:
            properties = yaml.load("\n".join(lines[1:end]), Loader=yaml.BaseLoader) or {}
        except yaml.YAMLError:
            continue
        if "entries" not in properties:
            continue
        entries = properties["entries"] or []
        title = properties.get("title") or name[:-3]
        print(f"{os.path.relpath(path, root)}\t{title}\t{','.join(sorted(entries))}")
