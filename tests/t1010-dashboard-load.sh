#!/bin/bash
# The dashboard loader: the boundary scanner cuts summary[] rows and
# history[] entries, cJSON parses what is used. Malformed input is an error
# with a JSON path or a byte offset, never a crash or a guess; a filtered
# load (one platform, names only) gives the same answers as a full one.
. "$(dirname "$0")/lib/test-lib.sh"

# A dashboard of two platforms, written literally so each byte is known.
entry() { # entry <run_id> <day> <helion>
	printf '{"run_id": "%s", "sha": "%s", "date": "2026-09-%sT08:20:00Z", "branch": "main", "is_nightly": true, "helion_speedup_geomean": %s}' \
		"$1" "$(printf '%08x' "$1")" "$2" "$3"
}
row() { # row <platform_short> <kernel>
	printf '{"kernel": "%s", "platform": "P %s", "platform_short": "%s", "history": [%s, %s]}' \
		"$2" "$1" "$1" "$(entry 1 02 1.5)" "$(entry 2 03 1.2)"
}
dash() { # dash <rows...>: a dashboard of the given row texts
	printf '{"generated_at": "2026-09-03T09:00:00Z", "summary": ['
	sep=
	for r in "$@"; do
		printf '%s%s' "$sep" "$r"
		sep=", "
	done
	printf ']}\n'
}

test_expect_success 'setup' '
	dash "$(row h100 matmul)" "$(row b200 softmax)" "$(row h100 softmax)" >good.json &&
	printf "b200\nh100\n" >expect.platforms &&
	git benchwindow --file good.json --list-platforms >actual &&
	test_cmp expect.platforms actual
'

test_expect_success 'kernels are listed from names only, sorted, each once' '
	git benchwindow --file good.json --list-kernels h100 >actual &&
	printf "matmul\nsoftmax\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an unknown platform of --list-kernels is fatal, the valid ones listed' '
	test_expect_code 128 git benchwindow --file good.json --list-kernels h10 >actual 2>err &&
	test_must_be_empty actual &&
	cat >expect <<-\EOF &&
	fatal: unknown platform '\''h10'\''; valid platforms: '\''h100'\'', '\''b200'\''
	hint: did you mean '\''h100'\''?
	EOF
	test_cmp expect err
'

test_expect_success 'bytes after the document are an error' '
	{ cat good.json && echo "{}"; } >trailing.json &&
	test_expect_code 128 git benchwindow --file trailing.json --list-platforms 2>err &&
	echo "fatal: '\''trailing.json'\'' is not valid JSON: unexpected data after the document (at byte $(wc -c <good.json))" >expect &&
	test_cmp expect err
'

test_expect_success 'a NUL in a platform name is an error, not a merged platform' '
	dash "$(row h100 matmul)" "$(row "h100\\u0000x" softmax)" >nul.json &&
	grep -F "h100\\u0000x" nul.json &&
	test_expect_code 128 git benchwindow --file nul.json --list-platforms 2>err &&
	echo "fatal: '\''summary[1].platform_short'\'' contains a NUL character in '\''nul.json'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'an escaped quote or backslash does not end a string' '
	dash "$(row h100 matmul)" "$(row "a\\\"]}b\\\\" softmax)" >esc.json &&
	git benchwindow --file esc.json --list-platforms >actual &&
	printf "%s\n" "a\"]}b\\" h100 >expect &&
	test_cmp expect actual
'

test_expect_success 'a key spelt with escapes is the same key, as cJSON reads it' '
	dash "$(row h100 matmul | sed "s/\"platform_short\"/\"platform_\\\\u0073hort\"/")" >key.json &&
	grep -F "platform_\\u0073hort" key.json &&
	git benchwindow --file key.json --list-platforms >actual &&
	echo h100 >expect &&
	test_cmp expect actual
'

test_expect_success 'malformed structure anywhere is an error with its byte offset' '
	dash "$(row h100 matmul)" "$(row b200 softmax | sed "s/}]}$/]]}/")" >mismatch.json &&
	test_expect_code 128 git benchwindow --file mismatch.json --list-platforms 2>err &&
	grep "^fatal: '\''mismatch.json'\'' is not valid JSON (at byte [0-9]*)$" err &&
	printf "{\"summary\": [\"unterminated]}" >unterminated.json &&
	test_expect_code 128 git benchwindow --file unterminated.json --list-platforms 2>err &&
	echo "fatal: '\''unterminated.json'\'' is not valid JSON (at byte 13)" >expect &&
	test_cmp expect err &&
	python3 -c "print(\"{\\\"summary\\\": [\" + \"[\" * 5000 + \"]\" * 5000 + \"]}\")" >deep.json &&
	test_expect_code 128 git benchwindow --file deep.json --list-platforms 2>err &&
	grep "^fatal: '\''deep.json'\'' is not valid JSON (at byte [0-9]*)$" err
