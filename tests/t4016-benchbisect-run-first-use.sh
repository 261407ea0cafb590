#!/bin/bash
# git benchbisect run, as a new user first meets it: a benchmark script
# that is not in the tested commits (untracked, or absent), and a
# benchmark whose output says more than a number (--metric-pattern,
# benchbisect.metricPattern).
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/counts"

# The user's own benchmark script, good on a fast tree.
cat >"$TRASH/mybench.sh" <<\EOF
#!/bin/sh
grep -q fast perf.txt
EOF
chmod +x "$TRASH/mybench.sh"

# A benchmark that reports as people's do: the latency in a sentence, the
# next of three values each run (a counter per commit), then a last line.
cat >"$TRASH/bin/latency" <<\EOF
#!/bin/sh
f="$TRASH/counts/$BENCHBISECT_COMMIT"
n=$(cat "$f" 2>/dev/null || echo 0)
echo $((n + 1)) >"$f"
if grep -q fast perf.txt; then set -- 1.00 1.02 0.98; else set -- 0.80 0.79 0.81; fi
shift $((n % 3))
echo "warming up: 3 iterations"
echo "softmax latency: $1 ms"
echo "done"
EOF
chmod +x "$TRASH/bin/latency"

# A launcher that runs what follows its "--".
cat >"$TRASH/bin/pass" <<\EOF
#!/bin/sh
while test "$1" != --; do shift; done
shift
exec "$@"
EOF
chmod +x "$TRASH/bin/pass"
PATH="$TRASH/bin:$PATH"

short() {
	at $1 | cut -c1-8
}

# In "tracked", bench.sh is committed at both ends (good on a fast tree);
# the work tree's copy says "good" everywhere.
test_expect_success 'setup' '
	run_repo repo &&
	run_repo tracked &&
	(
		cd tracked &&
		git checkout -q main~8 &&
		cp "$TRASH/mybench.sh" bench.sh &&
		git add bench.sh &&
		git commit -q --amend --no-edit &&
		git rebase -q --onto HEAD main~8 main &&
		printf "#!/bin/sh\nexit 0\n" >bench.sh
	)
'

test_expect_success 'an untracked script given by a relative path runs from the work tree, with a note' '
	cd repo &&
	cp "$TRASH/mybench.sh" . &&
	git benchbisect run --good main~8 --bad main -- ./mybench.sh >../out 2>../err &&
	echo "note: '\''./mybench.sh'\'' is not in commit $(short 0); running '\''$PWD/mybench.sh'\'' from your work tree" >../expect &&
	head -n 1 ../err >../actual &&
	test_cmp ../expect ../actual &&
	grep "^first bad commit: $(at 6) " ../out &&
	printf "#!/bin/sh\ngrep -q fast ../perf.txt\n" >upbench.sh &&
	chmod +x upbench.sh &&
	cd helion &&
	git benchbisect run -q --good main~8 --bad main -- ../upbench.sh >../../out 2>../../err &&
	grep "^first bad commit: $(at 6) " ../../out &&
	test_must_be_empty ../../err
'

test_expect_success 'a script in neither the commit nor the work tree: the error says where it ran, and what would work' '
	cd repo &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- ./nobench.sh >../out 2>../err &&
	echo "fatal: cannot run '\''./nobench.sh'\'': No such file or directory; it runs in a scratch checkout of each commit, where untracked files do not exist: give its absolute path (such as '\''$PWD/nobench.sh'\'')" >../expect &&
	grep -v "^bisecting" ../err >../actual &&
	test_cmp ../expect ../actual &&
	test_must_be_empty ../out &&
	test_expect_code 128 git benchbisect run --launcher "pass --" --good main~8 --bad main -- ./nobench.sh >../out 2>../err &&
	echo "fatal: cannot run '\''./nobench.sh'\'' under the launcher at <sha>: not found; it runs in a scratch checkout of each commit, where untracked files do not exist: give its absolute path (such as '\''$PWD/nobench.sh'\'')" >../expect &&
	tail -n 1 ../err | sed "s/ at [0-9a-f]\{8\}: / at <sha>: /" >../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'a pasted path with control characters is printed escaped' '
	cd repo &&
	name=$(printf "./my\\033[31mbench\\a.sh") &&
	cp "$TRASH/mybench.sh" "$name" &&
	git benchbisect run --good main~8 --bad main -- "$name" >../out 2>../err &&
	grep "^note: '\''./my\\\\e\[31mbench\\\\a.sh'\'' is not in commit $(short 0); running '\''$PWD/my\\\\e\[31mbench\\\\a.sh'\'' from your work tree$" ../err &&
	! grep -q "$(printf "\\033")" ../err &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- "$name.gone" 2>../err &&
	grep "^fatal: cannot run '\''./my\\\\e\[31mbench\\\\a.sh.gone'\''" ../err &&
	! grep -q "$(printf "\\033")" ../err
