/* SPDX-License-Identifier: MIT */
/*
 * RoCEv2 packet library: build, parse, ICRC, INT stamp and strip.
 * The wire format is docs/wire.md; the check order of roce_parse() is the
 * order of ROCE_DROP_REASONS in roce_err.h.
 */
#include <string.h>

#include "roce_pkt.h"

/* offsets inside a frame */
#define OFF_ETHERTYPE   12
#define OFF_IP          ROCE_ETH_LEN
#define OFF_UDP         (OFF_IP + ROCE_IPV4_LEN)
#define OFF_L4_PAYLOAD  (OFF_UDP + ROCE_UDP_LEN)     /* INT block or BTH */

/* offsets inside the IPv4 header */
#define IP_TOS          1
#define IP_TOTLEN       2
#define IP_ID           4
#define IP_FRAG         6
#define IP_TTL          8
#define IP_PROTO        9
#define IP_CSUM         10
#define IP_SRC          12
#define IP_DST          16
#define IP_DF           0x4000
#define IP_MF_OFFSET    0x3fff  /* MF flag and fragment offset */

/* offsets inside the UDP header */
#define UDP_SPORT       0
#define UDP_DPORT       2
#define UDP_LENGTH      4
#define UDP_CSUM        6

/* the pseudo header the ICRC starts with: LRH placeholder, IPv4, UDP, BTH */
#define ICRC_LRH_LEN    8
#define ICRC_HDR_LEN    (ICRC_LRH_LEN + ROCE_IPV4_LEN + ROCE_UDP_LEN + ROCE_BTH_LEN)

static inline uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t get24(const uint8_t *p)
{
	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static inline uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) << 32 | get32(p + 4);
}

static inline void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void put24(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 16);
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)v;
}

static inline void put32(uint8_t *p, uint32_t v)
{
	put16(p, v >> 16);
	put16(p + 2, v);
}

static inline void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)(v >> 32));
	put32(p + 4, (uint32_t)v);
}

