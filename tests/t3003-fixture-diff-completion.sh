#!/bin/bash
# Completion of git fixture-diff: options from the binary, revisions from
# git, --cases values from the discovered case names.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"
. "$TEST_DIR/lib/bash-complete.sh"

# complete_fd <words after "git fixture-diff"...>: what _git_fixture_diff
# offers for the last word when git's completion calls it (git's own
# dispatch to it is covered for every command by t9010).
complete_fd() {
	bash -c '. /usr/share/bash-completion/completions/git &&
		. "$1/completions/git-fixture-diff.bash" && shift &&
		words=(git fixture-diff "$@") && cword=$(($# + 1)) &&
		cur=${words[cword]} && prev=${words[cword - 1]} &&
		_git_fixture_diff && printf "%s\n" "${COMPREPLY[@]}" | sort' bash "$SRC_DIR" "$@"
}

test_expect_success 'setup' '
	build_corpus repo &&
	mkdir -p repo/other/case7_x repo/other/case8_y &&
	echo "CASE = 7" >repo/other/case7_x/bench_spec.py
'

test_expect_success 'bash: options come from the binary' '
	cd repo &&
	complete_fd --na >actual &&
	echo "--name-only " >expect &&
	test_cmp expect actual &&
	complete_fd --ignore >actual &&
	echo "--ignore-comments " >expect &&
	test_cmp expect actual
'

test_expect_success 'bash: revisions' '
	cd repo &&
	complete_fd --json re >actual &&
	echo "rename " >expect &&
	test_cmp expect actual
'

test_expect_success 'bash: --cases completes case names, also after a comma' '
	cd repo &&
	complete_fd --cases case1 >actual &&
	printf "case10_persistent_gemm_data_partition\ncase11_wait_order\ncase1_simple_gemm\n" >expect &&
	test_cmp expect actual &&
	complete_fd --cases case2_warp_specialized_gemm,case9 >actual &&
	echo "case2_warp_specialized_gemm,case9_scaled_mm/blockwise" >expect &&
	test_cmp expect actual &&
	complete_fd --cases=case3 >actual &&
	echo "case3_flash_attention" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash: a quoted name is offered as --cases takes it, through the shell' '
	cd repo &&
	mkdir -p "quoted/case21_a,b" "quoted/case24_it'"'"'s\\x" &&
	echo "CASE = 21" >"quoted/case21_a,b/bench_spec.py" &&
	echo "CASE = 24" >"quoted/case24_it'"'"'s\\x/bench_spec.py" &&
	complete_fd --root quoted --cases "" >actual &&
	cat >expect <<-\EOF &&
	'"'"'"case21_a,b"'"'"'
	'"'"'"case24_it'"'"'\'"'"''"'"'s\\x"'"'"'
	EOF
	test_cmp expect actual &&
	eval "set -- $(head -n 1 actual) $(tail -n 1 actual)" &&
	git fixture-diff --root quoted --list-cases >expect &&
	printf "%s\n" "$@" >actual &&
	test_cmp expect actual
'

test_expect_success 'bash: a comma inside a quoted name separates nothing' '
	cd repo &&
	complete_fd --root quoted --cases "'"'"'\"case21_a," >actual &&
	echo "'"'"'\"case21_a,b\"" >expect &&
	test_cmp expect actual &&
	complete_fd --root quoted --cases "case1,'"'"'\"case21_a," >actual &&
	test_cmp expect actual &&
	complete_fd --root quoted --cases="case1,'"'"'\"case21_a," >actual &&
	test_cmp expect actual &&
	complete_fd --root quoted --cases "'"'"'\"case21_a,b\",\"case24" >actual &&
	echo "'"'"'\"case21_a,b\",\"case24_it'"'"'\\'"'"''"'"'s\\\\x\"" >expect &&
	test_cmp expect actual &&
	complete_fd --root quoted --cases "\"\\\"case21_a," >actual &&
	echo "\"\\\"case21_a,b\\\"" >expect &&
	test_cmp expect actual &&
	complete_fd --root quoted --cases "'"'"'\"case21_a,b\"'"'"','"'"'\"case24" >actual &&
	echo "'"'"'\"case24_it'"'"'\\'"'"''"'"'s\\\\x\"" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash: --cases follows a --root on the line' '
	cd repo &&
	complete_fd --root other --cases "" >actual &&
	printf "case7_x\ncase8_y\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash: --color values' '
	cd repo &&
	complete_fd --color=n >actual &&
	echo "never " >expect &&
	test_cmp expect actual
'

test_expect_success 'fish: options and case names' '
	cd repo &&
	fish -c "set -p fish_complete_path \"$SRC_DIR/completions\"; complete -C \"git-fixture-diff --inst\"" | cut -f1 >actual &&
	echo "--install-hook" >expect &&
	test_cmp expect actual &&
	fish -c "set -p fish_complete_path \"$SRC_DIR/completions\"; complete -C \"git-fixture-diff --cases case9\"" | cut -f1 >actual &&
	echo "case9_scaled_mm/blockwise" >expect &&
	test_cmp expect actual
'

test_expect_success 'zsh: the completion function loads' '
	zsh -n "$SRC_DIR/completions/_git-fixture-diff" &&
	zsh -fc "fpath=(\"$SRC_DIR/completions\" \$fpath); autoload -Uz _git-fixture-diff; whence -w _git-fixture-diff" >out &&
	grep "_git-fixture-diff: function" out
'

test_expect_success 'bash: git -C <dir> completes the cases and revisions of <dir>' '
	mkdir elsewhere &&
	cd elsewhere &&
	bash_complete -C ../repo fixture-diff --cases case3 >actual &&
	echo "case3_flash_attention" >expect &&
	test_cmp expect actual &&
	bash_complete -C ../repo fixture-diff --root other --cases case7 >actual &&
	echo "case7_x" >expect &&
	test_cmp expect actual &&
	bash_complete -C ../repo fixture-diff c1..ren >actual &&
	echo "c1..rename " >expect &&
	test_cmp expect actual
'

test_done
