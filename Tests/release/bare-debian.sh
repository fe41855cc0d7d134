#!/usr/bin/env bash
# Tests/release/bare-debian.sh ARCHIVE DEB: the release on a Debian without Swift (issue 17/21).
#
# A minimal Debian root (debootstrap --variant=minbase, with man-db to read the man page), made
# once and kept in .build-debian/ (ignored), is copied for each run; inside it, chrooted as
# root: the archive's .sha256 is checked, the archive unpacked, and its bin/trackport does the
# demo's job (validate; convert to every writable format and back, each result validated;
# report; serve answering GET /healthz on loopback; calendar saying, with status 69, that
# libcurl is missing); then the .deb is installed with dpkg -i,
# `trackport --version` runs from PATH, `man trackport` renders, dpkg -r removes it and none of
# its files is left. The job's list of formats comes from the binary itself
# (`trackport formats --json`, read on the build machine).
#
# Needs root (chroot, mount). When it cannot run — not root, no debootstrap, or the mirror
# cannot be reached — it fails under CI (CI set) and says why; elsewhere it says so and
# exits 0 with "SKIPPED" on its last line. DEBIAN_MIRROR (default http://deb.debian.org/debian)
# and DEBIAN_SUITE (bookworm) pick the packages.
#
# `bare-debian.sh --prepare` only makes the cached root (make test runs it beside the build:
# debootstrap waits on the network far more than on the processor).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
prepare=false
if [ "${1:-}" = --prepare ]; then prepare=true; else
  archive=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  deb=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fi
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-bookworm}
cache=$repo/.build-debian/$suite-minbase
start=$(date +%s)

cannot() {
  if [ -n "${CI:-}" ]; then echo "bare-debian: FAIL: $*" >&2; exit 1; fi
  echo "bare-debian: cannot run here: $*"; echo "bare-debian: SKIPPED (it fails under CI)"; exit 0
}
[ "$(id -u)" = 0 ] || cannot "not root (chroot needs it)"
command -v debootstrap >/dev/null || cannot "no debootstrap (apt-get install debootstrap)"
if ! $prepare && ! { [ -f "$archive" ] && [ -f "$archive.sha256" ] && [ -f "$deb" ]; }; then
  echo "bare-debian: FAIL: $archive, its .sha256 or $deb is missing" >&2; exit 1
fi

if [ ! -f "$cache/.complete" ]; then
  echo "bare-debian: making a minimal $suite root from $mirror (once; kept in .build-debian/)"
  rm -rf "$cache.tmp"; mkdir -p "$(dirname "$cache")"
  debootstrap --variant=minbase --include=man-db "$suite" "$cache.tmp" "$mirror" > "$cache.log" 2>&1 \
    || { tail -5 "$cache.log" >&2; cannot "debootstrap $suite from $mirror failed (log: $cache.log)"; }
  rm -rf "$cache"; mv "$cache.tmp" "$cache"; touch "$cache/.complete"
  echo "bare-debian: the root is ready ($(( $(date +%s) - start )) s)"
fi
$prepare && exit 0

root=$(mktemp -d "${TMPDIR:-/tmp}/trackport-bare-debian.XXXXXX")
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
cp -a "$cache/." "$root/"
mount -t proc proc "$root/proc" 2>/dev/null || echo "bare-debian: note: /proc not mounted in the root (not permitted here)"
[ ! -e "$root/opt/swift" ] && ! chroot "$root" sh -c 'command -v swift' >/dev/null || { echo "bare-debian: FAIL: the root has Swift" >&2; exit 1; }

