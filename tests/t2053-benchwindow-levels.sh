#!/bin/bash
# git benchwindow judged by the levels of every nightly (issue 24): a
# small step held for weeks, a step under a weekly pattern (two a night
# apart under one), a step inside a run of missing nightlies, a drift (sharp or gentle) named as a drift
# with its span as the window, two steps close together that are not a
# drift, and one kernel's step answered when the geomean does not clear
# its bar. Six weeks of nightlies, one commit a day, fixed noise.
. "$(dirname "$0")/lib/test-lib.sh"

# levels_spec <scenario> [<seed>]: a gen-dashboard spec for the repository in the
# current directory; nightlies 2026-08-01 .. 2026-09-11 at 08:20Z.
levels_spec() {
	for sha in $(git rev-list --reverse main); do echo "$sha"; done >shas &&
	python3 - "$@" <<-\PY
	import datetime, math, random, sys
	scenario = sys.argv[1]
	rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 24)
	shas = open("shas").read().split()
	kernels = ["matmul", "softmax", "layer_norm", "rms_norm", "cross_entropy"]
	start = datetime.date(2026, 8, 1)
	for i, sha in enumerate(shas[1:]):
	    day = start + datetime.timedelta(days=i)
	    if scenario == "gap" and datetime.date(2026, 8, 17) <= day <= datetime.date(2026, 8, 19):
	        continue
	    run = 40000000 + i
	    print("run %d %sT08:20:00Z %s" % (run, day, sha))
	    after = day >= datetime.date(2026, 8, 20)
	    for k in kernels:
	        level, noise = 0.0, {"small": 0.012, "faint": 0.018, "noisy": 0.06}.get(scenario, 0.004)
	        if scenario in ("small", "faint") and after:
	            level = math.log(0.978)                 # -2.2%, about 4x the geomean's noise a night
	        elif scenario == "weekly":
	            wave = 0.03 * math.sin(2 * math.pi * day.weekday() / 7)    # a 7-day wave of 3%
	            level = wave + (math.log(0.96) if after else 0)
	        elif scenario == "weeklytwo":
	            wave = 0.03 * math.sin(2 * math.pi * day.weekday() / 7)
	            level = wave + (math.log(0.90) if day >= datetime.date(2026, 8, 18) else 0) + \
	                    (math.log(0.90) if day >= datetime.date(2026, 8, 19) else 0)    # -10% twice
	        elif scenario == "gap" and after:
	            level = math.log(0.95)
	        elif scenario == "drift":
	            f = min(max((day - datetime.date(2026, 8, 15)).days / 12, 0), 1)
	            level = f * math.log(0.90)              # -10% over 08-16 .. 08-27
	        elif scenario == "slowdrift":
	            noise = 0.02
	            f = min(max((day - datetime.date(2026, 8, 11)).days / 18, 0), 1)
	            level = f * math.log(0.94)              # -6% over 08-12 .. 08-29
	        elif scenario == "stairs":
	            noise = 0.018                           # the geomean's 0.8% a night
	            level = (math.log(1.036) if after else 0) + \
	                    (math.log(1.055) if day >= datetime.date(2026, 8, 24) else 0)
	        elif scenario == "newest" and day == datetime.date(2026, 9, 11):
	            level = math.log(0.90)                  # -10% on the newest nightly
	        elif scenario == "oldest" and day > start:
	            level = math.log(0.70)                  # -30% after the first nightly
	        elif scenario == "apart":
	            noise = 0.004 if k in ("matmul", "softmax") else 0.012
	            if k == "matmul" and after:
	                level = math.log(0.94)              # -6% on 08-20
	            elif k == "softmax" and day >= datetime.date(2026, 8, 22):
	                level = math.log(0.93)              # -7% two nights later
	        elif scenario == "onekernel":
	            noise = 0.002 if k == "softmax" else 0.006
	            if k == "softmax" and after:
	                level = math.log(0.93)              # the geomean moves -1.4%
	        v = 1.5 * math.exp(level + rnd.gauss(0, noise))
	        print("val b200 %s %d %.5f 1.20 1.05 %.6f" % (k, run, v, 0.02 / v))
	PY
}

