# Repositories and dashboards for the git-benchbisect tests (t4NNN): a Helion-like
# history (squash-merged, bracket-tagged subjects, the nightly harness
# files) with two commits a day from 2026-09-01 to 2026-09-20, except the
# 2026-09-09 commits (the window of the 2026-09-10 nightly), which each
# scenario writes itself.

CUTE=matmul,softmax,layer_norm,rms_norm,cross_entropy

. "$TEST_DIR/lib/helion-repo.sh"

# bb_dispatch <kernels_cute list>: the nightly dispatch workflow.
bb_dispatch() {
	mkdir -p .github/workflows &&
	cat >.github/workflows/benchmark_dispatch.yml <<-YML
	name: Benchmark Dispatch
	on:
	  workflow_dispatch:
	    inputs:
	      kernels:
	        description: "Kernels for the triton platforms"
	        required: false
	        default: "matmul,softmax,layer_norm,rms_norm,cross_entropy"
	      kernels_cute:
	        description: "Kernels for b200_cute"
	        required: false
	        default: "$1"
	jobs:
	  benchmark-b200-cute:
	    uses: ./.github/workflows/benchmark.yml
	    with:
	      alias: b200
	YML
}

# bb_runpy <kernels without --cudagraph...>: the harness with its KERNEL_MAPPINGS.
bb_runpy() {
	mkdir -p benchmarks &&
	{
		echo 'KERNEL_MAPPINGS: dict[str, tuple[str, ...]] = {' &&
		for k in matmul softmax layer_norm rms_norm cross_entropy gemm_bias rope; do
			echo "    \"$k\": (" &&
			echo "        \"tritonbench.operators.$k.operator\"," &&
			echo "        \"examples.$k\"," &&
			echo "        \"${k}_tritonbench\"," &&
			case " $* " in
			*" $k "*)
				echo '        {' &&
				echo '            "num_inputs": 5,' &&
				echo '            "remove_flags": ["--cudagraph"],' &&
				echo '        },'
				;;
			esac &&
			echo '    ),' || return 1
		done &&
		echo '}'
	} >benchmarks/run.py
}

# bb_repo <dir> [<window function>]: the history; the function (run in the
# repository) writes the commits of 2026-09-09. $BB_CUTE_LIST is the
# first kernels_cute list (default: the five kernels of $CUTE).
bb_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		bb_dispatch "${BB_CUTE_LIST:-$CUTE}" &&
		bb_runpy rms_norm &&
		git add .github benchmarks &&
		helion_commit 2026-08-31T12:00:00Z helion/_compiler/cute/softmax.py \
			"Import the Helion tree with the nightly harness (#3000)" &&
		for d in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
			if [ $d = 09 ]; then
				{ [ -z "$2" ] || "$2" || exit 1; } &&
				continue
			fi &&
			helion_day 2026-09-$d "#31$d" test/test_autotuner.py \
				"[autotuner] Log the search budget" "#32$d" || exit 1
		done
	)
}

# Window functions: the 2026-09-09 commits of each scenario.
window_regression() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#3310)" &&
	helion_commit 2026-09-09T11:00:00+02:00 helion/_compiler/cute/softmax.py \
		"[cute] Rework the softmax reduction pipeline (#3311)" &&
	helion_commit 2026-09-09T13:00:00Z helion/_compiler/pallas/tiling.py \
		"[Pallas] Pad block sizes to the lane width (#3312)" &&
	helion_commit 2026-09-09T15:00:00-04:00 helion/language/layout.py \
		"Share the layout helpers between backends (#3313)"
}

window_method() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#3310)" &&
	bb_runpy rms_norm softmax &&
	git add benchmarks/run.py &&
	helion_commit 2026-09-09T12:00:00Z benchmarks/README.md \
		"[CI] Time softmax without CUDA graphs in the nightly (#3314)" &&
	helion_commit 2026-09-09T15:00:00-04:00 helion/language/layout.py \
		"Share the layout helpers between backends (#3313)"
}

window_plain() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#3310)" &&
	helion_commit 2026-09-09T15:00:00-04:00 helion/language/layout.py \
		"Share the layout helpers between backends (#3313)"
}

