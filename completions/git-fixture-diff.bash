# bash completion for git fixture-diff.
# git's completion loads this file on demand (_completion_loader
# git-fixture-diff) and calls _git_fixture_diff. Options come from the
# binary (--git-completion-helper), revisions from git's own ref
# completion, --cases values from the case names (--list-cases, honouring
# a --root already on the line, a quoted name single-quoted for the shell,
# a comma inside its quotes no separator).

# The case names of the --root on the line, given as the shell passes
# it: unquoted, with a leading ~ or ~user expanded where the shell would
# (in a word of its own, not after --root=, and not quoted).
__git_fixture_diff_cases ()
{
	local i root="" raw="" user home dequoted_word
	for ((i = 2; i < cword; i++)); do
		case "${words[i]}" in
		--root=*) root="${words[i]#--root=}" raw="" ;;
		--root) root="${words[i + 1]}" raw=$root ;;
		esac
	done
	__git_dequote "$root"
	root=$dequoted_word
	user=${raw%%/*}
	# a login name of the characters a name has, none of them quoted
	if [[ "$user" == \~* && "$user" != \~*[!-[:alnum:]._]* ]]; then
		eval "home=$user"
		root=$home${root#"$user"}
	fi
	git fixture-diff --list-cases ${root:+--root="$root"} 2>/dev/null
}

# Read the --cases list $1 as typed, shell quotes and all. Sets cases_cur
# to its last name without shell quotes (after the last comma that ends a
# name: not one inside a name's C quotes, "case21_a,b", whatever the shell
# quotes around it), cases_quote to the shell quote open at its end (' or
# " or none) and cases_open to where that quote opened.
__git_fixture_diff_read_cases ()
{
	local word="$1" i c n cq="" cesc="" start=1
	cases_cur="" cases_quote="" cases_open=0
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
			cases_cur="" start=1
			continue
		elif [ -n "$start" ] && [ "$c" = '"' ]; then
			cq=1
		fi
		cases_cur+=$c start=""
	done
}

# Complete the last name of a comma-separated --cases list in $1: what
# was typed, then the rest of each name that begins so, written for the
# shell quote open there, or single-quoted where the shell would take a
# character (a C-quoted name, "a,b"), so that the shell hands --cases the
# quotes it unquotes. Inside an open quote, bash replaces the text from
# that quote on.
__git_fixture_diff_complete_cases ()
{
	local cases_cur cases_quote cases_open name rest
	__git_fixture_diff_read_cases "$1"
	COMPREPLY=()
	while IFS= read -r name; do
		[[ "$name" == "$cases_cur"* ]] || continue
		rest=${name:${#cases_cur}}
		case "$cases_quote" in
		"'") rest=${rest//\'/\'\\\'\'} ;;
		'"') rest=${rest//\\/\\\\} rest=${rest//\"/\\\"} rest=${rest//\$/\\\$}
		     rest=${rest//\`/\\\`} ;;
		*) [[ "$rest" == *[!-[:alnum:]_./+:@%^=]* ]] && rest="'${rest//\'/\'\\\'\'}'" ;;
		esac
		COMPREPLY+=("${1:cases_open}$rest")
	done < <(__git_fixture_diff_cases)
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
