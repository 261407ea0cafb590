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

# metric_repo <dir> <perf of commit 1..8...>: an import (1.00 1.02 0.98,
# or $IMPORT_PERF) and eight commits setting perf.txt to the given values
# ("-" keeps it).
metric_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		echo "${IMPORT_PERF:-1.00 1.02 0.98}" >perf.txt &&
		git add perf.txt &&
		helion_commit 2026-10-01T10:00:00Z README.md "Import the benchmark fixture (#4000)" &&
		shift &&
		i=0 &&
		for p in "$@"; do
			i=$((i + 1)) &&
			{ [ "$p" = - ] || { echo "$p" >perf.txt && git add perf.txt; }; } &&
			helion_commit "2026-10-0$((1 + (i + 1) / 2))T1$((i % 2 * 4)):00:00Z" "helion/step$i.py" \
				"Tune the tile search, part $i (#410$i)" || exit 1
		done
	)
}

short() {
	at $1 | cut -c1-8
}

test_expect_success 'setup' '
	metric_repo noisy - - - "0.92 0.85 0.93 0.99 1.00 0.98" "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	metric_repo flat "1.0 0.9 1.1" - - - - - - - &&
	metric_repo twostep "0.80 0.79 0.81" - - "0.92 0.85 0.95 0.99 0.97" "0.80 0.79 0.81" - - - &&
	metric_repo broken - - - broken "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	IMPORT_PERF="1.30 1.00 1.02 0.98 1.00" metric_repo outlier "1.00 1.02 0.98" - - - - "0.80 0.79 0.81" - -
'