window_kernel_set() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#3310)" &&
	bb_dispatch "matmul,softmax,layer_norm,rms_norm,cross_entropy" &&
	git add .github &&
	helion_commit 2026-09-09T12:00:00Z docs/ci.md "[CI] Trim the CuTe nightly to five kernels (#3315)"
}

# bb_dashboard <args...>: a gen-dashboard.py scenario over 2026-09-01 ..
# 2026-09-20 with b200_cute, b200 and h100, run in the current repository.
bb_dashboard() {
	python3 "$TEST_DIR/lib/gen-dashboard.py" scenario --start 2026-09-01 --nights 20 \
		--platform b200_cute=$CUTE --platform b200=matmul,softmax --platform h100=matmul "$@"
}

# bb_scan_setup: the scans' history and dashboards, in the current
# directory: repo (the regression window), dash.json (b200_cute regresses
# on 2026-09-10, h100's machine changes on 2026-09-14, softmax leaves b200
# on 2026-09-06, mi350x stays flat) and flat.json (nothing moves).
bb_scan_setup() {
	bb_repo repo window_regression &&
	(cd repo && bb_dashboard --platform mi350x=matmul,softmax \
		--event regress:b200_cute:2026-09-10:0.85 \
		--event machine:h100:2026-09-14:0.8 \
		--event drop:b200:2026-09-06:1:softmax >../dash.json) &&
	(cd repo && bb_dashboard --platform mi350x=matmul,softmax >../flat.json)
}

# at <n>: the full sha of the n-th commit after the import (0: the import)
# of a run_repo or metric_repo history, run inside it.
at() {
	git rev-parse "main~$((8 - $1))"
}

# run_repo <dir>: eight commits after an import; the sixth makes the
# benchmark slow (perf.txt says so), the third removes a file.
run_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		printf 'fast\n' >perf.txt &&
		mkdir -p helion/runtime &&
		printf 'launch = "legacy"\n' >helion/runtime/legacy_launcher.py &&
		git add perf.txt helion &&
		helion_commit 2026-10-01T10:00:00Z README.md "Import the benchmark fixture (#4000)" &&
		helion_commit 2026-10-02T10:00:00Z docs/tiles.md "Document the tile heuristics (#4001)" &&
		helion_commit 2026-10-02T14:00:00Z helion/autotuner/cache.py \
			"[autotuner] Cache compiled configs per device (#4002)" &&
		git rm -q helion/runtime/legacy_launcher.py &&
		helion_commit 2026-10-03T10:00:00Z docs/launch.md "Remove the legacy launcher (#4003)" &&
		helion_commit 2026-10-03T14:00:00Z helion/_compiler/pallas/tiling.py \
			"[Pallas] Pad block sizes to the lane width (#4004)" &&
		helion_commit 2026-10-04T10:00:00Z helion/language/layout.py \
			"Share the layout helpers between backends (#4005)" &&
		printf 'slow\n' >perf.txt &&
		git add perf.txt &&
		helion_commit 2026-10-04T14:00:00Z helion/_compiler/cute/softmax.py \
			"[cute] Rework the softmax reduction pipeline (#4006)" &&
		helion_commit 2026-10-05T10:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#4007)" &&
		helion_commit 2026-10-05T14:00:00Z .github/ci_commit_pins/tritonbench.txt \
			"Bump the tritonbench pin (#4008)"
	)
}

# dirty_run_repo <dir>: run_repo with work in progress in the checkout
# (a stash, a change, a staged file, an untracked one), its state in
# $TRASH/before for left_alone.
dirty_run_repo() {
	run_repo "$1" &&
	(
		cd "$1" &&
		echo "local tuning" >>docs/tiles.md &&
		git stash -q &&
		echo "work in progress" >>README.md &&
		echo "staged" >notes.txt &&
		git add notes.txt &&
		echo "untracked" >scratch.txt &&
		snapshot >"$TRASH/before"
	)
}

