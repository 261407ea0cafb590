# bash completion for git fixture-diff.
# git's completion loads this file on demand (_completion_loader
# git-fixture-diff) and calls _git_fixture_diff. Options come from the
# binary (--git-completion-helper), revisions and ranges of them
# (A..B, A...B) from git's refs, quoted for the shell, --cases values
# from the case names (--list-cases, honouring a --root already on the
# line, a quoted name single-quoted for the shell, a comma inside its
# quotes no separator, a name already in the list not offered again).

# Revisions and directories are completed by git benchwindow's script.
if ! declare -F __git_benchtriage_complete_refs >/dev/null; then
	for __f in "${BASH_SOURCE[0]%/*}"/git-benchwindow "${BASH_SOURCE[0]%/*}"/git-benchwindow.bash; do
		[ -f "$__f" ] && . "$__f" && break
	done
	unset __f
fi

# The case names of the --root on the line, given as the shell passes
# it: unquoted, with a leading ~ or ~user expanded where the shell would
# (in a word of its own, not after --root=, and not quoted); in the
# repository of a `git -C <dir>` or `--git-dir` before the command, as
# git's __git runs git.
__git_fixture_diff_cases ()
{
	local i root="" own=0 dequoted_word
	for ((i = ${__git_cmd_idx:-1} + 1; i < cword; i++)); do
		case "${words[i]}" in
		--root=*) root="${words[i]#--root=}" own=0 ;;
		--root) root="${words[i + 1]}" own=1 ;;
		esac
	done
	if [ $own = 1 ]; then
		__git_benchtriage_expand "$root"
	else
		__git_dequote "$root"
	fi
	root=$dequoted_word
	__git fixture-diff --list-cases ${root:+--root="$root"}
}

# Read the --cases list $1 as typed, shell quotes and all. Sets cases_cur
# to its last name without shell quotes (after the last comma that ends a
# name: not one inside a name's C quotes, "case21_a,b", whatever the shell
# quotes around it), cases_typed to the names before it, cases_start to
# where in $1 it starts, cases_quote to the shell quote open at its end
# (' or " or none) and cases_open to where that quote opened.
__git_fixture_diff_read_cases ()
{
	local word="$1" i c n cq="" cesc="" start=1
	cases_cur="" cases_typed=() cases_start=0 cases_quote="" cases_open=0
	for ((i = 0; i < ${#word}; i++)); do
		c=${word:i:1}
		case "$cases_quote$c" in
		"''" | '""') cases_quote="" cases_open=0; continue ;;
		"'" | '"') cases_quote=$c cases_open=$i; continue ;;
		'\' | '"\')
			# in double quotes only \\ \" \$ \` escape; a last \ escapes what comes
			n=${word:i+1:1}
			if [ -z "$cases_quote" ]; then
				[ -z "$n" ] && continue
				c=$n i=$((i + 1))
			elif [[ "$n" == [\\\"\$\`] ]]; then
				c=$n i=$((i + 1))
			fi ;;
		esac
		if [ -n "$cq" ]; then
			if [ -n "$cesc" ]; then cesc=""
			elif [ "$c" = '\' ]; then cesc=1
			elif [ "$c" = '"' ]; then cq=""
			fi
		elif [ "$c" = , ]; then
			cases_typed+=("$cases_cur")
			cases_cur="" cases_start=$((i + 1)) start=1
			continue
		elif [ -n "$start" ] && [ "$c" = '"' ]; then
			cq=1
		fi
		cases_cur+=$c start=""
	done
}

# Complete the last name of a comma-separated --cases list in $1 with
# each name not yet in the list: what was typed, then the rest of each
# name that begins so; or, when none does, after a bare prefix of
# C-quoted names (we for "we\"ird"), the list up to that prefix, then
# each whole name (fish's own matching does the same, and readline would
# cut what was typed back to the names' common start were both offered).
# Either is written for the shell quote open there, or single-quoted
# where the shell would take a character (a C-quoted name, "a,b"), so
# that the shell hands --cases the quotes it unquotes. Inside an open
# quote, bash replaces the text from that quote on, so a name begun
# before the quote opened cannot be written over.
__git_fixture_diff_complete_cases ()
{
	local cases_cur cases_typed cases_start cases_quote cases_open name keep
	local -a names
	__git_fixture_diff_read_cases "$1"
	mapfile -t names < <(__git_fixture_diff_cases)
	COMPREPLY=()
	for name in "${names[@]}"; do
		__git_fixture_diff_listed "$name" || [[ "$name" != "$cases_cur"* ]] ||
			__git_fixture_diff_add_case "${1:cases_open}" "${name:${#cases_cur}}"
	done
	[ ${#COMPREPLY[@]} -eq 0 ] && [[ "$cases_cur" != \"* ]] &&
		((cases_open <= cases_start)) || return 0
	keep=${1:cases_open:cases_start - cases_open}
	[ -n "$cases_quote" ] && ((cases_open == cases_start)) && keep=$cases_quote
	for name in "${names[@]}"; do
		__git_fixture_diff_listed "$name" || [[ "$name" != \""$cases_cur"* ]] ||
			__git_fixture_diff_add_case "$keep" "$name"
	done
}

# Add $1 (the text kept) then $2 (the text completed), written for the
# shell quote open, to COMPREPLY.
__git_fixture_diff_add_case ()
{
	local rest=$2
	case "$cases_quote" in
	"'") rest=${rest//\'/\'\\\'\'} ;;
	'"') rest=${rest//\\/\\\\} rest=${rest//\"/\\\"} rest=${rest//\$/\\\$}
	     rest=${rest//\`/\\\`} ;;
	*) [[ "$rest" == *[!-[:alnum:]_./+:@%^=]* ]] && rest="'${rest//\'/\'\\\'\'}'" ;;
	esac
	COMPREPLY+=("$1$rest")
}

# Whether the name $1 is one of cases_typed.
__git_fixture_diff_listed ()
{
	local typed
	for typed in "${cases_typed[@]}"; do
		[ "$typed" = "$1" ] && return 0
	done
	return 1
}

_git_fixture_diff ()
{
	__git_benchtriage_C_args
	case "$prev" in
	--cases)
		__git_fixture_diff_complete_cases "$cur"
		return ;;
	--root)
		__git_benchtriage_compgen -d
		return ;;
	esac
	case "$cur" in
	--cases=*)
		__git_fixture_diff_complete_cases "${cur#--cases=}"
		return ;;
	--root=*)
		__git_benchtriage_compgen -d "${cur#--root=}"
		return ;;
	--color=*)
		__gitcomp "always never auto" "" "${cur##--color=}"
		return ;;
	--*)
		__gitcomp_builtin fixture-diff
		return ;;
	esac
	__git_benchtriage_complete_refs
}
