#!/usr/bin/env python3
"""Write a Helion dashboard JSON: the one dashboard generator of the tests
and the demo, so every dashboard is built from the test's own repository.
Two ways to say what the dashboard holds:

1. A compact line spec on stdin (blank lines and # comments ignored):

  gen-dashboard.py [--legacy] [--pretuned] <spec

  run <run_id> <date> <rev> [branch=<b>] [nightly=0|1] [fullsha=fake|none]
  val <platform_short> <kernel> <run_id> <helion> [<triton> <torch_compile> <latency>]

<rev> is resolved with `git rev-parse` in the current directory unless it
is already 40 hex digits. fullsha=fake writes a made-up full_sha that shares
only the 8-hex prefix (as in the real legacy file). A value of "null" writes
JSON null. Options: --legacy (the 2026-04 schema), --pretuned (geomean rows).

2. A scenario of events over the nightly shas of the repository in the
current directory (the git-benchbisect tests):

  gen-dashboard.py scenario [--pretuned] --start DAY --nights N [--noise A]
      --platform SHORT=KERNEL,KERNEL... (repeatable)
      [--event KIND:PLATFORM:DAY:FACTOR[:WHAT]]... [--manual DAY:FACTOR]...
      [--missing DAY:DAY]...

The nightly of DAY ran at DAYT08:20:00Z on `git rev-list --first-parent -1
--before=DAYT08:00:00Z main`. Every value gets a deterministic
multiplicative noise of up to A (default 0.01). Events, from DAY on:
  regress   Helion got slower: helion speedup x F, latency / F
  timer     the speedup timer changed: helion speedup x F, latency flat
  machine   the machine changed: every speedup x F, latency / F
  baseline  the eager baseline changed: every speedup x F, latency flat;
            Pretuned: only the ratio against baseline WHAT x F
  spike     like regress, on DAY only
  drop      the kernels in WHAT stop running (FACTOR is ignored)
WHAT limits regress/timer/spike to a comma-separated list of kernels.
--manual adds a manual (not nightly) run at DAYT14:00Z with helion x F.
--missing leaves out the nightlies of the days from the first DAY to the
second, both included (a run of failed nightlies).
"""
import argparse
import datetime
import hashlib
import json
import math
import subprocess
import sys

PLATFORM_NAMES = {
    "b200": "NVIDIA B200", "b200_cute": "NVIDIA B200 (CuTe)", "h100": "NVIDIA H100",
    "mi350x": "AMD Instinct MI350X", "mi325x": "AMD Instinct MI325X", "tpu": "Google TPU v6e",
}
BASELINES = ["torch", "torch_compile", "vllm"]
RUN_KEYS = ("run_id", "sha", "full_sha", "date", "branch", "is_nightly")


def write_dashboard(generated_at, latest, runs, platforms, shorts, kernels, pretuned, summary):
    """The top level of the dashboard, the same for both ways of building one."""
    doc = {"generated_at": generated_at, "latest_run": latest, "runs": runs,
           "platforms": platforms, "platform_shorts": shorts,
           "kernels" if pretuned else "unique_kernels": kernels,
           "stats": {}, "summary": summary}
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


def main_entry(helion, triton, torch_compile, latency, legacy=False):
    """The values of one run on the main tab."""
    return {"helion_speedup_geomean": helion, "triton_speedup_geomean": triton,
            "torch_compile_speedup_geomean": torch_compile,
            "compile_time_avg_s" if legacy else "compile_time_geomean_s": 30.0,
            "helion_latency_avg_ms": latency}


# ---- 1. the line spec

def rev_parse(rev):
    if len(rev) == 40 and all(c in "0123456789abcdef" for c in rev):
        return rev
    return subprocess.check_output(["git", "rev-parse", rev + "^{commit}"], text=True).strip()


def num(s):
    return None if s == "null" else float(s)


