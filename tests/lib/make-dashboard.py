#!/usr/bin/env python3
"""Write a Helion dashboard (current schema, or the Pretuned tab) for the
git-benchbisect tests, from scenario events, with the nightly shas of the
repository in the current directory.

  make-dashboard.py [--pretuned] --start DAY --nights N [--noise A]
      --platform SHORT=KERNEL,KERNEL... (repeatable)
      [--event KIND:PLATFORM:DAY:FACTOR[:WHAT]]... [--manual DAY:FACTOR]...

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
"""
import argparse
import datetime
import hashlib
import json
import math
import subprocess
import sys

NAMES = {"b200": "NVIDIA B200", "b200_cute": "NVIDIA B200 (CuTe)", "h100": "NVIDIA H100",
         "mi350x": "AMD Instinct MI350X", "tpu": "Google TPU v6e"}
BASELINES = ["torch", "torch_compile", "vllm"]


def noise(amplitude, *key):
    digest = hashlib.md5("/".join(map(str, key)).encode()).digest()
    return 1 + amplitude * (digest[0] / 127.5 - 1)


def nightly_sha(day):
    out = subprocess.run(["git", "rev-list", "--first-parent", "-1",
                          "--before=%sT08:00:00Z" % day, "main"],
                         capture_output=True, text=True, check=True).stdout.strip()
    return out or None


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--pretuned", action="store_true")
    p.add_argument("--start", required=True)
    p.add_argument("--nights", type=int, required=True)
    p.add_argument("--noise", type=float, default=0.01)
    p.add_argument("--platform", action="append", default=[])
    p.add_argument("--event", action="append", default=[])
    p.add_argument("--manual", action="append", default=[])
    return p.parse_args()


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


def main_entry(base, f, a, key):
    return {"helion_speedup_geomean": round(base[0] * f["helion"] * noise(a, *key, "h"), 4),
            "triton_speedup_geomean": round(base[1] * f["triton"] * noise(a, *key, "t"), 4),
            "torch_compile_speedup_geomean": round(base[2] * f["torch_compile"] * noise(a, *key, "c"), 4),
            "compile_time_geomean_s": 30.0,
            "helion_latency_avg_ms": round(base[3] * f["latency"] * noise(a, *key, "l"), 5)}


def pretuned_entry(base, f, a, key):
    ratios = {b: round(base[4 + i] * f["b:" + b] * noise(a, *key, b), 4)
              for i, b in enumerate(BASELINES)}
    geomean = round(math.exp(sum(math.log(v) for v in ratios.values()) / len(ratios)), 4)
    return {"cudagraph": True, "geomean": geomean,
            "helion_wins": round(24 * min(1.0, geomean / 2.5)), "total": 24,
            "best_speedup": max(ratios.values()),
            "baselines": {b: {"wins": 24, "total": 24, "geomean": v, "best_speedup": v}
                          for b, v in ratios.items()}}


def main():
    args = parse_args()
    events = [Event(s) for s in args.event]
    start = datetime.date.fromisoformat(args.start)
    runs = []
    for i in range(args.nights):
        day = (start + datetime.timedelta(days=i)).isoformat()
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
                meta = {k: r[k] for k in ("run_id", "sha", "full_sha", "date", "branch", "is_nightly")}
                key = (plat, kernel, r["run_id"])
                meta.update(pretuned_entry(base, f, args.noise, key) if args.pretuned
                            else main_entry(base, f, args.noise, key))
                history.append(meta)
            if not history:
                continue
            row = {"kernel": kernel, "platform": NAMES.get(plat, plat), "platform_short": plat,
                   "has_nightly_data": True, "status": "unchanged",
                   "last_seen_date": history[-1]["date"], "infra_missing": False}
            latest = {k: v for k, v in history[-1].items() if k not in
                      ("run_id", "sha", "full_sha", "date", "branch", "is_nightly")}
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
    meta = [{k: r[k] for k in ("run_id", "sha", "full_sha", "date", "branch", "is_nightly")}
            for r in runs]
    latest = meta[runs.index(nightly[-1])] if nightly else None
    doc = {"generated_at": runs[-1]["date"] if runs else None, "latest_run": latest,
           "runs": meta,
           "platforms": [NAMES.get(p, p) for p, _ in platforms],
           "platform_shorts": [p for p, _ in platforms],
           "kernels" if args.pretuned else "unique_kernels":
               sorted({k for _, ks in platforms for k in ks.split(",")}),
           "stats": {}, "summary": summary}
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
