#!/bin/bash
# git fixture-diff: revisions, roots, configuration, odd repositories, exit codes.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

test_expect_success 'setup' '
	build_corpus repo
'

test_expect_success 'a bad revision is fatal (128) and names it' '
	cd repo &&
	test_expect_code 128 git fixture-diff c1 no-such-rev >out 2>err &&
	test_must_be_empty out &&
	echo "fatal: bad revision '"'"'no-such-rev'"'"'" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff "c1:README.md" 2>err &&
	grep "is neither a commit nor a tree" err
'

test_expect_success 'outside a repository: 128' '
	mkdir norepo &&
	cd norepo &&
	test_expect_code 128 env GIT_CEILING_DIRECTORIES="$TRASH" git fixture-diff 2>err &&
	grep "^fatal: not a git repository" err
'

test_expect_success 'usage errors: 129' '
	cd repo &&
	test_expect_code 129 git fixture-diff c1 c2 c3 2>err &&
	grep "^error: too many revisions$" err &&
	test_expect_code 129 git fixture-diff --no-such-option 2>err &&
	grep "^usage: git fixture-diff \[<options>\] \[<base> \[<head>\]\]$" err &&
	test_expect_code 129 git fixture-diff --json --name-only c1 2>err &&
	test_expect_code 129 git fixture-diff --list-cases c1 c2 2>err &&
	test_expect_code 129 git fixture-diff --install-hook c1 2>err &&
	test_expect_code 129 git fixture-diff -h >out &&
	grep "^    --cases <list>" out &&
	for list in "" , ",,"; do
		test_expect_code 129 git fixture-diff --check --cases "$list" c1 c2 >out 2>err &&
		grep "^error: --cases names no case$" err &&
		test_cmp /dev/null out || return 1
	done
'

test_expect_success 'setup: a corpus root that exists on one side only' '
	git clone -q repo two &&
	cd two &&
	mkdir -p examples2/case1_alpha examples2/case2_beta &&
	fixture case1_alpha >examples2/case1_alpha/generated.py &&
	echo "CASE = 1" >examples2/case1_alpha/bench_spec.py &&
	fixture case2_beta >examples2/case2_beta/generated.py &&
	commit_all "2026-10-10T10:00:00Z" "[sched2tlx] Start a second corpus (#1290)" &&
	git tag second
'

test_expect_success 'root missing at one side: a warning, its cases added or removed' '
	cd two &&
	git fixture-diff --root examples2 c5 second >out 2>err &&
	echo "warning: root '"'"'examples2'"'"' does not exist in '"'"'c5'"'"': its cases count as added" >expect &&
	test_cmp expect err &&
	cat >expect <<-\EOF &&
	case         fixture    graph
	case1_alpha  added +15  absent
	case2_beta   added +15  absent  (no bench_spec)
	2 cases: 2 added
	EOF
	test_cmp expect out &&
	git fixture-diff --root examples2 --json second c5 >out 2>err &&
	grep "count as removed" err &&
	test "$(jq -r "[.cases[].status] | join(\",\")" out)" = removed,removed
'

test_expect_success 'root missing on both sides is fatal, with a hint' '
	cd two &&
	test_expect_code 128 git fixture-diff --root nowhere c1 c5 >out 2>err &&
	test_must_be_empty out &&
	cat >expect <<-\EOF &&
	fatal: root '"'"'nowhere'"'"' exists neither in '"'"'c1'"'"' nor in '"'"'c5'"'"'
	hint: set it with --root <dir> or '"'"'git config fixturediff.root <dir>'"'"'
	EOF
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff --root README.md c1 c5 2>err &&
	grep "'"'"'README.md'"'"' is not a directory" err &&
	test_expect_code 128 git fixture-diff --root ../outside c1 c5 2>err &&
	grep "^fatal: root '"'"'../outside'"'"' is outside the repository$" err
'

test_expect_success 'git -c fixturediff.root=... and --root; --root wins' '
	cd two &&
	git -c fixturediff.root=examples2 fixture-diff --list-cases >actual &&
	printf "case1_alpha\ncase2_beta\n" >expect &&
	test_cmp expect actual &&
	git -c fixturediff.root=examples2 fixture-diff --root "$R/case9_scaled_mm/" --list-cases >actual &&
	echo blockwise >expect &&
	test_cmp expect actual &&
	git fixture-diff --root "$PWD/examples2" --list-cases >actual &&
	printf "case1_alpha\ncase2_beta\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--root resolves . and .. as git resolves a pathspec' '
	cd two &&
	printf "case1_alpha\ncase2_beta\n" >expect &&
	for root in examples2/../examples2 ./x/../examples2 "$R/../../../../../examples2/." \
		    "$PWD/sub/../examples2"; do
		git fixture-diff --root "$root" --list-cases >actual &&
		test_cmp expect actual || return 1
	done &&
	git -c fixturediff.root=x/../examples2 fixture-diff --list-cases >actual &&
	test_cmp expect actual
