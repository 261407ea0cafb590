#!/bin/sh
# Runs every C unit test binary (built under ASan/UBSan by `make check`)
# as one TAP stream: each binary's plan becomes a subtest.
n=0
fail=0
for t in "$BT_UNIT"/test-*; do
	[ -x "$t" ] || continue
	n=$((n + 1))
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed 's/^/    /'
	if [ $rc -eq 0 ]; then
		echo "ok $n - $(basename "$t")"
	else
		echo "not ok $n - $(basename "$t") (exit $rc)"
		fail=1
	fi
done
echo "1..$n"
[ $n -gt 0 ] || exit 1
exit $fail
