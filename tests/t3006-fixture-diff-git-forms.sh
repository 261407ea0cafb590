#!/bin/bash
# git fixture-diff reads its arguments and writes its names as git diff
# does: core.quotePath decides whether --name-only and --list-cases quote
# bytes above ASCII; --stat shortens a long name as "...suffix" rather
# than its graph; a tree is a side as a commit is (the empty tree on an
# unborn branch).
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

UNAME=$(printf 'case12_caf\303\251')
export UNAME

test_expect_success 'setup: a case with a name above ASCII, then a change to it' '
	build_corpus repo &&
	cd repo &&
	new_case "$UNAME" 1212 &&
	new_case "case13_a\"q" 1313 &&
	commit_all "2026-10-01T10:00:00Z" "[sched2tlx] Add two cases (#1300)" &&
	git tag u1 &&
	for n in "$UNAME" "case13_a\"q"; do
		echo "    tlx.fence()" >>"$R/$n/generated.py" || return 1
	done &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Change them (#1301)" &&
	git tag u2
'

test_expect_success '--name-only and --list-cases quote bytes above ASCII only under core.quotePath' '
	cd repo &&
	git fixture-diff --name-only u1 u2 >actual &&
	echo "\"case12_caf\\303\\251\",\"case13_a\\\"q\"" >expect &&
	test_cmp expect actual &&
	git diff --name-only u1 u2 -- "$R/$UNAME" >git-out &&
	grep -F "case12_caf\\303\\251/generated.py\"" git-out &&
	git -c core.quotePath=false fixture-diff --name-only u1 u2 >actual &&
	printf "%s,\"case13_a\\\\\"q\"\n" "$UNAME" >expect &&
	test_cmp expect actual &&
	git config core.quotepath off &&
	git fixture-diff --name-only u1 u2 >actual &&
	test_cmp expect actual &&
	git diff --name-only u1 u2 -- "$R/$UNAME" >git-out &&
	grep -F "$UNAME/generated.py" git-out &&
	git fixture-diff --list-cases u2 >actual &&
	grep -x "$UNAME" actual &&
	grep -x "\"case13_a\\\\\"q\"" actual &&
	git config core.quotePath true &&
	git fixture-diff --list-cases u2 >actual &&
	grep -x "\"case12_caf\\\\303\\\\251\"" actual
'

test_expect_success 'a quoted name keeps its bytes above ASCII raw without core.quotePath' '
	cd repo &&
	name=$(printf "case14_\303\251\tx") &&
	new_case "$name" 1414 &&
	git -c core.quotePath=false fixture-diff --list-cases >actual &&
	printf "\"case14_\303\251\\\\tx\"\n" >expect &&
	grep -F "case14_" actual >line &&
	test_cmp expect line &&
	git fixture-diff --list-cases >actual &&
	grep -F "case14_" actual >line &&
	echo "\"case14_\\303\\251\\tx\"" >expect &&
	test_cmp expect line &&
	rm -r "$R/$name"
'

test_expect_success '-z is never quoted; a bad core.quotePath is fatal' '
	cd repo &&
	for q in true false; do
		git -c core.quotePath=$q fixture-diff -z --name-only u1 u2 >actual &&
		printf "%s\0case13_a\"q\0" "$UNAME" >expect &&
		test_cmp expect actual || return 1
	done &&
	test_expect_code 128 git -c core.quotePath=maybe fixture-diff --name-only u1 u2 2>err &&
	echo "fatal: bad boolean config value '\''maybe'\'' for '\''core.quotepath'\''" >expect &&
	test_cmp expect err
'

# stat_like_git <case>...: fixture-diff --stat of those cases of st1 st2
# against git diff --stat of a repository whose files are named as the
# cases and hold their fixtures, so that both print the same names and
# counts.
stat_like_git() {
	rm -rf ../mirror &&
	git init -q ../mirror &&
	for rev in st1 st2; do
		for c in "$@"; do
			mkdir -p "../mirror/$(dirname "$c")" &&
			git show "$rev:$R/$c/generated.py" >"../mirror/$c" || return 1
		done &&
		(cd ../mirror && commit_all "2026-10-03T10:00:00Z" "$rev") || return 1
	done &&
	(cd ../mirror && git diff --stat HEAD~ HEAD) | sed "s/ files changed/ fixtures changed/" >expect &&
	list=$(IFS=,; echo "$*") &&
	git fixture-diff --stat --cases "$list" st1 st2 >actual &&
	test_cmp expect actual
}

test_expect_success '--stat shortens a long case name as git diff --stat does, not its graph' '
	git init -q stat &&
	cd stat &&
	unset COLUMNS &&
	long=case2_$(printf "x%.0s" $(seq 90)) &&
	nested=case3_$(printf "z%.0s" $(seq 30))/$(printf "y%.0s" $(seq 30)) &&
	new_case case1_a 1 &&
	new_case "$long" 2 &&
	new_case "$nested" 3 &&
	new_case case4_bin 4 &&
	commit_all "2026-10-01T10:00:00Z" "[sched2tlx] Add cases (#1400)" &&
	git tag st1 &&
	for i in $(seq 120); do echo "    x = $i"; done >>"$R/case1_a/generated.py" &&
	sed -i 3d "$R/case1_a/generated.py" &&
	for c in "$long" "$nested"; do
		for i in 1 2 3; do echo "    y = $i"; done >>"$R/$c/generated.py" || return 1
	done &&
	printf "\0binary\n" >>"$R/case4_bin/generated.py" &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Change them (#1401)" &&
	git tag st2 &&
	stat_like_git case1_a "$long" "$nested" case4_bin &&
	grep "^ \.\.\./y* *|   3 +$" actual &&
	grep "^ case1_a  *| 121 +*-$" actual >line &&
	test $(wc -L <line) = 79 &&
	stat_like_git "$long" "$nested"
'

EMPTY=4b825dc642cb6eb9a060e54bf8d69288fbee4904

test_expect_success 'a tree is compared as its commit is; the empty tree adds every case' '
	cd repo &&
	for mode in "" --stat -p --name-only --check; do
		git fixture-diff $mode c1 c3 >expect &&
		git fixture-diff $mode c1 "$(git rev-parse "c3^{tree}")" >actual &&
		test_cmp expect actual || return 1
	done &&
	for mode in "" --stat -p --name-only; do
		git fixture-diff $mode c1 c3 >expect &&
		git fixture-diff $mode "c1^{tree}" c3 >actual &&
		test_cmp expect actual || return 1
	done &&
	# --check restores a graph from the base it was given: the tree
	git fixture-diff --check c1 c3 >expect &&
	git fixture-diff --check "c1^{tree}" c3 >actual &&
	sed "s/$(git rev-parse --short c1) --/$(git rev-parse --short "c1^{tree}") --/" expect >expect.tree &&
	test_cmp expect.tree actual &&
	! cmp expect actual &&
	git fixture-diff --json "c1^{tree}" "c3^{tree}" >actual &&
	grep "^	\"base\":	\"$(git rev-parse "c1^{tree}")\",$" actual &&
	grep "^	\"head\":	\"$(git rev-parse "c3^{tree}")\",$" actual &&
	git fixture-diff $EMPTY c1 >actual &&
	tail -n 1 actual >count &&
	echo "10 cases: 10 added" >expect &&
	test_cmp expect count &&
	git fixture-diff --list-cases "c2^{tree}" >actual &&
	git fixture-diff --list-cases c2 >expect &&
	test_cmp expect actual
'

test_expect_success 'a blob, or a tree where a merge base is needed, is refused' '
	cd repo &&
	test_expect_code 128 git fixture-diff c1:README.md 2>err &&
	echo "fatal: revision '\''c1:README.md'\'' is neither a commit nor a tree" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff "c1^{tree}...c3" 2>err &&
	echo "fatal: revision '\''c1^{tree}'\'' is not a commit" >expect &&
	test_cmp expect err
'

test_expect_success 'on an unborn branch the base is the empty tree: every case is added' '
	git init -q unborn &&
	cd unborn &&
	new_case case1_a 1 &&
	new_case case2_b 2 nospec &&
	git add -A &&
	git fixture-diff >actual 2>err &&
	test_must_be_empty err &&
	git fixture-diff $EMPTY >expect &&
	test_cmp expect actual &&
	tail -n 1 actual >count &&
	echo "2 cases: 2 added" >expect &&
	test_cmp expect count &&
	git fixture-diff --check >actual &&
	git fixture-diff --check $EMPTY >expect &&
	test_cmp expect actual &&
	grep "^case2_b: missingSpec (note): " actual &&
	test $(wc -l <actual) = 1
'

test_done
