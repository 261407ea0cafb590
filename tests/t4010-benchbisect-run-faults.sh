#!/bin/bash
# git benchbisect run against what a job leaves behind and what leaks into
# it (issue 19): background processes that outlive the command and attack
# the next checkout, setsid and double-forked daemons, a checkout raced by
# a process we cannot kill, the repository variables of the user's
# environment, a TMPDIR inside the clone, launchers that cannot work,
# stopping a launcher that needs time to cancel, and read-only
# directories left for a user who is not root.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
# The user's uncommitted work that the attacks aim at.
VICTIM="$TRASH/user/src"
export TMPDIR VICTIM
mkdir -p "$TMPDIR" "$TRASH/bin"
PATH="$TRASH/bin:$PATH"

# src_repo <dir>: sixteen commits after an import, each rewriting
# src/n.txt; the tenth makes the benchmark slow.
src_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		mkdir src &&
		echo 0 >src/n.txt &&
		echo "keep" >src/keep.txt &&
		echo fast >perf.txt &&
		git add src perf.txt &&
		helion_commit 2026-10-01T10:00:00Z README.md "Import the benchmark fixture (#5000)" &&
		for i in $(seq 1 16); do
			echo $i >src/n.txt &&
			{ test $i -lt 10 || echo slow >perf.txt; } &&
			git add src/n.txt perf.txt &&
			helion_commit "2026-10-02T$(printf %02d $i):00:00Z" docs/n$i.md "Step $i (#50$(printf %02d $i))" ||
			exit 1
		done
	)
}

# In the user's checkout: uncommitted work under src/ ($VICTIM), and its
# state for user_files_unchanged.
user_work() {
	echo "local tuning, not committed" >src/n.txt &&
	echo "mine" >src/mine.txt &&
	(cd "$TRASH" && find user/src -type f | sort | xargs sha256sum) >"$TRASH/src.before" &&
	snapshot >"$TRASH/before"
}

user_files_unchanged() {
	(cd "$TRASH" && find user/src -type f | sort | xargs sha256sum) >"$TRASH/src.after" &&
	test_cmp "$TRASH/src.before" "$TRASH/src.after" &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after"
}

# No scratch tree is left, nor made again by anything still running.
no_tree_left() {
	ls -A "$TMPDIR" >"$TRASH/left" &&
	test_cmp /dev/null "$TRASH/left" &&
	sleep 0.5 &&
	ls -A "$TMPDIR" >"$TRASH/left" &&
	test_cmp /dev/null "$TRASH/left"
}

test_expect_success 'setup: sixteen commits, uncommitted work under src/' '
	src_repo user &&
	(cd user && user_work)
'

# The benchmark: fails where perf.txt says slow.
cat >"$TRASH/bin/bench" <<\EOF
#!/bin/sh
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/bench"

# The job of issue 19, exactly, in three shapes: its loop a background
# subshell, a setsid daemon, or a double fork; each records its pid.
cat >"$TRASH/bin/attack" <<\EOF
#!/bin/sh
( sh -c 'echo $PPID' >>"$TRASH/attack.pids"; while :; do rm -rf "$BENCHBISECT_TREE/src"; ln -sfn "$VICTIM" "$BENCHBISECT_TREE/src"; done ) & ! grep -q slow perf.txt
EOF
cat >"$TRASH/bin/attack-setsid" <<\EOF
#!/bin/sh
setsid sh -c 'echo $$ >>"$TRASH/attack.pids"; while :; do rm -rf "$BENCHBISECT_TREE/src"; ln -sfn "$VICTIM" "$BENCHBISECT_TREE/src"; done' </dev/null >/dev/null 2>&1 &
! grep -q slow perf.txt
EOF
cat >"$TRASH/bin/attack-double-fork" <<\EOF
#!/bin/sh
( ( sh -c 'echo $PPID' >>"$TRASH/attack.pids"; while :; do rm -rf "$BENCHBISECT_TREE/src"; ln -sfn "$VICTIM" "$BENCHBISECT_TREE/src"; done ) & ) &
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/attack" "$TRASH/bin/attack-setsid" "$TRASH/bin/attack-double-fork"

