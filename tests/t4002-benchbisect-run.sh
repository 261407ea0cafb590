#!/bin/bash
# git benchbisect run: the search, its verdicts, and a scratch tree that
# leaves the user's checkout alone.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR

# The benchmark: logs where it ran and what the tree held, leaves a build
# product behind, and fails when perf.txt says slow. SKIP_AT, ABORT_AT and
# HANG_AT name commits where it exits 125, exits 200, or hangs; at WAIT_AT
# it waits for $TRASH/go before it goes on.
mkdir -p "$TRASH/bin" "$TMPDIR"
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_COMMIT $(ls | tr '\n' ' ')| $(ls helion/runtime 2>/dev/null)" >>"$TRASH/runs.log"
touch build-product.o
case "$BENCHBISECT_COMMIT" in
"$SKIP_AT") exit 125 ;;
"$ABORT_AT") exit 200 ;;
"$HANG_AT") echo $$ >"$TRASH/started"; exec sleep 30 ;;
"$WAIT_AT")
	echo $$ >"$TRASH/started"
	for i in $(seq 1 200); do test -f "$TRASH/go" && break; sleep 0.05; done ;;
esac
grep -q slow perf.txt && exit 1
exit 0
EOF
chmod +x "$TRASH/bin/bench"
PATH="$TRASH/bin:$PATH"

# subject_of <n>
subject_of() {
	git log -1 --format=%s "$(at $1)"
}

# step_verdicts <stderr file>: "<short sha> <verdict>" of each step.
step_verdicts() {
	sed -n "s/^step [0-9]*: \([0-9a-f]*\) \([a-z, ]*\) (.*/\1 \2/p" "$1"
}

# steps_are <n> <verdict> [<n> <verdict>]...: the steps in ../err tested
# commit n (at n) with that verdict, in this order, and no others.
steps_are() {
	step_verdicts ../err >../actual &&
	while test $# -gt 0; do
		echo "$(at $1 | cut -c1-8) $2" &&
		shift 2 || return 1
	done >../expect &&
	test_cmp ../expect ../actual
}

test_expect_success 'setup: a window of eight commits, a dirty checkout with a stash' '
	dirty_run_repo repo
'

