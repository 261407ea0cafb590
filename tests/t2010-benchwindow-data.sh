#!/bin/bash
# git benchwindow on real-world data quirks: both schemas, runs that are
# not nightlies, fabricated full_sha values, missing, ambiguous and equal
# shas, kernel-set changes and outliers.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

test_expect_success 'setup: the Helion-like repository' '
	make_helion_repo repo
'
cd "$TRASH/repo"
good=$(nightly_sha 2026-09-07)
bad=$(nightly_sha 2026-09-08)
gen() { python3 "$TEST_DIR/lib/gen-dashboard.py" "$@"; }

# series <platform> <kernel> <value of each day 02..14 ...>: val lines for the runs of cute_spec
series() {
	p=$1 k=$2 &&
	shift 2 &&
	i=0 &&
	for v in "$@"; do
		i=$((i + 1)) &&
		echo "val $p $k 3000000$i $v 1.21 1.05 0.0133" || return 1
	done
}
runs() { nightly_runs "$@"; }
ends() { # ends <json>: "last_good.sha first_bad.sha"
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["last_good"]["sha"], d["first_bad"]["sha"])' "$1"
}

# near_is <dashboard> <date> <line>: the window of b200_cute at the date
# says no step, in the one line expected.
near_is() {
	git benchwindow --file "$1" b200_cute "$2" >../out &&
	grep "near" ../out >../actual &&
	echo "$3" >../expect &&
	test_cmp ../expect ../actual
}

# json_is <dashboard> <date> <jq filter> <expected>: the --json window of
# b200_cute at the date, through jq -c, is the one line expected.
json_is() {
	git benchwindow --file "$1" --json b200_cute "$2" >../out.json &&
	jq -c "$3" ../out.json >../actual &&
	echo "$4" >../expect &&
	test_cmp ../expect ../actual
}

test_expect_success 'the legacy schema loads, fabricated full_sha values fall back to the prefix' '
	cd repo &&
	{ runs fullsha=fake && series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } |
		gen --legacy >../legacy.json &&
	! grep -q is_nightly ../legacy.json &&
	grep -q compile_time_avg_s ../legacy.json &&
	git benchwindow --file ../legacy.json --json b200_cute 2026-09-08 >../out.json &&
	echo "$good $bad" >../expect &&
	ends ../out.json >../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'a legacy run on a side branch is not a nightly' '
	cd repo &&
	{ runs && echo "run 39 2026-09-10T12:00:00Z HEAD branch=perf-experiment" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3 &&
	  echo "val b200_cute matmul 39 0.2"; } | gen --legacy >../legacy-side.json &&
	git benchwindow --file ../legacy-side.json --json b200_cute 2026-09-08 >../out.json &&
	! grep -q "\"run_id\":	\"39\"" ../out.json &&
	echo "$good $bad" >../expect && ends ../out.json >../actual && test_cmp ../expect ../actual
'

test_expect_success 'manual and side-branch runs do not move the step' '
	cd repo &&
	{ runs &&
	  echo "run 41 2026-09-04T12:00:00Z $(nightly_sha 2026-09-04) nightly=0" &&
	  echo "run 42 2026-09-05T12:00:00Z $(nightly_sha 2026-09-05) branch=perf nightly=1" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3 &&
	  echo "val b200_cute matmul 41 0.4" && echo "val b200_cute matmul 42 0.4"; } | gen >../manual.json &&
	git benchwindow --file ../manual.json --json b200_cute 2026-09-06 >../out.json &&
	echo "$good $bad" >../expect && ends ../out.json >../actual && test_cmp ../expect ../actual &&
	git benchwindow --file ../manual.json --all-runs --json b200_cute 2026-09-06 >../all.json &&
	grep -q "\"run_id\":	\"41\"" ../all.json && grep -q "\"run_id\":	\"42\"" ../all.json
'

