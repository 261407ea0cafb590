#!/bin/bash
# git benchwindow: the report, the --json contract, dates, usage and errors.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/collider.sh"

test_expect_success 'setup: the Helion-like repository and its dashboard' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json
'
cd "$TRASH/repo"
good=$(nightly_sha 2026-09-07)
bad=$(nightly_sha 2026-09-08)


test_expect_success 'finds the step and lists the window with the slice marked' '
	cd repo &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out &&
	git log --abbrev=8 --first-parent --format="%h %cd %s" --date=format:%Y-%m-%d $good..$bad >../log &&
	cat >../expect <<-EOF &&
	b200_cute: nightly helion speedup, geomean over 5 kernels
	######|_______  2026-09-02 .. 2026-09-14, helion 1.320 .. 1.506
	(compile = torch.compile speedup, latency = helion_latency_avg_ms)

	  date        sha       helion  triton compile   latency  change kernels
	  2026-09-02  $(nightly_short 2026-09-02)   1.503   1.210   1.050    0.0133               5
	  2026-09-03  $(nightly_short 2026-09-03)   1.506   1.210   1.050    0.0133   +0.2%       5
	  2026-09-04  $(nightly_short 2026-09-04)   1.500   1.210   1.050    0.0133   -0.4%       5
	  2026-09-05  $(nightly_short 2026-09-05)   1.503   1.210   1.050    0.0133   +0.2%       5
	  2026-09-06  $(nightly_short 2026-09-06)   1.506   1.210   1.050    0.0133   +0.2%       5
	  2026-09-07  $(nightly_short 2026-09-07)   1.500   1.210   1.050    0.0133   -0.4%       5
	> 2026-09-08  $(nightly_short 2026-09-08)   1.323   1.210   1.050    0.0151  -11.8%       5
	  2026-09-09  $(nightly_short 2026-09-09)   1.325   1.210   1.050    0.0151   +0.2%       5
	  2026-09-10  $(nightly_short 2026-09-10)   1.320   1.210   1.050    0.0152   -0.4%       5
	  2026-09-11  $(nightly_short 2026-09-11)   1.323   1.210   1.050    0.0151   +0.2%       5
	  2026-09-12  $(nightly_short 2026-09-12)   1.325   1.210   1.050    0.0151   +0.2%       5
	  2026-09-13  $(nightly_short 2026-09-13)   1.320   1.210   1.050    0.0152   -0.4%       5
	  2026-09-14  $(nightly_short 2026-09-14)   1.323   1.210   1.050    0.0151   +0.2%       5

	step: 2026-09-07 -> 2026-09-08, helion 1.503 -> 1.323 (-12.0% ± 0.3%; levels of 6 and 7 nightlies), 46.0x its standard error (noise 0.5% a night), persistent
	last good: ${good:0:8} (run 30000006, 2026-09-07T08:20:00Z)
	first bad: ${bad:0:8} (run 30000007, 2026-09-08T08:20:00Z)

	first-parent commits in ${good:0:8}..${bad:0:8}, newest first (* = slice (?i)\[(?:cute|cutedsl)\] or paths helion/_compiler/cute/, helion/runtime/cute/):
	  $(sed -n 1p ../log)
	* $(sed -n 2p ../log)
	* $(sed -n 3p ../log)
	* $(sed -n 4p ../log)
	4 commits, 3 in the slice
	EOF
	test_cmp ../expect ../out
'

