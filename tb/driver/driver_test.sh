# tb/driver/driver_test.sh: runs inside the co-simulation guest (busybox
# sh), started by tb/driver/test_driver.sh through scripts/vm-run.sh, with
# /hpnic/hpnic.ko and two hpnic functions, the second presenting a foreign
# register map. /hpnic/args: the register map version the driver must show,
# the number of counters. Prints "ok: ..." or "FAIL: ...", the figures as
# "figure NAME VALUE", and exits with the number of failures.
. /hpnic/guest_lib.sh
{ read -r want_ver; read -r ncnt; } < /hpnic/args
dev0=/sys/bus/pci/devices/$b0

t0=$(now_us)
insmod /hpnic/hpnic.ko 2>&1 && ok "insmod hpnic.ko" || bad "insmod hpnic.ko"
t1=$(now_us)
echo "figure insmod_us $((t1 - t0))"
[ -e "$drv/$b0" ] && ok "$b0 bound to hpnic" || bad "$b0 not bound"
[ ! -e "$drv/$b1" ] && ok "$b1 (foreign register map) not bound" || bad "$b1 bound"
n=$(dmesg | grep "$b1" | grep -c "register map version 255.0, driver built for 1.x: refusing the device")
[ "$n" = 1 ] && ok "$b1 refused with one dmesg line" || { dmesg | grep "$b1"; bad "$b1: $n refusal lines"; }

v=$(cat "$dev0/fw_version")
[ "$v" = "$want_ver" ] && ok "fw_version $v" || bad "fw_version '$v', want $want_ver"
for f in build_date git_hash irq_mode; do
	v=$(cat "$dev0/$f") && [ -n "$v" ] && ok "$f: $v" || bad "$f unreadable"
done
n=$(ls "$dev0/counters" | wc -l)
[ "$n" = "$ncnt" ] && ok "counters/: $n files" || bad "counters/: $n files, want $ncnt"
bad_cnt=""
for c in "$dev0"/counters/*; do
	v=$(cat "$c") || { bad_cnt="$bad_cnt ${c##*/}"; continue; }
	case "$v" in ''|*[!0-9]*) bad_cnt="$bad_cnt ${c##*/}" ;; esac
done
[ -z "$bad_cnt" ] && ok "every counter reads a number" || bad "counters unreadable:$bad_cnt"
echo test > "$dev0/fw_version" 2>/dev/null && bad "fw_version is writable" || ok "fw_version is read-only"

# cc/: the CC block's read-write registers, one file each; a value that does
# not fit is refused and changes nothing; what is written is in the CSRs
miss=""
for k in t_ns eta max_stage wai line_mbps min_mbps sched_overhead sched_burst sched_grant \
	default_mode status dcqcn_line dcqcn_min dcqcn_ai dcqcn_hai dcqcn_first dcqcn_g \
	dcqcn_alpha0 dcqcn_min_dec dcqcn_gd dcqcn_td_us dcqcn_ti_us dcqcn_b_pkts dcqcn_threshold \
	dcqcn_period_us dcqcn_tab_idx dcqcn_tab np_min_time_us dcqcn_tick_us vai_thresh vai_ai_div \
	vai_bank_cap vai_ai_cap vai_damp_shift sf_acks; do
	[ -e "$dev0/cc/$k" ] || miss="$miss $k"
done
[ -z "$miss" ] && ok "cc/: every CC parameter and status" || bad "cc/ misses:$miss"
t=$(cat "$dev0/cc/t_ns")
[ "$t" = 4160 ] && ok "cc/t_ns reads its reset value 4160" || bad "cc/t_ns reads '$t'"
echo 8320 > "$dev0/cc/t_ns" && ok "cc/t_ns = 8320 accepted" || bad "cc/t_ns = 8320 refused"
# BAR0 is the driver's while it is bound (the kernel refuses mmaps of a
# claimed region): unbind, read the register with hpnicctl, bind again
echo "$b0" > "$drv/unbind"
v=$(hpnicctl cc -d "$b0" | sed -n 's/^t_ns=//p')
[ "$v" = 8320 ] && ok "CC.T_NS reads 8320 through BAR0 (hpnicctl cc, unbound)" ||
	bad "CC.T_NS reads '$v' through BAR0"
