#!/usr/bin/env bash
# Installs trackport into a scratch prefix with `make install` (INSTALL_CONFIG's build, default
# debug: make test's, reused) and checks what landed: the tool runs; each shell completes its subcommands, options
# and file names for real (bash and fish by asking them; zsh by typing Tab into an interactive
# zsh in a pseudo-terminal, Tests/install/zsh-complete.zsh, and by parsing the script); the man
# page renders without groff warnings and has EXAMPLES, ENVIRONMENT (every TRACKPORT_* variable
# of Sources/) and EXIT STATUS (exactly the statuses of README's table). Run by `make test`;
# SCRATCH=DIR (a make variable, or the environment) builds in DIR instead of .build.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

swift=${1:-swift}
prefix=$(mktemp -d "${TMPDIR:-/tmp}/trackport-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
prefix=$(cd "$prefix" && pwd)
failures=0
fail() { echo "check-install: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-install: ok: $*"; }

make --no-print-directory install PREFIX="$prefix" INSTALL_CONFIG="${INSTALL_CONFIG:-debug}" SWIFT="$swift" \
  ${SCRATCH:+SCRATCH="$SCRATCH"} >/dev/null

for f in bin/trackport share/man/man1/trackport.1 share/bash-completion/completions/trackport \
         share/zsh/site-functions/_trackport share/fish/vendor_completions.d/trackport.fish; do
  [ -s "$prefix/$f" ] || fail "$f is missing or empty"
done
[ -x "$prefix/bin/trackport" ] || fail "bin/trackport is not executable"

version=$("$prefix/bin/trackport" --version)
[ -n "$version" ] && pass "trackport --version: $version" || fail "trackport --version printed nothing"

# calendar: the installed binary (the static link; libcurl loaded only now, with dlopen) pushes
# the demo over HTTPS to Tests/Oracles/caldav_faults.py, trusting its certificate by --ca-file:
# libcurl, the system's TLS and the binary's own libxml2 and libcrypto work together.
tls=$(mktemp -d "${TMPDIR:-/tmp}/trackport-tls.XXXXXX")
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tls/key.pem" -out "$tls/cert.pem" -days 2 \
  -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null
python3 Tests/Oracles/caldav_faults.py --port-file "$tls/port" --mode put-status:201 \
  --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" 2> "$tls/log" &
faults=$!
for _ in $(seq 1 100); do [ -s "$tls/port" ] && break; sleep 0.1; done
port=$(cat "$tls/port" 2>/dev/null || echo 9)
status=0
pushed=$("$prefix/bin/trackport" calendar push SampleData/demo.trackport.json --url "https://127.0.0.1:$port/cal/" \
  --ca-file "$tls/cert.pem" --state "$tls/state.json" 2>&1) || status=$?
kill "$faults" 2>/dev/null || true
wait "$faults" 2>/dev/null || true
if [ "$status" = 0 ] && [[ $pushed == *": created 17, updated 0, removed 0, 0 unchanged" ]]; then
  pass "calendar push over HTTPS from the installed binary: $pushed"
else
  fail "calendar push over HTTPS from the installed binary: status $status: $pushed"
fi
rm -rf "$tls"

# bash: run the completion function as bash would for `trackport con<TAB>` and `trackport convert --fo<TAB>`.
bash_complete() {
  bash -c '
    shopt -s extglob
    source "$1"
    line=$2
    read -r -a COMP_WORDS <<< "$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMP_LINE=$line
    COMP_POINT=${#line}
    _trackport trackport "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"
  ' _ "$prefix/share/bash-completion/completions/trackport" "$1"
}
words=$(bash_complete "trackport con")
grep -qx convert <<< "$words" && pass "bash completes 'trackport con' to convert" \
  || fail "bash did not complete 'trackport con' (got: $words)"
words=$(bash_complete "trackport convert --fo")
grep -qx -- --force <<< "$words" && pass "bash completes 'trackport convert --fo' to --force" \
  || fail "bash did not complete 'trackport convert --fo' (got: $words)"

# Format ids (the built-ins, listed in the script).
words=$(bash_complete "trackport convert in.json out.db --to ")
grep -qx loop <<< "$words" && grep -qx json <<< "$words" && pass "bash completes --to with format ids" \
  || fail "bash did not complete 'trackport convert in.json out.db --to ' (got: $words)"

# Option keys (the built-ins' declared options, offered as KEY=).
words=$(bash_complete "trackport convert in.json out.beaverhabits.json --option em")
grep -qx email= <<< "$words" && pass "bash completes --option em to email=" \
  || fail "bash did not complete 'trackport convert ... --option em' (got: $words)"

# fish: ask fish itself.
words=$(fish --no-config -c "source '$prefix/share/fish/vendor_completions.d/trackport.fish'; complete -C 'trackport val'")
grep -q '^validate' <<< "$words" && pass "fish completes 'trackport val' to validate" \
  || fail "fish did not complete 'trackport val' (got: $words)"
words=$(fish --no-config -c "source '$prefix/share/fish/vendor_completions.d/trackport.fish'; complete -C 'trackport validate --str'")
grep -q '^--strict' <<< "$words" && pass "fish completes 'trackport validate --str' to --strict" \
  || fail "fish did not complete 'trackport validate --str' (got: $words)"

words=$(fish --no-config -c "source '$prefix/share/fish/vendor_completions.d/trackport.fish'; complete -C 'trackport validate --from hab'")
grep -q '^habitbull' <<< "$words" && pass "fish completes '--from hab' to habitbull" \
  || fail "fish did not complete 'trackport validate --from hab' (got: $words)"

# zsh: the script parses, and names every subcommand.
zsh_file="$prefix/share/zsh/site-functions/_trackport"
zsh -n "$zsh_file" && pass "zsh parses _trackport" || fail "zsh cannot parse _trackport"
for sub in $("$prefix/bin/trackport" --help | awk '/^SUBCOMMANDS:/{on=1; next} on && /^  [a-z]/ {print $1}'); do
  grep -q "'$sub:" "$zsh_file" || fail "_trackport does not offer subcommand $sub"
done

# File names, in a folder holding two files, a folder and a decoy: every argument that takes a
# path completes it in each shell (`trackport convert habitb<Tab>` must not beep), and
# --plugin-path completes folders only. Cases: the line typed, then what its last word becomes.
work="$prefix/work"
mkdir -p "$work/plugins"
: > "$work/habitbull.csv"; : > "$work/loop-backup.db"; : > "$work/plugin-notes.txt"
path_cases=(
  "trackport convert habitb|habitbull.csv"                 # convert's input
  "trackport convert habitbull.csv loop-b|loop-backup.db"  # convert's output (second positional)
  "trackport convert --force habitbull.csv loop-b|loop-backup.db"
  "trackport validate x.json habitb|habitbull.csv"         # validate's files (repeating)
  "trackport stats habitb|habitbull.csv"
  "trackport agenda habitb|habitbull.csv"
  "trackport detect habitb|habitbull.csv"
  "trackport report habitb|habitbull.csv"                  # report's input
  "trackport report habitbull.csv -o loop-b|loop-backup.db" # report's -o/--output
  "trackport generate -o loop-b|loop-backup.db"            # generate's -o/--output
  "trackport generate --output loop-b|loop-backup.db"
  "trackport formats --plugin-path plug|plugins"           # a folder, not plugin-notes.txt
  "trackport convert --plugin-path plug|plugins"
)
for case in "${path_cases[@]}"; do
  line=${case%|*}; want=${case##*|}
  got=$(cd "$work" && bash_complete "$line")
  [ "$got" = "$want" ] && pass "bash completes '$line' to $want" \
    || fail "bash did not complete '$line' to $want (got: $(echo $got))"
  got=$(cd "$work" && fish --no-config -c "source '$prefix/share/fish/vendor_completions.d/trackport.fish'; complete -C '$line'" | cut -f1)
  [ "${got%/}" = "$want" ] && pass "fish completes '$line' to $want" \
    || fail "fish did not complete '$line' to $want (got: $(echo $got))"
done

# zsh, declared: each path argument's action in _trackport is _files (folders: _files -/).
zsh_function() { awk -v header="_trackport_$1() {" '$0 == header {on=1} on {print} on && /^}/ {exit}' "$zsh_file"; }
for spec in "convert ':input:_files'" "convert ':output:_files'" "validate '\*:files:_files'" \
            "stats ':file:_files'" "agenda ':file:_files'" "detect ':file:_files'" "report ':input:_files'" \
            "generate {--output,-o}'\[[^]]*\]:file:_files'" "formats '\*--plugin-path\[[^]]*\]:dir:_files -/'"; do
  sub=${spec%% *}; pattern=${spec#* }
  grep -q -- "$pattern" <<< "$(zsh_function "$sub")" && pass "_trackport_$sub declares ${pattern//\\/}" \
    || fail "_trackport_$sub does not declare file completion ${pattern//\\/}"
done
# zsh, for real: Tab typed into an interactive zsh with the installed _trackport.
lines=(); for case in "${path_cases[@]}"; do lines+=("${case%|*}"); done
limit=(); command -v timeout >/dev/null && limit=(timeout 60)   # a hung zsh fails, not waits
if answers=$(cd "$work" && ${limit[@]+"${limit[@]}"} zsh -f "$repo/Tests/install/zsh-complete.zsh" \
               "$prefix/share/zsh/site-functions" "${lines[@]}" 2>&1); then
  for case in "${path_cases[@]}"; do
    line=${case%|*}; want="${line% *} ${case##*|}"
    got=$(awk -v typed="$line => " 'index($0, typed) == 1 {print substr($0, length(typed) + 1); exit}' <<< "$answers")
    got=${got% }; got=${got%/}
    [ "$got" = "$want" ] && pass "zsh completes '$line' to ${case##*|}" \
      || fail "zsh did not complete '$line' to ${case##*|} (got: '$got')"
  done
elif [ $? -eq 2 ]; then
  echo "check-install: note: zsh has no zpty module; zsh file completion checked by parsing only"
else
  fail "zsh could not be driven: $answers"
fi

# man page: renders with no warnings and documents every subcommand.
man_file="$prefix/share/man/man1/trackport.1"
warnings=$(groff -mandoc -Tutf8 -ww -z "$man_file" 2>&1 || true)
[ -z "$warnings" ] && pass "man page renders without warnings" || fail "groff warns: $warnings"
rendered=$(groff -mandoc -Tutf8 "$man_file" 2>/dev/null | sed 's/.\x08//g')
grep -q 'trackport' <<< "$rendered" || fail "man page does not render its name"
for sub in convert validate stats agenda formats detect rules generate report serve; do
  grep -Eq "^ +$sub( |$)" <<< "$rendered" || fail "man page does not document '$sub'"
done

# Its hand-written sections (docs/man/trackport-sections.mdoc), each once, and generate-manual's
# generic EXIT STATUS gone.
section() { awk -v title="$1" '$0 == title {on=1; next} on && /^[A-Z]/ {exit} on' <<< "$rendered"; }
for title in ENVIRONMENT "EXIT STATUS" EXAMPLES; do
  count=$(grep -cx "$title" <<< "$rendered" || true)
  [ "$count" = 1 ] && pass "man page has $title" || fail "man page has $count $title section(s)"
done
grep -q 'exits 0 on success' <<< "$rendered" && fail "man page still has generate-manual's generic exit status"

# ENVIRONMENT: every TRACKPORT_* variable named in Sources/ (and TMPDIR, TERM, PATH), each an item.
environment=$(section ENVIRONMENT)
variables=$(grep -rhoE 'TRACKPORT_[A-Z0-9_]+' Sources | sort -u || true)
for variable in $variables TMPDIR TERM PATH; do
  grep -Eq "^ +$variable( |$)" <<< "$environment" || fail "man page's ENVIRONMENT does not document $variable"
done
pass "man page's ENVIRONMENT documents" $variables TMPDIR TERM PATH

# EXAMPLES: the README tour's main commands, a CSV package and a Loop backup among them.
examples=$(section EXAMPLES)
for example in "trackport validate " "trackport convert " "trackport stats " "trackport agenda " "trackport report " \
               "trackport generate " "trackport formats" "trackport detect " "trackport serve" ".zip" "backup.db"; do
  grep -qF -- "$example" <<< "$examples" || fail "man page's EXAMPLES has no '$example'"
done

# EXIT STATUS: exactly the statuses of README's "Exit status" table (the first cell of each
# row; a cell may hold several, "130, 143"), read from the page's items and seen rendered.
readme_statuses=$(awk '/^##? /{on = ($0 ~ /^## +Exit status[ \t]*$/); next} on && /^[ \t]*\|/' README.md |
  awk -F'|' '{print $2}' | { grep -oE '[0-9]+' || true; } | sort -n | tr '\n' ' ')
man_statuses=$(awk '/^\.Sh /{on = ($0 ~ /^\.Sh "?EXIT STATUS"?[ \t]*$/); next} on && /^\.It /' "$man_file" |
  { grep -oE '[0-9]+' || true; } | sort -n | tr '\n' ' ')
exit_section=$(section "EXIT STATUS")
if [ -z "$readme_statuses" ]; then
  fail "README.md has no exit-status table under '## Exit status'"
elif [ "$man_statuses" = "$readme_statuses" ]; then
  pass "man page's EXIT STATUS lists README's statuses: $man_statuses"
else
  fail "man page's EXIT STATUS lists '$man_statuses', README's table '$readme_statuses'"
fi
for status in $readme_statuses; do
  grep -Eq "^ +([0-9]+, )*$status([ ,]|$)" <<< "$exit_section" || fail "rendered EXIT STATUS does not show $status"
done

[ "$failures" -eq 0 ] || { echo "check-install: $failures failure(s)" >&2; exit 1; }
echo "check-install: installed files under a scratch prefix are complete and work"
