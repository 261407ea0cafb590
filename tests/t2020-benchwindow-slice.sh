#!/bin/bash
# git benchwindow's slice: the default derived from the platform, stacked
# and mixed-case tags, --slice, config, --path, --only-slice, bad patterns.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

test_expect_success 'setup: a window of nine commits, tagged every which way' '
	git init -q -b main repo &&
	cd repo &&
	helion_commit 2026-09-06T10:00:00Z README.md "Initial import (#1)" &&
	helion_commit 2026-09-07T09:00:00Z helion/language/a.py "[cute] Use tcgen05 MMA for the epilogue (#2871)" &&
	helion_commit 2026-09-07T09:10:00Z helion/language/b.py "[CuTe] [reland] Double-buffer the TMA loads (#2873)" &&
	helion_commit 2026-09-07T09:20:00Z helion/language/c.py "[reland] [cutedsl] Fuse the softmax prologue (#2874)" &&
	helion_commit 2026-09-07T09:30:00Z helion/language/d.py "[CUTEDSL] Tune the warp specialisation (#2875)" &&
	helion_commit 2026-09-07T09:40:00Z helion/runtime/cute/launch.py "Share the launcher between backends (#2876)" &&
	helion_commit 2026-09-07T09:50:00Z helion/language/e.py "[Pallas] Pad block sizes to the TPU lane width (#2877)" &&
	helion_commit 2026-09-07T10:00:00Z helion/language/f.py "[cuteish] Not the CuTe slice (#2878)" &&
	helion_commit 2026-09-07T10:10:00Z helion/language/g.py "[ROCm][CI] Pin the MI350X runner image (#2879)" &&
	helion_commit 2026-09-07T10:20:00Z benchmarks/run.py "Drop --cudagraph for flex attention (#2880)"
'
cd "$TRASH/repo"
good=$(git rev-parse HEAD~9)
bad=$(git rev-parse HEAD)

# marks <args>...: "<0|1> <subject>" per window commit, oldest first
marks() {
	git benchwindow --file ../dash.json --good $good --bad $bad --json "$@" b200_cute 2026-09-07 >../out.json &&
	python3 -c '
import json, sys
for c in reversed(json.load(open(sys.argv[1]))["commits"]):
    print(int(c["slice_match"]), c["subject"])' ../out.json
}

# marks_are <marks> [<args>...]: marks with the args are <marks>, a 0 or 1
# a window commit, oldest first, each beside the commit's subject.
marks_are() {
	marks_are_want_=$1 &&
	shift &&
	marks "$@" >../actual &&
	echo "$marks_are_want_" | fold -w1 >../want &&
	git log --reverse --format=%s $good..$bad | paste -d" " ../want - >../expect &&
	test_cmp ../expect ../actual
}

test_expect_success 'set up a dashboard' '
	cd repo &&
	{ echo "run 1 2026-09-07T08:20:00Z $good" && echo "run 2 2026-09-08T08:20:00Z $bad" &&
	  echo "val b200_cute matmul 1 1.5" && echo "val b200_cute matmul 2 1.3" &&
	  echo "val mi350x matmul 1 1.5" && echo "val mi350x matmul 2 1.3"; } |
		python3 "$TEST_DIR/lib/gen-dashboard.py" >../dash.json
'

test_expect_success 'the default slice of b200_cute: any-case [cute] and [cutedsl], stacked, and cute paths' '
	cd repo &&
	marks_are 111110000
'

test_expect_success 'a platform without a backend suffix maps by hardware' '
	cd repo &&
	git benchwindow --file ../dash.json --good $good --bad $bad --json mi350x 2026-09-07 >../out.json &&
	grep "\"slice\":	\"(?i)\\\\\\\\\[(?:rocm|amd)\\\\\\\\\]\"" ../out.json &&
	grep -c "\"slice_match\":	true" ../out.json >../count &&
	echo 1 >../expect && test_cmp ../expect ../count
'

test_expect_success '--slice replaces the pattern, --path replaces the default paths' '
	cd repo &&
	marks_are 000001001 --slice "\[Pallas\]" --path benchmarks/
'

# A --path is from the top of the work tree, as git's "./x" is from the
# top there: ./benchmarks/ (what a shell completes after ./) marked no
# commit at all, silently, where benchmarks/ marks run.py's.
test_expect_success '--path ./<prefix> is the prefix from the top' '
	cd repo &&
	marks_are 000001001 --slice "\[Pallas\]" --path ./benchmarks/ &&
	marks_are 000001001 --slice "\[Pallas\]" --path ././benchmarks/run.py &&
	git benchwindow --file ../dash.json --good $good --bad $bad --json --path ./benchmarks \
		b200_cute 2026-09-07 >../out.json &&
	grep "^	\"slice_paths\":	\[\"benchmarks\"\],$" ../out.json
