/* SPDX-License-Identifier: MIT */
/*
 * RoCEv2 packet library: build, parse and validate the frames of docs/wire.md
 * (Ethernet II / IPv4 / UDP / [HPCC INT] / BTH / [RETH | AETH] / payload /
 * pad / ICRC), stamp and strip the HPCC INT block, compute the ICRC.
 *
 * Frames are handled without the Ethernet FCS: what a MAC takes in on its
 * AXI-stream side and what a pcap holds. Nothing here allocates; parse points
 * into the caller's frame.
 *
 * Every function returns ROCE_OK (0) or a status from enum roce_status;
 * roce_strerror() names it. The drop reasons are the RX pipe's counters: the
 * RTL mirrors that enum (values and check order), see docs/roce.md.
 */
#ifndef ROCE_PKT_H
#define ROCE_PKT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hpnic_regs.h"   /* generated, in driver/lib */
#include "roce_err.h"

#ifdef __cplusplus
extern "C" {
#endif

/* header sizes, bytes */
#define ROCE_ETH_LEN          14
#define ROCE_IPV4_LEN         20
#define ROCE_UDP_LEN          8
#define ROCE_INT_LEN          42
#define ROCE_BTH_LEN          12
#define ROCE_RETH_LEN         16
#define ROCE_AETH_LEN         4
#define ROCE_IMMDT_LEN        4
#define ROCE_ICRC_LEN         4
/* bytes the MAC and the line add: FCS, preamble + SFD, inter-frame gap */
#define ROCE_FCS_LEN          4
#define ROCE_PREAMBLE_LEN     8
#define ROCE_IFG_LEN          12
/* shortest Ethernet frame without FCS; shorter frames are zero-padded */
#define ROCE_ETH_MIN_FRAME    60

/* the longest header stack: Ethernet + IPv4 + UDP + INT + BTH + RETH + ImmDt */
#define ROCE_HDR_MAX          (ROCE_ETH_LEN + ROCE_IPV4_LEN + ROCE_UDP_LEN + \
			       ROCE_INT_LEN + ROCE_BTH_LEN + ROCE_RETH_LEN + ROCE_IMMDT_LEN)
#define ROCE_ETHERTYPE_IPV4   0x0800
#define ROCE_IPPROTO_UDP      17

#define ROCE_UDP_PORT         4791  /* RoCEv2 (IANA) */
#define ROCE_INT_PORT_DEFAULT 4792  /* CSR INT_UDP_PORT reset value */

/* defaults of the QP context (docs/wire.md) */
#define ROCE_DSCP_DEFAULT     26
#define ROCE_ECN_ECT0         2
#define ROCE_TTL_DEFAULT      64
#define ROCE_PKEY_DEFAULT     0xffff
#define ROCE_SPORT_BASE       0xc000

#define ROCE_PSN_MASK         0xffffffu
#define ROCE_QPN_MASK         0xffffffu
#define ROCE_MSN_MASK         0xffffffu

/* HPCC INT block (HPCC paper Fig. 7) */
#define ROCE_INT_MAX_HOPS     5
#define ROCE_INT_HOP_LEN      8
#define ROCE_INT_PATH_MASK    0xfffu
#define ROCE_INT_TS_MASK      0xffffffu   /* 24-bit ns */
#define ROCE_INT_TXB_MASK     0xfffffu    /* 20-bit, 128 B units */
#define ROCE_INT_QLEN_MAX     0xffffu     /* 16-bit, 80 B units, saturating */
#define ROCE_INT_TXB_UNIT     128
#define ROCE_INT_QLEN_UNIT    80

/* B: egress speed enum; 0 and 9..15 are invalid */
enum roce_int_speed {
	ROCE_SPEED_INVALID = 0,
	ROCE_SPEED_10G = 1,
	ROCE_SPEED_25G = 2,
	ROCE_SPEED_40G = 3,
	ROCE_SPEED_50G = 4,
	ROCE_SPEED_100G = 5,
	ROCE_SPEED_200G = 6,
	ROCE_SPEED_400G = 7,
	ROCE_SPEED_800G = 8,
};