'

test_expect_success 'a script that is in both ends runs as committed, not from the work tree' '
	cd tracked &&
	git benchbisect run --good main~8 --bad main -- ./bench.sh >../out 2>../err &&
	! grep "^note:" ../err &&
	grep "^first bad commit: $(at 6) " ../out
'

test_expect_success '--metric-pattern: the first group of the last matching line is the metric' '
	cd repo &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric-pattern "latency: ([0-9.]+) ms" --good main~8 --bad main -- latency >../out 2>../err &&
	grep "^good end: $(short 0) good (1, median 1): " ../err &&
	grep "^bad end: $(short 8) bad (0.8, median 0.8): " ../err &&
	grep "^first bad commit: $(at 6) " ../out
'

test_expect_success 'benchbisect.metricPattern: the pattern of --metric, which --metric-pattern overrides' '
	cd repo &&
	rm -f "$TRASH"/counts/* &&
	git -c benchbisect.metricPattern="latency: ([0-9.]+) ms" benchbisect run --metric \
		--good main~8 --bad main -- latency >../out 2>../err &&
	grep "^bad end: $(short 8) bad (0.8, median 0.8): " ../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	git -c benchbisect.metricPattern="latency: ([0-9.]+) ms" benchbisect run \
		--good main~8 --bad main -- ./mybench.sh >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep "^step 1: $(short 4) good (exit 0): " ../err &&
	test_expect_code 1 git -c benchbisect.metricPattern="latency: ([0-9.]+) ms" benchbisect run \
		--metric-pattern "([0-9]+) iterations" --good main~8 --bad main -- latency >../out 2>../err &&
	grep "^good end: $(short 0) good (3, median 3): " ../err &&
	grep "^no first bad commit: the bad end $(short 8) measures like the good end within " ../out
'

test_expect_success '--no-metric-pattern: the last line is the number, whatever benchbisect.metricPattern says' '
	cd repo &&
	rm -f "$TRASH"/counts/* &&
	for opt in "" "--metric-pattern (x)"; do
		test_expect_code 128 git -c benchbisect.metricPattern="latency: ([0-9.]+) ms" benchbisect run --metric \
			$opt --no-metric-pattern --good main~8 --bad main -- latency >../out 2>../err &&
		echo "fatal: '\''latency'\'' printed no number at $(short 0) (its last line: '\''done'\'')" >../expect &&
		tail -n 1 ../err >../actual &&
		test_cmp ../expect ../actual || return 1
	done
'

test_expect_success '--metric-pattern implies --metric for --min-change and --confidence; the configured pattern does not' '
	cd repo &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric-pattern "latency: ([0-9.]+) ms" --min-change 5 --confidence 99.9 \
		--good main~8 --bad main -- latency >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	for opt in "--min-change 5" "--confidence 99.9"; do
		test_expect_code 129 git -c benchbisect.metricPattern="latency: ([0-9.]+) ms" benchbisect run \
			$opt --good main~8 --bad main -- latency 2>../err &&
		grep "^error: ${opt%% *} needs --metric$" ../err || return 1
	done
'

test_expect_success '--metric-pattern without a capture group, or invalid: usage error 129 with the reason' '
	cd repo &&
	test_expect_code 129 git benchbisect run --metric-pattern "latency: [0-9.]+" --good main~8 --bad main -- latency 2>../err &&
	grep "^error: --metric-pattern: metric pattern '\''latency: \[0-9.\]+'\'' has no capture group" ../err &&
	test_expect_code 129 git benchbisect run --metric-pattern "latency: ([0-9.]+" --good main~8 --bad main -- latency 2>../err &&
	grep "^error: --metric-pattern: invalid metric pattern '\''latency: (\[0-9.\]+'\'': missing closing parenthesis at offset 17$" ../err &&
	test_expect_code 128 git -c benchbisect.metricPattern="(" benchbisect run --metric --good main~8 --bad main -- latency 2>../err &&
	grep "^fatal: benchbisect.metricPattern: invalid metric pattern '\''('\'': missing closing parenthesis" ../err
'

test_expect_success '--metric-pattern matching no line: the run measured nothing, as a last line without a number' '
	cd repo &&
	test_expect_code 128 git benchbisect run --metric-pattern "throughput: ([0-9.]+)" --good main~8 --bad main -- latency >../out 2>../err &&
	grep "^fatal: '\''latency'\'' printed no line matching the metric pattern '\''throughput: (\[0-9.\]+)'\'' at $(short 0) (its last line: '\''done'\'')$" ../err &&
	test_expect_code 128 git benchbisect run --metric-pattern "(warming) up" --good main~8 --bad main -- latency >../out 2>../err &&
	grep "^fatal: '\''latency'\'' printed no number at $(short 0) (the metric pattern'\''s group: '\''warming'\'')$" ../err
'

# Python's logging writes to standard error: a benchmark that logs its
# number prints nothing on standard output, where --metric reads it.
test_expect_success '--metric: a run that prints nothing on standard output says so' '
	cd repo &&
	cat >"$TRASH/bin/logs-latency" <<-\EOF2 &&
	#!/bin/sh
	echo "INFO:bench:softmax latency: 1.00 ms" >&2
	echo "1.00" >&2
	EOF2
	chmod +x "$TRASH/bin/logs-latency" &&
	echo "fatal: '\''logs-latency'\'' printed nothing on standard output at $(short 0) (--metric reads the number there, not on standard error)" >../expect &&
	for opt in --metric "--metric-pattern latency:.([0-9.]+)"; do
		test_expect_code 128 git benchbisect run $opt --good main~8 --bad main -- logs-latency >../out 2>../err &&
		tail -n 1 ../err >../actual &&
		test_cmp ../expect ../actual || return 1
	done
'

# In "subdir", bench/ holds the benchmark, which reads ../perf.txt, at
# every commit but three: commit 2 lacks bench/, in commit 5 it is a
# symlink out of the tree (to $TRASH/outside), in commit 6 a file.
# Commit 4 makes it slow.
test_expect_success 'setup: a benchmark in a subdirectory that some commits lack' '
	mkdir -p "$TRASH/outside" &&
	printf "#!/bin/sh\ntouch \"\$TRASH/escaped\"\n" >"$TRASH/outside/run.sh" &&
	chmod +x "$TRASH/outside/run.sh" &&
	git init -q -b main subdir &&
	(
		cd subdir &&
		mkdir bench &&
		printf "#!/bin/sh\necho \"\$PWD \$(pwd -P)\" >>\"\$TRASH/pwds\"\ngrep -q fast ../perf.txt\n" >bench/run.sh &&
		chmod +x bench/run.sh &&
		echo fast >perf.txt &&
		git add bench perf.txt &&
		test_commit_at 2026-10-01T10:00:00Z "Import the benchmark" &&
		test_commit_at 2026-10-01T11:00:00Z "Step 1" n.txt &&
		git rm -rq bench &&
		test_commit_at 2026-10-01T12:00:00Z "Step 2: no bench" n.txt &&
		git checkout -q main~2 -- bench &&
		test_commit_at 2026-10-01T13:00:00Z "Step 3: bench is back" n.txt &&
		echo slow >perf.txt &&
		git add perf.txt &&
		test_commit_at 2026-10-01T14:00:00Z "Step 4: slow" n.txt &&
		git rm -rq bench &&
		ln -s "$TRASH/outside" bench &&
		git add bench &&
		test_commit_at 2026-10-01T15:00:00Z "Step 5: bench is a symlink" n.txt &&
		git rm -q bench &&
		echo file >bench &&
		git add bench &&
		test_commit_at 2026-10-01T16:00:00Z "Step 6: bench is a file" n.txt &&
		git rm -q bench &&
		git checkout -q main~2 -- bench &&
		test_commit_at 2026-10-01T17:00:00Z "Step 7: bench is back" n.txt
	)
'

test_expect_success 'from a subdirectory, the command runs in that directory of each commit, PWD naming it' '
	cd subdir/bench &&
	rm -f "$TRASH/pwds" &&
	git benchbisect run --good main~7 --bad main -- ./run.sh >../../out 2>../../err &&
	echo "first bad commit: $(git rev-parse main~3) Step 4: slow" >../../expect &&
	head -n 1 ../../out >../../actual &&
	test_cmp ../../expect ../../actual &&
	test -s "$TRASH/pwds" &&
	! grep -v "^$TMPDIR/benchbisect-[A-Za-z0-9]*/tree/bench $TMPDIR/benchbisect-[A-Za-z0-9]*/tree/bench$" "$TRASH/pwds" &&
	rm -f "$TRASH/pwds" &&
	git benchbisect run --launcher "pass --" --good main~7 --bad main -- ./run.sh >../../out 2>../../err &&
	head -n 1 ../../out >../../actual &&
	test_cmp ../../expect ../../actual &&
	test -s "$TRASH/pwds" &&
	! grep -v "^$TMPDIR/benchbisect-[A-Za-z0-9]*/tree/bench $TMPDIR/benchbisect-[A-Za-z0-9]*/tree/bench$" "$TRASH/pwds"
