# bash completion for git benchbisect.
# git's completion loads this file on demand (_completion_loader
# git-benchbisect) and calls _git_benchbisect. Options come from the binary
# itself (--git-completion-helper); platforms and kernels from the
# dashboard the line names, through git benchwindow (--offline: never the
# network). After "--" of `git benchbisect run`, the benchmark command and
# its files. `git benchbisect log`: its options, the recorded keys after
# --key (git benchbisect log --keys), a revision range.

# The shared window options are completed by git benchwindow's script.
if ! declare -F __git_benchtriage_window_arg >/dev/null; then
	for __f in "${BASH_SOURCE[0]%/*}"/git-benchwindow "${BASH_SOURCE[0]%/*}"/git-benchwindow.bash; do
		[ -f "$__f" ] && . "$__f" && break
	done
	unset __f
fi

__git_benchbisect_log ()
{
	case "$prev" in
	--key)
		__git_benchtriage_gitcomp_names "$(__git benchbisect log --keys | cut -d' ' -f1)"
		return ;;
	--svg)
		__git_benchtriage_compgen -f
		return ;;
	esac
	case "$cur" in
	-*) __gitcomp "$(git benchbisect log --git-completion-helper 2>/dev/null)" ;;
	*) __git_benchtriage_complete_refs ;;
	esac
}

_git_benchbisect ()
{
	# the word after "benchbisect" (after git's own options, -C <dir>...)
	local i sub=$((${__git_cmd_idx:-1} + 1)) first run=0 dashdash=0 src platform pos scan

	__git_benchtriage_C_args
	if [ "${words[sub]}" = log ] && [ $cword -gt $sub ]; then
		__git_benchbisect_log
		return
	fi

	first=$sub
	[ "${words[sub]}" = run ] && [ $cword -gt $sub ] && run=1 first=$((sub + 1))
	for ((i = first; i < cword; i++)); do
		[ "${words[i]}" = -- ] && dashdash=$i && break
	done
	if [ $dashdash -gt 0 ]; then
		if [ $cword -eq $((dashdash + 1)) ]; then
			COMPREPLY=($(compgen -c -- "$cur"))
		else
			__git_benchtriage_compgen -f
		fi
		return
	fi
	if [ $run = 1 ]; then
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
		__git_benchtriage_compgen -d
		return ;;
	--launcher)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	case "$cur" in
	-*)
		# Each form has its own option table.
		if [ $run = 1 ]; then
			__gitcomp "$(git benchbisect run --git-completion-helper 2>/dev/null)"
		else
			__gitcomp_builtin benchbisect
		fi
		return ;;
	esac
	[ -n "$scan" ] && pos=0
	case $pos in
	0)
		if [ $run = 0 ] && [ $cword -eq $sub ]; then
			__git_benchtriage_gitcomp_names "run
log
$(__git_benchtriage_names --list-platforms)"
		else
			__git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-platforms)"
		fi ;;
	1) __git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-dates "$platform")
today
yesterday" ;;
	esac
}
