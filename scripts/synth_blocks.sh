#!/usr/bin/env bash
# Synthesize each block of the core alone (Yosys synth_xilinx, UltraScale+,
# default parameters) and print one table row per block: LUT levels, logic
# levels counted with CARRY8, LUTs, LUT RAM cells, SRLs, FFs, BRAM36, DSPs.
# docs/performance.md's before/after table per module comes from here, run
# on both trees.
#
#   scripts/synth_blocks.sh [OUTDIR]      (default build/synth/blocks)
#
# Blocks share nothing when alone: a path that crosses blocks shows only in
# make synth-core, which is the figure the budget applies to.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/synth/blocks}
case "${1:-}" in -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
mkdir -p "$out"
cd "$root"

# top  filelist
blocks="
hpnic_req rtl/tx/tx.f
hpnic_resp_tx rtl/tx/tx.f
hpnic_comp rtl/tx/tx.f
hpnic_tx_gather rtl/tx/tx.f
hpnic_tx_hdr rtl/tx/tx.f
hpnic_tx_frame rtl/tx/tx.f
hpnic_rx_in rtl/rx/rx.f
hpnic_rx_extract rtl/rx/rx.f
hpnic_rx_commit rtl/rx/rx.f
hpnic_rx_decision rtl/top/top.f
hpnic_sched_glue rtl/top/core.f
hpnic_flow_sched rtl/sched/sched.f
hpcc_cc_engine rtl/cc/cc.f
hpnic_host rtl/host/host.f
hpnic_mac_shim rtl/shim/shim.f
hpnic_pcie_shim rtl/shim/shim.f
"

printf '| block | LUT levels | logic levels (CARRY8) | LUT | LUT RAM cells | SRL | FF | BRAM36 | DSP |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
echo "$blocks" | while read -r top flist; do
    [ -n "$top" ] || continue
    fpga/yosys/synth.sh "$top" "$flist" "$out" > /dev/null 2>&1 ||
        { printf '| %s | synthesis failed (%s) |\n' "$top" "$out/$top.log"; continue; }
    s="$out/$top.summary"
    res=$(sed -n 2p "$s")
    lut=$(echo "$res" | sed -n 's/.*LUT \([0-9]*\) (.*/\1/p')
    lram=$(echo "$res" | sed -n 's/.*(+ \([0-9]*\) LUTRAM.*/\1/p')
    srl=$(echo "$res" | sed -n 's/.*, \([0-9]*\) SRL).*/\1/p')
    ff=$(echo "$res" | sed -n 's/.*FF \([0-9]*\).*/\1/p')
    bram=$(echo "$res" | sed -n 's/.*BRAM36 \([0-9.]*\).*/\1/p')
    dsp=$(echo "$res" | sed -n 's/.*DSP48E2 \([0-9]*\).*/\1/p')
    lvl=$(sed -n 3p "$s" | sed -n 's/.*LUT levels \([0-9]*\).*/\1/p')
    lc8=$(sed -n 's/.*logic levels \([0-9]*\) counting carries as CARRY8.*/\1/p' "$s")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
        "$top" "$lvl" "$lc8" "$lut" "$lram" "$srl" "$ff" "$bram" "$dsp"
done
