#!/bin/bash
# git benchbisect: the --json contract, the Pretuned tab, one kernel, the
# rule thresholds, the measurement paths and the harness-file check.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

# subject_sha <subject>: the sha of the commit with that subject.
subject_sha() {
	subject_commit "$1"
}

test_expect_success 'setup: repositories and dashboards' '
	bb_repo regression window_regression &&
	bb_repo plain window_plain &&
	(cd regression && bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../regression.json &&
		bb_dashboard --pretuned --event regress:b200_cute:2026-09-10:0.85 >../pretuned.json) &&
	(cd plain && bb_dashboard --pretuned --event baseline:b200_cute:2026-09-10:0.7:vllm >../baseline.json &&
		bb_dashboard --event timer:b200_cute:2026-09-10:0.6:softmax >../timer.json)
'

test_expect_success '--json is the documented contract' '
	cd regression &&
	git benchbisect --json --file ../regression.json b200_cute 2026-09-10 >out 2>/dev/null &&
	jq -S "del(.evidence)" out >actual &&
	G=$(nightly_sha 2026-09-09) B=$(nightly_sha 2026-09-10) &&
	C=$(subject_sha "\[cute\] Rework the softmax reduction pipeline (#3311)") &&
	P=$(subject_sha "\[Pallas\] Pad block sizes to the lane width (#3312)") &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	{
		printf "{\n" &&
		printf "\t\"platform\":\t\"b200_cute\",\n" &&
		printf "\t\"kernel\":\tnull,\n" &&
		printf "\t\"date\":\t\"2026-09-10\",\n" &&
		printf "\t\"cause\":\t\"real_regression\",\n" &&
		printf "\t\"last_good\":\t{\n" &&
		printf "\t\t\"sha\":\t\"$G\",\n" &&
		printf "\t\t\"date\":\t\"2026-09-09T08:20:00Z\",\n" &&
		printf "\t\t\"run_id\":\t\"3000000008\"\n" &&
		printf "\t},\n" &&
		printf "\t\"first_bad\":\t{\n" &&
		printf "\t\t\"sha\":\t\"$B\",\n" &&
		printf "\t\t\"date\":\t\"2026-09-10T08:20:00Z\",\n" &&
		printf "\t\t\"run_id\":\t\"3000000009\"\n" &&
		printf "\t},\n" &&
		printf "\t\"culprit\":\t{\n" &&
		printf "\t\t\"sha\":\t\"$C\",\n" &&
		printf "\t\t\"subject\":\t\"[cute] Rework the softmax reduction pipeline (#3311)\"\n" &&
		printf "\t},\n" &&
		printf "\t\"culprit_why\":\t{\n" &&
		printf "\t\t\"rule\":\t\"one_slice_commit\",\n" &&
		printf "\t\t\"placed_by\":\t\"platform\",\n" &&
		printf "\t\t\"score\":\t32.4841,\n" &&
		printf "\t\t\"text\":\t\"the window'\''s only commit in the slice, and the step'\''s night is sure: the platform moved 32.5x its one-night noise\"\n" &&
		printf "\t},\n" &&
		printf "\t\"candidates\":\t[{\n" &&
		printf "\t\t\t\"sha\":\t\"$C\",\n" &&
		printf "\t\t\t\"subject\":\t\"[cute] Rework the softmax reduction pipeline (#3311)\",\n" &&
		printf "\t\t\t\"why\":\t\"slice-tag\"\n" &&
		printf "\t\t}, {\n" &&
		printf "\t\t\t\"sha\":\t\"$B\",\n" &&
		printf "\t\t\t\"subject\":\t\"Share the layout helpers between backends (#3313)\",\n" &&
		printf "\t\t\t\"why\":\t\"window\"\n" &&
		printf "\t\t}, {\n" &&
		printf "\t\t\t\"sha\":\t\"$P\",\n" &&
		printf "\t\t\t\"subject\":\t\"[Pallas] Pad block sizes to the lane width (#3312)\",\n" &&
		printf "\t\t\t\"why\":\t\"window\"\n" &&
		printf "\t\t}, {\n" &&
		printf "\t\t\t\"sha\":\t\"$D\",\n" &&
		printf "\t\t\t\"subject\":\t\"Fix a typo in the autotuner docs (#3310)\",\n" &&
		printf "\t\t\t\"why\":\t\"window\"\n" &&
		printf "\t\t}],\n" &&
		printf "\t\"speedup\":\t{\n" &&
		printf "\t\t\"before\":\t1.5934,\n" &&
		printf "\t\t\"after\":\t1.3546,\n" &&
		printf "\t\t\"true\":\t1.3546,\n" &&
		printf "\t\t\"why\":\t\"the move is real: the after level is what Helion delivers now\"\n" &&
		printf "\t}\n" &&
		printf "}\n"
	} >expect.json &&
	jq -S . expect.json >expect &&
	test_cmp expect actual &&
	jq -r ".evidence[] | [.signal, .verdict, .text] | join(\" | \")" out >actual &&
	cat >expect <<-EOF &&
	step | persistent | step: helion speedup 1.593 -> 1.355 (-15.0% ± 0.2%) from 2026-09-09 to 2026-09-10, 72.3x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
	kernel set | same | kernel set: 5 kernels on both nightlies
	implementations | helion_only | implementations: triton +0.0%, torch_compile +0.0% against helion -15.0%: Helion-only
	timers | agree | timers: speedup -15.0% and latency +17.6% (51.9x its standard error): they agree (both moved, opposite ways)
	other platforms | none_moved | other platforms, same nightlies 2026-09-09 -> 2026-09-10: b200 -0.6%, h100 -0.1%: none moved
	window | commits | window: 4 first-parent commits in ${G:0:8}..${B:0:8}
	measurement | none | measurement: no window commit touches the measurement paths
	slice | matched | slice: 1 of 4 window commits match the slice
	kernels behind the move | named | kernels behind the move: matmul -14.8%, softmax -15.7%, layer_norm -14.6%, rms_norm -14.9%, cross_entropy -15.3% (5 of 5)
	dispatch | listed | dispatch at ${B:0:8}: 5 kernels in kernels_cute
	cudagraph | untimed_behind | cudagraph at ${B:0:8}: rms_norm runs without --cudagraph (benchmarks/run.py remove_flags); behind the move: rms_norm
	EOF
	test_cmp expect actual &&
	jq -c "keys_unsorted" out >actual &&
	echo "[\"platform\",\"kernel\",\"date\",\"cause\",\"last_good\",\"first_bad\",\"culprit\",\"culprit_why\",\"candidates\",\"evidence\",\"speedup\"]" >expect &&
	test_cmp expect actual &&
	jq -c "[.evidence[] | keys == [\"signal\", \"text\", \"values\", \"verdict\"]] | all" out >actual &&
	echo true >expect &&
	test_cmp expect actual &&
	jq -c ".evidence[] | select(.signal == \"step\" or .signal == \"timers\" or .signal == \"other platforms\") | .values" out >actual &&
	cat >expect <<-\EOF &&
	{"last_good_date":"2026-09-09","first_bad_date":"2026-09-10","before":1.5934,"after":1.3546,"change_pct":-14.9917,"noise_pct":0.5,"score":32.4841,"se_pct":0.225,"z":72.2727,"noise_multiple":3,"min_change":2,"nightlies_after":11,"bound_pct":18.1654,"state_noise_pct":null,"open_kernel":null,"open_kernel_pct":null,"open_kernel_z":null,"open_kernels":null,"open_geomean_pct":null,"reason":null,"outside_last_good_date":null,"outside_first_bad_date":null,"outside_change_pct":null,"outside_days":null}
	{"latency_score":51.944,"speedup_pct":-14.9917,"latency_pct":17.6272,"latency_noise_pct":0.5,"level_se":0.6267}
	{"last_good_date":"2026-09-09","first_bad_date":"2026-09-10","change_pct":{"b200":-0.5762,"h100":-0.0537},"moved_pct":{}}
	EOF
	test_cmp expect actual