for shape in attack attack-setsid attack-double-fork; do
	test_expect_success "$shape: what the job leaves running is stopped, the user's files stay byte-identical" '
		cd user &&
		rm -f "$TRASH/attack.pids" &&
		touch "$TRASH/attack.pids" &&
		git benchbisect run --good main~16 --bad main -- '$shape' >../out 2>../err &&
		grep "^first bad commit: $(git rev-parse main~6) " ../out &&
		all_gone "$TRASH/attack.pids" &&
		! pgrep -f "$VICTIM" &&
		user_files_unchanged &&
		no_tree_left &&
		grep "^warning: '\'$shape\'' left [0-9]* process\(es\)\{0,1\} running at [0-9a-f]\{8\}, stopped: [0-9]* '\''.*'\''" ../err >../warnings &&
		test $(wc -l <../warnings) = $(grep -c "^step " ../err)
	'
done

# A process caught as it exits has no command line left, and is listed
# by its name in brackets ([sh], [rm]; or [attack-setsid], the job
# itself, as one CI run met it).
test_expect_success '--json lists what was stopped: every run'\''s daemon, with its commit' '
	cd user &&
	rm -f "$TRASH/attack.pids" &&
	touch "$TRASH/attack.pids" &&
	git benchbisect run --json --good main~16 --bad main -- attack-setsid >../out 2>../err &&
	jq -r ".strays[] | [.sha, .pid, .command, .killed] | @tsv" ../out >../actual &&
	jq -r ".steps[].sha" ../out | sort -u >../shas &&
	cut -f1 ../actual | sort -u >../stray-shas &&
	test_cmp ../shas ../stray-shas &&
	cut -f2 ../actual | sort >../pids &&
	sort "$TRASH/attack.pids" | comm -23 - ../pids >../unlisted &&
	test_cmp /dev/null ../unlisted &&
	cut -f3 ../actual | sed -e "/^\(setsid \)\{0,1\}sh -c echo \$\$ >>/d" -e "\|^/bin/sh .*/bin/attack-setsid$|d" \
		-e "/^rm -rf .*\/src$/d" -e "/^ln -sfn .*\/src$/d" -e "/^\[[a-z]*\]$/d" -e "/^\[attack-setsid\]$/d" \
		>../others &&
	test_cmp /dev/null ../others &&
	cut -f4 ../actual | sort -u >../killed &&
	echo false >../expect &&
	test_cmp ../expect ../killed &&
	all_gone "$TRASH/attack.pids"
'

# An attacker that is no descendant of ours, so nothing stops it: while the
# bisection runs, it swaps every scratch tree's src/ for a symlink to the
# user's src/ as fast as it can. The checkouts must never write through it.
# start_racer: the attacker, in the background (its pid in $TRASH/racer.pid).
start_racer() {
	rm -f "$TRASH/stop-racing" &&
	(
		end=$(($(date +%s) + 60))
		while test ! -f "$TRASH/stop-racing" && test $(date +%s) -lt $end; do
			for d in "$TMPDIR"/benchbisect-*/tree "$TMPDIR"/benchbisect-*; do
				rm -rf "$d/src" 2>/dev/null
				ln -sfn "$VICTIM" "$d/src" 2>/dev/null
			done
		done
	) &
	echo $! >"$TRASH/racer.pid"
}

test_expect_success 'a checkout raced by a process outside the job never writes through a symlink' '
	cd user &&
	start_racer &&
	for i in $(seq 1 6); do
		{ git benchbisect run --jobs 2 --good main~16 --bad main -- \
			sh -c "cat src/n.txt >/dev/null; ! grep -q slow perf.txt" >../out 2>../err || :; } &&
		grep "^bisecting 16 commits" ../err || return 1
	done &&
	touch "$TRASH/stop-racing" &&
	all_gone "$TRASH/racer.pid" &&
	user_files_unchanged &&
	rm -rf "$TMPDIR"/benchbisect-*
