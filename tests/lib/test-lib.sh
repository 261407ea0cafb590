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

# test_expect_success <description> <body>: runs body with `set -e` in a
# subshell from the trash directory; prints its output as TAP diagnostics
# when it fails.
test_expect_success() {
	test_count=$((test_count + 1))
	if (cd "$TRASH" && set -e && eval "$2") >"$TRASH/.log" 2>&1; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/# /' "$TRASH/.log"
		test_failed=$((test_failed + 1))
	fi
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
	exit $?
}

# test_cmp <expected> <actual>
test_cmp() {
	diff -u "$1" "$2"
}

# test_expect_code <code> <cmd>...: the command exits with exactly code.
test_expect_code() {
	want=$1
	shift
	set +e
	"$@"
	got=$?
	set -e
	if [ "$got" != "$want" ]; then
		echo "test_expect_code: '$*' exited $got, expected $want" >&2
		return 1
	fi
}

# test_must_fail <cmd>...: a clean failure (1-127 or git's 128/129), never
# a crash or a sanitizer report (exit 86).
test_must_fail() {
	set +e
	"$@"
	got=$?
	set -e
	case $got in
	0) echo "test_must_fail: '$*' succeeded" >&2; return 1 ;;
	86) echo "test_must_fail: '$*' hit a sanitizer report" >&2; return 1 ;;
	12[0-9]) [ "$got" -le 129 ] && return 0 ;;
	*) [ "$got" -lt 128 ] && return 0 ;;
	esac
	echo "test_must_fail: '$*' died with $got" >&2
	return 1
}

# test_commit_at <iso-date> <subject> [<file> [<content>]]: commit with
# fixed author and committer dates.
test_commit_at() {
	file=${3:-file.txt}
	mkdir -p "$(dirname "$file")"
	printf '%s\n' "${4:-$2}" >>"$file"
	git add "$file"
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
