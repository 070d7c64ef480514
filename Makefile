# specbook — build the generator, check the book, write the site.
#
#   make          install missing build dependencies, build, check, write site/
#   make test     every test in tests/, ending with "N passed, M failed"
#   make docs     build the authoring guide (docs/, itself a book) into build/docs-site
#   make check    validate the book only; non-zero exit on any error
#                 (CHECK_FLAGS=--format=github: as workflow annotations)
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
OBJS     = $(SRCS:generator/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/builtin_data.o
LIB_OBJS = $(filter-out $(BUILD)/obj/main.o,$(OBJS))
BIN      = $(BUILD)/specbook

UNIT_SRCS = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS = $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps site docs check test test-asan test-tsan test-valgrind regen clean bench serve fuzz
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
	$(BUILD)/embed $@ $(foreach f,$(BUILTIN_FILES),default/$(f)=$(SRCDIR)/$(f)) \
		$(foreach f,$(AUDIT_REFERENCE),reference/$(f)=$(SRCDIR)/$(f)) \
		$(foreach f,$(NEW_BOOK_FILES),new/$(f)=$(SRCDIR)/tools/new-book/$(f))

$(BUILD)/obj/gen/builtin_data.o: $(BUILD)/gen/builtin_data.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/tests/test_%: tests/unit/test_%.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $(shell pkg-config --cflags cmocka) $< -o $@ \
		$(LIB_OBJS) $(LDLIBS_ALL) $(shell pkg-config --libs cmocka)

$(BUILD)/tests/examples: tests/examples/runner.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LIB_OBJS) $(LDLIBS_ALL)

# The CommonMark spec's examples through the pipeline (tests/commonmark/).
$(BUILD)/tests/commonmark: tests/commonmark/runner.c $(LIB_OBJS) | $(BUILD)/obj
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LIB_OBJS) $(LDLIBS_ALL)

# Build the book.  Dependencies are checked first, in a sub-make, so that
# pkg-config flags are read after any install.
site:
	@tools/ensure-deps.sh build
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) build

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
	@$(MAKE) --no-print-directory $(BIN) $(UNIT_BINS) $(BUILD)/tests/examples $(BUILD)/tests/commonmark
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

clean:
	rm -rf build site .site.tmp-* .site.old-* .specbook-cache tests/artifacts

-include $(OBJS:.o=.d)
