# bash completion for git benchwindow.
# git's completion loads this file on demand (_completion_loader
# git-benchwindow) and calls _git_benchwindow. Options come from the
# binary itself (--git-completion-helper); platforms and kernels from the
# cached dashboard (--offline, so completion never touches the network).

__git_benchwindow_names ()
{
	git benchwindow --offline "$@" 2>/dev/null
}

# __git_benchtriage_window_arg <names-function> <platform>: complete the
# value of an option git benchwindow and git benchbisect share (OPT_WINDOW
# in the code); returns 1 when the word being completed is not one.
__git_benchtriage_window_arg ()
{
	case "$prev" in
	--kernel)
		__gitcomp_nl "$($1 --list-kernels "$2")"
		return 0 ;;
	--good|--bad)
		__git_complete_refs
		return 0 ;;
	--file)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	--url|--span|--timeout|--slice|--path)
		return 0 ;;
	esac
	case "$cur" in
	--color=*)
		__gitcomp "always never auto" "" "${cur##--color=}"
		return 0 ;;
	--good=*|--bad=*)
		__git_complete_refs --cur="${cur#*=}"
		return 0 ;;
	esac
	return 1
}

_git_benchwindow ()
{
	local w platform=""

	for w in "${words[@]:2}"; do
		case "$w" in -*) ;; *) platform=$w; break ;; esac
	done
	case "$prev" in
	--list-kernels)
		__gitcomp_nl "$(__git_benchwindow_names --list-platforms)"
		return ;;
	esac
	__git_benchtriage_window_arg __git_benchwindow_names "$platform" && return
	case "$cur" in
	--*)
		__gitcomp_builtin benchwindow
		return ;;
	esac
	__gitcomp_nl "$(__git_benchwindow_names --list-platforms)"
}
