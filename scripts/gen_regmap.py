#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Generate hpnic's register-map outputs from their one source, fw/regmap.toml:
the Verilog constants, the C header and the documentation page.

  scripts/gen_regmap.py fw/regmap.toml --vh rtl/host/hpnic_regs.vh \\
      --h driver/lib/hpnic_regs.h --md docs/regmap.md      (= make regmap)

Any subset of --vh/--h/--md may be named; with none, the source is only
validated. `make test-regmap` runs --check on the three checked-in outputs,
then --self-test.

The source is rejected, with every problem named by file, block, register and
field, on: TOML syntax; unknown or missing keys; bad names; duplicate names
(blocks, types, registers, fields, values, counters, and any two generated
constants that would come out the same); offsets not 4-byte aligned; registers
overlapping each other or the block header; registers outside their block;
fields overlapping or outside bits 31:0; unknown access types; reset values or
named values that do not fit; overlapping blocks; a first block not at 0;
`next` pointers that do not chain the blocks in their listed order; and, when
[params] gives bar0_size, a BAR0 size that is not a power of two or a block
that ends outside it.
"""
import argparse
import difflib
import os
import re
import sys
import textwrap
import tomllib
from types import SimpleNamespace as NS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CANON = ("scripts/gen_regmap.py fw/regmap.toml --vh rtl/host/hpnic_regs.vh "
         "--h driver/lib/hpnic_regs.h --md docs/regmap.md")
ACCESS = ("ro", "rw", "wo")
HDR_REGS = ["TYPE", "VERSION", "NEXT", "SIZE"]
# macros the C header defines beyond symbols(): no register may make them
H_OWN = ["HPNIC_GET", "HPNIC_SET", "HPNIC_BLOCKS", "HPNIC_REG_RO", "HPNIC_REG_WO",
         "HPNIC_REG_RW", "HPNIC_NUM_REGS", "HPNIC_NUM_FIELDS"]
UPPER = re.compile(r"[A-Z][A-Z0-9_]*$")
LOWER = re.compile(r"[a-z][a-z0-9_]*$")


class MapError(Exception):
    pass


class Checker:
    """Collects every problem, each prefixed with the source file and place."""

    def __init__(self, src):
        self.src, self.msgs = src, []

    def __call__(self, where, msg):
        self.msgs.append(f"{self.src}: {where}: {msg}" if where else f"{self.src}: {msg}")

    def table(self, where, t, need, opt=()):
        if not isinstance(t, dict):
            self(where, "must be a table")
            return False
        for k in t:
            if k not in need and k not in opt:
                self(where, f"unknown key '{k}' (known: {', '.join(list(need) + list(opt))})")
        missing = [k for k in need if k not in t]
        for k in missing:
            self(where, f"missing key '{k}'")
        if not isinstance(t.get("desc", ""), str):
            self(where, "desc must be a string")
            missing.append("desc")
        return not missing

    def int(self, where, t, key, default=None, lo=0, hi=None):
        v = t.get(key, default)
        if v is None:
            return None
        if type(v) is not int or v < lo or (hi is not None and v > hi):
            rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            self(where, f"{key} = {v!r}: must be an integer, {rng}")
            return None
        return v

    def name(self, where, t, pat=UPPER):
        n = t.get("name")
        if not isinstance(n, str) or not pat.match(n):
            self(where, f"name {n!r}: must match {pat.pattern}")
            return "?"
        return n

    def unique(self, where, what, names):
        seen = set()
        for n in names:
            if n in seen and n != "?":
                self(where, f"duplicate {what} name {n}")
            seen.add(n)


def array(chk, where, t, key):
    """t[key] as a list of tables ([[key]] or key = [ {...}, ... ])."""
    v = t.get(key, []) if isinstance(t, dict) else []
    if not isinstance(v, list):
        chk(where, f"{key} must be an array of tables")
        return []
    return v


def h32(v):
    return f"0x{v:08x}"


def mask(lsb, width):
    return ((1 << width) - 1) << lsb


def parse_values(chk, where, raw, width):
    vals = []
    for v in array(chk, where, {"values": raw}, "values"):
        w = f"{where}, value {v.get('name', '?') if isinstance(v, dict) else '?'}"
        if not chk.table(w, v, ("name", "value", "desc")):
            continue
        val = chk.int(w, v, "value")
        if val is not None and width is not None and val >= 1 << width:
            chk(w, f"value {val} does not fit in {width} bits")
        vals.append(NS(name=chk.name(w, v), value=val, desc=v["desc"]))
    chk.unique(where, "value", [v.name for v in vals])
    return vals


def parse_bits(chk, where, bits, nbits):
    m = re.fullmatch(r"(\d+)(?::(\d+))?", bits) if isinstance(bits, str) else None
    if not m:
        chk(where, f"bits {bits!r}: must be \"hi:lo\" or \"n\"")
        return None
    hi = int(m[1])
    lo = int(m[2]) if m[2] is not None else hi
    if hi < lo:
        chk(where, f"bits {bits}: hi < lo")
        return None
    if hi >= nbits:
        chk(where, f"bits {bits} exceed the {nbits}-bit value (bits {nbits - 1}:0)")
        return None
    return lo, hi - lo + 1


def parse_fields(chk, where, raw, nbits):
    """Fields of a register or struct member: names, bits, no overlap."""
    fields, used = [], {}
    for f in array(chk, where, {"fields": raw}, "fields"):
        w = f"{where}, field {f.get('name', '?') if isinstance(f, dict) else '?'}"
        if not chk.table(w, f, ("name", "bits", "desc"), ("reset", "values", "enum")):
            continue
        name, lb = chk.name(w, f), parse_bits(chk, w, f["bits"], nbits)
        if lb is None:
            continue
        lsb, width = lb
        for b in range(lsb, lsb + width):
            if b in used:
                chk(w, f"bit {b} overlaps field {used[b]}")
                break
        for b in range(lsb, lsb + width):
            used.setdefault(b, name)
        rst = chk.int(w, f, "reset")
        if rst is not None and rst >= 1 << width:
            chk(w, f"reset {rst} does not fit in {width} bits")
            rst = None
        vals = parse_values(chk, w, f["values"], width) if "values" in f else []
        fields.append(NS(name=name, lsb=lsb, width=width, mask=mask(lsb, width), reset=rst,
                         values=vals, enum=f.get("enum"), desc=f["desc"], where=w))
    chk.unique(where, "field", [f.name for f in fields])
    return fields


def parse_reg(chk, where, r, params, header=False):
    need = ("name", "offset", "desc") if header else ("name", "offset", "access", "desc")
    opt = ("fields",) if header else ("width", "reset", "fields", "values", "enum", "count", "stride",
                                      "min", "max", "zero_ok")
    if not chk.table(where, r, need, opt):
        return None
    reg = NS(name=chk.name(where, r), desc=r["desc"], access=r.get("access", "ro"), where=where,
             offset=chk.int(where, r, "offset"), enum=r.get("enum"), reset=None,
             count=None, stride=None, fields=[], values=[], width=32, min=None, max=None,
             zero_ok=False)
    if reg.access not in ACCESS:
        chk(where, f"unknown access type {reg.access!r} (known: {', '.join(ACCESS)})")
    if reg.offset is not None and reg.offset % 4:
        chk(where, f"offset {reg.offset:#x} is not 4-byte aligned")
    if "fields" in r and "width" in r:
        chk(where, "give either width or fields, not both")
    reg.width = chk.int(where, r, "width", 32, 1, 32) or 32
    if "fields" in r:
        reg.fields = parse_fields(chk, where, r["fields"], 32)
    if "values" in r:
        reg.values = parse_values(chk, where, r["values"], reg.width)
    if reg.values and reg.enum:
        chk(where, "give either values or enum, not both")
    # the reset value: the register's own, or composed from its fields'
    fres = [f for f in reg.fields if f.reset is not None]
    if "reset" in r and fres:
        chk(where, "reset given both for the register and for its fields")
    if "reset" in r:
        reg.reset = chk.int(where, r, "reset")
        if reg.reset is not None and reg.reset >= 1 << reg.width:
            chk(where, f"reset {reg.reset} ({reg.reset:#x}) does not fit in {reg.width} bits")
        free = ~sum(f.mask for f in reg.fields) & 0xFFFFFFFF if reg.fields else 0
        if reg.reset is not None and reg.reset & free:
            chk(where, f"reset {reg.reset:#x} sets bits outside every field")
    elif fres or (reg.access == "rw" and not header):
        reg.reset = sum((f.reset or 0) << f.lsb for f in reg.fields)
    if "count" in r:
        c = r["count"]
        if isinstance(c, str):
            if c not in params:
                chk(where, f"count {c!r} names no [params] entry")
            reg.count_param, c = c, params.get(c)
        if type(c) is not int or c < 1:
            chk(where, f"count {c!r}: must be a positive integer or a [params] name")
            c = 1
        reg.count = c
        reg.stride = chk.int(where, r, "stride", 4, 4)
        if reg.stride is None or reg.stride % 4:
            chk(where, f"stride {r.get('stride')!r}: must be a multiple of 4")
            reg.stride = 4
    elif "stride" in r:
        chk(where, "stride without count")
    reg.span = 4 if reg.count is None else (reg.count - 1) * reg.stride + 4
    parse_range(chk, where, r, reg)
    return reg


def parse_range(chk, where, r, reg):
    """min/max (and zero_ok): the values a write may hold; the CSR refuses
    any other whole (the register keeps its value, CC.RANGE_STATUS says
    BAD_VALUE), and the driver and libhpnic refuse it with -EINVAL."""
    if not any(k in r for k in ("min", "max", "zero_ok")):
        return
    if "min" not in r or "max" not in r:
        chk(where, "min and max go together")
        return
    if reg.access != "rw" or reg.fields or reg.count is not None:
        chk(where, "a range (min/max) is only for a plain read-write register without fields")
        return
    lo, hi = chk.int(where, r, "min"), chk.int(where, r, "max")
    z = r.get("zero_ok", False)
    if not isinstance(z, bool):
        chk(where, f"zero_ok = {z!r}: must be true or false")
        z = False
    if lo is None or hi is None:
        return
    if lo > hi:
        chk(where, f"min {lo} > max {hi}")
    if hi >= 1 << reg.width:
        chk(where, f"max {hi} does not fit in {reg.width} bits")
    if z and lo == 0:
        chk(where, "zero_ok with min 0 says nothing")
    if reg.reset is not None and not (lo <= reg.reset <= hi or (z and reg.reset == 0)):
        chk(where, f"reset {reg.reset} is outside its range {lo}..{hi}" + (" (or 0)" if z else ""))
    reg.min, reg.max, reg.zero_ok = lo, hi, z


def range_text(r):
    """A register's range as the docs give it: '328..8589926 (or 0)'."""
    return f"{r.min}..{r.max}" + (" (or 0)" if r.zero_ok else "")


