#!/bin/bash
# git benchbisect --format=markdown and --svg: the verdict, the evidence,
# the candidates and the culprit as a Markdown renderer (cmark-gfm) sees
# them, checked against the --json verdict of the same run; the chart.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

GH=https://github.com/pytorch/helion/commit

# between <from> <to> <file>: the lines strictly between two exact lines.
between() {
	sed -n "/^$1\$/,/^$2\$/p" "$3" | sed "1d;\$d"
}

test_expect_success 'setup: a regression and a method change' '
	bb_repo regression window_regression &&
	bb_repo method window_method &&
	(cd regression && git remote add origin git@github.com:pytorch/helion.git &&
		bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../regression.json) &&
	(cd method && bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax >../method.json)
'

test_expect_success 'real regression: verdict, culprit and ends linked, evidence and candidates as lists' '
	cd regression &&
	git benchbisect --file ../regression.json --format=markdown b200_cute 2026-09-10 >../r.md 2>err &&
	git benchbisect --file ../regression.json --json b200_cute 2026-09-10 >../r.json 2>err &&
	outline ../r.md >../r.outline &&
	culprit=$(jq -r .culprit.sha ../r.json) &&
	good=$(jq -r .last_good.sha ../r.json) &&
	bad=$(jq -r .first_bad.sha ../r.json) &&
	cat >expect <<-EOF &&
	h3 b200_cute on 2026-09-10: real regression
	- **cause**: real regression
	- **culprit**: [\`${culprit:0:8}\`]($GH/$culprit) [cute] Rework the softmax reduction pipeline (#3311) / the window'\''s only commit in the slice, and the step'\''s night is sure: the platform moved 32.5x its one-night noise
	- **last good**: [\`${good:0:8}\`]($GH/$good) (run 3000000008, 2026-09-09T08:20:00Z)
	- **first bad**: [\`${bad:0:8}\`]($GH/$bad) (run 3000000009, 2026-09-10T08:20:00Z)
	- **speedup**: before 1.593, after 1.355, true 1.355; the move is real: the after level is what Helion delivers now
	p Evidence:
	EOF
	head -7 ../r.outline >actual &&
	test_cmp expect actual &&
	jq -r ".evidence[] | \"- \" + .text" ../r.json >expect &&
	between "p Evidence:" "p Nightly helion speedup, geomean over 5 kernels:" ../r.outline >actual &&
	test_cmp expect actual &&
	grep -c "^| 2026-09-" ../r.outline >count && echo 15 >expect && test_cmp expect count &&
	grep -F -x -e "| 2026-09-10 | \`${bad:0:8}\` | 1.353 | 1.194 | 1.040 | 0.0438 | -15.0% | 5 | **first bad** |" ../r.outline &&
	jq -r ".candidates[] | \"- **\" + .why + \"** [\`\" + .sha[0:8] + \"\`]($GH/\" + .sha + \") 2026-09-09 \" + .subject" ../r.json >expect &&
	sed -n "/^p Candidates, ranked:\$/,\$p" ../r.outline | sed 1d >actual &&
	test_cmp expect actual &&
	head -3 ../r.md >actual &&
	printf "### b200\\\\_cute on 2026-09-10: real regression\n\n- **cause**: real regression\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'method change: the measurement commit, then the whole window with the slice marked' '
	cd method &&
	git benchbisect --file ../method.json --format=markdown b200_cute 2026-09-10 >../m.md 2>err &&
	outline ../m.md >../m.outline &&
	m=$(git log --format="%h %s" --abbrev=8 -1 --grep="CUDA graphs") &&
	cat >expect <<-EOF &&
	- **cause**: benchmark method change
	- **culprit**: \`${m%% *}\` ${m#* } / the only commit that changes the measurement, and the step'\''s night is sure: the platform moved 20.4x its one-night noise
	EOF
	sed -n 2,3p ../m.outline >actual &&
	test_cmp expect actual &&
	{
		echo "- **measurement** \`${m%% *}\` 2026-09-09 ${m#* }" &&
		echo "p Commits in the window, newest first (**slice**: \`(?i)\\[(?:cute|cutedsl)\\]\` or paths \`helion/_compiler/cute/\`, \`helion/runtime/cute/\`):" &&
		git log --first-parent --format="- \`%h\` 2026-09-09 %s" --abbrev=8 $(nightly_short 2026-09-09)..$(nightly_short 2026-09-10)
	} >expect &&
	sed -n "/^p Commits that change the measurement:\$/,\$p" ../m.outline | sed 1d >actual &&
	test_cmp expect actual
'

test_expect_success '--svg writes the chart with the cause in its title and leaves the report alone' '
	cd regression &&
	git benchbisect --file ../regression.json --svg ../r.svg b200_cute 2026-09-10 >with 2>err &&
	git benchbisect --file ../regression.json b200_cute 2026-09-10 >without 2>err &&
	test_cmp without with &&
	xmllint --noout ../r.svg &&
	xmllint --xpath "string(//*[@class=\"title\"])" ../r.svg >actual &&
	echo "b200_cute: real regression" >expect &&
	test_cmp expect actual &&
	rsvg-convert ../r.svg -o ../r.png &&
	png_stats ../r.png >stats &&
	read w h colours ink bg <stats &&
	test "$w $h" = "800 520" && test $ink -gt 60
'

test_expect_success 'colour config as git reads it: true is auto, a bad value is fatal' '
	cd regression &&
	git benchbisect --file ../regression.json b200_cute 2026-09-10 >plain &&
	! grep -q "$(printf "\033")" plain &&
	git -c color.ui=true benchbisect --file ../regression.json b200_cute 2026-09-10 >ui &&
	test_cmp plain ui &&
	git -c color.benchbisect=always benchbisect --file ../regression.json b200_cute 2026-09-10 >colour &&
	grep -q "$(printf "\033\\[31mreal regression\033\\[m")" colour &&
	test_expect_code 1 git -c color.benchbisect=yes benchbisect --scan --file ../regression.json b200_cute >ui &&
	! grep -q "$(printf "\033")" ui &&
	test_expect_code 128 git -c color.ui=bogus benchbisect --file ../regression.json b200_cute 2026-09-10 2>err &&
	echo "fatal: bad boolean config value '\''bogus'\'' for '\''color.ui'\''" >expect &&
	test_cmp expect err &&
	test_expect_code 129 git benchbisect --color=true --file ../regression.json b200_cute 2026-09-10
'

test_expect_success 'a bad colour value is fatal in run, log and --scan too; --no-color wins over the config' '
	cd regression &&
	for key in color.ui color.benchbisect; do
		echo "fatal: bad boolean config value '\''bogus'\'' for '\''$key'\''" >expect &&
		test_expect_code 128 git -c $key=bogus benchbisect run --good HEAD~1 --bad HEAD -- true >out 2>err &&
		test_cmp expect err &&
		test_expect_code 128 git -c $key=bogus benchbisect log >out 2>err &&
		test_cmp expect err &&
		test_expect_code 128 git -c $key=bogus benchbisect --scan --file ../regression.json b200_cute >out 2>err &&
		test_cmp expect err || return 1
	done &&
	git -c color.benchbisect=always benchbisect --no-color --file ../regression.json b200_cute 2026-09-10 >colour &&
	test_cmp plain colour
'

test_expect_success 'run takes neither --format nor --svg; --format=markdown and --json clash' '
	cd regression &&
	usage_error_is "error: unknown option \`format'\''" \
		git benchbisect run --file ../regression.json --format=markdown b200_cute 2026-09-10 -- true &&
	usage_error_is "error: unknown option \`svg'\''" \
		git benchbisect run --file ../regression.json --svg c.svg b200_cute 2026-09-10 -- true &&
	usage_error_is "error: --svg needs a file name" \
		git benchbisect --file ../regression.json --svg "" b200_cute 2026-09-10 &&
	usage_error_is "error: --format=markdown and --json cannot be combined" \
		git benchbisect --file ../regression.json --format=markdown --json b200_cute 2026-09-10
'

test_done
