#!/bin/sh
# The metric-bisect benchmark (issue 24): `git benchbisect run --metric`'s
# own policy and model over simulated searches (bench/metric-bisect.c),
# windows of 15 and 64 commits, outliers of +10..60 and +2..30 noise
# units, steps of 5 to 30 times the noise, on the held-out searches
# (tuning used others; docs/statistics.md), with its anchors: git bisect
# run with a perfect threshold (one run a probe, the median of five), a
# posterior bisection that knows the levels and the noise, and this
# command's posterior told the culprit (the runs its stop needs at the
# culprit and its parent alone: no search can do with fewer). Every CPU
# takes a share of the searches (--part), and their rows are summed.
# BENCH_METRIC_SEEDS (FROM:TO), BENCH_METRIC_BIG (the searches at 20x and
# 30x) and BENCH_METRIC_JOBS (the processes) shrink or grow it.
# A second table gives every search a recorded noise first (--history:
# 20 commits of three runs at R times today's noise, R = 1, 1/2, 1/3 and
# 2), on BENCH_METRIC_HISTORY_SEEDS and BENCH_METRIC_HISTORY_BIG.
# A third runs the searches on noise of two states, as an H200 showed it
# (--two-state; a known breakage: windows without a step name a false
# culprit in 0.14-0.5% of them while the states lie --min-change apart or
# more), on BENCH_METRIC_TWO_STATE_SEEDS and _BIG.
# A fourth lowers the bar (--confidence 99.95 and 99.9) on
# BENCH_METRIC_CONFIDENCE_SEEDS and _BIG: the runs it saves, the wrong
# culprits it costs.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
sim=${BT_METRIC_BISECT:?}
seeds=${BENCH_METRIC_SEEDS:-7000000:7020000}
big=${BENCH_METRIC_BIG:-75000}
history_seeds=${BENCH_METRIC_HISTORY_SEEDS:-7000000:7010000}
history_big=${BENCH_METRIC_HISTORY_BIG:-40000}
two_state_seeds=${BENCH_METRIC_TWO_STATE_SEEDS:-7000000:7005000}
two_state_big=${BENCH_METRIC_TWO_STATE_BIG:-5000}
confidence_seeds=${BENCH_METRIC_CONFIDENCE_SEEDS:-7000000:7010000}
confidence_big=${BENCH_METRIC_CONFIDENCE_BIG:-20000}
odd_seeds=${BENCH_METRIC_ODD_SEEDS:-7000000:7002000}
jobs=${BENCH_METRIC_JOBS:-$(nproc)}

# run_parts NAME ARGS...: the simulator with ARGS over windows of 15 and
# 64 commits, $jobs parts each at once, into $work/NAME.<window>.<part>.
run_parts() {
	name=$1
	shift
	pids=
	for window in 15 64; do
		j=0
		while [ $j -lt "$jobs" ]; do
			"$sim" "$@" --window $window --part $j/"$jobs" >"$work/$name.$window.$j" &
			pids="$pids $!"
			j=$((j + 1))
		done
	done
	for pid in $pids; do
		wait "$pid"
	done
}

start=$(date +%s)
run_parts w --seeds "$seeds" --big "$big"
echo "metric-bisect: seeds $seeds, $(($(date +%s) - start)) s on $((2 * jobs)) processes, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The parts' rows summed, in the order of the first part's.
sum_parts() {
	awk '
{ key = $1 " " $2 " " $3 " " $4; if (!(key in sum5)) order[++nr] = key
	sum5[key] += $5; for (f = 6; f <= 11; f++) sum[key, f] += $f; last[key] = $12 }
END { for (i = 1; i <= nr; i++) { k = order[i]; line = k " " sum5[k]
	for (f = 6; f <= 11; f++) line = line " " sum[k, f]; print line " " last[k] } }' "$@"
}

sum_parts "$work"/w.15.* "$work"/w.64.* >"$work/cold"
cat "$work/cold" |
# The targets: wrong culprits (searches naming a wrong one) at most 1e-4,
# named 99% from 5x and 99.9% from 7x, runs at most 3.0x one-run git
# bisect on 15 commits (3.8x at 5x) and 2.5x on 64.
awk '
function pct(a, b) { return b ? sprintf("%.3f%%", 100 * a / b) : "-" }
function count(a, b) { return a ? sprintf("%d (%.1e)", a, a / b) : "0" }
$1 == "ours" { key = $2 " " $3 " " $4; n[key] = $5; named[key] = $6; wrong[key] = $7; alike[key] = $8;
	undecided[key] = $9; runs[key] = $11 / $5; order[++nr] = key }
