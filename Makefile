# cachecat: build, install and test the GCC plugin.
# CC selects the GCC 12 whose plugin headers we build against (a cross GCC
# works too); the plugin itself is always built by the host C++ compiler.

CC ?= gcc
ifeq ($(origin CC),default)
CC := gcc
endif
HOSTCC ?= gcc
HOSTCXX ?= g++
# Recursive (=) on purpose: `make deps example` installs the headers first.
PLUGIN_DIR = $(shell $(CC) -print-file-name=plugin)
# GCC's own include directory, searched by every compile of $(CC): where
# include/cachecat.h goes, so that #include <cachecat.h> needs no -I.
GCC_INCLUDE_DIR = $(shell $(CC) -print-file-name=include)
PREFIX ?= /usr/local

CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Wno-unused-parameter
ENGINE_CFLAGS := -std=c11 -D_GNU_SOURCE -fPIC -fvisibility=hidden $(WARN) $(CFLAGS)
GLUE_CXXFLAGS = -std=gnu++14 -fPIC -fvisibility=hidden -fno-rtti -fno-exceptions $(WARN) -Wno-missing-field-initializers $(CFLAGS) -I$(PLUGIN_DIR)/include

# One plugin per compiler: the host GCC's is ./cachecat.so, built in
# build/; a cross GCC's (make CC=riscv64-linux-gnu-gcc-12) is
# build/TRIPLE/cachecat.so, built there.  cachecat-link reads any
# program's ELF, so only the host build makes it.
TRIPLE := $(shell $(CC) -dumpmachine 2>/dev/null)
HOST_TRIPLE := $(shell $(HOSTCC) -dumpmachine 2>/dev/null)
ifeq ($(TRIPLE),$(HOST_TRIPLE))
B := build
SO := cachecat.so
ALL := $(SO) cachecat-link
else
B := build/$(TRIPLE)
SO := $(B)/cachecat.so
ALL := $(SO)
endif
# The plugin's stages, one folder each (docs/design.md): plain C but the
# GCC glue (C++).  Objects mirror the tree under $(B)/obj.
PLUGIN_HDR := $(sort $(wildcard plugin/*/*.h plugin/*/*/*.h plugin/*/*.def))
# plugin/link/ and plugin/binary/ are cachecat-link's own (they need libelf
# and libopcodes), not the plugin's.
LINK_SRC := $(sort $(wildcard plugin/link/*.c plugin/binary/*.c))
ENGINE_SRC := $(filter-out $(LINK_SRC),$(sort $(wildcard plugin/*/*.c plugin/*/*/*.c)))
LINK_OBJ := $(patsubst plugin/%.c,$(B)/obj/%.o,$(LINK_SRC))
GLUE_SRC := $(sort $(wildcard plugin/glue/*.cc))
ENGINE_OBJ := $(patsubst plugin/%.c,$(B)/obj/%.o,$(ENGINE_SRC))
GLUE_OBJ := $(patsubst plugin/%.cc,$(B)/obj/%.o,$(GLUE_SRC))
UNIT_SRC := $(sort $(wildcard testsuite/unit/test_*.c))
UNIT_BIN := $(patsubst testsuite/unit/%.c,$(B)/unit/%,$(UNIT_SRC))
TOOL_SRC := $(sort $(wildcard testsuite/tools/*.c))
TOOL_BIN := $(patsubst testsuite/tools/%.c,$(B)/tools/%,$(TOOL_SRC))

.PHONY: all deps install example check csmith bench validate cross-plugins host-only clean FORCE

# Debian packages the build and the tests need (run as root; quick when
# everything is already there).  libglpk-dev: GLPK, which solves the
# integer programs of the worst path (plugin/bounds/ipet.c).  qemu-system-arm and qemu-system-misc
# (riscv32) run validate.py's firmware images, gcc-riscv64-unknown-elf
# and picolibc-riscv64-unknown-elf build the RISC-V one.
DEPS := gcc g++ make libc6-dev gcc-12-plugin-dev libiberty-dev libelf-dev libdw-dev zlib1g-dev lld binutils dejagnu expect tcl valgrind qemu-user qemu-system-arm qemu-system-misc gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf python3 coreutils csmith libcsmith-dev cmake ccache distcc python3-jsonschema binutils-dev binutils-multiarch-dev libglpk-dev
all: $(ALL)

$(SO): $(GLUE_OBJ) $(B)/libcachecat.a
	$(HOSTCC) -shared -o $@ $(GLUE_OBJ) $(B)/libcachecat.a -lglpk -lz

ifneq ($(SO),cachecat.so)
# A cross build's plugin finds the configurations beside itself, as the
# host's finds config/ beside ./cachecat.so.
$(SO): | $(B)/config
$(B)/config: | $(B)
	ln -sfn $(abspath config) $@
endif

# The link-time analysis: the plugin's stages but the glue, libelf, and
# binutils' decoder of every target (libopcodes, binary/decoder.h).
cachecat-link: $(LINK_OBJ) $(B)/libcachecat.a
	$(HOSTCC) -o $@ $(LINK_OBJ) $(B)/libcachecat.a -lglpk -ldw -lelf -lopcodes-multiarch -lbfd-multiarch -lz

$(B)/obj/link/cachecat_link.o: ENGINE_CFLAGS += -DCC_INSTALLED_CONFIG_DIR='"$(PLUGIN_DIR)/cachecat/config"'

$(B)/libcachecat.a: $(ENGINE_OBJ)
	rm -f $@ && ar rcs $@ $^

$(B)/obj/%.o: plugin/%.c $(PLUGIN_HDR) | $(B)
	@mkdir -p $(@D)
	$(HOSTCC) $(ENGINE_CFLAGS) -Iplugin -c -o $@ $<

# What assembler.c needs to know about $(CC) (plugin/layout/gen-toolchain.sh);
# regenerated on every make, rewritten only when it changes.
$(B)/toolchain.h: plugin/layout/gen-toolchain.sh FORCE | $(B)
	plugin/layout/gen-toolchain.sh "$(CC)" $@

$(B)/obj/layout/toolchain.o: plugin/layout/toolchain.c plugin/layout/assembler.h $(B)/toolchain.h | $(B)
	@mkdir -p $(@D)
	$(HOSTCC) $(ENGINE_CFLAGS) -Iplugin -I$(B) -c -o $@ $<

$(B)/obj/%.o: plugin/%.cc $(PLUGIN_HDR) | $(B)
	@mkdir -p $(@D)
	$(HOSTCXX) $(GLUE_CXXFLAGS) -Iplugin -c -o $@ $<

$(B) $(B)/unit $(B)/tools:
	mkdir -p $@

# cctrace, the Valgrind tool that writes fetch traces for the validation,
# built out of tree against Debian's valgrind headers and static libraries;
# $(B)/vglib is a VALGRIND_LIB holding it next to valgrind's own files.
VG_LIB ?= /usr/lib/x86_64-linux-gnu/valgrind
VG_LIBEXEC ?= /usr/libexec/valgrind
VG_CFLAGS := -O2 -g -m64 -DVGA_amd64=1 -DVGO_linux=1 -DVGP_amd64_linux=1 \
  -DVGPV_amd64_linux_vanilla=1 -I/usr/include/valgrind -fno-strict-aliasing \
  -fno-builtin -fno-stack-protector -fno-pie -Wall
VG_TOOL := $(B)/vglib/cctrace-amd64-linux

$(VG_TOOL): testsuite/validate/cctrace.c | $(B)
	rm -rf $(B)/vglib && mkdir -p $(B)/vglib
	for f in $(VG_LIBEXEC)/*; do ln -s "$$f" $(B)/vglib/; done
	$(HOSTCC) $(VG_CFLAGS) -c -o $(B)/cctrace.o $<
	$(HOSTCC) -m64 -static -nodefaultlibs -nostartfiles -u _start -Wl,--build-id=none \
	  -Wl,-Ttext-segment=0x58000000 -o $@ $(B)/cctrace.o \
	  $(VG_LIB)/libcoregrind-amd64-linux.a $(VG_LIB)/libvex-amd64-linux.a -lgcc \
	  $(VG_LIB)/libgcc-sup-amd64-linux.a

# qtrace, the QEMU TCG plugin that writes the same traces under qemu-user
# (any guest: x86-64, aarch64, riscv, arm).  It declares the few plugin API
# functions it calls itself, so it builds without QEMU's headers.
QTRACE := $(B)/qtrace.so

$(QTRACE): testsuite/validate/qtrace.c | $(B)
	$(HOSTCC) -std=c11 -D_GNU_SOURCE $(WARN) -O2 -g -shared -fPIC -fvisibility=hidden -o $@ $<

$(B)/unit/%: testsuite/unit/%.c testsuite/unit/*.h testsuite/tools/*.h $(B)/libcachecat.a | $(B)/unit
	$(HOSTCC) -std=c11 -D_GNU_SOURCE $(WARN) -g -Iplugin -Itestsuite/unit -o $@ $< $(B)/libcachecat.a -lglpk -lz

$(B)/tools/%: testsuite/tools/%.c testsuite/tools/*.h $(B)/libcachecat.a | $(B)/tools
	$(HOSTCC) -std=c11 -D_GNU_SOURCE $(WARN) -O2 -g -Iplugin -o $@ $< $(B)/libcachecat.a -lglpk -lz

# The tools that read linked programs with objdump's decoder, as
# cachecat-link does: its decoder and ELF reader, libelf and libopcodes.
DECODER_TOOLS := $(B)/tools/ccdecode $(B)/tools/ccflow
DECODER_TOOL_OBJ := $(B)/obj/binary/decoder.o $(B)/obj/binary/elf_image.o
$(DECODER_TOOLS): $(B)/tools/%: testsuite/tools/%.c testsuite/tools/*.h $(DECODER_TOOL_OBJ) $(B)/libcachecat.a | $(B)/tools
	$(HOSTCC) -std=c11 -D_GNU_SOURCE $(WARN) -O2 -g -Iplugin -o $@ $< $(DECODER_TOOL_OBJ) $(B)/libcachecat.a -lglpk -lelf -lopcodes-multiarch -lbfd-multiarch -lz

deps:
	@missing=$$(for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

install: $(ALL)
	install -d $(DESTDIR)$(PLUGIN_DIR) $(DESTDIR)$(PLUGIN_DIR)/cachecat/config
	install -m 644 $(SO) $(DESTDIR)$(PLUGIN_DIR)/cachecat.so
	install -m 644 config/*.conf $(DESTDIR)$(PLUGIN_DIR)/cachecat/config/
	install -d $(DESTDIR)$(GCC_INCLUDE_DIR)
	install -m 644 include/cachecat.h $(DESTDIR)$(GCC_INCLUDE_DIR)/cachecat.h
ifneq ($(filter cachecat-link,$(ALL)),)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 cachecat-link $(DESTDIR)$(PREFIX)/bin/cachecat-link
endif

# The main job: analyse the bundled example with the default cache.
example: $(SO) | $(B)
	$(CC) -O2 -S -fplugin=$(abspath $(SO)) examples/filter.c -o $(B)/filter.s
	@python3 testsuite/tools/summary.py $(B)/filter.cachecat.json $(B)/filter.s

# With a cross GCC, its target's tests only (the host's run them all,
# with every installed cross compiler's plugin up to date: check-link and
# check-validate-targets use them as they are).
ifeq ($(SO),cachecat.so)
check: cachecat.so cachecat-link $(UNIT_BIN) $(TOOL_BIN) $(VG_TOOL) $(QTRACE) cross-plugins
	CC="$(CC)" B="$(B)" testsuite/run-all.sh
else
check: $(SO)
	TARGET_CCS="$(CC)" testsuite/scripts/check-targets.sh
endif

# Every promise against real runs: the corpus and fresh csmith programs at
# -O0..-Os on direct-mapped shapes from 256 B to 16 KiB and on 2-, 4- and
# 8-way LRU, FIFO, tree-PLRU and random shapes (see
# testsuite/validate/README.md), and the flag axis of real builds' code
# generation flags; the results go to docs/validation.md.  VALIDATE_FLAGS
# are validate.py options (a narrowed run leaves docs/validation.md alone).
validate: host-only cachecat.so cachecat-link $(TOOL_BIN) $(VG_TOOL) $(QTRACE) cross-plugins
	CC="$(CC)" B="$(B)" python3 testsuite/validate/validate.py --self-test --doc docs/validation.md $(VALIDATE_FLAGS)

# The plugin of every installed cross compiler validate.py runs under
# qemu-user (its CROSS_TARGETS) or, as firmware images, under qemu-system
# (firmware.py's TARGETS: arm-none-eabi-gcc, and riscv64-unknown-elf-gcc,
# Debian's bare-metal RISC-V compiler, which ships GCC's plugin headers);
# one that cannot be built leaves its target skipped, with a line saying so.
VALIDATE_CROSS_CCS := aarch64-linux-gnu-gcc-12 riscv64-linux-gnu-gcc-12 arm-linux-gnueabihf-gcc-12 arm-none-eabi-gcc riscv64-unknown-elf-gcc
cross-plugins:
	@for cc in $(VALIDATE_CROSS_CCS); do \
	  if command -v $$cc >/dev/null; then \
	    $(MAKE) --no-print-directory CC=$$cc >/dev/null || echo "make: no plugin for $$cc"; \
	  fi; \
	done

# No crash, no changed object: 200 fresh csmith programs at -O0, -O2, -O3,
# each level with another cache shape.
csmith: host-only cachecat.so
	CC="$(CC)" B="$(B)" testsuite/scripts/csmith-crash.sh 200

# The plugin's cost side by side on real code bases (fetched, never kept in
# the repository); a whole run writes docs/cost.md.
bench: host-only cachecat.so cachecat-link $(TOOL_BIN)
	CC="$(CC)" B="$(B)" testsuite/bench/bench.sh

# What runs for the host's GCC only so far.
host-only:
ifneq ($(SO),cachecat.so)
	@echo "make: this target runs for the host's GCC only ($(CC) is a cross compiler)" >&2; exit 1
endif

clean:
	rm -rf $(B) cachecat.so cachecat-link testsuite/*.log testsuite/*.sum
