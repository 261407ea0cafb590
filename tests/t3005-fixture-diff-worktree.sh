#!/bin/bash
# git fixture-diff: the working-tree side reads what git status reads: a
# sparse checkout's left-out files come from the index, a submodule is
# not the superproject's content.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"

test_expect_success 'setup: corpus repository' '
	build_corpus repo
'

test_expect_success 'sparse checkout: a left-out fixture is the index'"'"'s, not removed' '
	git clone -q repo sparse &&
	cd sparse &&
	git sparse-checkout set --no-cone "/*" "!/$R/case2_warp_specialized_gemm/generated.py" &&
	test ! -e "$R/case2_warp_specialized_gemm/generated.py" &&
	git fixture-diff c1 --cases case1_simple_gemm,case2_warp_specialized_gemm >actual &&
	cat >expect <<-\EOF &&
	case                         fixture        graph
	case1_simple_gemm            unchanged      churn
	case2_warp_specialized_gemm  changed +2 -1  changed
	2 cases: 1 unchanged, 1 changed; graph churn in 1
	EOF
	test_cmp expect actual &&
	git fixture-diff --check HEAD >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	git fixture-diff --name-only HEAD >actual &&
	test_must_be_empty actual
'

test_expect_success 'sparse checkout, cone mode: left-out case folders come from the index' '
	cd sparse &&
	git sparse-checkout set --cone "$R/case1_simple_gemm" &&
	test ! -e "$R/case2_warp_specialized_gemm" &&
	git fixture-diff c1 >actual &&
	git fixture-diff c1 HEAD >expect &&
	test_cmp expect actual &&
	git fixture-diff HEAD >actual &&
	tail -n 1 actual >last &&
	echo "10 cases: 10 unchanged" >expect &&
	test_cmp expect last &&
	git fixture-diff -p c4 --cases case7_ws_pingpong >actual &&
	git diff c4 HEAD -- "$R/case7_ws_pingpong/generated.py" >expect &&
	test_cmp expect actual
'

test_expect_success 'sparse checkout: a left-out fixture written again is read from disk, as git does' '
	cd sparse &&
	git sparse-checkout set --cone "$R/case1_simple_gemm" &&
	C=$R/case2_warp_specialized_gemm &&
	mkdir "$C" &&
	echo "# regenerated" >"$C/generated.py" &&
	git fixture-diff --name-only HEAD >actual &&
	echo case2_warp_specialized_gemm >expect &&
	test_cmp expect actual &&
	git fixture-diff --check HEAD >out 2>err &&
	echo "case2_warp_specialized_gemm: staleGraph (note): generated.py changed but neither schedule_graph.json nor the emitter (third_party/tlx/tools/sched2tlx/sched2tlx) did: a hand edit or a stale regeneration" >expect &&
	test_cmp expect out &&
	git -c sparse.expectFilesOutsideOfPatterns=true fixture-diff --name-only HEAD >actual &&
	test_must_be_empty actual &&
	rm -r "$C" &&
	git fixture-diff --name-only HEAD >actual &&
	test_must_be_empty actual
'

test_expect_success 'sparse checkout: a corpus left out altogether is still there' '
	cd sparse &&
	git sparse-checkout set --cone elsewhere &&
	test ! -e "$R" &&
	git fixture-diff --list-cases >actual 2>err &&
	git fixture-diff --list-cases HEAD >expect &&
	test_cmp expect actual &&
	test_must_be_empty err &&
	git fixture-diff --check HEAD >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	git sparse-checkout disable
'

