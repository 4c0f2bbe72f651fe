#!/usr/bin/env bash
# Tests of hpnic-cctrace: the three models on a generated trace (RTL output
# identical to the fixed model's, float close), the bundled demo trace is what
# the generator makes, and bad input fails with a message naming the line.
# Then a DCQCN trace through its two models (same decisions, rates close),
# and bad DCQCN input.
set -euo pipefail
build=${1:-build}
bin=$build/bin
dir=$build/cctrace-test
mkdir -p "$dir"
fail=0
err() { echo "FAIL: $*"; fail=1; }

"$bin/hpnic-incast-gen" --flows 16 --bytes 200000 --seed 7 -o "$dir/t.csv"
for m in fixed float rtl; do
  "$bin/hpnic-cctrace" --model $m "$dir/t.csv" -o "$dir/$m.csv"
done
n_in=$(grep -vc '^#' "$dir/t.csv")
n_out=$(grep -vc '^#' "$dir/rtl.csv")
[ "$n_in" = "$n_out" ] || err "rtl: $n_out output lines for $n_in ACKs"
cmp -s "$dir/rtl.csv" "$dir/fixed.csv" || err "rtl and fixed outputs differ"
# float vs fixed: worst relative window difference over the trace
worst=$(paste -d, <(grep -v '^#' "$dir/fixed.csv") <(grep -v '^#' "$dir/float.csv") |
  awk -F, '{ d = ($2 - $5) / $5; if (d < 0) d = -d; if (d > w) w = d } END { printf "%.6f", w }')
echo "cctrace: $n_in ACKs; rtl == fixed; worst |W_fixed - W_float| / W_float = $worst"
awk -v w="$worst" 'BEGIN { exit !(w < 0.02) }' || err "fixed vs float window error $worst >= 2%"

# other parameters: rtl still equals fixed
args="--T-ns 9000 --eta 0.98 --max-stage 2 --wai 40 --line-gbps 100 --min-rate-mbps 50"
"$bin/hpnic-cctrace" --model rtl $args "$dir/t.csv" -o "$dir/rtl2.csv"
"$bin/hpnic-cctrace" --model fixed $args "$dir/t.csv" -o "$dir/fixed2.csv"
cmp -s "$dir/rtl2.csv" "$dir/fixed2.csv" || err "rtl and fixed differ with $args"

# VAI and SF (docs/cc-vai-sf.md): a line per ACK, a different replay from
# plain HPCC's, the engine's equal to the fixed model's, the float window
# close, and bad parameters refused
vargs="--vai --sf --vai-sf thresh=20000,ai_div=500,sf_acks=8"
for m in rtl fixed float; do
  "$bin/hpnic-cctrace" --model $m $vargs "$dir/t.csv" -o "$dir/vai-$m.csv" || err "--vai --sf ($m)"
done
[ "$(grep -vc '^#' "$dir/vai-fixed.csv")" = "$n_in" ] || err "vai: output lines"
cmp -s "$dir/vai-fixed.csv" "$dir/fixed.csv" && err "--vai --sf changed nothing"
cmp -s "$dir/vai-rtl.csv" "$dir/vai-fixed.csv" || err "rtl and fixed differ with $vargs"
vworst=$(paste -d, <(grep -v '^#' "$dir/vai-fixed.csv") <(grep -v '^#' "$dir/vai-float.csv") |
  awk -F, '{ d = ($2 - $5) / $5; if (d < 0) d = -d; if (d > w) w = d } END { printf "%.6f", w }')
echo "cctrace: VAI+SF replay; worst |W_fixed - W_float| / W_float = $vworst"
awk -v w="$vworst" 'BEGIN { exit !(w < 0.02) }' || err "VAI+SF fixed vs float window error $vworst"
for bad in "--vai-sf sf_acks=0" "--vai-sf nope=1" "--vai-sf ai_cap=x"; do
  if "$bin/hpnic-cctrace" $bad "$dir/t.csv" >/dev/null 2>&1; then err "accepted $bad"; fi
done

# the bundled demo trace is reproducible
"$bin/hpnic-incast-gen" --flows 16 --bytes 131072 --seed 1 -o "$dir/bundled.csv"
cmp -s "$dir/bundled.csv" sim/traces/incast16.csv || err "sim/traces/incast16.csv is stale"

