#!/usr/bin/env python3
"""Score git-benchwindow on the generated families (see gen.py).

run.py BINDIR WORKDIR N [--seed=S] [--families=A,B] [--peers=PEERS] [--assert] [--verbose]

Builds WORKDIR/repo (one commit per nightly), generates N series per
family, runs `git benchwindow --file D --json <platform> <query>` for each
platform and query date of each series and prints per family:
- hits: a window that holds the first-bad nightly's commits (every query
  of a gap series, both platforms of a two-platform one): the exact
  nightly pair, or two nights round one that could be on either side
  (a spike left out beside the step, or a nightly near both levels);
  for a drift, a step or drift whose first bad lies within the drift;
- false: answers with a step (a platform's, a kernel's or a drift) where
  there is none, at a wrong night, or naming a wrong kernel;
- named: kernel-set changes named; the kernels that step on their own
  named at their night (subset, onekernel; subset also counts the
  platform's own step at that night); drifts named as drifts, each end
  within 3 nights of the truth;
- weak: answers of "undecided" (a move between no step and a step);
- window: the mean days from last good to first bad of the answers with
  a step or drift (1: the one nightly pair), the price of a hit;
- runtime.
With --peers (bench/peers.c, built by make bench), the same series' plain
geomeans go through the peers' algorithms (PELT and binary segmentation
with an L2 cost, e-divisive means with a permutation test, Otava's
e-divisive with Student's t-test), each answering with its change point
nearest the query within the span: their hits and false steps beside ours.
With --assert, exits 1 when a target of issues 8 and 24 is missed.
"""
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

SPAN = 7
DRIFT_SLACK = 3     # nights either end of a drift may be off
# first-bad hit rates (issue 8; issue 24: weekly >= 36 of 38, small and gap 38)
STEP_FAMILIES = {"single": 1.0, "spike": 0.95, "twosteps": 0.97, "manual": 1.0, "missing": 1.0,
                 "weekly": 36 / 38, "gap": 1.0, "small": 1.0}
# reported, no target
REPORTED_STEPS = ("recovery", "twoplatforms", "drift", "statestep")
NO_STEP_FAMILIES = ("nostep", "outlier", "kernelleave", "bimodal", "heavytail")
# named: kernel-set changes 100%; one kernel's step >= 36 of 38; drifts (issue 24
# sets no number: 36 of 38 asserted); subset is reported only
NAMED_TARGETS = {"kernelleave": 1.0, "onekernel": 36 / 38, "drift": 36 / 38}
PEERS = ("pelt", "binseg", "edivisive", "otava")


def setup(work, n, seed, families):
    repo = os.path.join(work, "repo")
    args = [sys.executable, os.path.join(HERE, "gen.py"), work, str(n), str(seed), ",".join(families)]
    subprocess.run(args, check=True)
    if not os.path.isdir(repo):
        subprocess.run(["git", "init", "-q", "-b", "main", repo], check=True)
        with open(os.path.join(work, "repo.fi"), "rb") as fp:
            subprocess.run(["git", "-C", repo, "fast-import", "--quiet"], stdin=fp, check=True)
    shas = subprocess.run(["git", "-C", repo, "rev-list", "--reverse", "main"], check=True,
                          capture_output=True, text=True).stdout
    with open(os.path.join(work, "shas"), "w") as fp:
        fp.write(shas)
    subprocess.run(args, check=True)
    return repo


def days_between(a, b):
    return round((time.mktime(time.strptime(a, "%Y-%m-%d")) -
                  time.mktime(time.strptime(b, "%Y-%m-%d"))) / gen.DAY)


class Score:
    def __init__(self):
        self.n = self.hits = self.false = self.named = self.nnamed = self.weak = 0
        self.days = self.windows = 0
        self.time = 0.0
        self.peers = {p: [0, 0] for p in PEERS}     # hits, false


def holds(good, bad, day):
    """Whether the window good..bad holds day's commits: good < day <= bad."""
    return bool(good) and bool(bad) and days_between(good, day) < 0 <= days_between(bad, day)