test_expect_success 'the --json document is exact' '
	cd repo &&
	git benchwindow --file ../dash.json --span 2 b200_cute 2026-09-08 --json >../out.json &&
	python3 - "$good" "$bad" ../out.json <<-\PY
	import json, subprocess, sys
	good, bad, path = sys.argv[1:4]
	doc = json.load(open(path))
	assert list(doc) == ["platform", "kernel", "date", "last_good", "first_bad", "step",
	                     "set_aside", "kernel_set_change", "kernel_steps", "sparse_kernels", "slice", "slice_paths", "empty",
	                     "series", "commits"], list(doc)
	assert doc["set_aside"] is None and doc["kernel_set_change"] is None and doc["kernel_steps"] == [] and doc["sparse_kernels"] == []
	assert doc["platform"] == "b200_cute" and doc["kernel"] is None and doc["date"] == "2026-09-08"
	assert doc["last_good"] == {"sha": good, "date": "2026-09-07T08:20:00Z", "run_id": "30000006"}
	assert doc["first_bad"] == {"sha": bad, "date": "2026-09-08T08:20:00Z", "run_id": "30000007"}
	assert doc["step"] == {"found": True, "before": 1.503, "after": 1.3226, "change_pct": -12,
	                       "noise_pct": 0.5, "score": 25.57, "se_pct": 0.3, "bound_pct": 14.33,
	                       "state_noise_pct": None, "open_kernel": None, "z": 42.23,
	                       "undecided": False, "persistent": True,
	                       "nr_before": 5, "nr_after": 6, "noise_multiple": 3, "min_change": 2,
	                       "drift": None, "reason": None, "between_off_both": None, "other_steps": [],
	                       "outside_span": None}, doc["step"]
	assert doc["slice"] == "(?i)\\[(?:cute|cutedsl)\\]"
	assert doc["slice_paths"] == ["helion/_compiler/cute/", "helion/runtime/cute/"]
	assert doc["empty"] is False
	assert [p["date"][:10] for p in doc["series"]] == ["2026-09-06", "2026-09-07",
	        "2026-09-08", "2026-09-09", "2026-09-10"], doc["series"]
	p = doc["series"][2]
	assert list(p) == ["run_id", "sha", "date", "kernels", "helion", "triton", "torch_compile",
	                   "latency", "helion_raw", "kernel_set_changed"]
	assert p["kernels"] == 5 and p["triton"] == 1.21 and p["kernel_set_changed"] is False
	log = subprocess.check_output(["git", "log", "--first-parent", "--format=%H%x09%cI%x09%s",
	                               good + ".." + bad], text=True).splitlines()
	assert len(doc["commits"]) == len(log) == 4
	for c, line in zip(doc["commits"], log):
	    sha, date, subject = line.split("\t")
	    assert list(c) == ["sha", "date", "subject", "slice_match"]
	    assert c["sha"] == sha and c["subject"] == subject
	assert [c["slice_match"] for c in doc["commits"]] == [False, True, True, True]
	assert [c["date"] for c in doc["commits"]] == ["2026-09-07T19:00:00Z", "2026-09-07T18:00:00Z",
	        "2026-09-07T16:30:00Z", "2026-09-07T09:00:00Z"]
	PY
'

test_expect_success 'the man page lists the keys of --json and of its step in their order' '
	python3 - "$SRC_DIR/man/git-benchwindow.1" out.json >actual <<-\PY &&
	import json, re, sys
	man = open(sys.argv[1]).read()
	block = man[man.index(".SS JSON"):]
	block = block[block.index(".nf"):block.index(".fi")]
	doc = json.load(open(sys.argv[2]))
	step = block[block.index("\"step\": {"):block.index("\"kernel_set_change\"")]
	for name, keys, text in (("top", list(doc), block), ("step", list(doc["step"]), step)):
	    listed = []
	    for k in re.findall(r"\"(\w+)\":", text):
	        if k in keys and k not in listed:
	            listed.append(k)
	    print(name, "missing" if listed != keys else "ok", " ".join(k for k in keys if k not in listed))
	PY
	printf "top ok \nstep ok \n" >expect &&
	test_cmp expect actual
'

# "--json has full hashes" but where the dashboard's own sha is shown: a
# series entry's (and a sparse kernel's good_sha) are its 8-hex ones.
test_expect_success 'the only short shas of --json are the series entries, as the docs say' '
	python3 - "$bad" out.json >actual <<-\PY &&
	import json, re, sys
	short = set()
	def walk(v, path):
	    if isinstance(v, dict):
	        for k, x in v.items():
	            if k.endswith("sha") and isinstance(x, str) and not re.fullmatch("[0-9a-f]{40}", x):
	                assert re.fullmatch("[0-9a-f]{8}", x), x
	                short.add(path + "." + k)
	            walk(x, path + "." + k)
	    elif isinstance(v, list):
	        for x in v:
	            walk(x, path + "[]")
	doc = json.load(open(sys.argv[2]))
	walk(doc, "")
	print(" ".join(sorted(short)), [p["sha"] for p in doc["series"]].count(sys.argv[1][:8]))
	PY
	echo ".series[].sha 1" >expect &&
	test_cmp expect actual &&
	grep -F "\\fBsha\\fR its 8\\-hex short form" "$SRC_DIR/man/git-benchwindow.1" &&
	grep -F "sparse kernel'\''s \`good_sha\` are the dashboard'\''s own 8-hex ones" "$SRC_DIR/docs/guide.md"
