#!/usr/bin/env python3
"""Static checks of the Alveo U250 build's Vivado inputs (fpga/boards/au250),
run by `make lint-au250` where there is no Vivado:

1. Every Tcl file (ip/*.tcl, tcl/*.tcl, xdc/*.tcl, xdc/au250.xdc,
   rtl/shim/hpnic_shim_cdc.tcl) is sourced by tclsh with Vivado's commands
   replaced by recording stubs: it parses, and each set_property -dict gets
   name/value pairs.
2. The PCIe IP configuration agrees with what the driver and the core
   expect: vendor, device and class from driver/lib/hpnic_regs.h, BAR0 of
   HPNIC_BAR0_SIZE, the MSI-X table and PBA inside BAR2 and apart, the
   table large enough for the core's 11-bit vector.
3. The XDC and the top's ports agree: every port of rtl/fpga.v has a pin
   (a GT _n pin may follow its _p), no pin is named twice, the XDC names no
   port the top lacks.

Prints what it checked; exits 1 on the first class of failure found.
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
BOARD = os.path.join(ROOT, 'fpga', 'boards', 'au250')
fails = []


def fail(msg):
    fails.append(msg)
    if len(fails) <= 20:
        print('check_au250: FAIL ' + msg)


# ---- 1. the Tcl files, sourced with Vivado's commands stubbed ----
MOCK = r'''
set ::props {}
set ::vivado_cmds {create_ip get_ips get_runs get_files get_filesets create_project add_files
  generate_target create_ip_run open_project reset_run launch_runs wait_on_run open_run
  report_utilization report_timing_summary report_clock_interaction report_cdc write_checkpoint
  get_timing_paths open_checkpoint write_bitstream write_cfgmem open_hw_manager connect_hw_server
  open_hw_target get_hw_devices current_hw_device program_hw_devices refresh_hw_device
  close_hw_target disconnect_hw_server close_hw_manager get_cells get_pins get_clocks
  set_max_delay set_bus_skew set_false_path all_fanin current_design get_ports create_clock
  set_output_delay set_input_delay current_project}
foreach c $::vivado_cmds { proc $c {args} { return {} } }
proc get_hw_devices {args} { return xcu250_0 }
proc get_property {name args} {
    if {$name eq "PROGRESS"} { return "100%" }
    if {$name eq "SLACK"} { return 0.1 }
    return 1
}
proc set_property {args} {
    if {[lindex $args 0] eq "-dict"} {
        set d [lindex $args 1]
        if {[llength $d] % 2 != 0} { error "set_property -dict: odd list: $d" }
        foreach {k v} $d {
            if {$v eq ""} { error "set_property -dict: $k has no value" }
            lappend ::props $k $v
        }
    }
}
set f [lindex $argv 0]
set argv [lrange $argv 1 end]
if {[catch {source $f} msg]} { puts "ERROR $msg"; exit 1 }
foreach {k v} $::props { puts "PROP $k=$v" }
'''

tclsh = shutil.which('tclsh')
ip_props = {}
if not tclsh:
    fail('no tclsh (Debian package tcl): the Tcl files were not parsed')
else:
    mock = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'hpnic_check_au250_%d.tcl' % os.getpid())
    with open(mock, 'w') as fh:
        fh.write(MOCK)
    tcl_files = sorted(
        [os.path.join(BOARD, d, f) for d in ('ip', 'tcl', 'xdc') for f in os.listdir(os.path.join(BOARD, d))
         if f.endswith('.tcl') or f.endswith('.xdc')] +
        [os.path.join(ROOT, 'rtl', 'shim', 'hpnic_shim_cdc.tcl')])
    args = {'project.tcl': [ROOT, 'xcu250-figd2104-2L-e', os.devnull, '20260101', '00000000'],
            'synth.tcl': ['8'], 'impl.tcl': ['8'], 'program.tcl': ['localhost:3121']}
    for f in tcl_files:
        r = subprocess.run([tclsh, mock, f] + args.get(os.path.basename(f), []),
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail('%s: %s' % (os.path.relpath(f, ROOT), (r.stdout + r.stderr).strip()))
            continue
        props = dict(l[5:].split('=', 1) for l in r.stdout.splitlines() if l.startswith('PROP '))
        if os.path.basename(os.path.dirname(f)) == 'ip':
            ip_props[os.path.basename(f)] = props
    os.unlink(mock)
    print('check_au250: %d Tcl/XDC files parse with Vivado stubbed' % len(tcl_files))

# ---- 2. the PCIe function against the driver and the core ----
hdr = open(os.path.join(ROOT, 'driver', 'lib', 'hpnic_regs.h')).read()


def define(name):
    return int(re.search(r'#define %s\s+(\d+)' % name, hdr).group(1))


p = ip_props.get('pcie4_uscale_plus_0.tcl')
if tclsh and p is None:
    fail('ip/pcie4_uscale_plus_0.tcl set no properties')
elif p is not None:
    def want(key, value):
        got = p.get('CONFIG.' + key)
        if got is None or got.lower() != value.lower():
            fail('pcie4_uscale_plus_0: CONFIG.%s is %s, expected %s' % (key, got, value))
    want('vendor_id', '%04x' % define('HPNIC_PCI_VENDOR_ID'))
    want('PF0_DEVICE_ID', '%04x' % define('HPNIC_PCI_DEVICE_ID'))
    want('PF0_CLASS_CODE', '%06x' % define('HPNIC_PCI_CLASS'))
    want('PL_LINK_CAP_MAX_LINK_WIDTH', 'X16')
    want('axisten_if_width', '512_bit')
    want('axisten_freq', '250')
    scale = {'Bytes': 1, 'Kilobytes': 1 << 10, 'Megabytes': 1 << 20, 'Gigabytes': 1 << 30}

    def bar_bytes(n):
        return int(p['CONFIG.pf0_bar%d_size' % n]) * scale[p['CONFIG.pf0_bar%d_scale' % n]]
    if bar_bytes(0) != define('HPNIC_BAR0_SIZE'):
        fail('pcie4_uscale_plus_0: BAR0 is %d bytes, HPNIC_BAR0_SIZE %d' % (bar_bytes(0), define('HPNIC_BAR0_SIZE')))
    want('pf0_bar0_prefetchable', 'false')
    want('MSI_X_OPTIONS', 'MSI-X_External')
    entries = int(p['CONFIG.PF0_MSIX_CAP_TABLE_SIZE'], 16) + 1
    table = int(p['CONFIG.PF0_MSIX_CAP_TABLE_OFFSET'], 16)
    pba = int(p['CONFIG.PF0_MSIX_CAP_PBA_OFFSET'], 16)
    bir = {'BAR_3:2': 2, 'BAR_1:0': 0, 'BAR_5:4': 4}
    if bir.get(p['CONFIG.PF0_MSIX_CAP_TABLE_BIR']) != 2 or bir.get(p['CONFIG.PF0_MSIX_CAP_PBA_BIR']) != 2:
        fail('pcie4_uscale_plus_0: the MSI-X table and PBA are not both in BAR2')
    bar2 = bar_bytes(2)
    t_end, p_end = table + 16 * entries, pba + 8 * ((entries + 63) // 64)
    if not (t_end <= pba or p_end <= table) or max(t_end, p_end) > bar2:
        fail('pcie4_uscale_plus_0: MSI-X table [%#x, %#x) and PBA [%#x, %#x) overlap or leave BAR2 (%#x)'
             % (table, t_end, pba, p_end, bar2))
    if entries > 2048:
        fail('pcie4_uscale_plus_0: %d MSI-X entries (at most 2048)' % entries)
    core = open(os.path.join(BOARD, 'rtl', 'fpga_core.v')).read()
    m = re.search(r'parameter\s+MSIX_VECTORS\s*=\s*(\d+)', core)
    if not m or int(m.group(1)) != entries:
        fail('pcie4_uscale_plus_0: %d MSI-X entries advertised, fpga_core implements %s'
             % (entries, m.group(1) if m else 'no MSIX_VECTORS'))
    for iface, key in (('RQ', 'AXISTEN_IF_EXT_512_RQ_STRADDLE'), ('RC', 'AXISTEN_IF_EXT_512_RC_STRADDLE')):
        m = re.search(r'parameter\s+%s_STRADDLE\s*=\s*(\d+)' % iface, core)
        ip = p['CONFIG.' + key] == 'true'
        if not m or (int(m.group(1)) != 0) != ip:
            fail('pcie4_uscale_plus_0: %s straddle %s in the IP, fpga_core %s_STRADDLE %s'
                 % (iface, 'on' if ip else 'off', iface, m.group(1) if m else 'missing'))
    print('check_au250: PCIe function %s:%s class %s, BAR0 %d MiB, BAR2 %d KiB with %d MSI-X entries '
          '(table %#x, PBA %#x)' % (p['CONFIG.vendor_id'], p['CONFIG.PF0_DEVICE_ID'], p['CONFIG.PF0_CLASS_CODE'],
                                    bar_bytes(0) >> 20, bar2 >> 10, entries, table, pba))

# ---- 3. the XDC against the top's ports ----
top = open(os.path.join(BOARD, 'rtl', 'fpga.v')).read()
body = top[top.index('module fpga'):]
body = body[body.index(') (') + 3:body.index(');')]
body = re.sub(r'//[^\n]*|/\*.*?\*/', '', body, flags=re.S)
ports = {}
for m in re.finditer(r'\b(input|output|inout)\s+wire\s*(\[(\d+):(\d+)\])?\s*(\w+)', body):
    ports[m.group(5)] = (int(m.group(3)), int(m.group(4))) if m.group(2) else None
bits = set()
for name, rng in ports.items():
    if rng is None:
        bits.add(name)
    else:
        bits.update('%s[%d]' % (name, i) for i in range(min(rng), max(rng) + 1))
xdc = re.sub(r'#[^\n]*', '', open(os.path.join(BOARD, 'xdc', 'au250.xdc')).read())
pinned, pins = {}, {}
for m in re.finditer(r'set_property\s+(?:-dict\s+\{([^}]*)\}|PACKAGE_PIN\s+(\w+))\s+\[get_ports\s+(\{[^}]*\}|[^\s\]]+)\s*\]', xdc):
    if m.group(1) is not None:
        d = m.group(1).split()
        if 'PACKAGE_PIN' not in d:
            continue
        pin = d[d.index('PACKAGE_PIN') + 1]
    else:
        pin = m.group(2)
    port = m.group(3).strip('{} ')
    if port in pinned:
        fail('xdc: port %s pinned twice' % port)
    if pin in pins:
        fail('xdc: pin %s given to %s and %s' % (pin, pins[pin], port))
    pinned[port], pins[pin] = pin, port
for port in sorted(pinned):
    if port not in bits:
        fail('xdc: pins %s, which rtl/fpga.v does not have' % port)
for b in sorted(bits):
    if b in pinned:
        continue
    p_twin = re.sub(r'_n(\[\d+\])?$', r'_p\1', b)
    if p_twin != b and p_twin in pinned and re.match(r'(pcie|qsfp\d)_(rx|tx)_n|.*refclk.*_n', b):
        continue   # a GT lane's or GT reference clock's _n pin follows its _p pin
    fail('xdc: port bit %s of rtl/fpga.v has no pin' % b)
print('check_au250: %d port bits of rtl/fpga.v, %d pinned in xdc/au250.xdc' % (len(bits), len(pinned)))

if fails:
    print('check_au250: FAILED (%d)' % len(fails))
    sys.exit(1)
print('check_au250: all passed')
