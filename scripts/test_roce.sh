#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Tests of the RoCEv2 sample pcaps (part of `make test`, target test-roce):
#   - hpnic-pktgen writes every opcode without INT and with INT (two INT
#     ports; 0, 3 and 5 hops), and both kinds in one capture;
#   - scripts/roce_pcap_check.sh decodes them with tshark (InfiniBand over UDP
#     4791; INT through scripts/hpnic_int.lua), compares with the expected
#     opcodes, PSNs and INT fields, and has scapy recompute every ICRC;
#   - the checker itself catches a flipped ICRC bit, a wrong expectation and
#     an INT frame where plain RoCE is expected;
#   - hpnic-pktgen's usage errors, and the Verilog list of drop reasons.
set -uo pipefail
build=${1:-build}
bin=$build/bin
dir=$build/roce-test
root=$(cd "$(dirname "$0")/.." && pwd)
check=$root/scripts/roce_pcap_check.sh
mkdir -p "$dir"
fail=0
err() { echo "FAIL: $*"; fail=1; }

gen() { "$bin/hpnic-pktgen" "$@" 2>/dev/null || err "hpnic-pktgen $*"; }

gen -o "$dir/roce_noint.pcap" --expect "$dir/roce_noint.expect"
gen --int -o "$dir/roce_int.pcap" --expect "$dir/roce_int.expect"
gen --int --int-port 4800 --hops 5 -o "$dir/roce_int4800.pcap" --expect "$dir/roce_int4800.expect"
gen --int --hops 0 -o "$dir/roce_int0.pcap" --expect "$dir/roce_int0.expect"

"$check" -q --expect "$dir/roce_noint.expect" "$dir/roce_noint.pcap" || err "INT-off pcap"
"$check" -q --int --expect "$dir/roce_int.expect" "$dir/roce_int.pcap" || err "INT-on pcap"
"$check" -q --int --int-port 4800 --expect "$dir/roce_int4800.expect" "$dir/roce_int4800.pcap" ||
  err "INT-on pcap, port 4800 (Lua preference)"
"$check" -q --int --no-scapy --expect "$dir/roce_int0.expect" "$dir/roce_int0.pcap" ||
  err "INT-on pcap, as sent (nHop 0)"
# INT and plain frames in one capture
if command -v mergecap >/dev/null; then
  mergecap -a -F pcap -w "$dir/roce_mixed.pcap" "$dir/roce_noint.pcap" "$dir/roce_int.pcap" &&
    cat "$dir/roce_noint.expect" "$dir/roce_int.expect" > "$dir/roce_mixed.expect" &&
    "$check" -q --mixed --expect "$dir/roce_mixed.expect" "$dir/roce_mixed.pcap" ||
    err "mixed INT-on and INT-off pcap"
fi

# every opcode hpnic uses is in the samples
ops=$(cut -f1 "$dir/roce_noint.expect" | sort -un | tr '\n' ' ')
[ "$ops" = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 " ] || err "sample opcodes are '$ops'"

# the checker must fail on what it is there to catch
expect_fail() {  # what, checker arguments...
  local what=$1 out
  shift
  if out=$("$check" -q "$@" 2>&1); then
    err "checker accepted $what"
    printf '%s\n' "$out" | head -5
  fi
}
/usr/bin/python3 - "$dir/roce_noint.pcap" "$dir/roce_badicrc.pcap" <<'EOF'
import sys
# flip one bit of the 5th frame's ICRC (pcap: 24 B header, 16 B per record header)
data = bytearray(open(sys.argv[1], "rb").read())
off = 24
for i in range(5):
    incl = int.from_bytes(data[off + 8:off + 12], "little")
    if i == 4:
        data[off + 16 + incl - 1] ^= 0x01
    off += 16 + incl
open(sys.argv[2], "wb").write(data)
EOF
expect_fail "a flipped ICRC bit" "$dir/roce_badicrc.pcap"
"$check" -q --max-bad 1 "$dir/roce_badicrc.pcap" >/dev/null || err "--max-bad 1 with one bad ICRC"
sed '3s/^8\t102/8\t103/' "$dir/roce_noint.expect" > "$dir/roce_wrong.expect"
expect_fail "a wrong PSN in the expectation" --expect "$dir/roce_wrong.expect" "$dir/roce_noint.pcap"
# and a wrong ImmDt (SEND ONLY with Immediate, PSN 115)
sed 's/^5\t115\t01020304/5\t115\t01020305/' "$dir/roce_noint.expect" > "$dir/roce_wrong_imm.expect"
cmp -s "$dir/roce_noint.expect" "$dir/roce_wrong_imm.expect" && err "no ImmDt line to alter"
expect_fail "a wrong ImmDt in the expectation" --expect "$dir/roce_wrong_imm.expect" "$dir/roce_noint.pcap"
expect_fail "INT frames as plain RoCE" "$dir/roce_int.pcap"
expect_fail "plain RoCE frames as INT" --int "$dir/roce_noint.pcap"
expect_fail "INT frames on another port" --int --int-port 4800 "$dir/roce_int.pcap"

# usage errors: exit status 2 and a message
for args in "" "--hops 6 -o $dir/x.pcap" "--int-port 4791 -o $dir/x.pcap" "--bogus" \
            "-o /nonexistent/dir/x.pcap"; do
  # shellcheck disable=SC2086
  out=$("$bin/hpnic-pktgen" $args 2>&1) && err "hpnic-pktgen $args succeeded"
  [ -n "$out" ] || err "hpnic-pktgen $args: no message"
done
"$bin/hpnic-pktgen" --help | grep -- "--expect" >/dev/null || err "hpnic-pktgen --help"

# the drop reasons for the RTL: 17 localparams, numbered 1..17
vh=$("$bin/hpnic-pktgen" --drop-reasons-vh)
n=$(printf '%s\n' "$vh" | grep -c "^localparam \[4:0\] DROP_")
[ "$n" = 17 ] || err "--drop-reasons-vh printed $n reasons"
grep -q "DROP_ICRC *= 5'd10;" <<<"$vh" || err "--drop-reasons-vh: ICRC is not 10"

if [ $fail -ne 0 ]; then
  echo "test_roce: FAILED"
  exit 1
fi
echo "test_roce: sample pcaps (INT off, INT on at ports 4792 and 4800) decode cleanly in tshark," \
     "match the expected opcodes/PSNs/INT fields, and every ICRC verifies in scapy"
