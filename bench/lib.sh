# Shared set-up of the benchmarks that time whole commands: source it after
# setting `here` to the bench directory. Gives $bin (the release binaries),
# a scratch $work removed on exit, and best().
bin=${BT_BIN:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/bt-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1

# best <cmd...>: run cmd 3 times and print "<best wall seconds> <peak RSS
# MiB>"; the last run's stdout is in $work/out, its stderr in $work/m.
best() {
	b=""
	for _ in 1 2 3; do
		python3 "$here/peak-rss.py" "$@" >"$work/out" 2>"$work/m" || true
		this=$(sed -n 's/^time=\([0-9.]*\) rss=\([0-9.]*\)$/\1 \2/p' "$work/m")
		b=$(printf '%s\n%s\n' "${b:-$this}" "$this" | sort -n | head -1)
	done
	echo "$b"
}