test_expect_success 'setup: six weeks of daily commits and a dashboard per scenario' '
	git init -q -b main repo &&
	(
		cd repo &&
		for i in $(seq 0 42); do
			day=$(date -u -d "2026-07-31 + $i days" +%Y-%m-%d) &&
			GIT_AUTHOR_DATE="${day}T06:00:00Z" GIT_COMMITTER_DATE="${day}T06:00:00Z" \
				git commit -q --allow-empty -m "Change of $day" || exit 1
		done &&
		for s in small faint noisy weekly weeklytwo gap drift slowdrift onekernel apart newest oldest stairs3 stairs29; do
			case $s in
			slowdrift) seed=7 ;;
			stairs*) seed=${s#stairs} ;;
			*) seed= ;;
			esac &&
			levels_spec ${s%%[0-9]*} $seed >../$s.spec &&
			python3 "$TEST_DIR/lib/gen-dashboard.py" <../$s.spec >../$s.json || exit 1
		done
	)
'

# step_of <scenario> <date>: the step, its ends and its kernels, one line each
step_of() {
	git benchwindow --json --file ../$1.json b200 $2 >out.json &&
	jq -c "[.step.found, .step.undecided, .last_good.date[:10], .first_bad.date[:10], .step.drift]" out.json &&
	jq -c "[.kernel_steps[] | [.kernel, .last_date[:10], .date[:10]]]" out.json
}

# step_is <scenario> <date>: step_of prints what standard input holds
step_is() {
	step_of "$1" "$2" >actual &&
	cat >expect &&
	test_cmp expect actual
}

# reason_is <reason>: the step read last (out.json) gives that reason
reason_is() {
	jq -r .step.reason out.json >actual &&
	echo "$1" >expect &&
	test_cmp expect actual
}

# window_says <scenario> <date> <regex>: the window's report (in out) at
# the date has a line that matches
window_says() {
	git benchwindow --file ../$1.json b200 $2 >out &&
	grep "$3" out
}

# undecided_from NAME GOOD BAD REASON DATE...: asked on each date, NAME's
# answer is the undecided pair GOOD -> BAD, with no kernel step, for REASON.
undecided_from() {
	name=$1 good=$2 bad=$3 reason=$4 &&
	shift 4 &&
	for d; do
		printf '[false,true,"%s","%s",null]\n[]\n' "$good" "$bad" >expect_pair &&
		step_of "$name" "$d" >actual &&
		test_cmp expect_pair actual || return 1
	done &&
	reason_is "$reason"
}

# At 4x the noise, 08-19 (a little low) fits the level after within the
# bar of LEVELS_UNSURE_NATS: the window takes it in.
test_expect_success 'a 2.2% step held for three weeks is a step' '
	cd repo &&
	step_is small 2026-08-21 <<-\EOF &&
	[true,false,"2026-08-18","2026-08-20",null]
	[]
	EOF
	window_says small 2026-08-21 \
		"^step: 2026-08-18 -> 2026-08-20, .*, persistent; 1 nightly between could be on either side\$"
'

test_expect_success 'the same step in 1.5x the noise: the pair clears the bar, no level holds: undecided, not "no step"' '
	cd repo &&
	step_is faint 2026-08-20 <<-\EOF &&
	[false,true,"2026-08-19","2026-08-20",null]
	[]
	EOF
	reason_is "no level holds on either side" &&
	window_says faint 2026-08-20 \
		"^undecided near 2026-08-20: 2026-08-19 -> 2026-08-20 moves -2.0% ± 0.5%, 3.7x its standard error (noise 1.1% a night), no level holds on either side (the pair clears 3.0x and 2.0%): no level holds it, neither shown nor ruled out; later nightlies will tell; showing that nightly pair\$" &&
	git benchwindow --file ../faint.json --svg faint.svg b200 2026-08-20 >/dev/null &&
	grep -F "(the pair clears 3.0× and 2.0%) (UTC days)</text>" faint.svg
