#!/bin/bash
# Completion as a person meets it: `make install` into a prefix, then real
# interactive bash (bash-completion loaded from ~/.bashrc), zsh (compinit
# with the prefix in fpath) and fish sessions under tmux; type a partial
# command, press Tab, read the screen. The prefix is non-standard, so the
# sessions get the README's XDG_DATA_DIRS (bash, fish) and fpath (zsh).
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"
TMUX_ROWS=60	# room for the longest list of options
. "$TEST_DIR/lib/tmux-shell.sh"

for tool in tmux fish zsh; do
	command -v $tool >/dev/null || { echo "1..0 # SKIP no $tool (run tools/install-deps)"; exit 0; }
done
[ -f /usr/share/bash-completion/bash_completion ] ||
	{ echo "1..0 # SKIP no bash-completion (run tools/install-deps)"; exit 0; }

prefix=$TRASH/prefix
# A ref name git check-ref-format allows, that runs a command if inserted raw.
hostile_ref='x$(touch${IFS}rpwned)'
trap 'tmux_stop; test_cleanup' EXIT

test_expect_success 'set up: install, repositories, dashboards, shell start-up files' '
	make -s -C "$SRC_DIR" install PREFIX="$prefix" >/dev/null &&
	make_helion_repo repo &&
	git -C repo branch perf-fix &&
	git -C repo branch "$hostile_ref" &&
	(cd repo && cute_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" >../dash.json) &&
	sed "s/b200_cute/mi300x_cute/g" dash.json >repo/other.json &&
	python3 - dash.json repo/hostile.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	new = {"b200_cute": "x$(touch pwned)", "b200": "q'"'"'uote `touch bt` \"d|&;"}
	for r in d["summary"]:
	    r["platform_short"] = new[r["platform_short"]]
	    if r["kernel"] == "softmax":
	        r["kernel"] = "soft$(touch kpwned)"
	json.dump(d, open(sys.argv[2], "w"))
	PY
	git -C repo benchwindow --file ../dash.json --list-platforms >/dev/null &&
	cp dash.json "$XDG_CACHE_HOME/" &&
	build_corpus corpus &&
	git -C corpus branch "$hostile_ref" c3 &&
	mkdir -p corpus/other/case8_y &&
	echo "CASE = 8" >corpus/other/case8_y/bench_spec.py &&
	mkdir -p "corpus/quoted/case21_a,b" corpus/quoted/case23_plain \
		"corpus/quoted/case24_it'"'"'s\\x" &&
	for d in corpus/quoted/*; do
		echo "CASE = 21" >"$d/bench_spec.py" || return 1
	done &&
	cat >"$HOME/.bashrc" <<-\EOS &&
	. /usr/share/bash-completion/bash_completion
	PS1="\$ "
	bind "set bell-style none"
	EOS
	cat >"$HOME/.zshrc" <<-EOS &&
	fpath=("$prefix/share/zsh/site-functions" \$fpath)
	autoload -Uz compinit && compinit -u -d "$TRASH/zcompdump"
	PS1="\$ "
	EOS
	mkdir -p "$XDG_CONFIG_HOME/fish" &&
	cat >"$XDG_CONFIG_HOME/fish/config.fish" <<-\EOS
	set -g fish_greeting
	set -g fish_autosuggestion_enabled 0
	function fish_prompt; echo -n "\$ "; end
	EOS
'

start_httpd "$TRASH"

test_expect_success 'set up: the cached default dashboard' '
	cp dash.json "$TRASH/served.json" &&
	git -C repo config bench.url "$HTTPD_URL/served.json" &&
	git -C corpus config bench.url "$HTTPD_URL/served.json" &&
	git -C repo benchwindow b200_cute 2026-09-08 >/dev/null
'

# shell_cmd <shell>: how a terminal starts it, with the installed prefix
# found as the README says.
shell_cmd() {
	case $1 in
	bash) echo "bash -i" ;;
	zsh) echo "zsh -i" ;;
	fish) echo "fish -i" ;;
	esac
}

# offered_options <shell>: the long options a list on the screen (on
# stdin) offers, one a line, sorted, without their "=": zsh's and fish's
# descriptions taken away first (they name other options), and bash's
# "--no-..." (the negated forms, offered once "--no-" is typed) and
# fish's "--help" (its git completion offers it to every git command;
# the binaries take it: the man page) left out.
offered_options() {
	case $1 in
	zsh) sed "s/ -- .*//" ;;
	fish) sed -e ":a" -e "s/([^()]*)//g" -e "ta" -e "s/([^()]*$//" -e "s/--help\b//" ;;
	bash) cat ;;
	esac | grep -v "^\$ " | grep -o -- "--[a-z][a-z0-9-]*" | grep -vx -- --no- | sort -u
}