'

# A tree entry is never "", "/", "." or "..": such a --path marked no
# commit at all, silently. It names no prefix inside the tree; "/" as
# "everything" would put every commit in the slice, as an empty --slice
# would, so it is refused as git refuses a path outside the repository.
test_expect_success '--path that names no prefix inside the tree: fatal, the value quoted' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --path "" b200_cute 2026-09-07 >../out 2>../err &&
	echo "fatal: empty value for '\''--path'\'': give a path prefix from the top of the tree" >../expect &&
	test_cmp ../expect ../err &&
	test_must_be_empty ../out &&
	for p in / /srv/helion . ./ .. ../helion helion/../benchmarks helion/./runtime; do
		test_expect_code 128 git benchwindow --file ../dash.json --path benchmarks/ --path "$p" \
			b200_cute 2026-09-07 >../out 2>../err &&
		echo "fatal: --path '\''$p'\'' names no prefix inside the tree: give one from its top, such as '\''helion/runtime/cute/'\''" >../expect &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out || return 1
	done &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --path / >../out 2>../err &&
	echo "fatal: --path '\''/'\'' names no prefix inside the tree: give one from its top, such as '\''helion/runtime/cute/'\''" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchbisect --file ../dash.json --path / b200_cute 2026-09-07 >../out 2>../err &&
	test_cmp ../expect ../err
'

# A --path is a prefix, but a glob reached git's pathspec matching:
# "*" marked every commit that changed anything, as no prefix does.
test_expect_success '--path with a glob character or pathspec magic: fatal, not a pattern' '
	cd repo &&
	for p in "*" "helion/*" "bench?arks/" "[bh]elion/" "helion\\runtime" ":(exclude)docs" "./:docs"; do
		test_expect_code 128 git benchwindow --file ../dash.json --path "$p" \
			b200_cute 2026-09-07 >../out 2>../err &&
		echo "fatal: --path '\''$p'\'' is a pattern: it takes a path prefix from the top of the tree (no '\''*'\'', '\''?'\'', '\''['\'', '\''\\'\'' nor a leading '\'':'\'' unless GIT_LITERAL_PATHSPECS=1 takes them as they are), such as '\''helion/runtime/cute/'\''" >../expect &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out || return 1
	done &&
	test_expect_code 128 git benchbisect --file ../dash.json --path "*" b200_cute 2026-09-07 >../out 2>../err &&
	grep "^fatal: --path '\''\*'\'' is a pattern" ../err
'

# A directory whose name holds "[" or "*" could not be given at all: as
# in git, GIT_LITERAL_PATHSPECS=1 takes every character as it is.
test_expect_success 'GIT_LITERAL_PATHSPECS=1: a --path with "[" or "*" is that path, not a pattern' '
	git init -q -b main lit &&
	(
		cd lit &&
		helion_commit 2026-09-06T10:00:00Z README.md "Initial import (#1)" &&
		GIT_LITERAL_PATHSPECS=1 helion_commit 2026-09-07T09:00:00Z "k[1]/a.py" "Tune k[1] (#1)" &&
		helion_commit 2026-09-07T09:10:00Z k1/a.py "Tune k1 (#2)" &&
		GIT_LITERAL_PATHSPECS=1 helion_commit 2026-09-07T09:20:00Z "k*/a.py" "Tune k* (#3)" &&
		GIT_LITERAL_PATHSPECS=1 helion_commit 2026-09-07T09:30:00Z ":k/a.py" "Tune :k (#4)" &&
		for p in "k[1]/" "k*" ":k/a.py"; do
			GIT_LITERAL_PATHSPECS=1 git benchwindow --file ../dash.json --good HEAD~4 --bad HEAD \
				--slice "^$" --path "$p" --json b200_cute 2026-09-07 >../out.json &&
			python3 -c "import json, sys; print(\" \".join(c[\"subject\"] for c in json.load(open(sys.argv[1]))[\"commits\"] if c[\"slice_match\"]))" \
				../out.json >../actual &&
			echo "$p" >>../seen &&
			cat ../actual >>../seen || return 1
		done &&
		printf "%s\n" "k[1]/" "Tune k[1] (#1)" "k*" "Tune k* (#3)" ":k/a.py" "Tune :k (#4)" >../expect &&
		test_cmp ../expect ../seen &&
		test_expect_code 128 env GIT_LITERAL_PATHSPECS=0 git benchwindow --file ../dash.json --path "k[1]/" \
			b200_cute 2026-09-07 2>../err &&
		grep "^fatal: --path '\''k\[1\]/'\'' is a pattern" ../err &&
		test_expect_code 128 env GIT_LITERAL_PATHSPECS=maybe git benchwindow --file ../dash.json --path "k1/" \
			b200_cute 2026-09-07 >../out 2>../err &&
		echo "fatal: bad boolean environment value '\''maybe'\'' for '\''GIT_LITERAL_PATHSPECS'\''" >../expect &&
		test_cmp ../expect ../err &&
		test_must_be_empty ../out
	)
