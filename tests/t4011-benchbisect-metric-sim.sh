#!/bin/bash
# The metric-bisect benchmark's short form (make bench runs the full one,
# bench/bench-metric-bisect.sh): the policy of `run --metric` over a few
# thousand simulated searches of 15 commits, both outlier shapes.
. "$(dirname "$0")/lib/test-lib.sh"

SIM=${BT_METRIC_BISECT:-$SRC_DIR/build/bench/metric-bisect}

test_expect_success 'setup: the quick benchmark on held-out searches' '
	"$SIM" --quick --seeds 1000000:1000400 --big 1600 --anchors 400 >sim &&
	test $(grep -c "^ours " sim) = 8
'

# row <who> <outliers up to> <step>: that row's fields.
row() {
	awk -v who=$1 -v to=$2 -v step=$3 "\$1 == who && \$3 == to && \$4 == step" sim
}

test_expect_success 'no wrong culprit, with a step or without' '
	awk "\$1 == \"ours\" && \$7 != 0 { bad = 1; print } END { exit bad }" sim
'

test_expect_success 'steps of 5, 10 and 30 times the noise: at least 99% named, 99.9% from 10x' '
	for to in 60 30; do
		row ours $to 5 | awk "{ exit !(\$6 >= 0.99 * \$5) }" &&
		row ours $to 10 | awk "{ exit !(\$6 >= 0.999 * \$5) }" &&
		row ours $to 30 | awk "{ exit !(\$6 >= 0.999 * \$5) }" || return 1
	done
'

# The runs pinned where they stand (a change that costs runs shows):
# 3.9-4.0, 2.8 and 2.6 times one-run git bisect at 5, 10 and 30x.
test_expect_success 'runs: at most 4.2, 3.0 and 2.8 times one-run git bisect at 5, 10 and 30x' '
	for to in 60 30; do
		for limit in 5:4.2 10:3.0 30:2.8; do
			row ours $to ${limit%:*} | awk -v max=${limit#*:} "{ exit !(\$11 / \$5 <= max * \$12) }" || return 1
		done
	done
'

test_expect_success 'the anchors: one-run git bisect names wrong commits, the oracle fewer runs than ours' '
	row bisect1 60 5 | awk "{ exit !(\$7 > 0) }" &&
	row oracle 60 5 | awk "{ exit !(\$7 == 0 && \$11 < 2 * \$12 * \$5) }"
'

# The search told the culprit runs only at it and its parent until this
# model holds it at 1 - 1e-4: what the stop itself costs. At 5x that is
# already over issue 24's 3.8 times one-run git bisect (docs/statistics.md).
test_expect_success 'told the culprit: no wrong one, never more runs than ours, and over 3.8x at 5x' '
	for to in 60 30; do
		row told $to 5 | awk "{ exit !(\$7 == 0 && \$11 / \$5 > 3.8 * \$12) }" &&
		for step in 5 10 30; do
			told=$(row told $to $step | awk "{ print \$11 / \$5 }") &&
			row ours $to $step | awk -v told=$told "{ exit !(\$11 / \$5 >= told) }" || return 1
		done || return 1
	done
'

test_expect_success 'no step: no culprit, the ends mostly alike within --min-change' '
	for to in 60 30; do
		row ours $to 0 | awk "{ exit !(\$6 == 0 && \$8 >= 0.6 * \$5) }" || return 1
	done
'

# The same searches given a recorded noise first (20 commits of three
# runs): of today's noise, a third of it (too quiet) and twice it (too
# loud). The right one saves runs at 5x (3.4 times one-run git bisect
# against 3.9 in the full benchmark); none names a wrong culprit here.
test_expect_success 'a recorded noise: fewer runs when right, no wrong culprit when wrong' '
	for r in 1 0.333 2; do
		"$SIM" --quick --seeds 1000000:1000400 --big 400 --anchors 0 --history $r --history-commits 20 \
			>sim-$r || return 1
	done &&
	cat sim-1 sim-0.333 sim-2 | awk "\$7 != 0 { bad = 1; print } END { exit bad }" &&
	for to in 60 30; do
		row ours $to 5 | awk "{ print \$11 }" >cold &&
		awk -v to=$to -v cold=$(cat cold) "\$3 == to && \$4 == 5 { exit !(\$11 <= 0.92 * cold && \$11 / \$5 <= 3.6 * 3.94) }" sim-1 &&
		awk -v to=$to "\$3 == to && \$4 == 5 { exit !(\$6 >= 0.99 * \$5) }" sim-0.333 sim-2 || return 1
	done
'

# A commit at a level of its own just after the culprit (+20 and -20
# noise units, the step 10): the fit took its runs for the good side's
# level when the good end had one run, and named the commit after it
# (16 and 2 of 2,000 on these seeds before the boundary's commits had to
# measure like their ends; docs/statistics.md).
test_expect_success 'a commit at a level of its own after the culprit: few wrong culprits' '
	"$SIM" --seeds 1000000:1001000 --window 15 --step 10 --anchors 0 --odd 20:1 >sim-odd-up &&
	"$SIM" --seeds 1000000:1001000 --window 15 --step 10 --anchors 0 --odd -20:1 >sim-odd-down &&
	test $(wc -l <sim-odd-up) = 2 &&
	awk "\$7 > 3 { bad = 1; print } END { exit bad }" sim-odd-up &&
	awk "\$7 != 0 { bad = 1; print } END { exit bad }" sim-odd-down
'

# Runs whose noise comes from two states, as the H200 of bench/gpu showed
# it, read as a step when the states happen to split by commit. "No step"
# is weighed under noise of two states too (posterior.h), which brought
# the false culprits of these windows from 21 and 37 of 2,000 to a few;
# more than 8 (0.4%) is a regression.
test_expect_success 'noise of two states, as an H200 showed it: few culprits in windows without a step' '
	"$SIM" --seeds 1000000:1002000 --window 15 --step 0 --anchors 0 --two-state >sim-two &&
	test $(wc -l <sim-two) = 2 &&
	awk "\$7 > 8 { bad = 1; print } END { exit bad }" sim-two
'

# A record of the same noise (20 commits of three runs) shows the two
# states (run-states.h), and "no step" of two states weighs more: on these
# seeds 2 culprits and 62,901 runs against 5 and 63,568 without a record.
# More culprits or more runs than without it is a regression.
test_expect_success 'noise of two states and a record that shows them: fewer culprits, no more runs' '
	"$SIM" --seeds 1000000:1002000 --window 15 --step 0 --anchors 0 --two-state \
		--history 1 --history-commits 20 >sim-two-record &&
	test $(wc -l <sim-two-record) = 2 &&
	cat sim-two sim-two-record | awk "NR <= 2 { c += \$7; r += \$11; next } { rc += \$7; rr += \$11 }
		END { print c, r, rc, rr; exit !(rc < c && rr <= r) }"
'

# A known breakage (docs/statistics.md, "Noise of two states"): none is
# the aim, and a few remain (0.14% to 0.5% of windows without a step with
# the states 2.03% apart at the default --min-change of 2%: the worst
# case; states well under --min-change read as ends alike). Only more runs
# at the same commits tell the states from a step.
test_expect_failure 'noise of two states, as an H200 showed it: no culprit in windows without a step' '
	awk "\$7 != 0 { bad = 1; print } END { exit bad }" sim-two
'

test_done
