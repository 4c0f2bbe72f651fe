# tb/driver/guest_lib.sh: what the driver's guest scripts (driver_test.sh,
# driver_xfer.sh) share, sourced from /hpnic/guest_lib.sh (test_driver.sh
# passes it with --file): ok/bad counting into $fail, the two hpnic
# functions in bus order as $b0 and $b1, and guest time.
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
drv=/sys/bus/pci/drivers/hpnic

bdfs=""
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x1234 ] && [ "$(cat "$d/device")" = 0x4870 ] && bdfs="$bdfs ${d##*/}"
done
set -- $bdfs
[ $# -eq 2 ] && ok "two hpnic functions:$bdfs" || { bad "hpnic functions:$bdfs"; exit $fail; }
b0=$1
b1=$2

# guest time in microseconds, at the 10 ms grain of /proc/uptime (the guest's
# clock runs at wall speed under TCG)
now_us() {
	read -r up _ < /proc/uptime
	c=${up#*.}
	c=${c#0}
	echo $((${up%.*} * 1000000 + c * 10000))
}
