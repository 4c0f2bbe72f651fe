# make install: libhpnic (static, shared and the ASan/UBSan build), its
# headers, the simulator behind "sim:N" and pkg-config files, so that a
# program outside the tree builds with `pkg-config --cflags --libs hpnic-sim`
# (or hpnic, on a board). PREFIX (default /usr/local), LIBDIR, INCLUDEDIR and
# PKGCONFIGDIR say where; DESTDIR stages the whole tree elsewhere (packaging).
# make uninstall removes exactly what install put. test-install installs into
# build/install-test and builds the programs of tb/install against it from a
# directory outside the tree (scripts/test_install.sh).
#
# Layout, under PREFIX:
#   include/hpnic/   hpnic.h, hpnic_regs.h, hpnic_backend.h, hpnic_sim.h and
#                    link_model.h and stream_port.h, which hpnic_sim.h includes: -I.../include/hpnic
#                    is the one flag a program needs
#   lib/             libhpnic.a, libhpnic.so.0 (soname), libhpnic-san.a,
#                    libhpnic_sim.a
#   lib/hpnic/       hpnic_sim.o (the backend, registered by its constructor) and
#                    the Verilator runtime the core was built with, kept out of
#                    lib/ because other Verilated software has its own
#   lib/pkgconfig/   hpnic.pc, hpnic-san.pc, hpnic-sim.pc, hpnic-sim-san.pc

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=
LDCONFIG ?= ldconfig

INSTALL_HDR := $(LIBHPNIC_DIR)/hpnic.h $(LIBHPNIC_DIR)/hpnic_regs.h $(LIBHPNIC_DIR)/hpnic_backend.h \
	sim/nic/hpnic_sim.h $(LINK_HDR)
INSTALL_LIB := $(LIBHPNIC) $(LIBHPNIC_SAN) $(LIBHPNIC_SIM)
INSTALL_PRIV := $(LIBHPNIC_SIM_OBJ) $(VLIB)
INSTALL_PC := $(LIBHPNIC_DIR)/hpnic.pc.in $(LIBHPNIC_DIR)/hpnic-san.pc.in sim/nic/hpnic-sim.pc.in \
	sim/nic/hpnic-sim-san.pc.in
INSTALL_DEPS := $(INSTALL_HDR) $(INSTALL_LIB) $(LIBHPNIC_SO) $(INSTALL_PRIV) $(INSTALL_PC)

# what a C compiler driver needs to link the Verilated core and its runtime
SIM_PC_LIBS := $(VLIBS) -lstdc++ -lm
SAN_PC_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer
SAN_PC_LIBS := -fsanitize=address,undefined

# every installed file, relative to DESTDIR: $(call install_files,LIBDIR,INCLUDEDIR,PKGCONFIGDIR)
install_files = $(addprefix $(2)/hpnic/,$(notdir $(INSTALL_HDR))) \
	$(addprefix $(1)/,$(notdir $(INSTALL_LIB)) $(notdir $(LIBHPNIC_SO)) $(LIBHPNIC_SONAME) libhpnic.so) \
	$(addprefix $(1)/hpnic/,$(notdir $(INSTALL_PRIV))) \
	$(addprefix $(3)/,$(patsubst %.pc.in,%.pc,$(notdir $(INSTALL_PC))))

# a path in a .pc file: relative to ${prefix} when it lies under it
pc_path = $(patsubst $(2)/%,$${prefix}/%,$(1))

