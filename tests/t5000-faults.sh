#!/bin/bash
# The fault matrix: what every command does when its output cannot be
# written (a full disk, a closed pipe with SIGPIPE ignored): it fails like
# git, "fatal: unable to write to standard output: <reason>" and 128,
# never exit 0 with the results lost. And the pre-push hook: it judges
# only what a push brings, whatever the push source is called, and passes
# quietly where there is no corpus.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

test_expect_success 'setup: a Helion-like repository, its dashboard, a fixture corpus' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json &&
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
	{ git fixture-diff --name-only c1 c3 >&- 2>err && code=0 || code=$?; } &&
	test $code -ne 86 &&
	test_cmp /dev/null err
'

test_expect_success 'hook setup: a remote whose corpus has an old problem (case5 lacks a spec)' '
	git clone -q --bare corpus remote.git &&
	git clone -q remote.git pusher &&
	cd pusher &&
	test_must_fail git cat-file -e "c5:$R/case5_legacy_pipeline/bench_spec.py" &&
	git fixture-diff --install-hook >/dev/null
'

test_expect_success 'hook: a README-only push passes, quietly' '
	cd pusher &&
	echo "See the corpus README." >>README.md &&
	commit_all "2026-10-07T10:00:00Z" "Docs: point at the corpus README (#1290)" &&
	git push -q origin main >out 2>err &&
	test_cmp /dev/null out &&
	test_cmp /dev/null err &&
	test "$(git rev-parse origin/main)" = "$(git rev-parse main)"
'

test_expect_success 'hook: a push that adds a case the harness cannot import is refused, naming it' '
	cd pusher &&
	new_case case12_split_k 1291 &&
	printf "<<<<<<< HEAD\n=======\n>>>>>>> theirs\n" >>"$R/case12_split_k/generated.py" &&
	commit_all "2026-10-08T10:00:00Z" "[sched2tlx] Add a split-K case (#1291)" &&
	test_must_fail git push -q origin main >out 2>err &&
	echo "case12_split_k: brokenFixture: generated.py holds a merge conflict marker (line 16): the harness cannot import it" >expect &&
	test_cmp expect out &&
	test "$(git rev-parse origin/main)" != "$(git rev-parse main)" &&
	git reset -q --hard origin/main
'

test_expect_success 'hook: a new branch is judged from where it leaves main' '
	cd pusher &&
	git checkout -q -b regen &&
	git rm -q "$R/case2_warp_specialized_gemm/generated.py" &&
	commit_all "2026-10-09T10:00:00Z" "[sched2tlx] Drop the case2 kernel (#1292)" &&
	test_must_fail git push -q origin regen >out 2>err &&
	grep "^case2_warp_specialized_gemm: missingFixture: " out &&
	test_must_fail git ls-remote --exit-code origin refs/heads/regen &&
	git checkout -q main
'

test_expect_success 'hook: deleting a branch is not checked' '
	cd pusher &&
	git push -q --no-verify origin regen &&
	git push -q origin :regen >out 2>err &&
	test_cmp /dev/null err &&
	test_must_fail git ls-remote --exit-code origin refs/heads/regen
'

test_expect_success 'hook: a push source with spaces is still checked' '
	cd pusher &&
	new_case case13_spaced 1294 &&
	rm "$R/case13_spaced/generated.py" &&
	commit_all "2026-10-09T12:00:00Z" "[sched2tlx] Add a case pushed by its reflog name (#1294)" &&
	test_must_fail git push -q origin "HEAD@{0 seconds ago}:refs/heads/spaced" >out 2>err &&
	echo "case13_spaced: missingFixture: has bench_spec.py but no generated.py: the harness cannot measure it" >expect &&
	test_cmp expect out &&
	test_must_fail git ls-remote --exit-code origin refs/heads/spaced &&
	git reset -q --hard origin/main
'

test_expect_success 'hook: a check that cannot run blocks the push and says why' '
	cd pusher &&
	echo "More docs." >>README.md &&
	commit_all "2026-10-10T10:00:00Z" "Docs: more (#1293)" &&
	test_must_fail git -c fixturediff.check.graphChurn=maybe push -q origin main >out 2>err &&
	grep "^fatal: bad config value '"'"'maybe'"'"' for '"'"'fixturediff.check.graphChurn'"'"': expected error, warn or off$" err &&
	git push -q origin main
'

test_expect_success 'hook: a repository without the corpus passes every push quietly' '
	git init -q --bare plain.git &&
	git init -q plain &&
	cd plain &&
	git fixture-diff --install-hook >/dev/null &&
	echo "# a service" >README.md &&
	commit_all "2026-10-11T10:00:00Z" "Initial commit (#1)" &&
	git remote add origin ../plain.git &&
	git push -q origin main >out 2>err &&
	test_cmp /dev/null err &&
	echo "more" >>README.md &&
	commit_all "2026-10-12T10:00:00Z" "Docs: more (#2)" &&
	git push -q origin main >out 2>err &&
	test_cmp /dev/null err &&
	test "$(git -C ../plain.git rev-parse main)" = "$(git rev-parse main)"
'

test_done
