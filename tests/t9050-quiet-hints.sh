#!/bin/bash
# -q/--quiet silences warnings (and their hints) and progress, like git,
# in all three commands; errors stay. A dashboard that cannot be
# downloaded because the server is out of reach says what to do instead.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/cached-copy.sh"

start_httpd "$TRASH"

test_expect_success 'setup: a cached dashboard whose server then goes away' '
	make_helion_repo repo &&
	(cd repo && cute_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" >../dash.json) &&
	git -C repo config bench.url "$HTTPD_URL/dash.json" &&
	git -C repo benchwindow b200_cute 2026-09-08 >window &&
	git -C repo benchbisect b200_cute 2026-09-08 >cause &&
	kill $HTTPD_PID &&
	for i in $(seq 1 100); do
		kill -0 $HTTPD_PID 2>/dev/null || break
		sleep 0.05
	done &&
	! kill -0 $HTTPD_PID 2>/dev/null &&
	echo "$HTTPD_URL" >url
'

U=$(cat "$TRASH/url" 2>/dev/null)

test_expect_success 'unreachable with a cached copy: warning, where the URL came from, --offline' '
	cd repo &&
	git benchwindow --refresh b200_cute 2026-09-08 >out 2>err &&
	test_cmp ../window out &&
	cached_copy_used "$U/dash.json" "cannot connect: Connection refused (3 attempts)"
'

test_expect_success 'benchwindow -q and benchbisect --quiet: the same output, nothing on stderr' '
	cd repo &&
	git benchwindow -q --refresh b200_cute 2026-09-08 >out 2>err &&
	test_cmp ../window out &&
	test_cmp /dev/null err &&
	git benchbisect --quiet --refresh b200_cute 2026-09-08 >out 2>err &&
	test_cmp ../cause out &&
	test_cmp /dev/null err
'

test_expect_success 'unreachable without a cached copy: the error and where else to get a dashboard' '
	cd repo &&
	test_expect_code 128 git benchwindow -q --url "$U/other.json" b200_cute 2026-09-08 >out 2>err &&
	cat >expect <<-EOF &&
	fatal: cannot download '\''$U/other.json'\'': cannot connect: Connection refused (3 attempts)
	hint: check the URL given with --url, or read a dashboard file with --file <path>
	EOF
	test_cmp expect err &&
	test_cmp /dev/null out
'

test_expect_success 'fixture-diff -q: no warning about a root missing on one side' '
	build_corpus corpus &&
	cd corpus &&
	empty=$(git commit-tree -m empty "$(git mktree </dev/null)") &&
	git fixture-diff --name-only "$empty" c1 >expect 2>err &&
	grep "^warning: root .* does not exist in" err &&
	git fixture-diff -q --name-only "$empty" c1 >out 2>err &&
	test_cmp expect out &&
	test_cmp /dev/null err
'

test_expect_success 'benchbisect run -q: the result only, no step lines, no progress on a terminal' '
	run_repo brepo &&
	printf "#!/bin/sh\ngrep -q slow perf.txt && exit 1\nexit 0\n" >bench &&
	chmod +x bench &&
	cd brepo &&
	git benchbisect run --good main~8 --bad main -- "$TRASH/bench" >../expect 2>err &&
	grep "^step 1: " err &&
	git benchbisect run -q --good main~8 --bad main -- "$TRASH/bench" >out 2>err &&
	test_cmp ../expect out &&
	test_cmp /dev/null err &&
	python3 "$TEST_DIR/lib/pty-run.py" git benchbisect run --quiet --good main~8 --bad main -- "$TRASH/bench" >screen &&
	test_cmp ../expect screen
'

test_done