test_expect_success 'a corpus reached through a symbolic link is not there, as for git' '
	git clone -q repo linked &&
	cd linked &&
	mv third_party "$TRASH/tp" &&
	ln -s "$TRASH/tp" third_party &&
	git fixture-diff HEAD >actual 2>err &&
	tail -n 1 actual >last &&
	echo "10 cases: 10 removed" >expect &&
	test_cmp expect last &&
	echo "warning: root '"'"'$R'"'"' does not exist in the working tree: its cases count as removed" >expect &&
	test_cmp expect err &&
	git fixture-diff --check HEAD >out 2>err &&
	test_must_be_empty out &&
	test_cmp expect err &&
	rm third_party &&
	mv "$TRASH/tp" third_party &&
	mv "$R" "$TRASH/examples" &&
	ln -s "$TRASH/examples" "$R" &&
	git add -A &&
	git commit -q -m "the corpus is a link" &&
	git fixture-diff HEAD~1 HEAD >actual 2>err &&
	tail -n 1 actual >last &&
	echo "10 cases: 10 removed" >expect &&
	test_cmp expect last &&
	echo "warning: root '"'"'$R'"'"' does not exist in '"'"'HEAD'"'"': its cases count as removed" >expect &&
	test_cmp expect err
'

test_expect_success 'setup: a submodule inside the corpus' '
	git init -q sub &&
	(
		cd sub &&
		printf "CASE = 1\n" >bench_spec.py &&
		fixture sub >generated.py &&
		commit_all "2026-10-05T10:00:00Z" "sub"
	) &&
	git clone -q repo super &&
	cd super &&
	git -c protocol.file.allow=always submodule -q add "$TRASH/sub" "$R/case12_sub" &&
	commit_all "2026-10-06T10:00:00Z" "[tlx] Add a submodule" &&
	test -f "$R/case12_sub/generated.py"
'

test_expect_success 'a submodule is not the superproject'"'"'s content' '
	cd super &&
	git fixture-diff HEAD >actual &&
	tail -n 1 actual >last &&
	echo "10 cases: 10 unchanged" >expect &&
	test_cmp expect last &&
	git fixture-diff --list-cases >actual &&
	git fixture-diff --list-cases HEAD >expect &&
	test_cmp expect actual &&
	! grep case12 actual
'

test_expect_success 'neither is an uninitialised submodule'"'"'s folder, nor a nested clone' '
	git clone -q super super-clone &&
	cd super-clone &&
	test -d "$R/case12_sub" &&
	git clone -q "$TRASH/sub" "$R/case13_clone" &&
	git fixture-diff --list-cases >actual &&
	corpus_cases case7_ws_pingpong >expect &&
	test_cmp expect actual &&
	git fixture-diff --check HEAD >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

# A commit holds only the submodule's gitlink; the working tree's files
# below it are another repository's, and a root there is not this one's.
test_expect_success 'a root inside a submodule is not in the working tree either' '
	git init -q outer &&
	cd outer &&
	git -c protocol.file.allow=always submodule -q add "$TRASH/repo" vendor/tlx &&
	commit_all "2026-10-06T10:00:00Z" "[tlx] Vendor the corpus" &&
	test -f "vendor/tlx/$R/case1_simple_gemm/generated.py" &&
	test_expect_code 128 git fixture-diff --root "vendor/tlx/$R" HEAD >out 2>err &&
	test_must_be_empty out &&
	cat >expect <<-EOF &&
	fatal: root '"'"'vendor/tlx/$R'"'"' exists neither in '"'"'HEAD'"'"' nor in the working tree
	hint: set it with --root <dir> or '"'"'git config fixturediff.root <dir>'"'"'
	EOF
	test_cmp expect err &&
	for root in "vendor/tlx/$R" vendor/tlx; do
		git fixture-diff --list-cases --root "$root" >out 2>err &&
		test_must_be_empty out &&
		echo "warning: root '"'"'$root'"'"' does not exist in the working tree" >expect &&
		test_cmp expect err || return 1
	done
'

test_expect_success 'setup: a clean filter driver on the fixtures' '
	git clone -q repo filter &&
	cd filter &&
	git config filter.drop.clean "sed \"/^#DROP/d\"" &&
	git config filter.drop.smudge cat &&
	echo "generated.py filter=drop" >.gitattributes &&
	commit_all "2026-10-07T10:00:00Z" "attributes"
'

