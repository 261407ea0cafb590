#!/bin/bash
# git benchwindow in every kind of repository git hands it: bare, linked
# worktree, --git-dir, --work-tree, GIT_DIR from a subdirectory, a shallow
# clone (stopping cleanly at its boundary), and no repository at all.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"

test_expect_success 'setup: the repository, its dashboard and the reference run' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json &&
	(cd repo && git benchwindow --file ../dash.json --json b200_cute 2026-09-08) >expect.json
'
good=$(cd "$TRASH/repo" && nightly_sha 2026-09-07)
bad=$(cd "$TRASH/repo" && nightly_sha 2026-09-08)

test_expect_success 'the reference run lists four commits' '
	test $(grep -c "\"slice_match\"" expect.json) = 4
'

test_expect_success 'a bare clone' '
	git clone -q --bare repo bare.git &&
	(cd bare.git && git benchwindow --file ../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json
'

test_expect_success 'a linked worktree' '
	git -C repo worktree add -q --detach ../wt HEAD~3 &&
	(cd wt && git benchwindow --file ../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json
'

test_expect_success 'git --git-dir and --work-tree from outside the repository' '
	mkdir -p elsewhere &&
	(cd elsewhere && git --git-dir=../repo/.git benchwindow --file ../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json &&
	(cd elsewhere && git --git-dir=../repo/.git --work-tree=../repo benchwindow --file ../dash.json --json \
		b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json &&
	(cd repo && git --work-tree=. benchwindow --file ../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json
'

test_expect_success 'GIT_DIR from a subdirectory' '
	(cd repo/helion && GIT_DIR=../.git git benchwindow --file ../../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json
'

test_expect_success 'a shallow clone that holds the window works' '
	git clone -q --depth 20 "file://$TRASH/repo" shallow &&
	(cd shallow && git benchwindow --file ../dash.json --json b200_cute 2026-09-08) >actual.json &&
	test_cmp expect.json actual.json
'

test_expect_success 'a shallow clone that cuts the window says so once, and how to deepen it' '
	git clone -q --depth 2 "file://$TRASH/repo" shallow2 &&
	(cd shallow2 && test_expect_code 1 git benchwindow --file ../dash.json b200_cute 2026-09-08) >out 2>err &&
	{
		printf "warning: neither end of the window is in this repository: " &&
		printf "commit '\''%s'\'' of run '\''30000006'\'' (2026-09-07T08:20:00Z) and " "${good:0:8}" &&
		printf "commit '\''%s'\'' of run '\''30000007'\'' (2026-09-08T08:20:00Z)\n" "${bad:0:8}" &&
		printf "hint: this is a shallow clone: get the missing history with " &&
		printf "'\''git fetch --deepen=<n>'\'' or '\''git fetch --unshallow'\'', or give --good/--bad\n"
	} >expect &&
	test_cmp expect err &&
	(cd shallow2 && git benchbisect --file ../dash.json b200_cute 2026-09-08) >out 2>err &&
	test_cmp expect err &&
	(cd shallow2 && test_expect_code 128 git benchwindow --file ../dash.json --good $good --bad HEAD \
		b200_cute 2026-09-08) >out 2>err &&
	echo "fatal: bad revision '\''$good'\''" >expect && test_cmp expect err &&
	git clone -q --depth 3 "file://$TRASH/repo" shallow3 &&
	(cd shallow3 && git fetch -q origin $good) &&
	(cd shallow3 && git cat-file -e $good) &&
	(cd shallow3 && test_expect_code 128 git benchwindow --file ../dash.json --good $good --bad HEAD \
		b200_cute 2026-09-08) >out 2>err &&
	echo "fatal: the first-parent walk from '\''$(git -C shallow3 rev-parse HEAD)'\'' reached the boundary of this shallow clone" >expect &&
	echo "hint: deepen the clone with '\''git fetch --deepen=<n>'\'' or '\''git fetch --unshallow'\''" >>expect &&
	test_cmp expect err
'

# git reads X^@ as X's parents, X^! and X^-<n> as ranges: none is one
# commit, and `git rev-parse --verify` refuses them all, where libgit2
# would take X^@ for a commit.
test_expect_success '--good and --bad take one commit, never a range form' '
	for rev in "$bad^@" "$bad^!" "$bad^-" "$bad^-1" "$good..$bad"
	do
		(cd repo && test_expect_code 128 git benchwindow --file ../dash.json --good "$rev" --bad $bad \
			b200_cute 2026-09-08) >out 2>err &&
		echo "fatal: --good needs a single revision, not '\''$rev'\''" >expect &&
		test_cmp expect err &&
		test_must_be_empty out &&
		(cd repo && test_expect_code 128 git benchwindow --file ../dash.json --good $good --bad "$rev" \
			b200_cute 2026-09-08) >out 2>err &&
		echo "fatal: --bad needs a single revision, not '\''$rev'\''" >expect &&
		test_cmp expect err || return 1
	done &&
	(cd repo && git benchwindow --file ../dash.json --json --good "$bad^" --bad "$bad^{commit}" \
		b200_cute 2026-09-08) >out
'

test_expect_success 'outside any repository' '
	mkdir -p norepo &&
	(cd norepo && GIT_CEILING_DIRECTORIES="$TRASH" test_expect_code 128 git benchwindow --file ../dash.json b200_cute 2026-09-08) 2>err &&
	echo "fatal: not a git repository (or any of the parent directories): .git" >expect &&
	test_cmp expect err
'

# A repository another user owns: only root can make one here.
if [ "$(id -u)" = 0 ]; then
test_expect_success 'a repository owned by another user: the safe.directory hint, quoted for a shell' '
	cp -R repo "their'"'"'s repo" &&
	chown -R 12345:12345 "their'"'"'s repo" &&
	mkdir "their'"'"'s repo/sub" &&
	(cd "their'"'"'s repo/sub" && test_expect_code 128 git benchwindow --file ../../dash.json b200_cute 2026-09-08) >out 2>err &&
	test_cmp /dev/null out &&
	cat >expect <<-EOF &&
	fatal: repository at '"'"'$TRASH/their'"'"'s repo'"'"' is owned by another user
	hint: to trust it, run: git config --global --add safe.directory '"'"'$TRASH/their'"'"'\\'"'"''"'"'s repo'"'"'
	EOF
	test_cmp expect err &&
	(GIT_DIR="$TRASH/their'"'"'s repo/.git" && export GIT_DIR &&
	 test_expect_code 128 git benchwindow --file dash.json b200_cute 2026-09-08) 2>err &&
	test_cmp expect err &&
	sed -n "s/^hint: to trust it, run: //p" err >hint &&
	sh hint &&
	(cd "their'"'"'s repo" && git benchwindow --file ../dash.json b200_cute 2026-09-08 >../out) &&
	grep "^4 commits" out
'
else
	test_count=$((test_count + 1))
	echo "ok $test_count # skip a repository owned by another user needs root to make"
fi

test_done
