# bash completion for git benchwindow.
# git's completion loads this file on demand (_completion_loader
# git-benchwindow) and calls _git_benchwindow. Options come from the
# binary itself (--git-completion-helper); platforms and kernels from the
# cached dashboard (--offline, so completion never touches the network).

__git_benchwindow_names ()
{
	git benchwindow --offline "$@" 2>/dev/null
}

_git_benchwindow ()
{
	case "$prev" in
	--kernel)
		local w platform=""
		for w in "${words[@]:2}"; do
			case "$w" in -*) ;; *) platform=$w; break ;; esac
		done
		__gitcomp_nl "$(__git_benchwindow_names --list-kernels "$platform")"
		return ;;
	--good|--bad)
		__git_complete_refs
		return ;;
	--file)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--list-kernels)
		__gitcomp_nl "$(__git_benchwindow_names --list-platforms)"
		return ;;
	--url|--span|--timeout|--slice|--path)
		return ;;
	esac
	case "$cur" in
	--color=*)
		__gitcomp "always never auto" "" "${cur##--color=}"
		return ;;
	--good=*|--bad=*)
		__git_complete_refs --cur="${cur#*=}"
		return ;;
	--*)
		__gitcomp_builtin benchwindow
		return ;;
	esac
	__gitcomp_nl "$(__git_benchwindow_names --list-platforms)"
}