test_expect_success 'the culprit in log2(N) runs, steps on stderr, result on stdout' '
	cd repo &&
	rm -f "$TRASH/runs.log" &&
	git benchbisect run --good main~8 --bad main -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	bisecting 8 commits in $(at 0 | cut -c1-8)..$(at 8 | cut -c1-8), at most about 4 verdicts
	step 1: $(at 4 | cut -c1-8) good (exit 0): $(subject_of 4)
	step 2: $(at 6 | cut -c1-8) bad (exit 1): $(subject_of 6)
	step 3: $(at 5 | cut -c1-8) good (exit 0): $(subject_of 5)
	EOF
	test_cmp ../expect ../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) [cute] Rework the softmax reduction pipeline (#4006)
	3 runs over 3 commits
	EOF
	test_cmp ../expect ../out &&
	test_line_count() { test $(wc -l <"$1") = "$2"; } &&
	test_line_count "$TRASH/runs.log" 3
'

test_expect_success 'each step sees exactly its commit: removed files gone, build products cleaned' '
	cd repo &&
	cut -d" " -f2- "$TRASH/runs.log" >../actual &&
	cat >../expect <<-\EOF &&
	README.md docs helion perf.txt | 
	README.md docs helion perf.txt | 
	README.md docs helion perf.txt | 
	EOF
	test_cmp ../expect ../actual &&
	rm -f "$TRASH/runs.log" &&
	test_expect_code 1 git benchbisect run --good main~8 --bad main~4 -- bench >../out 2>/dev/null &&
	grep "^no first bad commit: the bad end $(at 4 | cut -c1-8) tested good$" ../out &&
	cat >../expect <<-EOF &&
	$(at 2) README.md docs helion perf.txt | legacy_launcher.py
	$(at 3) README.md docs helion perf.txt | 
	$(at 4) README.md docs helion perf.txt | 
	EOF
	test_cmp ../expect "$TRASH/runs.log"
'

test_expect_success 'the user'\''s checkout, index, HEAD, refs and stash are untouched; nothing is left in TMPDIR' '
	cd repo &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after" &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

# plant_scratch <name> <pid> <host>: a scratch directory with an owner file.
plant_scratch() {
	mkdir -m 700 "$TMPDIR/$1" &&
	echo "benchbisect-scratch v1 pid=$2 host=$3" >"$TMPDIR/$1/owner"
}

test_expect_success 'a run killed with SIGKILL leaves its scratch directory; the next run removes only dead ones of its own' '
	cd repo &&
	rm -f "$TRASH/started" &&
	{ git-benchbisect run --kill-grace 0 --good main~8 --bad main -- \
		sh -c "echo \$PPID >\"\$TRASH/started.tmp\" && mv \"\$TRASH/started.tmp\" \"\$TRASH/started\" && exec sleep 30" \
		>/dev/null 2>&1 & } &&
	killed=$! &&
	for i in $(seq 1 200); do test -f "$TRASH/started" && break; sleep 0.05; done &&
	keeper=$(cat "$TRASH/started") &&
	kill -9 $killed &&
	{ wait $killed; test $? = 137; } &&
	for i in $(seq 1 200); do kill -0 $keeper 2>/dev/null || break; sleep 0.05; done &&
	! kill -0 $keeper 2>/dev/null &&
	ls "$TMPDIR" >../left &&
	grep -x "benchbisect-[A-Za-z0-9]\{6\}" ../left &&
	test $(wc -l <../left) = 1 &&
	dead=$(cat /proc/sys/kernel/pid_max) &&
	host=$(uname -n) &&
	plant_scratch benchbisect-dead01 $dead "$host" &&
	mkdir "$TMPDIR/benchbisect-dead01/tree" &&
	plant_scratch benchbisect-live01 $$ "$host" &&
	plant_scratch benchbisect-other1 $dead elsewhere.invalid &&
	plant_scratch benchbisect-locked $dead "$host" &&
	plant_scratch benchbisect-dead-x $dead "$host" &&
	plant_scratch target $dead "$host" &&
	ln -s target "$TMPDIR/benchbisect-link01" &&
	mkdir -m 700 "$TMPDIR/benchbisect-noown1" &&
	echo "benchbisect-scratch v1 pid=$dead host=$host trailing" >"$TMPDIR/benchbisect-noown1/owner" &&
	{ flock "$TMPDIR/benchbisect-locked/owner" sleep 30 & } &&
	holder=$! &&
	for i in $(seq 1 200); do
		flock -n "$TMPDIR/benchbisect-locked/owner" true || break
		sleep 0.05
	done &&
	{ git benchbisect run --good main~8 --bad main -- bench >../out 2>../err; rc=$?; } &&
	kill $holder &&
	{ wait $holder || :; } &&
	test $rc = 0 &&
	grep "^first bad commit: $(at 6) " ../out &&
	cat >../expect <<-\EOF &&
	benchbisect-dead-x
	benchbisect-link01
	benchbisect-live01
	benchbisect-locked
	benchbisect-noown1
	benchbisect-other1
	target
	EOF
	ls -A "$TMPDIR" >../actual &&
	test_cmp ../expect ../actual &&
	rm -rf "$TMPDIR"/*
'

test_expect_success 'the command'\''s PWD is its scratch tree, and it gets no OLDPWD' '
	cd repo &&
	test_expect_code 1 env OLDPWD=/home/you git benchbisect run --good main~8 --bad main -- \
		/usr/bin/env >../out 2>../err &&
	grep "^no first bad commit: the bad end $(at 8 | cut -c1-8) tested good$" ../out &&
	tree="$(cd "$TMPDIR" && pwd -P)/benchbisect-" &&
	grep "^PWD=\|^OLDPWD=" ../err | sed "s|=$tree[A-Za-z0-9]\{6\}/tree$|=tree|" >../actual &&
	for i in 1 2 3 4; do echo PWD=tree || return 1; done >../expect &&
	test_cmp ../expect ../actual &&
	sed -n "s/^BENCHBISECT_TREE=//p" ../err >../trees &&
	sed -n "s/^PWD=//p" ../err >../pwds &&
	test_cmp ../trees ../pwds
'

test_expect_success 'a Makefile that builds in $(PWD) builds in the scratch tree, never in the user'\''s clone' '
	run_repo clean &&
	printf "bench:\n\tmkdir -p \$(PWD)/build && echo built >\$(PWD)/build/artifact\n\tgrep -q fast \$(PWD)/perf.txt\n" >pwd.mk &&
	(
		cd clean &&
		rc=0 &&
		{ git benchbisect run --good main~8 --bad main -- make -s -f "$TRASH/pwd.mk" bench \
			>../out 2>/dev/null || rc=$?; } &&
		git status --porcelain --ignored >../status &&
		test_cmp /dev/null ../status &&
		test $rc = 0
	) &&
	cat >expect <<-EOF &&
	first bad commit: $(cd clean && at 6) [cute] Rework the softmax reduction pipeline (#4006)
	3 runs over 3 commits
	EOF
	test_cmp expect out &&
	ls -A "$TMPDIR" >left &&
	test_cmp /dev/null left
'

test_expect_success 'a skipped commit (exit 125): its neighbour is tested instead' '
	cd repo &&
	SKIP_AT=$(at 4) git benchbisect run --good main~8 --bad main -- bench >../out 2>../err &&
	steps_are 4 skip 5 good 6 bad &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep "^3 runs over 3 commits$" ../out
'

test_expect_success 'skipped commits that hide the culprit: exit 1 and the candidates' '
	cd repo &&
	test_expect_code 1 env SKIP_AT=$(at 6) git benchbisect run --good main~8 --bad main -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	no single first bad commit: skipped commits hide it; it is one of:
	  $(at 6) $(subject_of 6)
	  $(at 7) $(subject_of 7)
	4 runs over 4 commits
	EOF
	test_cmp ../expect ../out
'

# The bad end is bad only by assumption until it tests bad: skipped, it
# is a candidate as git bisect lists its given bad among the skipped ones.
test_expect_success 'the bad end skipped: no first bad commit is named, exit 1' '
	cd repo &&
	test_expect_code 1 env SKIP_AT=$(at 6) git benchbisect run --good main~4 --bad main~2 -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: the only candidate, the bad end, was skipped:
	  $(at 6) $(subject_of 6)
	2 runs over 2 commits
	EOF
	test_cmp ../expect ../out &&
	test_expect_code 1 git benchbisect run --json --good main~1 --bad main -- sh -c "exit 125" >../out 2>../err &&
	jq -c "[.status, .culprit, [.candidates[].sha]]" ../out >../actual &&
	echo "[\"only_skipped\",null,[\"$(at 8)\"]]" >../expect &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchbisect run --json --good main~3 --bad main -- sh -c "exit 125" >../out 2>../err &&
	jq -c "[.status, .culprit, [.candidates[].sha]]" ../out >../actual &&
	echo "[\"only_skipped\",null,[\"$(at 6)\",\"$(at 7)\",\"$(at 8)\"]]" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--json key: the measurement key, null with the notes off' '
	cd repo &&
	test_expect_code 1 git benchbisect run --json --good main~1 --bad main -- sh -c "exit 125" >../out 2>/dev/null &&
	test_expect_code 1 git -c benchbisect.notes=true benchbisect run --json --good main~1 --bad main -- \
		sh -c "exit 125" >../on 2>/dev/null &&
	jq -c .key ../out ../on | sed "s/[0-9a-f]\{16\}/KEY/" >../actual &&
	printf "null\n\"KEY\"\n" >../expect &&
	test_cmp ../expect ../actual &&
	git update-ref -d refs/notes/benchbisect &&
	grep -F "null with \\fBbenchbisect.notes=false\\fR" "$SRC_DIR/man/git-benchbisect.1"
'

test_expect_success 'the bad end not reproduced: exit 1' '
	cd repo &&
	test_expect_code 1 git benchbisect run --good main~8 --bad main~3 -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit: the bad end $(at 5 | cut -c1-8) tested good
	4 runs over 4 commits
	EOF
	test_cmp ../expect ../out
'

test_expect_success 'the good end bad: the move is older than the window, exit 1' '
	cd repo &&
	test_expect_code 1 git benchbisect run --good main~2 --bad main -- bench >../out 2>../err &&
	cat >../expect <<-EOF &&
	no first bad commit in the window: the good end $(at 6 | cut -c1-8) tested bad, so the move is older
	2 runs over 2 commits
	EOF
	test_cmp ../expect ../out
'

# At HANG_AT the command itself is deaf to SIGTERM, and so is its child
# (an ignored signal is inherited): both are still in its process group
# at the end of the grace period, and the group's SIGKILL named neither.
cat >"$TRASH/bin/deaf-hang" <<\EOF
#!/bin/sh
test "$BENCHBISECT_COMMIT" = "$HANG_AT" || exec bench
trap "" TERM
sleep 10
EOF
chmod +x "$TRASH/bin/deaf-hang"

test_expect_success 'a timed-out run: what its process group still runs at the SIGKILL is named' '
	cd repo &&
	HANG_AT=$(at 4) git benchbisect run --json --step-timeout 1 --kill-grace 1 --good main~8 --bad main -- \
		deaf-hang >../out 2>../err &&
	jq -r ".culprit.sha, (.steps[] | select(.sha == \"$(at 4)\") | .exits | map(tostring) | join(\" \"))" ../out >../actual &&
	printf "%s\n137 137\n" $(at 6) >../expect &&
	test_cmp ../expect ../actual &&
	jq -r ".strays[] | [.sha, .command, .killed] | @tsv" ../out | sort >../actual &&
	for i in 1 2; do
		printf "%s\t%s\ttrue\n" $(at 4) "/bin/sh $TRASH/bin/deaf-hang" $(at 4) "sleep 10" || return 1
	done | sort >../expect &&
	test_cmp ../expect ../actual &&
	grep "^warning: 2 processes of '\''deaf-hang'\'' at $(at 4 | cut -c1-8) still ran 1 s after SIGTERM, killed: [0-9]* '\''/bin/sh .*/deaf-hang'\'', [0-9]* '\''sleep 10'\''$" ../err >../killed &&
	test $(wc -l <../killed) = 2 &&
	ls -A "$TMPDIR" >../left &&
	test_must_be_empty ../left
'

test_expect_success 'an exit code above 127 aborts: exit 128, scratch tree removed' '
	cd repo &&
	test_expect_code 128 env ABORT_AT=$(at 4) git benchbisect run --good main~8 --bad main -- bench >../out 2>../err &&
	grep "^fatal: '\''bench'\'' exited with 200 at $(at 4 | cut -c1-8): stopping the bisection$" ../err &&
	test_cmp /dev/null ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'a command killed by a signal aborts, and the error names the signal' '
	cd repo &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- sh -c "kill -SEGV \$\$" >../out 2>../err &&
	echo "fatal: '\''sh'\'' died of signal 11 (Segmentation fault) at $(at 4 | cut -c1-8): stopping the bisection" >../expect &&
	tail -n 1 ../err >../actual &&
	test_cmp ../expect ../actual &&
	test_cmp /dev/null ../out &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- sh -c "exit 139" 2>../err &&
	echo "fatal: '\''sh'\'' exited with 139 at $(at 4 | cut -c1-8): stopping the bisection" >../expect &&
	tail -n 1 ../err >../actual &&
	test_cmp ../expect ../actual &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'a command that cannot run is an error, not a verdict' '
	cd repo &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- no-such-benchmark >../out 2>../err &&
	grep "^fatal: cannot run '\''no-such-benchmark'\'': No such file or directory$" ../err &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

# 127 (not found) from a shell the command runs: at the good end too, the
# command cannot run, as git bisect run checks ("bogus exit status");
# where the good end says otherwise, 127 is a bad verdict like any other.
test_expect_success 'exit 127 at the good end as elsewhere: the command cannot run (exit 128); else 127 is bad' '
	cd repo &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- sh -c no-such-tool >../out 2>../err &&
	test_must_be_empty ../out &&
	steps_are 4 bad 0 bad &&
	tail -n 1 ../err >../actual &&
	echo "fatal: bogus exit status 127 for good revision $(at 0 | cut -c1-8): '\''sh'\'' exits 127 there too, so the command cannot run (126: not executable, 127: not found)" >../expect &&
	test_cmp ../expect ../actual &&
	ls -A "$TMPDIR" >../left &&
	test_must_be_empty ../left &&
	git benchbisect run --good main~8 --bad main -- sh -c "! grep -q slow perf.txt || exit 127" >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	steps_are 4 good 6 bad 0 good 5 good
'

# A background job of a script starts with SIGINT ignored, and one of a
# suite run under nohup with SIGHUP ignored too (the command rightly
# keeps an ignored signal ignored: see the nohup test below).
for sig in INT TERM HUP; do
	test_expect_success "SIG$sig stops the command and removes the scratch tree" '
		cd repo &&
		rm -f "$TRASH/started" &&
		{ HANG_AT=$(at 4) env --default-signal=INT,HUP git-benchbisect run --good main~8 --bad main -- bench >../out 2>../err & } &&
		signal_when_started '$sig' $! &&
		ls -A "$TMPDIR" >../left &&
		test_cmp /dev/null ../left &&
		! kill -0 $(cat "$TRASH/started") 2>/dev/null &&
		snapshot >"$TRASH/after" &&
		test_cmp "$TRASH/before" "$TRASH/after"
	'
done

test_expect_success 'under nohup, SIGHUP does not stop the bisection' '
	cd repo &&
	rm -f "$TRASH/started" "$TRASH/go" &&
	{ WAIT_AT=$(at 4) nohup git-benchbisect run --good main~8 --bad main -- bench >../out 2>../err & } &&
	pid=$! &&
	for i in $(seq 1 200); do test -f "$TRASH/started" && break; sleep 0.05; done &&
	test -f "$TRASH/started" &&
	kill -HUP $pid &&
	touch "$TRASH/go" &&
	wait $pid &&
	grep "^first bad commit: $(at 6) " ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'a reader that goes away (SIGPIPE): the scratch tree is removed, exit 141' '
	cd repo &&
	{ git-benchbisect run --good main~8 --bad main -- sh -c "sleep 0.3; bench" 2>&1 >/dev/null; echo $? >../rc; } |
		head -n 1 >../first &&
	echo 141 >../expect &&
	test_cmp ../expect ../rc &&
	grep "^bisecting 8 commits" ../first &&
	left_alone
'

# The launcher: records its options and what it runs (benchbisect's
# wrapper: /bin/sh -c <script> benchbisect-run <record> <tree>, then the
# command) and the job's environment, then runs it (as `srun ... --`
# would on a cluster). LAUNCH_FAIL_AT makes it fail (exit 255, as ssh or
# srun do) at that commit, LAUNCH_FAIL_ONCE_AT only the first time there,
# LAUNCH_HANG_AT hang.
cat >"$TRASH/bin/launch" <<\XEOF
#!/bin/sh
opts=
while test "$1" != --; do opts="$opts $1"; shift; done
shift
cmd=$(shift 6; echo "$*")
echo "launch$opts -- $1 $2 $4 $(basename "$5") $(basename "$6") $cmd | $BENCHBISECT_COMMIT $BENCHBISECT_JOB $(basename "$(dirname "$BENCHBISECT_TREE")") $(test "$BENCHBISECT_TREE" = "$PWD" && echo in-tree)" >>"$TRASH/launch.log"
case "$BENCHBISECT_COMMIT" in
"$LAUNCH_FAIL_AT") echo "launch: no node for $BENCHBISECT_COMMIT" >&2; exit 255 ;;
"$LAUNCH_FAIL_ONCE_AT")
	if ! test -f "$TRASH/failed-once"; then
		: >"$TRASH/failed-once"
		echo "launch: lost the node" >&2
		exit 255
	fi ;;