# What the job does, as a script for the root's /bin/sh: the formats the binary writes, read
# on this machine (the root has no JSON reader). A format whose writer needs the app it writes
# for (tracker-ios) gets its first shape.
formats=$(tar -xzOf "$archive" --wildcards '*/bin/trackport' > "$root/tmp/probe" && chmod +x "$root/tmp/probe" &&
  "$root/tmp/probe" formats --json | python3 -c '
import json, sys
for f in json.load(sys.stdin)["formats"]:
    if f["writes"]:
        keys = [o["key"] for o in f["options"] if o.get("writes")]
        variant = "variant=" + f["shapes"][0]["name"] if "variant" in keys and f["shapes"] else "-"
        print(f["id"], variant)')
rm -f "$root/tmp/probe"
[ -n "$formats" ] || { echo "bare-debian: FAIL: the binary lists no writable format" >&2; exit 1; }

name=$(basename "$archive" .tar.gz)
mkdir -p "$root/tmp/job"
cp "$archive" "$archive.sha256" "$deb" "$root/tmp/job/"
cp SampleData/demo.trackport.json "$root/tmp/job/"
# An XML dataset in windows-1251 (the Russian names as single bytes, emoji as character
# references): the static binary's libxml2 decodes it through glibc's iconv, with no ICU linked.
tar -xzOf "$archive" --wildcards '*/bin/trackport' > "$root/tmp/probe" && chmod +x "$root/tmp/probe"
"$root/tmp/probe" convert SampleData/demo.trackport.json "$root/tmp/job/demo.trackport.xml" --quiet
rm -f "$root/tmp/probe"
python3 -c '
import sys
text = open(sys.argv[1], encoding="utf-8").read().replace("encoding=\"UTF-8\"", "encoding=\"windows-1251\"", 1)
open(sys.argv[2], "wb").write(text.encode("cp1251", errors="xmlcharrefreplace"))' \
  "$root/tmp/job/demo.trackport.xml" "$root/tmp/job/cp1251.trackport.xml"
cat > "$root/tmp/job/job.sh" <<JOB
set -eu
cd /tmp/job
step() { echo "bare-debian: \$*"; }
sha256sum -c $name.tar.gz.sha256
tar -xzf $name.tar.gz
tp=/tmp/job/$name/bin/trackport
step "archive: \$(\$tp --version)"
\$tp validate demo.trackport.json --today 2026-11-22
while read -r id option; do
  out=out.\$id; [ \$id = csv ] && out=out.zip
  if [ "\$option" = - ]; then \$tp convert demo.trackport.json \$out --to \$id --quiet
  else \$tp convert demo.trackport.json \$out --to \$id --option \$option --quiet; fi
  \$tp convert \$out back-\$id.trackport.json --from \$id --quiet
  \$tp validate back-\$id.trackport.json --today 2026-11-22 > /dev/null
  step "converted to \$id and back; valid"
done <<FORMATS
$formats
FORMATS
\$tp convert cp1251.trackport.xml cp1251.trackport.json --quiet
\$tp convert demo.trackport.xml utf8.trackport.json --quiet
cmp cp1251.trackport.json utf8.trackport.json
step "an XML file in windows-1251 reads as its UTF-8 twin"
\$tp report demo.trackport.json -o report.html
grep -q '<html' report.html
step "report written"
\$tp serve --port 0 2> serve.log &
server=\$!
port=
for i in \$(seq 1 100); do
  port=\$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' serve.log)
  [ -n "\$port" ] && break; sleep 0.1
done
[ -n "\$port" ] || { cat serve.log; kill \$server; exit 1; }
answer=\$(bash -c 'exec 3<>/dev/tcp/127.0.0.1/'\$port'; printf "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3; cat <&3')
kill \$server; wait \$server || true
case "\$answer" in "HTTP/1.1 200"*) step "serve answered /healthz: \$(echo "\$answer" | head -1)" ;; *) echo "serve answered: \$answer"; exit 1 ;; esac

status=0
\$tp calendar pull http://127.0.0.1:9/cal/ -o cal.trackport.json 2> calendar.err || status=\$?
if [ \$status = 69 ] && grep -q "libcurl is not installed" calendar.err; then
  step "calendar without libcurl: status 69, \$(cat calendar.err)"
else
  echo "calendar without libcurl: status \$status: \$(cat calendar.err)"; exit 1
fi

dpkg -i /tmp/job/$(basename "$deb")
files=\$(dpkg -L trackport | while read -r f; do [ -d "\$f" ] || echo "\$f"; done)
cd /
step "installed: \$(command -v trackport): \$(trackport --version)"
MANPAGER=cat MANWIDTH=80 man trackport > /tmp/job/man.txt 2> /tmp/job/man.err
grep -q 'trackport' /tmp/job/man.txt && grep -q 'EXIT STATUS' /tmp/job/man.txt
[ ! -s /tmp/job/man.err ] || { cat /tmp/job/man.err; exit 1; }
step "man trackport renders (\$(wc -l < /tmp/job/man.txt) lines)"
dpkg -r trackport
left=\$(for f in \$files; do if [ -e "\$f" ]; then echo "\$f"; fi; done)
[ -z "\$left" ] || { echo "left after dpkg -r: \$left"; exit 1; }
hash -r
if command -v trackport > /dev/null; then echo "trackport is still on PATH"; exit 1; fi
[ ! -e /usr/share/doc/trackport ] || { echo "/usr/share/doc/trackport is left"; exit 1; }
status=\$(dpkg-query -W -f='\${db:Status-Status}' trackport 2>/dev/null || echo not-installed)
[ "\$status" = not-installed ] || { echo "dpkg still knows trackport: \$status"; exit 1; }
step "dpkg -r left nothing (\$(echo "\$files" | wc -l) files removed)"
JOB
chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 /bin/bash /tmp/job/job.sh \
  || { echo "bare-debian: FAIL: the job failed in the bare root" >&2; exit 1; }
# A root without /proc (as a chroot often is): the arguments reach the subcommand, not the root help.
umount "$root/proc" 2>/dev/null || true
[ ! -e "$root/proc/self/cmdline" ] || { echo "bare-debian: FAIL: /proc is still mounted in the root" >&2; exit 1; }
noproc=$(chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  "/tmp/job/$name/bin/trackport" validate /tmp/job/demo.trackport.json --today 2026-11-22 2>&1) \
  || { echo "bare-debian: FAIL: without /proc: $noproc" >&2; exit 1; }
case "$noproc" in *"valid (0 errors"*) echo "bare-debian: without /proc: $noproc" ;;
  *) echo "bare-debian: FAIL: without /proc the binary said: $noproc" >&2; exit 1 ;; esac
echo "bare-debian: ok: the release works on a bare $suite without Swift ($(( $(date +%s) - start )) s)"
