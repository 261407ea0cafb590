#!/bin/bash
# git benchbisect --scan: the cause of every move benchwindow --scan finds,
# from one load of the dashboard; each move is what the single query on
# its first bad nightly's day says, evidence and all. Exit 1 when a move
# is a real regression, 0 otherwise, 128 on error, 129 on misuse.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

GH=https://github.com/pytorch/helion/commit

test_expect_success 'setup: a regression, a machine change and a kernel leaving, on three of four platforms' '
	bb_scan_setup
'

# single <args...>: the single query's text output, one per move, joined
# as the scan joins them.
single() {
	for q in "$@"; do
		echo &&
		git benchbisect --file ../dash.json ${q%%:*} ${q#*:} 2>/dev/null || return 1
	done
}

test_expect_success 'every move, newest first, each block the single query on its day; exit 1 for the regression' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json >../out 2>../err &&
	test_must_be_empty ../err &&
	{
		echo "classified scan of 4 platforms, 2026-08-22 .. 2026-09-20: 3 moves: 1 real regression, 1 benchmark method change, 1 hardware issue" &&
		single h100:2026-09-14 b200_cute:2026-09-10 b200:2026-09-06
	} >../expect &&
	test_cmp ../expect ../out &&
	sed -n "/^[a-z0-9_]* on 2026-/p" ../out >actual &&
	cat >expect <<-\EOF &&
	h100 on 2026-09-14: hardware issue
	b200_cute on 2026-09-10: real regression
	b200 on 2026-09-06: benchmark method change
	EOF
	test_cmp expect actual &&
	grep -x "culprit: c75873cc \[cute\] Rework the softmax reduction pipeline (#3311)" ../out
'

# same_objects <scan.json> <day>...: each of the scan's steps is, key for
# key, the single query's --json object on that platform and day.
same_objects() {
	scan=$1 && shift &&
	for q in "$@"; do
		git benchbisect --json --file ../dash.json ${q%%:*} ${q#*:} >../one.json 2>/dev/null &&
		jq -S ".steps[] | select(.platform == \"${q%%:*}\" and .date == \"${q#*:}\")" "$scan" >actual &&
		jq -S . ../one.json >expect &&
		test_cmp expect actual || return 1
	done
}

test_expect_success '--json: the envelope, and each step the single query'"'"'s object' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --json --file ../dash.json >../scan.json &&
	jq -c "[.since, .until, .platforms, [.steps[] | [.platform, .date, .cause, .culprit.subject]]]" ../scan.json >actual &&
	cat >expect <<-\EOF &&
	["2026-08-22","2026-09-20",["b200","b200_cute","h100","mi350x"],[["h100","2026-09-14","hardware",null],["b200_cute","2026-09-10","real_regression","[cute] Rework the softmax reduction pipeline (#3311)"],["b200","2026-09-06","method_change",null]]]
	EOF
	test_cmp expect actual &&
	same_objects ../scan.json h100:2026-09-14 b200_cute:2026-09-10 b200:2026-09-06
'

test_expect_success 'one load: the dashboard from stdin, read once, says the same' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --json --file - <../dash.json >../stdin.json &&
	test_cmp ../scan.json ../stdin.json
'

test_expect_success 'one download: with --refresh every load would fetch, and one does' '
	mkdir www &&
	cp dash.json www/ &&
	start_httpd www &&
	cd repo &&
	test_expect_code 1 git benchbisect --scan --json --refresh --url "$HTTPD_URL/dash.json" >../url.json &&
	test_cmp ../scan.json ../url.json &&
	grep -c "^GET /dash.json" "$TRASH/httpd.log" >actual &&
	echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'named platforms: the other platforms still count as evidence' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json b200_cute >../out &&
	{
		echo "classified scan of 1 platform, 2026-08-22 .. 2026-09-20: 1 move: 1 real regression" &&
		single b200_cute:2026-09-10
	} >../expect &&
	test_cmp ../expect ../out &&
	grep "^  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 " ../out
'

test_expect_success 'a platform named twice is scanned once, its moves counted once' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json b200_cute b200_cute >../out &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json b200_cute >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 1 git benchbisect --scan --json --file ../dash.json b200_cute h100 b200_cute >../out.json &&
	jq -c "[.platforms, [.steps[].platform]]" ../out.json >../actual &&
	echo "[[\"b200_cute\",\"h100\"],[\"h100\",\"b200_cute\"]]" >../expect &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json b200_cute b200_cute >../out &&
	head -n 1 ../out >../actual &&
	echo "scan of 1 platform, 2026-08-22 .. 2026-09-20: 1 step, 0 kernel-list changes" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'exit 0 when no move is a real regression, and when nothing moved' '
	cd repo &&
	test_expect_code 0 git benchbisect --scan --file ../dash.json --since 2026-09-11 >../out &&
	{
		echo "classified scan of 4 platforms, 2026-09-11 .. 2026-09-20: 1 move: 1 hardware issue" &&
		single h100:2026-09-14
	} >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchbisect --scan --file ../flat.json >../out &&
	echo "classified scan of 4 platforms, 2026-08-22 .. 2026-09-20: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchbisect --scan --json --file ../flat.json mi350x >../out &&
	jq -c . ../out >actual &&
	echo "{\"since\":\"2026-08-22\",\"until\":\"2026-09-20\",\"platforms\":[\"mi350x\"],\"steps\":[]}" >expect &&
	test_cmp expect actual &&
	test_expect_code 0 git benchwindow --scan --json --file ../flat.json mi350x >../expect &&
	test_cmp ../expect ../out
'

test_expect_success 'a bound that is not midnight is printed as its full time' '
	cd repo &&
	set -- --file ../dash.json --since 2026-09-07T14:00:00+02:00 --until 2026-09-10T08:00:00Z b200_cute &&
	test_expect_code 0 git benchbisect --scan "$@" >../out &&
	echo "classified scan of 1 platform, 2026-09-07T12:00:00Z .. 2026-09-10T08:00:00Z: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchbisect --scan --json "$@" >../out &&
	jq -c . ../out >actual &&
	echo "{\"since\":\"2026-09-07T12:00:00Z\",\"until\":\"2026-09-10T08:00:00Z\",\"platforms\":[\"b200_cute\"],\"steps\":[]}" >expect &&
	test_cmp expect actual
'

test_expect_success '--format=markdown: a table of the moves, then each single report a level down' '
	cd repo &&
	git remote add origin git@github.com:pytorch/helion.git &&
	test_expect_code 1 git benchbisect --scan --format=markdown --file ../dash.json --since 2026-09-06 >../scan.md &&
	culprit=$(git rev-parse c75873cc) &&
	cat >expect <<-EOF &&
	### Benchmark scan, classified: 4 platforms, 2026-09-06 .. 2026-09-20: 3 moves: 1 real regression, 1 benchmark method change, 1 hardware issue

	| first bad | platform | change | cause | culprit |
	| --- | --- | ---: | --- | --- |
	| 2026-09-14 | h100 | -20.0% | hardware issue |  |
	| 2026-09-10 | b200\_cute | -15.0% | real regression | [\`c75873cc\`]($GH/$culprit) \[cute\] Rework the softmax reduction pipeline (#3311) |
	| 2026-09-06 | b200 | -1.8% | benchmark method change |  |

	EOF
	head -8 ../scan.md >actual &&
	test_cmp expect actual &&
	for q in h100:2026-09-14 b200_cute:2026-09-10 b200:2026-09-06; do
		git benchbisect --format=markdown --file ../dash.json ${q%%:*} ${q#*:} 2>/dev/null |
			sed "1s/^### /#### /" || return 1
	done >expect &&
	sed 1,8d ../scan.md >actual &&
	test_cmp expect actual &&
	outline ../scan.md >../scan.outline &&
	grep "^h[34] " ../scan.outline >actual &&
	cat >expect <<-\EOF &&
	h3 Benchmark scan, classified: 4 platforms, 2026-09-06 .. 2026-09-20: 3 moves: 1 real regression, 1 benchmark method change, 1 hardware issue
	h4 h100 on 2026-09-14: hardware issue
	h4 b200_cute on 2026-09-10: real regression
	h4 b200 on 2026-09-06: benchmark method change
	EOF
	test_cmp expect actual &&
	grep -F -x "| 2026-09-10 | b200_cute | -15.0% | real regression | [\`c75873cc\`]($GH/$culprit) [cute] Rework the softmax reduction pipeline (#3311) |" ../scan.outline
'

test_expect_success '--format=markdown: a move with candidates but no single culprit says how many' '
	bb_repo plain window_plain &&
	cd plain &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../plain.json &&
	git benchbisect --file ../plain.json b200_cute 2026-09-10 >out &&
	! grep "^culprit:" out &&
	sed -n "/^candidates, ranked:\$/,\$p" out >cands &&
	test $(wc -l <cands) = 3 &&
	test_expect_code 1 git benchbisect --scan --format=markdown --file ../plain.json \
		--since 2026-09-06 b200_cute >scan.md &&
	grep -F -x "| 2026-09-10 | b200\_cute | -15.0% | real regression | 2 candidates |" scan.md
'

test_expect_success 'a nightly not in the clone: the window is not listed, the verdict rests on the dashboard' '
	(cd repo && git branch older "$(nightly_sha 2026-09-12)") &&
	git clone -q --no-local --single-branch -b older repo older &&
	cd older &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json --since 2026-09-10 >../out 2>../err &&
	test_must_be_empty ../err &&
	sed -n "/^[a-z0-9_]* on 2026-/p;/^last good/p;/^first bad/p;/^  window/p" ../out >actual &&
	cat >expect <<-EOF &&
	h100 on 2026-09-14: hardware issue
	last good: $(cd ../repo && nightly_short 2026-09-13) (run 3000000012, 2026-09-13T08:20:00Z), not in this repository
	first bad: $(cd ../repo && nightly_short 2026-09-14) (run 3000000013, 2026-09-14T08:20:00Z), not in this repository
	  window: not listed: a nightly'\''s commit is not in this repository
	b200_cute on 2026-09-10: real regression
	last good: a9b79a84 (run 3000000008, 2026-09-09T08:20:00Z)
	first bad: 008d9028 (run 3000000009, 2026-09-10T08:20:00Z)
	  window: 4 first-parent commits in a9b79a84..008d9028
	EOF
	test_cmp expect actual
'

test_expect_success 'a platform retired long before the move: left out of the evidence by both, not fatal' '
	cd repo &&
	bb_dashboard --event regress:b200_cute:2026-09-18:0.85 \
		--event drop:h100:2026-09-02:1:matmul >../retired.json &&
	git benchbisect --file ../retired.json b200_cute 2026-09-18 >../one 2>../err &&
	grep "^  other platforms" ../one >actual &&
	echo "  other platforms, same nightlies 2026-09-17 -> 2026-09-18: b200 -0.2%: none moved" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git benchbisect --scan --file ../retired.json --since 2026-09-10 >../out &&
	{
		echo "classified scan of 3 platforms, 2026-09-10 .. 2026-09-20: 1 move: 1 real regression" &&
		echo &&
		cat ../one
	} >expect &&
	test_cmp expect ../out
'

# The newest nightly drops 20%: the single query calls it undecided, and
# so does the scan, which lists its report rather than "no step beyond
# the noise"; no real regression, so the exit is 0.
test_expect_success 'a move the single query calls undecided is listed as undecided, exit 0' '
	cd repo &&
	bb_dashboard --event regress:b200_cute:2026-09-20:0.8 >../newest.json &&
	git benchbisect --scan --file ../newest.json --since 2026-09-01 >out &&
	{
		echo "classified scan of 3 platforms, 2026-09-01 .. 2026-09-20: 1 move: 1 undecided" &&
		echo &&
		git benchbisect --file ../newest.json b200_cute 2026-09-20 2>/dev/null
	} >expect &&
	test_cmp expect out &&
	git benchbisect --scan --json --file ../newest.json --since 2026-09-01 >out.json &&
	jq -r ".steps[] | .cause" out.json >actual &&
	echo undecided >expect &&
	test_cmp expect actual
'

test_expect_success 'two moves of one cause are counted in the plural' '
	cd repo &&
	bb_dashboard --event regress:b200_cute:2026-09-04:0.85 \
		--event regress:b200_cute:2026-09-16:0.85 >../twice.json &&
	test_expect_code 1 git benchbisect --scan --file ../twice.json >../out 2>/dev/null &&
	head -n 1 ../out >actual &&
	echo "classified scan of 3 platforms, 2026-08-22 .. 2026-09-20: 2 moves: 2 real regressions" >expect &&
	test_cmp expect actual
'

# softmax alone drops 5%: the geomean moves 1.1%, under --min-change, and
# the single query answers with softmax's own step, a real regression. A
# gate on the scan's exit status must see it: with --kernels each kernel's
# step is classified as the --kernel query on its day classifies it.
test_expect_success '--kernels: one kernel'\''s real regression, which the geomean does not clear, exits 1' '
	bb_repo onekernel window_regression &&
	cd onekernel &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.95:softmax >../onekernel.json &&
	git benchbisect --file ../onekernel.json b200_cute 2026-09-10 >out &&
	head -n 1 out >actual &&
	echo "b200_cute on 2026-09-10: real regression" >expect &&
	test_cmp expect actual &&
	test_expect_code 0 git benchbisect --scan --file ../onekernel.json >out &&
	echo "classified scan of 3 platforms, 2026-08-22 .. 2026-09-20: no step beyond the noise" >expect &&
	test_cmp expect out &&
	test_expect_code 1 git benchbisect --scan --kernels --file ../onekernel.json >out 2>err &&
	{
		echo "classified scan of 3 platforms, 2026-08-22 .. 2026-09-20: 1 move: 1 real regression" &&
		echo &&
		git benchbisect --kernel softmax --file ../onekernel.json b200_cute 2026-09-10 2>/dev/null
	} >expect &&
	test_cmp expect out &&
	sed -n 3p out >actual &&
	echo "b200_cute (kernel softmax) on 2026-09-10: real regression" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git benchbisect --scan --kernels --json --file ../onekernel.json >out.json &&
	jq -c "[.steps[] | [.platform, .kernel, .cause]]" out.json >actual &&
	echo "[[\"b200_cute\",\"softmax\",\"real_regression\"]]" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git benchbisect --scan --kernels --format=markdown --file ../onekernel.json >out &&
	C=$(subject_commit "\[cute\] Rework the softmax reduction pipeline (#3311)") &&
	sed -n 5p out >actual &&
	echo "| 2026-09-10 | b200\\_cute:softmax | -5.5% | real regression | \`${C:0:8}\` \\[cute\\] Rework the softmax reduction pipeline (#3311) |" >expect &&
	test_cmp expect actual
'

# Every kernel of b200_cute drops with it, and h100's matmul with h100:
# each is its platform's move, classified once (the block names the
# kernels behind it), not again as a kernel's.
test_expect_success '--kernels: a kernel moving with its platform is the platform'\''s move, classified once' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json >expect &&
	test_expect_code 1 git benchbisect --scan --kernels --file ../dash.json >actual &&
	test_cmp expect actual &&
	test_expect_code 1 git benchbisect --scan --kernels --json --file ../dash.json >out.json &&
	jq -c "[.steps[] | [.platform, .kernel]]" out.json >actual &&
	echo "[[\"h100\",null],[\"b200_cute\",null],[\"b200\",null]]" >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors exit 129, bad input and no repository 128' '
	cd repo &&
	usage_error_is "error: --since, --until and --kernels need --scan" \
		git benchbisect --since 2026-09-01 --file ../dash.json h100 2026-09-14 &&
	usage_error_is "error: --since, --until and --kernels need --scan" \
		git benchbisect --kernels --file ../dash.json h100 2026-09-14 &&
	usage_error_is "error: --scan does not take --kernel, --good, --bad or --svg" \
		git benchbisect --scan --kernel matmul --file ../dash.json &&
	usage_error_is "error: --scan does not take --kernel, --good, --bad or --svg" \
		git benchbisect --scan --svg x.svg --file ../dash.json &&
	usage_error_is "error: --format=markdown and --json cannot be combined" \
		git benchbisect --scan --format=markdown --json --file ../dash.json &&
	test_expect_code 128 git benchbisect --scan --file ../dash.json --since 2026-02-30 2>../err &&
	echo "fatal: there is no day '\''2026-02-30'\'' in the calendar" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchbisect --scan --file ../dash.json a100 2>../err &&
	grep "^fatal: unknown platform '\''a100'\''" ../err &&
	cd .. &&
	test_expect_code 128 env GIT_CEILING_DIRECTORIES="$PWD" git benchbisect --scan --file dash.json 2>err &&
	grep "^fatal: not a git repository" err
'

test_done
