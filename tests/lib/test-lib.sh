# Shared set-up for the end-to-end tests, in the spirit of git's t/test-lib.sh.
# Source it from a test script; it prints TAP. Every test runs in a fresh
# trash directory with its own HOME and cache, fixed identities and dates,
# and the binaries from $BT_BIN (the sanitizer build under `make check`).

TEST_DIR=$(cd "$(dirname "$0")" && pwd)
SRC_DIR=$(cd "$TEST_DIR/.." && pwd)
TEST_NAME=$(basename "$0" .sh)
BT_BIN=${BT_BIN:-$SRC_DIR/bin}
PATH="$BT_BIN:$PATH"
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/bt-$TEST_NAME.XXXXXX")
export PATH TRASH

HOME="$TRASH/home"
XDG_CACHE_HOME="$TRASH/cache"
XDG_CONFIG_HOME="$TRASH/config"
mkdir -p "$HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME"
export HOME XDG_CACHE_HOME XDG_CONFIG_HOME
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT GIT_CEILING_DIRECTORIES
unset GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_PREFIX
# Requests to the test server on 127.0.0.1 must never go through a proxy.
unset http_proxy https_proxy all_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY
# The built-in dashboard URLs are helionlang.com's unless a test names its
# own server (test-only, docs/dashboard-loading.md).
unset BT_TEST_DEFAULT_URL_BASE
GIT_CONFIG_NOSYSTEM=1
GIT_AUTHOR_NAME="Ada Bench"
GIT_AUTHOR_EMAIL="ada@example.com"
GIT_COMMITTER_NAME="Ada Bench"
GIT_COMMITTER_EMAIL="ada@example.com"
LC_ALL=C
TZ=UTC
export GIT_CONFIG_NOSYSTEM GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME
export GIT_COMMITTER_EMAIL LC_ALL TZ
git config --global init.defaultBranch main
# Runs are kept in git notes and used again (docs/run-notes.md): each test
# of `run` would see the runs of the tests before it. Only the tests of
# the notes (t4017) turn them on.
git config --global benchbisect.notes false
git config --global advice.detachedHead false
git config --global protocol.file.allow always

test_count=0
test_failed=0
HTTPD_PID=

test_cleanup() {
	[ -n "$HTTPD_PID" ] && kill "$HTTPD_PID" 2>/dev/null
	cd /
	[ "${BT_KEEP_TRASH:-}" ] || rm -rf "$TRASH"
}
trap test_cleanup EXIT

# Each test body runs twice, as git's t/test-lib.sh runs it:
#
# 1. The chain lint: "(exit 117) && <body>" in a subshell, from an empty
#    scratch directory and with PATH pointing nowhere. When every line of
#    the body is &&-chained, the (exit 117) short-circuits the whole body
#    and the result is 117; anything else means a line after a missing &&
#    ran, and the test fails with "broken && chain". Nothing after the
#    (exit 117) runs in a well-chained body, and in a broken one external
#    commands cannot be found, so the lint has no side effects worth
#    speaking of.
# 2. The body itself, with `set -e`, in a subshell run as a plain
#    statement (never inside if, &&, || or !, where the shell would
#    ignore set -e), so a failing line anywhere fails the test even when
#    the && chain misses it; $? is read afterwards.
#
# BT_TEST_CHAIN_LINT=0 turns the lint off (as GIT_TEST_CHAIN_LINT=0 does
# in git), which t0001 uses to show that set -e alone catches a failing
# middle line.
#
# The body is eval'ed inside a function, so a loop can (and must, as in
# git) end each iteration with `|| return 1`: a failure in a loop body is
# otherwise lost in all but the last iteration.

# test_eval_ <body>: eval body in a function, so `return` works in it.
test_eval_() {
	eval "$1"
}

# test_chain_lint_ <body>: succeeds when body is &&-chained throughout.
test_chain_lint_() {
	test "${BT_TEST_CHAIN_LINT:-1}" = 0 && return 0
	mkdir -p "$TRASH/.chain-lint" || return 1
	(
		cd "$TRASH/.chain-lint" &&
		PATH=/nonexistent/bt-chain-lint &&
		test_eval_ "(exit 117) && $1"
	) >/dev/null 2>&1 </dev/null
	test_chain_lint_code_=$?
	rm -rf "$TRASH/.chain-lint"
	test "$test_chain_lint_code_" = 117
}

