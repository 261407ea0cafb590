#!/bin/bash
# git fixture-diff --check (the pre-merge gate) and --install-hook.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

test_expect_success 'setup' '
	build_corpus repo
'

test_expect_success '--check: one line per problem, exit 1' '
	cd repo &&
	test_expect_code 1 git fixture-diff --check c1 c5 >actual 2>err &&
	test_must_be_empty err &&
	b=$(git rev-parse --short c1) &&
	churn() {
		echo "$1: graphChurn: schedule_graph.json changed but generated.py is byte-identical; restore it with '"'"'git checkout $b -- $R/$1/schedule_graph.json'"'"'"
	} &&
	{
		churn case1_simple_gemm &&
		churn case3_flash_attention &&
		churn case4_tma_epilogue &&
		churn case8_multiphase_gemm &&
		churn case9_scaled_mm/blockwise &&
		churn case11_wait_order
	} >expect &&
	test_cmp expect actual
'

test_expect_success '--check: only problems the change brings, not those base already had' '
	git clone -q repo nospec &&
	cd nospec &&
	mkdir -p "$R/case12_new_split" &&
	fixture case12_new_split >"$R/case12_new_split/generated.py" &&
	echo "    # case5 still has no spec either" >>README.md &&
	git add -A &&
	echo "case12_new_split: missingSpec: top-level case without bench_spec.py" >expect &&
	test_expect_code 1 git fixture-diff --check c5 >actual &&
	test_cmp expect actual &&
	git fixture-diff --check c5 --cases case5_legacy_pipeline >actual &&
	test_must_be_empty actual &&
	rm "$R/case1_simple_gemm/bench_spec.py" &&
	echo "case1_simple_gemm: missingSpec: top-level case without bench_spec.py" >expect &&
	test_expect_code 1 git fixture-diff --check c5 --cases case1_simple_gemm >actual &&
	test_cmp expect actual
'

test_expect_success '--check: clean exits 0 and prints nothing' '
	cd repo &&
	git -c fixturediff.check.missingSpec=false fixture-diff --check c4 c5 >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	git fixture-diff --check c4 c5 --cases case1_simple_gemm,case7_ws_pingpong >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

test_expect_success '--check: the restore command really restores the graph' '
	git clone -q repo restore &&
	cd restore &&
	git checkout -q -b fix c3 &&
	test_expect_code 1 git fixture-diff --check c2 --cases case1_simple_gemm >out &&
	cmd=$(sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" out) &&
	test -n "$cmd" &&
	eval "$cmd" &&
	git fixture-diff --check c2 --cases case1_simple_gemm
'

# check_one <case> <rule> <line>: --check against c5 finds exactly <line>
# for <case>, and turning <rule> off silences it.
check_one() {
	echo "$1: $2: $3" >expect &&
	test_expect_code 1 git fixture-diff --check c5 --cases "$1" >actual &&
	test_cmp expect actual &&
	git -c "fixturediff.check.$2=false" fixture-diff --check c5 --cases "$1" >actual &&
	test_must_be_empty actual
}

test_expect_success '--check: a fixture edit without a regenerated graph (staleGraph)' '
	git clone -q repo stale &&
	cd stale &&
	echo "    tlx.fence()" >>"$R/case1_simple_gemm/generated.py" &&
	check_one case1_simple_gemm staleGraph \
		"generated.py changed but schedule_graph.json did not (a hand edit or a stale regeneration)"
'

test_expect_success '--check: a spec without a fixture (missingFixture)' '
	cd stale &&
	git checkout -q -- . &&
	rm "$R/case8_multiphase_gemm/generated.py" &&
	check_one case8_multiphase_gemm missingFixture "has bench_spec.py but no generated.py"
'

test_expect_success '--check: graph churn on a renamed case names both paths' '
	cd stale &&
	git checkout -q -- . &&
	git mv "$R/case4_tma_epilogue" "$R/case4_tma_store_epilogue" &&
	regen case4_tma_store_epilogue ffff &&
	b=$(git rev-parse --short c5) &&
	check_one case4_tma_store_epilogue graphChurn \
		"schedule_graph.json changed but generated.py is byte-identical; restore it with '"'"'git show $b:$R/case4_tma_epilogue/schedule_graph.json >$R/case4_tma_store_epilogue/schedule_graph.json'"'"'"
'

test_expect_success '--check: every rule can be turned off in config' '
	cd repo &&
	git config fixturediff.check.graphChurn false &&
	git config fixturediff.check.missingSpec false &&
	git fixture-diff --check c1 c5 >out &&
	test_must_be_empty out &&
	git config --unset fixturediff.check.graphChurn &&
	git config --unset fixturediff.check.missingSpec
'

test_expect_success '--check: a bad rule value is fatal, naming the key' '
	cd repo &&
	test_expect_code 128 git -c fixturediff.check.graphChurn=maybe fixture-diff --check c1 c5 >out 2>err &&
	test_must_be_empty out &&
	echo "fatal: bad boolean config value '"'"'maybe'"'"' for '"'"'fixturediff.check.graphChurn'"'"'" >expect &&
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
	git clone -q remote.git pusher &&
	git -C pusher config fixturediff.check.missingSpec false
'

test_expect_success '--install-hook writes an executable pre-push hook' '
	cd pusher &&
	git fixture-diff --install-hook >../out &&
	echo "installed the pre-push hook '"'"'$PWD/.git/hooks/pre-push'"'"'" >../expect &&
	test_cmp ../expect ../out &&
	test -x .git/hooks/pre-push &&
	head -n 1 .git/hooks/pre-push >../actual &&
	echo "#!/bin/sh" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'the hook refuses a push with graph churn, accepts a clean one' '
	cd pusher &&
	regen case1_simple_gemm dead &&
	commit_all "2026-10-05T10:00:00Z" "[sched2tlx] Regenerate case1 (#1280)" &&
	test_must_fail git push -q origin main >../out 2>../err &&
	grep "^case1_simple_gemm: graphChurn: " ../out &&
	git rev-parse origin/main >../before &&
	git rev-parse c5 >../expect && test_cmp ../expect ../before &&
	git checkout -q origin/main -- "$R/case1_simple_gemm/schedule_graph.json" &&
	echo "    tlx.fence()" >>"$R/case2_warp_specialized_gemm/generated.py" &&
	regen case2_warp_specialized_gemm beef &&
	commit_all "2026-10-06T10:00:00Z" "[sched2tlx] Fence case2 and restore case1 graph (#1281)" &&
	git push -q origin main &&
	test "$(git rev-parse origin/main)" = "$(git rev-parse main)"
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
	grep "^hint:   git fixture-diff --check origin/main \"\$local_sha\" || exit 1$" ../err
'

test_expect_success '--install-hook respects core.hooksPath (relative to the top)' '
	cd pusher &&
	mkdir -p sub &&
	cd sub &&
	git -c core.hooksPath=ci/hooks fixture-diff --install-hook >/dev/null &&
	test -x ../ci/hooks/pre-push &&
	test_cmp ../../before ../ci/hooks/pre-push
'

test_done
