#!/usr/bin/env bash
# hpnic-netsim's CC options (docs/netsim.md, "CC per flow"), quickly: bad
# names refused before anything runs; --wai-mbps sets W_AI = rate x T; a
# short run with HPCC's per-QP VAI/SF options completes.
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

# VAI and SF per QP (QP.CC_OPTS) beside a plain HPCC flow (its cc=hpcc wins)
rc=$(run --t-ns 5000 --cc hpcc+vai+sf --until-us 200)
if [ "$rc" = 0 ] && grep -q "hpcc 1 flows hpcc+vai+sf 1 flows" "$tmp/run/summary.txt"; then ok "--cc hpcc+vai+sf runs"
else bad "--cc hpcc+vai+sf: exit $rc, $(head -c 300 "$tmp/err.txt")"; fi
echo "test_netsim_opts: $pass passed, $fail failed"
[ "$fail" = 0 ]