'

# No step in noise of 6% a kernel (the geomean's 2.7% a night): no step
# beyond the noise, but two standard errors beyond the move reach
# --min-change, so the noise leaves room for a step worth finding. The
# window says so; benchbisect answers undecided, not noise. In quiet
# noise (weekly, 08-08) the move is ruled out and the line says no more.
test_expect_success 'no step in wide noise: the room it leaves is said, and the cause is undecided' '
	cd repo &&
	step_is noisy 2026-08-20 <<-\EOF &&
	[false,false,"2026-08-19","2026-08-20",null]
	[]
	EOF
	reason_is "under the noise multiple" &&
	window_says noisy 2026-08-20 \
		"^no step beyond the noise near 2026-08-20: 2026-08-19 -> 2026-08-20 moves +0.8% ± 1.8% (levels of 8 and 8 nightlies), 0.5x its standard error (noise 3.5% a night), under the noise multiple (a step needs 3.0x and 2.0%), yet the noise leaves room for a move of up to 4.5%; showing that nightly pair\$" &&
	git benchbisect --json --file ../noisy.json b200 2026-08-20 >out.json &&
	jq -r ".cause, (.evidence[] | select(.signal == \"step\") | .verdict, .text)" out.json >actual &&
	cat >expect <<-\EOF &&
	undecided
	undecided
	step: helion speedup 1.493 -> 1.505 (+0.8% ± 1.8%) from 2026-08-19 to 2026-08-20, 0.5x its standard error (the series noise 3.5% a night): no step beyond the noise, yet not ruled out: the noise leaves room for a move of up to 4.5% (under the noise multiple: a step needs 3.0x its standard error and 2.0%)
	EOF
	test_cmp expect actual &&
	window_says weekly 2026-08-08 "^no step beyond the noise near 2026-08-08: .*; showing that nightly pair\$" &&
	! grep "leaves room" out
'

test_expect_success 'a weekly wave neither hides a 4% step nor makes steps of its own' '
	cd repo &&
	step_is weekly 2026-08-20 <<-\EOF &&
	[true,false,"2026-08-19","2026-08-20",null]
	[]
	EOF
	for d in 2026-08-08 2026-08-09 2026-08-10 2026-09-05; do
		git benchwindow --json --file ../weekly.json b200 $d >out.json &&
		jq -e ".step.found == false" out.json || return 1
	done
'

# Two -10% steps a night apart under the weekly wave (weeklytwo): the
# 08-18 nightly lies halfway, but it is a Tuesday the wave lifts, and its
# geomean on the dashboard is 1.384, while the levels are those of the
# series with the wave taken out. The "between" item printed the 1.384
# beside the levels, where it looked nearer the level before; it prints
# the nightly as the levels see it.
test_expect_success 'two steps a night apart under a weekly wave: the nightly between on the levels'"'"' scale' '
	cd repo &&
	git benchbisect --file ../weeklytwo.json b200 2026-08-19 >out &&
	grep "^  between: " out >actual &&
	echo "  between: the 2026-08-18 nightly lies at 1.356, off both levels (1.500 and 1.218): the window may hold two changes, so no single culprit" >expect &&
	test_cmp expect actual &&
	git benchbisect --json --file ../weeklytwo.json b200 2026-08-19 >out.json &&
	jq -c ".evidence[] | select(.signal == \"between\") | [.verdict, .values]" out.json >actual &&
	echo "[\"off_both_levels\",{\"date\":\"2026-08-18\",\"value\":1.356}]" >expect &&
	test_cmp expect actual
'