/* the RC opcodes hpnic sends and accepts; every other opcode is dropped.
 * Values from the register map (fw/regmap.toml: BTH_OP), as the RTL's */
enum roce_opcode {
	ROCE_OP_SEND_FIRST = HPNIC_BTH_OP_SEND_FIRST,
	ROCE_OP_SEND_MIDDLE = HPNIC_BTH_OP_SEND_MIDDLE,
	ROCE_OP_SEND_LAST = HPNIC_BTH_OP_SEND_LAST,
	ROCE_OP_SEND_LAST_IMM = HPNIC_BTH_OP_SEND_LAST_IMM,
	ROCE_OP_SEND_ONLY = HPNIC_BTH_OP_SEND_ONLY,
	ROCE_OP_SEND_ONLY_IMM = HPNIC_BTH_OP_SEND_ONLY_IMM,
	ROCE_OP_WRITE_FIRST = HPNIC_BTH_OP_WRITE_FIRST,
	ROCE_OP_WRITE_MIDDLE = HPNIC_BTH_OP_WRITE_MIDDLE,
	ROCE_OP_WRITE_LAST = HPNIC_BTH_OP_WRITE_LAST,
	ROCE_OP_WRITE_LAST_IMM = HPNIC_BTH_OP_WRITE_LAST_IMM,
	ROCE_OP_WRITE_ONLY = HPNIC_BTH_OP_WRITE_ONLY,
	ROCE_OP_WRITE_ONLY_IMM = HPNIC_BTH_OP_WRITE_ONLY_IMM,
	ROCE_OP_READ_REQ = HPNIC_BTH_OP_READ_REQ,
	ROCE_OP_READ_RESP_FIRST = HPNIC_BTH_OP_RESP_FIRST,
	ROCE_OP_READ_RESP_MIDDLE = HPNIC_BTH_OP_RESP_MIDDLE,
	ROCE_OP_READ_RESP_LAST = HPNIC_BTH_OP_RESP_LAST,
	ROCE_OP_READ_RESP_ONLY = HPNIC_BTH_OP_RESP_ONLY,
	ROCE_OP_ACK = HPNIC_BTH_OP_ACK,
	/* RoCEv2 CNP (IBTA Annex A17): its 16 reserved bytes are parsed and
	 * built as a RETH (va, rkey, dma_len), zero on the wire */
	ROCE_OP_CNP = HPNIC_BTH_OP_CNP,
};

/* AETH syndromes (IBA 9.7.5.1.1): type in bits 7..5, value in 4..0; the
 * ones hpnic sends come from the register map (AETH_SYN) */
#define ROCE_AETH_ACK         HPNIC_AETH_SYN_ACK  /* ACK, no credit count */
#define ROCE_AETH_RNR(t)      (0x20 | ((t) & 0x1f))
#define ROCE_AETH_NAK(c)      (HPNIC_AETH_SYN_NAK_SEQ | ((c) & 0x1f))
#define ROCE_NAK_PSN_SEQ      (HPNIC_AETH_SYN_NAK_SEQ - HPNIC_AETH_SYN_NAK_SEQ)
#define ROCE_NAK_INVALID_REQ  (HPNIC_AETH_SYN_NAK_INV - HPNIC_AETH_SYN_NAK_SEQ)
#define ROCE_NAK_REMOTE_ACCESS (HPNIC_AETH_SYN_NAK_ACC - HPNIC_AETH_SYN_NAK_SEQ)
#define ROCE_NAK_REMOTE_OP    (HPNIC_AETH_SYN_NAK_OP - HPNIC_AETH_SYN_NAK_SEQ)

/* extension headers an opcode carries */
#define ROCE_HAS_RETH         0x1
#define ROCE_HAS_AETH         0x2
/* payload rules of an opcode */
#define ROCE_PAYLOAD_NONE     0x4   /* no payload, pad 0 (READ REQ, ACK) */
#define ROCE_PAYLOAD_FULL     0x8   /* FIRST and MIDDLE: PMTU bytes, pad 0 */
#define ROCE_PAYLOAD_NONZERO  0x10  /* LAST: 1..PMTU bytes */
/* an ImmDt (4 bytes): behind the BTH, or behind the RETH (WRITE ONLY with
 * Immediate) */
