#!/bin/bash
# git benchbisect run under a launcher, before the command starts (issue
# 20): --step-timeout counts from the wrapper's record of the start, not
# from the launch; --queue-timeout (benchbisect.queueTimeout) bounds the
# wait for it; a node that does not see the scratch path is caught at the
# first launch; --scratch-dir (benchbisect.scratchDir) chooses the path,
# never one inside a work tree. The launchers here are fakes (t4013 has
# the real Slurm), as is docs/run-jobs.md's launcher for several GPUs of one
# machine.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
mkdir -p "$TMPDIR" "$TRASH/bin" "$TRASH/shared"
PATH="$TRASH/bin:$PATH"
export TMPDIR

test_expect_success 'setup' '
	slow_repo repo
'

# The benchmark: records where its tree is, fails where perf.txt says slow.
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_TREE" >>"$TRASH/trees"
! grep -q slow perf.txt
EOF
# queued <seconds> --: a launcher whose jobs wait in a queue that long.
cat >"$TRASH/bin/queued" <<\EOF
#!/bin/sh
sleep $1
shift 2
exec "$@"
EOF
# elsewhere --: a node that does not mount $SHARED, the scratch directory:
# it is not there while the command runs.
cat >"$TRASH/bin/elsewhere" <<\EOF
#!/bin/sh
shift
mv "$SHARED" "$SHARED.unmounted" || exit 1
"$@"
s=$?
mv "$SHARED.unmounted" "$SHARED"
exit $s
EOF
chmod +x "$TRASH/bin/bench" "$TRASH/bin/queued" "$TRASH/bin/elsewhere"

test_expect_success '--step-timeout counts from the start: 1.5 s in the queue, 1 s to run' '
	cd repo &&
	git benchbisect run --step-timeout 1 --launcher "queued 1.5 --" --good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	! grep "took more than" ../err
'

test_expect_success '--queue-timeout: a launcher that does not start the command in time failed, twice is fatal' '
	cd repo &&
	rm -f "$TRASH/trees" &&
	test_expect_code 128 git benchbisect run --queue-timeout 1 --launcher "queued 30 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	bisecting 10 commits in $(git rev-parse --short=8 main~10)..$(git rev-parse --short=8 main), at most about 5 verdicts
	warning: the launcher did not start '\''bench'\'' at $(git rev-parse --short=8 main~5) within 1 s (--queue-timeout): trying once more
	fatal: the launcher '\''queued 30 --'\'' did not start '\''bench'\'' within 1 s twice in a row (--queue-timeout)
	EOF
	test_cmp ../expect ../err &&
	test_cmp /dev/null ../out &&
	! test -e "$TRASH/trees" &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'benchbisect.queueTimeout is the default; --queue-timeout 0 waits' '
	cd repo &&
	test_expect_code 128 git -c benchbisect.queueTimeout=1 benchbisect run --launcher "queued 30 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	tail -n1 ../err >../actual &&
	echo "fatal: the launcher '\''queued 30 --'\'' did not start '\''bench'\'' within 1 s twice in a row (--queue-timeout)" >../expect &&
	test_cmp ../expect ../actual &&
	git -c benchbisect.queueTimeout=1 benchbisect run --queue-timeout 0 --launcher "queued 1.5 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	test_expect_code 128 git -c benchbisect.queueTimeout=soon benchbisect run --launcher "queued 0 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	echo "fatal: bad numeric config value '\''soon'\'' for '\''benchbisect.queueTimeout'\'': not an integer from 0 to 2147483647" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success '--scratch-dir (benchbisect.scratchDir) is where the trees are made, and removed' '
	cd repo &&
	rm -f "$TRASH/trees" &&
	git benchbisect run --scratch-dir "$TRASH/shared" --good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	! grep -v "^$TRASH/shared/benchbisect-[A-Za-z0-9]\{6\}/tree$" "$TRASH/trees" &&
	rm "$TRASH/trees" &&
	git -c benchbisect.scratchDir="$TRASH/shared" benchbisect run --good main~10 --bad main -- bench >../out 2>../err &&
	! grep -v "^$TRASH/shared/benchbisect-[A-Za-z0-9]\{6\}/tree$" "$TRASH/trees" &&
	ls -A "$TRASH/shared" "$TMPDIR" >../left &&
	printf "%s:\n\n%s:\n" "$TRASH/shared" "$TMPDIR" >../expect &&
	test_cmp ../expect ../left
'

