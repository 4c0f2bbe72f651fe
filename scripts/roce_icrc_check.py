#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Check the ICRC (and IPv4 checksum) of every RoCEv2 frame in a pcap with
scapy's RoCE layer (scapy.contrib.roce), an implementation independent of
sim/roce.

Frames to UDP 4791 are checked as they are. Frames to the INT port have their
INT block removed here, in Python (IPv4 total length and UDP length minus 42,
dport 4791), and the resulting RoCEv2 frame is checked: that is the
"ICRC as if INT were absent" rule of docs/wire.md.

Run it with Debian's interpreter, /usr/bin/python3 (python3-scapy).
Exit status: 0 all good, 1 mismatches (or non-RoCE frames), 2 usage errors.
"""
import argparse
import struct
import sys

try:
    from scapy.utils import RawPcapReader, checksum
    from scapy.layers.l2 import Ether
    from scapy.layers.inet import IP, UDP
    from scapy.contrib.roce import BTH
except ImportError as e:
    sys.exit(f"roce_icrc_check: scapy is missing ({e}); install python3-scapy "
             "and run with /usr/bin/python3")

ROCE_PORT = 4791
INT_LEN = 42
L4 = 14 + 20 + 8  # Ethernet + IPv4 + UDP


def strip_int(raw):
    """The INT-less RoCEv2 frame of an INT frame, computed independently of C.
    The IPv4 checksum is left stale: the ICRC masks it."""
    b = bytearray(raw[:L4]) + raw[L4 + INT_LEN:]
    iplen, = struct.unpack_from("!H", b, 16)
    udplen, = struct.unpack_from("!H", b, 38)
    struct.pack_into("!H", b, 16, iplen - INT_LEN)
    struct.pack_into("!H", b, 36, ROCE_PORT)
    struct.pack_into("!H", b, 38, udplen - INT_LEN)
    return bytes(b)


def ipv4_ok(pkt, raw):
    """The IPv4 header checksum, recomputed with scapy's checksum() over the
    header as IP.post_build does (on the bytes: rebuilding the layer twice,
    as this did before, took as long as the ICRC)."""
    if pkt.type != 0x0800:  # not right after the Ethernet header: the slow way
        ip = pkt[IP]
        fixed = IP(bytes(ip))
        del fixed.chksum
        return IP(bytes(fixed)).chksum == ip.chksum
    hdr = bytearray(raw[14:14 + 4 * (raw[14] & 15)])
    field, = struct.unpack_from("!H", hdr, 10)
    hdr[10:12] = b"\0\0"
    return checksum(bytes(hdr)) == field


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pcap")
    ap.add_argument("--int-port", type=int, default=4792,
                    help="UDP port of frames carrying the INT block (default 4792)")
    ap.add_argument("--max-bad", type=int, default=0,
                    help="tolerate this many bad frames (pcaps taken after a corrupting link)")
    ap.add_argument("--allow-other", action="store_true",
                    help="skip frames that are not RoCEv2 instead of failing")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per frame")
    a = ap.parse_args()
    if a.int_port == ROCE_PORT or not 0 < a.int_port < 65536:
        ap.error("--int-port must be 1..65535 and not 4791")

    n = n_int = bad = other = 0
    try:
        reader = RawPcapReader(a.pcap)
    except (OSError, Exception) as e:  # scapy raises Scapy_Exception on bad files
        sys.exit(f"roce_icrc_check: {a.pcap}: {e}")
    try:
        for i, (raw, _) in enumerate(reader, 1):
            pkt = Ether(raw)
            if not (Ether in pkt and IP in pkt and UDP in pkt) or \
                    pkt[UDP].dport not in (ROCE_PORT, a.int_port):
                other += 1
                if not a.allow_other:
                    print(f"frame {i}: not RoCEv2 over IPv4/UDP {ROCE_PORT}/{a.int_port}")
                continue
            has_int = pkt[UDP].dport == a.int_port
            ok_ip = ipv4_ok(pkt, raw)  # on the frame as sent, before any stripping
            if has_int:
                n_int += 1
                raw = strip_int(raw)
                pkt = Ether(raw)
            n += 1
            ip_end = 14 + pkt[IP].len
            if BTH not in pkt or ip_end > len(raw) or ip_end < L4 + 12 + 4:
                bad += 1
                print(f"frame {i}: no BTH or a bad IPv4 length")
                continue
            want = pkt[BTH].compute_icrc(None)
            got = raw[ip_end - 4:ip_end]
            if a.verbose or want != got or not ok_ip:
                print(f"frame {i}: opcode {pkt[BTH].opcode:#04x} psn {pkt[BTH].psn}"
                      f"{' (INT stripped)' if has_int else ''}: ICRC on wire {got.hex()}, "
                      f"scapy {want.hex()}: {'ok' if want == got else 'MISMATCH'}; "
                      f"IPv4 checksum {'ok' if ok_ip else 'WRONG'}")
            if want != got or not ok_ip:
                bad += 1
    finally:
        reader.close()

    fails = bad > a.max_bad or (other and not a.allow_other) or n == 0
    print(f"scapy ICRC: {a.pcap}: {n} RoCEv2 frames ({n_int} with INT, checked as if "
          f"INT were absent), {bad} bad{f' (up to {a.max_bad} allowed)' if a.max_bad else ''}"
          f"{f', {other} other frames' if other else ''}: {'FAILED' if fails else 'ok'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
