#!/bin/bash
# git fixture-diff takes A..B and A...B as git diff does: A..B compares A
# with B, A...B the merge base of A and B with B, and an empty side is HEAD;
# X^! compares X's parent with X, X^-n its nth parent with X, and X^@
# stands for its parents.
# --install-hook takes no revision and says why.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"
. "$TEST_DIR/lib/collider.sh"

test_expect_success 'setup: a side branch off c3 next to main' '
	build_corpus repo &&
	cd repo &&
	git checkout -q -b side c3 &&
	git mv "$R/case6_blackwell_fa" "$R/case6_blackwell_flash_attention" &&
	commit_all "2026-09-25T10:00:00Z" "[sched2tlx] [BE] Rename case6 on a side branch (#1266)" &&
	git checkout -q main
'

test_expect_success 'A..B is A compared with B, in every output' '
	cd repo &&
	for mode in "" --json --stat -p --name-only; do
		git fixture-diff $mode c1 c3 >expect &&
		git fixture-diff $mode c1..c3 >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'an empty side of .. is HEAD' '
	cd repo &&
	git fixture-diff --json c2 HEAD >expect &&
	git fixture-diff --json c2.. >actual &&
	test_cmp expect actual &&
	git fixture-diff --json HEAD c4 >expect &&
	git fixture-diff --json ..c4 >actual &&
	test_cmp expect actual
'

test_expect_success 'A...B compares the merge base of A and B with B' '
	cd repo &&
	git fixture-diff main...side >actual &&
	git fixture-diff c3 side >expect &&
	test_cmp expect actual &&
	grep "^case6_blackwell_fa => case6_blackwell_flash_attention  *renamed" actual &&
	git fixture-diff side...main >actual &&
	git fixture-diff c3 main >expect &&
	test_cmp expect actual
'

test_expect_success 'a range with another revision, or a bad side, is refused' '
	cd repo &&
	test_expect_code 129 git fixture-diff c1..c2 c3 2>err &&
	echo "error: a range '\''c1..c2'\'' takes the place of both revisions" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff c1...nope 2>err &&
	echo "fatal: bad revision '\''nope'\''" >expect &&
	test_cmp expect err
'

# git reads A..B as a range only when both sides name something; else all
# of it is one revision, as a search of the messages with ".." in it is.
test_expect_success 'a :/<text> search holding ".." is one revision, as in git' '
	cd repo &&
	search=":/Rename case6 on a side branch..#1266" &&
	git rev-parse "$search" >actual &&
	git rev-parse side >expect &&
	test_cmp expect actual &&
	git fixture-diff --json c3 side >expect &&
	git fixture-diff --json c3 "$search" >actual &&
	test_cmp expect actual &&
	git fixture-diff --json "$search" HEAD >actual &&
	git fixture-diff --json side HEAD >expect &&
	test_cmp expect actual &&
	git fixture-diff --json ":/Rename case6.." >actual &&
	git fixture-diff --json side main >expect &&
	test_cmp expect actual &&
	test_expect_code 129 git fixture-diff c3 c1..c2 2>err &&
	echo "error: a range '\''c1..c2'\'' takes the place of both revisions" >expect &&
	test_cmp expect err
'

test_expect_success '--install-hook <rev> says what the hook compares instead' '
	cd repo &&
	test_expect_code 129 git fixture-diff --install-hook main 2>err &&
	head -n 1 err >actual &&
	echo "error: --install-hook takes no revision: the hook checks each pushed commit against what the remote has, or where it leaves the remote'\''s HEAD" >expect &&
	test_cmp expect actual &&
	! test -e .git/hooks/pre-push
'

