#!/bin/bash
# git benchbisect run --metric replays real runs (tests/fixtures/bisect):
# the +2.8% step an H200 measured (named), the same kernel with no step
# (no culprit), a step of 70 times the noise in 128 commits (named), and
# this project's own H200 recording (h200-warps/, bench/gpu/), whose
# searches must print exactly what they printed on the GPU.
. "$(dirname "$0")/lib/test-lib.sh"

FIXTURES="$TEST_DIR/fixtures/bisect"
TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/counts"

# The benchmark: the next of its commit's values, cycling, one counter
# per commit. They are runs.txt in the tree, or else the runs recorded for
# the commit's 8-hex prefix in $REPLAY followed by the pool of recorded
# runs of its perf.txt level ($TRASH/pool-<level>) from the one its sha
# picks on: the runs a commit had, then others of its level, never one
# recorded value over and over.
cat >"$TRASH/bin/replay" <<\EOF
#!/bin/bash
f="$TRASH/counts/$BENCHBISECT_COMMIT"
n=$(cat "$f" 2>/dev/null || echo 0)
echo $((n + 1)) >"$f"
if test -f runs.txt; then
	set -- $(cat runs.txt)
else
	set -- $(cat "$TRASH/pool-$(cat perf.txt)")
	shift $((0x${BENCHBISECT_COMMIT:0:4} % $#))
	set -- $(sed -n "s/^${BENCHBISECT_COMMIT:0:8} //p" "$REPLAY") "$@"
fi
shift $((n % $#))
echo "$1"
EOF
chmod +x "$TRASH/bin/replay"
PATH="$TRASH/bin:$PATH"

# h200_runs <fixture>: "<position> <runs...>" for positions 0 to 15: the
# runs recorded there, then up to eight in all from the pool of every
# recorded run of its config (the config of the nearest recorded position
# at or below it), position p taking the pool's runs from 3p on, cycling.
h200_runs() {
	python3 - "$1" <<-\EOF
	import sys
	recorded, pools = {}, {}
	for line in open(sys.argv[1]):
	    if line.startswith("#") or not line.strip():
	        continue
	    where, config, *runs = line.split()
	    pools.setdefault(config, []).extend(runs)
	    if where != "probe":
	        recorded[int(where)] = (config, runs)
	config = recorded[0][0]
	for p in range(16):
	    runs = []
	    if p in recorded:
	        config, runs = recorded[p]
	    pool = pools[config]
	    runs = runs + [pool[(3 * p + k) % len(pool)] for k in range(8 - len(runs))]
	    print(p, *runs)
	EOF
}

# h200_repo <dir> <fixture>: the good end and 15 commits with fixed dates,
# each holding its runs in runs.txt.
h200_repo() {
	h200_runs "$2" >"$TRASH/runs-$1" &&
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		while read -r p runs; do
			echo "$runs" >runs.txt &&
			git add runs.txt &&
			subject=$(test "$p" = 0 && echo "good config 1/4" || echo "commit $p") &&
			GIT_AUTHOR_DATE="2026-11-20T10:$((10 + p)):00Z" GIT_COMMITTER_DATE="2026-11-20T10:$((10 + p)):00Z" \
				git commit -q -m "$subject" || exit 1
		done <"$TRASH/runs-$1"
	)
}

# The repository of the 70x run, made as it was: the same identity, dates
# and contents, so the same shas as the recording.
repo_70x() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		export GIT_AUTHOR_NAME=Alice GIT_AUTHOR_EMAIL=alice@example.com \
			GIT_COMMITTER_NAME=Alice GIT_COMMITTER_EMAIL=alice@example.com \
			GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z &&
		mkdir -p src &&
		for i in $(seq 1 128); do
			{ test $i -ge 77 && echo 120 || echo 100; } >perf.txt &&
			echo "line $i" >>src/log.txt &&
			printf 'def f%d(): return %d\n' $i $i >src/mod$((i % 7)).py &&
			git add -A &&
			msg=$(test $i = 77 && echo "[cute] Rework softmax reduction (culprit #$i)" || echo "Change $i") &&
			git commit -q -m "$msg" || exit 1
		done &&
		git tag v0 main~127
	)
}

# at <n>: the full sha of commit n of the H200 window (0 the good end).
at() {
	git rev-parse "main~$((15 - $1))"
}

test_expect_success 'setup: the H200 windows, the 70x repository and its pools' '
	h200_repo step "$FIXTURES/h200-step-2.8pct.txt" &&
	h200_repo flat "$FIXTURES/h200-no-step.txt" &&
	repo_70x r70 &&
	test $(git -C r70 rev-parse --short=8 main) = 01ad1c43 &&
	test $(git -C r70 rev-parse --short=8 v0) = 7e79cd1c &&
	test $(git -C r70 rev-parse --short=8 main~51) = e88a651e &&
	for level in 100 120; do
		git -C r70 rev-list --reverse main | grep -n . | while IFS=: read -r i sha; do
			if test $((i >= 77)) = $((level == 120)); then
				sed -n "s/^${sha:0:8} //p" "$FIXTURES/replay-70x.txt"
			fi
		done | tr "\n" " " >"$TRASH/pool-$level" || return 1
	done &&
	test $(wc -w <"$TRASH/pool-100") = 15 &&
	test $(wc -w <"$TRASH/pool-120") = 17
'

test_expect_success 'the +2.8% step the H200 measured: commit 6 named' '
	cd step &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~15 --bad main -- replay >../out 2>../err &&
	head -1 ../out >../actual &&
	echo "first bad commit: $(at 6) commit 6" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'the same kernel without a step: no culprit, the ends alike within --min-change' '
	cd flat &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --good main~15 --bad main -- replay >../out 2>../err &&
	grep "^no first bad commit: the bad end $(at 15 | cut -c1-8) measures like the good end within 2%: " ../out
'

# The runs of the flat window recorded first (notes), then the step
# window on top of it: the real spread of the kernel's runs on the flat
# window's commits is a recorded noise for the step's search. One commit
# of four runs (0.36 us; the step window's ends spread 0.21 and, a stray
# left out, 0.35 us): the same culprit, in two runs more than without it
# (one search is no rate: the simulated ones are in docs/statistics.md).
test_expect_success 'the +2.8% step after the flat window was bisected: its real runs are a recorded noise' '
	h200_runs "$FIXTURES/h200-no-step.txt" >"$TRASH/runs-both" &&
	h200_runs "$FIXTURES/h200-step-2.8pct.txt" | sed 1d | awk "{ \$1 += 15; print }" >>"$TRASH/runs-both" &&
	git init -q -b main both &&
	(
		cd both &&
		while read -r p runs; do
			echo "$runs" >runs.txt &&
			git add runs.txt &&
			GIT_AUTHOR_DATE="2026-11-20T1$((p / 10)):$((10 + p % 10)):00Z" \
			GIT_COMMITTER_DATE="2026-11-20T1$((p / 10)):$((10 + p % 10)):00Z" \
				git commit -q -m "commit $p" || exit 1
		done <"$TRASH/runs-both"
	) &&
	cd both &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~15 --bad main -- replay >../bare 2>/dev/null &&
	git config benchbisect.notes true &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --good main~30 --bad main~15 -- replay >/dev/null 2>&1 &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --good main~15 --bad main -- replay >../with 2>../with-err &&
	grep "^recorded noise: 0.3617 a run, from 4 runs over 1 other commit$" ../with-err &&
	echo "first bad commit: $(git rev-parse main~9) commit 21" >../expect &&
	for out in bare with; do
		head -n 1 ../$out >../actual &&
		test_cmp ../expect ../actual || return 1
	done &&
	tail -n 1 ../bare >../actual &&
	echo "19 runs over 8 commits" >../expect &&
	test_cmp ../expect ../actual &&
	tail -n 2 ../with >../actual &&
	cat >../expect <<-\EOF &&
	recorded noise: 0.3617 a run (4 runs over 1 other commit), 88.4% likely to hold here
	21 runs over 9 commits, 2 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../actual
'

test_expect_success 'a step of 70 times the noise in 128 commits, --jobs 8 as recorded and --jobs 1: commit 77 named' '
	cd r70 &&
	for jobs in 8 1; do
		rm -f "$TRASH"/counts/* &&
		REPLAY="$FIXTURES/replay-70x.txt" git benchbisect run --metric --jobs $jobs --good v0 --bad main \
			-- replay >../out 2>../err &&
		head -1 ../out >../actual &&
		echo "first bad commit: $(git rev-parse main~51) [cute] Rework softmax reduction (culprit #77)" >../expect &&
		test_cmp ../expect ../actual || return 1
	done
'

# The three real cases at a lower bar (--confidence 99.9, --fresh: every
# run replayed from the start): the same answers, the +2.8% step in 17
# runs instead of 19, the flat window alike in 8 instead of 9 (its
# interval now 99.8%). The 70x step takes as many runs as at 99.99: the
# runs each side and at the culprit must have, not the bar, stop it.
test_expect_success 'the three real cases at --confidence 99.9: the same answers, in fewer runs where the bar stops them' '
	cd "$TRASH/step" &&
	rm -f "$TRASH"/counts/* &&
	git benchbisect run --metric --fresh --confidence 99.9 --good main~15 --bad main -- replay >../out 2>../err &&
	sed -n "1p;\$p" ../out >../actual &&
	printf "first bad commit: %s commit 6\n17 runs over 8 commits\n" $(at 6) >../expect &&
	test_cmp ../expect ../actual &&
	cd ../flat &&
	rm -f "$TRASH"/counts/* &&
	test_expect_code 1 git benchbisect run --metric --fresh --confidence 99.9 --good main~15 --bad main \
		-- replay >../out 2>../err &&
	sed -n "1p;\$p" ../out >../actual &&
	printf "%s\n%s\n" "no first bad commit: the bad end $(at 15 | cut -c1-8) measures like the good end within 2%: -0.028% (99.8% interval -1.66% to +1.58%)" \
		"8 runs over 4 commits" >../expect &&
	test_cmp ../expect ../actual &&
	cd ../r70 &&
	rm -f "$TRASH"/counts/* &&
	REPLAY="$FIXTURES/replay-70x.txt" git benchbisect run --metric --fresh --confidence 99.9 --good v0 --bad main \
		-- replay >../out 2>../err &&
	sed -n "1p;\$p" ../out >../actual &&
	printf "%s\n%s\n" "first bad commit: $(git rev-parse main~51) [cute] Rework softmax reduction (culprit #77)" \
		"11 runs over 9 commits" >../expect &&
	test_cmp ../expect ../actual
'

# The project's own H200 recording: bench/gpu/make-window.sh makes the
# same windows (same shas), and replay-runs answers each run with the next
# one recorded at the commit's position (pos.txt); a run asked for beyond
# the recording is marked, and fails the test.
cat >"$TRASH/bin/replay-runs" <<\EOF
#!/bin/sh
pos=$(cat pos.txt)
f="$TRASH/counts/$pos"
n=$(cat "$f" 2>/dev/null || echo 0)
echo $((n + 1)) >"$f"
awk -v p="$pos" -v n="$n" '$1 == p && k++ == n { print $3; found = 1; exit } END { exit !found }' "$RUNS" ||
	echo "position $pos run $((n + 1))" >>"$TRASH/beyond"
EOF
chmod +x "$TRASH/bin/replay-runs"

# Each recording: its folder under h200-warps/ and the options its
# searches ran with.
for rec in ":" "confidence-99.9/:--confidence 99.9"; do
	dir=${rec%%:*} opts=${rec#*:}
	for w in step:AAAAAABBBBBBBBBB flat:AAAAAAAAAAAAAAAA big:AAAAAAAAAAACCCCC; do
		test_expect_success "the project's H200 recording ${dir:-(default)}, ${w%%:*} window: the search prints what it printed on the GPU" '
			sh "$SRC_DIR/bench/gpu/make-window.sh" "gpu-'$dir${w%%:*}'" '${w#*:}' &&
			cd "gpu-'$dir${w%%:*}'" &&
			rm -f "$TRASH"/counts/* "$TRASH/beyond" &&
			{ RUNS="$FIXTURES/h200-warps/'$dir${w%%:*}'.runs" git benchbisect run --metric '"$opts"' \
				--good main~15 --bad main -- replay-runs >"$TRASH/out" 2>&1; echo $? >"$TRASH/code"; } &&
			test ! -e "$TRASH/beyond" &&
			test_cmp "$FIXTURES/h200-warps/'$dir${w%%:*}'.out" "$TRASH/out" &&
			echo '$(test ${w%%:*} = flat && echo 1 || echo 0)' >"$TRASH/expect" &&
			test_cmp "$TRASH/expect" "$TRASH/code"
		'
	done
done

# An odd commit just after the culprit, recorded on an H200 (2026-12-04,
# the binary of 79f0988): config B from commit 7, commit 8 at C (82 us
# against 70 and 71.6), probed first. The search names commit 7 and says
# that commit 8 measures neither level.
test_expect_success "the project's H200 recording, odd window: a commit at a level of its own after the culprit" '
	sh "$SRC_DIR/bench/gpu/make-window.sh" gpu-odd AAAAAAABCBBBBBBB &&
	cd gpu-odd &&
	rm -f "$TRASH"/counts/* "$TRASH/beyond" &&
	RUNS="$FIXTURES/h200-warps/odd.runs" git benchbisect run --metric --good main~15 --bad main -- replay-runs \
		>"$TRASH/out" 2>&1 &&
	test ! -e "$TRASH/beyond" &&
	test_cmp "$FIXTURES/h200-warps/odd.out" "$TRASH/out" &&
	grep "^first bad commit: $(git rev-parse main~8) commit 7: config B$" "$TRASH/out"
'

# The same recordings at --confidence 99.9: each commit's runs replayed
# in the order the GPU gave them, the search asks for fewer (none beyond
# what was recorded) and answers the same: step 20 runs (21), flat alike
# in 8 (10), big 8 (8, where the runs each side must have stop it).
test_expect_success "the project's H200 recordings at --confidence 99.9: the same answers from fewer of their runs" '
	for w in step:0:20 flat:1:8 big:0:8; do
		name=${w%%:*} code=${w#*:} runs=${w##*:} &&
		code=${code%%:*} &&
		(
			cd gpu-$name &&
			rm -f "$TRASH"/counts/* "$TRASH/beyond" &&
			{ RUNS="$FIXTURES/h200-warps/$name.runs" git benchbisect run --metric --fresh --confidence 99.9 \
				--good main~15 --bad main -- replay-runs >../out 2>/dev/null; echo $? >../code; } &&
			test ! -e "$TRASH/beyond" &&
			echo $code >../expect &&
			test_cmp ../expect ../code &&
			sed -n "/^no first bad/s/: [-+][0-9.]*% (.*//p; /^first bad/p" "$FIXTURES/h200-warps/$name.out" >../expect &&
			sed -n "/^no first bad/s/: [-+][0-9.]*% (.*//p; /^first bad/p" ../out >../actual &&
			test $(wc -l <../actual) = 1 &&
			test_cmp ../expect ../actual &&
			tail -n 1 ../out | grep "^$runs runs over [0-9]* commits$"
		) || return 1
	done