'

# Which rule named the culprit, and what placed the step's night: the
# platform's own step, or one kernel's where the geomean moved too little
# (softmax -5%: the platform 1.1%). A method change with no commit that
# changes the measurement has no candidates, so no rule: null. JSON, and
# the report's line under the culprit.
test_expect_success '--json culprit_why: the rule, what placed the night, its score' '
	cd regression &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.95:softmax >../onek.json &&
	for f in regression onek; do
		git benchbisect --json --file ../$f.json b200_cute 2026-09-10 2>/dev/null |
			jq -c "[.culprit.subject, .culprit_why.rule, .culprit_why.placed_by, .culprit_why.score]" || return 1
	done >actual &&
	(cd ../plain && git benchbisect --json --file ../timer.json b200_cute 2026-09-10 2>/dev/null) |
		jq -c "[.cause, .culprit.subject, .culprit_why.rule, .culprit_why.placed_by]" >>actual &&
	cat >expect <<-\EOF &&
	["[cute] Rework the softmax reduction pipeline (#3311)","one_slice_commit","platform",32.4841]
	["[cute] Rework the softmax reduction pipeline (#3311)","one_slice_commit","kernel",11.2651]
	["method_change",null,null,null]
	EOF
	test_cmp expect actual &&
	git benchbisect --file ../onek.json b200_cute 2026-09-10 2>/dev/null | sed -n "/^culprit: /{n;p}" >actual &&
	echo "  the window'\''s only commit in the slice, and the step'\''s night is sure: softmax stepped there on its own, 11.3x its one-night noise" >expect &&
	test_cmp expect actual
