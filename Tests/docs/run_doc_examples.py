#!/usr/bin/env python3
"""Runs every ```console example of the docs against a built trackport (`make doc-examples`).

    Tests/docs/run_doc_examples.py TRACKPORT [--keep] [DOC.md ...]

Documents: README.md, docs/*.md, Examples/*/README.md (or those named); docs/doc-examples.md
says the same for writers. Python 3 standard library only.

- `$ ` starts a command (a trailing `\` continues it); the lines up to the next `$ ` are its
  stdout and stderr through one pipe. Trailing blank lines of an output are ignored.
- Lines match exactly, except a line `...` (may be followed by spaces and a `(comment)`),
  which matches zero or more lines.
- A command must exit 0 unless the document shows it failing: an `error:` line in its
  output (`file: error: ...`, `error: ...`, `::error ...`, `"severity": "error"`). A `...` line never stands for an `error:` line.
  So a failure cannot pass unseen, shown or not; `echo $?` shows which status it was.
- One bash process per document (`$?`, cd, export carry over), stdin /dev/null, in a scratch
  folder that mimics the repository root (copies of SampleData/ and Examples/); trackport first
  on PATH; REPO, FIXTURES (../shared/fixtures), TMPDIR set; caller's TRACKPORT_* removed.
- `<!-- doc-setup: SHELL LINES -->` (one line, or several up to `-->`) right before a block runs
  in the scratch folder, in a `set -e` subshell; a failure fails the block.
  `<!-- doc-skip: REASON -->` skips the block, reported as file:line and reason.
- Normalisation, only in make_normaliser: trailing white space (and CR of CRLF) is dropped on
  both sides; in the actual output the scratch folder's path reads `$PWD`, the repository's
  `$REPO`, the fixtures' `$FIXTURES`, the temporary folder's `$TMPDIR`, the tool's version
  `$VERSION`. Nothing else varies: no progress is drawn off a terminal, and SampleData's
  records end on 2026-11-21, so `validate` without `--today` gives the same output from then on.

Prints PASS/FAIL (with a unified diff)/SKIP per block, then `N passed, N failed, N skipped`;
exits 1 when a block failed, 2 on a usage error. --keep leaves the scratch folders.
"""

import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import uuid

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The shared fixtures sit beside the repository; TRACKPORT_SHARED_FIXTURES names them when the
# checkout lives elsewhere (a git worktree, say), as it does for the Swift tests.
FIXTURES = os.path.normpath(os.environ.get("TRACKPORT_SHARED_FIXTURES")
                            or os.path.join(REPO, "..", "shared", "fixtures"))
DOC_TIMEOUT = 600  # seconds for all the commands of one document

FENCE_OPEN = re.compile(r"^```console\s*$")
FENCE_ANY = re.compile(r"^```")
ELLIPSIS = re.compile(r"^\.\.\.(\s+\(.*\))?\s*$")
DIRECTIVE = re.compile(r"^<!--\s*doc-(setup|skip):(.*)$")


class Command:
    def __init__(self, line, text):
        self.line, self.text, self.expected = line, text, []


class Block:
    def __init__(self, doc, line):
        self.doc, self.line = doc, line
        self.setup, self.skip, self.commands = [], None, []

    @property
    def name(self):
        return f"{self.doc}:{self.line}"


