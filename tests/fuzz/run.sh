#!/bin/sh
# make fuzz: run every harness in <build>/bin for <seconds> each, one after
# the other, growing <build>/corpus/<name> from the committed seeds in
# tests/fuzz/<name>/. Prints each harness's executions and exits 1 if any
# harness found a crash (left in <build>/crashes/<name>-crash-*).
build=$1
seconds=${2:-120}
src=$(cd "$(dirname "$0")" && pwd)
total=0
status=0
mkdir -p "$build/crashes"
for h in "$build"/bin/*; do
	name=$(basename "$h")
	mkdir -p "$build/corpus/$name"
	log="$build/$name.log"
	if "$h" -max_total_time="$seconds" -print_final_stats=1 \
		-artifact_prefix="$build/crashes/$name-" \
		"$build/corpus/$name" "$src/$name" >"$log" 2>&1; then
		result=ok
	else
		result="CRASH (see $log)"
		status=1
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	total=$((total + ${runs:-0}))
	printf '%-16s %12s executions  %s\n' "$name" "${runs:-?}" "$result"
done
printf '%-16s %12s executions\n' total "$total"
exit $status
