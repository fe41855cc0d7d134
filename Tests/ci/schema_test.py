"""The canonical JSON Schema as editors use it (docs/ci.md, "Editors: the JSON Schema").

    schema_test.py BIN

- schema/trackport.schema.json has an absolute https `$id`, the one docs/ci.md names (a change
  of `$id` breaks every file and editor setting that names it, so it fails here first), and
  says its draft with `$schema`;
- docs/ci.md's VS Code `json.schemas` block is JSON whose `url` is the schema file and whose
  `fileMatch` matches the canonical file name (and not a plain .json);
- a dataset naming the schema with a top-level `"$schema"` key (SampleData/demo.trackport.json
  with the key added) validates against the schema (jsonschema, the venv's), and trackport
  reads it: `validate` finds no error (exit 0) and `convert` to canonical JSON writes the key
  back with its value, so nothing is lost.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "hub"))
from hubtest import Checks  # noqa: E402

checks = Checks()
check = checks.check


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bin_path = os.path.abspath(sys.argv[1])
    with open(os.path.join(ROOT, "schema/trackport.schema.json")) as f:
        schema = json.load(f)
    with open(os.path.join(ROOT, "docs/ci.md")) as f:
        doc = f.read()
    sid = schema.get("$id", "")
    check(sid.startswith("https://") and "#" not in sid, f"the schema has an absolute https $id ({sid!r})")
    check(f"`{sid}`" in doc, "docs/ci.md names that $id")
    check(schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema", "the schema says its draft")
    jsonschema.Draft202012Validator.check_schema(schema)

    section = doc.split("## Editors: the JSON Schema", 1)[-1]
    block = re.search(r"```json\n(.*?)```", section, re.S)
    check(block is not None, "docs/ci.md has the VS Code settings block")
    if block:
        settings = json.loads(block.group(1))
        entry = settings["json.schemas"][0]
        check(os.path.normpath(os.path.join(ROOT, entry["url"])) == os.path.join(ROOT, "schema/trackport.schema.json"),
              f"json.schemas' url is the schema file ({entry['url']})")
        check(any(fnmatch.fnmatch("datasets/october.trackport.json", p) or fnmatch.fnmatch("october.trackport.json", p)
                  for p in entry["fileMatch"]), "fileMatch matches a canonical file name")
        check(not any(fnmatch.fnmatch("package.json", p) for p in entry["fileMatch"]), "fileMatch leaves package.json alone")

    with open(os.path.join(ROOT, "SampleData/demo.trackport.json")) as f:
        data = json.load(f)
    data = {"$schema": sid, **data}
    jsonschema.Draft202012Validator(schema).validate(data)
    check(True, "a dataset with a $schema key validates against the schema")
    with tempfile.TemporaryDirectory(prefix="schema-test.") as tmp:
        src, out = os.path.join(tmp, "named.trackport.json"), os.path.join(tmp, "back.trackport.json")
        with open(src, "w") as f:
            json.dump(data, f, indent=2)
        p = subprocess.run([bin_path, "validate", src], capture_output=True, text=True)
        check(p.returncode == 0 and "0 errors, 0 warnings" in p.stdout,
              f"trackport validate: no error and no warning for $schema (exit {p.returncode}) {p.stdout.strip()}")
        p = subprocess.run([bin_path, "convert", src, out], capture_output=True, text=True)
        check(p.returncode == 0 and "unknown-key" not in p.stderr,
              f"trackport convert reads it without a warning (exit {p.returncode}) {p.stderr.strip()}")
        if p.returncode == 0:
            with open(out) as f:
                back = json.load(f)
            check(back.get("$schema") == sid, "convert writes the $schema key back with its value")
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
