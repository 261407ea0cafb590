#!/usr/bin/env python3
"""Time softmax_bench.py's kernel at each num_warps, interleaved, in one
process; print "<warps> <median us>" a line, fastest first."""
import statistics

from softmax_bench import inputs, time_us

x, y = inputs()
times = {w: [] for w in (1, 2, 4, 8, 16, 32)}
for _ in range(7):
    for w in times:
        times[w].append(time_us(w, x, y))
for w, us in sorted(times.items(), key=lambda kv: statistics.median(kv[1])):
    print(w, f"{statistics.median(us):.2f}")
