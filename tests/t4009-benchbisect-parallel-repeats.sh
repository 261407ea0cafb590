#!/bin/bash
# git benchbisect run --jobs with --repeat or --metric: the runs one
# commit surely needs go to the free jobs at once, each in its own tree,
# with the same verdicts as one at a time.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/pair"

# The benchmark: fails (or, with --metric in mind, prints 0.8) where
# perf.txt says slow, logs the job and tree of each run. At PAIR_AT it
# waits (up to 10 s) for a second run of that commit to be under way at
# the same time, and logs whether one came; with PAIR_FIRST_ALONE the
# first run there does not wait (the one at each end of --metric).
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_COMMIT $BENCHBISECT_JOB $(basename "$BENCHBISECT_TREE")" >>"$TRASH/jobs.log"
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
test -n "$SKIP_AT" && test "$BENCHBISECT_COMMIT" = "$SKIP_AT" && exit 125
if test -n "$METRIC"; then
	echo "measuring $BENCHBISECT_COMMIT"
	grep -q slow perf.txt && echo 0.80 || echo 1.00
	exit 0
fi
grep -q slow perf.txt && exit 1
exit 0
EOF
chmod +x "$TRASH/bin/bench"
PATH="$TRASH/bin:$PATH"

# fresh: forget the runs of the last test.
fresh() {
	rm -rf "$TRASH/pair" "$TRASH/pair.log" "$TRASH/jobs.log" &&
	mkdir "$TRASH/pair"
}

# snapshot: everything of the user's checkout that must not change.
snapshot() {
	git status --porcelain=v1 --untracked-files=all &&
	git rev-parse HEAD &&
	git symbolic-ref HEAD &&
	git for-each-ref &&
	git stash list &&
	sha256sum .git/index &&
	ls .git
}

short() {
	at $1 | cut -c1-8
}

test_expect_success 'setup: a window of eight commits, a dirty checkout with a stash' '
	run_repo repo &&
	cd repo &&
	echo "local tuning" >>docs/tiles.md &&
	git stash -q &&
	echo "work in progress" >>README.md &&
	echo "untracked" >scratch.txt &&
	snapshot >"$TRASH/before"
'

test_expect_success '--jobs 4 --repeat 3: a lone commit in its round gets two jobs at once' '
	cd repo &&
	fresh &&
	PAIR_AT=$(at 5) git benchbisect run --jobs 4 --repeat 3 --good main~8 --bad main -- bench >../out 2>../err &&
	printf "paired\npaired\n" >../expect-paired &&
	test_cmp ../expect-paired "$TRASH/pair.log" &&
	grep "^$(at 5) " "$TRASH/jobs.log" | cut -d" " -f2 | sort -u | wc -l >../jobs &&
	grep "^$(at 5) " "$TRASH/jobs.log" | cut -d" " -f3 | sort -u | wc -l >../trees &&
	echo 2 >../two &&
	test_cmp ../two ../jobs &&
	test_cmp ../two ../trees &&
	grep "^step 5: $(short 5) good (exits 0 0): " ../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	10 runs over 5 commits
	EOF
	test_cmp ../expect ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after"
'

test_expect_success '--jobs 4 --repeat 3: a skip in the runs at once skips the commit, both runs reported' '
	cd repo &&
	fresh &&
	test_expect_code 1 env PAIR_AT=$(at 5) SKIP_AT=$(at 5) \
		git benchbisect run --jobs 4 --repeat 3 --good main~8 --bad main -- bench >../out 2>../err &&
	test_cmp ../expect-paired "$TRASH/pair.log" &&
	grep "^step 5: $(short 5) skip (exits 125 125): " ../err &&
	cat >../expect <<-EOF &&
	no single first bad commit: skipped commits hide it; it is one of:
	  $(at 5) Share the layout helpers between backends (#4005)
	  $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	10 runs over 5 commits
	EOF
	test_cmp ../expect ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success '--metric --jobs 8: the runs the confirmation surely needs at the bad end go at once' '
	cd repo &&
	fresh &&
	METRIC=1 PAIR_AT=$(at 6) PAIR_FIRST_ALONE=1 git benchbisect run --metric --jobs 8 --good main~6 --bad main~2 \
		-- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	first
	paired
	paired
	EOF
	test_cmp ../expect "$TRASH/pair.log" &&
	grep "^first bad commit: $(at 6) " ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after"
'

test_done
