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
synth="synth_xilinx -family xcup -uram -flatten -noiopad -noclkbuf -top $top"
# KEEP_HIER="mod ...": keep those modules (every parameter set of each) as
# blocks of their own, each flattened inside and mapped by its own ABC run,
# as when it is synthesized alone; lut_levels.py joins the blocks again, so
# a path through several blocks counts the LUTs of each. Flattened whole,
# one ABC run over a large core lets area recovery lengthen every path to
# the design's deepest (docs/performance.md, "The whole design in Yosys").
keep=""
for m in ${KEEP_HIER:-}; do
  keep="$keep setattr -mod -set keep_hierarchy 1 $m \$paramod*$m \$paramod*$m\\*;"
done
# ABC9=1: synth_xilinx -abc9, which maps with the carry chains and DSPs as
# timed boxes (docs/performance.md: deeper, not shallower, on fpga_core)
[ -z "${ABC9:-}" ] || synth="$synth -abc9"
# ABC_LUT_DELAY=N: map LUTs with ABC's delay target N (LUT levels) instead of
# none. Without a target, ABC's area recovery lets every path grow to the
# design's worst depth, so in a large flattened design most paths read as
# deep as the worst one; with a target a path is deeper only where N cannot
# be met. The steps are synth_xilinx's own map_luts with that one change.
if [ -n "${ABC_LUT_DELAY:-}" ]; then
  printf 'strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; strash; dch -f; if -D %s; mfs2\n' \
    "$ABC_LUT_DELAY" > "$out/$top.abc"
  synth="$synth -run :map_luts; opt_expr -mux_undef -noclkinv;
    abc -luts 2:2,3,6:5,10,20 -script $out/$top.abc; clean;
    techmap -map +/xilinx/ff_map.v; xilinx_srl -fixed -minlen 3;
    techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6;
    xilinx_dffopt; opt_lut_ins -tech xilinx;
    $synth -run finalize:"
fi
yosys -q -l "$out/$top.log" -p "
  $read
  hierarchy -top $top;
  $keep
  $synth;
  stat;
  write_json $out/$top.json" > /dev/null 2>> "$out/$top.log"
/usr/bin/python3 scripts/lut_levels.py "$out/$top.json" "$top" ${LUT_PATHS:-} > "$out/$top.summary"
cat "$out/$top.summary"
