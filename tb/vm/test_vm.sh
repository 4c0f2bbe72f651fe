#!/usr/bin/env bash
# make test-vm: one VM with two hpnic functions served by hpnic-vmdev (the
# Verilated core), tb/vm/vm_test.sh inside it, then a network and the
# failure cases:
#   run     lspci, hpnicctl list/dump/cc, scratch, BAR round trips, DMA, and
#           the counters the guest read against the server's report
#   topo    four functions on a leaf-spine network: WRITE/READ across it
#   kill    the server killed mid-run: its QEMU goes too, the harness says
#           so and returns, nothing is left running
#   qemu    QEMU killed mid-run: the server notices, says so, exits non-zero
# The figures (boot, BAR round trips, idle simulation rate) are printed and
# written to BUILD/vm/figures.txt. Prints "vm: N passed, N failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
export BUILD=${BUILD:-$top/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# the blocks of the register map, from the generated header
blocks=$(sed -n 's/^[[:space:]]*X(\([A-Z]*\),.*/\1/p' driver/lib/hpnic_regs.h)

echo "== run: tb/vm/vm_test.sh in a guest with two hpnic functions"
t0=$(date +%s.%N)
scripts/vm-run.sh --timeout 300 --report "$work/report" tb/vm/vm_test.sh $blocks 2>&1 | tr -d '\r' > "$work/log"
rc=${PIPESTATUS[0]}
t1=$(date +%s.%N)
grep -v '^counter ' "$work/log"
[ $rc -eq 0 ] && ok "the guest's checks ($(grep -c '^ok:' "$work/log") ok lines)" ||
	bad "the guest's checks: exit $rc"

# every counter the guest read equals the server's, and all were read
n=0
mism=0
while read -r _ nic name val; do
	want=$(awk -v k="$nic.$name" '$1 == k { print $2 }' "$work/report")
	n=$((n + 1))
	[ "$want" = "$val" ] || { echo "  $nic.$name: guest $val, server ${want:-none}"; mism=$((mism + 1)); }
done < <(grep '^counter ' "$work/log")
ncnt=$(sed -n 's/^#define HPNIC_NUM_COUNTERS[[:space:]]*\([0-9]*\).*/\1/p' driver/lib/hpnic_regs.h)
[ $n -eq $((2 * ncnt)) ] && [ $mism -eq 0 ] && ok "counters: the guest's $n equal the server's" ||
	bad "counters: $n read (want $((2 * ncnt))), $mism differ"
dma=$(awk '$1 == "nic1.dma_wr_bytes" { print $2 }' "$work/report")
[ "${dma:-0}" -ge 65536 ] && ok "NIC 1 wrote $dma bytes into guest RAM" || bad "NIC 1 DMA writes: ${dma:-none}"

# the figures
{
	echo "boot_to_userspace_s $(sed -n 's/.*hpnic-vm: userspace at \([0-9.]*\) s.*/\1/p' "$work/log")"
	echo "run_wall_s $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
	grep -E '^bar_(read|write)_us_(mean|p50|p99) |^(write|read)_ms ' "$work/log"
	grep -E '^idle_cycles_per_s |^nic0\.bar_serve_us |^nic0\.bar_cycles ' "$work/report"
} > "$work/figures"
mkdir -p "$BUILD/vm"
cp "$work/figures" "$BUILD/vm/figures.txt"
echo "== figures ($BUILD/vm/figures.txt)"
sed 's/^/  /' "$work/figures"

echo "== topo: four functions on a leaf-spine network (sim/scenarios/leafspine.topo)"
cat > "$work/topo.sh" <<'EOG'
set -- $(for d in /sys/bus/pci/devices/*; do [ "$(cat $d/device)" = 0x4870 ] && echo ${d##*/}; done)
echo "hpnic functions: $#"
[ $# -eq 4 ] && hpnic-vmcheck dma "$1" "$4" -b 8192
EOG
scripts/vm-run.sh --timeout 300 --report "$work/topo.report" \
	--vmdev-arg --topo --vmdev-arg sim/scenarios/leafspine.topo "$work/topo.sh" 2>&1 |
	tr -d '\r' > "$work/topo.log"
rc=${PIPESTATUS[0]}
grep -E '^(hpnic functions|FAIL|write_|read_)' "$work/topo.log" | sed 's/^/  /'
w=$(awk '$1 == "nic3.rx_writes" { print $2 }' "$work/topo.report")
[ $rc -eq 0 ] && [ "${w:-0}" -gt 0 ] &&
	ok "topo: WRITE and READ from host 0 to host 3 through two switches" || bad "topo: exit $rc"

# a guest that keeps the NICs busy with BAR reads until it is stopped
cat > "$work/spin.sh" <<'EOG'
echo "hpnic-vm: spinning"
while :; do hpnicctl dump > /dev/null; done
EOG

# start a spinning VM; wait for the guest to say it spins
spin_vm() {
	local s0
	s0=$(date +%s.%N)
	scripts/vm-run.sh --timeout 120 "$work/spin.sh" > "$work/spin.log" 2>&1 &
	runner=$!
	for _ in $(seq 1200); do
		grep -q "hpnic-vm: spinning" "$work/spin.log" 2>/dev/null && break
		sleep 0.05
	done
	# wall clock from the harness's start to the guest's first line of its script
	spin_boot_s=$(awk -v a="$s0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	server=$(pgrep -P "$runner" -x hpnic-vmdev)
	qemu=$(pgrep -P "${server:-0}" -f qemu-system)
}

# wait up to $2 s for process $1 to be gone
gone_within() {
	for _ in $(seq $(($2 * 10))); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
	return 1
}

echo "== kill: the server dies mid-run"
spin_vm
echo "boot_wall_s $spin_boot_s" >> "$BUILD/vm/figures.txt"
echo "  boot_wall_s $spin_boot_s (harness start to the guest's script)"
if [ -z "$server" ] || [ -z "$qemu" ]; then
	bad "kill: no spinning VM (server ${server:-none}, qemu ${qemu:-none})"
else
	kill -9 "$server"
	gone_within "$runner" 20 && ok "kill: the harness returned" || bad "kill: the harness hangs"
	gone_within "$qemu" 5 && ok "kill: QEMU went with the server" || { bad "kill: QEMU $qemu left running"; kill -9 "$qemu"; }
	wait "$runner"
	rc=$?
	grep -q "hpnic-vmdev died" "$work/spin.log" && [ $rc -ne 0 ] &&
		ok "kill: the harness says so (exit $rc): $(grep 'hpnic-vmdev died' "$work/spin.log")" ||
		bad "kill: exit $rc, no clear message"
fi

echo "== qemu: QEMU exits mid-run"
spin_vm
if [ -z "$server" ] || [ -z "$qemu" ]; then
	bad "qemu: no spinning VM (server ${server:-none}, qemu ${qemu:-none})"
else
	kill -TERM "$qemu"
	gone_within "$server" 20 && ok "qemu: the server exited" || { bad "qemu: the server hangs"; kill -9 "$server"; }
	wait "$runner"
	rc=$?
	grep -q "QEMU exited" "$work/spin.log" && [ $rc -ne 0 ] &&
		ok "qemu: exit $rc: $(grep 'QEMU exited' "$work/spin.log")" || bad "qemu: exit $rc, no clear message"
fi

echo "vm: $passed passed, $failed failed"
[ $failed -eq 0 ]