test_expect_success 'a step inside three missing nightlies is found from every date around it' '
	cd repo &&
	for d in 2026-08-16 2026-08-17 2026-08-18 2026-08-19 2026-08-20 2026-08-21; do
		step_is gap $d <<-\EOF || return 1
		[true,false,"2026-08-16","2026-08-20",null]
		[]
		EOF
	done
'

test_expect_success 'a drift is named as a drift, its span the window' '
	cd repo &&
	step_is drift 2026-08-21 <<-\EOF &&
	[true,false,"2026-08-15","2026-08-27",{"first":"2026-08-16T08:20:00Z","last":"2026-08-27T08:20:00Z","nightlies":12,"change_pct":-9.93}]
	[]
	EOF
	window_says drift 2026-08-21 \
		"^drift: 2026-08-15 -> 2026-08-27, over 12 nightlies, helion " &&
	grep "a gradual move: the window spans it\$" out &&
	test "$(tail -1 out)" = "12 commits, 0 in the slice"
'

test_expect_success 'a gentle drift (-6% over 18 nightlies, 7x the noise) is named with its ends' '
	cd repo &&
	step_is slowdrift 2026-08-20 <<-\EOF
	[true,false,"2026-08-11","2026-08-30",{"first":"2026-08-12T08:20:00Z","last":"2026-08-30T08:20:00Z","nightlies":19,"change_pct":-5.71}]
	[]
	EOF
'

# Two steps one way four nights apart (+3.6%, then +5.5%, at 4.5 and 7
# nights' noise): a ramp through both fits them only roughly. Seed 3
# segments as two steps, seed 29 as one at the second; both were named a
# drift over 08-17 .. 08-28 and 08-19 .. 08-25. In each, a nightly beside
# the first step fits either level: 08-19 in seed 3, 08-20 in seed 29.
for c in "3 2026-08-18 2026-08-20" "29 2026-08-19 2026-08-21"; do
	set -- $c
	test_expect_success "two steps four nights apart are two steps, not a drift (seed $1)" '
		cd repo &&
		step_is stairs'$1' 2026-08-21 <<-EOF &&
		[true,false,"'$2'","'$3'",null]
		[]
		EOF
		window_says stairs'$1' 2026-08-21 \
			"^another step in the span: 2026-08-23 -> 2026-08-24, +[56]\.[0-9]%, "
	'
done
set --

# One nightly after a move is no level, so no cut holds a move onto the
# newest nightly. Asked about an earlier date, the pair at that date was
# judged with the newest nightly in its level after: 09-09 -> 09-10 was
# said to move -5%, half the move of a pair that does not hold it.
test_expect_success 'a move onto the newest nightly is that pair'\''s, from every date in the span' '
	cd repo &&
	undecided_from newest "2026-09-10" "2026-09-11" "one nightly after it, no level yet" \
		2026-09-11 2026-09-10 2026-09-04 &&
	window_says newest 2026-09-10 \
		"^undecided near 2026-09-10: 2026-09-10 -> 2026-09-11 moves -10\.[0-9]% ± 0\.[0-9]%, [0-9.]*x its standard error (noise 0\.5% a night), one nightly after it, no level yet (the pair clears 3.0x and 2.0%): no level holds it yet, neither shown nor ruled out; the next nightlies will tell; " &&
	newest=$(jq -r "[.summary[0].history[] | .full_sha] | last" ../newest.json) &&
	git benchwindow --json --file ../newest.json --bad $newest b200 2026-09-04 2>/dev/null |
		jq -c "[.step.found, .step.undecided, .step.reason]" >actual &&
	echo "[false,true,\"one nightly after it, no level yet\"]" >expect &&
	test_cmp expect actual &&
	git benchbisect --json --file ../newest.json b200 2026-09-10 >bb.json &&
	jq -c "[.cause, .last_good.date[:10], .first_bad.date[:10]]" bb.json >actual &&
	echo "[\"undecided\",\"2026-09-10\",\"2026-09-11\"]" >expect &&
	test_cmp expect actual