'

test_expect_success 'an entry that is not valid JSON is named by its path' '
	dash "$(row h100 matmul | sed "s/1.5}/1.5x}/")" >badnum.json &&
	git init -q repo &&
	test_expect_code 128 git -C repo benchwindow --file ../badnum.json h100 2026-09-03 2>err &&
	echo "fatal: '\''summary[0].history[0]'\'' is not valid JSON in '\''../badnum.json'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'a number as JSON does not spell it is not valid JSON, though cJSON reads it' '
	for n in 01.5 1. 00
	do
		dash "$(row h100 matmul | sed "s/1.5}/$n}/")" >num.json &&
		test_expect_code 128 git -C repo benchwindow --file ../num.json h100 2026-09-03 2>err &&
		echo "fatal: '\''summary[0].history[0]'\'' is not valid JSON in '\''../num.json'\''" >expect &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'a top level that is not an object, not JSON, or nothing' '
	echo "[1, 2]" >array.json &&
	test_expect_code 128 git benchwindow --file array.json --list-platforms 2>err &&
	echo "fatal: '\''array.json'\'' is not a dashboard: the top level is not an object" >expect &&
	test_cmp expect err &&
	echo "nonsense" >text.json &&
	test_expect_code 128 git benchwindow --file text.json --list-platforms 2>err &&
	echo "fatal: '\''text.json'\'' is not valid JSON (at byte 0)" >expect &&
	test_cmp expect err &&
	printf " \\n\\n" >blank.json &&
	test_expect_code 128 git benchwindow --file blank.json --list-platforms 2>err &&
	echo "fatal: '\''blank.json'\'' is empty" >expect &&
	test_cmp expect err
'

test_expect_success 'of equal keys the last counts, as the dashboard page reads them' '
	dash "$(row h100 matmul)" | sed "s/^{/{\"summary\": [], /" >twice.json &&
	git benchwindow --file twice.json --list-platforms >actual &&
	echo h100 >expect &&
	test_cmp expect actual &&
	dash "$(row h100 matmul | sed "s/\"helion_speedup_geomean\": 1.5/&, \"helion_speedup_geomean\": 9.0/")" >metric.json &&
	test_expect_code 1 git -C repo benchwindow --file ../metric.json h100 2026-09-03 >out 2>/dev/null &&
	grep "^. 2026-09-0[23] " out >actual &&
	cat >expect <<-\EOF &&
	  2026-09-02  00000001   9.000       -       -         -               1
	> 2026-09-03  00000002   1.200       -       -         -  -86.7%       1
	EOF
	test_cmp expect actual
'

# A history, a summary or a row's name that a later one replaces is no
# part of the dashboard, as the page reads it: a fault of its values (an
# entry with no date, a negative speedup, a name that is a number) ended
# the load, and a --scan too.
test_expect_success 'a replaced history, summary or name: its faults do not count, as the page reads it' '
	bad="{\"run_id\": \"9\", \"helion_speedup_geomean\": -1}" &&
	badrow() { row "$@" | sed "s/\"history\": \[/\"history\": [$bad], &/"; } &&
	cp good.json replaced.json &&
	dash "$(badrow h100 matmul)" "$(badrow b200 softmax)" "$(row h100 softmax)" >hist.json &&
	dash "$(badrow h100 matmul)" | sed "s/}\$/, \"summary\": [$(row h100 matmul), $(row b200 softmax), $(row h100 softmax)]}/" >sum.json &&
	dash "$(row h100 matmul | sed "s/\"kernel\": \"matmul\"/\"kernel\": 5/; s/]}\$/], \"kernel\": \"matmul\"}/")" \
		"$(row b200 softmax)" "$(row h100 softmax)" >name.json &&
	for args in "h100 2026-09-03" "--scan"
	do
		for cmd in benchwindow benchbisect
		do
			{ git -C repo $cmd --file ../replaced.json $args; echo "exit $?"; } >expect 2>&1 &&
			for f in hist sum name
			do
				{ git -C repo $cmd --file ../$f.json $args; echo "exit $?"; } >actual 2>&1 &&
				test_cmp expect actual || return 1
			done
		done
	done &&
	dash "$(row h100 matmul | sed "s/]}\$/], \"history\": [$bad]}/")" >last.json &&
	test_expect_code 128 git -C repo benchwindow --file ../last.json h100 2026-09-03 2>err &&
	echo "fatal: '\''summary[0].history[0].sha'\'' is missing in '\''../last.json'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'an unknown platform on a 150,000-row dashboard is answered at once' '
	python3 - <<-\EOF >big.json &&
	import json
	rows = [{"kernel": "k%d" % i, "platform_short": "p%d" % (i % 3), "history": []} for i in range(150000)]
	print(json.dumps({"summary": rows}))
	EOF
	test_expect_code 128 timeout 60 git -C repo benchwindow --file ../big.json nowhere 2026-09-03 2>err &&
	echo "fatal: unknown platform '\''nowhere'\''; valid platforms: '\''p0'\'', '\''p1'\'', '\''p2'\''" >expect &&
	test_cmp expect err
