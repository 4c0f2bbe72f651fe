#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# roce_pcap_check.sh: check a pcap of hpnic RoCEv2 frames with Wireshark's own
# dissectors (tshark) and scapy. Used by `make test` on the hpnic-pktgen
# samples, and meant for the pcaps the RTL tests write (--pcap FILE).
#
#   1. every frame decodes as InfiniBand over UDP (RRoCE): an opcode and a PSN;
#      without --int on dport 4791, with --int on the INT port through
#      scripts/hpnic_int.lua (nHop present), with --mixed either;
#   2. no frame is malformed, and tshark's expert info holds no warning or
#      error (`-z expert`, and _ws.expert.severity per frame);
#   3. with --expect FILE: frame i decodes to line i of FILE (the columns the
#      line gives: opcode psn ImmDt [nhop path_id B,.. TS,.. txBytes,.. qLen,..],
#      tab-separated, decimal but for the ImmDt (8 hex digits, empty when the
#      opcode has none); hpnic-pktgen --expect writes this format);
#   4. scapy recomputes the ICRC of every frame (INT frames: as if the INT
#      block were absent) and the IPv4 checksum (scripts/roce_icrc_check.py).
#
# With --allow-other (a link partner's own traffic: ARP, IPv6, ...), frames
# not to the RoCE ports are only required not to be malformed, and are
# counted apart; 1, 2 and 4 hold for the others.
#
# Exit status 0 when everything holds, 1 otherwise, 2 on usage errors.
set -uo pipefail

usage() {
  cat <<EOF
usage: roce_pcap_check.sh [options] PCAP
Decode PCAP with tshark (InfiniBand/RoCEv2, hpnic INT) and check it; recompute
every ICRC with scapy.

  --int           every frame carries the INT block (dport = INT port) and must
                  decode through scripts/hpnic_int.lua
  --mixed         frames may or may not carry INT (load the Lua dissector)
  --int-port N    INT UDP port (default 4792)
  --expect FILE   expected decode, one line per frame (see hpnic-pktgen --help);
                  without it, only decoding, expert info and ICRC are checked
  --max-bad N     tolerate N frames with a bad ICRC/IPv4 checksum (a pcap taken
                  after a corrupting link); decoding must still be clean
  --allow-other   frames not to the RoCE ports may be present: they must not be
                  malformed, and are otherwise left alone (not with --expect)
  --no-scapy      skip the scapy ICRC check
  -q, --quiet     print only the summary and failures
  -h, --help      this text
EOF
}

root=$(cd "$(dirname "$0")/.." && pwd)
lua=$root/scripts/hpnic_int.lua
mode=noint
int_port=4792
expect=
max_bad=0
scapy=1
quiet=0
allow_other=0
pcap=

while [ $# -gt 0 ]; do
  case "$1" in
    --int) mode=int ;;
    --mixed) mode=mixed ;;
    --int-port) int_port=${2:?--int-port needs a value}; shift ;;
    --expect) expect=${2:?--expect needs a file}; shift ;;
    --max-bad) max_bad=${2:?--max-bad needs a value}; shift ;;
    --no-scapy) scapy=0 ;;
    --allow-other) allow_other=1 ;;
    -q|--quiet) quiet=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "roce_pcap_check: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) [ -z "$pcap" ] || { echo "roce_pcap_check: one PCAP only" >&2; exit 2; }; pcap=$1 ;;
  esac
  shift
done
[ -n "$pcap" ] || { echo "roce_pcap_check: no PCAP given" >&2; usage >&2; exit 2; }
[ -r "$pcap" ] || { echo "roce_pcap_check: cannot read $pcap" >&2; exit 2; }
[[ "$int_port" =~ ^[0-9]+$ ]] && [ "$int_port" -gt 0 ] && [ "$int_port" -lt 65536 ] &&
  [ "$int_port" -ne 4791 ] || { echo "roce_pcap_check: bad --int-port $int_port" >&2; exit 2; }
