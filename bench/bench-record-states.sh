#!/bin/sh
# Whether recorded runs show two states, at scale (bench/record-states.c):
# generated records of normal noise (a claim of two states there is a
# false alarm) and of the two states an H200 showed, pooled as `run
# --metric` pools the notes. The thresholds were set on cases 1-2000 and
# 1000000-1019999; the default range (300000 on) is held out.
# Every CPU takes a share (--part) and the rows are summed.
# BENCH_STATES_SEEDS (FROM:TO) and BENCH_STATES_JOBS (the processes) grow
# or shrink it; docs/statistics.md holds a run of 100,000 a row.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
sim=${BT_RECORD_STATES:?}
seeds=${BENCH_STATES_SEEDS:-300000:305000}
jobs=${BENCH_STATES_JOBS:-$(nproc)}

start=$(date +%s)
in_parts "$jobs" "$work/states" "$sim" --seeds "$seeds"
echo "record-states: seeds $seeds, $(($(date +%s) - start)) s on $jobs processes" >&2
cat "$work"/states.* | awk '
{ k = $1 " " $2 " " $3; if (!(k in n)) order[++nr] = k
	n[k] += $4; found[k] += $5; gap[k] += $5 * $6 }
END {
	print ""
	print "| recorded runs: noise, outliers, commits | records | two states found | mean gap found (% of the level) | target |"
	print "| --- | --- | --- | --- | --- |"
	for (i = 1; i <= nr; i++) {
		k = order[i]; split(k, f, " ")
		printf "| %s, %s, %d | %d | %d (%.1e) | %s | %s |\n", f[1], f[2], f[3], n[k], found[k], found[k] / n[k],
			found[k] ? sprintf("%.3f", gap[k] / found[k]) : "-",
			f[1] == "normal" ? "false alarms near 1e-4" : "found from 20 commits"
	}
}'
