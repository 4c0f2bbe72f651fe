#!/usr/bin/env bash
# Build a Linux Soft-RoCE (rdma_rxe) guest from Debian packages only: the
# host's Debian kernel (linux-image-amd64) and an initramfs with busybox-static,
# the rxe modules and what they load (ib_core, ib_uverbs, udp_tunnel, the
# crc32 crypto), virtio-net, and rdma-core, ibverbs-providers, ibverbs-utils
# and perftest with their libraries. The .debs are fetched with
# `apt-get download` into OUT/debs (kept: a second build needs no network).
# Writes OUT/vmlinuz and OUT/initrd.cpio.gz.
#
#   scripts/rxe-vm-image.sh OUT [PROGRAM...]
#
# Each PROGRAM (a host-built binary, e.g. a verbs program linked against
# Debian's libibverbs) goes into the guest's /usr/bin, with any library it
# needs that the packages do not bring.
#
# The guest's init (docs/interop.md) brings up eth0 and rxe0 on it from the
# kernel command line (and MODULE.PARAM=VALUE for its modules, as modprobe
# would take them): hpnic.ip=A.B.C.D/N (default 10.0.0.2/24),
# hpnic.peer=IP,MAC (a static neighbour, so the peer needs no ARP: hpnic
# answers none), hpnic.run="COMMAND" (run, then power off; without it, a
# shell on the console). A second NIC (eth1), if present, is set up for
# QEMU's user network (10.0.2.15, the host at 10.0.2.2), for a TCP exchange
# (ibv_rc_pingpong's) with the host.
set -euo pipefail

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in -h|--help) usage; exit 0 ;; "") usage >&2; exit 2 ;; esac
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
progs=("$@")
for p in "${progs[@]}"; do
	[ -x "$p" ] || { echo "rxe-vm-image: $p: not an executable file" >&2; exit 1; }
done