#define ROCE_HAS_IMMDT        0x20

struct roce_int_hop {
	uint8_t b;                  /* speed enum, 4 bits */
	uint32_t ts;                /* 24 bits, ns */
	uint32_t tx_bytes;          /* 20 bits, units of 128 B */
	uint16_t qlen;              /* 16 bits, units of 80 B */
};

struct roce_int {
	uint8_t nhop;               /* 4 bits: hops filled, 0..5 */
	uint16_t path_id;           /* 12 bits: XOR of switch IDs */
	struct roce_int_hop hop[ROCE_INT_MAX_HOPS];
};

/*
 * One packet. Addresses and numbers are in host order. build() reads every
 * field except pad and icrc (which it derives); parse() fills every field.
 */
struct roce_pkt {
	/* Ethernet */
	uint8_t dst_mac[6];
	uint8_t src_mac[6];
	/* IPv4 */
	uint32_t src_ip;
	uint32_t dst_ip;
	uint8_t dscp;               /* 6 bits */
	uint8_t ecn;                /* 2 bits */
	uint8_t ttl;
	uint16_t ip_id;
	/* UDP */
	uint16_t udp_sport;
	uint16_t udp_dport;         /* 4791, or the INT port when int_present */
	/* HPCC INT block, present iff udp_dport is the INT port */
	bool int_present;
	struct roce_int intb;
	/* BTH */
	uint8_t opcode;
	bool se;
	bool migreq;                /* M bit; wire.md sends 1 */
	uint8_t pad;                /* 0..3; build derives it from payload_len */
	uint8_t tver;               /* 0; build always writes 0 */
	uint16_t pkey;
	bool fecn;
	bool becn;
	uint32_t dest_qpn;          /* 24 bits */
	bool ack_req;
	uint32_t psn;               /* 24 bits */
	/* RETH: WRITE FIRST/ONLY, READ REQUEST */
	uint64_t va;
	uint32_t rkey;
	uint32_t dma_len;
	/* AETH: READ RESPONSE FIRST/LAST/ONLY, ACKNOWLEDGE */
	uint8_t syndrome;
	uint32_t msn;               /* 24 bits */
	/* ImmDt: SEND LAST/ONLY and WRITE LAST/ONLY with Immediate; its first
	 * wire byte in bits 31..24 */
	uint32_t imm;
	/* payload: build copies it from here; parse points it into the frame */
	const uint8_t *payload;
	size_t payload_len;
	/* parse output: the ICRC as received (build computes it) */
	uint32_t icrc;
};

/*
 * Fill p with the wire.md defaults of a QP context: DSCP 26, ECN ECT(0),
 * TTL 64, IPv4 ID 0, P_Key 0xFFFF, M 1, UDP dport 4791, no INT, the ACK
 * syndrome for ACKNOWLEDGE. The UDP source port defaults to
 * 0xC000 | dest_qpn[13:0] (the only QPN it is given); a NIC model sets the
 * one from its QP context. Leaves addresses zero.
 */
void roce_pkt_init(struct roce_pkt *p, uint8_t opcode, uint32_t dest_qpn, uint32_t psn);

/* ROCE_HAS_* | ROCE_PAYLOAD_* of an opcode, or -1 when hpnic does not use it */
int roce_opcode_info(uint8_t opcode);
/* "WRITE_FIRST" etc., or "UNKNOWN" */
const char *roce_opcode_name(uint8_t opcode);

/* total frame bytes (no FCS) build() will write for p, or 0 if p is invalid */
size_t roce_frame_len(const struct roce_pkt *p);
/* bytes on the wire: frame + FCS + preamble + IFG */
static inline size_t roce_wire_bytes(size_t frame_len)
{
	return frame_len + ROCE_FCS_LEN + ROCE_PREAMBLE_LEN + ROCE_IFG_LEN;
}

