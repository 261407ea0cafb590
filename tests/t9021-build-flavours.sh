#!/bin/bash
# One object tree per build flavour: switching between `make`, `make
# check`'s DEVELOPER=1 and sanitizer builds, `make demo`, `make install`
# and `make fuzz` rebuilds nothing, and two `make install`s at once
# compile each object once. A compiler that only logs what it is asked to write keeps this
# fast: it is make's decisions that are tested, not the compiler.
. "$(dirname "$0")/lib/test-lib.sh"

# The make running this suite passes DEVELOPER=1 down in MAKEFLAGS: each
# build here says its own flavour.
build() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TRASH/src" \
		CC="$TRASH/fakecc" FUZZ_CC="$TRASH/fakecc" AR="$TRASH/fakear" "$@" >/dev/null
}

install_in_background() {
	(build DEVELOPER=0 install DESTDIR="$TRASH/$1") & echo $! >"$TRASH/bg.pid"
}

test_expect_success 'setup: a copy of the sources and a compiler that only logs' '
	mkdir src src/tests &&
	cp -R "$SRC_DIR/Makefile" "$SRC_DIR/cmd" "$SRC_DIR/common" "$SRC_DIR/man" \
		"$SRC_DIR/completions" src/ &&
	cp -R "$SRC_DIR/tests/unit" src/tests/ &&
	cat >fakecc <<-EOF &&
	#!/bin/sh
	out=
	prev=
	for a; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
	echo "\${out%.[0-9]*}" >>"$TRASH/cc.log"
	[ -z "\$FAKECC_SLOW" ] || sleep 0.02
	: >"\$out"
	EOF
	printf "#!/bin/sh\n: >\"\$2\"\n" >fakear &&
	chmod +x fakecc fakear &&
	build DEVELOPER=0 all &&
	grep "^build/release/common/util/usage.o$" cc.log &&
	grep "^bin/git-benchwindow$" cc.log
'

test_expect_success 'switching flavours rebuilds nothing' '
	build DEVELOPER=1 all build/san/bin/git-benchwindow &&
	grep "^build/dev/common/util/usage.o$" cc.log &&
	grep "^build/san/common/util/usage.o$" cc.log &&
	: >cc.log &&
	build DEVELOPER=0 all &&
	build DEVELOPER=1 all build/san/bin/git-benchwindow &&
	build DEVELOPER=0 install DESTDIR="$TRASH/inst" &&
	build DEVELOPER=1 build/san/bin/git-benchwindow &&
	test_must_be_empty cc.log &&
	test -f inst/usr/local/bin/git-benchwindow
'

# The harnesses of `make check` (DEVELOPER=1), as its check-run builds them.
check_fuzzers() {
	build DEVELOPER=1 $(cd src && ls tests/fuzz/fuzz-*.c | sed "s|^tests/fuzz/fuzz-\(.*\)\.c$|build/fuzz/bin/\1|")
}

test_expect_success "make fuzz and make check build the harnesses' tree alike" '
	mkdir src/tools src/tests/fuzz &&
	cp "$SRC_DIR/tools/install-deps" src/tools/ &&
	cp "$SRC_DIR"/tests/fuzz/*.[ch] src/tests/fuzz/ &&
	# make fuzz then runs the harnesses: not these empty ones.
	printf "#!/bin/sh\n" >src/tests/fuzz/run.sh &&
	: >cc.log &&
	check_fuzzers &&
	grep "^build/fuzz/common/util/usage.o$" cc.log &&
	grep "^build/fuzz/bin/options$" cc.log &&
	: >cc.log &&
	build DEVELOPER=0 fuzz &&
	build DEVELOPER=0 fuzz &&
	check_fuzzers &&
	test_must_be_empty cc.log
'

test_expect_success 'changing a flavour'\''s flags rebuilds that flavour only' '
	build DEVELOPER=0 CFLAGS=-O0 all &&
	grep "^build/release/common/util/usage.o$" cc.log &&
	! grep "^build/\(dev\|san\)/" cc.log
'

test_expect_success 'two make installs at once compile each object once' '
	rm -rf src/build src/bin &&
	: >cc.log &&
	export FAKECC_SLOW=1 &&
	install_in_background a &&
	build DEVELOPER=0 install DESTDIR="$TRASH/b" &&
	wait "$(cat bg.pid)" &&
	grep "^build/release/common/util/usage.o$" cc.log &&
	sort cc.log | uniq -d >twice &&
	test_must_be_empty twice &&
	test -f a/usr/local/bin/git-benchwindow &&
	test -f b/usr/local/bin/git-benchwindow
'

test_done
