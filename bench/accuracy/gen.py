#!/usr/bin/env python3
"""Generate the accuracy benchmark's dashboards, with the truth beside them.

gen.py OUTDIR N [SEED]

Writes OUTDIR/repo.fi (a git fast-import stream: one squash-merge commit on
main per day, 07:00 UTC, so every nightly's sha resolves), and per family
and series i OUTDIR/<family>-<i>.json (a current-schema dashboard of one
platform, h100, 90 nightlies at 08:20 UTC, 5-8 kernels with per-kernel
log-normal noise of 0.5-3%) plus one line per series in OUTDIR/truth.tsv:
family, file, query date, first-bad date or '-', kernel-set-change date or
'-', the gone kernels (comma-separated) or '-' (for the family "subset":
the date and the kernels that step on their own, 5.5% at ~7x their noise).

Step sizes are drawn from 2-20% and at least 6 times the platform
geomean's own night-to-night noise, so that the step's night is decidable
(the peers' figures quoted in the issue are for the same kind of series).
"""
import json
import math
import os
import random
import sys
import time

START = 1767225600  # 2026-01-01T00:00:00Z
DAY = 86400
NIGHTS = 90
FAMILIES = ["single", "nostep", "outlier", "spike", "twosteps", "kernelleave", "manual", "missing",
            "subset"]


def day(d):
    return time.strftime("%Y-%m-%d", time.gmtime(START + d * DAY))


def is_harness_day(d):
    """Days whose window also holds a commit touching benchmarks/run.py (with harness=True)."""
    return d % 6 == 3


def repo_stream(out, harness=False):
    for d in range(NIGHTS + 1):
        if harness and is_harness_day(d):
            subject = "[CI] Adjust the nightly benchmark flags (#%d)" % (5000 + d)
            data = "REMOVE_FLAGS_%d = []\n" % d
            out.write("commit refs/heads/main\n")
            out.write("committer Bench Bot <bot@example.com> %d +0000\n" % (START + d * DAY + 6 * 3600))
            out.write("data %d\n%s\n" % (len(subject), subject))
            out.write("M 100644 inline benchmarks/run.py\ndata %d\n%s\n" % (len(data), data))
        subject = "Tune kernel path %d (#%d)" % (d, 3000 + d)
        if d % 5 == 0:
            subject = "[cute] " + subject
        data = "change %d\n" % d
        out.write("commit refs/heads/main\n")
        out.write("committer Bench Bot <bot@example.com> %d +0000\n" % (START + d * DAY + 7 * 3600))
        out.write("data %d\n%s\n" % (len(subject), subject))
        out.write("M 100644 inline helion/f%d.py\ndata %d\n%s\n" % (d % 7, len(data), data))


class Series:
    """Per-kernel log-levels over the nightlies, then shocks on top."""

    def __init__(self, rnd):
        self.rnd = rnd
        self.k = rnd.randint(5, 8)
        self.kernels = ["kernel_%s" % c for c in "abcdefgh"[:self.k]]
        self.sigma = [rnd.uniform(0.005, 0.03) for _ in range(self.k)]
        self.base = [rnd.uniform(0.6, 2.5) for _ in range(self.k)]
        self.shift = [0.0] * NIGHTS          # platform-wide log shift per night
        self.present = [[True] * NIGHTS for _ in range(self.k)]
        self.nightly = [True] * NIGHTS      # False: the nightly did not run
        self.manual = []                    # (day, factor) of manual runs
        self.kernel_shift = {}              # kernel -> (day, log shift from that day on)

    def noise(self):
        """The chain-linked geomean's per-night noise."""
        return math.sqrt(sum(s * s for s in self.sigma)) / self.k

    def step_size(self):
        lo = max(0.02, 6 * self.noise())
        size = self.rnd.uniform(lo, 0.20) if lo < 0.20 else lo
        return size if self.rnd.random() < 0.7 else -size

    def add_step(self, at, pct):
        for d in range(at, NIGHTS):
            self.shift[d] += math.log1p(pct)

    def dashboard(self, shas):
        rnd = self.rnd
        runs = []
        entries = [[] for _ in range(self.k)]
        for d in range(NIGHTS):
            if self.nightly[d]:
                runs.append((d, True, 1.0))
            for md, f in self.manual:
                if md == d:
                    runs.append((d, False, f))
        for n, (d, nightly, factor) in enumerate(runs):
            hour = 8 if nightly else 15
            run = {"run_id": str(50000000000 + n), "sha": shas[d][:8], "full_sha": shas[d],
                   "date": time.strftime("%Y-%m-%dT%H:20:00Z",
                                         time.gmtime(START + d * DAY + hour * 3600)),
                   "branch": "main" if nightly or n % 2 else "feature",
                   "is_nightly": nightly}
            for k in range(self.k):
                if nightly and not self.present[k][d]:
                    continue
                lv = math.log(self.base[k]) + self.shift[d] + rnd.gauss(0, self.sigma[k])
                if k in self.kernel_shift and d >= self.kernel_shift[k][0]:
                    lv += self.kernel_shift[k][1]
                v = math.exp(lv) * factor
                e = dict(run)
                e.update({"helion_speedup_geomean": round(v, 5),
                          "triton_speedup_geomean": round(1.1 * math.exp(rnd.gauss(0, 0.01)), 5),
                          "torch_compile_speedup_geomean": round(1.05 * math.exp(rnd.gauss(0, 0.01)), 5),
                          "compile_time_geomean_s": 31.5,
                          "helion_latency_avg_ms": round(0.02 / v * math.exp(rnd.gauss(0, 0.005)), 7)})
                entries[k].append(e)
        summary = [{"kernel": self.kernels[k], "platform": "NVIDIA H100", "platform_short": "h100",
                    "baseline_label": None, "has_nightly_data": True, "status": "unchanged",
                    "accuracy_failures": [], "run_failures": [], "history": entries[k]}
                   for k in range(self.k)]
        meta = [r for r in summary[0]["history"]]
        return {"generated_at": meta[-1]["date"] if meta else "2026-01-01T00:00:00Z",
                "platforms": ["NVIDIA H100"], "platform_shorts": ["h100"],
                "unique_kernels": self.kernels, "stats": {}, "summary": summary}


