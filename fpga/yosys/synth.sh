#!/usr/bin/env bash
# Synthesize one block with Yosys for Xilinx UltraScale+ and report its size
# and logic depth.
#
#   fpga/yosys/synth.sh TOP FILELIST OUTDIR [-set PARAM VALUE]...
#
# Writes OUTDIR/TOP.log (Yosys log), OUTDIR/TOP.json (netlist) and
# OUTDIR/TOP.summary (the figures docs/performance.md quotes). With
# LUT_PATHS=N in the environment the summary also lists every path over 8
# LUT levels by module and the N deepest (scripts/lut_levels.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
top=$1; flist=$2; out=$3; shift 3
chparam=""
while [ $# -ge 3 ] && [ "$1" = "-set" ]; do
  chparam="$chparam chparam -set $2 $3 $top;"
  shift 3
done
mkdir -p "$out"
files=$(cd "$root" && scripts/flist.sh "$flist" | tr '\n' ' ')
cd "$root"
# -Irtl/host: the generated register constants (hpnic_regs.vh); -Irtl/common:
# the shared functions (hpnic_lanes.vh).
# -noiopad/-noclkbuf: a core, not a chip top; -flatten so depth crosses modules;
# -uram: large memories (the MTT) may map to UltraRAM.
# With -set, read with -defer so that chparam reaches the top before its
# submodules are derived (after hierarchy, chparam loses them); without it,
# read as always (-defer changes ABC's input order, hence its LUT counts)
read="read_verilog -Irtl/host -Irtl/common -sv $files;"
[ -z "$chparam" ] || read="read_verilog -Irtl/host -Irtl/common -defer -sv $files; $chparam"
yosys -q -l "$out/$top.log" -p "
  $read
  hierarchy -top $top;
  synth_xilinx -family xcup -uram -flatten -noiopad -noclkbuf -top $top;
  stat;
  write_json $out/$top.json" > /dev/null 2>> "$out/$top.log"
/usr/bin/python3 scripts/lut_levels.py "$out/$top.json" "$top" ${LUT_PATHS:-} > "$out/$top.summary"
cat "$out/$top.summary"