echo "$b0" > "$drv/bind"
[ -e "$drv/$b0" ] && ok "bound again" || bad "not bound again"
v=$(cat "$dev0/cc/t_ns")
[ "$v" = 8320 ] && ok "cc/t_ns reads 8320 after the rebind" || bad "cc/t_ns '$v' after the rebind"
for x in 1048576 -1 abc 0x100000 ""; do
	if echo "$x" > "$dev0/cc/t_ns" 2>/dev/null; then
		bad "cc/t_ns = '$x' accepted"
	else
		ok "cc/t_ns = '$x' refused"
	fi
done
echo 4 > "$dev0/cc/default_mode" 2>/dev/null && bad "cc/default_mode = 4 (2 bits) accepted" ||
	ok "cc/default_mode = 4 (2 bits) refused"
v=$(cat "$dev0/cc/t_ns")
[ "$v" = 8320 ] && ok "refused values changed nothing" || bad "cc/t_ns is '$v' after refusals"
echo 4160 > "$dev0/cc/t_ns"
# hpnicctl on a bound function goes through these files
v=$(hpnicctl cc -d "$b0" | sed -n 's/^t_ns=//p')
[ "$v" = 4160 ] && ok "hpnicctl cc, bound: t_ns=4160 through the driver's files" ||
	bad "hpnicctl cc, bound: t_ns '$v'"
hpnicctl cc set -d "$b0" sched_burst=8192 && [ "$(cat "$dev0/cc/sched_burst")" = 8192 ] &&
	ok "hpnicctl cc set, bound: sched_burst=8192" || bad "hpnicctl cc set, bound"
hpnicctl cc set -d "$b0" sched_burst=4096
hpnicctl list | grep "${b0#0000:}" | grep -q "(hpnic driver bound)" &&
	ok "hpnicctl list: $b0 bound to the driver" || bad "hpnicctl list: $(hpnicctl list)"
v=$(cat "$dev0/cc/status")
case "$v" in 0x????????*) ok "cc/status: $v" ;; *) bad "cc/status: '$v'" ;; esac

# cc/dcqcn_*: DCQCN's registers (CC mode 1), raw, reset to dcqcn_derive() of
# the defaults; values outside what the engine takes are refused
v="$(cat "$dev0/cc/dcqcn_line") $(cat "$dev0/cc/dcqcn_g") $(cat "$dev0/cc/dcqcn_b_pkts")"
[ "$v" = "819200 4 2560" ] && ok "cc/dcqcn_line, _g, _b_pkts read their reset values" ||
	bad "cc/dcqcn_line, _g, _b_pkts read '$v', not '819200 4 2560'"
for kv in dcqcn_g=1 dcqcn_g=1024 dcqcn_line=8191 dcqcn_min=327 dcqcn_first=1 dcqcn_ti_us=0 \
	dcqcn_b_pkts=0 dcqcn_period_us=0 dcqcn_alpha0=4194305 dcqcn_min_dec=65537 \
	dcqcn_tab=131073 dcqcn_gd=16 dcqcn_tab_idx=64 dcqcn_g=abc; do
	echo "${kv#*=}" > "$dev0/cc/${kv%%=*}" 2>/dev/null && bad "cc/$kv accepted" ||
		ok "cc/$kv refused"