'

# The flat window of the recording before (2026-12-03, the binary of
# a02dfe5, the same searches as this one's): its runs, replayed, fall in
# two states about 0.5 us apart as bench/gpu/h200-noise-levels.txt
# measured them, and the answer says so beside "alike". What the GPU
# printed then lacked the line, which came after.
test_expect_success "the H200's flat window recorded before: no culprit, and the runs' two states named" '
	sh "$SRC_DIR/bench/gpu/make-window.sh" gpu-flat-2 AAAAAAAAAAAAAAAA &&
	cd gpu-flat-2 &&
	rm -f "$TRASH"/counts/* "$TRASH/beyond" &&
	RUNS="$FIXTURES/h200-warps/flat-2.runs" test_expect_code 1 git benchbisect run --metric \
		--good main~15 --bad main -- replay-runs >../out 2>/dev/null &&
	test ! -e "$TRASH/beyond" &&
	cat >../expect <<-EOF &&
	no first bad commit: the bad end $(git rev-parse --short=8 main) measures like the good end within 2%: +0.125% (99.98% interval -1.24% to +1.86%)
	two states: the runs fit 69.5233 and 70.0317 (+0.731%) at any commit, 60.2% likely
	9 runs over 4 commits
	EOF
	test_cmp ../expect ../out
'

# The runs of bench/gpu/h200-noise-levels.txt (one kernel at four sizes,
# a process a run, 15 rounds on the H200) as a key's record: each size's
# runs in file order, five a commit, on twelve commits. Replayed through
# the notes, log finds the two states the runs fell in: 0.53 us apart
# (0.935% of the commits' median level), as the independent look at the
# same runs measured (bench/gpu/README.md).
test_expect_success "the H200's noise runs as a record: log names their two states" '
	cd gpu-flat-2 &&
	line="benchbisect-run v1 key=00000000000000aa machine=h200 date=2026-12-03T06:00:00.000000Z duration=5.000 exit=0" &&
	for rows in 4096 8192 16384 32768; do
		sed -n "s/^$rows //p" "$SRC_DIR/bench/gpu/h200-noise-levels.txt" || return 1
	done | paste -d" " - - - - - >../record &&
	test $(wc -l <../record) = 12 &&
	i=3 &&
	while read -r a b c d e; do
		for v in $a $b $c $d $e; do
			git notes --ref benchbisect append -m "$line value=$v" main~$i || return 1
		done &&
		i=$((i + 1))
	done <../record &&
	git benchbisect log --key 00000000000000aa | grep "^noise " >../actual &&
	echo "noise 00000000000000aa h200: 0.2792 a run, from 60 runs over 12 commits; two states 0.935% apart, 62% of the runs in the upper" >../expect &&
	test_cmp ../expect ../actual
'

test_done
