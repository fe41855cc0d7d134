#!/bin/sh
# packaging/action/run.sh: the steps of action.yml (the composite GitHub Action), kept in a script
# so that make test runs them (Tests/ci/action_test.py). It installs the release archive `make dist`
# makes (trackport-VERSION-linux-x86_64.tar.xz, docs/releasing.md), checks its .sha256, puts its
# bin/ on the PATH, then runs `trackport validate --format github|sarif` on the paths given.
#
# Environment (action.yml maps its inputs onto these):
#   TRACKPORT_VERSION   the release, X.Y.Z (required unless TRACKPORT_ARCHIVE is given)
#   TRACKPORT_RELEASES  where releases are downloaded from: BASE/vX.Y.Z/NAME.tar.xz (and .sha256)
#   TRACKPORT_ARCHIVE   a local archive (with its .sha256 beside it) instead of a download
#   TRACKPORT_PATHS     the dataset files to validate, separated by white space (required)
#   TRACKPORT_FORMAT    github (annotations, the default) or sarif
#   TRACKPORT_SARIF     the SARIF file written with format sarif (default trackport.sarif)
#   TRACKPORT_ARGS      more `trackport validate` options (--strict, --select ..., --today ...)
#   RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT: set by GitHub Actions
# Exit status: trackport validate's (0 valid, 1 rule errors, 65 malformed, ...); 2 when the
# archive cannot be installed on this runner.
set -eu
fail() { echo "::error title=trackport action::$*"; exit 2; }

os=${RUNNER_OS:-$(uname -s)} arch=${RUNNER_ARCH:-$(uname -m)}
case "$os" in Linux|linux) ;; *) fail "the release archive is built for Linux only, not $os" ;; esac
case "$arch" in X64|x86_64|amd64) ;; *) fail "the release archive is built for x86_64 only, not $arch" ;; esac

temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
dir=$(mktemp -d "$temp/trackport-action.XXXXXX")
if [ -n "${TRACKPORT_ARCHIVE:-}" ]; then
  archive=$TRACKPORT_ARCHIVE
  [ -f "$archive" ] || fail "no archive $archive"
  [ -f "$archive.sha256" ] || fail "no $archive.sha256 beside the archive"
  cp "$archive" "$archive.sha256" "$dir/"
else
  version=${TRACKPORT_VERSION:?set the version input: a release, X.Y.Z}
  version=${version#v}
  base=${TRACKPORT_RELEASES:?set the releases input: where releases are downloaded from}
  name=trackport-$version-linux-x86_64.tar.xz
  curl -fsSL --retry 3 -o "$dir/$name" "$base/v$version/$name" || fail "cannot download $base/v$version/$name"
  curl -fsSL --retry 3 -o "$dir/$name.sha256" "$base/v$version/$name.sha256" || fail "cannot download $name.sha256"
fi
name=$(cd "$dir" && ls *.tar.xz)
(cd "$dir" && sha256sum --quiet -c "$name.sha256") || fail "$name does not match its .sha256"
tar -xJf "$dir/$name" -C "$dir"
bin=$dir/${name%.tar.xz}/bin
[ -x "$bin/trackport" ] || fail "$name has no ${name%.tar.xz}/bin/trackport"
PATH=$bin:$PATH; export PATH
[ -n "${GITHUB_PATH:-}" ] && echo "$bin" >> "$GITHUB_PATH"
echo "trackport: $("$bin/trackport" --version)" >&2

format=${TRACKPORT_FORMAT:-github}
# The paths split at white space, on purpose (a list input); no glob expansion.
set -f
# shellcheck disable=SC2086
set -- ${TRACKPORT_PATHS:?set the paths input: the dataset files to validate} ${TRACKPORT_ARGS:-}
set +f
case "$format" in
  github) status=0; trackport validate "$@" --format github || status=$? ;;
  sarif)
    sarif=${TRACKPORT_SARIF:-trackport.sarif}
    status=0; trackport validate "$@" --format sarif > "$sarif" || status=$?
    [ -n "${GITHUB_OUTPUT:-}" ] && echo "sarif=$sarif" >> "$GITHUB_OUTPUT"
    echo "trackport: SARIF written to $sarif" >&2 ;;
  *) fail "format is github or sarif, not $format" ;;
esac
exit $status
