#!/usr/bin/env python3
"""Generate the accuracy benchmark's dashboards, with the truth beside them.

gen.py OUTDIR N [SEED]

Writes OUTDIR/repo.fi (a git fast-import stream: one squash-merge commit on
main per day, 07:00 UTC, so every nightly's sha resolves), and per family
and series i OUTDIR/<family>-<i>.json (a current-schema dashboard of one
platform, h100, 90 nightlies at 08:20 UTC, 5-8 kernels with per-kernel
log-normal noise of 0.5-3%) plus one JSON line per series in
OUTDIR/truth.jsonl: family, file, the query dates, the platforms to ask
about, the first-bad date (null: none), the kernel-set change (date and
gone kernels), the kernels that step on their own (date and names), the
drift (first and last night).

Step sizes are drawn from 2-20% and at least 6 times the platform
geomean's own night-to-night noise, so that the step's night is decidable
(the peers' figures quoted in the issue are for the same kind of series).
The families of issue 24 keep that rule: where a family fixes the size
(small steps of 2.0-2.6%, weekly seasonality's 4-7% steps, one kernel's
5-10%), the noise is drawn under a sixth of the step instead.
"""
import json
import math
import os
import random
import sys
import time

START = 1767225600  # 2026-01-01T00:00:00Z, a Thursday
DAY = 86400
NIGHTS = 90
FAMILIES = ["single", "nostep", "outlier", "spike", "twosteps", "kernelleave", "manual", "missing",
            "subset", "drift", "bimodal", "onekernel", "heavytail", "recovery", "weekly", "gap",
            "twoplatforms", "small", "statestep"]


def day(d):
    return time.strftime("%Y-%m-%d", time.gmtime(START + d * DAY))


def is_harness_day(d):
    """Days whose window also holds a commit touching benchmarks/run.py (with harness=True)."""
    return d % 6 == 3