# A sha that names a tree or a blob here is no missing commit: no fetch
# brings one, so there is no fetch hint.
test_expect_success 'a nightly sha naming a tree: said so, no fetch hint' '
	cd repo &&
	tree=$(git rev-parse $bad^{tree}) &&
	{ runs | sed "s/ $bad\$/ $tree/" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } | gen >../tree.json &&
	test_expect_code 1 git benchwindow --file ../tree.json b200_cute 2026-09-08 >../out 2>../err &&
	echo "warning: sha '\''$(echo $tree | cut -c1-8)'\'' of run '\''30000007'\'' (2026-09-08T08:20:00Z) names a tree, not a commit" >../expect &&
	test_cmp ../expect ../err &&
	grep "^first bad: $(echo $tree | cut -c1-8) (run 30000007, 2026-09-08T08:20:00Z), not a commit\$" ../out
'

test_expect_success 'a nightly missing locally is reported with a fetch hint, the rest still printed' '
	cd repo &&
	{ runs | sed "s/ $bad\$/ 0123456789abcdef0123456789abcdef01234567/" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } | gen >../missing.json &&
	test_expect_code 1 git benchwindow --file ../missing.json b200_cute 2026-09-08 >../out 2>../err &&
	cat >../expect <<-EOF &&
	warning: commit '\''01234567'\'' of run '\''30000007'\'' (2026-09-08T08:20:00Z) is not in this repository
	hint: run '\''git fetch'\'' to get the missing commit, or give --good/--bad
	EOF
	test_cmp ../expect ../err &&
	grep "^step: 2026-09-07 -> 2026-09-08" ../out &&
	grep "^first bad: 01234567 (run 30000007, 2026-09-08T08:20:00Z), not in this repository\$" ../out &&
	! grep -q "^first-parent" ../out &&
	test_expect_code 1 git benchwindow --file ../missing.json --json b200_cute 2026-09-08 >../out.json 2>/dev/null &&
	python3 -c "import json; d = json.load(open(\"../out.json\")); assert d[\"commits\"] is None and d[\"first_bad\"][\"sha\"] is None and d[\"first_bad\"][\"run_id\"] == \"30000007\", d"
'

test_expect_success 'an ambiguous short sha is an error listing the candidates' '
	cd repo &&
	for i in $(seq 1 700); do echo "blob $i"; done >../blobs &&
	split -l 1 -a 3 ../blobs ../blob. &&
	git hash-object -w ../blob.* | cut -c1-4 | sort | uniq -d | head -1 >../prefix &&
	test -s ../prefix &&
	p=$(cat ../prefix) &&
	{ runs | sed "s/ $bad\$/ $bad fullsha=none/" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } |
		gen | sed "s/\"sha\": \"${bad:0:8}\"/\"sha\": \"$p\"/" >../ambiguous.json &&
	test_expect_code 128 git benchwindow --file ../ambiguous.json b200_cute 2026-09-08 >../out 2>../err &&
	head -1 ../err >../first &&
	echo "fatal: short sha '\''$p'\'' of run '\''30000007'\'' is ambiguous" >../expect &&
	test_cmp ../expect ../first &&
	sed -n 2p ../err >../second &&
	echo "hint: the candidates are:" >../expect &&
	test_cmp ../expect ../second &&
	test $(grep -c "^hint:   $p[0-9a-f]* blob\$" ../err) -ge 2
'

test_expect_success 'two nightlies on the same sha make an empty window, and say so' '
	cd repo &&
	{ runs | sed "s/ $bad\$/ $good/" &&
	  series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } | gen >../quiet.json &&
	git benchwindow --file ../quiet.json b200_cute 2026-09-08 >../out &&
	grep "^empty window: both nightlies ran on ${good:0:8}, so no code change lies between them\$" ../out &&
	git benchwindow --file ../quiet.json --json b200_cute 2026-09-08 >../out.json &&
	python3 -c "import json; d = json.load(open(\"../out.json\")); assert d[\"empty\"] is True and d[\"commits\"] == [], d"
