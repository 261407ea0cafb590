#!/bin/bash
# Terminal injection: ESC, BEL and CR from the dashboard (run ids, platform
# and kernel names) and from commit subjects are printed escaped, as \e,
# \a, \r, in the reports, the lists and the error messages; --json keeps
# the real characters (JSON escapes them). A newline in a name cannot
# forge a message line, bidirectional controls (U+202E...) reach neither
# the terminal nor a report, and a NUL is refused in every string field,
# as in names.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

ESC=$(printf '\033')
export ESC

# no_raw_controls <file>: no ESC, BEL or CR byte in it.
no_raw_controls() {
	! grep -q "$(printf '[\033\007\r]')" "$1"
}

test_expect_success 'setup: a subject and dashboard fields with control characters' '
	make_helion_repo repo &&
	cd repo &&
	FILTER_BRANCH_SQUELCH_WARNING=1 git filter-branch -f --msg-filter \
		"sed \"s/^Share layout helpers/Share \\x1b[31mlayout\\x1b[0m helpers\\a\\r/\"" \
		-- main >/dev/null 2>&1 &&
	git log -1 --format=%s --grep="^Share" | od -c | grep -q "033" &&
	cute_spec >../spec &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec >../clean.json &&
	python3 - ../clean.json ../dash.json <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    for e in row["history"]:
	        if e["run_id"] == "30000006":
	            e["run_id"] = "30000006\x1b]0;pwned\x07"
	    if row["platform_short"] == "b200":
	        row["kernel"] = "mat\x1b[2Jmul\r"
	        evil = json.loads(json.dumps(row))
	        evil["platform_short"] = "h100\x1b[8m"
	        evil["kernel"] = "matmul"
	d["summary"].append(evil)
	json.dump(d, open(sys.argv[2], "w"))
	PY
'

# report_lines <command>: run it on the 2026-09-08 step, check no control
# character got through, and keep its "last good" and "Share" lines in
# actual, shas replaced by SHA.
report_lines() {
	(cd repo && git $1 --file ../dash.json b200_cute 2026-09-08 >../out) &&
	no_raw_controls out &&
	grep -e "^last good" -e "Share" out | sed "s/^\(.\{0,20\}\)[0-9a-f]\{8\}/\1SHA/" >actual
}

