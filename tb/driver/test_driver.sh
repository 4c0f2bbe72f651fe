#!/usr/bin/env bash
# make test-driver: boot the co-simulation guest with two hpnic functions,
# the second presenting a register map no driver knows (hpnic-vmdev
# --bad-id 1), and run tb/driver/driver_test.sh in it with hpnic.ko: probe,
# sysfs, refusal, insmod/rmmod twenty times, a dmesg free of warnings.
# Prints the guest's lines and "driver: N passed, N failed".
#
#   tb/driver/test_driver.sh HPNIC_KO
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: tb/driver/test_driver.sh HPNIC_KO" >&2; exit 2; }
ko=$1
regs=driver/lib/hpnic_regs.h
ver=$(sed -n 's/^#define HPNIC_ID_BLOCK_VERSION[[:space:]]*0x\([0-9a-f]*\)u.*/\1/p' $regs)
want_ver="$((16#${ver:0:4})).$((16#${ver:4:4}))"
ncnt=$(sed -n 's/^#define HPNIC_NUM_COUNTERS[[:space:]]*\([0-9]*\).*/\1/p' $regs)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

scripts/vm-run.sh --timeout 300 --vmdev-arg --bad-id --vmdev-arg 1 --file "$ko" \
	tb/driver/driver_test.sh "$want_ver" "$ncnt" 2>&1 | tr -d '\r' > "$log"
rc=${PIPESTATUS[0]}
grep -E '^(ok|FAIL|figure|  )' "$log"
passed=$(grep -c '^ok:' "$log")
failed=$(grep -c '^FAIL:' "$log")
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
	echo "FAIL: the guest run exited $rc"
	tail -20 "$log"
	failed=1
fi
echo "driver: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