"$LAUNCH_HANG_AT") echo $$ >>"$TRASH/hung"; exec sleep 30 ;;
esac
exec "$@"
XEOF
chmod +x "$TRASH/bin/launch"

test_expect_success '--jobs 2, 4, 8: the same culprit in fewer rounds, each job its own tree' '
	cd repo &&
	for n in 2 4 8; do
		rm -f "$TRASH/runs.log" &&
		git benchbisect run --jobs $n --good main~8 --bad main -- bench >../out 2>../err &&
		grep "^first bad commit: $(at 6) " ../out &&
		grep "^bisecting 8 commits in .*, $n at a time, at most about [0-9]* rounds$" ../err ||
		return 1
	done &&
	step_verdicts ../err | sort >../actual &&
	for i in 1 2 3 4 5 6 7 8; do
		v=good && test $i -lt 6 || v=bad
		echo "$(at $i | cut -c1-8) $v" || return 1
	done | sort >../expect &&
	test_cmp ../expect ../actual &&
	left_alone
'

test_expect_success '--jobs 4: a skip and a command failure in the middle of a round' '
	cd repo &&
	SKIP_AT=$(at 4) git benchbisect run --jobs 4 --good main~8 --bad main -- bench >../out 2>../err &&
	grep "^step [0-9]: $(at 4 | cut -c1-8) skip (exit 125): " ../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	test_expect_code 128 env ABORT_AT=$(at 3) git benchbisect run --jobs 4 --good main~8 --bad main -- bench >../out 2>../err &&
	grep "^fatal: '\''bench'\'' exited with 200 at $(at 3 | cut -c1-8): stopping the bisection$" ../err &&
	left_alone
