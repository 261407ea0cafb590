#!/bin/bash
# The hashes of git benchwindow's report (and of git benchbisect's):
# 8 hex digits by default (the dashboard's width), core.abbrev when set,
# and longer where a prefix would name two objects; one length for the
# whole report, so that its columns line up.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/collider.sh"

# hashes <report>: the hashes of the series table, the ends and the commits.
hashes() {
	sed -n -e 's/^[> ] 2026-[0-9-]*  \([0-9a-f]*\) .*/\1/p' \
		-e 's/^last good: \([0-9a-f]*\) .*/\1/p' -e 's/^first bad: \([0-9a-f]*\) .*/\1/p' \
		-e 's/^[* ] \([0-9a-f]*\) 2026-.*/\1/p' "$1"
}

test_expect_success 'setup' '
	make_helion_repo repo &&
	(cd repo && cute_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" >../dash.json) &&
	git -C repo benchwindow --json --file ../dash.json b200_cute 2026-09-08 >json &&
	jq -r ".. | .sha? // empty" json | sort -u >shas &&
	test $(wc -l <shas) -gt 10
'

test_expect_success 'by default every hash has 8 hex digits' '
	git -C repo benchwindow --file ../dash.json b200_cute 2026-09-08 >out &&
	hashes out >printed &&
	test $(wc -l <printed) -gt 10 &&
	! grep -v "^[0-9a-f]\{8\}$" printed
'

test_expect_success 'core.abbrev=4 with a colliding object: unique, and all as long as the longest' '
	fb=$(jq -r .first_bad.sha json) &&
	collider "$fb" 5 >body &&
	git -C repo hash-object -w ../body >/dev/null &&
	len=0 &&
	for sha in $(cat shas); do
		short=$(git -C repo rev-parse --short=4 $sha) &&
		if [ ${#short} -gt $len ]; then len=${#short}; fi || return 1
	done &&
	test $len -ge 6 &&
	git -C repo -c core.abbrev=4 benchwindow --file ../dash.json b200_cute 2026-09-08 >out &&
	hashes out >printed &&
	! grep -v "^[0-9a-f]\{$len\}$" printed &&
	grep "^first bad: $(echo $fb | cut -c1-$len) (run " out &&
	for h in $(sort -u printed); do
		git -C repo rev-parse -q --verify "$h^{commit}" >/dev/null || return 1
	done
'

test_expect_success 'core.abbrev=12 and no; a bad value is fatal' '
	git -C repo -c core.abbrev=12 benchwindow --file ../dash.json b200_cute 2026-09-08 >out &&
	hashes out >printed &&
	! grep -v "^[0-9a-f]\{12\}$" printed &&
	git -C repo -c core.abbrev=no benchwindow --file ../dash.json b200_cute 2026-09-08 >out &&
	hashes out >printed &&
	! grep -v "^[0-9a-f]\{40\}$" printed &&
	test_expect_code 128 git -C repo -c core.abbrev=2 benchwindow --file ../dash.json b200_cute 2026-09-08 2>err &&
	grep "^fatal: bad core.abbrev '\''2'\''" err
'

test_expect_success 'benchbisect run: the same rule for its step lines and its result' '
	run_repo brepo &&
	printf "#!/bin/sh\ngrep -q slow perf.txt && exit 1\nexit 0\n" >bench &&
	chmod +x bench &&
	git -C brepo benchbisect run --good main~8 --bad main -- "$TRASH/bench" >out 2>err &&
	sed -n "s/^step [0-9]*: \([0-9a-f]*\) .*/\1/p" err >printed &&
	test -s printed &&
	! grep -v "^[0-9a-f]\{8\}$" printed &&
	git -C brepo -c core.abbrev=12 benchbisect run --good main~8 --bad main -- "$TRASH/bench" >out 2>err &&
	sed -n "s/^step [0-9]*: \([0-9a-f]*\) .*/\1/p" err >printed &&
	test -s printed &&
	! grep -v "^[0-9a-f]\{12\}$" printed &&
	grep "^bisecting 8 commits in [0-9a-f]\{12\}\.\.[0-9a-f]\{12\}, " err
'

test_expect_success 'benchbisect: the ends, the window evidence and the candidates follow core.abbrev' '
	git -C repo benchbisect --file ../dash.json b200_cute 2026-09-08 >out &&
	grep "^  window: [0-9]* first-parent commits in [0-9a-f]\{8\}\.\.[0-9a-f]\{8\}$" out &&
	git -C repo -c core.abbrev=12 benchbisect --file ../dash.json b200_cute 2026-09-08 >out &&
	grep "^last good: [0-9a-f]\{12\} " out &&
	grep "^first bad: [0-9a-f]\{12\} " out &&
	grep "^  window: [0-9]* first-parent commits in [0-9a-f]\{12\}\.\.[0-9a-f]\{12\}$" out
'

test_done