'

# "Both nightlies ran on" it was said of any two ends on one commit: of
# --good and --bad naming one, or --bad naming the last good nightly's.
test_expect_success '--good and --bad on one commit: 0 commits, no empty window of nightlies' '
	cd repo &&
	{ runs && series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5; } | gen >../flat.json &&
	git benchwindow --file ../flat.json --good $good --bad $good b200_cute 2026-09-08 >../out &&
	sed -n "/^first-parent/,\$p" ../out >../actual &&
	cat >../expect <<-EOF &&
	first-parent commits in ${good:0:8}..${good:0:8}, newest first (* = slice (?i)\[(?:cute|cutedsl)\] or paths helion/_compiler/cute/, helion/runtime/cute/):
	0 commits, 0 in the slice
	EOF
	test_cmp ../expect ../actual &&
	first=$(nightly_sha 2026-09-02) &&
	git benchwindow --file ../flat.json --bad $first b200_cute 2026-09-03 >../out &&
	sed -n "/^first-parent/,\$p" ../out >../actual &&
	sed "s/${good:0:8}/${first:0:8}/g" ../expect >../expect.first &&
	test_cmp ../expect.first ../actual &&
	git benchwindow --file ../flat.json --json --good $good --bad $good b200_cute 2026-09-08 >../out.json &&
	jq -c "[.empty, .commits]" ../out.json >../actual &&
	echo "[false,[]]" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'a kernel-set change is not a step; the real step nearby is' '
	cd repo &&
	{ runs &&
	  for k in matmul softmax layer_norm rms_norm cross_entropy; do
		series b200_cute $k 1.50 1.50 1.51 1.50 1.50 1.51 1.50 1.50 1.32 1.32 1.33 1.32 1.32 || return 1
	  done &&
	  for k in gemm_a gemm_b gemm_c gemm_d gemm_e gemm_f gemm_g; do
		series b200_cute $k 3.0 3.0 3.0 | sed "s/ 3.0 / 3.0 /" || return 1
	  done; } | gen >../set.json &&
	git benchwindow --file ../set.json --json b200_cute 2026-09-07 >../out.json &&
	python3 - ../out.json "$(nightly_sha 2026-09-10)" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["first_bad"]["sha"] == sys.argv[2], d["first_bad"]
	assert d["first_bad"]["date"] == "2026-09-10T08:20:00Z"
	by_day = {p["date"][:10]: p for p in d["series"]}
	assert by_day["2026-09-05"]["kernel_set_changed"] is True
	assert by_day["2026-09-04"]["kernels"] == 12 and by_day["2026-09-05"]["kernels"] == 5
	assert by_day["2026-09-04"]["helion_raw"] > 2.2 and by_day["2026-09-05"]["helion_raw"] < 1.6
	assert abs(by_day["2026-09-05"]["helion"] / by_day["2026-09-04"]["helion"] - 1) < 0.01
	assert abs(d["step"]["change_pct"] + 12) < 0.5, d["step"]
	PY
'

test_expect_success 'one-night outliers next to a real step do not move it' '
	cd repo &&
	{ runs && series b200_cute matmul 1.50 1.51 1.50 1.05 1.50 1.95 1.32 1.32 1.33 1.32 1.32 1.31 1.32; } |
		gen >../outlier.json &&
	git benchwindow --file ../outlier.json --json b200_cute 2026-09-07 >../out.json &&
	echo "$(nightly_sha 2026-09-06) $bad" >../expect && ends ../out.json >../actual && test_cmp ../expect ../actual &&
	grep -q "\"persistent\":	true" ../out.json
'

test_expect_success 'the spike on the last good night stays inside the window' '
	cd repo &&
	git benchwindow --file ../outlier.json b200_cute 2026-09-07 >../out &&
	grep "^step: 2026-09-06 -> 2026-09-08, .*, persistent; 1 nightly between could be on either side\$" ../out
'

