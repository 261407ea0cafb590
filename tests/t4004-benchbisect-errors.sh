#!/bin/bash
# git benchbisect: usage errors (129), fatal errors (128), and the cases
# where the data is incomplete but a verdict is still honest.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TMPDIR"

test_expect_success 'setup' '
	bb_repo repo window_regression &&
	(cd repo && bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../dash.json)
'

# usage_error <message> <args...>: exit 129, the message and the usage on stderr.
usage_error() {
	msg=$1 &&
	shift &&
	test_expect_code 129 git benchbisect "$@" >out 2>err &&
	grep -F "error: $msg" err &&
	grep "^usage: git benchbisect \(run \)\{0,1\}\[<options>\] " err &&
	test_cmp /dev/null out
}

test_expect_success 'usage errors exit 129 and say what is wrong' '
	cd repo &&
	usage_error "need a <platform> and a <date>" &&
	usage_error "need a <platform> and a <date>" b200_cute &&
	usage_error "too many arguments" b200_cute 2026-09-10 extra &&
	usage_error "unknown option \`metric'\''" --metric b200_cute 2026-09-10 &&
	usage_error "option \`shared-ratio'\'' must be above 0 and at most 1, not 2" --shared-ratio 2 b200_cute 2026-09-10 &&
	usage_error "option \`noise-multiple'\'' must be above 0, not 0" --noise-multiple 0 b200_cute 2026-09-10 &&
	usage_error "option \`min-change'\'' must be at least 0, not -2" --min-change=-2 b200_cute 2026-09-10 &&
	usage_error "option \`min-change'\'' must be at least 0, not -0.5" --min-change=-0.5 b200_cute 2026-09-10 &&
	usage_error "option \`min-change'\'' expects a numerical value" --min-change lots b200_cute 2026-09-10 &&
	usage_error "need '\''--'\'' and the command to run" run b200_cute 2026-09-10 &&
	usage_error "need a command after '\''--'\''" run b200_cute 2026-09-10 -- &&
	usage_error "need a <platform> and a <date>, or --good and --bad, before '\''--'\''" run b200_cute -- true &&
	usage_error "without a <platform> and a <date>, give both --good and --bad" run --good main~3 -- true &&
	usage_error "unknown option \`noise-multiple'\''" run --noise-multiple 5 --good main~3 --bad main -- true &&
	usage_error "unknown option \`color'\''" run --color=always --good main~3 --bad main -- true &&
	usage_error "--repeat must be between 1 and 1000" run --repeat -3 --good main~3 --bad main -- true &&
	usage_error "--repeat must be between 1 and 1000" run --repeat 0 --good main~3 --bad main -- true &&
	usage_error "--repeat must be between 1 and 1000" run --repeat 1001 --good main~3 --bad main -- true &&
	usage_error "--repeat must be between 1 and 1000" run --repeat 2147483647 --good main~3 --bad main -- true &&
	usage_error "--step-timeout must not be negative" run --step-timeout -1 --good main~3 --bad main -- true &&
	usage_error "--queue-timeout must not be negative" run --queue-timeout -1 --good main~3 --bad main -- true &&
	usage_error "--jobs must be between 1 and 64" run --jobs 65 --good main~3 --bad main -- true &&
	usage_error "--jobs must be between 1 and 64" run --jobs 0 --good main~3 --bad main -- true &&
	usage_error "--jobs must be between 1 and 64" run -j0 --good main~3 --bad main -- true &&
	usage_error "--kill-grace must be between 0 and 3600" run --kill-grace -1 --good main~3 --bad main -- true &&
	usage_error "--kill-grace must be between 0 and 3600" run --kill-grace 3601 --good main~3 --bad main -- true &&
	usage_error "--min-change needs --metric" run --min-change 2 --good main~3 --bad main -- true &&
	usage_error "option \`min-change'\'' must be at least 0, not -1" run --metric --min-change=-1 --good main~3 --bad main -- true &&
	usage_error "--confidence needs --metric" run --confidence 99.9 --good main~3 --bad main -- true &&
	usage_error "option \`confidence'\'' must be at least 90 and at most 99.9999, not 80" run --metric --confidence 80 --good main~3 --bad main -- true &&
	usage_error "option \`confidence'\'' must be at least 90 and at most 99.9999, not 99.99999" run --metric --confidence 99.99999 --good main~3 --bad main -- true &&
	usage_error "unknown option \`max-runs'\''" run --max-runs 2 --good main~3 --bad main -- true
'

