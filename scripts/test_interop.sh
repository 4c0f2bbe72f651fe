#!/usr/bin/env bash
# make test-interop: hpnic against Linux Soft-RoCE (rdma_rxe) in a QEMU guest.
#
#   scripts/test_interop.sh [--seed N] [--timeout S] [--keep DIR]
#                           [--append KERNEL-ARGS] [-- HPNIC_PEER-ARGS...]
#
# hpnic_peer (build/bin: libhpnic on the simulated NIC) listens for the
# guest's control connection on 127.0.0.1; QEMU boots the rxe guest
# (build/rxe-vm, scripts/rxe-vm-image.sh, with rxe_peer in it) with its eth0
# on a -netdev stream socket and its eth1 on the user network, from which
# rxe_peer connects to the host as 10.0.2.2; QEMU forwards a free port on
# 127.0.0.1 (hostfwd) to the guest's port 18515, where ibv_rc_pingpong
# listens as the server in step 3b. Once the guest has said hello,
# hpnic_peer connects the simulated NIC to the guest's socket (QEMU listens
# there from its start: QEMU 7.2's stream server cannot wait for a client),
# and the two run the plan (tb/interop/hpnic_peer.c). Every frame is
# captured (HPNIC_SIM_PCAP) and checked: tshark decodes every RoCE frame,
# none is malformed, scapy recomputes every ICRC.
#
# Both processes run under a timeout (--timeout, default 240 s) so nothing
# hangs; on any failure the guest's console log is printed. The logs and the
# pcap are kept in BUILD/interop/last (or --keep DIR).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
BUILD=${BUILD:-$top/build}

seed=
tmo=240
keep=$BUILD/interop/last
append=
while [ $# -gt 0 ]; do
	case "$1" in
	--seed) seed=${2:?--seed needs a value}; shift ;;
	--timeout) tmo=${2:?--timeout needs a value}; shift ;;
	--keep) keep=${2:?--keep needs a directory}; shift ;;
	--append) append=${2:?--append needs kernel arguments}; shift ;;
	--) shift; break ;;
	-h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "test_interop: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

peer=$BUILD/bin/hpnic_peer
img=$BUILD/rxe-vm
for f in "$peer" "$img/vmlinuz" "$img/initrd.cpio.gz"; do
	[ -e "$f" ] || { echo "test_interop: $f missing (make test-interop builds it)" >&2; exit 2; }
done
command -v qemu-system-x86_64 >/dev/null || { echo "test_interop: no QEMU (make deps)" >&2; exit 2; }