def check_layout(chk, where, items, size, unit, elems=None):
    """items: (start, length, name); none may leave [0, size), and none may
    overlap another (or, given elems, no element overlaps another)."""
    spans = sorted((s, n, nm) for s, n, nm in items if s is not None)
    for s, n, nm in spans:
        if s + n > size:
            chk(where, f"{unit} {nm} at {s:#x}..{s + n - 1:#x} lies outside the "
                       f"{'block' if unit == 'register' else 'struct'} (size {size:#x})")
    if elems is not None:
        spans = sorted(elems)
    for (s0, n0, a), (s1, _, b) in zip(spans, spans[1:]):
        if s0 + n0 > s1:
            chk(where, f"{unit}s {a} ({s0:#x}..{s0 + n0 - 1:#x}) and {b} (at {s1:#x}) overlap")


def load(text, src):
    """Parse and validate a map; return the model or raise MapError."""
    chk = Checker(src)
    try:
        d = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise MapError(f"{src}: TOML syntax: {e}")
    chk.table("", d, ("header", "block"), ("params", "enum", "struct", "doc"))
    m = NS(src=src, params=d.get("params", {}), enums=[], blocks=[], structs=[], counters=[],
           doc=d.get("doc", {}))
    chk.table("doc", m.doc, (), ("intro", "discovery"))
    for k, v in m.params.items():
        if type(v) is not int or not 0 <= v < 1 << 31:
            chk("params", f"{k} = {v!r}: must be an integer, 0..2^31-1")

    for i, e in enumerate(array(chk, "", d, "enum")):
        w = f"enum {e.get('name', i) if isinstance(e, dict) else i}"
        if chk.table(w, e, ("name", "desc", "values"), ("width",)):
            m.enums.append(NS(name=chk.name(w, e), desc=e["desc"], where=w,
                              values=parse_values(chk, w, e["values"], None), users=[],
                              given=chk.int(w, e, "width", lo=1, hi=32) if "width" in e else None))
    chk.unique("", "enum", [e.name for e in m.enums])
    enums = {e.name: e for e in m.enums}

    hdr = d.get("header", {})
    hregs = []
    if chk.table("header", hdr, ("reg",), ("desc",)):
        hregs = [parse_reg(chk, f"header, register {r.get('name', '?')}", r, m.params, True)
                 for r in array(chk, "header", hdr, "reg") if isinstance(r, dict)]
        hregs = [r for r in hregs if r]
        if sorted(r.name for r in hregs) != sorted(HDR_REGS):
            chk("header", f"must hold exactly the registers {', '.join(HDR_REGS)}")
        check_layout(chk, "header", [(r.offset, 4, r.name) for r in hregs], 0x10, "register")
    m.header_desc, m.header = hdr.get("desc", ""), hregs

    for i, b in enumerate(array(chk, "", d, "block")):
        w = f"block {b.get('name', i) if isinstance(b, dict) else i}"
        if not chk.table(w, b, ("name", "type", "version", "base", "size", "next", "desc"),
                         ("reg", "counters")):
            continue
        blk = NS(name=chk.name(w, b), desc=b["desc"], base=chk.int(w, b, "base"),
                 size=chk.int(w, b, "size", lo=0x10), next=chk.int(w, b, "next"),
                 type=b["type"], type_val=0, ver=(0, 0), regs=[], where=w)
        t = blk.type
        if not (isinstance(t, str) and len(t) == 4 and all(" " <= c <= "~" for c in t)):
            chk(w, f"type {t!r}: must be four printable ASCII characters")
            blk.type = "?"
        else:
            blk.type_val = int.from_bytes(t.encode(), "big")
        v = re.fullmatch(r"(\d+)\.(\d+)", str(b["version"]))
        if not v or int(v[1]) > 0xFFFF or int(v[2]) > 0xFFFF:
            chk(w, f"version {b['version']!r}: must be \"major.minor\", each 0..65535")
        else:
            blk.ver = (int(v[1]), int(v[2]))
        for k in ("base", "size"):
            if getattr(blk, k) is not None and getattr(blk, k) % 4:
                chk(w, f"{k} {getattr(blk, k):#x} is not 4-byte aligned")
        if None not in (blk.base, blk.size) and blk.base + blk.size > 1 << 32:
            chk(w, f"base {blk.base:#x} + size {blk.size:#x} exceeds the 32-bit BAR offsets")
        hv = {"TYPE": blk.type_val, "VERSION": blk.ver[0] << 16 | blk.ver[1],
              "NEXT": blk.next, "SIZE": blk.size}
        blk.regs = [NS(**{**vars(r), "reset": hv.get(r.name), "header": True}) for r in hregs]
        for r in array(chk, w, b, "reg"):
            reg = parse_reg(chk, f"{w}, register {r.get('name', '?') if isinstance(r, dict) else '?'}",
                            r, m.params)
            if reg:
                reg.header = False
                blk.regs.append(reg)
        chk.unique(w, "register", [r.name for r in blk.regs])
        # an array's elements are checked for overlap one by one, so that two
        # arrays of the same stride may interleave (the doorbells of a page)
        check_layout(chk, w, [(r.offset, r.span, r.name) for r in blk.regs],
                     blk.size or 0, "register",
                     [(r.offset + k * (getattr(r, "stride", None) or 4), 4, r.name)
                      for r in blk.regs if r.offset is not None for k in range(r.count or 1)])
        if "counters" in b:
            if m.counters:
                chk(w, "counters: only one block may hold the counter list")
            for k, c in enumerate(array(chk, w, b, "counters")):
                cw = f"{w}, counter {c.get('name', k) if isinstance(c, dict) else k}"
                if chk.table(cw, c, ("index", "name", "desc")):
                    if c["index"] != k:
                        chk(cw, f"index {c['index']!r} but it is entry {k} of the list")
                    m.counters.append(NS(name=chk.name(cw, c, LOWER), desc=c["desc"]))
            chk.unique(w, "counter", [c.name for c in m.counters])
            blk.has_counters = True
        m.blocks.append(blk)
    chk.unique("", "block", [b.name for b in m.blocks])
    chk.unique("", "block type", [b.type for b in m.blocks])

    # the block list: starts at 0, each next is the following block's base
    bl = [b for b in m.blocks if b.base is not None and b.size is not None and b.next is not None]
    if bl and bl[0].base != 0:
        chk(bl[0].where, f"the first block must be at offset 0 (the driver starts there), not {bl[0].base:#x}")
    for b, nb in zip(bl, bl[1:] + [None]):
        want = nb.base if nb else 0
        if b.next != want:
            chk(b.where, f"next is {b.next:#x} but " + (f"the following block {nb.name} is at {want:#x}"
                         if nb else "it is the last block, so next must be 0"))
    srt = sorted(bl, key=lambda b: b.base)
    for a, b in zip(srt, srt[1:]):
        if a.base + a.size > b.base:
            chk(a.where, f"block ({a.base:#x}..{a.base + a.size - 1:#x}) overlaps block {b.name} at {b.base:#x}")
    # BAR0: a PCI BAR's size is a power of two, and the driver maps only BAR0
    bar0 = m.params.get("bar0_size")
    if type(bar0) is int:
        if bar0 < 4 or bar0 & (bar0 - 1):
            chk("params", f"bar0_size {bar0:#x} is not a power of two")
        for b in bl:
            if b.base + b.size > bar0:
                chk(b.where, f"block ({b.base:#x}..{b.base + b.size - 1:#x}) ends outside BAR0 "
                             f"(bar0_size {bar0:#x})")

    for i, s in enumerate(array(chk, "", d, "struct")):
        w = f"struct {s.get('name', i) if isinstance(s, dict) else i}"
        if not chk.table(w, s, ("name", "size", "desc", "member")):
            continue
        st = NS(name=chk.name(w, s), size=chk.int(w, s, "size", lo=1, hi=4096), desc=s["desc"], members=[])
        for mb in array(chk, w, s, "member"):
            mw = f"{w}, member {mb.get('name', '?') if isinstance(mb, dict) else '?'}"
            if not chk.table(mw, mb, ("name", "offset", "size", "desc"),
                             ("width", "fields", "values", "enum")):
                continue
            me = NS(name=chk.name(mw, mb), offset=chk.int(mw, mb, "offset"), desc=mb["desc"],
                    size=mb["size"], enum=mb.get("enum"), fields=[], values=[], where=mw)
            if me.size not in (1, 2, 4, 8):
                chk(mw, f"size {me.size!r}: must be 1, 2, 4 or 8 bytes")
                me.size = 1
            if me.offset is not None and me.offset % me.size:
                chk(mw, f"offset {me.offset} is not a multiple of its size {me.size}")
            me.width = chk.int(mw, mb, "width", 8 * me.size, 1, 8 * me.size) or 8 * me.size
            if "fields" in mb:
                me.fields = parse_fields(chk, mw, mb["fields"], 8 * me.size)
            if "values" in mb:
                me.values = parse_values(chk, mw, mb["values"], me.width)
            st.members.append(me)
        chk.unique(w, "member", [x.name for x in st.members])
        check_layout(chk, w, [(x.offset, x.size, x.name) for x in st.members], st.size or 0, "member")
        m.structs.append(st)
    chk.unique("", "struct", [s.name for s in m.structs])

    # enum references; an enum's width is that of the registers/fields using it
    users = [(r, r.width) for b in m.blocks for r in b.regs]
    users += [(f, f.width) for b in m.blocks for r in b.regs for f in r.fields]
    users += [(x, x.width) for s in m.structs for x in s.members]
    users += [(f, f.width) for s in m.structs for x in s.members for f in x.fields]
    for u, width in users:
        if u.enum is None:
            continue
        if not isinstance(u.enum, str) or u.enum not in enums:
            chk(u.where, f"enum {u.enum!r} is not defined")
        else:
            enums[u.enum].users.append((u.where, width))
    for e in m.enums:
        widths = {wd for _, wd in e.users}
        if len(widths) > 1:
            chk(e.where, "used by values of different widths: " +
                ", ".join(f"{u} ({wd} bits)" for u, wd in e.users))
        if e.given is not None and widths and widths != {e.given}:
            chk(e.where, f"width = {e.given}, but its users are {sorted(widths)} bits wide")
        # a value set no register uses (a wire format's) gives its width
        e.width = min(widths) if widths else e.given if e.given is not None else \
            max(1, max((v.value or 0 for v in e.values), default=0).bit_length())
        for v in e.values:
            if v.value is not None and v.value >= 1 << e.width:
                chk(e.where, f"value {v.name} = {v.value} does not fit in {e.width} bits")

    if not chk.msgs:
        for lang in ("vh", "h"):   # two generated constants must never collide
            seen = {n: "the C header's own macro" for n in H_OWN} if lang == "h" else {}
            for s in symbols(m, lang):
                if s.name is None:
                    continue
                if s.name in seen:
                    chk("", f"generated name {s.name} is made twice ({seen[s.name]}; {s.origin})")
                seen[s.name] = s.origin
    if chk.msgs:
        raise MapError("\n".join(chk.msgs))
    return m


