#!/usr/bin/env bash
# Tests of hpnic-cctrace: the three models on a generated trace (RTL output
# identical to the fixed model's, float close), the bundled demo trace is what
# the generator makes, and bad input fails with a message naming the line.
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

# the bundled demo trace is reproducible
"$bin/hpnic-incast-gen" --flows 16 --bytes 131072 --seed 1 -o "$dir/bundled.csv"
cmp -s "$dir/bundled.csv" sim/traces/incast16.csv || err "sim/traces/incast16.csv is stale"

# bad input: exit status 1 and a message naming the line
expect_fail() {  # expected-substring, trace text
  local want=$1 text=$2 out
  if out=$(printf '%s' "$text" | "$bin/hpnic-cctrace" - 2>&1 >/dev/null); then
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
"$bin/hpnic-cctrace" --help | grep -q "usage: hpnic-cctrace" || err "--help"
"$bin/hpnic-incast-gen" --help | grep -q "usage: hpnic-incast-gen" || err "incast-gen --help"
if "$bin/hpnic-cctrace" "$dir/does-not-exist.csv" 2>/dev/null; then err "missing file accepted"; fi

[ $fail -eq 0 ] && echo "cctrace tests: passed" || { echo "cctrace tests: FAILED"; exit 1; }