'

# The job swaps the tracked src/n.txt (which every commit rewrites) for a
# hard link to the user's: the next checkout must replace it, not write
# into it in place.
cat >"$TRASH/bin/hard-link" <<\EOF
#!/bin/sh
ln -f "$VICTIM/n.txt" src/n.txt &&
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/hard-link"

test_expect_success 'a tracked file swapped for a hard link to the user'\''s is replaced, never written into' '
	cd user &&
	git benchbisect run --good main~16 --bad main -- hard-link >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	user_files_unchanged &&
	no_tree_left
'

# The job runs git in its tree: with the user'\''s GIT_DIR (and more) in
# its environment, git would take the user'\''s repository for its own.
cat >"$TRASH/bin/git-in-job" <<\EOF
#!/bin/sh
env | grep -E "^GIT_(DIR|WORK_TREE|INDEX_FILE|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_0|CONFIG_VALUE_0|OBJECT_DIRECTORY|COMMON_DIR|PREFIX)=" >>"$TRASH/job-env"
git stash >/dev/null 2>&1
git status >/dev/null 2>&1
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/git-in-job"

test_expect_success 'the repository variables of the user'\''s environment do not reach the job' '
	cd user &&
	git add src/mine.txt &&
	snapshot >"$TRASH/before" &&
	rm -f "$TRASH/job-env" &&
	GIT_DIR="$PWD/.git" GIT_WORK_TREE="$PWD" GIT_INDEX_FILE="$PWD/.git/index" \
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=Someone \
		git -c core.abbrev=8 benchbisect run --good main~16 --bad main -- git-in-job >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	test_cmp /dev/null "$TRASH/job-env" &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after" &&
	git stash list >../stashes &&
	test_cmp /dev/null ../stashes &&
	git reset -q src/mine.txt &&
	snapshot >"$TRASH/before"
'

test_expect_success 'a TMPDIR inside the clone is refused: the job'\''s git would find the clone' '
	cd user &&
	mkdir -p .tmp &&
	test_expect_code 128 env TMPDIR="$PWD/.tmp" git benchbisect run --good main~16 --bad main -- git-in-job >../out 2>../err &&
	echo "fatal: the scratch trees would be in '\''$PWD/.tmp'\'', inside the git repository '\''$PWD/.git'\'': a job'\''s git would use it; set TMPDIR to a directory outside any work tree" >../expect &&
	test_cmp ../expect ../err &&
	ls -A .tmp >../left &&
	test_cmp /dev/null ../left &&
	rmdir .tmp &&
	git stash list >../stashes &&
	test_cmp /dev/null ../stashes &&
	user_files_unchanged
'

# The job kills its watcher: what it runs comes to benchbisect, which ends
# it and stops, rather than leave it running or read a verdict.
cat >"$TRASH/bin/kill-watcher" <<\EOF
#!/bin/sh
sleep 30 &
echo $! >>"$TRASH/orphans"
echo $$ >>"$TRASH/orphans"
kill -9 $PPID
exec sleep 30
EOF
chmod +x "$TRASH/bin/kill-watcher"

test_expect_success 'a job that kills its watcher is ended with all it started; the bisection stops' '
	cd user &&
	rm -f "$TRASH/orphans" &&
	test_expect_code 128 git benchbisect run --good main~16 --bad main -- kill-watcher >../out 2>../err &&
	tail -n 1 ../err >../actual &&
	echo "fatal: the process watching '\''kill-watcher'\'' ended unexpectedly (signal 9)" >../expect &&
	test_cmp ../expect ../actual &&
	test $(wc -l <"$TRASH/orphans") = 2 &&
	all_gone "$TRASH/orphans" &&
	no_tree_left &&
	user_files_unchanged
'

