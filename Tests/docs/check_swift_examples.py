#!/usr/bin/env python3
"""Checks that every ```swift block of the docs is a file the build compiles (`make docs-check`).

    Tests/docs/check_swift_examples.py [DOC.md ...]

Documents: README.md, docs/*.md and the DocC articles of Sources/*/*.docc (or those named).
Python 3 standard library only.

A ```swift block must come right after a comment naming the file it shows, a file of a target
in Package.swift (so `swift build` compiles it):

    <!-- compiled: Examples/library-use/main.swift -->
    ```swift
    ...
    ```

The block must be that file, line for line (trailing white space aside). A block that shows
part of a file names it with `compiled-part:` instead, and must be a run of the file's lines.
A block that cannot
be a target's file (a manifest with a placeholder URL) says why instead, and is counted as
skipped:

    <!-- not-compiled: REASON -->

A ```swift block without either comment, a comment naming a missing file or not followed by a
```swift block, and a block that differs from its file (shown as a unified diff) are failures. Exits 1 on a failure,
2 on a usage error; prints `N passed, N failed, N skipped` last.
"""

import difflib
import glob
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT_OPEN = re.compile(r"^```swift\s*$")
FENCE_ANY = re.compile(r"^```")
COMPILED = re.compile(r"^<!--\s*(compiled|compiled-part|not-compiled):\s*(.*?)\s*-->\s*$")


def swift_blocks(text):
    """(line of the fence, (kind, file or reason) of the comment before it or None, lines) per
    swift block, and the problems met while reading (a comment not followed by a swift block)."""
    lines = text.split("\n")
    blocks, problems = [], []
    named, named_line = None, 0
    i = 0
    while i < len(lines):
        line = lines[i]
        m = COMPILED.match(line.strip())
        if m:
            if named is not None:
                problems.append((named_line, f"`{named[0]}: {named[1]}` is not followed by a ```swift block"))
            named, named_line = (m.group(1), m.group(2)), i + 1
        elif SWIFT_OPEN.match(line):
            start = i + 1
            i += 1
            body = []
            while i < len(lines) and not FENCE_ANY.match(lines[i]):
                body.append(lines[i])
                i += 1
            blocks.append((start, named, body))
            named = None
        elif FENCE_ANY.match(line):
            if named is not None:
                problems.append((named_line, f"`{named[0]}: {named[1]}` is not followed by a ```swift block"))
                named = None
            i += 1
            while i < len(lines) and not FENCE_ANY.match(lines[i]):
                i += 1
        elif line.strip() and named is not None:
            problems.append((named_line, f"`{named[0]}: {named[1]}` is not followed by a ```swift block"))
            named = None
        i += 1
    if named is not None:
        problems.append((named_line, f"`{named[0]}: {named[1]}` is not followed by a ```swift block"))
    return blocks, problems


def check(doc):
    """(passed, skipped, failure messages) for one document, its path relative to the repository."""
    with open(os.path.join(REPO, doc), encoding="utf-8") as f:
        blocks, problems = swift_blocks(f.read())
    failures = [f"{doc}:{line}: {message}" for line, message in problems]
    passed, skipped = 0, []
    for line, comment, body in blocks:
        where = f"{doc}:{line}"
        if comment is None:
            failures.append(f"{where}: a ```swift block without `<!-- compiled: PATH -->` before it "
                            "(put the code in a target's file and name it)")
            continue
        kind, named = comment
        if kind == "not-compiled":
            if named:
                skipped.append(f"{where}: {named}")
            else:
                failures.append(f"{where}: `not-compiled:` gives no reason")
            continue
        path = os.path.join(REPO, named)
        if not os.path.isfile(path):
            failures.append(f"{where}: {named} does not exist")
            continue
        with open(path, encoding="utf-8") as f:
            source = f.read().split("\n")
        if source and source[-1] == "":
            source.pop()  # the file's final newline
        shown = [x.rstrip() for x in body]
        wanted = [x.rstrip() for x in source]
        if kind == "compiled" and shown == wanted:
            passed += 1
        elif kind == "compiled-part" and shown and any(
                wanted[k:k + len(shown)] == shown for k in range(len(wanted) - len(shown) + 1)):
            passed += 1
        elif kind == "compiled":
            diff = difflib.unified_diff(wanted, shown, named, where, lineterm="")
            failures.append(f"{where}: the block is not {named}:\n" + "\n".join(diff))
        else:
            failures.append(f"{where}: the block is not a run of lines of {named}:\n" + "\n".join(shown))
    return passed, skipped, failures


def main(argv):
    if any(a.startswith("-") for a in argv):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    docs = argv or (["README.md"] + sorted(glob.glob("docs/*.md", root_dir=REPO))
                    + sorted(glob.glob("Sources/*/*.docc/**/*.md", root_dir=REPO, recursive=True)))
    passed, skipped, failures = 0, [], []
    for doc in docs:
        p, s, f = check(doc)
        passed += p
        skipped += s
        failures += f
    for s in skipped:
        print(f"SKIP {s}")
    for f in failures:
        print(f"FAIL {f}")
    print(f"{passed} passed, {len(failures)} failed, {len(skipped)} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
