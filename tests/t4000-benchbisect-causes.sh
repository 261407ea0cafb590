#!/bin/bash
# git benchbisect: one test repository and dashboard per cause, the whole
# report pinned.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

# subject_sha <subject>: the 8-hex sha of the window commit with that subject.
subject_sha() {
	subject_sha_=$(subject_commit "$1") &&
	echo "${subject_sha_:0:8}"
}

# report_head <cause> <good day> <good run> <bad day> <bad run>: the
# report's lines up to the evidence heading.
report_head() {
	echo "b200_cute on 2026-09-10: $1" &&
	echo "last good: $(nightly_short $2) (run $3, $2T08:20:00Z)" &&
	echo "first bad: $(nightly_short $4) (run $5, $4T08:20:00Z)" &&
	printf "\nevidence:\n"
}

# json_is <dashboard> <jq filter> <expected> [<option>...]: the --json
# report of b200_cute 2026-09-10 over the dashboard, through jq -c, is the
# one expected line.
json_is() {
	json_is_file_=$1 json_is_filter_=$2 json_is_expect_=$3 &&
	shift 3 &&
	git benchbisect --file "$json_is_file_" --json "$@" b200_cute 2026-09-10 2>/dev/null |
		jq -c "$json_is_filter_" >actual &&
	echo "$json_is_expect_" >expect &&
	test_cmp expect actual
}

test_expect_success 'setup: one repository per scenario' '
	bb_repo regression window_regression &&
	bb_repo method window_method &&
	bb_repo plain window_plain &&
	bb_repo empty &&
	BB_CUTE_LIST=$CUTE,gemm_bias,rope bb_repo kernel-set window_kernel_set &&
	(cd regression && bb_dashboard --event regress:b200_cute:2026-09-10:0.85 \
		--manual 2026-09-05:0.5 --manual 2026-09-12:0.5 >../regression.json) &&
	(cd method && bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax >../method.json) &&
	(cd plain && bb_dashboard --event machine:b200_cute:2026-09-10:0.85 >../hardware.json &&
		bb_dashboard --event spike:b200_cute:2026-09-10:0.85 >../spike.json &&
		bb_dashboard --event regress:b200_cute:2026-09-10:0.85 \
			--event regress:b200_cute:2026-09-12:1.1764706 >../dip.json &&
		bb_dashboard >../quiet.json) &&
	(cd empty && bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../empty.json &&
		bb_dashboard --event regress:b200_cute:2026-09-10:0.93 \
			--event regress:b200_cute:2026-09-11:0.9139785 >../quiet-pair.json) &&
	(cd kernel-set && CUTE=$CUTE,gemm_bias,rope bb_dashboard --noise 0 \
		--event drop:b200_cute:2026-09-10::gemm_bias,rope >../kernel-set.json)
'