'

test_expect_success 'a commit without that directory, or with a symlink or a file there, is skipped, never followed' '
	cd subdir/bench &&
	short() { git rev-parse --short=8 "$@"; } &&
	rm -f "$TRASH/escaped" &&
	git benchbisect run --fresh --jobs 3 --good main~4 --bad main -- ./run.sh >../../out 2>../../err &&
	cat >../../expect <<-EOF &&
	warning: cannot test $(short main~2): its '\''bench/'\'' is a file or a symlink, never followed (where you are: the command runs there): skipping the commit
	step 1: $(short main~2) skip (not run): Step 5: bench is a symlink
	warning: cannot test $(short main~1): its '\''bench/'\'' is a file or a symlink, never followed (where you are: the command runs there): skipping the commit
	step 2: $(short main~1) skip (not run): Step 6: bench is a file
	step 3: $(short main~3) bad (exit 1): Step 4: slow
	step 4: $(short main~4) good (exit 0): Step 3: bench is back
	EOF
	sed 1d ../../err >../../actual &&
	test_cmp ../../expect ../../actual &&
	grep "^first bad commit: $(git rev-parse main~3) Step 4: slow$" ../../out &&
	! test -e "$TRASH/escaped" &&
	git benchbisect run --json --fresh --jobs 3 --good main~4 --bad main -- ./run.sh >../../out 2>/dev/null &&
	jq -c ".steps[] | select(.sha == \"$(git rev-parse main~2)\") | [.verdict, .exits]" ../../out >../../actual &&
	echo "[\"skip\",[]]" >../../expect &&
	test_cmp ../../expect ../../actual &&
	git benchbisect run --fresh --good main~6 --bad main -- ./run.sh >../../out 2>../../err &&
	grep -Fx "warning: cannot test $(short main~5): it has no directory '\''bench/'\'' (where you are: the command runs there): skipping the commit" ../../err &&
	grep "^step [0-9]: $(short main~5) skip (not run): Step 2: no bench$" ../../err &&
	grep "^first bad commit: $(git rev-parse main~3) Step 4: slow$" ../../out &&
	! test -e "$TRASH/escaped"
