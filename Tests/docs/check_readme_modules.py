#!/usr/bin/env python3
"""Checks that README's module list and layout name every target of Package.swift (`make docs-check`).

    Tests/docs/check_readme_modules.py

Targets are the manifest's `.target`, `.executableTarget`, `.systemLibrary` and `.plugin`
declarations (test targets are covered by "one test target per module"). Each must appear as
`Name` in the "Modules, every target of `Package.swift`" list of README.md (up to the next
heading) and by name in its "## Layout" block. Prints what is missing and exits 1, or prints
`N passed, 0 failed`. Python 3 standard library only.
"""

import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = re.compile(r'\.(?:target|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"')
MODULES = "Modules, every target of `Package.swift`"


def section(text, start):
    """README from the line holding `start` to the next heading."""
    at = text.find(start)
    if at < 0:
        return None
    end = text.find("\n#", at)
    return text[at:] if end < 0 else text[at:end]


def main():
    with open(os.path.join(REPO, "Package.swift"), encoding="utf-8") as f:
        targets = TARGET.findall(f.read())
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    modules = section(readme, MODULES)
    layout = section(readme, "## Layout\n")
    failures = []
    if modules is None:
        failures.append(f"README.md has no \"{MODULES}\" list")
    if layout is None:
        failures.append("README.md has no \"## Layout\" section")
    missing = set()
    for name in targets:
        if modules is not None and f"`{name}`" not in modules:
            failures.append(f"README.md: target {name} is not in the module list")
            missing.add(name)
        if layout is not None and not re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", layout):
            failures.append(f"README.md: target {name} is not in the layout")
            missing.add(name)
    for f in failures:
        print(f"FAIL {f}")
    print(f"{len(targets) - len(missing)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