# Two steps of -10% a night apart: the 09-08 nightly lies halfway, many
# standard errors off both levels. It is evidence for neither side, so
# the window takes it in and reaches the second step's nightly, and the
# line says the window may hold two changes.
test_expect_success 'two steps a night apart: the window holds both' '
	cd repo &&
	{ runs && series b200_cute matmul 1.50 1.51 1.50 1.50 1.51 1.50 1.35 1.22 1.22 1.21 1.22 1.22 1.22; } |
		gen >../two-steps.json &&
	git benchwindow --file ../two-steps.json b200_cute 2026-09-09 >../out &&
	grep "^step: " ../out >../actual &&
	echo "step: 2026-09-07 -> 2026-09-09, helion 1.503 -> 1.222 (-18.7% ± 0.4%; levels of 6 and 7 nightlies), 53.5x its standard error (noise 0.7% a night), persistent; 1 nightly between lies off both levels: the window may hold two changes" >../expect &&
	test_cmp ../expect ../actual &&
	json_is ../two-steps.json 2026-09-09 ".step.between_off_both[:10]" "\"2026-09-08\"" &&
	json_is ../outlier.json 2026-09-07 ".step.between_off_both" null
'

test_expect_success 'a one-night spike alone is no persistent step' '
	cd repo &&
	{ runs && series b200_cute matmul 1.50 1.51 1.50 1.50 1.50 1.50 1.10 1.50 1.51 1.50 1.50 1.51 1.50; } |
		gen >../spike.json &&
	git benchwindow --file ../spike.json --json b200_cute 2026-09-08 >../out.json &&
	python3 -c "import json; d = json.load(open(\"../out.json\")); s = d[\"step\"]; assert not s[\"persistent\"] or abs(s[\"change_pct\"]) < 1, s"
'

# The pairs onto the spike and off it read +0.0% "within --min-change":
# the span's levels, which set the spike aside. Each shows its own move.
# (The level's nights of 1.50 and 1.51 were once folded as two machine
# states; a state that comes and goes a night at a time inside one level
# is none, so the level is their mean: -26.75% where it read -26.67%.)
test_expect_success 'a one-night spike: the pairs onto it and off it show its move' '
	cd repo &&
	near_is ../spike.json 2026-09-08 \
		"no step beyond the noise near 2026-09-08: 2026-09-07 -> 2026-09-08 moves -26.7% ± 0.8%, 41.4x its standard error (noise 0.7% a night), a one-night spike: back at the level before after 1 nightly; showing that nightly pair" &&
	near_is ../spike.json 2026-09-09 \
		"no step beyond the noise near 2026-09-09: 2026-09-08 -> 2026-09-09 moves +36.7% ± 0.8%, 41.5x its standard error (noise 0.7% a night), a one-night spike: back at the level before, after 1 nightly off it; showing that nightly pair" &&
	json_is ../spike.json 2026-09-08 \
		"[.step.found, .step.persistent, .step.reason, .step.change_pct]" \
		"[false,false,\"a one-night spike\",-26.75]"
'