'

test_expect_success 'relative dates and ISO times name the same step' '
	cd repo &&
	BENCHTRIAGE_NOW=2026-09-10T12:00:00Z git benchwindow --file ../dash.json --json \
		b200_cute "2 days ago" >../rel.json &&
	git benchwindow --file ../dash.json --json b200_cute 2026-09-08T08:20:00Z >../iso.json &&
	grep "\"date\":	\"2026-09-08\"," ../rel.json &&
	grep "\"date\":	\"2026-09-08T08:20:00Z\"," ../iso.json &&
	grep -c "\"sha\":	\"$bad\"" ../rel.json &&
	grep -c "\"sha\":	\"$bad\"" ../iso.json
'

# Blanks around a date are no part of it, as around git's dates: strtol()
# let " 2 days ago" through (and a sign: "+2 days ago") but "yesterday "
# was no date.
test_expect_success 'blanks around every date form are ignored; N is digits' '
	cd repo &&
	for date in " 2 days ago" "2 days ago	" " 2026-09-08 " "yesterday " \
		" 2026-09-08T08:20:00Z "; do
		BENCHTRIAGE_NOW=2026-09-10T12:00:00Z git benchwindow --file ../dash.json --json \
			b200_cute "$date" >../out.json &&
		grep "^	\"date\":" ../out.json || return 1
	done >../actual &&
	sed "s/^|//" >../expect <<-\EOF &&
	|	"date":	"2026-09-08",
	|	"date":	"2026-09-08",
	|	"date":	"2026-09-08",
	|	"date":	"2026-09-09",
	|	"date":	"2026-09-08T08:20:00Z",
	EOF
	test_cmp ../expect ../actual &&
	for date in "+2 days ago" " +2 days ago"; do
		test_expect_code 128 git benchwindow --file ../dash.json b200_cute "$date" 2>../err &&
		echo "fatal: cannot understand the date '\''$date'\'' (want YYYY-MM-DD, an ISO time, '\''today'\'', '\''yesterday'\'' or '\''N days ago'\'')" >../expect &&
		test_cmp ../expect ../err || return 1
	done
'

# An invalid clock must not give way to the wall clock: the error after
# it named a date the user never typed ("2 days ago" of today).
test_expect_success 'an invalid BENCHTRIAGE_NOW is fatal, whatever the date' '
	cd repo &&
	for now in garbage 2026-02-30T00:00:00Z; do
		echo "fatal: invalid BENCHTRIAGE_NOW '\''$now'\'' (want an ISO time, e.g. 2026-09-10T12:00:00Z)" >../expect &&
		test_expect_code 128 env BENCHTRIAGE_NOW=$now \
			git benchwindow --file ../dash.json b200_cute "2 days ago" >../out 2>../err &&
		test_must_be_empty ../out &&
		test_cmp ../expect ../err &&
		test_expect_code 128 env BENCHTRIAGE_NOW=$now \
			git benchwindow --file ../dash.json b200_cute 2026-09-08 2>../err &&
		test_cmp ../expect ../err &&
		test_expect_code 128 env BENCHTRIAGE_NOW=$now \
			git benchwindow --scan --file ../dash.json 2>../err &&
		test_cmp ../expect ../err || return 1
	done &&
	BENCHTRIAGE_NOW= git benchwindow --file ../dash.json b200_cute 2026-09-08 >/dev/null
'

test_expect_success 'a date outside the series names its range' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json b200_cute 2026-12-01 2>../err &&
	echo "fatal: date '\''2026-12-01'\'' is outside the series of '\''b200_cute'\'' (2026-09-02 .. 2026-09-14)" >../expect &&
	test_cmp ../expect ../err
'

