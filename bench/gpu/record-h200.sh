#!/bin/sh
# record-h200.sh <kit> <out> [<run option>...]: on a GPU machine, record real runs of
# `git benchbisect run --metric` (bench/gpu/README.md). <kit> holds
# git-benchbisect, lib/ (the libraries ldd names that the machine may
# lack), softmax_bench.py, calibrate.py and the windows made by
# make-window.sh: step (B from commit 6), big (C from commit 11), flat, and
# odd (B from commit 6, commit 7 at C) when $WINDOWS names it (it names the
# windows searched: "step flat big" unless set).
# Picks the configs from calibrate.py's medians: A the fastest, B the one
# slower by nearest 3%, C by nearest 12%; then runs each window's search,
# every run appended to <out>/<window>.runs, what the command printed
# (verdict, then any warning) to <out>/<window>.out. The machine, the
# versions, the medians and the picks go to <out>/machine.txt. Each
# search gets the run options given (e.g. --confidence 99.9).
set -u
kit=$(cd "$1" && pwd) out=$2
shift 2
export LD_LIBRARY_PATH="$kit/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PYTHONUNBUFFERED=1 TMPDIR=/tmp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/machine.txt" 2>&1
python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)' >>"$out/machine.txt" 2>&1
(cd "$kit" && python3 calibrate.py) >"$kit/calibrate.txt" 2>&1 || { cat "$kit/calibrate.txt" >>"$out/machine.txt"; exit 1; }
pick() {
	awk -v want=$1 'NR == 1 { base = $2; w = $1; best = 1e9 }
		NR > 1 { d = ($2 / base - 1) * 100; if ((d - want) ^ 2 < best) { best = (d - want) ^ 2; w = $1 } }
		END { print w }' "$kit/calibrate.txt"
}
BENCH_WARPS_A=$(head -1 "$kit/calibrate.txt" | cut -d" " -f1)
BENCH_WARPS_B=$(pick 3) BENCH_WARPS_C=$(pick 12)
export BENCH_WARPS_A BENCH_WARPS_B BENCH_WARPS_C
{ echo "num_warps, median us:"; cat "$kit/calibrate.txt"; echo "A=$BENCH_WARPS_A B=$BENCH_WARPS_B C=$BENCH_WARPS_C"; } >>"$out/machine.txt"
for w in ${WINDOWS:-step flat big}; do
	start=$(date +%s)
	(cd "$kit/$w" && BENCH_RECORD="$out/$w.runs" timeout 200 "$kit/git-benchbisect" run --metric "$@" \
		--good main~15 --bad main -- python3 softmax_bench.py >"$out/$w.out" 2>&1)
	echo "$w: exit $?, $(($(date +%s) - start)) s" >>"$out/machine.txt"
done
