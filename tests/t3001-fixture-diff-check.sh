#!/bin/bash
# git fixture-diff --check (the pre-merge gate) and --install-hook. The
# gate blocks what breaks the corpus for the perf harness and notes the
# rest; each situation is one the real sched2tlx history has, or one
# that breaks a case.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

# The emitter's sources, beside the corpus as in the real repository.
E=third_party/tlx/tools/sched2tlx/sched2tlx

test_expect_success 'setup' '
	build_corpus repo &&
	cd repo &&
	mkdir -p "$E" &&
	printf "def emit(graph):\n    return graph\n" >"$E/emitter.py" &&
	commit_all "2026-10-01T10:00:00Z" "[sched2tlx] Add the emitter package (#1271)" &&
	git tag e0
'

# hint <rule> blocks|note|explained: the hint line --check prints for it
hint() {
	case $2 in
	blocks) echo "hint: $1 blocks: 'git config fixturediff.check.$1 warn' makes it a note, 'off' hides it" ;;
	note) echo "hint: $1 is a note: 'git config fixturediff.check.$1 error' makes it block, 'off' hides it" ;;
	explained) echo "hint: $1 is a note where the change explains it: 'git config fixturediff.check.$1 off' hides it" ;;
	esac
}

# pathspec <path below the root>: how a hint names it to git, shell-quoted
pathspec() {
	printf "':(top,literal)%s/%s'" "$R" "$1"
}

# restore_renamed <old case> <new case> <base>: the command that restores a
# renamed case's graph: the old blob at the new path, index and file
restore_renamed() {
	echo "git update-index --cacheinfo 100644,$(git rev-parse "$3:$R/$1/schedule_graph.json"),$R/$2/schedule_graph.json && git checkout -- $(pathspec "$2/schedule_graph.json")"
}

# churn <case> <base> [<tag>]: the graphChurn line for a case of the corpus
churn() {
	echo "$1: graphChurn${3:-}: schedule_graph.json changed but generated.py is byte-identical: the same kernel with new op ids; to keep the diff small, restore it with 'git checkout $2 -- $(pathspec "$1/schedule_graph.json")'"
}

test_expect_success '--check: graph churn alone is a note, exit 0 (a scheduler change re-dumped the graphs)' '
	cd repo &&
	git fixture-diff --check c1 c5 >actual 2>err &&
	b=$(git rev-parse --short c1) &&
	for c in case1_simple_gemm case3_flash_attention case4_tma_epilogue \
		 case8_multiphase_gemm case9_scaled_mm/blockwise case11_wait_order; do
		churn $c $b " (note)" || return 1
	done >expect &&
	test_cmp expect actual &&
	hint graphChurn note >expect &&
	test_cmp expect err &&
	git fixture-diff -q --check c1 c5 >actual 2>err &&
	test_must_be_empty err
'

test_expect_success 'the README and the guide show the first line of --check c1 c3 as it prints' '
	cd repo &&
	git fixture-diff --check c1 c3 >out 2>err &&
	head -n 1 out >actual &&
	for doc in README.md docs/guide.md; do
		sed -n "/^\$ git fixture-diff --check c1 c3\$/{n;p;}" "$SRC_DIR/$doc" >expect &&
		test -s expect &&
		test_cmp expect actual || return 1
	done
'

test_expect_success '--check: fixturediff.check.graphChurn=error blocks on churn, =off hides it' '
	cd repo &&
	test_expect_code 1 git -c fixturediff.check.graphChurn=error fixture-diff --check c1 c5 \
		--cases case1_simple_gemm >actual 2>err &&
	churn case1_simple_gemm $(git rev-parse --short c1) >expect &&
	test_cmp expect actual &&
	hint graphChurn blocks >expect &&
	test_cmp expect err &&
	git -c fixturediff.check.graphChurn=off fixture-diff --check c1 c5 >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err
'

test_expect_success '--check: the old booleans still work: true blocks, false hides' '
	cd repo &&
	test_expect_code 1 git -c fixturediff.check.graphChurn=true fixture-diff --check c1 c5 \
		--cases case1_simple_gemm >actual &&
	churn case1_simple_gemm $(git rev-parse --short c1) >expect &&
	test_cmp expect actual &&
	git -c fixturediff.check.graphChurn=false fixture-diff --check c1 c5 >actual &&
	test_must_be_empty actual
'

test_expect_success '--check: only problems the change brings, not those base already had' '
	git clone -q repo nospec &&
	cd nospec &&
	mkdir -p "$R/case12_new_split" &&
	fixture case12_new_split >"$R/case12_new_split/generated.py" &&
	echo "    # case5 still has no spec either" >>README.md &&
	git add -A &&
	echo "case12_new_split: missingSpec (note): top-level case without bench_spec.py: the harness lists it as '"'"'(no bench_spec)'"'"' and measures nothing" >expect &&
	git fixture-diff --check e0 >actual 2>err &&
	test_cmp expect actual &&
	hint missingSpec note >expect &&
	test_cmp expect err &&
	git fixture-diff --check e0 --cases case5_legacy_pipeline >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err
