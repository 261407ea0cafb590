#!/usr/bin/env python3
"""Write a Helion dashboard JSON from a compact line spec on stdin.

Used by the tests and the demo so every dashboard is built from the test's
own repository. Spec lines (blank lines and # comments ignored):

  run <run_id> <date> <rev> [branch=<b>] [nightly=0|1] [fullsha=fake|none]
  val <platform_short> <kernel> <run_id> <helion> [<triton> <torch_compile> <latency>]

<rev> is resolved with `git rev-parse` in the current directory unless it
is already 40 hex digits. fullsha=fake writes a made-up full_sha that shares
only the 8-hex prefix (as in the real legacy file). A value of "null" writes
JSON null. Options: --legacy (the 2026-04 schema), --pretuned (geomean rows).
"""
import json
import subprocess
import sys

PLATFORM_NAMES = {
    "b200": "NVIDIA B200", "b200_cute": "NVIDIA B200 (CuTe)", "h100": "NVIDIA H100",
    "mi350x": "AMD Instinct MI350X", "mi325x": "AMD Instinct MI325X", "tpu": "Google TPU v6e",
}


def rev_parse(rev):
    if len(rev) == 40 and all(c in "0123456789abcdef" for c in rev):
        return rev
    return subprocess.check_output(["git", "rev-parse", rev + "^{commit}"], text=True).strip()


def num(s):
    return None if s == "null" else float(s)


def main():
    legacy = "--legacy" in sys.argv
    pretuned = "--pretuned" in sys.argv
    runs, order, rows = {}, [], {}
    for line in sys.stdin:
        w = line.split("#", 1)[0].split()
        if not w:
            continue
        if w[0] == "run":
            opts = dict(x.split("=", 1) for x in w[4:])
            full = rev_parse(w[3])
            run = {"run_id": w[1], "sha": full[:8], "full_sha": full, "date": w[2],
                   "branch": opts.get("branch", "main")}
            if opts.get("fullsha") == "fake":
                run["full_sha"] = full[:8] + "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d"
            elif opts.get("fullsha") == "none":
                del run["full_sha"]
            if not legacy:
                run["is_nightly"] = opts.get("nightly", "1") == "1"
            runs[w[1]] = run
            order.append(w[1])
        elif w[0] == "val":
            key = (w[1], w[2])
            rows.setdefault(key, {})[w[3]] = [num(x) for x in w[4:8]]
        else:
            sys.exit("gen-dashboard: bad line: " + line)
    summary = []
    for (plat, kernel), vals in rows.items():
        history = []
        for run_id in sorted(vals, key=lambda r: runs[r]["date"]):
            entry = dict(runs[run_id])
            v = vals[run_id] + [None] * (4 - len(vals[run_id]))
            if pretuned:
                entry.update({"cudagraph": True, "geomean": v[0], "helion_wins": 10,
                              "total": 12, "best_speedup": v[0]})
            else:
                entry.update({"helion_speedup_geomean": v[0], "triton_speedup_geomean": v[1],
                              "torch_compile_speedup_geomean": v[2],
                              "compile_time_avg_s" if legacy else "compile_time_geomean_s": 30.0,
                              "helion_latency_avg_ms": v[3]})
            history.append(entry)
        row = {"kernel": kernel, "platform": PLATFORM_NAMES.get(plat, plat),
               "platform_short": plat, "status": "unchanged", "accuracy_failures": []}
        if not legacy:
            row.update({"baseline_label": None, "has_nightly_data": True, "run_failures": [],
                        "infra_missing": False})
        row["history"] = history
        summary.append(row)
    latest = runs[max(order, key=lambda r: runs[r]["date"])] if order else None
    doc = {"generated_at": latest["date"] if latest else None, "latest_run": latest,
           "runs": [runs[r] for r in order],
           "platforms": sorted({PLATFORM_NAMES.get(p, p) for p, _ in rows}),
           "platform_shorts": sorted({p for p, _ in rows}),
           "kernels" if pretuned else "unique_kernels": sorted({k for _, k in rows}),
           "stats": {}, "summary": summary}
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
