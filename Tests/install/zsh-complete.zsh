# zsh -f Tests/install/zsh-complete.zsh FUNCDIR LINE...
#
# Completes each LINE as a user would in zsh: an interactive zsh runs in a pseudo-terminal
# (zsh/zpty), with compinit loaded and FUNCDIR (where _trackport is installed) first on fpath;
# each LINE is typed followed by Tab, then by a key bound to a widget that prints the edited
# line and clears it. Prints "LINE => EDITED LINE" for each, so a file name completes as
# "trackport convert habitb => trackport convert habitbull.csv ". Run it in the folder whose
# files should complete. Used by check-install.sh; exits 2 when zsh has no zpty module.
zmodload zsh/zpty 2>/dev/null || { print -u2 "zsh-complete: no zsh/zpty module"; exit 2 }
funcdir=$1; shift
zpty shell zsh -f -i
zpty -w shell "PS1='' PROMPT='' RPROMPT=''; unsetopt zle_bracketed_paste beep; fpath=(${(q)funcdir} \$fpath); autoload -Uz compinit; compinit -u -D"
# The markers are split in what is typed, so the terminal's echo of it never matches them.
zpty -w shell "show-line() { print -r -- '<<'EDITED':'\"\$BUFFER\"':'END'>>' > /dev/tty; BUFFER=''; }; zle -N show-line; bindkey '^X' show-line; print 'READY'NOW"
zpty -r -m shell out '*READYNOW*' || { print -u2 "zsh-complete: the shell did not start"; exit 1 }
for line in "$@"; do
  zpty -n -w shell "$line"$'\t'$'\C-x'
  zpty -r -m shell out '*<<EDITED:*:END>>*' || { print -u2 "zsh-complete: no answer for '$line'"; exit 1 }
  out=${out##*<<EDITED:}
  print -r -- "$line => ${out%%:END>>*}"
done
zpty -d shell