done
v="$(cat "$dev0/cc/dcqcn_g") $(cat "$dev0/cc/dcqcn_first") $(cat "$dev0/cc/dcqcn_ti_us")"
[ "$v" = "4 0 300" ] && ok "refused DCQCN values changed nothing" || bad "cc/dcqcn_*: '$v'"
echo 0 > "$dev0/cc/dcqcn_first" && echo 2 > "$dev0/cc/dcqcn_g" && echo 1023 > "$dev0/cc/dcqcn_g" &&
	echo 4 > "$dev0/cc/dcqcn_g" && ok "cc/dcqcn_first = 0, cc/dcqcn_g = 2, 1023 accepted" ||
	bad "cc/dcqcn_first = 0 or cc/dcqcn_g at its edges refused"
# cc/vai_*, cc/sf_acks: HPCC's VAI/SF parameters at their reset values (the
# paper's); 0 where the engine would read 1 (refused as hpnic_set_vaisf
# refuses it) and values past their bits refused, changing nothing
vai() { echo "$(cat "$dev0/cc/vai_thresh") $(cat "$dev0/cc/vai_ai_div") $(cat "$dev0/cc/vai_bank_cap")" \
	"$(cat "$dev0/cc/vai_ai_cap") $(cat "$dev0/cc/vai_damp_shift") $(cat "$dev0/cc/sf_acks")"; }
v=$(vai)
[ "$v" = "50000 1000 1000 100 3 30" ] && ok "cc/vai_*, cc/sf_acks read their reset values" ||
	bad "cc/vai_*, cc/sf_acks read '$v', not '50000 1000 1000 100 3 30'"
for kv in vai_thresh=0 vai_thresh=8388608 vai_ai_div=0 vai_bank_cap=4096 vai_ai_cap=0 \
	vai_ai_cap=1024 vai_damp_shift=16 sf_acks=0 sf_acks=256; do
	echo "${kv#*=}" > "$dev0/cc/${kv%%=*}" 2>/dev/null && bad "cc/$kv accepted" ||
		ok "cc/$kv refused"
done
v=$(vai)
[ "$v" = "50000 1000 1000 100 3 30" ] && ok "refused VAI/SF values changed nothing" || bad "cc/vai_*: '$v'"
echo 8388607 > "$dev0/cc/vai_thresh" && echo 0 > "$dev0/cc/vai_bank_cap" && echo 1 > "$dev0/cc/sf_acks" &&
	[ "$(vai)" = "8388607 1000 0 100 3 1" ] && ok "cc/vai_thresh 8388607, vai_bank_cap 0, sf_acks 1 taken" ||
	bad "VAI/SF edges: '$(vai)'"
hpnicctl cc vai set -d "$b0" thresh_bytes=50000,bank_cap=1000 sf_acks=30 && [ "$(vai)" = "50000 1000 1000 100 3 30" ] &&
	ok "hpnicctl cc vai set, bound: the defaults back" || bad "hpnicctl cc vai set, bound: '$(vai)'"
hpnicctl cc vai set -d "$b0" ai_cap=0 2>/dev/null && bad "hpnicctl cc vai set ai_cap=0 accepted" ||
	ok "hpnicctl cc vai set ai_cap=0 refused"
# hpnicctl cc dcqcn through these files: the defaults, consistent; a set
# rewrites the tables with g, and the defaults come back
v=$(hpnicctl cc dcqcn -d "$b0")
echo "$v" | grep -qx "g=4" && echo "$v" | grep -qx "rpg_time_reset=300" &&
	echo "$v" | grep -q "are exactly what these parameters make" &&
	ok "hpnicctl cc dcqcn, bound: the defaults, registers consistent" ||
	bad "hpnicctl cc dcqcn, bound: $v"
hpnicctl cc dcqcn set -d "$b0" g=16,rpg_time_reset=55 && [ "$(cat "$dev0/cc/dcqcn_g")" = 16 ] &&
	[ "$(cat "$dev0/cc/dcqcn_ti_us")" = 55 ] &&
	hpnicctl cc dcqcn -d "$b0" | grep -q "are exactly what these parameters make" &&
	ok "hpnicctl cc dcqcn set, bound: g=16, Ti 55 us, tables rewritten" ||
	bad "hpnicctl cc dcqcn set, bound"