# strtod() reads "0x10" as 16, and " 5" as 5: an option's number is
# written in decimal, whole, as a user types it (an exponent is decimal).
test_expect_success 'numbers in options and configuration are decimal: hex, blanks, inf, nan refused' '
	cd repo &&
	for v in 0x10 0X1p4 " 5" "5 " inf nan -nan infinity 1e999; do
		usage_error "option \`min-change'\'' expects a numerical value" --min-change "$v" b200_cute 2026-09-10 &&
		usage_error "option \`min-change'\'' expects a numerical value" run --metric --min-change "$v" \
			--good main~3 --bad main -- true &&
		usage_error "option \`noise-multiple'\'' expects a numerical value" --noise-multiple "$v" b200_cute 2026-09-10 || return 1
	done &&
	usage_error "option \`confidence'\'' expects a numerical value" run --metric --confidence 0x5A \
		--good main~3 --bad main -- true &&
	test_expect_code 128 git -c benchbisect.confidence=0x5A benchbisect run --metric \
		--good main~3 --bad main -- true 2>err &&
	echo "fatal: bad numeric config value '\''0x5A'\'' for '\''benchbisect.confidence'\'': not a number from 90 to 99.9999" >expect &&
	test_cmp expect err &&
	git benchbisect --file ../dash.json --min-change 1e1 --noise-multiple +3.5 b200_cute 2026-09-10 >out &&
	head -n 1 out >actual &&
	echo "b200_cute on 2026-09-10: real regression" >expect &&
	test_cmp expect actual
'

test_expect_success '--metric-pattern with --no-metric: a usage error, not a metric bisection' '
	cd repo &&
	for order in "--metric-pattern v=(\d+) --no-metric" "--no-metric --metric-pattern v=(\d+)"; do
		test_expect_code 129 git benchbisect run $order --good main~3 --bad main -- echo v=3 >out 2>err &&
		test_cmp /dev/null out &&
		grep -Fx "error: --metric-pattern implies --metric: not with --no-metric" err || return 1
	done &&
	test_expect_code 1 git benchbisect run --metric --no-metric --good main~3 --bad main -- true >out 2>err &&
	grep -Fx "no first bad commit: the bad end $(git rev-parse --short=8 main) tested good" out
'

test_expect_success '-h prints the usage with both forms on stdout; each form its own options' '
	cd repo &&
	test_expect_code 129 git benchbisect -h >out &&
	head -n 2 out >actual &&
	cat >expect <<-\EOF &&
	usage: git benchbisect [<options>] <platform> <date>
	   or: git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]
	EOF
	test_cmp expect actual &&
	grep "^Rules$" out &&
	! grep "^Bisect$" out &&
	test_expect_code 129 git benchbisect run -h >out &&
	head -n 1 out >actual &&
	echo "usage: git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]" >expect &&
	test_cmp expect actual &&
	grep "^Bisect$" out &&
	! grep "^Rules$" out &&
	grep "^    --metric  *the command prints a number: find the commit its level steps at, weighing every run$" out
'

test_expect_success 'fatal errors exit 128 and name the culprit input' '
	cd repo &&
	test_expect_code 128 git benchbisect --file ../dash.json b300 2026-09-10 2>err &&
	grep "^fatal: unknown platform '\''b300'\''; valid platforms: '\''b200_cute'\'', '\''b200'\'', '\''h100'\''$" err &&
	test_expect_code 128 git benchbisect --file ../dash.json b200_cute someday 2>err &&
	grep "^fatal: cannot understand the date '\''someday'\''" err &&
	test_expect_code 128 git benchbisect --file ../missing.json b200_cute 2026-09-10 2>err &&
	grep "missing.json" err &&
	test_expect_code 128 git benchbisect run --good nosuch --bad main -- true 2>err &&
	grep "^fatal: bad revision '\''nosuch'\''$" err &&
	test_expect_code 128 git benchbisect run --good "main~3^@" --bad main -- true 2>err &&
	grep "^fatal: --good needs a single revision, not '\''main~3^@'\''$" err &&
	(cd "$TRASH" && test_expect_code 128 git benchbisect --file dash.json b200_cute 2026-09-10 2>err) &&
	grep "^fatal: not a git repository" "$TRASH/err" &&
	echo "fatal: invalid BENCHTRIAGE_NOW '\''garbage'\'' (want an ISO time, e.g. 2026-09-10T12:00:00Z)" >expect &&
	test_expect_code 128 env BENCHTRIAGE_NOW=garbage git benchbisect --file ../dash.json b200_cute yesterday 2>err &&
	test_cmp expect err &&
	test_expect_code 128 env BENCHTRIAGE_NOW=garbage git benchbisect --scan --file ../dash.json 2>err &&
	test_cmp expect err
'

