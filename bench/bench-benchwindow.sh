#!/bin/sh
# The dashboard commands against the pipeline a user would otherwise run
# by hand, in the same run, on a generated dashboard of 6 platforms x 60
# kernels x 365 nightlies (~45 MB) and a 100,000-commit first-parent
# history, then on one ten times as large (60 platforms, ~450 MB):
#   jq (the platform's nightly entries) | git log --first-parent good..bad | grep -P
# Cold: no parsed cache (it is removed before each run, untimed; the run
# writes it). Warm: the parsed cache of the previous run. Times are the
# median of 5 runs (3 for the large dashboard), wall clock with the CPU
# time (user + system) beside it; peak RSS is the largest. A ratio to the
# single query is the median of 21 pairs' ratios (3 on the large
# dashboard), each run of the command followed by one of the query
# (lib.sh's paired()): medians of 5 taken apart swung by 0.15-0.3.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
commits=${BENCH_COMMITS:-100000}
nightlies=${BENCH_NIGHTLIES:-365}
scale=${BENCH_SCALE:-10}	# the large dashboard: platforms x scale; 0 skips it
runs=${BENCH_RUNS:-5}
pairs=${BENCH_PAIRS:-21}	# of the ratios to the single query (one_size's third argument)
export XDG_CACHE_HOME="$work/cache"

git init -q -b main "$work/repo"
python3 "$here/gen-history.py" "$commits" | git -C "$work/repo" fast-import --quiet
git -C "$work/repo" rev-list --reverse main >"$work/shas"
cd "$work/repo"

# one_size <platforms> <runs> <pairs>: every row for one dashboard
one_size() {
	np=$1 r=$2 p=$3 n=$nightlies
	json=$work/dash-$np.json
	python3 "$here/gen-big-dashboard.py" "$work/shas" "$np" 60 "$n" >"$json"
	mib=$(awk -v b="$(wc -c <"$json")" 'BEGIN { printf "%.1f", b / 1048576 }')
	date=$(python3 -c "import time; print(time.strftime('%Y-%m-%d', time.gmtime(1704067200 + ($n - 30) * 86400)))")
	what="$mib MiB, $np platforms"
	echo "bench: dashboard $what, history $commits commits, step on $date" >&2

	rm -rf "$work/cache"
	"$bin/git-benchwindow" --file "$json" --json p0_cute "$date" >"$work/w.json"
	good=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['last_good']['sha'])" "$work/w.json")
	bad=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['first_bad']['sha'])" "$work/w.json")
	series="jq -c '[.summary[] | select(.platform_short == \"p0_cute\") | .history[] | select(.is_nightly and .branch == \"main\") | {run_id, sha, date, helion_speedup_geomean}]' '$json' >/dev/null"
	pipe=$(median "$r" sh -c "$series && git log --first-parent --format='%h %s' $good..$bad | grep -P '(?i)\\[(?:cute|cutedsl)\\]'")
	set -- $pipe
	pipe_s=$1 pipe_c=$3

	cold=$(BENCH_BEFORE="rm -rf '$work/cache'" median "$r" "$bin/git-benchwindow" --file "$json" --json p0_cute "$date")
	warm=$(median "$r" "$bin/git-benchwindow" --file "$json" --json p0_cute "$date")
	set -- $cold
	table_row "benchwindow, $what, cold (--file)" "$(ms "$1" "$3")" "$(ms "$pipe_s" "$pipe_c")" "$(div "$1" "$pipe_s" 3)x" "<= 0.1x, RSS <= 1.5x" "$(div "$2" "$mib")x ($2 MiB)"
	set -- $warm
	table_row "benchwindow, $what, warm parsed cache" "$(ms "$1" "$3")" "$(ms "$pipe_s" "$pipe_c")" "$(div "$1" "$pipe_s" 3)x" "<= 0.02x" "$(div "$2" "$mib")x ($2 MiB)"

	# --scan: every platform over the last 90 days of the dashboard, and
	# benchbisect's query, against the single query on the same file (cold
	# and warm alike), each run paired with one of the single query.
	since=$(python3 -c "import time; print(time.strftime('%Y-%m-%d', time.gmtime(1704067200 + ($n - 90) * 86400)))")
	single="$bin/git-benchwindow --file $json --json p0_cute $date"
	scan="$bin/git-benchwindow --file $json --json --scan --since $since"
	classify="$bin/git-benchbisect --file $json p0_cute $date"
	scan_cold=$(BENCH_BEFORE="rm -rf '$work/cache'" paired "$p" "$scan" "$single")
	# the parsed caches of the warm runs, left by a run before them
	# shellcheck disable=SC2086 # the commands are word lists
	$scan >/dev/null || true	# exit 1 (a window not listed) is not the bench's concern
	scan_warm=$(paired "$p" "$scan" "$single")
	classify_cold=$(BENCH_BEFORE="rm -rf '$work/cache'" paired "$p" "$classify" "$single")
	# shellcheck disable=SC2086
	$classify >/dev/null || true
	classify_warm=$(median "$r" "$bin/git-benchbisect" --file "$json" p0_cute "$date")
	set -- $scan_cold
	table_row "benchwindow --scan, $np platforms x 90 days, $what, cold" "$(ms "$1" "$3")" "benchwindow cold $(ms "$4" "$6")" "$7x" "<= 2x benchwindow" "$(div "$2" "$mib")x ($2 MiB)"
	set -- $scan_warm
	table_row "benchwindow --scan, $np platforms x 90 days, $what, warm" "$(ms "$1" "$3")" "benchwindow warm $(ms "$4" "$6")" "$7x" "<= 2x benchwindow" "$(div "$2" "$mib")x ($2 MiB)"
	set -- $classify_cold
	table_row "benchbisect (classify), $what, cold" "$(ms "$1" "$3")" "benchwindow cold $(ms "$4" "$6")" "$7x" "<= 1.2x benchwindow, RSS <= 1.5x" "$(div "$2" "$mib")x ($2 MiB)"
	set -- $classify_warm
	table_row "benchbisect (classify), $what, warm" "$(ms "$1" "$3")" "$(ms "$pipe_s" "$pipe_c")" "$(div "$1" "$pipe_s" 3)x" "-" "$(div "$2" "$mib")x ($2 MiB)"

	jq_list=$(median "$r" sh -c "jq -r '.summary[].platform_short' '$json' | sort -u >/dev/null")
	"$bin/git-benchwindow" --file "$json" --list-platforms >/dev/null
	"$bin/git-benchwindow" --file "$json" --list-kernels p0_cute >/dev/null
	lp=$(median "$r" "$bin/git-benchwindow" --file "$json" --list-platforms)
	lk=$(median "$r" "$bin/git-benchwindow" --file "$json" --list-kernels p0_cute)
	set -- $jq_list
	jq_s=$1 jq_c=$3
	set -- $lp
	table_row "--list-platforms, $what, warm" "$(ms "$1" "$3")" "jq, sort -u $(ms "$jq_s" "$jq_c")" "$(div "$1" "$jq_s" 3)x" "<= 20 ms" "$(div "$2" "$mib")x ($2 MiB)"
	set -- $lk
	table_row "--list-kernels, $what, warm" "$(ms "$1" "$3")" "jq, sort -u $(ms "$jq_s" "$jq_c")" "$(div "$1" "$jq_s" 3)x" "<= 20 ms" "$(div "$2" "$mib")x ($2 MiB)"
	rm -f "$json"
}

one_size 6 "$runs" "$pairs"
[ "$scale" -eq 0 ] || one_size $((6 * scale)) 3 3