test_expect_success 'benchwindow: subjects and run ids escaped in the report' '
	report_lines benchwindow &&
	cat >expect <<-\EOF &&
	last good: SHA (run 30000006\e]0;pwned\a, 2026-09-07T08:20:00Z)
	* SHA 2026-09-07 Share \e[31mlayout\e[0m helpers\a\r between backends (#2874)
	EOF
	test_cmp expect actual
'

test_expect_success 'benchwindow: the slice pattern and paths of the commits header escaped' '
	cd repo &&
	git benchwindow --file ../clean.json --slice "$(printf "cute\033\a")" \
		--path "$(printf "helion/\033]0;x\a")" --path "$(printf "a\342\200\256b")" b200_cute 2026-09-08 >../out &&
	no_raw_controls ../out &&
	! grep -q "$(printf "\342\200\256")" ../out &&
	grep "^first-parent commits in" ../out | sed "s/[0-9a-f]\{8\}\.\.[0-9a-f]\{8\}/A..B/" >../actual &&
	echo "first-parent commits in A..B, newest first (* = slice cute\\e\\a or paths helion/\\e]0;x\\a, a\\u202eb):" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'a kernel that leaves the list is named escaped, in the report and the scan' '
	python3 - clean.json gone.json <<-\PY &&
	import copy, json, sys
	d = json.load(open(sys.argv[1]))
	row = next(r for r in d["summary"] if r["platform_short"] == "b200_cute")
	gone = copy.deepcopy(row)
	gone["kernel"] = "gone\x1b[31mk"
	gone["history"] = [e for e in gone["history"] if e["date"] < "2026-09-08"]
	d["summary"].append(gone)
	json.dump(d, open(sys.argv[2], "w"))
	PY
	(cd repo && git benchwindow --file ../gone.json b200_cute 2026-09-08 >../out) &&
	no_raw_controls out &&
	grep "^kernel list changed" out >actual &&
	grep -F "1 kernel left the list: gone\e[31mk;" actual &&
	(cd repo && test_expect_code 1 git benchwindow --scan --file ../gone.json --since 2026-09-01 b200_cute >../out) &&
	no_raw_controls out &&
	grep -F "kernel list; gone gone\e[31mk" out
'

test_expect_success 'benchwindow --json keeps the real characters, JSON-escaped' '
	cd repo &&
	git benchwindow --file ../dash.json --json b200_cute 2026-09-08 >../out.json &&
	cd .. &&
	no_raw_controls out.json &&
	jq -r ".commits[].subject | select(startswith(\"Share\"))" out.json >actual &&
	printf "Share \033[31mlayout\033[0m helpers\a\r between backends (#2874)\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--list-platforms and --list-kernels escape names' '
	cd repo &&
	git benchwindow --file ../dash.json --list-platforms >../platforms &&
	git benchwindow --file ../dash.json --list-kernels b200 >../kernels &&
	cd .. &&
	cat >expect <<-\EOF &&
	b200
	b200_cute
	h100\e[8m
	EOF
	test_cmp expect platforms &&
	echo "mat\\e[2Jmul\\r" >expect &&
	test_cmp expect kernels
'

test_expect_success 'error messages escape the names they list' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --kernel nope b200 2026-09-08 2>../err &&
	test_expect_code 128 git benchwindow --file ../dash.json "b300$(printf "\r")" 2026-09-08 2>../err2 &&
	cd .. &&
	cat >expect <<-\EOF &&
	fatal: unknown kernel '"'"'nope'"'"' on platform '"'"'b200'"'"'; valid kernels: '"'"'mat\e[2Jmul\r'"'"'
	EOF
	test_cmp expect err &&
	cat >expect <<-\EOF &&
	fatal: unknown platform '"'"'b300\r'"'"'; valid platforms: '"'"'b200_cute'"'"', '"'"'b200'"'"', '"'"'h100\e[8m'"'"'
	hint: did you mean '"'"'b200'"'"'?
	EOF
	test_cmp expect err2
'

test_expect_success 'benchbisect: candidates escaped' '
	report_lines benchbisect &&
	cat >expect <<-\EOF &&
	last good: SHA (run 30000006\e]0;pwned\a, 2026-09-07T08:20:00Z)
	  SHA slice-path  Share \e[31mlayout\e[0m helpers\a\r between backends (#2874)
	EOF
	test_cmp expect actual
'

# The line under the culprit names the kernel that placed the step's
# night: a kernel name from the dashboard, escaped like every other.
test_expect_success 'benchbisect: the kernel that placed the culprit'\''s night is named escaped' '
	bb_repo onek window_regression &&
	(cd onek && bb_dashboard --event regress:b200_cute:2026-09-10:0.95:softmax) >onek-clean.json &&
	python3 - onek-clean.json onek.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if row["kernel"] == "softmax":
	        row["kernel"] = "soft\x1b[2Jmax\r"
	json.dump(d, open(sys.argv[2], "w"))
	PY
	(cd onek && git benchbisect --file ../onek.json b200_cute 2026-09-10 >../out 2>/dev/null) &&
	no_raw_controls out &&
	sed -n "/^culprit: /{n;p}" out >actual &&
	cat >expect <<-\EOF &&
	  the window'\''s only commit in the slice, and the step'\''s night is sure: soft\e[2Jmax\r stepped there on its own, 11.3x its one-night noise
	EOF
	test_cmp expect actual
'

test_expect_success 'benchbisect run: steps and the first bad commit escaped' '
	cd repo &&
	cat >../bench <<-\EOF &&
	#!/bin/sh
	test ! -f helion/_compiler/cute/layout.py
	EOF
	chmod +x ../bench &&
	good=$(nightly_sha 2026-09-07) &&
	bad=$(nightly_sha 2026-09-08) &&
	git benchbisect run --good $good --bad $bad -- "$TRASH/bench" >../out 2>../err &&
	cd .. &&
	no_raw_controls out &&
	no_raw_controls err &&
	sed -n "s/^first bad commit: [0-9a-f]* //p" out >actual &&
	echo "Share \\e[31mlayout\\e[0m helpers\\a\\r between backends (#2874)" >expect &&
	test_cmp expect actual &&
	grep -F "Share \\e[31mlayout\\e[0m helpers\\a\\r between backends (#2874)" err
'

test_expect_success 'a newline in a name cannot forge a message line' '
	python3 - clean.json nl.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if row["platform_short"] == "b200":
	        row["platform_short"] = "b200\nfatal: forged"
	json.dump(d, open(sys.argv[2], "w"))
	PY
	cd repo &&
	test_expect_code 128 git benchwindow --file ../nl.json h200 2026-09-08 2>../err &&
	test_expect_code 128 git benchwindow --file ../nl.json "$(printf "x\nfatal: typed")" 2026-09-08 2>../err2 &&
	cd .. &&
	test $(wc -l <err) = 1 &&
	test $(wc -l <err2) = 1 &&
	grep -F "; valid platforms: '"'"'b200_cute'"'"', '"'"'b200\\nfatal: forged'"'"'" err &&
	grep -F "fatal: unknown platform '"'"'x\\nfatal: typed'"'"'" err2
'

# no_raw_bidi <file>: no bidirectional control in it (U+061C, U+200E,
# U+200F, U+202A..U+202E, U+2066..U+2069), as UTF-8.
no_raw_bidi() {
	! LC_ALL=C grep -q "$(printf '\330\234\\|\342\200[\216\217\252-\256]\\|\342\201[\246-\251]')" "$1"
}

test_expect_success 'bidirectional controls are escaped in reports, lists, messages, Markdown and SVG' '
	python3 - clean.json bidi.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if row["platform_short"] == "b200_cute":
	        row["kernel"] = row["kernel"] + "\u202etxt.exe"
	        for e in row["history"]:
	            if e["run_id"] == "30000006":
	                e["run_id"] = "30000006\u2066x\u2069"
	    if row["platform_short"] == "b200":
	        row["platform_short"] = "b200\u200f\u061c"
	json.dump(d, open(sys.argv[2], "w"))
	PY
	printf "matmul\\342\\200\\256" >probe &&
	test_must_fail no_raw_bidi probe &&
	cd repo &&
	git benchwindow --file ../bidi.json b200_cute 2026-09-08 >../out.txt &&
	git benchwindow --file ../bidi.json --format=markdown --svg ../out.svg b200_cute 2026-09-08 >../out.md &&
	git benchbisect --file ../bidi.json b200_cute 2026-09-08 >../bisect.txt &&
	git benchbisect --file ../bidi.json --format=markdown b200_cute 2026-09-08 >../bisect.md &&
	git benchwindow --file ../bidi.json --list-platforms >../platforms &&
	git benchwindow --file ../bidi.json --list-kernels b200_cute >../kernels &&
	test_expect_code 128 git benchwindow --file ../bidi.json h200 2026-09-08 2>../err &&
	cd .. &&
	for f in out.txt out.svg out.md bisect.txt bisect.md platforms kernels err; do
		no_raw_bidi $f || { echo "raw bidi in $f"; return 1; }
	done &&
	grep -F "(run 30000006\\u2066x\\u2069, " out.txt &&
	grep -F "matmul\\u202etxt.exe" kernels &&
	grep -Fx "b200\\u200f\\u061c" platforms &&
	grep -F "'"'"'b200\\u200f\\u061c'"'"'" err &&
	grep -F "30000006$(printf "\\357\\277\\275")x$(printf "\\357\\277\\275")" out.md &&
	grep -F "<title>" out.svg
'

test_expect_success 'a sha that is not hex is cut at a whole character or escape, never inside one' '
	>actual &&
	for sha in "a\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9" "abcdef\u001b1234" "abcdefg\u001b1" "abcde\u0085"
	do
		python3 - clean.json sha.json "$sha" <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    for e in row["history"]:
	        if e["run_id"] == "30000006":
	            e["sha"] = json.loads("\"" + sys.argv[3] + "\"")
	            del e["full_sha"]
	json.dump(d, open(sys.argv[2], "w"))
	PY
		(cd repo && test_expect_code 1 git benchwindow --file ../sha.json b200_cute 2026-09-08 >../out 2>/dev/null) &&
		grep -e "^last good" -e "^  2026-09-07 " out >>actual || return 1
	done &&
	e=$(printf "\303\251") &&
	cat >expect <<-EOF &&
	  2026-09-07  a$e$e$e$e$e$e$e   1.500   1.210   1.050    0.0133   -0.4%       5
	last good: a$e$e$e$e$e$e$e (run 30000006, 2026-09-07T08:20:00Z), not a commit
	  2026-09-07  abcdef\\e   1.500   1.210   1.050    0.0133   -0.4%       5
	last good: abcdef\\e (run 30000006, 2026-09-07T08:20:00Z), not a commit
	  2026-09-07  abcdefg    1.500   1.210   1.050    0.0133   -0.4%       5
	last good: abcdefg (run 30000006, 2026-09-07T08:20:00Z), not a commit
	  2026-09-07  abcde      1.500   1.210   1.050    0.0133   -0.4%       5
	last good: abcde (run 30000006, 2026-09-07T08:20:00Z), not a commit
	EOF
	test_cmp expect actual
'

test_expect_success 'a NUL in any string field is refused, as in names, not cut' '
	for field in branch run_id sha date error full_sha; do
		python3 - clean.json nul.json $field <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	e = d["summary"][0]["history"][2]
	e[sys.argv[3]] = (e.get(sys.argv[3]) or "main") + "\u0000feature"
	json.dump(d, open(sys.argv[2], "w"))
	PY
		grep -F "\\u0000feature" nul.json &&
		(cd repo && test_expect_code 128 git benchwindow --file ../nul.json b200_cute 2026-09-08 >../out 2>../err) &&
		echo "fatal: '"'"'summary[0].history[2].$field'"'"' contains a NUL character in '"'"'../nul.json'"'"'" >expect &&
		test_cmp expect err || return 1
	done &&
	python3 - clean.json nul.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["generated_at"] = "2026-09-15\u0000T00:00:00Z"
	json.dump(d, open(sys.argv[2], "w"))
	PY
	(cd repo && test_expect_code 128 git benchwindow --file ../nul.json b200_cute 2026-09-08 2>../err) &&
	echo "fatal: '"'"'generated_at'"'"' contains a NUL character in '"'"'../nul.json'"'"'" >expect &&
	test_cmp expect err
'

test_expect_success 'a NUL in a baseline name of the Pretuned tab is refused' '
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" --pretuned <../spec) >pre.json &&
	python3 - pre.json nul.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	e = d["summary"][0]["history"][2]
	e["baselines"] = {"torch": {"geomean": 1.2}}
	json.dump(d, open(sys.argv[1], "w"))
	e["baselines"] = {"torch\u0000x": {"geomean": 1.2}}
	json.dump(d, open(sys.argv[2], "w"))
	PY
	(cd repo && git benchbisect --pretuned --file ../pre.json b200_cute 2026-09-08 >/dev/null) &&
	(cd repo && test_expect_code 128 git benchbisect --pretuned --file ../nul.json b200_cute 2026-09-08 2>../err) &&
	echo "fatal: '"'"'summary[0].history[2].baselines'"'"' contains a NUL character in '"'"'../nul.json'"'"'" >expect &&
	test_cmp expect err
'

# A baselines object is handed to cJSON whole, and cJSON takes numbers
# JSON does not (01.2, 1., 00): the page refuses the file, so must we.
test_expect_success 'a number in a baselines object that JSON does not spell is not valid JSON' '
	grep -F "\"baselines\": {\"torch\": {\"geomean\": 1.2}}" pre.json >/dev/null &&
	echo "fatal: '"'"'summary[0].history[2]'"'"' is not valid JSON in '"'"'../num.json'"'"'" >expect &&
	for n in 01.2 1. "1.2, \"n\": 00"
	do
		sed "s/\"baselines\": {\"torch\": {\"geomean\": 1.2}}/\"baselines\": {\"torch\": {\"geomean\": $n}}/" pre.json >num.json &&
		(cd repo && test_expect_code 128 git benchbisect --pretuned --file ../num.json b200_cute 2026-09-08 2>../err) &&
		test_cmp expect err || return 1
	done &&
	sed "s/\"baselines\": {\"torch\": {\"geomean\": 1.2}}/\"baselines\": {\"torch\": {\"geomean\": -1.2e+0, \"x\": [0, \"01.\", true]}}/" pre.json >num.json &&
	(cd repo && git benchbisect --pretuned --file ../num.json b200_cute 2026-09-08 >/dev/null)
'

# A JSON document is UTF-8 (RFC 8259): a subject that is not (a commit
# made under another encoding) reaches --json with U+FFFD for each byte
# that is not, and the document loads as strict UTF-8.
test_expect_success 'benchwindow --json: a subject that is not UTF-8 has U+FFFD, the document stays UTF-8' '
	cd repo &&
	git config i18n.commitEncoding ISO-8859-1 &&
	FILTER_BRANCH_SQUELCH_WARNING=1 git filter-branch -f --msg-filter \
		"LC_ALL=C sed \"s/^Share /Share \\xff\\xfe /\"" -- main >/dev/null 2>&1 &&
	share=$(git rev-list -1 --grep="^Share" main) &&
	git cat-file commit $share | od -c | grep -q "377 376" &&
	git benchwindow --file ../dash.json --json --good $share~1 --bad $share b200_cute 2026-09-08 >../latin.json &&
	cd .. &&
	python3 -c "import json, sys; d = json.load(open(sys.argv[1], encoding=\"utf-8\", errors=\"strict\")); \
print([c[\"subject\"] for c in d[\"commits\"] if c[\"subject\"].startswith(\"Share\")][0].encode(\"utf-8\").hex())" \
		latin.json >actual &&
	printf "Share \357\277\275\357\277\275 \033[31mlayout" | od -An -tx1 | tr -d " \n" >prefix &&
	grep -q "^$(cat prefix)" actual
'

test_done
