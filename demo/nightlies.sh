#!/bin/sh
# Print the gen-dashboard spec of the demo (run from inside the demo
# repository): one nightly a day at 08:20 UTC on the tip of main at 08:00,
# five CuTe kernels on b200_cute that drop about 12% from the 2026-09-10
# nightly on, three Triton kernels on b200 that stay flat, a manual run on a
# side branch that must not count, and a one-night outlier on 2026-09-05.
set -e
day=0
while [ $day -le 21 ]; do
	d=$(date -u -d "2026-08-28 + $day days" +%Y-%m-%d)
	sha=$(git rev-list --first-parent -1 --before="${d}T08:00:00Z" main)
	run=$((31000000000 + day))
	echo "run $run ${d}T08:20:00Z $sha"
	i=0
	for k in matmul softmax layer_norm rms_norm cross_entropy; do
		i=$((i + 1))
		base=$(echo "1.40 + $i * 0.05 + $(( (day * 7 + i * 3) % 5 )) * 0.004" | bc -l)
		[ "$d" \> 2026-09-09 ] && base=$(echo "$base * 0.88" | bc -l)
		[ "$d" = 2026-09-05 ] && [ $k = softmax ] && base=$(echo "$base * 0.80" | bc -l)
		lat=$(echo "0.020 / $base" | bc -l)
		printf 'val b200_cute %s %s %.4f %.4f %.4f %.5f\n' $k $run "$base" 1.21 1.05 "$lat"
	done
	for k in matmul softmax vector_add; do
		v=$(echo "1.10 + $(( (day * 5) % 3 )) * 0.005" | bc -l)
		printf 'val b200 %s %s %.4f %.4f %.4f %.5f\n' $k $run "$v" 1.02 0.98 0.0150
	done
	day=$((day + 1))
done
side=$(git rev-list --first-parent -1 --before=2026-09-12T12:00:00Z main)
echo "run 31000009999 2026-09-12T15:00:00Z $side branch=perf-experiment nightly=0"
echo "val b200_cute matmul 31000009999 0.5000 1.21 1.05 0.05000"
