#!/bin/sh
# Build the demo Helion-like repository in $1: three squash-merged commits a
# day from 2026-08-27 to 2026-09-17 with fixed dates, identities and mixed
# UTC offsets, so every run of this script yields the same commit ids (the
# bundled demo/dashboard-data.json refers to them). The [cute] commit on
# 2026-09-09 is the one behind the b200_cute drop on the 2026-09-10 nightly.
set -e
dir=$1
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
export GIT_AUTHOR_NAME="Helion Bot" GIT_AUTHOR_EMAIL="bot@example.com"
export GIT_COMMITTER_NAME="Helion Bot" GIT_COMMITTER_EMAIL="bot@example.com"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git init -q -b main .

# One subject and one path per slot; the list cycles over the days.
subjects='helion/language/tile_ops.py|Add hl.split for tile loops (#2801)
helion/_compiler/cute/layout.py|[cute] Cache CuTe layouts across autotune configs (#2803)
benchmarks/README.md|[docs] Explain --latency-measure-mode (#2805)
helion/autotuner/base_search.py|[autotuner] Shrink the default population to 40 (#2807)
helion/runtime/pallas/launcher.py|[Pallas] Pad block sizes to the TPU lane width (#2809)
test/test_reductions.py|Fix flaky test_reduction_sum on sm90 (#2811)
helion/_compiler/rocm/config.py|[ROCm][CI] Pin the MI350X runner image (#2813)
helion/_compiler/cute/pipeline.py|[CuTe] [reland] Double-buffer the TMA loads (#2815)
helion/_compiler/indexing.py|Simplify pointer indexing strategy selection (#2817)'
culprit='helion/_compiler/cute/matmul.py|[cute] Use tcgen05 MMA for the matmul epilogue (#2871)'

n=0
day=0
while [ $day -le 21 ]; do
	date=$(date -u -d "2026-08-27 + $day days" +%Y-%m-%d)
	for slot in "10:15:00 +0000" "16:40:00 +0200" "19:05:00 -0400"; do
		n=$((n + 1))
		if [ "$date" = 2026-09-09 ] && [ "$slot" = "16:40:00 +0200" ]; then
			line=$culprit
		else
			line=$(printf '%s\n' "$subjects" | sed -n "$(( (n - 1) % 9 + 1 ))p")
		fi
		path=${line%%|*}
		subject=${line#*|}
		mkdir -p "$(dirname "$path")"
		echo "# change $n" >>"$path"
		git add "$path"
		GIT_AUTHOR_DATE="$date ${slot% *} ${slot#* }" \
		GIT_COMMITTER_DATE="$date ${slot% *} ${slot#* }" \
			git commit -q -m "$subject"
	done
	day=$((day + 1))
done