'

test_expect_success '--root that begins with ./ or ../ is from the current directory' '
	cd two/examples2 &&
	printf "case1_alpha\ncase2_beta\n" >expect &&
	for root in . ./ ../examples2 "../$R/../../../../../examples2"; do
		git fixture-diff --root "$root" --list-cases >actual &&
		test_cmp expect actual || return 1
	done &&
	git fixture-diff --root examples2 --list-cases >actual &&
	test_cmp expect actual &&
	(cd case1_alpha && git fixture-diff --root .. --list-cases) >actual &&
	test_cmp expect actual &&
	git -c fixturediff.root=./examples2 fixture-diff --list-cases >actual &&
	test_cmp expect actual
'

test_expect_success '--root outside the repository is fatal (128)' '
	cd two/examples2 &&
	for root in ../.. ../../two/examples2 examples2/../.. "$TRASH/repo/$R"; do
		test_expect_code 128 git fixture-diff --root "$root" --list-cases >out 2>err &&
		test_must_be_empty out &&
		echo "fatal: root '"'"'$root'"'"' is outside the repository" >expect &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'an absolute --root through a link to the work tree is inside it' '
	ln -s repo repo-link &&
	cd repo-link &&
	git fixture-diff --root "$TRASH/repo-link/$R" --list-cases c1 >actual &&
	git fixture-diff --list-cases c1 >expect &&
	test_cmp expect actual &&
	git fixture-diff --root "$TRASH/repo-link/$R/case9_scaled_mm/" --list-cases c1 >actual &&
	echo blockwise >expect &&
	test_cmp expect actual &&
	test_expect_code 128 git fixture-diff --root "$TRASH/repo-link/.." --list-cases 2>err &&
	echo "fatal: root '"'"'$TRASH/repo-link/..'"'"' is outside the repository" >expect &&
	test_cmp expect err
'

test_expect_success 'file names and the case pattern come from config' '
	cd repo &&
	git -c fixturediff.fixture=generated_subtile.py -c fixturediff.graph=schedule_graph_subtile.json \
		fixture-diff --json c2 c3 --cases case2_warp_specialized_gemm >out &&
	jq -c ".cases[] | [.status, .graph, .added_lines, .removed_lines]" out >actual &&
	echo "[\"changed\",\"changed\",2,2]" >expect &&
	test_cmp expect actual &&
	git -c fixturediff.spec=none.py -c fixturediff.casePattern="case1*" fixture-diff --list-cases c2 >actual &&
	printf "case1_simple_gemm\ncase10_persistent_gemm_data_partition\ncase11_wait_order\n" >expect &&
	test_cmp expect actual &&
	test_expect_code 128 git -c fixturediff.fixture=a/b.py fixture-diff c1 c2 2>err &&
	grep "^fatal: bad config value '"'"'a/b.py'"'"' for '"'"'fixturediff.fixture'"'"'" err
'

test_expect_success 'shallow clone: trees at the boundary work, beyond it says shallow' '
	git clone -q --depth 2 "file://$TRASH/repo" shallow &&
	cd shallow &&
	git fixture-diff --name-only HEAD~1 HEAD >actual &&
	test_must_be_empty actual &&
	git fixture-diff --json HEAD~1 >out &&
	test "$(jq -r ".cases[] | select(.status == \"removed\") | .case" out)" = case7_ws_pingpong &&
	test_expect_code 128 git fixture-diff HEAD~3 2>err &&
	grep "^fatal: bad revision '"'"'HEAD~3'"'"'" err &&
	grep "^hint: this is a shallow clone" err
'

test_expect_success 'GIT_DIR and --work-tree from outside; a subdirectory from inside' '
	echo "    tlx.fence()" >>"repo/$R/case1_simple_gemm/generated.py" &&
	git --git-dir=repo/.git --work-tree=repo fixture-diff --name-only c5 >actual &&
	echo case1_simple_gemm >expect &&
	test_cmp expect actual &&
	cd "repo/$R/case2_warp_specialized_gemm" &&
	git fixture-diff --name-only c5 >actual &&
	test_cmp "$TRASH/expect" actual &&
	rm actual &&
	cd "$TRASH/repo" && git checkout -q -- .
'

