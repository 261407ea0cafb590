#!/bin/bash
# git benchbisect run keeps every run in git notes (docs/run-notes.md) and
# uses them again: an identical bisect runs nothing, an overlapping one
# only what it lacks, two clones' notes merge, a damaged note is skipped,
# a notes ref that cannot be written loses no verdict (and a round's runs
# wait for a later write instead of being dropped); git benchbisect log
# reads them back.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/bash-complete.sh"

TMPDIR="$TRASH/tmp"
export TMPDIR
mkdir -p "$TRASH/bin" "$TMPDIR" "$TRASH/counts"

# The metric benchmark (lib/bisect-repo.sh): perf.txt's numbers, cycling.
metric_measure
# The exit-status benchmark: fails where perf.txt is slow.
cat >"$TRASH/bin/check" <<\EOF2
#!/bin/sh
echo x >>"$TRASH/invocations"
test "$(cat perf.txt)" != "0.80 0.79 0.81"
EOF2
chmod +x "$TRASH/bin/check"
PATH="$TRASH/bin:$PATH"

git config --global benchbisect.notes true
git config --global benchbisect.machine box

# invocations: how many times a benchmark ran since the last call.
invocations() {
	cat "$TRASH/invocations" 2>/dev/null | wc -l
	rm -f "$TRASH/invocations"
}

test_line_count_1() {
	test $(wc -l <"$1") = 1
}

short() {
	at $1 | cut -c1-8
}

test_expect_success 'setup' '
	metric_repo repo - - - - - "0.80 0.79 0.81" - -
'

test_expect_success 'a first bisect runs the benchmark and records each run in a note on its commit' '
	cd repo &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../first 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
	the step: 1.00799 -> 0.796668, -21% (99.98% interval -26.5% to -15.4%); probability 99.9966%
	8 runs over 5 commits
	EOF
	test_cmp ../expect ../first &&
	test $(invocations) = 8 &&
	git notes --ref benchbisect list | wc -l >../actual &&
	echo 5 >../expect &&
	test_cmp ../expect ../actual &&
	git notes --ref benchbisect show $(at 5) |
		sed -e "s/key=[0-9a-f]*/key=K/" -e "s/date=[^ ]*/date=D/" -e "s/duration=[^ ]*/duration=S/" >../actual &&
	cat >../expect <<-\EOF &&
	benchbisect-run v1 key=K machine=box date=D duration=S exit=0 value=1
	benchbisect-run v1 key=K machine=box date=D duration=S exit=0 value=1.02
	EOF
	test_cmp ../expect ../actual &&
	git status --porcelain >../actual &&
	test_must_be_empty ../actual
'

test_expect_success 'a second identical bisect runs nothing new and prints the same answer' '
	cd repo &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../second 2>../err &&
	test $(invocations) = 0 &&
	sed "s/^8 runs over 5 commits$/&, 8 of them recorded in refs\/notes\/benchbisect/" ../first >../expect &&
	test_cmp ../expect ../second &&
	grep "^8 recorded runs of key [0-9a-f]\{16\} (machine box) in refs/notes/benchbisect$" ../err &&
	git notes --ref benchbisect show $(at 5) | wc -l >../actual &&
	echo 2 >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'the JSON says how many runs came from the notes, and the key' '
	cd repo &&
	git benchbisect run --metric --json --good main~8 --bad main -- measure >../out 2>/dev/null &&
	test $(invocations) = 0 &&
	jq -r ".status, .runs, .recorded_runs, (.key | length)" ../out >../actual &&
	printf "found\n8\n8\n16\n" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'an overlapping window uses the shared commits runs and runs only what it lacks' '
	cd repo &&
	git benchbisect run --metric --good main~7 --bad main~1 -- measure >../out 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
	the step: 1.00498 -> 0.796668, -20.7% (99.98% interval -27.1% to -14.3%); probability 99.9915%
	7 runs over 5 commits, 5 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../out &&
	test $(invocations) = 2
'

test_expect_success 'a machine of another name shares no runs' '
	cd repo &&
	git benchbisect run --metric --machine other --good main~8 --bad main -- measure >../out 2>/dev/null &&
	test $(invocations) = 9 &&
	tail -n 1 ../out >../actual &&
	echo "9 runs over 5 commits" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--fresh runs everything again, and records it' '
	cd repo &&
	git notes --ref benchbisect show $(at 5) >../before &&
	git benchbisect run --metric --fresh --good main~8 --bad main -- measure >../out 2>../err &&
	test $(invocations) = 9 &&
	! grep "recorded runs" ../err &&
	tail -n 1 ../out >../actual &&
	echo "9 runs over 5 commits" >../expect &&
	test_cmp ../expect ../actual &&
	git notes --ref benchbisect show $(at 5) >../after &&
	test $(wc -l <../after) -gt $(wc -l <../before)
'

test_expect_success 'exit statuses: a second bisect counts the recorded verdicts and runs nothing' '
	cd repo &&
	git benchbisect run --good main~8 --bad main -- check >../first 2>/dev/null &&
	test $(invocations) = 3 &&
	git benchbisect run --good main~8 --bad main -- check >../second 2>/dev/null &&
	test $(invocations) = 0 &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
	3 runs over 3 commits, 3 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../second
'

