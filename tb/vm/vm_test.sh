# tb/vm/vm_test.sh: runs inside the co-simulation guest (busybox sh), started
# by tb/vm/test_vm.sh through scripts/vm-run.sh. /hpnic/args holds the
# register blocks of the map, one per line. Prints "ok: ..." or "FAIL: ...",
# the figures, and "counter nicN NAME VALUE" lines the host compares with
# hpnic-vmdev's report; exits with the number of failures.
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# the hpnic functions, in bus order: function i is the server's NIC i
bdfs=""
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x1234 ] && [ "$(cat "$d/device")" = 0x4870 ] && bdfs="$bdfs ${d##*/}"
done
set -- $bdfs
[ $# -eq 2 ] && ok "two hpnic functions in sysfs:$bdfs" || bad "hpnic functions in sysfs:$bdfs"
b0=$1
b1=$2

n=$(lspci -nn | grep -c 'Ethernet controller \[0200\]: .*\[1234:4870\]')
[ "$n" = 2 ] && ok "lspci -nn: 2 x Ethernet controller [0200] [1234:4870]" || { lspci -nn; bad "lspci -nn shows $n"; }

list=$(hpnicctl list) || bad "hpnicctl list exits non-zero"
echo "$list"
for b in $bdfs; do
	echo "$list" | grep "${b#0000:}" | grep -q HPID && ok "hpnicctl list: $b with firmware ID HPID" ||
		bad "hpnicctl list misses $b or its firmware ID"
done

for b in $bdfs; do
	dump=$(hpnicctl dump -d "$b") || bad "hpnicctl dump -d $b exits non-zero"
	miss=""
	while read -r blk; do
		[ -n "$blk" ] || continue
		echo "$dump" | grep -qw "$blk" || miss="$miss $blk"
	done < /hpnic/args
	[ -z "$miss" ] && ok "hpnicctl dump -d $b: every block of the map" || bad "dump -d $b misses:$miss"
done
hpnicctl dump -d "$b0"

# CC parameters: move each by one within its range (a register's Range in
# the map, as `cc set --help` lists it, or its bits), read back, restore
show=$(hpnicctl cc show -d "$b0") || bad "hpnicctl cc show exits non-zero"
keys=$(hpnicctl cc set --help)
set_args=""
restore=""
for kv in $(echo "$show" | grep -E '^[a-z_0-9]+=[0-9]+$'); do
	k=${kv%%=*}
	v=${kv#*=}
	r=$(echo "$keys" | sed -n "s/^  $k .*; range \([0-9]*\)\.\.\([0-9]*\).*/\1/p")
	lo=${r:-0}
	[ "$v" -gt "$lo" ] && nv=$((v - 1)) || nv=$((v + 1))
	# dcqcn_first's 0 (off) is outside its range: the range's low end
	[ "$nv" -lt "$lo" ] && nv=$lo
	set_args="$set_args $k=$nv"
	restore="$restore $k=$v"
done
[ -n "$set_args" ] && ok "cc show lists:$restore" || bad "cc show lists no parameter"
hpnicctl cc set -d "$b0" $set_args || bad "hpnicctl cc set$set_args"
after=$(hpnicctl cc show -d "$b0")
miss=""
for kv in $set_args; do
	echo "$after" | grep -qx "$kv" || miss="$miss $kv"
done
[ -z "$miss" ] && ok "cc set then show round-trips every parameter" || { echo "$after"; bad "cc round trip:$miss"; }
hpnicctl cc set -d "$b0" $restore || bad "restoring the CC parameters"
if hpnicctl cc set -d "$b0" no_such_key=1 2>/dev/null; then bad "cc set accepted an unknown key"; else ok "cc set refuses an unknown key"; fi

# scratch and BAR round trips from userspace; DMA between the functions
hpnic-vmcheck bar "$b0" -n 1000 && ok "ID.SCRATCH round trips from guest userspace" || bad "hpnic-vmcheck bar"
hpnic-vmcheck dma "$b0" "$b1" -b 65536 && ok "WRITE into guest RAM at its physical address, READ back" ||
	bad "hpnic-vmcheck dma"

# the counters as the guest reads them, for the host to compare
i=0
for b in $bdfs; do
	hpnicctl dump -d "$b" | awk -v n="nic$i" '
		/^counters/ { c = 1; next }
		c && NF >= 2 && $2 ~ /^[0-9]+$/ { print "counter", n, $1, $2 }'
	i=$((i + 1))
done
exit $fail
