# bash completion for git benchwindow.
# git's completion loads this file on demand (_completion_loader
# git-benchwindow) and calls _git_benchwindow. Options come from the
# binary itself (--git-completion-helper); platforms and kernels from the
# dashboard that the --file, --url or --pretuned already on the line name,
# else the cached default one (--offline: completion never downloads).

# __git_benchtriage_scan <cmd> <first> [<short options>...]: read the
# words of the line from index <first> (up to a "--") into the caller's
# variables: src (the dashboard options, as --name=value words, the values
# without their shell quotes), platform
# (the first argument anywhere on the line but the word being completed,
# without its shell quotes), pos (how many arguments come before it) and
# scan (--scan is on the line: every argument is a platform). The long
# options that take a value are those that `git <cmd>
# --git-completion-helper` prints with a trailing "="; the short ones are
# given.
__git_benchtriage_scan ()
{
	local i w dequoted_word valopts=" $(git $1 --git-completion-helper 2>/dev/null) "

	for w in "${@:3}"; do
		valopts+="$w= "
	done

	src=() platform="" pos=0 scan=""
	for ((i = $2; i < ${#words[@]}; i++)); do
		w=${words[i]}
		[ "$w" = -- ] && break
		[ $i -eq $cword ] && continue
		case "$w" in
		--file=*|--url=*)
			src+=("$w") ;;
		--pretuned)
			src+=("$w") ;;
		--scan)
			scan=1 ;;
		--file|--url)
			[ $((i + 1)) -ne $cword ] && src+=("$w=${words[i + 1]}")
			i=$((i + 1)) ;;
		--*=*|-)
			;;
		-*)
			case "$valopts" in *" $w= "*) i=$((i + 1)) ;; esac ;;
		*)
			[ -n "$platform" ] || { __git_dequote "$w"; platform=$dequoted_word; }
			[ $i -lt $cword ] && pos=$((pos + 1)) ;;
		esac
	done
	# each value as the shell passes it: unquoted, a leading ~/ of a --file expanded
	for i in "${!src[@]}"; do
		w=${src[i]}
		[ "$w" = --pretuned ] && continue
		__git_dequote "${w#*=}"
		case "$w" in --file=\~/*) dequoted_word=$HOME/${dequoted_word#\~/} ;; esac
		src[i]=${w%%=*}=$dequoted_word
	done
}

# __git_benchtriage_names <list-option> [<platform>]: the platforms, a
# platform's kernels (all platforms' when none is given yet) or the days of
# a platform's moves (the date slot) of the dashboard in $src.
__git_benchtriage_names ()
{
	local p

	if [ "$1" = --list-kernels ] && [ -z "$2" ]; then
		__git benchwindow --offline "${src[@]}" --list-platforms |
		while IFS= read -r p; do
			__git benchwindow --offline "${src[@]}" --list-kernels "$p"
		done | sort -u
		return
	fi
	__git benchwindow --offline "${src[@]}" "$@"
}

# __git_benchtriage_gitcomp_names <names> [<typed>]: __gitcomp_nl for
# the names of a dashboard, which may hold any character but a NUL (";",
# "$(...)", quotes, blanks, glob characters): each of the newline-separated
# <names> that begins with the typed word (the current one by default)
# once its shell quotes are taken away, quoted so that the line names it
# exactly and nothing in it is expanded or run: with printf %q, or inside
# the quote the word leaves open, which readline then closes, for that
# quote (readline replaces only the text after it).
__git_benchtriage_gitcomp_names ()
{
	local word=${2-$cur} i c q="" typed="" before="" name

	for ((i = 0; i < ${#word}; i++)); do
		c=${word:i:1}
		case "$q$c" in
		"''" | '""') q=""; continue ;;
		"'" | '"') q=$c before=$typed; continue ;;
		'\') c=${word:i+1:1} i=$((i + 1)) ;;
		'"\') [[ "${word:i+1:1}" == [\\\"\$\`] ]] && c=${word:i+1:1} i=$((i + 1)) ;;
		esac
		typed+=$c
	done
	COMPREPLY=()
	while IFS= read -r name; do
		[ -n "$name" ] && [[ "$name" == "$typed"* ]] || continue
		case $q in
		"'") name=${name:${#before}} name=${name//\'/\'\\\'\'} ;;
		'"') name=${name:${#before}} name=${name//\\/\\\\} name=${name//\"/\\\"}
		     name=${name//\$/\\\$} name=${name//\`/\\\`} ;;
		*) printf -v name '%q ' "$name" ;;
		esac
		COMPREPLY+=("$name")
	done <<<"$1"
}

# __git_benchtriage_compgen <-f|-d> [<word>]: complete the files or
# directories that begin with <word> (the current one by default) once its
# shell quotes are taken away, each name one candidate whatever blanks or
# glob characters it holds ("dashboard (1).json"), which readline inserts
# quoted (-o filenames).
__git_benchtriage_compgen ()
{
	local dequoted_word

	__git_dequote "${2-$cur}"
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen "$1" -- "$dequoted_word")
}

# __git_benchtriage_expand <word>: the argument the shell makes of <word>,
# into dequoted_word: its quotes taken away, and a leading ~ or ~user
# expanded where the shell would (unquoted, a login name's characters
# only: the word itself is never evaluated).
__git_benchtriage_expand ()
{
	local user=${1%%/*} home

	__git_dequote "$1"
	if [[ "$user" == \~* && "$user" != \~*[!-[:alnum:]._]* ]]; then
		eval "home=$user"
		dequoted_word=$home${dequoted_word#"$user"}
	fi
}

# __git_benchtriage_C_args: the <dir> of each `git -C <dir>` on the line
# as the shell will pass it to git (__git_benchtriage_expand), in git's
# __git_C_args, which its __git runs git with: git's completion keeps
# the word as typed, and git finds no directory "~/x" nor "'my dir'".
__git_benchtriage_C_args ()
{
	local i dequoted_word

	for ((i = 1; i < ${#__git_C_args[@]}; i += 2)); do
		[ "${__git_C_args[i - 1]}" = -C ] || continue
		__git_benchtriage_expand "${__git_C_args[i]}"
		__git_C_args[i]=$dequoted_word
	done
}

# __git_benchtriage_complete_refs [<word>]: complete the revision in
# <word> (the current one by default), or the end of a range A..B or
# A...B there, with git's refs, quoted as a dashboard's names are: a ref
# name may hold "$", "(", ";", "&", quotes (git check-ref-format allows
# them), which git's own ref completion inserts raw for the shell to run.
__git_benchtriage_complete_refs ()
{
	local word=${1-$cur} dequoted_word pfx=""

	__git_dequote "$word"
	case "$dequoted_word" in
	*...*) pfx=${dequoted_word%%...*}... ;;
	*..*) pfx=${dequoted_word%%..*}.. ;;
	esac
	__git_benchtriage_gitcomp_names "$(__git_refs "" "" "$pfx" "${dequoted_word#"$pfx"}")" "$word"
}

# __git_benchtriage_window_arg: complete the value of an option git
# benchwindow and git benchbisect share (OPT_WINDOW in the code), as the
# word after it or after its "="; returns 1 when the word being completed
# is not one. Needs src and platform from __git_benchtriage_scan.
__git_benchtriage_window_arg ()
{
	local opt="$prev" val="$cur" pfx=""

	case "$cur" in
	--*=*)
		opt=${cur%%=*} val=${cur#*=} pfx="$opt=" ;;
	esac
	case "$opt" in
	--kernel)
		__git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-kernels "$platform")" "$val"
		return 0 ;;
	--list-kernels)
		__git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-platforms)" "$val"
		return 0 ;;
	--good|--bad)
		__git_benchtriage_complete_refs "$val"
		return 0 ;;
	--file|--path|--svg)
		__git_benchtriage_compgen -f "$val"
		return 0 ;;
	--color)
		[ -n "$pfx" ] && __gitcomp "always never auto" "" "$val"
		[ -n "$pfx" ] && return 0 ;;
	--format)
		__gitcomp "text markdown" "" "$val"
		return 0 ;;
	--since|--until)
		__gitcomp "today yesterday" "" "$val"
		return 0 ;;
	--url|--span|--timeout|--slice)
		return 0 ;;
	esac
	return 1
}

_git_benchwindow ()
{
	local src platform pos scan

	__git_benchtriage_C_args
	__git_benchtriage_scan benchwindow $((${__git_cmd_idx:-1} + 1))
	__git_benchtriage_window_arg && return
	case "$cur" in
	-*)
		__gitcomp_builtin benchwindow
		return ;;
	esac
	[ -n "$scan" ] && pos=0
	case $pos in
	0) __git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-platforms)" ;;
	1) __git_benchtriage_gitcomp_names "$(__git_benchtriage_names --list-dates "$platform")
today
yesterday" ;;
	esac
}
