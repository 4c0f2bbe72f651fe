#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# make test-ctl: hpnicctl against fake PCI sysfs trees, without a VM or a
# device. ctl_fake writes each tree from hpnic_regs.h: the files libpci's
# sysfs method reads, and a resource0 holding a BAR0 image. hpnicctl maps
# resource0 as it maps a real BAR, so what `cc set` writes lands in the file,
# and an input it must refuse has to leave the file byte for byte unchanged.
#
#   tb/ctl/test_ctl.sh HPNICCTL CTL_FAKE
set -uo pipefail
ctl_bin=${1:?usage: test_ctl.sh HPNICCTL CTL_FAKE}
fake=${2:?usage: test_ctl.sh HPNICCTL CTL_FAKE}

# in /tmp, with the program copied in: the user nobody must reach both, and
# a build tree under a private home would not let it
tmp=$(mktemp -d /tmp/hpnic-ctl.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
ctl=$tmp/hpnicctl
cp "$ctl_bin" "$ctl" && chmod 755 "$ctl" || exit 1

pass=0
failed=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# the trees: one hpnic function next to a virtio-net one; two hpnic
# functions (the second flags clamped CC parameters); none; one that does not
# answer; one whose block list points backwards
one=$tmp/one two=$tmp/two empty=$tmp/empty dead=$tmp/dead loop=$tmp/loop
"$fake" "$one" 0000:00:03.0 &&
"$fake" --vendor 0x1af4 --device 0x1041 "$one" 0000:00:02.0 &&
"$fake" "$two" 0000:00:03.0 &&
"$fake" --build 0x20240229 --git 0xdeadbeef --cc-status 0x11 "$two" 0000:00:04.0 &&
mkdir -p "$empty/devices" &&
"$fake" --dead "$dead" 0000:00:05.0 &&
"$fake" --bad-next "$loop" 0000:00:06.0 || { echo "ctl: cannot make the fake trees"; exit 1; }
mapfile -t blocks < <("$fake" --blocks)
mapfile -t counters < <("$fake" --counters)
mapfile -t cckeys < <("$fake" --cc-keys)     # "key mask"
[ ${#blocks[@]} -gt 0 ] && [ ${#counters[@]} -gt 0 ] && [ ${#cckeys[@]} -gt 0 ] ||
  { echo "ctl: ctl_fake lists no blocks, counters or CC keys"; exit 1; }

out=$tmp/out err=$tmp/err
# run CMD...: the output in $out and $err, the status in $rc
run() { "$@" >"$out" 2>"$err"; rc=$?; }
# ok_run WHAT CMD...: exit status 0, nothing on stderr
ok_run() {
  local what=$1; shift
  run "$@"
  if [ $rc -ne 0 ] || [ -s "$err" ]; then
    bad "$what: exit status $rc, stderr: $(head -3 "$err")"
    return 1
  fi
  ok
}
# has WHAT STRING / lacks WHAT STRING: in the last stdout
has() { if grep -qF -- "$2" "$out"; then ok; else bad "$1: no '$2' in the output"; fi; }
lacks() { if grep -qF -- "$2" "$out"; then bad "$1: '$2' in the output"; else ok; fi; }
lines() { local n; n=$(wc -l <"$out"); if [ "$n" -eq "$2" ]; then ok; else bad "$1: $n lines, not $2"; fi; }

snapshot() {
  rm -rf "$tmp/snap" && mkdir "$tmp/snap"
  for f in "$tmp"/*/devices/*/resource0; do
    cp "$f" "$tmp/snap/$(echo "${f#"$tmp"/}" | tr / _)"
  done
}
unchanged() {
  for f in "$tmp"/*/devices/*/resource0; do
    cmp -s "$f" "$tmp/snap/$(echo "${f#"$tmp"/}" | tr / _)" || { echo "  $f changed"; return 1; }
  done
}
# expect_err WHAT STRING CMD...: a non-zero exit status, exactly one line on
# stderr holding STRING, and every resource0 as it was
expect_err() {
  local what=$1 want=$2 n; shift 2
  snapshot
  run "$@"
  n=$(wc -l <"$err")
  if [ $rc -eq 0 ]; then
    bad "$what: exit status 0"
  elif [ "$n" -ne 1 ]; then
    bad "$what: $n lines on stderr, not 1:"; sed 's/^/  /' "$err"
  elif ! grep -qF -- "$want" "$err"; then
    bad "$what: stderr '$(cat "$err")' lacks '$want'"
  elif ! unchanged; then
    bad "$what: a resource0 changed"
  else
    ok
  fi
}

# --- list ---------------------------------------------------------------------
if ok_run "list" "$ctl" --sysfs "$one" list; then
  for s in "0000:00:03.0" "1234:4870" "class 020000" "BAR0 0xfe000000 32 MiB" "HPID 1.0" \
           "build 2025-11-25" "git 1a2b3c4d" "4096 QPs, 4096 MRs, 256 CQs"; do
    has "list" "$s"
  done
  lacks "list: the virtio-net function" "00:02.0"
  lines "list" 1
fi
if ok_run "list, two functions" "$ctl" --sysfs "$two" list; then
  has "list, two functions" "0000:00:03.0 1234:4870"
  has "list, two functions" "0000:00:04.0 1234:4870"
  has "list, two functions" "build 2024-02-29 git deadbeef"
  lines "list, two functions" 2
fi
if ok_run "list -d" "$ctl" --sysfs "$two" list -d 00:04.0; then
  has "list -d" "0000:00:04.0"
  lines "list -d" 1
fi
if ok_run "HPNIC_SYSFS" env HPNIC_SYSFS="$one" "$ctl" list; then
  has "HPNIC_SYSFS" "0000:00:03.0"
fi

# --- dump ---------------------------------------------------------------------
snapshot
if ok_run "dump -d" "$ctl" --sysfs "$one" dump -d 0000:00:03.0; then
  # it writes STATS.SEL to read the counters, and puts it back
  if unchanged; then ok; else bad "dump changed resource0"; fi
  for b in "${blocks[@]}"; do
    if grep -q "^block $b " "$out"; then ok; else bad "dump: no block $b"; fi
  done
  for c in "${counters[@]}"; do
    if grep -q "^  $c " "$out"; then ok; else bad "dump: no counter $c"; fi
  done
  has "dump" "T_NS             0x00001040 4160"
  has "dump" "QPN_WIDTH=12 MR_LOG2=12 CQN_WIDTH=8"
  cp "$out" "$tmp/dump_long"
  if ok_run "dump, short BDF" "$ctl" dump --sysfs "$one" -d 00:03.0; then
    if cmp -s "$out" "$tmp/dump_long"; then ok; else bad "dump: -d 00:03.0 differs from -d 0000:00:03.0"; fi
  fi
fi
# without -d: the only hpnic function, though the tree has two functions
ok_run "dump, one hpnic function" "$ctl" --sysfs "$one" dump && has "dump, one hpnic function" "block CC"

# --- cc -----------------------------------------------------------------------
ok_run "cc" "$ctl" --sysfs "$one" cc && cp "$out" "$tmp/cc_before"
has "cc" "# CTRL.CC_PARAM_STATUS = 0x00000000: nothing clamped"
# every key from the table, at a value in range that differs from the reset:
# the top bit of its largest value (mask or Range) and bit 0, or the bit
# under it when that passes the top of a Range; every other one in hex
args=() want=()
i=0
for kv in "${cckeys[@]}"; do
  k=${kv% *} m=${kv#* }
  top=1
  while [ $((top * 2)) -le "$m" ]; do top=$((top * 2)); done
  v=$((top | 1))
  [ "$v" -le "$m" ] || v=$((top / 2 | 1))
  if [ $((i % 2)) -eq 1 ]; then args+=("$k=$(printf '0x%x' $v)"); else args+=("$k=$v"); fi
  want+=("$k=$v")
  i=$((i + 1))
done
ok_run "cc set (${#args[*]} keys)" "$ctl" --sysfs "$one" cc set "${args[@]}"
if ok_run "cc show" "$ctl" --sysfs "$one" cc show; then
  for kv in "${want[@]}"; do
    if grep -qx -- "$kv" "$out"; then ok; else bad "cc: set $kv, show reads $(grep "^${kv%=*}=" "$out")"; fi
    if grep -qx -- "$kv" "$tmp/cc_before"; then bad "cc: $kv was already the value before the set"; else ok; fi
  done
  # show's output is set's input
  grep -v '^#' "$out" >"$tmp/cc_after"
  snapshot
  ok_run "cc set \$(cc show)" "$ctl" --sysfs "$one" cc set $(cat "$tmp/cc_after")
  if unchanged; then ok; else bad "cc set of the shown values changed resource0"; fi
fi
# the second function flags T_CLAMPED and WMAX_SAT: reported, exit status 0
run "$ctl" --sysfs "$two" cc set -d 00:04.0 t_ns=100
if [ $rc -eq 0 ] && grep -q "T_CLAMPED (.*WMAX_SAT (" "$err" && [ "$(wc -l <"$err")" -eq 1 ]; then
  ok
else
  bad "cc set, clamped: exit status $rc, stderr: $(cat "$err")"
fi

# --- refused input: one line, non-zero, nothing written -----------------------
C=("$ctl" --sysfs "$one")
expect_err "unknown key" "unknown key 'bogus'" "${C[@]}" cc set bogus=1
expect_err "unknown key after a good one" "unknown key 'nope'" "${C[@]}" cc set t_ns=100 eta=60000 nope=3
for kv in "${cckeys[@]}"; do
  k=${kv% *} m=${kv#* }
  # after a good value for another key
  other=${cckeys[0]% *}
  [ "$other" != "$k" ] || other=${cckeys[1]% *}
  expect_err "$k out of range" "$k=$((m + 1)): out of range" "${C[@]}" cc set "$other=1" "$k=$((m + 1))"
done
expect_err "out of 32 bits" "not a number" "${C[@]}" cc set t_ns=4294967296
for v in 12abc "" 0x -1 +5 1.5 " 7" 0xg1; do
  expect_err "malformed value '$v'" "not a number" "${C[@]}" cc set "t_ns=$v"
done
expect_err "no =" "expected KEY=VALUE" "${C[@]}" cc set t_ns
expect_err "key twice" "t_ns given twice" "${C[@]}" cc set t_ns=1 eta=60000 t_ns=2
expect_err "empty sysfs: list" "no hpnic function (1234:4870)" "$ctl" --sysfs "$empty" list
expect_err "empty sysfs: dump" "no hpnic function (1234:4870)" "$ctl" --sysfs "$empty" dump
expect_err "empty sysfs: cc set" "no hpnic function" "$ctl" --sysfs "$empty" cc set t_ns=100
expect_err "no sysfs tree" "no PCI sysfs tree" "$ctl" --sysfs "$tmp/nowhere" list
expect_err "-d not hpnic" "is 1af4:1041, not an hpnic function" "${C[@]}" dump -d 00:02.0
expect_err "-d absent" "no PCI function 0000:00:09.0" "${C[@]}" cc set -d 00:09.0 t_ns=100
expect_err "-d malformed" "not a PCI address" "${C[@]}" dump -d 3.0
expect_err "-d malformed" "not a PCI address" "${C[@]}" dump -d 00:20.0
for cmd in dump "cc show" "cc set t_ns=100"; do
  expect_err "several, $cmd" "2 hpnic functions (0000:00:03.0, 0000:00:04.0): pick one with -d" \
    "$ctl" --sysfs "$two" $cmd
done
expect_err "dead: dump" "device does not answer" "$ctl" --sysfs "$dead" dump
expect_err "dead: cc set" "device does not answer" "$ctl" --sysfs "$dead" cc set t_ns=100
expect_err "NEXT backwards: cc set" "NEXT 0x100 is not past the block's end" \
  "$ctl" --sysfs "$loop" cc set t_ns=100
expect_err "NEXT backwards: dump" "does not match this register map" "$ctl" --sysfs "$loop" dump
if grep -q "^  ! block at 0x200: NEXT 0x100" "$out"; then ok; else bad "dump: the bad NEXT is not shown"; fi
skipped=""
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  for cmd in list dump "cc set t_ns=100"; do
    expect_err "not root: $cmd" "needs root to map BAR0" "${nobody[@]}" "$ctl" --sysfs "$one" $cmd
  done
else
  skipped=" (not root: the not-root checks skipped)"
fi

# --- usage --------------------------------------------------------------------
# --- bound to the hpnic driver: BAR0 is the driver's, the tool goes through
# the driver's files (docs/driver.md), and resource0 stays untouched -----------
bound=$tmp/bound
bdir=$bound/devices/0000:00:07.0
"$fake" --driver --build 0x20260101 --git 0xcafef00d "$bound" 0000:00:07.0 ||
  bad "cannot make the bound tree"
ok_run "bound: list" "$ctl" --sysfs "$bound" list &&
  has "bound: list" "HPID 1.0 build 2026-01-01 git cafef00d (hpnic driver bound)"
ok_run "bound: cc" "$ctl" --sysfs "$bound" cc && has "bound: cc" "t_ns=4160" &&
  has "bound: cc" "nothing clamped (through the hpnic driver)"
snapshot
ok_run "bound: cc set" "$ctl" --sysfs "$bound" cc set t_ns=8320 eta=0xea60
if [ "$(cat "$bdir/cc/t_ns")" = 8320 ] && [ "$(cat "$bdir/cc/eta")" = 60000 ]; then ok; else
  bad "bound: cc set: cc/t_ns '$(cat "$bdir/cc/t_ns")', cc/eta '$(cat "$bdir/cc/eta")'"
fi
if unchanged; then ok; else bad "bound: cc set touched resource0"; fi
ok_run "bound: cc after the set" "$ctl" --sysfs "$bound" cc && has "bound: cc after the set" "t_ns=8320"
expect_err "bound: dump" "bound to the hpnic driver, which owns BAR0" "$ctl" --sysfs "$bound" dump
expect_err "bound: cc set out of range" "out of range" "$ctl" --sysfs "$bound" cc set t_ns=1048576

# --- cc dcqcn: the knobs from the reset registers; a set writes the
# registers dcqcn_derive makes (a file cannot act as the D table's index
# register, so its read-back of the tables fails here: exit status 1); bad
# names and values refused before anything is written --------------------------
C1=("$ctl" --sysfs "$two" -d 00:03.0)
ok_run "cc dcqcn" "${C1[@]}" cc dcqcn && has "cc dcqcn" "g=4" && has "cc dcqcn" "rpg_time_reset=300" &&
  has "cc dcqcn" "rpg_byte_reset=10485760" && has "cc dcqcn" "rate_to_set_on_first_cnp=0" &&
  has "cc dcqcn" "# line rate 100000 Mb/s, T 4160 ns" && has "cc dcqcn" "B = 2560 packets"
res2=$two/devices/0000:00:03.0/resource0
cp "$res2" "$tmp/res2.before"
expect_dq() {  # expected message, arguments; exit 2 and resource0 unchanged
  local want=$1; shift
  run "${C1[@]}" cc dcqcn set "$@"
  if [ $rc -eq 2 ] && grep -qF -- "$want" "$err" && cmp -s "$res2" "$tmp/res2.before"; then ok; else
    bad "cc dcqcn set $*: exit status $rc, stderr $(head -1 "$err")"; fi
}
expect_dq "'g=8,bogus=1': unknown parameter name" g=8,bogus=1
expect_dq "expected name=unsigned-number" g=x
expect_dq "DCQCN runs at HPCC's line rate and T" line_mbps=25000
expect_dq "DCQCN runs at HPCC's line rate and T" g=8,t_ns=9000
expect_dq "g must be 2 .. 1023" g=1
expect_dq "rpg_ai_rate must be 40 Mb/s .. line rate (the NIC's line rate is 100000 Mb/s" rpg_ai_rate=100001
expect_dq "rpg_time_reset must be 1 .. 131071 us" rpg_time_reset=0
expect_dq "mtu must be 256 .. 4096" mtu=100
run "${C1[@]}" cc dcqcn set g=16,rpg_time_reset=55 rpg_min_rate=1000
if [ $rc -eq 1 ] && grep -q "D tables" "$err"; then ok; else bad "cc dcqcn set on a file: exit status $rc, $(head -1 "$err")"; fi
run "${C1[@]}" cc show
if grep -qx "dcqcn_g=16" "$out" && grep -qx "dcqcn_ti_us=55" "$out" && grep -qx "dcqcn_min=8192" "$out"; then ok; else
  bad "cc dcqcn set: the registers read $(grep dcqcn_ "$out" | tr '\n' ' ')"; fi
run "${C1[@]}" cc dcqcn
if grep -qx "g=16" "$out" && grep -qx "rpg_min_rate=1000" "$out" && grep -q "are NOT what" "$out"; then ok; else
  bad "cc dcqcn after the set: $(tr '\n' ' ' < "$out")"; fi
for a in "cc dcqcn --help" "cc dcqcn set --help"; do
  run "$ctl" $a
  if [ $rc -eq 0 ] && grep -q "^usage: hpnicctl cc dcqcn" "$out" && grep -q "rpg_byte_reset" "$out"; then ok; else
    bad "'hpnicctl $a': exit status $rc"; fi
done

# --- Ranges (fw/regmap.toml min/max): refused before anything is written ------
expect_err "dcqcn_g under its range" "dcqcn_g=1: out of range: CC.DCQCN_G takes 2..1023" \
  "${C[@]}" cc set t_ns=100 dcqcn_g=1
expect_err "dcqcn_alpha0 over its range" "dcqcn_alpha0=4194305: out of range: CC.DCQCN_ALPHA0 takes 0..4194304" \
  "${C[@]}" cc set dcqcn_alpha0=4194305
expect_err "dcqcn_first between 0 and its range" "CC.DCQCN_FIRST takes 328..8589926 or 0" \
  "${C[@]}" cc set dcqcn_first=327
expect_err "dcqcn_tab over 1" "CC.DCQCN_TAB takes 0..131072" "${C[@]}" cc set dcqcn_tab=0x20001
expect_err "np_min_time_us over 4095" "np_min_time_us=4096: out of range" \
  "${C[@]}" cc set np_min_time_us=4096
snapshot
ok_run "dcqcn_first 0 and the range's edges" "$ctl" --sysfs "$one" cc set dcqcn_first=0 dcqcn_g=2 \
  dcqcn_alpha0=4194304 np_min_time_us=4095 dcqcn_tick_us=0
run "$ctl" --sysfs "$one" cc
if grep -qx "dcqcn_first=0" "$out" && grep -qx "dcqcn_g=2" "$out" && grep -qx "np_min_time_us=4095" "$out"; then ok
else bad "cc set at the Range edges: $(grep -E 'dcqcn_(first|g)=|np_min' "$out" | tr '\n' ' ')"; fi
ok_run "cc set --help: ranges" "$ctl" cc set --help && has "cc set --help: ranges" "range 2..1023"

# --- a new line rate or T re-derives DCQCN's registers (as hpnic_set_cc);
# one DCQCN's parameters do not fit is refused, nothing written ----------------
D1=("$ctl" --sysfs "$two" -d 00:03.0)
ok_run "cc set line_mbps" "${D1[@]}" cc set line_mbps=25000
run "${D1[@]}" cc
if grep -qx "line_mbps=25000" "$out" && grep -qx "dcqcn_line=204800" "$out"; then ok; else
  bad "cc set line_mbps=25000: $(grep -E '^(line_mbps|dcqcn_line)=' "$out" | tr '\n' ' ')"; fi
ok_run "cc dcqcn after line_mbps" "${D1[@]}" cc dcqcn && has "cc dcqcn after line_mbps" "# line rate 25000 Mb/s"
res4=$two/devices/0000:00:03.0/resource0
cp "$res4" "$tmp/res4.before"
run "${D1[@]}" cc set line_mbps=999
if [ $rc -eq 2 ] && grep -q "DCQCN's parameters do not fit them: line_mbps must be 1000" "$err" &&
  cmp -s "$res4" "$tmp/res4.before"; then ok; else bad "cc set line_mbps=999: exit $rc, $(head -1 "$err")"; fi
run "${D1[@]}" cc set line_mbps=50000 t_ns=63
if [ $rc -eq 2 ] && grep -q "T 63 ns: DCQCN's parameters do not fit them: t_ns must be 64" "$err" &&
  cmp -s "$res4" "$tmp/res4.before"; then ok; else bad "cc set t_ns=63: exit $rc, $(head -1 "$err")"; fi
# dcqcn_* keys given by hand: taken as they are, nothing re-derived
ok_run "cc set line_mbps with dcqcn_line" "${D1[@]}" cc set line_mbps=50000 dcqcn_line=8192
run "${D1[@]}" cc
if grep -qx "dcqcn_line=8192" "$out"; then ok; else bad "dcqcn_line given by hand: $(grep dcqcn_line= "$out")"; fi
ok_run "cc set line_mbps back" "${D1[@]}" cc set line_mbps=100000
run "${D1[@]}" cc
if grep -qx "dcqcn_line=819200" "$out"; then ok; else bad "back at 100 Gb/s: $(grep dcqcn_line= "$out")"; fi
# through the driver: cc/dcqcn_line follows cc/line_mbps
ok_run "bound: cc set line_mbps" "$ctl" --sysfs "$bound" cc set line_mbps=40000
if [ "$(cat "$bdir/cc/dcqcn_line")" = 327680 ]; then ok; else
  bad "bound: cc set line_mbps=40000: cc/dcqcn_line '$(cat "$bdir/cc/dcqcn_line")'"; fi
expect_err "bound: line_mbps=999" "DCQCN's parameters do not fit them" "$ctl" --sysfs "$bound" cc set line_mbps=999

# --- cc vai: HPCC's Variable AI and Sampling Frequency under libhpnic's
# names; a value hpnic_set_vaisf refuses is refused in its words, nothing
# written; also through the driver's cc/vai_* files ----------------------------
V=("$ctl" --sysfs "$two" -d 00:03.0)
ok_run "cc vai" "${V[@]}" cc vai && lines "cc vai" 7 && has "cc vai" "thresh_bytes=50000" &&
  has "cc vai" "ai_div_bytes=1000" && has "cc vai" "bank_cap=1000" && has "cc vai" "ai_cap=100" &&
  has "cc vai" "damp_shift=3" && has "cc vai" "sf_acks=30" && has "cc vai" "# the engine takes them as they are"
grep -v '^#' "$out" >"$tmp/vai_before"
ok_run "cc vai set" "${V[@]}" cc vai set thresh_bytes=8388607,ai_div_bytes=1 bank_cap=0 ai_cap=0x3ff,damp_shift=15 sf_acks=1
ok_run "cc vai after the set" "${V[@]}" cc vai
for kv in thresh_bytes=8388607 ai_div_bytes=1 bank_cap=0 ai_cap=1023 damp_shift=15 sf_acks=1; do has "cc vai set $kv" "$kv"; done
run "${V[@]}" cc show
if grep -qx "vai_thresh=8388607" "$out" && grep -qx "vai_ai_cap=1023" "$out" && grep -qx "sf_acks=1" "$out"; then ok; else
  bad "cc vai set: the registers read $(grep -E '^(vai_|sf_)' "$out" | tr '\n' ' ')"; fi
ok_run "cc vai set back" "${V[@]}" cc vai set $(tr '\n' ' ' <"$tmp/vai_before")
run "${V[@]}" cc vai
if grep -v '^#' "$out" | cmp -s - "$tmp/vai_before"; then ok; else bad "cc vai set of the shown values: $(tr '\n' ' ' <"$out")"; fi
# one past each range: hpnic_set_vaisf's -EINVAL message, resource0 unchanged
for c in "thresh_bytes=0|Token Thresh must be 1 .. 8388607 bytes" \
         "thresh_bytes=8388608|Token Thresh must be 1 .. 8388607 bytes" \
         "ai_div_bytes=0|AI DIV must be 1 .. 8388607 bytes" \
         "bank_cap=4096|Bank Cap must be 0 .. 4095" \
         "ai_cap=0|AI Cap must be 1 .. 1023" "ai_cap=1024|AI Cap must be 1 .. 1023" \
         "damp_shift=16|dampener shift must be 0 .. 15" \
         "sf_acks=0|SF must be 1 .. 255 ACKs" "sf_acks=256|SF must be 1 .. 255 ACKs"; do
  other=bank_cap=7; case $c in bank_cap*) other=damp_shift=2 ;; esac
  expect_err "cc vai set ${c%%|*}" "cc vai set: ${c%%|*}: ${c#*|} (libhpnic's hpnic_set_vaisf: -EINVAL)" \
    "${V[@]}" cc vai set "$other,${c%%|*}"
done
expect_err "cc vai set: unknown name" "unknown name 'w_ai'" "${V[@]}" cc vai set sf_acks=2 w_ai=3
expect_err "cc vai set: twice" "sf_acks given twice" "${V[@]}" cc vai set sf_acks=2,sf_acks=3
expect_err "cc vai set: not a number" "sf_acks=1x: not a number" "${V[@]}" cc vai set sf_acks=1x
expect_err "cc vai set: no =" "'sf_acks': expected NAME=VALUE" "${V[@]}" cc vai set sf_acks
# cc set refuses them by the register map's Range, as the CSR would
expect_err "cc set vai_thresh=0" "cc set: vai_thresh=0: out of range: CC.VAI_THRESH takes 1..8388607" \
  "${V[@]}" cc set t_ns=5000 vai_thresh=0
expect_err "cc set sf_acks=0" "CC.SF_ACKS takes 1..255" "${V[@]}" cc set sf_acks=0
ok_run "bound: cc vai set" "$ctl" --sysfs "$bound" cc vai set sf_acks=40,ai_cap=50
if [ "$(cat "$bdir/cc/sf_acks")" = 40 ] && [ "$(cat "$bdir/cc/vai_ai_cap")" = 50 ]; then ok; else
  bad "bound: cc vai set: cc/sf_acks '$(cat "$bdir/cc/sf_acks")', cc/vai_ai_cap '$(cat "$bdir/cc/vai_ai_cap")'"; fi
ok_run "bound: cc vai" "$ctl" --sysfs "$bound" cc vai && has "bound: cc vai" "sf_acks=40" && has "bound: cc vai" "ai_cap=50"
for a in "cc vai --help" "cc vai set --help" "cc vai show -h"; do
  run "$ctl" $a
  if [ $rc -eq 0 ] && grep -q "^usage: hpnicctl cc vai" "$out" && grep -q "thresh_bytes" "$out" &&
     grep -q "CC.SF_ACKS" "$out"; then ok; else bad "'hpnicctl $a': exit status $rc"; fi
done

# --- counters: every one by name, from BAR0 or through the driver -------------
if ok_run "counters" "$ctl" --sysfs "$one" counters; then
  lines "counters" "${#counters[@]}"
  for c in "${counters[@]}"; do
    if grep -q "^$c " "$out"; then ok; else bad "counters: no $c"; fi
  done
fi
ok_run "counters NAME..." "$ctl" --sysfs "$one" counters rx_cnp cc_dcqcn_inc_bc np_cnp_sent &&
  lines "counters NAME..." 3 && has "counters NAME..." "cc_dcqcn_inc_bc"
ok_run "counters: VAI/SF's" "$ctl" --sysfs "$one" counters cc_sf_updates cc_vai_gen &&
  lines "counters: VAI/SF's" 2 && has "counters: VAI/SF's" "cc_vai_gen"
ok_run "bound: counters: VAI/SF's" "$ctl" --sysfs "$bound" counters cc_sf_updates cc_vai_gen &&
  has "bound: counters: VAI/SF's" "cc_sf_updates          92007" &&
  has "bound: counters: VAI/SF's" "cc_vai_gen             93007"
expect_err "counters bogus" "no counter 'bogus'" "$ctl" --sysfs "$one" counters rx_cnp bogus
ok_run "bound: counters" "$ctl" --sysfs "$bound" counters np_cnp_sent cc_dcqcn_decreases &&
  has "bound: counters" "np_cnp_sent            81007" && has "bound: counters" "cc_dcqcn_decreases     88007"
ok_run "counters --help" "$ctl" counters --help && has "counters --help" "usage: hpnicctl counters"

for a in "" "bogus" "--bogus list" "list --bogus" "list extra" "cc frob" "cc set" "-d" "cc show x" \
  "cc dcqcn set" "cc dcqcn frob" "cc dcqcn show x" "cc vai set" "cc vai frob" "cc vai show x"; do
  run "$ctl" --sysfs "$one" $a
  if [ $rc -eq 2 ] && grep -q "^usage: hpnicctl" "$err"; then ok; else bad "'hpnicctl $a': exit status $rc, not 2 with a usage line"; fi
done
for a in "--help" "-h" "list --help" "dump -h" "cc --help" "cc set --help" "cc show -h"; do
  run "$ctl" $a
  if [ $rc -eq 0 ] && grep -q "^usage: hpnicctl" "$out" && [ ! -s "$err" ]; then ok; else bad "'hpnicctl $a': exit status $rc"; fi
done
run "$ctl" cc set --help
for kv in "${cckeys[@]}"; do
  if grep -q "^  ${kv% *} " "$out"; then ok; else bad "cc set --help: no key ${kv% *}"; fi
done

echo "ctl: $pass passed, $failed failed$skipped"
[ $failed -eq 0 ]
