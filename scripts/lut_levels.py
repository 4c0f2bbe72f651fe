#!/usr/bin/python3
"""Resource counts and register-to-register logic depth of a Yosys
synth_xilinx netlist (write_json).

  lut_levels.py NETLIST.json TOP [N] [--budget=B] [--cells] [--trace=RE]

Without N: the resource line and the worst paths. With N (make synth-core
gives 20): also every register-to-register path deeper than B LUT levels
(default 8), one per end register, sorted deepest first, the N deepest
with their start and end registers, and how many each module has;
--cells also lists the cells of the worst paths; --trace=RE lists, for
each end register over B whose name matches the regular expression RE, its
path cell by cell with the named nets each cell drives, so that a path
through several blocks shows where it goes.

Yosys' own `ltp -noff` cuts paths only at Yosys-internal flip-flop cells, so
after synth_xilinx it walks straight through FDRE/FDSE; this script cuts at
every Xilinx sequential primitive instead and reports:

  LUT levels    LUT1..LUT6 cells on the worst register-to-register path
  logic levels  the same path's LUT, MUXF7/8/9, CARRY4 and combinational
                DSP48E2 cells (Vivado's "logic levels" also count these).
                Yosys 0.23 maps adders to CARRY4 (4 bits/cell) even for
                UltraScale+, whose CARRY8 halves the carry count.
  logic levels (CARRY8)
                what Vivado reports on UltraScale+: each run of k
                consecutive CARRY4 on the path counted as ceil(k/2) CARRY8.
"""
import json
import re
import sys
from collections import Counter

sys.setrecursionlimit(100000)

SEQ_PREFIX = ("FD", "RAMB", "URAM")           # outputs start paths, inputs end them
LUT = {"LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6", "LUT6_2"}
MUXF = {"MUXF7", "MUXF8", "MUXF9"}
CARRY = {"CARRY4", "CARRY8"}


def param_int(cell, name):
    v = cell.get("parameters", {}).get(name, "0")
    if isinstance(v, int):
        return v
    v = str(v).strip('"')
    try:
        return int(v, 2) if set(v) <= {"0", "1"} and len(v) > 1 else int(v)
    except ValueError:
        return 0