'

test_expect_success 'config bench.<platform>.slice, also through git -c' '
	cd repo &&
	git config bench.b200_cute.slice "ROCm" &&
	marks --path nowhere/ >../marks &&
	grep "^1" ../marks >../actual &&
	echo "1 [ROCm][CI] Pin the MI350X runner image (#2879)" >../expect &&
	test_cmp ../expect ../actual &&
	git -c bench.b200_cute.slice="cudagraph" benchwindow --file ../dash.json --good $good --bad $bad \
		--path nowhere/ --only-slice b200_cute 2026-09-07 >../out &&
	grep "^\* " ../out >../actual &&
	echo "* $(git rev-parse --short=8 HEAD) 2026-09-07 Drop --cudagraph for flex attention (#2880)" >../expect &&
	test_cmp ../expect ../actual &&
	tail -1 ../out >../actual && echo "9 commits, 1 in the slice" >../expect && test_cmp ../expect ../actual &&
	git config --unset bench.b200_cute.slice
'

test_expect_success '--only-slice lists only the slice' '
	cd repo &&
	git benchwindow --file ../dash.json --good $good --bad $bad --only-slice b200_cute 2026-09-07 >../out &&
	test $(grep -c "^\* " ../out) = 5 && test $(grep -c "^  [0-9a-f]\{8\} 2026-09-07 " ../out) = 0
'

test_expect_success 'an invalid pattern gives the PCRE2 message and offset' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --slice "[cute" b200_cute 2026-09-07 2>../err &&
	echo "fatal: invalid slice pattern '\''[cute'\'': missing terminating ] for character class at offset 5" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'an invalid configured pattern names its key' '
	cd repo &&
	test_expect_code 128 git -c bench.b200_cute.slice="(" benchwindow --file ../dash.json b200_cute 2026-09-07 2>../err &&
	echo "fatal: bench.b200_cute.slice: invalid slice pattern '\''('\'': missing closing parenthesis at offset 1" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git -c bench.b200_cute.slice="(" benchbisect --file ../dash.json b200_cute 2026-09-07 2>../err &&
	test_cmp ../expect ../err
'

test_expect_success 'a slice key without a value, an empty one, or an empty --slice: fatal' '
	cd repo &&
	test_expect_code 128 git -c bench.b200_cute.slice benchwindow --file ../dash.json b200_cute 2026-09-07 >../out 2>../err &&
	echo "fatal: missing value for '\''bench.b200_cute.slice'\''" >../expect &&
	test_cmp ../expect ../err &&
	test_must_be_empty ../out &&
	test_expect_code 128 git -c bench.b200_cute.slice= benchbisect --file ../dash.json b200_cute 2026-09-07 >../out 2>../err &&
	echo "fatal: empty value for '\''bench.b200_cute.slice'\'': give a pattern or unset it" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --file ../dash.json --slice "" b200_cute 2026-09-07 >../out 2>../err &&
	echo "fatal: empty value for '\''--slice'\'': give a pattern" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../dash.json --slice "" >../out 2>../err &&
	test_cmp ../expect ../err
'

test_expect_success '--no-slice: the derived pattern, whatever bench.<platform>.slice says' '
	cd repo &&
	git benchwindow --file ../dash.json --good $good --bad $bad b200_cute 2026-09-07 >../expect &&
	git -c bench.b200_cute.slice="(" benchwindow --file ../dash.json --good $good --bad $bad \
		--slice ROCm --no-slice b200_cute 2026-09-07 >../actual &&
	test_cmp ../expect ../actual &&
	git -c bench.b200_cute.slice="(" benchbisect --file ../dash.json --no-slice b200_cute 2026-09-07 >../out 2>../err &&
	test_cmp /dev/null ../err
'

test_done
