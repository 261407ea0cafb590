#!/bin/bash
# git fixture-diff: cases, statuses, renames, output formats, working tree.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

test_expect_success 'setup: corpus repository with regenerations, renames, back-outs' '
	build_corpus repo &&
	git -C repo rev-parse c1 c5 rename >/dev/null
'

test_expect_success 'table: churn, change, comment edit, back-out, added case' '
	cd repo &&
	git fixture-diff c1 c5 >actual &&
	cat >expect <<-\EOF &&
	case                                   fixture        graph
	case1_simple_gemm                      unchanged      churn
	case2_warp_specialized_gemm            changed +2 -1  changed
	case3_flash_attention                  unchanged      churn
	case4_tma_epilogue                     unchanged      churn
	case5_legacy_pipeline                  unchanged      same     (no bench_spec)
	case6_blackwell_fa                     changed +2 -2  changed
	case7_ws_pingpong                      removed -15    removed
	case8_multiphase_gemm                  unchanged      churn
	case9_scaled_mm/blockwise              unchanged      churn
	case10_persistent_gemm_data_partition  added +15      added
	case11_wait_order                      unchanged      churn
	11 cases: 7 unchanged, 2 changed, 1 added, 1 removed; graph churn in 6
	EOF
	test_cmp expect actual
'

test_expect_success '--json is the documented contract' '
	cd repo &&
	git fixture-diff --json c1 c5 >actual &&
	base=$(git rev-parse c1) head=$(git rev-parse c5) &&
	entry() {
		printf "\t\t\t\"case\":\t\"%s\",\n\t\t\t\"status\":\t\"%s\",\n\t\t\t\"graph\":\t\"%s\",\n" "$1" "$2" "$3"
		printf "\t\t\t\"bench_spec\":\t%s,\n\t\t\t\"renamed_from\":\tnull,\n" "$4"
		printf "\t\t\t\"added_lines\":\t%s,\n\t\t\t\"removed_lines\":\t%s\n" "$5" "$6"
	} &&
	{
		printf "{\n\t\"base\":\t\"%s\",\n\t\"head\":\t\"%s\",\n" $base $head
		printf "\t\"root\":\t\"third_party/tlx/tools/sched2tlx/examples\",\n\t\"cases\":\t[{\n"
		entry case1_simple_gemm unchanged changed true 0 0; printf "\t\t}, {\n"
		entry case2_warp_specialized_gemm changed changed true 2 1; printf "\t\t}, {\n"
		entry case3_flash_attention unchanged changed true 0 0; printf "\t\t}, {\n"
		entry case4_tma_epilogue unchanged changed true 0 0; printf "\t\t}, {\n"
		entry case5_legacy_pipeline unchanged same false 0 0; printf "\t\t}, {\n"
		entry case6_blackwell_fa changed changed true 2 2; printf "\t\t}, {\n"
		entry case7_ws_pingpong removed removed true 0 15; printf "\t\t}, {\n"
		entry case8_multiphase_gemm unchanged changed true 0 0; printf "\t\t}, {\n"
		entry case9_scaled_mm/blockwise unchanged changed true 0 0; printf "\t\t}, {\n"
		entry case10_persistent_gemm_data_partition added added true 15 0; printf "\t\t}, {\n"
		entry case11_wait_order unchanged changed true 0 0
		printf "\t\t}]\n}\n"
	} >expect &&
	test_cmp expect actual &&
	jq -e ".cases | length == 11" actual
'

test_expect_success 'renamed case with an identical fixture is listed once, under its new name' '
	cd repo &&
	git fixture-diff --json c5 rename >out &&
	jq -c ".cases[] | select(.status != \"unchanged\")" out >actual &&
	cat >expect <<-\EOF &&
	{"case":"case4_tma_store_epilogue","status":"renamed","graph":"same","bench_spec":true,"renamed_from":"case4_tma_epilogue","added_lines":0,"removed_lines":0}
	EOF
	test_cmp expect actual &&
	test "$(jq ".cases | length" out)" = 10 &&
	git fixture-diff c5 rename >table &&
	grep "^case4_tma_epilogue => case4_tma_store_epilogue  *renamed  *same$" table &&
	tail -n 1 table >actual &&
	echo "10 cases: 9 unchanged, 1 renamed" >expect &&
	test_cmp expect actual
'

test_expect_success 'the other direction is a rename back' '
	cd repo &&
	git fixture-diff --json rename c5 >out &&
	jq -r ".cases[] | select(.status == \"renamed\") | .case + \" \" + .renamed_from" out >actual &&
	echo "case4_tma_epilogue case4_tma_store_epilogue" >expect &&
	test_cmp expect actual
'

test_expect_success '--ignore-comments names a comment and whitespace edit as comment-only' '
	cd repo &&
	git fixture-diff c3 c4 --cases case6_blackwell_fa >actual &&
	grep "^case6_blackwell_fa  *changed +2 -2  *changed$" actual &&
	git fixture-diff --ignore-comments c3 c4 --cases case6_blackwell_fa >actual &&
	cat >expect <<-\EOF &&
	case                fixture             graph
	case6_blackwell_fa  comment-only +2 -2  changed
	1 case: 1 comment-only
	EOF
	test_cmp expect actual &&
	git fixture-diff --ignore-comments --json c3 c4 >out &&
	test "$(jq -r ".cases[] | select(.case == \"case6_blackwell_fa\") | .status" out)" = comment-only