test_expect_success 'hashes are unique abbreviations at core.abbrev, 7 digits by default' '
	cd repo &&
	collider "$(git rev-parse c1)" 4 >body &&
	git hash-object -w body >/dev/null &&
	short=$(git rev-parse --short=4 c1) &&
	test ${#short} -gt 4 &&
	git -c core.abbrev=4 fixture-diff --check --cases case1_simple_gemm c1 c3 >out &&
	grep "restore it with '\''git checkout $short -- " out &&
	git fixture-diff --check --cases case1_simple_gemm c1 c3 >out &&
	grep "restore it with '\''git checkout $(git rev-parse --short=7 c1) -- " out &&
	git -c core.abbrev=no fixture-diff --check --cases case1_simple_gemm c1 c3 >out &&
	grep "restore it with '\''git checkout $(git rev-parse c1) -- " out &&
	test_expect_code 128 git -c core.abbrev=3 fixture-diff --check c1 c3 2>err &&
	grep "^fatal: bad core.abbrev '\''3'\''" err
'

# libgit2 reads HEAD@{n} from the reflog of HEAD's branch; git from
# HEAD's own, which differs once HEAD has moved between branches.
test_expect_success 'HEAD@{n} is what git rev-parse says' '
	cd repo &&
	git checkout -q side &&
	git checkout -q main &&
	test "$(git rev-parse "HEAD@{1}")" != "$(git rev-parse "main@{1}")" &&
	for rev in "HEAD@{1}" "HEAD@{1}~1" "HEAD@{2}" "HEAD@{0}" "main@{1}"; do
		git rev-parse "$rev" >expect &&
		git fixture-diff --json "$rev" HEAD | jq -r .base >actual &&
		test_cmp expect actual || return 1
	done &&
	test_expect_code 128 git fixture-diff "HEAD@{9999}" HEAD 2>err &&
	echo "fatal: bad revision '"'"'HEAD@{9999}'"'"'" >expect &&
	test_cmp expect err
'

# "@" is HEAD in git, alone and before a suffix; libgit2 takes it only
# alone. "@foo" is a branch.
test_expect_success '@ with a suffix is HEAD with it, as in git' '
	cd repo &&
	git branch @c2 c2 &&
	for rev in @ @~1 @^ @~2^ "@^{commit}" "@~1^{/Reword}" @c2 @c2~1; do
		git rev-parse "$rev" >expect &&
		git fixture-diff --json "$rev" HEAD | jq -r .base >actual &&
		test_cmp expect actual || return 1
	done &&
	git fixture-diff --json @~2..@ >actual &&
	git fixture-diff --json HEAD~2 HEAD >expect &&
	test_cmp expect actual &&
	git fixture-diff --json @~2...@^ >actual &&
	git fixture-diff --json HEAD~2 HEAD~1 >expect &&
	test_cmp expect actual
'

test_expect_success 'X^! and X^-n are ranges, as in git diff' '
	cd repo &&
	for mode in "" --json --stat -p --name-only --check; do
		git fixture-diff $mode c2 c3 >expect &&
		for r in "c3^!" "c3^-" "c3^-1"; do
			git fixture-diff $mode "$r" >actual &&
			test_cmp expect actual || return 1
		done
	done &&
	git fixture-diff --json HEAD~1 HEAD >expect &&
	git fixture-diff --json "@^!" >actual &&
	test_cmp expect actual &&
	test_expect_code 129 git fixture-diff "c3^!" c1 2>err &&
	echo "error: a range '\''c3^!'\'' takes the place of both revisions" >expect &&
	test_cmp expect err
'

test_expect_success 'X^! of a root commit compares the empty tree with it; X^@ is its parent' '
	cd repo &&
	git fixture-diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 c1 >expect &&
	git fixture-diff "c1^!" >actual &&
	test_cmp expect actual &&
	git fixture-diff --json c2 >expect &&
	git fixture-diff --json "c3^@" >actual &&
	test_cmp expect actual &&
	git fixture-diff --json c2 c4 >expect &&
	git fixture-diff --json "c3^@" c4 >actual &&
	test_cmp expect actual
'

test_expect_success 'a merge: X^-n against its nth parent, X^@ its two parents, X^! refused' '
	cd repo &&
	git checkout -q -b merged main &&
	git merge -q --no-edit side &&
	git checkout -q main &&
	for mode in "" --json --name-only; do
		git fixture-diff $mode main merged >expect &&
		git fixture-diff $mode "merged^-" >actual &&
		test_cmp expect actual &&
		git fixture-diff $mode side merged >expect &&
		git fixture-diff $mode "merged^-2" >actual &&
		test_cmp expect actual &&
		git fixture-diff $mode main side >expect &&
		git fixture-diff $mode "merged^@" >actual &&
		test_cmp expect actual || return 1
	done &&
	test_expect_code 128 git fixture-diff "merged^!" 2>err &&
	cat >expect <<-\EOF &&
	fatal: '\''merged'\'' is a merge commit: its '\''^!'\'' is a combined diff, not two sides to compare
	hint: name the parent to compare it with: '\''merged^-1'\'' to '\''merged^-2'\''
	EOF
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff "merged^@" c1 2>err &&
	echo "fatal: '\''merged^@'\'' names 2 parents, 3 revisions in all: git fixture-diff compares two, it prints no combined diff" >expect &&
	test_cmp expect err
'

test_expect_success 'X^-n past the parents, a bad n or a bad X, and a root'"'"'s X^@, are errors' '
	cd repo &&
	test_expect_code 128 git fixture-diff "c3^-2" 2>err &&
	echo "fatal: bad revision '\''c3^-2'\'': '\''c3'\'' has 1 parent" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff "c1^-" 2>err &&
	echo "fatal: bad revision '\''c1^-'\'': '\''c1'\'' is a root commit" >expect &&
	test_cmp expect err &&
	for r in "c3^-0" "c3^-x" "c3^-1x"; do
		test_expect_code 128 git fixture-diff "$r" 2>err &&
		echo "fatal: bad revision '\''$r'\''" >expect &&
		test_cmp expect err || return 1
	done &&
	test_expect_code 128 git fixture-diff "nope^!" 2>err &&
	echo "fatal: bad revision '\''nope'\''" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff "c1^@" 2>err &&
	echo "fatal: '\''c1^@'\'' names no revision: '\''c1'\'' is a root commit" >expect &&
	test_cmp expect err
'

test_done
