#!/usr/bin/env bash
# Tests/release/check-release.sh BIN ARCHIVE DEB: what make dist and make deb made (issue 17/21).
# - BIN needs nothing but glibc: every library ldd lists is glibc's own (libc, libm,
#   libpthread, libdl, librt, the loader, the kernel's vDSO) and none is under the toolchain;
# - `BIN --version` prints scripts/version's version and the commit HEAD is at;
# - ARCHIVE (.tar.xz) and its .tar.gz twin: each one's .sha256 checks, both hold the same tar; it holds one top folder with bin/trackport (the same bytes as
#   BIN), the man page, the three completions, the systemd user units (starting
#   ~/.local/bin/trackport), LICENSE, THIRD-PARTY and README;
# - DEB holds /usr/bin/trackport (the same bytes), the gzipped man page, completions where
#   Debian's bash, zsh and fish look, the copyright file, the systemd user units
#   (packaging/systemd) in /usr/lib/systemd/user; its control names libc6 only;
#   lintian reports no tag but those packaging/lintian-overrides explains.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$1 archive=$2 deb=$3
failures=0
fail() { echo "check-release: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-release: ok: $*"; }

# The binary's libraries.
toolchain=$(dirname "$(dirname "$(command -v swift)")")
libs=$(ldd "$bin")
glibc='^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|/lib64/ld-linux-x86-64\.so\.2)$'
others=$(awk '{print $1}' <<< "$libs" | grep -Ev "$glibc" || true)
[ -z "$others" ] && pass "the binary links glibc only: $(awk '{print $1}' <<< "$libs" | tr '\n' ' ')" \
  || fail "the binary links more than glibc: $others"
grep -qF "$toolchain" <<< "$libs" && fail "the binary links from the toolchain ($toolchain): $libs"
grep -q 'not found' <<< "$libs" && fail "ldd cannot find: $libs"
pass "binary: $(stat -c %s "$bin") bytes"

# --version.
want="$(scripts/version) (commit $(git rev-parse HEAD))"
got=$("$bin" --version)
[ "$got" = "$want" ] && pass "--version: $got" || fail "--version printed '$got', not '$want'"

# CHANGELOG.md: Keep a Changelog's headings; a tagged release has its own section.
grep -qx '## \[Unreleased\]' CHANGELOG.md || fail "CHANGELOG.md has no '## [Unreleased]' section"
bad=$(grep -E '^## ' CHANGELOG.md | grep -Evx '## \[(Unreleased|[0-9]+\.[0-9]+\.[0-9]+)\]( - [0-9]{4}-[0-9]{2}-[0-9]{2})?' || true)
[ -z "$bad" ] || fail "CHANGELOG.md has headings not in the Keep a Changelog form: $bad"
case $(scripts/version) in
  *+*) ;;
  *) grep -Eq "^## \[$(scripts/version)\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$" CHANGELOG.md \
       && pass "CHANGELOG.md has the release $(scripts/version)" || fail "CHANGELOG.md has no section for the tagged release $(scripts/version)" ;;
esac

# The archive.
name=$(basename "$archive" .tar.xz)
twin=$(dirname "$archive")/$name.tar.gz
for a in "$archive" "$twin"; do
  (cd "$(dirname "$a")" && sha256sum --quiet -c "$(basename "$a").sha256") \
    && pass "$(basename "$a").sha256 checks" || fail "$(basename "$a").sha256 does not check"
done
cmp -s <(xz -dc "$archive") <(gzip -dc "$twin") && pass "$name.tar.xz and $name.tar.gz hold the same tar" \
  || fail "$name.tar.xz and $name.tar.gz hold different tars"
pass "archive: $(stat -c %s "$archive") bytes (.tar.xz), $(stat -c %s "$twin") bytes (.tar.gz)"
listing=$(tar -tJf "$archive")
for f in bin/trackport share/man/man1/trackport.1 share/bash-completion/completions/trackport \
         share/zsh/site-functions/_trackport share/fish/vendor_completions.d/trackport.fish \
         share/systemd/user/trackport-hub-watch@.service share/systemd/user/trackport-hub-run@.service \
         share/systemd/user/trackport-hub-run@.timer LICENSE THIRD-PARTY README; do
  grep -qx "$name/$f" <<< "$listing" || fail "the archive has no $name/$f"
done
# The archive's units start the binary where its README copies it.
tar -xJOf "$archive" "$name/share/systemd/user/trackport-hub-watch@.service" | grep -qx 'ExecStart=%h/.local/bin/trackport hub watch "%f"' \
  && pass "the archive's units start ~/.local/bin/trackport" || fail "the archive's trackport-hub-watch@.service does not start %h/.local/bin/trackport"
tops=$(cut -d/ -f1 <<< "$listing" | sort -u)
[ "$tops" = "$name" ] || fail "the archive's top folders are '$tops', not $name"
tar -xJOf "$archive" "$name/bin/trackport" | cmp -s - "$bin" && pass "the archive's bin/trackport is the release build" \
  || fail "the archive's bin/trackport differs from $bin"
owners=$(tar -tvJf "$archive" | awk '{print $2}' | sort -u)
case $owners in 0/0|root/root) ;; *) false ;; esac || fail "the archive's files are owned by $owners"

# The package.
contents=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
for f in /usr/bin/trackport /usr/share/man/man1/trackport.1.gz /usr/share/bash-completion/completions/trackport \
         /usr/share/zsh/vendor-completions/_trackport /usr/share/fish/vendor_completions.d/trackport.fish \
         /usr/share/doc/trackport/copyright /usr/share/doc/trackport/changelog.gz \
         /usr/lib/systemd/user/trackport-hub-watch@.service /usr/lib/systemd/user/trackport-hub-run@.service \
         /usr/lib/systemd/user/trackport-hub-run@.timer; do
  grep -qx "$f" <<< "$contents" || fail "the .deb has no $f"
done
unpacked=$(mktemp -d "${TMPDIR:-/tmp}/trackport-deb.XXXXXX")
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
cmp -s "$unpacked/usr/bin/trackport" "$bin" && pass "the .deb's /usr/bin/trackport is the release build" \
  || fail "the .deb's /usr/bin/trackport differs from $bin"
depends=$(dpkg-deb -f "$deb" Depends)
grep -Eqx 'libc6 \(>= [0-9.]+\)' <<< "$depends" && pass "the .deb depends on $depends" || fail "the .deb depends on '$depends'"
# The binary's packed relocations (DT_RELR, packaging/link-static) need glibc 2.36's loader.
if objdump -p "$bin" | grep -q GLIBC_ABI_DT_RELR; then
  floor=$(sed -E 's/libc6 \(>= ([0-9.]+)\)/\1/' <<< "$depends")
  [ "$(printf '%s\n' 2.36 "$floor" | sort -V | head -1)" = 2.36 ] && pass "the binary packs its relocations (DT_RELR) and the .deb asks glibc $floor" \
    || fail "the binary packs its relocations (DT_RELR, glibc 2.36) but the .deb asks only glibc $floor"
fi
[ "$(dpkg-deb -f "$deb" Version)" = "$(scripts/version)" ] || fail "the .deb's version is not scripts/version's"

if command -v lintian >/dev/null; then
  tags=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v "running with root privileges is not recommended" || true)
  [ -z "$tags" ] && pass "lintian: clean (overrides: packaging/lintian-overrides)" || fail "lintian: $tags"
else
  fail "lintian is not installed (make test-deps)"
fi

[ "$failures" -eq 0 ] || { echo "check-release: $failures failure(s)" >&2; exit 1; }
echo "check-release: the release binary, archive and package are complete"
