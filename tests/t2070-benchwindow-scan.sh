#!/bin/bash
# git benchwindow --scan: every platform's steps and kernel-list changes in
# a range, newest first, from one load of the dashboard; exit 1 when
# anything moved, 0 when nothing did, 128 on error.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

test_expect_success 'setup: a history and a dashboard where three platforms move on different days' '
	bb_scan_setup
'

test_expect_success 'every step and kernel-list change, newest first, exit 1' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json >../out &&
	cat >../expect <<-EOF &&
	scan of 4 platforms, 2026-08-22 .. 2026-09-20: 2 steps, 1 kernel-list change

	first bad   platform    change    x se  commits  slice  what
	2026-09-14  h100        -20.0%   73.3x        2      0  step since 2026-09-13
	2026-09-10  b200_cute   -15.0%   72.3x        4      1  step since 2026-09-09
	2026-09-06  b200         -1.8%       -        2      0  kernel list; gone softmax
	EOF
	test_cmp ../expect ../out
'

test_expect_success 'an invalid or valueless bench.<platform>.slice is fatal to the scan too' '
	cd repo &&
	test_expect_code 128 git -c bench.h100.slice="(" benchwindow --scan --file ../dash.json >../out 2>../err &&
	echo "fatal: bench.h100.slice: invalid slice pattern '\''('\'': missing closing parenthesis at offset 1" >../expect &&
	test_cmp ../expect ../err &&
	test_must_be_empty ../out &&
	test_expect_code 128 git -c bench.b200.slice benchwindow --scan --file ../dash.json >../out 2>../err &&
	echo "fatal: missing value for '\''bench.b200.slice'\''" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 1 git -c bench.h100.slice="(" benchwindow --scan --no-slice --file ../dash.json >../out
'

