#!/usr/bin/env bash
# Boot the hpnic guest with its NICs served by hpnic-vmdev, run a script in
# it, and exit with the script's status.
#
#   scripts/vm-run.sh [--timeout SEC] [--report FILE] [--vmdev-arg ARG]...
#                     [--file PATH]... SCRIPT [ARG...]
#
# SCRIPT (busybox sh) runs as /hpnic/run.sh with ARGs in /hpnic/args; each
# --file goes into /hpnic/ (a kernel module, a test program); the
# guest has the image's programs (scripts/vm-image.sh) on its PATH. The guest
# image is build/vm (make vm-image); BUILD=DIR takes another build folder.
# A run that does not finish in time (default 300 s) is stopped with a
# message; a server that dies takes its QEMU with it, and this says so.
set -euo pipefail

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$top/build}
timeout=300
report=
vmargs=()
files=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--timeout) timeout=$2; shift 2 ;;
	--report) report=$2; shift 2 ;;
	--vmdev-arg) vmargs+=("$2"); shift 2 ;;
	--file) [ -r "$2" ] || { echo "vm-run: cannot read $2" >&2; exit 2; }; files+=("$2"); shift 2 ;;
	--) shift; break ;;
	-*) echo "vm-run: unknown option $1" >&2; usage >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { usage >&2; exit 2; }
script=$1; shift
[ -r "$script" ] || { echo "vm-run: cannot read $script" >&2; exit 2; }
img=$build/vm
for f in "$img/vmlinuz" "$img/initrd.cpio.gz" "$build/bin/hpnic-vmdev"; do
	[ -e "$f" ] || { echo "vm-run: $f missing: make vm-image" >&2; exit 2; }
done

# the run's own archive, appended to the image's (the kernel unpacks both)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/root/hpnic"
cp "$script" "$work/root/hpnic/run.sh"
[ ${#files[@]} -eq 0 ] || cp "${files[@]}" "$work/root/hpnic/"
printf '%s\n' "$@" > "$work/root/hpnic/args"
(cd "$work/root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$work/run.cpio.gz"
cat "$img/initrd.cpio.gz" "$work/run.cpio.gz" > "$work/initrd"

[ -n "$report" ] && vmargs+=(--report "$report")
set +e
"$build/bin/hpnic-vmdev" --kernel "$img/vmlinuz" --initrd "$work/initrd" --guest-status \
	--timeout "$timeout" "${vmargs[@]}"
rc=$?
set -e
if [ $rc -gt 128 ]; then
	echo "vm-run: hpnic-vmdev died ($(kill -l $((rc - 128)) 2>/dev/null || echo signal $((rc - 128)))); its QEMU died with it" >&2
elif [ $rc -eq 124 ]; then
	echo "vm-run: the guest did not finish within $timeout s" >&2
fi
exit $rc
