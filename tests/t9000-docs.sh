#!/bin/bash
# The man pages and the zsh and fish completions cannot drift from the
# code: every option a command's table declares (as --git-completion-helper
# prints it) must be documented and completed (zsh and fish build their
# lists from --git-completion-table; t9011 checks them in real sessions),
# and nothing else may be documented.
. "$(dirname "$0")/lib/test-lib.sh"

programs=$(cd "$SRC_DIR/cmd" && ls *.c | sed 's/\.c$//')

# options <cmd>: the long options of git-<cmd>, one per line, without "="
# (with those of its subcommands' own tables: git-benchbisect run).
options() {
	"git-$1" --git-completion-helper >helper-out &&
	if [ "$1" = benchbisect ]; then
		echo >>helper-out && "git-$1" run --git-completion-helper >>helper-out &&
		echo >>helper-out && "git-$1" log --git-completion-helper >>helper-out
	fi &&
	sed 's/ -- .*//' helper-out | tr ' ' '\n' |
		sed -n 's/^--\([a-z][a-z0-9-]*\)=\{0,1\}$/\1/p' | sort -u
}

# man_text <cmd>: the roff source with its escaped hyphens made plain.
man_text() {
	sed 's/\\-/-/g' "$SRC_DIR/man/git-$1.1"
}

# help_columns: for each option of a -h listing on stdin, the column its
# help text starts at (on its own line, or the next when the option is long).
help_columns() {
	awk '
		wrapped { match($0, /^ */); print RLENGTH; wrapped = 0; next }
		/^    -/ {
			rest = substr($0, 5); i = index(rest, "  ")
			if (!i) { wrapped = 1; next }
			match(substr(rest, i), /^ +/); print 4 + i - 1 + RLENGTH
		}'
}

for p in $programs; do
	test_expect_success "git-$p: every option is in the man page" '
		options '$p' >opts &&
		test -s opts &&
		man_text '$p' >man.txt &&
		while read -r o; do
			grep -q -- "--$o\\b" man.txt ||
				{ echo "--$o is not in man/git-'$p'.1"; return 1; }
		done <opts
	'
	test_expect_success "git-$p: the man page documents no option the code lacks" '
		options '$p' >opts &&
		man_text '$p' | sed -n "s/^\\\\fB--\\([a-z][a-z0-9-]*\\).*/\\1/p" |
			sort -u >documented &&
		comm -13 opts documented >extra &&
		test_cmp /dev/null extra
	'
	test_expect_success "git-$p: zsh and fish complete every option" '
		options '$p' >opts &&
		forms="'$p'" &&
		if [ '$p' = benchbisect ]; then forms="$forms:'$p' run:'$p' log"; fi &&
		IFS=: &&
		for form in $forms; do
			fish -c "set -p fish_complete_path \"$SRC_DIR/completions\"; complete -C \"git-$form --\"" &&
			zsh -fc "fpath=(\"$SRC_DIR/completions\" \$fpath); autoload -Uz _git-benchtriage-options;
				local -a specs; _git-benchtriage-options $form; print -rl -- \$specs" >>zsh-specs ||
				return 1
		done | cut -f1 >fish-offers &&
		unset IFS &&
		while read -r o; do
			grep -q -- "^\\*\\{0,1\\}--$o[=[]" zsh-specs ||
				{ echo "zsh has no spec for --$o of git '$p'"; return 1; }
			grep -qx -- "--$o" fish-offers ||
				{ echo "fish does not offer --$o for git '$p'"; return 1; }
		done <opts
	'
	test_expect_success "git-$p: -h prints the usage and exits 129" '
		test_expect_code 129 git-'$p' -h >out &&
		grep "^usage: git '$p'" out
	'
	test_expect_success "git-$p: -h lines every help text up at one column, as git" '
		forms="'$p'" &&
		if [ '$p' = benchbisect ]; then forms="$forms:'$p' run:'$p' log"; fi &&
		IFS=: &&
		for form in $forms; do
			unset IFS &&
			{ test_expect_code 129 git-$form -h || return 1; }
		done >out &&
		unset IFS &&
		help_columns <out >columns &&
		test -s columns &&
		sort -u columns >actual &&
		echo 30 >expect &&
		test_cmp expect actual
	'
	test_expect_success "git-$p: -h has one blank line after the usage, as git" '
		test_expect_code 129 git-'$p' -h >out &&
		sed -n "/^usage: /,/^\$/d; p; q" out >first &&
		test -s first &&
		grep -v "^\$" first
	'
done

# The README is a manual, at most 400 lines; design notes live in docs/.
test_expect_success 'the README is at most 400 lines' '
	lines=$(wc -l <"$SRC_DIR/README.md") &&
	echo "README.md: $lines lines" &&
	test "$lines" -le 400
'

test_done
