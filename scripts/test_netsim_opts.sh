#!/usr/bin/env bash
# hpnic-netsim's CC options (docs/netsim.md, "CC per flow"), quickly: bad
# names refused before anything runs; --wai-mbps sets W_AI = rate x T; a
# short run with HPCC's per-QP VAI/SF options completes; and each option
# shows in its NIC's engine counters (STATS cc_vai_gen, cc_sf_updates, from
# counters.csv), which stay 0 on a NIC without it.
#   scripts/test_netsim_opts.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
bin=$build/bin/hpnic-netsim
sc=$root/sim/scenarios
tmp=$build/sim/test-opts
mkdir -p "$tmp"
pass=0; fail=0
ok() { echo "PASS  $1"; pass=$((pass + 1)); }
bad() { echo "FAIL  $1"; fail=$((fail + 1)); }
# run the simulator, keep its exit status and stderr
# cnt HOST NAME: a counter of that NIC at the end of the last run (0 when
# counters.csv, which lists the nonzero ones, does not have it)
cnt() { awk -F, -v h="$1" -v n="$2" '$1 == h && $2 == n { v = $3 } END { print v + 0 }' \
          "$tmp/run/counters.csv"; }
run() { local rc=0; "$bin" --topo "$sc/star5.topo" --flows "$flows" --out "$tmp/run" --quiet "$@" \
          >"$tmp/out.txt" 2>"$tmp/err.txt" || rc=$?; echo "$rc"; }
flows=$sc/incast4.flows

rc=$(run --cc tcp)
if [ "$rc" = 2 ] && grep -q -- "--cc tcp: want hpcc, dcqcn" "$tmp/err.txt"; then ok "--cc tcp refused"
else bad "--cc tcp: exit $rc, $(head -c 200 "$tmp/err.txt")"; fi

printf '0 4 1000 0 cc=dcqcn+vai\n' >"$tmp/bad.flows"
flows=$tmp/bad.flows
rc=$(run)
if [ "$rc" = 2 ] && grep -q "cc=dcqcn+vai: want cc=hpcc" "$tmp/err.txt"; then ok "cc=dcqcn+vai refused"
else bad "cc=dcqcn+vai: exit $rc, $(head -c 200 "$tmp/err.txt")"; fi

# --wai-mbps: W_AI = 500 Mb/s x T, printed in the summary's first line
printf '0 4 20000 0 short cc=hpcc\n1 4 20000 0\n' >"$tmp/two.flows"
flows=$tmp/two.flows
rc=$(run --t-ns 5000 --wai-mbps 500 --until-us 200)
if [ "$rc" = 0 ] && grep -q "W_AI 312.50 B T 5000 ns" "$tmp/run/summary.txt" &&
   [ -s "$tmp/run/jain.csv" ]; then ok "--wai-mbps 500 at T 5000 ns: W_AI 312.5 B; jain.csv written"
else bad "--wai-mbps: exit $rc, $(head -2 "$tmp/run/summary.txt" 2>/dev/null)"; fi
# plain HPCC, the incast below without options: the engines commit Wc,
# and neither option's counter moves on any NIC
flows=$sc/incast4.flows
rc=$(run --t-ns 5000)
zero=1 wc=""
for h in 0 1 2 3 4; do
  [ "$(cnt $h cc_vai_gen)" = 0 ] && [ "$(cnt $h cc_sf_updates)" = 0 ] || zero=0
  wc="$wc $(cnt $h cc_wc_updates)"
done
if [ "$rc" = 0 ] && [ "$zero" = 1 ] && [ "$(cnt 0 cc_wc_updates)" -gt 0 ] && [ "$(cnt 3 cc_wc_updates)" -gt 0 ]
then ok "plain HPCC incast: cc_wc_updates$wc; cc_vai_gen and cc_sf_updates 0 on every NIC"
else bad "plain HPCC incast: exit $rc, cc_wc_updates$wc, cc_vai_gen/cc_sf_updates all 0: $zero"; fi

