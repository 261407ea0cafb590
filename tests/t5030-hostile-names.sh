#!/bin/bash
# Case names are untrusted: a name with $(...) must stay a name when the
# --check restore hint is pasted into a shell, control characters are
# escaped before a terminal, --name-only and --list-cases quote names with
# commas as git's core.quotePath does (the form --cases takes back), and -z
# gives the raw names NUL-terminated.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

PWN='case20_$(touch pwned) `touch pwned2`'
ESCNAME=$(printf 'case22_esc\033]0;x\a\r')
NLNAME=$(printf 'case23_new\nline')
export PWN ESCNAME NLNAME

# expect_hint <base>: the --check line for the churned $PWN case; the path
# is a literal pathspec from the top, single-quoted inside the quoted command.
expect_hint() {
	printf "%s: graphChurn (note): schedule_graph.json changed but generated.py is byte-identical: the same kernel with new op ids; to keep the diff small, restore it with 'git checkout %s -- ':(top,literal)%s/%s/schedule_graph.json''\n" \
		"$PWN" "$1" "$R" "$PWN"
}

test_expect_success 'setup: cases with hostile names, then graph churn and fixture edits' '
	build_corpus repo &&
	cd repo &&
	new_case "$PWN" 1111 &&
	new_case "case21_a,b" 2222 &&
	new_case "$ESCNAME" 3333 &&
	new_case "$NLNAME" 4444 &&
	commit_all "2026-10-01T10:00:00Z" "[sched2tlx] Add four more cases (#1300)" &&
	git tag h1 &&
	regen "$PWN" 1112 &&
	regen "$ESCNAME" 3334 &&
	for n in "case21_a,b" "$NLNAME"; do
		echo "    tlx.fence()" >>"$R/$n/generated.py" &&
		regen "$n" 5555 || return 1
	done &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Regenerate the new cases (#1301)" &&
	git tag h2
'

test_expect_success '--check: the restore hint pasted into sh restores the graph and runs nothing' '
	git clone -q repo paste &&
	cd paste &&
	git checkout -q h2 &&
	git fixture-diff --check h1 h2 >../out &&
	b=$(git rev-parse --short h1) &&
	grep -F "case20_\$(touch pwned) \`touch pwned2\`: graphChurn (note): " ../out >../line &&
	expect_hint "$b" >../expect &&
	test_cmp ../expect ../line &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" ../line >../hint &&
	(sh ../hint) &&
	test_must_fail test -e pwned &&
	test_must_fail test -e pwned2 &&
	test_must_fail test -e ../pwned &&
	git diff --quiet h1 -- "$R/$PWN/schedule_graph.json" &&
	git fixture-diff --check h1 --cases "$PWN" >../after &&
	test_cmp /dev/null ../after
'

# Printed, a control character inside '...' would be escaped for the
# terminal and the pasted command would name another file: such a name
# is quoted as bash's $'...', whose escapes are the terminal's.
test_expect_success '--check: a hint for a name with control characters, pasted into bash, restores the graph' '
	cd paste &&
	git fixture-diff --check h1 h2 >../out &&
	grep -F "\"case22_esc\\e]0;x\\a\\r\": graphChurn (note): " ../out >../line &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" ../line >../hint &&
	echo "git checkout $(git rev-parse --short h1) -- \$'"'"':(top,literal)$R/case22_esc\\e]0;x\\a\\r/schedule_graph.json'"'"'" >../expect &&
	test_cmp ../expect ../hint &&
	(bash ../hint) &&
	git diff --quiet h1 -- "$R/$ESCNAME/schedule_graph.json"
'

# bash decodes $'\u202e' only in a UTF-8 locale: the hint writes the bytes.
test_expect_success '--check: a hint for a name with a bidirectional control works in any locale' '
	git init -q bidi &&
	cd bidi &&
	name=$(printf "case24_\342\200\256evil") &&
	new_case "$name" 6666 &&
	commit_all "2026-10-03T10:00:00Z" "[sched2tlx] Add a case (#1302)" &&
	regen "$name" 6667 &&
	commit_all "2026-10-04T10:00:00Z" "[sched2tlx] Regenerate it (#1303)" &&
	git fixture-diff --check HEAD~1 HEAD >../out &&
	sed -n "s/.*restore it with '"'"'\(.*\)'"'"'$/\1/p" ../out >../hint &&
	echo "git checkout $(git rev-parse --short HEAD~1) -- \$'"'"':(top,literal)$R/case24_\\xe2\\x80\\xaeevil/schedule_graph.json'"'"'" >../expect &&
	test_cmp ../expect ../hint &&
	for loc in C C.UTF-8; do
		git reset -q --hard &&
		(LC_ALL=$loc bash ../hint) &&
		git diff --quiet HEAD~1 -- "$R/$name/schedule_graph.json" || return 1
	done
'

