#!/bin/bash
# Nonsense input gets a clear error, never a confident answer: impossible
# dates, option combinations that cannot both hold, values out of range,
# a dashboard URL configured without a value, and a slice pattern PCRE2
# cannot answer for.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

test_expect_success 'setup: the Helion-like repository, its spec and its dashboard' '
	make_helion_repo repo &&
	cd repo &&
	cute_spec >../spec &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec >../dash.json
'

# usage_error <command> <message> <args...>: exit 129, exactly the message
# and then the usage on stderr, nothing on stdout.
usage_error() {
	cmd=$1
	msg=$2
	shift 2
	test_expect_code 129 git $cmd "$@" >out 2>err &&
	echo "error: $msg" >expect &&
	head -n 1 err >first &&
	test_cmp expect first &&
	grep -q "^usage: git $cmd " err &&
	test_cmp /dev/null out
}

# both_fatal <args>...: git benchwindow and git benchbisect with the args
# both exit 128, with exactly ./expect on stderr and nothing on stdout.
both_fatal() {
	for cmd in benchwindow benchbisect; do
		test_expect_code 128 git $cmd "$@" >out 2>err &&
		test_cmp expect err &&
		test_cmp /dev/null out || return 1
	done
}

# set_history <platform> <field> <json value> <file>: ../dash.json with
# that field of every history entry of the platform's rows set, in file.
set_history() {
	python3 -c "
import json, sys
d = json.load(open(\"../dash.json\"))
for row in d[\"summary\"]:
    if row[\"platform_short\"] == sys.argv[1]:
        for e in row[\"history\"]:
            e[sys.argv[2]] = json.loads(sys.argv[3])
json.dump(d, open(sys.argv[4], \"w\"))
" "$@"
}

test_expect_success 'option combinations and ranges: usage errors (129)' '
	cd repo &&
	for cmd in benchwindow benchbisect; do
		usage_error $cmd "options '"'"'--file'"'"' and '"'"'--url'"'"' cannot be used together" \
			--file ../dash.json --url http://127.0.0.1:9/x.json b200_cute 2026-09-08 &&
		usage_error $cmd "options '"'"'--offline'"'"' and '"'"'--refresh'"'"' cannot be used together" \
			--offline --refresh b200_cute 2026-09-08 &&
		usage_error $cmd "--timeout must be 1 to 3600 seconds, not 0" \
			--timeout 0 b200_cute 2026-09-08 &&
		usage_error $cmd "--timeout must be 1 to 3600 seconds, not -1" \
			--timeout=-1 b200_cute 2026-09-08 &&
		usage_error $cmd "--span must be 1 to 3650 days, not 2147483647" \
			--file ../dash.json --span 2147483647 b200_cute 2026-09-08 &&
		usage_error $cmd "--span must be 1 to 3650 days, not -1" \
			--file ../dash.json --span=-1 b200_cute 2026-09-08 || return 1
	done &&
	usage_error benchbisect "--span must be 1 to 3650 days, not 2147483647" \
		run --span 2147483647 --good HEAD~2 --bad HEAD -- true &&
	usage_error benchwindow "options '"'"'--file'"'"' and '"'"'--url'"'"' cannot be used together" \
		--file ../dash.json --url http://127.0.0.1:9/x.json --list-platforms
'

test_expect_success 'the widest --span and a --timeout still work' '
	cd repo &&
	git benchwindow --file ../dash.json --span 3650 --timeout 1 b200_cute 2026-09-08 >out &&
	grep "^step: 2026-09-07 -> 2026-09-08" out
'

test_expect_success 'bench.url without a value or empty: fatal, naming the key' '
	cd repo &&
	test_expect_code 128 git -c bench.url benchwindow b200_cute 2026-09-08 >out 2>err &&
	echo "fatal: missing value for '"'"'bench.url'"'"'" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git -c bench.url= benchbisect b200_cute 2026-09-08 >out 2>err &&
	echo "fatal: empty value for '"'"'bench.url'"'"': give a dashboard URL or unset it" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git -c bench.url= benchwindow --list-platforms >out 2>err &&
	test_cmp expect err &&
	test_expect_code 128 git -c bench.pretunedUrl= benchwindow --pretuned b200_cute 2026-09-08 2>err &&
	echo "fatal: empty value for '"'"'bench.pretunedUrl'"'"': give a dashboard URL or unset it" >expect &&
	test_cmp expect err &&
	git -c bench.url= benchwindow --file ../dash.json --list-platforms >out &&
	test -s out
'

test_expect_success 'a day past the end of its month is no date, alone or in a time' '
	cd repo &&
	for d in 2026-02-30 2026-02-29 2026-04-31 2026-13-01 2026-02-30T08:00:00Z 2026-04-31T23:59+02:00; do
		test_expect_code 128 git benchwindow --file ../dash.json b200_cute $d >out 2>err &&
		echo "fatal: there is no day '"'"'$d'"'"' in the calendar" >expect &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'a dashboard date with an impossible offset or day is an error with its path' '
	cd repo &&
	sed "s/2026-09-03T08:20:00Z/2026-09-03T08:20:00+99:99/" ../dash.json >../offset.json &&
	test_expect_code 128 git benchwindow --file ../offset.json b200_cute 2026-09-08 2>err &&
	echo "fatal: '"'"'summary[0].history[1].date'"'"' is not an ISO-8601 time in '"'"'../offset.json'"'"'" >expect &&
	test_cmp expect err &&
	sed "s/2026-09-03T08:20:00Z/2026-02-30T08:20:00Z/" ../dash.json >../day.json &&
	test_expect_code 128 git benchwindow --file ../day.json b200_cute 2026-09-08 2>err &&
	echo "fatal: '"'"'summary[0].history[1].date'"'"' is not an ISO-8601 time in '"'"'../day.json'"'"'" >expect &&
	test_cmp expect err
'

test_expect_success 'a slice pattern PCRE2 gives up on is an error, not "not in the slice"' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json \
		--slice "(*LIMIT_MATCH=20)^(\\w+\\s?)*\$" b200_cute 2026-09-08 >out 2>err &&
	test_cmp /dev/null out &&
	echo "fatal: cannot match the slice pattern '"'"'(*LIMIT_MATCH=20)^(\\w+\\s?)*\$'"'"' against '"'"'Share layout helpers between backends (#2874)'"'"': match limit exceeded" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git benchbisect --file ../dash.json \
		--slice "(*LIMIT_MATCH=20)^(\\w+\\s?)*\$" b200_cute 2026-09-08 >out 2>err &&
	test_cmp expect err
'

test_expect_success 'metrics that are infinite or negative: an error with the path' '
	cd repo &&
	for v in 1e999 -1e999 -0.5; do
		sed "0,/\"helion_speedup_geomean\": [0-9.]*/s//\"helion_speedup_geomean\": $v/" \
			../dash.json >../metric.json &&
		! cmp -s ../dash.json ../metric.json &&
		test_expect_code 128 git benchwindow --file ../metric.json b200_cute 2026-09-08 >out 2>err &&
		echo "fatal: '"'"'summary[0].history[0].helion_speedup_geomean'"'"' is not a finite number of at least 0 in '"'"'../metric.json'"'"'" >expect &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'metrics near DBL_MAX or near 0: an error with the path, no "+nan%" and no verdict' '
	cd repo &&
	for v in 1.7976931348623157e308 1e10 1e-300; do
		python3 - ../dash.json ../metric.json $v <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for e in d["summary"][0]["history"][6:]:
	    e["helion_speedup_geomean"] = float(sys.argv[3])
	json.dump(d, open(sys.argv[2], "w"))
	PY
		echo "fatal: '"'"'summary[0].history[6].helion_speedup_geomean'"'"' is out of range (a metric is 0 or from 1e-09 to 1e+09) in '"'"'../metric.json'"'"'" >expect &&
		both_fatal --file ../metric.json b200_cute 2026-09-08 || return 1
	done
'

test_expect_success 'in-range values that compound past a double: an error, and --scan skips the platform' '
	python3 - dash.json drift.json <<-\PY &&
	import copy, datetime, json, sys
	d = json.load(open(sys.argv[1]))
	flat = [r for r in d["summary"] if r["platform_short"] == "b200"]
	entry = flat[0]["history"][0]
	nights = []
	for n in range(30):
	    e = copy.deepcopy(entry)
	    day = datetime.date(2026, 8, 16) + datetime.timedelta(days=n)
	    e["run_id"] = str(40000000 + n)
	    e["sha"] = e["full_sha"] = None
	    e["sha"] = "%08x" % (0xa0000000 + n)
	    e["date"] = day.isoformat() + "T08:20:00Z"
	    nights.append(e)
	rows = []
	# kernel k<n> runs on nightlies n and n+1 only, from 1e-9 to 1e9: each
	# night links one kernel that moved 1e18 times, and the chain compounds.
	for n in range(len(nights) - 1):
	    r = copy.deepcopy(flat[0])
	    r["platform_short"] = "drift"
	    r["kernel"] = "k%d" % n
	    r["history"] = copy.deepcopy(nights[n:n + 2])
	    r["history"][0]["helion_speedup_geomean"] = 1e-9
	    r["history"][1]["helion_speedup_geomean"] = 1e9
	    rows.append(r)
	d["summary"] = flat + rows
	json.dump(d, open(sys.argv[2], "w"))
	PY
	cd repo &&
	echo "fatal: the helion series of '"'"'drift'"'"' leaves the range of a double: its values compound past it over the nightlies" >expect &&
	both_fatal --file ../drift.json drift 2026-09-01 &&
	echo "warning: skipping platform '"'"'drift'"'"': the helion series of '"'"'drift'"'"' leaves the range of a double: its values compound past it over the nightlies" >expect &&
	git benchwindow --scan --file ../drift.json >out 2>err &&
	test_cmp expect err &&
	grep "^scan of 1 platform, " out &&
	git benchbisect --scan --file ../drift.json >out 2>err &&
	test_cmp expect err
'

# pretuned_with <wins> <total>: the Pretuned tab with the first entry's counts replaced.
pretuned_with() {
	python3 "$TEST_DIR/lib/gen-dashboard.py" --pretuned <../spec |
	python3 -c "
import json, sys
d = json.load(sys.stdin)
d['summary'][0]['history'][0]['helion_wins'] = json.loads(sys.argv[1])
d['summary'][0]['history'][0]['total'] = json.loads(sys.argv[2])
json.dump(d, sys.stdout)" "$1" "$2"
}

test_expect_success 'pretuned counts out of range or wins above total: an error with the path' '
	cd repo &&
	pretuned_with 10 12 >../ok.json &&
	git benchbisect --pretuned --file ../ok.json b200_cute 2026-09-08 >out &&
	for bad in "2147483647 2147483647:helion_wins" "5 2147483647:total" "11 10:helion_wins" "-1 12:helion_wins" "1.5 12:helion_wins" "3 1e300:total"; do
		pretuned_with ${bad%:*} >../bad.json &&
		test_expect_code 128 git benchbisect --pretuned --file ../bad.json b200_cute 2026-09-08 >out 2>err &&
		key=${bad#*:} &&
		if test "$bad" = "11 10:helion_wins"; then
			echo "fatal: '"'"'summary[0].history[0].helion_wins'"'"' is more than '"'"'total'"'"' in '"'"'../bad.json'"'"'" >expect
		else
			echo "fatal: '"'"'summary[0].history[0].$key'"'"' is not a count (a whole number from 0 to 1000000) in '"'"'../bad.json'"'"'" >expect
		fi &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'pretuned wins summed over thousands of kernels do not overflow' '
	cd repo &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" --pretuned <../spec >../pre.json &&
	python3 -c "
import copy, json, sys
d = json.load(open(sys.argv[1]))
rows = [r for r in d[\"summary\"] if r[\"platform_short\"] == \"b200_cute\"]
for i in range(2200):
    r = copy.deepcopy(rows[0])
    r[\"kernel\"] = \"k%d\" % i
    for e in r[\"history\"]:
        e[\"helion_wins\"] = e[\"total\"] = 1000000
    d[\"summary\"].append(r)
d[\"summary\"] = [r for r in d[\"summary\"] if r not in rows]
json.dump(d, open(sys.argv[2], \"w\"))
" ../pre.json ../many.json &&
	git benchbisect --pretuned --file ../many.json b200_cute 2026-09-08 >out &&
	grep "helion wins: 2200000000/2200000000 -> 2200000000/2200000000" out
'

test_expect_success 'a platform without nightly runs of main: an error, not a verdict' '
	cd repo &&
	set_history b200_cute branch "\"side\"" ../side.json &&
	echo "fatal: '"'"'b200_cute'"'"' has no nightly runs of main in the dashboard; --all-runs counts manual and side-branch runs too" >expect &&
	both_fatal --file ../side.json b200_cute 2026-09-08 &&
	git benchwindow --file ../side.json --all-runs b200_cute 2026-09-08 >out &&
	grep "^step: 2026-09-07 -> 2026-09-08" out
'

# scan_skips_cute <dashboard> <why>: git benchwindow --scan skips b200_cute
# with a warning saying why (the err file), and scans the platform left
# (out).
scan_skips_cute() {
	git benchwindow --file "$1" --scan >out 2>err &&
	echo "warning: skipping platform 'b200_cute': $2" >expect &&
	test_cmp expect err &&
	echo "scan of 1 platform, 2026-08-16 .. 2026-09-14: no step beyond the noise" >expect &&
	test_cmp expect out
}

test_expect_success 'a platform whose every helion speedup is 0: an error, not "noise"; --scan skips it' '
	cd repo &&
	set_history b200 helion_speedup_geomean 0 ../nohelion.json &&
	echo "fatal: '"'"'b200'"'"' has no helion speedup in any of its nightly runs of main (a speedup of 0 or null is no data)" >expect &&
	both_fatal --file ../nohelion.json b200 2026-09-08 &&
	test_expect_code 1 git benchwindow --file ../nohelion.json --scan >out 2>err &&
	echo "warning: skipping platform '"'"'b200'"'"': '"'"'b200'"'"' has no helion speedup in any of its nightly runs of main (a speedup of 0 or null is no data)" >expect &&
	test_cmp expect err &&
	head -n 1 out >first &&
	echo "scan of 1 platform, 2026-08-16 .. 2026-09-14: 1 step, 0 kernel-list changes" >expect &&
	test_cmp expect first
'

test_expect_success 'a second row of one kernel on one platform: an error naming both; --scan skips the platform' '
	cd repo &&
	python3 -c "
import copy, json, sys
d = json.load(open(sys.argv[1]))
d[\"summary\"].append(copy.deepcopy(d[\"summary\"][0]))
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../dup.json &&
	echo "fatal: '"'"'../dup.json'"'"' has two rows of kernel '"'"'matmul'"'"' on platform '"'"'b200_cute'"'"' (summary[0] and summary[6])" >expect &&
	both_fatal --file ../dup.json b200_cute 2026-09-08 &&
	scan_skips_cute ../dup.json "'"'"'../dup.json'"'"' has two rows of kernel '"'"'matmul'"'"' on platform '"'"'b200_cute'"'"' (summary[0] and summary[6])"
'

# same_run_id <in> <out> [<platform>]: the 2026-09-08 nightly given the
# run_id of 2026-09-07's, in every row (or the platform's rows).
same_run_id() {
	python3 - "$@" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if len(sys.argv) > 3 and row["platform_short"] != sys.argv[3]:
	        continue
	    ids = {e["date"][:10]: e["run_id"] for e in row["history"]}
	    for e in row["history"]:
	        if e["date"].startswith("2026-09-08"):
	            e["run_id"] = ids["2026-09-07"]
	json.dump(d, open(sys.argv[2], "w"))
	PY
}

# Two nightlies under one run_id were merged into one point (the first's
# date and sha, the second's values): the step placed a night early and
# innocent commits ranked. They are two runs: an error naming both.
test_expect_success 'one run_id for two nightlies: an error naming both runs' '
	cd repo &&
	same_run_id ../dash.json ../dup-run.json &&
	python3 -c "
import json, sys
h = json.load(open(sys.argv[1]))[\"summary\"][0][\"history\"]
[a] = [e for e in h if e[\"date\"].startswith(\"2026-09-07\")]
[b] = [e for e in h if e[\"date\"].startswith(\"2026-09-08\")]
print(\"fatal: run %r stands for two runs in the dashboard: sha %r on %s and sha %r on %s\" % (a[\"run_id\"], a[\"sha\"], a[\"date\"], b[\"sha\"], b[\"date\"]))
" ../dup-run.json >expect &&
	both_fatal --file ../dup-run.json b200_cute 2026-09-08
'

# --scan (of both commands) builds the platforms' series on threads when
# none can fail; runs that disagree did fail there: the error printed
# from the thread, the failed series counted all the same, and the scan
# crashed, ended "fatal: nothing to scan in 1969-12-03 .. 1970-01-01" or
# (benchbisect) judged the platform. It is skipped, as any other that
# cannot be scanned, and the others are scanned.
test_expect_success '--scan: a platform whose runs disagree is skipped, the others scanned' '
	cd repo &&
	same_run_id ../dash.json ../cute-run.json b200_cute &&
	sha7=$(nightly_short 2026-09-07) sha8=$(nightly_short 2026-09-08) &&
	scan_skips_cute ../cute-run.json "run '"'"'30000006'"'"' stands for two runs in the dashboard: sha '"'"'$sha7'"'"' on 2026-09-07T08:20:00Z and sha '"'"'$sha8'"'"' on 2026-09-08T08:20:00Z" &&
	git benchbisect --file ../cute-run.json --scan >out 2>err2 &&
	test_cmp err err2 &&
	echo "classified scan of 1 platform, 2026-08-16 .. 2026-09-14: no step beyond the noise" >expect &&
	test_cmp expect out
'

# One kernel's history holding one nightly twice with other values: the
# later entry silently won, whichever the nightly measured.
test_expect_success 'a run twice in one kernel'"'"'s history, with other values: an error; --scan skips the platform' '
	cd repo &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
h = d[\"summary\"][0][\"history\"]
h.insert(6, dict(h[6], helion_speedup_geomean=3.0))
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../twice.json &&
	msg="summary[0] lists run '"'"'30000007'"'"' twice with different values: kernel '"'"'matmul'"'"' on platform '"'"'b200_cute'"'"' has one value a nightly" &&
	echo "fatal: $msg" >expect &&
	both_fatal --file ../twice.json b200_cute 2026-09-08 &&
	scan_skips_cute ../twice.json "$msg" &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
h = d[\"summary\"][0][\"history\"]
h.insert(6, dict(h[6]))
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../same-twice.json &&
	git benchwindow --file ../same-twice.json b200_cute 2026-09-08 >out &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >expect &&
	test_cmp expect out
'

# One kernel's row saying "Main" (or is_nightly false) for a nightly the
# other rows say is of main: that kernel silently left the nightly, and
# the series reported a change of the kernel list. The rows disagree on
# the run: an error naming the row, the run and the field.
test_expect_success 'rows that disagree on a run'"'"'s branch or is_nightly: an error; --scan skips the platform' '
	cd repo &&
	for field in "branch Main" "is_nightly false"
	do
		set -- $field &&
		python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
for e in d[\"summary\"][2][\"history\"]:
    if e[\"date\"].startswith(\"2026-09-08\"):
        e[sys.argv[3]] = json.loads(sys.argv[4]) if sys.argv[3] == \"is_nightly\" else sys.argv[4]
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../kind.json $1 $2 &&
		case $1 in
		branch) msg="run '"'"'30000007'"'"' has branch '"'"'Main'"'"' in summary[2] but '"'"'main'"'"' in summary[0]" ;;
		*) msg="run '"'"'30000007'"'"' has is_nightly false in summary[2] but true in summary[0]" ;;
		esac &&
		echo "fatal: $msg" >expect &&
		both_fatal --file ../kind.json b200_cute 2026-09-08 &&
		scan_skips_cute ../kind.json "$msg" || return 1
	done
'

# --bad finds the nightly that ran its commit by the nightlies' shas. An
# empty sha was a prefix of every commit, so a nightly without one "ran"
# whatever --bad named, and the pair judged was that nightly's.
test_expect_success 'a nightly with an empty sha runs no commit --bad names' '
	cd repo &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
for row in d[\"summary\"]:
    for e in row[\"history\"]:
        if e[\"date\"].startswith(\"2026-09-03\"):
            e[\"sha\"] = \"\"
            e.pop(\"full_sha\", None)
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../no-sha.json &&
	bad=$(jq -r ".summary[0].history[] | select(.date | startswith(\"2026-09-06\")) | .full_sha" ../dash.json) &&
	git benchwindow --file ../dash.json --bad $bad b200_cute 2026-09-06 >../out 2>/dev/null &&
	sed -n "/^no step/,\$p" ../out >../expect &&
	git benchwindow --file ../no-sha.json --bad $bad b200_cute 2026-09-06 >../out 2>/dev/null &&
	sed -n "/^no step/,\$p" ../out >../actual &&
	grep "^no step beyond the noise near 2026-09-06: 2026-09-05 -> 2026-09-06 " ../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'a scan with nothing to judge: an error, never "no step" (exit 0)' '
	cd repo &&
	echo "fatal: nothing to scan in 2019-12-03 .. 2020-01-01: no nightly there follows another (the nightlies run 2026-09-02 .. 2026-09-14)" >expect &&
	both_fatal --file ../dash.json --scan --until 2020-01-01 &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d[\"summary\"] = []
json.dump(d, open(sys.argv[2], \"w\"))
" ../dash.json ../none.json &&
	test_expect_code 128 git benchwindow --file ../none.json --scan >out 2>err &&
	echo "fatal: the dashboard has no platform to scan" >expect &&
	test_cmp expect err &&
	test_cmp /dev/null out
'

test_expect_success 'a day after the newest nightly: the first bad one is what is missing' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --span 2 b200_cute 2026-09-15 >out 2>err &&
	echo "fatal: no first bad nightly: none ran after 2026-09-14 (run '"'"'300000013'"'"'); give --bad <rev>" >expect &&
	test_cmp expect err &&
	test_cmp /dev/null out &&
	git benchwindow --file ../dash.json --span 2 --bad HEAD b200_cute 2026-09-15 >out &&
	echo "last good: $(git rev-parse --short=8 HEAD~2) (run 300000013, 2026-09-14T08:20:00Z)" >expect &&
	echo "first bad: $(git rev-parse --short=8 HEAD) (2026-09-14T10:30:00Z)" >>expect &&
	grep "^last good: \|^first bad: " out >actual &&
	test_cmp expect actual &&
	grep "^2 commits, 0 in the slice$" out
'

test_expect_success 'no place for an argument or a chart: usage errors' '
	cd repo &&
	usage_error benchwindow "--list-platforms, --list-kernels and --list-dates take no arguments" \
		--file ../dash.json --list-platforms b200 &&
	usage_error benchwindow "--svg writes a file beside the report on standard output, not '"'"'-'"'"' (./- names a file '"'"'-'"'"')" \
		--file ../dash.json --svg - b200_cute 2026-09-08 &&
	usage_error benchbisect "--svg writes a file beside the report on standard output, not '"'"'-'"'"' (./- names a file '"'"'-'"'"')" \
		log --svg - &&
	! test -e -
'

test_done
