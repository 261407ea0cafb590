#!/bin/bash
# Completion in the shells it is for: bash through git's own completion
# (which loads _git_<cmd>), fish through its git completion, zsh by loading
# the function files. Platforms and kernels come from the cached dashboard.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

programs=$(cd "$SRC_DIR/cmd" && ls *.c | sed 's/\.c$//')

. "$TEST_DIR/lib/bash-complete.sh"

start_httpd "$TRASH"

test_expect_success 'setup: the repository, its dashboard and the dashboard cache' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json &&
	git -C repo benchwindow --url "$HTTPD_URL/dash.json" b200_cute 2026-09-08 >/dev/null
'

for p in $programs; do
	test_expect_success "bash completes the options of git $p" '
		cd repo &&
		bash_complete '$p' --js >actual &&
		echo "--json " >expect &&
		test_cmp expect actual
	'
done

test_expect_success 'bash completes platforms from the cached dashboard' '
	cd repo &&
	git config bench.url "$HTTPD_URL/dash.json" &&
	bash_complete benchwindow b2 >actual &&
	printf "b200 \nb200_cute \n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash completes kernels of the platform on the line' '
	cd repo &&
	bash_complete benchwindow b200_cute --kernel "" >actual &&
	printf "cross_entropy \nlayer_norm \nmatmul \nrms_norm \nsoftmax \n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash completes revisions for --good' '
	cd repo &&
	bash_complete benchwindow --good ma >actual &&
	echo "main " >expect &&
	test_cmp expect actual
'

test_expect_success 'bash completes the report formats of both commands' '
	cd repo &&
	printf "markdown \ntext \n" >expect &&
	bash_complete benchwindow --format "" >actual &&
	test_cmp expect actual &&
	bash_complete benchbisect --format "" >actual &&
	test_cmp expect actual &&
	bash_complete benchwindow --format=m >actual &&
	echo "markdown " >expect &&
	test_cmp expect actual
'

test_expect_success 'bash completes every --scan argument as a platform, and the scan dates' '
	cd repo &&
	printf "b200 \nb200_cute \n" >expect &&
	for cmd in benchwindow benchbisect; do
		bash_complete $cmd --scan b200 b2 >actual &&
		test_cmp expect actual || return 1
	done &&
	bash_complete benchwindow b200 b2 >actual &&
	! grep b200 actual &&
	printf "today \nyesterday \n" >dates &&
	bash_complete benchbisect --scan --since "" >actual &&
	test_cmp dates actual &&
	bash_complete benchwindow --scan --until=y >actual &&
	echo "yesterday " >expect &&
	test_cmp expect actual
'

test_expect_success 'benchbisect completion loaded alone finds the shared window options' '
	cd repo &&
	bash -c ". /usr/share/bash-completion/completions/git &&
		. \"$SRC_DIR/completions/git-benchbisect.bash\" &&
		COMP_WORDS=(git benchbisect --good ma) && COMP_CWORD=3 &&
		COMP_LINE=\"git benchbisect --good ma\" && COMP_POINT=\${#COMP_LINE} &&
		__git_func_wrap __git_main && printf \"%s\\n\" \"\${COMPREPLY[@]}\"" >actual &&
	echo "main " >expect &&
	test_cmp expect actual
'

test_expect_success 'fish completes options and platforms of git-benchwindow' '
	cd repo &&
	for f in "$SRC_DIR"/completions/*.fish; do fish -n "$f" || return 1; done &&
	fish -c "set -p fish_complete_path \"$SRC_DIR/completions\"; complete -C \"git-benchwindow --only\"" >actual &&
	grep "^--only-slice" actual &&
	fish -c "set -p fish_complete_path \"$SRC_DIR/completions\"; complete -C \"git-benchwindow b2\"" >out &&
	cut -f1 out >actual &&
	printf "b200\nb200_cute\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bash takes the dashboard from --file and --url on the line' '
	cd repo &&
	sed "s/b200_cute/mi300x_cute/g" ../dash.json >other.json &&
	bash_complete benchwindow --file=other.json m >actual &&
	echo "mi300x_cute " >expect &&
	test_cmp expect actual &&
	bash_complete benchwindow --file other.json mi300x_cute --kernel=ma >actual &&
	echo "matmul " >expect &&
	test_cmp expect actual &&
	cp other.json ../other.json &&
	git benchwindow --url "$HTTPD_URL/other.json" --list-platforms >/dev/null &&
	bash_complete benchwindow --url "$HTTPD_URL/other.json" m >actual &&
	echo "mi300x_cute " >expect &&
	test_cmp expect actual
'

test_expect_success 'bash takes the dashboard from --pretuned on the line' '
	cd repo &&
	mkdir -p ../sub &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" --pretuned <../spec >pretuned.json &&
	sed "s/b200_cute/gb300_cute/g" pretuned.json >../sub/pretuned-dashboard-data.json &&
	cp ../dash.json ../sub/dashboard-data.json &&
	git config bench.url "$HTTPD_URL/sub/dashboard-data.json" &&
	git benchwindow --pretuned --list-platforms >/dev/null &&
	bash_complete benchwindow --pretuned g >actual &&
	echo "gb300_cute " >expect &&
	test_cmp expect actual &&
	bash_complete benchwindow g >actual &&
	! grep . actual
'

test_expect_success 'zsh loads every completion function' '
	for p in $programs; do
		zsh -n "$SRC_DIR/completions/_git-$p" &&
		zsh -fc "fpath=(\"$SRC_DIR/completions\" \$fpath); autoload -Uz _git-$p; whence -w _git-$p" >out &&
		grep "_git-$p: function" out || return 1
	done
'

test_done
