# Shared set-up of the benchmarks that time whole commands: source it after
# setting `here` to the bench directory. Gives $bin (the release binaries),
# a scratch $work removed on exit, median(), best() and table_row().
bin=${BT_BIN:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1

# median <runs> <cmd...>: run cmd <runs> times and print "<median wall
# seconds> <largest peak RSS MiB> <median CPU seconds>"; $BENCH_BEFORE (a
# shell command) runs before each, untimed. The last run's stdout is in
# $work/out, its stderr in $work/m.
median() {
	n=$1
	shift
	: >"$work/times"
	i=0
	while [ $i -lt "$n" ]; do
		[ -z "${BENCH_BEFORE:-}" ] || sh -c "$BENCH_BEFORE"
		python3 "$here/peak-rss.py" "$@" >"$work/out" 2>"$work/m" || true
		sed -n 's/^time=\([0-9.]*\) cpu=\([0-9.]*\) rss=\([0-9.]*\)$/\1 \3 \2/p' "$work/m" >>"$work/times"
		i=$((i + 1))
	done
	t=$(cut -d' ' -f1 "$work/times" | sort -n | sed -n "$(((n + 1) / 2))p")
	r=$(cut -d' ' -f2 "$work/times" | sort -n | tail -1)
	c=$(cut -d' ' -f3 "$work/times" | sort -n | sed -n "$(((n + 1) / 2))p")
	echo "$t $r $c"
}

# paired <runs> <cmd A> <cmd B>: A and B (each one shell word list,
# split as the shell splits an unquoted word) run in turn <runs> times,
# each after $BENCH_BEFORE, and print what median() prints for A, then
# for B, then the median of the pairs' ratios A / B. A ratio of two
# medians taken minutes apart moves with the machine's load in between
# (0.1-0.3 on a 2-core machine); a pair's two runs meet the same load.
paired() {
	n=$1
	: >"$work/pairs"
	i=0
	while [ $i -lt "$n" ]; do
		# shellcheck disable=SC2086 # the commands are word lists
		a=$(median 1 $2)
		# shellcheck disable=SC2086
		b=$(median 1 $3)
		echo "$a $b" >>"$work/pairs"
		i=$((i + 1))
	done
	awk -v n="$n" '
		function med(col,    i, k, v, t) {
			for (i = 1; i <= n; i++)
				v[i] = col == 0 ? r[i] : x[i, col]
			for (i = 2; i <= n; i++)	# insertion sort: n is small
				for (k = i; k > 1 && v[k - 1] > v[k]; k--) {
					t = v[k]; v[k] = v[k - 1]; v[k - 1] = t
				}
			return v[int((n + 1) / 2)]
		}
		{ for (c = 1; c <= 6; c++) x[NR, c] = $c; r[NR] = $1 / $4 }
		END {
			ra = 0; rb = 0
			for (i = 1; i <= n; i++) {
				if (x[i, 2] > ra) ra = x[i, 2]
				if (x[i, 5] > rb) rb = x[i, 5]
			}
			printf "%s %s %s %s %s %s %.2f\n", med(1), ra, med(3), med(4), rb, med(6), med(0)
		}' "$work/pairs"
}

# best <cmd...>: the best of 3 runs, as median() prints it.
best() {
	b=""
	for _ in 1 2 3; do
		python3 "$here/peak-rss.py" "$@" >"$work/out" 2>"$work/m" || true
		this=$(sed -n 's/^time=\([0-9.]*\) cpu=\([0-9.]*\) rss=\([0-9.]*\)$/\1 \3 \2/p' "$work/m")
		b=$(printf '%s\n%s\n' "${b:-$this}" "$this" | sort -n | head -1)
	done
	echo "$b"
}

# table_row <workload> <ours> <pipeline> <ratio> <target> <peak RSS / size>:
# one row of the table bench/run.sh prints (fields must not hold '|').
table_row() {
	printf '| %s | %s | %s | %s | %s | %s |\n' "$@"
}

# ms <seconds> [<cpu seconds>]: "123 ms" or "123 ms (cpu 45)"
ms() {
	awk -v s="$1" -v c="${2:-}" 'BEGIN { printf "%.0f ms", s * 1000; if (c != "") printf " (cpu %.0f)", c * 1000 }'
}

# div <a> <b> [<digits>]: a / b
div() {
	awk -v a="$1" -v b="$2" -v d="${3:-2}" 'BEGIN { printf "%.*f", d, a / b }'
}

# in_parts <jobs> <prefix> <cmd...>: cmd --part J/<jobs> for every J at
# once, each one's stdout in <prefix>.J; returns when all are done.
in_parts() {
	n=$1
	prefix=$2
	shift 2
	pids=
	j=0
	while [ $j -lt "$n" ]; do
		"$@" --part $j/"$n" >"$prefix.$j" &
		pids="$pids $!"
		j=$((j + 1))
	done
	for pid in $pids; do
		wait "$pid"
	done
}
