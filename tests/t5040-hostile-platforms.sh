#!/bin/bash
# Platform names and values are untrusted in a --scan of both commands: a
# name with regex metacharacters is taken literally in its slice pattern
# (b200_cute( is no pattern error, b200_cute|. matches no commit by
# itself), and a platform that cannot be scanned (a value the load
# refuses, a window that cannot be counted, a move that cannot be
# classified) is skipped with a warning naming it and why, never the
# end of the scan.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

# renamed <from> <to> <out>: dash.json with platform <from> called <to>.
renamed() {
	python3 - dash.json "$1" "$2" "$3" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if row["platform_short"] == sys.argv[2]:
	        row["platform_short"] = sys.argv[3]
	json.dump(d, open(sys.argv[4], "w"))
	PY
}

test_expect_success 'setup: the scans'"'"' dashboard, b200_cute renamed, and mi350x with a negative speedup' '
	bb_scan_setup &&
	renamed b200_cute "b200_cute(" paren.json &&
	renamed b200_cute "b200_cute|." bar.json &&
	python3 - dash.json neg.json <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	row = next(r for r in d["summary"] if r["platform_short"] == "mi350x")
	row["history"][0]["helion_speedup_geomean"] = -1.0
	json.dump(d, open(sys.argv[2], "w"))
	PY
'

test_expect_success 'a single query takes a name with metacharacters literally' '
	cd repo &&
	git benchwindow --file ../paren.json "b200_cute(" 2026-09-10 >../out 2>../err &&
	test_cmp /dev/null ../err &&
	grep -F "(* = slice (?i)\\[cute\\(\\] or paths helion/_compiler/cute(/, helion/runtime/cute(/):" ../out &&
	git benchwindow --file ../bar.json "b200_cute|." 2026-09-10 >../out &&
	grep -F "(* = slice (?i)\\[cute\\|\\.\\] or paths" ../out &&
	test_must_fail grep "^\\*" ../out &&
	grep "^4 commits, 0 in the slice$" ../out
'

test_expect_success '--scan of both commands: names with metacharacters, slices counted literally' '
	cd repo &&
	for f in paren bar; do
		test_expect_code 1 git benchwindow --scan --file ../$f.json >../out 2>../err &&
		test_cmp /dev/null ../err &&
		grep "^2026-09-10  b200_cute[(|][.]* *-15.0%   72.3x        4      0  step since 2026-09-09$" ../out &&
		test_expect_code 1 git benchbisect --scan --file ../$f.json >../out 2>../err &&
		test_cmp /dev/null ../err &&
		grep "^b200_cute[(|][.]* on 2026-09-10: real regression$" ../out || return 1
	done
'

test_expect_success '--scan: a bad value on one platform skips it with a warning, the others are judged without it' '
	cd repo &&
	echo "warning: skipping platform '"'"'mi350x'"'"': '"'"'summary[8].history[0].helion_speedup_geomean'"'"' is not a finite number of at least 0 in '"'"'../neg.json'"'"'" >../expect.err &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json >../expect &&
	test_expect_code 1 git benchwindow --scan --file ../neg.json >../out 2>../err &&
	test_cmp ../expect.err ../err &&
	sed "1s/scan of 4 platforms/scan of 3 platforms/" ../expect >../expect.3 &&
	test_cmp ../expect.3 ../out &&
	test_expect_code 1 git benchwindow --scan --json --file ../neg.json >../out.json 2>../err &&
	test_cmp ../expect.err ../err &&
	jq -c .platforms ../out.json >../actual &&
	echo "[\"b200\",\"b200_cute\",\"h100\"]" >../expect &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json >../expect &&
	test_expect_code 1 git benchbisect --scan --file ../neg.json >../out 2>../err &&
	test_cmp ../expect.err ../err &&
	sed -e "1s/classified scan of 4 platforms/classified scan of 3 platforms/" \
		-e "s/, mi350x [-+][0-9.]*%: none moved$/: none moved/" ../expect >../expect.3 &&
	test_must_fail grep mi350x ../expect.3 &&
	test_cmp ../expect.3 ../out
'

# An invalid bench.<platform>.slice is a fatal error of the configuration,
# as --slice is (git-benchwindow(1), CONFIGURATION), for a platform the
# scan covers; a platform left out of the scan is not read.
test_expect_success '--scan: an invalid configured slice of a platform scanned is fatal, of another unread' '
	cd repo &&
	echo "fatal: bench.h100.slice: invalid slice pattern '"'"'('"'"': missing closing parenthesis at offset 1" >../expect.err &&
	test_expect_code 128 git -c bench.h100.slice="(" benchwindow --scan --file ../dash.json >../out 2>../err &&
	test_cmp /dev/null ../out &&
	test_cmp ../expect.err ../err &&
	test_expect_code 128 git -c bench.h100.slice="(" benchbisect --scan --json --file ../dash.json >../out.json 2>../err &&
	test_cmp /dev/null ../out.json &&
	test_cmp ../expect.err ../err &&
	test_expect_code 1 git -c bench.h100.slice="(" benchwindow --scan --file ../dash.json b200 >../out 2>../err &&
	test_cmp /dev/null ../err &&
	grep -Fx "scan of 1 platform, 2026-08-22 .. 2026-09-20: 0 steps, 1 kernel-list change" ../out &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --slice "(" 2>../err &&
	echo "fatal: invalid slice pattern '"'"'('"'"': missing closing parenthesis at offset 1" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success '--scan: no platform left to scan is an error, an unknown one still is' '
	cd repo &&
	test_expect_code 128 git benchwindow --scan --file ../neg.json mi350x >../out 2>../err &&
	test_cmp /dev/null ../out &&
	cat >../expect <<-\EOF &&
	warning: skipping platform '"'"'mi350x'"'"': '"'"'summary[8].history[0].helion_speedup_geomean'"'"' is not a finite number of at least 0 in '"'"'../neg.json'"'"'
	fatal: no platform can be scanned
	EOF
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchbisect --scan --file ../neg.json mi350x >../out 2>../err &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../neg.json a100 2>../err &&
	grep "^fatal: unknown platform '"'"'a100'"'"'" ../err
'

test_expect_success 'a single query still refuses the bad value of its own platform' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../neg.json mi350x 2026-09-10 2>../err &&
	echo "fatal: '"'"'summary[8].history[0].helion_speedup_geomean'"'"' is not a finite number of at least 0 in '"'"'../neg.json'"'"'" >../expect &&
	test_cmp ../expect ../err &&
	git benchwindow --file ../neg.json h100 2026-09-14 >/dev/null
'

test_done
