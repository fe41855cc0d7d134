"""Every `apt-get install` line of README.md and docs/*.md that installs the build's libraries
names all of them: the `.apt([...])` providers of Package.swift's system libraries, and the
-dev package of each `.linkedLibrary(...)` (sqlite3 -> libsqlite3-dev), and each package a
`// apt-build: NAME` comment of the manifest names (headers a C target compiles against). A line that names none
of them (chromium for a test, say) is not about building and is left alone. Run by docs-check.
"""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parents[2]
manifest = (root / "Package.swift").read_text()
needed = set()
for group in re.findall(r"\.apt\(\[([^\]]*)\]\)", manifest):
    needed.update(re.findall(r'"([^"]+)"', group))
needed.update("lib%s-dev" % name for name in re.findall(r'\.linkedLibrary\("([^"]+)"\)', manifest))
needed.update(re.findall(r"//\s*apt-build:\s*(\S+)", manifest))
if not needed:
    sys.exit("check_apt_lines: Package.swift names no system library (the pattern broke?)")

failures = 0
documents = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
for document in documents:
    for number, line in enumerate(document.read_text().splitlines(), 1):
        match = re.search(r"apt(?:-get)? install\s+(?:-\S+\s+)*(.*)", line)
        if not match:
            continue
        packages = set(re.findall(r"[a-z0-9][a-z0-9.+-]*", match.group(1)))
        if not packages & needed:
            continue
        missing = sorted(needed - packages)
        if missing:
            failures += 1
            print("%s:%d: the apt line lacks %s, which the build needs" % (document.relative_to(root), number, " ".join(missing)))
print("check_apt_lines: %d line(s) lack a package the build needs" % failures if failures else "check_apt_lines: every apt line names %s" % " ".join(sorted(needed)))
sys.exit(1 if failures else 0)
