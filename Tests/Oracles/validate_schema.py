"""Validate JSON files against a JSON Schema (draft 2020-12).

Usage: validate_schema.py SCHEMA FILE...
Exits 0 when every file is valid; otherwise prints one line per error and exits 1.
Needs the `jsonschema` package.
"""
import json
import sys

from jsonschema import Draft202012Validator, FormatChecker


def main(argv):
    if len(argv) < 2:
        print("usage: validate_schema.py SCHEMA FILE...", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    failed = False
    for path in argv[1:]:
        with open(path, encoding="utf-8-sig") as f:
            document = json.load(f)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            pointer = "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in error.absolute_path)
            print(f"{path}: {pointer or '/'}: {error.message}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
