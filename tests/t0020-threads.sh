#!/bin/bash
# The commands' threads under ThreadSanitizer (build/tsan, gcc's
# -fsanitize=thread): the scan's series built and searched on threads,
# the parsed cache's hash beside the read, and run's checkouts beside the
# runs. Each answers as the build the other tests use does; a race
# report fails the test (exit 66).
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TSAN=${BT_TSAN:-$SRC_DIR/build/tsan/bin}
TSAN_OPTIONS="halt_on_error=1:exitcode=66"
export TSAN_OPTIONS

# The metric benchmark (lib/bisect-repo.sh): perf.txt's numbers, cycling.
metric_measure
PATH="$TRASH/bin:$PATH"

test_expect_success 'setup: the ThreadSanitizer build, a scan dashboard, a metric history' '
	test -x "$TSAN/git-benchwindow" && test -x "$TSAN/git-benchbisect" &&
	bb_scan_setup &&
	metric_repo mrepo - - - - - "0.80 0.79 0.81" - -
'

test_expect_success 'benchwindow --scan: series built and searched on threads, parsed, then from the parsed cache' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json >../expect &&
	rm -rf "$XDG_CACHE_HOME" &&
	for pass in parse cached; do
		test_expect_code 1 "$TSAN/git-benchwindow" --scan --file ../dash.json >../actual 2>../err &&
		test_cmp ../expect ../actual &&
		test_must_be_empty ../err || return 1
	done &&
	find "$XDG_CACHE_HOME" -type f | grep . >/dev/null
'

# The series are searched on one thread a processor the process may run
# on: on one, the scan answers as on every processor.
test_expect_success 'benchwindow --scan and benchbisect --scan: the same on one processor' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json --json >../expect &&
	test_expect_code 1 taskset -c 0 git benchwindow --scan --file ../dash.json --json >../actual &&
	test_cmp ../expect ../actual &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json --json >../expect &&
	test_expect_code 1 taskset -c 0 git benchbisect --scan --file ../dash.json --json >../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'benchbisect --scan: the classified scan' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json >../expect &&
	test_expect_code 1 "$TSAN/git-benchbisect" --scan --file ../dash.json >../actual 2>../err &&
	test_cmp ../expect ../actual &&
	test_must_be_empty ../err
'

test_expect_success 'run --metric --jobs 3: checkouts on worker threads beside the runs' '
	cd mrepo &&
	git benchbisect run --metric --jobs 3 --good main~8 --bad main -- measure >../expect 2>/dev/null &&
	rm -f "$TRASH"/counts/* &&
	"$TSAN/git-benchbisect" run --metric --jobs 3 --good main~8 --bad main -- measure >../actual 2>../err &&
	test_cmp ../expect ../actual &&
	grep "^first bad commit: $(at 6) " ../actual &&
	! grep -i "sanitizer\|race" ../err
'

test_done
