#!/usr/bin/env python3
"""What "no step worth finding" costs: git-benchwindow's answer at a step of
a known size.

room.py BINDIR WORKDIR N --size=PCT [--seed=S] [--states]

Generates N dashboards of one platform (5-8 kernels, each with its own
noise of 0.5-3% a night, 90 nightlies) whose every kernel steps by PCT
percent (0: none) on a night in 35..60, up or down; with --states each
nightly is, with probability 0.15-0.5, on a second machine that moves
every kernel 3-8%. It asks `git benchwindow --file D --json` at the step's
night and counts the answers:
- found: a step (or drift);
- undecided: a weak step, neither shown nor ruled out;
- room: no step, but the largest move the data allow (bound_pct) reaches
  --min-change: not ruled out;
- open: no step, not ruled out because kernels moved (open_kernel);
- ruled_out: no step, and a move of --min-change ruled out.
At PCT at or above --min-change (2) every "ruled_out" is a confident
wrong answer; two standard errors allow about 2.3% of them at a step of
exactly 2%, fewer above. At PCT 0 "ruled_out" is the right answer and the
rest are honest doubt (docs/statistics.md, "The room under machine
states").
"""
import json
import math
import os
import random
import subprocess
import sys
import time

NIGHTS = 90
START = 1767225600  # 2026-01-01


def dashboard(rnd, size, states):
    """The dashboard's rows and the step's night."""
    k = rnd.randint(5, 8)
    sigma = [rnd.uniform(0.005, 0.03) for _ in range(k)]
    base = [math.log(rnd.uniform(0.6, 2.5)) for _ in range(k)]
    share = rnd.uniform(0.15, 0.5)
    off = math.log1p(rnd.uniform(0.03, 0.08) * rnd.choice([-1, 1]))
    other = [states and rnd.random() < share for _ in range(NIGHTS)]
    t0 = rnd.randint(35, 60)
    step = math.log1p(size / 100 * rnd.choice([-1, 1]))
    rows = []
    for j in range(k):
        hist = []
        for d in range(NIGHTS):
            v = base[j] + (step if d >= t0 else 0) + (off if other[d] else 0) + rnd.gauss(0, sigma[j])
            hist.append({"run_id": str(1000 + d), "sha": "%08x" % (0x10000000 + d),
                         "full_sha": "%040x" % (0x10000000 + d),
                         "date": time.strftime("%Y-%m-%dT08:20:00Z", time.gmtime(START + d * 86400)),
                         "branch": "main", "is_nightly": True,
                         "helion_speedup_geomean": round(math.exp(v), 5), "helion_latency_avg_ms": 0.1})
        rows.append({"kernel": "kernel_%d" % j, "platform": "NVIDIA H100", "platform_short": "h100",
                     "history": hist})
    return {"summary": rows}, t0


def answer(step):
    if step["found"]:
        return "found"
    if step["undecided"]:
        return "undecided"
    if step.get("open_kernel"):
        return "open"
    bound = step.get("bound_pct")
    if "bound_pct" not in step and step["se_pct"] is not None:
        # a binary from before bound_pct: the change plus two standard errors
        bound = 100 * math.expm1(abs(math.log1p(step["change_pct"] / 100)) + 2 * math.log1p(step["se_pct"] / 100))
    if bound is not None and bound < step["min_change"]:
        return "ruled_out"
    return "room"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) if "=" in a else (a[2:], "1") for a in sys.argv[1:] if a.startswith("--"))
    if len(args) != 3 or "size" not in opts:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 129
    bindir, work, n = args[0], args[1], int(args[2])
    size, seed, states = float(opts["size"]), int(opts.get("seed", 1)), "states" in opts
    os.makedirs(work, exist_ok=True)
    subprocess.run(["git", "init", "-q", work], check=True)
    path = os.path.join(work, "dashboard.json")
    counts = {}
    for i in range(n):
        rnd = random.Random(seed * 100000 + i)
        dash, t0 = dashboard(rnd, size, states)
        with open(path, "w") as fp:
            json.dump(dash, fp)
        day = time.strftime("%Y-%m-%d", time.gmtime(START + t0 * 86400))
        p = subprocess.run([os.path.join(bindir, "git-benchwindow"), "--file", path, "--json", "h100", day],
                           cwd=work, capture_output=True, text=True)
        a = answer(json.loads(p.stdout)["step"]) if p.returncode in (0, 1) and p.stdout else "error"
        counts[a] = counts.get(a, 0) + 1
    print("size %.1f%%%s, %d series: %s" % (size, " under states" if states else "", n,
          ", ".join("%s %d" % (a, counts.get(a, 0)) for a in
                    ("found", "undecided", "room", "open", "ruled_out", "error"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