# bad input: exit status 1 and a message naming the line
expect_fail() {  # expected-substring, trace text, extra arguments
  local want=$1 text=$2 out
  shift 2
  if out=$(printf '%s' "$text" | "$bin/hpnic-cctrace" "$@" - 2>&1 >/dev/null); then
    err "accepted bad input: $(printf '%s' "$text" | head -c 60)"
  elif ! grep -q -- "$want" <<<"$out"; then
    err "message '$out' lacks '$want'"
  fi
}
good="1,5,9,1,3,5,100,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
expect_fail "line 3: expected 25" "# c
$good
1,2,3
"
expect_fail "line 1: column 7 (ts0): 16777216 does not fit in 24 bits" "1,5,9,1,3,5,16777216,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
"
expect_fail "line 2: qpn 4096 out of range" "$good
4096,5,9,1,3,5,100,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
"
expect_fail "line 1: column 2 (ack_psn): expected an unsigned number" "1,x,9,1,3,5,100,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
"
expect_fail "line 1: column 1 (qpn): expected an unsigned number" "-1,5,9,1,3,5,100,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
"
# absurd but well-formed INT is accepted and handled by the engine
printf '%s\n%s\n' "$good" "1,6,9,7,3,5,100,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0" |
  "$bin/hpnic-cctrace" --model rtl - > "$dir/absurd.csv" || err "well-formed absurd INT rejected"
for bad in "--model x" "--eta 2" "--T-ns 10" "--max-stage 16" "--line-gbps abc"; do
  if "$bin/hpnic-cctrace" $bad "$dir/t.csv" >/dev/null 2>&1; then err "accepted $bad"; fi
done
"$bin/hpnic-cctrace" --help | grep "usage: hpnic-cctrace" >/dev/null || err "--help"
"$bin/hpnic-incast-gen" --help | grep "usage: hpnic-incast-gen" >/dev/null || err "incast-gen --help"
if "$bin/hpnic-cctrace" "$dir/does-not-exist.csv" 2>/dev/null; then err "missing file accepted"; fi

# ---- DCQCN: init/ack/cnp/tick lines; now starts near its 20-bit wrap, P
# (one period per us) wraps too; a deterministic LCG picks the events
awk 'BEGIN {
  x = 12345; now = 1040000
  print "# DCQCN test trace: 8 QPs"
  for (q = 0; q < 8; q++) { psn[q] = q * 1000; print "init," q "," now "," (now % 65536) "," psn[q] }
  for (i = 0; i < 30000; i++) {
    x = (x * 1103515245 + 12345) % 2147483648; r = x % 1000
    now += (r % 7 == 0) ? 300 : r % 4
    q = int(x / 1000) % 8; t = now % 1048576; p = now % 65536
    if (r < 80) print "cnp," q "," t "," p
    else if (r < 600) { psn[q] = (psn[q] + 1 + r % 8) % 16777216; print "ack," q "," t "," p "," psn[q] }
    else print "tick," q "," t "," p
  }
}' > "$dir/dcqcn.csv"
dargs="--dcqcn g=4,rpg_time_reset=55,rpg_byte_reset=65536,mtu=4096,rpg_ai_rate=40,rpg_hai_rate=400,initial_alpha_value=1024"
for m in fixed float; do
  "$bin/hpnic-cctrace" --model $m $dargs "$dir/dcqcn.csv" -o "$dir/dcqcn-$m.csv" ||
    err "DCQCN trace through the $m model failed"