test_expect_success '--json: a name that is not UTF-8 has U+FFFD for each such byte' '
	git init -q latin1 &&
	cd latin1 &&
	new_case "$(printf "case25_caf\351")" 7777 &&
	new_case "$(printf "case26_\303\251\342\200\256")" 7778 &&
	commit_all "2026-10-05T10:00:00Z" "[sched2tlx] Add two cases (#1304)" &&
	git mv "$R/$(printf "case26_\303\251\342\200\256")" "$R/$(printf "case27_\377")" &&
	commit_all "2026-10-06T10:00:00Z" "[sched2tlx] Rename one (#1305)" &&
	git fixture-diff --json HEAD~1 HEAD >../out &&
	python3 -c "import json, sys; json.load(open(sys.argv[1], encoding=\"utf-8\", errors=\"strict\"))" ../out &&
	jq -c ".cases[] | [.case, .renamed_from]" ../out >../actual &&
	printf "[\"case25_caf\357\277\275\",null]\n[\"case27_\357\277\275\",\"case26_\303\251\342\200\256\"]\n" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--check and the table escape control characters in names, quoted as git quotes paths' '
	cd repo &&
	git fixture-diff --check h1 h2 >../out &&
	git fixture-diff h1 h2 >../table &&
	cd .. &&
	! grep -q "$(printf "[\033\007\r]")" out &&
	! grep -q "$(printf "[\033\007\r]")" table &&
	grep -F "\"case22_esc\\e]0;x\\a\\r\": graphChurn (note): " out &&
	grep -F "\"case22_esc\\e]0;x\\a\\r\"  " table
'

test_expect_success '--name-only: one comma-separated line, names needing it quoted' '
	cd repo &&
	git fixture-diff --name-only h1 h2 >../actual &&
	echo "\"case21_a,b\",\"case23_new\\nline\"" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success '--name-only -z: the raw names, NUL-terminated' '
	cd repo &&
	git fixture-diff --name-only -z h1 h2 >../actual &&
	printf "case21_a,b\0case23_new\nline\0" >../expect &&
	cmp ../expect ../actual &&
	git fixture-diff --name-only --null h1 h2 >../actual &&
	cmp ../expect ../actual
'

test_expect_success '--list-cases quotes as core.quotePath does, -z gives them raw' '
	cd repo &&
	git fixture-diff --list-cases h2 >../list &&
	grep -Fx "case20_\$(touch pwned) \`touch pwned2\`" ../list &&
	grep -Fx "\"case22_esc\\033]0;x\\a\\r\"" ../list &&
	grep -Fx "\"case23_new\\nline\"" ../list &&
	grep -Fx "\"case21_a,b\"" ../list &&
	git fixture-diff --list-cases -z h2 >../raw &&
	tr -cd "\0" <../raw | wc -c >../count &&
	grep -c "case23_new\$" ../raw &&
	grep -c . ../list >../expect &&
	test_cmp ../expect ../count
'

test_expect_success '--cases takes each name as --list-cases and --name-only print it' '
	cd repo &&
	git fixture-diff --list-cases h2 >../list &&
	git fixture-diff --cases "$(grep -F case21_ ../list)" \
		--cases "$(grep -F case22_ ../list)" --cases "$(grep -F case23_ ../list)" \
		h1 h2 >../actual &&
	cat >../expect <<-\EOF &&
	case                    fixture     graph
	case21_a,b              changed +1  changed
	"case22_esc\e]0;x\a\r"  unchanged   churn
	"case23_new\nline"      changed +1  changed
	3 cases: 1 unchanged, 2 changed; graph churn in 1
	EOF
	test_cmp ../expect ../actual &&
	git fixture-diff --name-only h1 h2 >../names &&
	git fixture-diff --name-only --cases "$(cat ../names)" h1 h2 >../actual &&
	test_cmp ../names ../actual &&
	git fixture-diff --name-only --cases "\"case21_a\\054b\"" h1 h2 >../actual &&
	echo "\"case21_a,b\"" >../expect &&
	test_cmp ../expect ../actual
'

# The hint after an unknown case listed the names escaped for a terminal
# (case22_esc\e]0;x...), a form --cases does not take back.
test_expect_success '--cases: an unknown case lists the known ones as --list-cases prints them' '
	cd repo &&
	git fixture-diff --list-cases h2 >../list &&
	test_expect_code 128 git fixture-diff --cases nosuch h1 h2 2>../err &&
	{
		echo "fatal: unknown case '"'"'nosuch'"'"'" &&
		printf "hint: known cases: %s\n" "$(sed -e :a -e "N;s/\n/, /;ta" ../list)"
	} >../expect &&
	test_cmp ../expect ../err
'

test_expect_success '--cases: a quoted name that does not unquote is a usage error' '
	cd repo &&
	test_expect_code 129 git fixture-diff --cases "\"case21_a,b" h1 h2 2>../err &&
	grep -Fx "error: --cases: cannot unquote '"'"'\"case21_a,b'"'"'" ../err &&
	test_expect_code 129 git fixture-diff --cases "\"case23_new\\qline\"" h1 h2 2>../err &&
	grep -Fx "error: --cases: cannot unquote '"'"'\"case23_new\\qline\"'"'"'" ../err
'

test_expect_success '-z without a list to print is a usage error' '
	cd repo &&
	test_expect_code 129 git fixture-diff -z h1 h2 2>../err &&
	grep "^error: option '"'"'-z'"'"' needs '"'"'--name-only'"'"' or '"'"'--list-cases'"'"'$" ../err
'

test_done