# test_run_ <body>: run the body for real; sets test_run_code_.
test_run_() {
	if ! test_chain_lint_ "$1"; then
		echo "broken && chain: a line of the test body does not end in &&" \
			"(or a loop misses '|| return 1'); the body is:" >"$TRASH/.log"
		printf '%s\n' "$1" >>"$TRASH/.log"
		test_run_code_=117
		return
	fi
	(
		set -e
		cd "$TRASH"
		test_eval_ "$1"
	) >"$TRASH/.log" 2>&1 </dev/null
	test_run_code_=$?
}

# test_expect_success <description> <body>: the body runs from the trash
# directory; its output is printed as TAP diagnostics when it fails.
test_expect_success() {
	test "$#" = 2 || test_bug_ "test_expect_success needs 2 arguments, got $#"
	test_count=$((test_count + 1))
	test_run_ "$2"
	if test "$test_run_code_" = 0; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/# /' "$TRASH/.log"
		test_failed=$((test_failed + 1))
	fi
}

# test_expect_failure <description> <body>: a known breakage, named in a
# comment at the call; TAP's TODO keeps it from failing the run, and prove
# reports it as "TODO passed" once the bug is fixed. A broken && chain is
# a failure all the same.
test_expect_failure() {
	test "$#" = 2 || test_bug_ "test_expect_failure needs 2 arguments, got $#"
	test_count=$((test_count + 1))
	if ! test_chain_lint_ "$2"; then
		echo "not ok $test_count - $1"
		echo "# broken && chain in a test_expect_failure body"
		test_failed=$((test_failed + 1))
		return
	fi
	test_run_ "$2"
	if test "$test_run_code_" = 0; then
		echo "ok $test_count - $1 # TODO known breakage vanished"
	else
		echo "not ok $test_count - $1 # TODO known breakage"
	fi
}

# test_bug_ <message>: a mistake in the test script itself.
test_bug_() {
	echo "Bail out! bug in the test script: $1"
	exit 1
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
	exit $?
}

# The helpers below are called from test bodies, often inside && chains
# where the shell ignores set -e; so they chain with && (or return on
# failure) themselves, as git's helpers do.

# test_cmp <expected> <actual>
test_cmp() {
	diff -u "$1" "$2"
}

# test_must_be_empty <file>: the file exists and is empty; shows it if not.
test_must_be_empty() {
	if ! test -f "$1"; then
		echo "test_must_be_empty: '$1' is missing" >&2
		return 1
	fi
	if test -s "$1"; then
		echo "test_must_be_empty: '$1' is not empty, it contains:" >&2
		cat "$1" >&2
		return 1
	fi
}

# test_expect_code <code> <cmd>...: the command exits with exactly code.
test_expect_code() {
	test_expect_code_want_=$1
	shift
	"$@" && test_expect_code_got_=0 || test_expect_code_got_=$?
	if [ "$test_expect_code_got_" != "$test_expect_code_want_" ]; then
		echo "test_expect_code: '$*' exited $test_expect_code_got_," \
			"expected $test_expect_code_want_" >&2
		return 1
	fi
}

# test_must_fail <cmd>...: a clean failure (1-127 or git's 128/129), never
# a crash or a sanitizer report (exit 86).
test_must_fail() {
	"$@" && test_must_fail_got_=0 || test_must_fail_got_=$?
	case $test_must_fail_got_ in
	0) echo "test_must_fail: '$*' succeeded" >&2; return 1 ;;
	86) echo "test_must_fail: '$*' hit a sanitizer report" >&2; return 1 ;;
	128|129) return 0 ;;
	*) [ "$test_must_fail_got_" -lt 128 ] && return 0 ;;
	esac
	echo "test_must_fail: '$*' died with $test_must_fail_got_" >&2
	return 1
}

# test_commit_at <iso-date> <subject> [<file> [<content>]]: commit with
# fixed author and committer dates.
test_commit_at() {
	file=${3:-file.txt} &&
	mkdir -p "$(dirname "$file")" &&
	printf '%s\n' "${4:-$2}" >>"$file" &&
	git add "$file" &&
	GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git commit -q -m "$2"
}

# start_httpd <docroot>: serve docroot on 127.0.0.1 (scripted behaviours
# in tests/lib/httpd.py); sets HTTPD_URL and logs requests to $TRASH/httpd.log.
start_httpd() {
	python3 "$TEST_DIR/lib/httpd.py" "$1" "$TRASH/httpd.port" >"$TRASH/httpd.log" 2>&1 &
	HTTPD_PID=$!
	for _ in $(seq 1 100); do
		[ -s "$TRASH/httpd.port" ] && break
		sleep 0.05
	done
	HTTPD_URL="http://127.0.0.1:$(cat "$TRASH/httpd.port")"
	export HTTPD_URL
}