# each sender of an incast on its own option mix (QP.CC_OPTS): the counters
# of its NIC's engine say which ran. The queue passes Token Thresh (50 KB)
# in the first RTTs, so a VAI QP makes tokens (cc_vai_gen); congested ACKs
# come in runs longer than SF_ACKS (30), so an SF QP commits early
# (cc_sf_updates). Either counts only QPs with the option: a NIC whose QP
# lost it (an option silently off) reads 0 and fails here.
printf '0 4 200000 0 cc=hpcc+vai\n1 4 200000 0 cc=hpcc+sf\n2 4 200000 0 cc=hpcc\n3 4 200000 0 cc=hpcc+vai+sf\n' \
  >"$tmp/mix.flows"
flows=$tmp/mix.flows
rc=$(run --t-ns 5000)
got="h0 vai_gen $(cnt 0 cc_vai_gen) sf $(cnt 0 cc_sf_updates); h1 $(cnt 1 cc_vai_gen) $(cnt 1 cc_sf_updates);"
got="$got h2 $(cnt 2 cc_vai_gen) $(cnt 2 cc_sf_updates); h3 $(cnt 3 cc_vai_gen) $(cnt 3 cc_sf_updates);"
got="$got h4 $(cnt 4 cc_vai_gen) $(cnt 4 cc_sf_updates)"
if [ "$rc" = 0 ] && grep -q "hpcc+vai 1 flows hpcc+sf 1 flows hpcc+vai+sf 1 flows" "$tmp/run/summary.txt" &&
   grep -q "^bytes_ok  *1\.0000" "$tmp/run/summary.txt"; then ok "option mix: every flow completes"
else bad "option mix: exit $rc, $(head -c 300 "$tmp/err.txt")"; fi
if [ "$(cnt 0 cc_vai_gen)" -gt 0 ] && [ "$(cnt 0 cc_sf_updates)" = 0 ]; then ok "VAI QP: cc_vai_gen > 0, cc_sf_updates 0 ($got)"
else bad "VAI QP (h0): $got"; fi
if [ "$(cnt 1 cc_sf_updates)" -gt 0 ] && [ "$(cnt 1 cc_vai_gen)" = 0 ]; then ok "SF QP: cc_sf_updates > 0, cc_vai_gen 0"
else bad "SF QP (h1): $got"; fi
if [ "$(cnt 2 cc_wc_updates)" -gt 0 ] && [ "$(cnt 2 cc_vai_gen)" = 0 ] && [ "$(cnt 2 cc_sf_updates)" = 0 ]
then ok "HPCC QP beside them: both 0"
else bad "HPCC QP (h2): wc_updates $(cnt 2 cc_wc_updates), $got"; fi
if [ "$(cnt 3 cc_vai_gen)" -gt 0 ] && [ "$(cnt 3 cc_sf_updates)" -gt 0 ]; then ok "VAI+SF QP: both > 0"
else bad "VAI+SF QP (h3): $got"; fi
if [ "$(cnt 4 cc_vai_gen)" = 0 ] && [ "$(cnt 4 cc_sf_updates)" = 0 ]; then ok "the receiver: both 0"
else bad "receiver (h4): $got"; fi
flows=$tmp/two.flows

# VAI and SF per QP (QP.CC_OPTS) beside a plain HPCC flow (its cc=hpcc wins)
rc=$(run --t-ns 5000 --cc hpcc+vai+sf --until-us 200)
if [ "$rc" = 0 ] && grep -q "hpcc 1 flows hpcc+vai+sf 1 flows" "$tmp/run/summary.txt"; then ok "--cc hpcc+vai+sf runs"
else bad "--cc hpcc+vai+sf: exit $rc, $(head -c 300 "$tmp/err.txt")"; fi
echo "test_netsim_opts: $pass passed, $fail failed"
[ "$fail" = 0 ]