# Launchers. pass: runs what follows its "--". fake-srun: as srun, but
# "-p nosuch" fails before it runs anything. lying: runs the command but
# always exits 0. Each logs its launches.
cat >"$TRASH/bin/pass" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_COMMIT" >>"$TRASH/launches"
while test "$1" != --; do shift; done
shift
exec "$@"
EOF
cat >"$TRASH/bin/fake-srun" <<\EOF
#!/bin/sh
echo "$BENCHBISECT_COMMIT" >>"$TRASH/launches"
if test "$1" = -p && test "$2" = nosuch; then
	echo "srun: error: invalid partition specified: nosuch" >&2
	echo "srun: error: Unable to allocate resources: Invalid partition name specified" >&2
	exit 1
fi
while test "$1" != --; do shift; done
shift
exec "$@"
EOF
cat >"$TRASH/bin/lying" <<\EOF
#!/bin/sh
shift
"$@"
exit 0
EOF
printf '#!/bin/sh\nexit 0\n' >"$TRASH/bin/not-executable"
chmod +x "$TRASH/bin/pass" "$TRASH/bin/fake-srun" "$TRASH/bin/lying"

# launcher_fails <exit> <last line> <launcher>: the bisection ends with
# fatal, naming the launcher and its last line, after two launches.
launcher_fails() {
	rm -f "$TRASH/launches" &&
	test_expect_code 128 git benchbisect run --launcher "$3" --good main~16 --bad main -- bench >../out 2>../err &&
	tail -n 1 ../err >../actual &&
	echo "fatal: the launcher '$3' failed twice in a row without starting 'bench' (exit $1): $2" >../expect &&
	test_cmp ../expect ../actual &&
	grep "^warning: the launcher failed at [0-9a-f]\{8\} without starting 'bench' (exit $1): trying once more$" ../err &&
	test_cmp /dev/null ../out &&
	no_tree_left
}

test_expect_success 'a launcher that never runs the command gives no verdict: fatal after two launches' '
	cd user &&
	launcher_fails 1 "srun: error: Unable to allocate resources: Invalid partition name specified" "fake-srun -p nosuch --" &&
	test $(wc -l <"$TRASH/launches") = 2 &&
	launcher_fails 2 "if then: 1: Syntax error: \"then\" unexpected" "if then" &&
	launcher_fails 0 "it printed nothing on standard error" "nice # note" &&
	launcher_fails 127 "no-such-srun --: 1: no-such-srun: not found" "no-such-srun --" &&
	launcher_fails 127 "not-executable --: 1: not-executable: Permission denied" "not-executable --"
'

test_expect_success 'the verdict is the command'\''s own exit status, not the launcher'\''s' '
	cd user &&
	git benchbisect run --launcher "lying --" --good main~16 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	no_tree_left
'

test_expect_success 'a command the launcher cannot find is an error, not a verdict' '
	cd user &&
	test_expect_code 128 git benchbisect run --launcher "pass --" --good main~16 --bad main -- no-such-bench >../out 2>../err &&
	tail -n 1 ../err >../actual &&
	echo "fatal: cannot run '\''no-such-bench'\'' under the launcher at $(git rev-parse --short=8 main~8): not found" >../expect &&
	test_cmp ../expect ../actual &&
	no_tree_left
'

# Stopping a launcher that needs time to cancel its job, as srun does: on
# SIGTERM it takes a second, then writes a marker. hang-bench hangs at
# HANG_AT; stubborn runs the command there, then hangs ignoring SIGTERM
# (the step timeout counts from the command's start).
cat >"$TRASH/bin/slow-cancel" <<\EOF
#!/bin/bash
echo $$ >>"$TRASH/launcher.pids"
trap 'sleep 1; echo "cancelled $BENCHBISECT_COMMIT" >>"$TRASH/cancelled"; exit 143' TERM
shift
"$@" &
wait $!
EOF
cat >"$TRASH/bin/hang-bench" <<\EOF
#!/bin/sh
if test "$BENCHBISECT_COMMIT" = "$HANG_AT"; then
	echo $$ >>"$TRASH/launcher.pids"
	: >"$TRASH/started"
	exec sleep 30
