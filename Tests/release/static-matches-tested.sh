#!/usr/bin/env bash
# Tests/release/static-matches-tested.sh BIN REF: the static binary BIN answers as REF, the build
# the Swift tests ran against, over the work that reaches ICU (time zones by IANA name,
# calendars, numbers, folding for search, the Russian and English texts) in every writable format.
#
# The static link carries a cut of Foundation's ICU data (packaging/icu-data-subset): an item it
# left out that trackport does ask for would show here as a difference, since REF loads the
# toolchain's full data. Each command runs in its own copy of the same folder for both binaries,
# and its status, standard output, standard error and every file it wrote must be the same
# bytes. Writers that record the present (a zip's member times, Habo's export time) are compared
# by what they hold: `REF diff` of the two outputs may find only the dataset's own extras
# changed, and there only in instants and fresh UUIDs.
set -euo pipefail
bin=$(realpath "$1") ref=$(realpath "$2")
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/trackport-static.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0 checked=0
fail() { echo "static-matches-tested: FAIL: $*" >&2; failures=$((failures + 1)); }

# diff's JSON: nothing differs but the dataset's extras, and those only in their instants and
# the UUIDs made afresh for each write (an iOS store's).
only_instants='
import json, re, sys
d = json.load(open(sys.argv[1]))
instant = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
same = lambda e: instant.sub("@", e["old"]) == instant.sub("@", e["new"])
ok = d["equal"] or (not (d["recordsAdded"] or d["recordsRemoved"] or d["categories"] or d["trackers"] or d["tasks"])
                    and all(e["field"].startswith("extras") and same(e) for e in d["dataset"]))
sys.exit(0 if ok else 1)
'

# The inputs: a generated rich dataset, the demo, and files in zones and locales.
mkdir -p "$work/in"
"$ref" generate --rich --trackers 12 --days 400 --seed 7 --start 2025-01-01 -o "$work/in/rich.trackport.json" -q
cp SampleData/demo.trackport.json "$work/in/demo.trackport.json"
# Names that only folding finds (case, diacritics, ё as е): the search below must find both.
sed -e 's/"Зарядка утром"/"Зарядка утром с ёжиком"/' -e 's/"Run 5 km"/"Café run, 5 km"/' \
  SampleData/demo.trackport.json > "$work/in/folding.trackport.json"
for search in ЕЖИК cafe; do
  "$ref" agenda --date 2026-03-10 --today 2026-03-10 --filter all --search "$search" "$work/in/folding.trackport.json" \
    | grep -Eq 'ёжиком|Café' || fail "the tested build's search for $search finds nothing: the check below would prove nothing"
done
cp Tests/HabiticaCodecTests/Fixtures/userdata-small.json Tests/HabiticaCodecTests/Fixtures/history-small.csv "$work/in/"
"$ref" convert -q --timezone Europe/Moscow --history "$work/in/rich.trackport.json" "$work/in/moscow.ics"

# run NAME ARGS...: ARGS run by each binary in a fresh copy of in/ (as ./in).
run() {
  local name=$1; shift
  local side
  for side in bin ref; do
    local dir=$work/$name.$side exe
    [ "$side" = bin ] && exe=$bin || exe=$ref
    mkdir -p "$dir" && cp -r "$work/in" "$dir/in"
    (cd "$dir" && set +e; TZ=America/New_York LANG=C.UTF-8 "$exe" "$@" > stdout 2> stderr; echo $? > status)
  done
  checked=$((checked + 1))
  local a=$work/$name.bin b=$work/$name.ref f
  for f in $(cd "$a" && find . -type f | sort); do
    if [ ! -f "$b/$f" ]; then fail "$name: $f is written by the static binary only"; continue; fi
    cmp -s "$a/$f" "$b/$f" && continue
    case $f in
      ./stdout|./stderr|./status|./in/*) fail "$name: $f differs: $(diff "$a/$f" "$b/$f" | head -5 | tr '\n' ' ')" ;;
      *) "$ref" diff --format json "$a/$f" "$b/$f" > "$work/diff.out" 2>&1 || true
         python3 -c "$only_instants" "$work/diff.out" \
           || fail "$name: $f holds other data: $(head -c 600 "$work/diff.out" | tr '\n' ' ')" ;;
    esac
  done
  [ "$(cd "$a" && find . -type f | wc -l)" = "$(cd "$b" && find . -type f | wc -l)" ] \
    || fail "$name: the two wrote different files"
  rm -rf "$a" "$b"
}

run formats formats
run rules rules
for input in rich demo; do
  run "validate-$input" validate --format json --today 2026-06-01 "in/$input.trackport.json"
  run "stats-$input-ru" stats --locale ru "in/$input.trackport.json"
  run "stats-$input-en" stats --locale en --json "in/$input.trackport.json"
  run "agenda-$input" agenda --date 2025-03-10 --today 2025-03-10 --locale ru "in/$input.trackport.json"
  run "report-$input" report --today 2026-01-31 --locale ru -o page.html "in/$input.trackport.json"
  run "inspect-$input" inspect --format json "in/$input.trackport.json"
  for to in $("$ref" formats | awk 'NR > 1 && $0 ~ /^[a-z]/ && $0 ~ / rw / {print $1}'); do
    case $to in
      csv) out=out.csv ;; ics) out=out.ics ;; loop) out=out.db ;; org) out=out.org ;; tracker-ios) out=out.sqlite ;;
      harsh|obsidian|habitbuilder) out=out.zip ;; *) out=out.$to.json ;;
    esac
    [ "$to" = xml ] && out=out.trackport.xml
    [ "$to" = habitbull ] && out=out.habitbull.csv
    # An iOS store is written for one app: the first the writer names.
    variant=(); [ "$to" = tracker-ios ] && variant=(--option variant=azonaz)
    run "convert-$input-$to" convert -q --to "$to" "${variant[@]}" "in/$input.trackport.json" "$out"
  done
done
run search-ru agenda --date 2026-03-10 --today 2026-03-10 --filter all --search ЕЖИК in/folding.trackport.json
run search-en agenda --date 2026-03-10 --today 2026-03-10 --filter all --search cafe --json in/folding.trackport.json
run ics-zone convert -q --timezone Asia/Kathmandu --start 2025-01-01 in/demo.trackport.json zoned.ics
run ics-zone-la convert -q --timezone America/Los_Angeles --history in/rich.trackport.json zoned.ics
run read-ics convert -q in/moscow.ics back.trackport.json
run read-habitica convert -q in/userdata-small.json back.trackport.json
run read-habitica-berlin convert -q --option timezone=Europe/Berlin in/userdata-small.json back.trackport.json
run read-habitica-chatham stats --option timezone=Pacific/Chatham in/userdata-small.json
run read-habitica-csv convert -q --option timezone=Asia/Tokyo in/history-small.csv back.trackport.json

[ "$failures" -eq 0 ] || { echo "static-matches-tested: $failures of $checked command(s) differ" >&2; exit 1; }
echo "static-matches-tested: $checked commands answer the same from the static binary as from the tested build"
