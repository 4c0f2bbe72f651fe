# hpnic: top-level Makefile. `make help` lists the targets.
#
# `make test` and `make demo` first install what is missing (make deps), then
# re-enter make, so that nothing below is evaluated before the tools exist.

SHELL := /bin/bash
ROOT := $(CURDIR)
BUILD ?= build
JOBS ?= 2
# SLOW=1 lengthens the randomized tests; SEED=N reruns one
SLOW ?= 0
SEED ?=

CC := gcc
CXX := g++
WARN := -Wall -Wextra -Werror
CFLAGS := -std=c11 -O2 -g $(WARN)
CXXFLAGS := -std=c++17 -O2 -g $(WARN)
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

VERILATOR := verilator
VERILATOR_ROOT = $(shell $(VERILATOR) --getenv VERILATOR_ROOT)
VFLAGS := -Wall --x-assign fast --x-initial fast -O3 -Irtl/host -Irtl/common
VINC = -I$(VERILATOR_ROOT)/include -I$(VERILATOR_ROOT)/include/vltstd
VLIBS := -lz -pthread

# Verilated models are built with -O2 rather than Verilator's default -Os
VBUILD := -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1"
FLIST := scripts/flist.sh

# Verilator's runtime, built once and linked into every Verilated program
VLIB := $(BUILD)/verilated/libverilated.a
VRT_SRC := verilated.cpp verilated_fst_c.cpp verilated_threads.cpp
$(VLIB):
	@mkdir -p $(dir $@)
	cd $(dir $@) && for f in $(VRT_SRC); do \
	  $(CXX) -std=c++17 -O2 -faligned-new $(VINC) -DVM_TRACE=1 -DVM_TRACE_FST=1 \
	    -c $(VERILATOR_ROOT)/include/$$f -o $${f%.cpp}.o || exit 1; done
	ar rcs $@ $(patsubst %.cpp,$(dir $@)%.o,$(VRT_SRC))

# hpnic_vmodel NAME TOP FLIST DIR ARGS [CLASS]: Verilate TOP into DIR/NAME as
# the class CLASS (VNAME by default), i.e. DIR/NAME/CLASS__ALL.a. ARGS are
# extra Verilator arguments (-G..., --trace-fst for models whose harness can
# write waves). Every Verilated model is built through this one recipe.
define hpnic_vmodel
$(4)/$(1)/$(or $(6),V$(1))__ALL.a: $(3) $$(wildcard rtl/*/*.f) $$(wildcard rtl/*/*.vh) $$(shell $$(FLIST) $(3))
	@mkdir -p $(4)/$(1)
	$$(VERILATOR) --cc --build -j $$(JOBS) $$(VFLAGS) $$(VBUILD) \
	  --Mdir $(4)/$(1) --prefix $(or $(6),V$(1)) --top-module $(2) $(5) \
	  $$(shell $$(FLIST) $(3)) > $(4)/$(1)/build.log 2>&1 || \
	  { tail -30 $(4)/$(1)/build.log; exit 1; }
endef

.PHONY: all deps tools lint test bench synth demo clean help
.DEFAULT_GOAL := all

all: tools

help:
	@echo "make deps    install missing Debian packages (verilator, iverilog, yosys, ...)"
	@echo "make         build the tools into $(BUILD)/bin"
	@echo "make test    deps, lint, every unit test (SLOW=1 for longer random runs, SEED=N)"
	@echo "make bench   throughput, latency and Yosys resource figures"
	@echo "make synth   Yosys synth_xilinx -family xcup of every block"
	@echo "make demo    deps, then the current demo"
	@echo "make lint    verilator --lint-only -Wall and iverilog -g2012 on every RTL file, parameter checks"
	@echo "make vm-shell  a shell in a QEMU guest whose PCI functions are the RTL NICs (docs/vm.md)"
	@echo "make driver    the Linux driver hpnic.ko for that guest's kernel; make test-driver loads it there (docs/driver.md)"
	@echo "make install   libhpnic, its headers, the simulator and pkg-config files under PREFIX"
	@echo "               (/usr/local; DESTDIR stages); make uninstall removes them (docs/libhpnic.md)"
	@echo "make clean   remove $(BUILD)"

deps:
	@scripts/deps.sh

# the entry points that must work on a fresh machine
test: deps
	@$(MAKE) --no-print-directory test-all
demo: deps
	@$(MAKE) --no-print-directory demo-run

lint:
	@scripts/lint.sh

clean:
	rm -rf $(BUILD)

# fw.mk defines the C models every block links, roce.mk the packet library
# and link model the harnesses link, lib.mk libhpnic (their object lists must
# exist before a rule names them as prerequisites); each other mk/*.mk is one
# block's build, tests (TESTS), figures (BENCHES) and synthesis (SYNTHS);
# install.mk (make install) names what the others build, so it comes last
MK_LIBS := mk/fw.mk mk/roce.mk mk/lib.mk
MK_LAST := mk/install.mk
include $(MK_LIBS)
include $(filter-out $(MK_LIBS) $(MK_LAST),$(sort $(wildcard mk/*.mk)))
include $(MK_LAST)

test-all: lint $(TESTS)
	@echo "make test: all passed"

bench: $(BENCHES)

synth: $(SYNTHS)