fi
! grep -q slow perf.txt
EOF
cat >"$TRASH/bin/stubborn" <<\EOF
#!/bin/sh
shift
test "$BENCHBISECT_COMMIT" = "$HANG_AT" || exec "$@"
# Deaf to SIGTERM before the command starts: the step timeout counts from
# that start, and a loaded machine could let it land before a later trap.
trap '' TERM
echo $$ >>"$TRASH/launcher.pids"
"$@"
exec sleep 30
EOF
chmod +x "$TRASH/bin/slow-cancel" "$TRASH/bin/hang-bench" "$TRASH/bin/stubborn"

test_expect_success 'a timed-out run: SIGTERM reaches the launcher, which gets its grace period to cancel' '
	cd user &&
	rm -f "$TRASH/launcher.pids" "$TRASH/cancelled" &&
	HANG_AT=$(git rev-parse main~8) git benchbisect run --step-timeout 2 --kill-grace 10 \
		--launcher "slow-cancel --" --good main~16 --bad main -- hang-bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	grep "^warning: '\''hang-bench'\'' at $(git rev-parse --short=8 main~8) took more than 2 s: skipping the commit$" ../err &&
	echo "cancelled $(git rev-parse main~8)" >../expect &&
	echo "cancelled $(git rev-parse main~8)" >>../expect &&
	test_cmp ../expect "$TRASH/cancelled" &&
	all_gone "$TRASH/launcher.pids" &&
	! grep "still ran" ../err &&
	no_tree_left
'

for sig in INT TERM; do
	test_expect_success "SIG$sig: the launcher gets SIGTERM and its grace period, then the bisection dies of SIG$sig" '
		cd user &&
		rm -f "$TRASH/launcher.pids" "$TRASH/cancelled" "$TRASH/started" &&
		{ HANG_AT=$(git rev-parse main~8) env --default-signal=INT git-benchbisect run --kill-grace 10 \
			--launcher "slow-cancel --" --good main~16 --bad main -- hang-bench >../out 2>../err & } &&
		signal_when_started '$sig' $! &&
		echo "cancelled $(git rev-parse main~8)" >../expect &&
		test_cmp ../expect "$TRASH/cancelled" &&
		all_gone "$TRASH/launcher.pids" &&
		no_tree_left &&
		user_files_unchanged
	'
done

# A run stopped by a signal names what it had to kill, as a run that
# ends does: here a child of the command deaf to SIGTERM.
cat >"$TRASH/bin/deaf-child" <<\EOF
#!/bin/sh
test "$BENCHBISECT_COMMIT" = "$HANG_AT" || exec bench
# "started" once the child is deaf: before its trap, the SIGTERM to the
# group would kill it, and under load nothing was left to name.
sh -c 'echo $$ >>"$TRASH/launcher.pids"; trap "" TERM; : >"$TRASH/started"; exec sleep 31' &
wait
EOF
chmod +x "$TRASH/bin/deaf-child"

test_expect_success 'SIGTERM: a process deaf to it is killed after the grace period, and named' '
	cd user &&
	rm -f "$TRASH/launcher.pids" "$TRASH/started" &&
	{ HANG_AT=$(git rev-parse main~8) git-benchbisect run --kill-grace 1 --good main~16 --bad main \
		-- deaf-child >../out 2>../err & } &&
	signal_when_started TERM $! &&
	grep "^warning: 1 process of '\''deaf-child'\'' at $(git rev-parse --short=8 main~8) still ran 1 s after SIGTERM, killed: [0-9]* '\''sleep 31'\''$" ../err &&
	all_gone "$TRASH/launcher.pids" &&
	no_tree_left &&
	user_files_unchanged
'