test_expect_success 'the clean filter is applied as git add applies it' '
	cd filter &&
	f="$R/case1_simple_gemm/generated.py" &&
	echo "#DROP a local note" >>"$f" &&
	test "$(git hash-object --path="$f" "$f")" = "$(git rev-parse "HEAD:$f")" &&
	git fixture-diff --name-only HEAD >actual &&
	test_must_be_empty actual &&
	echo "    tlx.fence()" >>"$f" &&
	git fixture-diff -p HEAD >actual &&
	git diff HEAD -- "$f" >expect &&
	test_cmp expect actual &&
	grep "^+    tlx.fence()$" actual &&
	! grep DROP actual &&
	git checkout -q -- "$f"
'

test_expect_success 'the clean command: %f is the quoted path, run in the top of the working tree' '
	cd filter &&
	f="$R/case1_simple_gemm/generated.py" &&
	echo "    tlx.fence()" >>"$f" &&
	clean="cat >/dev/null; sed \"s/fence/wait/\" %f; echo \"# 100%% from\" %f" &&
	git -c filter.drop.clean="$clean" diff HEAD -- "$f" >expect &&
	(
		cd "$R" &&
		git -c filter.drop.clean="$clean" fixture-diff -p HEAD --cases case1_simple_gemm
	) >actual &&
	test_cmp expect actual &&
	grep "^+    tlx.wait()$" actual &&
	grep "^+# 100% from $f\$" actual &&
	git checkout -q -- "$f"
'

test_expect_success 'a failing clean filter: the bytes unfiltered, unless it is required' '
	cd filter &&
	f="$R/case1_simple_gemm/generated.py" &&
	echo "#DROP a local note" >>"$f" &&
	git -c filter.drop.clean=false fixture-diff HEAD --cases case1_simple_gemm >actual 2>err &&
	cat >expect <<-EOF &&
	case               fixture     graph
	case1_simple_gemm  changed +1  same
	1 case: 1 changed
	EOF
	test_cmp expect actual &&
	echo "warning: clean filter '"'"'drop'"'"' failed on '"'"'$f'"'"' (exit status 1): its bytes are used unfiltered" >expect &&
	test_cmp expect err &&
	test_expect_code 128 git -c filter.drop.clean=false -c filter.drop.required=true \
		fixture-diff HEAD >actual 2>err &&
	test_must_be_empty actual &&
	cat >expect <<-EOF &&
	error: cannot read '"'"'$f'"'"': clean filter '"'"'drop'"'"' failed: exit status 1
	fatal: cannot list the cases in the working tree
	EOF
	test_cmp expect err &&
	git checkout -q -- "$f"
'

test_expect_success 'a long-running process filter is refused, not ignored' '
	cd filter &&
	f="$R/case1_simple_gemm/generated.py" &&
	echo "#DROP a local note" >>"$f" &&
	test_expect_code 128 git -c filter.drop.process=drop-filter fixture-diff HEAD >actual 2>err &&
	cat >expect <<-EOF &&
	error: cannot read '"'"'$f'"'"': filter '"'"'drop'"'"': long-running process filters (filter.drop.process) are not supported
	fatal: cannot list the cases in the working tree
	EOF
	test_cmp expect err &&
	git checkout -q -- "$f"
'

