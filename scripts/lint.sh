#!/usr/bin/env bash
# Lint every RTL file: each module is linted as a top of its own under
# `verilator --lint-only -Wall` (with its block's filelist for the modules it
# instantiates), and every block filelist must compile under `iverilog -g2012`.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fail=0
nmod=0
declare -A linted   # a module is linted once, whichever filelists name it
for f in rtl/*/*.f; do
  blk=$(dirname "$f")
  files=$(scripts/flist.sh "$f") || { fail=1; continue; }
  for v in $files; do
    case "$v" in "$blk"/*) ;; *) continue ;; esac
    [ -z "${linted[$v]:-}" ] || continue
    linted[$v]=1
    mod=$(basename "$v" .v)
    grep -q 'default_nettype none' "$v" || { echo "lint: $v lacks \`default_nettype none"; fail=1; }
    out=$(verilator --lint-only -Wall -Irtl/host -Irtl/common $files --top-module "$mod" 2>&1) || {
      echo "lint: verilator -Wall, top $mod ($f):"; echo "$out" | grep -v '^ ' | head -20; fail=1; }
    nmod=$((nmod + 1))
  done
  out=$(iverilog -g2012 -Irtl/host -Irtl/common -o /dev/null $files 2>&1) || {
    echo "lint: iverilog -g2012 on $f:"; echo "$out" | head -20; fail=1; }
done
# Parameter checks must fire: elaborate a few modules with a wrong value
# (iverilog runs their initial blocks) and expect each module's own message;
# with the defaults, expect none.
nchk=0
bad_param() {   # MODULE FILE... -- PARAM=VALUE EXPECTED
  local mod=$1; shift; local files=()
  while [ "$1" != "--" ]; do files+=("$1"); shift; done; shift
  local pv=$1 want=$2 tmp
  tmp=$(mktemp)
  iverilog -g2012 -Irtl/host -Irtl/common -o "$tmp" -P "$mod.$pv" -s "$mod" "${files[@]}" 2>/dev/null &&
    out=$(vvp -n "$tmp" 2>&1) || out="(did not elaborate)"
  grep -q "$want" <<< "$out" || { echo "lint: $mod with $pv: no '$want' error"; fail=1; }
  iverilog -g2012 -Irtl/host -Irtl/common -o "$tmp" -s "$mod" "${files[@]}" 2>/dev/null &&
    out=$(vvp -n "$tmp" 2>&1) || out="ERROR: (did not elaborate)"
  ! grep -q "ERROR" <<< "$out" || { echo "lint: $mod with its defaults: $out"; fail=1; }
  rm -f "$tmp"
  nchk=$((nchk + 1))
}
c=rtl/common
bad_param hpnic_fifo $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- 'RAM_STYLE="blok"' "RAM_STYLE must be"
bad_param hpnic_fifo $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- 'DEPTH_LOG2=17' "DEPTH_LOG2 must be"
bad_param hpnic_ram_sdp $c/hpnic_ram_sdp.v -- 'RAM_STYLE="lut"' "RAM_STYLE must be"
bad_param hpnic_ram_sp_rf $c/hpnic_ram_sp_rf.v -- 'ADDR_WIDTH=0' "ADDR_WIDTH must be"
bad_param hpnic_frame_fifo $c/hpnic_frame_fifo.v -- 'DEPTH_LOG2=17' "DEPTH_LOG2 must be"
bad_param hpnic_rmw_ram $c/hpnic_rmw_ram.v $c/hpnic_ram_sdp.v -- 'DATA_WIDTH=0' "DATA_WIDTH must be"
bad_param hpnic_reg_slice $c/hpnic_reg_slice.v -- 'WIDTH=0' "WIDTH must be"
bad_param hpnic_rr_arb $c/hpnic_rr_arb.v -- 'PORTS=0' "PORTS must be"
bad_param hpnic_byte_shr $c/hpnic_byte_shr.v -- 'OUT_BYTES=200' "OUT_BYTES <= IN_BYTES"
bad_param hpnic_byte_shr $c/hpnic_byte_shr.v -- 'LIST_LOG2=2' "LIST_LOG2 must be 0 or 3"
bad_param hpnic_fanout $c/hpnic_fanout.v $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- "KEEP=255" "KEEP gives output 1 no bits"
bad_param hpnic_dma_mux rtl/host/hpnic_dma_mux.v $c/hpnic_rr_arb.v $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- 'WRITE=2' "WRITE must be 0 or 1"
bad_param hpnic_rd_gate rtl/host/hpnic_rd_gate.v $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- 'DEPTH_LOG2=11' "DEPTH_LOG2 must be"
bad_param hpnic_rx_commit rtl/rx/hpnic_rx_commit.v $c/hpnic_page_split.v $c/hpnic_fifo.v $c/hpnic_ram_sdp.v -- 'QUEUE_LOG2=9' "QUEUE_LOG2 must be"
bad_param hpnic_flow_sched_ram rtl/sched/hpnic_flow_sched_ram.v $c/hpnic_ram_sdp.v -- 'RAM_STYLE="bram"' "RAM_STYLE must be"
bad_param hpnic_mtt $c/hpnic_mtt.v $c/hpnic_mtt_chan.v -- 'MTT_LOG2=25' "MTT_LOG2 must be"
tx=$(scripts/flist.sh rtl/tx/tx.f)
rx=$(scripts/flist.sh rtl/rx/rx.f)
bad_param hpnic_comp $tx -- 'RETRY_MAX=8' "RETRY_MAX must be"
bad_param hpnic_comp $tx -- 'FIFO_LOG2=3' "FIFO_LOG2 must be"
bad_param hpnic_resp_tx $tx -- 'QPN_WIDTH=17' "QPN_WIDTH must be"
bad_param hpnic_rd_track $tx -- 'QPN_WIDTH=0' "QPN_WIDTH must be"
bad_param hpnic_tx_hdr $tx -- 'INFLIGHT_BYTES_LOG2=11' "INFLIGHT_BYTES_LOG2 must be"
bad_param hpnic_rx_in $rx -- 'FIFO_LOG2=6' "FIFO_LOG2 must be"
bad_param hpnic_rx_cnp $rx -- 'QPN_WIDTH=21' "QPN_WIDTH must be"
bad_param hpnic_tx_frame $tx -- 'DATA_FIFO_LOG2=2' "DATA_FIFO_LOG2 must be"
bad_param hpnic_tx_gather $tx -- 'MR_LOG2=25' "MR_LOG2 must be"
host=$(scripts/flist.sh rtl/host/host.f)
bad_param hpnic_host_csr $host -- 'NCOUNTERS=300' "NCOUNTERS must be"
bad_param hpnic_pcie_shim $(scripts/flist.sh rtl/shim/shim.f) -- 'DATA_WIDTH=100' "DATA_WIDTH must be"
pcie=$(scripts/flist.sh rtl/pcie/pcie.f)
bad_param hpnic_pcie_dma_wr $pcie -- 'RQ_FIFO_LOG2=6' "RQ_FIFO_LOG2 must be"
bad_param hpnic_pcie_dma_rd $pcie -- 'TAG_LOG2=1' "TAG_LOG2 must be"

if [ $fail -ne 0 ]; then
  echo "lint: FAILED"
  exit 1
fi
echo "lint: $nmod modules clean under verilator --lint-only -Wall; every filelist compiles under iverilog -g2012; $nchk wrong parameters rejected"