'

test_expect_success '--check: a case added without a spec blocks only with missingSpec=error' '
	cd nospec &&
	test_expect_code 1 git -c fixturediff.check.missingSpec=error fixture-diff --check e0 \
		>actual 2>err &&
	echo "case12_new_split: missingSpec: top-level case without bench_spec.py: the harness lists it as '"'"'(no bench_spec)'"'"' and measures nothing" >expect &&
	test_cmp expect actual &&
	hint missingSpec blocks >expect &&
	test_cmp expect err &&
	git -c fixturediff.check.missingSpec=off fixture-diff --check e0 >actual &&
	test_must_be_empty actual
'

test_expect_success '--check: clean exits 0 and prints nothing' '
	cd repo &&
	git fixture-diff --check c4 c5 >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	git fixture-diff --check c5 e0 >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

test_expect_success '--check: the restore command really restores the graph' '
	git clone -q repo restore &&
	cd restore &&
	git checkout -q -b fix c3 &&
	git fixture-diff --check c2 --cases case1_simple_gemm >out &&
	cmd=$(sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" out) &&
	test -n "$cmd" &&
	eval "$cmd" &&
	git fixture-diff --check c2 --cases case1_simple_gemm >out &&
	test_must_be_empty out
'

test_expect_success '--check: a pasted hint touches the case it names, glob characters and all' '
	git init -q glob &&
	cd glob &&
	new_case case1_simple_gemm 1 && new_case case10_tma 2 && new_case "case1*" 3 &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Three cases (#1272)" &&
	for c in case1_simple_gemm case10_tma "case1*"; do
		regen "$c" 4 || return 1
	done &&
	git fixture-diff --check HEAD --cases "case1*" >../out &&
	cmd=$(sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" ../out) &&
	echo "git checkout $(git rev-parse --short HEAD) -- $(pathspec "case1*/schedule_graph.json")" >../expect &&
	echo "$cmd" >../actual &&
	test_cmp ../expect ../actual &&
	eval "$cmd" &&
	git diff --name-only >../actual &&
	printf "%s\n" "$R/case10_tma/schedule_graph.json" "$R/case1_simple_gemm/schedule_graph.json" >../expect &&
	test_cmp ../expect ../actual &&
	git reset -q --hard &&
	git rm -q "$R/case1*/bench_spec.py" &&
	commit_all "2026-10-03T10:00:00Z" "[sched2tlx] Drop the spec (#1273)" &&
	test_expect_code 1 git fixture-diff --check HEAD~1 HEAD >../out 2>/dev/null &&
	cmd=$(sed -n "s/.*finish with '"'"'\(.*\)'"'"' or restore the spec$/\1/p" ../out) &&
	echo "git rm -r -- $(pathspec "case1*")" >../expect &&
	echo "$cmd" >../actual &&
	test_cmp ../expect ../actual &&
	eval "$cmd" >/dev/null &&
	git status --short >../actual &&
	printf "D  %s\n" "$R/case1*/case1*_pre_modulo.ttgir" "$R/case1*/ddg.json" \
		"$R/case1*/generated.py" "$R/case1*/schedule_graph.json" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--check: graph churn on a renamed case names both paths' '
	git clone -q repo renamed &&
	cd renamed &&
	git mv "$R/case4_tma_epilogue" "$R/case4_tma_store_epilogue" &&
	regen case4_tma_store_epilogue ffff &&
	echo "case4_tma_store_epilogue: graphChurn (note): schedule_graph.json changed but generated.py is byte-identical: the same kernel with new op ids; to keep the diff small, restore it with '"'"'$(restore_renamed case4_tma_epilogue case4_tma_store_epilogue e0)'"'"'" >expect &&
	git fixture-diff --check e0 --cases case4_tma_store_epilogue >actual &&
	test_cmp expect actual
'

test_expect_success '--check: hints printed in a subdirectory work there' '
	git clone -q repo subdir &&
	cd subdir &&
	top=$PWD &&
	regen case1_simple_gemm ffff &&
	git mv "$R/case4_tma_epilogue" "$R/case4_tma_store_epilogue" &&
	regen case4_tma_store_epilogue ffff &&
	git rm -q "$R/case6_blackwell_fa/bench_spec.py" &&
	b=$(git rev-parse --short e0) &&
	cd "$R/case3_flash_attention" &&
	test_expect_code 1 git fixture-diff --check e0 >"$top/../out" 2>/dev/null &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p; s/.*finish with '"'"'\(.*\)'"'"' or restore the spec$/\1/p" \
		"$top/../out" >"$top/../cmds" &&
	cat >"$top/../expect" <<-EOF &&
	git checkout $b -- $(pathspec case1_simple_gemm/schedule_graph.json)
	$(restore_renamed case4_tma_epilogue case4_tma_store_epilogue e0)
	git rm -r -- $(pathspec case6_blackwell_fa)
	EOF
	test_cmp "$top/../expect" "$top/../cmds" &&
	while read -r cmd; do
		eval "$cmd" >/dev/null || return 1
	done <"$top/../cmds" &&
	cd "$top" &&
	git diff --quiet e0 -- "$R/case1_simple_gemm/schedule_graph.json" &&
	git show "e0:$R/case4_tma_epilogue/schedule_graph.json" >../expect &&
	test_cmp ../expect "$R/case4_tma_store_epilogue/schedule_graph.json" &&
	test_must_fail test -e "$R/case6_blackwell_fa" &&
	git fixture-diff --check e0 >../out 2>&1 &&
	test_must_be_empty ../out
'

test_expect_success '--check: under GIT_LITERAL_PATHSPECS the hints lead up from a subdirectory' '
	git clone -q repo literal &&
	cd literal &&
	top=$PWD &&
	mkdir "$R/case1*" &&
	cp "$R/case1_simple_gemm/"* "$R/case1*/" &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] A case named case1* (#1272)" &&
	regen "case1*" ffff &&
	git rm -q "$R/case6_blackwell_fa/bench_spec.py" &&
	b=$(git rev-parse --short HEAD) &&
	up=$(echo "$R/case3_flash_attention" | sed "s|[^/][^/]*|..|g") &&
	cd "$R/case3_flash_attention" &&
	GIT_LITERAL_PATHSPECS=1 &&
	export GIT_LITERAL_PATHSPECS &&
	test_expect_code 1 git fixture-diff --check HEAD >"$top/../out" 2>/dev/null &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p; s/.*finish with '"'"'\(.*\)'"'"' or restore the spec$/\1/p" \
		"$top/../out" >"$top/../cmds" &&
	cat >"$top/../expect" <<-EOF &&
	git checkout $b -- '"'"'$up/$R/case1*/schedule_graph.json'"'"'
	git rm -r -- $up/$R/case6_blackwell_fa
	EOF
	test_cmp "$top/../expect" "$top/../cmds" &&
	while read -r cmd; do
		eval "$cmd" >/dev/null || return 1
	done <"$top/../cmds" &&
	cd "$top" &&
	git status --short >../actual &&
	printf "D  %s\n" "$R/case6_blackwell_fa/bench_spec.py" \
		"$R/case6_blackwell_fa/case6_blackwell_fa_pre_modulo.ttgir" \
		"$R/case6_blackwell_fa/ddg.json" "$R/case6_blackwell_fa/generated.py" \
		"$R/case6_blackwell_fa/schedule_graph.json" >../expect &&
	test_cmp ../expect ../actual &&
	GIT_LITERAL_PATHSPECS=maybe &&
	test_expect_code 128 git fixture-diff --check HEAD >../out 2>../err &&
	echo "fatal: bad boolean environment value '"'"'maybe'"'"' for '"'"'GIT_LITERAL_PATHSPECS'"'"'" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'a renamed case'"'"'s restore command replaces a symbolic link, never writes through it' '
	git clone -q repo linked &&
	cd linked &&
	new="case4 -it'"'"'s \$(x)" &&
	git mv "$R/case4_tma_epilogue" "$R/$new" &&
	echo outside >../outside &&
	rm "$R/$new/schedule_graph.json" &&
	ln -s "$PWD/../outside" "$R/$new/schedule_graph.json" &&
	top=$PWD &&
	cd "$R/case3_flash_attention" &&
	git fixture-diff --check e0 --cases "$new" >"$top/../out" &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" "$top/../out" >"$top/../cmd" &&
	oid=$(git rev-parse "e0:$R/case4_tma_epilogue/schedule_graph.json") &&
	echo "git update-index --cacheinfo '"'"'100644,$oid,$R/case4 -it'"'"'\'"'"''"'"'s \$(x)/schedule_graph.json'"'"' && git checkout -- '"'"':(top,literal)$R/case4 -it'"'"'\'"'"''"'"'s \$(x)/schedule_graph.json'"'"'" >"$top/../expect" &&
	test_cmp "$top/../expect" "$top/../cmd" &&
	eval "$(cat "$top/../cmd")" &&
	cd "$top" &&
	echo outside >../expect &&
	test_cmp ../expect ../outside &&
	test_must_fail test -h "$R/$new/schedule_graph.json" &&
	git show "e0:$R/case4_tma_epilogue/schedule_graph.json" >../expect &&
	test_cmp ../expect "$R/$new/schedule_graph.json" &&
	git fixture-diff --check e0 --cases "$new" >../out 2>&1 &&
	test_must_be_empty ../out
'

# twin <dir> <graph id>: a case whose fixture and spec every twin shares
twin() {
	mkdir -p "$R/$1" &&
	echo "x = 1" >"$R/$1/generated.py" &&
	echo "SHAPES = [(64, 64, 64)]" >"$R/$1/bench_spec.py" &&
	echo "{\"id\": $2}" >"$R/$1/schedule_graph.json"
}

test_expect_success 'renamed cases sharing a fixture pair up by their graphs, not crosswise' '
	git init -q twins &&
	cd twins &&
	twin case1_k 1 && twin case2_k 2 &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Two cases from one template (#1272)" &&
	git tag t0 &&
	git mv "$R/case1_k" "$R/case20_x" && git mv "$R/case2_k" "$R/case3_y" &&
	commit_all "2026-10-03T10:00:00Z" "[sched2tlx] Rename the cases (#1273)" &&
	git fixture-diff t0 HEAD >actual &&
	cat >expect <<-\EOF &&
	case                 fixture  graph
	case2_k => case3_y   renamed  same
	case1_k => case20_x  renamed  same
	2 cases: 2 renamed
	EOF
	test_cmp expect actual &&
	git fixture-diff --check t0 HEAD >actual 2>&1 &&
	test_must_be_empty actual
'

test_expect_success 'a rename told apart by its other files gets a restore command that restores it' '
	cd twins &&
	echo "{\"id\": 99}" >"$R/case20_x/schedule_graph.json" &&
	echo "case20_x: graphChurn (note): schedule_graph.json changed but generated.py is byte-identical: the same kernel with new op ids; to keep the diff small, restore it with '"'"'$(restore_renamed case1_k case20_x t0)'"'"'" >expect &&
	git fixture-diff --check t0 >actual &&
	test_cmp expect actual &&
	cmd=$(sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" actual) &&
	eval "$cmd" &&
	echo "{\"id\": 1}" >expect &&
	test_cmp expect "$R/case20_x/schedule_graph.json"
'

test_expect_success 'a rename that is a guess gets no restore command' '
	cd twins &&
	echo "{\"id\": 98}" >"$R/case3_y/schedule_graph.json" &&
	echo "{\"id\": 99}" >"$R/case20_x/schedule_graph.json" &&
	b=$(git rev-parse --short t0) &&
	for c in case1_k:case3_y case2_k:case20_x; do
		echo "${c#*:}: graphChurn (note): schedule_graph.json changed but generated.py is byte-identical: the same kernel with new op ids; other cases had the same generated.py at $b, so which one it was renamed from is a guess (${c%:*}) and no restore command is given" || return 1
	done >expect &&
	git fixture-diff --check t0 >actual &&
	test_cmp expect actual &&
	git checkout -q -- .
'

# stale_line <case> <tag> <why>: a staleGraph line
stale_line() {
	echo "$1: staleGraph$2: generated.py changed but $3"
}

test_expect_success '--check: a fixture edited by hand (staleGraph) is a note; error blocks it' '
	git clone -q repo stale &&
	cd stale &&
	echo "    tlx.fence()" >>"$R/case1_simple_gemm/generated.py" &&
	why="neither schedule_graph.json nor the emitter ($E) did: a hand edit or a stale regeneration" &&
	git fixture-diff --check e0 >actual 2>err &&
	stale_line case1_simple_gemm " (note)" "$why" >expect &&
	test_cmp expect actual &&
	hint staleGraph note >expect &&
	test_cmp expect err &&
	test_expect_code 1 git -c fixturediff.check.staleGraph=error fixture-diff --check e0 \
		>actual 2>err &&
	stale_line case1_simple_gemm "" "$why" >expect &&
	test_cmp expect actual &&
	hint staleGraph blocks >expect &&
	test_cmp expect err &&
	git -c fixturediff.check.staleGraph=off fixture-diff --check e0 >actual &&
	test_must_be_empty actual
'

test_expect_success '--check: an emitter change regenerating fixtures from the same graphs is expected' '
	cd stale &&
	echo "# emit a fence after every wait" >>"$E/emitter.py" &&
	echo "    tlx.fence()" >>"$R/case2_warp_specialized_gemm/generated.py" &&
	why="schedule_graph.json did not: expected: the emitter'\''s sources ($E) changed in the same range, so the fixture was regenerated from the same graph" &&
	git fixture-diff --check e0 >actual 2>err &&
	{
		stale_line case1_simple_gemm " (note)" "$why" &&
		stale_line case2_warp_specialized_gemm " (note)" "$why"
	} >expect &&
	test_cmp expect actual &&
	hint staleGraph explained >expect.err &&
	test_cmp expect.err err &&
	git -c fixturediff.check.staleGraph=error fixture-diff --check e0 >actual 2>err &&
	test_cmp expect actual &&
	test_cmp expect.err err
'

test_expect_success '--check: the emitter may have changed in an earlier commit of the range' '
	cd stale &&
	git add "$E" &&
	GIT_AUTHOR_DATE=2026-10-02T10:00:00Z GIT_COMMITTER_DATE=2026-10-02T10:00:00Z \
		git commit -q -m "[sched2tlx] Fence after every wait (#1272)" &&
	commit_all "2026-10-03T10:00:00Z" "[sched2tlx] Regenerate case1 and case2 (#1273)" &&
	git fixture-diff --check HEAD~ HEAD >actual &&
	grep -c "a hand edit" actual >count &&
	echo 2 >expect &&
	test_cmp expect count &&
	git fixture-diff --check HEAD~2 HEAD >actual &&
	grep -c "expected: the emitter" actual >count &&
	test_cmp expect count
'

test_expect_success '--check: fixturediff.emitter names other emitter sources' '
	cd stale &&
	mkdir -p tools &&
	echo "EMIT = 1" >tools/emit.py &&
	commit_all "2026-10-04T10:00:00Z" "[tlx] Add the standalone emitter (#1274)" &&
	echo "    tlx.fence()" >>"$R/case3_flash_attention/generated.py" &&
	echo "EMIT = 2" >tools/emit.py &&
	git -c fixturediff.emitter="lib/none.py, tools/emit.py" fixture-diff --check HEAD >actual &&
	echo "case3_flash_attention: staleGraph (note): generated.py changed but schedule_graph.json did not: expected: the emitter'"'"'s sources (tools/emit.py) changed in the same range, so the fixture was regenerated from the same graph" >expect &&
	test_cmp expect actual &&
	git fixture-diff --check HEAD >actual &&
	grep "^case3_flash_attention: staleGraph (note): .*a hand edit" actual &&
	test_expect_code 128 git -c fixturediff.emitter=../up fixture-diff --check HEAD 2>err &&
	echo "fatal: bad config value '"'"'../up'"'"' for '"'"'fixturediff.emitter'"'"': expected paths inside the repository" >expect &&
	test_cmp expect err
'

test_expect_success '--check: a comment-only fixture change is expected, even at error' '
	git clone -q repo comments &&
	cd comments &&
	sed -i -e "s/-- do not edit\.$/-- do not edit by hand./" \
		-e "s/^    return acc$/    return acc  # the tile/" "$R/case8_multiphase_gemm/generated.py" &&
	git -c fixturediff.check.staleGraph=error fixture-diff --check e0 >actual 2>err &&
	echo "case8_multiphase_gemm: staleGraph (note): generated.py changed only in comments or trailing whitespace, schedule_graph.json did not: the same kernel" >expect &&
	test_cmp expect actual &&
	hint staleGraph explained >expect &&
	test_cmp expect err
'

# blocks <case> <rule> <why> [<args>...]: --check e0 blocks with exactly
# that line and its hint; warn turns it into a note, off hides it.
blocks() {
	c=$1 rule=$2 why=$3 &&
	shift 3 &&
	echo "$c: $rule: $why" >expect &&
	test_expect_code 1 git fixture-diff --check "$@" e0 >actual 2>err &&
	test_cmp expect actual &&
	hint $rule blocks >expect &&
	test_cmp expect err &&
	echo "$c: $rule (note): $why" >expect &&
	git -c "fixturediff.check.$rule=warn" fixture-diff --check "$@" e0 >actual 2>err &&
	test_cmp expect actual &&
	hint $rule note >expect &&
	test_cmp expect err &&
	git -c "fixturediff.check.$rule=off" fixture-diff --check "$@" e0 >actual &&
	test_must_be_empty actual
}

test_expect_success '--check blocks a spec without a fixture (missingFixture)' '
	git clone -q repo broken &&
	cd broken &&
	rm "$R/case8_multiphase_gemm/generated.py" &&
	blocks case8_multiphase_gemm missingFixture \
		"has bench_spec.py but no generated.py: the harness cannot measure it"
'

test_expect_success '--check blocks a fixture gone while its graph remains (missingFixture)' '
	cd broken &&
	git checkout -q -- . &&
	rm "$R/case5_legacy_pipeline/generated.py" &&
	blocks case5_legacy_pipeline missingFixture \
		"generated.py is gone but schedule_graph.json remains"
'

test_expect_success '--check blocks a fixture the harness cannot import (brokenFixture)' '
	cd broken &&
	git checkout -q -- . &&
	f=$R/case2_warp_specialized_gemm/generated.py &&
	{
		sed -n 1,12p "$(git rev-parse --show-toplevel)/$f" &&
		echo "<<<<<<< HEAD" &&
		echo "    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float16)" &&
		echo "=======" &&
		echo "    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)" &&
		echo ">>>>>>> regen" &&
		echo "    return acc"
	} >tmp && mv tmp "$f" &&
	regen case2_warp_specialized_gemm c0de &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py holds a merge conflict marker (line 13): the harness cannot import it" &&
	printf "import triton\n\0\0\0" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py holds a NUL byte (line 2): the harness cannot import it" &&
	printf "import triton\n# caf\351\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py is not UTF-8 (byte 0xe9 on line 2) and declares no encoding: the harness cannot import it" &&
	printf "\n  \n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py is empty: the harness cannot import it" &&
	printf "import triton\n# role=TMA \342\206\220 inner wg3\n" >"$f" &&
	git fixture-diff --check e0 >actual &&
	test_must_be_empty actual
'

test_expect_success '--check: a Latin-1 fixture that declares its encoding (PEP 263) is no brokenFixture' '
	cd broken &&
	git checkout -q -- . &&
	f=$R/case2_warp_specialized_gemm/generated.py &&
	regen case2_warp_specialized_gemm c0de &&
	for coding in "# -*- coding: latin-1 -*-" "#!/usr/bin/env python3\n# vim: set fileencoding=iso-8859-1 :"; do
		printf "$coding\nimport triton\n# caf\351\n" >"$f" &&
		git fixture-diff --check e0 >actual &&
		test_must_be_empty actual || return 1
	done &&
	printf "import triton\n# -*- coding: latin-1 -*-\n# caf\351\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py is not UTF-8 (byte 0xe9 on line 3) and declares no encoding: the harness cannot import it"
'

test_expect_success '--check judges a fixture'"'"'s bytes in the encoding it declares, as Python (brokenFixture)' '
	cd broken &&
	git checkout -q -- . &&
	f=$R/case2_warp_specialized_gemm/generated.py &&
	regen case2_warp_specialized_gemm c0de &&
	cant="the harness cannot import it" &&
	printf "# -*- coding: ascii -*-\nimport triton\n# caf\351\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py is not '"'"'ascii'"'"' (byte 0xe9 on line 3), the encoding it declares: $cant" &&
	printf "# coding: utf-8\nimport triton  # caf\351\nNAME = \"caf\351\"\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py is not UTF-8 (byte 0xe9 on line 3), the encoding it declares: $cant" &&
	printf "# coding: nosuch\nimport triton\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py declares an unknown encoding '"'"'nosuch'"'"' (line 1): $cant" &&
	printf "\357\273\277# -*- coding: latin-1 -*-\nimport triton\n" >"$f" &&
	blocks case2_warp_specialized_gemm brokenFixture \
		"generated.py starts with a UTF-8 byte-order mark but declares '"'"'latin-1'"'"' (line 1): $cant" &&
	printf "# coding: utf-8\nimport triton  # caf\351\n" >"$f" &&
	git fixture-diff --check e0 >actual &&
	test_must_be_empty actual
'

test_expect_success '--check blocks a top-level case that lost its spec but kept its files (halfRemoved)' '
	cd broken &&
	git checkout -q -- . &&
	git rm -q "$R/case1_simple_gemm/bench_spec.py" &&
	blocks case1_simple_gemm halfRemoved \
		"bench_spec.py was removed but the case directory still holds case1_simple_gemm_pre_modulo.ttgir, ddg.json, generated.py and 2 more; finish with '"'"'git rm -r -- $(pathspec case1_simple_gemm)'"'"' or restore the spec"
'

test_expect_success '--check blocks a nested variant removed but for its fixture (halfRemoved)' '
	cd broken &&
	git reset -q --hard &&
	git rm -q "$R/case9_scaled_mm/blockwise/bench_spec.py" \
		"$R/case9_scaled_mm/blockwise/schedule_graph.json" &&
	blocks case9_scaled_mm/blockwise halfRemoved \
		"bench_spec.py was removed but the case directory still holds blockwise_pre_modulo.ttgir, ddg.json, generated.py; finish with '"'"'git rm -r -- $(pathspec case9_scaled_mm/blockwise)'"'"' or restore the spec" \
		--cases case9_scaled_mm/blockwise
'

test_expect_success '--check blocks a rename that left files behind (halfRemoved)' '
	cd broken &&
	git reset -q --hard &&
	v=case9_scaled_mm/blockwise &&
	mkdir "$R/case9_scaled_mm/fp8_blockwise" &&
	git mv "$R/$v/bench_spec.py" "$R/$v/generated.py" "$R/$v/schedule_graph.json" \
		"$R/case9_scaled_mm/fp8_blockwise/" &&
	blocks case9_scaled_mm/fp8_blockwise halfRemoved \
		"renamed from $v, whose directory still holds blockwise_pre_modulo.ttgir, ddg.json; finish with '"'"'git rm -r -- $(pathspec $v)'"'"'" &&
	git reset -q --hard &&
	mkdir "$R/case6_blackwell_fa_v2" &&
	git mv "$R/case6_blackwell_fa/bench_spec.py" "$R/case6_blackwell_fa/generated.py" \
		"$R/case6_blackwell_fa/schedule_graph.json" "$R/case6_blackwell_fa_v2/" &&
	blocks case6_blackwell_fa_v2 halfRemoved \
		"renamed from case6_blackwell_fa, whose directory still holds case6_blackwell_fa_pre_modulo.ttgir, ddg.json; finish with '"'"'git rm -r -- $(pathspec case6_blackwell_fa)'"'"'" \
		--cases case6_blackwell_fa
'

test_expect_success '--check does not read the root tree again for each moved case' '
	git init -q moved &&
	cd moved &&
	for i in 1 2 3 4 5 6 7 8; do new_case case$i $i || return 1; done &&
	commit_all "2026-03-01T00:00:00Z" "eight cases" &&
	for i in 1 2 3 4 5 6 7 8; do git mv "$R/case$i" "$R/case${i}_new" || return 1; done &&
	commit_all "2026-03-02T00:00:00Z" "rename them all" &&
	root=$(git rev-parse HEAD:$R) &&
	# LeakSanitizer cannot run under ptrace: the sanitizer build leaves it off here.
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o trace git fixture-diff --check HEAD~ HEAD >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err &&
	echo "2 opens of .git/objects/${root%${root#??}}/${root#??}" >expect &&
	echo "$(grep -c "objects/${root%${root#??}}/${root#??}\"" trace) opens of .git/objects/${root%${root#??}}/${root#??}" >actual &&
	test_cmp expect actual
'

test_expect_success '--check: a case removed whole is not half-removed' '
	cd broken &&
	git reset -q --hard &&
	git rm -q -r "$R/case6_blackwell_fa" "$R/case9_scaled_mm" &&
	git fixture-diff --check e0 >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err
'

test_expect_success '--check: what git would not commit does not leave a case half-removed' '
	cd broken &&
	git reset -q --hard &&
	C=$R/case6_blackwell_fa &&
	mkdir "$C/__pycache__" &&
	: >"$C/__pycache__/generated.cpython-311.pyc" &&
	echo "__pycache__/" >"$C/.gitignore" &&
	git rm -q -r "$C" &&
	git fixture-diff --check e0 >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err &&
	echo "notes" >"$C/untracked.txt" &&
	git fixture-diff --check e0 >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err &&
	git reset -q --hard &&
	git rm -q "$C/bench_spec.py" "$C/ddg.json" "$C/generated.py" "$C/schedule_graph.json" &&
	blocks case6_blackwell_fa halfRemoved \
		"bench_spec.py was removed but the case directory still holds case6_blackwell_fa_pre_modulo.ttgir; finish with '"'"'git rm -r -- $(pathspec case6_blackwell_fa)'"'"' or restore the spec" \
		--cases case6_blackwell_fa &&
	git rm -q -r -- ":(top,literal)$C" &&
	git fixture-diff --check e0 >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err &&
	rm -rf "$C"
'

test_expect_success '--check: a bad rule value is fatal, naming the key and the values' '
	cd repo &&
	test_expect_code 128 git -c fixturediff.check.graphChurn=maybe fixture-diff --check c1 c5 >out 2>err &&
	test_must_be_empty out &&
	echo "fatal: bad config value '"'"'maybe'"'"' for '"'"'fixturediff.check.graphChurn'"'"': expected error, warn or off" >expect &&
	test_cmp expect err
'

test_expect_success '--check does not combine with output options' '
	cd repo &&
	test_expect_code 129 git fixture-diff --check --json c1 c5 2>err &&
	grep "^error: options '"'"'--json'"'"' and '"'"'--check'"'"' cannot be used together$" err &&
	test_expect_code 129 git fixture-diff --check --ignore-comments c1 c5 2>err &&
	grep "^error: option '"'"'--ignore-comments'"'"' cannot be used with '"'"'--check'"'"'$" err
'

test_expect_success 'setup: a remote and a clone to push from' '
	git clone -q --bare repo remote.git &&
	git clone -q remote.git pusher
'

test_expect_success '--install-hook writes an executable pre-push hook' '
	cd pusher &&
	git fixture-diff --install-hook >../out &&
	echo "installed the pre-push hook '"'"'$PWD/.git/hooks/pre-push'"'"'" >../expect &&
	test_cmp ../expect ../out &&
	test -x .git/hooks/pre-push &&
	head -n 1 .git/hooks/pre-push >../actual &&
	echo "#!/bin/sh" >../expect &&
	test_cmp ../expect ../actual &&
	! ls .git/hooks/pre-push.tmp-* 2>/dev/null
'

# The hook is written to a temporary file and linked into place, so that
# a push at that moment never runs half of it. That race cannot be caught
# in a test; what can: the hook is whole (the text git-fixture-diff(1)
# shows under HOOKS, after its three comment lines) and nothing is left.
test_expect_success 'the installed hook is the whole hook of the man page' '
	sed -n "/^\.SH HOOKS/,/^\.SH/p" "$SRC_DIR/man/git-fixture-diff.1" |
	sed -n "/^\.nf$/,/^\.fi$/p" | sed -e "1d" -e "\$d" -e "s/\\\\-/-/g" >expect &&
	test "$(tail -n 1 expect)" = "exit \$status" &&
	sed 2,4d pusher/.git/hooks/pre-push >actual &&
	test_cmp expect actual
'

test_expect_success 'the hook shows the notes of a push, refuses one that breaks a case' '
	cd pusher &&
	regen case1_simple_gemm dead &&
	commit_all "2026-10-05T10:00:00Z" "[sched2tlx] Regenerate case1 (#1280)" &&
	git push -q origin main >../out 2>../err &&
	grep "^case1_simple_gemm: graphChurn (note): " ../out &&
	hint graphChurn note >../expect &&
	test_cmp ../expect ../err &&
	test "$(git rev-parse origin/main)" = "$(git rev-parse main)" &&
	git rm -q "$R/case2_warp_specialized_gemm/generated.py" &&
	commit_all "2026-10-06T10:00:00Z" "[sched2tlx] Drop case2 kernel (#1281)" &&
	test_must_fail git push -q origin main >../out 2>../err &&
	echo "case2_warp_specialized_gemm: missingFixture: has bench_spec.py but no generated.py: the harness cannot measure it" >../expect &&
	test_cmp ../expect ../out &&
	hint missingFixture blocks >../expect &&
	grep -v "^error: failed to push" ../err >../hints &&
	test_cmp ../expect ../hints &&
	test "$(git rev-parse origin/main)" != "$(git rev-parse main)" &&
	git reset -q --hard origin/main
'

test_expect_success 'the hook judges a new branch from the remote it is pushed to' '
	git clone -q --bare remote.git fork.git &&
	git clone -q fork.git forker &&
	cd forker &&
	git rm -q "$R/case3_flash_attention/generated.py" &&
	commit_all "2026-10-07T10:00:00Z" "[sched2tlx] WIP: drop case3 kernel (#1282)" &&
	git push -q origin main &&
	cd ../pusher &&
	git remote add fork ../fork.git &&
	git fetch -q fork &&
	git checkout -q -b feature fork/main &&
	echo "A note." >>README.md &&
	commit_all "2026-10-08T10:00:00Z" "Docs: a note (#1283)" &&
	git push -q fork feature >../out 2>../err &&
	test_must_be_empty ../out &&
	test_must_be_empty ../err &&
	git -C ../fork.git rev-parse --verify -q refs/heads/feature &&
	git remote set-head fork main &&
	git checkout -q -b feature2 feature &&
	git push -q fork feature2 >../out 2>../err &&
	test_must_be_empty ../out &&
	test_must_fail git push -q origin feature2 >../out 2>../err &&
	grep "^case3_flash_attention: missingFixture: " ../out &&
	git checkout -q main
'

test_expect_success '--install-hook never overwrites an existing hook' '
	cd pusher &&
	cp .git/hooks/pre-push ../before &&
	echo "echo mine" >>.git/hooks/pre-push &&
	cp .git/hooks/pre-push ../mine &&
	test_expect_code 128 git fixture-diff --install-hook >../out 2>../err &&
	test_must_be_empty ../out &&
	test_cmp ../mine .git/hooks/pre-push &&
	grep "^fatal: hook '"'"'$PWD/.git/hooks/pre-push'"'"' already exists; not overwriting it$" ../err &&
	grep "^hint:   git fixture-diff --check origin/main \"\$local_sha\" || exit 1$" ../err &&
	! ls .git/hooks/pre-push.tmp-* 2>/dev/null
'

test_expect_success '--install-hook respects core.hooksPath (relative to the top)' '
	cd pusher &&
	mkdir -p sub &&
	cd sub &&
	git -c core.hooksPath=ci/hooks fixture-diff --install-hook >/dev/null &&
	test -x ../ci/hooks/pre-push &&
	test_cmp ../../before ../ci/hooks/pre-push
'

# On a file system without hard links (link() fails with EPERM there;
# tests/lib/nolink-shim.c makes it so) the hook could not be installed at
# all. It is created in place, executable once whole, and still never
# replaces a hook that is there.
test_expect_success '--install-hook where the file system has no hard links' '
	cc -shared -fPIC -o "$TRASH/nolink.so" "$TEST_DIR/lib/nolink-shim.c" &&
	cd pusher &&
	LD_PRELOAD="$TRASH/nolink.so" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		git -c core.hooksPath=nolinks fixture-diff --install-hook >../out &&
	echo "installed the pre-push hook '"'"'$PWD/nolinks/pre-push'"'"'" >../expect &&
	test_cmp ../expect ../out &&
	test -x nolinks/pre-push &&
	test_cmp ../before nolinks/pre-push &&
	ls -A nolinks >../actual &&
	echo pre-push >../expect &&
	test_cmp ../expect ../actual &&
	LD_PRELOAD="$TRASH/nolink.so" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		test_expect_code 128 git -c core.hooksPath=nolinks fixture-diff --install-hook >../out 2>../err &&
	test_must_be_empty ../out &&
	grep "^fatal: hook '"'"'$PWD/nolinks/pre-push'"'"' already exists; not overwriting it$" ../err &&
	test_cmp ../before nolinks/pre-push &&
	ls -A nolinks >../actual &&
	echo pre-push >../expect &&
	test_cmp ../expect ../actual
'

# A file-size limit of 1 KiB cuts the first write of the 1.5 KB hook
# short; the next one fails with EFBIG (SIGXFSZ ignored). The reason is
# that failure's, not whatever errno held before the write.
test_expect_success '--install-hook carries on after a short write and says why it failed' '
	cd pusher &&
	(
		trap "" XFSZ &&
		ulimit -f 1 &&
		test_expect_code 128 git -c core.hooksPath=small fixture-diff --install-hook >../out 2>../err
	) &&
	test_must_be_empty ../out &&
	echo "fatal: cannot write '"'"'$PWD/small/pre-push'"'"': File too large" >../expect &&
	test_cmp ../expect ../err &&
	test -d small &&
	ls -A small >../actual &&
	test_must_be_empty ../actual
'

test_done