def parse(doc, text):
    """The console blocks of one document, with their setup and skip comments."""
    lines = text.split("\n")
    blocks, pending, errors = [], None, []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = DIRECTIVE.match(line.strip())
        if m:
            kind, rest = m.group(1), m.group(2)
            start = i
            body = []
            if "-->" in rest:
                body.append(rest.split("-->")[0])
            else:
                body.append(rest)
                i += 1
                while i < len(lines) and "-->" not in lines[i]:
                    body.append(lines[i])
                    i += 1
                if i == len(lines):
                    errors.append(f"{doc}:{start + 1}: doc-{kind} comment never closed")
                    break
                body.append(lines[i].split("-->")[0])
            body = [x.rstrip() for x in body]  # as written: a here-document keeps its lines
            body[0] = body[0].strip()
            while body and not body[0]:
                body.pop(0)
            while body and not body[-1]:
                body.pop()
            if pending is None:
                pending = Block(doc, 0)
                pending.directive_line = start + 1
            if kind == "setup":
                pending.setup.extend(body)
            else:
                pending.skip = " ".join(x.strip() for x in body) or "no reason given"
            i += 1
            continue
        if FENCE_OPEN.match(line):
            block = pending or Block(doc, 0)
            pending = None
            block.line = i + 1
            i += 1
            current = None
            while i < len(lines) and not FENCE_ANY.match(lines[i]):
                raw = lines[i]
                if raw.startswith("$ ") or raw == "$":
                    text, first = raw[2:], i + 1
                    while text.endswith("\\") and i + 1 < len(lines) and not FENCE_ANY.match(lines[i + 1]):
                        i += 1
                        text += "\n" + lines[i]
                    current = Command(first, text)
                    block.commands.append(current)
                elif current is None:
                    if raw.strip():
                        errors.append(f"{doc}:{i + 1}: output before the first `$ ` command of the block")
                else:
                    current.expected.append(raw)
                i += 1
            for c in block.commands:
                while c.expected and not c.expected[-1].strip():
                    c.expected.pop()
            blocks.append(block)
            i += 1
            continue
        if FENCE_ANY.match(line):  # another fenced block: skip it whole
            if pending is not None:
                errors.append(f"{doc}:{pending.directive_line}: doc-setup/doc-skip comment not followed by a ```console block")
                pending = None
            i += 1
            while i < len(lines) and not FENCE_ANY.match(lines[i]):
                i += 1
        elif line.strip() and pending is not None:
            errors.append(f"{doc}:{pending.directive_line}: doc-setup/doc-skip comment not followed by a ```console block")
            pending = None
        i += 1
    if pending is not None:
        errors.append(f"{doc}:{pending.directive_line}: doc-setup/doc-skip comment not followed by a ```console block")
    return blocks, errors


# An error as each report format shows one: text, GitHub annotations, JSON findings.
ERROR_LINE = re.compile(r'(^|: )error: |^::error |"severity": "error"')