def judge_answer(family, t, out):
    """(hit, false, named or None) of one answer.

    A window holds the truth when the truth's first bad night lies in it: the
    nightly pair, or two nights round one that could be on either side."""
    step = out["step"]
    found = step["found"]
    bad = (out["first_bad"]["date"] or "")[:10]
    good = (out["last_good"]["date"] or "")[:10]
    drift = step.get("drift")
    ksteps = out.get("kernel_steps") or []
    truth = t["first_bad"]
    if family == "drift":
        first, last = t["drift"]
        inside = found and days_between(bad, first) >= 0 and days_between(bad, last) <= DRIFT_SLACK
        named = bool(drift) and abs(days_between(drift["first"][:10], first)) <= DRIFT_SLACK and \
            abs(days_between(drift["last"][:10], last)) <= DRIFT_SLACK
        return inside, (found or bool(ksteps)) and not inside, named
    if "kernels" in t:
        kday, names = t["kernels"]
        named = sorted(k["kernel"] for k in ksteps) == sorted(names) and \
            all(holds(k["last_date"][:10], k["date"][:10], kday) for k in ksteps)
        if family == "subset":
            named = named or (not ksteps and found and holds(good, bad, kday))
        wrong = (found and not holds(good, bad, kday)) or any(
            not holds(k["last_date"][:10], k["date"][:10], kday) or k["kernel"] not in names for k in ksteps)
        return False, wrong, named
    if truth is None:
        false = bool(found) or bool(ksteps)
        named = None
        if "set_change" in t:
            sday, gone = t["set_change"]
            ksc = out.get("kernel_set_change")
            named = bool(ksc) and ksc["date"][:10] == sday and sorted(ksc["gone"]) == sorted(gone)
        return False, false, named
    hit = found and not drift and holds(good, bad, truth)
    return hit, (found and not hit) or bool(ksteps), None


def plain_geomeans(path, platform):
    """The dashboard's plain geomean of each nightly of platform: (dates, log values)."""
    by_run = {}
    for row in json.load(open(path))["summary"]:
        if row["platform_short"] != platform:
            continue
        for e in row["history"]:
            v = e.get("helion_speedup_geomean")
            if not e.get("is_nightly") or e.get("branch") != "main" or not v:
                continue
            by_run.setdefault(e["run_id"], [e["date"], []])[1].append(math.log(v))
    runs = sorted(by_run.values())
    return [r[0][:10] for r in runs], [sum(r[1]) / len(r[1]) for r in runs]


def peer_answer(dates, cps, query):
    """The change point nearest the query within the span: its first-bad date, or None."""
    best = None
    for c in cps:
        off = abs(days_between(dates[c], query))
        if off <= SPAN and (best is None or off < best[0]):
            best = (off, dates[c])
    return best[1] if best else None