'

# The same at the other end: one nightly before a move is no level. Asked
# about a later date the pair there was judged with the move in its level
# before (clipped away: "no step"), and with three nightlies the noise was
# measured from the move itself (two changes, one of them the move).
test_expect_success 'a move after the first nightly is undecided from every date in the span' '
	cd repo &&
	undecided_from oldest "2026-08-01" "2026-08-02" "one nightly before it, no level" \
		2026-08-01 2026-08-02 2026-08-04 2026-08-08 &&
	window_says oldest 2026-08-04 \
		"^undecided near 2026-08-04: 2026-08-01 -> 2026-08-02 moves .* one nightly before it, no level (the pair clears 3.0x and 2.0%): no level holds it, neither shown nor ruled out; the series starts one nightly before it, so only an older record would tell; showing that nightly pair\$" &&
	git benchbisect --file ../oldest.json b200 2026-08-04 >out &&
	grep "^  undecided: the move measured .*, which clears 3.0x and 2.0% on its own nightly pair, but one nightly before it, no level; neither a step nor ruled out, so no rule weighs it: the series starts one nightly before it, so nothing here settles it (a dashboard that reaches further back would)\$" out &&
	awk "(\$1 == \"run\" && \$2 > 40000002) || (\$1 == \"val\" && \$4 > 40000002) { next } 1" \
		../oldest.spec >../three.spec &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" <../three.spec >../three.json &&
	for d in 2026-08-02 2026-08-03; do
		step_is three $d <<-\EOF || return 1
		[false,true,"2026-08-01","2026-08-02",null]
		[]
		EOF
	done &&
	jq -r .step.noise_pct out.json >noise &&
	echo 0.5 >expect &&
	test_cmp expect noise
'

test_expect_success 'one kernel stepping when the geomean does not clear its bar: its step is the answer' '
	cd repo &&
	step_is onekernel 2026-08-20 <<-\EOF &&
	[false,false,"2026-08-19","2026-08-20",null]
	[["softmax","2026-08-19","2026-08-20"]]
	EOF
	window_says onekernel 2026-08-20 \
		"^kernels that step on their own (each over 5.8x its standard error, for 5 kernels): softmax -6.9% ± 0.2% (39.9x its standard error, its noise 0.5% a night) 2026-08-19 -> 2026-08-20$" &&
	test "$(tail -1 out)" = "1 commit, 0 in the slice"
'

# Two kernels make the move, matmul -6% on 08-20 and softmax -7% on 08-22:
# the step is placed at the stronger one's night, and its window spans
# the other's too, where it held the one commit of 08-22 (a culprit named
# while half the move lay two nights earlier).
test_expect_success 'kernels that make one move on different nights: the window spans their nights' '
	cd repo &&
	for d in 2026-08-20 2026-08-21 2026-08-22; do
		step_is apart $d <<-\EOF || return 1
		[true,false,"2026-08-19","2026-08-22",null]
		[["matmul","2026-08-19","2026-08-20"],["softmax","2026-08-21","2026-08-22"]]
		EOF
	done &&
	window_says apart 2026-08-21 "^step: 2026-08-19 -> 2026-08-22, .*; 2 nightlies between could be on either side\$" &&
	test "$(tail -1 out)" = "3 commits, 0 in the slice" &&
	git benchwindow --file ../apart.json --svg ../apart.svg b200 2026-08-21 >/dev/null &&
	xmllint --xpath "string(//*[local-name()=\"text\"][@class=\"sub\"][@y=\"46\"])" ../apart.svg >actual &&
	echo "step 2026-08-19 → 2026-08-22: helion 1.494 → 1.464 (-2.0% ± 0.3%), 5.8× its standard error, persistent; the move is in matmul -6.1% ± 0.2%, softmax -6.8% ± 0.2% (UTC days)" >expect &&
	test_cmp expect actual
'

test_done