def join_blocks(modules, top):
    """The top module with every instance of a module of the netlist (blocks
    kept apart by keep_hierarchy, fpga/yosys/synth.sh KEEP_HIER) replaced by
    that module's cells, named by instance path, its port bits joined to the
    instance's connections: one flat module, so that a path through several
    blocks counts the levels of each."""
    modules = {n: m for n, m in modules.items()
               if "blackbox" not in m.get("attributes", {})}   # not the cell library
    mod = modules[top]
    if not any(c["type"] in modules for c in mod["cells"].values()):
        return mod
    nxt = [1 + max((b for m in modules.values() for n in m["netnames"].values()
                    for b in n["bits"] if isinstance(b, int)), default=0)]
    parent = {}                                  # union-find over bits

    def find(b):
        while isinstance(b, int) and parent.get(b, b) != b:
            parent[b] = parent.get(parent[b], parent[b])
            b = parent[b]
        return b

    def join(a, b):
        a, b = find(a), find(b)
        if a == b:
            return
        if isinstance(a, int) and isinstance(b, int):
            parent[a] = b
        elif isinstance(a, int):
            parent[a] = b                        # a bit tied to a constant

    cells, netnames = {}, {}

    def place(mname, prefix, portmap):
        m = modules[mname]
        local = {}

        def bit(b):
            if not isinstance(b, int):
                return b
            if b not in local:
                local[b] = nxt[0]
                nxt[0] += 1
            return local[b]
        if portmap is None:                      # the top keeps its own bits
            local.update({b: b for n in m["netnames"].values() for b in n["bits"]
                          if isinstance(b, int)})
        else:
            for pname, p in m["ports"].items():
                outer = portmap.get(pname, [])
                for i, b in enumerate(p["bits"]):
                    if i < len(outer):
                        if isinstance(b, int):
                            join(bit(b), outer[i])
                        else:
                            join(outer[i], b)
        for cname, c in m["cells"].items():
            conns = {pn: [bit(b) for b in bits] for pn, bits in c["connections"].items()}
            if c["type"] in modules:
                place(c["type"], prefix + cname + ".", conns)
            else:
                cells[prefix + cname] = dict(c, connections=conns)
        for nname, n in m["netnames"].items():
            netnames[prefix + nname] = dict(n, bits=[bit(b) for b in n["bits"]])
    place(top, "", None)
    for c in cells.values():
        c["connections"] = {pn: [find(b) for b in bits] for pn, bits in c["connections"].items()}
    for n in netnames.values():
        n["bits"] = [find(b) for b in n["bits"]]
    return {"cells": cells, "netnames": netnames, "ports": mod["ports"]}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    budget, verbose, trace = 8, False, None
    for a in sys.argv[1:]:
        if a.startswith("--budget="):
            budget = int(a.split("=", 1)[1])
        elif a == "--cells":
            verbose = True
        elif a.startswith("--trace="):
            trace = re.compile(a.split("=", 1)[1])
        elif a.startswith("--"):
            sys.exit("lut_levels.py: unknown option %s (--budget=N, --cells, --trace=RE)" % a)
    if len(args) < 2:
        sys.exit("usage: lut_levels.py NETLIST.json TOP [N] [--budget=B] [--cells]")
    path, top = args[0], args[1]
    n_show = int(args[2]) if len(args) > 2 else 0
    modules = json.load(open(path))["modules"]
    mod = join_blocks(modules, top)
    cells = mod["cells"]
    types = Counter(c["type"] for c in cells.values())

    driver = {}                                  # bit -> cell name
    out_port = {}                                # bit -> the output port driving it
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c.get("port_directions", {}).get(port) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = name
                        out_port[b] = port

    def multiport_ram(t):
        """RAM32M, RAM32M16, RAM64M, RAM64M8: one read address per output
        (ADDRx reads DOx); the last port's address is also the write address,
        which reaches no other port's output"""
        return re.match(r"RAM(32|64)M(8|16)?$", t) is not None

    def comb_inputs(name, oport=None):
        """Input bits of a cell that propagate combinationally to its outputs
        (to output port oport, for a multi-port LUT RAM)."""
        c = cells[name]
        t = c["type"]
        dirs = c.get("port_directions", {})
        ins = []
        for port, bits in c["connections"].items():
            if dirs.get(port) != "input":
                continue
            if multiport_ram(t):
                if not (port.startswith("ADDR") and oport and oport.startswith("DO") and
                        port[4:] == oport[2:]):
                    continue
                ins += [b for b in bits if isinstance(b, int)]
                continue
            if t.startswith("DSP48"):
                reg = {"A": "AREG", "ACIN": "AREG", "B": "BREG", "BCIN": "BREG",
                       "C": "CREG", "D": "DREG"}.get(port)
                if reg and param_int(c, reg):
                    continue
                if port in ("A", "B", "D") and param_int(c, "MREG"):
                    continue
                if port not in ("A", "B", "C", "D", "PCIN", "ACIN", "BCIN", "CARRYIN"):
                    continue
            elif t.startswith("RAM32") or t.startswith("RAM64") or t.startswith("RAM128") \
                    or t.startswith("RAM256"):
                if not port.startswith("ADDR"):
                    continue
            elif t.startswith("SRL"):
                if not port.startswith("A"):
                    continue
            elif port in ("C", "CLK", "WCLK"):
                continue
            ins += [b for b in bits if isinstance(b, int)]
        return ins

    def is_seq(name):
        c = cells[name]
        t = c["type"]
        if t.startswith(SEQ_PREFIX):
            return True
        if t.startswith("DSP48") and param_int(c, "PREG"):
            return True
        return False

    memo = {}

    start_of = {}                                # comb cell -> the register its worst path starts at

    def key_of(name, b):
        """a cell, or a multi-port LUT RAM's output port, as a path node"""
        return (name, out_port.get(b)) if multiport_ram(cells[name]["type"]) else (name, None)

    def level(key):
        """(lut_levels, logic_levels, path) for a combinational cell's output."""
        if key in memo:
            return memo[key]
        name, oport = key
        memo[key] = (0, 0, [])                   # guards against loops
        t = cells[name]["type"]
        best = (0, 0, [])
        start = None
        for b in comb_inputs(name, oport):
            d = driver.get(b)
            if d is None:
                continue
            if is_seq(d):
                if start is None and best == (0, 0, []):
                    start = d
                continue
            dk = key_of(d, b)
            cand = level(dk)
            if (cand[0], cand[1]) > (best[0], best[1]):
                best = cand
                start = start_of.get(dk)
        lut = 1 if t in LUT or t.startswith(("RAM32", "RAM64", "SRL")) else 0
        logic = 1 if (lut or t in MUXF or t in CARRY or t.startswith("DSP48")) else 0
        memo[key] = (best[0] + lut, best[1] + logic, best[2] + [t + ':' + name])
        start_of[key] = start
        return memo[key]

    # net names, to name a path by the register it ends in
    bitname = {}
    for net, info in mod.get("netnames", {}).items():
        if info.get("hide_name"):
            continue
        for i, b in enumerate(info["bits"]):
            if isinstance(b, int) and b not in bitname:
                bitname[b] = "%s[%d]" % (net, i) if len(info["bits"]) > 1 else net
    endpoints = {}                               # register name -> (lut, logic, path, start cell)

    def reg_name(name):
        """A sequential cell by the net its output drives: a register's name"""
        c = cells[name]
        dirs = c.get("port_directions", {})
        qbits = [x for pp, bb in c["connections"].items()
                 if dirs.get(pp) == "output" for x in bb if isinstance(x, int)]
        ep = bitname.get(qbits[0], name) if qbits else name
        # a register's bits are one register; a generate index stays
        return re.sub(r"\[\d+\]$", "", ep) if c["type"].startswith("FD") else ep

    worst_lut = (0, 0, [])
    worst_logic = (0, 0, [])
    for name, c in cells.items():
        if not is_seq(name) and not c["type"].startswith("DSP48"):
            continue
        dirs = c.get("port_directions", {})
        for port, bits in c["connections"].items():
            if dirs.get(port) != "input" or port in ("C", "CLK", "CLKARDCLK", "CLKBWRCLK"):
                continue
            if c["type"].startswith("DSP48") and not is_seq(name):
                continue
            for b in bits:
                d = driver.get(b) if isinstance(b, int) else None
                if d is None or is_seq(d):
                    continue
                dk = key_of(d, b)
                cand = level(dk)
                if (cand[0], cand[1]) > (worst_lut[0], worst_lut[1]):
                    worst_lut = cand
                if (cand[1], cand[0]) > (worst_logic[1], worst_logic[0]):
                    worst_logic = cand
                ep = reg_name(name)
                old = endpoints.get(ep)
                if old is None or (cand[0], cand[1]) > (old[0], old[1]):
                    endpoints[ep] = (cand[0], cand[1], cand[2], start_of.get(dk))
    for port, p in mod["ports"].items():
        if p["direction"] == "output":
            for b in p["bits"]:
                d = driver.get(b) if isinstance(b, int) else None
                if d and not is_seq(d):
                    cand = level(key_of(d, b))
                    if (cand[0], cand[1]) > (worst_lut[0], worst_lut[1]):
                        worst_lut = cand
                    if (cand[1], cand[0]) > (worst_logic[1], worst_logic[0]):
                        worst_logic = cand

    luts = sum(n for t, n in types.items() if t in LUT)
    lutram = sum(n for t, n in types.items() if t.startswith(("RAM32", "RAM64", "RAM128", "RAM256")))
    srl = sum(n for t, n in types.items() if t.startswith("SRL"))
    ffs = sum(n for t, n in types.items() if t.startswith("FD"))
    bram36 = types.get("RAMB36E2", 0) + types.get("RAMB18E2", 0) / 2
    uram = types.get("URAM288", 0)
    dsp = types.get("DSP48E2", 0)
    carry = sum(n for t, n in types.items() if t in CARRY)

    def short(p):
        c = Counter(x.split(':')[0] for x in p)
        return " ".join("%s x%d" % (t, n) for t, n in c.most_common())

    print("synth %s (Yosys synth_xilinx -family xcup -flatten):" % top)
    print("  LUT %d (+ %d LUTRAM cells, %d SRL)  FF %d  BRAM36 %.1f  URAM %d  DSP48E2 %d  CARRY4 %d"
          % (luts, lutram, srl, ffs, bram36, uram, dsp, carry))
    print("  LUT levels %d (logic levels on that path %d: %s)"
          % (worst_lut[0], worst_lut[1], short(worst_lut[2])))
    print("  logic levels %d incl. CARRY4/MUXF/DSP (LUT levels on that path %d: %s)"
          % (worst_logic[1], worst_logic[0], short(worst_logic[2])))


    def carry8_levels(p):
        """logic levels with each run of k CARRY4 counted as ceil(k/2) CARRY8"""
        n, run = 0, 0
        for x in p + ["END:"]:
            t = x.split(':')[0]
            if t == "CARRY4":
                run += 1
                continue
            n += (run + 1) // 2
            run = 0
            if t in LUT or t in MUXF or t == "CARRY8" or t.startswith(("DSP48", "RAM32", "RAM64", "SRL")):
                n += 1
        return n

    def module_of(reg):
        """the block a register is in: the first three instance levels
        (names ending in _inst, this project's habit) of its path"""
        parts = []
        for x in reg.split(".")[:-1]:
            if not x.endswith("_inst") or len(parts) == 3:
                break
            parts.append(x)
        return ".".join(parts) if parts else "(top)"

    worst8 = max((carry8_levels(v[2]) for v in endpoints.values()), default=0)
    print("  logic levels %d counting carries as CARRY8, as Vivado does on UltraScale+" % worst8)

    if n_show:
        over = sorted(((v[0], carry8_levels(v[2]), ep, v[3]) for ep, v in endpoints.items()
                       if v[0] > budget), reverse=True)
        print("paths over %d LUT levels: %d end registers" % (budget, len(over)))
        per_mod = Counter(module_of(ep) for _, _, ep, _ in over)
        for m, n in sorted(per_mod.items(), key=lambda kv: (-kv[1], kv[0])):
            deepest = max(a for a, _, ep, _ in over if module_of(ep) == m)
            print("  %4d  deepest %2d  %s" % (n, deepest, m))
        print("the %d deepest register-to-register paths (LUT levels, logic levels with CARRY8;"
              " start -> end):" % n_show)
        ranked = sorted(((v[0], carry8_levels(v[2]), ep, v[3]) for ep, v in endpoints.items()),
                        reverse=True)
        for a, b, ep, st in ranked[:n_show]:
            print("  %3d %3d  %s -> %s" % (a, b, reg_name(st) if st else "(input)", ep))
    if trace:
        drives = {}                              # cell -> named nets it drives
        for b, nm in bitname.items():
            d = driver.get(b)
            if d is not None:
                drives.setdefault(d, []).append(nm)
        for ep, v in sorted(endpoints.items(), key=lambda kv: -kv[1][0]):
            if v[0] <= budget or not trace.search(ep):
                continue
            print("path %d LUT levels: %s -> %s" % (v[0], reg_name(v[3]) if v[3] else "(input)", ep))
            for x in v[2]:
                t, name = x.split(":", 1)
                nets = sorted(drives.get(name, []), key=len)[:3]
                print("    %-8s %s" % (t, "  ".join(nets) if nets else name))
    if verbose:
        for label, w in (("LUT", worst_lut), ("logic", worst_logic)):
            print("worst %s path:" % label)
            for x in w[2]:
                print("   ", x)


main()
