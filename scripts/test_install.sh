#!/usr/bin/env bash
# make test-install's checks (mk/install.mk), one mode per call:
#
#   test_install.sh stage DESTDIR PREFIX FILE...
#       a DESTDIR install for PREFIX holds exactly FILE... (paths under
#       DESTDIR); the .pc files name PREFIX; installed headers and .pc files
#       do not name the source tree, nor does the simulator; the libhpnic.so
#       links resolve
#   test_install.sh empty DIR
#       nothing but directories is left under DIR (after make uninstall)
#   test_install.sh build PREFIX
#       tb/install's programs, copied to a fresh directory outside the tree and
#       built there with only pkg-config (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig),
#       then run: the docs' example (one RDMA WRITE between sim:0 and sim:1,
#       bytes checked), the same under ASan/UBSan (hpnic-sim-san), a short
#       sim_speed measurement, and a board program linked with libhpnic alone,
#       shared and static
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f s", b - a }'; }

mode=${1:-}
shift || true
case "$mode" in
stage)
  dest=$1 prefix=$2
  shift 2
  for f in "$@"; do
    [ -e "$dest$f" ] || [ -L "$dest$f" ] || fail "install did not put $f"
  done
  n=$(find "$dest" -type f -o -type l | wc -l)
  [ "$n" -eq $# ] || fail "$n files installed under $dest, $# expected"
  pc=$dest$prefix/lib/pkgconfig
  for p in hpnic hpnic-san hpnic-sim hpnic-sim-san; do
    grep -qx "prefix=$prefix" "$pc/$p.pc" || fail "$p.pc: prefix is not $prefix"
    grep -qx 'libdir=${prefix}/lib' "$pc/$p.pc" || fail "$p.pc: libdir not under \${prefix}"
    if grep -q '@[A-Z_]*@' "$pc/$p.pc"; then fail "$p.pc: a placeholder is left"; fi
  done
  if grep -l "$root" "$pc"/*.pc "$dest$prefix"/include/hpnic/*.h; then
    fail "installed text names the source tree $root"
  fi
  # the simulator must not read a file of the tree at run time (the ROM is
  # compiled in)
  if grep -q "$root/fw" "$dest$prefix/lib/libhpnic_sim.a"; then
    fail "the installed simulator names a file of the source tree ($root/fw)"
  fi
  [ "$(readlink "$dest$prefix/lib/libhpnic.so")" = libhpnic.so.0 ] || fail "libhpnic.so link"
  [ -f "$dest$prefix/lib/$(readlink "$dest$prefix/lib/libhpnic.so.0")" ] || fail "libhpnic.so.0 link"
  echo "test-install: DESTDIR layout: $# files under $dest$prefix, .pc files for $prefix"
  ;;

empty)
  left=$(find "$1" -type f -o -type l)
  [ -z "$left" ] || fail "uninstall left: $left"
  echo "test-install: uninstall left no file under $1"
  ;;

build)
  prefix=$1
  command -v pkg-config >/dev/null || fail "pkg-config is missing (make deps installs it)"
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
  # the docs' example is tb/install/example.c (after its SPDX line)
  diff <(awk '/^## Example: two simulated NICs, one RDMA WRITE/ { f = 1 }
              f && /^```c$/ { g = 1; next } g && /^```$/ { exit } g' "$root/docs/libhpnic.md") \
       <(tail -n +2 "$root/tb/install/example.c") >/dev/null ||
    fail "the example in docs/libhpnic.md and tb/install/example.c differ"

  work=$(mktemp -d "${TMPDIR:-/tmp}/hpnic-install.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  case "$work/" in "$root"/*) fail "$work is inside the source tree" ;; esac
  cp "$root"/tb/install/*.c "$work"/
  cd "$work"

  for p in hpnic hpnic-sim hpnic-san hpnic-sim-san; do
    pkg-config --exists "$p" || fail "pkg-config does not find $p in $PKG_CONFIG_PATH"
    # every path the flags name is in the prefix, none in the tree's sources
    for w in $(pkg-config --cflags --libs "$p"); do
      case "$w" in
        -I/*|-L/*) d=${w#-?} ;;
        /*) d=$w ;;
        *) continue ;;
      esac
      case "$d" in "$prefix"/*) ;; *) fail "$p: $w is outside $prefix" ;; esac
      [ -e "$d" ] || fail "$p: $w does not exist"
    done
  done
  libdir=$(pkg-config --variable=libdir hpnic)
  cflags="-std=c11 -O2 -Wall -Wextra -Werror"
  run() { echo "+ $*"; "$@"; }

  t=$(now)
  run cc $cflags example.c $(pkg-config --cflags --libs hpnic-sim) -Wl,-rpath,"$libdir" -o example
  readelf -d example | grep 'NEEDED.*\[libhpnic\.so\.0\]' >/dev/null || fail "example does not use libhpnic.so.0"
  echo "test-install: built example in $(since "$t")"
  t=$(now)
  ./example > example.out || fail "example failed"
  cat example.out
  grep -qx 'B reads: hello over RoCEv2 (18 bytes)' example.out || fail "example printed something else"
  echo "test-install: ran example in $(since "$t")"

  t=$(now)
  run cc $cflags -O1 -g -fno-sanitize-recover=all example.c \
    $(pkg-config --cflags --libs hpnic-sim-san) -o example-san
  ./example-san > example-san.out || fail "example under ASan/UBSan failed"
  grep -qx 'B reads: hello over RoCEv2 (18 bytes)' example-san.out || fail "example-san printed something else"
  echo "test-install: built and ran example under ASan/UBSan in $(since "$t")"

  t=$(now)
  run cc $cflags sim_speed.c $(pkg-config --cflags --libs hpnic-sim) -Wl,-rpath,"$libdir" -o sim_speed
  ./sim_speed 12500 || fail "sim_speed failed"
  echo "test-install: sim_speed (50 us of pair mode; 'sim_speed 250000' for 1 ms) in $(since "$t")"

  t=$(now)
  run cc $cflags board.c $(pkg-config --cflags --libs hpnic) -Wl,-rpath,"$libdir" -o board
  ./board || fail "board (shared libhpnic) failed"
  run cc $cflags board.c $(pkg-config --cflags hpnic) "$libdir/libhpnic.a" -o board-static
  ./board-static > /dev/null || fail "board (static libhpnic) failed"
  if readelf -d board-static | grep -q 'libhpnic'; then fail "board-static needs libhpnic.so"; fi
  echo "test-install: board programs (shared, static) in $(since "$t")"
  ;;

*)
  echo "usage: $0 stage DESTDIR PREFIX FILE... | empty DIR | build PREFIX" >&2
  exit 2
  ;;
esac