# A benchmark that needs a tool: until it is installed, the shell exits
# 127 at every commit, the good end too (a bogus exit status). check
# counts the invocations that got past it.
test_expect_success 'exit 126 or 127 is never recorded: a bogus exit status does not come back once fixed' '
	metric_repo tool - - - - - "0.80 0.79 0.81" - - &&
	cd tool &&
	cat >"$TRASH/bin/tool-check" <<-\EOF &&
	#!/bin/sh
	needed-tool && check
	EOF
	chmod +x "$TRASH/bin/tool-check" &&
	test_expect_code 128 git benchbisect run --good main~8 --bad main -- tool-check >../out 2>../err &&
	grep "^fatal: bogus exit status 127 for good revision $(short 0): " ../err &&
	test $(invocations) = 0 &&
	git notes --ref benchbisect list >../notes &&
	test_cmp /dev/null ../notes &&
	printf "#!/bin/sh\nexit 0\n" >"$TRASH/bin/needed-tool" &&
	chmod +x "$TRASH/bin/needed-tool" &&
	git benchbisect run --good main~8 --bad main -- tool-check >../out 2>../err &&
	cat >../expect <<-EOF &&
	first bad commit: $(at 6) Tune the tile search, part 6 (#4106)
	3 runs over 3 commits
	EOF
	test_cmp ../expect ../out &&
	test $(invocations) = 3
'

test_expect_success 'exit 126 or 127 in older notes is not used: the command runs again there' '
	cd tool &&
	key=$(git benchbisect log --keys | cut -d" " -f1) &&
	git notes --ref benchbisect remove $(at 4) 2>/dev/null &&
	git notes --ref benchbisect add -m "benchbisect-run v1 key=$key machine=box date=2026-10-06T10:00:00.000000Z duration=0.010 exit=127" $(at 4) &&
	git benchbisect run --good main~8 --bad main -- tool-check >../out 2>../err &&
	grep "^step 1: $(short 4) good (exit 0): " ../err &&
	test $(invocations) = 1 &&
	rm "$TRASH/bin/needed-tool"
'

# A --metric run that fails at an end (a CUDA out of memory, a driver
# hiccup) stops the search; once the machine is fine again, the same
# bisection must run there again, not stop on the recorded failure. (Its
# own import, so that its commits count their runs apart from repo's.)
test_expect_success '--metric: a recorded failure at an end is not replayed: the end runs again' '
	IMPORT_PERF="1.00 1.01 0.99" metric_repo oom - - - - - "0.80 0.79 0.81" - - &&
	cd oom &&
	cat >"$TRASH/bin/measure-unless-oom" <<-\EOF &&
	#!/bin/sh
	test -f "$TRASH/out-of-memory" && { echo "RuntimeError: CUDA out of memory" >&2; exit 1; }
	exec measure
	EOF
	chmod +x "$TRASH/bin/measure-unless-oom" &&
	>"$TRASH/out-of-memory" &&
	test_expect_code 128 git benchbisect run --metric --good main~8 --bad main -- measure-unless-oom >../out 2>../err &&
	grep "^fatal: cannot measure the good end $(short 0): " ../err &&
	rm "$TRASH/out-of-memory" &&
	git benchbisect run --metric --good main~8 --bad main -- measure-unless-oom >../out 2>../err &&
	head -n 1 ../out >../actual &&
	echo "first bad commit: $(at 6) Tune the tile search, part 6 (#4106)" >../expect &&
	test_cmp ../expect ../actual &&
	grep "^good end: $(short 0) good (1, median 1): " ../err &&
	invocations >/dev/null
'

test_expect_success 'notes from two clones merge (cat_sort_uniq) and both clones runs are used' '
	metric_repo a - - - - - "0.80 0.79 0.81" - - && git clone -q a b &&
	(cd a && test_expect_code 1 git benchbisect run --metric --good main~8 --bad main~3 -- measure >../a-first 2>/dev/null) &&
	test $(invocations) = 25 &&
	(cd b && git benchbisect run --metric --good main~4 --bad main -- measure >../b-first 2>/dev/null) &&
	test $(invocations) = 8 &&
	cd b &&
	git fetch -q ../a "refs/notes/benchbisect:refs/notes/from-a" &&
	git notes --ref benchbisect merge -q -s cat_sort_uniq refs/notes/from-a &&
	# Each window now also has the runs of the other clone on commits
	# outside it: their noise is a prior of the noise, so the searches
	# differ a little from the first ones (none more, one fewer).
	test_expect_code 1 git benchbisect run --metric --good main~8 --bad main~3 -- measure >../a-again 2>/dev/null &&
	test $(invocations) = 0 &&
	git benchbisect run --metric --good main~4 --bad main -- measure >../b-again 2>/dev/null &&
	test $(invocations) = 0 &&
	head -n 1 ../a-first >../expect && head -n 1 ../a-again >../actual &&
	test_cmp ../expect ../actual &&
	tail -n 2 ../a-again >../actual &&
	cat >../expect <<-\EOF &&
	recorded noise: 0.01 a run (3 runs over 1 other commit), 82.0% likely to hold here
	25 runs over 4 commits, 25 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../actual &&
	head -n 1 ../b-first >../expect && head -n 1 ../b-again >../actual &&
	test_cmp ../expect ../actual &&
	# the same culprit; its step is measured on the runs of clone a too
	grep "^the step: .*; probability 99\.99[0-9]*%$" ../b-again &&
	tail -n 2 ../b-again >../actual &&
	cat >../expect <<-\EOF &&
	recorded noise: 0.01706 a run (12 runs over 1 other commit), 89.7% likely to hold here
	7 runs over 4 commits, 7 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../actual
'

test_expect_success 'the noise of runs on other commits is a prior of the noise; --fresh uses none' '
	IMPORT_PERF="1.000 1.006 0.995 1.003 0.997" metric_repo n - - - - - - - "1.030 1.036 1.025 1.033 1.027" \
		- - - - - - - "1.060 1.066 1.055 1.063 1.057" - - - - - - - &&
	cp -R n n-bare &&
	(cd n-bare && git benchbisect run --metric --good main~8 --bad main -- measure >../bare 2>../bare-err) &&
	test $(invocations) = 12 &&
	! grep "recorded noise" bare bare-err &&
	rm -f "$TRASH"/counts/* &&
	cd n &&
	git benchbisect run --metric --good main~23 --bad main~8 -- measure >/dev/null 2>&1 &&
	test $(invocations) = 13 &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../with 2>../with-err &&
	test $(invocations) = 11 &&
	grep "^recorded noise: 0.004629 a run, from 10 runs over 3 other commits$" ../with-err >/dev/null &&
	head -n 1 ../bare >../expect && head -n 1 ../with >../actual &&
	test_cmp ../expect ../actual &&
	tail -n 2 ../with >../actual &&
	cat >../expect <<-\EOF &&
	recorded noise: 0.004629 a run (10 runs over 3 other commits), 89.4% likely to hold here
	12 runs over 5 commits, 1 of them recorded in refs/notes/benchbisect
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect run --metric --json --good main~8 --bad main -- measure >../json 2>/dev/null &&
	jq -c .metric.recorded_noise ../json >../actual &&
	echo "{\"noise\":0.0046291,\"runs\":10,\"commits\":3,\"strays\":0,\"two_states\":null,\"p_holds\":0.893686}" >../expect &&
	test_cmp ../expect ../actual &&
	test $(invocations) = 0 &&
	git benchbisect run --metric --fresh --json --good main~8 --bad main -- measure >../json 2>/dev/null &&
	test $(invocations) = $(jq .runs ../json) &&
	test "$(jq -c .metric.recorded_noise ../json)" = null
'

# Runs recorded on other commits in two states 2% apart (three runs a
# commit, the states mixed within commits): log and run say so, and run
# weighs "no step" of two states as likelier (docs/statistics.md).
test_expect_success 'recorded runs of two states: log and run name the states, and a lower bar is warned of' '
	IMPORT_PERF="1.000 1.006 0.995 1.003 0.997" metric_repo st - - - - - - - - - - - - - - - - \
		"1.060 1.066 1.055 1.063 1.057" - - - - - - - &&
	cd st &&
	git benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>&1 &&
	invocations >/dev/null &&
	key=$(git benchbisect log --keys | cut -d" " -f1) &&
	line=$(git notes --ref benchbisect show main | head -n 1 | sed "s/ value=.*//") &&
	i=10 &&
	for runs in "1.000 1.020 1.001" "1.019 1.000 1.020" "1.001 1.021 1.000" \
		    "1.020 1.019 1.001" "1.000 1.001 1.020" "1.021 1.000 1.020"; do
		for v in $runs; do
			git notes --ref benchbisect append -m "$line value=$v" main~$i || return 1
		done &&
		i=$((i + 1))
	done &&
	git benchbisect log main~16..main~9 | grep "^noise " >../actual &&
	echo "noise $key box: 0.01137 a run, from 18 runs over 6 commits; two states 1.95% apart, 50% of the runs in the upper" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect log --json main~16..main~9 | jq -c ".noise[0].two_states" >../actual &&
	echo "{\"gap_pct\":1.9469,\"upper_share\":0.5}" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	test $(invocations) = 0 &&
	grep "^recorded noise: 0.01137 a run, from 18 runs over 6 other commits; two states 1.95% apart, 50% of the runs in the upper$" ../err &&
	grep "^recorded noise: 0.01137 a run (18 runs over 6 other commits), [0-9.]*% likely to hold here; two states 1.95% apart, 50% of the runs in the upper$" ../out &&
	git benchbisect run --metric --json --good main~8 --bad main -- measure >../json 2>/dev/null &&
	jq -c ".metric.recorded_noise.two_states" ../json >../actual &&
	echo "{\"gap_pct\":1.9469,\"upper_share\":0.5}" >../expect &&
	test_cmp ../expect ../actual &&
	! grep "^warning: " ../err &&
	git benchbisect run --metric --confidence 99.9 --good main~8 --bad main -- measure >/dev/null 2>../err &&
	grep "^warning: the recorded runs fall in two states: at --confidence 99.9% a window without a step names a false culprit several times as often as at 99.99%$" ../err &&
	git benchbisect run --metric --confidence 99.995 --good main~8 --bad main -- measure >/dev/null 2>../err &&
	! grep "^warning: " ../err &&
	invocations >/dev/null
'

test_expect_success 'a damaged note is skipped with a warning, its control characters escaped' '
	cd repo &&
	git notes --ref benchbisect append -m "$(printf "benchbisect-run v1 key=zz \033[31mred")" $(at 5) &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	test $(invocations) = 0 &&
	grep "^warning: skipping 1 line of the note on $(short 5) in refs/notes/benchbisect that does not parse: .benchbisect-run v1 key=zz \\\\e\[31mred.$" ../err &&
	head -n 1 ../out >../actual &&
	echo "first bad commit: $(at 6) Tune the tile search, part 6 (#4106)" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--jobs 3: the runs finish in any order, the main thread records them all, and they serve again' '
	metric_repo j - - - - - "0.80 0.79 0.81" - - &&
	cd j &&
	git benchbisect run --metric --jobs 3 --machine jobs --good main~8 --bad main -- measure >../first 2>/dev/null &&
	runs=$(sed -n "s/ runs over .*//p" ../first) &&
	test $(invocations) = $runs &&
	git benchbisect log --keys | grep " jobs " >../actual &&
	echo "$(git benchbisect log --keys | cut -d" " -f1 | head -n 1) jobs $runs runs" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect run --metric --jobs 3 --machine jobs --good main~8 --bad main -- measure >../second 2>/dev/null &&
	test $(invocations) = 0 &&
	sed "s/^$runs runs over .*/&, $runs of them recorded in refs\/notes\/benchbisect/" ../first >../expect &&
	test_cmp ../expect ../second
'

test_expect_success 'two bisections at once on one repository: the ref moves only from what each read, no run is lost' '
	cd j &&
	{ git benchbisect run --metric --fresh --machine one --good main~8 --bad main -- measure >../one 2>/dev/null & } &&
	git benchbisect run --metric --fresh --machine two --good main~8 --bad main -- measure >../two 2>/dev/null &&
	wait &&
	rm -f "$TRASH/invocations" &&
	for m in one two; do
		runs=$(sed -n "s/ runs over .*//p" ../$m) &&
		git benchbisect log --keys | grep " $m $runs runs$" || return 1
	done
'

# The fault matrix of the notes: each a notes ref that cannot be written;
# the runs are lost, with a warning that says how many, the verdict is not.
test_expect_success 'faults setup: the answer of a bisect that keeps no notes' '
	metric_repo f - - - - - "0.80 0.79 0.81" - - &&
	rm -f "$TRASH"/counts/* &&
	(cd f && git -c benchbisect.notes=false benchbisect run --metric --good main~8 --bad main -- measure >../plain 2>/dev/null) &&
	invocations >plain-runs
'

test_expect_success 'fault: the notes ref is locked' '
	rm -rf g && cp -r f g && cd g && rm -f "$TRASH"/counts/* "$TRASH/invocations" &&
	mkdir -p .git/refs/notes && touch .git/refs/notes/benchbisect.lock &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	test_cmp ../plain ../out &&
	grep "^warning: cannot record the runs in refs/notes/benchbisect: cannot update .refs/notes/benchbisect.: failed to lock file .*benchbisect.lock. for writing; trying again after the next round$" ../err &&
	test $(grep -c "^warning: cannot record" ../err) = 1 &&
	echo "warning: $(cat ../plain-runs) runs were not recorded in refs/notes/benchbisect" >../expect &&
	grep "not recorded" ../err >../actual &&
	test_cmp ../expect ../actual &&
	test_must_fail git rev-parse -q --verify refs/notes/benchbisect
'

test_expect_success 'fault: a lock that goes away: the held-back runs are written with a later round' '
	rm -rf g && cp -r f g && cd g && rm -f "$TRASH"/counts/* "$TRASH/invocations" &&
	mkdir -p .git/refs/notes && touch .git/refs/notes/benchbisect.lock &&
	lock="$PWD/.git/refs/notes/benchbisect.lock" &&
	git benchbisect run --metric --good main~8 --bad main -- \
		sh -c "measure; test \$(wc -l <\"\$TRASH/invocations\") -lt 3 || rm -f \"$lock\"" >../out 2>../err &&
	test_cmp ../plain ../out &&
	test $(grep -c "^warning: cannot record" ../err) = 1 &&
	! grep "not recorded" ../err &&
	for c in $(git notes --ref benchbisect list | cut -d" " -f2); do
		git notes --ref benchbisect show $c || return 1
	done | grep -c "^benchbisect-run v1 " >../actual &&
	test_cmp ../plain-runs ../actual
'

test_expect_success 'fault: the notes ref names a blob, not a notes commit' '
	rm -rf g && cp -r f g && cd g && rm -f "$TRASH"/counts/* "$TRASH/invocations" &&
	git update-ref refs/notes/benchbisect $(echo junk | git hash-object -w --stdin) &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	test_cmp ../plain ../out &&
	grep "^warning: cannot use the recorded runs: .refs/notes/benchbisect. is not a notes commit" ../err &&
	grep "^warning: cannot record the runs in refs/notes/benchbisect: .refs/notes/benchbisect. is not a notes commit" ../err
'

test_expect_success 'fault: no object can be written (every loose object directory a file)' '
	rm -rf g && cp -r f g && cd g && rm -f "$TRASH"/counts/* "$TRASH/invocations" &&
	git repack -adq && git prune-packed &&
	for d in $(printf "%02x " $(seq 0 255)); do rm -rf .git/objects/$d && touch .git/objects/$d || return 1; done &&
	git benchbisect run --metric --good main~8 --bad main -- measure >../out 2>../err &&
	test_cmp ../plain ../out &&
	grep "^warning: cannot record the runs in refs/notes/benchbisect: cannot write the note on [0-9a-f]*: " ../err
'

test_expect_success 'a bad notes ref name or machine name is an error before anything runs' '
	rm -f "$TRASH/invocations" &&
	cd repo &&
	test_expect_code 128 git -c benchbisect.notesRef="bad..name" benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>../err &&
	test_line_count_1 ../err &&
	grep "^fatal: benchbisect.notesRef: invalid notes ref .refs/notes/bad..name.$" ../err &&
	test_expect_code 128 git -c benchbisect.machine="a b" benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>../err &&
	echo "fatal: benchbisect.machine: invalid machine name '\''a b'\'': 1 to 64 printable characters, no space" >../expect &&
	test_cmp ../expect ../err &&
	for notes in true false; do
		test_expect_code 129 git -c benchbisect.notes=$notes benchbisect run --metric --machine "a b" \
			--good main~8 --bad main -- measure >/dev/null 2>../err &&
		head -n 2 ../err >../head &&
		cat >../expect <<-\EOF &&
		error: --machine: invalid machine name '\''a b'\'': 1 to 64 printable characters, no space
		usage: git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]
		EOF
		test_cmp ../expect ../head || return 1
	done &&
	test $(invocations) = 0
'

# The rule of git notes --ref (git's expand_notes_ref()): refs/notes/...
# as it is, notes/... under refs/, anything else under refs/notes/, a
# name under refs/ too: refs/heads/main is never the branch.
test_expect_success 'benchbisect.notesRef is expanded as git notes --ref expands its argument' '
	rm -rf g && cp -r f g && cd g &&
	for name in refs/notes/x notes/x x refs/heads/main heads/main; do
		git -c benchbisect.notesRef=$name benchbisect log --json | jq -r .notes_ref || return 1
	done >../actual &&
	cat >../expect <<-\EOF &&
	refs/notes/x
	refs/notes/x
	refs/notes/x
	refs/notes/refs/heads/main
	refs/notes/heads/main
	EOF
	test_cmp ../expect ../actual &&
	main=$(git rev-parse refs/heads/main) &&
	# its own counters: the runs of the other tests stay as they are
	mkdir -p ../own/counts &&
	TRASH=$PWD/../own git -c benchbisect.notesRef=refs/heads/main benchbisect run --metric \
		--good main~8 --bad main -- measure >/dev/null 2>&1 &&
	echo $main >../expect &&
	git rev-parse refs/heads/main >../actual &&
	test_cmp ../expect ../actual &&
	git notes --ref refs/heads/main list | wc -l >../actual &&
	git for-each-ref --format="%(refname)" refs/notes >>../actual &&
	printf "%s\n" 5 refs/notes/refs/heads/main >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--no-machine: the runs are recorded for the host name, whatever benchbisect.machine says' '
	cd repo &&
	notes=$(git rev-parse refs/notes/benchbisect) &&
	git -c benchbisect.machine="a b" benchbisect run --metric --fresh --machine other --no-machine \
		--good main~8 --bad main -- measure >../out 2>../err &&
	git notes --ref benchbisect show $(at 8) | sed -n "\$s/.* machine=\([^ ]*\) .*/\1/p" >../actual &&
	uname -n >../expect &&
	test_cmp ../expect ../actual &&
	git update-ref refs/notes/benchbisect $notes &&
	rm -f "$TRASH/invocations"
'

test_expect_success 'benchbisect.keyEnv: a variable it names is part of the key' '
	cd repo &&
	git benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>&1 &&
	test $(invocations) = 0 &&
	GPU_CLOCK=1980 git -c benchbisect.keyEnv=GPU_CLOCK benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>&1 &&
	test $(invocations) = 9 &&
	GPU_CLOCK=1980 git -c benchbisect.keyEnv=GPU_CLOCK benchbisect run --metric --good main~8 --bad main -- measure >/dev/null 2>&1 &&
	test $(invocations) = 0
'

# From helion/, check reads helion/perf.txt, which no commit has: every
# commit tests good there. Those runs must not answer for the top.
test_expect_success 'the directory the command runs in, below the top, is part of the key' '
	cd repo/helion &&
	rm -f "$TRASH/invocations" &&
	test_expect_code 1 git benchbisect run --good main~7 --bad main -- check k >../../out 2>../../err &&
	grep "^no first bad commit: the bad end $(short 8) tested good$" ../../out &&
	test $(invocations) -gt 0 &&
	test_expect_code 1 git benchbisect run --good main~7 --bad main -- check k >../../out 2>../../err &&
	test $(invocations) = 0 &&
	cd .. &&
	git benchbisect run --good main~7 --bad main -- check k >../out 2>../err &&
	grep "^first bad commit: $(at 6) " ../out &&
	test $(invocations) -gt 0
'

# git log's A...B is the commits of either side alone; read as git diff
# reads it (the merge base to B) it listed nothing where B is an ancestor
# of A, exit 0. X^@ and X^! were "bad revision". None is a first-parent
# line to walk: said so.
test_expect_success 'log: A...B and X^@, X^! are refused, named' '
	cd a &&
	for r in main...main~2 main^@ main^! main^-1; do
		test_expect_code 128 git benchbisect log "$r" >../out 2>../err &&
		test_must_be_empty ../out &&
		echo "fatal: '"'"'$r'"'"' is no range log can walk: give A..B or one revision" >../expect &&
		head -n 1 ../err >../actual &&
		test_cmp ../expect ../actual || return 1
	done &&
	git benchbisect log main~2..main >/dev/null
'

# The last line: the key's values pooled within commits, as run --metric
# pools a recorded noise (1, 1.02 and 0.98 cycling: 0.0163 a run).
test_expect_success 'log: the recorded runs per commit and key, and the key'"'"'s noise' '
	cd a &&
	key=$(git benchbisect log --keys | cut -d" " -f1) &&
	git benchbisect log main~3 >../actual &&
	cat >../expect <<-EOF &&
	$(short 5) $key box 11 runs, median 1, spread 3%: Tune the tile search, part 5 (#4105)
	$(short 4) $key box 1 run, median 1.02, spread 0%: Tune the tile search, part 4 (#4104)
	$(short 3) $key box 1 run, median 1, spread 0%: Tune the tile search, part 3 (#4103)
	$(short 0) $key box 12 runs, median 1, spread 3%: Import the benchmark fixture (#4000)
	noise $key box: 0.01685 a run, from 23 runs over 2 commits
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect log --keys >../actual &&
	echo "$key box 25 runs" >../expect &&
	test_cmp ../expect ../actual
'

# benchbisect.notes=false is about run: log reads what the user asks for.
test_expect_success 'log and --keys list the runs under benchbisect.notes=false too' '
	cd a &&
	git benchbisect log >../expect &&
	git benchbisect log --keys >>../expect &&
	test $(wc -l <../expect) = 6 &&
	git -c benchbisect.notes=false benchbisect log >../actual &&
	git -c benchbisect.notes=false benchbisect log --keys >>../actual &&
	test_cmp ../expect ../actual
'

test_expect_success 'log --json and a range' '
	cd b &&
	git benchbisect log --json main~2..main >../out &&
	jq -c ".notes_ref, [.commits[] | [.sha[0:8], (.measurements[] | .machine, .runs, .median, .values)]], .noise" \
		../out >../actual &&
	cat >../expect <<-EOF &&
	"refs/notes/benchbisect"
	[["$(short 8)","box",1,0.8,[0.8]]]
	[]
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect log --json main~3..main~2 | jq -c ".noise" >../actual &&
	key=$(git benchbisect log --keys | cut -d" " -f1) &&
	echo "[{\"key\":\"$key\",\"machine\":\"box\",\"noise\":0.01,\"runs\":3,\"commits\":1,\"strays\":0,\"two_states\":null}]" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'log --key: only that key (a prefix will do), nothing for another' '
	cd repo &&
	git benchbisect log --keys | cut -c1-4 | sort -u >../prefixes &&
	git benchbisect log --key 0000000000000000 >../actual &&
	test_must_be_empty ../actual &&
	git benchbisect log --key "$(git benchbisect log --keys | sed -n "/ other /s/ .*//p")" >../actual &&
	test $(grep -vc "^noise " ../actual) = 5 &&
	grep "^noise [0-9a-f]\{16\} other: " ../actual &&
	! grep -v " other" ../actual
'

# A key is hex (run_key_compute()): another --key matched nothing, or,
# empty, every key, and exited 0 either way.
test_expect_success 'log --key: a key that is no hex, empty or too long is a usage error' '
	cd repo &&
	for key in nosuch "" 0123456789abcdeg 0123456789abcdef0; do
		test_expect_code 129 git benchbisect log --key "$key" >../out 2>../err &&
		test_must_be_empty ../out &&
		head -n 2 ../err >../actual &&
		cat >../expect <<-EOF &&
		error: --key: invalid key '\''$key'\'': 1 to 16 hex digits
		usage: git benchbisect log [<options>] [<range>]
		EOF
		test_cmp ../expect ../actual || return 1
	done
'

# As git takes an object name: a key in upper case (or a prefix of one),
# pasted from a tool that prints it so, is that key, in lowercase wherever
# it shows.
test_expect_success 'log --key: upper-case hex names the same key' '
	cd repo &&
	key=$(git benchbisect log --keys | sed -n "/ other /s/ .*//p") &&
	git benchbisect log --key "$key" >../expect &&
	git benchbisect log --key "$(echo "$key" | tr a-f A-F)" >../actual &&
	test_cmp ../expect ../actual &&
	git benchbisect log --key "$(echo "$key" | cut -c1-6 | tr a-f A-F)" >../actual &&
	test_cmp ../expect ../actual &&
	git benchbisect log --key "$key" --svg ../lower.svg >/dev/null &&
	git benchbisect log --key "$(echo "$key" | tr a-f A-F)" --svg ../upper.svg >/dev/null &&
	grep -F "recorded runs of key <tspan class=\"mono\">$key</tspan>" ../upper.svg &&
	test_cmp ../lower.svg ../upper.svg
'

# --key takes a prefix of a key, as the text and --json do; the chart
# compared the whole key and found nothing to draw. A prefix of several
# keys names none: the chart draws one.
test_expect_success 'log --key <prefix> --svg: the one key it begins, or an error naming them' '
	git init -q keyprefix &&
	(
		cd keyprefix &&
		test_commit_at 2026-09-01T10:00:00Z one &&
		test_commit_at 2026-09-02T10:00:00Z two &&
		for c in HEAD~1 HEAD; do
			for key in aaaa000000000001 aaab000000000002; do
				echo "benchbisect-run v1 key=$key machine=box date=2026-09-03T00:00:00.000000Z duration=1.000 exit=0 value=${key#aaa?00000000000}"
			done | git notes --ref benchbisect add -F - $c ||
			exit 1
		done &&
		git benchbisect log --key aaaa000000000001 --svg ../whole.svg >/dev/null &&
		git benchbisect log --key aaaa --svg ../prefix.svg >/dev/null &&
		test_cmp ../whole.svg ../prefix.svg &&
		test_expect_code 128 git benchbisect log --key aaa --svg ../both.svg >/dev/null 2>../err &&
		cat >../expect <<-\EOF &&
		fatal: key prefix '\''aaa'\'' is ambiguous: 2 keys begin with it
		hint: a chart draws one key: give more of it with --key ('\''aaaa000000000001'\'', '\''aaab000000000002'\'')
		EOF
		test_cmp ../expect ../err &&
		! test -e ../both.svg
	)
'

test_expect_success 'log --svg: the runs along the history, the first bad commit marked' '
	cd b &&
	git benchbisect log --svg ../chart.svg >/dev/null &&
	xmllint --noout ../chart.svg &&
	grep -c "<circle class=\"dot\"" ../chart.svg >../actual &&
	git benchbisect log --json | jq "[.commits[].measurements[].values | length] | add" >../expect &&
	test_cmp ../expect ../actual &&
	grep "first bad commit <tspan class=\"mono\">$(short 6)</tspan>" ../chart.svg
'

test_expect_success 'no notes: log and --keys print nothing, --svg is an error and leaves no file' '
	cd f &&
	test_expect_code 128 git benchbisect log --svg ../none.svg 2>../err &&
	echo "fatal: no recorded values to draw in refs/notes/benchbisect" >../expect &&
	test_cmp ../expect ../err &&
	! test -e ../none.svg &&
	git benchbisect log >../out 2>../err &&
	git benchbisect log --keys >>../out 2>>../err &&
	test_must_be_empty ../out &&
	test_must_be_empty ../err
'

# The man page's EXIT STATUS must list what makes log exit 128, --svg with
# nothing to draw among it.
test_expect_success 'the man page says when log exits 128, --svg with nothing to draw too' '
	sed -n "/^Log: /,/^\\.PP\$/p" "$SRC_DIR/man/git-benchbisect.1" >actual &&
	cat >expect <<-\EOF &&
	Log: 0, or 128 on a fatal error: a bad range, notes that cannot be read,
	or \fB\-\-svg\fR with nothing to draw (no recorded values, none of the
	\fB\-\-key\fR, a key prefix several keys begin) or a file it cannot
	write; no chart file is left behind then.
	.PP
	EOF
	test_cmp expect actual
'

# A --metric run that fails (exit 3 where perf.txt says broken) is
# untestable, as run counts it, never bad: the key has values in other
# notes, also when the range holds none of them.
cat >"$TRASH/bin/measure-or-fail" <<\EOF
#!/bin/sh
grep -q broken perf.txt && exit 3
exec measure
EOF
chmod +x "$TRASH/bin/measure-or-fail"

test_expect_success 'log: a --metric key'"'"'s failed run is untestable, not bad' '
	metric_repo broken - - - broken "1.00 1.02 0.98" "0.80 0.79 0.81" - - &&
	cd broken &&
	git benchbisect run --metric --good main~8 --bad main -- measure-or-fail >/dev/null 2>&1 &&
	key=$(git benchbisect log --keys | cut -d" " -f1) &&
	git benchbisect log main~5..main~4 >../actual &&
	echo "$(short 4) $key box 1 run, 1 untestable: Tune the tile search, part 4 (#4104)" >../expect &&
	test_cmp ../expect ../actual &&
	git benchbisect log --json | jq -c ".commits[] | select(.sha == \"$(at 4)\") | .measurements[0] | [.runs, .good, .bad, .untestable]" >../actual &&
	echo "[1,0,0,1]" >../expect &&
	test_cmp ../expect ../actual
'

# Runs of 0 have no spread in percent (--json: null), and one of 148%
# reads so, not "1.5e+02%"; the notes written by hand, in their format.
test_expect_success 'log: no spread about a median of 0, and a spread in plain notation' '
	rm -rf g && cp -r f g && cd g &&
	line="benchbisect-run v1 key=0123456789abcdef machine=box date=2026-12-02T04:30:12.000001Z duration=1.000 exit=0" &&
	git notes --ref benchbisect add -m "$line value=0" -m "$line value=0" main~1 &&
	git notes --ref benchbisect add -m "$line value=0" -m "$line value=0.001" main &&
	git benchbisect log main~2..main | grep -v "^noise " >../actual &&
	cat >../expect <<-EOF &&
	$(short 8) 0123456789abcdef box 2 runs, median 0.0005, spread 148%: Tune the tile search, part 8 (#4108)
	$(short 7) 0123456789abcdef box 2 runs, median 0: Tune the tile search, part 7 (#4107)
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect log --json main~2..main | jq -c "[.commits[].measurements[0].spread_pct]" >../actual &&
	echo "[148.26,null]" >../expect &&
	test_cmp ../expect ../actual
'

# Fields are name=value, by single spaces: "value=1 2" was read as 1, the
# "2" taken for a field it does not know.
test_expect_success 'log: a line with a word that is no field is skipped with a warning' '
	rm -rf g && cp -r f g && cd g &&
	line="benchbisect-run v1 key=0123456789abcdef machine=box date=2026-12-02T04:30:12.000001Z duration=1.000 exit=0" &&
	git notes --ref benchbisect add -m "$line value=1 2" -m "$line value=3" main &&
	git benchbisect log main~1..main >../actual 2>../err &&
	echo "$(short 8) 0123456789abcdef box 1 run, median 3, spread 0%: Tune the tile search, part 8 (#4108)" >../expect &&
	test_cmp ../expect ../actual &&
	echo "warning: skipping 1 line of the note on $(short 8) in refs/notes/benchbisect that does not parse: '\''$line value=1 2'\''" >../expect &&
	test_cmp ../expect ../err
'

# A value of -0 (a benchmark may print it) printed "median -0", and
# --json -0: it reads as 0, in a run as in a note.
test_expect_success 'log: a recorded -0 is 0, in the text and in --json' '
	rm -rf g && cp -r f g && cd g &&
	line="benchbisect-run v1 key=0123456789abcdef machine=box date=2026-12-02T04:30:12.000001Z duration=1.000 exit=0" &&
	git notes --ref benchbisect add -m "$line value=-0" -m "$line value=-0.0" main &&
	git benchbisect log main~1..main >../actual &&
	cat >../expect <<-EOF &&
	$(short 8) 0123456789abcdef box 2 runs, median 0: Tune the tile search, part 8 (#4108)
	noise 0123456789abcdef box: 0 a run, from 2 runs over 1 commit
	EOF
	test_cmp ../expect ../actual &&
	git benchbisect log --json main~1..main | jq -c ".commits[0].measurements[0] | [.median, .values]" >../actual &&
	echo "[0,[0,0]]" >../expect &&
	test_cmp ../expect ../actual
'

# The chart's culprit at 99.9997% said "probability 100%" (%.4g).
test_expect_success 'log --svg: a probability under 1 is never "100%"' '
	rm -rf g && cp -r f g && cd g &&
	line="benchbisect-run v1 key=0123456789abcdef machine=box date=2026-12-02T04:30:12.000001Z duration=1.000 exit=0" &&
	i=5 &&
	for v in "1 1.01" "1.02 0.99" "1 1" "0.8 0.81" "0.8 0.79" "0.8 0.8 0.8 0.8"; do
		set -- &&
		for x in $v; do set -- "$@" -m "$line value=$x" || return 1; done &&
		git notes --ref benchbisect add "$@" main~$i &&
		i=$((i - 1)) || return 1
	done &&
	git benchbisect log --svg ../chart.svg main~6..main >/dev/null &&
	grep "first bad commit <tspan class=\"mono\">$(short 6)</tspan>, probability 99.9997%<" ../chart.svg
'

test_expect_success 'log reads an annotated tag of the notes commit as run does, and fails on a ref that is none' '
	rm -rf g && cp -r a g && cd g &&
	git benchbisect log >../expect &&
	git benchbisect log --keys >../expect-keys &&
	git tag -a -m notes notes-tag refs/notes/benchbisect &&
	git update-ref refs/notes/benchbisect $(git rev-parse notes-tag) &&
	git benchbisect log >../actual 2>../err &&
	test_cmp ../expect ../actual &&
	test_must_be_empty ../err &&
	git benchbisect log --keys >../actual &&
	test_cmp ../expect-keys ../actual &&
	# git_note_foreach() read a tree here as a notes commit: a crash about half the time
	for what in "main^{tree}" "main:perf.txt"; do
		git update-ref refs/notes/benchbisect $(git rev-parse "$what") &&
		for i in 1 2 3 4; do
			for opt in "" --keys --json; do
				test_expect_code 128 git benchbisect log $opt >../out 2>../err &&
				test_must_be_empty ../out &&
				test_line_count_1 ../err &&
				grep "^fatal: cannot read the recorded runs: .refs/notes/benchbisect. is not a notes commit: " ../err ||
				return 1
			done
		done
	done
'

test_expect_success 'bash completes log, its options, and --key with the recorded keys' '
	cd a &&
	bash_complete benchbisect l >../actual &&
	echo "log " >../expect &&
	test_cmp ../expect ../actual &&
	bash_complete benchbisect log --ke >../actual &&
	printf -- "--key=\n--keys \n" >../expect &&
	test_cmp ../expect ../actual &&
	bash_complete benchbisect log --key "" >../actual &&
	echo "$(git benchbisect log --keys | cut -d" " -f1) " >../expect &&
	test_cmp ../expect ../actual
'

test_done