'

test_expect_success '--ignore-comments: a "#" in a string continued by a backslash is data' '
	git init -q strings &&
	cd strings &&
	new_case case1_k 1 &&
	printf "s = \"abc\\\\\\n# value one\"\\nt = f\"{d[\"#\"]} one\"  # x\\n" >"$R/case1_k/generated.py" &&
	commit_all "2026-03-01T00:00:00Z" "one" &&
	printf "s = \"abc\\\\\\n# value two\"\\nt = f\"{d[\"#\"]} one\"  # x\\n" >"$R/case1_k/generated.py" &&
	commit_all "2026-03-02T00:00:00Z" "two" &&
	printf "s = \"abc\\\\\\n# value two\"\\nt = f\"{d[\"#\"]} two\"  # x\\n" >"$R/case1_k/generated.py" &&
	commit_all "2026-03-03T00:00:00Z" "three" &&
	printf "s = \"abc\\\\\\n# value two\"\\nt = f\"{d[\"#\"]} two\"  # y\\n" >"$R/case1_k/generated.py" &&
	commit_all "2026-03-04T00:00:00Z" "four" &&
	cat >expect <<-\EOF &&
	s = "abc\
	# value two"
	t = f"{d["#"]} two"  # y
	EOF
	test_cmp expect "$R/case1_k/generated.py" &&
	git fixture-diff --ignore-comments HEAD~3 HEAD~2 >actual &&
	cat >expect <<-\EOF &&
	case     fixture        graph
	case1_k  changed +1 -1  same
	1 case: 1 changed
	EOF
	test_cmp expect actual &&
	{
		git fixture-diff --ignore-comments --name-only HEAD~3 HEAD~2 &&
		git fixture-diff --ignore-comments --name-only HEAD~2 HEAD~1 &&
		git fixture-diff --ignore-comments --name-only HEAD~1 HEAD
	} >actual &&
	cat >expect <<-\EOF &&
	case1_k
	case1_k
	EOF
	test_cmp expect actual &&
	git fixture-diff --ignore-comments --json HEAD~1 HEAD >out &&
	test "$(jq -r ".cases[0].status" out)" = comment-only
'

# A PEP 263 coding line is a comment that says how the bytes decode:
# comments are judged on the text Python reads, each side in its own
# encoding (man git-fixture-diff, comment-only).
test_expect_success '--ignore-comments: a coding line is a change where the code reads otherwise' '
	git init -q codings &&
	cd codings &&
	for k in 1 2 3 4; do new_case case${k}_k $k || return 1; done &&
	latin1="# -*- coding: latin-1 -*-\n" utf8="# -*- coding: utf-8 -*-\n" &&
	# the same bytes, read as "cafÃ©", then as "café"
	printf "${latin1}NAME = \"caf\303\251\"\n" >"$R/case1_k/generated.py" &&
	# a Latin-1 "é" that UTF-8 cannot decode
	printf "${latin1}NAME = \"caf\351\"\n" >"$R/case2_k/generated.py" &&
	# ASCII reads the same in both
	printf "${latin1}NAME = \"cafe\"\n" >"$R/case3_k/generated.py" &&
	# re-encoded with its declaration: "café" both times
	printf "${latin1}NAME = \"caf\351\"\n" >"$R/case4_k/generated.py" &&
	commit_all "2026-03-01T00:00:00Z" "latin-1" &&
	printf "${utf8}NAME = \"caf\303\251\"\n" >"$R/case1_k/generated.py" &&
	printf "${utf8}NAME = \"caf\351\"\n" >"$R/case2_k/generated.py" &&
	printf "${utf8}NAME = \"cafe\"\n" >"$R/case3_k/generated.py" &&
	printf "${utf8}NAME = \"caf\303\251\"\n" >"$R/case4_k/generated.py" &&
	commit_all "2026-03-02T00:00:00Z" "utf-8" &&
	git fixture-diff --ignore-comments HEAD~1 HEAD >actual &&
	cat >expect <<-\EOF &&
	case     fixture             graph
	case1_k  changed +1 -1       same
	case2_k  changed +1 -1       same
	case3_k  comment-only +1 -1  same
	case4_k  comment-only +2 -2  same
	4 cases: 2 changed, 2 comment-only
	EOF
	test_cmp expect actual &&
	echo case1_k,case2_k >expect &&
	git fixture-diff --ignore-comments --name-only HEAD~1 HEAD >actual &&
	test_cmp expect actual
'

test_expect_success '--name-only lists the changed cases for the perf harness' '
	cd repo &&
	git fixture-diff --name-only c1 c5 >actual &&
	echo case2_warp_specialized_gemm,case6_blackwell_fa >expect &&
	test_cmp expect actual &&
	git fixture-diff --name-only --ignore-comments c1 c5 >actual &&
	echo case2_warp_specialized_gemm >expect &&
	test_cmp expect actual &&
	git fixture-diff --name-only c5 rename >actual &&
	test_must_be_empty actual
'