/*
 * Write the frame of p (without FCS) into buf: headers, IPv4 checksum, pad
 * (zero), ICRC per wire.md (with INT: as if the block were absent).
 * *frame_len receives the length. Errors: ROCE_ERR_INVAL (a field out of
 * range, an opcode hpnic does not use, a payload the opcode forbids),
 * ROCE_ERR_NOSPC (cap too small).
 */
int roce_build(const struct roce_pkt *p, uint8_t *buf, size_t cap, size_t *frame_len);

/*
 * Parse and validate a frame (without FCS). int_port is the INT UDP port
 * (CSR INT_UDP_PORT); 0 (or 4791) disables INT: only 4791 is accepted. On ROCE_OK
 * *p is filled and p->payload points into frame. Otherwise the return value
 * is the first failing check's drop reason (see roce_err.h for the order),
 * and *p holds what was parsed before it.
 */
int roce_parse(const uint8_t *frame, size_t len, uint16_t int_port, struct roce_pkt *p);

/*
 * ICRC of a frame as it stands (the stored ICRC bytes are not read): the
 * CRC-32 value, whose least significant byte is sent first. The frame must
 * hold Ethernet / IPv4 (IHL 5) / UDP / [INT when the dport is int_port] /
 * BTH and the IPv4 total length must fit in len. ROCE_ERR_INVAL otherwise.
 */
int roce_icrc(const uint8_t *frame, size_t len, uint16_t int_port, uint32_t *icrc);

/*
 * Recompute the IPv4 header checksum and the ICRC of a frame in place. For
 * tests that craft frames byte by byte, and for models that rewrite fields
 * the ICRC covers.
 */
int roce_frame_fix(uint8_t *frame, size_t len, uint16_t int_port);

/* IPv4 header checksum of hdr (20 bytes, its checksum field read as is) */
uint16_t roce_ipv4_csum(const uint8_t *hdr);

/*
 * CRC-32, IEEE 802.3 polynomial, reflected, init and final complement:
 * the same function and calling convention as zlib's crc32() (start with 0,
 * pass the previous result to continue).
 */
uint32_t roce_crc32(uint32_t crc, const void *buf, size_t len);
/* its 256-entry table (the tests regenerate and compare it) */
const uint32_t *roce_crc32_table(void);

/* INT block helpers ------------------------------------------------------ */

/*
 * Encode an INT block into 42 bytes. ROCE_ERR_INVAL when nhop > 5 or a field
 * overflows its width (records beyond nhop are written as given).
 */
int roce_int_encode(const struct roce_int *in, uint8_t out[ROCE_INT_LEN]);

/*
 * Decode 42 bytes. Returns ROCE_DROP_INT when nHop > 5 (the fields are still
 * decoded), else ROCE_OK. Speed enums are not checked: the CC engine ignores
 * an ACK whose filled hops carry an invalid one (HPCC_IGN_BAD_B).
 */
int roce_int_decode(const uint8_t in[ROCE_INT_LEN], struct roce_int *out);

/*
 * What an INT switch does to a frame on egress: if the frame goes to the INT
 * port, its opcode is not ACKNOWLEDGE and nHop < 5, write *hop into record
 * nHop, increment nHop and XOR switch_id into pathID. *stamped tells whether
 * it did. The ICRC does not cover the block, so nothing else changes.
 * ROCE_ERR_INVAL for a frame that is not IPv4/UDP or too short.
 */
int roce_int_stamp(uint8_t *frame, size_t len, uint16_t int_port,
		   uint16_t switch_id, const struct roce_int_hop *hop, bool *stamped);

/*
 * Remove the INT block in place: the frame becomes the RoCEv2 frame the ICRC
 * was computed for (IPv4 total length and UDP length minus 42, dport 4791,
 * IPv4 checksum recomputed, ICRC untouched). *new_len receives the length.
 * ROCE_ERR_INVAL when the frame does not carry an INT block.
 */
int roce_int_strip(uint8_t *frame, size_t len, uint16_t int_port, size_t *new_len);

#ifdef __cplusplus
}
#endif

#endif /* ROCE_PKT_H */
