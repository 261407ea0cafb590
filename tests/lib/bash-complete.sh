# Shared by the completion tests (t9010, t4002): source after test-lib.sh.

# bash_complete <words...>: what git's bash completion offers for the
# command line "git <words...>" (the last word is the one being completed).
bash_complete() {
	bash -c '
		. /usr/share/bash-completion/completions/git
		for f in "$1"/completions/*.bash; do . "$f"; done
		shift
		COMP_WORDS=(git "$@")
		COMP_CWORD=$#
		COMP_LINE="git $*"
		COMP_POINT=${#COMP_LINE}
		__git_func_wrap __git_main
		printf "%s\n" "${COMPREPLY[@]}" | sort
	' bash "$SRC_DIR" "$@"
}
