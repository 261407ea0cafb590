#!/bin/bash
# git benchbisect run against what a job leaves behind (issue 19): a
# checkout raced by a process we cannot kill, a TMPDIR inside the clone,
# and read-only directories left for a user who is not root.
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