hpnicctl cc dcqcn set -d "$b0" g=1 2>/dev/null && bad "hpnicctl cc dcqcn set g=1 accepted" ||
	ok "hpnicctl cc dcqcn set g=1 refused"
hpnicctl cc dcqcn set -d "$b0" g=4,rpg_time_reset=300
echo 1 > "$dev0/cc/dcqcn_tab_idx"
v=$(cat "$dev0/cc/dcqcn_tab")
echo 0 > "$dev0/cc/dcqcn_tab_idx"
# D(1) = 1 - 4/1024 in Q1.17
[ "$v" = 130560 ] && ok "cc/dcqcn_tab[1] = 130560 after the defaults again" ||
	bad "cc/dcqcn_tab[1] = '$v', not 130560"
# cc/np_min_time_us, cc/dcqcn_tick_us: their Ranges (0..4095, 0..131071),
# from the register map as the CSR's; the edges taken
for kv in np_min_time_us=4096 dcqcn_tick_us=131072 np_min_time_us=-1; do
	echo "${kv#*=}" > "$dev0/cc/${kv%%=*}" 2>/dev/null && bad "cc/$kv accepted" ||
		ok "cc/$kv refused"
done
echo 4095 > "$dev0/cc/np_min_time_us" && echo 0 > "$dev0/cc/dcqcn_tick_us" &&
	[ "$(cat "$dev0/cc/np_min_time_us") $(cat "$dev0/cc/dcqcn_tick_us")" = "4095 0" ] &&
	ok "cc/np_min_time_us = 4095, cc/dcqcn_tick_us = 0 taken" ||
	bad "cc/np_min_time_us, cc/dcqcn_tick_us at their edges"
echo 4 > "$dev0/cc/np_min_time_us"
echo 32 > "$dev0/cc/dcqcn_tick_us"
# hpnicctl cc set line_mbps= re-derives DCQCN's registers through the files;
# a line rate they do not fit is refused, nothing written
hpnicctl cc set -d "$b0" line_mbps=25000 && [ "$(cat "$dev0/cc/dcqcn_line")" = 204800 ] &&
	ok "hpnicctl cc set line_mbps=25000, bound: cc/dcqcn_line 204800" ||
	bad "hpnicctl cc set line_mbps=25000, bound: cc/dcqcn_line '$(cat "$dev0/cc/dcqcn_line")'"
hpnicctl cc set -d "$b0" line_mbps=999 2>/dev/null && bad "hpnicctl cc set line_mbps=999 accepted" ||
	ok "hpnicctl cc set line_mbps=999 refused (DCQCN's parameters do not fit it)"
hpnicctl cc set -d "$b0" line_mbps=100000 && [ "$(cat "$dev0/cc/dcqcn_line")" = 819200 ] &&
	[ "$(cat "$dev0/cc/line_mbps")" = 100000 ] && ok "hpnicctl cc set line_mbps=100000 back" ||
	bad "hpnicctl cc set line_mbps=100000: cc/dcqcn_line '$(cat "$dev0/cc/dcqcn_line")'"
# hpnicctl counters through the driver's counters/ files
v=$(hpnicctl counters -d "$b0" np_cnp_sent cc_dcqcn_inc_bc rx_cnp | awk '{print $1}' | tr '\n' ' ')
[ "$v" = "np_cnp_sent cc_dcqcn_inc_bc rx_cnp " ] && ok "hpnicctl counters NAME..., bound" ||
	bad "hpnicctl counters NAME..., bound: '$v'"
v=$(hpnicctl counters -d "$b0" | wc -l)
[ "$v" = "$(ls "$dev0/counters" | wc -l)" ] && ok "hpnicctl counters, bound: all $v" ||
	bad "hpnicctl counters, bound: $v lines"