# Before the first nightly's day there is nothing to compare with: the
# days within --span of it were "no last good nightly" or, the day
# before, a silent answer about the step of 09-08.
test_expect_success 'a day before the first nightly is outside the series' '
	cd repo &&
	for d in 2026-08-31 2026-09-01; do
		test_expect_code 128 git benchwindow --file ../dash.json b200_cute $d 2>../err &&
		echo "fatal: date '\''$d'\'' is outside the series of '\''b200_cute'\'' (2026-09-02 .. 2026-09-14)" >../expect &&
		test_cmp ../expect ../err || return 1
	done &&
	git benchwindow --file ../dash.json b200_cute 2026-09-02 >../out &&
	grep "^step: 2026-09-07 -> 2026-09-08" ../out
'

# A time is on its day too: 2026-09-01T23:59:59Z is on the day before the
# first nightly's, and was answered with the step of 09-08. The error
# names the time as given (UTC), not its day: "date '2026-09-21' is
# outside" of 2026-09-21T08:20:01Z sent the user to a day that works.
test_expect_success 'a time outside the series is named as a time' '
	cd repo &&
	for d in 2026-09-01T23:59:59Z 2026-09-02T01:59:59+02:00 2026-09-21T08:20:01Z; do
		test_expect_code 128 git benchwindow --file ../dash.json b200_cute $d >../out 2>../err &&
		test_must_be_empty ../out &&
		sed -n "s/^fatal: date .\(.*\). is outside the series of .b200_cute. (2026-09-02 .. 2026-09-14)$/\1/p" ../err >../actual &&
		echo "$d" | sed "s/2026-09-02T01:59:59+02:00/2026-09-01T23:59:59Z/" >../expect &&
		test_cmp ../expect ../actual || return 1
	done &&
	git benchwindow --file ../dash.json b200_cute 2026-09-02T00:00:00Z >../out &&
	grep "^step: 2026-09-07 -> 2026-09-08" ../out &&
	test_expect_code 128 git benchwindow --file ../dash.json b200_cute 2026-09-21 2>../err &&
	grep "^fatal: no first bad nightly" ../err
'