test_expect_success '--name-only leaves out a changed case without a spec, as the table and --json show it' '
	git clone -q repo nospec &&
	cd nospec &&
	echo "x = 1" >>"$R/case5_legacy_pipeline/generated.py" &&
	echo "x = 1" >>"$R/case1_simple_gemm/generated.py" &&
	echo "x = 1" >>"$R/case2_warp_specialized_gemm/generated.py" &&
	git rm -q "$R/case1_simple_gemm/bench_spec.py" &&
	git fixture-diff HEAD >table &&
	grep -Fx "case5_legacy_pipeline                  changed +1  same   (no bench_spec)" table &&
	git fixture-diff --json HEAD >out &&
	jq -r ".cases[] | select(.status == \"changed\" and .bench_spec) | .case" out >expect &&
	echo case2_warp_specialized_gemm >actual &&
	test_cmp expect actual &&
	git fixture-diff --name-only HEAD >actual &&
	test_cmp expect actual &&
	git fixture-diff --name-only -z HEAD | tr "\\0" "\\n" >actual &&
	test_cmp expect actual
'

test_expect_success 'natural order: case9 variants, then case10, case11' '
	cd repo &&
	git fixture-diff --list-cases c2 >actual &&
	corpus_cases >expect &&
	test_cmp expect actual
'

test_expect_success 'look-alike files are not fixtures' '
	cd repo &&
	git diff --name-only c2 c3 -- "$R/case3_flash_attention" "$R/case2_warp_specialized_gemm" >changed &&
	grep generated_base.py changed &&
	grep generated_subtile.py changed &&
	grep schedule_graph_subtile.json changed &&
	git fixture-diff --json c2 c3 --cases case3_flash_attention,case2_warp_specialized_gemm >out &&
	jq -r ".cases[] | [.case, .status, .added_lines, .removed_lines] | @tsv" out >actual &&
	printf "case2_warp_specialized_gemm\tchanged\t2\t1\ncase3_flash_attention\tunchanged\t0\t0\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a case gaining its bench_spec later' '
	cd repo &&
	git fixture-diff --json c2 c3 --cases case11_wait_order >out &&
	jq -c ".cases[] | [.case, .status, .bench_spec]" out >actual &&
	echo "[\"case11_wait_order\",\"unchanged\",true]" >expect &&
	test_cmp expect actual &&
	git fixture-diff c1 c2 --cases case11_wait_order >actual &&
	grep "^case11_wait_order  *unchanged  *same  *(no bench_spec)$" actual
'

test_expect_success 'a nested variant gaining its bench_spec: its fixture, read at base too, is unchanged' '
	git clone -q repo spec &&
	cd spec &&
	v=case9_scaled_mm/rowwise &&
	mkdir "$R/$v" &&
	cp "$R/case9_scaled_mm/blockwise/generated.py" "$R/$v/" &&
	commit_all "2026-10-03T10:00:00Z" "[sched2tlx] Add the rowwise fixture (#1280)" &&
	echo "CASE = \"rowwise\"" >"$R/$v/bench_spec.py" &&
	commit_all "2026-10-04T10:00:00Z" "[sched2tlx] Add the rowwise spec (#1281)" &&
	git fixture-diff HEAD~1 HEAD --cases case9_scaled_mm >actual &&
	cat >expect <<-\EOF &&
	case                       fixture    graph
	case9_scaled_mm/blockwise  unchanged  same
	case9_scaled_mm/rowwise    unchanged  absent
	2 cases: 2 unchanged
	EOF
	test_cmp expect actual &&
	git fixture-diff --json HEAD~1 HEAD --cases $v >out &&
	jq -c ".cases[] | [.status, .graph, .bench_spec, .added_lines, .removed_lines]" out >actual &&
	echo "[\"unchanged\",\"absent\",true,0,0]" >expect &&
	test_cmp expect actual &&
	git fixture-diff --name-only HEAD~1 HEAD >actual &&
	test_must_be_empty actual &&
	git fixture-diff -p HEAD~1 HEAD >actual &&
	test_must_be_empty actual &&
	git fixture-diff --check HEAD~1 HEAD >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err &&
	# The other way the variant loses its spec and keeps its fixture: the
	# fixture is unchanged, the case has no spec (and --check says so).
	git fixture-diff HEAD HEAD~1 --cases $v >actual &&
	cat >expect <<-\EOF &&
	case                     fixture    graph
	case9_scaled_mm/rowwise  unchanged  absent  (no bench_spec)
	1 case: 1 unchanged
	EOF
	test_cmp expect actual &&
	git fixture-diff --json HEAD HEAD~1 --cases $v >out &&
	jq -c ".cases[] | [.status, .bench_spec]" out >actual &&
	echo "[\"unchanged\",false]" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git fixture-diff --check HEAD HEAD~1 >actual 2>/dev/null &&
	grep "^case9_scaled_mm/rowwise: halfRemoved: bench_spec.py was removed but the case directory still holds generated.py;" actual
'

