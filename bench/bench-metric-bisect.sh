#!/bin/sh
# The metric-bisect benchmark (issue 24): `git benchbisect run --metric`'s
# own policy and model over simulated searches (bench/metric-bisect.c),
# windows of 15 and 64 commits, outliers of +10..60 and +2..30 noise
# units, steps of 5 to 30 times the noise, on the held-out searches
# (tuning used others; docs/statistics.md), with its anchors: git bisect
# run with a perfect threshold (one run a probe, the median of five) and a
# posterior bisection that knows the levels and the noise. The two windows
# run at once. BENCH_METRIC_SEEDS (FROM:TO) and BENCH_METRIC_BIG (the
# searches at 20x and 30x) shrink or grow it.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
sim=${BT_METRIC_BISECT:?}
seeds=${BENCH_METRIC_SEEDS:-1000000:1020000}
big=${BENCH_METRIC_BIG:-75000}

start=$(date +%s)
"$sim" --seeds "$seeds" --big "$big" --window 15 >"$work/w15" &
pid=$!
"$sim" --seeds "$seeds" --big "$big" --window 64 >"$work/w64"
wait $pid
echo "metric-bisect: $(($(date +%s) - start)) s on 2 processes, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The targets: wrong culprits (searches naming a wrong one) at most 1e-4,
# named 99% from 5x and 99.9% from 7x, runs at most 3.0x one-run git
# bisect on 15 commits (3.8x at 5x) and 2.5x on 64.
cat "$work/w15" "$work/w64" | awk '
function pct(a, b) { return b ? sprintf("%.2f%%", 100 * a / b) : "-" }
$1 == "ours" { key = $2 " " $3 " " $4; n[key] = $5; named[key] = $6; wrong[key] = $7; alike[key] = $8;
	undecided[key] = $9; runs[key] = $11 / $5; order[++nr] = key }
$1 == "bisect1" { key = $2 " " $3 " " $4; b1n[key] = $6 / $5; b1w[key] = $7 / $5; b1r[key] = $11 / $5 }
$1 == "bisect5" { key = $2 " " $3 " " $4; b5w[key] = $7 " of " $5; b5r[key] = $11 / $5 }
$1 == "oracle" { key = $2 " " $3 " " $4; orr[key] = $11 / $5; orw[key] = $7 }
END {
	print ""
	print "| --metric: window, outliers, step | searches | runs (x one-run git bisect) | named | wrong | " \
		"alike / undecided | git bisect, 1 run: named, wrong | median of 5: runs, wrong | oracle posterior: runs, wrong | target |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		k = order[i]; split(k, f, " ")
		if (f[3] == 0) {
			printf "| %s commits, +%s outliers, no step | %d | %.2f | - | %d culprits named (%.1e) | %d / %d | - | - | - | no culprit |\n",
				f[1], (f[2] == 60 ? "10..60" : "2..30"), n[k], runs[k], wrong[k], wrong[k] / n[k], alike[k], undecided[k]
			continue
		}
		target = f[1] == 15 ? (f[3] == 5 ? 3.8 : 3.0) : 2.5
		printf "| %s commits, +%s outliers, %sx | %d | %.2f (%.2fx) | %s | %d (%.1e) | %d / %d | %.1f%%, %.1f%% | %.2fx, %s | %.2fx, %s | <= %.1fx, >= %s named, wrong <= 1e-4 |\n",
			f[1], (f[2] == 60 ? "10..60" : "2..30"), f[3], n[k], runs[k], runs[k] / b1r[k], pct(named[k], n[k]),
			wrong[k], wrong[k] / n[k], alike[k], undecided[k], 100 * b1n[k], 100 * b1w[k],
			b5r[k] / b1r[k], b5w[k], orr[k] / b1r[k], orw[k], target, (f[3] == 5 ? "99%" : "99.9%")
	}
	print ""
	print "Chromium Pinpoint (issue 24, ported from catapult, 15 commits): 15-18x the runs, 81-98% named, 1.6% wrong (0 with alpha 1e-4 at 17x the runs)."
}'