# Asked about the night of a spike, the answer is the step six nights
# later, and a line says why the spike itself was set aside: the table
# shows a -27% night that no other line explained.
test_expect_success 'a date on a spike beside a step: the spike is named as set aside' '
	cd repo &&
	{ runs && series b200_cute matmul 1.50 1.51 1.10 1.50 1.51 1.50 1.50 1.51 1.30 1.31 1.30 1.31 1.30; } |
		gen >../spike-step.json &&
	git benchwindow --file ../spike-step.json b200_cute 2026-09-04 >../out &&
	grep "^step: \|^set aside" ../out >../actual &&
	cat >../expect <<-\EOF &&
	step: 2026-09-09 -> 2026-09-10, helion 1.504 -> 1.304 (-13.3% ± 0.4%; levels of 7 and 5 nightlies), 32.5x its standard error (noise 0.7% a night), persistent
	set aside at 2026-09-04: 2026-09-03 -> 2026-09-04 moves -26.9% ± 0.9%, 34.1x its standard error (noise 0.7% a night), a one-night spike: back at the level before after 1 nightly
	EOF
	test_cmp ../expect ../actual &&
	git benchwindow --file ../spike-step.json --format=markdown b200_cute 2026-09-05 >../out.md &&
	grep "^- \*\*set aside" ../out.md >../actual &&
	echo "- **set aside** at 2026-09-05: 2026-09-04 → 2026-09-05 moves +36.7% ± 0.8%, 38.1× its standard error (noise 0.7% a night), a one-night spike: back at the level before, after 1 nightly off it" >../expect &&
	test_cmp ../expect ../actual &&
	json_is ../spike-step.json 2026-09-04 ".set_aside | [.last_date[:10], .date[:10], .change_pct, .reason, .nightlies_off]" \
		"[\"2026-09-03\",\"2026-09-04\",-26.91,\"a one-night spike\",1]" &&
	for d in 2026-09-06 2026-09-10; do
		json_is ../spike-step.json $d ".set_aside" null || return 1
	done
'

# A dip of two nightlies that comes back is no step, but the pair at its
# start moved -13%: that pair's own move and the dip are the reason, not
# the span's level around it (-0.4%, "within --min-change").
test_expect_success 'a dip of two nightlies that reverts: the pair shows its move and the dip' '
	cd repo &&
	{ runs && series b200_cute matmul 1.50 1.51 1.50 1.50 1.51 1.50 1.30 1.31 1.50 1.51 1.50 1.51 1.50; } |
		gen >../dip.json &&
	near_is ../dip.json 2026-09-08 \
		"no step beyond the noise near 2026-09-08: 2026-09-07 -> 2026-09-08 moves -13.2% ± 0.7%, 20.3x its standard error (noise 0.7% a night), a dip that reverts: back at the level before after 2 nightlies; showing that nightly pair" &&
	git benchwindow --file ../dip.json --format=markdown b200_cute 2026-09-08 >../out.md &&
	grep "^- \*\*no step\*\*" ../out.md >../actual &&
	echo "- **no step** beyond the noise: 2026-09-07 → 2026-09-08 moves -13.2% ± 0.7%, 20.3× its standard error (noise 0.7% a night), a dip that reverts: back at the level before after 2 nightlies" >../expect &&
	test_cmp ../expect ../actual &&
	json_is ../dip.json 2026-09-08 \
		"[.step.found, .step.undecided, .step.change_pct, .step.nr_after, .step.reason]" \
		"[false,false,-13.19,2,\"a dip that reverts\"]"
'

test_expect_success 'the pair that ends a dip shows the move back' '
	cd repo &&
	near_is ../dip.json 2026-09-10 \
		"no step beyond the noise near 2026-09-10: 2026-09-09 -> 2026-09-10 moves +15.2% ± 0.7%, 19.9x its standard error (noise 0.7% a night), a dip that reverts: back at the level before, after 2 nightlies off it; showing that nightly pair"
'

# --bad naming the nightly that starts or ends the dip, asked from another
# date: the pair read "-0.4% within --min-change" (the bounded levels
# never asked for the dip).
test_expect_success '--bad at a dip'\''s nightlies: the pair is the dip'\''s, as from its own date' '
	cd repo &&
	for d in 2026-09-08 2026-09-10; do
		sha=$(jq -r ".summary[0].history[] | select(.date | startswith(\"$d\")) | .full_sha" ../dip.json) &&
		git benchwindow --file ../dip.json --bad $sha b200_cute 2026-09-12 2>/dev/null | grep "near" >../actual &&
		git benchwindow --file ../dip.json b200_cute $d | grep "near" | sed "s/near $d/near 2026-09-12/" >../expect &&
		test_cmp ../expect ../actual || return 1
	done
'