$1 == "bisect1" { key = $2 " " $3 " " $4; b1n[key] = $6 / $5; b1w[key] = $7 / $5; b1r[key] = $11 / $5 }
$1 == "bisect5" { key = $2 " " $3 " " $4; b5w[key] = $7 " of " $5; b5r[key] = $11 / $5 }
$1 == "oracle" { key = $2 " " $3 " " $4; orr[key] = $11 / $5; orw[key] = $7 }
$1 == "told" { key = $2 " " $3 " " $4; tdr[key] = $11 / $5 }
END {
	print ""
	print "| --metric: window, outliers, step | searches | runs (x one-run git bisect) | named | wrong | " \
		"alike / undecided | git bisect, 1 run: named, wrong | median of 5: runs, wrong | oracle posterior: runs, wrong | culprit told: runs | target |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		k = order[i]; split(k, f, " ")
		if (f[3] == 0) {
			printf "| %s commits, +%s outliers, no step | %d | %.2f | - | %s named | %d / %d | - | - | - | - | no culprit |\n",
				f[1], (f[2] == 60 ? "10..60" : "2..30"), n[k], runs[k], count(wrong[k], n[k]), alike[k], undecided[k]
			continue
		}
		target = f[1] == 15 ? (f[3] == 5 ? 3.8 : 3.0) : 2.5
		printf "| %s commits, +%s outliers, %sx | %d | %.2f (%.2fx) | %s | %s | %d / %d | %.1f%%, %.1f%% | %.2fx, %s | %.2fx, %s | %.2fx | <= %.1fx, >= %s named, wrong <= 1e-4 |\n",
			f[1], (f[2] == 60 ? "10..60" : "2..30"), f[3], n[k], runs[k], runs[k] / b1r[k], pct(named[k], n[k]),
			count(wrong[k], n[k]), alike[k], undecided[k], 100 * b1n[k], 100 * b1w[k],
			b5r[k] / b1r[k], b5w[k], orr[k] / b1r[k], orw[k], tdr[k] / b1r[k], target, (f[3] == 5 ? "99%" : "99.9%")
	}
	print ""
	print "Chromium Pinpoint (issue 24, ported from catapult, 15 commits): 15-18x the runs, 81-98% named, 1.6% wrong (0 with alpha 1e-4 at 17x the runs)."
}'

start=$(date +%s)
for r in 1 0.5 0.333 2; do
	run_parts h$r --seeds "$history_seeds" --big "$history_big" --anchors 0 --history $r --history-commits 20
	sum_parts "$work"/h$r.15.* "$work"/h$r.64.* | sed "s/^/$r /" >>"$work/history"
done
echo "metric-bisect --history: seeds $history_seeds, $(($(date +%s) - start)) s on $((2 * jobs)) processes" >&2

# vs_cold FILE TITLE BESIDE: FILE's rows (a setting, then a row of the
# simulator) as a table beside the plain searches of the same worlds; TITLE
# names the setting's column, BESIDE the plain searches' runs. One-run git
# bisect's runs come from the first table (the same worlds).
vs_cold() {
	cat "$work/cold" "$1" | awk -v title="$2" -v beside="$3" '
function count(a, b) { return a ? sprintf("%d (%.1e)", a, a / b) : "0" }
NF == 12 && $1 == "bisect1" { b1r[$2 " " $3 " " $4] = $11 / $5 }
NF == 12 && $1 == "ours" { cold[$2 " " $3 " " $4] = $11 / $5 }
NF == 13 { order[++nr] = $0 }
END {
	print ""
	print "| " title ", window, outliers, step | searches | runs (x one-run git bisect) | " beside " | named | wrong | alike / undecided |"
	print "| --- | --- | --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		split(order[i], f, " ")
		k = f[3] " " f[4] " " f[5]
		shape = f[4] == 60 ? "10..60" : "2..30"
		if (f[5] == 0) {
			printf "| %s, %s commits, +%s outliers, no step | %d | %.2f | %.2f | - | %s named | %d / %d |\n",
				f[1], f[3], shape, f[6], f[12] / f[6], cold[k], count(f[8], f[6]), f[9], f[10]
			continue
		}
		printf "| %s, %s commits, +%s outliers, %sx | %d | %.2f (%.2fx) | %.2fx | %.3f%% | %s | %d / %d |\n",
			f[1], f[3], shape, f[5], f[6], f[12] / f[6], f[12] / f[6] / b1r[k], cold[k] / b1r[k],
			100 * f[7] / f[6], count(f[8], f[6]), f[9], f[10]
	}
}'
}

