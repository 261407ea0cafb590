#!/bin/sh
# noise-levels.sh <out> [rounds]: on a GPU machine, the run-to-run noise of
# one kernel at four sizes (bench/gpu/noise_levels.py: softmax over 4096
# to 32768 rows, about 18 to 140 us on an H200), a process a run, the
# sizes taken in turn each round so that a drift of the machine touches
# all alike. Each run's "<rows> <us>" goes to <out>/levels.txt, then a
# line a size: its runs, median, standard deviation and robust spread
# (1.4826 MAD), in us and in percent of the median (docs/statistics.md,
# "Noise from recorded runs").
set -u
out=$1 rounds=${2:-12}
here=$(cd "$(dirname "$0")" && pwd)
: >"$out/levels.txt"
i=0
while [ $i -lt "$rounds" ]; do
	for rows in 4096 8192 16384 32768; do
		python3 "$here/noise_levels.py" $rows 8 >>"$out/levels.txt" || exit 1
	done
	i=$((i + 1))
done
python3 - "$out/levels.txt" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    rows, us = line.split()
    runs.setdefault(int(rows), []).append(float(us))
for rows in sorted(runs):
    v = runs[rows]
    med, sd = statistics.median(v), statistics.stdev(v)
    mad = 1.4826 * statistics.median(abs(x - med) for x in v)
    print(f"{rows} rows: {len(v)} runs, median {med:.3f} us, sd {sd:.4f} us ({100 * sd / med:.3f}%),"
          f" robust {mad:.4f} us ({100 * mad / med:.3f}%)")
PY