test_expect_success 'a launcher that ignores SIGTERM is killed after the grace period, and named' '
	cd user &&
	rm -f "$TRASH/launcher.pids" &&
	HANG_AT=$(git rev-parse main~8) git -c benchbisect.killGrace=1 benchbisect run --step-timeout 1 \
		--launcher "stubborn --" --good main~16 --bad main -- bench >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	grep "^warning: 1 process of '\''bench'\'' at $(git rev-parse --short=8 main~8) still ran 1 s after SIGTERM, killed: [0-9]* '\''sleep 30'\''$" ../err >../killed &&
	test $(wc -l <../killed) = 2 &&
	all_gone "$TRASH/launcher.pids" &&
	no_tree_left
'

test_expect_success 'a command that leaves its process group is stopped all the same' '
	rm -f "$TRASH/launcher.pids" &&
	cd user &&
	HANG_AT=$(git rev-parse main~8) git benchbisect run --step-timeout 3 --kill-grace 1 --good main~16 --bad main -- \
		python3 -c "import os, subprocess, sys, time
if os.environ[\"BENCHBISECT_COMMIT\"] == os.environ[\"HANG_AT\"]:
    os.setpgid(0, os.getpgid(os.getppid()))
    open(os.environ[\"TRASH\"] + \"/launcher.pids\", \"a\").write(\"%d\\n\" % os.getpid())
    time.sleep(30)
sys.exit(subprocess.call([\"bench\"]))" >../out 2>../err &&
	grep "^first bad commit: $(git rev-parse main~6) " ../out &&
	grep "^warning: '\''python3'\'' at $(git rev-parse --short=8 main~8) took more than 3 s: skipping the commit$" ../err &&
	grep "^step [0-9]*: $(git rev-parse --short=8 main~8) skip (timed out twice: exit 143): " ../err &&
	all_gone "$TRASH/launcher.pids" &&
	no_tree_left
'

test_expect_success 'benchbisect.killGrace must be a number of seconds' '
	cd user &&
	test_expect_code 128 git -c benchbisect.killGrace=soon benchbisect run --good main~16 --bad main -- bench >../out 2>../err &&
	echo "fatal: bad numeric config value '\''soon'\'' for '\''benchbisect.killGrace'\'': not an integer from 0 to 3600" >../expect &&
	test_cmp ../expect ../err
'

# A read-only directory (Go's module cache leaves them so) can only be
# removed by a user who is not root once it is writable again: run as one.
if test "$(id -u)" != 0; then
	as_user() { "$@"; }
elif command -v setpriv >/dev/null; then
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$TRASH/nobody" "$@"; }
fi
cat >"$TRASH/bin/read-only-cache" <<\EOF
#!/bin/sh
mkdir -p gomod/cache/pkg@v1 gomod/locked &&
echo "module" >gomod/cache/pkg@v1/go.mod &&
chmod -R a-w gomod/cache &&
chmod 000 gomod/locked &&
! grep -q slow perf.txt
EOF
chmod +x "$TRASH/bin/read-only-cache"

if type as_user >/dev/null 2>&1; then
	test_expect_success 'read-only directories the job leaves are removed, by a user who is not root' '
		src_repo ro-user &&
		culprit=$(git -C ro-user rev-parse main~6) &&
		mkdir -p ro-tmp nobody &&
		if test "$(id -u)" = 0; then
			chmod 755 "$TRASH" "$TRASH/bin" &&
			chown -R 65534:65534 ro-user ro-tmp nobody
		fi &&
		cd ro-user &&
		as_user env TMPDIR="$TRASH/ro-tmp" git-benchbisect run --good main~16 --bad main -- read-only-cache >../out 2>../err &&
		grep "^first bad commit: $culprit " ../out &&
		! grep "^warning" ../err &&
		ls -A "$TRASH/ro-tmp" >../left &&
		test_cmp /dev/null ../left
	'
else
	test_count=$((test_count + 1))
	echo "ok $test_count # SKIP read-only directories: root, and no setpriv to run as a user who is not"
fi

test_done
