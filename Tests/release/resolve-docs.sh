#!/usr/bin/env bash
# Tests/release/resolve-docs.sh: the dependency docs/ci.md tells Swift users to add resolves.
# A scratch package gets docs/ci.md's `.package(url: "<TrackerPort's git URL>", ...)` line as it
# is, the placeholder URL replaced by a file:// clone of this repository (tags included), and
# `swift package resolve` must pick a version of it: with `from: "X.Y.Z"`, a release tag vX.Y.Z
# or later must exist (docs/releasing.md).
# A clone without tags (CI's clean clone of main carries none) still knows its releases: the
# commit that dated `## [X.Y.Z]` in CHANGELOG.md is the one docs/releasing.md tags. When the
# docs' version has no tag here, the scratch clone gets that tag on that commit (and says so);
# a version CHANGELOG.md never released fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
swift=${SWIFT:-swift}
line=$(grep -o "\.package(url: \"<TrackerPort's git URL>\"[^)]*)" docs/ci.md | head -1)
[ -n "$line" ] || { echo "resolve-docs: FAIL: docs/ci.md shows no .package(url: \"<TrackerPort's git URL>\", ...) line" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/trackport-resolve.XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/TrackerPort"
from=$(printf '%s\n' "$line" | sed -n 's/.*from: *"\([0-9][0-9.]*\)".*/\1/p')
if [ -n "$from" ] && [ -z "$(git tag -l "v$from")" ]; then
  released=$(git log --reverse --format=%H -S"## [$from] - " -- CHANGELOG.md | head -1)
  if [ -z "$released" ]; then
    echo "resolve-docs: FAIL: docs/ci.md asks for from: \"$from\", but no tag v$from exists and CHANGELOG.md has no release $from" >&2
    exit 1
  fi
  git -C "$work/TrackerPort" tag "v$from" "$released"
  echo "resolve-docs: no tag v$from in this clone; tagged CHANGELOG.md's $from release commit $(git rev-parse --short "$released") in the scratch clone"
fi
mkdir "$work/user"
cat > "$work/user/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "my-datasets",
  dependencies: [${line/<TrackerPort\'s git URL>/file://$work/TrackerPort}],
  targets: []
)
MANIFEST
if ! out=$(cd "$work/user" && "$swift" package resolve 2>&1); then
  echo "resolve-docs: FAIL: docs/ci.md's $line does not resolve:" >&2; echo "$out" >&2
  echo "resolve-docs: release tags here: $(git tag -l 'v*' | tr '\n' ' ')" >&2
  exit 1
fi
resolved=$(cd "$work/user" && "$swift" package show-dependencies --format json | python3 -c '
import json, sys
for d in json.load(sys.stdin)["dependencies"]:
    if d["url"].endswith("/TrackerPort"): print(d["version"])')
echo "resolve-docs: ok: docs/ci.md's $line resolves to TrackerPort $resolved"