test_expect_success 'the working tree: a spec added or removed without a commit, a fixture edited with it' '
	cd spec &&
	v=case9_scaled_mm/rowwise &&
	rm "$R/$v/bench_spec.py" &&
	git fixture-diff HEAD --cases $v >actual &&
	grep "^case9_scaled_mm/rowwise  *unchanged  *absent  *(no bench_spec)$" actual &&
	git checkout -q HEAD~1 &&
	echo "CASE = \"rowwise\"" >"$R/$v/bench_spec.py" &&
	git fixture-diff HEAD --cases $v >actual &&
	grep "^case9_scaled_mm/rowwise  *unchanged  *absent$" actual &&
	echo "    tlx.fence()" >>"$R/$v/generated.py" &&
	git fixture-diff HEAD --cases $v >actual &&
	grep "^case9_scaled_mm/rowwise  *changed +1  *absent$" actual &&
	git fixture-diff --name-only HEAD >actual &&
	echo $v >expect &&
	test_cmp expect actual &&
	git fixture-diff --stat HEAD >actual &&
	printf " $v | 1 +\n 1 fixture changed, 1 insertion(+)\n" >expect &&
	test_cmp expect actual &&
	git fixture-diff -p HEAD >actual &&
	git diff HEAD -- "$R/$v/generated.py" >expect &&
	test_cmp expect actual &&
	rm "$R/$v/bench_spec.py" &&
	git checkout -q main
'

test_expect_success 'an empty root: case11 gaining its spec is unchanged, not added' '
	cd repo &&
	git -c fixturediff.root= fixture-diff --json c2 c3 >out &&
	jq -c ".cases[] | select(.case | endswith(\"/case11_wait_order\")) | [.status, .graph, .bench_spec]" out >actual &&
	echo "[\"unchanged\",\"changed\",true]" >expect &&
	test_cmp expect actual &&
	jq -r ".cases[].status" out | sort | uniq -c >actual &&
	printf "      1 changed\n      9 unchanged\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--no-root: the default corpus directory, whatever fixturediff.root says' '
	cd repo &&
	git fixture-diff --json c2 c3 >expect &&
	git -c fixturediff.root=nowhere fixture-diff --no-root --json c2 c3 >actual &&
	test_cmp expect actual &&
	git -c fixturediff.root= fixture-diff --root nowhere --no-root --json c2 c3 >actual &&
	test_cmp expect actual
'

test_expect_success '--cases: a container means its variants; lists and repeats combine' '
	cd repo &&
	git fixture-diff --json c1 c5 --cases case9_scaled_mm --cases case1_simple_gemm,case7_ws_pingpong >out &&
	jq -r ".cases[].case" out >actual &&
	printf "case1_simple_gemm\ncase7_ws_pingpong\ncase9_scaled_mm/blockwise\n" >expect &&
	test_cmp expect actual &&
	git fixture-diff --json c5 rename --cases case4_tma_epilogue >out &&
	test "$(jq -r ".cases[].case" out)" = case4_tma_store_epilogue
'

test_expect_success '--cases: an unknown case is an error listing the known ones' '
	cd repo &&
	test_expect_code 128 git fixture-diff c1 c2 --cases case9 2>err >out &&
	test_must_be_empty out &&
	cat >expect <<-\EOF &&
	fatal: unknown case '"'"'case9'"'"'
	hint: known cases: case1_simple_gemm, case2_warp_specialized_gemm, case3_flash_attention, case4_tma_epilogue, case5_legacy_pipeline, case6_blackwell_fa, case7_ws_pingpong, case8_multiphase_gemm, case9_scaled_mm/blockwise, case10_persistent_gemm_data_partition, case11_wait_order
	EOF
	test_cmp expect err
'

test_expect_success '--stat counts the changed fixtures' '
	cd repo &&
	git fixture-diff --stat c1 c5 >actual &&
	cat >expect <<-\EOF &&
	 case2_warp_specialized_gemm           |  3 ++-
	 case6_blackwell_fa                    |  4 ++--
	 case7_ws_pingpong                     | 15 ---------------
	 case10_persistent_gemm_data_partition | 15 +++++++++++++++
	 4 fixtures changed, 19 insertions(+), 18 deletions(-)
	EOF
	test_cmp expect actual &&
	git fixture-diff --stat c5 c5 >actual &&
	git diff --stat c5 c5 >expect &&
	test_must_be_empty actual &&
	test_cmp expect actual
'

test_expect_success '--stat scales a long bar as git does: the whole, then its sides' '
	git init -q bars &&
	cd bars &&
	new_case case1 1 &&
	new_case case2 2 &&
	seq 1 300 | sed "s/^/x = /" >"$R/case1/generated.py" &&
	seq 1 30 | sed "s/^/y = /" >"$R/case2/generated.py" &&
	commit_all "2026-03-01T00:00:00Z" "one" &&
	seq 1 300 | sed "s/^/z = /" >"$R/case1/generated.py" &&
	seq 1 30 | sed "s/^/w = /" >"$R/case2/generated.py" &&
	git fixture-diff --stat HEAD >actual &&
	cat >expect <<-\EOF &&
	 case1 | 600 +++++++++++++++++++++++++++++++++---------------------------------
	 case2 |  60 +++----
	 2 fixtures changed, 330 insertions(+), 330 deletions(-)
	EOF
	test_cmp expect actual
'