[[ "$max_bad" =~ ^[0-9]+$ ]] || { echo "roce_pcap_check: bad --max-bad $max_bad" >&2; exit 2; }
[ -z "$expect" ] || [ -r "$expect" ] || { echo "roce_pcap_check: cannot read $expect" >&2; exit 2; }
[ -z "$expect" ] || [ $allow_other -eq 0 ] ||
  { echo "roce_pcap_check: --expect and --allow-other do not mix" >&2; exit 2; }
command -v tshark >/dev/null || { echo "roce_pcap_check: tshark missing (make deps)" >&2; exit 2; }

fail=0
err() { echo "FAIL: $pcap: $*"; fail=1; }
say() { [ $quiet -eq 1 ] || echo "$@"; }

# tshark with default preferences (the user's own could change the decode),
# without its warning about running as root
cfg=$(mktemp -d)
trap 'rm -rf "$cfg"' EXIT
export WIRESHARK_CONFIG_DIR=$cfg
tsh() {
  local out rc
  out=$(tshark "$@" 2> >(grep -v 'Running as user "root"' >&2))
  rc=$?
  printf '%s' "$out"
  return $rc
}

# eth_over_ib: Wireshark's heuristic that takes an InfiniBand payload
# starting with a known EtherType and two zero bytes for an encapsulated
# frame. RoCE payloads are the application's bytes: a 1-byte payload 0x08
# with its 3 pad bytes reads as IPv4 and "malformed" (seen on an rxe READ
# response in make test-interop), so the heuristic is off
targs=(-r "$pcap" -o "infiniband.rroce.port:4791" --disable-heuristic eth_over_ib)
# a SEND's payload is the application's: the dissectors that guess at it
# (RPC over RDMA, SMB Direct, iSER ...) would call an empty SEND ONLY
# malformed. Switch off every one this tshark has, not Ethernet or IB
for p in $(tshark -G heuristic-decodes 2>/dev/null |
           awk -F'\t' '$1 == "infiniband.payload" && $2 != "ethertype" && $2 !~ /^infiniband/ { print $2 }'); do
  targs+=(--disable-protocol "$p")
done
fields=(-e frame.number -e udp.dstport -e infiniband.bth.opcode -e infiniband.bth.psn -e infiniband.immdt)
if [ "$mode" != noint ]; then
  targs+=(-X "lua_script:$lua" -o "hpnic_int.udp_port:$int_port")
  fields+=(-e hpnic_int.nhop -e hpnic_int.path_id -e hpnic_int.hop.b -e hpnic_int.hop.ts
           -e hpnic_int.hop.tx_bytes -e hpnic_int.hop.qlen)
fi
fields+=(-e _ws.malformed -e _ws.expert.severity)

decode=$(tsh "${targs[@]}" -T fields -E separator=/t -E occurrence=a -E aggregator=, \
  "${fields[@]}") || { err "tshark failed"; exit 1; }
[ -n "$decode" ] || { err "no frames"; exit 1; }

