#!/bin/sh
# Accuracy of git-benchwindow's step verdicts on the eight generated families
# of issue 8 (38 series each, fixed seeds): exact first-bad hits, false
# steps, kernel-set changes named, runtime. The peers (Otava, e-divisive,
# PELT, Binseg) cannot run here; their rates, as measured in the issue on
# the same kind of series, are printed beside the targets for reference.
set -e
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-accuracy.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 accuracy/run.py "$BT_BIN" "$work" 38 --assert
cat <<'REF'
targets (issue 8), best peer in brackets: single 100%; spike >= 95% (89%);
two steps >= 97% (97%); manual runs and missing nightlies 100%; false steps
0 on no-step (0), outlier-only (0) and kernel-leave (97%) series; kernel-set
changes named 100%
REF
