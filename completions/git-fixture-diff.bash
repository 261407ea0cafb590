# bash completion for git fixture-diff.
# git's completion loads this file on demand (_completion_loader
# git-fixture-diff) and calls _git_fixture_diff. Options come from the
# binary (--git-completion-helper), revisions from git's own ref
# completion, --cases values from the case names (--list-cases, honouring
# a --root already on the line, a quoted name single-quoted for the shell).

__git_fixture_diff_cases ()
{
	local i root=""
	for ((i = 2; i < cword; i++)); do
		case "${words[i]}" in
		--root=*) root="${words[i]#--root=}" ;;
		--root) root="${words[i + 1]}" ;;
		esac
	done
	# A C-quoted name ("a,b") single-quoted, so that the shell hands
	# --cases the quotes it unquotes.
	git fixture-diff --list-cases ${root:+--root="$root"} 2>/dev/null |
	sed "/^\"/{s/'/'\\\\''/g;s/.*/'&'/;}"
}

# Complete the last item of a comma-separated --cases list in $1.
__git_fixture_diff_complete_cases ()
{
	local list="$1" pfx=""
	case "$list" in
	*,*) pfx="${list%,*},"; list="${list##*,}" ;;
	esac
	__gitcomp_nl "$(__git_fixture_diff_cases)" "$pfx" "$list" ""
}

_git_fixture_diff ()
{
	case "$prev" in
	--cases)
		__git_fixture_diff_complete_cases "$cur"
		return ;;
	--root)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	esac
	case "$cur" in
	--cases=*)
		__git_fixture_diff_complete_cases "${cur#--cases=}"
		return ;;
	--root=*)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "${cur#--root=}"))
		return ;;
	--color=*)
		__gitcomp "always never auto" "" "${cur##--color=}"
		return ;;
	--*)
		__gitcomp_builtin fixture-diff
		return ;;
	esac
	__git_complete_refs
}
