#!/usr/bin/env bash
# make test-driver: boot the co-simulation guest twice with two hpnic
# functions. First the second presents a register map no driver knows
# (hpnic-vmdev --bad-id 1), and tb/driver/driver_test.sh checks hpnic.ko:
# probe, sysfs, refusal, insmod/rmmod twenty times, the char device's ABI
# (hpnic-drvcheck), a dmesg free of warnings. Then both are good, joined
# back to back, and tb/driver/driver_xfer.sh runs libhpnic programs through
# the driver: libhpnic's integration suite tb_nic, hpnic-xfer
# kernel:/dev/hpnic0 kernel:/dev/hpnic1 (WRITE and READ byte-exact), a 64 MiB region (XFER_BIG=SIZE changes it), kill -9,
# isolation, removal under traffic. Prints the guest's lines and "driver: N
# passed, N failed".
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

passed=0
failed=0
# one guest run: its ok/FAIL/figure lines, added to the totals
run() {
	local rc p f
	scripts/vm-run.sh "$@" 2>&1 | tr -d '\r' > "$log"
	rc=${PIPESTATUS[0]}
	grep -E '^(ok|FAIL|figure|hpnic-xfer|PASS|SKIP|  )' "$log"
	p=$(grep -c '^ok:' "$log")
	f=$(grep -c '^FAIL:' "$log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: the guest run exited $rc"
		tail -20 "$log"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

echo "== driver: probe, sysfs, refusal, module cycles, the char device's ABI"
run --timeout 300 --vmdev-arg --bad-id --vmdev-arg 1 --file "$ko" --file tb/driver/guest_lib.sh \
	tb/driver/driver_test.sh "$want_ver" "$ncnt"
echo "== driver: libhpnic programs through it, two functions back to back"
run --timeout 600 --file "$ko" --file tb/driver/guest_lib.sh tb/driver/driver_xfer.sh "${XFER_BIG:-64M}"
echo "driver: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