'

test_expect_success 'on a terminal, a line per round: the commits in flight, then their verdicts' '
	cd repo &&
	script -qc "git-benchbisect run --jobs 4 --good main~8 --bad main -- bench" /dev/null >../tty &&
	tr -d "\r" <../tty | sed -n "s/ done in [0-9.]* s:/ done:/; /^round /p" >../actual &&
	cat >../expect <<-EOF &&
	round 1: $(at 1 | cut -c1-8) ..., $(at 2 | cut -c1-8) ..., $(at 3 | cut -c1-8) ..., $(at 4 | cut -c1-8) ...
	round 1 done: $(at 1 | cut -c1-8) good, $(at 2 | cut -c1-8) good, $(at 3 | cut -c1-8) good, $(at 4 | cut -c1-8) good
	round 2: $(at 5 | cut -c1-8) ..., $(at 6 | cut -c1-8) ..., $(at 7 | cut -c1-8) ..., $(at 8 | cut -c1-8) ...
	round 2 done: $(at 5 | cut -c1-8) good, $(at 6 | cut -c1-8) bad, $(at 7 | cut -c1-8) bad, $(at 8 | cut -c1-8) bad
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect run --jobs 4 --good main~8 --bad main -- bench 2>../err >/dev/null &&
	! grep "^round" ../err
