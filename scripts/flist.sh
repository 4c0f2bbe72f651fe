#!/usr/bin/env bash
# Expand a block filelist (.f) into the Verilog source paths it names, one per
# line, in order and without duplicates. Paths in a .f file are relative to the
# repository root; a line "-f other.f" includes another filelist; "#" starts a
# comment. Every tool (Verilator, Icarus, Yosys) reads this one expansion, so a
# block's file list is written exactly once.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

expand() {
  local f=$1
  [ -f "$root/$f" ] || { echo "flist: no such filelist: $f" >&2; exit 1; }
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    line=$(echo "$line" | xargs)
    [ -n "$line" ] || continue
    case "$line" in
      -f\ *) expand "${line#-f }" ;;
      *) [ -f "$root/$line" ] || { echo "flist: $f names a missing file: $line" >&2; exit 1; }
         echo "$line" ;;
    esac
  done < "$root/$f"
}

for f in "$@"; do expand "$f"; done | awk '!seen[$0]++'