def matches(expected, actual):
    """Line-by-line equality, a `...` line matching zero or more lines, never an `error:` line."""
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif ELLIPSIS.match(expected[i]):
            result = False
            for k in range(j, len(actual) + 1):
                if go(i + 1, k):
                    result = True
                    break
                if k < len(actual) and ERROR_LINE.search(actual[k]):
                    break  # `...` may not swallow an error
        else:
            result = j < len(actual) and expected[i] == actual[j] and go(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return go(0, 0)


def make_normaliser(folder, version):
    """The one place where what must vary between machines and runs is normalised."""
    pairs = []
    for path, name in [(folder, "$PWD"), (REPO, "$REPO"), (FIXTURES, "$FIXTURES"),
                       (tempfile.gettempdir(), "$TMPDIR")]:
        for p in {path, os.path.realpath(path)}:
            pairs.append((p, name))
    pairs.sort(key=lambda p: -len(p[0]))  # the longest (most specific) path first
    version_re = re.compile(r"(?<![\w.])" + re.escape(version) + r"(?![\w.])") if version else None

    def normalise(line):
        line = line.rstrip()  # trailing spaces are invisible, and editors strip them from the docs; so is
                              # the CR of a CRLF line end (CSV and iCalendar are written with CRLF)
        for path, name in pairs:
            line = line.replace(path, name)
        if version_re:
            line = version_re.sub("$VERSION", line)
        return line

    return normalise


def prepare(folder):
    os.makedirs(folder)
    ignore = shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved")
    for name in ["SampleData", "Examples"]:
        shutil.copytree(os.path.join(REPO, name), os.path.join(folder, name), ignore=ignore, symlinks=True)


def run_document(doc, blocks, root, bindir, version):
    """Runs one document's blocks in one bash process; returns [(block, status, detail)]."""
    folder = os.path.join(root, re.sub(r"[^A-Za-z0-9.-]+", "-", doc))
    prepare(folder)
    token = "@@doc-example-" + uuid.uuid4().hex
    script = ["cd \"$DOC_FOLDER\" || exit 99"]
    steps = []  # (block index, kind, command or None)
    for b, block in enumerate(blocks):
        if block.skip:
            continue
        if block.setup:
            steps.append((b, "setup", None))
            body = "\n".join(block.setup)
            script.append(f"( set -e\n{body}\n) </dev/null 2>&1\n__st=$?; printf '\\n{token} {len(steps) - 1} %d\\n' $__st; (exit $__st)")
        for command in block.commands:
            steps.append((b, "command", command))
            script.append(f"{{ {command.text}\n}} </dev/null 2>&1\n__st=$?; printf '\\n{token} {len(steps) - 1} %d\\n' $__st; (exit $__st)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRACKPORT_")}
    env.update(PATH=bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin"), REPO=REPO, FIXTURES=FIXTURES,
               TMPDIR=tempfile.gettempdir(), DOC_FOLDER=folder, LC_ALL="C.UTF-8", LANG="C.UTF-8", TERM="dumb")
    results = {}
    timed_out, shell_status, trailing = False, 0, ""
    if steps:
        proc = subprocess.Popen(["bash", "--noprofile", "--norc"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, cwd=folder, env=env, start_new_session=True)
        try:
            out, _ = proc.communicate("\n".join(script).encode() + b"\n", timeout=DOC_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            out, _ = proc.communicate()
            timed_out = True
        shell_status = proc.returncode
        text = out.decode("utf-8", errors="replace")
        marker = re.compile("\n?" + re.escape(token) + r" (\d+) (\d+)\n")
        pos = 0
        for m in marker.finditer(text):
            results[int(m.group(1))] = (text[pos:m.start()], int(m.group(2)))
            pos = m.end()
        trailing = text[pos:]
    normalise = make_normaliser(folder, version)
    report = []
    for b, block in enumerate(blocks):
        if block.skip:
            report.append((block, "skip", block.skip))
            continue
        problems = []
        for s, (sb, kind, command) in enumerate(steps):
            if sb != b:
                continue
            if s not in results:
                what = "setup" if kind == "setup" else f"line {command.line}: $ {command.text}"
                if timed_out:
                    why = f"the document's commands took more than {DOC_TIMEOUT} s"
                elif s == 0 or s - 1 in results:
                    why = f"the shell ended here, with exit status {shell_status}"
                else:
                    why = "not run: the shell ended at an earlier command"
                problems.append(f"{what}: {why}" + (f"; it printed:\n{trailing.rstrip()}" if trailing.strip() else ""))
                break
            output, status = results[s]
            actual = [normalise(l) for l in output.split("\n")]
            while actual and not actual[-1].strip():
                actual.pop()
            if kind == "setup":
                if status != 0:
                    problems.append(f"setup failed with exit status {status}" + "".join("\n" + l for l in actual))
                continue
            expected = [l.rstrip() for l in command.expected]
            if not matches(expected, actual):
                diff = difflib.unified_diff(expected, actual, "expected (the document)", "actual", lineterm="", n=3)
                problems.append(f"line {command.line}: $ {command.text}\n" + "\n".join(diff))
            elif status != 0 and not any(ERROR_LINE.search(l) for l in expected):
                problems.append(f"line {command.line}: $ {command.text}\n"
                                f"exited with status {status}, but the document shows no `error:` line "
                                "(show the error it prints)")
        report.append((block, "fail" if problems else "pass", "\n".join(problems)))
    return report


def main(argv):
    args = [a for a in argv if a != "--keep"]
    keep = "--keep" in argv
    if not args or args[0].startswith("-"):
        print("usage:" + __doc__.split("\n\n")[1].strip().replace("Tests/docs/", " "), file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    if not os.access(binary, os.X_OK):
        print(f"not an executable: {args[0]}", file=sys.stderr)
        return 2
    if len(args) > 1:
        docs = [os.path.relpath(os.path.abspath(d), REPO) for d in args[1:]]
    else:
        docs = (["README.md"] + sorted(glob.glob("docs/*.md", root_dir=REPO))
                + sorted(glob.glob("Examples/*/README.md", root_dir=REPO)))
    root = tempfile.mkdtemp(prefix="trackport-doc-examples-")
    bindir = os.path.join(root, "bin")
    os.makedirs(bindir)
    os.symlink(binary, os.path.join(bindir, "trackport"))
    version = (subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split() or [""])[0]  # "0.1.0 (commit ...)"
    passed = failed = skipped = 0
    try:
        for doc in docs:
            with open(os.path.join(REPO, doc), encoding="utf-8") as f:
                blocks, errors = parse(doc, f.read())
            for e in errors:
                print(f"FAIL {e}")
                failed += 1
            if not blocks:
                continue
            for block, status, detail in run_document(doc, blocks, root, bindir, version):
                if status == "pass":
                    passed += 1
                    print(f"PASS {block.name}")
                elif status == "skip":
                    skipped += 1
                    print(f"SKIP {block.name}: {detail}")
                else:
                    failed += 1
                    print(f"FAIL {block.name}")
                    print("    " + detail.replace("\n", "\n    "))
            sys.stdout.flush()
    finally:
        if keep:
            print(f"scratch folders kept in {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
