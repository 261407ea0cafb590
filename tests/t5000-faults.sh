#!/bin/bash
# The fault matrix: what every command does when its output cannot be
# written (a full disk, a closed pipe with SIGPIPE ignored): it fails like
# git, "fatal: unable to write to standard output: <reason>" and 128,
# never exit 0 with the results lost.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/t3000/corpus.sh"

make_helion_repo "$TRASH/repo"
(cd "$TRASH/repo" && cute_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" >"$TRASH/dash.json")

test_expect_success 'setup: a fixture corpus' '
	build_corpus corpus
'

# Each command with output worth losing, run from the directory it needs.
# The dashed forms: the git wrapper puts SIGPIPE back to its default, so
# through it a closed pipe kills the command (141) before it can matter.
commands() {
	cat <<-\EOF
	repo git-benchwindow --file ../dash.json b200_cute 2026-09-08
	repo git-benchwindow --file ../dash.json --json b200_cute 2026-09-08
	repo git-benchwindow --file ../dash.json --list-platforms
	repo git-benchbisect --file ../dash.json b200_cute 2026-09-08
	repo git-benchbisect --file ../dash.json --json b200_cute 2026-09-08
	corpus git-fixture-diff c1 c3
	corpus git-fixture-diff --name-only c1 c3
	corpus git-fixture-diff --json c1 c3
	EOF
}

test_expect_success 'the commands write output at all (the matrix means something)' '
	commands >cmds &&
	while read -r dir cmd; do
		(cd "$dir" && eval "$cmd" >"$TRASH/out" 2>/dev/null) ;
		test -s out || { echo "no output: $cmd"; return 1; }
	done <cmds
'

test_expect_success 'stdout on a full disk: fatal, 128, for every command' '
	echo "fatal: unable to write to standard output: No space left on device" >expect &&
	commands >cmds &&
	while read -r dir cmd; do
		(cd "$dir" && test_expect_code 128 eval "$cmd" >/dev/full 2>"$TRASH/err") &&
		tail -n 1 err >last &&
		test_cmp expect last || { echo "failed: $cmd"; return 1; }
	done <cmds
'

test_expect_success 'stdout a closed pipe, SIGPIPE ignored: fatal, 128, for every command' '
	echo "fatal: unable to write to standard output: Broken pipe" >expect &&
	commands >cmds &&
	while read -r dir cmd; do
		(cd "$dir" && test_expect_code 128 python3 "$TEST_DIR/lib/closed-pipe.py" \
			$cmd 2>"$TRASH/err") &&
		tail -n 1 err >last &&
		test_cmp expect last || { echo "failed: $cmd"; return 1; }
	done <cmds
'

test_expect_success 'stdout closed by the caller: no write, no complaint' '
	cd corpus &&
	git fixture-diff --name-only c1 c3 >&- 2>err ;
	test $? -ne 86 &&
	test_cmp /dev/null err
'

test_done
