#!/usr/bin/env python3
"""Write a large current-schema dashboard for the benchmark.

gen-big-dashboard.py SHAS PLATFORMS KERNELS NIGHTLIES > dashboard.json
SHAS lists the history's commits oldest first (commit i at 2024-01-01 +
i * 15 minutes, as gen-history.py writes them). Nightly d runs at
08:20 UTC on day d on the commit before 08:00; platform p0_cute drops 12%
from the nightly of day NIGHTLIES - 30 on; every row has per-night noise.
"""
import json
import random
import sys
import time

START = 1704067200


def main():
    shas = open(sys.argv[1]).read().split()
    platforms, kernels, nightlies = (int(x) for x in sys.argv[2:5])
    rnd = random.Random(7)
    runs = []
    for d in range(nightlies):
        t = START + d * 86400 + 8 * 3600
        idx = min((t - START) // 900, len(shas) - 1)
        runs.append({"run_id": str(40000000000 + d), "sha": shas[idx][:8], "full_sha": shas[idx],
                     "date": time.strftime("%Y-%m-%dT08:20:00Z", time.gmtime(t)),
                     "branch": "main", "is_nightly": True})
    step = nightlies - 30
    summary = []
    for p in range(platforms):
        short = "p%d_cute" % p if p == 0 else "p%d" % p
        for k in range(kernels):
            base = 1.0 + rnd.random()
            history = []
            for d, run in enumerate(runs):
                v = base * (0.88 if p == 0 and d >= step else 1.0) * (1 + rnd.gauss(0, 0.004))
                e = dict(run)
                e.update({"helion_speedup_geomean": round(v, 4), "triton_speedup_geomean": 1.1,
                          "torch_compile_speedup_geomean": 1.05, "compile_time_geomean_s": 31.5,
                          "helion_latency_avg_ms": round(0.02 / v, 6)})
                history.append(e)
            summary.append({"kernel": "kernel_%d" % k, "platform": "Platform %d" % p,
                            "platform_short": short, "baseline_label": None,
                            "has_nightly_data": True, "status": "unchanged",
                            "accuracy_failures": [], "run_failures": [], "history": history})
    json.dump({"generated_at": runs[-1]["date"], "latest_run": runs[-1], "runs": runs,
               "platforms": [], "platform_shorts": [], "unique_kernels": [], "stats": {},
               "summary": summary}, sys.stdout)


main()