test_expect_success 'table and --stat: names padded by columns, quoted when escaped, Bin as git' '
	git init -q cosmetic &&
	cd cosmetic &&
	new_case case1_k 1 &&
	commit_all "2026-03-01T00:00:00Z" "one" &&
	printf "x\0y\n" >"$R/case1_k/generated.py" &&
	new_case "case3_$(printf "\303\251")" 3 &&
	new_case "case4_a\\nb" 4 &&
	new_case "$(printf "case5_a\nb")" 5 &&
	commit_all "2026-03-02T00:00:00Z" "two" &&
	git fixture-diff --stat HEAD~1 HEAD >actual &&
	cat >expect <<-EOF &&
	 case1_k       | Bin $(git cat-file -s HEAD~1:$R/case1_k/generated.py) -> 4 bytes
	 case3_$(printf "\303\251")       |  15 +++++++++++++++
	 "case4_a\\\\nb" |  15 +++++++++++++++
	 "case5_a\\nb"  |  17 +++++++++++++++++
	 4 fixtures changed, 47 insertions(+)
	EOF
	test_cmp expect actual &&
	git diff --stat HEAD~1 HEAD -- "$R/case1_k" >gitstat &&
	sed -n "1s/.* | //p" gitstat >expect &&
	sed -n "1s/.* | //p" actual >bin &&
	test_cmp expect bin &&
	git fixture-diff HEAD~1 HEAD >actual &&
	cat >expect <<-EOF &&
	case           fixture    graph
	case1_k        changed    same
	case3_$(printf "\303\251")        added +15  added
	"case4_a\\\\nb"  added +15  added
	"case5_a\\nb"   added +17  added
	4 cases: 1 changed, 3 added
	EOF
	test_cmp expect actual
'

test_expect_success '--patch is the same unified diff git prints' '
	cd repo &&
	git fixture-diff -p c1 c5 --cases case2_warp_specialized_gemm,case6_blackwell_fa,case7_ws_pingpong >actual &&
	git diff c1 c5 -- "$R/case2_warp_specialized_gemm/generated.py" \
		"$R/case6_blackwell_fa/generated.py" "$R/case7_ws_pingpong/generated.py" >expect &&
	test_cmp expect actual &&
	git fixture-diff --stat -p c1 c5 --cases case2_warp_specialized_gemm >actual &&
	head -n 3 actual >top &&
	printf " case2_warp_specialized_gemm | 3 ++-\n 1 fixture changed, 2 insertions(+), 1 deletion(-)\n\n" >expect &&
	test_cmp expect top
'

test_expect_success '--patch: a file name with a space ends in a TAB, as git writes it for patch(1)' '
	git init -q spaces &&
	cd spaces &&
	tab=$(printf "case4_a\tb") &&
	new_case "case1 gemm" 1 && new_case "case2 old" 2 && new_case "$tab" 4 &&
	commit_all "2026-10-01T10:00:00Z" "[sched2tlx] Cases with spaces (#1280)" &&
	echo "    tlx.fence()" >>"$R/case1 gemm/generated.py" &&
	echo "    tlx.fence()" >>"$R/$tab/generated.py" &&
	git rm -q -r "$R/case2 old" &&
	new_case "case3 new" 3 &&
	commit_all "2026-10-02T10:00:00Z" "[sched2tlx] Edit them (#1281)" &&
	git fixture-diff -p HEAD~1 HEAD >actual &&
	git diff --no-renames HEAD~1 HEAD -- "$R/case1 gemm/generated.py" "$R/case2 old/generated.py" \
		"$R/case3 new/generated.py" "$R/$tab/generated.py" >expect &&
	test_cmp expect actual &&
	grep -c "$(printf "^[-+][-+][-+] [ab]/.* .*\t\$")" actual >count &&
	echo 4 >expect &&
	test_cmp expect count
'

test_expect_success 'between commits, .gitattributes come from the working tree, as for git diff' '
	cd repo &&
	f="$R/case2_warp_specialized_gemm/generated.py" &&
	echo "generated.py -diff" >.gitattributes &&
	git fixture-diff --stat c1 c5 --cases case2_warp_specialized_gemm >actual &&
	git diff --numstat c1 c5 -- "$f" >numstat &&
	printf " case2_warp_specialized_gemm | Bin 499 -> 525 bytes\n 1 fixture changed, 0 insertions(+), 0 deletions(-)\n" >expect &&
	test_cmp expect actual &&
	git diff --stat c1 c5 -- "$f" >gitstat &&
	grep -q " | Bin 499 -> 525 bytes$" gitstat &&
	tail -n 1 gitstat >actual &&
	echo " 1 file changed, 0 insertions(+), 0 deletions(-)" >expect &&
	test_cmp expect actual &&
	printf -- "-\t-\t%s\n" "$f" >expect &&
	test_cmp expect numstat &&
	git add .gitattributes &&
	rm .gitattributes &&
	git fixture-diff --stat c1 c5 --cases case2_warp_specialized_gemm >actual &&
	git diff --numstat c1 c5 -- "$f" >numstat &&
	git rm -q --cached .gitattributes &&
	printf " case2_warp_specialized_gemm | 3 ++-\n 1 fixture changed, 2 insertions(+), 1 deletion(-)\n" >expect &&
	test_cmp expect actual &&
	printf "2\t1\t%s\n" "$f" >expect &&
	test_cmp expect numstat
