#!/bin/bash
# Files that change underneath, and a cache nobody else may write: a
# --file truncated while it is read is an error that says so, never a
# SIGBUS; a parsed file cut or rewritten while it is read is a miss; a
# parsed file not made by this user's runs (rewritten to pass the format's
# checksum, or another JSON's relabelled) is a miss, and the real step is
# shown; the cache directory must be ours (not a symlink, not another
# user's, writable by nobody else), XDG_CACHE_HOME must be absolute, and
# what interrupted writes left is removed.
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

test_expect_success 'a parsed file rewritten to pass the format'"'"'s checksum is a miss: the real step is shown' '
	cd repo &&
	rm -rf "$CACHE" &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >/dev/null &&
	f=$(parsed_of dash.json) &&
	cp "$f" ../genuine.parsed &&
	python3 "$TEST_DIR/lib/forge-parsed.py" flatten "$f" b200_cute 2026-09-08 0.88 &&
	! cmp -s "$f" ../genuine.parsed &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err &&
	test_cmp ../expect.step ../out &&
	test_cmp /dev/null ../err &&
	cmp "$f" ../genuine.parsed
'

test_expect_success 'a genuine parsed file of another JSON, relabelled, is a miss too' '
	cd repo &&
	git benchwindow --file ../flat.json b200_cute 2026-09-08 >../flat.out &&
	! cmp -s ../expect.step ../flat.out &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >/dev/null &&
	mine=$(parsed_of dash.json) &&
	theirs=$(parsed_of flat.json) &&
	test -n "$mine" && test -n "$theirs" &&
	python3 "$TEST_DIR/lib/forge-parsed.py" relabel "$mine" "$theirs" &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err &&
	test_cmp ../expect.step ../out &&
	test_cmp /dev/null ../err
'

test_expect_success 'the key the parsed files are sealed with is a file only its owner reads' '
	test -f "$CACHE/key" &&
	test "$(stat -c %a "$CACHE/key")" = 600 &&
	test "$(stat -c %s "$CACHE/key")" = 32 &&
	chmod 644 "$CACHE/key" &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err) &&
	test_cmp expect.step out &&
	echo "warning: not using the parsed cache: its key '"'"'$CACHE/key'"'"' is not a file only you can read" >expect &&
	test_cmp expect err &&
	chmod 600 "$CACHE/key"
'

test_expect_success 'a cache directory others may write to is not used, with a warning' '
	for mode in 777 775; do
		for d in "$CACHE" "$CACHE/files"; do
			chmod $mode "$d" &&
			(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err) &&
			test_cmp expect.step out &&
			echo "warning: not using the cache '"'"'$d'"'"': others may write to it (chmod go-w it)" >expect &&
			test_cmp expect err &&
			chmod 755 "$d" || return 1
		done || return 1
	done &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err) &&
	test_cmp /dev/null err
'

test_expect_success 'a symlinked cache directory is not used, with a warning' '
	mkdir elsewhere &&
	mv "$CACHE" moved &&
	ln -s "$TRASH/elsewhere" "$CACHE" &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err) &&
	test_cmp expect.step out &&
	echo "warning: not using the cache '"'"'$CACHE'"'"': it is a symbolic link" >expect &&
	test_cmp expect err &&
	test -z "$(ls -A elsewhere)" &&
	rm "$CACHE" &&
	mv moved "$CACHE"
'

if [ "$(id -u)" = 0 ]; then
test_expect_success 'a cache directory of another user is not used, with a warning' '
	chown 12345 "$CACHE" &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err) &&
	test_cmp expect.step out &&
	echo "warning: not using the cache '"'"'$CACHE'"'"': it belongs to another user (uid 12345)" >expect &&
	test_cmp expect err &&
	chown 0 "$CACHE"
'
else
	test_count=$((test_count + 1))
	echo "ok $test_count # skip a directory of another user needs root to make"
fi

test_expect_success 'a relative XDG_CACHE_HOME is ignored, as the XDG spec says' '
	cd repo &&
	XDG_CACHE_HOME=cache git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out 2>../err &&
	test_cmp ../expect.step ../out &&
	echo "warning: ignoring XDG_CACHE_HOME '"'"'cache'"'"': not an absolute path" >../expect &&
	test_cmp ../expect ../err &&
	test_must_fail test -e cache &&
	test -n "$(find "$HOME/.cache/benchtriage/files" -name "dash-*.parsed")"
'

test_expect_success 'the temporary files of interrupted writes are removed, and only those' '
	sh -c "exit 0" &
	dead=$! &&
	wait $dead &&
	f="$CACHE/files" &&
	: >"$f/a.parsed.tmp-$dead-Ab12Cd" &&
	: >"$f/b.parsed.tmp-$$-Ef34Gh" &&
	: >"$f/c.parsed.tmp-Ij56Kl" &&
	touch -d "3 hours ago" "$f/c.parsed.tmp-Ij56Kl" &&
	: >"$f/d.parsed.tmp-Mn78Op" &&
	: >"$CACHE/e.json.tmp-$dead-Qr90St" &&
	: >"$f/notes.tmp-txt" &&
	touch -d "3 hours ago" "$f/notes.tmp-txt" &&
	(cd repo && git benchwindow --file ../dash.json b200_cute 2026-09-08 >/dev/null) &&
	(cd "$CACHE" && find . -name "*tmp*" | sort) >actual &&
	cat >expect <<-EOF &&
	./files/b.parsed.tmp-$$-Ef34Gh
	./files/d.parsed.tmp-Mn78Op
	./files/notes.tmp-txt
	EOF
	test_cmp expect actual
'

test_done