# A nightly that failed (its helion speedups 0 or null) has no move: the
# pair asked about was shown onto it as "+nan% ± nan%" (the newest) or as
# a "+0.0%" it never measured (a middle one, its window a night short).
test_expect_success 'a nightly without a helion speedup: the pair is from the measured ones around it' '
	cd repo &&
	{ runs && series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 null 1.5 1.5 1.5 null; } | gen >../failed.json &&
	near_is ../failed.json 2026-09-14 "no step beyond the noise near 2026-09-14: 2026-09-12 -> 2026-09-13 moves +0.0% ± 0.5% (levels of 7 nightlies and 1 nightly), 0.0x its standard error (noise 0.5% a night), within --min-change (a step needs 3.0x and 2.0%); showing that nightly pair" &&
	json_is ../failed.json 2026-09-14 "[.step.change_pct, .step.before, .last_good.sha, .first_bad.sha]" \
		"[0,1.5,\"$(nightly_sha 2026-09-12)\",\"$(nightly_sha 2026-09-13)\"]" &&
	for d in 2026-09-10 2026-09-11; do
		near_is ../failed.json $d "no step beyond the noise near $d: 2026-09-09 -> 2026-09-11 moves +0.0% ± 0.3% (levels of 7 and 3 nightlies), 0.0x its standard error (noise 0.5% a night), within --min-change (a step needs 3.0x and 2.0%); showing that nightly pair" || return 1
	done &&
	json_is ../failed.json 2026-09-10 "[.last_good.sha, .first_bad.sha, .sparse_kernels]" \
		"[\"$(nightly_sha 2026-09-09)\",\"$(nightly_sha 2026-09-11)\",[]]"
'

test_expect_success 'the Pretuned tab reads geomean rows' '
	cd repo &&
	{ runs && series b200_cute matmul 1.5 1.5 1.5 1.5 1.5 1.5 1.3 1.3 1.3 1.3 1.3 1.3 1.3; } |
		gen --pretuned >../pretuned.json &&
	grep -q "\"kernels\"" ../pretuned.json &&
	git benchwindow --pretuned --file ../pretuned.json --json b200_cute 2026-09-08 >../out.json &&
	echo "$good $bad" >../expect && ends ../out.json >../actual && test_cmp ../expect ../actual
'

test_expect_success 'a mistyped key is an error with its JSON path' '
	cd repo &&
	python3 -c "import json; d = json.load(open(\"../pretuned.json\")); d[\"summary\"][0][\"history\"][0][\"sha\"] = 12; json.dump(d, open(\"../bad.json\", \"w\"))" &&
	test_expect_code 128 git benchwindow --file ../bad.json b200_cute 2026-09-08 2>../err &&
	echo "fatal: '\''summary[0].history[0].sha'\'' is not a string in '\''../bad.json'\''" >../expect &&
	test_cmp ../expect ../err &&
	echo "{\"summary\": [{\"kernel\": \"k\", \"platform_short\": \"p\"}]}" >../nohist.json &&
	test_expect_code 128 git benchwindow --file ../nohist.json p 2026-09-08 2>../err &&
	echo "fatal: '\''summary[0].history'\'' is missing in '\''../nohist.json'\''" >../expect &&
	test_cmp ../expect ../err &&
	echo "{\"summary\": [{\"kernel\": \"k\", \"platform_short\": \"\", \"history\": []}]}" >../noname.json &&
	test_expect_code 128 git benchwindow --file ../noname.json --list-platforms 2>../err &&
	echo "fatal: '\''summary[0].platform_short'\'' is empty in '\''../noname.json'\''" >../expect &&
	test_cmp ../expect ../err &&
	test_expect_code 128 git benchwindow --scan --file ../noname.json 2>../err &&
	test_cmp ../expect ../err &&
	printf "{\"summary\": [" >../trunc.json &&
	test_expect_code 128 git benchwindow --file ../trunc.json p 2026-09-08 2>../err &&
	grep "^fatal: '\''../trunc.json'\'' is not valid JSON" ../err
'

test_done