'

# Every commit between would be skipped, one warning each, and the run
# would find nothing: an end without the directory stops it up front.
test_expect_success 'an end without the directory where you are stops the run before it starts' '
	cd subdir/bench &&
	short() { git rev-parse --short=8 "$@"; } &&
	test_expect_code 128 git benchbisect run --fresh --good main~5 --bad main -- ./run.sh >../../out 2>../../err &&
	echo "fatal: the good end $(short main~5) has no directory '\''bench/'\'' (where you are: the command runs there); run from a directory both ends have" >../../expect &&
	test_cmp ../../expect ../../err &&
	test_must_be_empty ../../out &&
	test_expect_code 128 git benchbisect run --fresh --good main~4 --bad main~1 -- ./run.sh >../../out 2>../../err &&
	echo "fatal: the bad end $(short main~1) has no directory '\''bench/'\'' (where you are: the command runs there); run from a directory both ends have" >../../expect &&
	test_cmp ../../expect ../../err &&
	mkdir ../new &&
	cd ../new &&
	test_expect_code 128 git benchbisect run --fresh --good main~4 --bad main -- "$TRASH/mybench.sh" >../../out 2>../../err &&
	echo "fatal: the good end $(short main~4) has no directory '\''new/'\'' (where you are: the command runs there); run from a directory both ends have" >../../expect &&
	test_cmp ../../expect ../../err
'

# git bisect run would get 127 (not found) from the shell at a commit
# that lacks the script both ends have, and call it bad.
test_expect_success 'a script both ends have but a commit lacks: that commit is skipped, with a warning' '
	git init -q -b main gap &&
	(
		cd gap &&
		cp "$TRASH/mybench.sh" bench.sh &&
		echo fast >perf.txt &&
		git add bench.sh perf.txt &&
		test_commit_at 2026-10-01T10:00:00Z "Import the benchmark" &&
		test_commit_at 2026-10-01T11:00:00Z "Step 1" n.txt &&
		git rm -q bench.sh &&
		test_commit_at 2026-10-01T12:00:00Z "Step 2: no bench.sh" n.txt &&
		git checkout -q main~2 -- bench.sh &&
		test_commit_at 2026-10-01T13:00:00Z "Step 3: bench.sh is back" n.txt &&
		echo slow >perf.txt &&
		git add perf.txt &&
		test_commit_at 2026-10-01T14:00:00Z "Step 4: slow" n.txt
	) &&
	cd gap &&
	git benchbisect run --fresh --good main~4 --bad main -- ./bench.sh >../out 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(git rev-parse main) Step 4: slow
	2 runs over 2 commits
	EOF
	test_cmp ../expect ../out &&
	grep -Fx "warning: cannot test $(git rev-parse --short=8 main~2): it has no '\''./bench.sh'\'' (the command, which both ends have): skipping the commit" ../err &&
	grep "^step [0-9]: $(git rev-parse --short=8 main~2) skip (not run): Step 2: no bench.sh$" ../err &&
	! grep "^fatal:" ../err
'

test_done
