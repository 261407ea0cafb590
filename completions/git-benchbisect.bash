# bash completion for git benchbisect.
# git's completion loads this file on demand (_completion_loader
# git-benchbisect) and calls _git_benchbisect. Options come from the binary
# itself (--git-completion-helper); platforms and kernels from the
# dashboard the line names, through git benchwindow (--offline: never the
# network). After "--" of `git benchbisect run`, the benchmark command and
# its files.

# The shared window options are completed by git benchwindow's script.
if ! declare -F __git_benchtriage_window_arg >/dev/null; then
	for __f in "${BASH_SOURCE[0]%/*}"/git-benchwindow "${BASH_SOURCE[0]%/*}"/git-benchwindow.bash; do
		[ -f "$__f" ] && . "$__f" && break
	done
	unset __f
fi

_git_benchbisect ()
{
	local i first=2 dashdash=0 src platform pos scan

	[ "${words[2]}" = run ] && [ $cword -gt 2 ] && first=3
	for ((i = first; i < cword; i++)); do
		[ "${words[i]}" = -- ] && dashdash=$i && break
	done
	if [ $dashdash -gt 0 ]; then
		if [ $cword -eq $((dashdash + 1)) ]; then
			COMPREPLY=($(compgen -c -- "$cur"))
		else
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		return
	fi
	if [ $first = 3 ]; then
		__git_benchtriage_scan "benchbisect run" $first -j
	else
		__git_benchtriage_scan benchbisect $first
	fi
	__git_benchtriage_window_arg && return
	case "$prev" in
	--noise-multiple|--min-change|--shared-ratio|\
	--method-path|--metric-pattern|--repeat|--jobs|-j|--step-timeout|--queue-timeout|--kill-grace)
		return ;;
	--scratch-dir)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	--launcher)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	case "$cur" in
	-*)
		# Each form has its own option table.
		if [ $first = 3 ]; then
			__gitcomp "$(git benchbisect run --git-completion-helper 2>/dev/null)"
		else
			__gitcomp_builtin benchbisect
		fi
		return ;;
	esac
	[ -n "$scan" ] && pos=0
	case $pos in
	0)
		if [ $first -eq 2 ] && [ $cword -eq 2 ]; then
			__gitcomp_nl "run
$(__git_benchtriage_names --list-platforms)"
		else
			__gitcomp_nl "$(__git_benchtriage_names --list-platforms)"
		fi ;;
	1) __gitcomp_nl "$(__git_benchtriage_names --list-dates "$platform")
today
yesterday" ;;
	esac
}