def symbols(m, lang):
    """Every constant of one header ("vh" or "h"), in order, as NS(name, value,
    kind, width, note, origin). kind: addr (32-bit, hex), int (decimal), val and
    rst (a named value, a reset value: sized by .width in Verilog), array (C: a
    macro of the index), comment/sub (a section or register title, no name).
    Both headers are made from this one list, so they always agree."""
    out = []
    c = lang == "h"

    def sym(name, value, kind="int", origin="", width=32, note=""):
        out.append(NS(name=name, value=value, kind=kind, origin=origin, width=width, note=note))

    def title(text, kind="comment"):
        out.append(NS(name=None, kind=kind, value=text))

    def fields(pfx, flist, origin):
        for f in flist:
            o = f"{origin}, field {f.name}"
            if c:
                sym(f"{pfx}_{f.name}_SHIFT", f.lsb, origin=o, note=f.desc)
                sym(f"{pfx}_{f.name}_MASK", f.mask, "addr", o)
            else:
                sym(f"{pfx}_{f.name}_LSB", f.lsb, origin=o, note=f.desc)
                sym(f"{pfx}_{f.name}_W", f.width, origin=o)
                sym(f"{pfx}_{f.name}_MASK", f.mask, "addr", o)
            for v in f.values:
                sym(f"{pfx}_{f.name}_{v.name}", v.value, "val", o, f.width, v.desc)

    def values(pfx, vlist, width, origin):
        for v in vlist:
            sym(f"{pfx}_{v.name}", v.value, "val", f"{origin}, value {v.name}", width, v.desc)

    title("parameters")
    for k, v in m.params.items():
        sym(f"HPNIC_{k.upper()}", v, origin=f"params {k}")
    title("block header, offsets relative to each block's base")
    for r in m.header:
        sym(f"HPNIC_HDR_{r.name}", r.offset, "addr", f"header register {r.name}", note=r.desc)
        fields(f"HPNIC_HDR_{r.name}", r.fields, f"header register {r.name}")
    sym("HPNIC_NUM_BLOCKS", len(m.blocks), origin="the block list")
    for e in m.enums:
        title(f"{e.name}: {e.desc}")
        values(f"HPNIC_{e.name}", e.values, e.width, f"enum {e.name}")
    for b in m.blocks:
        o = f"block {b.name}"
        title(f"{b.name} (\"{b.type}\" {b.ver[0]}.{b.ver[1]}): {b.desc}")
        p = f"HPNIC_{b.name}"
        sym(f"{p}_BASE", b.base, "addr", o)
        sym(f"{p}_BLOCK_SIZE", b.size, "addr", o)
        sym(f"{p}_BLOCK_TYPE", b.type_val, "addr", o, note=f'"{b.type}"')
        sym(f"{p}_BLOCK_VERSION", b.ver[0] << 16 | b.ver[1], "addr", o, note=f"{b.ver[0]}.{b.ver[1]}")
        sym(f"{p}_BLOCK_NEXT", b.next, "addr", o)
        for r in b.regs:
            ro, rp = f"{o}, register {r.name}", f"{p}_{r.name}"
            if not r.header:
                title(f"{b.name}.{r.name} ({r.access}): {r.desc}", "sub")
            if r.count is None:
                sym(rp, b.base + r.offset, "addr", ro)
            else:
                sym(rp, b.base + r.offset, "array" if c else "addr", ro)
                sym(f"{rp}_STRIDE", r.stride, origin=ro)
                sym(f"{rp}_COUNT", r.count, origin=ro)
            if r.header:
                continue
            if r.width < 32:
                sym(f"{rp}_SHIFT" if c else f"{rp}_W", 0 if c else r.width, origin=ro)
                sym(f"{rp}_MASK", mask(0, r.width), "addr", ro)
            if r.reset is not None:
                sym(f"{rp}_RST", r.reset, "rst", ro, r.width)
            if r.min is not None:
                sym(f"{rp}_MIN", r.min, "lim", ro, note="the lowest value a write may hold")
                sym(f"{rp}_MAX", r.max, "lim", ro, note="the highest; others are refused")
                sym(f"{rp}_ZERO_OK", int(r.zero_ok), origin=ro,
                    note="0 is taken too" if r.zero_ok else None)
            fields(rp, r.fields, ro)
            values(rp, r.values, r.width, ro)
        if getattr(b, "has_counters", False):
            title(f"{b.name} counters: the index {b.name}.SEL takes", "sub")
            sym("HPNIC_NUM_COUNTERS", len(m.counters), origin=f"{o} counters")
            for i, cn in enumerate(m.counters):
                sym(f"HPNIC_CNT_{cn.name.upper()}", i, origin=f"{o}, counter {cn.name}", note=cn.desc)
    for s in m.structs:
        o, p = f"struct {s.name}", f"HPNIC_{s.name}"
        title(f"{s.name}, {s.size} bytes in host memory, little-endian: {s.desc}")
        sym(f"{p}_SIZE", s.size, origin=o)
        for x in s.members:
            xo, xp = f"{o}, member {x.name}", f"{p}_{x.name}"
            sym(f"{xp}_OFF", x.offset, origin=xo, note=x.desc)
            sym(f"{xp}_SIZE", x.size, origin=xo)
            if x.width < 8 * x.size:
                sym(f"{xp}_SHIFT" if c else f"{xp}_W", 0 if c else x.width, origin=xo)
                sym(f"{xp}_MASK", mask(0, x.width), "addr", xo)
            fields(xp, x.fields, xo)
            values(xp, x.values, x.width, xo)
    return out