# ack_req_spacing_log2: CTRL.ACK_REQ.SPACING_LOG2, 4 bits, read-write
f="$dev0/ack_req_spacing_log2"
v0=$(cat "$f")
# 13 after reset: 8 KiB, a quarter of W_init at 100 Gb/s and T = 4,160 ns
[ "$v0" = 13 ] && ok "ack_req_spacing_log2 reads 13 after reset" ||
	bad "ack_req_spacing_log2 reads '$v0' after reset, not 13"

echo 10 > "$f" && [ "$(cat "$f")" = 10 ] && ok "ack_req_spacing_log2 = 10 accepted, read back" ||
	bad "ack_req_spacing_log2 = 10"
for x in 16 -1 abc ""; do
	echo "$x" > "$f" 2>/dev/null && bad "ack_req_spacing_log2 = '$x' accepted" ||
		ok "ack_req_spacing_log2 = '$x' refused"
done
[ "$(cat "$f")" = 10 ] && ok "refused spacings changed nothing" || bad "ack_req_spacing_log2 is '$(cat "$f")'"
echo "$v0" > "$f"

# rto: CTRL.RTO, 16 bits of 1024-cycle units, read-write, 8 after reset
f="$dev0/rto"
v0=$(cat "$f")
[ "$v0" = 8 ] && ok "rto reads 8 after reset" || bad "rto reads '$v0' after reset, not 8"
echo 245 > "$f" && [ "$(cat "$f")" = 245 ] && ok "rto = 245 accepted, read back" || bad "rto = 245"
for x in 65536 -1 abc ""; do
	echo "$x" > "$f" 2>/dev/null && bad "rto = '$x' accepted" || ok "rto = '$x' refused"
done
[ "$(cat "$f")" = 245 ] && ok "refused timeouts changed nothing" || bad "rto is '$(cat "$f")'"
echo "$v0" > "$f"

t0=$(now_us)
rmmod hpnic 2>&1 && ok "rmmod hpnic" || bad "rmmod hpnic"
t1=$(now_us)
echo "figure rmmod_us $((t1 - t0))"
[ ! -e "$drv" ] && ok "the driver is gone" || bad "$drv still there"

# twenty more rounds: probe and remove, the same outcome each time
n_ok=0
t0=$(now_us)
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	insmod /hpnic/hpnic.ko && [ -e "$drv/$b0" ] && [ ! -e "$drv/$b1" ] &&
		[ "$(cat "$dev0/fw_version")" = "$want_ver" ] && rmmod hpnic && [ ! -e "$drv" ] &&
		n_ok=$((n_ok + 1))
done
t1=$(now_us)
[ "$n_ok" = 20 ] && ok "insmod/rmmod 20 times" || bad "insmod/rmmod: $n_ok of 20 rounds"
echo "figure insmod_rmmod_round_us $(((t1 - t0) / 20))"
n=$(dmesg | grep -c "hpnic $b0: hpnic register map")
[ "$n" = 22 ] && ok "22 probes announced (one a rebind)" || bad "$n probes announced, want 22"

# the char device: the ioctls with good and bad arguments, handles of other
# files, a killed process's objects; then a file open across an unbind
insmod /hpnic/hpnic.ko || bad "insmod for the char device checks"
[ -c /dev/hpnic0 ] && ok "/dev/hpnic0 is a char device" || bad "no /dev/hpnic0"
hpnic-drvcheck abi /dev/hpnic0 "$b0" || bad "hpnic-drvcheck abi exits non-zero"
hpnic-drvcheck unbind /dev/hpnic0 "$b0" || bad "hpnic-drvcheck unbind exits non-zero"
rmmod hpnic && ok "rmmod after the char device checks" || bad "rmmod after the char device checks"

if dmesg | grep -E "WARNING|BUG|Oops|Call Trace|refcount|use-after-free"; then
	bad "dmesg has warnings"
else
	ok "dmesg: no WARNING, BUG or Oops"
fi
dmesg | grep -i hpnic | head -4
exit $fail
