#!/bin/bash
# git benchbisect run --jobs with --repeat: the runs one commit surely
# needs go to the free jobs at once, each in its own tree, with the same
# verdicts as one at a time; --metric probes distinct commits a round.
# Every run of a commit, repeated or tried once more, starts in exactly
# its tree, whatever the run before it left there.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/pair"

# The benchmark: fails (with METRIC, prints 0.80) where perf.txt says
# slow, logs the job and tree of each run. At PAIR_AT it waits (up to
# 10 s) for a second run of that commit to be under way at the same time,
# and logs whether one came; with PAIR_FIRST_ALONE the first run there
# does not wait (the one at each end of --metric). Then at SKIP_AT it
# exits 125, at ABORT_AT 200, and at HANG_AT it hangs.
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_COMMIT $BENCHBISECT_JOB $(basename "$(dirname "$BENCHBISECT_TREE")")" >>"$TRASH/jobs.log"
if test "$BENCHBISECT_COMMIT" = "$PAIR_AT"; then
	if test -n "$PAIR_FIRST_ALONE" && mkdir "$TRASH/pair/first" 2>/dev/null; then
		state=first
	else
		: >"$TRASH/pair/job$BENCHBISECT_JOB"
		state=alone
		for i in $(seq 1 200); do
			test $(ls "$TRASH/pair" | grep -c job) -ge 2 && state=paired && break
			sleep 0.05
		done
	fi
	echo "$state" >>"$TRASH/pair.log"
fi
case "$BENCHBISECT_COMMIT" in
"$SKIP_AT") exit 125 ;;
"$ABORT_AT") exit 200 ;;
"$HANG_AT") echo $$ >>"$TRASH/hung"; exec sleep 30 ;;
esac
slow=$(grep -c slow perf.txt)
test -z "$METRIC" && exit $slow
echo "measuring $BENCHBISECT_COMMIT"
test $slow = 0 && echo 1.00 || echo 0.80
EOF
chmod +x "$TRASH/bin/bench"
PATH="$TRASH/bin:$PATH"

# fresh: forget the runs of the last test.
fresh() {
	rm -rf "$TRASH/pair" "$TRASH/pair.log" "$TRASH/jobs.log" "$TRASH/hung" &&
	mkdir "$TRASH/pair"
}

# paired_at_5 <exit code> [<NAME=value>...]: bisect with --jobs 4
# --repeat 3 and that environment, stderr to ../err; its stdout must be
# ../expect, commit 5 (in round 2 with 6, 7 and the bad end, which do not
# wait) must have had its two runs at once in two jobs (a run that waited for the other in vain says "alone";
# one stopped by the other's failure says nothing), and nothing may be
# left behind.
paired_at_5() {
	code=$1 &&
	shift &&
	fresh &&
	test_expect_code $code env PAIR_AT=$(at 5) "$@" \
		git benchbisect run --jobs 4 --repeat 3 --good main~8 --bad main -- bench >../out 2>../err &&
	test_cmp ../expect ../out &&
	ls "$TRASH/pair" >../markers &&
	printf "job%s\n" $(grep "^$(at 5) " "$TRASH/jobs.log" | cut -d" " -f2) | sort >../expect-markers &&
	test_cmp ../expect-markers ../markers &&
	test $(wc -l <../markers) = 2 &&
	! grep alone "$TRASH/pair.log" &&
	left_alone
}

short() {
	at $1 | cut -c1-8
}

test_expect_success 'setup: a window of eight commits, a dirty checkout with a stash' '
	dirty_run_repo repo
'

test_expect_success '--jobs 4 --repeat 3: a commit still running when the rest of its round is done gets two jobs at once' '
	cd repo &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	16 runs over 8 commits
	EOF
	paired_at_5 0 &&
	test $(grep "^$(at 5) " "$TRASH/jobs.log" | cut -d" " -f3 | sort -u | wc -l) = 2 &&
	grep "^step [1-8]: $(short 5) good (exits 0 0): " ../err
'

test_expect_success '--jobs 4 --repeat 3: a skip in the runs at once skips the commit, both runs reported' '
	cd repo &&
	{
		echo "no single first bad commit: skipped commits hide it; it is one of:" &&
		for i in 5 6; do echo "  $(at $i) $(git log -1 --format=%s $(at $i))" || return 1; done &&
		echo "16 runs over 8 commits"
	} >../expect &&
	paired_at_5 1 SKIP_AT=$(at 5) &&
	grep "^step [1-8]: $(short 5) skip (exits 125 125): " ../err
'

test_expect_success '--jobs 4 --repeat 3: a failure in the runs at once stops them all, every tree removed' '
	cd repo &&
	: >../expect &&
	paired_at_5 128 ABORT_AT=$(at 5) &&
	grep "^fatal: '\''bench'\'' exited with 200 at $(short 5): stopping the bisection$" ../err
'

test_expect_success 'SIGTERM while two runs of one commit are under way stops both, every tree removed' '
	cd repo &&
	fresh &&
	{ PAIR_AT=$(at 5) HANG_AT=$(at 5) git-benchbisect run --jobs 4 --repeat 3 --good main~8 --bad main \
		-- bench >../out 2>../err & } &&
	pid=$! &&
	for i in $(seq 1 200); do test "$(cat "$TRASH/hung" 2>/dev/null | wc -l)" = 2 && break; sleep 0.05; done &&
	test $(wc -l <"$TRASH/hung") = 2 &&
	kill -TERM $pid &&
	rc=0 && { wait $pid || rc=$?; } &&
	test $rc = 143 &&
	printf "paired\npaired\n" >../expect &&
	test_cmp ../expect "$TRASH/pair.log" &&
	all_gone "$TRASH/hung" &&
	left_alone
