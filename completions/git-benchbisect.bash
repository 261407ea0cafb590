# bash completion for git benchbisect.
# git's completion loads this file on demand (_completion_loader
# git-benchbisect) and calls _git_benchbisect. Options come from the binary
# itself (--git-completion-helper); platforms and kernels from the cached
# dashboard through git benchwindow (--offline: never the network). After
# "--" of `git benchbisect run`, the benchmark command and its files.

# The shared window options are completed by git benchwindow's script.
if ! declare -F __git_benchtriage_window_arg >/dev/null; then
	for __f in "${BASH_SOURCE[0]%/*}"/git-benchwindow "${BASH_SOURCE[0]%/*}"/git-benchwindow.bash; do
		[ -f "$__f" ] && . "$__f" && break
	done
	unset __f
fi

__git_benchbisect_names ()
{
	local pretuned=""

	case " ${words[*]} " in *" --pretuned "*) pretuned=--pretuned ;; esac
	git benchwindow --offline $pretuned "$@" 2>/dev/null
}

_git_benchbisect ()
{
	local i first=2 platform="" dashdash=0

	[ "${words[2]}" = run ] && first=3
	for ((i = first; i < cword; i++)); do
		case "${words[i]}" in
		--) dashdash=$i; break ;;
		--kernel|--good|--bad|--file|--url|--span|--timeout|--slice|--path|\
		--noise-multiple|--min-change|--shared-ratio|--agree-ratio|--flat-ratio|\
		--method-path|--repeat|--jobs|-j|--launcher|--step-timeout)
			i=$((i + 1)) ;;
		-*) ;;
		*) [ -n "$platform" ] || platform=${words[i]} ;;
		esac
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
	case "$prev" in
	--noise-multiple|--min-change|--shared-ratio|--agree-ratio|--flat-ratio|\
	--method-path|--repeat|--jobs|-j|--step-timeout)
		return ;;
	--launcher)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	esac
	__git_benchtriage_window_arg __git_benchbisect_names "$platform" && return
	case "$cur" in
	--*)
		# Each form has its own option table.
		if [ $first = 3 ]; then
			__gitcomp "$(git benchbisect run --git-completion-helper 2>/dev/null)"
		else
			__gitcomp_builtin benchbisect
		fi
		return ;;
	esac
	if [ $cword -eq 2 ]; then
		__gitcomp_nl "run
$(__git_benchbisect_names --list-platforms)"
	elif [ -z "$platform" ]; then
		__gitcomp_nl "$(__git_benchbisect_names --list-platforms)"
	fi
}
