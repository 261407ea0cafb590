#!/bin/bash
# The pager, by git's rules, seen from a terminal (a pty): which pager,
# when, with which environment; none through a pipe; `git --no-pager` and
# `git -p` as git passes them to external commands.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/fixture-corpus.sh"
. "$TEST_DIR/lib/helion-repo.sh"
unset GIT_PAGER PAGER LESS LV GIT_PAGER_IN_USE COLUMNS

# in_pty <cmd>...: run the command on a terminal; its screen on stdout.
in_pty() {
	python3 "$TEST_DIR/lib/pty-run.py" "$@"
}

# A pager that says who it is and what it was given, around its input;
# and a "less" in $TRASH/bin that does the same.
cat >"$TRASH/pager" <<\EOF
#!/bin/sh
printf 'paged by %s: LESS=%s LV=%s GIT_PAGER_IN_USE=%s\n' "$1" "$LESS" "$LV" "$GIT_PAGER_IN_USE"
cat
printf 'end of %s\n' "$1"
EOF
mkdir -p "$TRASH/bin"
sed "s/paged by %s/paged by less%s/" "$TRASH/pager" >"$TRASH/bin/less"
chmod +x "$TRASH/pager" "$TRASH/bin/less"
P=$TRASH/pager

test_expect_success 'setup' '
	build_corpus repo &&
	git -C repo fixture-diff --stat c1 c5 >stat &&
	test -s stat
'

test_expect_success 'fixture-diff --stat on a terminal goes through $GIT_PAGER, with LESS=FRX LV=-c' '
	cd repo &&
	GIT_PAGER="$P one" in_pty git fixture-diff --stat c1 c5 >actual &&
	{ echo "paged by one: LESS=FRX LV=-c GIT_PAGER_IN_USE=true" &&
	  cat ../stat && echo "end of one"; } >expect &&
	test_cmp expect actual
'

test_expect_success 'through a pipe: no pager' '
	cd repo &&
	GIT_PAGER="$P one" git fixture-diff --stat c1 c5 >actual &&
	test_cmp ../stat actual
'

test_expect_success '-p is paged, the table is not' '
	cd repo &&
	GIT_PAGER="$P one" in_pty git fixture-diff -p c1 c5 >actual &&
	head -n 1 actual >first &&
	echo "paged by one: LESS=FRX LV=-c GIT_PAGER_IN_USE=true" >expect &&
	test_cmp expect first &&
	GIT_PAGER="$P one" in_pty git fixture-diff c1 c5 >actual &&
	! grep "paged by" actual &&
	grep "^11 cases:" actual
'

test_expect_success 'which pager: GIT_PAGER, then core.pager, then PAGER, then less' '
	cd repo &&
	git config core.pager "$P two" &&
	GIT_PAGER="$P one" PAGER="$P three" in_pty git fixture-diff --stat c1 c5 >actual &&
	grep "^paged by one:" actual &&
	PAGER="$P three" in_pty git fixture-diff --stat c1 c5 >actual &&
	grep "^paged by two:" actual &&
	git config --unset core.pager &&
	PAGER="$P three" in_pty git fixture-diff --stat c1 c5 >actual &&
	grep "^paged by three:" actual &&
	PATH="$TRASH/bin:$PATH" in_pty git fixture-diff --stat c1 c5 >actual &&
	grep "^paged by less: LESS=FRX LV=-c" actual
'

test_expect_success 'LESS and LV already set are kept; "cat" and "" mean no pager' '
	cd repo &&
	LESS=R LV=-x GIT_PAGER="$P one" in_pty git fixture-diff --stat c1 c5 >actual &&
	grep "^paged by one: LESS=R LV=-x" actual &&
	GIT_PAGER=cat in_pty git fixture-diff --stat c1 c5 >actual &&
	test_cmp ../stat actual &&
	GIT_PAGER= PAGER="$P three" in_pty git fixture-diff --stat c1 c5 >actual &&
	test_cmp ../stat actual
'

test_expect_success 'pager.fixture-diff: false, true, or a pager of its own' '
	cd repo &&
	git config pager.fixture-diff false &&
	PAGER="$P three" in_pty git fixture-diff --stat c1 c5 >actual &&
	test_cmp ../stat actual &&
	git config pager.fixture-diff true &&
	PAGER="$P three" in_pty git fixture-diff c1 c5 >actual &&
	grep "^paged by three:" actual &&
	git config pager.fixture-diff "$P four" &&
	PAGER="$P three" in_pty git-fixture-diff --stat c1 c5 >actual &&
	grep "^paged by four:" actual &&
	git config --unset pager.fixture-diff
'

test_expect_success 'git --no-pager: none; git -p: git'"'"'s pager only, colour on' '
	cd repo &&
	PAGER="$P three" in_pty git --no-pager fixture-diff --stat c1 c5 >actual &&
	test_cmp ../stat actual &&
	PAGER="$P three" in_pty git -p fixture-diff c1 c5 >actual &&
	test $(grep -c "^paged by" actual) = 1 &&
	grep "^paged by three:" actual &&
	grep -q "$(printf "\033")\\[" actual
'

test_expect_success 'the exit status is the command'"'"'s, its fatal error shows after the pager' '
	cd repo &&
	test_expect_code 128 env PAGER="$P three" python3 "$TEST_DIR/lib/pty-run.py" \
		git fixture-diff --stat c1 no-such-rev >actual &&
	tail -n 1 actual >last &&
	echo "fatal: bad revision '\''no-such-rev'\''" >expect &&
	test_cmp expect last
'

test_expect_success 'benchwindow: the report is paged, in colour; --json is not' '
	make_helion_repo hrepo &&
	(cd hrepo && cute_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" >../dash.json) &&
	cd hrepo &&
	git benchwindow --color=always --file ../dash.json b200_cute 2026-09-08 >report &&
	PAGER="$P three" in_pty git benchwindow --file ../dash.json b200_cute 2026-09-08 >actual &&
	{ echo "paged by three: LESS=FRX LV=-c GIT_PAGER_IN_USE=true" &&
	  cat report && echo "end of three"; } >expect &&
	test_cmp expect actual &&
	PAGER="$P three" in_pty git benchwindow --json --file ../dash.json b200_cute 2026-09-08 >actual &&
	! grep "paged by" actual
'

test_done