def query_near(rnd, truth, lo=0, hi=NIGHTS - 1):
    return min(max(truth + rnd.randint(-3, 3), lo), hi)


def make(family, rnd):
    """One series of the family: (Series, query day, first-bad day or None, set change)."""
    s = Series(rnd)
    t0 = rnd.randint(30, 70)
    truth, setchange = t0, None
    if family == "nostep":
        truth = None
    elif family == "outlier":
        f = rnd.uniform(0.10, 0.50) * rnd.choice([-1, 1])
        s.shift[t0] += math.log1p(f)
        truth = None
    elif family == "spike":
        s.add_step(t0, s.step_size())
        at = t0 + rnd.choice([-1, 1]) * rnd.randint(2, 5)
        s.shift[at] += math.log1p(rnd.uniform(0.10, 0.50) * rnd.choice([-1, 1]))
    elif family == "twosteps":
        t1, gap = rnd.randint(30, 60), rnd.randint(3, 10)
        a, b = s.step_size(), s.step_size()
        # keep the two distinct from a dip that reverts
        while abs(math.log1p(a) + math.log1p(b)) < 4 * s.noise() + 0.02:
            b = s.step_size()
        s.add_step(t1, a)
        s.add_step(t1 + gap, b)
        truth = rnd.choice([t1, t1 + gap])
        other = t1 + gap if truth == t1 else t1
        q = truth
        for _ in range(20):
            q = truth + rnd.randint(-3, 3)
            if abs(q - truth) < abs(q - other):
                break
            q = truth
        return s, q, truth, None
    elif family == "kernelleave":
        n = rnd.randint(1, 3)
        # the leaving kernels are the fastest (or slowest): the plain geomean jumps
        order = sorted(range(s.k), key=lambda k: s.base[k], reverse=rnd.random() < 0.5)
        gone = sorted(order[:n])
        for k in gone:
            for d in range(t0, NIGHTS):
                s.present[k][d] = False
        truth = None
        setchange = (t0, [s.kernels[k] for k in gone])
    elif family == "manual":
        s.add_step(t0, s.step_size())
        for _ in range(rnd.randint(3, 8)):
            s.manual.append((t0 + rnd.randint(-8, 8), rnd.uniform(0.3, 3.0)))
    elif family == "subset":
        # 2 of 5 kernels drop 5.5%, each about 7x its own noise: the geomean moves ~2.2%
        # at most and stays under the platform's thresholds when its noise is high
        s.k = 5
        s.kernels = s.kernels[:5]
        s.base = s.base[:5]
        s.present = s.present[:5]
        s.sigma = [rnd.uniform(0.015, 0.03) for _ in range(5)]
        moved = sorted(rnd.sample(range(5), 2))
        for k in moved:
            s.sigma[k] = 0.008
        s.kernel_shift = {k: (t0, math.log1p(-0.055)) for k in moved}
        q = query_near(rnd, t0)
        return s, q, None, (t0, [s.kernels[k] for k in moved], "kernels")
    elif family == "missing":
        s.add_step(t0, s.step_size())
        for d in range(1, NIGHTS - 1):
            if rnd.random() < 0.15:
                s.nightly[d] = False
        if rnd.random() < 0.3:
            s.nightly[t0] = False
        while not s.nightly[truth]:
            truth += 1
        if not s.nightly[truth + 1]:
            s.nightly[truth + 1] = True
    if family in ("single",):
        s.add_step(t0, s.step_size())
    q = query_near(rnd, t0)
    return s, q, truth, setchange


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "repo.fi"), "w") as fp:
        repo_stream(fp)
    shas = open(os.path.join(out, "shas")).read().split() if os.path.exists(
        os.path.join(out, "shas")) else None
    if shas is None:
        return
    with open(os.path.join(out, "truth.tsv"), "w") as truth_fp:
        for fi, family in enumerate(FAMILIES):
            rnd = random.Random(seed * 1000 + fi)
            for i in range(n):
                s, q, truth, setchange = make(family, rnd)
                name = "%s-%02d.json" % (family, i)
                with open(os.path.join(out, name), "w") as fp:
                    json.dump(s.dashboard(shas), fp)
                truth_fp.write("%s\t%s\t%s\t%s\t%s\t%s\n" % (
                    family, name, day(q), day(truth) if truth is not None else "-",
                    day(setchange[0]) if setchange else "-",
                    ",".join(setchange[1]) if setchange else "-"))


if __name__ == "__main__":
    main()