work=$(mktemp -d /tmp/hpnic-interop.XXXXXX)
hpid=
qpid=
wpid=
cleanup() {
	# only what this script started, by its PID
	[ -n "$hpid" ] && kill "$hpid" 2>/dev/null
	[ -n "$qpid" ] && kill "$qpid" 2>/dev/null
	[ -n "$wpid" ] && kill "$wpid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# hpnic's port addresses (the simulator's defaults) and the guest's
hp_ip=10.0.0.1
hp_mac=02:00:00:00:00:10
g_mac=02:00:00:00:00:20

# step 3b (ibv_rc_pingpong in the guest as the server): QEMU forwards
# 127.0.0.1:fwd to the guest's port gport. A port free now, which QEMU
# binds a moment later (it exits if it cannot: said below)
gport=18515
fwd=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
[ -n "$fwd" ] || { echo "test_interop: no free TCP port on 127.0.0.1 for QEMU's hostfwd" >&2; exit 2; }

echo "== test-interop: hpnic (simulated) <-> Linux rxe in QEMU (TCG); timeout ${tmo}s"
HPNIC_SIM_STREAM=$work/nic.sock HPNIC_SIM_PCAP=$work/interop.pcap \
	HPNIC_SIM_IP=$hp_ip HPNIC_SIM_MAC=$hp_mac \
	timeout "$tmo" "$peer" --port-file "$work/port" ${seed:+--seed "$seed"} \
	--pp-fwd "$fwd:$gport" "$@" \
	> "$work/hpnic.log" 2>&1 &
hpid=$!
for _ in $(seq 100); do
	[ -s "$work/port" ] && break
	kill -0 "$hpid" 2>/dev/null || break
	sleep 0.1
done
port=$(cat "$work/port" 2>/dev/null)
if [ -z "$port" ]; then
	cat "$work/hpnic.log"
	echo "FAIL: hpnic_peer did not start listening"
	exit 1
fi

# the guest: eth0 (virtio-net, no option ROM: it only slows the boot) on the
# stream socket, eth1 on the user network for the control connection (and
# the forwarded port, on the host's loopback only).
# virtio_net.napi_tx=0: rxe stops a QP's requester when 65 of its packets'
# buffers are not yet freed by the NIC driver, and its restart (from the
# buffers' destructor) was once lost: a 1 MiB WRITE halted after 65 packets,
# all acknowledged by hpnic, until the guest's next post 60 s later. Without
# TX NAPI, virtio-net frees each buffer as it queues it (docs/interop.md).
timeout "$tmo" qemu-system-x86_64 -M q35 -m 512 -smp 1 -nographic -no-reboot \
	-kernel "$img/vmlinuz" -initrd "$img/initrd.cpio.gz" \
	-append "console=ttyS0 quiet panic=-1 hpnic.peer=$hp_ip,$hp_mac hpnic.run=\"rxe_peer 10.0.2.2:$port\" virtio_net.napi_tx=0 $append" \
	-netdev "stream,id=n0,server=on,addr.type=unix,addr.path=$work/nic.sock" \
	-device "virtio-net-pci,netdev=n0,mac=$g_mac,romfile=" \
	-netdev "user,id=n1,ipv6=off,hostfwd=tcp:127.0.0.1:$fwd-:$gport" \
	-device virtio-net-pci,netdev=n1,romfile= \
	< /dev/null > "$work/guest.log" 2>&1 &
qpid=$!
echo "   hpnic_peer (pid $hpid) on 127.0.0.1:$port, QEMU (pid $qpid) booting the guest," \
	"127.0.0.1:$fwd forwarded to its port $gport"

# progress: hpnic_peer's lines as they come, until it exits. A QEMU that
# exits before its guest has said hello leaves hpnic_peer waiting for a
# connection that cannot come: stop it then rather than at its timeout.
tail -n +1 --pid="$hpid" -f "$work/hpnic.log" | sed -u 's/^/   /' &
tpid=$!
early=
while kill -0 "$hpid" 2>/dev/null; do
	if ! kill -0 "$qpid" 2>/dev/null && ! grep -q '^hpnic_peer: guest: HELLO' "$work/hpnic.log"; then
		early=1
		kill "$hpid" 2>/dev/null
		break
	fi
	sleep 0.2
done
wait "$hpid"
hrc=$?
hpid=
wait "$tpid"
if [ -n "$early" ]; then
	grep -q 'host forwarding' "$work/guest.log" &&
		bad "QEMU could not forward 127.0.0.1:$fwd: $(grep -m1 'host forwarding' "$work/guest.log" | tr -d '\r')"
	bad "QEMU exited before the guest connected"
fi
# the guest powers off after rxe_peer exits; give it a little time
for _ in $(seq 100); do
	kill -0 "$qpid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$qpid" 2>/dev/null; then
	kill "$qpid" 2>/dev/null
	qrc=killed
else
	wait "$qpid"
	qrc=$?
fi
qpid=
tr -d '\r' < "$work/guest.log" > "$work/guest.txt"
echo "== after $(elapsed) s: hpnic_peer exit $hrc, QEMU exit $qrc"

[ "$hrc" -eq 124 ] && bad "hpnic_peer ran out of time (${tmo}s)"
[ "$hrc" -eq 0 ] && ok "hpnic_peer: $(grep -o '[0-9]* passed, [0-9]* failed' "$work/hpnic.log" | tail -1)" ||
	bad "hpnic_peer: exit $hrc: $(grep -c '^FAIL' "$work/hpnic.log") failed checks"
grate=$(sed -n 's/^rxe-guest: exit \([0-9]*\).*/\1/p' "$work/guest.txt" | tail -1)
[ "$grate" = 0 ] && ok "rxe_peer in the guest: $(sed -n "s/^rxe_peer: VERDICT \\(OK .*\\)/\\1/p" "$work/guest.txt" | tail -1)" ||
	bad "rxe_peer in the guest: exit ${grate:-none}"
[ "$qrc" = 0 ] && grep -q 'reboot: Power down' "$work/guest.txt" && ok "the guest powered off" ||
	bad "the guest did not power off by itself (QEMU: exit $qrc)"

# every frame: tshark decodes the RoCE ones without a warning and no frame
# as malformed; scapy recomputes every ICRC
if [ -s "$work/interop.pcap" ]; then
	# what crossed the wire (below), read while the checks run
	WIRESHARK_CONFIG_DIR=$work tshark -r "$work/interop.pcap" -o infiniband.rroce.port:4791 --disable-heuristic eth_over_ib \
		-Y infiniband -T fields -e eth.src -e infiniband.bth.opcode -e infiniband.bth.a \
		-e infiniband.bth.destqp -e infiniband.aeth.syndrome -e infiniband.bth.psn \
		-e infiniband.reth.dmalen -e frame.number > "$work/wire.tsv" 2>/dev/null &
	wpid=$!
	if scripts/roce_pcap_check.sh --allow-other "$work/interop.pcap" > "$work/pcap.txt" 2>&1; then
		ok "pcap: $(grep '^tshark:' "$work/pcap.txt" | sed 's/^tshark: [^:]*: //')"
		ok "pcap: $(grep '^scapy ICRC:' "$work/pcap.txt" | sed 's/^scapy ICRC: [^:]*: //')"
	else
		sed 's/^/   /' "$work/pcap.txt" | head -40
		bad "pcap checks (roce_pcap_check.sh --allow-other)"
	fi
	# what crossed the wire: per direction and destination QP, frames by
	# opcode, ACKs, RNR NAKs and NAKs by syndrome, AckReq, and request
	# packets whose PSN had been seen before on that QP (retries)
	wait "$wpid"
	wpid=
	awk -F '\t' -v hp="$hp_mac" '
		BEGIN { split("0 SEND_FIRST 1 SEND_MIDDLE 2 SEND_LAST 3 SEND_LAST_IMM 4 SEND_ONLY " \
		              "5 SEND_ONLY_IMM 6 WRITE_FIRST 7 WRITE_MIDDLE 8 WRITE_LAST " \
		              "9 WRITE_LAST_IMM 10 WRITE_ONLY 11 WRITE_ONLY_IMM 12 READ_REQ " \
		              "13 RESP_FIRST 14 RESP_MIDDLE 15 RESP_LAST 16 RESP_ONLY", t, " ")
		        for (i = 1; i < 34; i += 2) { name[t[i]] = t[i + 1]; ord[++no] = t[i + 1] }
		        ord[++no] = "ACK" }
		{ d = sprintf("%s (dest QP %s)", ($1 == hp) ? "hpnic -> rxe" : "rxe -> hpnic", $4)
		  k = int($5 / 32)
		  op = ($2 == 17) ? (k == 3 ? sprintf("NAK(0x%02x)", $5) : k == 1 ? \
		       sprintf("RNR_NAK(0x%02x)", $5) : "ACK") : ($2 in name ? name[$2] : "op" $2)
		  n[d, op]++; if (op ~ /NAK/ && !(op in nak)) { nak[op]; ord[++no] = op }
		  tot[d]++; if ($3 == 1) a[d]++
		  if ($2 <= 12) { if ((d, $6) in seen) rep[d]++; seen[d, $6] } }
		END { for (d in tot) {
		        line = sprintf("   wire %s: %d frames,", d, tot[d])
		        for (i = 1; i <= no; i++) if ((d, ord[i]) in n) {
		          line = line sprintf(" %s %d", ord[i], n[d, ord[i]]); delete n[d, ord[i]] }
		        print line sprintf(", AckReq set on %d, %d request packets repeated", a[d],
		                           rep[d]) } }' "$work/wire.tsv" | sort
	# READs in flight, per requester: a READ REQUEST adds one unless a READ
	# with the same last PSN is outstanding (then it is the same READ asked
	# again, from its start or from a later PSN); a response at or past a
	# READ's last PSN retires it (the last PSN from the PSN, the DMA length
	# and the path MTU)
	mtu=$(sed -n 's/.*path MTU \([0-9]*\).*/\1/p' "$work/hpnic.log" | head -1)
	awk -F '\t' -v hp="$hp_mac" -v mtu="${mtu:-1024}" '
		function at_or_after(a, b) { return (a - b + 16777216) % 16777216 < 8388608 }
		{ side = ($1 == hp) ? "hpnic" : "rxe"; other = (side == "hpnic") ? "rxe" : "hpnic" }
		$2 == 12 { n = $7 > 0 ? int(($7 + mtu - 1) / mtu) : 1; last = ($6 + n - 1) % 16777216
		  if ((side, last) in out) { rep[side]++; next }
		  if (cnt[side] > 0) busy[side]++
		  out[side, last] = last; reqs[side]++
		  if (++cnt[side] > mx[side]) { mx[side] = cnt[side]; fr[side] = $8 }
		  next }
		$2 >= 13 && $2 <= 16 { for (k in out) { split(k, kk, SUBSEP)
		    if (kk[1] == other && at_or_after($6, out[k])) { delete out[k]; cnt[other]-- } } }
		END { for (s in reqs) printf "%s %d: READs in flight, %s as requester: at most %d " \
		        "(frame %d); %d READ REQUESTs, %d sent with an earlier READ outstanding, " \
		        "%d repeated\n", s, mx[s], s, mx[s], fr[s], reqs[s], busy[s], rep[s] }' \
		"$work/wire.tsv" | sort > "$work/inflight.txt"
	sed 's/^[a-z]* [0-9]*: /   /' "$work/inflight.txt"
	# hpnic keeps 16 READs outstanding at most (rxe's QP takes 16:
	# max_dest_rd_atomic); with the several-READs steps in the plan, both
	# sides had several in flight
	hmax=$(sed -n 's/^hpnic \([0-9]*\):.*/\1/p' "$work/inflight.txt")
	rmax=$(sed -n 's/^rxe \([0-9]*\):.*/\1/p' "$work/inflight.txt")
	[ "${hmax:-0}" -le 16 ] && ok "hpnic had ${hmax:-0} READs in flight at most (its limit: 16)" ||
		bad "hpnic had $hmax READs in flight (its limit: 16)"
	if grep -q 'READs of .* posted at once' "$work/hpnic.log"; then
		[ "${hmax:-0}" -ge 2 ] && [ "${rmax:-0}" -ge 2 ] &&
			ok "several READs in flight each way: hpnic ${hmax:-0}, rxe ${rmax:-0} at most" ||
			bad "several READs in flight each way: hpnic ${hmax:-0}, rxe ${rmax:-0} at most"
	fi
else
	bad "no pcap written"
fi

mkdir -p "$keep"
cp "$work"/hpnic.log "$work"/guest.txt "$keep"/ 2>/dev/null
cp "$work"/interop.pcap "$keep"/ 2>/dev/null
[ -e "$work/pcap.txt" ] && cp "$work/pcap.txt" "$keep"/

if [ $failed -ne 0 ]; then
	echo "== the guest's console ($keep/guest.txt):"
	sed 's/^/   | /' "$work/guest.txt" | tail -n 80
fi
echo "== $(elapsed) s; logs and pcap in $keep"
echo "test-interop: $passed passed, $failed failed"
[ $failed -eq 0 ]
