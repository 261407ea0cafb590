#!/bin/sh
# The step decision's error rates at scale (bench/step-rates.c): generated
# one-platform dashboards through `git benchwindow`'s own pipeline, six
# families without a step and fourteen with (five of them issue 24's: a step
# under a weekly pattern, a small one, one in a gap of missing nightlies,
# one kernel's own, a drift; four of bench/accuracy's others: a spike beside
# the step, two steps, missing nightlies, manual runs; and a drift and one
# kernel's step under a weekly pattern), on held-out cases (the kernel steps' extra multiple
# was set on cases 8000000-8399999). Every CPU takes
# a share (--part) and the rows are summed. BENCH_STEP_SEEDS (FROM:TO) and
# BENCH_STEP_JOBS (the processes) grow or shrink it; docs/step-detection.md
# holds a run of 300,000 a family.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
sim=${BT_STEP_RATES:?}
seeds=${BENCH_STEP_SEEDS:-9000000:9020000}
jobs=${BENCH_STEP_JOBS:-$(nproc)}

start=$(date +%s)
in_parts "$jobs" "$work/steps" "$sim" --seeds "$seeds"
echo "step-rates: seeds $seeds, $(($(date +%s) - start)) s on $jobs processes" >&2
cat "$work"/steps.* | awk '
function rate(a, b) { return a ? sprintf("%d (%.1e)", a, a / b) : "0" }
{ if (!($1 in n)) order[++nr] = $1
	n[$1] += $2; hits[$1] += ($3 == "-" ? 0 : $3); single[$1] = ($3 != "-")
	fa[$1] += $4; st[$1] += $5; dr[$1] += $6; ks[$1] += $7; und[$1] += $8; wide[$1] += $9
	named[$1] += ($10 == "-" ? 0 : $10) }
END {
	print ""
	print "| benchwindow: family | series | first bad in the window | false alarms | of them: steps, drifts, kernel steps | undecided | windows of two nights | target |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		f = order[i]
		if (f == "statestep")
			target = "reported, no target"
		else if (f == "drift" || f == "weekdrift")
			target = sprintf("named a drift, ends within 3 nights: %d (%.2f%%); hits: a step or drift whose first bad lies in it", named[f], 100 * named[f] / n[f])
		else if (f == "kernelleave")
			target = sprintf("the kernel-set change named at its night: %d (%.2f%%); false alarms near 1e-4", named[f], 100 * named[f] / n[f])
		else if (f == "onekernel" || f == "weekkernel")
			target = "the kernel named at its night; misses and false alarms near 1e-4"
		else
			target = single[f] ? "misses and false alarms near 1e-4" : "false alarms near 1e-4"
		printf "| %s | %d | %s | %s | %d, %d, %d | %d | %s | %s |\n", f, n[f],
			single[f] ? sprintf("%d (misses %s)", hits[f], rate(n[f] - hits[f], n[f])) : "-",
			rate(fa[f], n[f]), st[f], dr[f], ks[f], und[f], single[f] ? rate(wide[f], n[f]) : "-", target
	}
}'
