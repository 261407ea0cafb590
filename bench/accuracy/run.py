#!/usr/bin/env python3
"""Score git-benchwindow on the generated families (see gen.py).

run.py BINDIR WORKDIR N [--seed=S] [--assert] [--verbose]

Builds WORKDIR/repo (one commit per nightly), generates N series per
family, runs `git benchwindow --file D --json h100 <query>` on each and
prints per family: exact first-bad hits, false steps (a step found where
there is none, or at a wrong night; a kernel step counts too), named (the
kernel-set changes named; for "subset", the kernels that step on their own
named exactly), runtime.
With --assert, exits 1 when a target of issue 8 is missed.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STEP_FAMILIES = {"single": 1.0, "spike": 0.95, "twosteps": 0.97, "manual": 1.0, "missing": 1.0}
NO_STEP_FAMILIES = ("nostep", "outlier", "kernelleave")
# no target in issue 8 for the move concentrated in a few kernels: reported, not asserted
REPORTED_ONLY = ("subset",)


def setup(work, n, seed):
    repo = os.path.join(work, "repo")
    subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), work, str(n), str(seed)], check=True)
    if not os.path.isdir(repo):
        subprocess.run(["git", "init", "-q", "-b", "main", repo], check=True)
        with open(os.path.join(work, "repo.fi"), "rb") as fp:
            subprocess.run(["git", "-C", repo, "fast-import", "--quiet"], stdin=fp, check=True)
    shas = subprocess.run(["git", "-C", repo, "rev-list", "--reverse", "main"], check=True,
                          capture_output=True, text=True).stdout
    with open(os.path.join(work, "shas"), "w") as fp:
        fp.write(shas)
    subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), work, str(n), str(seed)], check=True)
    return repo


def main():
    bindir, work, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    check = "--assert" in sys.argv[4:]
    verbose = "--verbose" in sys.argv[4:]
    os.makedirs(work, exist_ok=True)
    seed = 8
    for a in sys.argv[4:]:
        if a.startswith("--seed="):
            seed = int(a[7:])
    repo = setup(work, n, seed)
    rows = {}
    order = []
    for line in open(os.path.join(work, "truth.tsv")):
        family, name, query, truth, setdate, gone = line.rstrip("\n").split("\t")
        if family not in rows:
            rows[family] = {"n": 0, "hits": 0, "false": 0, "sets": 0, "nsets": 0, "time": 0.0}
            order.append(family)
        r = rows[family]
        t = time.time()
        p = subprocess.run([os.path.join(bindir, "git-benchwindow"), "--file",
                            os.path.join(work, name), "--json", "h100", query],
                           cwd=repo, capture_output=True, text=True)
        r["time"] += time.time() - t
        r["n"] += 1
        if p.returncode not in (0, 1):
            print("%s: exit %d: %s" % (name, p.returncode, p.stderr.strip()), file=sys.stderr)
            continue
        out = json.loads(p.stdout)
        found = out["step"]["found"]
        bad = (out["first_bad"]["date"] or "")[:10]
        ok = True
        ksteps = out.get("kernel_steps") or []
        if truth != "-":
            ok = found and bad == truth
            r["hits"] += ok
            r["false"] += found and bad != truth
        elif family == "subset":
            ok = True
        else:
            r["false"] += bool(found) or bool(ksteps)
            ok = not found and not ksteps
        if setdate != "-" and family == "subset":
            # named: the kernels that step on their own, at their night; or the
            # platform's step at that night (its kernels are then listed by benchbisect)
            r["nsets"] += 1
            named = (sorted(k["kernel"] for k in ksteps) == sorted(gone.split(",")) and
                     all(k["date"][:10] == setdate for k in ksteps)) or \
                (not ksteps and found and bad == setdate)
            r["sets"] += named
            ok = ok and named
        elif setdate != "-":
            r["nsets"] += 1
            ksc = out.get("kernel_set_change")
            named = bool(ksc) and ksc["date"][:10] == setdate and \
                sorted(ksc["gone"]) == sorted(gone.split(","))
            r["sets"] += named
            ok = ok and named
        if verbose and not ok:
            print("miss %s query %s truth %s set %s: found %s first_bad %s change %s" % (
                name, query, truth, setdate, found, bad, out["step"].get("change_pct")),
                file=sys.stderr)
    failed = []
    print("%-12s %6s %10s %12s %14s %9s" % ("family", "series", "first-bad", "false steps",
                                             "named", "runtime"))
    for f in order:
        r = rows[f]
        hits = "%d/%d" % (r["hits"], r["n"]) if f in STEP_FAMILIES else "-"
        sets = "%d/%d" % (r["sets"], r["nsets"]) if r["nsets"] else "-"
        print("%-12s %6d %10s %12d %14s %8.2fs" % (f, r["n"], hits, r["false"], sets, r["time"]))
        if f in STEP_FAMILIES and r["hits"] < STEP_FAMILIES[f] * r["n"]:
            failed.append("%s: %d of %d first-bad hits, want %d%%" % (
                f, r["hits"], r["n"], 100 * STEP_FAMILIES[f]))
        if f in NO_STEP_FAMILIES and r["false"]:
            failed.append("%s: %d false steps, want 0" % (f, r["false"]))
        if r["sets"] < r["nsets"] and f not in REPORTED_ONLY:
            failed.append("%s: %d of %d named" % (f, r["sets"], r["nsets"]))
    for msg in failed:
        print("target missed: " + msg)
    return 1 if check and failed else 0


sys.exit(main())