'

test_expect_success '--launcher: the command runs under it, with BENCHBISECT_COMMIT, _JOB and _TREE' '
	cd repo &&
	rm -f "$TRASH/launch.log" "$TRASH/runs.log" &&
	git benchbisect run --jobs 3 --launcher "launch -G1 --time=30 --" --good main~8 --bad main -- bench --size 4096 >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	sed -n "s/^launch \(.*\) | \([0-9a-f]*\) \([0-9]\) benchbisect-.\{6\} in-tree$/\1 \3/p" "$TRASH/launch.log" | sort | uniq -c >../actual &&
	cat >../expect <<-EOF &&
	      1 -G1 --time=30 -- /bin/sh -c benchbisect-run status tree bench --size 4096 1
	      1 -G1 --time=30 -- /bin/sh -c benchbisect-run status tree bench --size 4096 2
	      1 -G1 --time=30 -- /bin/sh -c benchbisect-run status tree bench --size 4096 3
	EOF
	test_cmp ../expect ../actual &&
	cut -d" " -f1 "$TRASH/runs.log" | sort -u >../ran &&
	sed "s/.* | \([0-9a-f]*\) .*/\1/" "$TRASH/launch.log" | sort -u >../launched &&
	test_cmp ../launched ../ran
'

test_expect_success 'a window of one commit: its counts in the singular' '
	cd repo &&
	test_expect_code 1 git benchbisect run --good $(at 7) --bad $(at 8) -- true >../out 2>../err &&
	head -n 1 ../err >../actual &&
	echo "bisecting 1 commit in $(at 7 | cut -c1-8)..$(at 8 | cut -c1-8), at most about 2 verdicts" >../expect &&
	test_cmp ../expect ../actual &&
	tail -n 1 ../out >../actual &&
	echo "1 run over 1 commit" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect run -j2 --good $(at 5) --bad $(at 6) -- bench >../out 2>../err &&
	head -n 1 ../err >../actual &&
	echo "bisecting 1 commit in $(at 5 | cut -c1-8)..$(at 6 | cut -c1-8), 2 at a time, at most about 1 round" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'benchbisect.launcher from the config; --launcher "" and --no-launcher turn it off' '
	cd repo &&
	rm -f "$TRASH/launch.log" &&
	git -c benchbisect.launcher="launch --" benchbisect run --good main~8 --bad main -- bench >../out 2>/dev/null &&
	test $(wc -l <"$TRASH/launch.log") = 3 &&
	rm -f "$TRASH/launch.log" &&
	git -c benchbisect.launcher="launch --" benchbisect run --launcher "" --good main~8 --bad main -- bench >../out 2>/dev/null &&
	! test -f "$TRASH/launch.log" &&
	git -c benchbisect.launcher="launch --" benchbisect run --no-launcher --good main~8 --bad main -- bench >../out 2>/dev/null &&
	! test -f "$TRASH/launch.log" &&
	git benchbisect run --launcher "launch --" --no-launcher --good main~8 --bad main -- bench >../out 2>/dev/null &&
	! test -f "$TRASH/launch.log" &&
	git benchbisect run --no-launcher --launcher "launch --" --good main~8 --bad main -- bench >../out 2>/dev/null &&
	test $(wc -l <"$TRASH/launch.log") = 3