'

test_expect_success 'revisions: short sha, HEAD~n, tag, branch' '
	cd repo &&
	git fixture-diff --json $(git rev-parse --short c3) c5 >a &&
	git fixture-diff --json HEAD~2 main >b &&
	git fixture-diff --json c3 c5 >c &&
	test_cmp a b && test_cmp a c
'

test_expect_success 'working tree: modified, deleted and untracked cases' '
	git clone -q repo wt &&
	cd wt &&
	echo "    tlx.fence()" >>"$R/case1_simple_gemm/generated.py" &&
	rm "$R/case8_multiphase_gemm/generated.py" &&
	rm -r "$R/case11_wait_order" &&
	mkdir "$R/case12_tma_store" &&
	fixture case12_tma_store >"$R/case12_tma_store/generated.py" &&
	echo "CASE = 12" >"$R/case12_tma_store/bench_spec.py" &&
	git fixture-diff c5 >actual &&
	cat >expect <<-\EOF &&
	case                                   fixture      graph
	case1_simple_gemm                      changed +1   same
	case2_warp_specialized_gemm            unchanged    same
	case3_flash_attention                  unchanged    same
	case4_tma_epilogue                     unchanged    same
	case5_legacy_pipeline                  unchanged    same     (no bench_spec)
	case6_blackwell_fa                     unchanged    same
	case8_multiphase_gemm                  removed -15  same
	case9_scaled_mm/blockwise              unchanged    same
	case10_persistent_gemm_data_partition  unchanged    same
	case11_wait_order                      removed -15  removed
	case12_tma_store                       added +15    absent
	11 cases: 7 unchanged, 1 changed, 1 added, 2 removed
	EOF
	test_cmp expect actual &&
	git fixture-diff --json c5 >out &&
	test "$(jq -r .head out)" = worktree &&
	git fixture-diff -p c5 --cases case1_simple_gemm >actual &&
	git diff c5 -- "$R/case1_simple_gemm/generated.py" >expect &&
	test_cmp expect actual
'

test_expect_success 'working tree: the index stat cache never hides an edit' '
	cd wt &&
	git checkout -q -- . && git clean -q -fd &&
	git update-index --refresh -q &&
	git fixture-diff --name-only c5 >actual &&
	test_must_be_empty actual &&
	f="$R/case2_warp_specialized_gemm/generated.py" &&
	mtime=$(stat -c %Y "$f") &&
	sed -i "s/NUM_STAGES = 3/NUM_STAGES = 4/" "$f" &&
	touch -d "@$mtime" "$f" &&
	git fixture-diff --name-only c5 >actual &&
	echo case2_warp_specialized_gemm >expect &&
	test_cmp expect actual &&
	git add "$f" &&
	git fixture-diff --name-only c5 >actual &&
	test_cmp expect actual &&
	git reset -q --hard &&
	git fixture-diff --name-only c5 >actual &&
	test_must_be_empty actual
'

test_expect_success 'working tree: a moved case directory is a rename' '
	cd wt &&
	git checkout -q -- . && git clean -q -fd &&
	mv "$R/case3_flash_attention" "$R/case3_flash_attention_v2" &&
	git fixture-diff --json c5 >out &&
	jq -c ".cases[] | select(.status != \"unchanged\") | [.case, .status, .renamed_from, .graph]" out >actual &&
	echo "[\"case3_flash_attention_v2\",\"renamed\",\"case3_flash_attention\",\"same\"]" >expect &&
	test_cmp expect actual
'

test_expect_success 'a rename that leaves a file behind is a rename, top-level or nested' '
	cd wt &&
	git checkout -q -- . && git clean -q -fd &&
	for c in case3_flash_attention:case3_flash_attention_v2 \
		 case9_scaled_mm/blockwise:case9_scaled_mm/fp8_blockwise
	do
		o=$R/${c%%:*} n=$R/${c##*:} &&
		mkdir "$n" &&
		for f in generated.py schedule_graph.json bench_spec.py
		do
			mv "$o/$f" "$n/$f" || return 1
		done
	done &&
	test -f "$R/case3_flash_attention/case3_flash_attention_pre_modulo.ttgir" &&
	git fixture-diff --json c5 >out &&
	jq -c ".cases[] | select(.status != \"unchanged\") | [.case, .status, .renamed_from]" out >actual &&
	cat >expect <<-\EOF &&
	["case3_flash_attention_v2","renamed","case3_flash_attention"]
	["case9_scaled_mm/fp8_blockwise","renamed","case9_scaled_mm/blockwise"]
	EOF
	test_cmp expect actual
'

test_expect_success 'working tree: CRLF checkout under core.autocrlf is unchanged' '
	cd wt &&
	git checkout -q -- . && git clean -q -fd &&
	git config core.autocrlf true &&
	f="$R/case2_warp_specialized_gemm/generated.py" &&
	sed "s/\$/\r/" "$f" >crlf && mv crlf "$f" &&
	git fixture-diff --json c5 >out &&
	test "$(jq -r "[.cases[] | select(.status != \"unchanged\")] | length" out)" = 0 &&
	git config core.autocrlf false &&
	git fixture-diff --name-only c5 >actual &&
	echo case2_warp_specialized_gemm >expect &&
	test_cmp expect actual
'

test_expect_success 'default base: the upstream, else origin/main, else main' '
	cd wt &&
	git checkout -q -- . &&
	git checkout -q -b topic c3 &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse origin/main)" &&
	git branch -q --set-upstream-to=origin/rename &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse origin/rename)" &&
	git checkout -q --detach c2 &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse origin/main)" &&
	cd ../repo &&
	git checkout -q --detach c4 &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse main)" &&
	git checkout -q main