# all_gone <pid file>: every process listed has ended (within 2 s: an
# orphan is reaped by init, not by us).
all_gone() {
	for i in $(seq 1 40); do
		alive=
		for p in $(cat "$1"); do kill -0 $p 2>/dev/null && alive=$p; done
		test -z "$alive" && return 0
		sleep 0.05
	done
	echo "still running: $alive" >&2
	return 1
}

# signal_when_started <signal> <pid>: once $TRASH/started exists (up to
# 30 s: a loaded machine under the sanitizers is slow), send the signal
# to the bisection <pid> and wait for it: it must die of that signal.
# Either failure says which it was.
signal_when_started() {
	for i in $(seq 1 600); do test -f "$TRASH/started" && break; sleep 0.05; done &&
	{ test -f "$TRASH/started" || { echo "no command started within 30 s" >&2; return 1; }; } &&
	kill -$1 $2 &&
	{ wait $2 && rc=0 || rc=$?; } &&
	{ test $rc = $((128 + $(kill -l $1))) || { echo "exit $rc after SIG$1" >&2; return 1; }; }
}

# snapshot: everything of the user's checkout that must not change.
snapshot() {
	git status --porcelain=v1 --untracked-files=all &&
	git rev-parse HEAD &&
	git symbolic-ref HEAD &&
	git for-each-ref &&
	git stash list &&
	sha256sum .git/index &&
	ls .git
}

# left_alone: no scratch tree is left in $TMPDIR, and the user's checkout
# is as $TRASH/before recorded it (run in the checkout).
left_alone() {
	ls -A "$TMPDIR" >"$TRASH/left" &&
	test_cmp /dev/null "$TRASH/left" &&
	snapshot >"$TRASH/after" &&
	test_cmp "$TRASH/before" "$TRASH/after"
}

# metric_repo <dir> <perf of commit 1..8...>: an import (1.00 1.02 0.98,
# or $IMPORT_PERF) and eight commits setting perf.txt to the given values
# ("-" keeps it).
metric_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		echo "${IMPORT_PERF:-1.00 1.02 0.98}" >perf.txt &&
		git add perf.txt &&
		helion_commit 2026-10-01T10:00:00Z README.md "Import the benchmark fixture (#4000)" &&
		shift &&
		i=0 &&
		for p in "$@"; do
			i=$((i + 1)) &&
			{ [ "$p" = - ] || { echo "$p" >perf.txt && git add perf.txt; }; } &&
			helion_commit "2026-10-0$((1 + (i + 1) / 2))T1$((i % 2 * 4)):00:00Z" "helion/step$i.py" \
				"Tune the tile search, part $i (#410$i)" || exit 1
		done
	)
}

# metric_measure: $TRASH/bin/measure, the benchmark of a metric_repo: the
# next number of perf.txt, cycling, one counter per commit in
# $TRASH/counts; each invocation is counted in $TRASH/invocations.
metric_measure() {
	mkdir -p "$TRASH/bin" "$TRASH/counts" &&
	cat >"$TRASH/bin/measure" <<-\EOF &&
	#!/bin/sh
	echo x >>"$TRASH/invocations"
	f="$TRASH/counts/$BENCHBISECT_COMMIT"
	n=$(cat "$f" 2>/dev/null || echo 0)
	echo $((n + 1)) >"$f"
	set -- $(cat perf.txt)
	shift $((n % $#))
	echo "$1"
	EOF
	chmod +x "$TRASH/bin/measure"
}

# slow_repo <dir>: ten commits after an import, each rewriting n.txt; the
# seventh (main~3) writes "slow" into perf.txt, which the launcher tests'
# benchmarks fail on.
slow_repo() {
	git init -q "$1" &&
	(
		cd "$1" &&
		echo fast >perf.txt &&
		git add perf.txt &&
		test_commit_at 2026-10-01T10:00:00Z "Import the benchmark" &&
		for i in $(seq 1 10); do
			{ test $i -lt 7 || echo slow >perf.txt; } &&
			echo $i >n.txt &&
			git add perf.txt n.txt &&
			test_commit_at "2026-10-02T$(printf %02d $i):00:00Z" "Step $i" || exit 1
		done
	)
}
