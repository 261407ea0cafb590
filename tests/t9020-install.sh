#!/bin/bash
# make install puts binaries, man pages and completions where git, man,
# bash-completion, zsh and fish look; `git <cmd> --help` then opens the
# man page; make uninstall removes them all again.
. "$(dirname "$0")/lib/test-lib.sh"

programs=$(cd "$SRC_DIR/cmd" && ls *.c | sed 's/\.c$//')
inst=$TRASH/inst

test_expect_success 'make install into a DESTDIR' '
	make -s -C "$SRC_DIR" install DESTDIR="$inst" PREFIX=/usr/local >/dev/null &&
	for p in $programs; do
		test -x "$inst/usr/local/bin/git-$p" &&
		test -f "$inst/usr/local/share/man/man1/git-$p.1" &&
		test -f "$inst/usr/local/share/bash-completion/completions/git-$p" &&
		test -f "$inst/usr/local/share/zsh/site-functions/_git-$p" &&
		test -f "$inst/usr/local/share/fish/vendor_completions.d/git-$p.fish" || return 1
	done &&
	test -f "$inst/usr/local/share/zsh/site-functions/_git-benchtriage-names" &&
	test -f "$inst/usr/local/share/zsh/site-functions/_git-benchtriage-options" &&
	test -f "$inst/usr/local/share/zsh/site-functions/_git-benchtriage-at-C" &&
	test -f "$inst/usr/local/share/fish/vendor_conf.d/benchtriage.fish" &&
	test -f "$inst/usr/local/share/fish/vendor_functions.d/__benchtriage_home.fish"
'

test_expect_success 'git <cmd> --help opens the installed man page' '
	for p in $programs; do
		PATH="$inst/usr/local/bin:$PATH" MANPATH="$inst/usr/local/share/man" MANPAGER=cat \
			MANWIDTH=80 git $p --help >out 2>err &&
		grep -q "^NAME" out &&
		grep -q "^GIT-$(echo $p | tr a-z A-Z)(1) " out || { cat err; return 1; }
	done
'

test_expect_success 'make uninstall removes every file' '
	make -s -C "$SRC_DIR" uninstall DESTDIR="$inst" PREFIX=/usr/local >/dev/null &&
	find "$inst" -type f >left &&
	test_cmp /dev/null left
'

test_done
