#!/bin/bash
# git benchbisect run --metric: a noisy benchmark that prints a number,
# three-way verdicts with --repeat, and a window taken from the dashboard.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/counts"

# The benchmark prints a line and then the next of the numbers in
# perf.txt, cycling, one counter per commit; a perf.txt saying "broken"
# makes it fail.
cat >"$TRASH/bin/measure" <<\EOF
#!/bin/sh
grep -q broken perf.txt && exit 3
f="$TRASH/counts/$BENCHBISECT_COMMIT"
n=$(cat "$f" 2>/dev/null || echo 0)
echo $((n + 1)) >"$f"
set -- $(cat perf.txt)
shift $((n % $#))
echo "measuring $BENCHBISECT_COMMIT"
echo "$1"
EOF
chmod +x "$TRASH/bin/measure"
PATH="$TRASH/bin:$PATH"

short() {
	at $1 | cut -c1-8
}

# metric_answer DIR: bisect DIR's window afresh (its counts reset) with
# the benchmark; the answer in ../out, the steps in ../err.
metric_answer() {
	cd "$1" &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err
}

# answer_is <n> <line>...: ../out names commit n (Tune the tile search,
# part n) the first bad commit, then says the lines, and nothing else.
answer_is() {
	answer_is_n_=$1 &&
	shift &&
	{
		echo "first bad commit: $(at $answer_is_n_) Tune the tile search, part $answer_is_n_ (#410$answer_is_n_)" &&
		printf "%s\n" "$@"
	} >../expect &&
	test_cmp ../expect ../out
}

test_expect_success 'setup' '
	metric_repo noisy - - - "0.92 0.85 0.93 0.99 1.00 0.98" "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	metric_repo flat "1.0 0.9 1.1" - - - - - - - &&
	metric_repo twostep "0.80 0.79 0.81" - - "0.92 0.85 0.95 0.99 0.97" "0.80 0.79 0.81" - - - &&
	metric_repo broken - - - broken "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	metric_repo nonum - - - "build-failed" "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	IMPORT_PERF="1.30 1.00 1.02 0.98 1.00" metric_repo outlier "1.00 1.02 0.98" - - - - "0.80 0.79 0.81" - - &&
	IMPORT_PERF="1.000 1.030 1.001 1.031 0.999 1.029" metric_repo states - - - - - - - - &&
	metric_repo odd - - - "100 101 99" "0.80 0.79 0.81" - - - &&
	metric_repo deeper - - - "0.5 0.51 0.49" "0.80 0.79 0.81" - - - &&
	metric_repo deeperstray - - - "0.5 0.51 0.49 0.99 0.5 0.51 0.49 0.5" "0.80 0.79 0.81" - - - &&
	IMPORT_PERF=0 metric_repo zero - - - 5 - - - - &&
	IMPORT_PERF=0 metric_repo zeros - - - - - - - - &&
	IMPORT_PERF=5 metric_repo fives - - - - - - - - &&
	IMPORT_PERF=5 metric_repo steady - - - - - 7 - - &&
	IMPORT_PERF="1.00 1.001 0.999" metric_repo tight - - - "0.80 0.801 0.799" - - - - &&
	IMPORT_PERF=1.00 metric_repo quiet 1.00 1.01 0.99 1.0 0.80 0.81 0.79 0.8
'

test_expect_success '--metric: a probe not yet 99.99% bad never reads p(bad) 100.0%' '
	metric_answer quiet &&
	grep "^step 3: $(short 5) " ../err >../actual &&
	echo "step 3: $(short 5) p(bad) 99.96% (0.8, median 0.8): Tune the tile search, part 5 (#4105)" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--metric: the ends, then each probe at the posterior median, one run a round, until one commit holds 99.99%' '
	metric_answer noisy &&
	grep -v "^measuring" ../err >../actual &&
	cat >../expect <<-EOF &&
	bisecting 8 commits in $(short 0)..$(short 8) by a metric, at most 25 runs, --min-change 2%
	good end: $(short 0) good (1, median 1): Import the benchmark fixture (#4000)
	bad end: $(short 8) bad (0.8, median 0.8): Tune the tile search, part 8 (#4108)
	step 1: $(short 4) p(bad) 40.2% (0.92, median 0.92): Tune the tile search, part 4 (#4104)
	step 2: $(short 5) p(bad) 26.1% (1, median 1): Tune the tile search, part 5 (#4105)
	step 3: $(short 7) p(bad) 95.5% (0.8, median 0.8): Tune the tile search, part 7 (#4107)
	step 4: $(short 6) p(bad) 95.4% (0.8, median 0.8): Tune the tile search, part 6 (#4106)
	step 5: $(short 5) p(bad) 2.8% (1 1.02, median 1.01): Tune the tile search, part 5 (#4105)
	step 6: $(short 6) p(bad) 99.6% (0.8 0.79, median 0.795): Tune the tile search, part 6 (#4106)
	step 7: $(short 5) p(bad) 0.1% (1 1.02 0.98, median 1): Tune the tile search, part 5 (#4105)
	step 8: $(short 6) bad (0.8 0.79 0.81, median 0.8): Tune the tile search, part 6 (#4106)
	step 9: $(short 5) good (1 1.02 0.98 1, median 1): Tune the tile search, part 5 (#4105)
	EOF
	test_cmp ../expect ../actual &&
	test $(cat "$TRASH"/counts/* | paste -sd+ | bc) = 11 &&
	answer_is 6 \
		"the step: 0.988498 -> 0.8, -19.1% (99.98% interval -28.6% to -8.86%); probability 99.9904%" \
		"11 runs over 6 commits"
'

# The good end's first run is an outlier (1.30 for 1.00): one run weighs
# only so far, the commits at 1.00 pull the good level back, and later
# runs undo the lean instead of being given up.
test_expect_success '--metric: an outlier at an end moves the evidence only so far' '
	metric_answer outlier &&
	grep "^good end: $(short 0) good (1.3, median 1.3): " ../err &&
	grep "^good end: $(short 0) good (1.3 1, median 1.15): " ../err &&
	grep "^first bad commit: $(at 6) Tune the tile search, part 6 (#4106)$" ../out
'

test_expect_success '--metric --jobs 3: the ends and a quantile at once, then three probes a round, the same culprit' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --jobs 3 --json --good main~8 --bad main -- measure >../out 2>../err &&
	jq -r ".status, .culprit.sha" ../out >../actual &&
	printf "found\n%s\n" $(at 6) >../expect &&
	test_cmp ../expect ../actual &&
	grep "^bisecting 8 commits in $(short 0)..$(short 8) by a metric, 3 at a time, at most 75 runs, --min-change 2%$" ../err &&
	test $(jq .rounds ../out) -le 7
'

test_expect_success '--repeat 1: the run cap comes first, "undecided" with the likeliest culprits and what was measured (exit 1)' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --repeat 1 --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	undecided after 5 runs (at most 5): no answer is 99.99% sure; the likeliest:
	   40.3% $(at 6) Tune the tile search, part 6 (#4106)
	   40.3% $(at 7) Tune the tile search, part 7 (#4107)
	    3.4% $(at 8) Tune the tile search, part 8 (#4108)
	    3.1% $(at 1) Tune the tile search, part 1 (#4101)
	    3.1% $(at 2) Tune the tile search, part 2 (#4102)
	    1.1% no step in the window
	the bad end measures -16.6% (99.98% interval -177% to +151%) against the good end; about 3 more runs would likely settle it (--repeat)
	5 runs over 5 commits
	EOF
	test_cmp ../expect ../out
'

# A tight step at 4, in the window 2..6: after 4 runs one commit is over
# the bar, but it has one run and its side two. The report said "no
# answer is 99.99% sure" and "100.0%" of a posterior under 1.
test_expect_success '--repeat 1: a commit over the bar, short of the runs a culprit needs, says so; no 100.0% under 1' '
	cd tight &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --repeat 1 --good main~6 --bad main~2 -- measure >../out 2>../err &&
	head -n 2 ../out >../actual &&
	cat >../expect <<-EOF &&
	undecided after 4 runs (at most 4): one commit is over the 99.99% bar, but short of the runs a culprit needs (two at it and at its parent, three on each side of their boundary); the likeliest:
	  99.999999997% $(at 4) Tune the tile search, part 4 (#4104)
	EOF
	test_cmp ../expect ../actual
'

test_expect_success '--metric: ends alike within --min-change are no step (exit 1); noise that cannot show it is "undecided"' '
	cd flat &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --min-change 30 --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: the bad end $(short 8) measures like the good end within 30%: -0.0421% (99.98% interval -25.3% to +25.4%)
	10 runs over 3 commits
	EOF
	test_cmp ../expect ../out &&
	grep "^bad end: $(short 8) bad (1 0.9 1.1 1, median 1): " ../err &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^undecided after 25 runs (at most 25): no answer is 99.99% sure; the likeliest:$" ../out &&
	grep "^   28.8% no step in the window$" ../out &&
	grep "^the bad end measures -0.79% (99.98% interval -10.1% to +8.06%) against the good end; about 189 more runs would likely settle it (--repeat)$" ../out
'

# Every commit's runs alternate between two states 3% apart (as an H200's
# runs do, docs/statistics.md): the ends alike, and the answer says what
# the runs look like; the JSON gives the states' posterior and levels. The
# step's interval is "no step" itself: 0, not a bisection's 1e-59 beside it.
# Commit 4 measures 100, neither 1 (the good end) nor 0.8 (from commit 5
# on): a build broken in a way of its own. Its runs are one odd commit's,
# not seventeen strays: they cannot tell whether the step is at 4 or 5,
# and no commit that measured a level is named. Either way commit 4 is
# the first that does not measure like the good end, and 5 the first at
# the bad level: named so, as git bisect run with a threshold names the
# first past it. (It ran to the cap, "undecided" between 4 and 5, before.)
test_expect_success '--metric: a commit at neither level next to the step: named the first off the good level' '
	metric_answer odd &&
	answer_is 4 \
		"the step: 1.01 -> 0.796, -21.2% (99.98% interval -24.8% to -17.6%); probability 99.9998% that it is the first commit off the good level; it measures neither, and the first at the bad level is $(short 5)" \
		"neither level: $(short 4) measured 100 (median of 3 runs; the levels 1.01 and 0.796), so the window may hold a second change: Tune the tile search, part 4 (#4104)" \
		"12 runs over 6 commits" &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --fresh --json --good main~8 --bad main -- measure >../out 2>/dev/null &&
	jq -c "[.status, .culprit.sha, .metric.p_culprit, .metric.first_at_bad_level.sha, [.metric.probes[] | select(.off_level) | .sha]]" ../out >../actual &&
	echo "[\"found\",\"$(at 4)\",0.999998,\"$(at 5)\",[\"$(at 4)\"]]" >../expect &&
	test_cmp ../expect ../actual
'

# Commit 4 measures 0.5, past the bad level (0.8) rather than off the
# other way: the fit made strays of its five runs, and named commit 5 the
# first bad commit with "over 99.9999%", after commit 4 had read "bad".
# Its runs agree as a level of their own, so it is named as the odd
# commit above is: the first off the good level.
test_expect_success '--metric: a commit past the bad level next to the step: named the first off the good level' '
	metric_answer deeper &&
	grep "^step 9: $(short 4) bad " ../err &&
	answer_is 4 \
		"the step: 1 -> 0.797999, -20.2% (99.98% interval -23.7% to -16.6%); probability over 99.9999% that it is the first commit off the good level; it measures neither, and the first at the bad level is $(short 5)" \
		"neither level: $(short 4) measured 0.5 (median of 5 runs; the levels 1 and 0.797999), so the window may hold a second change: Tune the tile search, part 4 (#4104)" \
		"15 runs over 6 commits"
'

# The same with a stray among commit 4's runs, its fourth at the good
# level: its runs no longer all lie off both levels, and commit 5 was
# named again. Seven runs of eight at a level of their own still are one.
test_expect_success '--metric: a commit past the bad level with a stray among its runs: still the first off the good level' '
	metric_answer deeperstray &&
	answer_is 4 \
		"the step: 1.00499 -> 0.797998, -20.6% (99.98% interval -23.8% to -17.2%); probability over 99.9999% that it is the first commit off the good level; it measures neither, and the first at the bad level is $(short 5)" \
		"15 runs over 6 commits"
'

# A count that was 0 (the good level) and then 5, without noise: the
# posterior had no scale (every run alike, and 0) and printed NaN; the
# step has no percentage of 0. All 0 throughout: the ends are alike, by
# +0%.
test_expect_success '--metric: a good level of 0: the step named, no percentage; 0 throughout is alike' '
	cd zero &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --fresh --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 4) Tune the tile search, part 4 (#4104)
	the step: 0 -> 5, no percentage (the good level is 0 within its interval); probability over 99.9999%
	EOF
	head -n 2 ../out >../actual &&
	test_cmp ../expect ../actual &&
	! grep -i nan ../out ../err &&
	git benchbisect run --metric --fresh --json --good main~8 --bad main -- measure 2>/dev/null |
		jq -c "[.status, .metric.change_pct.estimate, .metric.p_no_step]" >../actual &&
	echo "[\"found\",null,0]" >../expect &&
	test_cmp ../expect ../actual &&
	cd ../zeros &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --fresh --good main~8 --bad main -- measure >../out 2>../err &&
	echo "no first bad commit: the bad end $(short 8) measures like the good end within 2%: +0% (99.98% interval +0% to +0%)" >../expect &&
	head -n 1 ../out >../actual &&
	test_cmp ../expect ../actual &&
	! grep -i nan ../out ../err
'

# A constant metric's step is float dust (1e-38), printed as JSON rounds
# it; the bar at 99.9999% leaves an interval of 99.9998%, not "100%".
test_expect_success '--metric: a constant metric is alike by +0%; a bar of 99.9999% is not printed as 100%' '
	cd fives &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --fresh --confidence 99.9999 --good main~8 --bad main -- measure >../out 2>../err &&
	echo "no first bad commit: the bad end $(short 8) measures like the good end within 2%: +0% (99.9998% interval +0% to +0%)" >../expect &&
	head -n 1 ../out >../actual &&
	test_cmp ../expect ../actual
'

# A metric that never varies (5, then 7 from commit 6 on): every run tells
# as much as a run can, so what the runs lack is what the rule of least
# runs asks for: after 5 runs, c4 (2 runs) and c6 (1) bound it; a probe
# at 5, its second run and a second at 6. The estimate said "about
# 1000000 more runs" (an infinity, clamped). One run at each end of a
# one-commit window, both 7, tells no noise: no number is made up then.
test_expect_success '--metric: a metric that never varies: the runs the rule still needs, not a million' '
	cd steady &&
	test_expect_code 1 git benchbisect run --metric --repeat 1 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^the bad end measures +40% (99.98% interval +40% to +40%) against the good end; about 3 more runs would likely settle it (--repeat)$" ../out &&
	grep "^5 runs over 4 commits$" ../out &&
	git benchbisect run --metric --json --repeat 1 --good main~8 --bad main -- measure 2>/dev/null |
		jq -c "[.status, .metric.more_runs]" >../actual &&
	echo "[\"undecided\",3]" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect run --metric --repeat 2 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep "^8 runs over 5 commits$" ../out &&
	test_expect_code 1 git benchbisect run --metric --repeat 1 --good main~1 --bad main -- measure >../out 2>../err &&
	grep "^the bad end measures no percentage yet (no noise measured: one run a side) against the good end; the runs so far cannot tell how many more would settle it (--repeat)$" ../out &&
	git benchbisect run --metric --json --repeat 1 --good main~1 --bad main -- measure 2>/dev/null |
		jq -c "[.status, .metric.more_runs, .metric.change_pct]" >../actual &&
	echo "[\"undecided\",null,{\"estimate\":null,\"low\":null,\"high\":null}]" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--metric: runs of two states at every commit: no culprit, the states named' '
	cd states &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: the bad end $(short 8) measures like the good end within 2%: +0% (99.98% interval +0% to +0%)
	two states: the runs fit 1.0004 and 1.03 (+2.96%) at any commit, 100.0% likely
	8 runs over 3 commits
	EOF
	test_cmp ../expect ../out &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --json --good main~8 --bad main -- measure >../out 2>/dev/null &&
	jq -c ".metric | [.two_states, .change_pct]" ../out >../actual &&
	echo "[{\"p\":0.99999,\"levels\":[1.0004,1.03]},{\"estimate\":0,\"low\":0,\"high\":0}]" >../expect &&
	test_cmp ../expect ../actual
'

# Part 1 drops to 0.8, part 4 comes back near 1, part 5 drops again: the
# first commit that measures like the bad end is part 1, as git bisect
# would name it (the model has one step; part 4 is never probed).
test_expect_success '--metric: two steps: the first commit at the bad level' '
	metric_answer twostep &&
	grep "^first bad commit: $(at 1) Tune the tile search, part 1 (#4101)$" ../out
'

test_expect_success '--metric: a failing command makes the commit untestable (skip)' '
	metric_answer broken &&
	sed -n "s/^\([a-z0-9 ]*\): \([0-9a-f]*\) \([a-z]*\) (\([^)]*\)).*/\1 \2 \3 \4/p" ../err >../actual &&
	cat >../expect <<-EOF &&
	good end $(short 0) good 1, median 1
	bad end $(short 8) bad 0.8, median 0.8
	step 1 $(short 4) skip exit 3
	step 2 $(short 3) good 1, median 1
	step 3 $(short 5) good 1, median 1
	step 5 $(short 7) bad 0.8, median 0.8
	step 6 $(short 6) bad 0.8, median 0.8
	step 7 $(short 6) bad 0.8 0.79, median 0.795
	step 8 $(short 5) good 1 1.02 0.98, median 1
	EOF
	test_cmp ../expect ../actual &&
	grep "^first bad commit: $(at 6) " ../out
'

# The commit whose perf.txt says build-failed prints that, a NUL and an
# escape sequence: no number, which skips it as a failure does, quoted
# whole; at an end, which stands for its level, it stops the search. A
# line that matches the pattern without its group is said to be that.
cat >"$TRASH/bin/measure-nonum" <<\EOF
#!/bin/sh
grep -q build-failed perf.txt || exec measure
printf 'build\0 failed\033[2J\nlatency: n/a\n'
EOF
chmod +x "$TRASH/bin/measure-nonum"

test_expect_success '--metric: a commit that prints no number is skipped with a warning; at an end it stops the search' '
	cd nonum &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~8 --bad main -- measure-nonum >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep "^step 1: $(short 4) skip (exit 0): " ../err &&
	grep -Fx "warning: '\''measure-nonum'\'' printed no number at $(short 4) (its last line: '\''latency: n/a'\''): skipping the commit" ../err &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric-pattern "^([0-9.]+|build.*)$" --good main~8 --bad main -- measure-nonum >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep -Fx "warning: '\''measure-nonum'\'' printed no number at $(short 4) (the metric pattern'\''s group: '\''build\\x00 failed\\e[2J'\''): skipping the commit" ../err &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric-pattern "^([0-9.]+)$" --good main~8 --bad main -- measure-nonum >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep -Fx "warning: '\''measure-nonum'\'' printed no line matching the metric pattern '\''^([0-9.]+)$'\'' at $(short 4) (its last line: '\''latency: n/a'\''): skipping the commit" ../err &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric-pattern "^(?:latency: n/a|([0-9.]+))$" --good main~8 --bad main -- measure-nonum >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep -Fx "warning: '\''measure-nonum'\'' printed a line matching the metric pattern '\''^(?:latency: n/a|([0-9.]+))$'\'' at $(short 4), but without its first group: no number (the line: '\''latency: n/a'\''): skipping the commit" ../err &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 128 git benchbisect run --metric --good main~4 --bad main -- measure-nonum >../out 2>../err &&
	test_must_be_empty ../out &&
	tail -n 1 ../err >../actual &&
	echo "fatal: '\''measure-nonum'\'' printed no number at $(short 4) (its last line: '\''latency: n/a'\'')" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--metric --json: every step with its posterior, and the posterior at the end' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --json --good main~8 --bad main -- measure >../out 2>/dev/null &&
	jq -c "[.status, .runs, .tested, (.steps[] | [.verdict, .median, (.values | length), (.exits | add), .p_bad])]" ../out >../actual &&
	echo "[\"found\",11,6,[\"good\",1,1,0,0],[\"bad\",0.8,1,0,0.999982],[\"unclear\",0.92,1,0,0.402027],[\"unclear\",1,1,0,0.261277],[\"unclear\",0.8,1,0,0.954811],[\"unclear\",0.8,1,0,0.953673],[\"unclear\",1.01,2,0,0.027918],[\"unclear\",0.795,2,0,0.996417],[\"unclear\",1,3,0,0.001398],[\"bad\",0.8,3,0,0.999939],[\"good\",1,4,0,5.7e-05]]" >../expect &&
	test_cmp ../expect ../actual &&
	jq -c ".metric | [.min_change, .min_change_from, .confidence, .max_runs, .interval, .p_no_step, (.culprits | length), .culprits[0].sha, .culprits[0].p, .good, .bad, .change_pct, .noise, .more_runs]" ../out >../actual &&
	echo "[2,\"default\",99.99,25,0.9998,6e-06,5,\"$(at 6)\",0.999904,{\"estimate\":0.988498,\"low\":0.924828,\"high\":1.05217},{\"estimate\":0.8,\"low\":0.731246,\"high\":0.868754},{\"estimate\":-19.0683,\"low\":-28.6227,\"high\":-8.8561},0.0251583,null]" >../expect &&
	test_cmp ../expect ../actual &&
	jq -c "[.metric.probes[] | [.runs, .median, (.values | length)]]" ../out >../actual &&
	echo "[[1,1,1],[1,0.92,1],[4,1,4],[3,0.8,3],[1,0.8,1],[1,0.8,1]]" >../expect &&
	test_cmp ../expect ../actual &&
	jq -e ".metric.probes[0].sha == \"$(at 0)\" and (has(\"misfit\") | not)" ../out &&
	jq -c .metric.two_states ../out >../actual &&
	echo null >../expect &&
	test_cmp ../expect ../actual
'
# The same runs as above (--fresh), judged at a lower bar: the search
# stops a run sooner on the same culprit, the announce line and the
# report say the bar, and the intervals are as wide as it.
test_expect_success '--metric --confidence: a lower bar stops sooner on the same culprit and says so' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --fresh --json --confidence 99.9 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^bisecting 8 commits in [0-9a-f]*\.\.[0-9a-f]* by a metric, at most 25 runs, --min-change 2%, --confidence 99.9%$" ../err &&
	jq -c "[.status, .culprit.sha, .runs, .metric.confidence, .metric.interval, .metric.culprits[0].p]" ../out >../actual &&
	echo "[\"found\",\"$(at 6)\",10,99.9,0.998,0.999822]" >../expect &&
	test_cmp ../expect ../actual &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --fresh --confidence 90 --good main~8 --bad main -- measure >../out 2>../err &&
	answer_is 6 \
		"the step: 0.98579 -> 0.7975, -19% (80% interval -22.4% to -15.8%); probability 98.9436%" \
		"8 runs over 6 commits"
'

test_expect_success '--metric: benchbisect.confidence sets the bar, --confidence wins, a bad value is fatal, without --metric unread' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git -c benchbisect.confidence=99.9 benchbisect run --metric --fresh --json --good main~8 --bad main -- measure >../out 2>../err &&
	grep ", --confidence 99.9%$" ../err &&
	jq -c "[.runs, .metric.confidence]" ../out >../actual &&
	echo "[10,99.9]" >../expect &&
	test_cmp ../expect ../actual &&
	rm -f "$TRASH"/counts/* &&
	git -c benchbisect.confidence=99.9 benchbisect run --metric --fresh --json --confidence 90 --good main~8 --bad main \
		-- measure >../out 2>../err &&
	jq -c "[.runs, .metric.confidence]" ../out >../actual &&
	echo "[8,90]" >../expect &&
	test_cmp ../expect ../actual &&
	for bad in 80 100 high 99.9x nan; do
		test_expect_code 128 git -c benchbisect.confidence=$bad benchbisect run --metric --good main~8 --bad main \
			-- measure >../out 2>../err &&
		echo "fatal: bad numeric config value '\''$bad'\'' for '\''benchbisect.confidence'\'': not a number from 90 to 99.9999" >../expect &&
		test_cmp ../expect ../err &&
		test_cmp /dev/null ../out || return 1
	done &&
	test_expect_code 1 git -c benchbisect.confidence=high benchbisect run --good main~8 --bad main -- true >../out 2>../err &&
	grep "^no first bad commit: the bad end [0-9a-f]* tested good$" ../out &&
	! grep confidence ../err
'

test_expect_success '--metric --no-confidence: the default bar, whatever benchbisect.confidence says' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git -c benchbisect.confidence=90 benchbisect run --metric --fresh --json --no-confidence \
		--good main~8 --bad main -- measure >../out 2>../err &&
	grep "^bisecting 8 commits in [0-9a-f]*\.\.[0-9a-f]* by a metric, at most 25 runs, --min-change 2%$" ../err &&
	jq -c "[.runs, .metric.confidence]" ../out >../actual &&
	echo "[11,99.99]" >../expect &&
	test_cmp ../expect ../actual &&
	rm -f "$TRASH"/counts/* &&
	git -c benchbisect.confidence=high benchbisect run --metric --fresh --json --confidence 90 --no-confidence \
		--good main~8 --bad main -- measure >../out 2>../err &&
	jq -c "[.runs, .metric.confidence]" ../out >../actual &&
	test_cmp ../expect ../actual
'

for bad in inf nan 1e308 -inf 1e200 -1e101 1e-160 -9e-101 4.9e-324; do
	test_expect_success "--metric: a value of $bad is not a measurement: the commit is skipped with a warning" '
		metric_repo huge'$bad' - - - '$bad' "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
		cd huge'$bad' &&
		rm -f "$TRASH"/counts/* &&
		git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
		grep -F "warning: '\''measure'\'' printed '\'''$bad''\'' at $(short 4), neither 0 nor a finite number from 1e-100 to 1e+100 in magnitude: skipping the commit" ../err &&
		grep "^step 1: $(short 4) skip (exit 0): " ../err &&
		grep "^first bad commit: $(at 6) Tune the tile search, part 6 (#4106)$" ../out
	'
done

test_expect_success '--metric: the answer is the same at the ends of the range (1e-100, 1e+99) as near 1' '
	for e in +0 -100 +99; do
		IMPORT_PERF="1.26e$e 1.28e$e 1.24e$e" metric_repo scale$e - - - - - "1.01e$e 1.00e$e 1.02e$e" - - &&
		(
			cd scale$e &&
			rm -f "$TRASH"/counts/* &&
			git benchbisect run --metric --good main~8 --bad main -- measure >../out$e 2>/dev/null
		) &&
		sed -e "s/e$e//g" -e "s/[0-9a-f]\{40\}/SHA/" out$e >norm$e || return 1
	done &&
	grep "^first bad commit: SHA Tune the tile search, part 6 (#4106)$" norm+0 &&
	test_cmp norm+0 norm-100 &&
	test_cmp norm+0 norm+99
'
# A value that underflows a double (a subnormal, or 0 for 1e-400) would
# not read back as what was printed: no measurement either.
for tiny in 1e-310 -1e-400; do
	test_expect_success "--metric: a value of $tiny underflows: the commit is skipped with a warning" '
		metric_repo tiny'$tiny' - - - '$tiny' "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
		cd tiny'$tiny' &&
		rm -f "$TRASH"/counts/* &&
		git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
		grep -Fx "warning: '\''measure'\'' printed '\'''$tiny''\'' at $(short 4), neither 0 nor a finite number from 1e-100 to 1e+100 in magnitude: skipping the commit" ../err &&
		grep "^step 1: $(short 4) skip (exit 0): " ../err &&
		grep "^first bad commit: $(at 6) Tune the tile search, part 6 (#4106)$" ../out
	'
done

test_expect_success 'a platform and a date take the window from the dashboard' '
	bb_repo helion window_regression &&
	cd helion &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../dash.json &&
	git benchbisect run --file ../dash.json b200_cute 2026-09-10 -- \
		sh -c "! grep -q Rework helion/_compiler/cute/softmax.py" >../out 2>../err &&
	C=$(git log --format="%H %s" | sed -n "s/ \[cute\] Rework the softmax reduction pipeline (#3311)\$//p") &&
	cat >../expect <<-EOF &&
	first bad commit: $C [cute] Rework the softmax reduction pipeline (#3311)
	2 runs over 2 commits
	EOF
	test_cmp ../expect ../out &&
	git benchbisect run --slice-first --file ../dash.json b200_cute 2026-09-10 -- \
		sh -c "! grep -q Rework helion/_compiler/cute/softmax.py" >../out 2>../err &&
	test_cmp ../expect ../out &&
	sed -n "s/^step \([0-9]\): \([0-9a-f]*\) \([a-z]*\) .*/\1 \2 \3/p" ../err >../actual &&
	printf "1 %s bad\n2 %s good\n" $(echo $C | cut -c1-8) $(git rev-parse $C^ | cut -c1-8) >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'a platform and a date: --min-change defaults to half the dashboard step, the option wins' '
	cd helion &&
	cat >"$TRASH/bin/slow" <<-\EOF &&
	#!/bin/sh
	grep -q Rework helion/_compiler/cute/softmax.py && echo 1.15 || echo 1.00
	EOF
	chmod +x "$TRASH/bin/slow" &&
	git benchbisect run --metric --json --file ../dash.json b200_cute 2026-09-10 -- slow >../out 2>../err &&
	grep "^bisecting 4 commits in [0-9a-f]*\.\.[0-9a-f]* by a metric, at most 20 runs, --min-change 7.5% (half the dashboard.s step)$" ../err &&
	jq -c "[.status, .metric.min_change, .metric.min_change_from]" ../out >../actual &&
	echo "[\"found\",7.4958,\"dashboard\"]" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect run --metric --json --min-change 1 --file ../dash.json b200_cute 2026-09-10 -- slow >../out 2>../err &&
	jq -c "[.metric.min_change, .metric.min_change_from]" ../out >../actual &&
	echo "[1,\"option\"]" >../expect &&
	test_cmp ../expect ../actual
'

# %g writes 1000 as "1e+03": a percentage is read in fixed notation.
test_expect_success '--metric: percentages of 1000 and more print in fixed notation, never 1e+03%' '
	IMPORT_PERF="1.00 1.02 0.98" metric_repo tenfold - - - - "20.0 20.4 19.6" - - - &&
	cd tenfold &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --min-change 1000 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^bisecting 8 commits in [0-9a-f]*\.\.[0-9a-f]* by a metric, at most 25 runs, --min-change 1000%$" ../err &&
	echo "first bad commit: $(at 5) Tune the tile search, part 5 (#4105)" >../expect &&
	head -n 1 ../out >../actual &&
	test_cmp ../expect ../actual &&
	grep "^the step: 1[.0-9]* -> 20, +1[89][0-9][0-9]% (99.98% interval +1[0-9]*% to +[12][0-9]*%); probability " ../out &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --fresh --min-change 5000 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^no first bad commit: the bad end $(short 8) measures like the good end within 5000%: +1[89][0-9][0-9]% (" ../out &&
	! grep "e+0" ../out ../err
'

test_done