'

test_expect_success 'a launcher that fails once is tried again; the bisection goes on' '
	cd repo &&
	rm -f "$TRASH/launch.log" "$TRASH/failed-once" &&
	LAUNCH_FAIL_ONCE_AT=$(at 4) git benchbisect run --launcher "launch --" --good main~8 --bad main -- bench >../out 2>../err &&
	grep "^warning: the launcher failed at $(at 4 | cut -c1-8) without starting '\''bench'\'' (exit 255): trying once more$" ../err &&
	grep "^launch: lost the node$" ../err &&
	grep "^step 1: $(at 4 | cut -c1-8) good (exits 255 0): " ../err &&
	grep -c "| $(at 4) " "$TRASH/launch.log" >../count &&
	echo 2 >../expect &&
	test_cmp ../expect ../count &&
	grep "^first bad commit: $(at 6) " ../out
'

test_expect_success 'a launcher that fails twice in a row ends the bisection, naming it and its last line' '
	cd repo &&
	rm -f "$TRASH/launch.log" &&
	test_expect_code 128 env LAUNCH_FAIL_AT=$(at 4) git benchbisect run --launcher "launch --" \
		--good main~8 --bad main -- bench >../out 2>../err &&
	tail -n 1 ../err >../actual &&
	echo "fatal: the launcher '\''launch --'\'' failed twice in a row without starting '\''bench'\'' (exit 255): launch: no node for $(at 4)" >../expect &&
	test_cmp ../expect ../actual &&
	test $(wc -l <"$TRASH/launch.log") = 2 &&
	test_cmp /dev/null ../out &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'a launcher that hangs before the command starts: --queue-timeout stops its process group, twice is fatal' '
	cd repo &&
	rm -f "$TRASH/hung" &&
	test_expect_code 128 env LAUNCH_HANG_AT=$(at 4) git benchbisect run --step-timeout 1 --queue-timeout 1 \
		--launcher "launch --" --good main~8 --bad main -- bench >../out 2>../err &&
	grep "^warning: the launcher did not start '\''bench'\'' at $(at 4 | cut -c1-8) within 1 s (--queue-timeout): trying once more$" ../err &&
	tail -n 1 ../err >../actual &&
	echo "fatal: the launcher '\''launch --'\'' did not start '\''bench'\'' within 1 s twice in a row (--queue-timeout)" >../expect &&
	test_cmp ../expect ../actual &&
	! grep "took more than" ../err &&
	test $(wc -l <"$TRASH/hung") = 2 &&
	all_gone "$TRASH/hung" &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