test_expect_success 'working-tree-encoding is refused, naming the attribute, not misread' '
	git clone -q repo encoded &&
	cd encoded &&
	f="$R/case1_simple_gemm/generated.py" &&
	# The file goes before the attribute comes: a clone in the same second
	# leaves its index entry racily clean, and the commit would re-read the
	# UTF-8 file as UTF-16 ("failed to encode", one CI run in five).
	rm "$f" &&
	echo "/$f working-tree-encoding=UTF-16LE-BOM" >.gitattributes &&
	git add .gitattributes &&
	git commit -q -m "UTF-16 fixtures" &&
	git checkout -- "$f" &&
	git diff --quiet HEAD &&
	# git compares mtimes to the second: a touch before git diff in the
	# checkout'"'"'s second went unseen, but one in the next second (one CI
	# run, under load) made git diff re-read the file, find it the same and
	# write its new stat into the index; the entry was then clean, the file
	# never read, and the refusal never came. A stat the index cannot hold,
	# set after git diff, makes fixture-diff read the file every time.
	touch -d @946684800 "$f" &&
	test_expect_code 128 git fixture-diff HEAD >actual 2>err &&
	test_must_be_empty actual &&
	cat >expect <<-EOF &&
	error: cannot read '"'"'$f'"'"': working-tree-encoding=UTF-16LE-BOM is not supported
	fatal: cannot list the cases in the working tree
	EOF
	test_cmp expect err &&
	test_expect_code 128 git fixture-diff --check HEAD >actual 2>err &&
	test_must_be_empty actual &&
	test_cmp expect err &&
	echo "/$f working-tree-encoding=UTF-8" >.gitattributes &&
	rm "$f" &&
	git checkout -- "$f" &&
	touch "$f" &&
	git fixture-diff HEAD --cases case1_simple_gemm >actual &&
	tail -n 1 actual >last &&
	echo "1 case: 1 unchanged" >expect &&
	test_cmp expect last
'

# core.fileMode as git reads it, `git -c` included: libgit2 reads only the
# files, so `git -c core.fileMode=false` was ignored and -p printed a mode
# change git diff does not.
test_expect_success 'core.fileMode: `git -c` and the configuration both decide whether the exec bit counts' '
	git clone -q repo filemode &&
	cd filemode &&
	f="$R/case1_simple_gemm/generated.py" &&
	chmod +x "$f" &&
	echo "# a local note" >>"$f" &&
	git fixture-diff -p HEAD >out &&
	sed -n "2,3p" out >actual &&
	printf "old mode 100644\nnew mode 100755\n" >expect &&
	test_cmp expect actual &&
	git -c core.fileMode=false fixture-diff -p HEAD >out &&
	git -c core.fileMode=false diff HEAD -- "$f" >expect &&
	test_cmp expect out &&
	git config core.fileMode false &&
	git fixture-diff -p HEAD >out &&
	test_cmp expect out &&
	git -c core.fileMode=true fixture-diff -p HEAD >out &&
	sed -n "2,3p" out >actual &&
	printf "old mode 100644\nnew mode 100755\n" >expect &&
	test_cmp expect actual &&
	test_expect_code 128 git -c core.fileMode=sometimes fixture-diff HEAD 2>err &&
	grep "core.filemode" err
'

# The line endings as git reads its configuration: the filters are
# libgit2's, which read the repository's files only, so `git -c
# core.autocrlf=true` and config.worktree were ignored and a CRLF
# checkout of an unchanged fixture read as changed.
test_expect_success 'core.autocrlf: `git -c` and config.worktree count, as in git' '
	git clone -q repo autocrlf &&
	cd autocrlf &&
	f="$R/case2_warp_specialized_gemm/generated.py" &&
	sed "s/\$/\r/" "$f" >crlf && mv crlf "$f" &&
	git fixture-diff HEAD --cases case2_warp_specialized_gemm >out &&
	tail -n 1 out >actual &&
	echo "1 case: 1 changed" >expect &&
	test_cmp expect actual &&
	git -c core.autocrlf=true diff --quiet HEAD -- "$f" &&
	git -c core.autocrlf=true fixture-diff HEAD --cases case2_warp_specialized_gemm >out &&
	tail -n 1 out >actual &&
	echo "1 case: 1 unchanged" >expect &&
	test_cmp expect actual &&
	git config extensions.worktreeConfig true &&
	git config --worktree core.autocrlf true &&
	git diff --quiet HEAD -- "$f" &&
	git fixture-diff HEAD --cases case2_warp_specialized_gemm >out &&
	tail -n 1 out >actual &&
	test_cmp expect actual &&
	git -c core.autocrlf=false fixture-diff --name-only HEAD >actual &&
	echo case2_warp_specialized_gemm >expect &&
	test_cmp expect actual &&
	TMPDIR=/nonexistent git -c color.ui=never fixture-diff --name-only HEAD >actual &&
	test_must_be_empty actual
'

test_done