def spec_main():
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
                entry.update(main_entry(v[0], v[1], v[2], v[3], legacy))
            history.append(entry)
        row = {"kernel": kernel, "platform": PLATFORM_NAMES.get(plat, plat),
               "platform_short": plat, "status": "unchanged", "accuracy_failures": []}
        if not legacy:
            row.update({"baseline_label": None, "has_nightly_data": True, "run_failures": [],
                        "infra_missing": False})
        row["history"] = history
        summary.append(row)
    latest = runs[max(order, key=lambda r: runs[r]["date"])] if order else None
    write_dashboard(latest["date"] if latest else None, latest, [runs[r] for r in order],
                    sorted({PLATFORM_NAMES.get(p, p) for p, _ in rows}),
                    sorted({p for p, _ in rows}), sorted({k for _, k in rows}),
                    pretuned, summary)


# ---- 2. the scenario


def noise(amplitude, *key):
    digest = hashlib.md5("/".join(map(str, key)).encode()).digest()
    return 1 + amplitude * (digest[0] / 127.5 - 1)


def nightly_sha(day):
    out = subprocess.run(["git", "rev-list", "--first-parent", "-1",
                          "--before=%sT08:00:00Z" % day, "main"],
                         capture_output=True, text=True, check=True).stdout.strip()
    return out or None


def parse_args(argv):
    p = argparse.ArgumentParser(prog="gen-dashboard.py scenario")
    p.add_argument("--pretuned", action="store_true")
    p.add_argument("--start", required=True)
    p.add_argument("--nights", type=int, required=True)
    p.add_argument("--noise", type=float, default=0.01)
    p.add_argument("--platform", action="append", default=[])
    p.add_argument("--event", action="append", default=[])
    p.add_argument("--manual", action="append", default=[])
    p.add_argument("--missing", action="append", default=[])
    return p.parse_args(argv)


class Event:
    def __init__(self, spec):
        parts = spec.split(":")
        self.kind, self.platform, self.day = parts[0], parts[1], parts[2]
        self.factor = float(parts[3]) if len(parts) > 3 and parts[3] else 1.0
        self.what = parts[4].split(",") if len(parts) > 4 else None

    def applies(self, platform, kernel, day):
        if platform != self.platform or day < self.day:
            return False
        if self.kind == "spike" and day != self.day:
            return False
        return self.kind in ("machine", "baseline") or not self.what or kernel in self.what


def factors(events, platform, kernel, day):
    """Multipliers of helion, triton, torch_compile, latency and each baseline ratio; None when dropped."""
    f = {"helion": 1.0, "triton": 1.0, "torch_compile": 1.0, "latency": 1.0}
    f.update({"b:" + b: 1.0 for b in BASELINES})
    for e in events:
        if not e.applies(platform, kernel, day):
            continue
        if e.kind == "drop":
            return None
        if e.kind in ("regress", "spike"):
            f["helion"] *= e.factor
            f["latency"] /= e.factor
            for b in BASELINES:
                f["b:" + b] *= e.factor
        elif e.kind == "timer":
            f["helion"] *= e.factor
        elif e.kind == "machine":
            for m in ("helion", "triton", "torch_compile"):
                f[m] *= e.factor
            f["latency"] /= e.factor
            for b in BASELINES:
                f["b:" + b] *= e.factor
        elif e.kind == "baseline" and e.what:
            f["b:" + e.what[0]] *= e.factor
        elif e.kind == "baseline":
            for m in ("helion", "triton", "torch_compile"):
                f[m] *= e.factor
    return f


def scenario_main_entry(base, f, a, key):
    return main_entry(round(base[0] * f["helion"] * noise(a, *key, "h"), 4),
                      round(base[1] * f["triton"] * noise(a, *key, "t"), 4),
                      round(base[2] * f["torch_compile"] * noise(a, *key, "c"), 4),
                      round(base[3] * f["latency"] * noise(a, *key, "l"), 5))