test_expect_success 'SIGTERM in the middle of a round stops every job and removes every tree' '
	cd repo &&
	rm -f "$TRASH/hung" &&
	{ git-benchbisect run --jobs 4 --launcher "sh -c '\''echo \$\$ >>\"\$TRASH/hung\"; exec sleep 30'\'' --" \
		--good main~8 --bad main -- bench >../out 2>../err & } &&
	pid=$! &&
	for i in $(seq 1 200); do test "$(cat "$TRASH/hung" 2>/dev/null | wc -l)" = 4 && break; sleep 0.05; done &&
	test $(wc -l <"$TRASH/hung") = 4 &&
	ls -A "$TMPDIR" | wc -l >../trees &&
	echo 4 >../expect &&
	test_cmp ../expect ../trees &&
	kill -TERM $pid &&
	rc=0 && { wait $pid || rc=$?; } &&
	test $rc = 143 &&
	all_gone "$TRASH/hung" &&
	left_alone
'

# work_tree_hashes <repo>: the hash of every file of $TRASH/<repo> but .git.
work_tree_hashes() {
	(cd "$TRASH" && find "$1" -path "$1/.git" -prune -o -type f -print | sort | xargs sha256sum)
}

# The hostile benchmark: at its first run it swaps the tracked directory
# helion/ for a symlink to the user's checkout and perf.txt for one to a
# file outside the repository; any later checkout that followed them
# would write there.
cat >"$TRASH/bin/swap-for-symlinks" <<\EOF
#!/bin/sh
if ! test -f "$TRASH/swapped"; then
	: >"$TRASH/swapped"
	rm -rf helion perf.txt &&
	ln -s "$TRASH/victim/helion" helion &&
	ln -s "$TRASH/outside.txt" perf.txt
	exit 0
fi
exit 1
EOF
chmod +x "$TRASH/bin/swap-for-symlinks"

test_expect_success 'a command that swaps a tracked directory or file for a symlink writes nowhere else' '
	run_repo victim &&
	cd victim &&
	echo "uncommitted tuning" >>helion/language/layout.py &&
	echo "precious" >"$TRASH/outside.txt" &&
	cp helion/language/layout.py ../layout.before &&
	snapshot >../victim.before &&
	work_tree_hashes victim >../tree.before &&
	rm -f "$TRASH/swapped" &&
	git benchbisect run --good main~8 --bad main -- swap-for-symlinks >../out 2>../err &&
	test -f "$TRASH/swapped" &&
	test_cmp ../layout.before helion/language/layout.py &&
	echo precious >../expect &&
	test_cmp ../expect "$TRASH/outside.txt" &&
	snapshot >../victim.after &&
	test_cmp ../victim.before ../victim.after &&
	work_tree_hashes victim >../tree.after &&
	test_cmp ../tree.before ../tree.after &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

# A job reuses its directory from one commit to the next: the hostile
# benchmark first checks that the tree it runs in is exactly its commit's
# (with git, through an index of its own), then plants symlinks where the
# next checkout writes. At its first run: a symlink to a directory
# outside, deep in a tracked directory (helion/_compiler/cute, which the
# next commit adds a file to), and the tracked perf.txt swapped for a
# symlink to that directory. At its second: the tracked directory
# helion/_compiler swapped for a symlink to the user's checkout (the next
# commit removes a file from it) and perf.txt for one to the user's
# perf.txt (the next commit rewrites it).
cat >"$TRASH/bin/plant-symlinks" <<\EOF
#!/bin/sh
echo "$PWD" >>"$TRASH/trees.log"
(
	export GIT_DIR="$TRASH/victim2/.git" GIT_WORK_TREE="$PWD" GIT_INDEX_FILE="$TRASH/check-index" &&
	git read-tree "$BENCHBISECT_COMMIT" &&
	git update-index -q --refresh >/dev/null
	if git diff-files --quiet && test -z "$(git ls-files --others)"; then
		echo exact
	else
		echo "not exact: $(git diff-files --name-only) $(git ls-files --others)"
	fi
) >>"$TRASH/exact.log"
n=$(wc -l <"$TRASH/trees.log")
slow=$(grep -c slow perf.txt)
if test $n = 1; then
	ln -s "$TRASH/outside-dir" helion/_compiler/cute &&
	rm perf.txt && ln -s "$TRASH/outside-dir" perf.txt