# per-frame decode checks; prints "frame<TAB>observed columns" for --expect
decode_fail=0
observed=$(printf '%s\n' "$decode" | awk -F'\t' -v mode="$mode" -v port="$int_port" -v allow="$allow_other" '
  BEGIN { bad = 0; WARN = 6291456 }   # PI_WARN; PI_ERROR is 8388608
  {
    n = $1; dport = $2; op = $3; psn = $4
    # the ImmDt (SEND and WRITE with Immediate): tshark gives it once per
    # place it shows it; the first is the one
    split($5, imms, ","); imm = imms[1]
    for (i = 5; i <= 12; i++) $i = $(i + 1)
    # without the Lua dissector there are no INT columns: malformed and
    # severity follow the PSN; give the INT columns as empty
    if (mode == "noint") { mal = $5; sevs = $6; for (i = 5; i <= 10; i++) $i = "" }
    else { mal = $11; sevs = $12 }
    # another protocol (with --allow-other): well-formed is all it must be
    if (allow && dport != "4791" && dport != port) {
      if (mal != "") { print "FAIL: frame " n ": malformed (not RoCE)" > "/dev/stderr"; bad++ }
      next
    }
    nhop = $5
    if (op == "" || psn == "") { print "FAIL: frame " n ": not decoded as InfiniBand (no opcode/PSN)" > "/dev/stderr"; bad++ }
    if (mode == "noint" && dport != 4791) { print "FAIL: frame " n ": UDP dport " dport ", want 4791" > "/dev/stderr"; bad++ }
    if (mode == "int" && (dport != port || nhop == "")) { print "FAIL: frame " n ": not decoded through the INT dissector (dport " dport ")" > "/dev/stderr"; bad++ }
    if (mode == "mixed" && dport == port && nhop == "") { print "FAIL: frame " n ": INT port but no INT decode" > "/dev/stderr"; bad++ }
    if (mal != "") { print "FAIL: frame " n ": malformed" > "/dev/stderr"; bad++ }
    ns = split(sevs, sev, ",")
    for (i = 1; i <= ns; i++) if (sev[i] + 0 >= WARN) { print "FAIL: frame " n ": expert info of severity " sev[i] > "/dev/stderr"; bad++; break }
    printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", op, psn, imm, $5, $6, $7, $8, $9, $10
  }
  END { exit bad > 0 }') || decode_fail=1
nframes=$(printf '%s\n' "$decode" | wc -l)
nroce=$(printf '%s\n' "$observed" | grep -c .)
others=
[ $allow_other -eq 1 ] && others=" ($((nframes - nroce)) others: none malformed)" && nframes=$nroce

# the expert summary must hold no warnings or errors (of the RoCE frames,
# with --allow-other: an unanswered ping is a warning of its own)
xfilter=
[ $allow_other -eq 1 ] && xfilter=",udp.dstport == 4791 || udp.dstport == $int_port"
experts=$(tsh "${targs[@]}" -q -z "expert,warn$xfilter") || { err "tshark -z expert failed"; decode_fail=1; }
if grep -qE '^(Errors|Warnings) \(' <<<"$experts"; then
  err "tshark expert info has warnings or errors:"
  printf '%s\n' "$experts" | sed 's/^/    /'
  decode_fail=1
fi

# expected decode
if [ -n "$expect" ]; then
  nexp=$(grep -vc '^#' "$expect")
  [ "$nexp" -eq "$nframes" ] || err "$nframes frames, $expect expects $nexp"
  mism=$(awk -F'\t' 'NR == FNR { if ($0 !~ /^#/) want[++n] = $0; next }
    { got = $0; f = FNR
      if (!(f in want)) next
      k = split(want[f], w, "\t"); split(got, g, "\t")
      for (i = 1; i <= k; i++) if (w[i] != g[i]) {
        printf "frame %d: column %d is \"%s\", want \"%s\"\n    got:  %s\n    want: %s\n", f, i, g[i], w[i], got, want[f]
        bad++; break }
    }
    END { exit bad > 0 }' "$expect" <(printf '%s\n' "$observed")) ||
    { err "decode differs from $expect:"; printf '%s\n' "$mism" | head -20; decode_fail=1; }
fi
if [ $decode_fail -ne 0 ]; then
  fail=1
  echo "FAIL: tshark: $pcap: $nframes frames, decode problems above"
else
  say "tshark: $pcap: $nframes frames decode as InfiniBand/RoCEv2 ($mode)$([ -n "$expect" ] && echo ", as $expect expects"); no malformed frames, no expert warnings or errors$others"
fi

if [ $scapy -eq 1 ]; then
  sargs=(--int-port "$int_port" --max-bad "$max_bad")
  [ $allow_other -eq 1 ] && sargs+=(--allow-other)
  out=$(/usr/bin/python3 "$root/scripts/roce_icrc_check.py" "${sargs[@]}" "$pcap") ||
    { err "scapy ICRC check:"; }
  if [ $quiet -eq 1 ] && [ $fail -eq 0 ]; then :; else printf '%s\n' "$out"; fi
fi

if [ $fail -eq 0 ]; then
  echo "roce_pcap_check: $pcap: ok ($nframes frames, $mode; tshark decode$([ -n "$expect" ] && echo " + expected fields")$([ $scapy -eq 1 ] && echo " + scapy ICRC"))"
fi
exit $fail