def pretuned_entry(base, f, a, key):
    ratios = {b: round(base[4 + i] * f["b:" + b] * noise(a, *key, b), 4)
              for i, b in enumerate(BASELINES)}
    geomean = round(math.exp(sum(math.log(v) for v in ratios.values()) / len(ratios)), 4)
    return {"cudagraph": True, "geomean": geomean,
            "helion_wins": round(24 * min(1.0, geomean / 2.5)), "total": 24,
            "best_speedup": max(ratios.values()),
            "baselines": {b: {"wins": 24, "total": 24, "geomean": v, "best_speedup": v}
                          for b, v in ratios.items()}}


def scenario_main(argv):
    args = parse_args(argv)
    events = [Event(s) for s in args.event]
    start = datetime.date.fromisoformat(args.start)
    missing = [spec.split(":") for spec in args.missing]
    runs = []
    for i in range(args.nights):
        day = (start + datetime.timedelta(days=i)).isoformat()
        if any(lo <= day <= hi for lo, hi in missing):
            continue
        sha = nightly_sha(day)
        if sha:
            runs.append({"run_id": str(3000000000 + i), "sha": sha[:8], "full_sha": sha,
                         "date": day + "T08:20:00Z", "branch": "main", "is_nightly": True,
                         "day": day, "scale": 1.0})
    for j, spec in enumerate(args.manual):
        day, factor = spec.split(":")
        sha = subprocess.run(["git", "rev-list", "-1", "--before=%sT14:00:00Z" % day, "main"],
                             capture_output=True, text=True, check=True).stdout.strip()
        runs.append({"run_id": str(3100000000 + j), "sha": sha[:8], "full_sha": sha,
                     "date": day + "T14:00:00Z", "branch": "main", "is_nightly": False,
                     "day": day, "scale": float(factor)})
    runs.sort(key=lambda r: r["date"])
    platforms = [p.split("=", 1) for p in args.platform]
    summary = []
    for pi, (plat, kernels) in enumerate(platforms):
        for ki, kernel in enumerate(kernels.split(",")):
            base = (1.40 + 0.1 * ki + 0.05 * pi, 1.10 + 0.05 * ki, 1.00 + 0.02 * ki,
                    0.020 + 0.01 * ki, 3.0 + 0.1 * ki, 1.5 + 0.05 * ki, 1.2 + 0.03 * ki)
            history = []
            for r in runs:
                f = factors(events, plat, kernel, r["day"])
                if f is None:
                    continue
                f["helion"] *= r["scale"]
                meta = {k: r[k] for k in RUN_KEYS}
                key = (plat, kernel, r["run_id"])
                meta.update(pretuned_entry(base, f, args.noise, key) if args.pretuned
                            else scenario_main_entry(base, f, args.noise, key))
                history.append(meta)
            if not history:
                continue
            row = {"kernel": kernel, "platform": PLATFORM_NAMES.get(plat, plat), "platform_short": plat,
                   "has_nightly_data": True, "status": "unchanged",
                   "last_seen_date": history[-1]["date"], "infra_missing": False}
            latest = {k: v for k, v in history[-1].items() if k not in
                      RUN_KEYS}
            row.update(latest)
            if args.pretuned:
                row.update({"compute": "sm100", "failed": False, "error": None,
                            "geomean_delta_pct": 0.0})
            else:
                row.update({"baseline_label": None, "accuracy_failures": [], "run_failures": [],
                            "speedup_delta_pct": 0.0, "compile_delta_pct": 0.0,
                            "latency_delta_pct": 0.0})
            row["history"] = history
            summary.append(row)
    nightly = [r for r in runs if r["is_nightly"]]
    meta = [{k: r[k] for k in RUN_KEYS}
            for r in runs]
    latest = meta[runs.index(nightly[-1])] if nightly else None
    write_dashboard(runs[-1]["date"] if runs else None, latest, meta,
                    [PLATFORM_NAMES.get(p, p) for p, _ in platforms], [p for p, _ in platforms],
                    sorted({k for _, ks in platforms for k in ks.split(",")}),
                    args.pretuned, summary)


if len(sys.argv) > 1 and sys.argv[1] == "scenario":
    scenario_main(sys.argv[2:])
else:
    spec_main()
