/* SPDX-License-Identifier: MIT */
/*
 * Status codes of the RoCEv2 packet library, and the RX drop reasons.
 *
 * The drop reasons are the RX pipe's per-reason drop counters: the RTL mirrors
 * this list (same numbers, same check order), so that the C parser and the
 * RTL count a malformed frame under the same reason. `hpnic-pktgen
 * --drop-reasons-vh` prints it as Verilog localparams.
 *
 * A frame is checked in the order of the list, and counted under the first
 * check it fails. The order is layered (Ethernet, IPv4, UDP, then the RoCE
 * packet) and puts the ICRC before the transport-header checks, so that a
 * bit flipped on the wire inside the ICRC-covered bytes counts as ICRC, not as
 * whatever field it happened to hit. TRUNCATED is tested at each layer.
 *
 * Check order (the enum order, with TRUNCATED tested at three points):
 *   TRUNCATED (frame < 14 B), ETHERTYPE, TRUNCATED (< 34 B), IP_VER_IHL,
 *   IP_CSUM, IP_LEN, IP_FRAG, IP_PROTO, UDP_PORT, UDP_LEN,
 *   TRUNCATED (datagram has no room for [INT] + BTH + ICRC), ICRC, INT,
 *   BTH_TVER, BTH_OPCODE, BTH_PKEY, EXT_HDR, PAD, PAYLOAD_LEN.
 * (IP_LEN guarantees the UDP header is in the frame.)
 */
#ifndef ROCE_ERR_H
#define ROCE_ERR_H

#ifdef __cplusplus
extern "C" {
#endif

/* X(name, value, description): the drop reasons, in check order */
#define ROCE_DROP_REASONS(X) \
	X(TRUNCATED,   1, "frame shorter than its headers ([INT], BTH and ICRC included)") \
	X(ETHERTYPE,   2, "ethertype not IPv4 (0x0800); VLAN tags are not accepted") \
	X(IP_VER_IHL,  3, "IPv4 version not 4 or IHL not 5 (options)") \
	X(IP_CSUM,     4, "IPv4 header checksum mismatch") \
	X(IP_LEN,      5, "IPv4 total length < 28 or inconsistent with the frame length") \
	X(IP_FRAG,     6, "IPv4 fragment (MF set or fragment offset not 0)") \
	X(IP_PROTO,    7, "IPv4 protocol not UDP") \
	X(UDP_PORT,    8, "UDP destination port neither 4791 nor the INT port") \
	X(UDP_LEN,     9, "UDP length not IPv4 total length - 20") \
	X(ICRC,       10, "ICRC mismatch") \
	X(INT,        11, "INT block malformed: nHop > 5") \
	X(BTH_TVER,   12, "BTH transport header version not 0") \
	X(BTH_OPCODE, 13, "BTH opcode not one hpnic uses (RC SEND, WRITE, READ, ACK)") \
	X(BTH_PKEY,   14, "BTH P_Key not the default partition (0x7FFF/0xFFFF)") \
	X(EXT_HDR,    15, "RETH, AETH or ImmDt missing or truncated") \
	X(PAD,        16, "pad inconsistent with the length (payload + pad not a multiple of 4, pad > payload, or pad on FIRST/MIDDLE)") \
	X(PAYLOAD_LEN, 17, "payload length invalid for the opcode (payload on READ REQUEST/ACK, empty FIRST/MIDDLE/LAST)")

enum roce_status {
	ROCE_OK = 0,
#define ROCE_X_ENUM(name, val, desc) ROCE_DROP_##name = val,
	ROCE_DROP_REASONS(ROCE_X_ENUM)
#undef ROCE_X_ENUM
	ROCE_DROP_COUNT,            /* counter slots: 0 (unused) .. last reason */

	/* library errors: never a drop reason */
	ROCE_ERR_INVAL = 100,       /* an argument out of range or NULL */
	ROCE_ERR_NOSPC = 101,       /* output buffer too small */
	ROCE_ERR_IO = 102,          /* file I/O failed (errno tells more) */
	ROCE_ERR_FORMAT = 103,      /* file is not a pcap we can read */
	ROCE_END = 104,             /* end of file (pcap reader) */
};

/* a one-line description of a status */
const char *roce_strerror(int status);
/* the short name of a status: "ICRC", "IP_CSUM", "INVAL", ... */
const char *roce_status_name(int status);

#ifdef __cplusplus
}
#endif

#endif /* ROCE_ERR_H */
