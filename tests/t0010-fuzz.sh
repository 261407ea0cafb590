#!/bin/bash
# The libFuzzer harnesses (tests/fuzz/): each runs over its committed
# corpus (seeds and the inputs of every crash found so far, so each is a
# regression test) and then fuzzes for a short bounded session. `make fuzz`
# runs the long sessions.
. "$(dirname "$0")/lib/test-lib.sh"

FUZZ_CHECK_SECONDS=${FUZZ_CHECK_SECONDS:-8}

for h in "$BT_FUZZ"/*; do
	name=$(basename "$h")
	test_expect_success "fuzz $name: the committed corpus passes" '
		ls "$TEST_DIR/fuzz/$name" >files &&
		test -s files &&
		if ! "$h" -runs=0 "$TEST_DIR/fuzz/$name" >log 2>&1; then
			tail -40 log && return 1
		fi
	'
	test_expect_success "fuzz $name: $FUZZ_CHECK_SECONDS s without a crash" '
		mkdir -p "corpus-$name" &&
		if ! "$h" -max_total_time=$FUZZ_CHECK_SECONDS -artifact_prefix="$TRASH/" \
			"corpus-$name" "$TEST_DIR/fuzz/$name" >log 2>&1; then
			tail -40 log && return 1
		fi
	'
done

test_expect_success 'every harness has a seed corpus' '
	for src in "$TEST_DIR"/fuzz/fuzz-*.c; do
		name=${src##*/fuzz-} &&
		name=${name%.c} &&
		test -x "$BT_FUZZ/$name" &&
		test -n "$(ls "$TEST_DIR/fuzz/$name")" || return 1
	done
'

test_done
