#!/bin/bash
# git benchbisect run on a real single-node Slurm (issue 20): munged,
# slurmctld and slurmd on 127.0.0.1 under the test's directory
# (tests/lib/slurm.sh, docs/slurm-test.md). The benchmark runs in Slurm
# steps; ending a run (--step-timeout, SIGINT, SIGTERM) leaves no job in
# the queue; a launcher that cannot start anything is fatal; inside an
# allocation, --jobs 2 runs two steps at once; a node that does not see
# the scratch path is caught at the first launch. Skipped where Slurm
# cannot start (not root); CI runs as root.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/slurm.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

SLURM_DIR="$TRASH/slurm"
trap 'slurm_stop; test_cleanup' EXIT
trap 'exit 130' INT HUP TERM
if ! slurm_start >"$TRASH/slurm-why"; then
	echo "1..0 # SKIP Slurm cannot start here: $(cat "$TRASH/slurm-why")"
	exit 0
fi

TMPDIR="$TRASH/tmp"
mkdir -p "$TMPDIR" "$TRASH/bin"
PATH="$TRASH/bin:$PATH"
export TMPDIR

test_expect_success 'setup: a repository, Slurm answering srun' '
	slow_repo repo &&
	srun -n1 printenv SLURM_JOB_ID >job &&
	grep "^[0-9][0-9]*$" job
'

# The benchmark: logs its Slurm job and step, and when it ran; fails where
# perf.txt says slow; hangs (as $TRASH/started says) at $HANG_AT.
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
echo "$SLURM_JOB_ID $SLURM_STEP_ID $(date +%s.%N) start" >>"$TRASH/steps"
if test "$BENCHBISECT_COMMIT" = "$HANG_AT"; then
	: >"$TRASH/started"
	exec sleep 300
fi
sleep ${BENCH_SLEEP:-0}
echo "$SLURM_JOB_ID $SLURM_STEP_ID $(date +%s.%N) end" >>"$TRASH/steps"
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/bench"

# queue_empty <case>: no job in Slurm's queue within 5 s; how long it took
# goes to $TRASH/timings, printed at the end.
queue_empty() {
	local t0=$(date +%s.%N)
	slurm_wait 5 slurm_queue_empty &&
	printf "# %s: the queue was empty %.3f s after the run ended\n" "$1" \
		"$(echo "$(date +%s.%N) - $t0" | bc)" >>"$TRASH/timings" ||
	{ squeue >&2; return 1; }
}

test_expect_success 'the culprit through srun steps, each its own job' '
	cd repo &&
	rm -f "$TRASH/steps" &&
	git benchbisect run --launcher "srun -n1 --" --good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	cut -d" " -f1 "$TRASH/steps" | sort -u >../jobs &&
	test $(wc -l <../jobs) -ge 2 &&
	! grep -v "^[0-9][0-9]* " "$TRASH/steps" &&
	queue_empty srun
'

test_expect_success '--step-timeout: the hung step is stopped, its job cancelled, twice' '
	cd repo &&
	rm -f "$TRASH/steps" &&
	HANG_AT=$(git rev-parse main~5) git benchbisect run --step-timeout 1 --launcher "srun -n1 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	grep "^warning: '\''bench'\'' at $(git rev-parse --short=8 main~5) took more than 1 s: trying once more$" ../err &&
	grep "^warning: '\''bench'\'' at $(git rev-parse --short=8 main~5) took more than 1 s: skipping the commit$" ../err &&
	! grep "still ran" ../err &&
	queue_empty --step-timeout
'

for sig in INT TERM; do
	test_expect_success "SIG$sig: the bisection dies of it, and no job is left in the queue" '
		cd repo &&
		rm -f "$TRASH/started" &&
		{ HANG_AT=$(git rev-parse main~5) env --default-signal=INT git-benchbisect run \
			--launcher "srun -n1 --" --good main~10 --bad main -- bench >../out 2>../err & } &&
		signal_when_started '$sig' $! &&
		queue_empty SIG'$sig' &&
		ls -A "$TMPDIR" >../left &&
		test_cmp /dev/null ../left
	'
done

# A shim on PATH counts the launches of the real srun.
mkdir "$TRASH/shim"
cat >"$TRASH/shim/srun" <<EOF
#!/bin/sh
echo launch >>"\$TRASH/launches"
exec $(command -v srun) "\$@"
EOF
chmod +x "$TRASH/shim/srun"

test_expect_success 'srun -p nosuch: fatal naming the launcher and its error, after two launches' '
	cd repo &&
	rm -f "$TRASH/launches" &&
	test_expect_code 128 env PATH="$TRASH/shim:$PATH" git benchbisect run --launcher "srun -p nosuch --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	echo "fatal: the launcher '\''srun -p nosuch --'\'' failed twice in a row without starting '\''bench'\'' (exit 1): srun: error: Unable to allocate resources: Invalid partition name specified" >../expect &&
	tail -n1 ../err >../actual &&
	test_cmp ../expect ../actual &&
	test $(wc -l <"$TRASH/launches") -le 3 &&
	test_cmp /dev/null ../out
'

# overlaps <steps log>: some two runs were under way at the same time.
overlaps() {
	python3 - "$1" <<-\PY
	import sys
	runs = {}
	for line in open(sys.argv[1]):
	    job, step, t, what = line.split()
	    runs.setdefault((job, step), {})[what] = float(t)
	spans = sorted((r["start"], r["end"]) for r in runs.values() if len(r) == 2)
	sys.exit(0 if any(b[0] < a[1] for a, b in zip(spans, spans[1:])) else 1)
	PY
}

test_expect_success 'inside salloc -n 2: srun --exact -n1 -c1 steps of one job, two at once' '
	cd repo &&
	rm -f "$TRASH/steps" &&
	BENCH_SLEEP=1 salloc -Q -n 2 git benchbisect run --jobs 2 --launcher "srun --exact -n1 -c1 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	cut -d" " -f1 "$TRASH/steps" | sort -u >../jobs &&
	test $(wc -l <../jobs) = 1 &&
	cut -d" " -f1,2 "$TRASH/steps" | sort -u >../job-steps &&
	test $(wc -l <../job-steps) -ge 4 &&
	overlaps "$TRASH/steps" &&
	queue_empty salloc
'

# A node whose scratch path is another file system (an empty tmpfs in a
# mount namespace of its own): the tree is not there where the step runs.
test_expect_success 'a scratch path the node does not see: fatal at the first launch' '
	cd repo &&
	mkdir -p "$TRASH/scratch" &&
	test_expect_code 128 git -c benchbisect.scratchDir="$TRASH/scratch" benchbisect run \
		--launcher "srun -n1 -- unshare -m sh -c '\''mount -t tmpfs tmpfs \"\$0\" && exec \"\$@\"'\'' $TRASH/scratch" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^benchbisect-run: no scratch tree here: $TRASH/scratch/benchbisect-[A-Za-z0-9]\{6\}/tree$" ../err &&
	tail -n1 ../err >../actual &&
	grep "^fatal: the launcher '\''srun -n1 -- unshare .*'\'' runs '\''bench'\'' where its scratch tree '\''$TRASH/scratch/benchbisect-[A-Za-z0-9]\{6\}/tree'\'' does not exist: the scratch trees must be on a path the nodes share; choose it with --scratch-dir or benchbisect.scratchDir$" ../actual &&
	test $(grep -c "^benchbisect-run: no scratch tree here" ../err) = 1 &&
	ls -A "$TRASH/scratch" >../left &&
	test_cmp /dev/null ../left &&
	queue_empty preflight
'

cat "$TRASH/timings" 2>/dev/null
test_done