elif test $n = 2; then
	rm -rf helion/_compiler && ln -s "$TRASH/victim2/helion/_compiler" helion/_compiler &&
	rm perf.txt && ln -s "$TRASH/victim2/perf.txt" perf.txt
fi
test $slow = 0
EOF
chmod +x "$TRASH/bin/plant-symlinks"

test_expect_success 'symlinks planted between two checkouts of one job are removed, never written through' '
	run_repo victim2 &&
	cd victim2 &&
	echo "uncommitted softmax work" >>helion/_compiler/cute/softmax.py &&
	mkdir "$TRASH/outside-dir" &&
	snapshot >../victim.before &&
	work_tree_hashes victim2 >../tree.before &&
	rm -f "$TRASH/trees.log" "$TRASH/exact.log" &&
	git benchbisect run --good main~8 --bad main -- plant-symlinks >../out 2>../err &&
	steps_are 4 good 6 bad 5 good &&
	grep "^first bad commit: $(at 6) " ../out &&
	printf "exact\nexact\nexact\n" >../expect &&
	test_cmp ../expect "$TRASH/exact.log" &&
	sort -u "$TRASH/trees.log" | wc -l >../actual &&
	echo 1 >../expect &&
	test_cmp ../expect ../actual &&
	ls -A "$TRASH/outside-dir" >../actual &&
	test_cmp /dev/null ../actual &&
	snapshot >../victim.after &&
	test_cmp ../victim.before ../victim.after &&
	work_tree_hashes victim2 >../tree.after &&
	test_cmp ../tree.before ../tree.after &&
	ls -A "$TMPDIR" >../left &&
	test_cmp /dev/null ../left
'

. "$TEST_DIR/lib/bash-complete.sh"

test_expect_success 'bash completes the options of run from its own table, not the classifier'\''s' '
	cd repo &&
	bash_complete benchbisect run --la >../actual &&
	echo "--launcher=" >../expect &&
	test_cmp ../expect ../actual &&
	bash_complete benchbisect run --step >../actual &&
	echo "--step-timeout=" >../expect &&
	test_cmp ../expect ../actual &&
	bash_complete benchbisect run --noise >../actual &&
	! grep . ../actual &&
	bash_complete benchbisect --la >../actual &&
	! grep . ../actual
'

test_expect_success '--slice-first tests the slice commit, then its parent' '
	cd repo &&
	git benchbisect run --slice "\[cute\]" --slice-first --good main~8 --bad main -- bench >../out 2>../err &&
	steps_are 6 bad 5 good &&
	grep "^first bad commit: $(at 6) " ../out &&
	grep "^2 runs over 2 commits$" ../out
'

test_expect_success '--json: the culprit, the steps and the runs' '
	cd repo &&
	git benchbisect run --json --good main~8 --bad main -- bench >../out 2>/dev/null &&
	jq -c "[.status, .culprit.sha, .commits, .runs, .tested, [.steps[] | .verdict], .last_good_nightly.sha, .first_bad_nightly.sha]" ../out >../actual &&
	echo "[\"found\",\"$(at 6)\",8,3,3,[\"good\",\"bad\",\"good\"],\"$(at 0)\",\"$(at 8)\"]" >../expect &&
	test_cmp ../expect ../actual
'

# The answer is "culprit"; the dashboard ends say they are nightlies, so
# `jq .first_bad` cannot read an end for the answer (it is absent).
test_expect_success '--json: the keys of the contract, the answer named culprit' '
	cd repo &&
	git benchbisect run --json --good main~8 --bad main -- bench >../out 2>/dev/null &&
	jq -c keys_unsorted ../out >../actual &&
	echo "[\"status\",\"culprit\",\"candidates\",\"last_good_nightly\",\"first_bad_nightly\",\"commits\",\"runs\",\"tested\",\"rounds\",\"recorded_runs\",\"key\",\"steps\",\"metric\",\"strays\"]" >../expect &&
	test_cmp ../expect ../actual &&
	jq -r ".first_bad, .first_bad_commit, .culprit.subject" ../out >../actual &&
	printf "null\nnull\n[cute] Rework the softmax reduction pipeline (#4006)\n" >../expect &&
	test_cmp ../expect ../actual
'

test_done