test_expect_success 'an empty --scratch-dir is a usage error, an empty benchbisect.scratchDir names the key' '
	cd repo &&
	test_expect_code 129 git benchbisect run --scratch-dir "" --good main~10 --bad main -- bench >../out 2>../err &&
	head -n 1 ../err >../actual &&
	echo "error: --scratch-dir needs a directory" >../expect &&
	test_cmp ../expect ../actual &&
	test_expect_code 128 git -c benchbisect.scratchDir= benchbisect run --good main~10 --bad main -- bench >../out 2>../err &&
	echo "fatal: empty value for '\''benchbisect.scratchDir'\'': give a directory or unset it" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success '--no-queue-timeout, --no-scratch-dir, --no-kill-grace: the defaults, not the config' '
	cd repo &&
	git -c benchbisect.queueTimeout=1 benchbisect run --no-queue-timeout --launcher "queued 1.5 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	git benchbisect run --queue-timeout 1 --no-queue-timeout --launcher "queued 1.5 --" \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	rm -f "$TRASH/trees" &&
	git -c benchbisect.scratchDir="$TRASH/shared" benchbisect run --no-scratch-dir \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	test -s "$TRASH/trees" &&
	! grep -v "^$TMPDIR/benchbisect-[A-Za-z0-9]\{6\}/tree$" "$TRASH/trees" &&
	git -c benchbisect.scratchDir= benchbisect run --scratch-dir "$TRASH/shared" --no-scratch-dir \
		--good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	for opt in queue-timeout:queueTimeout kill-grace:killGrace; do
		git -c benchbisect.${opt#*:}=soon benchbisect run --no-${opt%:*} \
			--good main~10 --bad main -- bench >../out 2>../err &&
		grep "^first bad commit: $(git rev-parse main~3) " ../out || return 1
	done &&
	git benchbisect run --kill-grace 99999 --no-kill-grace --good main~10 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out
'

test_expect_success 'a --scratch-dir inside a work tree is refused, as a TMPDIR there is' '
	cd repo &&
	mkdir -p .scratch &&
	test_expect_code 128 git benchbisect run --scratch-dir .scratch --good main~10 --bad main -- bench >../out 2>../err &&
	echo "fatal: the scratch trees would be in '\''$PWD/.scratch'\'', inside the git repository '\''$PWD/.git'\'': a job'\''s git would use it; set --scratch-dir (benchbisect.scratchDir) to a directory outside any work tree" >../expect &&
	test_cmp ../expect ../err &&
	rmdir .scratch
'

test_expect_success 'a scratch path the node does not see: fatal at the first launch, which says so' '
	cd repo &&
	rm -f "$TRASH/trees" &&
	test_expect_code 128 env SHARED="$TRASH/shared" git benchbisect run --scratch-dir "$TRASH/shared" \
		--launcher "elsewhere --" --good main~10 --bad main -- bench >../out 2>../err &&
	sed -n 2p ../err >../actual &&
	grep "^benchbisect-run: no scratch tree here: $TRASH/shared/benchbisect-[A-Za-z0-9]\{6\}/tree$" ../actual &&
	tail -n1 ../err >../actual &&
	grep "^fatal: the launcher '\''elsewhere --'\'' runs '\''bench'\'' where its scratch tree '\''$TRASH/shared/benchbisect-[A-Za-z0-9]\{6\}/tree'\'' does not exist: the scratch trees must be on a path the nodes share; choose it with --scratch-dir or benchbisect.scratchDir$" ../actual &&
	test $(wc -l <../err) = 3 &&
	! test -e "$TRASH/trees" &&
	ls -A "$TRASH/shared" >../left &&
	test_cmp /dev/null ../left
'

# docs/run-jobs.md's launcher for one machine with several GPUs.
cat >"$TRASH/bin/gpu-bench" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_JOB $CUDA_VISIBLE_DEVICES" >>"$TRASH/gpus"
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/gpu-bench"

test_expect_success 'a launcher maps BENCHBISECT_JOB to CUDA_VISIBLE_DEVICES' '
	cd repo &&
	rm -f "$TRASH/gpus" &&
	git benchbisect run --jobs 2 --launcher '\''env CUDA_VISIBLE_DEVICES=$((BENCHBISECT_JOB - 1))'\'' \
		--good main~10 --bad main -- gpu-bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~3) " ../out &&
	sort -u "$TRASH/gpus" >../actual &&
	printf "1 0\\n2 1\\n" >../expect &&
	test_cmp ../expect ../actual
'

test_done