test_expect_success 'real regression: Helion-only, persistent, timers agree; one slice commit is the culprit' '
	cd regression &&
	git benchbisect --file ../regression.json b200_cute 2026-09-10 >actual 2>err &&
	C=$(subject_sha "\[cute\] Rework the softmax reduction pipeline (#3311)") &&
	P=$(subject_sha "\[Pallas\] Pad block sizes to the lane width (#3312)") &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	B=$(nightly_short 2026-09-10) &&
	{
		report_head "real regression" 2026-09-09 3000000008 2026-09-10 3000000009 &&
		cat <<-EOF
		  step: helion speedup 1.593 -> 1.355 (-15.0% ± 0.2%) from 2026-09-09 to 2026-09-10, 72.3x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
		  kernel set: 5 kernels on both nightlies
		  implementations: triton +0.0%, torch_compile +0.0% against helion -15.0%: Helion-only
		  timers: speedup -15.0% and latency +17.6% (51.9x its standard error): they agree (both moved, opposite ways)
		  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 -0.6%, h100 -0.1%: none moved
		  window: 4 first-parent commits in $(nightly_short 2026-09-09)..$B
		  measurement: no window commit touches the measurement paths
		  slice: 1 of 4 window commits match the slice
		  kernels behind the move: matmul -14.8%, softmax -15.7%, layer_norm -14.6%, rms_norm -14.9%, cross_entropy -15.3% (5 of 5)
		  dispatch at $B: 5 kernels in kernels_cute
		  cudagraph at $B: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); behind the move: rms_norm

		speedup: before 1.593, after 1.355, true 1.355
		  the move is real: the after level is what Helion delivers now
		culprit: $C [cute] Rework the softmax reduction pipeline (#3311)
		  the window'\''s only commit in the slice, and the step'\''s night is sure: the platform moved 32.5x its one-night noise
		candidates, ranked:
		  $C slice-tag   [cute] Rework the softmax reduction pipeline (#3311)
		  $B window      Share the layout helpers between backends (#3313)
		  $P window      [Pallas] Pad block sizes to the lane width (#3312)
		  $D window      Fix a typo in the autotuner docs (#3310)
		EOF
	} >expect &&
	test_cmp expect actual &&
	echo "warning: '\''rms_norm'\'' moved -14.9% but is not cudagraph-timed at $B (benchmarks/run.py drops --cudagraph)" >expect &&
	test_cmp expect err
'

test_expect_success 'method change: speedup moves, latency flat, a harness commit in the window' '
	cd method &&
	git benchbisect --file ../method.json b200_cute 2026-09-10 >actual 2>err &&
	H=$(subject_sha "\[CI\] Time softmax without CUDA graphs in the nightly (#3314)") &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-10) &&
	{
		report_head "benchmark method change" 2026-09-09 3000000008 2026-09-10 3000000009 &&
		cat <<-EOF
		  step: helion speedup 1.593 -> 1.439 (-9.7% ± 0.2%) from 2026-09-09 to 2026-09-10, 45.4x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
		  kernel step: softmax -40.3% ± 0.3% from 2026-09-09 to 2026-09-10, 205.0x its standard error (its noise 0.5% a night); each kernel must clear 5.8x for 5 kernels
		  kernel set: 5 kernels on both nightlies
		  implementations: triton +0.3%, torch_compile -0.4% against helion -40.5% (the 1 kernel that stepped): Helion-only
		  timers (the kernels that stepped): speedup -40.5% but latency +0.5% (1.5x its standard error): latency is flat, the timers disagree
		  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 -0.6%, h100 -0.1%: none moved
		  window: 3 first-parent commits in $G..$B
		  measurement: 1 window commit touches the measurement: $H (benchmarks/run.py)
		  slice: 0 of 3 window commits match the slice
		  kernels behind the move: softmax -40.5% (1 of 5)
		  dispatch at $B: 5 kernels in kernels_cute
		  cudagraph at $B: softmax, rms_norm run without --cudagraph (benchmarks/run.py remove_flags); behind the move: softmax

		speedup: before 1.593, after 1.439, true 1.593
		  the before side is honest: the kernels behind the move are cudagraph-timed at $G and not at $B
		culprit: $H [CI] Time softmax without CUDA graphs in the nightly (#3314)
		  the only commit that changes the measurement, and the step'\''s night is sure: the platform moved 20.4x its one-night noise
		measurement commits:
		  $H measurement [CI] Time softmax without CUDA graphs in the nightly (#3314)
		EOF
	} >expect &&
	test_cmp expect actual &&
	echo "warning: '\''softmax'\'' moved -40.5% but is not cudagraph-timed at $B (benchmarks/run.py drops --cudagraph)" >expect &&
	test_cmp expect err
'

# The same harness commit where softmax loses only 2.5%: the geomean
# moves 0.5%, under its bar, and softmax's own step is the answer. The kernels
# behind the move are then the kernel that stepped (they read "none stands
# out" beside the kernel step line), and the cudagraph check and the
# honest side are read from it.
test_expect_success 'a kernel step alone: its kernel is behind the move, and its cudagraph is checked' '
	cd method &&
	bb_dashboard --event timer:b200_cute:2026-09-10:0.975:softmax >../method-small.json &&
	git benchbisect --file ../method-small.json b200_cute 2026-09-10 >out 2>err &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-10) &&
	sed -n "1p;/^  kernel step/p;/^  implementations/p;/^  timers/p;/^  kernels behind/p;/^  cudagraph/p;/^speedup/,/^  the/p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: benchmark method change
	  kernel step: softmax -3.0% ± 0.3% from 2026-09-09 to 2026-09-10, 12.1x its standard error (its noise 0.5% a night); each kernel must clear 5.8x for 5 kernels: the platform'\''s geomean does not clear its thresholds, this kernel does
	  implementations: triton +0.3%, torch_compile -0.4% against helion -3.3% (the 1 kernel that stepped): Helion-only
	  timers (the kernels that stepped): speedup -3.3% but latency +0.5% (1.5x its standard error): latency is flat, the timers disagree
	  kernels behind the move: softmax -3.3% (1 of 5)
	  cudagraph at $B: softmax, rms_norm run without --cudagraph (benchmarks/run.py remove_flags); behind the move: softmax
	speedup: before 1.594, after 1.585, true 1.594
	  the before side is honest: the kernels behind the move are cudagraph-timed at $G and not at $B
	EOF
	test_cmp expect actual &&
	echo "warning: '\''softmax'\'' moved -3.3% but is not cudagraph-timed at $B (benchmarks/run.py drops --cudagraph)" >expect &&
	test_cmp expect err &&
	json_is ../method-small.json \
		".evidence[] | select(.signal == \"kernels behind the move\") | [.verdict, .values.behind_pct]" \
		"[\"named\",{\"softmax\":-3.3433}]"
'

# Two causes at once: matmul and layer_norm regress (latency agrees), and
# the harness commit times softmax without CUDA graphs (speedup -40%,
# latency flat). Pooled, the three kernels' timers agreed and the timing
# artefact was called real; each kernel judged alone tells them apart.
test_expect_success 'a real regression beside a timing change on another kernel: both said, the artefact left out of the true speedup' '
	cd method &&
	bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax \
		--event regress:b200_cute:2026-09-10:0.85:matmul,layer_norm >../split.json &&
	git benchbisect --file ../split.json b200_cute 2026-09-10 >out 2>err &&
	H=$(subject_sha "\[CI\] Time softmax without CUDA graphs in the nightly (#3314)") &&
	S=$(subject_sha "Share the layout helpers between backends (#3313)") &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	B=$(nightly_short 2026-09-10) &&
	sed -n "1p;/^  implementations/p;/^  timers/p;/^speedup/,\$p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  implementations: triton +0.1%, torch_compile +0.0% against helion -14.7% (the 2 kernels behind the move whose timers agree): Helion-only
	  timers (the kernels behind the move whose timers agree): speedup -14.7% and latency +17.7% (52.0x its standard error): they agree (both moved, opposite ways); softmax: speedup -40.5% but latency +0.5%, flat: its timing changed, not the kernel (left out)
	speedup: before 1.593, after 1.348, true 1.496
	  the move is real in the kernels whose timers agree; the timing change of softmax is not Helion'\''s: the after level with it at the before level is what Helion delivers now
	no culprit: 3 window commits, none of them in the slice, so the evidence singles none out; a bisection of the window (run) would name it
	candidates, ranked:
	  $S window      Share the layout helpers between backends (#3313)
	  $D window      Fix a typo in the autotuner docs (#3310)
	  $H measurement [CI] Time softmax without CUDA graphs in the nightly (#3314)
	EOF
	test_cmp expect actual &&
	json_is ../split.json \
		".evidence[] | select(.signal == \"timers\") | [.verdict, .values.timing_changed]" \
		"[\"split\",{\"softmax\":{\"speedup_pct\":-40.519,\"latency_pct\":0.5359,\"timing_pct\":-40.519}}]"
'

test_expect_success 'the same two causes without the harness commit: still both, no measurement candidate' '
	cd regression &&
	bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax \
		--event regress:b200_cute:2026-09-10:0.85:matmul,layer_norm >../split.json &&
	git benchbisect --file ../split.json b200_cute 2026-09-10 2>/dev/null >out &&
	sed -n "1p;/^  timers/p;/^speedup/,/^  the/p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  timers (the kernels behind the move whose timers agree): speedup -14.7% and latency +17.7% (52.0x its standard error): they agree (both moved, opposite ways); softmax: speedup -40.5% but latency +0.5%, flat: its timing changed, not the kernel (left out)
	speedup: before 1.593, after 1.348, true 1.496
	  the move is real in the kernels whose timers agree; the timing change of softmax is not Helion'\''s: the after level with it at the before level is what Helion delivers now
	EOF
	test_cmp expect actual &&
	! grep "^  [0-9a-f]* measurement " out
'

# The harness times every kernel anew (speedup x0.6, latency flat) on the
# night matmul and layer_norm regress (x0.85, latency up). Their latency
# explained a third of their speedup move, so no kernel counted as real:
# pooled, "they agree" (-43.8% against +6.7%), and the true speedup was
# the after level, 0.896. Each such kernel's latency now gives its real
# move and the rest is its timing's: the truth is 1.593 x 0.85^(2/5).
test_expect_success 'a timing change on every kernel beside a real regression on two: the real part kept, the timing taken out' '
	cd method &&
	bb_dashboard --event timer:b200_cute:2026-09-10:0.6 \
		--event regress:b200_cute:2026-09-10:0.85:matmul,layer_norm >../both.json &&
	git benchbisect --file ../both.json b200_cute 2026-09-10 2>/dev/null >out &&
	H=$(subject_sha "\[CI\] Time softmax without CUDA graphs in the nightly (#3314)") &&
	sed -n "1p;/^  timers/p;/^speedup/,\$p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  timers (the kernels behind the move whose timers agree): speedup -15.0% and latency +17.7% (52.0x its standard error): they agree (both moved, opposite ways); matmul: speedup -48.9% but latency +17.7%, which explains -15.0%: its timing changed too (-39.9% left out); softmax: speedup -40.5% but latency +0.5%, flat: its timing changed, not the kernel (left out); layer_norm: speedup -48.8% but latency +17.7%, which explains -15.0%: its timing changed too (-39.7% left out); rms_norm: speedup -40.0% but latency -0.7%, flat: its timing changed, not the kernel (left out); cross_entropy: speedup -40.2% but latency +0.5%, flat: its timing changed, not the kernel (left out)
	speedup: before 1.593, after 0.896, true 1.495
	  the move is real in the kernels whose timers agree, as far as their latency moved; the timing change of matmul, softmax, layer_norm, rms_norm, cross_entropy is not Helion'\''s: the after level with it taken out is what Helion delivers now
	no culprit: 3 window commits, none of them in the slice, so the evidence singles none out; a bisection of the window (run) would name it
	candidates, ranked:
	  $(subject_sha "Share the layout helpers between backends (#3313)") window      Share the layout helpers between backends (#3313)
	  $(subject_sha "Fix a typo in the autotuner docs (#3310)") window      Fix a typo in the autotuner docs (#3310)
	  $H measurement [CI] Time softmax without CUDA graphs in the nightly (#3314)
	EOF
	test_cmp expect actual &&
	json_is ../both.json \
		".evidence[] | select(.signal == \"timers\") | .values.timing_changed.matmul" \
		"{\"speedup_pct\":-48.894,\"latency_pct\":17.6883,\"timing_pct\":-39.8542}"
'

# Two -10% steps a night apart: the window reaches over both (the 09-10
# nightly halfway between the levels), and the one slice commit of the
# six was named the culprit of the -18.9%. The nightly between is said,
# and no single culprit is named; the candidates stay ranked.
test_expect_success 'two steps a night apart: the nightly between is said, no single culprit' '
	cd regression &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.9 \
		--event regress:b200_cute:2026-09-11:0.9 >../two.json &&
	git benchbisect --file ../two.json b200_cute 2026-09-10 2>/dev/null >out &&
	sed -n "1p;/^  between/p;/^no culprit/p;/^culprit/p;/^candidates/p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  between: the 2026-09-10 nightly lies at 1.433, off both levels (1.593 and 1.292): the window may hold two changes, so no single culprit
	no culprit: a nightly in the window lies off both levels, so it may hold two changes; a bisection of the window (run) would tell them apart
	candidates, ranked:
	EOF
	test_cmp expect actual &&
	json_is ../two.json \
		"[.culprit, .culprit_why.rule, .culprit_why.placed_by, (.evidence[] | select(.signal == \"between\") | [.verdict, .values.date, .values.value])]" \
		"[null,\"two_changes\",\"platform\",[\"off_both_levels\",\"2026-09-10\",1.433]]"
'

# A drift over ten nightlies, four kernels' latency with it and one
# kernel's timer alone: each kernel's timers were read across the
# nightly pair before the drift's last night, on the ramp, and its -13.8%
# read -6.4% in the implementations and timers lines. A kernel's move is
# read across the move's own sides, the drift's nightlies on neither.
test_expect_success 'a drift: the timers of the kernels behind it across the whole drift' '
	cd plain &&
	events= &&
	for d in 05 06 07 08 09 10 11 12 13 14; do
		events="$events --event regress:b200_cute:2026-09-$d:0.985:matmul,softmax,layer_norm,cross_entropy" &&
		events="$events --event timer:b200_cute:2026-09-$d:0.985:rms_norm" || return 1
	done &&
	bb_dashboard $events >../drift.json &&
	git benchbisect --file ../drift.json b200_cute 2026-09-10 >out &&
	sed -n "/^  drift:/p;/^  implementations:/p;/^  timers/p" out >actual &&
	cat >expect <<-\EOF &&
	  drift: helion speedup 1.591 -> 1.371 (-13.8% ± 0.5%) from 2026-09-04 to 2026-09-14 over 10 nightlies, 33.1x its standard error (the series noise 0.7% a night): a gradual move, no single nightly pair holds it
	  implementations: triton -0.1%, torch_compile -0.2% against helion -13.9% (the 4 kernels behind the move whose timers agree): Helion-only
	  timers (the kernels behind the move whose timers agree): speedup -13.9% and latency +16.3% (38.6x its standard error): they agree (both moved, opposite ways); rms_norm: speedup -13.6% but latency +0.4%, flat: its timing changed, not the kernel (left out)
	EOF
	test_cmp expect actual
'

test_expect_success 'hardware: every implementation and latency move on one platform only' '
	cd plain &&
	git benchbisect --file ../hardware.json b200_cute 2026-09-10 >actual &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-10) &&
	{
		report_head "hardware issue" 2026-09-09 3000000008 2026-09-10 3000000009 &&
		cat <<-EOF
		  step: helion speedup 1.593 -> 1.355 (-15.0% ± 0.2%) from 2026-09-09 to 2026-09-10, 72.3x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
		  kernel set: 5 kernels on both nightlies
		  implementations: triton -15.0%, torch_compile -15.0% against helion -15.0%: shared by every implementation
		  timers: speedup -15.0% and latency +17.6% (51.9x its standard error): they agree (both moved, opposite ways)
		  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 -0.6%, h100 -0.1%: none moved
		  window: 2 first-parent commits in $G..$B
		  measurement: no window commit touches the measurement paths
		  slice: 0 of 2 window commits match the slice
		  kernels behind the move: matmul -14.8%, softmax -15.7%, layer_norm -14.6%, rms_norm -14.9%, cross_entropy -15.3% (5 of 5)
		  dispatch at $B: 5 kernels in kernels_cute
		  cudagraph at $B: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); behind the move: rms_norm

		speedup: before 1.593, after 1.355, true 1.593
		  the machine changed under the benchmark: the before side measured the usual machine
		EOF
	} >expect &&
	test_cmp expect actual
'

# The pair onto the spike read -0.1% "within --min-change": the span's
# levels around it, not the pair's own -15.1%, which is now shown with
# the spike named; the spike item still says the next nightly is back.
test_expect_success 'noise: a one-night spike that reverts, with its own move' '
	cd plain &&
	git benchbisect --file ../spike.json b200_cute 2026-09-10 >actual 2>err &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-10) &&
	{
		report_head "noise" 2026-09-09 3000000008 2026-09-10 3000000009 &&
		cat <<-EOF
		  step: helion speedup 1.593 -> 1.353 (-15.1% ± 0.5%) from 2026-09-09 to 2026-09-10, 31.0x its standard error (the series noise 0.5% a night): no step, a one-night spike: back at the level before after 1 nightly
		  spike: the 2026-09-10 nightly alone moved -15.1% against the level around it, and the next nightly is back: a one-night spike
		  kernel set: 5 kernels on both nightlies
		  implementations: triton -0.4%, torch_compile +0.1% against helion -15.1%: a move that reverts, no step to compare
		  timers: speedup -15.1% and latency +17.5%: a move that reverts, no step to compare
		  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 -0.6%, h100 -0.1%: none moved
		  window: 2 first-parent commits in $G..$B
		  measurement: no window commit touches the measurement paths
		  slice: 0 of 2 window commits match the slice
		  kernels behind the move: none stands out (5 kernels)
		  dispatch at $B: 5 kernels in kernels_cute
		  cudagraph at $B: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); none of them is behind the move

		speedup: before 1.593, after 1.353, true 1.595
		  no persistent step: the median of the nightlies around the date
		EOF
	} >expect &&
	test_cmp expect actual &&
	test_cmp /dev/null err
'

# The pair at the dip's start moved -15%; read over the span around it,
# it was -0.4% "within --min-change", and the dip went unnamed.
test_expect_success 'noise: a dip of two nightlies that reverts, with its own move' '
	cd plain &&
	git benchbisect --file ../dip.json b200_cute 2026-09-10 >actual 2>err &&
	sed -n "1p;/^  step:/p;/^  spike:/p;/^  implementations:/p;/^  timers:/p" actual >picked &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: noise
	  step: helion speedup 1.593 -> 1.354 (-15.1% ± 0.4%) from 2026-09-09 to 2026-09-10, 41.7x its standard error (the series noise 0.5% a night): no step, a dip that reverts: back at the level before after 2 nightlies
	  implementations: triton +0.0%, torch_compile +0.2% against helion -15.1%: a move that reverts, no step to compare
	  timers: speedup -15.1% and latency +17.6%: a move that reverts, no step to compare
	EOF
	test_cmp expect picked &&
	test_cmp /dev/null err &&
	git benchbisect --file ../dip.json --json b200_cute 2026-09-10 >out.json &&
	jq -c ".cause, (.evidence[0] | [.verdict, .values.change_pct, .values.nightlies_after, .values.reason])" out.json >actual &&
	cat >expect <<-\EOF &&
	"noise"
	["reverts",-15.0553,2,"a dip that reverts"]
	EOF
	test_cmp expect actual &&
	git benchbisect --file ../dip.json --format=markdown b200_cute 2026-09-10 >out.md &&
	grep -F "a dip that reverts: back at the level before after 2 nightlies" out.md
'

test_expect_success 'noise: the pair that ends the dip, with the move back' '
	cd plain &&
	git benchbisect --file ../dip.json b200_cute 2026-09-12 >actual &&
	sed -n "1p;/^  step:/p;/^  timers:/p" actual >picked &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-12: noise
	  step: helion speedup 1.354 -> 1.594 (+17.8% ± 0.4%) from 2026-09-11 to 2026-09-12, 41.8x its standard error (the series noise 0.5% a night): no step, a dip that reverts: back at the level before, after 2 nightlies off it
	  timers: speedup +17.8% and latency -14.9%: a move that reverts, no step to compare
	EOF
	test_cmp expect picked
'

test_expect_success 'noise: a quiet series' '
	cd plain &&
	git benchbisect --file ../quiet.json b200_cute 2026-09-10 >actual &&
	head -n 1 actual >first &&
	echo "b200_cute on 2026-09-10: noise" >expect &&
	test_cmp expect first &&
	grep "^  step: .*: no step beyond the noise (within --min-change: a step needs 3.0x its standard error and 2.0%)$" actual &&
	! grep "spike:" actual &&
	! grep "^culprit" actual &&
	! grep "^candidates" actual
'

test_expect_success 'a platform of one kernel: its kernel set in the singular' '
	cd plain &&
	git benchbisect --file ../hardware.json h100 2026-09-10 >actual &&
	grep "^  kernel set: 1 kernel on both nightlies$" actual
'

test_expect_success 'empty window: the same code moved, so the machine changed; the verdict says that rule outweighs Helion-only' '
	cd empty &&
	git benchbisect --file ../empty.json b200_cute 2026-09-10 >actual &&
	B=$(nightly_short 2026-09-10) &&
	test "$B" = "$(nightly_short 2026-09-09)" &&
	sed -n "1p;/^  implementations/p;/^  window/p;/^  measurement/p;/^  slice/p;/^speedup/,\$p" actual >picked &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: hardware issue
	  implementations: triton +0.0%, torch_compile +0.0% against helion -15.0%: Helion-only
	  window: empty: both nightlies ran on $B, so no code change lies between them
	speedup: before 1.593, after 1.355, true 1.593
	  decided by the empty-window rule: both nightlies ran on $B, so no Helion commit can be the cause; that outweighs the implementations (Helion-only, which would blame a commit): the same code moved, so the machine or what is installed fresh each night (PyTorch, Triton) changed; the before side measured the usual machine
	EOF
	test_cmp expect picked &&
	git benchbisect --file ../empty.json --json b200_cute 2026-09-10 >out.json &&
	jq -r .speedup.why out.json >why &&
	sed -n "\$p" expect | sed "s/^  //" >expect.why &&
	test_cmp expect.why why
'

# Half the move on the night of a quiet pair (09-09 and 09-10 on one
# commit), the rest a night later: the window spans both pairs, and the
# Helion-only move may lie where no code changed. Machine states do this
# to a hardware move (bench/accuracy/causes.py --states): it was named a
# real regression.
test_expect_success 'a window over a quiet nightly pair: undecided, not a real regression' '
	cd empty &&
	git benchbisect --file ../quiet-pair.json b200_cute 2026-09-10 >actual &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-11) &&
	sed -n "1p;/^  window/p;/^speedup/,\$p" actual >picked &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: undecided
	  window: 2 first-parent commits in $G..$B; the nightlies of 2026-09-09 and 2026-09-10 in it both ran on $G, so the move may lie where no code changed
	speedup: before 1.591, after 1.355, true -
	  undecided: the move measured -14.9% ± 0.2%, 72.0x its standard error, and persists, but its window holds two nightlies on one commit: it may lie between them, where no code changed (the machine or what is installed fresh each night), or at a commit of the window; a bisection of the window (run) would settle it
	EOF
	test_cmp expect picked &&
	git benchbisect --file ../quiet-pair.json --json b200_cute 2026-09-10 >out.json &&
	jq -c "[.cause, .culprit, (.evidence[] | select(.signal == \"window\") | [.verdict, .values.commits, .values.quiet_last_good_date, .values.quiet_first_bad_date])]" out.json >actual &&
	echo "[\"undecided\",null,[\"quiet\",2,\"2026-09-09\",\"2026-09-10\"]]" >expect &&
	test_cmp expect actual
'

test_expect_success 'kernel-set change: the naive geomean jumps, the kernels on both nights do not' '
	cd kernel-set &&
	git benchbisect --file ../kernel-set.json b200_cute 2026-09-10 >actual &&
	T=$(subject_sha "\[CI\] Trim the CuTe nightly to five kernels (#3315)") &&
	G=$(nightly_short 2026-09-09) B=$(nightly_short 2026-09-10) &&
	{
		report_head "benchmark method change" 2026-09-09 3000000008 2026-09-10 3000000009 &&
		cat <<-EOF
		  step: helion speedup 1.594 -> 1.594 (+0.0% ± 0.8%) from 2026-09-09 to 2026-09-10, 0.0x its standard error (the series noise 0.5% a night): no step beyond the noise (within --min-change: a step needs 3.0x its standard error and 2.0%)
		  kernel set: changed at the step, 7 -> 5 kernels; the naive geomean moved -5.6% (11.5x the noise), the chain-linked level +0.0%, the 5 kernels measured on both nightlies +0.0%: the change alone moved the naive geomean -5.6%
		  implementations: triton +0.0%, torch_compile +0.0% against helion +0.0%: no step beyond the noise to compare
		  timers: speedup +0.0% and latency +0.0%: no step beyond the noise to compare
		  other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 +0.0%, h100 +0.0%: none moved
		  window: 2 first-parent commits in $G..$B
		  measurement: 1 window commit touches the measurement: $T (.github/workflows/benchmark_dispatch.yml)
		  slice: 0 of 2 window commits match the slice
		  kernels behind the move: none stands out (5 kernels)
		  dispatch at $B: 5 kernels in kernels_cute (7 at $G)
		  cudagraph at $B: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); none of them is behind the move

		speedup: before 1.594, after 1.594, true 1.594
		  the kernel set changed: the chain-linked index compares the same kernels on both nightlies, the naive geomean does not
		culprit: $T [CI] Trim the CuTe nightly to five kernels (#3315)
		  the only commit that changes the measurement, and the step'\''s night is sure: the kernel set changed there
		measurement commits:
		  $T measurement [CI] Trim the CuTe nightly to five kernels (#3315)
		EOF
	} >expect &&
	test_cmp expect actual
'

# Both at once: the list loses two kernels and the five that stay drop
# 15%. The list change alone moved the naive geomean -5.7%, but the
# kernels on both nightlies moved far more themselves: their move is a
# real regression, and the kernel-set line says the list changed too.
test_expect_success 'kernel-set change and the kernels on both nights step: real regression, the set change said' '
	(cd kernel-set && CUTE=$CUTE,gemm_bias,rope bb_dashboard --event regress:b200_cute:2026-09-10:0.85 \
		--event drop:b200_cute:2026-09-10::gemm_bias,rope >../kernel-set-regress.json) &&
	cd kernel-set &&
	git benchbisect --file ../kernel-set-regress.json b200_cute 2026-09-10 >out 2>err &&
	sed -n "1p;/^  kernel set:/p;/^speedup:/,\$p" out >actual &&
	T=$(subject_sha "\[CI\] Trim the CuTe nightly to five kernels (#3315)") &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  kernel set: changed at the step, 7 -> 5 kernels; the naive geomean moved -19.9% (44.4x the noise), the chain-linked level -14.9%, the 5 kernels measured on both nightlies -15.0%: the change alone moved the naive geomean -5.7%, and the kernels on both nightlies stepped beyond the noise too: both happened, the rules judge their move (the chain-linked level)
	speedup: before 1.592, after 1.355, true 1.355
	  the move is real: the after level is what Helion delivers now
	no culprit: 2 window commits, none of them in the slice, so the evidence singles none out; a bisection of the window (run) would name it
	candidates, ranked:
	  $T window      [CI] Trim the CuTe nightly to five kernels (#3315)
	  $(subject_sha "Fix a typo in the autotuner docs (#3310)") window      Fix a typo in the autotuner docs (#3310)
	EOF
	test_cmp expect actual &&
	git benchbisect --file ../kernel-set-regress.json --json b200_cute 2026-09-10 >out.json &&
	jq -r ".evidence[] | select(.signal == \"kernel set\") | .verdict" out.json >verdict &&
	echo changed_with_move >expect.verdict &&
	test_cmp expect.verdict verdict &&
	test_expect_code 1 git benchbisect --scan --file ../kernel-set-regress.json \
		--since 2026-09-01 --until 2026-09-20 >scan &&
	grep "^classified scan" scan >actual &&
	echo "classified scan of 3 platforms, 2026-09-01 .. 2026-09-20: 1 move: 1 real regression" >expect &&
	test_cmp expect actual
'

# Softmax drops 40% on the last nightly: one nightly after it cannot
# settle a step, so the verdict is undecided, but the move is in one
# kernel and the evidence must say which, not "none stands out".
test_expect_success 'undecided: the kernels behind the move are still named' '
	(cd regression && bb_dashboard --event regress:b200_cute:2026-09-20:0.6:softmax >../last-night.json) &&
	cd regression &&
	git benchbisect --file ../last-night.json b200_cute 2026-09-20 >out 2>err &&
	sed -n "1p;/^  kernels behind the move:/p" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-20: undecided
	  kernels behind the move: softmax -39.3% (1 of 5)
	EOF
	test_cmp expect actual &&
	git benchbisect --json --file ../last-night.json b200_cute 2026-09-20 >out.json 2>/dev/null &&
	jq -c ".evidence[] | select(.signal == \"kernels behind the move\") | [.verdict, (.values.behind_pct | keys)]" \
		out.json >actual &&
	echo "[\"named\",[\"softmax\"]]" >expect &&
	test_cmp expect actual
'

# The nightlies 2026-09-05 .. 09-13 never ran: the step lies between the
# 09-04 and 09-14 nightlies, 10 days apart, more than --span. Each signal
# is read over the nightlies within --span days of the window's ends (as
# the step decision's levels are), not of the first bad nightly alone,
# which left the side before empty ("no triton or torch_compile data").
test_expect_success 'real regression inside 9 missing nightlies: the sides are read at the window'\''s ends' '
	bb_repo gap window_regression &&
	cd gap &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.85 --missing 2026-09-05:2026-09-13 >../gap.json &&
	git benchbisect --file ../gap.json b200_cute 2026-09-10 >out 2>err &&
	sed "/^candidates/q" out >actual &&
	C=$(subject_sha "\[cute\] Rework the softmax reduction pipeline (#3311)") &&
	G=$(nightly_short 2026-09-04) B=$(nightly_short 2026-09-14) &&
	{
		echo "b200_cute on 2026-09-10: real regression" &&
		echo "last good: $G (run 3000000003, 2026-09-04T08:20:00Z)" &&
		echo "first bad: $B (run 3000000013, 2026-09-14T08:20:00Z)" &&
		printf "\nevidence:\n" &&
		cat <<-EOF
		  step: helion speedup 1.591 -> 1.355 (-14.8% ± 0.3%) from 2026-09-04 to 2026-09-14, 51.2x its standard error (the series noise 0.5% a night): it persists over the next 7 nightlies
		  kernel set: 5 kernels on both nightlies
		  implementations: triton +0.0%, torch_compile +0.0% against helion -14.8%: Helion-only
		  timers: speedup -14.8% and latency +17.7% (41.6x its standard error): they agree (both moved, opposite ways)
		  other platforms, same nightlies 2026-09-04 -> 2026-09-14: b200 +0.0%, h100 -1.6%: none moved
		  window: 22 first-parent commits in $G..$B
		  measurement: no window commit touches the measurement paths
		  slice: 1 of 22 window commits match the slice
		  kernels behind the move: matmul -14.8%, softmax -15.4%, layer_norm -14.2%, rms_norm -14.6%, cross_entropy -15.0% (5 of 5)
		  dispatch at $B: 5 kernels in kernels_cute
		  cudagraph at $B: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); behind the move: rms_norm

		speedup: before 1.591, after 1.355, true 1.355
		  the move is real: the after level is what Helion delivers now
		culprit: $C [cute] Rework the softmax reduction pipeline (#3311)
		  the window'\''s only commit in the slice, and the step'\''s night is sure: the platform moved 32.1x its one-night noise
		candidates, ranked:
		EOF
	} >expect &&
	test_cmp expect actual &&
	echo "warning: '\''rms_norm'\'' moved -14.6% but is not cudagraph-timed at $B (benchmarks/run.py drops --cudagraph)" >expect &&
	test_cmp expect err &&
	test_expect_code 1 git benchbisect --scan --file ../gap.json >out 2>/dev/null &&
	sed -n "1,3p" out >actual &&
	{
		echo "classified scan of 3 platforms, 2026-08-22 .. 2026-09-20: 1 move: 1 real regression" &&
		echo &&
		echo "b200_cute on 2026-09-14: real regression"
	} >expect &&
	test_cmp expect actual
'

# One kernel steps inside the same 9 missing nightlies: whether the
# other kernels stayed is read over the nightlies within --span days of
# the last good one, as the evidence is; from the first bad nightly alone
# the side before was empty, and the kernel's step went unnamed.
test_expect_success 'one kernel stepping inside 9 missing nightlies: its step is still named' '
	bb_repo gap-method window_method &&
	cd gap-method &&
	bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax --missing 2026-09-05:2026-09-13 >../gap-method.json &&
	git benchbisect --file ../gap-method.json b200_cute 2026-09-10 >out 2>err &&
	grep "^  kernel step" out >actual &&
	echo "  kernel step: softmax -40.2% ± 0.4% from 2026-09-04 to 2026-09-14, 126.8x its standard error (its noise 0.5% a night); each kernel must clear 5.8x for 5 kernels" >expect &&
	test_cmp expect actual
'

# Three nightlies missing before the date, a span of one day: the side
# before is the nightlies up to the last good one, however long before the
# first bad it ran; counted from the first bad nightly it held none, and
# the report printed "nan" and told a -15% move noise.
test_expect_success 'missing nightlies longer than --span: the side before is read up to the last good nightly' '
	cd gap &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.85 --missing 2026-09-09:2026-09-11 >../gap3.json &&
	git benchbisect --file ../gap3.json --span 1 b200_cute 2026-09-12 >out 2>/dev/null &&
	sed -n "1p;/^  step:/p;/^speedup/p" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-12: undecided
	  step: helion speedup 1.596 -> 1.353 (-15.2% ± 0.5%) from 2026-09-08 to 2026-09-12, 33.1x its standard error (the series noise 0.5% a night): undecided, neither a step nor ruled out (no level holds on either side: the pair clears 3.0x its standard error and 2.0%)
	speedup: before 1.596, after 1.353, true -
	EOF
	test_cmp expect actual &&
	git benchbisect --file ../gap3.json --span 1 --bad $(nightly_sha 2026-09-12) --json b200_cute 2026-09-10 2>/dev/null |
		jq -c "[.cause, .evidence[0].values.before, .evidence[0].values.after]" >actual &&
	echo "[\"real_regression\",1.596,1.3529]" >expect &&
	test_cmp expect actual
'

# --good/--bad name a window days after the step between the 09-09 and
# 09-10 nightlies: none of its commits can be the cause. The verdict
# stands on the dashboard; no commit of that window is named or ranked.
test_expect_success '--good/--bad that miss the step'\''s nightlies: no culprit, and a warning says why' '
	cd regression &&
	G=$(nightly_short 2026-09-14) B=$(git rev-parse --short=8 $(nightly_short 2026-09-16)~1) &&
	git benchbisect --file ../regression.json --good $G --bad $B b200_cute 2026-09-10 >out 2>err &&
	head -n 1 out >actual &&
	echo "b200_cute on 2026-09-10: real regression" >expect &&
	test_cmp expect actual &&
	! grep -e "^culprit" -e "^candidates" out &&
	echo "warning: the window $G..$B of --good/--bad shares no commit with the step'\''s, $(nightly_short 2026-09-09)..$(nightly_short 2026-09-10) (the nightlies of 2026-09-09 and 2026-09-10): no commit in it is named" >expect &&
	grep "shares no commit" err >actual &&
	test_cmp expect actual &&
	json_is ../regression.json \
		"[.culprit, .candidates]" \
		"[null,[]]" --good $G --bad $B &&
	git benchbisect --file ../regression.json --good $(nightly_short 2026-09-09) --bad $(nightly_short 2026-09-10) b200_cute 2026-09-10 >out 2>err &&
	grep "^culprit: " out &&
	! grep "shares no commit" err
'

test_expect_success '--good and --bad on one commit: no quiet day, unless the nightlies ran on it' '
	cd regression &&
	X=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	git benchbisect --file ../regression.json --good $X --bad $X b200_cute 2026-09-10 >out 2>err &&
	sed -n "1p;/^  window/p;/^speedup/,\$p" out >actual &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  window: 0 first-parent commits in $X..$X
	speedup: before 1.593, after 1.355, true 1.355
	  the move is real: the after level is what Helion delivers now
	EOF
	test_cmp expect actual &&
	echo "warning: the window $X..$X of --good/--bad shares no commit with the step'\''s, $(nightly_short 2026-09-09)..$(nightly_short 2026-09-10) (the nightlies of 2026-09-09 and 2026-09-10): no commit in it is named" >expect &&
	grep "shares no commit" err >actual &&
	test_cmp expect actual &&
	cd ../empty &&
	B=$(nightly_short 2026-09-10) &&
	git benchbisect --file ../empty.json --good $B --bad $B b200_cute 2026-09-10 >out 2>err &&
	grep "^  window" out >actual &&
	echo "  window: empty: both nightlies ran on $B, so no code change lies between them" >expect &&
	test_cmp expect actual &&
	! grep "shares no commit" err
'

# A quiet day: the 09-09 and 09-10 nightlies ran one commit. --bad given
# the report's own first bad sha judges the pair the date names, not the
# one before it that the first of those nightlies ends.
test_expect_success '--bad naming the sha of a quiet day'"'"'s nightlies: the pair of the date' '
	cd empty &&
	B=$(nightly_short 2026-09-10) &&
	git benchbisect --file ../empty.json b200_cute 2026-09-10 >plain 2>/dev/null &&
	git benchbisect --file ../empty.json --bad $B b200_cute 2026-09-10 >out 2>err &&
	sed "s/^first bad: .*/first bad: $B (2026-09-08T10:30:00Z)/" plain >expect &&
	test_cmp expect out &&
	head -n 1 out >actual &&
	echo "b200_cute on 2026-09-10: hardware issue" >expect &&
	test_cmp expect actual &&
	! grep "shares no commit" err
'

# --bad naming a nightly two days before the step judges the pair it
# ends; the other timers are read over that pair's levels too, not across
# the step (they had read "speedup +0.1% and latency +17.7%").
test_expect_success '--bad naming a nightly before the step: every timer read over that pair' '
	cd regression &&
	git benchbisect --file ../regression.json --bad $(nightly_short 2026-09-08) b200_cute 2026-09-10 >out 2>err &&
	grep -e "^b200_cute" -e "^  implementations" -e "^  timers" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-10: noise
	  implementations: triton +0.4%, torch_compile +0.2% against helion +0.1%: no step beyond the noise to compare
	  timers: speedup +0.1% and latency +0.5%: no step beyond the noise to compare
	EOF
	test_cmp expect actual
'

test_expect_success 'manual runs do not move the verdict' '
	cd regression &&
	git benchbisect --file ../regression.json --all-runs b200_cute 2026-09-10 >all 2>/dev/null &&
	git benchbisect --file ../regression.json b200_cute 2026-09-10 >nightly 2>/dev/null &&
	head -n 1 nightly >actual &&
	echo "b200_cute on 2026-09-10: real regression" >expect &&
	test_cmp expect actual &&
	! test_cmp all nightly >/dev/null
'

# guide_block <first line>: the lines after it in docs/guide.md, up to the code block's end.
guide_block() {
	awk -v s="$1" '$0 == s { f = 1; next } f && /^```$/ { exit } f' "$SRC_DIR/docs/guide.md"
}

test_expect_success 'the guide shows these scenarios'"'"' reports as they print' '
	cd regression &&
	guide_block "\$ git benchbisect b200_cute 2026-09-10" >expect &&
	test $(wc -l <expect) -eq 27 &&
	git benchbisect --file ../regression.json b200_cute 2026-09-10 >actual 2>&1 &&
	test_cmp expect actual &&
	guide_block "\$ git benchbisect --json b200_cute 2026-09-10 | jq -c '\''.evidence[3]'\''" >expect &&
	test -s expect &&
	git benchbisect --file ../regression.json --json b200_cute 2026-09-10 2>/dev/null | jq -c ".evidence[3]" >actual &&
	test_cmp expect actual &&
	cd ../method &&
	guide_block "\$ git benchbisect b200_cute 2026-09-10 | sed -n '\''1p;/timers/p;/^  measurement/p;/^speedup/,\$p'\''" >expect &&
	test $(wc -l <expect) -eq 9 &&
	git benchbisect --file ../method.json b200_cute 2026-09-10 2>/dev/null |
		sed -n "1p;/timers/p;/^  measurement/p;/^speedup/,\$p" >actual &&
	test_cmp expect actual
'

test_done