def run_peers(peers, work, jobs):
    """jobs: [(key, dates, values)] -> {key: {method: [cp indices]}}"""
    lines = "".join("%d %d %s\n" % (i, len(v), " ".join("%.9g" % x for x in v))
                    for i, (_, _, v) in enumerate(jobs))
    out = subprocess.run([peers], input=lines, capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.splitlines():
        f = line.split()
        res.setdefault(jobs[int(f[0])][0], {})[f[1]] = [int(x) for x in f[2:]]
    return res


def judge_peer(family, t, dates, cps, queries):
    """(hit, false) of a peer on one platform's series."""
    hit, false = True, False
    for q in queries:
        bad = peer_answer(dates, cps, q)
        if family == "drift":
            first, last = t["drift"]
            ok = bad is not None and days_between(bad, first) >= 0 and days_between(bad, last) <= DRIFT_SLACK
        elif "kernels" in t:
            ok = bad == t["kernels"][0]
        else:
            ok = bad == t["first_bad"] if t["first_bad"] else bad is None
        hit = hit and ok and bad is not None
        false = false or (bad is not None and not ok)
    return hit, false


def main():
    bindir, work, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    opts = dict(a[2:].split("=", 1) if "=" in a else (a[2:], "1") for a in sys.argv[4:])
    check, verbose = "assert" in opts, "verbose" in opts
    seed = int(opts.get("seed", 8))
    families = opts["families"].split(",") if "families" in opts else gen.FAMILIES
    os.makedirs(work, exist_ok=True)
    repo = setup(work, n, seed, families)
    rows, order, peer_jobs = {}, [], []
    for line in open(os.path.join(work, "truth.jsonl")):
        t = json.loads(line)
        family = t["family"]
        if family not in rows:
            rows[family] = Score()
            order.append(family)
        r = rows[family]
        r.n += 1
        hit, false, named, weak = True, False, True, False
        for platform in t["platforms"]:
            for q in t["queries"]:
                start = time.time()
                p = subprocess.run([os.path.join(bindir, "git-benchwindow"), "--file",
                                    os.path.join(work, t["file"]), "--json", platform, q],
                                   cwd=repo, capture_output=True, text=True)
                r.time += time.time() - start
                if p.returncode not in (0, 1):
                    print("%s: exit %d: %s" % (t["file"], p.returncode, p.stderr.strip()),
                          file=sys.stderr)
                    hit, named = False, False
                    continue
                out = json.loads(p.stdout)
                h, f, nm = judge_answer(family, t, out)
                weak = weak or bool(out["step"].get("undecided"))
                if out["step"]["found"] and out["last_good"]["date"] and out["first_bad"]["date"]:
                    r.windows += 1
                    r.days += days_between(out["first_bad"]["date"][:10], out["last_good"]["date"][:10])
                hit, false = hit and h, false or f
                named = named and nm if nm is not None else None
                steps = family in STEP_FAMILIES or family in REPORTED_STEPS
                if verbose and (f or nm is False or (steps and not h)):
                    st = out["step"]
                    print("miss %s %s query %s truth %s: found %s first_bad %s change %s z %s "
                          "drift %s kernels %s weak %s reason %s" % (
                              t["file"], platform, q, t.get("first_bad") or t.get("drift") or
                              t.get("kernels"), st["found"], (out["first_bad"]["date"] or "")[:10],
                              st.get("change_pct"), st.get("z"), st.get("drift"),
                              [(k["kernel"], k["date"][:10]) for k in out.get("kernel_steps") or []],
                              st.get("undecided"), st.get("reason")), file=sys.stderr)
            if "peers" in opts:
                dates, values = plain_geomeans(os.path.join(work, t["file"]), platform)
                peer_jobs.append(((t["file"], platform), dates, values))
        r.hits += hit
        r.false += false
        r.weak += weak
        if named is not None and ("kernels" in t or "set_change" in t or family == "drift"):
            r.nnamed += 1
            r.named += named
    if "peers" in opts:
        res = run_peers(opts["peers"], work, peer_jobs)
        dates_of = {k: d for k, d, _ in peer_jobs}
        for line in open(os.path.join(work, "truth.jsonl")):
            t = json.loads(line)
            for m in PEERS:
                hit, false = True, False
                for platform in t["platforms"]:
                    key = (t["file"], platform)
                    h, f = judge_peer(t["family"], t, dates_of[key], res.get(key, {}).get(m, []),
                                      t["queries"])
                    hit, false = hit and h, false or f
                rows[t["family"]].peers[m][0] += hit and (t["first_bad"] is not None or
                                                          t["family"] == "drift" or "kernels" in t)
                rows[t["family"]].peers[m][1] += false
    return report(rows, order, check, "peers" in opts)


def report(rows, order, check, peers):
    failed = []
    head = "%-12s %6s %10s %12s %14s %5s %6s %9s" % ("family", "series", "first-bad", "false steps",
                                                     "named", "weak", "window", "runtime")
    if peers:
        head += "".join(" %13s" % p for p in PEERS)
    print(head)
    for f in order:
        r = rows[f]
        steps = f in STEP_FAMILIES or f in REPORTED_STEPS
        hits = "%d/%d" % (r.hits, r.n) if steps else "-"
        named = "%d/%d" % (r.named, r.nnamed) if r.nnamed else "-"
        window = "%.2f" % (r.days / r.windows) if r.windows else "-"
        line = "%-12s %6d %10s %12d %14s %5d %6s %8.2fs" % (f, r.n, hits, r.false, named, r.weak, window,
                                                            r.time)
        if peers:
            for p in PEERS:
                h, fa = r.peers[p]
                line += " %13s" % ("%s %d" % ("%d/%d" % (h, r.n) if steps or f in ("onekernel", "subset")
                                             else "-", fa))
        print(line)
        if f in STEP_FAMILIES and r.hits < STEP_FAMILIES[f] * r.n - 1e-9:
            failed.append("%s: %d of %d first-bad hits, want %.0f%%" % (
                f, r.hits, r.n, 100 * STEP_FAMILIES[f]))
        if f in NO_STEP_FAMILIES and r.false:
            failed.append("%s: %d false steps, want 0" % (f, r.false))
        if f in NAMED_TARGETS and r.named < NAMED_TARGETS[f] * r.nnamed - 1e-9:
            failed.append("%s: %d of %d named, want %.0f%%" % (
                f, r.named, r.nnamed, 100 * NAMED_TARGETS[f]))
    if peers:
        print("peers: hits and false steps of each on the plain geomean "
              "(onekernel, subset: the exact night, not the kernel)")
    for msg in failed:
        print("target missed: " + msg)
    return 1 if check and failed else 0


sys.exit(main())