# step_of <json> <platform> <first bad day>: the step object, one key a line.
step_of() {
	python3 -c "
import json, sys
doc = json.load(open(sys.argv[1]))
if \"steps\" in doc:
    [step] = [s[\"step\"] for s in doc[\"steps\"] if s[\"platform\"] == sys.argv[2] and s[\"date\"].startswith(sys.argv[3])]
else:
    step = doc[\"step\"]
for k, v in sorted(step.items()):
    print(k, json.dumps(v))
" "$@"
}

test_expect_success 'each step is the one a single query on its date reports' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --json --file ../dash.json >../scan.json &&
	for q in h100:2026-09-14 b200_cute:2026-09-10; do
		git benchwindow --json --file ../dash.json ${q%%:*} ${q#*:} >../one.json &&
		step_of ../one.json >../expect &&
		step_of ../scan.json ${q%%:*} ${q#*:} >../actual &&
		test_cmp ../expect ../actual || return 1
	done
'

# The keys of a scan's step, against the man page's list (the kind's
# values aside) and the guide's.
test_expect_success 'the man page and the guide name the keys of a --scan --json step' '
	python3 - "$SRC_DIR/man/git-benchwindow.1" "$SRC_DIR/docs/guide.md" scan.json >actual <<-\PY &&
	import json, re, sys
	man, guide = open(sys.argv[1]).read(), open(sys.argv[2]).read()
	keys = set().union(*(s.keys() for s in json.load(open(sys.argv[3]))["steps"]))
	text = man[man.index("where each of \\fBsteps\\fR is"):man.index("With \\fB\\-\\-format=markdown\\fR: a level-3")]
	listed = set(re.findall(r"\"(\w+)\"", text)) - {"undecided", "kernel_set"}
	print("man", sorted(keys - listed), sorted(listed - keys))
	text = guide[guide.index("whose steps carry"):guide.index("(a kernel back")]
	listed = set(re.findall(r"`(\w+)`", text))
	print("guide", sorted(keys - listed), sorted(listed - keys))
	PY
	printf "man [] []\nguide [] []\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the x se column is the z that a single query on its date prints' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json >../scan.txt &&
	for q in h100:2026-09-14 b200_cute:2026-09-10; do
		git benchwindow --file ../dash.json ${q%%:*} ${q#*:} >../one.txt &&
		z=$(sed -n "s/^step: .*, \([0-9.]*\)x its standard error.*/\1/p" ../one.txt) &&
		test -n "$z" &&
		grep "^${q#*:}  ${q%%:*} .*%  *${z}x  " ../scan.txt || return 1
	done
'

# A step whose window widens past its own night (the night after it
# could be on either side) has its first bad nightly a night later. The
# scan judged it by the query on its own night, whose span of levels
# differs by that night: "6.2x" (levels of 15 and 7 nightlies) where the
# query on the first bad day, the one the row names, prints 6.1x (14, 7).
test_expect_success 'a step whose first bad nightly is the night after its own is that day'"'"'s query' '
	cd repo &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" scenario --start 2026-09-01 --nights 40 \
		--noise 0.02 --platform b200_cute=matmul \
		--event regress:b200_cute:2026-10-04:0.95 >../widened.json &&
	test_expect_code 1 git benchwindow --scan --json --file ../widened.json >../scan.json &&
	git benchwindow --json --file ../widened.json b200_cute 2026-10-05 >../one.json &&
	test "$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[\"first_bad\"][\"date\"])" ../one.json)" = 2026-10-05T08:20:00Z &&
	step_of ../one.json >../expect &&
	step_of ../scan.json b200_cute 2026-10-05 >../actual &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchwindow --scan --file ../widened.json >../scan.txt &&
	grep "^2026-10-05  b200_cute .*  6.1x  " ../scan.txt
'

test_expect_success 'a step thousands of standard errors tall keeps the columns in line' '
	cd repo &&
	bb_dashboard --event regress:b200_cute:2026-09-10:30 --event machine:h100:2026-09-14:0.8 >../tall.json &&
	test_expect_code 1 git benchwindow --scan --file ../tall.json >../out &&
	cat >../expect <<-EOF &&
	scan of 3 platforms, 2026-08-22 .. 2026-09-20: 2 steps, 0 kernel-list changes

	first bad   platform     change     x se  commits  slice  what
	2026-09-14  h100         -20.0%    73.3x        2      0  step since 2026-09-13
	2026-09-10  b200_cute  +2900.3%  1513.5x        4      1  step since 2026-09-09
	EOF
	test_cmp ../expect ../out
'

# A 20% drop on the newest nightly has no nightlies after it: the single
# query calls it undecided. The scan lists it as such, in every format,
# and does not call the range still; it is no step, so the exit is 0.
test_expect_success 'a move the single query calls undecided is listed, exit 0' '
	cd repo &&
	bb_dashboard --event regress:b200_cute:2026-09-20:0.8 >../newest.json &&
	git benchwindow --scan --file ../newest.json --since 2026-09-01 >../out &&
	cat >../expect <<-EOF &&
	scan of 3 platforms, 2026-09-01 .. 2026-09-20: 0 steps, 0 kernel-list changes, 1 undecided

	first bad   platform    change    x se  commits  slice  what
	2026-09-20  b200_cute   -19.7%   41.3x        2      0  undecided since 2026-09-19
	EOF
	test_cmp ../expect ../out &&
	git benchwindow --file ../newest.json b200_cute 2026-09-20 >../single 2>/dev/null &&
	grep "^undecided near 2026-09-20: 2026-09-19 -> 2026-09-20 moves -19.7% ± 0.5%, 41.3x its standard error" ../single &&
	git benchwindow --scan --json --file ../newest.json --since 2026-09-01 >../out.json &&
	jq -c ".steps[] | [.kind, .date, .step.change_pct]" ../out.json >../actual &&
	echo "[\"undecided\",\"2026-09-20T08:20:00Z\",-19.68]" >../expect &&
	test_cmp ../expect ../actual &&
	git benchwindow --scan --format markdown --file ../newest.json --since 2026-09-01 >../out.md &&
	sed -n "1p;\$p" ../out.md | sed "s/\`[0-9a-f]*\`/SHA/g" >../actual &&
	cat >../expect <<-\EOF &&
	### Benchmark scan, 2026-09-01 .. 2026-09-20: 0 steps, 0 kernel-list changes, 1 undecided on 3 platforms
	| 2026-09-20 | b200\_cute | -19.7% | 41.3x | 2 | 0 | SHA..SHA | undecided since 2026-09-19 |
	EOF
	test_cmp ../expect ../actual
'

test_expect_success '--kernels adds each kernel'"'"'s own series, judged as --kernel judges it' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --kernels --file ../dash.json --since 2026-09-05 b200 b200_cute >../out &&
	cat >../expect <<-EOF &&
	scan of 2 platforms and 7 kernel series, 2026-09-05 .. 2026-09-20: 6 steps, 1 kernel-list change

	first bad   platform                  change    x se  commits  slice  what
	2026-09-10  b200_cute                 -15.0%   72.3x        4      1  step since 2026-09-09
	2026-09-10  b200_cute:cross_entropy   -15.2%   63.2x        4      1  step since 2026-09-09
	2026-09-10  b200_cute:layer_norm      -14.6%   65.2x        4      1  step since 2026-09-09
	2026-09-10  b200_cute:matmul          -14.8%   44.3x        4      1  step since 2026-09-09
	2026-09-10  b200_cute:rms_norm        -14.9%   43.4x        4      1  step since 2026-09-09
	2026-09-10  b200_cute:softmax         -15.4%   66.6x        4      1  step since 2026-09-09
	2026-09-06  b200                       -1.8%       -        2      0  kernel list; gone softmax
	EOF
	test_cmp ../expect ../out &&
	test_expect_code 1 git benchwindow --scan --kernels --json --file ../dash.json b200_cute >../scan.json &&
	git benchwindow --json --kernel matmul --file ../dash.json b200_cute 2026-09-10 >../one.json &&
	step_of ../one.json >../expect &&
	python3 -c "
import json, sys
doc = json.load(open(sys.argv[1]))
[step] = [s[\"step\"] for s in doc[\"steps\"] if s[\"kernel\"] == \"matmul\"]
for k, v in sorted(step.items()):
    print(k, json.dumps(v))
" ../scan.json >../actual &&
	test_cmp ../expect ../actual
'

test_expect_success '--format=markdown: the table to paste, commits linked on GitHub' '
	cd repo &&
	git remote add origin git@github.com:pytorch/helion.git &&
	test_expect_code 1 git benchwindow --scan --format=markdown --file ../dash.json \
		--since 2026-09-06 --until 2026-09-10 >../out &&
	gh=https://github.com/pytorch/helion/commit &&
	l1=$(nightly_sha 2026-09-09) f1=$(nightly_sha 2026-09-10) &&
	l2=$(nightly_sha 2026-09-05) f2=$(nightly_sha 2026-09-06) &&
	cat >../expect <<-EOF &&
	### Benchmark scan, 2026-09-06 .. 2026-09-10: 1 step, 1 kernel-list change on 4 platforms

	| first bad | platform | change | x se | commits | slice | window | what |
	| --- | --- | ---: | ---: | ---: | ---: | --- | --- |
	| 2026-09-10 | b200\_cute | -15.0% | 72.3x | 4 | 1 | [\`${l1:0:8}\`]($gh/$l1)..[\`${f1:0:8}\`]($gh/$f1) | step since 2026-09-09 |
	| 2026-09-06 | b200 | -1.8% | - | 2 | 0 | [\`${l2:0:8}\`]($gh/$l2)..[\`${f2:0:8}\`]($gh/$f2) | kernel list; gone softmax |
	EOF
	test_cmp ../expect ../out &&
	outline ../out >../actual &&
	cat >../expect <<-EOF &&
	h3 Benchmark scan, 2026-09-06 .. 2026-09-10: 1 step, 1 kernel-list change on 4 platforms
	|= first bad | platform | change | x se | commits | slice | window | what |
	| 2026-09-10 | b200_cute | -15.0% | 72.3x | 4 | 1 | [\`${l1:0:8}\`]($gh/$l1)..[\`${f1:0:8}\`]($gh/$f1) | step since 2026-09-09 |
	| 2026-09-06 | b200 | -1.8% | - | 2 | 0 | [\`${l2:0:8}\`]($gh/$l2)..[\`${f2:0:8}\`]($gh/$f2) | kernel list; gone softmax |
	EOF
	test_cmp ../expect ../actual
'

test_expect_success 'the JSON document is pinned' '
	cd repo &&
	lg=$(nightly_sha 2026-09-13) && fb=$(nightly_sha 2026-09-14) &&
	test_expect_code 1 git benchwindow --scan --json --since 2026-09-12 --file ../dash.json h100 >../out &&
	sed "s/^|//" >../expect <<-EOF &&
	|{
	|	"since":	"2026-09-12",
	|	"until":	"2026-09-20",
	|	"platforms":	["h100"],
	|	"steps":	[{
	|			"platform":	"h100",
	|			"kernel":	null,
	|			"kind":	"step",
	|			"date":	"2026-09-14T08:20:00Z",
	|			"last_date":	"2026-09-13T08:20:00Z",
	|			"last_good":	{
	|				"sha":	"$lg",
	|				"date":	"2026-09-13T08:20:00Z",
	|				"run_id":	"3000000012"
	|			},
	|			"first_bad":	{
	|				"sha":	"$fb",
	|				"date":	"2026-09-14T08:20:00Z",
	|				"run_id":	"3000000013"
	|			},
	|			"step":	{
	|				"found":	true,
	|				"before":	1.49737,
	|				"after":	1.19864,
	|				"change_pct":	-19.95,
	|				"noise_pct":	0.65,
	|				"score":	34.38,
	|				"se_pct":	0.3,
	|				"bound_pct":	25.68,
	|				"state_noise_pct":	null,
	|				"open_kernel":	null,
	|				"z":	73.33,
	|				"undecided":	false,
	|				"persistent":	true,
	|				"nr_before":	13,
	|				"nr_after":	7,
	|				"noise_multiple":	3,
	|				"min_change":	2,
	|				"drift":	null,
	|				"reason":	null,
	|				"between_off_both":	null,
	|				"other_steps":	[],
	|				"outside_span":	null
	|			},
	|			"kernel_set_change":	null,
	|			"sparse_kernels":	[],
	|			"commits":	2,
	|			"slice_commits":	0
	|		}]
	|}
	EOF
	test_cmp ../expect ../out
'

test_expect_success '--since/--until and named platforms narrow the scan' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json \
		--since 2026-09-07 --until 2026-09-12 b200 b200_cute >../out &&
	cat >../expect <<-EOF &&
	scan of 2 platforms, 2026-09-07 .. 2026-09-12: 1 step, 0 kernel-list changes

	first bad   platform    change    x se  commits  slice  what
	2026-09-10  b200_cute   -15.0%   72.3x        4      1  step since 2026-09-09
	EOF
	test_cmp ../expect ../out
'

# Without --since the range is the 30 days that end with --until, else
# with the newest nightly's day (-h had said "30 days before" it).
test_expect_success 'the default range: 30 days ending with --until, else the newest nightly' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json --until 2026-09-10 >../out &&
	head -n 1 ../out >../actual &&
	echo "scan of 4 platforms, 2026-08-12 .. 2026-09-10: 1 step, 1 kernel-list change" >../expect &&
	test_cmp ../expect ../actual &&
	for cmd in benchwindow benchbisect; do
		test_expect_code 129 git $cmd -h >../help &&
		grep -Fx "    --since <date>            with --scan: from <date> (default: the 30 days that end with --until, else with the newest nightly)" ../help ||
			return 1
	done
'

# The time of a nightly, as --json gives it, is a bound that holds it: an
# --until time used to end the range just before it, so the step on that
# nightly went unlisted and the scan said "no step".
test_expect_success '--until a nightly'\''s own time includes that nightly' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json \
		--since 2026-09-07 --until 2026-09-10T08:20:00Z b200_cute >../out &&
	cat >../expect <<-EOF &&
	scan of 1 platform, 2026-09-07 .. 2026-09-10T08:20:00Z: 1 step, 0 kernel-list changes

	first bad   platform    change    x se  commits  slice  what
	2026-09-10  b200_cute   -15.0%   72.3x        4      1  step since 2026-09-09
	EOF
	test_cmp ../expect ../out
'

# A bound within a day printed as its day claimed the whole day: "..
# 2026-09-10" for a scan that ended before that day's nightly (08:20) and
# so left its step out. Such a bound is its full time, in UTC.
test_expect_success 'a bound that is not midnight is printed as its full time' '
	cd repo &&
	set -- --file ../dash.json --since 2026-09-07T14:00:00+02:00 --until 2026-09-10T08:00:00Z b200_cute &&
	test_expect_code 0 git benchwindow --scan "$@" >../out &&
	echo "scan of 1 platform, 2026-09-07T12:00:00Z .. 2026-09-10T08:00:00Z: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchwindow --scan --format=markdown "$@" >../out &&
	echo "### Benchmark scan, 2026-09-07T12:00:00Z .. 2026-09-10T08:00:00Z: no step beyond the noise on 1 platform" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchwindow --scan --json "$@" >../out &&
	printf "%s\n" "{" "	\"since\":	\"2026-09-07T12:00:00Z\"," "	\"until\":	\"2026-09-10T08:00:00Z\"," \
		"	\"platforms\":	[\"b200_cute\"]," "	\"steps\":	[]" "}" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchwindow --scan --file ../dash.json --since 2026-09-07T00:00:00Z \
		--until 2026-09-09T23:59:59Z b200_cute >../out &&
	echo "scan of 1 platform, 2026-09-07 .. 2026-09-09: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --since 2026-09-10T12:00:00Z \
		--until 2026-09-10T08:00:00Z 2>../err &&
	echo "fatal: --since 2026-09-10T12:00:00Z is not before --until 2026-09-10T08:00:00Z" >../expect &&
	test_cmp ../expect ../err
'

# A kernel that leaves the list at a hair above the others' geomean: the
# plain geomean moves by -0.00004%, which prints as +0.0%, never -0.0%
# (util/number.h), in the scan's row, the report's kernel-list line and
# the JSON.
test_expect_success 'a change that rounds to zero prints without a minus sign' '
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" scenario --start 2026-09-01 --nights 20 \
		--noise 0 --platform b200_cute=matmul,softmax,extra \
		--event drop:b200_cute:2026-09-10::extra >../leave.json) &&
	python3 - leave.json tiny.json <<-\PY &&
	import json, math, sys
	d = json.load(open(sys.argv[1]))
	rows = {r["kernel"]: r for r in d["summary"]}
	for h in rows["extra"]["history"]:
	    a, b = ([x["helion_speedup_geomean"] for x in rows[k]["history"] if x["date"] == h["date"]][0]
	            for k in ("matmul", "softmax"))
	    h["helion_speedup_geomean"] = math.sqrt(a * b) * (1 + 1.2e-6)
	json.dump(d, open(sys.argv[2], "w"))
	PY
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../tiny.json >../out &&
	echo "2026-09-10  b200_cute    +0.0%       -        4      1  kernel list; gone extra" >../expect &&
	tail -n 1 ../out >../actual &&
	test_cmp ../expect ../actual &&
	git benchwindow --file ../tiny.json b200_cute 2026-09-10 >../out 2>/dev/null &&
	grep -Fx "kernel list changed on 2026-09-10: 1 kernel left the list: extra; the plain geomean moves +0.0%, the kernels on both nights +0.0%" ../out &&
	git benchwindow --json --file ../tiny.json b200_cute 2026-09-10 2>/dev/null >../out.json &&
	grep -E "\"plain_change_pct\":[[:space:]]*0,?$" ../out.json &&
	! grep -E ":[[:space:]]*-0,?$" ../out.json
'

test_expect_success 'a platform with no step and a flat dashboard: exit 0' '
	cd repo &&
	test_expect_code 0 git benchwindow --scan --file ../dash.json mi350x >../out &&
	echo "scan of 1 platform, 2026-08-22 .. 2026-09-20: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchwindow --scan --file ../flat.json >../out &&
	echo "scan of 4 platforms, 2026-08-22 .. 2026-09-20: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 0 git benchwindow --scan --json --file ../flat.json mi350x >../out &&
	printf "%s\n" "{" "	\"since\":	\"2026-08-22\"," "	\"until\":	\"2026-09-20\"," \
		"	\"platforms\":	[\"mi350x\"]," "	\"steps\":	[]" "}" >../expect &&
	test_cmp ../expect ../out
'

test_expect_success 'a nightly not in the clone leaves its window uncounted, not the scan failed' '
	(cd repo && git branch older "$(nightly_sha 2026-09-12)") &&
	git clone -q --no-local --single-branch -b older repo older &&
	cd older &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json --since 2026-09-10 >../out 2>../err &&
	cat >../expect <<-EOF &&
	scan of 4 platforms, 2026-09-10 .. 2026-09-20: 2 steps, 0 kernel-list changes

	first bad   platform    change    x se  commits  slice  what
	2026-09-14  h100        -20.0%   73.3x        ?      ?  step since 2026-09-13
	2026-09-10  b200_cute   -15.0%   72.3x        4      1  step since 2026-09-09
	EOF
	test_cmp ../expect ../out &&
	test_must_be_empty ../err
'

test_expect_success 'outside a repository the windows are uncounted' '
	test_expect_code 1 git benchwindow --scan --file dash.json --since 2026-09-13 h100 >out &&
	cat >expect <<-EOF &&
	scan of 1 platform, 2026-09-13 .. 2026-09-20: 1 step, 0 kernel-list changes

	first bad   platform   change    x se  commits  slice  what
	2026-09-14  h100       -20.0%   73.3x        ?      ?  step since 2026-09-13
	EOF
	test_cmp expect out
'

test_expect_success 'the hidden --list-dates: the days of a platform'"'"'s moves, for completion' '
	cd repo &&
	git benchwindow --file ../dash.json --list-dates b200_cute >../out &&
	echo 2026-09-10 >../expect &&
	test_cmp ../expect ../out &&
	git benchwindow --file ../dash.json --list-dates b200 >../out &&
	echo 2026-09-06 >../expect &&
	test_cmp ../expect ../out &&
	(cd .. && GIT_CEILING_DIRECTORIES="$TRASH" git benchwindow --file dash.json --list-dates h100) >../out &&
	echo 2026-09-14 >../expect &&
	test_cmp ../expect ../out &&
	test_expect_code 128 git benchwindow --file ../dash.json --list-dates b20 2>../err &&
	grep "^fatal: unknown platform '"'"'b20'"'"'" ../err &&
	test_expect_code 129 git benchwindow -h >../help &&
	! grep list-dates ../help &&
	git benchwindow --git-completion-helper >../opts &&
	! grep list-dates ../opts
'

test_expect_success 'bad dates and unknown platforms are errors (128), misuse is 129' '
	cd repo &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --since 2026-02-30 2>../err &&
	echo "fatal: there is no day '\''2026-02-30'\'' in the calendar" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --until soon 2>../err &&
	grep "cannot understand the date '\''soon'\''" ../err &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --since 2026-09-12 --until 2026-09-10 2>../err &&
	echo "fatal: --since 2026-09-12 is not before --until 2026-09-10" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --since 2027-01-01 2>../err &&
	echo "fatal: --since 2027-01-01 is after the day of the newest nightly, 2026-09-20" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json a100 2>../err &&
	grep "a100" ../err &&
	test_expect_code 129 git benchwindow --since 2026-09-01 --file ../dash.json h100 2026-09-14 2>../err &&
	grep "error: --since, --until and --kernels need --scan" ../err &&
	test_expect_code 129 git benchwindow --scan --kernel matmul --file ../dash.json 2>../err &&
	grep "error: --scan does not take --kernel" ../err &&
	test_expect_code 129 git benchwindow --scan --format=markdown --json --file ../dash.json 2>../err &&
	grep "error: --format=markdown and --json cannot be combined" ../err
'

# --scan, --since, --until and --kernels were silently ignored beside a
# --list-* option: it printed the names, not a scan, and exited 0.
test_expect_success 'a --list-* option with --scan or its range: usage error' '
	cd repo &&
	for l in --list-platforms "--list-kernels b200_cute" "--list-dates b200_cute"; do
		usage_error_is "error: --scan cannot be used with --list-platforms, --list-kernels or --list-dates" \
			git benchwindow --file ../dash.json --scan $l &&
		test_must_be_empty out &&
		usage_error_is "error: --since, --until and --kernels need --scan" \
			git benchwindow --file ../dash.json --since 2026-09-01 $l &&
		test_must_be_empty out || return 1
	done
'

# Two lists at once printed one of them, the dates winning unsaid.
test_expect_success 'two --list-* options at once: usage error' '
	cd repo &&
	for l in "--list-platforms --list-dates b200" "--list-kernels b200 --list-dates b200" \
		"--list-platforms --list-kernels b200"; do
		usage_error_is "error: --list-platforms, --list-kernels and --list-dates cannot be used together" \
			git benchwindow --file ../dash.json $l &&
		test_must_be_empty out || return 1
	done
'

# --json, --format=markdown and --svg were silently ignored beside
# --list-platforms and --list-kernels: a script asking for JSON got lines.
test_expect_success '--list-platforms and --list-kernels: --json is an array of names, markdown and --svg usage errors' '
	cd repo &&
	git benchwindow --file ../dash.json --list-platforms >../lines &&
	git benchwindow --file ../dash.json --list-platforms --json >../out &&
	jq -r ".[]" ../out >../actual &&
	test_cmp ../lines ../actual &&
	jq -e "type == \"array\" and length == 4" ../out &&
	git benchwindow --file ../dash.json --list-kernels b200 >../lines &&
	git benchwindow --file ../dash.json --list-kernels b200 --json >../out &&
	jq -r ".[]" ../out >../actual &&
	test_cmp ../lines ../actual &&
	git benchwindow --file ../dash.json --list-kernels b200 --format=text >../actual &&
	test_cmp ../lines ../actual &&
	for l in --list-platforms "--list-kernels b200" "--list-dates b200"; do
		usage_error_is "error: --list-platforms, --list-kernels and --list-dates take --json, not --format=markdown or --svg" \
			git benchwindow --file ../dash.json --format=markdown $l &&
		test_must_be_empty out &&
		usage_error_is "error: --list-platforms, --list-kernels and --list-dates take --json, not --format=markdown or --svg" \
			git benchwindow --file ../dash.json --svg ../chart.svg $l &&
		! test -e ../chart.svg &&
		usage_error_is "error: unknown --format '\''html'\'': use '\''text'\'' or '\''markdown'\''" \
			git benchwindow --file ../dash.json --format=html $l || return 1
	done
'

# The man page said the default range ends with the dashboard's newest
# nightly; it ends with the newest of the platforms scanned, so that a
# platform whose nightlies stopped is scanned over its own last month.
test_expect_success 'the default range of a scan ends with the newest nightly of the platforms scanned' '
	cd repo &&
	{ for i in 6 7 8 9 10; do
		echo "run $i 2026-09-$(printf %02d $i)T08:20:00Z main~$((10 - i))" &&
		echo "val b200 matmul $i 1.5" &&
		{ test $i -gt 7 || echo "val tpu matmul $i 1.2"; } || return 1
	  done; } | python3 "$TEST_DIR/lib/gen-dashboard.py" >../stopped.json &&
	git benchwindow --file ../stopped.json --scan tpu >../out &&
	echo "scan of 1 platform, 2026-08-09 .. 2026-09-07: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out &&
	git benchwindow --file ../stopped.json --scan >../out &&
	echo "scan of 2 platforms, 2026-08-12 .. 2026-09-10: no step beyond the noise" >../expect &&
	test_cmp ../expect ../out
'

# Completion asks for the days of a platform'"'"'s moves in the <date> slot:
# one with a single nightly has no move, so no day; it was "fatal: nothing
# to scan in 1970-01-01 ..".
test_expect_success 'the hidden --list-dates of a platform with one nightly: nothing, exit 0' '
	cd repo &&
	{ echo "run 1 2026-09-07T08:20:00Z main~2" && echo "run 2 2026-09-08T08:20:00Z main~1" &&
	  echo "val b200 matmul 1 1.5" && echo "val b200 matmul 2 1.5" &&
	  echo "val tpu matmul 2 1.2"; } |
		python3 "$TEST_DIR/lib/gen-dashboard.py" >../one.json &&
	git benchwindow --file ../one.json --list-dates tpu >../out 2>../err &&
	test_must_be_empty ../out &&
	test_must_be_empty ../err &&
	git benchwindow --file ../one.json --list-dates b200 >../out 2>../err &&
	test_must_be_empty ../out &&
	test_must_be_empty ../err &&
	test_expect_code 128 git benchwindow --scan --file ../one.json tpu 2>../err &&
	grep "^fatal: nothing to scan in" ../err
'

# --list-dates printed its lines whatever --json or --format asked for.
test_expect_success 'the hidden --list-dates: --json is an array of the days, as --list-platforms'"'"' names' '
	cd repo &&
	git benchwindow --file ../dash.json --list-dates b200 --json >../out &&
	echo "[\"2026-09-06\"]" >../expect &&
	jq -c . ../out >../actual &&
	test_cmp ../expect ../actual &&
	git benchwindow --file ../dash.json --list-dates b200 --format=text >../actual &&
	echo 2026-09-06 >../expect &&
	test_cmp ../expect ../actual &&
	git benchwindow --file ../one.json --list-dates tpu --json >../out &&
	echo "[]" >../expect &&
	jq -c . ../out >../actual &&
	test_cmp ../expect ../actual
'

# A platform with only manual runs has no nightly series, so no move: it
# was "fatal: no platform can be scanned", which completion hides.
test_expect_success 'the hidden --list-dates of a platform with only manual runs: nothing, exit 0' '
	cd repo &&
	{ echo "run 1 2026-09-07T08:20:00Z main~2" && echo "run 2 2026-09-08T08:20:00Z main~1" &&
	  echo "run 3 2026-09-08T14:00:00Z main~1 nightly=0" && echo "run 4 2026-09-09T14:00:00Z main nightly=0" &&
	  echo "val b200 matmul 1 1.5" && echo "val b200 matmul 2 1.5" &&
	  echo "val gpu matmul 3 1.2" && echo "val gpu matmul 4 0.8"; } |
		python3 "$TEST_DIR/lib/gen-dashboard.py" >../manual.json &&
	git benchwindow --file ../manual.json --list-dates gpu >../out 2>../err &&
	test_must_be_empty ../out &&
	test_must_be_empty ../err &&
	test_expect_code 128 git benchwindow --scan --file ../manual.json gpu 2>../err &&
	grep "^fatal: no platform can be scanned" ../err
'

test_done
