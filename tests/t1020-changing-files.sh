#!/bin/bash
# Files that change underneath: a --file truncated while it is read is an
# error that says so, never a SIGBUS; a parsed file cut or rewritten while
# it is read is a miss.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

CACHE=$XDG_CACHE_HOME/benchtriage

# shimmed <cmd...>: run cmd with tests/lib/truncate-shim.c preloaded (the
# sanitizer runtime then does not come first, which is fine here).
shimmed() {
	LD_PRELOAD="$TRASH/shim.so" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@"
}

# parsed_of <json>: the parsed files of a --file, one a line.
parsed_of() {
	find "$CACHE/files" -name "$(basename "${1%.json}")-*.parsed" | sort
}

test_expect_success 'setup: a repository, its dashboard (-12% on 2026-09-08) and a flat one' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json &&
	python3 - dash.json flat.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for row in d["summary"]:
	    if row["platform_short"] == "b200_cute":
	        for e in row["history"]:
	            if e["date"] >= "2026-09-08":
	                e["helion_speedup_geomean"] = round(e["helion_speedup_geomean"] / 0.88, 4)
	json.dump(d, open(sys.argv[2], "w"), indent=1)
	PY
	cc -shared -fPIC -o shim.so "$TEST_DIR/lib/truncate-shim.c" -ldl &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../expect.step) &&
	grep "^step: 2026-09-07 -> 2026-09-08, helion 1.503 -> 1.323 (-12.0%" expect.step &&
	rm -rf "$CACHE"
'

test_expect_success 'a --file truncated while it is read: an error that says so, never SIGBUS' '
	cd repo &&
	echo "fatal: '"'"'../moving.json'"'"' changed while it was read: read it again once it is written whole" >../expect &&
	for cmd in "benchwindow --file ../moving.json b200_cute 2026-09-08" \
		   "benchbisect --file ../moving.json b200_cute 2026-09-08" \
		   "benchwindow --scan --file ../moving.json"; do
		cp ../dash.json ../moving.json &&
		test_expect_code 128 shimmed env BT_SHIM_TRUNCATE="$(realpath ../moving.json):3000" \
			git $cmd >../out 2>../err &&
		test_cmp ../expect ../err &&
		test_cmp /dev/null ../out &&
		test $(wc -c <../moving.json) = 3000 || return 1
	done &&
	test -z "$(parsed_of moving.json)"
'

test_expect_success 'a parsed file cut while it is read: a miss, the same answer, no signal' '
	cd repo &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out &&
	test_cmp ../expect.step ../out &&
	f=$(parsed_of dash.json) &&
	test -n "$f" &&
	shimmed env BT_SHIM_TRUNCATE="$f:200" git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err &&
	test_cmp ../expect.step ../out &&
	test_cmp /dev/null ../err &&
	test $(wc -c <"$f") -gt 200
'

test_expect_success 'a --file rewritten over and over while it is loaded: an answer or an error, never a signal' '
	cd repo &&
	cp ../dash.json ../busy.json &&
	( for i in $(seq 1 400); do
		cp ../flat.json ../busy.json && cp ../dash.json ../busy.json || exit 1
	  done ) &
	writer=$! &&
	for i in $(seq 1 12); do
		git benchwindow --file ../busy.json b200_cute 2026-09-08 >/dev/null 2>../err.$i ;
		code=$? &&
		case $code in
		0 | 128) ;;
		*) echo "exit $code"; cat ../err.$i; kill $writer; return 1 ;;
		esac || return 1
	done &&
	wait $writer
'

test_done