test_expect_success 'nightlies not in this repository: the verdict rests on the dashboard alone, exit 0' '
	cd repo &&
	jq "(.. | objects | select(.run_id? == \"3000000008\")) |= (.sha = \"deadbeef\" | .full_sha = \"deadbeef00000000000000000000000000000000\") |
	    (.. | objects | select(.run_id? == \"3000000009\")) |= (.sha = \"feedface\" | .full_sha = \"feedface00000000000000000000000000000000\")" \
		../dash.json >../gone.json &&
	git benchbisect --file ../gone.json b200_cute 2026-09-10 >out 2>err &&
	sed -n "1,3p;/^  window/p;/^  measurement/p;/^  dispatch/p;/^culprit/p;/^candidates/p" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-10: real regression
	last good: deadbeef (run 3000000008, 2026-09-09T08:20:00Z), not in this repository
	first bad: feedface (run 3000000009, 2026-09-10T08:20:00Z), not in this repository
	  window: not listed: a nightly'\''s commit is not in this repository
	  dispatch and cudagraph: not checked: the first bad commit is not in this repository
	EOF
	test_cmp expect actual &&
	grep "^hint: run '\''git fetch'\''" err &&
	test_expect_code 128 git benchbisect run --file ../gone.json b200_cute 2026-09-10 -- true 2>err &&
	grep "^fatal: cannot bisect without both ends in this repository$" err
'

# The one item standing for both checks has a signal name of three words;
# the man page must list it as a name, not as a heading over its prose.
test_expect_success 'first bad not in this repository: one "dispatch and cudagraph" signal, listed as such' '
	cd repo &&
	git benchbisect --json --file ../gone.json b200_cute 2026-09-10 >out.json 2>/dev/null &&
	jq -c ".evidence[] | select(.signal | test(\"dispatch|cudagraph\")) | [.signal, .verdict, .values]" \
		out.json >actual &&
	echo "[\"dispatch and cudagraph\",\"not_checked\",{}]" >expect &&
	test_cmp expect actual &&
	sed -n "/^\\\\fBdispatch and cudagraph\\\\fR: \\\\fBnot_checked\\\\fR\$/{n;p;}" \
		"$SRC_DIR/man/git-benchbisect.1" >actual &&
	echo "one signal whose name is the string \"dispatch and cudagraph\", in place of" >expect &&
	test_cmp expect actual
'

test_expect_success 'two nightlies on one sha not in this repository still make an empty window' '
	cd repo &&
	sed "s/\"full_sha\": \"[0-9a-f]*\"/\"full_sha\": \"ffffffffffffffffffffffffffffffffffffffff\"/; s/\"sha\": \"[0-9a-f]*\"/\"sha\": \"ffffffff\"/" \
		../dash.json >../same.json &&
	git benchbisect --file ../same.json b200_cute 2026-09-10 >out 2>/dev/null &&
	sed -n "1p;/^  window/p" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-10: hardware issue
	  window: empty: both nightlies ran on ffffffff, so no code change lies between them
	EOF
	test_cmp expect actual
'

test_expect_success 'run over an empty window finds nothing: exit 1' '
	cd repo &&
	test_expect_code 1 git benchbisect run --good main --bad main -- true >out 2>err &&
	echo "no first bad commit: the window is empty, both ends are $(git rev-parse --short=8 main)" >expect &&
	echo "0 runs over 0 commits" >>expect &&
	test_cmp expect out &&
	test_expect_code 1 git benchbisect run --json --good main --bad main -- true >out &&
	jq -r .status out >actual &&
	echo empty >expect &&
	test_cmp expect actual
'

test_expect_success 'run with swapped ends: said so twice over, nothing run, nothing left behind' '
	cd repo &&
	G=$(git rev-parse --short=8 main~1) B=$(git rev-parse --short=8 main~3) &&
	test_expect_code 128 git benchbisect run --good main~1 --bad main~3 -- touch "$TRASH/ran" >out 2>err &&
	cat >expect <<-EOF &&
	error: last good $G comes after first bad $B: maybe you mistook good and bad revs?
	fatal: nothing to bisect: the good end is not an ancestor of the bad end
	EOF
	test_cmp expect err &&
	test_cmp /dev/null out &&
	! test -e "$TRASH/ran" &&
	sed -n "/^\.SH EXIT STATUS/,/^\.SH EXAMPLES/p" "$SRC_DIR/man/git-benchbisect.1" | tr "\n" " " >man &&
	grep -F "for \fBrun\fR, a last good end that is not an ancestor of the first bad one (swapped \fB\-\-good\fR/\fB\-\-bad\fR" man
'

test_expect_success 'a --metric command that prints no number stops the search' '
	cd repo &&
	test_expect_code 128 git benchbisect run --metric --good main~4 --bad main -- echo fast 2>err &&
	grep "^fatal: '\''echo'\'' printed no number at [0-9a-f]\{8\} (its last line: '\''fast'\'')$" err &&
	ls -A "$TMPDIR" >left &&
	test_cmp /dev/null left
'

# strtod reads "0x10" as 16 and stops at a NUL: neither is a decimal
# number the benchmark printed, and the NUL is quoted, not a cut.
test_expect_success 'a --metric value in hex, or cut by a NUL byte, is no number' '
	cd repo &&
	test_expect_code 128 git benchbisect run --metric --good main~4 --bad main -- echo 0x10 2>err &&
	grep "^fatal: '\''echo'\'' printed no number at [0-9a-f]\{8\} (its last line: '\''0x10'\'')$" err &&
	test_expect_code 128 git benchbisect run --metric --good main~4 --bad main -- printf "10.01\\0junk\\n" 2>err &&
	grep -Fx "fatal: '\''printf'\'' printed no number at $(git rev-parse --short=8 main~4) (its last line: '\''10.01\\x00junk'\'')" err &&
	test_expect_code 128 git benchbisect run --metric --good main~4 --bad main -- printf "10\\n\\0\\nfast\\n" 2>err &&
	grep "^fatal: '\''printf'\'' printed no number at [0-9a-f]\{8\} (its last line: '\''fast'\'')$" err
'

test_done
