#!/bin/bash
# The accuracy benchmark's short version (bench/accuracy, `make bench` runs
# the full one): 5 generated series per family, fixed seeds, every target of
# issue 8 asserted (--assert), and the per-family table pinned exactly.
. "$(dirname "$0")/lib/test-lib.sh"

test_expect_success 'every family meets its target on the short benchmark' '
	python3 "$SRC_DIR/bench/accuracy/run.py" "$BT_BIN" "$TRASH/acc" 5 --assert >out &&
	sed "s/ *[0-9.]*s\$//" out >table &&
	cat >expect <<-\EOF &&
	family       series  first-bad  false steps          named   runtime
	single            5        5/5            0              -
	nostep            5          -            0              -
	outlier           5          -            0              -
	spike             5        5/5            0              -
	twosteps          5        5/5            0              -
	kernelleave       5          -            0            5/5
	manual            5        5/5            0              -
	missing           5        5/5            0              -
	subset            5          -            0            5/5
	EOF
	test_cmp expect table
'

test_done
