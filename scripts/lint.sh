#!/usr/bin/env bash
# Lint every RTL file: each module is linted as a top of its own under
# `verilator --lint-only -Wall` (with its block's filelist for the modules it
# instantiates), and every block filelist must compile under `iverilog -g2012`.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fail=0
nmod=0
for f in rtl/*/*.f; do
  blk=$(dirname "$f")
  files=$(scripts/flist.sh "$f") || { fail=1; continue; }
  for v in $files; do
    case "$v" in "$blk"/*) ;; *) continue ;; esac
    mod=$(basename "$v" .v)
    grep -q 'default_nettype none' "$v" || { echo "lint: $v lacks \`default_nettype none"; fail=1; }
    out=$(verilator --lint-only -Wall -Irtl/host $files --top-module "$mod" 2>&1) || {
      echo "lint: verilator -Wall, top $mod ($f):"; echo "$out" | grep -v '^ ' | head -20; fail=1; }
    nmod=$((nmod + 1))
  done
  out=$(iverilog -g2012 -Irtl/host -o /dev/null $files 2>&1) || {
    echo "lint: iverilog -g2012 on $f:"; echo "$out" | head -20; fail=1; }
done
if [ $fail -ne 0 ]; then
  echo "lint: FAILED"
  exit 1
fi
echo "lint: $nmod modules clean under verilator --lint-only -Wall; every filelist compiles under iverilog -g2012"