def banner(m, star):
    return [f"{star}hpnic register map. GENERATED from {m.src} by scripts/gen_regmap.py:",
            f"{star}do not edit. Regenerate with `make regmap`, i.e.",
            f"{star}  {CANON}"]


def v_comment(text):
    return ["// " + x for x in textwrap.wrap(text, 95)]


def c_comment(text):
    lines = textwrap.wrap(text, 94)
    return [f"/* {lines[0]} */"] if len(lines) == 1 else ["/*"] + [" * " + x for x in lines] + [" */"]


def render(syms, decl, comment, trail):
    """Constants one per line, names aligned within a section; a note that
    would make the line longer than 100 columns goes on a line above."""
    L, width = [], 0
    for i, s in enumerate(syms):
        if s.kind == "comment" or i == 0:
            nxt = next((k for k in range(i + 1, len(syms)) if syms[k].kind == "comment"), len(syms))
            width = max((len(x.name) + (3 if x.kind == "array" else 0)
                         for x in syms[i:nxt] if x.name), default=0)
        if s.kind in ("comment", "sub"):
            L += [""] + comment(s.value)
            continue
        line = decl(s, width)
        if s.note and len(line) + len(s.note) + 6 > 100:
            L += comment(s.note) + [line]
        else:
            L.append(line + (trail(s.note) if s.note else ""))
    return L


