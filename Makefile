# benchtriage: git extension commands for GPU kernel performance triage.
# Targets: all (default), check (alias test), bench, fuzz, demo, install,
# uninstall, deps, clean. V=1 shows the full commands; DEVELOPER=1 turns
# warnings into errors (make check and CI set it).

PREFIX ?= /usr/local
DESTDIR ?=
bindir ?= $(PREFIX)/bin
mandir ?= $(PREFIX)/share/man
bashcompdir ?= $(PREFIX)/share/bash-completion/completions
zshcompdir ?= $(PREFIX)/share/zsh/site-functions
fishcompdir ?= $(PREFIX)/share/fish/vendor_completions.d
fishconfdir ?= $(PREFIX)/share/fish/vendor_conf.d
fishfuncdir ?= $(PREFIX)/share/fish/vendor_functions.d

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS = libgit2 libcurl libcjson libpcre2-8
CFLAGS ?= -O2 -g
CPPFLAGS ?=
LDFLAGS ?=
# libgit2's *_INIT macros leave fields to zero, hence no missing-field warning.
BT_WARNINGS = -Wall -Wextra -Wno-missing-field-initializers
# bt_cflags <-Werror or nothing>: the compiler flags of every tree.
bt_cflags = $(strip -std=c11 -D_GNU_SOURCE $(BT_WARNINGS) $(1) -Icommon) \
	$(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
BT_CFLAGS = $(call bt_cflags,$(if $(filter 1,$(DEVELOPER)),-Werror))
# libcurl is compiled against but not linked: dashboard/curl-lib.c loads it
# with dlopen() on the first download (most runs never download).
BT_LIBS = $(shell $(PKG_CONFIG) --libs $(filter-out libcurl,$(PKGS)) 2>/dev/null) -ldl -lm
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
# The commands' threads (t0020) run under ThreadSanitizer too, a build of its own.
TSAN_FLAGS = -O1 -g -fsanitize=thread -fno-omit-frame-pointer

# One executable per cmd/<name>.c: git-benchwindow, git-benchbisect, git-fixture-diff.
PROGRAMS = $(patsubst cmd/%.c,git-%,$(sort $(wildcard cmd/*.c)))
# common/ holds one folder per module (util, dashboard, history, classify,
# bisect, corpus, report); see docs/architecture.md.
LIB_SRC = $(sort $(wildcard common/*/*.c))
UNIT_SRC = $(sort $(wildcard tests/unit/test-*.c))
MANPAGES = $(sort $(wildcard man/*.1))

# One object tree per flavour, each rebuilt only when its own flags change
# (<tree>/FLAGS), so switching between `make`, `make check`, `make demo`
# and `make install` rebuilds nothing: build/release/ for a plain build
# (make, install, demo), build/dev/ for DEVELOPER=1 (warnings are errors;
# make check's bin/), build/san/ the sanitizer build that `make check`
# runs the suite against, build/tsan/ the ThreadSanitizer build its
# threads test (t0020) runs, build/fuzz/ the harnesses (of make check and
# make fuzz alike, see FUZZ_CFLAGS). bin/ is linked from
# the release or dev tree, whichever is in use.
obj = $(patsubst %.c,$(1)/%.o,$(2))
REL = build/$(if $(filter 1,$(DEVELOPER)),dev,release)
LIB_OBJ = $(call obj,$(REL),$(LIB_SRC))
SAN_LIB_OBJ = $(call obj,build/san,$(LIB_SRC))
BINS = $(addprefix bin/,$(PROGRAMS))
SAN_BINS = $(addprefix build/san/bin/,$(PROGRAMS))
SAN_UNITS = $(patsubst tests/unit/%.c,build/san/tests/%,$(UNIT_SRC)) build/san/tests/test-scan-portable
TSAN_LIB_OBJ = $(call obj,build/tsan,$(LIB_SRC))
TSAN_BINS = $(addprefix build/tsan/bin/,$(PROGRAMS))

# libFuzzer harnesses, tests/fuzz/fuzz-<name>.c with their seed corpus in
# tests/fuzz/<name>/, built with clang under ASan+UBSan into build/fuzz/.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 120
FUZZ_FLAGS = $(SAN_FLAGS)
# The harnesses are a developer's tool: whatever DEVELOPER says, warnings
# are errors, as under make check, so that `make fuzz` and `make check`
# build the one tree with the same flags and neither rebuilds the other's.
FUZZ_CFLAGS = $(call bt_cflags,-Werror)
FUZZ_SRC = $(sort $(wildcard tests/fuzz/fuzz-*.c))
FUZZERS = $(patsubst tests/fuzz/fuzz-%.c,build/fuzz/bin/%,$(FUZZ_SRC))
FUZZ_LIB_OBJ = $(call obj,build/fuzz,$(LIB_SRC))

ifeq ($(V),1)
Q =
quiet = @:
else
Q = @
quiet = @printf '  %-7s %s\n'
endif

all: $(BINS)

# As git's GIT-CFLAGS: every object depends on the flags its tree is built
# with, so changing CFLAGS, CPPFLAGS or LDFLAGS rebuilds that tree.
$(REL)/FLAGS: FLAGS_NOW = $(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) | $(LDFLAGS) $(BT_LIBS)
build/san/FLAGS: FLAGS_NOW = $(CC) $(CPPFLAGS) $(BT_CFLAGS) $(SAN_FLAGS) | $(LDFLAGS) $(BT_LIBS)
build/tsan/FLAGS: FLAGS_NOW = $(CC) $(CPPFLAGS) $(BT_CFLAGS) $(TSAN_FLAGS) | $(LDFLAGS) $(BT_LIBS)
build/fuzz/FLAGS: FLAGS_NOW = $(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_FLAGS) | $(LDFLAGS) $(BT_LIBS)
%/FLAGS: FORCE
	@mkdir -p $(@D)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(subst ','\'',$(FLAGS_NOW))' ]; then \
		printf '%s\n' '$(subst ','\'',$(FLAGS_NOW))' >$@; fi

# The archives are rebuilt when the list of sources changes, so a renamed or
# removed file leaves no stale member behind.
build/SOURCES: FORCE
	@mkdir -p build
	@if [ "$$(cat $@ 2>/dev/null)" != '$(LIB_SRC)' ]; then echo '$(LIB_SRC)' >$@; fi

$(REL)/%.o: %.c $(REL)/FLAGS
	$(quiet) CC $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/san/%.o: %.c build/san/FLAGS
	$(quiet) CC-SAN $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<

build/tsan/%.o: %.c build/tsan/FLAGS
	$(quiet) CC-TSAN $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(TSAN_FLAGS) -MMD -MP -c -o $@ $<

build/fuzz/%.o: %.c build/fuzz/FLAGS
	$(quiet) CC-FUZZ $@
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(REL)/libbenchtriage.a: $(LIB_OBJ) build/SOURCES
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $(filter %.o,$^)

build/san/libbenchtriage.a: $(SAN_LIB_OBJ) build/SOURCES
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $(filter %.o,$^)

build/tsan/libbenchtriage.a: $(TSAN_LIB_OBJ) build/SOURCES
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $(filter %.o,$^)

build/fuzz/libbenchtriage.a: $(FUZZ_LIB_OBJ) build/SOURCES
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $(filter %.o,$^)

# The option parser exits on -h and usage errors: its harness wraps exit().
build/fuzz/bin/options: FUZZ_LDFLAGS = -Wl,--wrap=exit,--wrap=execlp
build/fuzz/bin/%: build/fuzz/tests/fuzz/fuzz-%.o build/fuzz/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $(LDFLAGS) $(FUZZ_LDFLAGS) -o $@ \
		$(filter %.o %.a,$^) $(BT_LIBS)

# Linked aside and renamed into place: bin/ is shared by the release and
# dev trees, and a make in one must not see the other's half-written file.
bin/git-%: $(REL)/cmd/%.o $(REL)/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@.$$$$ $(filter %.o %.a,$^) $(BT_LIBS) && mv -f $@.$$$$ $@

build/san/bin/git-%: build/san/cmd/%.o build/san/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(BT_LIBS)

build/tsan/bin/git-%: build/tsan/cmd/%.o build/tsan/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(TSAN_FLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(BT_LIBS)

# A release build of a unit test, for the bench that reads its counts.
build/tests/%: $(REL)/tests/unit/%.o $(REL)/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(BT_LIBS)

# The oracle's floor of the --metric runs (bench/bench-benchbisect-metric.sh).
build/bench/metric-floor: bench/metric-floor.c bench/sim/noise-model.h
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< -lm

# The peers' change-point algorithms for the accuracy benchmark (bench/accuracy/run.py --peers).
build/bench/peers: bench/peers.c $(REL)/libbenchtriage.a
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(REL)/libbenchtriage.a $(BT_LIBS)

# The step decision's error rates at scale, through benchwindow's own pipeline
# (bench/bench-step-rates.sh).
build/bench/step-rates: bench/step-rates.c bench/sim/noise-model.h $(REL)/libbenchtriage.a
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(REL)/libbenchtriage.a $(BT_LIBS)

# Whether recorded runs show two states, at scale (bench/bench-record-states.sh).
build/bench/record-states: bench/record-states.c bench/sim/noise-model.h $(REL)/libbenchtriage.a
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(REL)/libbenchtriage.a $(BT_LIBS)

# The metric-bisect benchmark: simulated searches through the command's own
# policy (bench/bench-metric-bisect.sh; its quick form in make check).
build/bench/metric-bisect: bench/metric-bisect.c bench/sim/noise-model.h bench/sim/metric-sim.h $(REL)/libbenchtriage.a
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(REL)/libbenchtriage.a $(BT_LIBS)

build/san/tests/%: build/san/tests/unit/%.o build/san/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)$(CC) $(SAN_FLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(BT_LIBS)

# The boundary scanner's paths for processors without SSE2 (aarch64, as on
# a Grace Hopper node), which an x86-64 build never compiles: its unit
# test again, against json-scan.c built without __SSE2__ (its object
# comes before the archive, so the archive's is not linked).
build/san/portable/json-scan.o: common/dashboard/json-scan.c build/san/FLAGS
	$(quiet) CC-SAN $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(BT_CFLAGS) $(SAN_FLAGS) -U__SSE2__ -MMD -MP -c -o $@ $<

build/san/tests/test-scan-portable: build/san/tests/unit/test-scan.o build/san/portable/json-scan.o \
				    build/san/libbenchtriage.a
	$(quiet) LINK $@
	$(Q)$(CC) $(SAN_FLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(BT_LIBS)

-include $(shell find build -name '*.d' 2>/dev/null)

# deps installs the Debian packages the build and the tests need when
# pkg-config (or the test tools) cannot be found; check and demo run it
# first and then re-enter make so the pkg-config flags are read afresh.
deps:
	$(Q)sh tools/install-deps

check: deps
	$(Q)$(MAKE) --no-print-directory DEVELOPER=1 check-run

test: check

# --failures --comments: a failing test's lines and what it printed reach
# the log (a passing test prints no comment), so a red CI run says why.
check-run: $(BINS) $(SAN_BINS) $(SAN_UNITS) $(TSAN_BINS) $(FUZZERS) build/bench/metric-bisect build/bench/step-rates \
	   build/bench/record-states
	$(Q)BT_BIN="$(CURDIR)/build/san/bin" BT_UNIT="$(CURDIR)/build/san/tests" \
		BT_TSAN="$(CURDIR)/build/tsan/bin" \
		BT_METRIC_BISECT="$(CURDIR)/build/bench/metric-bisect" BT_RECORD_STATES="$(CURDIR)/build/bench/record-states" \
		BT_STEP_RATES="$(CURDIR)/build/bench/step-rates" \
		BT_FUZZ="$(CURDIR)/build/fuzz/bin" \
		ASAN_OPTIONS=detect_leaks=1:exitcode=86 LSAN_OPTIONS=suppressions="$(CURDIR)/tests/lsan.supp":print_suppressions=0 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86 \
		prove --timer --failures --comments -j2 -e bash $(sort $(wildcard tests/t[0-9]*.sh))

demo: deps
	$(Q)$(MAKE) --no-print-directory demo-run

demo-run: $(BINS)
	$(Q)sh demo/run.sh "$(CURDIR)/bin"

# Each harness for FUZZ_SECONDS, growing build/fuzz/corpus/<name> from the
# committed seeds; crashes are left in build/fuzz/crashes/. libgit2's
# leaks are suppressed as under make check (tests/lsan.supp).
fuzz: deps
	$(Q)$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(FUZZERS)
	$(Q)LSAN_OPTIONS=suppressions="$(CURDIR)/tests/lsan.supp":print_suppressions=0 \
		sh tests/fuzz/run.sh "$(CURDIR)/build/fuzz" $(FUZZ_SECONDS)

bench: deps
	$(Q)$(MAKE) --no-print-directory bench-run

bench-run: $(BINS) build/tests/test-bisect build/bench/metric-floor build/bench/metric-bisect build/bench/peers \
	   build/bench/step-rates build/bench/record-states
	$(Q)BT_UNIT="$(CURDIR)/build/tests" BT_FLOOR="$(CURDIR)/build/bench/metric-floor" \
		BT_METRIC_BISECT="$(CURDIR)/build/bench/metric-bisect" BT_PEERS="$(CURDIR)/build/bench/peers" \
		BT_STEP_RATES="$(CURDIR)/build/bench/step-rates" BT_RECORD_STATES="$(CURDIR)/build/bench/record-states" \
		sh bench/run.sh "$(CURDIR)/bin"

# Two installs at once (two tests, or one beside another build) would
# compile the same objects together: the second waits for the first.
install:
	$(Q)mkdir -p build && flock build/install.lock $(MAKE) --no-print-directory install-run

install-run: $(BINS)
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(mandir)/man1 \
		$(DESTDIR)$(bashcompdir) $(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir) \
		$(DESTDIR)$(fishconfdir) $(DESTDIR)$(fishfuncdir)
	install -m 755 $(BINS) $(DESTDIR)$(bindir)/
	install -m 644 $(MANPAGES) $(DESTDIR)$(mandir)/man1/
	install -m 644 completions/_git-benchtriage-names completions/_git-benchtriage-options \
		completions/_git-benchtriage-at-C $(DESTDIR)$(zshcompdir)/
	install -m 644 completions/benchtriage.conf.fish $(DESTDIR)$(fishconfdir)/benchtriage.fish
	install -m 644 completions/__benchtriage_home.fish $(DESTDIR)$(fishfuncdir)/
	for p in $(PROGRAMS); do \
		install -m 644 completions/$$p.bash $(DESTDIR)$(bashcompdir)/$$p; \
		install -m 644 completions/_$$p $(DESTDIR)$(zshcompdir)/_$$p; \
		install -m 644 completions/$$p.fish $(DESTDIR)$(fishcompdir)/$$p.fish; \
	done

uninstall:
	rm -f $(DESTDIR)$(zshcompdir)/_git-benchtriage-names $(DESTDIR)$(zshcompdir)/_git-benchtriage-options \
		$(DESTDIR)$(zshcompdir)/_git-benchtriage-at-C $(DESTDIR)$(fishconfdir)/benchtriage.fish \
		$(DESTDIR)$(fishfuncdir)/__benchtriage_home.fish
	for p in $(PROGRAMS); do \
		rm -f $(DESTDIR)$(bindir)/$$p $(DESTDIR)$(mandir)/man1/$$p.1 \
			$(DESTDIR)$(bashcompdir)/$$p $(DESTDIR)$(zshcompdir)/_$$p \
			$(DESTDIR)$(fishcompdir)/$$p.fish; \
	done

clean:
	rm -rf build bin

FORCE:

.PHONY: FORCE all deps check test check-run fuzz fuzz-run demo demo-run bench bench-run install install-run uninstall clean
.SECONDARY:
