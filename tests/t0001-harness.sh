#!/bin/bash
# The test harness itself (tests/lib/test-lib.sh), as git's t0000-basic.sh
# tests git's: each test here writes a child test script next to a copy of
# the library, runs it and checks the TAP it prints and its exit status.
# A harness that lets a failing line pass makes every other test a lie.

. "$(dirname "$0")/lib/test-lib.sh"

# run_child <name>: run $TRASH/t/<name>.sh (its body on stdin, after the
# line sourcing the library) and keep its TAP in <name>.out, without the
# diagnostics, and its exit status in <name>.rc.
run_child() {
	mkdir -p "$TRASH/t/lib" &&
	cp "$SRC_DIR/tests/lib/test-lib.sh" "$TRASH/t/lib/" &&
	{
		echo '. "$(dirname "$0")/lib/test-lib.sh"' &&
		cat
	} >"$TRASH/t/$1.sh" &&
	{ bash "$TRASH/t/$1.sh" >"$1.tap" 2>&1 && echo 0 >"$1.rc" || echo $? >"$1.rc"; } &&
	grep -v "^#" "$1.tap" >"$1.out"
}

test_expect_success 'a failing middle line fails the test (the exact check of issue 7)' '
	mkdir -p t/lib &&
	cp "$SRC_DIR/tests/lib/test-lib.sh" t/lib/ &&
	printf ". \"\$(dirname \"\$0\")/lib/test-lib.sh\"\ntest_expect_success \"middle line fails\" \"\n\tfalse\n\ttrue\n\"\ntest_done\n" >t/.x.sh &&
	test_expect_code 1 bash t/.x.sh >out &&
	grep -v "^#" out >actual &&
	printf "not ok 1 - middle line fails\n1..1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'without the chain lint, set -e alone still fails a failing middle line' '
	mkdir -p t/lib &&
	cp "$SRC_DIR/tests/lib/test-lib.sh" t/lib/ &&
	printf ". \"\$(dirname \"\$0\")/lib/test-lib.sh\"\ntest_expect_success \"middle line fails\" \"\n\tfalse\n\ttrue\n\"\ntest_done\n" >t/.x.sh &&
	BT_TEST_CHAIN_LINT=0 test_expect_code 1 bash t/.x.sh >out &&
	printf "not ok 1 - middle line fails\n1..1\n" >expect &&
	test_cmp expect out
'

test_expect_success 'set -e catches what the chain lint cannot see: a loop without || return 1' '
	run_child middle <<-\EOF &&
	test_expect_success "chained, then a loop that fails midway" "
		true &&
		for i in 1 2 3; do test \$i != 2; done
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc middle.rc &&
	printf "not ok 1 - chained, then a loop that fails midway\n1..1\n" >expect &&
	test_cmp expect middle.out
'

test_expect_success 'a broken && chain is reported as such' '
	run_child chain <<-\EOF &&
	test_expect_success "missing &&" "
		echo one
		echo two
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc chain.rc &&
	printf "not ok 1 - missing &&\n1..1\n" >expect &&
	test_cmp expect chain.out &&
	grep "^# broken && chain" chain.tap
'

test_expect_success 'the chain lint runs nothing after the break with side effects' '
	run_child lint <<-EOF &&
	test_expect_success "missing && before an external command" "
		true
		touch \"$TRASH/touched\"
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc lint.rc &&
	! test -e "$TRASH/touched"
'

test_expect_success 'a loop whose middle iteration fails fails the test' '
	run_child loop <<-\EOF &&
	test_expect_success "|| return 1 in the loop" "
		for i in 1 2 3; do
			test \$i != 2 || return 1
		done &&
		true
	"
	test_expect_success "a subshell loop with || exit 1" "
		(
			for i in 1 2 3; do
				test \$i != 2 || exit 1
			done
		) &&
		true
	"
	test_expect_success "every iteration passes" "
		for i in 1 2 3; do
			test \$i -gt 0 || return 1
		done
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc loop.rc &&
	cat >expect <<-\EOF &&
	not ok 1 - || return 1 in the loop
	not ok 2 - a subshell loop with || exit 1
	ok 3 - every iteration passes
	1..3
	EOF
	test_cmp expect loop.out
