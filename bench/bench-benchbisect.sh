#!/bin/sh
# git benchbisect run against what a user would otherwise do to bisect
# without touching the checkout, in the same run:
#   git worktree add --detach; git bisect start/run/reset; git worktree remove
# on a 4,000-file tree with a 1,024-commit first-parent window. Both run the
# same benchmark command (bad from commit 700 on). Reports wall time (best
# of 3), the number of verdicts each needed, and the time ratio.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
commits=${BENCH_BISECT_COMMITS:-1024}
files=${BENCH_BISECT_FILES:-4000}
export TMPDIR="$work"

# A base commit holding the big tree, then the generated history on top.
base_tree() {
	python3 - "$files" <<-\EOF
	import sys
	out = sys.stdout.buffer
	out.write(b"commit refs/heads/main\ncommitter Bench Bot <bot@example.com> 1704060000 +0000\n")
	msg = b"Import the tree (#999)"
	out.write(b"data %d\n%s\n" % (len(msg), msg))
	for i in range(int(sys.argv[1])):
	    data = b"# module %d\n" % i * 20
	    out.write(b"M 100644 inline src/d%d/m%d.py\ndata %d\n%s\n" % (i % 40, i, len(data), data))
	out.write(b"M 100644 inline helion/f0.py\ndata 9\nchange 0\n\n")
	EOF
}
git init -q -b main "$work/repo"
{ base_tree; python3 "$here/gen-history.py" "$commits"; } | git -C "$work/repo" fast-import --quiet
git -C "$work/repo" reset -q --hard main
cd "$work/repo"
good=$(git rev-parse "main~$commits")
echo "bench: tree $files files, window $commits commits, first bad commit 700" >&2

check='read _ n <helion/f0.py; [ "$n" -lt 700 ]'
ours=$(best "$bin/git-benchbisect" run --good "$good" --bad main -- sh -c "$check" | cut -d" " -f1)
ours_steps=$(grep -c "^step " "$work/m" || true)
found=$(sed -n 's/^first bad commit: \([0-9a-f]*\) .*/\1/p' "$work/out")

pipeline="git worktree add -q --detach ../wt main && cd ../wt &&
	git bisect start main $good >/dev/null && git bisect run sh -c '$check' >../bisect.log 2>&1;
	git bisect reset >/dev/null 2>&1; cd ../repo && git worktree remove --force ../wt"
pipe=$(best sh -c "$pipeline" | cut -d" " -f1)
pipe_steps=$(grep -c "^running" "$work/bisect.log" || true)
pipe_found=$(sed -n 's/^\([0-9a-f]*\) is the first bad commit$/\1/p' "$work/bisect.log")
[ "$found" = "$pipe_found" ] || { echo "the two disagree: $found vs $pipe_found"; exit 1; }

table_row "benchbisect run, $commits commits, $files files" "$(ms "$ours") ($ours_steps verdicts)" \
	"worktree + git bisect $(ms "$pipe") ($pipe_steps runs)" "$(div "$ours" "$pipe")x" "-" "-"

# --jobs: a 1,024-commit window of the history alone (50 small files, so
# checkouts cost little next to the benchmark) with a command that sleeps
# (a benchmark point that takes a while), for N = 1, 2, 4, 8 commits at
# once. The rounds a culprit takes depend on where it sits (the cuts are
# chosen for the fewest on average), so every N bisects the same five
# culprits, one drawn at random (a fixed seed) from each fifth of the
# window, and the wall time is their mean. Issue 13's targets: N=4 in at
# most 0.5x the wall time of N=1, N=8 in at most 0.35x.
# BENCH_BISECT_SLEEP sets the sleep (1 s).
#
# The floor beside each target: runs of equal length, N at a time, can
# tell apart at most (N+1)^r culprits in r run lengths (each wave of runs
# that start before any of the last wave ends has at most N+1 outcomes),
# so for culprits anywhere alike the least mean is reached with each one
# named in R or R - 1 run lengths, R = ceil(log_{N+1} W), and as many in
# R - 1 as that count allows: W*R - floor(((N+1)^R - W) / N) in all. For
# W = 1,024: 10, 6.43, 4.49 and 3.32 run lengths, a floor of 0.64x, 0.45x
# and 0.33x. "mean" is the exact mean of the search's rounds over all
# 1,024 culprits, counted by the unit test on the same code
# (tests/unit/test-bisect.c, release build); "these" the mean over the
# five timed ones.
git init -q -b main "$work/small"
python3 "$here/gen-history.py" "$((commits + 1))" | git -C "$work/small" fast-import --quiet
cd "$work/small"
good=$(git rev-parse "main~$commits")
culprits=$(python3 -c "import random; r = random.Random(13); w = $commits // 5
print(*(k * w + 1 + r.randrange(w) for k in range(5)))")
echo "bench: --jobs, the same culprits for every N: $culprits" >&2
sleep_s=${BENCH_BISECT_SLEEP:-1}
# least_mean <N>: the least mean rounds of any search over the window's culprits
least_mean() {
	awk -v n="$1" -v w="$commits" 'BEGIN { r = 0; for (reach = 1; reach < w; reach *= n + 1) r++
		printf "%.4f", (w * r - int((reach - w) / n)) / w }'
}
# exact_mean <N>: the unit test's count of the search's rounds over every culprit
"$BT_UNIT/test-bisect" >"$work/unit" || { echo "the unit test of the search failed"; exit 1; }
exact_mean() {
	sed -n "s/^ok [0-9]* - W=$commits N=$1: [0-9]* rounds over every culprit, mean \([0-9.]*\) .*/\1/p" "$work/unit"
}
for n in 1 2 4 8; do
	wall=0 rounds=0 runs=0
	for k in $culprits; do
		# Shell builtins only: on this 2-core machine a pipeline of five
		# processes per job would be the round's cost at N=8, not ours.
		check='for f in helion/*.py; do read -r _ c <"$f" && [ "$c" -lt '$k' ] || exit 1; done'
		start=$(date +%s.%N)
		"$bin/git-benchbisect" run --json --jobs $n --good "$good" --bad main -- sh -c "sleep $sleep_s; $check" \
			>"$work/out" 2>"$work/m"
		end=$(date +%s.%N)
		found_n=$(jq -r .culprit.sha "$work/out")
		found=$(git rev-list --reverse "$good..main" | sed -n "${k}p")
		[ "$found_n" = "$found" ] || { echo "--jobs $n named $found_n, not $found"; exit 1; }
		wall=$(echo "$wall + $end - $start" | bc -l)
		rounds=$((rounds + $(jq .rounds "$work/out")))
		runs=$((runs + $(jq .runs "$work/out")))
	done
	wall=$(div "$wall" 5 4)
	[ $n = 1 ] && wall1=$wall
	floor=$(div "$(least_mean $n)" "$(least_mean 1)")
	case $n in 4) target="<= 0.5x (floor ${floor}x)" ;; 8) target="<= 0.35x (floor ${floor}x)" ;;
	*) target="- (floor ${floor}x)" ;; esac
	table_row "benchbisect run --jobs $n, $commits commits, sleep ${sleep_s}s, mean of 5 culprits" \
		"$(ms "$wall") ($(div "$runs" 5 1) runs, rounds: these $(div "$rounds" 5 1), mean $(exact_mean $n), least $(least_mean $n))" \
		"--jobs 1 $(ms "$wall1")" "$(div "$wall" "$wall1")x" "$target" "-"
done