'

test_expect_success '--json for noise: no culprit, no candidates' '
	cd plain &&
	bb_dashboard >../quiet.json &&
	git benchbisect --json --file ../quiet.json b200_cute 2026-09-10 >out &&
	jq -c "[.cause, .culprit, .culprit_why, .candidates, (.evidence | length), .speedup.true]" out >actual &&
	echo "[\"noise\",null,null,[],11,1.5937]" >expect &&
	test_cmp expect actual
'

# --good and --bad beside the first nightly: no pair near the date, so no
# level either side and no true speedup, as the man page says.
test_expect_success '--json with no nightly pair near the date: noise, null speedups' '
	cd regression &&
	git benchbisect --json --span 2 --good HEAD~5 --bad HEAD --file ../regression.json b200_cute 2026-09-01 >out &&
	jq -c "[.cause, .speedup.before, .speedup.after, .speedup.true, .evidence[0].verdict, .evidence[0].values]" out >actual &&
	echo "[\"noise\",null,null,null,\"no_boundary\",{}]" >expect &&
	test_cmp expect actual &&
	sed -n "/^\\.SS JSON (classify)/,/^\\.SS JSON (run)/p" "$SRC_DIR/man/git-benchbisect.1" | tr "\n" " " >man &&
	grep -F "the cause is noise and \\fBbefore\\fR, \\fBafter\\fR and \\fBtrue\\fR are all null" man
'