def gen_vh(m):
    L = ["// SPDX-License-Identifier: MIT", "/*"] + banner(m, " * ") + [" *"]
    L += [" * " + x if x else " *" for x in """\
Constants for the RTL, included inside a module body:
    `include "hpnic_regs.vh"      (put rtl/host on the include path: -I)
There is deliberately no `ifndef include guard: a `define is global to the
compilation unit, so a guard would hide these localparams from every module
after the first one that includes the file (Verilator, Icarus and Yosys all
behave so). Include it once per module.

HPNIC_<BLOCK>_<REG> is a register's absolute BAR0 byte offset; _W/_MASK its
value bits, _RST its reset value (sized to the register); _<FIELD>_LSB/_W/
_MASK its fields. An array register gives its first offset, _STRIDE, _COUNT.
docs/regmap.md describes every register.""".splitlines()] + [" */", "",
          "/* verilator lint_off UNUSEDPARAM */"]
    syms = symbols(m, "vh")

    def decl(s, width):
        if s.kind == "int":
            d, lit = "integer", str(s.value)
        elif s.kind == "lim":
            d, lit = "[31:0]", f"32'd{s.value}"
        elif s.kind in ("val", "rst"):
            d = f"[{s.width - 1}:0]"
            lit = f"{s.width}'d{s.value}" if s.value < 65536 else f"{s.width}'h{s.value:x}"
        else:
            d, lit = "[31:0]", f"32'h{s.value >> 16:04x}_{s.value & 0xFFFF:04x}"
        return f"localparam {d:<7} {s.name:<{width}} = {lit};"

    L += render(syms, decl, v_comment, lambda n: f"  // {n}")
    # every block's header as tables, block i in bits [32*i +: 32], so the
    # CSR block answers header reads with a loop, not a hand-written chain
    n = len(m.blocks)
    L += ["", "// block headers: block i (list order) in bits [32*i +: 32]"]
    for tname, get in (("BASES", lambda b: b.base), ("TYPES", lambda b: b.type_val),
                       ("VERSIONS", lambda b: b.ver[0] << 16 | b.ver[1]),
                       ("NEXTS", lambda b: b.next), ("SIZES", lambda b: b.size)):
        vals = ", ".join(f"32'h{get(b) >> 16:04x}_{get(b) & 0xFFFF:04x}" for b in reversed(m.blocks))
        L += [f"localparam [{32 * n - 1}:0] HPNIC_BLOCK_{tname} = {{{vals}}};"]
    L += ["", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(L)


def gen_h(m):
    L = ["/* SPDX-License-Identifier: MIT */", "/*"] + banner(m, " * ") + [" *"]
    L += [" * " + x if x else " *" for x in """\
Register offsets (absolute BAR0 bytes), fields, reset values, block identity,
counter indexes and the WQE/CQE formats shared by the hardware, libhpnic and
the kernel driver. Plain C99 with no includes, so the kernel can use it too.

HPNIC_<BLOCK>_<REG> is a register's offset; _RST its reset value; _SHIFT/_MASK
its value bits; _<FIELD>_SHIFT/_MASK its fields, read and built with HPNIC_GET
and HPNIC_SET. HPNIC_DB_SQ_DB(qpn) is QP qpn's doorbell.

Define HPNIC_REGS_WANT_COUNTER_NAMES in exactly one .c file before including
this header to get hpnic_counter_names[] and hpnic_counter_descs[] (the
latter not with HPNIC_REGS_NO_COUNTER_DESCS: the kernel driver names its
sysfs files and needs no descriptions); define
HPNIC_REGS_WANT_REG_TABLE to get hpnic_block_table[], hpnic_reg_table[] and
hpnic_field_table[], every block, register and field by name (for tools).
docs/regmap.md describes every register.""".splitlines()] + [" */"]
    L += ["#ifndef HPNIC_REGS_H", "#define HPNIC_REGS_H", "",
          "/* HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, v): that field of register value v */",
          "#define HPNIC_GET(f, v)  (((v) & f##_MASK) >> f##_SHIFT)",
          "/* HPNIC_SET(HPNIC_CTRL_INT_CTRL_PORT, x): x in that field, other bits 0 */",
          "#define HPNIC_SET(f, x)  (((unsigned int)(x) << f##_SHIFT) & f##_MASK)"]
    syms = symbols(m, "h")
    stride = {s.name: s.value for s in syms if s.name and s.name.endswith("_STRIDE")}

    def decl(s, width):
        if s.kind == "array":
            return f"#define {s.name + '(n)':<{width}} ({h32(s.value)}u + {stride[s.name + '_STRIDE']}u * (n))"
        lit = (f"{h32(s.value)}u" if s.kind == "addr" or (s.kind == "rst" and s.value >= 65536) else
               f"{s.value}u" if s.kind in ("rst", "lim") else str(s.value))
        return f"#define {s.name:<{width}} {lit}"

    L += render(syms, decl, c_comment, lambda n: f"  /* {n} */")
    L += ["", "/* X(name, base, size, type, version): every block, in list order */",
          "#define HPNIC_BLOCKS(X) \\"]
    L += [f"\tX({b.name}, HPNIC_{b.name}_BASE, HPNIC_{b.name}_BLOCK_SIZE, "
          f"HPNIC_{b.name}_BLOCK_TYPE, HPNIC_{b.name}_BLOCK_VERSION)" +
          (" \\" if i + 1 < len(m.blocks) else "") for i, b in enumerate(m.blocks)]
    if m.counters:
        L += ["", "#ifdef HPNIC_REGS_WANT_COUNTER_NAMES",
              "/* STATS.SEL index -> name, description */",
              "static const char *const hpnic_counter_names[HPNIC_NUM_COUNTERS] = {"]
        L += [f'\t"{cn.name}",' for cn in m.counters]
        L += ["};", "#ifndef HPNIC_REGS_NO_COUNTER_DESCS",
              "static const char *const hpnic_counter_descs[HPNIC_NUM_COUNTERS] = {"]
        L += [f'\t"{cn.desc}",' for cn in m.counters]
        L += ["};", "#endif", "#endif /* HPNIC_REGS_WANT_COUNTER_NAMES */"]
    L += reg_table(m)
    L += ["", "#endif /* HPNIC_REGS_H */", ""]
    return "\n".join(L)


def c_str(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def reg_table(m):
    """The C tables of HPNIC_REGS_WANT_REG_TABLE: blocks, registers, fields,
    in map order, so a tool lists them without a hand-kept copy of the map."""
    fields, regs, blocks = [], [], []

    def add_fields(flist):
        first = len(fields) if flist else 0   # 0 for none, not a dangling index
        fields.extend(flist)
        return first, len(flist)

    # the header's fields (VERSION's) once, shared by every block's header
    hfields = {r.name: add_fields(r.fields) for r in m.header}
    for b in m.blocks:
        first = len(regs)
        for r in b.regs:
            fi, fn = hfields[r.name] if r.header else add_fields(r.fields)
            if r.fields:
                msk = sum(f.mask for f in r.fields)
            else:
                msk = mask(0, r.width)
            sym = f"HPNIC_{b.name}_{r.name}"
            if r.count is None:
                where, cnt, strd = sym, "1", "0"
            else:
                where, cnt, strd = f"{sym}(0)", f"{sym}_COUNT", f"{sym}_STRIDE"
            rst = "0u, 0" if r.header or r.reset is None else f"{h32(r.reset)}u, 1"
            rng = ("0u, 0u, 0, 0" if r.min is None else
                   f"{sym}_MIN, {sym}_MAX, 1, {sym}_ZERO_OK")
            regs.append((f'\t{{ {c_str(b.name)}, {c_str(r.name)}, {where}, HPNIC_REG_{r.access.upper()}, '
                         f'{h32(msk)}u, {cnt}, {strd}, {fi}, {fn}, {rst},', f"\t  {rng},",
                         f"\t  {c_str(r.desc)} }},"))
        blocks.append(f'\t{{ {c_str(b.name)}, HPNIC_{b.name}_BLOCK_TYPE, HPNIC_{b.name}_BLOCK_VERSION, '
                      f'HPNIC_{b.name}_BASE, HPNIC_{b.name}_BLOCK_SIZE, {first}, {len(regs) - first} }},')
    L = ["", "#ifdef HPNIC_REGS_WANT_REG_TABLE",
         "/* a register's access in hpnic_reg_table[]: bit 0 readable, bit 1 writable */",
         "#define HPNIC_REG_RO     1u", "#define HPNIC_REG_WO     2u", "#define HPNIC_REG_RW     3u",
         f"#define HPNIC_NUM_REGS   {len(regs)}", f"#define HPNIC_NUM_FIELDS {len(fields)}", "",
         "struct hpnic_block_desc {",
         "\tconst char *name;",
         "\tunsigned int type, version, base, size;  /* as HPNIC_<BLOCK>_BLOCK_TYPE ... */",
         "\tunsigned int reg, num_regs;  /* hpnic_reg_table[reg ...], the header's four first */",
         "};", "",
         "struct hpnic_reg_desc {",
         "\tconst char *block, *name;",
         "\tunsigned int offset;        /* absolute BAR0 offset; of entry 0 for an array */",
         "\tunsigned int access;        /* HPNIC_REG_RO, _WO or _RW */",
         "\tunsigned int mask;          /* the value bits: from the width, or every field's */",
         "\tunsigned int count, stride; /* an array's entries and their spacing; else 1, 0 */",
         "\tunsigned int field, num_fields;  /* hpnic_field_table[field ...] */",
         "\tunsigned int reset, has_reset;   /* the value after reset; 0, 0 when the hardware",
         "\t                                    drives it (and for the block header) */",
         "\tunsigned int min, max, has_range, zero_ok;  /* the values a write may hold:",
         "\t                                    min..max, and 0 too with zero_ok; others",
         "\t                                    are refused (has_range 0: any in mask) */",
         "\tconst char *desc;",
         "};", "",
         "struct hpnic_field_desc {",
         "\tconst char *name;",
         "\tunsigned int shift, mask;   /* in the register's value, as _SHIFT and _MASK */",
         "\tconst char *desc;",
         "};", "",
         "/* every block, in list order */",
         "static const struct hpnic_block_desc hpnic_block_table[HPNIC_NUM_BLOCKS] = {"]
    L += blocks
    L += ["};", "", "/* every register of every block, block by block, in offset order */",
          "static const struct hpnic_reg_desc hpnic_reg_table[HPNIC_NUM_REGS] = {"]
    L += [x for r in regs for x in r]
    L += ["};", "", "static const struct hpnic_field_desc hpnic_field_table[HPNIC_NUM_FIELDS] = {"]
    L += [f"\t{{ {c_str(f.name)}, {f.lsb}, {h32(f.mask)}u, {c_str(f.desc)} }}," for f in fields]
    L += ["};", "#endif /* HPNIC_REGS_WANT_REG_TABLE */"]
    return L


def md_esc(s):
    return str(s).replace("|", "\\|")


def dotted(where):
    """'block QP, register CMD_STATUS, field ERROR' -> 'QP.CMD_STATUS.ERROR'"""
    return ".".join(re.findall(r"(?:block|register|field|struct|member) (\w+)", where))


def bits(lsb, width):
    return f"{lsb + width - 1}:{lsb}" if width > 1 else f"{lsb}"


def gen_md(m):
    def vtable(vals):
        return ["", "| value | name | meaning |", "|---|---|---|"] + \
               [f"| {v.value} | `{v.name}` | {md_esc(v.desc)} |" for v in vals]

    def enum_ref(e):
        return f" (values: [{e}](#{e.lower()}))" if e else ""

    def ftable(title, flist):
        L = ["", f"**{title}** fields:", "", "| bits | field | reset | description |", "|---|---|---|---|"]
        L += [f"| {bits(f.lsb, f.width)} | `{f.name}` | {'—' if f.reset is None else f.reset} | "
              f"{md_esc(f.desc + enum_ref(f.enum))} |" for f in flist]
        for f in flist:
            if f.values:
                L += ["", f"**{title}.{f.name}** values:"] + vtable(f.values)
        return L

    def rst(r):
        if r.reset is None:
            return "—"
        return h32(r.reset) if r.header or r.fields or r.reset > 0xFFFF else str(r.reset)

    L = ["# Register map", "",
         f"<!-- GENERATED from {m.src} by scripts/gen_regmap.py: do not edit. -->",
         f"*Generated from `{m.src}` by `scripts/gen_regmap.py`: do not edit. Regenerate with "
         f"`make regmap` (`{CANON}`); `make test-regmap` fails while this page, "
         "`rtl/host/hpnic_regs.vh` or `driver/lib/hpnic_regs.h` is stale.*", "", m.doc.get("intro", ""),
         "", "Both headers name a register `HPNIC_<BLOCK>_<REG>` (its absolute BAR0 offset), its "
         "reset value `HPNIC_<BLOCK>_<REG>_RST`, its fields `HPNIC_<BLOCK>_<REG>_<FIELD>_SHIFT`/"
         "`_MASK` in C (read and built with `HPNIC_GET`/`HPNIC_SET`) and `_LSB`/`_W`/`_MASK` in "
         "Verilog; a named value is `HPNIC_<BLOCK>_<REG>_<VALUE>`, a shared one `HPNIC_<SET>_<VALUE>`. A register with a range "
         "(its **Range** below) has `HPNIC_<BLOCK>_<REG>_MIN`, `_MAX` and `_ZERO_OK` (1: 0 is taken "
         "too); the hardware refuses a write outside it whole, and the driver and libhpnic refuse "
         "it with `-EINVAL` before writing.",
         "", "In C, `HPNIC_REGS_WANT_REG_TABLE` (defined before the include) adds the map as data, "
         "for tools that list registers by name (`hpnicctl`, docs/hpnicctl.md): "
         "`hpnic_block_table[]` (each block's name, type, version, base, size and its range of "
         "registers), `hpnic_reg_table[]` (every register of every block: block, name, absolute "
         "offset, access `HPNIC_REG_RO`/`_WO`/`_RW`, value mask, count and stride of an array, "
         "reset value, the range a write may hold (`min`, `max`, `has_range`, `zero_ok`), "
         "description, its range of fields) and `hpnic_field_table[]`. In Verilog, "
         "`HPNIC_BLOCK_BASES`, `_TYPES`, `_VERSIONS`, `_NEXTS` and `_SIZES` hold every block's "
         "header (block i of the list in bits [32i+31:32i]); the CSR block answers header reads "
         "from them.",
         "", "## Blocks", "", m.header_desc, "", "| offset | name | description |", "|---|---|---|"]
    L += [f"| +{r.offset:#x} | `{r.name}` | {md_esc(r.desc)} |" for r in m.header]
    for r in m.header:
        if r.fields:
            L += ftable(r.name, r.fields)
    L += ["", "| block | type | version | base | size | next | description |",
          "|---|---|---|---|---|---|---|"]
    L += [f"| [{b.name}](#{b.name.lower()}) | `{b.type}` ({h32(b.type_val)}) | {b.ver[0]}.{b.ver[1]} | "
          f"{b.base:#07x} | {b.size:#x} | {b.next:#07x} | {md_esc(b.desc)} |" for b in m.blocks]
    L += ["", "### How the driver finds the blocks and refuses a mismatched bitstream", "",
          m.doc.get("discovery", "")]
    for b in m.blocks:
        L += ["", f"## {b.name}", "", f"Type `{b.type}`, version {b.ver[0]}.{b.ver[1]}, base "
              f"{b.base:#07x}, size {b.size:#x}, next {b.next:#07x}. {b.desc}", "",
              "| offset | +off | name | access | bits | reset | description |",
              "|---|---|---|---|---|---|---|"]
        for r in b.regs:
            off = f"{b.base + r.offset:#07x}" + (f" + {r.stride}·n" if r.count else "")
            rb = "fields" if r.fields else bits(0, r.width)
            if r.header and r.name == "TYPE":
                rb = f"`{b.type}`"
            rng = "" if r.min is None else (f". **Range {range_text(r)}**: a write of any other "
                                            "value is refused whole")
            L.append(f"| {off} | +{r.offset:#x} | `{r.name}` | {r.access} | {rb} | {rst(r)} | "
                     f"{md_esc(r.desc + enum_ref(r.enum) + rng)} |")
        for r in b.regs:
            if r.fields and not r.header:
                L += ftable(f"{b.name}.{r.name}", r.fields)
            if r.values:
                L += ["", f"**{b.name}.{r.name}** values:"] + vtable(r.values)
            if r.count:
                L += ["", f"**{b.name}.{r.name}** is an array of {r.count} registers"
                      + (f" (`{r.count_param}`)" if hasattr(r, "count_param") else "") +
                      f": entry n is at {b.base + r.offset:#x} + {r.stride}·n, "
                      f"`HPNIC_{b.name}_{r.name}(n)` in C, `HPNIC_{b.name}_{r.name} + "
                      f"HPNIC_{b.name}_{r.name}_STRIDE * n` in Verilog."]
        if getattr(b, "has_counters", False):
            L += ["", f"### Counters ({len(m.counters)})", "",
                  "`HPNIC_CNT_<NAME>` is a counter's index; in C, `hpnic_counter_names[]` and "
                  "`hpnic_counter_descs[]` (with `HPNIC_REGS_WANT_COUNTER_NAMES`) name them.", "",
                  "| index | name | counts |", "|---|---|---|"]
            L += [f"| {i} | `{cn.name}` | {md_esc(cn.desc)} |" for i, cn in enumerate(m.counters)]
    L += ["", "## Shared values"]
    for e in m.enums:
        used = ", ".join(sorted({dotted(u) for u, _ in e.users})) or "nothing yet"
        L += ["", f"### {e.name}", "", f"{e.desc[0].upper()}{e.desc[1:]}: `HPNIC_{e.name}_<NAME>`, "
              f"{e.width} bits, used by {used}."] + vtable(e.values)
    L += ["", "## Host-memory formats"]
    for s in m.structs:
        L += ["", f"### {s.name}", "", f"{s.desc} {s.size} bytes, little-endian: `HPNIC_{s.name}_SIZE`; "
              f"a member's byte offset is `HPNIC_{s.name}_<MEMBER>_OFF`, its size `_SIZE`.", "",
              "| bytes | name | bits | description |", "|---|---|---|---|"]
        for x in s.members:
            by = f"{x.offset}" if x.size == 1 else f"{x.offset}..{x.offset + x.size - 1}"
            xb = "fields" if x.fields else bits(0, x.width)
            L.append(f"| {by} | `{x.name}` | {xb} | {md_esc(x.desc + enum_ref(x.enum))} |")
        for x in s.members:
            if x.fields:
                L += ftable(f"{s.name}.{x.name}", x.fields)
            if x.values:
                L += ["", f"**{s.name}.{x.name}** values:"] + vtable(x.values)
    return "\n".join(L) + "\n"


GENERATORS = {"vh": gen_vh, "h": gen_h, "md": gen_md}


def display_src(path):
    """The source as named in generated files: relative to the repository."""
    p = os.path.abspath(path)
    return os.path.relpath(p, ROOT) if p.startswith(ROOT + os.sep) else path


# --- self-test: each broken map must be rejected with its message -------------

BASE = """
[params]
n = 2
[header]
reg = [ { name = "TYPE", offset = 0, desc = "t" }, { name = "VERSION", offset = 4, desc = "v" },
        { name = "NEXT", offset = 8, desc = "n" }, { name = "SIZE", offset = 12, desc = "s" } ]
[[block]]
name = "ID"
type = "HPID"
version = "1.0"
base = 0
size = 0x100
next = 0x100
desc = "id"
[[block.reg]]
name = "A"
offset = 0x10
access = "rw"
desc = "a"
fields = [ { name = "X", bits = "3:0", desc = "x" }, { name = "Y", bits = "7:4", desc = "y" } ]
[[block.reg]]
name = "B"
offset = 0x14
access = "ro"
width = 8
desc = "b"
[[block]]
name = "DB"
type = "HPDB"
version = "1.0"
base = 0x100
size = 0x100
next = 0
desc = "db"
[[block.reg]]
name = "R"
offset = 0x80
access = "wo"
count = "n"
stride = 4
desc = "r"
"""

SELF_TESTS = [  # (what, old, new, expected message)
    ("syntax", 'desc = "id"', 'desc = "id', "TOML syntax"),
    ("overlap", "offset = 0x14", "offset = 0x10", "registers A (0x10..0x13) and B (at 0x10) overlap"),
    ("header overlap", "offset = 0x14", "offset = 0xC", "registers B (0xc..0xf) and SIZE (at 0xc) overlap"),
    ("alignment", "offset = 0x14", "offset = 0x16", "block ID, register B: offset 0x16 is not 4-byte aligned"),
    ("outside", "offset = 0x14", "offset = 0x100", "register B at 0x100..0x103 lies outside the block"),
    ("array outside", "offset = 0x80", "offset = 0xfc", "register R at 0xfc..0x103 lies outside the block"),
    ("field overlap", '"7:4"', '"4:3"', "block ID, register A, field Y: bit 3 overlaps field X"),
    ("field > 32 bits", '"7:4"', '"32:4"', "field Y: bits 32:4 exceed the 32-bit value"),
    ("duplicate register", 'name = "B"', 'name = "A"', "block ID: duplicate register name A"),
    ("duplicate field", '"Y", bits', '"X", bits', "block ID, register A: duplicate field name X"),
    ("duplicate block", 'name = "DB"', 'name = "ID"', "duplicate block name ID"),
    ("header name", 'name = "B"', 'name = "NEXT"', "block ID: duplicate register name NEXT"),
    ("access", 'access = "ro"', 'access = "rx"', "block ID, register B: unknown access type 'rx'"),
    ("reset width", 'width = 8', 'width = 8\nreset = 256', "register B: reset 256 (0x100) does not fit in 8 bits"),
    ("field reset", 'bits = "3:0"', 'bits = "3:0", reset = 16', "field X: reset 16 does not fit in 4 bits"),
    ("reset both", 'fields = [ { name = "X", bits = "3:0",', 'reset = 1\nfields = [ { name = "X", bits = "3:0", reset = 1,',
     "register A: reset given both for the register and for its fields"),
    ("next chain", "next = 0x100", "next = 0x200", "block ID: next is 0x200 but the following block DB is at 0x100"),
    ("last next", "next = 0\n", "next = 0x100\n", "block DB: next is 0x100 but it is the last block"),
    ("typo", 'width = 8', 'widht = 8', "register B: unknown key 'widht'"),
    ("type", 'type = "HPDB"', 'type = "HPDBX"', "block DB: type 'HPDBX'"),
    ("name clash", 'name = "B"', 'name = "A_X_MASK"', "generated name HPNIC_ID_A_X_MASK is made twice"),
    ("count param", 'count = "n"', 'count = "m"', "count 'm' names no [params] entry"),
    ("bar0 size", "n = 2", "n = 2\nbar0_size = 0x300", "params: bar0_size 0x300 is not a power of two"),
    ("bar0 end", "n = 2", "n = 2\nbar0_size = 0x100",
     "block DB: block (0x100..0x1ff) ends outside BAR0 (bar0_size 0x100)"),
    ("C table name", "n = 2", "n = 2\nreg_rw = 3", "generated name HPNIC_REG_RW is made twice"),
    ("range width", 'access = "ro"\nwidth = 8', 'access = "rw"\nwidth = 8\nmin = 1\nmax = 256',
     "register B: max 256 does not fit in 8 bits"),
    ("range order", 'access = "ro"\nwidth = 8', 'access = "rw"\nwidth = 8\nreset = 5\nmin = 9\nmax = 3',
     "register B: min 9 > max 3"),
    ("range reset", 'access = "ro"\nwidth = 8', 'access = "rw"\nwidth = 8\nreset = 0\nmin = 1\nmax = 3',
     "register B: reset 0 is outside its range 1..3"),
    ("range alone", 'access = "ro"\nwidth = 8', 'access = "rw"\nwidth = 8\nmin = 1',
     "register B: min and max go together"),
    ("range ro", 'access = "ro"\nwidth = 8', 'access = "ro"\nwidth = 8\nmin = 1\nmax = 3',
     "register B: a range (min/max) is only for a plain read-write register"),
    ("enum width", "[header]", '[[enum]]\nname = "E"\nwidth = 2\ndesc = "e"\n'
     'values = [ { name = "V", value = 5, desc = "v" } ]\n[header]', "value V = 5 does not fit in 2 bits"),
]


def self_test():
    load(BASE, "base.toml")  # the base itself must pass
    bad = 0
    for what, old, new, want in SELF_TESTS:
        assert old in BASE, what
        try:
            load(BASE.replace(old, new, 1), "t.toml")
            got = "(accepted)"
        except MapError as e:
            got = str(e)
        if want not in got:
            print(f"gen_regmap: self-test '{what}': expected '{want}', got:\n  {got}")
            bad += 1
    if bad:
        print(f"gen_regmap: self-test: {bad} of {len(SELF_TESTS)} cases FAILED")
        return 1
    print(f"gen_regmap: self-test: {len(SELF_TESTS)} broken maps rejected as expected")
    return 0


def main():
    ap = argparse.ArgumentParser(prog="scripts/gen_regmap.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", nargs="?", help="the register map, fw/regmap.toml")
    ap.add_argument("--vh", metavar="FILE", help="Verilog header: localparams to include in a module body")
    ap.add_argument("--h", metavar="FILE", help="C99 header: #defines, field macros, counter names")
    ap.add_argument("--md", metavar="FILE", help="the documentation page (Markdown)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing: regenerate in memory, compare with the files named, "
                         "exit 1 naming each stale or missing one")
    ap.add_argument("--self-test", action="store_true",
                    help="check that the validator rejects a set of broken maps with the "
                         "expected messages")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if not a.source:
        ap.error("a source file is required (fw/regmap.toml)")
    outs = {k: getattr(a, k) for k in GENERATORS if getattr(a, k)}
    if a.check and not outs:
        ap.error("--check needs the files to compare: --vh, --h and/or --md")
    try:
        with open(a.source, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"gen_regmap: {e}", file=sys.stderr)
        return 1
    try:
        m = load(text, display_src(a.source))
    except MapError as e:
        print(e, file=sys.stderr)
        print(f"gen_regmap: {a.source} rejected; nothing written", file=sys.stderr)
        return 1
    stale = 0
    for k, path in outs.items():
        new = GENERATORS[k](m)
        try:
            with open(path, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if a.check:
            if old is None:
                print(f"gen_regmap: {path} is missing", file=sys.stderr)
                stale += 1
            elif old != new:
                d = next((i for i, (x, y) in enumerate(zip(old.splitlines(), new.splitlines()))
                          if x != y), min(old.count("\n"), new.count("\n")))
                diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), path,
                                                 "generated", n=0, lineterm=""))
                print(f"gen_regmap: {path} is stale (first difference at line {d + 1}):",
                      file=sys.stderr)
                print("\n".join("  " + x for x in diff[2:8]), file=sys.stderr)
                stale += 1
        elif old != new:
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"gen_regmap: wrote {path}")
    if stale:
        print(f"gen_regmap: {stale} generated file(s) differ from {a.source}: run `make regmap` "
              "(never edit them by hand)", file=sys.stderr)
        return 1
    if a.check:
        print(f"gen_regmap: {', '.join(outs.values())} up to date with {a.source}")
    elif not outs:
        print(f"gen_regmap: {a.source}: valid ({len(m.blocks)} blocks, "
              f"{sum(len(b.regs) for b in m.blocks)} registers, {len(m.counters)} counters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
