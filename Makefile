# specbook — build the generator, check the book, write the site.
#
#   make          install missing build dependencies, build, check, write site/
#   make test     every test in tests/, ending with "N passed, M failed"
#   make docs     build the authoring guide (docs/, itself a book) into build/docs-site
#   make check    validate the book only; non-zero exit on any error
#                 (CHECK_FLAGS=--format=github: as workflow annotations)
#   make install  the binary, man page and completions under PREFIX (/usr/local),
#                 DESTDIR for staging; make uninstall removes them
#   make clean    remove build/, site/ and the build cache

CC      ?= cc
PKGS     = libcmark-gfm yaml-0.1 libxml-2.0 libdeflate
OPT     ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Wshadow -pedantic
CPPFLAGS = -D_XOPEN_SOURCE=700 -MMD -MP -Igenerator
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS_ALL = $(WARN) $(OPT) $(CPPFLAGS) $(PKG_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)
LDLIBS_ALL = $(PKG_LIBS) -lpthread -lm $(LDLIBS)

BUILD   ?= build
SRCS     = $(sort $(wildcard generator/*.c generator/*/*.c))
OBJS     = $(SRCS:generator/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/builtin_data.o \
	   $(BUILD)/obj/gen/version.o
LIB_OBJS = $(filter-out $(BUILD)/obj/main.o,$(OBJS))
BIN      = $(BUILD)/specbook

UNIT_SRCS = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS = $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps site docs check test test-asan test-tsan test-valgrind regen clean bench serve fuzz \
	install uninstall
.DEFAULT_GOAL := all

all: site

deps:
	@tools/ensure-deps.sh build

$(BUILD)/obj/%.o: generator/%.c | $(BUILD)/obj
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/obj:
	@mkdir -p $@ $(BUILD)/tests

$(BIN): $(OBJS)
	$(CC) $(LDFLAGS) -o $@ $(OBJS) $(LDLIBS_ALL)

# The files the binary carries (generator/core/builtin.h): the default units
# table and templates, and the starter book of `specbook new`, made into C
# by tools/embed.c at build time, so each stays one file in the repository.
# They are read beside this Makefile's real path: a book laid out for CI
# (its own content/, specs/, templates/ with a link to or copy of this
# Makefile) must not make its files the defaults of a shared binary; where
# one is missing the binary simply has no such default.
SRCDIR := $(patsubst %/,%,$(dir $(realpath $(firstword $(MAKEFILE_LIST)))))
BUILTIN_FILES = $(patsubst $(SRCDIR)/%,%,$(wildcard $(SRCDIR)/specs/units.yaml \
	$(SRCDIR)/templates/page.html $(sort $(wildcard $(SRCDIR)/templates/assets/*))))
# The reference data `specbook audit` holds known parts against
# (generator/audit/reference.c): the guide's own sourced spec tables.
AUDIT_REFERENCE = $(patsubst $(SRCDIR)/%,%,$(wildcard $(addprefix $(SRCDIR)/specs/,\
	accelerators.yaml hbm.yaml interconnects.yaml systems.yaml sources.yaml)))
NEW_BOOK_FILES = $(patsubst $(SRCDIR)/tools/new-book/%,%,$(sort $(shell find $(SRCDIR)/tools/new-book -type f 2>/dev/null)))

$(BUILD)/embed: $(SRCDIR)/tools/embed.c | $(BUILD)/obj
	$(CC) $(WARN) $(OPT) $< -o $@

$(BUILD)/gen/builtin_data.c: $(BUILD)/embed $(BUILTIN_FILES:%=$(SRCDIR)/%) $(AUDIT_REFERENCE:%=$(SRCDIR)/%) \
		$(NEW_BOOK_FILES:%=$(SRCDIR)/tools/new-book/%) $(SRCDIR)/Makefile
	@mkdir -p $(@D)
	$(if $(filter specs/units.yaml,$(BUILTIN_FILES)),,@echo "specbook: warning: no specs/units.yaml beside \
		$(SRCDIR)/Makefile: this binary has no built-in units table (build specbook from its own \
		repository: README, CI for a book)" >&2)
	$(if $(filter templates/page.html,$(BUILTIN_FILES)),,@echo "specbook: warning: no templates/page.html \
		beside $(SRCDIR)/Makefile: this binary has no built-in template" >&2)
	$(BUILD)/embed $@ $(foreach f,$(BUILTIN_FILES),default/$(f)=$(SRCDIR)/$(f)) \
		$(foreach f,$(AUDIT_REFERENCE),reference/$(f)=$(SRCDIR)/$(f)) \
		$(foreach f,$(NEW_BOOK_FILES),new/$(f)=$(SRCDIR)/tools/new-book/$(f))

$(BUILD)/obj/gen/builtin_data.o: $(BUILD)/gen/builtin_data.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# The commit built, for --version: `git describe` of this checkout when it
# is one (a folder of specbook's files elsewhere, or a tarball: "unknown").
# The file is rewritten only when the commit changed, so a build after a
# commit relinks and no more.
# (safe.directory: `sudo make install` in a checkout of another user's.)
COMMIT := $(shell [ -e $(SRCDIR)/.git ] && git -c safe.directory='$(SRCDIR)' -C $(SRCDIR) \
	describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)

$(BUILD)/gen/version.c: FORCE
	@mkdir -p $(@D)
	@printf 'const char specbook_commit[] = "%s";\n' '$(COMMIT)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/obj/gen/version.o: $(BUILD)/gen/version.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

FORCE:

$(BUILD)/tests/test_%: tests/unit/test_%.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $(shell pkg-config --cflags cmocka) $< -o $@ \
		$(LIB_OBJS) $(LDLIBS_ALL) $(shell pkg-config --libs cmocka)

$(BUILD)/tests/examples: tests/examples/runner.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LIB_OBJS) $(LDLIBS_ALL)

# A forger of cache records, for tests/hostile/forged-cache.sh.
$(BUILD)/tests/forge-cache: tests/hostile/forge-cache.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LIB_OBJS) $(LDLIBS_ALL)

# The CommonMark spec's examples through the pipeline (tests/commonmark/).
$(BUILD)/tests/commonmark: tests/commonmark/runner.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LIB_OBJS) $(LDLIBS_ALL)

# Build the book.  Dependencies are checked first, in a sub-make, so that
# pkg-config flags are read after any install.  The guide fails on any
# warning, as its book.yaml makes every unchecked figure an error (issue 39).
site:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) build --werror

# The authoring guide is a specbook book: every example span in it is checked.
docs:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) build -C docs -o $(BUILD)/docs-site --werror

# CHECK_FLAGS go to specbook check, e.g. CHECK_FLAGS=--format=github as
# the workflow for authors runs it (.github/workflows/specbook.yml).
check:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) check $(CHECK_FLAGS)

test:
	@tools/ensure-deps.sh test
	@$(MAKE) --no-print-directory $(BIN) $(UNIT_BINS) $(BUILD)/tests/examples $(BUILD)/tests/commonmark \
		$(BUILD)/tests/forge-cache
	@BUILD=$(BUILD) tests/run.sh

# (GCC 12 with -fsanitize=undefined misreads vsnprintf's format as possibly
# null in arena.c and buffer.c: a false -Wformat-truncation, silenced here only)
test-asan:
	@$(MAKE) --no-print-directory BUILD=build/asan OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -Wno-format-truncation" \
		LDFLAGS="-fsanitize=address,undefined" test

# The rendering threads under ThreadSanitizer (tests/tsan.sh): a 300-chapter
# book and tests/race-book.sh's, --jobs 4, full and incremental; any report
# fails.  About 20 s on 2 cores.
test-tsan:
	@tools/ensure-deps.sh tsan
	@$(MAKE) --no-print-directory BUILD=build/tsan OPT="-O1 -g -fsanitize=thread" \
		LDFLAGS="-fsanitize=thread" build/tsan/specbook
	@BUILD=build/tsan tests/tsan.sh

# The tests (but the browser) with every program under valgrind: no error,
# no definite leak.
test-valgrind:
	@tools/ensure-deps.sh test
	@command -v valgrind >/dev/null || tools/ensure-deps.sh valgrind
	@$(MAKE) --no-print-directory $(BIN) $(UNIT_BINS) $(BUILD)/tests/examples $(BUILD)/tests/commonmark
	@WRAP="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9" \
		CASE_TIMEOUT=600 SKIP_BROWSER=1 BUILD=$(BUILD) tests/run.sh

bench:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	@SPECBOOK=$(BIN) tests/bench/run.sh

serve:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) serve $(if $(PORT),--port $(PORT))

fuzz:
	@tools/ensure-deps.sh fuzz
	@tests/fuzz/run.sh

regen:
	@tests/regen.sh

# make install [PREFIX=/usr/local] [DESTDIR=…]: the binary, its man page and
# the bash, zsh and fish completions, the last three made by the binary
# from its table of commands and options (specbook man, specbook completion).
# The binary carries its defaults (units, templates): it runs from anywhere.
PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
MANDIR   = $(PREFIX)/share/man/man1
BASHDIR  = $(PREFIX)/share/bash-completion/completions
ZSHDIR   = $(PREFIX)/share/zsh/site-functions
FISHDIR  = $(PREFIX)/share/fish/vendor_completions.d
DOC_OUT  = $(BUILD)/specbook.1 $(BUILD)/completion/specbook $(BUILD)/completion/_specbook \
	   $(BUILD)/completion/specbook.fish

$(BUILD)/specbook.1: $(BIN)
	$(BIN) man >$@.tmp && mv $@.tmp $@
$(BUILD)/completion/specbook: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completion bash >$@.tmp && mv $@.tmp $@
$(BUILD)/completion/_specbook: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completion zsh >$@.tmp && mv $@.tmp $@
$(BUILD)/completion/specbook.fish: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completion fish >$@.tmp && mv $@.tmp $@

install:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN) $(DOC_OUT)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) \
		$(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/specbook
	install -m 644 $(BUILD)/specbook.1 $(DESTDIR)$(MANDIR)/specbook.1
	install -m 644 $(BUILD)/completion/specbook $(DESTDIR)$(BASHDIR)/specbook
	install -m 644 $(BUILD)/completion/_specbook $(DESTDIR)$(ZSHDIR)/_specbook
	install -m 644 $(BUILD)/completion/specbook.fish $(DESTDIR)$(FISHDIR)/specbook.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/specbook $(DESTDIR)$(MANDIR)/specbook.1 \
		$(DESTDIR)$(BASHDIR)/specbook $(DESTDIR)$(ZSHDIR)/_specbook \
		$(DESTDIR)$(FISHDIR)/specbook.fish

clean:
	rm -rf build site .site.tmp-* .site.old-* .specbook-cache tests/artifacts

-include $(OBJS:.o=.d)