'

# parsed_files: the parsed cache files of good.json.
parsed_files() {
	find "$XDG_CACHE_HOME/benchtriage/files" -name "good-*.parsed" 2>/dev/null | sort
}

test_expect_success 'a load leaves a parsed file per filter, and the next load reads it' '
	test_expect_code 1 git -C repo benchwindow --file ../good.json h100 2026-09-03 >expect.window 2>&1 &&
	git benchwindow --file good.json --list-platforms >/dev/null &&
	test "$(parsed_files | wc -l)" = 2 &&
	test_expect_code 1 git -C repo benchwindow --file ../good.json h100 2026-09-03 >actual 2>&1 &&
	test_cmp expect.window actual &&
	git benchwindow --file good.json --list-platforms >actual &&
	test_cmp expect.platforms actual
'

test_expect_success 'a damaged parsed file is never trusted, never an error, and is rebuilt' '
	for f in $(parsed_files); do
		cp "$f" "$f.saved" &&
		sed -i "s/h100/h999/g" "$f" &&
		! cmp -s "$f" "$f.saved" || return 1
	done &&
	test_expect_code 1 git -C repo benchwindow --file ../good.json h100 2026-09-03 >actual 2>&1 &&
	test_cmp expect.window actual &&
	git benchwindow --file good.json --list-platforms >actual 2>err &&
	test_cmp expect.platforms actual &&
	test_cmp /dev/null err &&
	for f in $(parsed_files); do
		cmp "$f" "$f.saved" && rm "$f.saved" || return 1
	done &&
	for f in $(parsed_files); do
		head -c 100 "$f" >"$f.cut" && mv "$f.cut" "$f" || return 1
	done &&
	git benchwindow --file good.json --list-platforms >actual 2>err &&
	test_cmp expect.platforms actual &&
	test_cmp /dev/null err
'

test_expect_success 'a changed dashboard of the same size is parsed afresh' '
	sed "s/\"h100\"/\"h200\"/g" good.json >same-size.json &&
	test_cmp_size() { test "$(wc -c <"$1")" = "$(wc -c <"$2")"; } &&
	test_cmp_size good.json same-size.json &&
	cp good.json moving.json &&
	git benchwindow --file moving.json --list-platforms >actual &&
	test_cmp expect.platforms actual &&
	cat same-size.json >moving.json &&
	git benchwindow --file moving.json --list-platforms >actual &&
	printf "b200\nh200\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a touched dashboard with the same bytes keeps its parsed file' '
	git benchwindow --file good.json --list-platforms >/dev/null &&
	touch -d "2030-01-01 00:00:00" good.json &&
	git benchwindow --file good.json --list-platforms >actual &&
	test_cmp expect.platforms actual
'

test_expect_success 'a parsed file of several chunks reads back whole, and a damaged chunk is caught' '
	python3 - <<-\EOF >many.json &&
	import json, datetime
	start = datetime.datetime(2026, 1, 1, 8, 20)
	rows = []
	for p in range(8):
	    for k in range(10):
	        hist = []
	        for n in range(400):
	            day = start + datetime.timedelta(days=n)
	            speed = 1.5 + 0.001 * ((n * 7 + k) % 5) - (0.3 if p == 0 and n >= 380 else 0)
	            hist.append({"run_id": str(7000 + n), "sha": "%08x" % (n + 1),
	                         "date": day.strftime("%Y-%m-%dT%H:%M:%SZ"), "branch": "main",
	                         "is_nightly": True, "helion_speedup_geomean": round(speed, 4)})
	        rows.append({"kernel": "k%d" % k, "platform_short": "p%d" % p, "history": hist})
	print(json.dumps({"summary": rows}))
	EOF
	test_expect_code 1 git benchwindow --file many.json --json --scan >expect.scan &&
	f=$(find "$XDG_CACHE_HOME/benchtriage/files" -name "many-*.parsed") &&
	test "$(wc -c <"$f")" -gt 1048576 &&
	test_expect_code 1 git benchwindow --file many.json --json --scan >actual &&
	test_cmp expect.scan actual &&
	cp "$f" saved.parsed &&
	printf "\377" | dd of="$f" bs=1 seek=1200000 conv=notrunc 2>/dev/null &&
	! cmp -s "$f" saved.parsed &&
	test_expect_code 1 git benchwindow --file many.json --json --scan >actual 2>err &&
	test_cmp expect.scan actual &&
	test_cmp /dev/null err &&
	cmp "$f" saved.parsed
'

test_done