/* the ICRC is sent least significant byte first (IBA: CRC bit order) */
static inline void put_icrc(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static inline uint32_t get_icrc(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool is_int_port(uint16_t dport, uint16_t int_port)
{
	return int_port != 0 && int_port != ROCE_UDP_PORT && dport == int_port;
}

const char *roce_strerror(int status)
{
	switch (status) {
	case ROCE_OK:
		return "ok";
#define ROCE_X_DESC(name, val, desc) case ROCE_DROP_##name: return desc;
	ROCE_DROP_REASONS(ROCE_X_DESC)
#undef ROCE_X_DESC
	case ROCE_ERR_INVAL:
		return "invalid argument";
	case ROCE_ERR_NOSPC:
		return "output buffer too small";
	case ROCE_ERR_IO:
		return "I/O error";
	case ROCE_ERR_FORMAT:
		return "not a pcap file this reader understands";
	case ROCE_END:
		return "end of file";
	}
	return "unknown status";
}

const char *roce_status_name(int status)
{
	switch (status) {
	case ROCE_OK:
		return "OK";
#define ROCE_X_NAME(name, val, desc) case ROCE_DROP_##name: return #name;
	ROCE_DROP_REASONS(ROCE_X_NAME)
#undef ROCE_X_NAME
	case ROCE_ERR_INVAL:
		return "INVAL";
	case ROCE_ERR_NOSPC:
		return "NOSPC";
	case ROCE_ERR_IO:
		return "IO";
	case ROCE_ERR_FORMAT:
		return "FORMAT";
	case ROCE_END:
		return "END";
	}
	return "UNKNOWN";
}

int roce_opcode_info(uint8_t opcode)
{
	switch (opcode) {
	case ROCE_OP_SEND_FIRST:
	case ROCE_OP_SEND_MIDDLE:
		return ROCE_PAYLOAD_FULL;
	case ROCE_OP_SEND_LAST:
		return ROCE_PAYLOAD_NONZERO;
	case ROCE_OP_SEND_LAST_IMM:
		return ROCE_HAS_IMMDT | ROCE_PAYLOAD_NONZERO;
	case ROCE_OP_SEND_ONLY:
		return 0;
	case ROCE_OP_SEND_ONLY_IMM:
		return ROCE_HAS_IMMDT;
	case ROCE_OP_WRITE_LAST_IMM:
		return ROCE_HAS_IMMDT | ROCE_PAYLOAD_NONZERO;
	case ROCE_OP_WRITE_ONLY_IMM:
		return ROCE_HAS_RETH | ROCE_HAS_IMMDT;
	case ROCE_OP_WRITE_FIRST:
		return ROCE_HAS_RETH | ROCE_PAYLOAD_FULL;
	case ROCE_OP_WRITE_MIDDLE:
		return ROCE_PAYLOAD_FULL;
	case ROCE_OP_WRITE_LAST:
		return ROCE_PAYLOAD_NONZERO;
	case ROCE_OP_WRITE_ONLY:
		return ROCE_HAS_RETH;
	case ROCE_OP_READ_REQ:
		return ROCE_HAS_RETH | ROCE_PAYLOAD_NONE;
	case ROCE_OP_READ_RESP_FIRST:
		return ROCE_HAS_AETH | ROCE_PAYLOAD_FULL;
	case ROCE_OP_READ_RESP_MIDDLE:
		return ROCE_PAYLOAD_FULL;
	case ROCE_OP_READ_RESP_LAST:
		return ROCE_HAS_AETH | ROCE_PAYLOAD_NONZERO;
	case ROCE_OP_READ_RESP_ONLY:
		return ROCE_HAS_AETH;
	case ROCE_OP_ACK:
		return ROCE_HAS_AETH | ROCE_PAYLOAD_NONE;
	case ROCE_OP_CNP:
		return ROCE_HAS_RETH | ROCE_PAYLOAD_NONE;
	}
	return -1;
}

const char *roce_opcode_name(uint8_t opcode)
{
	switch (opcode) {
	case ROCE_OP_SEND_FIRST:
		return "SEND_FIRST";
	case ROCE_OP_SEND_MIDDLE:
		return "SEND_MIDDLE";
	case ROCE_OP_SEND_LAST:
		return "SEND_LAST";
	case ROCE_OP_SEND_LAST_IMM:
		return "SEND_LAST_IMM";
	case ROCE_OP_SEND_ONLY:
		return "SEND_ONLY";
	case ROCE_OP_SEND_ONLY_IMM:
		return "SEND_ONLY_IMM";
	case ROCE_OP_WRITE_LAST_IMM:
		return "WRITE_LAST_IMM";
	case ROCE_OP_WRITE_ONLY_IMM:
		return "WRITE_ONLY_IMM";
	case ROCE_OP_WRITE_FIRST:
		return "WRITE_FIRST";
	case ROCE_OP_WRITE_MIDDLE:
		return "WRITE_MIDDLE";
	case ROCE_OP_WRITE_LAST:
		return "WRITE_LAST";
	case ROCE_OP_WRITE_ONLY:
		return "WRITE_ONLY";
	case ROCE_OP_READ_REQ:
		return "READ_REQUEST";
	case ROCE_OP_READ_RESP_FIRST:
		return "READ_RESPONSE_FIRST";
	case ROCE_OP_READ_RESP_MIDDLE:
		return "READ_RESPONSE_MIDDLE";
	case ROCE_OP_READ_RESP_LAST:
		return "READ_RESPONSE_LAST";
	case ROCE_OP_READ_RESP_ONLY:
		return "READ_RESPONSE_ONLY";
	case ROCE_OP_ACK:
		return "ACKNOWLEDGE";
	case ROCE_OP_CNP:
		return "CNP";
	}
	return "UNKNOWN";
}

static int ext_len(int info)
{
	int n = 0;

	if (info & ROCE_HAS_RETH)
		n += ROCE_RETH_LEN;
	if (info & ROCE_HAS_AETH)
		n += ROCE_AETH_LEN;
	if (info & ROCE_HAS_IMMDT)
		n += ROCE_IMMDT_LEN;
	return n;
}

/* the default partition, full (0xFFFF) or limited (0x7FFF) member */
static bool pkey_ok(uint16_t pkey)
{
	return (pkey & 0x7fff) == 0x7fff;
}

void roce_pkt_init(struct roce_pkt *p, uint8_t opcode, uint32_t dest_qpn, uint32_t psn)
{
	if (!p)
		return;
	memset(p, 0, sizeof(*p));
	p->dscp = ROCE_DSCP_DEFAULT;
	p->ecn = ROCE_ECN_ECT0;
	p->ttl = ROCE_TTL_DEFAULT;
	p->udp_sport = (uint16_t)(ROCE_SPORT_BASE | (dest_qpn & 0x3fff));
	p->udp_dport = ROCE_UDP_PORT;
	p->opcode = opcode;
	p->migreq = true;
	p->pkey = ROCE_PKEY_DEFAULT;
	p->dest_qpn = dest_qpn;
	p->psn = psn;
	if (opcode == ROCE_OP_ACK)
		p->syndrome = ROCE_AETH_ACK;
}

uint16_t roce_ipv4_csum(const uint8_t *hdr)
{
	uint32_t sum = 0;

	for (int i = 0; i < ROCE_IPV4_LEN; i += 2)
		sum += get16(hdr + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/*
 * The ICRC of the RoCE packet whose IPv4 header is at frame + OFF_IP, whose
 * BTH is at bth_off and whose ICRC is at icrc_off. With an INT block (between
 * UDP and BTH) the pseudo header is the one of the INT-less frame: lengths
 * minus the block, dport 4791, and the block's bytes are skipped.
 */
static uint32_t icrc_calc(const uint8_t *frame, size_t bth_off, size_t icrc_off, bool has_int)
{
	uint8_t h[ICRC_HDR_LEN];
	uint8_t *ip = h + ICRC_LRH_LEN;
	uint8_t *udp = ip + ROCE_IPV4_LEN;
	uint8_t *bth = udp + ROCE_UDP_LEN;
	uint32_t crc;

	memset(h, 0xff, ICRC_LRH_LEN);
	memcpy(ip, frame + OFF_IP, ROCE_IPV4_LEN + ROCE_UDP_LEN);
	memcpy(bth, frame + bth_off, ROCE_BTH_LEN);
	/* the variant fields, masked to ones (IBA A17.8.1) */
	ip[IP_TOS] = 0xff;
	ip[IP_TTL] = 0xff;
	ip[IP_CSUM] = 0xff;
	ip[IP_CSUM + 1] = 0xff;
	udp[UDP_CSUM] = 0xff;
	udp[UDP_CSUM + 1] = 0xff;
	bth[4] = 0xff;              /* FECN, BECN, reserved */
	if (has_int) {
		put16(ip + IP_TOTLEN, get16(ip + IP_TOTLEN) - ROCE_INT_LEN);
		put16(udp + UDP_LENGTH, get16(udp + UDP_LENGTH) - ROCE_INT_LEN);
		put16(udp + UDP_DPORT, ROCE_UDP_PORT);
	}
	crc = roce_crc32(0, h, sizeof(h));
	return roce_crc32(crc, frame + bth_off + ROCE_BTH_LEN, icrc_off - bth_off - ROCE_BTH_LEN);
}

/* INT block ---------------------------------------------------------------- */

static bool hop_fits(const struct roce_int_hop *h)
{
	return h->b <= 0xf && h->ts <= ROCE_INT_TS_MASK && h->tx_bytes <= ROCE_INT_TXB_MASK;
}

static void hop_put(uint8_t *p, const struct roce_int_hop *h)
{
	put64(p, (uint64_t)h->b << 60 | (uint64_t)h->ts << 36 |
		 (uint64_t)h->tx_bytes << 16 | h->qlen);
}

static bool int_fits(const struct roce_int *in)
{
	if (in->nhop > ROCE_INT_MAX_HOPS || in->path_id > ROCE_INT_PATH_MASK)
		return false;
	for (int i = 0; i < ROCE_INT_MAX_HOPS; i++)
		if (!hop_fits(&in->hop[i]))
			return false;
	return true;
}

int roce_int_encode(const struct roce_int *in, uint8_t out[ROCE_INT_LEN])
{
	if (!in || !out || !int_fits(in))
		return ROCE_ERR_INVAL;
	put16(out, (uint32_t)in->nhop << 12 | in->path_id);
	for (int i = 0; i < ROCE_INT_MAX_HOPS; i++)
		hop_put(out + 2 + i * ROCE_INT_HOP_LEN, &in->hop[i]);
	return ROCE_OK;
}

int roce_int_decode(const uint8_t in[ROCE_INT_LEN], struct roce_int *out)
{
	int status = ROCE_OK;

	if (!in || !out)
		return ROCE_ERR_INVAL;
	out->nhop = in[0] >> 4;
	out->path_id = get16(in) & ROCE_INT_PATH_MASK;
	for (int i = 0; i < ROCE_INT_MAX_HOPS; i++) {
		uint64_t v = get64(in + 2 + i * ROCE_INT_HOP_LEN);
		struct roce_int_hop *h = &out->hop[i];

		h->b = (uint8_t)(v >> 60);
		h->ts = (uint32_t)(v >> 36) & ROCE_INT_TS_MASK;
		h->tx_bytes = (uint32_t)(v >> 16) & ROCE_INT_TXB_MASK;
		h->qlen = (uint16_t)v;
	}
	/*
	 * Only the structure is checked: a filled record with a bad speed enum
	 * still reaches the CC engine, which ignores that ACK (HPCC_IGN_BAD_B);
	 * dropping the packet would lose data over telemetry.
	 */
	if (out->nhop > ROCE_INT_MAX_HOPS)
		status = ROCE_DROP_INT;
	return status;
}

/*
 * The INT frame checks shared by stamp and strip: IPv4 without options, UDP
 * to the INT port, room for the block and a BTH inside the IPv4 datagram.
 */
static bool int_frame_ok(const uint8_t *frame, size_t len, uint16_t int_port)
{
	size_t tot;

	if (!frame || len < OFF_L4_PAYLOAD)
		return false;
	if (get16(frame + OFF_ETHERTYPE) != ROCE_ETHERTYPE_IPV4 || frame[OFF_IP] != 0x45 ||
	    frame[OFF_IP + IP_PROTO] != ROCE_IPPROTO_UDP)
		return false;
	if (!is_int_port(get16(frame + OFF_UDP + UDP_DPORT), int_port))
		return false;
	tot = get16(frame + OFF_IP + IP_TOTLEN);
	return OFF_IP + tot <= len &&
	       tot >= ROCE_IPV4_LEN + ROCE_UDP_LEN + ROCE_INT_LEN + ROCE_BTH_LEN + ROCE_ICRC_LEN;
}

int roce_int_stamp(uint8_t *frame, size_t len, uint16_t int_port,
		   uint16_t switch_id, const struct roce_int_hop *hop, bool *stamped)
{
	uint8_t *blk;
	unsigned int nhop;

	if (stamped)
		*stamped = false;
	if (!hop || !stamped || switch_id > ROCE_INT_PATH_MASK || !hop_fits(hop) ||
	    !int_frame_ok(frame, len, int_port))
		return ROCE_ERR_INVAL;
	blk = frame + OFF_L4_PAYLOAD;
	/* ACKs carry the forward path's INT back: never stamped (wire.md) */
	if (blk[ROCE_INT_LEN] == ROCE_OP_ACK)
		return ROCE_OK;
	nhop = blk[0] >> 4;
	if (nhop >= ROCE_INT_MAX_HOPS)
		return ROCE_OK;
	hop_put(blk + 2 + nhop * ROCE_INT_HOP_LEN, hop);
	put16(blk, (nhop + 1) << 12 | ((get16(blk) ^ switch_id) & ROCE_INT_PATH_MASK));
	*stamped = true;
	return ROCE_OK;
}

int roce_int_strip(uint8_t *frame, size_t len, uint16_t int_port, size_t *new_len)
{
	uint8_t *ip;
	size_t tot, out;

	if (!new_len || !int_frame_ok(frame, len, int_port))
		return ROCE_ERR_INVAL;
	ip = frame + OFF_IP;
	tot = get16(ip + IP_TOTLEN);
	/* drop the block; anything after the IPv4 datagram (padding) goes too */
	memmove(frame + OFF_L4_PAYLOAD, frame + OFF_L4_PAYLOAD + ROCE_INT_LEN,
		tot - ROCE_IPV4_LEN - ROCE_UDP_LEN - ROCE_INT_LEN);
	tot -= ROCE_INT_LEN;
	out = OFF_IP + tot;
	if (out < ROCE_ETH_MIN_FRAME) {
		memset(frame + out, 0, ROCE_ETH_MIN_FRAME - out);
		out = ROCE_ETH_MIN_FRAME;
	}
	put16(ip + IP_TOTLEN, (uint32_t)tot);
	put16(frame + OFF_UDP + UDP_LENGTH, get16(frame + OFF_UDP + UDP_LENGTH) - ROCE_INT_LEN);
	put16(frame + OFF_UDP + UDP_DPORT, ROCE_UDP_PORT);
	put16(ip + IP_CSUM, 0);
	put16(ip + IP_CSUM, roce_ipv4_csum(ip));
	*new_len = out;
	return ROCE_OK;
}

/* build ------------------------------------------------------------------- */

/* check every field of p; on success return the frame length and the pad */
static size_t layout(const struct roce_pkt *p, int *info_out, unsigned int *pad_out)
{
	int info;
	size_t len;

	if (!p)
		return 0;
	info = roce_opcode_info(p->opcode);
	if (info < 0)
		return 0;
	if (p->dscp > 63 || p->ecn > 3 || p->tver != 0 || !pkey_ok(p->pkey) ||
	    p->dest_qpn > ROCE_QPN_MASK || p->psn > ROCE_PSN_MASK || p->msn > ROCE_MSN_MASK)
		return 0;
	/* the INT block is there exactly when the dport says so */
	if (p->int_present ? (p->udp_dport == ROCE_UDP_PORT || p->udp_dport == 0)
			   : p->udp_dport != ROCE_UDP_PORT)
		return 0;
	if (p->int_present && !int_fits(&p->intb))
		return 0;
	if (p->payload_len && !p->payload)
		return 0;
	if ((info & ROCE_PAYLOAD_NONE) && p->payload_len)
		return 0;
	if ((info & (ROCE_PAYLOAD_FULL | ROCE_PAYLOAD_NONZERO)) && !p->payload_len)
		return 0;
	/* FIRST and MIDDLE carry a whole PMTU: never a pad */
	if ((info & ROCE_PAYLOAD_FULL) && (p->payload_len & 3))
		return 0;
	if (p->payload_len > 0xffff)
		return 0;
	*pad_out = (unsigned int)(-p->payload_len & 3);
	len = OFF_L4_PAYLOAD + (p->int_present ? ROCE_INT_LEN : 0) + ROCE_BTH_LEN +
	      (size_t)ext_len(info) + p->payload_len + *pad_out + ROCE_ICRC_LEN;
	if (len - OFF_IP > 0xffff)
		return 0;
	*info_out = info;
	return len;
}

size_t roce_frame_len(const struct roce_pkt *p)
{
	int info;
	unsigned int pad;

	return layout(p, &info, &pad);
}

int roce_build(const struct roce_pkt *p, uint8_t *buf, size_t cap, size_t *frame_len)
{
	int info;
	unsigned int pad;
	size_t len, off, tot;
	uint8_t *ip, *udp, *bth;

	if (!buf || !frame_len)
		return ROCE_ERR_INVAL;
	ip = buf + OFF_IP;
	udp = buf + OFF_UDP;
	len = layout(p, &info, &pad);
	if (!len)
		return ROCE_ERR_INVAL;
	if (cap < len)
		return ROCE_ERR_NOSPC;
	tot = len - OFF_IP;

	memcpy(buf, p->dst_mac, 6);
	memcpy(buf + 6, p->src_mac, 6);
	put16(buf + OFF_ETHERTYPE, ROCE_ETHERTYPE_IPV4);

	ip[0] = 0x45;
	ip[IP_TOS] = (uint8_t)(p->dscp << 2 | p->ecn);
	put16(ip + IP_TOTLEN, (uint32_t)tot);
	put16(ip + IP_ID, p->ip_id);
	put16(ip + IP_FRAG, IP_DF);
	ip[IP_TTL] = p->ttl;
	ip[IP_PROTO] = ROCE_IPPROTO_UDP;
	put16(ip + IP_CSUM, 0);
	put32(ip + IP_SRC, p->src_ip);
	put32(ip + IP_DST, p->dst_ip);
	put16(ip + IP_CSUM, roce_ipv4_csum(ip));

	put16(udp + UDP_SPORT, p->udp_sport);
	put16(udp + UDP_DPORT, p->udp_dport);
	put16(udp + UDP_LENGTH, (uint32_t)(tot - ROCE_IPV4_LEN));
	put16(udp + UDP_CSUM, 0);   /* no UDP checksum, as RoCEv2 NICs send */

	off = OFF_L4_PAYLOAD;
	if (p->int_present) {
		if (roce_int_encode(&p->intb, buf + off) != ROCE_OK)
			return ROCE_ERR_INVAL;
		off += ROCE_INT_LEN;
	}

	bth = buf + off;
	bth[0] = p->opcode;
	bth[1] = (uint8_t)(p->se << 7 | p->migreq << 6 | pad << 4);
	put16(bth + 2, p->pkey);
	bth[4] = (uint8_t)(p->fecn << 7 | p->becn << 6);
	put24(bth + 5, p->dest_qpn);
	bth[8] = (uint8_t)(p->ack_req << 7);
	put24(bth + 9, p->psn);
	off += ROCE_BTH_LEN;

	if (info & ROCE_HAS_RETH) {
		put64(buf + off, p->va);
		put32(buf + off + 8, p->rkey);
		put32(buf + off + 12, p->dma_len);
		off += ROCE_RETH_LEN;
	} else if (info & ROCE_HAS_AETH) {
		buf[off] = p->syndrome;
		put24(buf + off + 1, p->msn);
		off += ROCE_AETH_LEN;
	}
	if (info & ROCE_HAS_IMMDT) {
		put32(buf + off, p->imm);
		off += ROCE_IMMDT_LEN;
	}
	if (p->payload_len)
		memcpy(buf + off, p->payload, p->payload_len);
	off += p->payload_len;
	memset(buf + off, 0, pad);
	off += pad;

	put_icrc(buf + off, icrc_calc(buf, (size_t)(bth - buf), off, p->int_present));
	*frame_len = len;
	return ROCE_OK;
}

/* parse ------------------------------------------------------------------- */

int roce_parse(const uint8_t *frame, size_t len, uint16_t int_port, struct roce_pkt *p)
{
	const uint8_t *ip, *udp, *bth, *ext;
	size_t tot, end, bth_off, icrc_off, data;
	uint16_t frag;
	int info, elen, status;

	if (!frame || !p)
		return ROCE_ERR_INVAL;
	ip = frame + OFF_IP;
	udp = frame + OFF_UDP;
	memset(p, 0, sizeof(*p));

	/* Ethernet */
	if (len < ROCE_ETH_LEN)
		return ROCE_DROP_TRUNCATED;
	memcpy(p->dst_mac, frame, 6);
	memcpy(p->src_mac, frame + 6, 6);
	if (get16(frame + OFF_ETHERTYPE) != ROCE_ETHERTYPE_IPV4)
		return ROCE_DROP_ETHERTYPE;

	/* IPv4 */
	if (len < OFF_UDP)
		return ROCE_DROP_TRUNCATED;
	if (ip[0] != 0x45)
		return ROCE_DROP_IP_VER_IHL;
	if (roce_ipv4_csum(ip) != 0)
		return ROCE_DROP_IP_CSUM;
	p->dscp = ip[IP_TOS] >> 2;
	p->ecn = ip[IP_TOS] & 3;
	p->ip_id = get16(ip + IP_ID);
	p->ttl = ip[IP_TTL];
	p->src_ip = get32(ip + IP_SRC);
	p->dst_ip = get32(ip + IP_DST);
	tot = get16(ip + IP_TOTLEN);
	end = OFF_IP + tot;
	/*
	 * The frame ends with the datagram, except that a MAC pads frames to
	 * 60 bytes: then exactly 60.
	 */
	if (tot < ROCE_IPV4_LEN + ROCE_UDP_LEN || end > len ||
	    (end < len && !(end < ROCE_ETH_MIN_FRAME && len == ROCE_ETH_MIN_FRAME)))
		return ROCE_DROP_IP_LEN;
	frag = get16(ip + IP_FRAG);
	if (frag & IP_MF_OFFSET)
		return ROCE_DROP_IP_FRAG;
	if (ip[IP_PROTO] != ROCE_IPPROTO_UDP)
		return ROCE_DROP_IP_PROTO;

	/* UDP */
	p->udp_sport = get16(udp + UDP_SPORT);
	p->udp_dport = get16(udp + UDP_DPORT);
	if (p->udp_dport == ROCE_UDP_PORT)
		p->int_present = false;
	else if (is_int_port(p->udp_dport, int_port))
		p->int_present = true;
	else
		return ROCE_DROP_UDP_PORT;
	if (get16(udp + UDP_LENGTH) != tot - ROCE_IPV4_LEN)
		return ROCE_DROP_UDP_LEN;

	/* the RoCE packet: [INT], BTH ... ICRC */
	bth_off = OFF_L4_PAYLOAD + (p->int_present ? ROCE_INT_LEN : 0);
	if (end < bth_off + ROCE_BTH_LEN + ROCE_ICRC_LEN)
		return ROCE_DROP_TRUNCATED;
	icrc_off = end - ROCE_ICRC_LEN;
	p->icrc = get_icrc(frame + icrc_off);
	if (icrc_calc(frame, bth_off, icrc_off, p->int_present) != p->icrc)
		return ROCE_DROP_ICRC;
	if (p->int_present) {
		status = roce_int_decode(frame + OFF_L4_PAYLOAD, &p->intb);
		if (status != ROCE_OK)
			return status;
	}

	/* BTH */
	bth = frame + bth_off;
	p->opcode = bth[0];
	p->se = bth[1] >> 7;
	p->migreq = (bth[1] >> 6) & 1;
	p->pad = (bth[1] >> 4) & 3;
	p->tver = bth[1] & 0xf;
	p->pkey = get16(bth + 2);
	p->fecn = bth[4] >> 7;
	p->becn = (bth[4] >> 6) & 1;
	p->dest_qpn = get24(bth + 5);
	p->ack_req = bth[8] >> 7;
	p->psn = get24(bth + 9);
	if (p->tver != 0)
		return ROCE_DROP_BTH_TVER;
	info = roce_opcode_info(p->opcode);
	if (info < 0)
		return ROCE_DROP_BTH_OPCODE;
	if (!pkey_ok(p->pkey))
		return ROCE_DROP_BTH_PKEY;

	/* RETH / AETH */
	elen = ext_len(info);
	ext = bth + ROCE_BTH_LEN;
	if (icrc_off - bth_off - ROCE_BTH_LEN < (size_t)elen)
		return ROCE_DROP_EXT_HDR;
	if (info & ROCE_HAS_RETH) {
		p->va = get64(ext);
		p->rkey = get32(ext + 8);
		p->dma_len = get32(ext + 12);
	} else if (info & ROCE_HAS_AETH) {
		p->syndrome = ext[0];
		p->msn = get24(ext + 1);
	}
	/* the ImmDt is the extension's last 4 bytes */
	if (info & ROCE_HAS_IMMDT)
		p->imm = get32(ext + elen - ROCE_IMMDT_LEN);

	/* payload and pad */
	data = icrc_off - bth_off - ROCE_BTH_LEN - (size_t)elen;
	if ((data & 3) || p->pad > data)
		return ROCE_DROP_PAD;
	if ((info & (ROCE_PAYLOAD_NONE | ROCE_PAYLOAD_FULL)) && p->pad)
		return ROCE_DROP_PAD;
	p->payload = ext + elen;
	p->payload_len = data - p->pad;
	if ((info & ROCE_PAYLOAD_NONE) && p->payload_len)
		return ROCE_DROP_PAYLOAD_LEN;
	if ((info & (ROCE_PAYLOAD_FULL | ROCE_PAYLOAD_NONZERO)) && !p->payload_len)
		return ROCE_DROP_PAYLOAD_LEN;
	return ROCE_OK;
}

/* ICRC of a raw frame ------------------------------------------------------ */

/* locate BTH and ICRC in a frame that is at least structurally RoCE */
static int locate(const uint8_t *frame, size_t len, uint16_t int_port,
		  size_t *bth_off, size_t *icrc_off, bool *has_int)
{
	size_t tot;

	if (!frame || len < OFF_L4_PAYLOAD || frame[OFF_IP] != 0x45)
		return ROCE_ERR_INVAL;
	tot = get16(frame + OFF_IP + IP_TOTLEN);
	*has_int = is_int_port(get16(frame + OFF_UDP + UDP_DPORT), int_port);
	*bth_off = OFF_L4_PAYLOAD + (*has_int ? ROCE_INT_LEN : 0);
	if (OFF_IP + tot > len || OFF_IP + tot < *bth_off + ROCE_BTH_LEN + ROCE_ICRC_LEN)
		return ROCE_ERR_INVAL;
	*icrc_off = OFF_IP + tot - ROCE_ICRC_LEN;
	return ROCE_OK;
}

int roce_icrc(const uint8_t *frame, size_t len, uint16_t int_port, uint32_t *icrc)
{
	size_t bth_off, icrc_off;
	bool has_int;
	int status;

	if (!icrc)
		return ROCE_ERR_INVAL;
	status = locate(frame, len, int_port, &bth_off, &icrc_off, &has_int);
	if (status != ROCE_OK)
		return status;
	*icrc = icrc_calc(frame, bth_off, icrc_off, has_int);
	return ROCE_OK;
}

int roce_frame_fix(uint8_t *frame, size_t len, uint16_t int_port)
{
	size_t bth_off, icrc_off;
	bool has_int;
	int status;

	status = locate(frame, len, int_port, &bth_off, &icrc_off, &has_int);
	if (status != ROCE_OK)
		return status;
	put16(frame + OFF_IP + IP_CSUM, 0);
	put16(frame + OFF_IP + IP_CSUM, roce_ipv4_csum(frame + OFF_IP));
	put_icrc(frame + icrc_off, icrc_calc(frame, bth_off, icrc_off, has_int));
	return ROCE_OK;
}
