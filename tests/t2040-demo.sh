#!/bin/bash
# The demo: its bundled dashboard is exactly what its scripts generate from
# the demo repository (so the two cannot drift), and `make demo`'s command
# finds the [cute] commit behind the 2026-09-10 drop; the chart committed
# under docs/ is the one the demo draws today.
. "$(dirname "$0")/lib/test-lib.sh"

test_expect_success 'setup: the demo repository' '
	sh "$SRC_DIR/demo/make-repo.sh" "$TRASH/demo" >/dev/null
'

test_expect_success 'the bundled demo dashboard matches its generator' '
	(cd demo && sh "$SRC_DIR/demo/nightlies.sh") >spec &&
	(cd demo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json &&
	test_cmp "$SRC_DIR/demo/dashboard-data.json" dash.json
'

test_expect_success 'the demo run names the window and marks the [cute] commit' '
	(cd demo && git benchwindow --file "$SRC_DIR/demo/dashboard-data.json" b200_cute 2026-09-10) >out &&
	grep "^step: 2026-09-09 -> 2026-09-10, helion 1.556 -> 1.370 (-12.0% ± 0.2%; levels of 12 and 9 nightlies), 58.0x its standard error (noise 0.5% a night), persistent\$" out &&
	grep "^\* [0-9a-f]\{8\} 2026-09-09 \[cute\] Use tcgen05 MMA for the matmul epilogue (#2871)\$" out &&
	tail -1 out >last && echo "3 commits, 1 in the slice" >expect && test_cmp expect last &&
	! grep -q 31000009999 out
'

test_expect_success 'the README shows the demo run exactly as it prints' '
	sed -n "/^\$ git benchwindow --file \.\.\/\.\.\/demo\/dashboard-data.json b200_cute 2026-09-10\$/,/ in the slice\$/p" \
		"$SRC_DIR/README.md" >block &&
	sed 1d block >expect &&
	test -s expect &&
	(cd demo && LC_ALL=C.UTF-8 git benchwindow --file "$SRC_DIR/demo/dashboard-data.json" b200_cute 2026-09-10) >actual &&
	test_cmp expect actual
'

# The README's demo commands must work as shown: in the repository make
# demo leaves, with the paths given, and make demo prints them as shown.
test_expect_success 'the README shows the demo commands as make demo prints them, runnable there' '
	sed -n "/^\$ cd build\/demo-repo\$/,/^\$ git benchwindow /p" "$SRC_DIR/README.md" >expect &&
	test $(wc -l <expect) -eq 2 &&
	sh -c "$(grep "^echo " "$SRC_DIR/demo/run.sh")" >actual &&
	test_cmp expect actual &&
	grep "^repo=\$top/build/demo-repo\$" "$SRC_DIR/demo/run.sh" &&
	sed -n "s/^\$ git [a-z]* --file \([^ ]*\) .*/\1/p" "$SRC_DIR/README.md" >files &&
	test $(wc -l <files) -eq 3 &&
	while read -r f; do
		test -f "$(realpath -m "$SRC_DIR/build/demo-repo/$f")" ||
			{ echo "build/demo-repo/$f: no such file"; return 1; }
	done <files
'

# Around 2026-09-12 the geomean moves less than the third decimal the
# range prints: the sparkline drew that noise full height (a block of
# 5, then of 8 and of 1, next to "1.370 .. 1.370"). It is flat now.
test_expect_success 'a range below the printed precision draws a flat sparkline' '
	(cd demo && LC_ALL=C.UTF-8 git benchwindow --file "$SRC_DIR/demo/dashboard-data.json" --span 1 b200_cute 2026-09-12) >out &&
	sed -n 2p out >actual &&
	echo "▄│▄▄  2026-09-11 .. 2026-09-13, helion 1.370 .. 1.370" >expect &&
	test_cmp expect actual
'

test_expect_success 'the README shows the demo scan as it runs today' '
	sed -n "/^\$ git benchwindow --file \.\.\/\.\.\/demo\/dashboard-data.json --scan\$/,/^\$ echo/p" \
		"$SRC_DIR/README.md" | sed "1d;\$d" >expect &&
	test $(wc -l <expect) -eq 4 &&
	(cd demo && test_expect_code 1 git benchwindow --file "$SRC_DIR/demo/dashboard-data.json" --scan) >out &&
	test_cmp expect out
'

test_expect_success 'the README shows the demo'"'"'s classified scan as it runs today' '
	sed -n "/^\$ git benchbisect --file \.\.\/\.\.\/demo\/dashboard-data.json --scan\$/,/^\$ echo/p" \
		"$SRC_DIR/README.md" | sed "1d;\$d" >expect &&
	test $(wc -l <expect) -eq 27 &&
	(cd demo && LC_ALL=C.UTF-8 test_expect_code 1 git benchbisect --file "$SRC_DIR/demo/dashboard-data.json" --scan) >out &&
	test_cmp expect out
'

test_expect_success 'the README shows benchbisect run on the demo as it runs today' '
	sed -n "/^\$ git benchbisect run --file /,/ runs over /p" "$SRC_DIR/README.md" >block &&
	sed -n "1s/^\$ git benchbisect run --file [^ ]* //p" block >args &&
	test -s args &&
	sed 1d block >expect &&
	test $(wc -l <expect) -eq 5 &&
	(cd demo && eval "git benchbisect run --file \"\$SRC_DIR/demo/dashboard-data.json\" $(cat ../args)") >out 2>err &&
	cat err out >actual &&
	test_cmp expect actual
'

test_expect_success 'the guide shows the demo'"'"'s Markdown report and an ambiguous option as they print' '
	awk "/^ *--file \.\.\/\.\.\/demo\/dashboard-data.json --format=markdown --span 3 b200_cute 2026-09-10\$/ { f = 1; next }
		f && /^\`\`\`\$/ { exit } f" "$SRC_DIR/docs/guide.md" >expect &&
	test $(wc -l <expect) -eq 24 &&
	(cd demo && git -c remote.origin.url=https://github.com/pytorch/helion.git benchwindow \
		--file "$SRC_DIR/demo/dashboard-data.json" --format=markdown --span 3 b200_cute 2026-09-10) >out &&
	sed "\${/^\$/d}" out >actual &&
	test_cmp expect actual &&
	sed -n "s/^ *.git benchwindow --s. says .\(error: ambiguous option: [^\`]*\).\.\$/\1/p" "$SRC_DIR/docs/guide.md" >expect &&
	test -s expect &&
	(cd demo && test_expect_code 129 git benchwindow --s 2>../err) &&
	head -n 1 err >actual &&
	test_cmp expect actual
'

# When the chart changes on purpose, redraw both files from the top directory:
#   make demo && (cd build/demo-repo && ../../bin/git-benchwindow --file ../../demo/dashboard-data.json \
#     --svg ../../docs/demo-window.svg b200_cute 2026-09-10) && rsvg-convert docs/demo-window.svg -o docs/demo-window.png
test_expect_success 'the chart in docs/ is what the demo draws, and its PNG rendering reads' '
	(cd demo && git benchwindow --file "$SRC_DIR/demo/dashboard-data.json" \
		--svg ../chart.svg b200_cute 2026-09-10 >/dev/null) &&
	test_cmp "$SRC_DIR/docs/demo-window.svg" chart.svg &&
	python3 "$TEST_DIR/lib/png-stats.py" "$SRC_DIR/docs/demo-window.png" >stats &&
	read w h colours ink bg <stats &&
	test "$w $h $bg" = "800 520 ffffff" && test $colours -gt 100 && test $ink -gt 60
'

test_done