done
d_in=$(grep -vc '^#' "$dir/dcqcn.csv")
d_out=$(grep -vc '^#' "$dir/dcqcn-fixed.csv")
[ "$d_in" = "$d_out" ] || err "dcqcn: $d_out output lines for $d_in events"
# the same decisions (flags) on every event; the rate within 2 %
dres=$(paste -d, <(grep -v '^#' "$dir/dcqcn-fixed.csv") <(grep -v '^#' "$dir/dcqcn-float.csv") |
  awk -F, '$4 != $8 { f++ } $4 % 2 == 1 { d++ }
    { e = ($2 - $6) / $6; if (e < 0) e = -e; if (e > w) w = e }
    END { printf "%d %d %.6f", f, d, w }')
read -r dflags ddec dworst <<< "$dres"
echo "cctrace: DCQCN, $d_in events, $ddec decreases; fixed and float flags differ on $dflags;" \
  "worst |Rc_fixed - Rc_float| / Rc_float = $dworst"
[ "$dflags" = 0 ] || err "dcqcn: fixed and float decisions differ on $dflags events"
[ "$ddec" -gt 100 ] || err "dcqcn: only $ddec decreases"
awk -v w="$dworst" 'BEGIN { exit !(w < 0.02) }' || err "dcqcn: fixed vs float rate error $dworst >= 2%"
# captured first: grep -q would close the pipe early, and under pipefail the
# writer's SIGPIPE (exit 141) then failed the check at random
dsum=$("$bin/hpnic-cctrace" --summary $dargs "$dir/dcqcn.csv" -o /dev/null 2>&1)
grep -q "DCQCN events, 8 QPs" <<< "$dsum" || err "dcqcn: --summary"
# the engine's mode 1 on the same trace: line for line the fixed model's
"$bin/hpnic-cctrace" --model rtl $dargs "$dir/dcqcn.csv" -o "$dir/dcqcn-rtl.csv" ||
  err "DCQCN trace through the RTL failed"
if cmp -s "$dir/dcqcn-rtl.csv" "$dir/dcqcn-fixed.csv"; then
  echo "cctrace: DCQCN, $d_in events: rtl == fixed, line for line"
else
  err "dcqcn: rtl and fixed differ on $(diff <(cat "$dir/dcqcn-rtl.csv") "$dir/dcqcn-fixed.csv" |
    grep -c '^<') lines, the first: $(diff "$dir/dcqcn-rtl.csv" "$dir/dcqcn-fixed.csv" | head -3 | tr '\n' ' ')"
fi
# and with other parameters (g, gd, Td, the first-CNP rate, another line rate and T)
dargs2="--line-gbps 25 --T-ns 9000 --dcqcn g=16,gd=2,rate_reduce_monitor_period=50,rpg_time_reset=300,rpg_byte_reset=1000000,mtu=1024,rpg_threshold=2,rpg_ai_rate=500,rpg_hai_rate=5000,rpg_min_dec_fac=30,rpg_min_rate=1000,rate_to_set_on_first_cnp=10000,dce_tcp_rtt=3"
"$bin/hpnic-cctrace" --model rtl $dargs2 "$dir/dcqcn.csv" -o "$dir/dcqcn-rtl2.csv" &&
  "$bin/hpnic-cctrace" --model fixed $dargs2 "$dir/dcqcn.csv" -o "$dir/dcqcn-fixed2.csv" ||
  err "DCQCN trace with other parameters failed"
cmp -s "$dir/dcqcn-rtl2.csv" "$dir/dcqcn-fixed2.csv" || err "dcqcn: rtl and fixed differ with $dargs2"

expect_fail "line 2: a DCQCN event in an HPCC trace" "$good
cnp,1,2,3
"
expect_fail "line 2: an HPCC event in a DCQCN trace" "cnp,1,2,3
$good
"
expect_fail "line 1: column 3 (now): 1048576 does not fit in 20 bits" "cnp,1,1048576,0
"
expect_fail "line 1: column 4 (P): 65536 does not fit in 16 bits" "tick,1,0,65536
"
expect_fail "line 1: column 6 (mode): 4 does not fit in 2 bits" "init,1,0,0,0,4
"
expect_fail "line 1: column 1: 'foo' is not an event" "foo,1,2,3
"
expect_fail "line 1: ack: expected ack,qpn,now,P,psn" "ack,1,2,3
"
expect_fail "line 1: qpn 4096 out of range" "tick,4096,0,0
"
expect_fail "line 1: more than 6 columns" "cnp,1,2,3,4,5,6
"
expect_fail "g must be 2 .. 1023" "tick,1,2,3
" --dcqcn g=1
expect_fail "unknown parameter name" "tick,1,2,3
" --dcqcn nosuch=1
expect_fail "--dcqcn given, but" "$good
" --dcqcn g=4

[ $fail -eq 0 ] && echo "cctrace tests: passed" || { echo "cctrace tests: FAILED"; exit 1; }