# accepted <form> <option>: the command parses the option (with a value
# when its table says it takes one): what a Tab offered is never refused
# with 129. --git-completion-helper after it exits 0 once it is reached.
accepted() {
	kind=$(git $1 --git-completion-table | awk -F "\t" -v o="${2#--}" '$1 == o { print $3 }')
	case $kind in
	flag|optional) git $1 "$2" --git-completion-helper >/dev/null ;;
	value|list)
		# A value each option takes: 1 for most, a format's name, a confidence in range.
		case $2 in
		--format) v=text ;;
		--confidence) v=99.9 ;;
		*) v=1 ;;
		esac &&
		git $1 "$2=$v" --git-completion-helper >/dev/null ;;
	*) echo "$2 is not in the table of git $1" >&2 && return 1 ;;
	esac
}

# yes when fish's own git completion forwards `git fixture-diff ...` to
# git-fixture-diff's (fish 3.6.1 on), as benchtriage.conf.fish asks.
fish_forwards=$(PATH="$prefix/bin:$PATH" fish -c 'complete -C "git " >/dev/null
	complete -c git | string match -qr -- "__fish_git_complete_custom_command benchwindow\b"; and echo yes')

q="'"
for sh in bash zsh fish; do
	# Given the candidates' common prefix, bash lists them on the second
	# Tab, zsh and fish on the first.
	list_tabs=1
	[ $sh = bash ] && list_tabs=2

	test_expect_success "$sh: start in a repository and in a fixture corpus" '
		cd repo &&
		tmux_start '$sh' env PATH="$prefix/bin:$PATH" \
			XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" $(shell_cmd '$sh') &&
		cd ../corpus &&
		tmux_start '$sh'-fd env PATH="$prefix/bin:$PATH" \
			XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" $(shell_cmd '$sh')
	'

	test_expect_success "$sh: command names and each command's options" '
		tmux_tab '$sh' "git benchw" "^\\\$ git benchwindow $" &&
		tmux_tab '$sh' "git stat" "^\\\$ git status $" &&
		tmux_tab '$sh' "git benchwindow --only-s" "^\\\$ git benchwindow --only-slice $" &&
		tmux_tab '$sh' "git benchbisect run --slice-" "^\\\$ git benchbisect run --slice-first $" &&
		tmux_tab '$sh' "git benchbisect run --slice" "^([^\$].*)?--slice-first" '$list_tabs' &&
		tmux_tab '$sh' "git benchbisect --noise-m" "^\\\$ git benchbisect --noise-multiple[= ]$" &&
		tmux_tab '$sh'-fd "git fixture-diff --name-o" "^\\\$ git fixture-diff --name-only $"
	'

	test_expect_success "$sh: each form offers exactly the options of its table, each accepted" '
		for form in benchwindow benchbisect "benchbisect run" fixture-diff; do
			win='$sh' &&
			if [ "$form" = fixture-diff ]; then win='$sh'-fd; fi &&
			tmux_list $win "git $form --" '$list_tabs' &&
			offered_options '$sh' <"$TRASH/screen.$win" >offered &&
			git $form --git-completion-table | cut -f1 | sed "s/^/--/" | sort >expect &&
			test_cmp expect offered &&
			while read -r opt; do
				accepted "$form" "$opt" || return 1
			done <offered || return 1
		done
	'

	test_expect_success "$sh: platforms, and dates in the date slot" '
		tmux_tab '$sh' "git benchwindow b200_" "^\\\$ git benchwindow b200_cute $" &&
		tmux_tab '$sh' "git benchwindow b200" "^b200 .*b200_cute" '$list_tabs' &&
		tmux_tab '$sh' "git benchbisect run b200_" "^\\\$ git benchbisect run b200_cute $" &&
		tmux_tab '$sh' "git benchwindow --json b200 to" "^\\\$ git benchwindow --json b200 today $" &&
		tmux_tab '$sh' "git benchwindow run to" "^\\\$ git benchwindow run today $" &&
		tmux_tab '$sh' "git benchwindow b200_cute 2026-" "^\\\$ git benchwindow b200_cute 2026-09-08 $" &&
		tmux_tab '$sh' "git benchbisect run --json b200_cute 2026-" "^\\\$ git benchbisect run --json b200_cute 2026-09-08 $" &&
		tmux_tab '$sh' "git benchbisect --scan b200 b200_" "^\\\$ git benchbisect --scan b200 b200_cute $" &&
		tmux_tab '$sh' "git benchwindow --scan --since yes" "^\\\$ git benchwindow --scan --since yesterday $"
	'

	test_expect_success "$sh: kernels, also as --kernel= and before the platform" '
		tmux_tab '$sh' "git benchwindow b200_cute --kernel lay" \
			"^\\\$ git benchwindow b200_cute --kernel layer_norm $" &&
		tmux_tab '$sh' "git benchwindow b200_cute --kernel=rms" \
			"^\\\$ git benchwindow b200_cute --kernel=rms_norm $" &&
		tmux_tab '$sh' "git benchwindow --kernel soft" "^\\\$ git benchwindow --kernel softmax $" &&
		tmux_tab '$sh' "git benchbisect run --kernel=cross" \
			"^\\\$ git benchbisect run --kernel=cross_entropy $"
	'

	test_expect_success "$sh: platforms from the --file on the line" '
		tmux_tab '$sh' "git benchwindow --file other.json mi" \
			"^\\\$ git benchwindow --file other.json mi300x_cute $" &&
		tmux_tab '$sh' "git benchwindow --file=other.json mi300x_cute --kernel=lay" \
			"^\\\$ git benchwindow --file=other.json mi300x_cute --kernel=layer_norm $"
	'

	# A dashboard's names may hold any character the shell treats
	# specially, and the commands take them: each is inserted quoted, so
	# that Enter hands the command exactly the name and runs nothing.
	test_expect_success "$sh: hostile dashboard names are inserted quoted, never run" '
		cmd="git benchwindow --file hostile.json" &&
		if [ '$sh' = fish ]; then bt="\`touch\\ bt\`"; else bt="\\\`touch\\ bt\\\`"; fi &&
		tmux_tab_line '$sh' "$cmd x" "\$ $cmd x\\\$\\(touch\\ pwned\\) " &&
		tmux_tab_line '$sh' "$cmd q" "\$ $cmd q\\${q}uote\\ $bt\\ \\\"d\\|\\&\\; " &&
		tmux_tab '$sh' "$cmd ${q}x\$(" "^\\\$ $cmd ${q}x\\\$\\(touch pwned\\)$q ?$" &&
		tmux_tab_line '$sh' "$cmd --kernel so" "\$ $cmd --kernel soft\\\$\\(touch\\ kpwned\\) " &&
		tmux_tab_line '$sh' "$cmd --list-kernels x" \
			"\$ $cmd --list-kernels x\\\$\\(touch\\ pwned\\) " &&
		tmux_cmd send-keys -t "bt:'$sh'" Enter &&
		tmux_wait_screen '$sh' "^soft\\\$\\(touch kpwned\\)$" &&
		! ls repo | grep -e pwned -e bt
	'

	# Git's own ref completion inserts a ref name raw: these are quoted as
	# the dashboard names are, whole refs and the end of a range.
	test_expect_success "$sh: hostile ref names are inserted quoted, never run" '
		ref="x\\\$\\(touch\\\$\\{IFS\\}rpwned\\)" &&
		tmux_tab_line '$sh' "git benchwindow --good x" "\$ git benchwindow --good $ref " &&
		tmux_tab_line '$sh' "git benchwindow --bad=x" "\$ git benchwindow --bad=$ref " &&
		tmux_tab_line '$sh' "git benchbisect log main..x" "\$ git benchbisect log main..$ref " &&
		tmux_tab_line '$sh'-fd "git fixture-diff --name-only c1...x" \
			"\$ git fixture-diff --name-only c1...$ref " &&
		tmux_cmd send-keys -t "bt:'$sh'-fd" Enter &&
		tmux_wait_screen '$sh'-fd "^case2_warp_specialized_gemm\$" &&
		! ls repo corpus | grep pwned
	'

	test_expect_success "$sh: kernels and dates of a platform quoted on the line" '
		cmd="git benchwindow --file hostile.json" &&
		tmux_tab_line '$sh' "$cmd x\\\$\\(touch\\ pwned\\) --kernel ma" \
			"\$ $cmd x\\\$\\(touch\\ pwned\\) --kernel matmul " &&
		tmux_tab_line '$sh' "$cmd ${q}x\$(touch pwned)$q 2026-09-0" \
			"\$ $cmd ${q}x\$(touch pwned)$q 2026-09-08 "
	'

	test_expect_success "$sh: the benchmark command after run's --" '
		tmux_tab '$sh' "git benchbisect run b200_cute 2026-09-08 -- git-fixture-d" \
			"^\\\$ git benchbisect run b200_cute 2026-09-08 -- git-fixture-diff ?$"
	'

	test_expect_success "$sh: git benchbisect log's range: revisions, not platforms" '
		tmux_tab '$sh' "git benchbisect log " "perf-fix" '$list_tabs' &&
		! grep b200_cute "$TRASH/screen.'$sh'" &&
		tmux_tab '$sh' "git benchbisect log perf" "^\\\$ git benchbisect log perf-fix(\\.\\.)? ?$" &&
		tmux_tab '$sh' "git benchbisect log main..perf" \
			"^\\\$ git benchbisect log main\\.\\.perf-fix ?$"
	'

	test_expect_success "$sh: revisions, ranges of them and case names" '
		tmux_tab '$sh' "git benchwindow --good ma" "^\\\$ git benchwindow --good main $" &&
		tmux_tab '$sh'-fd "git fixture-diff ren" "^\\\$ git fixture-diff rename $" &&
		tmux_tab '$sh'-fd "git fixture-diff c1..ren" "^\\\$ git fixture-diff c1\\.\\.rename ?$" &&
		tmux_tab '$sh'-fd "git fixture-diff --json c1...ren" \
			"^\\\$ git fixture-diff --json c1\\.\\.\\.rename ?$" &&
		tmux_tab '$sh'-fd "git fixture-diff --cases case3" \
			"^\\\$ git fixture-diff --cases case3_flash_attention ?$"
	'

	# git -C <dir> before the command, with a ~, twice as git allows (zsh's
	# _git takes one: the second -C is its command word): the revisions,
	# the case names and the files of <dir> (the window runs in repo, which
	# has none of them).
	tilde_C="-C ~/.. -C corpus" tilde_C_re="-C ~/\\.\\. -C corpus"
	[ $sh = zsh ] && tilde_C="-C ~/../corpus" tilde_C_re="-C ~/\\.\\./corpus"
	c_dir_test='
		tmux_tab '$sh' "git -C ../corpus fixture-diff --cases case3" \
			"^\\\$ git -C \\.\\./corpus fixture-diff --cases case3_flash_attention ?$" &&
		tmux_tab '$sh' "git -C ../corpus fixture-diff c1..ren" \
			"^\\\$ git -C \\.\\./corpus fixture-diff c1\\.\\.rename ?$" &&
		tmux_tab '$sh' "git $tilde_C fixture-diff --cases case3" \
			"^\\\$ git $tilde_C_re fixture-diff --cases case3_flash_attention ?$" &&
		tmux_tab '$sh' "git -C .. benchwindow --file repo/other.json mi3" \
			"^\\\$ git -C \\.\\. benchwindow --file repo/other\\.json mi300x_cute $" &&
		tmux_tab '$sh' "git -C .. benchbisect --file repo/other.json mi3" \
			"^\\\$ git -C \\.\\. benchbisect --file repo/other\\.json mi300x_cute $" &&
		tmux_tab '$sh' "git -C ../corpus benchbisect log c1..ren" \
			"^\\\$ git -C \\.\\./corpus benchbisect log c1\\.\\.rename ?$"
	'
	if [ $sh = fish ] && [ "$fish_forwards" = yes ]; then
		# fish 3.6.1 and later hand `git ... fixture-diff <args>` to
		# git-fixture-diff's completion as `git-fixture-diff <args>`
		# themselves: git's -C is lost there. Ours (fish 3.6.0, through
		# benchtriage.conf.fish) completes in <dir>.
		test_expect_failure "$sh: git -C <dir> completes the revisions, cases and files of <dir>" "$c_dir_test"
	else
		test_expect_success "$sh: git -C <dir> completes the revisions, cases and files of <dir>" "$c_dir_test"
	fi

	test_expect_success "$sh: --cases leaves out the names already in the list" '
		tmux_tab '$sh'-fd "git fixture-diff --cases case1_simple_gemm,case11_wait_order,case1" \
			"^\\\$ git fixture-diff --cases case1_simple_gemm,case11_wait_order,case10_persistent_gemm_data_partition ?$"
	'

	# The shell expands ~ in a word of its own: ~/.. is $TRASH, where the
	# corpus is; ~<user> is the home of the password file.
	test_expect_success "$sh: --cases follows a --root ~/dir or ~user/dir on the line" '
		tmux_tab '$sh'-fd "git fixture-diff --root ~/../corpus/other --cases case8" \
			"^\\\$ git fixture-diff --root ~/\\.\\./corpus/other --cases case8_y ?$" &&
		me=$(id -un) &&
		up=$(getent passwd "$me" | cut -d: -f6 | sed "s|[^/][^/]*|..|g") &&
		tmux_tab '$sh'-fd "git fixture-diff --root ~$me$up$TRASH/corpus/other --cases case8" \
			"^\\\$ git fixture-diff --root ~$me.* --cases case8_y ?$"
	'
done

# In zsh, --cases names that --list-cases C-quotes: "case21_a,b" (a comma
# inside is no separator) and "case24_it's\\x". zsh writes the completed
# word over in one quoting: a quote opened inside it becomes backslashes.
test_expect_success 'zsh: a comma inside a C-quoted --cases name is no separator' '
	cmd="git fixture-diff --root quoted --cases" &&
	tmux_tab_line zsh-fd "$cmd $q\"case21_a," "\$ $cmd $q\"case21_a,b\"$q " &&
	tmux_tab_line zsh-fd "$cmd case23_plain,$q\"case21_a," \
		"\$ $cmd case23_plain,\\\"case21_a,b\\\" " &&
	tmux_tab_line zsh-fd "$cmd \"\\\"case21_a," "\$ $cmd \"\\\"case21_a,b\\\"\" " &&
	tmux_tab_line zsh-fd "$cmd $q\"case21_a,b\"$q,$q\"case24" \
		"\$ $cmd $q\"case21_a,b\",\"case24_it$q\\$q${q}s\\\\x\"$q " &&
	tmux_tab_line zsh-fd "$cmd case23_plain," "\$ $cmd case23_plain,\\\"case2" &&
	tmux_tab_line zsh-fd "git fixture-diff --root=quoted --cases=case23_plain,\\\"case21" \
		"\$ git fixture-diff --root=quoted --cases=case23_plain,\\\"case21_a,b\\\" "
'

test_expect_success 'zsh: --cases offers the names of the --root on the line' '
	tmux_tab_line zsh-fd "git fixture-diff --root other --cases case8" \
		"\$ git fixture-diff --root other --cases case8_y "
'

# fish offers the whole list typed so far with each name not yet in it
# after the last comma that ends a name (not one inside "case21_a,b"),
# the names being those of the --root on the line.
test_expect_success 'fish: --cases names after a comma, of the --root on the line' '
	tmux_tab_line fish-fd "git fixture-diff --root other --cases case8" \
		"\$ git fixture-diff --root other --cases case8_y " &&
	tmux_tab_line fish-fd "git fixture-diff --root=other --cases=case8" \
		"\$ git fixture-diff --root=other --cases=case8_y " &&
	cmd="git fixture-diff --root quoted --cases" &&
	tmux_tab_line fish-fd "$cmd case23_plain," "\$ $cmd case23_plain,\\\"case2" &&
	tmux_tab_line fish-fd "$cmd case23_plain,\\\"case24" \
		"\$ $cmd case23_plain,\\\"case24_it\\${q}s\\\\\\\\x\\\" " &&
	tmux_tab_line fish-fd "$cmd $q\"case21_a," "\$ $cmd $q\"case21_a,b\"$q " &&
	tmux_tab_line fish-fd "$cmd case23_plain,$q\"case21_a," "\$ $cmd case23_plain,$q\"case21_a,b\"$q "
'

# After a bare prefix of a C-quoted name, when no name begins so, each
# shell offers the quoted name over what was typed, quoted its own way.
test_expect_success 'bash, zsh, fish: a C-quoted --cases name after a bare prefix of it' '
	cmd="git fixture-diff --root quoted --cases" &&
	tmux_tab_line bash-fd "$cmd case24" "\$ $cmd $q\"case24_it$q\\$q${q}s\\\\x\"$q" &&
	tmux_tab_line bash-fd "$cmd=case23_plain,case21" "\$ $cmd=case23_plain,$q\"case21_a,b\"$q" &&
	tmux_tab_line zsh-fd "$cmd case24" "\$ $cmd \\\"case24_it\\${q}s\\\\\\\\x\\\" " &&
	tmux_tab_line zsh-fd "$cmd=case23_plain,case21" "\$ $cmd=case23_plain,\\\"case21_a,b\\\" " &&
	tmux_tab_line fish-fd "$cmd case24" "\$ $cmd \\\"case24_it\\${q}s\\\\\\\\x\\\" "
'

# The --file on the line as the shell passes it: its quotes taken away
# and a leading ~ expanded (~/.. is $TRASH, where repo is).
test_expect_success 'bash: platforms and kernels from a quoted --file on the line' '
	cp repo/other.json "repo/my dash.json" &&
	tmux_tab_line bash "git benchwindow --file ${q}my dash.json$q mi" \
		"\$ git benchwindow --file ${q}my dash.json$q mi300x_cute " &&
	tmux_tab_line bash "git benchwindow --file=\"my dash.json\" mi300x_cute --kernel=lay" \
		"\$ git benchwindow --file=\"my dash.json\" mi300x_cute --kernel=layer_norm " &&
	tmux_tab_line bash "git benchbisect --file ~/../repo/my\\ dash.json mi" \
		"\$ git benchbisect --file ~/../repo/my\\ dash.json mi300x_cute "
'

# A dashboard saved twice from a browser is "dashboard (1).json": a file
# or directory name with blanks or parentheses is one candidate, inserted
# quoted.
test_expect_success 'bash: file and directory names with blanks are completed whole' '
	cp repo/other.json "repo/downloaded (1).json" &&
	mkdir "repo/scratch dir" "corpus/my corpus" &&
	tmux_tab_line bash "git benchwindow --file down" \
		"\$ git benchwindow --file downloaded\\ \\(1\\).json" &&
	tmux_tab_line bash "git benchwindow --svg=${q}down" \
		"\$ git benchwindow --svg=${q}downloaded (1).json$q" &&
	tmux_tab_line bash "git benchbisect log --svg down" \
		"\$ git benchbisect log --svg downloaded\\ \\(1\\).json" &&
	tmux_tab_line bash "git benchbisect --scratch-dir scr" \
		"\$ git benchbisect --scratch-dir scratch\\ dir/" &&
	tmux_tab_line bash-fd "git fixture-diff --root my\\ " \
		"\$ git fixture-diff --root my\\ corpus/"
'

test_expect_success 'PREFIX=$HOME/.local needs no XDG_DATA_DIRS in bash and fish' '
	make -s -C "$SRC_DIR" install PREFIX="$HOME/.local" >/dev/null &&
	cd repo &&
	for sh in bash fish; do
		tmux_start $sh-home env -u XDG_DATA_DIRS PATH="$HOME/.local/bin:$PATH" $sh -i &&
		tmux_tab $sh-home "git benchw" "^\\\$ git benchwindow $" &&
		tmux_tab $sh-home "git benchwindow --only-s" "^\\\$ git benchwindow --only-slice $" &&
		tmux_tab $sh-home "git benchwindow b200_" "^\\\$ git benchwindow b200_cute $" || return 1
	done
'

test_expect_success 'the tmux server goes away' '
	tmux_stop &&
	test_must_fail tmux -L "$TMUX_SOCK" has-session 2>/dev/null
'

test_done
