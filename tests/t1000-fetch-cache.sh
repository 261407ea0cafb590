#!/bin/bash
# The dashboard source layer through `git benchwindow`: download, on-disk
# cache, revalidation (ETag and Last-Modified), retries, fallback to the
# cached copy with its age, and that a bad download never touches a good
# cached copy. The server is tests/lib/httpd.py; its request log tells
# what the client sent.

. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/cached-copy.sh"

# A proxy from the environment would take the requests for 127.0.0.1 elsewhere.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

WWW=$TRASH/www
mkdir -p "$WWW/sub"
start_httpd "$WWW"
U=$HTTPD_URL
PORT=${U##*:}
STAMP='2026-09-06 09:00:00 UTC'
STAMP_HTTP='Sun, 06 Sep 2026 09:00:00 GMT'

bw() {
	git -C "$TRASH/repo" benchwindow "$@" h100 2026-09-05
}

# bw_ok <options>: the command prints the reference output and nothing on stderr.
bw_ok() {
	bw "$@" >out 2>err &&
	test_cmp "$TRASH/expect.out" out &&
	test_cmp /dev/null err
}

# serve <name> [<extra>]: put the pristine dashboard (plus an optional
# trailing line, which changes its ETag) at /<name> with a fixed mtime.
serve() {
	cp "$TRASH/dash.json" "$WWW/$1" &&
	{ [ -z "${2:-}" ] || echo "$2" >>"$WWW/$1"; } &&
	touch -d "$STAMP" "$WWW/$1"
}

# cache_of <url path>: the cached body of $U/<url path>.
cache_of() {
	set -- "$XDG_CACHE_HOME"/benchtriage/127.0.0.1_${PORT}_$(echo "${1%.json}" | tr / _)-*.json
	[ $# = 1 ] && [ -f "$1" ] || { echo "cache_of: no single match: $*" >&2; return 1; }
	echo "$1"
}

etag_of() {
	printf '"%s"' "$(sha1sum <"$WWW/$1" | cut -c1-16)"
}

# age_cache <url path> <seconds>: pretend the copy was fetched that long ago.
age_cache() {
	python3 - "$(cache_of "$1").meta" "$2" <<-'EOF'
	import json, sys, time
	path, age = sys.argv[1], int(sys.argv[2])
	with open(path) as f:
	    meta = json.load(f)
	meta["fetched_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - age))
	with open(path, "w") as f:
	    json.dump(meta, f)
	EOF
}

# cache_age <url path>: seconds since the copy was fetched, per its metadata.
cache_age() {
	python3 - "$(cache_of "$1").meta" <<-'EOF'
	import calendar, json, sys, time
	with open(sys.argv[1]) as f:
	    meta = json.load(f)
	print(int(time.time()) - calendar.timegm(time.strptime(meta["fetched_at"], "%Y-%m-%dT%H:%M:%SZ")))
	EOF
}

# log_mark, then requests: the requests since the mark, without the User-Agent.
log_mark() {
	wc -l <"$TRASH/httpd.log" >"$TRASH/log.mark"
}
requests() {
	tail -n +$(($(cat "$TRASH/log.mark") + 1)) "$TRASH/httpd.log" | cut -d'|' -f1-3 | sed 's/ *$//'
}

# bw_downloads_afresh: a run that sends no validators for x.json, gets a 200
# and caches what the server has.
bw_downloads_afresh() {
	log_mark &&
	bw_ok --url "$U/x.json" &&
	echo "GET /x.json -> 200 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	cmp "$WWW/x.json" "$(cache_of x)"
}

test_expect_success 'setup: a repository and its dashboard' '
	git init -q repo &&
	(
		cd repo &&
		for d in 01 02 03 04 05 06; do
			test_commit_at "2026-09-${d}T10:00:00Z" "[triton] Tune the matmul configs, day $d (#10$d)" ||
			exit 1
		done &&
		for d in 02 03 04 05 06; do
			sha=$(git rev-list -1 --before=2026-09-${d}T08:00:00Z main) &&
			echo "run 10$d 2026-09-${d}T08:20:00Z $sha" &&
			v=1.50 && if [ $d \> 04 ]; then v=1.20; fi &&
			echo "val h100 matmul 10$d $v 1.10 1.00 0.020" &&
			echo "val h100 softmax 10$d $v 1.10 1.00 0.020" || exit 1
		done >spec &&
		python3 "$SRC_DIR/tests/lib/gen-dashboard.py" <spec >"$TRASH/dash.json" &&
		python3 "$SRC_DIR/tests/lib/gen-dashboard.py" --pretuned <spec >"$TRASH/pretuned.json"
	) &&
	bw --file "$TRASH/dash.json" >expect.out &&
	grep "^first-parent commits in" expect.out &&
	serve x.json
'

test_expect_success 'a first download is cached with its validators' '
	log_mark &&
	bw_ok --url "$U/x.json" &&
	cmp "$WWW/x.json" "$(cache_of x)" &&
	echo "GET /x.json -> 200 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	grep "User-Agent: benchtriage/" "$TRASH/httpd.log" &&
	python3 -c "import json, sys; m = json.load(open(sys.argv[1])); print(m[\"url\"], m[\"etag\"], m[\"last_modified\"])" \
		"$(cache_of x).meta" >actual &&
	echo "$U/x.json $(etag_of x.json) $STAMP_HTTP" >expect &&
	test_cmp expect actual
'

test_expect_success 'the next run sends If-None-Match, gets 304 and refreshes the fetch time' '
	age_cache x 10800 &&
	cp "$(cache_of x)" saved.json &&
	log_mark &&
	bw_ok --url "$U/x.json" &&
	echo "GET /x.json -> 304 | If-None-Match: $(etag_of x.json) | If-Modified-Since: $STAMP_HTTP" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	cmp saved.json "$(cache_of x)" &&
	test "$(cache_age x)" -lt 60
'

test_expect_success 'a Last-Modified without ETag revalidates with If-Modified-Since' '
	serve lm.json &&
	log_mark &&
	bw --url "$U/lastmod/lm.json" >out &&
	bw --url "$U/lastmod/lm.json" >>out &&
	serve lm.json "" &&
	touch -d "2026-09-07 09:00:00 UTC" "$WWW/lm.json" &&
	bw --url "$U/lastmod/lm.json" >>out &&
	cat >expect <<-EOF &&
	GET /lastmod/lm.json -> 200 | If-None-Match: - | If-Modified-Since: -
	GET /lastmod/lm.json -> 304 | If-None-Match: - | If-Modified-Since: $STAMP_HTTP
	GET /lastmod/lm.json -> 200 | If-None-Match: - | If-Modified-Since: $STAMP_HTTP
	EOF
	requests >actual &&
	test_cmp expect actual &&
	cat expect.out expect.out expect.out >expect &&
	test_cmp expect out &&
	cmp "$WWW/lm.json" "$(cache_of lastmod/lm)"
'

test_expect_success 'HTTP 404 without a cached copy is an error naming the URL, not retried' '
	log_mark &&
	test_expect_code 128 bw --url "$U/missing.json" >out 2>err &&
	echo "fatal: cannot download '\''$U/missing.json'\'': HTTP 404" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	test_cmp expect err &&
	test_cmp /dev/null out &&
	echo "GET /missing.json -> 404 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	! ls "$XDG_CACHE_HOME"/benchtriage/*missing*
'

test_expect_success 'HTTP 404 with a cached copy uses it and says how old it is' '
	echo "status 404" >"$WWW/x.json.control" &&
	age_cache x 10800 &&
	cp "$(cache_of x)" saved.json &&
	cp "$(cache_of x).meta" saved.meta &&
	bw --url "$U/x.json" >out 2>err &&
	rm "$WWW/x.json.control" &&
	echo "warning: cannot download '\''$U/x.json'\'': HTTP 404; using the cached copy from 3 hours ago" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	echo "hint: --offline uses the cached copy without trying the network" >>expect &&
	test_cmp expect err &&
	test_cmp expect.out out &&
	cmp saved.json "$(cache_of x)" &&
	cmp saved.meta "$(cache_of x).meta"
'

test_expect_success 'HTTP 503 is retried twice, then the cached copy is used' '
	echo "status 503" >"$WWW/x.json.control" &&
	age_cache x 7200 &&
	cp "$(cache_of x).meta" saved.meta &&
	log_mark &&
	bw --url "$U/x.json" >out 2>err &&
	rm "$WWW/x.json.control" &&
	echo "warning: cannot download '\''$U/x.json'\'': HTTP 503 (3 attempts); using the cached copy from 2 hours ago" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	echo "hint: --offline uses the cached copy without trying the network" >>expect &&
	test_cmp expect err &&
	test_cmp expect.out out &&
	line="GET /x.json -> 503 | If-None-Match: $(etag_of x.json) | If-Modified-Since: $STAMP_HTTP" &&
	printf "%s\n" "$line" "$line" "$line" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	cmp saved.json "$(cache_of x)" &&
	cmp saved.meta "$(cache_of x).meta"
'

test_expect_success 'a server that recovers within the retries is used' '
	log_mark &&
	bw_ok --url "$U/flaky/2/x.json" &&
	cat >expect <<-EOF &&
	GET /flaky/2/x.json -> 503 | If-None-Match: - | If-Modified-Since: -
	GET /flaky/2/x.json -> 503 | If-None-Match: - | If-Modified-Since: -
	GET /flaky/2/x.json -> 200 | If-None-Match: - | If-Modified-Since: -
	EOF
	requests >actual &&
	test_cmp expect actual
'

test_expect_success 'a truncated body fails and leaves the cached copy byte-identical' '
	cp "$(cache_of x)" saved.json &&
	serve x.json " " &&
	echo truncate >"$WWW/x.json.control" &&
	age_cache x 10800 &&
	cp "$(cache_of x).meta" saved.meta &&
	size=$(wc -c <"$WWW/x.json") &&
	bw --url "$U/x.json" >out 2>err &&
	rm "$WWW/x.json.control" &&
	echo "warning: cannot download '\''$U/x.json'\'': the transfer was cut short after $((size / 2)) of $size bytes (3 attempts); using the cached copy from 3 hours ago" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	echo "hint: --offline uses the cached copy without trying the network" >>expect &&
	test_cmp expect err &&
	test_cmp expect.out out &&
	cmp saved.json "$(cache_of x)" &&
	cmp saved.meta "$(cache_of x).meta" &&
	! ls "$XDG_CACHE_HOME"/benchtriage/*.tmp-*
'

test_expect_success 'a truncated body without a cached copy is an error' '
	test_expect_code 128 bw --url "$U/truncate/x.json" 2>err &&
	size=$(wc -c <"$WWW/x.json") &&
	echo "fatal: cannot download '\''$U/truncate/x.json'\'': the transfer was cut short after $((size / 2)) of $size bytes (3 attempts)" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	test_cmp expect err &&
	! ls "$XDG_CACHE_HOME"/benchtriage/*truncate*
'

test_expect_success 'a server slower than --timeout is given up on at one deadline, retries included' '
	echo "slow 30" >"$WWW/x.json.control" &&
	age_cache x 10800 &&
	start=$(date +%s) &&
	bw --url "$U/x.json" --timeout 2 >out 2>err &&
	end=$(date +%s) &&
	rm "$WWW/x.json.control" &&
	echo "warning: cannot download '\''$U/x.json'\'': timed out after 2 seconds; using the cached copy from 3 hours ago" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	echo "hint: --offline uses the cached copy without trying the network" >>expect &&
	test_cmp expect err &&
	test_cmp expect.out out &&
	test $((end - start)) -lt 4 &&
	cmp saved.json "$(cache_of x)"
'

# What is wrong with the body is the reason of the one warning, never an
# error of its own: the command answered from the copy.
test_expect_success 'text, HTML, JSON of another shape, a dashboard without data or nothing never replaces the cached copy' '
	serve x.json &&
	bw_ok --url "$U/x.json" --refresh &&
	age_cache x 10800 &&
	cp "$(cache_of x)" saved.json &&
	cp "$(cache_of x).meta" saved.meta &&
	echo "not json" >text &&
	printf "<html><body>502 Bad Gateway</body></html>\n" >page &&
	echo "{\"rows\": []}" >other &&
	echo "{\"summary\": []}" >nodata &&
	: >empty &&
	for body in text page other nodata empty
	do
		cp $body "$WWW/x.json" &&
		bw --url "$U/x.json" >out 2>err &&
		case $body in
		other) echo "'\''$U/x.json'\'' is not a dashboard: '\''summary'\'' is missing" ;;
		nodata) echo "'\''$U/x.json'\'' is a dashboard without data (summary[] is empty)" ;;
		empty) echo "'\''$U/x.json'\'' is empty" ;;
		*) echo "'\''$U/x.json'\'' is not valid JSON (at byte 0)" ;;
		esac >why &&
		cat >expect <<-EOF &&
		warning: $(cat why); using the cached copy from 3 hours ago
		hint: check the URL given with --url, or read a dashboard file with --file <path>
		hint: --offline uses the cached copy without trying the network
		EOF
		test_cmp expect err &&
		test_cmp expect.out out &&
		cmp saved.json "$(cache_of x)" &&
		cmp saved.meta "$(cache_of x).meta" || return 1
	done
'

test_expect_success 'a body that is not a dashboard: -q says nothing, benchbisect the same warning' '
	printf "<html><body>502 Bad Gateway</body></html>\n" >"$WWW/x.json" &&
	bw -q --url "$U/x.json" >out 2>err &&
	test_cmp expect.out out &&
	test_cmp /dev/null err &&
	git -C repo benchbisect --url "$U/x.json" h100 2026-09-05 >out 2>err &&
	cat >expect <<-EOF &&
	warning: '\''$U/x.json'\'' is not valid JSON (at byte 0); using the cached copy from 3 hours ago
	hint: check the URL given with --url, or read a dashboard file with --file <path>
	hint: --offline uses the cached copy without trying the network
	EOF
	test_cmp expect err &&
	cmp saved.json "$(cache_of x)"
'

test_expect_success 'a failed download and a cached copy that does not parse either: a warning, then the error' '
	echo garbage >"$(cache_of x)" &&
	echo "status 404" >"$WWW/x.json.control" &&
	test_expect_code 128 bw --url "$U/x.json" >out 2>err &&
	rm "$WWW/x.json.control" &&
	cat >expect <<-EOF &&
	warning: cannot use the cached copy: '\''$(cache_of x)'\'' is not valid JSON (at byte 0)
	fatal: cannot download '\''$U/x.json'\'': HTTP 404
	hint: check the URL given with --url, or read a dashboard file with --file <path>
	EOF
	test_cmp expect err &&
	test_cmp /dev/null out &&
	cp saved.json "$(cache_of x)"
'

test_expect_success 'a body that is not a dashboard, without a cached copy: the error and its hints' '
	echo "{\"summary\": 1}" >"$WWW/nd.json" &&
	test_expect_code 128 bw --url "$U/nd.json" >out 2>err &&
	cat >expect <<-EOF &&
	fatal: '\''$U/nd.json'\'' is not a dashboard: '\''summary'\'' is not an array
	hint: check the URL given with --url, or read a dashboard file with --file <path>
	EOF
	test_cmp expect err &&
	test_cmp /dev/null out &&
	! ls "$XDG_CACHE_HOME"/benchtriage/*_nd-* &&
	printf "<html><body>Not here</body></html>\n" >"$WWW/page.html" &&
	test_expect_code 128 git -C repo -c bench.url="$U/page.html" benchwindow h100 2026-09-05 >out 2>err &&
	cat >expect <<-EOF &&
	fatal: '\''$U/page.html'\'' is not valid JSON (at byte 0)
	hint: the URL comes from the config bench.url: check it, or read a dashboard file with --file <path>
	hint: name another URL with --url <url>, or set it: git config bench.url <url>
	EOF
	test_cmp expect err &&
	test_cmp /dev/null out &&
	! ls "$XDG_CACHE_HOME"/benchtriage/*page*
'

test_expect_success '--offline uses the cached copy and no network' '
	log_mark &&
	bw_ok --url "$U/x.json" --offline &&
	requests >actual &&
	test_cmp /dev/null actual
'

test_expect_success '--offline without a cached copy says to drop --offline' '
	log_mark &&
	test_expect_code 128 bw --url "$U/never.json" --offline >out 2>err &&
	cat >expect <<-EOF &&
	fatal: no cached copy of '\''$U/never.json'\''
	hint: drop --offline to download it
	EOF
	test_cmp expect err &&
	requests >actual &&
	test_cmp /dev/null actual
'

test_expect_success '--refresh downloads without conditional headers' '
	serve x.json &&
	age_cache x 10800 &&
	log_mark &&
	bw_ok --url "$U/x.json" --refresh &&
	echo "GET /x.json -> 200 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	cmp "$WWW/x.json" "$(cache_of x)" &&
	test "$(cache_age x)" -lt 60
'

test_expect_success 'a damaged cached copy loses its validators and is downloaded afresh' '
	echo garbage >"$(cache_of x)" &&
	bw_downloads_afresh
'

test_expect_success 'a copy whose metadata is lost is kept, its validators are not' '
	rm "$(cache_of x).meta" &&
	bw_ok --url "$U/x.json" --offline &&
	log_mark &&
	bw_ok --url "$U/x.json" &&
	echo "GET /x.json -> 200 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	test -f "$(cache_of x).meta"
'

test_expect_success 'git -c bench.url picks the URL, --url wins over it' '
	serve cfg.json &&
	log_mark &&
	git -C repo -c bench.url="$U/cfg.json" benchwindow h100 2026-09-05 >out &&
	test_cmp expect.out out &&
	git -C repo -c bench.url="$U/nowhere.json" benchwindow --url "$U/cfg.json" h100 2026-09-05 >out &&
	test_cmp expect.out out &&
	cat >expect <<-EOF &&
	GET /cfg.json -> 200 | If-None-Match: - | If-Modified-Since: -
	GET /cfg.json -> 304 | If-None-Match: $(etag_of cfg.json) | If-Modified-Since: $STAMP_HTTP
	EOF
	requests >actual &&
	test_cmp expect actual
'

test_expect_success '--no-url: the built-in URLs, whatever bench.url and bench.pretunedUrl say' '
	test_expect_code 128 git -C repo -c bench.url="$U/cfg.json" benchwindow --no-url --offline h100 2026-09-05 2>err &&
	cat >expect <<-\EOF &&
	fatal: no cached copy of '\''https://helionlang.com/dashboard/dashboard-data.json'\''
	hint: drop --offline to download it
	EOF
	test_cmp expect err &&
	test_expect_code 128 git -C repo -c bench.url= -c bench.pretunedUrl="$U/cfg.json" benchbisect --url "$U/cfg.json" \
		--no-url --pretuned --offline h100 2026-09-05 2>err &&
	cat >expect <<-\EOF &&
	fatal: no cached copy of '\''https://helionlang.com/dashboard/pretuned-dashboard-data.json'\''
	hint: drop --offline to download it
	EOF
	test_cmp expect err
'

# BT_TEST_DEFAULT_URL_BASE (test-only) serves the built-in URLs from $U/builtin/.
# Without bench.url the hint names the key that sets the default; under
# --no-url that key is ignored, so the hint says so instead of naming it.
test_expect_success 'a failed download of the built-in URL: the key to set, unless --no-url ignores it' '
	mkdir -p "$WWW/builtin" &&
	test_expect_code 128 env BT_TEST_DEFAULT_URL_BASE="$U/builtin/" \
		git -C repo benchwindow h100 2026-09-05 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/builtin/dashboard-data.json'\'': HTTP 404
	hint: read a dashboard file with --file <path>, or name another URL with --url <url>
	hint: the default URL is the config bench.url: git config bench.url <url>
	EOF
	test_cmp expect err &&
	test_expect_code 128 env BT_TEST_DEFAULT_URL_BASE="$U/builtin/" \
		git -C repo -c bench.url="$U/x.json" benchwindow --no-url h100 2026-09-05 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/builtin/dashboard-data.json'\'': HTTP 404
	hint: read a dashboard file with --file <path>, or name another URL with --url <url>
	hint: --no-url uses the built-in URL even where bench.url is set
	EOF
	test_cmp expect err &&
	test_expect_code 128 env BT_TEST_DEFAULT_URL_BASE="$U/builtin/" \
		git -C repo -c bench.pretunedUrl="$U/x.json" benchbisect --no-url --pretuned h100 2026-09-05 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/builtin/pretuned-dashboard-data.json'\'': HTTP 404
	hint: read a dashboard file with --file <path>, or name another URL with --url <url>
	hint: --no-url uses the built-in URL even where bench.pretunedUrl is set
	EOF
	test_cmp expect err
'

test_expect_success '--no-url: a cached copy of the built-in URL used instead of a download, the same hints' '
	serve builtin/dashboard-data.json &&
	BT_TEST_DEFAULT_URL_BASE="$U/builtin/" bw_ok --no-url &&
	echo "status 500" >"$WWW/builtin/dashboard-data.json.control" &&
	BT_TEST_DEFAULT_URL_BASE="$U/builtin/" bw --no-url >out 2>err &&
	rm "$WWW/builtin/dashboard-data.json.control" &&
	test_cmp expect.out out &&
	cat >expect <<-EOF &&
	warning: cannot download '\''$U/builtin/dashboard-data.json'\'': HTTP 500 (3 attempts); using the cached copy from 0 seconds ago
	hint: read a dashboard file with --file <path>, or name another URL with --url <url>
	hint: --no-url uses the built-in URL even where bench.url is set
	hint: --offline uses the cached copy without trying the network
	EOF
	sed "s/from [0-9]* seconds* ago/from 0 seconds ago/" err >actual &&
	test_cmp expect actual
'

# The hints after a failed download follow where the URL came from: the
# config key that named it is the one to check, and --url is no default.
test_expect_success 'a failed download from the config names its key, whatever the failure' '
	test_expect_code 128 git -C repo -c bench.url="$U/nowhere.json" benchwindow h100 2026-09-05 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/nowhere.json'\'': HTTP 404
	hint: the URL comes from the config bench.url: check it, or read a dashboard file with --file <path>
	hint: name another URL with --url <url>, or set it: git config bench.url <url>
	EOF
	test_cmp expect err &&
	test_expect_code 128 git -C repo -c bench.pretunedurl="$U/truncate/x.json" benchwindow --pretuned h100 2026-09-05 2>err &&
	size=$(wc -c <"$WWW/x.json") &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/truncate/x.json'\'': the transfer was cut short after $((size / 2)) of $size bytes (3 attempts)
	hint: the URL comes from the config bench.pretunedUrl: check it, or read a dashboard file with --file <path>
	hint: name another URL with --url <url>, or set it: git config bench.pretunedUrl <url>
	EOF
	test_cmp expect err &&
	test_expect_code 128 git -C repo -c bench.url="$U/nowhere/x.json" benchwindow --pretuned h100 2026-09-05 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/nowhere/pretuned-dashboard-data.json'\'': HTTP 404
	hint: the URL is the Pretuned sibling of the config bench.url: check it, or read a dashboard file with --file <path>
	hint: name another URL with --url <url>, or set the Pretuned one alone: git config bench.pretunedUrl <url>
	EOF
	test_cmp expect err
'

test_expect_success 'a cached copy used instead of a download from the config: the hints name its key' '
	echo "status 500" >"$WWW/cfg.json.control" &&
	git -C repo -c bench.url="$U/cfg.json" benchwindow h100 2026-09-05 >out 2>err &&
	rm "$WWW/cfg.json.control" &&
	test_cmp expect.out out &&
	cached_copy_used "$U/cfg.json" "HTTP 500 (3 attempts)"
'

test_expect_success '--pretuned with only bench.url fetches its pretuned sibling' '
	cp "$TRASH/pretuned.json" "$WWW/sub/pretuned-dashboard-data.json" &&
	log_mark &&
	git -C repo -c bench.url="$U/sub/dashboard-data.json" benchwindow --pretuned h100 2026-09-05 >out &&
	echo "GET /sub/pretuned-dashboard-data.json -> 200 | If-None-Match: - | If-Modified-Since: -" >expect &&
	requests >actual &&
	test_cmp expect actual &&
	bw --pretuned --file "$TRASH/pretuned.json" >expect &&
	test_cmp expect out
'

test_expect_success 'a gzip-encoded response is decoded and cached decoded' '
	log_mark &&
	bw_ok --url "$U/gzip/x.json" &&
	grep "^GET /gzip/x.json -> 200 .*| Content-Encoding: gzip |" "$TRASH/httpd.log" &&
	cmp "$WWW/x.json" "$(cache_of gzip/x)"
'

test_expect_success 'a download shows its progress on a terminal, a revalidation does not' '
	serve tty.json &&
	cmd="git -C repo benchwindow --url $U/tty.json h100 2026-09-05 >/dev/null" &&
	script -qec "$cmd" /dev/null >tty.out &&
	tr "\r" "\n" <tty.out >progress &&
	grep -x "downloading '\''$U/tty.json'\'': 100% ([0-9.]* KiB of [0-9.]* KiB), done." progress &&
	script -qec "$cmd" /dev/null >tty.out &&
	! grep downloading tty.out
'

test_expect_success 'redirects are followed, but never to another protocol' '
	log_mark &&
	bw --url "$U/redirect/x.json" >out &&
	test_cmp expect.out out &&
	cat >expect <<-EOF &&
	GET /redirect/x.json -> 302 | If-None-Match: - | If-Modified-Since: -
	GET /x.json -> 200 | If-None-Match: - | If-Modified-Since: -
	EOF
	requests >actual &&
	test_cmp expect actual &&
	test_expect_code 128 bw --url "$U/redirect-file/x.json" 2>err &&
	echo "fatal: cannot download '\''$U/redirect-file/x.json'\'': redirected to '\''file:///etc/hostname'\'', which is not http or https" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	test_cmp expect err
'

test_expect_success 'only http and https URLs are accepted' '
	test_expect_code 128 bw --url "file://$WWW/x.json" 2>err &&
	echo "fatal: cannot download '\''file://$WWW/x.json'\'': only http and https URLs are supported" >expect &&
	test_cmp expect err
'

test_expect_success 'a refused connection without a cached copy is an error' '
	closed=$(python3 -c "import socket; s = socket.socket(); s.bind((\"127.0.0.1\", 0)); print(s.getsockname()[1])") &&
	test_expect_code 128 bw --url "http://127.0.0.1:$closed/x.json" 2>err &&
	echo "fatal: cannot download '\''http://127.0.0.1:$closed/x.json'\'': cannot connect: Connection refused (3 attempts)" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	test_cmp expect err
'

test_expect_success '--file reads a path or stdin, and names a path it cannot read' '
	bw --file - <dash.json >out &&
	test_cmp expect.out out &&
	test_expect_code 128 bw --file nothere.json 2>err &&
	echo "fatal: cannot read '\''nothere.json'\'': No such file or directory" >expect &&
	test_cmp expect err
'

# meta_field <url path> <key>: one field of the cached copy's metadata ("None" for null).
meta_field() {
	python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$(cache_of "$1").meta" "$2"
}

test_expect_success 'an ETag over 1 KiB is ignored, so later requests are not refused' '
	serve big.json &&
	log_mark &&
	bw_ok --url "$U/bigetag/big.json" &&
	echo None >expect &&
	meta_field bigetag/big etag >actual &&
	test_cmp expect actual &&
	bw_ok --url "$U/bigetag/big.json" &&
	cat >expect <<-EOF &&
	GET /bigetag/big.json -> 200 | If-None-Match: - | If-Modified-Since: -
	GET /bigetag/big.json -> 304 | If-None-Match: - | If-Modified-Since: $STAMP_HTTP
	EOF
	requests >actual &&
	test_cmp expect actual
'

# A mirror or a CDN node behind the others can answer with yesterday's
# file after today's: caching it would lose the nightlies in between.
test_expect_success 'a download older than the cached copy does not replace it' '
	serve stale.json &&
	bw_ok --url "$U/stale.json" &&
	test "$(meta_field stale generated_at)" = "$(jq -r .generated_at "$WWW/stale.json")" &&
	cp "$(cache_of stale)" saved.json &&
	python3 - "$WWW/stale.json" <<-\EOF &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["generated_at"] = "2026-09-05T08:20:00Z"
	for row in d["summary"]:
	    row["history"] = [e for e in row["history"] if e["date"] < "2026-09-06"]
	json.dump(d, open(sys.argv[1], "w"))
	EOF
	bw --url "$U/stale.json" >out 2>err &&
	echo "warning: '\''$U/stale.json'\'' is older than the cached copy (generated at 2026-09-05T08:20:00Z, the copy at $(jq -r .generated_at saved.json)); using the cached copy" >expect &&
	test_cmp expect err &&
	test_cmp expect.out out &&
	cmp saved.json "$(cache_of stale)"
'

test_expect_success 'a download older than a cached copy that no longer parses replaces it, quietly' '
	echo garbage >"$(cache_of stale)" &&
	bw --file "$WWW/stale.json" >expect.stale &&
	bw --url "$U/stale.json" >out 2>err &&
	test_cmp expect.stale out &&
	test_cmp /dev/null err &&
	cmp "$WWW/stale.json" "$(cache_of stale)"
'

# A --scan keeps a dashboard one of whose rows a run of that platform
# cannot read; the 304 that vouches for it is followed by a download,
# whose error is the only one.
test_expect_success 'a revalidated copy a run cannot read: one error, from the download' '
	python3 - "$TRASH/dash.json" "$WWW/bad.json" <<-\EOF &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["summary"][0]["history"][0]["helion_speedup_geomean"] = -1
	json.dump(d, open(sys.argv[2], "w"))
	EOF
	touch -d "$STAMP" "$WWW/bad.json" &&
	test_expect_code 128 git -C repo benchwindow --scan --url "$U/bad.json" >out 2>err &&
	cmp "$WWW/bad.json" "$(cache_of bad)" &&
	log_mark &&
	test_expect_code 128 bw --url "$U/bad.json" >out 2>err &&
	cat >expect <<-EOF &&
	fatal: '\''summary[0].history[0].helion_speedup_geomean'\'' is not a finite number of at least 0 in '\''$U/bad.json'\''
	hint: check the URL given with --url, or read a dashboard file with --file <path>
	EOF
	test_cmp expect err &&
	cat >expect <<-EOF &&
	GET /bad.json -> 304 | If-None-Match: $(etag_of bad.json) | If-Modified-Since: $STAMP_HTTP
	GET /bad.json -> 200 | If-None-Match: - | If-Modified-Since: -
	EOF
	requests >actual &&
	test_cmp expect actual
'

test_expect_success 'validators never vouch for a body they did not come with' '
	serve x.json &&
	bw_ok --url "$U/x.json" --refresh &&
	cp "$(cache_of x)" v1.json &&
	serve x.json " " &&
	bw_ok --url "$U/x.json" --refresh &&
	test "$(meta_field x etag)" = "$(etag_of x.json)" &&
	# What a concurrent run could leave: the new ETag beside the old body.
	cp v1.json "$(cache_of x)" &&
	bw_downloads_afresh
'

test_expect_success 'concurrent refreshes of a changing dashboard leave a consistent pair' '
	for i in 1 2 3 4 5 6; do
		serve x.json "$(printf "%${i}s")" &&
		{ bw --url "$U/x.json" --refresh >/dev/null 2>&1 & } &&
		serve x.json "$(printf "%$((i + 6))s")" &&
		bw --url "$U/x.json" --refresh >/dev/null 2>&1 &&
		wait &&
		test "$(meta_field x body_hash)" != None &&
		body_etag=\"$(sha1sum <"$(cache_of x)" | cut -c1-16)\" &&
		test "$(meta_field x etag)" = "$body_etag" || return 1
	done
'

test_expect_success 'credentials in the URL are never shown nor stored' '
	serve x.json &&
	cred_url="http://ada:s3cret@127.0.0.1:$PORT/x.json" &&
	git -C repo benchwindow --url "$cred_url" h100 2026-09-05 >out 2>err &&
	test_cmp expect.out out &&
	test_cmp /dev/null err &&
	! grep -r s3cret "$XDG_CACHE_HOME" &&
	test_expect_code 128 git -C repo benchwindow --url "http://ada:s3cret@127.0.0.1:$PORT/none.json" h100 2026-09-05 2>err &&
	echo "fatal: cannot download '\''$U/none.json'\'': HTTP 404" >expect &&
	echo "hint: check the URL given with --url, or read a dashboard file with --file <path>" >>expect &&
	test_cmp expect err
'

test_expect_success '--file of a device stops at the size limit' '
	test_expect_code 128 bw --file /dev/zero 2>err &&
	echo "fatal: '\''/dev/zero'\'' is larger than 512 MiB, the limit for a dashboard" >expect &&
	test_cmp expect err
'

test_expect_success '--file of a regular file over the limit is refused before reading it' '
	truncate -s 600M "$TRASH/huge.json" &&
	test_expect_code 128 bw --file "$TRASH/huge.json" 2>err &&
	echo "fatal: '\''$TRASH/huge.json'\'' is larger than 512 MiB, the limit for a dashboard" >expect &&
	test_cmp expect err
'

test_done