kernel=$(ls -1 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$kernel" ] || { echo "rxe-vm-image: no /boot/vmlinuz-*-amd64: install linux-image-amd64 (make deps)" >&2; exit 1; }
kver=${kernel#/boot/vmlinuz-}
[ -d "/lib/modules/$kver" ] || { echo "rxe-vm-image: no /lib/modules/$kver" >&2; exit 1; }
busybox=/bin/busybox
if [ ! -x "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
	echo "rxe-vm-image: $busybox is missing or not static: install busybox-static (make deps)" >&2
	exit 1
fi

# the user-space side, as Debian ships it
pkgs="rdma-core ibverbs-providers ibverbs-utils libibverbs1 librdmacm1 perftest
      libnl-3-200 libnl-route-3-200 iproute2 libmnl0 libbsd0 libmd0 libcap2 libelf1
      libpci3 zlib1g libbpf1"
mkdir -p "$out/debs"
missing=""
for p in $pkgs; do
	ls "$out/debs/${p}_"*.deb >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "rxe-vm-image: fetching$missing"
	# a machine whose package lists were never fetched has none to
	# download from: fetch them once, then try again
	(cd "$out/debs" && apt-get download $missing) ||
	{ apt-get update -qq && (cd "$out/debs" && apt-get download $missing); } || {
		echo "rxe-vm-image: apt-get download failed" >&2; exit 1; }
fi

root=$(mktemp -d)
ex=$(mktemp -d)
trap 'rm -rf "$root" "$ex"' EXIT
for d in "$out"/debs/*.deb; do
	dpkg-deb -x "$d" "$ex"
done
mkdir -p "$root"/{bin,proc,sys,dev,tmp,etc,mods,lib64}
cp "$busybox" "$root/bin/busybox"
# the packages' files whole (libraries, providers, programs, provider
# config), and the C library from the host, which these packages link against
cp -a "$ex/usr" "$root/"
[ -d "$ex/lib" ] && cp -a "$ex/lib" "$root/"
[ -d "$ex/etc/libibverbs.d" ] && cp -a "$ex/etc/libibverbs.d" "$root/etc/"
for lib in $(LD_LIBRARY_PATH="$ex/usr/lib/x86_64-linux-gnu:$ex/lib/x86_64-linux-gnu" \
		ldd "$ex/usr/bin/ibv_devinfo" "$ex/usr/bin/ib_write_bw" "$ex/usr/bin/rdma" 2>/dev/null |
		grep -o '/[^ ]*' | grep -v "^$ex" | sort -u); do
	[ -e "$root$lib" ] && continue
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done
for p in "${progs[@]}"; do
	mkdir -p "$root/usr/bin"
	cp "$p" "$root/usr/bin/"
done
[ ${#progs[@]} -eq 0 ] ||
for lib in $(LD_LIBRARY_PATH="$ex/usr/lib/x86_64-linux-gnu:$ex/lib/x86_64-linux-gnu" \
		ldd "${progs[@]}" 2>/dev/null | grep -o '/[^ ]*' | grep -v "^$ex" | sort -u); do
	[ -e "$root$lib" ] && continue
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done
echo "root:x:0:0:root:/:/bin/sh" > "$root/etc/passwd"

# kernel modules in load order: rxe's chain, its CRC, virtio-net
: > "$root/mods/order"
for m in crc32_generic rdma_rxe virtio_net virtio_pci; do
	modprobe --show-depends -S "$kver" "$m" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r ko; do
	cp "$ko" "$root/mods/"
	basename "$ko" >> "$root/mods/order"
done

cat > "$root/init" <<'EOF'
#!/bin/busybox sh
# rxe guest init (scripts/rxe-vm-image.sh)
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
export PATH=/usr/bin:/bin LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu
# module options from the kernel command line, as modprobe takes them:
# MODULE.PARAM=VALUE (e.g. virtio_net.napi_tx=0)
for m in $(cat /mods/order); do
	name=$(echo "${m%.ko}" | tr - _)
	opts=
	for a in $(cat /proc/cmdline); do
		[ "$(echo "${a%%.*}" | tr - _)" = "$name" ] && [ "$a" != "${a#*.}" ] && opts="$opts ${a#*.}"
	done
	[ -z "$opts" ] || echo "rxe-guest: $name:$opts"
	insmod "/mods/$m" $opts 2>/dev/null || [ -d "/sys/module/$name" ] || echo "rxe-guest: insmod $m failed"
done
ip=10.0.0.2/24 peer= run=
for a in $(cat /proc/cmdline); do
	case "$a" in
	hpnic.ip=*) ip=${a#hpnic.ip=} ;;
	hpnic.peer=*) peer=${a#hpnic.peer=} ;;
	esac
done
run=$(sed -n 's/.*hpnic\.run="\([^"]*\)".*/\1/p' /proc/cmdline)
for i in 1 2 3 4 5 6 7 8 9 10; do [ -d /sys/class/net/eth0 ] && break; sleep 0.2; done
ip link set lo up
ip link set eth0 up
ip addr add "$ip" dev eth0
if [ -n "$peer" ]; then
	# busybox's ip has no "neigh add": its arp does it
	arp -i eth0 -s "${peer%,*}" "${peer#*,}" || echo "rxe-guest: arp -s $peer failed"
fi
# QEMU's user network: the guest is 10.0.2.15, the host 10.0.2.2
if [ -d /sys/class/net/eth1 ]; then
	ip link set eth1 up
	ip addr add 10.0.2.15/24 dev eth1
	ip route add default via 10.0.2.2
fi
if rdma link add rxe0 type rxe netdev eth0; then
	echo "rxe-guest: rxe0 on eth0 ($ip), $(cat /sys/class/infiniband/rxe0/ports/1/state)"
else
	echo "rxe-guest: rdma link add rxe0 failed"
fi
if [ -n "$run" ]; then
	sh -c "$run"
	echo "rxe-guest: exit $?"
	poweroff -f
fi
exec sh
EOF
chmod 755 "$root/init"

(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initrd.cpio.gz.tmp"
mv "$out/initrd.cpio.gz.tmp" "$out/initrd.cpio.gz"
cp "$kernel" "$out/vmlinuz"
echo "rxe-vm-image: $out/vmlinuz ($(basename "$kernel")), $out/initrd.cpio.gz ($(du -k "$out/initrd.cpio.gz" | cut -f1) KiB)"