'

test_expect_success 'test_must_fail and test_expect_code' '
	run_child helpers <<-\EOF &&
	test_expect_success "test_must_fail accepts a clean failure" "
		test_must_fail false &&
		test_must_fail sh -c \"exit 128\"
	"
	test_expect_success "test_must_fail rejects success" "
		test_must_fail true
	"
	test_expect_success "test_must_fail rejects a sanitizer report (86)" "
		test_must_fail sh -c \"exit 86\"
	"
	test_expect_success "test_must_fail rejects a signal" "
		test_must_fail sh -c \"kill -TERM \\\$\\\$\"
	"
	test_expect_success "test_must_fail as the last line, under set -e" "
		true &&
		test_must_fail false
	"
	test_expect_success "test_expect_code wants the exact code" "
		test_expect_code 3 sh -c \"exit 3\" &&
		test_expect_code 0 true
	"
	test_expect_success "test_expect_code rejects another code" "
		test_expect_code 3 sh -c \"exit 4\"
	"
	test_expect_success "test_must_be_empty" "
		: >empty &&
		test_must_be_empty empty
	"
	test_expect_success "test_must_be_empty rejects a missing file" "
		test_must_be_empty nothing-here
	"
	test_expect_success "test_must_be_empty rejects content" "
		echo x >full &&
		test_must_be_empty full
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc helpers.rc &&
	cat >expect <<-\EOF &&
	ok 1 - test_must_fail accepts a clean failure
	not ok 2 - test_must_fail rejects success
	not ok 3 - test_must_fail rejects a sanitizer report (86)
	not ok 4 - test_must_fail rejects a signal
	ok 5 - test_must_fail as the last line, under set -e
	ok 6 - test_expect_code wants the exact code
	not ok 7 - test_expect_code rejects another code
	ok 8 - test_must_be_empty
	not ok 9 - test_must_be_empty rejects a missing file
	not ok 10 - test_must_be_empty rejects content
	1..10
	EOF
	test_cmp expect helpers.out
'

test_expect_success 'passing bodies pass, and the script exits 0' '
	run_child pass <<-\EOF &&
	test_expect_success "one line" "true"
	test_expect_success "a chain over several lines" "
		echo a >file &&
		echo a >expect &&
		test_cmp expect file
	"
	test_done
	EOF
	echo 0 >expect.rc &&
	test_cmp expect.rc pass.rc &&
	printf "ok 1 - one line\nok 2 - a chain over several lines\n1..2\n" >expect &&
	test_cmp expect pass.out
'

test_expect_success 'test_commit_at commits with the given date, and fails outside a repository' '
	run_child commit <<-\EOF &&
	test_expect_success "in a repository" "
		git init -q repo &&
		cd repo &&
		test_commit_at 2026-09-01T10:00:00Z \"first commit\" dir/a.txt hello &&
		git log -1 --format=\"%aI %cI %s\" >actual &&
		echo \"2026-09-01T10:00:00+00:00 2026-09-01T10:00:00+00:00 first commit\" >expect &&
		test_cmp expect actual &&
		echo hello >expect &&
		test_cmp expect dir/a.txt
	"
	test_expect_success "outside one" "
		test_commit_at 2026-09-01T10:00:00Z \"no repository\"
	"
	test_done
	EOF
	printf "ok 1 - in a repository\nnot ok 2 - outside one\n1..2\n" >expect &&
	test_cmp expect commit.out
'

test_expect_success 'test_expect_failure: a known breakage is TODO, a fixed one says so' '
	run_child todo <<-\EOF &&
	test_expect_failure "still broken" "
		false
	"
	test_expect_failure "fixed since" "
		true
	"
	test_expect_failure "broken chain is never excused" "
		true
		false
	"
	test_done
	EOF
	echo 1 >expect.rc &&
	test_cmp expect.rc todo.rc &&
	cat >expect <<-\EOF &&
	not ok 1 - still broken # TODO known breakage
	ok 2 - fixed since # TODO known breakage vanished
	not ok 3 - broken chain is never excused
	1..3
	EOF
	test_cmp expect todo.out
'

test_done