test_expect_success 'GIT_DIR alone: the current directory is the work tree; inside .git there is none' '
	mkdir elsewhere &&
	(
		cd elsewhere &&
		GIT_DIR=../repo/.git git fixture-diff --name-only c5 >actual 2>err &&
		test_must_be_empty actual &&
		echo "warning: root '"'"'$R'"'"' does not exist in the working tree: its cases count as removed" >expect &&
		test_cmp expect err &&
		GIT_DIR=../repo/.git git fixture-diff --json c5 >out 2>/dev/null &&
		test "$(jq -r "[.cases[] | select(.status != \"removed\")] | length" out)" = 0
	) &&
	(
		cd repo/.git &&
		test_expect_code 128 git fixture-diff c5 >actual 2>err &&
		test_must_be_empty actual &&
		echo "fatal: this operation must be run in a work tree" >expect &&
		test_cmp expect err &&
		git fixture-diff --name-only c1 c5 >actual &&
		echo case2_warp_specialized_gemm,case6_blackwell_fa >expect &&
		test_cmp expect actual
	) &&
	git -C repo config core.worktree "$TRASH/repo" &&
	(
		cd elsewhere &&
		GIT_DIR=../repo/.git git fixture-diff --name-only c5 >actual 2>err &&
		test_must_be_empty actual &&
		test_must_be_empty err
	) &&
	git -C repo config --unset core.worktree
'

test_expect_success 'bare repository: revisions only' '
	git clone -q --bare repo bare.git &&
	cd bare.git &&
	test_expect_code 128 git fixture-diff c1 2>err &&
	echo "fatal: this operation must be run in a work tree" >expect &&
	test_cmp expect err &&
	git fixture-diff --name-only c1 c5 >actual &&
	echo case2_warp_specialized_gemm,case6_blackwell_fa >expect &&
	test_cmp expect actual &&
	git fixture-diff --list-cases >actual &&
	test "$(wc -l <actual)" = 10
'

test_expect_success 'no base to default to is fatal, with a hint' '
	git init -q -b dev lonely &&
	cd lonely &&
	test_commit_at 2026-10-01T00:00:00Z "Initial commit" &&
	test_expect_code 128 git fixture-diff 2>err &&
	cat >expect <<-\EOF &&
	fatal: no base revision: the current branch has no upstream, and neither '"'"'origin/main'"'"' nor '"'"'main'"'"' exists
	hint: name one: git fixture-diff <base> [<head>]
	EOF
	test_cmp expect err
'

test_expect_success 'a symbolic-link fixture is compared as git stores it' '
	git clone -q repo links &&
	cd links &&
	d="$R/case12_linked" &&
	mkdir "$d" &&
	echo "CASE = 12" >"$d/bench_spec.py" &&
	ln -s ../case1_simple_gemm/generated.py "$d/generated.py" &&
	commit_all "2026-10-12T10:00:00Z" "[sched2tlx] Share case1 kernel with case12 (#1295)" &&
	git fixture-diff --json HEAD >out &&
	test "$(jq -r ".cases[] | select(.case == \"case12_linked\") | .status" out)" = unchanged &&
	ln -sf ../case2_warp_specialized_gemm/generated.py "$d/generated.py" &&
	git fixture-diff -p HEAD --cases case12_linked >patch &&
	grep -v "^index" patch >actual &&
	git diff HEAD -- "$d/generated.py" >patch &&
	grep -v "^index" patch >expect &&
	test_cmp expect actual
'


test_expect_success 'a blob a partial clone has not fetched: the error says how to fetch it' '
	build_corpus pcsrc &&
	git -C pcsrc config uploadpack.allowFilter true &&
	git clone -q --filter=blob:none --no-checkout "file://$PWD/pcsrc" partial &&
	cd partial &&
	test_expect_code 128 git fixture-diff c1 c5 >out 2>err &&
	test_must_be_empty out &&
	f=$(git rev-parse c1:$R/case2_warp_specialized_gemm/generated.py) &&
	cat >expect <<-EOF &&
	fatal: cannot read '"'"'$R/case2_warp_specialized_gemm/generated.py'"'"' in '"'"'c1'"'"': object not found - no match for id ($f)
	hint: this is a partial clone: the blob was not fetched from its promisor remote '"'"'origin'"'"'
	hint: fetch the fixtures this comparison reads with '"'"'git diff --stat c1 c5 -- $R'"'"'
	EOF
	test_cmp expect err &&
	git diff --stat c1 c5 -- $R >/dev/null &&
	git fixture-diff c1 c5 >actual &&
	git -C ../pcsrc fixture-diff c1 c5 >expect &&
	test_cmp expect actual
'

test_expect_success 'a missing blob outside a partial clone: no partial-clone hint' '
	git clone -q --no-checkout pcsrc broken &&
	cd broken &&
	f=$(git rev-parse c1:$R/case2_warp_specialized_gemm/generated.py) &&
	rm .git/objects/$(echo $f | cut -c1-2)/$(echo $f | cut -c3-) &&
	test_expect_code 128 git fixture-diff c1 c5 2>err &&
	echo "fatal: cannot read '"'"'$R/case2_warp_specialized_gemm/generated.py'"'"' in '"'"'c1'"'"': object not found - no match for id ($f)" >expect &&
	test_cmp expect err
'

test_done
