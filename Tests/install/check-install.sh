#!/usr/bin/env bash
# Installs trackport into a scratch prefix with `make install` (debug build, to reuse the test
# build) and checks what landed: the tool runs, each shell completes its subcommands and
# options for real (bash and fish by asking them; zsh by parsing the script and finding the
# subcommands), and the man page renders without groff warnings. Run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."

swift=${1:-swift}
prefix=$(mktemp -d "${TMPDIR:-/tmp}/trackport-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
failures=0
fail() { echo "check-install: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-install: ok: $*"; }

make --no-print-directory install PREFIX="$prefix" INSTALL_CONFIG=debug SWIFT="$swift" >/dev/null

for f in bin/trackport share/man/man1/trackport.1 share/bash-completion/completions/trackport \
         share/zsh/site-functions/_trackport share/fish/vendor_completions.d/trackport.fish; do
  [ -s "$prefix/$f" ] || fail "$f is missing or empty"
done
[ -x "$prefix/bin/trackport" ] || fail "bin/trackport is not executable"

version=$("$prefix/bin/trackport" --version)
[ -n "$version" ] && pass "trackport --version: $version" || fail "trackport --version printed nothing"

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

# man page: renders with no warnings and documents every subcommand.
man_file="$prefix/share/man/man1/trackport.1"
warnings=$(groff -mandoc -Tutf8 -ww -z "$man_file" 2>&1 || true)
[ -z "$warnings" ] && pass "man page renders without warnings" || fail "groff warns: $warnings"
rendered=$(groff -mandoc -Tutf8 "$man_file" 2>/dev/null | sed 's/.\x08//g')
grep -q 'trackport' <<< "$rendered" || fail "man page does not render its name"
for sub in convert validate stats agenda formats detect rules generate; do
  grep -Eq "^ +$sub( |$)" <<< "$rendered" || fail "man page does not document '$sub'"
done

[ "$failures" -eq 0 ] || { echo "check-install: $failures failure(s)" >&2; exit 1; }
echo "check-install: installed files under a scratch prefix are complete and work"
