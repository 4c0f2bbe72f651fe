#!/usr/bin/env bash
# Build the hpnic guest: a Debian kernel and an initramfs with busybox-static,
# lspci (pciutils, with its libraries) and the project's programs, all from
# Debian packages and this tree. Writes OUT/vmlinuz and OUT/initrd.cpio.gz.
#
#   scripts/vm-image.sh OUT PROGRAM...
#
# The kernel is the newest /boot/vmlinuz-* of linux-image-amd64, the version
# linux-headers-amd64 builds modules for; HPNIC_VM_KERNEL=FILE takes another
# (docs/vm.md: bringing your own kernel).
set -euo pipefail

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in -h|--help) usage; exit 0 ;; "") usage >&2; exit 2 ;; esac
out=$1; shift
top=$(cd "$(dirname "$0")/.." && pwd)

kernel=${HPNIC_VM_KERNEL:-}
if [ -z "$kernel" ]; then
	kernel=$(ls -1 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$kernel" ] || { echo "vm-image: no /boot/vmlinuz-*-amd64: install linux-image-amd64 (make deps)" >&2; exit 1; }
	kver=${kernel#/boot/vmlinuz-}
	[ -d "/usr/src/linux-headers-$kver" ] || \
		echo "vm-image: note: no linux-headers-$kver; the driver cannot be built for this kernel" >&2
fi
[ -r "$kernel" ] || { echo "vm-image: cannot read kernel $kernel" >&2; exit 1; }
busybox=/bin/busybox
if [ ! -x "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
	echo "vm-image: $busybox is missing or not static: install busybox-static (make deps)" >&2
	exit 1
fi
command -v lspci >/dev/null || { echo "vm-image: no lspci: install pciutils (make deps)" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,hpnic/bin,usr/share/misc}
cp "$busybox" "$root/bin/busybox"
cp "$top/sim/vmdev/guest/init" "$root/init"
chmod 755 "$root/init"
echo "root:x:0:0:root:/:/bin/sh" > "$root/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/false" >> "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
[ -f /usr/share/misc/pci.ids ] && cp /usr/share/misc/pci.ids "$root/usr/share/misc/"

# a program and the shared libraries it loads, at their own paths
add_prog() {
	local src=$1 dst=$2 lib
	cp "$src" "$root$dst"
	for lib in $(ldd "$src" 2>/dev/null | grep -o '/[^ ]*' || true); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
add_prog "$(command -v lspci)" /usr/bin/lspci
add_prog "$(command -v setpci)" /usr/bin/setpci
for p in "$@"; do
	[ -x "$p" ] || { echo "vm-image: $p: not built" >&2; exit 1; }
	add_prog "$p" "/hpnic/bin/$(basename "$p")"
done

mkdir -p "$out"
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initrd.cpio.gz.tmp"
mv "$out/initrd.cpio.gz.tmp" "$out/initrd.cpio.gz"
cp "$kernel" "$out/vmlinuz"
echo "vm-image: $out/vmlinuz ($(basename "$kernel")), $out/initrd.cpio.gz ($(du -k "$out/initrd.cpio.gz" | cut -f1) KiB)"