'

# The benchmark of perf.txt, but bad (exit 3; with METRIC, 5.00) wherever
# an earlier run left its mark: a build product, or an edit to a tracked
# file. At HANG_AT it leaves them and hangs.
cat >"$TRASH/bin/leaves-marks" <<\EOF
#!/bin/sh
if test -e leftover || grep -q edited perf.txt; then
	test -n "$METRIC" && echo 5.00 && exit 0
	exit 3
fi
: >leftover && echo edited >>perf.txt
test "$BENCHBISECT_COMMIT" = "$HANG_AT" && exec sleep 30
slow=$(grep -c slow perf.txt)
test -z "$METRIC" && exit $slow
test $slow = 0 && echo 1.00 || echo 0.80
EOF
chmod +x "$TRASH/bin/leaves-marks"

# exits_of <stderr file>: "<short sha> <verdict> (<exits>)" of each step, sorted.
exits_of() {
	sed -n "s/^step [0-9]*: \([0-9a-f]*\) \(.*)\): .*/\1 \2/p" "$1" | sort
}

test_expect_success '--repeat 3: each run of a commit starts in exactly its tree, not in what the last one left' '
	cd repo &&
	git benchbisect run --repeat 3 --good main~8 --bad main -- leaves-marks >../out 2>../err &&
	cat >../expect <<-EOF &&
	bisecting 8 commits in $(short 0)..$(short 8), at most about 4 verdicts
	step 1: $(short 4) good (exits 0 0): $(git log -1 --format=%s $(at 4))
	step 2: $(short 6) bad (exits 1 1): $(git log -1 --format=%s $(at 6))
	step 3: $(short 5) good (exits 0 0): $(git log -1 --format=%s $(at 5))
	first bad commit: $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	6 runs over 3 commits
	EOF
	cat ../err ../out >../actual &&
	test_cmp ../expect ../actual &&
	left_alone
'

test_expect_success '--jobs 3 --repeat 3: every job runs its commit again in exactly its tree' '
	cd repo &&
	git benchbisect run --jobs 3 --repeat 3 --good main~8 --bad main -- leaves-marks >../out 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	6 runs over 3 commits
	EOF
	test_cmp ../expect ../out &&
	for i in 4 5 6; do
		v="good (exits 0 0)" && test $i -lt 6 || v="bad (exits 1 1)"
		echo "$(short $i) $v" || return 1
	done | sort >../expect &&
	exits_of ../err >../actual &&
	test_cmp ../expect ../actual &&
	left_alone
'

test_expect_success '--step-timeout: the run tried once more starts in exactly its tree, not the half-built one' '
	cd repo &&
	HANG_AT=$(at 4) git benchbisect run --kill-grace 1 --step-timeout 1 --good main~8 --bad main -- \
		leaves-marks >../out 2>../err &&
	cat >../expect <<-EOF &&
	bisecting 8 commits in $(short 0)..$(short 8), at most about 4 verdicts
	warning: '\''leaves-marks'\'' at $(short 4) took more than 1 s: trying once more
	warning: '\''leaves-marks'\'' at $(short 4) took more than 1 s: skipping the commit
	step 1: $(short 4) skip (timed out twice: exit 143): $(git log -1 --format=%s $(at 4))
	EOF
	head -4 ../err >../actual &&
	test_cmp ../expect ../actual &&
	grep "^first bad commit: $(at 6) " ../out &&
	left_alone
'

test_expect_success '--metric --step-timeout: the run tried once more starts in exactly its tree too' '
	cd repo &&
	METRIC=1 HANG_AT=$(at 4) git benchbisect run --metric --kill-grace 1 --step-timeout 1 \
		--good main~8 --bad main -- leaves-marks >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	cat >../expect <<-EOF &&
	warning: '\''leaves-marks'\'' at $(short 4) took more than 1 s: trying once more
	warning: '\''leaves-marks'\'' at $(short 4) took more than 1 s: skipping the commit
	step 1: $(short 4) skip (timed out twice: exit 143): $(git log -1 --format=%s $(at 4))
	EOF
	grep " $(short 4) " ../err >../actual &&
	test_cmp ../expect ../actual &&
	! grep "[ (]5[ ,)]" ../err &&
	left_alone
'

test_expect_success '--jobs 3: a commit testing good after one that tested bad is warned of' '
	cd repo &&
	fresh &&
	cat >"$TRASH/bin/bad-at-4" <<-EOF &&
	#!/bin/sh
	test "\$BENCHBISECT_COMMIT" = $(at 4) && exit 1
	exec bench
	EOF
	chmod +x "$TRASH/bin/bad-at-4" &&
	git benchbisect run --jobs 3 --good main~8 --bad main -- bad-at-4 >../out 2>../err &&
	grep "^first bad commit: $(at 4) " ../out &&
	grep "^step [1-9]: $(short 5) good (exit 0): " ../err &&
	grep -Fx "warning: the verdicts contradict each other: $(short 5) tested good after $(short 4) tested bad (a flaky command, or a change undone and made again): check the answer, or use --repeat" ../err &&
	left_alone
'

test_expect_success '--metric --jobs 8: one run of each probe a round, distinct commits, the culprit named' '
	cd repo &&
	fresh &&
	METRIC=1 git benchbisect run --metric --jobs 8 --good main~6 --bad main~2 -- bench >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	cut -d" " -f1 "$TRASH/jobs.log" | head -5 | sort | uniq -d >../twice &&
	test_cmp /dev/null ../twice &&
	left_alone
'

test_done