test_expect_success '--metric: one run at each end, a run a commit while it leans clearly, the ends settled before a commit is given up, the boundary confirmed' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	grep -v "^measuring" ../err >../actual &&
	cat >../expect <<-EOF &&
	bisecting 8 commits in $(short 0)..$(short 8), at most about 4 verdicts
	good end: $(short 0) good (1, median 1): Import the benchmark fixture (#4000)
	bad end: $(short 8) bad (0.8, median 0.8): Tune the tile search, part 8 (#4108)
	step 1: $(short 4) skip, still unclear (0.92 0.85 0.93 0.99 1, median 0.93): Tune the tile search, part 4 (#4104)
	good end: $(short 0) good (1 1.02 0.98, median 1): Import the benchmark fixture (#4000)
	bad end: $(short 8) bad (0.8 0.79 0.81, median 0.8): Tune the tile search, part 8 (#4108)
	step 2: $(short 5) good (1, median 1): Tune the tile search, part 5 (#4105)
	step 3: $(short 6) bad (0.8, median 0.8): Tune the tile search, part 6 (#4106)
	confirm: $(short 5) good (1 1.02, median 1.01): Tune the tile search, part 5 (#4105)
	confirm: $(short 6) bad (0.8 0.79, median 0.795): Tune the tile search, part 6 (#4106)
	EOF
	test_cmp ../expect ../actual &&
	test $(cat "$TRASH"/counts/* | paste -sd+ | bc) = 15 &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
	15 runs over 5 commits
	EOF
	test_cmp ../expect ../out
'

# The good end's first run is an outlier (1.30 for 1.00): the commits
# at 1.00 sit between it and the bad end's 0.80. The first one tested
# stays unclear, so the ends get three runs each before it is given up;
# the good end's level is then 1.00, the commit is judged good again, and
# the search goes on to the culprit.
test_expect_success '--metric: an outlier at an end is outvoted before the commits judged against it are given up' '
	cd outlier &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^good end: $(short 0) good (1.3, median 1.3): " ../err &&
	grep "^good end: $(short 0) good (1.3 1 1.02, median 1.02): " ../err &&
	grep "^again: $(short 4) good (1 1.02 0.98 1 1.02, median 1): " ../err &&
	grep "^confirm: $(short 6) bad (0.8 0.79, median 0.795): " ../err &&
	grep "^first bad commit: $(at 6) Tune the tile search, part 6 (#4106)$" ../out
'

test_expect_success '--metric --jobs 3: the ends at once, then rounds, the same culprit' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --jobs 3 --json --good main~8 --bad main -- measure >../out 2>../err &&
	jq -r ".status, .culprit.sha" ../out >../actual &&
	printf "found\n%s\n" $(at 6) >../expect &&
	test_cmp ../expect ../actual &&
	test $(jq .rounds ../out) -le 6
'

test_expect_success '--repeat 1: a lean is never confirmed, so no culprit is guessed' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --repeat 1 --good main~8 --bad main -- measure >../out 2>../err &&
	grep "^no single first bad commit: skipped commits hide it; it is one of:$" ../out &&
	grep "^  $(at 6) " ../out &&
	grep "^7 runs over 7 commits$" ../out
'

test_expect_success '--metric: ends that measure alike are not reproduced (exit 1)' '
	cd flat &&
	test_expect_code 1 git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: the bad end $(short 8) measures like the good end
	17 runs over 5 commits
	EOF
	test_cmp ../expect ../out &&
	grep "^confirm: $(short 8) alike (1 0.9 1.1 1 0.9, median 1): " ../err
'

# Part 1 drops to 0.8, part 4 comes back near 1 (unclear after five
# runs), part 5 drops again: the boundary after part 1 leaves part 4 on
# the bad side, nearer the good level. Two steps, not one: no culprit.
test_expect_success '--metric: an unclear commit nearer the other level than its side names no culprit (exit 1)' '
	cd twostep &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: $(at 4) Tune the tile search, part 4 (#4104) measures against its side of the boundary at $(short 1)
	the window may hold more than one step, or more noise than the runs show
	15 runs over 6 commits
	EOF
	test_cmp ../expect ../out &&
	grep "^step 1: $(short 4) skip, still unclear (0.92 0.85 0.95 0.99 0.97, median 0.95): " ../err &&
	grep "^confirm: $(short 1) bad (0.8 0.79, median 0.795): " ../err &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --json --good main~8 --bad main -- measure >../out 2>../err &&
	jq -r ".status, .culprit, .misfit.sha, .misfit.subject" ../out >../actual &&
	printf "inconsistent\nnull\n%s\nTune the tile search, part 4 (#4104)\n" $(at 4) >../expect &&
	test_cmp ../expect ../actual &&
	(cd ../noisy && git benchbisect run --metric --json --good main~8 --bad main -- measure) >../out 2>../err &&
	jq -r ".status, .misfit" ../out >../actual &&
	printf "found\nnull\n" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--metric: a failing command makes the commit untestable (skip)' '
	cd broken &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	sed -n "s/^\([a-z0-9 ]*\): \([0-9a-f]*\) \([a-z]*\) (\([^)]*\)).*/\1 \2 \3 \4/p" ../err >../actual &&
	cat >../expect <<-EOF &&
	good end $(short 0) good 1, median 1
	bad end $(short 8) bad 0.8, median 0.8
	step 1 $(short 4) skip exit 3
	step 2 $(short 5) good 1, median 1
	step 3 $(short 6) bad 0.8, median 0.8
	confirm $(short 0) good 1 1.02, median 1.01
	confirm $(short 8) bad 0.8 0.79 0.81, median 0.8
	confirm $(short 5) good 1 1.02 0.98, median 1
	confirm $(short 6) bad 0.8 0.79, median 0.795
	EOF
	test_cmp ../expect ../actual &&
	grep "^first bad commit: $(at 6) " ../out
'

test_expect_success '--metric --json: values and medians of every step' '
	cd noisy &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --json --good main~8 --bad main -- measure >../out 2>/dev/null &&
	jq -c "[.status, .runs, .tested, (.steps[] | [.verdict, .median, (.values | length), (.exits | add)])]" ../out >../actual &&
	echo "[\"found\",15,5,[\"good\",1,1,0],[\"bad\",0.8,1,0],[\"skip, still unclear\",0.93,5,0],[\"good\",1,3,0],[\"bad\",0.8,3,0],[\"good\",1,1,0],[\"bad\",0.8,1,0],[\"good\",1.01,2,0],[\"bad\",0.795,2,0]]" >../expect &&
	test_cmp ../expect ../actual
'

for bad in inf nan 1e308 -inf; do
	test_expect_success "--metric: a value of $bad is not a measurement: the commit is skipped with a warning" '
		metric_repo huge'$bad' - - - '$bad' "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
		cd huge'$bad' &&
		rm -f "$TRASH"/counts/* &&
		git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
		grep -F "warning: '\''measure'\'' printed '\'''$bad''\'' at $(short 4), not a finite number within +-1e+300: skipping the commit" ../err &&
		grep "^step 1: $(short 4) skip (exit 0): " ../err &&
		cat >../expect <<-EOF &&
		first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
		11 runs over 5 commits
		EOF
		test_cmp ../expect ../out
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

test_done