def weekday(d):
    """0 Monday .. 6 Sunday."""
    return (d + 3) % 7


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

    def __init__(self, rnd, k=None):
        self.rnd = rnd
        self.k = k or rnd.randint(5, 8)
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

    def noise_under(self, size, ratio=6):
        """Scale the kernels' noise down so that a step of size is ratio times the geomean's."""
        want = abs(math.log1p(size)) / ratio
        if self.noise() > want:
            f = want * self.rnd.uniform(0.6, 1.0) / self.noise()
            self.sigma = [s * f for s in self.sigma]

    def add_step(self, at, pct):
        for d in range(at, NIGHTS):
            self.shift[d] += math.log1p(pct)

    def rows(self, shas, short="h100", name="NVIDIA H100", base_id=50000000000):
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
            run = {"run_id": str(base_id + n), "sha": shas[d][:8], "full_sha": shas[d],
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
        return [{"kernel": self.kernels[k], "platform": name, "platform_short": short,
                 "baseline_label": None, "has_nightly_data": True, "status": "unchanged",
                 "accuracy_failures": [], "run_failures": [], "history": entries[k]}
                for k in range(self.k)]

    def dashboard(self, shas):
        return dashboard_of(self.rows(shas), ["NVIDIA H100"], ["h100"], self.kernels)


def dashboard_of(summary, names, shorts, kernels):
    meta = summary[0]["history"]
    return {"generated_at": meta[-1]["date"] if meta else "2026-01-01T00:00:00Z",
            "platforms": names, "platform_shorts": shorts,
            "unique_kernels": kernels, "stats": {}, "summary": summary}


def query_near(rnd, truth, lo=0, hi=NIGHTS - 1):
    return min(max(truth + rnd.randint(-3, 3), lo), hi)


def query_nearer(rnd, truth, other):
    """A query 0-3 nights off truth, nearer it than the other move."""
    q = truth
    for _ in range(20):
        q = truth + rnd.randint(-3, 3)
        if abs(q - truth) < abs(q - other):
            break
        q = truth
    return q


def student_t(rnd, nu):
    return rnd.gauss(0, 1) / math.sqrt(rnd.gammavariate(nu / 2, 2) / nu)


def truth_of(q, bad=None, **extra):
    t = {"queries": [day(d) for d in (q if isinstance(q, list) else [q])],
         "first_bad": day(bad) if bad is not None else None}
    t.update(extra)
    return t


def add_states(s, rnd):
    """Two machine states: each night on the other machine with probability
    0.15-0.5, 3-8% off and 4x the noise at least (states that overlap are
    no bimodal series)."""
    p = rnd.uniform(0.15, 0.5)
    off = rnd.uniform(0.03, 0.08) * rnd.choice([-1, 1])
    s.noise_under(off, 4)
    off = math.log1p(off)
    for d in range(NIGHTS):
        if rnd.random() < p:
            s.shift[d] += off


def make_new(family, rnd):
    """The families of issue 24: (dashboard builder, truth)."""
    s = Series(rnd)
    t0 = rnd.randint(30, 70)
    if family == "drift":
        # 5-15% over 10-20 nights, at least 6x the noise: night t0 holds 1/length of it
        length = rnd.randint(10, 20)
        t0 = rnd.randint(25, NIGHTS - length - 15)
        lo = max(0.05, 6 * s.noise())
        size = rnd.uniform(lo, 0.15) if lo < 0.15 else lo
        size = math.log1p(size if rnd.random() < 0.3 else -size)
        for d in range(t0, NIGHTS):
            s.shift[d] += size * min(1.0, (d - t0 + 1) / length)
        q = rnd.randint(t0 - 2, t0 + length + 1)
        return s, truth_of(q, drift=[day(t0), day(t0 + length - 1)])
    if family == "bimodal":
        add_states(s, rnd)
        return s, truth_of(rnd.randint(20, 70))
    if family == "statestep":
        # a step under bimodal's states: the states' clusters and the
        # step's levels overlap when the step is near the states' offset
        add_states(s, rnd)
        s.add_step(t0, s.step_size())
        return s, truth_of(query_near(rnd, t0), t0)
    if family == "onekernel":
        # one kernel of five steps 5-10% (at least 6x its own noise): the geomean moves 1-2%
        s = Series(rnd, 5)
        k = rnd.randrange(5)
        size = rnd.uniform(0.05, 0.10)
        s.sigma[k] = rnd.uniform(0.004, size / 6)
        s.kernel_shift = {k: (t0, math.log1p(size if rnd.random() < 0.3 else -size))}
        return s, truth_of(query_near(rnd, t0), kernels=[day(t0), [s.kernels[k]]])
    if family == "heavytail":
        # a platform-wide shock each night from Student's t with 2-4 degrees of freedom
        nu, scale = rnd.uniform(2, 4), rnd.uniform(0.003, 0.01)
        for d in range(NIGHTS):
            s.shift[d] += scale * student_t(rnd, nu)
        return s, truth_of(rnd.randint(20, 70))
    if family == "recovery":
        # a step, then 30-70% of it back 5-15 nights later
        t0, gap = rnd.randint(30, 60), rnd.randint(5, 15)
        size = s.step_size()
        s.add_step(t0, size)
        back = rnd.uniform(0.3, 0.7) * math.log1p(size)
        for d in range(t0 + gap, NIGHTS):
            s.shift[d] -= back
        return s, truth_of(query_nearer(rnd, t0, t0 + gap), t0)
    if family == "weekly":
        # a weekend offset or a 7-day wave of 2-5%, and a 4-7% step
        amp = rnd.uniform(0.02, 0.05) * rnd.choice([-1, 1])
        if rnd.random() < 0.5:
            for d in range(NIGHTS):
                if weekday(d) >= 5:
                    s.shift[d] += math.log1p(amp)
        else:
            phase = rnd.uniform(0, 2 * math.pi)
            for d in range(NIGHTS):
                s.shift[d] += amp * math.sin(2 * math.pi * d / 7 + phase)
        size = rnd.uniform(0.04, 0.07) * (1 if rnd.random() < 0.3 else -1)
        s.noise_under(size)
        s.add_step(t0, size)
        return s, truth_of(query_near(rnd, t0), t0)
    if family == "gap":
        # the step lands in a run of 3 missing nightlies; asked about from 2 nights
        # before the gap to 3 nights after it
        m = rnd.randint(30, 66)
        s.add_step(m + rnd.randint(0, 2), s.step_size())
        for d in range(m, m + 3):
            s.nightly[d] = False
        return s, truth_of(list(range(m - 2, m + 6)), m + 3)
    if family == "twoplatforms":
        b = Series(rnd)
        s.add_step(t0, s.step_size())
        b.add_step(t0, b.step_size())
        return (s, b), truth_of(query_near(rnd, t0), t0, platforms=["h100", "b200"])
    if family == "small":
        # 2.0-2.6% held for 15 nights or more, in plain noise at most a sixth of it
        t0 = rnd.randint(30, NIGHTS - 15)
        size = rnd.uniform(0.020, 0.026) * (1 if rnd.random() < 0.3 else -1)
        s.noise_under(size)
        s.add_step(t0, size)
        return s, truth_of(query_near(rnd, t0), t0)
    raise ValueError(family)


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
        return s, query_nearer(rnd, truth, other), truth, None
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


def make_any(family, rnd, shas):
    """(dashboard, truth) of one series of the family."""
    if family in FAMILIES[:FAMILIES.index("drift")]:
        s, q, truth, setchange = make(family, rnd)
        t = truth_of(q, truth)
        if setchange and len(setchange) == 3:
            t["kernels"] = [day(setchange[0]), setchange[1]]
        elif setchange:
            t["set_change"] = [day(setchange[0]), setchange[1]]
        return s.dashboard(shas), t
    made, t = make_new(family, rnd)
    if isinstance(made, tuple):
        a, b = made
        rows = a.rows(shas) + b.rows(shas, "b200", "NVIDIA B200", 51000000000)
        return dashboard_of(rows, ["NVIDIA H100", "NVIDIA B200"], ["h100", "b200"],
                            sorted(set(a.kernels + b.kernels))), t
    return made.dashboard(shas), t


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    families = sys.argv[4].split(",") if len(sys.argv) > 4 else FAMILIES
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "repo.fi"), "w") as fp:
        repo_stream(fp)
    shas = open(os.path.join(out, "shas")).read().split() if os.path.exists(
        os.path.join(out, "shas")) else None
    if shas is None:
        return
    with open(os.path.join(out, "truth.jsonl"), "w") as truth_fp:
        for fi, family in enumerate(FAMILIES):
            if family not in families:
                continue
            rnd = random.Random(seed * 1000 + fi)
            for i in range(n):
                dash, t = make_any(family, rnd, shas)
                name = "%s-%02d.json" % (family, i)
                with open(os.path.join(out, name), "w") as fp:
                    json.dump(dash, fp)
                t.update({"family": family, "file": name})
                t.setdefault("platforms", ["h100"])
                truth_fp.write(json.dumps(t) + "\n")


if __name__ == "__main__":
    main()
