# Helpers that build a small Helion-like repository for the window tests:
# squash-merged, bracket-tagged subjects, two commits a day at fixed times,
# and nightlies that ran on the tip of main at 08:00 UTC.

# helion_commit <iso-date> <path> <subject>: test_commit_at, with the
# subject appended to path.
helion_commit() {
	test_commit_at "$1" "$3" "$2"
}

# helion_day <day> <#a> <path> <subject> <#b>: a day's two ordinary
# commits, "Add hl.split for tile loops" on helion/language/ops.py at
# 10:00Z (PR #a), then the subject on path at 16:00+05:30 (PR #b), each
# subject ending ", day DD (#PR)".
helion_day() {
	helion_commit "${1}T10:00:00Z" helion/language/ops.py "Add hl.split for tile loops, day ${1#*-*-} ($2)" &&
	helion_commit "${1}T16:00:00+05:30" "$3" "$4, day ${1#*-*-} ($5)"
}

# nightly_sha <day>: the commit the 08:20 nightly of <day> ran on.
nightly_sha() {
	git rev-list --first-parent -1 --before="$1T08:00:00Z" main
}

# nightly_short <day>: the 8-hex sha of that nightly, as the reports print it.
nightly_short() {
	nightly_sha "$1" | cut -c1-8
}

# subject_commit <subject regex>: the full sha of the one commit of HEAD
# whose whole subject matches (a sed basic regex); fails unless exactly one
# does, so an expected sha can never silently be empty.
subject_commit() {
	subject_commit_log_=$(git log --format='%H %s') &&
	subject_commit_=$(printf '%s\n' "$subject_commit_log_" | sed -n "s/^\([0-9a-f]*\) $1\$/\1/p") &&
	case $subject_commit_ in
	"" | *[!0-9a-f]*)
		echo "subject_commit: not exactly one commit matches '$1': $subject_commit_" >&2
		return 1 ;;
	esac &&
	echo "$subject_commit_"
}

# make_helion_repo <dir>: 2026-09-01 .. 2026-09-14, two commits a day; the
# window of the 2026-09-08 nightly (commits of 2026-09-07) holds a [cute]
# commit, a stacked-tag [CuTe] [reland] one and an untagged one touching
# helion/_compiler/cute/.
make_helion_repo() {
	git init -q -b main "$1" &&
	(
		cd "$1" &&
		for d in 01 02 03 04 05 06 07 08 09 10 11 12 13 14; do
			day=2026-09-$d &&
			if [ $d = 07 ]; then
				helion_commit "${day}T11:00:00+02:00" helion/_compiler/cute/mma.py \
					"[cute] Use tcgen05 MMA for the matmul epilogue (#2871)" &&
				helion_commit "${day}T12:30:00-04:00" helion/_compiler/cute/pipeline.py \
					"[CuTe] [reland] Double-buffer the TMA loads (#2873)" &&
				helion_commit "${day}T18:00:00Z" helion/_compiler/cute/layout.py \
					"Share layout helpers between backends (#2874)" &&
				helion_commit "${day}T19:00:00Z" helion/language/tile_ops.py \
					"[Pallas] Pad block sizes to the TPU lane width (#2875)" &&
				continue
			fi &&
			helion_day $day "#28$d" test/test_misc.py \
				"[autotuner] Shrink the default population" "#29$d" || exit 1
		done
	)
}

# nightly_runs [<run options>...]: the gen-dashboard "run" lines of the
# nightlies 2026-09-02 .. 2026-09-14, run ids 30000001 .. 30000013.
nightly_runs() {
	i=0 &&
	for d in 02 03 04 05 06 07 08 09 10 11 12 13 14; do
		i=$((i + 1)) &&
		sha=$(nightly_sha 2026-09-$d) &&
		echo "run 3000000$i 2026-09-${d}T08:20:00Z $sha${*:+ $*}" || return 1
	done
}

# cute_spec: a gen-dashboard spec (run in the repo) with five CuTe kernels
# that drop 12% from the 2026-09-08 nightly on, and flat b200 kernels.
cute_spec() {
	nightly_runs &&
	i=0 &&
	for d in 02 03 04 05 06 07 08 09 10 11 12 13 14; do
		i=$((i + 1)) &&
		f=1.0 &&
		if [ $d \> 07 ]; then f=0.88; fi &&
		w=$((i % 3)) &&
		for k in matmul softmax layer_norm rms_norm cross_entropy; do
			echo "val b200_cute $k 3000000$i $(echo "(1.5 + $w * 0.003) * $f" | bc -l | cut -c1-6) 1.21 1.05 $(echo "0.02 / ((1.5 + $w * 0.003) * $f)" | bc -l | cut -c1-7)" || return 1
		done &&
		echo "val b200 matmul 3000000$i 1.10 1.02 0.98 0.015" || return 1
	done
}