test_expect_success 'Pretuned tab: every baseline ratio moved alike, so Helion did' '
	cd regression &&
	git benchbisect --pretuned --json --file ../pretuned.json b200_cute 2026-09-10 >out 2>/dev/null &&
	jq -r ".cause, .culprit.subject, (.evidence[].text | select(test(\"^(step|baselines|helion wins|timers)\")))" out >actual &&
	cat >expect <<-\EOF &&
	real_regression
	[cute] Rework the softmax reduction pipeline (#3311)
	step: geomean 1.858 -> 1.582 (-14.9% ± 0.2%) from 2026-09-09 to 2026-09-10, 71.6x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
	baselines: torch -15.0%, torch_compile -14.7%, vllm -14.9% against geomean -14.9%: every baseline ratio moved alike, so Helion'\''s own time moved
	helion wins: 89/120 -> 76/120
	timers: no latency on the Pretuned tab: not checked
	EOF
	test_cmp expect actual
'

test_expect_success 'Pretuned tab: only one baseline ratio moved, so the baseline changed' '
	cd plain &&
	git benchbisect --pretuned --file ../baseline.json b200_cute 2026-09-10 >out 2>/dev/null &&
	sed -n "1p;/^  baselines/p;/^speedup/,\$p" out >actual &&
	cat >expect <<-\EOF &&
	b200_cute on 2026-09-10: benchmark method change
	  baselines: torch +0.0%, torch_compile +0.4%, vllm -29.9% against geomean -11.1%: only some baseline ratios moved, so a baseline changed, not Helion
	speedup: before 1.858, after 1.652, true 1.652
	  the after side is honest: Helion'\''s own time did not change, a baseline did, and the after side measures Helion against today'\''s baseline
	EOF
	test_cmp expect actual
'

test_expect_success '--kernel follows one kernel' '
	cd plain &&
	git benchbisect --kernel softmax --json --file ../timer.json b200_cute 2026-09-10 >out 2>err &&
	jq -r ".kernel, .cause, .evidence[0].text" out >actual &&
	cat >expect <<-\EOF &&
	softmax
	method_change
	step: helion speedup 1.502 -> 0.897 (-40.3% ± 0.3%) from 2026-09-09 to 2026-09-10, 205.0x its standard error (the series noise 0.5% a night): it persists over the next 11 nightlies
	EOF
	test_cmp expect actual &&
	git benchbisect --kernel layer_norm --file ../timer.json b200_cute 2026-09-10 >out &&
	head -n 1 out >actual &&
	echo "b200_cute (kernel layer_norm) on 2026-09-10: noise" >expect &&
	test_cmp expect actual
'

test_expect_success 'thresholds are options: a step under them is undecided, or noise when ruled out' '
	cd regression &&
	git benchbisect --noise-multiple 100 --file ../regression.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep "^b200_cute on 2026-09-10: undecided$" out &&
	grep "x its standard error (the series noise 0.5% a night): undecided, neither a step nor ruled out (under the noise multiple: a step needs 100.0x its standard error and 2.0%)$" out &&
	grep "^  implementations: triton +0.0%, torch_compile +0.0% against helion -15.1%: an undecided step, nothing to compare$" out &&
	grep "^  timers: speedup -15.1% and latency +17.6%: an undecided step, nothing to compare$" out &&
	grep "^speedup: before 1.594, after 1.354, true -$" out &&
	grep "^  undecided: the move measured -15.1% ± 0.3%, 65.2x its standard error (under the noise multiple), where a step needs 100.0x and 2.0%; .* more nightlies after it would settle it" out &&
	git benchbisect --json --noise-multiple 100 --file ../regression.json b200_cute 2026-09-10 >out.json 2>/dev/null &&
	jq -e ".cause == \"undecided\" and .culprit == null and .candidates == [] and .speedup.true == null" out.json &&
	git benchbisect --min-change 20 --file ../regression.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep "^b200_cute on 2026-09-10: noise$" out &&
	grep "^  timers: speedup -15.1% and latency +17.6%: no step beyond the noise to compare$" out &&
	test_expect_code 129 git benchbisect --agree-ratio 0.9 --file ../regression.json b200_cute 2026-09-10 2>err &&
	grep "unknown option" err
'

test_expect_success 'measurement paths: config benchbisect.methodPaths and --method-path' '
	cd regression &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	D=${D:0:8} &&
	git -c benchbisect.methodPaths="docs/, benchmarks/run.py" benchbisect \
		--file ../regression.json b200_cute 2026-09-10 >out 2>/dev/null &&
	sed -n "1p;/^  measurement/p;/^culprit/p" out >actual &&
	C=$(subject_sha "\[cute\] Rework the softmax reduction pipeline (#3311)") &&
	C=${C:0:8} &&
	cat >expect <<-EOF &&
	b200_cute on 2026-09-10: real regression
	  measurement: 1 window commit touches the measurement: $D (docs/)
	culprit: $C [cute] Rework the softmax reduction pipeline (#3311)
	EOF
	test_cmp expect actual &&
	git benchbisect --method-path "helion/_compiler/pallas/*.py" \
		--file ../regression.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep "^  measurement: 1 window commit touches the measurement: [0-9a-f]\{8\} (helion/_compiler/pallas/\*.py)$" out
'

# The autotuner times its candidates in helion/autotuner/benchmark_worker.py:
# a change there alters the measurement, not the kernels.
window_worker() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md "Fix a typo in the autotuner docs (#3310)" &&
	helion_commit 2026-09-09T12:00:00Z helion/autotuner/benchmark_worker.py \
		"[autotuner] Time each candidate in its own worker process (#3316)" &&
	helion_commit 2026-09-09T15:00:00-04:00 helion/language/layout.py \
		"Share the layout helpers between backends (#3313)"
}

test_expect_success 'measurement paths: the autotuner benchmark files by default, and "default, ..." extends them' '
	bb_repo worker window_worker &&
	cd worker &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../worker.json &&
	W=$(subject_sha "\[autotuner\] Time each candidate in its own worker process (#3316)") &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	git benchbisect --file ../worker.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep -x "  measurement: 1 window commit touches the measurement: ${W:0:8} (helion/autotuner/bench\*.py)" out &&
	git -c benchbisect.methodPaths="default, docs/" benchbisect --file ../worker.json \
		b200_cute 2026-09-10 >out 2>/dev/null &&
	grep -x "  measurement: 2 window commits touch the measurement: ${W:0:8} (helion/autotuner/bench\*.py), ${D:0:8} (docs/)" out &&
	git -c benchbisect.methodPaths="docs/" benchbisect --file ../worker.json \
		b200_cute 2026-09-10 >out 2>/dev/null &&
	grep -x "  measurement: 1 window commit touches the measurement: ${D:0:8} (docs/)" out
'

test_expect_success 'measurement paths: --no-method-path is the defaults, whatever benchbisect.methodPaths says' '
	cd worker &&
	W=$(subject_sha "\[autotuner\] Time each candidate in its own worker process (#3316)") &&
	D=$(subject_sha "Fix a typo in the autotuner docs (#3310)") &&
	git -c benchbisect.methodPaths="docs/" benchbisect --method-path docs/ --no-method-path \
		--file ../worker.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep -x "  measurement: 1 window commit touches the measurement: ${W:0:8} (helion/autotuner/bench\*.py)" out &&
	git -c benchbisect.methodPaths="benchmarks/" benchbisect --no-method-path --method-path docs/ \
		--file ../worker.json b200_cute 2026-09-10 >out 2>/dev/null &&
	grep -x "  measurement: 2 window commits touch the measurement: ${W:0:8} (helion/autotuner/bench\*.py), ${D:0:8} (docs/)" out
'

test_expect_success 'without the harness files the cudagraph check is skipped, and says so' '
	git init -q -b main bare-history &&
	(
		cd bare-history &&
		for d in 01 02 03 04 05 06 07 08 09 10 11 12; do
			helion_commit "2026-09-${d}T10:00:00Z" helion/language/ops.py "Add hl.split, day $d (#31$d)" ||
			exit 1
		done &&
		bb_dashboard --event regress:b200_cute:2026-09-10:0.85 >../bare.json &&
		git benchbisect --file ../bare.json b200_cute 2026-09-10 >out &&
		B=$(nightly_sha 2026-09-10 | cut -c1-8) &&
		sed -n "/^  dispatch/p;/^  cudagraph/p" out >actual &&
		cat >expect <<-EOF &&
		  dispatch at $B: not checked: no .github/workflows/benchmark_dispatch.yml
		  cudagraph at $B: not checked: no benchmarks/run.py
		EOF
		test_cmp expect actual &&
		grep "^b200_cute on 2026-09-10: real regression$" out &&
		grep "^culprit: $B Add hl.split, day 09 (#3109)$" out
	)
'

# Each evidence item's values, against the keys its signal's entry in the
# man page names, over moves that bring out most signals: a step, one
# kernel's own step, a spike, a kernel missing the last good nightly, and
# the Pretuned tab's baselines.
test_expect_success 'the man page names the values of every evidence item' '
	cd regression &&
	bb_dashboard --event regress:b200_cute:2026-09-10:0.7:softmax >../kstep.json &&
	bb_dashboard --event spike:b200_cute:2026-09-10:0.7 >../spike.json &&
	python3 - ../regression.json ../sparse.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for r in d["summary"]:
	    if r["kernel"] == "softmax" and r["platform_short"] == "b200_cute":
	        r["history"] = [h for h in r["history"] if not h["date"].startswith("2026-09-09")]
	json.dump(d, open(sys.argv[2], "w"))
	PY
	for f in regression kstep spike sparse pretuned; do
		{ [ $f = pretuned ] && p=--pretuned || p=; } &&
		git benchbisect $p --json --file ../$f.json b200_cute 2026-09-10 >../$f.out 2>/dev/null || return 1
	done &&
	python3 - "$SRC_DIR/man/git-benchbisect.1" ../regression.out ../kstep.out ../spike.out ../sparse.out ../pretuned.out >../actual <<-\PY &&
	import json, re, sys
	man = open(sys.argv[1]).read()
	text = man[man.index(".SS JSON (classify)"):man.index(".SS JSON (run)")]
	documented = {}
	for item in text.split(".TP\n")[1:]:
	    head, _, body = item.partition("\n")
	    signal = re.match(r"\\fB(.+?)\\fR", head).group(1)
	    documented[signal] = set(re.findall(r"\\fB(\w+)\\fR", body))
	# the two signals of the Pretuned tab are told under implementations
	documented["baselines"] = documented["helion wins"] = documented["implementations"]
	seen = set()
	for path in sys.argv[2:]:
	    for e in json.load(open(path))["evidence"]:
	        seen.add(e["signal"])
	        for k in e["values"]:
	            if k not in documented.get(e["signal"], ()):
	                print("undocumented", e["signal"], k)
	print(" ".join(s.replace(" ", "_") for s in sorted(seen)))
	PY
	echo "baselines cudagraph dispatch helion_wins implementations kernel_set kernel_step kernels_behind_the_move measurement other_platforms slice sparse_kernel spike step timers window" >../expect &&
	test_cmp ../expect ../actual
'

test_done
