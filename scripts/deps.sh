#!/usr/bin/env bash
# Install, through apt-get, only the Debian packages hpnic needs that are
# missing. Safe to run repeatedly; does nothing when everything is present.
set -eu

# package:probe pairs; the probe is a command the package provides, or "-"
# to ask dpkg whether the package itself is installed
need=(
  "verilator:verilator"
  "iverilog:iverilog"
  "yosys:yosys"
  "make:make"
  "g++:g++"
  "gcc:gcc"
  "gnuplot-nox:gnuplot"
  "tshark:tshark"
  "python3-scapy:-"
  "zlib1g-dev:-"
  "libpci-dev:-"
  # pkg-config (Debian's pkgconf provides it): the out-of-tree builds of
  # make test-install, against what make install puts
  "pkgconf:pkg-config"
  # the co-simulation VM (make test-vm): QEMU, a Debian kernel with the
  # headers of the same version, a static busybox and lspci for the guest
  "qemu-system-x86:qemu-system-x86_64"
  "linux-image-amd64:-"
  "linux-headers-amd64:-"
  "busybox-static:-"
  "pciutils:lspci"
  "procps:pgrep"
  # the kernel driver (make test-driver): sparse checks it (C=1)
  "sparse:sparse"
  # make check-au250: the board's Vivado Tcl parsed with Vivado stubbed
  "tcl:tclsh"
  # make test-interop: the guest's verbs program is built here against
  # Debian's libibverbs (the guest gets the same version's packages)
  "libibverbs-dev:-"
)

missing=()
for pair in "${need[@]}"; do
  pkg=${pair%%:*}
  probe=${pair#*:}
  case "$probe" in
    -) dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" \
         || missing+=("$pkg") ;;
    *) command -v "$probe" >/dev/null 2>&1 || missing+=("$pkg") ;;
  esac
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all present"
  exit 0
fi

echo "deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; answer no without a prompt
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections 2>/dev/null || true
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