test_expect_success 'an unknown platform or kernel lists the valid ones' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json h200 2026-09-08 2>../err &&
	cat >../expect <<-\EOF &&
	fatal: unknown platform '\''h200'\''; valid platforms: '\''b200_cute'\'', '\''b200'\''
	hint: did you mean '\''b200'\''?
	EOF
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --file ../dash.json --kernel gemm b200 2026-09-08 2>../err &&
	echo "fatal: unknown kernel '\''gemm'\'' on platform '\''b200'\''; valid kernels: '\''matmul'\''" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'a mistyped platform, kernel or option: did you mean the nearest' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json b200_cut 2026-09-08 2>../err &&
	sed -n 2p ../err >../hint &&
	echo "hint: did you mean '\''b200_cute'\''?" >../expect &&
	test_cmp ../expect ../hint &&
	test_expect_code 128 git benchwindow --file ../dash.json --kernel matmull b200 2026-09-08 2>../err &&
	grep "^hint: did you mean '\''matmul'\''?$" ../err &&
	test_expect_code 128 git benchwindow --file ../dash.json a100 2026-09-08 2>../err &&
	! grep "^hint:" ../err &&
	test_expect_code 129 git benchwindow --file ../dash.json --jsno b200_cute 2026-09-08 2>../err &&
	sed -n "1,2p" ../err >../head &&
	cat >../expect <<-\EOF &&
	error: unknown option `jsno'\''
	hint: did you mean '\''--json'\''?
	EOF
	test_cmp ../expect ../head &&
	test_expect_code 129 git benchwindow --file ../dash.json --zzzzzz b200_cute 2026-09-08 2>../err &&
	! grep "^hint:" ../err
'

# The dashboard's page shows "NVIDIA B200 (CuTe)"; a user types that, or
# the short name in capitals, and was told only the list, no nearest name.
test_expect_success 'a platform named as the dashboard shows it, or in capitals: its short name' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json "NVIDIA B200 (CuTe)" 2026-09-08 2>../err &&
	cat >../expect <<-\EOF &&
	fatal: unknown platform '\''NVIDIA B200 (CuTe)'\''; valid platforms: '\''b200_cute'\'', '\''b200'\''
	hint: did you mean '\''b200_cute'\''? '\''NVIDIA B200 (CuTe)'\'' is its name on the dashboard
	EOF
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --file ../dash.json --scan B200_CUTE 2>../err &&
	sed -n 2p ../err >../hint &&
	echo "hint: did you mean '\''b200_cute'\''?" >../expect &&
	test_cmp ../expect ../hint &&
	test_expect_code 128 git benchwindow --file ../dash.json --kernel MatMul b200 2026-09-08 2>../err &&
	grep -Fx "hint: did you mean '\''matmul'\''?" ../err
'

test_expect_success 'a bad date and bad usage are usage errors' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json b200_cute 2026-13-45 2>../err &&
	grep "^fatal: there is no day '\''2026-13-45'\'' in the calendar" ../err &&
	test_expect_code 129 git benchwindow --file ../dash.json b200_cute 2>../err &&
	grep "^error: need a <platform> and a <date>" ../err &&
	grep "^usage: git benchwindow \[<options>\] <platform> <date>" ../err &&
	test_expect_code 129 git benchwindow --frobnicate b200_cute 2026-09-08 2>../err &&
	grep "^error: unknown option .frobnicate.$" ../err &&
	test_expect_code 129 git benchwindow --span=x b200_cute 2026-09-08 2>../err &&
	grep "^error: option .span. expects an integer value$" ../err &&
	test_expect_code 129 git benchwindow -h >../out &&
	grep "^    --only-slice" ../out
'

# A user's time is a valid one: 08:20:60 read as 08:21:00 named a time
# the user never typed. (A dashboard's leap second still loads: test-date.)
test_expect_success 'a date at second 60 is no time, with its own error' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json b200_cute 2026-09-10T08:20:60Z >../out 2>../err &&
	echo "fatal: there is no second 60 in '\''2026-09-10T08:20:60Z'\'' (seconds run 00 to 59)" >../expect &&
	test_cmp ../expect ../err &&
	test_must_be_empty ../out
'

# No date before 1970-01-01 is read: "N days ago" (or yesterday, by a
# pinned clock) reaching back past it named a day of 1944, which the
# single query called outside the series and --scan took as the start
# of its range; and 1969-12-31 is a day of the calendar, before it.
test_expect_success 'a date before 1970-01-01 has its own error' '
	cd repo &&
	for date in "20707 days ago" "30000 days ago" "100000 days ago" \
		"99999999999999999999 days ago" 1969-12-31 1969-12-31T23:00:00Z \
		1970-01-01T00:30:00+01:00; do
		echo "fatal: the date '\''$date'\'' is before 1970-01-01" >../expect &&
		test_expect_code 128 env BENCHTRIAGE_NOW=2026-09-10T12:00:00Z \
			git benchwindow --file ../dash.json b200_cute "$date" >../out 2>../err &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out &&
		test_expect_code 128 env BENCHTRIAGE_NOW=2026-09-10T12:00:00Z \
			git benchwindow --file ../dash.json --scan --since "$date" >../out 2>../err &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out || return 1
	done &&
	echo "fatal: the date '\''yesterday'\'' is before 1970-01-01" >../expect &&
	test_expect_code 128 env BENCHTRIAGE_NOW=1970-01-01T12:00:00Z \
		git benchwindow --file ../dash.json b200_cute yesterday 2>../err &&
	test_cmp ../expect ../err &&
	# 1970-01-01 itself is a date, outside this series
	test_expect_code 128 env BENCHTRIAGE_NOW=2026-09-10T12:00:00Z \
		git benchwindow --file ../dash.json b200_cute "20706 days ago" 2>../err &&
	grep "^fatal: date .1970-01-01. is outside the series of .b200_cute." ../err
'

test_expect_success '--good and --bad override detection' '
	cd repo &&
	git benchwindow --file ../dash.json --good HEAD~3 --bad HEAD~1 --json b200_cute 2026-09-08 >../out.json &&
	python3 - "$(git rev-parse HEAD~3)" "$(git rev-parse HEAD~1)" ../out.json <<-\PY
	import json, sys
	doc = json.load(open(sys.argv[3]))
	assert doc["last_good"]["sha"] == sys.argv[1] and doc["last_good"]["run_id"] is None
	assert doc["first_bad"]["sha"] == sys.argv[2]
	assert len(doc["commits"]) == 2, doc["commits"]
	PY
'

# The first nightly has none before it: no pair near the date, so nothing
# measured the levels, the change or its errors. They are null, not 0,
# and the reason says why, as the rest of a step that is not found does.
test_expect_success '--good and --bad with no nightly pair near the date: null levels and a reason' '
	cd repo &&
	git benchwindow --file ../dash.json --span 2 --good HEAD~3 --bad HEAD~1 --json b200_cute 2026-09-02 >../out.json &&
	jq -c ".step | [.found, .before, .after, .change_pct, .noise_pct, .score, .se_pct, .z, .nr_before, .nr_after, .reason]" ../out.json >../actual &&
	echo "[false,null,null,null,0.5,null,null,null,0,0,\"no nightly boundary near the date\"]" >../expect &&
	test_cmp ../expect ../actual
'

# The same case in the text reports: no pair was measured, so neither says
# "no step beyond the noise" nor a median that was never taken.
test_expect_success '--good and --bad with no nightly pair near the date: the text says so' '
	cd repo &&
	git benchwindow --file ../dash.json --span 2 --good HEAD~3 --bad HEAD~1 b200_cute 2026-09-02 >../out &&
	grep "^no " ../out >../actual &&
	echo "no nightly boundary near 2026-09-02: no nightly pair, so no level was measured" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect --file ../dash.json --span 2 --good HEAD~3 --bad HEAD~1 b200_cute 2026-09-02 >../out &&
	sed -n "/^speedup:/,\$p" ../out >../actual &&
	cat >../expect <<-\EOF &&
	speedup: before -, after -, true -
	  no nightly boundary near the date: no nightly pair, so no level was measured
	EOF
	test_cmp ../expect ../actual
'

# And in the Markdown reports and the chart: the same words, not "no step".
test_expect_success '--good and --bad with no nightly pair near the date: Markdown and the chart say so' '
	cd repo &&
	git benchwindow --file ../dash.json --span 2 --good HEAD~3 --bad HEAD~1 --format markdown \
		--svg ../chart.svg b200_cute 2026-09-02 >../out &&
	sed -n "1,3p" ../out >../actual &&
	cat >../expect <<-\EOF &&
	### b200\_cute: no nightly boundary near 2026-09-02

	- **no nightly boundary near** 2026-09-02: no nightly pair, so no level was measured
	EOF
	test_cmp ../expect ../actual &&
	grep -Fx "<text class=\"sub\" x=\"16\" y=\"46\">no nightly boundary near 2026-09-02: no nightly pair, so no level was measured (UTC days)</text>" ../chart.svg &&
	git benchbisect --file ../dash.json --span 2 --good HEAD~3 --bad HEAD~1 --format markdown \
		--svg ../chart.svg b200_cute 2026-09-02 >../out &&
	grep -F -e "no nightly" ../out >../actual &&
	cat >../expect <<-\EOF &&
	- **speedup**: before –, after –, true –; no nightly boundary near the date: no nightly pair, so no level was measured
	- step: no nightly boundary near the date
	EOF
	test_cmp ../expect ../actual &&
	grep -Fx "<text class=\"sub\" x=\"16\" y=\"46\">no nightly boundary near 2026-09-02: no nightly pair, so no level was measured (UTC days)</text>" ../chart.svg
'

# --bad naming a nightly inside the level after the step: that pair is
# described by its own levels (the step's sides no longer mixed into the
# level before), and the detected step stays the reference of the warning.
test_expect_success '--bad naming a flat nightly: its own move, no step, and the warning' '
	cd repo &&
	git benchwindow --file ../dash.json --bad $(nightly_sha 2026-09-11) b200_cute 2026-09-08 >../out 2>../err &&
	grep "^no step" ../out >../actual &&
	echo "no step beyond the noise near 2026-09-08: 2026-09-10 -> 2026-09-11 moves +0.0% ± 0.4% (levels of 3 and 4 nightlies), 0.0x its standard error (noise 0.5% a night), within --min-change (a step needs 3.0x and 2.0%); showing that nightly pair" >../expect &&
	test_cmp ../expect ../actual &&
	echo "warning: the window $(nightly_short 2026-09-10)..$(nightly_short 2026-09-11) of --good/--bad shares no commit with the step'\''s, $(nightly_short 2026-09-07)..$(nightly_short 2026-09-08) (the nightlies of 2026-09-07 and 2026-09-08): no commit in it is named" >../expect &&
	test_cmp ../expect ../err &&
	git benchwindow --file ../dash.json --json --good $(nightly_sha 2026-09-03) --bad $(nightly_sha 2026-09-05) b200_cute 2026-09-08 2>../err |
		jq -c "[.step.found, .step.change_pct]" >../actual &&
	echo "[false,0]" >../expect &&
	test_cmp ../expect ../actual &&
	grep "^warning: .* shares no commit with the step" ../err
'

# A quiet day: the 09-09 nightly ran on the 09-08 sha. --bad given that
# sha means the first nightly that ran it, where the move came.
test_expect_success '--bad naming a sha two nightlies ran on: the step at the first' '
	cd repo &&
	python3 - ../dash.json ../same.json "$bad" <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    for h in row["history"]:
	        if h["run_id"] == "30000008":
	            h["sha"], h["full_sha"] = sys.argv[3][:8], sys.argv[3]
	json.dump(d, open(sys.argv[2], "w"))
	PY
	git benchwindow --file ../same.json --bad $bad b200_cute 2026-09-08 >../out &&
	grep -e "^step" -e "^last good" ../out >../actual &&
	cat >../expect <<-EOF &&
	step: 2026-09-07 -> 2026-09-08, helion 1.503 -> 1.323 (-12.0% ± 0.3%; levels of 6 and 7 nightlies), 46.0x its standard error (noise 0.5% a night), persistent
	last good: $(nightly_short 2026-09-07) (run 30000006, 2026-09-07T08:20:00Z)
	EOF
	test_cmp ../expect ../actual
'

test_expect_success 'swapped --good and --bad: said so, no window, exit 1 (both commands)' '
	cd repo &&
	G=$(git rev-parse --short=8 HEAD~1) B=$(git rev-parse --short=8 HEAD~3) &&
	test_expect_code 1 git benchwindow --file ../dash.json --good HEAD~1 --bad HEAD~3 b200_cute 2026-09-08 >../out 2>../err &&
	echo "error: last good $G comes after first bad $B: maybe you mistook good and bad revs?" >../expect &&
	test_cmp ../expect ../err &&
	tail -1 ../out >../last &&
	echo "no window: last good $G is not an ancestor of first bad $B" >../expect &&
	test_cmp ../expect ../last &&
	test_expect_code 1 git benchbisect --file ../dash.json --good HEAD~1 --bad HEAD~3 b200_cute 2026-09-08 >../out 2>../err &&
	grep "maybe you mistook good and bad revs?" ../err &&
	! grep "^culprit" ../out &&
	grep -Fx "  window: not listed: last good $G is not an ancestor of first bad $B" ../out &&
	test_expect_code 1 git benchbisect --json --file ../dash.json --good HEAD~1 --bad HEAD~3 b200_cute 2026-09-08 >../out 2>../err &&
	jq -r ".evidence[] | select(.signal == \"window\") | .verdict + \": \" + .text" ../out >../actual &&
	echo "not_listed: window: not listed: last good $G is not an ancestor of first bad $B" >../expect &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchwindow --format markdown --file ../dash.json --good HEAD~1 --bad HEAD~3 b200_cute 2026-09-08 >../out 2>../err &&
	grep -Fx -- "- **window**: not listed, last good \`$G\` is not an ancestor of first bad \`$B\`" ../out &&
	G=$(git rev-parse --short=12 HEAD~1) B=$(git rev-parse --short=12 HEAD~3) &&
	test_expect_code 1 git -c core.abbrev=12 benchwindow --file ../dash.json --good HEAD~1 --bad HEAD~3 b200_cute 2026-09-08 >../out 2>../err &&
	echo "error: last good $G comes after first bad $B: maybe you mistook good and bad revs?" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'a bad revision for --good is an error naming it' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --good nosuchrev b200_cute 2026-09-08 2>../err &&
	echo "fatal: bad revision '\''nosuchrev'\''" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'an ambiguous short --good: the one commit among its objects, else git'"'"'s error and hints' '
	git clone -q --no-local "$TRASH/repo" "$TRASH/amb" &&
	cd "$TRASH/amb" &&
	p=$(echo $good | cut -c1-4) &&
	collider $good 4 >../blob &&
	git hash-object -w ../blob >/dev/null &&
	test_must_fail git rev-parse --verify -q $p &&
	git benchwindow --file ../dash.json --good $good b200_cute 2026-09-08 >../expect &&
	git benchwindow --file ../dash.json --good $p b200_cute 2026-09-08 >../out &&
	test_cmp ../expect ../out &&
	colliding_tag $good 4 >../tag &&
	git hash-object -t tag -w ../tag >/dev/null &&
	test_must_fail git log -1 $p~1 2>../git-err &&
	awk "NR > 1 && !/^hint:/ { exit } { print }" ../git-err |
		sed -e "s/^error: /fatal: /" -e "s/^hint: The /hint: the /" >../expect &&
	test $(wc -l <../expect) = 4 &&
	test_expect_code 128 git benchwindow --file ../dash.json --good $p~1 b200_cute 2026-09-08 2>../err &&
	test_cmp ../expect ../err
'

# The one commit of an ambiguous prefix, but a suffix that fails on it:
# the error names the revision as typed, as git does, not its expansion.
test_expect_success 'an ambiguous short --good whose suffix fails: the error names what was typed' '
	git clone -q --no-local "$TRASH/repo" "$TRASH/amb-suffix" &&
	cd "$TRASH/amb-suffix" &&
	p=$(echo $good | cut -c1-4) &&
	collider $good 4 >../blob &&
	git hash-object -w ../blob >/dev/null &&
	test_expect_code 128 git benchwindow --file ../dash.json --good $p~999 b200_cute 2026-09-08 2>../err &&
	echo "fatal: bad revision '\''$p~999'\''" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --file ../dash.json --good "$p^{tree}" b200_cute 2026-09-08 2>../err &&
	echo "fatal: revision '\''$p^{tree}'\'' is not a commit" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'colour only when asked or on a tty' '
	cd repo &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >../plain &&
	! grep -q "$(printf "\033")" ../plain &&
	git benchwindow --color=always --file ../dash.json b200_cute 2026-09-08 >../colour &&
	grep -q "$(printf "\033")\[33m" ../colour &&
	git -c color.ui=always benchwindow --file ../dash.json b200_cute 2026-09-08 >../colour2 &&
	test_cmp ../colour ../colour2 &&
	git -c color.ui=always benchwindow --color=never --file ../dash.json b200_cute 2026-09-08 >../plain2 &&
	test_cmp ../plain ../plain2
'

test_expect_success 'colour config as git reads it: true is auto, a bad value is fatal' '
	cd repo &&
	for v in true yes on 1 auto; do
		git -c color.ui=$v benchwindow --file ../dash.json b200_cute 2026-09-08 >../plain3 &&
		test_cmp ../plain ../plain3 || return 1
	done &&
	git -c color.ui=always -c color.benchwindow=true benchwindow --file ../dash.json b200_cute 2026-09-08 >../plain3 &&
	test_cmp ../plain ../plain3 &&
	git -c color.ui=always benchwindow --color=auto --file ../dash.json b200_cute 2026-09-08 >../plain3 &&
	test_cmp ../plain ../plain3 &&
	git -c color.ui=never -c color.benchwindow=always benchwindow --file ../dash.json b200_cute 2026-09-08 >../colour3 &&
	test_cmp ../colour ../colour3 &&
	for key in color.ui color.benchwindow color.pager; do
		test_expect_code 128 git -c $key=bogus benchwindow --color=never --file ../dash.json \
			b200_cute 2026-09-08 >../out 2>../err &&
		echo "fatal: bad boolean config value '\''bogus'\'' for '\''$key'\''" >../expect &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out || return 1
	done &&
	test_expect_code 129 git benchwindow --color=true --file ../dash.json b200_cute 2026-09-08 2>../err &&
	grep "^error: option .color. expects \"always\", \"auto\", or \"never\", not '\''true'\''$" ../err
'

test_expect_success 'the sparkline uses blocks in a UTF-8 locale' '
	cd repo &&
	LC_ALL=C.UTF-8 git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out &&
	sed -n 2p ../out | grep "^██████│▁▁▁▁▁▁▁  2026-09-02"
'

test_expect_success 'the dashboard can come from stdin' '
	cd repo &&
	git benchwindow --file - --json b200_cute 2026-09-08 <../dash.json >../stdin.json &&
	git benchwindow --file ../dash.json --json b200_cute 2026-09-08 >../file.json &&
	test_cmp ../file.json ../stdin.json
'

test_done
