#!/bin/bash
# After a kernel-set change (b200_cute 5 -> 3 kernels) every kernel count
# speaks of the kernels the rows show: the Markdown caption, the "(2 of
# N)" of the kernels behind a move, the --svg title and the text header
# all take it from the nightlies shown (window_kernels_caption()) or from
# the kernels measured on both sides of the step.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

test_expect_success 'setup: matmul and softmax leave on 2026-09-02, two kernels regress on 2026-09-10' '
	bb_repo repo window_plain &&
	(cd repo && bb_dashboard --event drop:b200_cute:2026-09-02::matmul,softmax \
		--event regress:b200_cute:2026-09-10:0.85:layer_norm,rms_norm >../dash.json)
'

test_expect_success 'benchbisect: the kernels behind the move count among the 3 measured' '
	cd repo &&
	git benchbisect --file ../dash.json b200_cute 2026-09-10 >out 2>err &&
	grep -x "  kernel set: 3 kernels on both nightlies" out &&
	grep -x "  kernels behind the move: layer_norm -14.6%, rms_norm -14.9% (2 of 3)" out &&
	git benchbisect --file ../dash.json --json b200_cute 2026-09-10 >out.json 2>err &&
	jq -r ".evidence[] | select(.signal == \"kernels behind the move\") | .values.kernels" out.json >actual &&
	echo 3 >expect &&
	test_cmp expect actual
'

test_expect_success 'benchbisect --format=markdown: the caption counts the kernels of its rows' '
	cd repo &&
	git benchbisect --file ../dash.json --format=markdown b200_cute 2026-09-10 >out.md 2>err &&
	grep -x "Nightly helion speedup, geomean over 3 kernels:" out.md &&
	grep "^| 2026-09-" out.md | cut -d"|" -f9 | sort -u >actual &&
	echo " 3 " >expect &&
	test_cmp expect actual &&
	grep -x -- "- kernels behind the move: layer\\\\_norm -14.6%, rms\\\\_norm -14.9% (2 of 3)" out.md
'

# titles_say <date> <kernels> [<note>]: the text header, the --svg title
# and the Markdown caption of b200_cute's window on <date> count <kernels>
# (the note follows in the text and the caption, not in the chart's title).
titles_say() {
	git benchwindow --file ../dash.json --svg ../w.svg b200_cute "$1" >out &&
	grep -x "b200_cute: nightly helion speedup, geomean over $2 kernels${3:+ $3}" out &&
	xmllint --xpath "//*[local-name()=\"text\"][@class=\"title\"]/text()" ../w.svg >actual &&
	echo "b200_cute: nightly helion speedup, geomean over $2 kernels" >expect &&
	test_cmp expect actual &&
	git benchwindow --file ../dash.json --format=markdown b200_cute "$1" >out.md &&
	grep -x "Nightly helion speedup, geomean over $2 kernels${3:+ $3}:" out.md
}

test_expect_success 'benchwindow: the text header and the --svg title agree with the rows' '
	cd repo &&
	titles_say 2026-09-10 3
'

test_expect_success 'a window that shows the change gives the range, in every output' '
	cd repo &&
	titles_say 2026-09-04 3-5 "(chain-linked: a kernel joining or leaving does not move it)"
'

# On the 2026-09-13 nightly only matmul ran, at half its level; the next
# night all five are back where they were. Chain-linked to their last
# values, the four returning kernels undid a fifth of matmul's dip, and a
# lasting -53% step stood where no kernel moved; carried along with the
# night's move instead, they bring the index back to its level.
test_expect_success 'one nightly with one kernel of five: a one-night dip, not a lasting step' '
	bb_repo dip window_regression &&
	cd dip &&
	bb_dashboard --noise 0 --event regress:b200_cute:2026-09-10:0.85 >../full.json &&
	jq "(.summary[] | select(.platform_short == \"b200_cute\") | .history[] | select(.date[:10] == \"2026-09-13\")) |=
		(if .helion_speedup_geomean then .helion_speedup_geomean *= 0.5 else . end) |
	    (.summary[] | select(.platform_short == \"b200_cute\" and .kernel != \"matmul\") | .history[] | select(.date[:10] == \"2026-09-13\")) |=
		(.helion_speedup_geomean = null | .helion_latency_avg_ms = null)" ../full.json >../dip.json &&
	git benchwindow --file ../dip.json --json b200_cute 2026-09-14 >out.json &&
	jq -r "[.step.found, .last_good.date[:10], .first_bad.date[:10]] | @tsv" out.json >actual &&
	printf "true\t2026-09-09\t2026-09-10\n" >expect &&
	test_cmp expect actual &&
	jq -r ".series[] | select(.date[:10] == \"2026-09-12\" or .date[:10] == \"2026-09-14\") | .helion" out.json >actual &&
	printf "1.35466\n1.35466\n" >expect &&
	test_cmp expect actual
'

test_done
