#!/bin/sh
# git benchwindow against the pipeline a user would otherwise run by hand,
# in the same run, on a generated ~100 MB dashboard (10 platforms x 25
# kernels x 1000 nightlies) and a 100,000-commit first-parent history:
#   jq (the platform's nightly entries) | git log --first-parent good..bad | grep -P
# Reports wall time (best of 3), peak RSS and the ratios.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
commits=${BENCH_COMMITS:-100000}
nightlies=${BENCH_NIGHTLIES:-1000}
export XDG_CACHE_HOME="$work/cache"

git init -q -b main "$work/repo"
python3 "$here/gen-history.py" "$commits" | git -C "$work/repo" fast-import --quiet
git -C "$work/repo" rev-list --reverse main >"$work/shas"
python3 "$here/gen-big-dashboard.py" "$work/shas" 10 25 "$nightlies" >"$work/dash.json"
date=$(python3 -c "import time; print(time.strftime('%Y-%m-%d', time.gmtime(1704067200 + ($nightlies - 30) * 86400)))")
echo "dashboard: $(($(wc -c <"$work/dash.json") / 1048576)) MiB, history: $commits commits, step on $date"
cd "$work/repo"

"$bin/git-benchwindow" --file ../dash.json --json p0_cute "$date" >"$work/out.json"
good=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['last_good']['sha'])" "$work/out.json")
bad=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['first_bad']['sha'])" "$work/out.json")

series="jq -c '[.summary[] | select(.platform_short == \"p0_cute\") | .history[] | select(.is_nightly and .branch == \"main\") | {run_id, sha, date, helion_speedup_geomean}]' ../dash.json >/dev/null"
ours=$(best "$bin/git-benchwindow" --file ../dash.json --json p0_cute "$date")
pipe=$(best sh -c "$series && git log --first-parent --format='%h %s' $good..$bad | grep -P '(?i)\\[(?:cute|cutedsl)\\]'")

# A wide window: half the history on first parents, with the slice marked
# by subject and by path (the pipeline greps subjects only).
half=$((commits / 2))
wide_ours=$(best "$bin/git-benchwindow" --file ../dash.json --good HEAD~$half --bad HEAD --path nowhere/ --json p0_cute "$date")
wide_pipe=$(best sh -c "$series && git log --first-parent --format='%H %cI %s' HEAD~$half..HEAD | grep -P '(?i)\\[(?:cute|cutedsl)\\]'")

report() {
	set -- $2 $3
	printf '%-44s benchwindow %7.3fs %6.0f MiB | pipeline %7.3fs %6.0f MiB | time ratio %.2f\n' \
		"$label" "$1" "$2" "$3" "$4" "$(echo "$3 / $1" | bc -l)"
}
label="window near the step (parse + series + walk)"; report x "$ours" "$pipe"
label="$half-commit window (walk + slice marks)"; report x "$wide_ours" "$wide_pipe"
echo "(time ratio = pipeline / benchwindow: above 1 means benchwindow is faster)"