vs_cold "$work/history" "--metric with a recorded noise (R times today's): R" "without the record"

start=$(date +%s)
run_parts ts --seeds "$two_state_seeds" --big "$two_state_big" --anchors 0 --two-state
sum_parts "$work"/ts.15.* "$work"/ts.64.* >"$work/two-state"
echo "metric-bisect --two-state: seeds $two_state_seeds, $(($(date +%s) - start)) s on $((2 * jobs)) processes" >&2
cat "$work/cold" "$work/two-state" | awk '
function count(a, b) { return a ? sprintf("%d (%.1e)", a, a / b) : "0" }
NF == 12 && $1 == "bisect1" { b1r[$2 " " $3 " " $4] = $11 / $5; next }
NF == 12 && $1 == "ours" && seen[$2 " " $3 " " $4]++ { order[++nr] = $0 }
END {
	print ""
	print "| --metric on noise of two states (an H200'"'"'s, docs/statistics.md): window, outliers, step | searches | runs (x one-run git bisect) | named | wrong culprits (no step: false ones) |"
	print "| --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		split(order[i], f, " ")
		k = f[2] " " f[3] " " f[4]
		shape = f[3] == 60 ? "10..60" : "2..30"
		if (f[4] == 0)
			printf "| %s commits, +%s outliers, no step | %d | %.2f | - | %s |\n", f[2], shape, f[5], f[11] / f[5],
				count(f[7], f[5])
		else
			printf "| %s commits, +%s outliers, %sx | %d | %.2f (%.2fx) | %.3f%% | %s |\n", f[2], shape, f[4], f[5],
				f[11] / f[5], f[11] / f[5] / b1r[k], 100 * f[6] / f[5], count(f[7], f[5])
	}
}'

# The bar (--confidence): fewer runs for more wrong culprits.
start=$(date +%s)
for c in 99.95 99.9; do
	run_parts c$c --seeds "$confidence_seeds" --big "$confidence_big" --anchors 0 --confidence $c
	sum_parts "$work"/c$c.15.* "$work"/c$c.64.* | sed "s/^/$c /" >>"$work/confidence"
done
echo "metric-bisect --confidence: seeds $confidence_seeds, $(($(date +%s) - start)) s on $((2 * jobs)) processes" >&2
vs_cold "$work/confidence" "--metric --confidence PCT: PCT" "at 99.99 (the first table)"

# A fifth puts one commit at a level of its own beside the step (--odd:
# 100 + OFFSET, FROM commits from the culprit; a step of 10 noise units
# on 15 commits), on BENCH_METRIC_ODD_SEEDS: a named commit is right when
# it is the first off the good level or the first at the bad one.
start=$(date +%s)
for odd in 1000:-2 1000:-1 1000:0 1000:1 1000:2 -100:-2 -100:-1 -100:0 -100:1 -100:2; do
	in_parts "$jobs" "$work/odd.$odd" "$sim" --seeds "$odd_seeds" --window 15 --step 10 --anchors 0 --odd $odd
	sum_parts "$work"/odd.$odd.* | sed "s/^/$odd /" >>"$work/odd"
done
echo "metric-bisect --odd: seeds $odd_seeds, $(($(date +%s) - start)) s on $jobs processes" >&2
awk '
BEGIN {
	print ""
	print "| --metric, a commit at 100 + OFFSET, FROM commits from the culprit (15 commits, 10x): OFFSET:FROM, outliers | searches | runs | right | wrong | alike / undecided |"
	print "| --- | --- | --- | --- | --- | --- |"
}
{ printf "| %s, +%s | %d | %.2f | %.1f%% | %d | %d / %d |\n", $1, $4 == 60 ? "10..60" : "2..30", $6, $12 / $6,
	100 * $7 / $6, $8, $9, $10 }' "$work/odd"