'

test_expect_success 'default base: the upstream through the remote'"'"'s fetch refspec, as @{u}' '
	cd wt &&
	git checkout -q -b topic2 c3 &&
	git update-ref refs/remotes/mirror/trunk c4 &&
	git config remote.up.url /nonexistent &&
	git config remote.up.fetch "+refs/heads/*:refs/remotes/mirror/*" &&
	git config branch.topic2.remote up &&
	git config branch.topic2.merge refs/heads/trunk &&
	test "$(git rev-parse @{u})" = "$(git rev-parse c4)" &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse c4)" &&
	git -c remote.up.fetch=+refs/heads/trunk:refs/remotes/origin/rename fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse c4)" &&
	git -c branch.topic2.merge=refs/heads/gone fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse origin/main)" &&
	git config branch.topic2.remote . &&
	git config branch.topic2.merge refs/heads/topic &&
	git fixture-diff --json >out &&
	test "$(jq -r .base out)" = "$(git rev-parse topic)" &&
	git checkout -q --detach c2
'

test_expect_success 'colour only on request (or color.ui), never into a pipe by default' '
	cd repo &&
	git fixture-diff c1 c5 >plain &&
	! grep -q "$(printf "\033")" plain &&
	git fixture-diff --color=always c1 c5 >colored &&
	grep -q "$(printf "\033\\[33mchanged +2 -1\033\\[m")" colored &&
	git -c color.ui=always fixture-diff c1 c5 >ui &&
	test_cmp colored ui &&
	git -c color.ui=always fixture-diff --no-color c1 c5 >never &&
	test_cmp plain never &&
	git fixture-diff --color=always -p c1 c5 --cases case7_ws_pingpong >patch &&
	grep -q "$(printf "\033\\[31m-NUM_STAGES = 2\033\\[m")" patch &&
	test_expect_code 129 git fixture-diff --color=sometimes c1 c5
'

test_expect_success '-p --color: the patch is byte for byte git diff --color'"'"'s' '
	git init -q colours &&
	cd colours &&
	new_case case1_k 1 &&
	f=$R/case1_k/generated.py &&
	printf "import x\n\ndef f():\n    a = 1\n    b = 2\n    c = 3\n    d = 4\n    return a\n\n\nz = 1" >"$f" &&
	commit_all "2026-03-01T00:00:00Z" "one" &&
	printf "import x\n\ndef f():\n \ta = 1\n\tb = 2  \n    c = 3\n\n    d = 5\f\n    return a\n\n\nz = 2\n\n  \n" >"$f" &&
	commit_all "2026-03-02T00:00:00Z" "two" &&
	for range in "HEAD~1 HEAD" "HEAD HEAD~1"; do
		git diff --color=always $range -- "$f" >expect &&
		git fixture-diff -p --color=always $range >actual &&
		test_cmp expect actual || return 1
	done &&
	# the context lines, the whitespace errors (spaces before a tab,
	# blanks at the end of a line and of the file; a form feed is none,
	# as git has it) and the marker as git paints them; then a function
	# context, from the working tree
	esc=$(printf "\033") &&
	git fixture-diff -p --color=always HEAD~1 HEAD | sed "s/$esc/<ESC>/g" >actual &&
	grep -Fx "<ESC>[36m@@ -1,11 +1,14 @@<ESC>[m" actual &&
	grep -Fx " def f():<ESC>[m" actual &&
	grep -Fx " <ESC>[m" actual &&
	grep -Fx "<ESC>[32m+<ESC>[m<ESC>[41m <ESC>[m$(printf "\t")<ESC>[32ma = 1<ESC>[m" actual &&
	grep -Fx "<ESC>[32m+<ESC>[m$(printf "\t")<ESC>[32mb = 2<ESC>[m<ESC>[41m  <ESC>[m" actual &&
	grep -Fx "<ESC>[32m+<ESC>[m" actual &&
	grep -Fx "<ESC>[41m+  <ESC>[m" actual &&
	grep -Fx "\\ No newline at end of file<ESC>[m" actual &&
	fixture case1_k >"$f" &&
	commit_all "2026-03-03T00:00:00Z" "three" &&
	sed -i "s/^    return acc$/    return acc + 1/" "$f" &&
	git diff --color=always HEAD -- "$f" >expect &&
	git fixture-diff -p --color=always HEAD >actual &&
	test_cmp expect actual &&
	sed "s/$esc/<ESC>/g" actual >marked &&
	grep -Fx "<ESC>[36m@@ -12,4 +12,4 @@<ESC>[m <ESC>[mdef case1_k_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK: tl.constexpr):<ESC>[m" marked
'

test_expect_success 'colour config as git reads it: true is auto, a bad value is fatal' '
	cd repo &&
	git -c color.ui=true fixture-diff c1 c5 >ui &&
	test_cmp plain ui &&
	git -c color.ui=always -c color.fixturediff=yes fixture-diff c1 c5 >ui &&
	test_cmp plain ui &&
	test_expect_code 128 git -c color.fixturediff=bogus fixture-diff c1 c5 2>err &&
	echo "fatal: bad boolean config value '\''bogus'\'' for '\''color.fixturediff'\''" >expect &&
	test_cmp expect err &&
	test_expect_code 129 git fixture-diff --color=true c1 c5
'

test_expect_success '--patch: mode and type changes as git prints them' '
	git clone -q repo modes &&
	cd modes &&
	f1="$R/case1_simple_gemm/generated.py" f2="$R/case2_warp_specialized_gemm/generated.py" &&
	chmod +x "$f1" &&
	echo "    tlx.fence()" >>"$f1" &&
	rm "$f2" &&
	ln -s ../case3_flash_attention/generated.py "$f2" &&
	chmod +x "$R/case4_tma_epilogue/generated.py" &&
	git fixture-diff -p c5 >actual &&
	git diff c5 -- "$f1" "$f2" >expect &&
	test_cmp expect actual &&
	commit_all "2026-10-09T10:00:00Z" "[tlx] modes" &&
	git fixture-diff -p c5 HEAD >actual &&
	test_cmp expect actual &&
	git fixture-diff -p c5 HEAD --cases case1_simple_gemm >actual &&
	sed -n "2,4p" actual >head &&
	cat >expect <<-\EOF &&
	old mode 100644
	new mode 100755
	index deccc3a..b0f4dd0
	EOF
	test_cmp expect head &&
	git fixture-diff -p c5 HEAD --cases case2_warp_specialized_gemm >actual &&
	grep "^diff --git\|mode" actual >head &&
	cat >expect <<-EOF &&
	diff --git a/$f2 b/$f2
	deleted file mode 100644
	diff --git a/$f2 b/$f2
	new file mode 120000
	EOF
	test_cmp expect head &&
	git fixture-diff c5 HEAD --cases case4_tma_epilogue >actual &&
	grep "^case4_tma_epilogue  *unchanged  *same$" actual &&
	git rm -q -r "$R/case1_simple_gemm" &&
	commit_all "2026-10-10T10:00:00Z" "[tlx] drop case1" &&
	git fixture-diff -p HEAD~1 HEAD >actual &&
	git diff HEAD~1 HEAD -- "$f1" >expect &&
	test_cmp expect actual &&
	grep "^deleted file mode 100755$" actual
'

# git prints a file's "--- "/"+++ " lines with its first hunk: a fixture
# added or removed empty has none, where libgit2 printed them anyway.
test_expect_success '--patch: an empty fixture added or removed has no ---/+++ lines, as in git' '
	git clone -q repo empty &&
	cd empty &&
	f="$R/case12_empty/generated.py" &&
	new_case case12_empty 12 &&
	: >"$f" &&
	commit_all "2026-10-11T10:00:00Z" "[tlx] an empty fixture" &&
	git fixture-diff -p HEAD~1 HEAD >actual &&
	cat >expect <<-EOF &&
	diff --git a/$f b/$f
	new file mode 100644
	index 0000000..e69de29
	EOF
	test_cmp expect actual &&
	git fixture-diff -p HEAD HEAD~1 >actual &&
	git diff HEAD HEAD~1 -- "$f" >expect &&
	test_cmp expect actual &&
	grep -Fx "deleted file mode 100644" actual &&
	rm "$f" &&
	git fixture-diff -p --color=always HEAD >actual &&
	git diff --color=always HEAD -- "$f" >expect &&
	test_cmp expect actual
'

# git's --stat writes a blank after the count only when a bar follows.
test_expect_success '--stat: no blank after the 0 of an empty fixture, as in git' '
	cd empty &&
	git fixture-diff --stat HEAD~1 HEAD >actual &&
	cat >expect <<-\EOF &&
	 case12_empty | 0
	 1 fixture changed, 0 insertions(+), 0 deletions(-)
	EOF
	test_cmp expect actual
'


# cJSON writes DEL and the C1 controls (a CSI among them) raw: the
# printer escapes them, as the table, --stat and --check do.
test_expect_success '--json escapes DEL and the C1 controls in a name' '
	git init -q c1names &&
	cd c1names &&
	new_case "$(printf "case30_del\177csi\302\233nel\302\205nbsp\302\240")" 7f50 &&
	commit_all "2026-10-12T10:00:00Z" "[sched2tlx] a control-laden name" &&
	git fixture-diff --json --root "$R" HEAD HEAD >out &&
	grep -F "\"case\":" out >actual &&
	printf "\t\t\t\"case\":\t\"case30_del\\\\u007fcsi\\\\u009bnel\\\\u0085nbsp\302\240\",\n" >expect &&
	test_cmp expect actual &&
	jq -r ".cases[0].case" out >actual &&
	printf "case30_del\177csi\302\233nel\302\205nbsp\302\240\n" >expect &&
	test_cmp expect actual
'

test_done