# $(call hpnic_install,DESTDIR,PREFIX,LIBDIR,INCLUDEDIR,PKGCONFIGDIR)
define hpnic_install
install -d $(1)$(4)/hpnic $(1)$(3)/hpnic $(1)$(5)
install -m 644 $(INSTALL_HDR) $(1)$(4)/hpnic/
install -m 644 $(INSTALL_LIB) $(1)$(3)/
install -m 755 $(LIBHPNIC_SO) $(1)$(3)/
ln -sfn $(notdir $(LIBHPNIC_SO)) $(1)$(3)/$(LIBHPNIC_SONAME)
ln -sfn $(LIBHPNIC_SONAME) $(1)$(3)/libhpnic.so
install -m 644 $(INSTALL_PRIV) $(1)$(3)/hpnic/
for f in $(INSTALL_PC); do \
  sed -e 's|@PREFIX@|$(2)|' -e 's|@LIBDIR@|$(call pc_path,$(3),$(2))|' \
      -e 's|@INCLUDEDIR@|$(call pc_path,$(4),$(2))|' -e 's|@VERSION@|$(LIBHPNIC_VERSION)|' \
      -e 's|@SIM_LIBS@|$(SIM_PC_LIBS)|' -e 's|@SAN_CFLAGS@|$(SAN_PC_CFLAGS)|' \
      -e 's|@SAN_LIBS@|$(SAN_PC_LIBS)|' $$f > $(1)$(5)/$$(basename $$f .in) || exit 1; \
  chmod 644 $(1)$(5)/$$(basename $$f .in); done
endef

# $(call hpnic_uninstall,DESTDIR,LIBDIR,INCLUDEDIR,PKGCONFIGDIR)
define hpnic_uninstall
rm -f $(addprefix $(1),$(call install_files,$(2),$(3),$(4)))
rmdir $(1)$(3)/hpnic $(1)$(2)/hpnic 2>/dev/null || true
endef

.PHONY: install uninstall test-install
install: $(INSTALL_DEPS)
	$(call hpnic_install,$(DESTDIR),$(PREFIX),$(LIBDIR),$(INCLUDEDIR),$(PKGCONFIGDIR))
	@# refresh the loader's cache for libhpnic.so.0 when installing for real, as root
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then $(LDCONFIG) 2>/dev/null || true; fi

uninstall:
	$(call hpnic_uninstall,$(DESTDIR),$(LIBDIR),$(INCLUDEDIR),$(PKGCONFIGDIR))

# The test: the same two recipes, first staged (DESTDIR, a prefix of
# /opt/hpnic that is not there) to check the layout, the .pc paths and that
# uninstall leaves nothing; then into a real prefix under build/, against
# which scripts/test_install.sh builds and runs tb/install's programs from a
# directory outside the tree, plain and under ASan/UBSan. It reuses what
# make nic-model and make libhpnic built; the runs take a few seconds.
INSTALL_TEST := $(abspath $(BUILD))/install-test
INSTALL_TEST_PREFIX := $(INSTALL_TEST)/prefix
INSTALL_TEST_STAGE := $(INSTALL_TEST)/stage

test-install: $(INSTALL_DEPS) $(wildcard tb/install/*.c) scripts/test_install.sh docs/libhpnic.md
	@rm -rf $(INSTALL_TEST)
	@mkdir -p $(INSTALL_TEST)
	$(call hpnic_install,$(INSTALL_TEST_STAGE),/opt/hpnic,/opt/hpnic/lib,/opt/hpnic/include,/opt/hpnic/lib/pkgconfig)
	scripts/test_install.sh stage $(INSTALL_TEST_STAGE) /opt/hpnic \
	  $(call install_files,/opt/hpnic/lib,/opt/hpnic/include,/opt/hpnic/lib/pkgconfig)
	$(call hpnic_uninstall,$(INSTALL_TEST_STAGE),/opt/hpnic/lib,/opt/hpnic/include,/opt/hpnic/lib/pkgconfig)
	scripts/test_install.sh empty $(INSTALL_TEST_STAGE)
	$(call hpnic_install,,$(INSTALL_TEST_PREFIX),$(INSTALL_TEST_PREFIX)/lib,$(INSTALL_TEST_PREFIX)/include,$(INSTALL_TEST_PREFIX)/lib/pkgconfig)
	scripts/test_install.sh build $(INSTALL_TEST_PREFIX)
	$(call hpnic_uninstall,,$(INSTALL_TEST_PREFIX)/lib,$(INSTALL_TEST_PREFIX)/include,$(INSTALL_TEST_PREFIX)/lib/pkgconfig)
	scripts/test_install.sh empty $(INSTALL_TEST_PREFIX)
	@echo "test-install: passed"

TESTS += test-install
