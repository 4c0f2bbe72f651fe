/* SPDX-License-Identifier: MIT */
/*
 * tb_rx_decide: rtl/rx/hpnic_rx_decide with rtl/tx/hpnic_rd_track in its
 * loop (16 QPs, 16 memory regions, 8-entry output FIFOs), against a C model
 * of both. Random packet sequences on every QP, every input with random
 * idle cycles before it, every output under random back-pressure, and
 * commit carried out after a random delay:
 *
 *  - as responder: WRITE FIRST/MIDDLE/LAST/ONLY and READ REQUEST in
 *    sequence, duplicates, packets ahead of the expected PSN (one NAK per
 *    gap), R_Keys with a wrong index or tag, ranges outside the region,
 *    missing access rights, wrong payload lengths; checked: the commit
 *    address (region IO address + offset, then the WRITE cursor), the
 *    ACK/NAK syndrome, PSN and MSN, and the READ work; packets with and
 *    without AckReq: an executed WRITE or SEND is ACKed only if it asked,
 *    so a run without AckReq has no ACK until one that asks (its PSN, the
 *    MSN so far); NAKs and duplicates' re-ACKs whatever AckReq says;
 *  - as responder, SEND FIRST/MIDDLE/LAST/ONLY (with immediate) and RDMA
 *    WRITE with immediate against receive WQEs posted per QP (up to 16,
 *    four in the slots): the buffer's address and room, RNR NAKs (with the
 *    QP's timer code) when none is there and silence behind them, buffers
 *    too small, WQEs whose L_Key failed, a SEND broken off by a bad
 *    packet; checked: the commit address, the ACK/NAK, and each receive
 *    completion (index, status, byte count, immediate), released only
 *    behind its payload;
 *  - as requester: up to six READs outstanding per QP (four in the
 *    tracking's slots, the rest in its queue), sent again from the awaited
 *    response (go-back-N) or flushed (a QP reset), their responses in order, lost, duplicated, of a wrong length, stray, and
 *    ACKs/NAKs that overtake them; checked: the response's address (first
 *    address + index * MTU) and the completer events riding in the commit
 *    stream (ACK of the response, READ_DONE, READ_GAP once per gap, also
 *    from the next READ's responses, the held-back ACK/NAK released by the
 *    last response, or held on into the next READ);
 *  - packets marked drop, for a QP out of range or not ready, of unknown
 *    opcodes; responder inits, with and without a packet offered at once;
 *    QP and region reconfiguration between packets;
 *  - every stream in order, nothing lost or added; an ACK/NAK or READ work
 *    leaves only once commit has carried out the entries up to its packet;
 *    the counters after every phase.
 *
 * Prints its seed; --seed reruns it; --packets N packets.
 */
#define _POSIX_C_SOURCE 200809L

#include "hpnic_regs.h"

#include "rx_decide_rtl.h"
#include "tb_util.h"

#define NQP RXD_RTL_QPS
#define NMR RXD_RTL_MRS
#define PSN_M 0xffffffu
#define PSN_HALF 0x800000u
/* expected items not yet seen: far more than the FIFOs and the harness hold */
#define QLEN 4096

static unsigned psn_add(unsigned a, unsigned b)
{
	return (a + b) & PSN_M;
}

static unsigned psn_sub(unsigned a, unsigned b)
{
	return (a - b) & PSN_M;
}

/* QP configuration and the responder's state (hpnic_rx_decide) */
struct qpc {
	unsigned state, mtu_log2, pd, min_rnr;
};

struct rsp {
	unsigned epsn, msn, nak_sent, wr_active, wr_send;
	unsigned rnr;           /* the last NAK was an RNR NAK (coverage) */
	unsigned unacked;       /* packets executed since the last ACK (coverage) */
	unsigned failed;        /* a fatal NAK was sent: no more requests until an init */
	uint64_t wr_addr;
	uint32_t wr_rem, msg_bytes;
};

/* the receive WQEs the host prefetched for the QP, the awaited one first,
 * and its receive-queue index (counted since the QP's reset) */
#define MAXRQ 16
struct rcvq {
	struct rxd_rwqe w[MAXRQ];
	unsigned n, idx;
};

/* the READ tracking's state (hpnic_rd_track): the READs outstanding since
 * the last flush, oldest (the awaited one) first */
#define MAXR 6
struct trk {
	unsigned exp, started, gap_sent, pend_valid, pend_kind, pend_psn, pend_rnr;
	struct rxd_rdesc rd[MAXR];
	unsigned nr;
};

/* the test's requester and its peer: the response the peer sends next (j:
 * which READ, next: its PSN); end: the PSN after the last READ sent */
struct req {
	unsigned next, j, end;
};

struct note {
	unsigned qpn, op, psn, len;
};

struct want_commit {
	struct rxd_commit c;
	uint64_t pkt;
};

/* a.done / w.done: commit entries that must be carried out before it */
struct want_ack {
	struct rxd_ack a;
	uint64_t pkt;
};

struct want_rdw {
	struct rxd_rdwork w;
	uint64_t pkt;
};

struct want_rcpl {
	struct rxd_rcpl c;
	uint64_t pkt;
};

/* what the run went through, so a quiet pass means the cases were there */
enum cov {
	C_WR_FIRST, C_WR_MIDDLE, C_WR_LAST, C_WR_ONLY, C_WR_EMPTY, C_READ, C_READ_EMPTY,
	C_DUP_WRITE, C_DUP_READ, C_DUP_READ_NAK, C_NAK_SEQ, C_OOS_SILENT, C_ACC_INDEX, C_ACC_TAG,
	C_ACC_INVALID, C_ACC_RIGHT, C_ACC_BELOW, C_ACC_RANGE, C_RANGE_EDGE, C_LEN, C_MSG_BAD, C_BAD_QPN,
	C_NOT_READY, C_DROP, C_UNKNOWN, C_RESP_WRITE, C_READ_DONE, C_RESP_GAP, C_GAP_QUIET,
	C_RESP_STRAY, C_RESP_BADLEN, C_ACK_PASS, C_ACK_HELD, C_NAK_HELD, C_RELEASE, C_NAK_FATAL,
	C_INIT, C_INIT_PKT, C_FAILED_DROP, C_EVENT, C_RDESC, C_REISSUE, C_WITHDRAW, C_ZERO_ANYKEY, C_QP_CFG, C_MR_CFG,
	C_ACC_PD, C_LONG_READ, C_MTU_MOVED, C_RD_QUEUED, C_RD_REFILL, C_GAP_NEXT, C_HOLD_NEXT,
	C_SEND_FIRST, C_SEND_MIDDLE, C_SEND_LAST, C_SEND_ONLY, C_SEND_IMM, C_SEND_EMPTY, C_WRITE_IMM,
	C_RNR, C_RNR_SILENT, C_RNR_WRITE_IMM, C_RCV_LEN, C_RCV_LERR, C_SEND_BROKEN, C_RCV_REFILL,
	C_RCV_FLUSH, C_RCV_EXACT, C_RNR_PASS, C_RNR_HELD, C_RNR_RELEASE, C_COALESCED, C_ACK_RUN,
	C_ACK_RUN_END, NCOV
};

static const char *const cov_name[NCOV] = {
	"WRITE FIRST", "WRITE MIDDLE", "WRITE LAST", "WRITE ONLY", "empty WRITE ONLY", "READ",
	"empty READ", "duplicate WRITE", "duplicate READ", "duplicate READ NAK", "PSN NAK",
	"silent out-of-sequence", "bad R_Key index", "bad R_Key tag", "invalid region",
	"missing right", "VA below region", "beyond region", "region end exactly", "length NAK",
	"new message inside a WRITE",	"QPN out of range", "QP not ready", "drop", "unknown opcode", "response written",
	"READ_DONE", "READ_GAP", "gap not repeated", "stray response", "response length",
	"ACK passed", "ACK held", "NAK held", "held ACK/NAK released", "fatal NAK", "init",
	"init with packet", "request to a failed responder",
	"responder failure event", "READ issued", "READ re-issued", "READ withdrawn", "zero length, bad key", "QP reconfig", "region reconfig",
	"another PD's region", "READ of 2^23 packets", "last response at the issue's MTU",
	"READ queued behind four", "slot refilled", "gap in the next READ", "held into the next READ",
	"SEND FIRST", "SEND MIDDLE", "SEND LAST", "SEND ONLY", "SEND with immediate", "empty SEND",
	"WRITE with immediate", "RNR NAK", "silent after RNR", "RNR on WRITE with immediate",
	"SEND too long", "receive WQE L_Key failed", "SEND broken off", "receive WQE refilled",
	"receive WQEs flushed", "SEND fills its buffer",
	"RNR NAK passed", "RNR NAK held", "held RNR NAK released",
	"executed without an ACK (no AckReq)", "ACK covering a run without AckReq",
	"message end ACKed after a run",
};

static struct {
	struct rxd_rtl *r;
	struct qpc qp[NQP];
	struct rxd_mr mr[NMR];
	struct rsp rsp[NQP];
	struct trk trk[NQP];
	struct rcvq rq[NQP];
	int settle;             /* a READ completed with one queued: its slot refills */
	struct req req[NQP];
	struct rxd_stats st;
	uint64_t pkts, entries;
	struct note note[QLEN];
	struct want_commit cm[QLEN];
	struct want_ack ak[QLEN];
	struct want_rdw rw[QLEN];
	struct want_rcpl rc[QLEN];
	uint64_t rc_h, rc_t;
	struct rxd_event ev[QLEN];
	uint64_t ev_h, ev_t;
	uint64_t cm_h, cm_t, ak_h, ak_t, rw_h, rw_t;
	uint64_t ord;           /* ACK/NAKs and READ work expected so far, both */
	unsigned cov[NCOV];
	unsigned last_qpn;
} E;

static const char *op_name(unsigned op)
{
	switch (op) {
	case HPNIC_BTH_OP_WRITE_FIRST: return "WRITE_FIRST";
	case HPNIC_BTH_OP_WRITE_MIDDLE: return "WRITE_MIDDLE";
	case HPNIC_BTH_OP_WRITE_LAST: return "WRITE_LAST";
	case HPNIC_BTH_OP_WRITE_ONLY: return "WRITE_ONLY";
	case HPNIC_BTH_OP_READ_REQ: return "READ_REQ";
	case HPNIC_BTH_OP_RESP_FIRST: return "RESP_FIRST";
	case HPNIC_BTH_OP_RESP_MIDDLE: return "RESP_MIDDLE";
	case HPNIC_BTH_OP_RESP_LAST: return "RESP_LAST";
	case HPNIC_BTH_OP_RESP_ONLY: return "RESP_ONLY";
	case HPNIC_BTH_OP_ACK: return "ACK";
	case HPNIC_BTH_OP_SEND_FIRST: return "SEND_FIRST";
	case HPNIC_BTH_OP_SEND_MIDDLE: return "SEND_MIDDLE";
	case HPNIC_BTH_OP_SEND_LAST: return "SEND_LAST";
	case HPNIC_BTH_OP_SEND_LAST_IMM: return "SEND_LAST_IMM";
	case HPNIC_BTH_OP_SEND_ONLY: return "SEND_ONLY";
	case HPNIC_BTH_OP_SEND_ONLY_IMM: return "SEND_ONLY_IMM";
	case HPNIC_BTH_OP_WRITE_LAST_IMM: return "WRITE_LAST_IMM";
	case HPNIC_BTH_OP_WRITE_ONLY_IMM: return "WRITE_ONLY_IMM";
	default: return "other";
	}
}

static const char *kind_name(unsigned k)
{
	switch (k) {
	case HPNIC_ACK_KIND_ACK: return "ACK";
	case HPNIC_ACK_KIND_NAK_SEQ: return "NAK_SEQ";
	case HPNIC_ACK_KIND_NAK_FATAL: return "NAK_FATAL";
	case HPNIC_ACK_KIND_READ_DONE: return "READ_DONE";
	case HPNIC_ACK_KIND_READ_GAP: return "READ_GAP";
	case HPNIC_ACK_KIND_NAK_RNR: return "NAK_RNR";
	default: return "kind?";
	}
}

/* "packet N (QP q OP psn P len L)", for failure messages */
static const char *pkt_desc(uint64_t n)
{
	static char buf[4][96];
	static unsigned k;
	const struct note *t = &E.note[n % QLEN];
	char *b = buf[k++ % 4];

	if (n == ~0ull)
		return "the start (no packet yet)";
	snprintf(b, sizeof(buf[0]), "packet %llu (QP %u %s psn %06x len %u)", (unsigned long long)n,
		 t->qpn, op_name(t->op), t->psn, t->len);
	return b;
}

static int is_write(unsigned op)
{
	return op == HPNIC_BTH_OP_WRITE_FIRST || op == HPNIC_BTH_OP_WRITE_MIDDLE ||
	       op == HPNIC_BTH_OP_WRITE_LAST || op == HPNIC_BTH_OP_WRITE_ONLY ||
	       op == HPNIC_BTH_OP_WRITE_LAST_IMM || op == HPNIC_BTH_OP_WRITE_ONLY_IMM;
}

static int is_send(unsigned op)
{
	return op <= HPNIC_BTH_OP_SEND_ONLY_IMM;
}

/* ends with ImmDt */
static int is_imm(unsigned op)
{
	return op == HPNIC_BTH_OP_SEND_LAST_IMM || op == HPNIC_BTH_OP_SEND_ONLY_IMM ||
	       op == HPNIC_BTH_OP_WRITE_LAST_IMM || op == HPNIC_BTH_OP_WRITE_ONLY_IMM;
}

/* the message's last packet */
static int is_end(unsigned op)
{
	return op == HPNIC_BTH_OP_SEND_LAST || op == HPNIC_BTH_OP_SEND_LAST_IMM ||
	       op == HPNIC_BTH_OP_SEND_ONLY || op == HPNIC_BTH_OP_SEND_ONLY_IMM ||
	       op == HPNIC_BTH_OP_WRITE_LAST || op == HPNIC_BTH_OP_WRITE_LAST_IMM ||
	       op == HPNIC_BTH_OP_WRITE_ONLY || op == HPNIC_BTH_OP_WRITE_ONLY_IMM;
}

static int is_resp(unsigned op)
{
	return op == HPNIC_BTH_OP_RESP_FIRST || op == HPNIC_BTH_OP_RESP_MIDDLE ||
	       op == HPNIC_BTH_OP_RESP_LAST || op == HPNIC_BTH_OP_RESP_ONLY;
}

static int has_reth(unsigned op)
{
	return op == HPNIC_BTH_OP_WRITE_FIRST || op == HPNIC_BTH_OP_WRITE_ONLY ||
	       op == HPNIC_BTH_OP_WRITE_ONLY_IMM || op == HPNIC_BTH_OP_READ_REQ;
}

/* the completer's kind for an AETH syndrome: an RNR NAK (001ttttt) is its
 * own, with its timer code; NAK codes other than a PSN error are fatal */
static unsigned syn_kind(unsigned syn)
{
	if (syn >> 5 == 0)
		return HPNIC_ACK_KIND_ACK;
	if (syn >> 5 == HPNIC_AETH_SYN_RNR >> 5)
		return HPNIC_ACK_KIND_NAK_RNR;
	if (syn == HPNIC_AETH_SYN_NAK_SEQ)
		return HPNIC_ACK_KIND_NAK_SEQ;
	return HPNIC_ACK_KIND_NAK_FATAL;
}

/* packets of a READ of len bytes: ceil(len / MTU), one for an empty READ */
static unsigned read_npkts(uint32_t len, unsigned log2)
{
	return len ? (unsigned)((((uint64_t)len + (1u << log2) - 1) >> log2) & PSN_M) : 1;
}

/*
 * ---- the model ----
 */

/* the R_Key and range check; 0 and the reason's coverage slot when it fails */
static int access_ok(const struct rxd_pkt *p, unsigned right, uint64_t *iova, int *why)
{
	unsigned idx = p->rkey >> 8;
	const struct rxd_mr *m = &E.mr[idx % NMR];
	uint64_t off = p->va - m->va;

	*why = -1;
	if (p->rlen == 0) {
		/* zero length: no key or VA check (IB C9-88) */
		*iova = m->iova + off;
		E.cov[C_ZERO_ANYKEY] += has_reth(p->opcode) &&
					(idx >= NMR || !m->valid || (p->rkey & 0xff) != m->tag);
		return 1;
	}
	if (idx >= NMR)
		*why = C_ACC_INDEX;
	else if (!m->valid)
		*why = C_ACC_INVALID;
	else if ((p->rkey & 0xff) != m->tag)
		*why = C_ACC_TAG;
	else if (m->pd != E.qp[p->qpn % NQP].pd)
		*why = C_ACC_PD;
	else if (!(m->access & right))
		*why = C_ACC_RIGHT;
	else if (p->va < m->va)
		*why = C_ACC_BELOW;
	else if (off > m->len || p->rlen > m->len - off)
		*why = C_ACC_RANGE;
	*iova = m->iova + off;
	if (*why < 0 && off + p->rlen == m->len)
		E.cov[C_RANGE_EDGE]++;
	return *why < 0;
}

static void want_commit(const struct rxd_commit *c)
{
	CHECK(E.cm_t - E.cm_h < QLEN, "too many commit entries expected");
	E.cm[E.cm_t % QLEN] = (struct want_commit){ *c, E.pkts };
	E.cm_t++;
}

static void want_ack(unsigned qpn, unsigned syn, unsigned psn, unsigned msn, const struct rxd_int *in)
{
	struct rxd_ack a = { .qpn = qpn, .syn = syn, .psn = psn, .msn = msn, .done = E.entries,
			     .pop = E.ord++ };

	/* ACKs echo the INT of the packet they acknowledge; NAKs carry none */
	a.in = *in;
	a.in.valid = in->valid && syn == HPNIC_AETH_SYN_ACK;
	CHECK(E.ak_t - E.ak_h < QLEN, "too many ACKs expected");
	E.ak[E.ak_t % QLEN] = (struct want_ack){ a, E.pkts };
	E.ak_t++;
}

static void want_rdwork(unsigned qpn, unsigned psn, uint64_t addr, uint32_t len, unsigned msn,
			unsigned dup)
{
	struct rxd_rdwork w = { .qpn = qpn, .psn = psn, .msn = msn, .dup = dup, .addr = addr,
				.len = len, .done = E.entries, .pop = E.ord++ };

	CHECK(E.rw_t - E.rw_h < QLEN, "too much READ work expected");
	E.rw[E.rw_t % QLEN] = (struct want_rdw){ w, E.pkts };
	E.rw_t++;
}

/* a receive completion for the QP's awaited receive WQE, which it uses up;
 * it leaves behind its packet's payload */
static void want_rcpl(const struct rxd_pkt *p, unsigned status, uint32_t byte_len)
{
	struct rcvq *r = &E.rq[p->qpn];
	int ok = status == HPNIC_CQE_STATUS_OK;
	struct rxd_rcpl c = { .qpn = p->qpn, .idx = r->idx & 0xffff, .status = status,
			      .wimm = ok && !is_send(p->opcode), .byte_len = ok ? byte_len : 0,
			      .imm_valid = ok && p->imm_valid, .imm = p->imm,
			      .done = E.entries + p->has_payload };

	CHECK(E.rc_t - E.rc_h < QLEN, "too many receive completions expected");
	E.rc[E.rc_t % QLEN] = (struct want_rcpl){ c, E.pkts };
	E.rc_t++;
	E.st.recv_cpl++;
	E.st.recv_err += !ok;
	/* a fifth WQE waiting moves into the slot this one frees */
	if (r->n > 4) {
		E.settle = 1;
		E.cov[C_RCV_REFILL]++;
	}
	memmove(&r->w[0], &r->w[1], (r->n - 1) * sizeof(r->w[0]));
	r->n--;
	r->idx++;
}

/* the outcome of one packet at the responder; *commit is its commit entry */
/* a fatal NAK: the responder stops taking requests, and says so */
static void fail(unsigned qpn, unsigned type)
{
	CHECK(E.ev_t - E.ev_h < QLEN, "too many events expected");
	E.ev[E.ev_t % QLEN] = (struct rxd_event){ qpn, type };
	E.ev_t++;
	E.rsp[qpn].failed = 1;
	E.cov[C_EVENT]++;
}

/* an invalid request: NAK, the responder fails; a SEND it breaks off
 * completes its receive WQE in error */
static void inv_req(const struct rxd_pkt *p, int *ack, unsigned *ak_syn, int cov)
{
	struct rsp *s = &E.rsp[p->qpn];

	E.st.len_err++;
	*ack = 1;
	*ak_syn = HPNIC_AETH_SYN_NAK_INV;
	if (s->wr_active && s->wr_send) {
		want_rcpl(p, HPNIC_CQE_STATUS_LOCAL_ERROR, 0);
		E.cov[C_SEND_BROKEN]++;
	}
	fail(p->qpn, HPNIC_ASYNC_EVENT_QP_REQ_ERR);
	E.cov[cov]++;
}

/* no receive WQE: RNR NAK with the QP's timer code, then silence until the
 * requester comes back to this PSN */
static void rnr(const struct rxd_pkt *p, int *ack, unsigned *ak_syn)
{
	E.st.rnr_naks++;
	*ack = 1;
	*ak_syn = HPNIC_AETH_SYN_RNR | E.qp[p->qpn].min_rnr;
	E.rsp[p->qpn].nak_sent = 1;
	E.rsp[p->qpn].rnr = 1;
}

/* a WRITE or SEND packet executed in sequence: ACKed only if it asked
 * (AckReq); the ACK of a later one covers it, with that one's PSN */
static void exec_ack(const struct rxd_pkt *p, int *ack)
{
	struct rsp *s = &E.rsp[p->qpn];

	*ack = p->ack_req != 0;
	if (!p->ack_req) {
		E.st.ack_coalesced++;
		E.cov[C_COALESCED]++;
		s->unacked++;
		return;
	}
	if (s->unacked) {
		E.cov[C_ACK_RUN]++;
		E.cov[C_ACK_RUN_END] += is_end(p->opcode);
	}
	s->unacked = 0;
}

/* SEND FIRST/MIDDLE/LAST/ONLY in sequence */
static void model_send(const struct rxd_pkt *p, struct rxd_commit *commit, int *ack,
		       unsigned *ak_syn)
{
	struct rsp *s = &E.rsp[p->qpn];
	struct rcvq *r = &E.rq[p->qpn];
	unsigned op = p->opcode, mtu = 1u << E.qp[p->qpn].mtu_log2;
	int first = op == HPNIC_BTH_OP_SEND_FIRST || op == HPNIC_BTH_OP_SEND_ONLY ||
		    op == HPNIC_BTH_OP_SEND_ONLY_IMM;
	int len_ok = (op == HPNIC_BTH_OP_SEND_FIRST || op == HPNIC_BTH_OP_SEND_MIDDLE) ?
		     p->len == mtu : p->len <= mtu;
	uint32_t room;
	uint64_t addr;

	if (first ? s->wr_active || !len_ok : !(s->wr_active && s->wr_send) || !len_ok) {
		inv_req(p, ack, ak_syn, len_ok ? C_MSG_BAD : C_LEN);
		return;
	}
	if (first) {
		if (!r->n) {
			rnr(p, ack, ak_syn);
			E.cov[C_RNR]++;
			return;
		}
		if (r->w[0].lerr) {
			E.st.access_err++;
			*ack = 1;
			*ak_syn = HPNIC_AETH_SYN_NAK_OP;
			want_rcpl(p, HPNIC_CQE_STATUS_LOCAL_PROT_ERROR, 0);
			fail(p->qpn, HPNIC_ASYNC_EVENT_QP_ACCESS_ERR);
			E.cov[C_RCV_LERR]++;
			return;
		}
		room = r->w[0].len;
		addr = r->w[0].addr;
	} else {
		room = s->wr_rem;
		addr = s->wr_addr;
	}
	if (p->len > room) {
		E.st.len_err++;
		*ack = 1;
		*ak_syn = HPNIC_AETH_SYN_NAK_INV;
		want_rcpl(p, HPNIC_CQE_STATUS_LOCAL_LEN_ERROR, 0);
		fail(p->qpn, HPNIC_ASYNC_EVENT_QP_REQ_ERR);
		E.cov[C_RCV_LEN]++;
		return;
	}
	E.st.writes++;
	if (p->has_payload)
		commit->pay = RXD_CM_WRITE;
	commit->addr = addr;
	s->wr_addr = addr + p->len;
	s->wr_rem = room - p->len;
	s->wr_active = op == HPNIC_BTH_OP_SEND_FIRST || op == HPNIC_BTH_OP_SEND_MIDDLE;
	s->wr_send = 1;
	s->msg_bytes = (first ? 0 : s->msg_bytes) + p->len;
	s->epsn = psn_add(s->epsn, 1);
	exec_ack(p, ack);
	E.cov[op == HPNIC_BTH_OP_SEND_FIRST ? C_SEND_FIRST : op == HPNIC_BTH_OP_SEND_MIDDLE ?
	      C_SEND_MIDDLE : first ? (p->len ? C_SEND_ONLY : C_SEND_EMPTY) : C_SEND_LAST]++;
	if (is_end(op)) {
		s->msn = psn_add(s->msn, 1);
		E.cov[C_SEND_IMM] += is_imm(op);
		E.cov[C_RCV_EXACT] += s->wr_rem == 0;
		want_rcpl(p, HPNIC_CQE_STATUS_OK, s->msg_bytes);
	}
}

static void model_request(const struct rxd_pkt *p, struct rxd_commit *commit, int *ack,
			  unsigned *ak_syn, unsigned *ak_psn, int *rdw, uint64_t *rd_addr)
{
	struct rsp *s = &E.rsp[p->qpn];
	unsigned log2 = E.qp[p->qpn].mtu_log2, mtu = 1u << log2, op = p->opcode;
	unsigned ahead = psn_sub(p->psn, s->epsn);
	int read = op == HPNIC_BTH_OP_READ_REQ, why;
	uint64_t iova;
	int acc = access_ok(p, read ? 2 : 1, &iova, &why);

	*rd_addr = iova;
	if (ahead & PSN_HALF) {
		/* a duplicate: acknowledged again, a READ executed again */
		E.st.psn_dup++;
		if (read && acc) {
			*rdw = 2;       /* a repeated READ (the READ queue replaces) */
			E.cov[C_DUP_READ]++;
		} else if (read) {
			*ack = 1;
			*ak_syn = HPNIC_AETH_SYN_NAK_ACC;
			fail(p->qpn, HPNIC_ASYNC_EVENT_QP_ACCESS_ERR);
			E.cov[C_DUP_READ_NAK]++;
		} else {
			*ack = 1;
			*ak_psn = psn_sub(s->epsn, 1);
			E.cov[C_DUP_WRITE]++;
		}
		return;
	}
	if (ahead) {
		/* one NAK per gap, then silence until the expected PSN */
		E.st.psn_oos++;
		if (!s->nak_sent) {
			E.st.nak_seq++;
			*ack = 1;
			*ak_syn = HPNIC_AETH_SYN_NAK_SEQ;
			*ak_psn = s->epsn;
			s->nak_sent = 1;
			s->rnr = 0;
			E.cov[C_NAK_SEQ]++;
		} else {
			E.cov[C_OOS_SILENT]++;
			E.cov[C_RNR_SILENT] += s->rnr;
		}
		return;
	}
	s->nak_sent = 0;
	s->rnr = 0;
	if (is_send(op)) {
		model_send(p, commit, ack, ak_syn);
		return;
	}
	if (has_reth(op) && (s->wr_active || p->rlen > 0x80000000u)) {
		/* a new message inside an open WRITE, or over 2^31 bytes */
		inv_req(p, ack, ak_syn, C_MSG_BAD);
		return;
	}
	if (has_reth(op) && !acc) {
		E.st.access_err++;
		*ack = 1;
		*ak_syn = HPNIC_AETH_SYN_NAK_ACC;
		fail(p->qpn, HPNIC_ASYNC_EVENT_QP_ACCESS_ERR);
		E.cov[why]++;
		return;
	}
	if (read) {
		E.st.reads++;
		*rdw = 1;
		s->epsn = psn_add(s->epsn, read_npkts(p->rlen, log2));
		s->msn = psn_add(s->msn, 1);
		E.cov[p->rlen ? C_READ : C_READ_EMPTY]++;
		return;
	}
	int len_ok;
	switch (op) {
	case HPNIC_BTH_OP_WRITE_FIRST: len_ok = p->len == mtu && p->rlen > mtu; break;
	case HPNIC_BTH_OP_WRITE_ONLY:
	case HPNIC_BTH_OP_WRITE_ONLY_IMM: len_ok = p->len == p->rlen && p->len <= mtu; break;
	case HPNIC_BTH_OP_WRITE_MIDDLE:
		len_ok = s->wr_active && !s->wr_send && p->len == mtu && s->wr_rem > mtu;
		break;
	default: len_ok = s->wr_active && !s->wr_send && p->len == s->wr_rem && p->len <= mtu; break;
	}
	if (!len_ok) {
		inv_req(p, ack, ak_syn, C_LEN);
		return;
	}
	if (is_imm(op) && !E.rq[p->qpn].n) {
		/* WRITE with immediate takes a receive WQE at its end */
		rnr(p, ack, ak_syn);
		E.cov[C_RNR_WRITE_IMM]++;
		return;
	}
	/* in sequence: the payload goes to the region, then along the cursor */
	E.st.writes++;
	uint64_t addr = has_reth(op) ? iova : s->wr_addr;
	if (p->has_payload)
		commit->pay = RXD_CM_WRITE;
	commit->addr = addr;
	s->wr_rem = (has_reth(op) ? p->rlen : s->wr_rem) - p->len;
	s->wr_addr = addr + p->len;
	s->wr_active = op == HPNIC_BTH_OP_WRITE_FIRST || op == HPNIC_BTH_OP_WRITE_MIDDLE;
	s->wr_send = 0;
	s->msg_bytes = (has_reth(op) ? 0 : s->msg_bytes) + p->len;
	s->epsn = psn_add(s->epsn, 1);
	if (is_end(op))
		s->msn = psn_add(s->msn, 1);
	exec_ack(p, ack);
	if (is_imm(op)) {
		want_rcpl(p, HPNIC_CQE_STATUS_OK, s->msg_bytes);
		E.cov[C_WRITE_IMM]++;
	}
	E.cov[op == HPNIC_BTH_OP_WRITE_FIRST ? C_WR_FIRST : op == HPNIC_BTH_OP_WRITE_MIDDLE ?
	      C_WR_MIDDLE : op == HPNIC_BTH_OP_WRITE_LAST ? C_WR_LAST : p->len ? C_WR_ONLY :
	      C_WR_EMPTY]++;
}

/* the READ tracking on an ACK/NAK or a READ response (the QP in RTS) */
static void model_response(const struct rxd_pkt *p, struct rxd_commit *commit)
{
	struct trk *t = &E.trk[p->qpn];
	unsigned log2 = E.qp[p->qpn].mtu_log2, mtu = 1u << log2;
	int active = t->nr != 0;
	const struct rxd_rdesc *d = &t->rd[0];
	unsigned exp = t->started ? t->exp : active ? d->first : t->exp;
	unsigned ahead = psn_sub(p->psn, exp);

	commit->kind = HPNIC_ACK_KIND_ACK;
	commit->psn = p->psn;
	commit->qpn = p->qpn;
	if (p->opcode == HPNIC_BTH_OP_ACK) {
		unsigned kind = syn_kind(p->syn);
		int past = active && !(ahead & PSN_HALF);

		/* an ACK at or past the awaited response, a NAK (PSN or fatal)
		 * past it, waits for the READ's last response; what precedes
		 * the awaited response is acknowledged meanwhile */
		commit->cack = 1;
		commit->in = p->in;
		commit->kind = kind;
		commit->rnr_timer = p->syn & 31;
		if ((kind == HPNIC_ACK_KIND_ACK && past) ||
		    (kind != HPNIC_ACK_KIND_ACK && past && ahead)) {
			t->pend_valid = 1;
			t->pend_kind = kind;
			t->pend_psn = p->psn;
			t->pend_rnr = p->syn & 31;
			commit->kind = HPNIC_ACK_KIND_ACK;
			commit->psn = psn_sub(exp, 1);
			E.cov[kind == HPNIC_ACK_KIND_ACK ? C_ACK_HELD : kind == HPNIC_ACK_KIND_NAK_RNR ?
			      C_RNR_HELD : C_NAK_HELD]++;
		} else {
			E.cov[kind == HPNIC_ACK_KIND_NAK_FATAL ? C_NAK_FATAL :
			      kind == HPNIC_ACK_KIND_NAK_RNR ? C_RNR_PASS : C_ACK_PASS]++;
		}
		return;
	}
	unsigned idx = psn_sub(p->psn, d->first);
	int last = idx == psn_sub(d->npkts, 1);
	uint32_t off = (uint32_t)((uint64_t)idx << log2);
	/* the last response's length is the one the READ was issued with,
	 * even if the MTU changed since (docs/transport.md) */
	int len_ok = last ? p->len == d->last_len : p->len == mtu;
	int in_seq = active && ahead == 0 && idx < d->npkts;
	int in_next = t->nr > 1 && psn_sub(p->psn, t->rd[1].first) < t->rd[1].npkts;
	int gap = active && !(ahead & PSN_HALF) && ahead && (idx < d->npkts || in_next);

	if (in_seq && len_ok) {
		E.st.writes++;
		if (p->has_payload)
			commit->pay = RXD_CM_WRITE;
		commit->addr = d->laddr + off;
		commit->cack = 1;
		t->exp = psn_add(exp, 1);
		t->started = 1;
		t->gap_sent = 0;
		E.cov[C_RESP_WRITE]++;
		if (last) {
			if (d->last_len != d->len - off)
				E.cov[C_MTU_MOVED]++;
			commit->kind = HPNIC_ACK_KIND_READ_DONE;
			E.cov[C_READ_DONE]++;
			/* the next READ is awaited; a queued one takes the free slot */
			if (t->nr > 4) {
				E.settle = 1;
				E.cov[C_RD_REFILL]++;
			}
			memmove(&t->rd[0], &t->rd[1], (t->nr - 1) * sizeof(t->rd[0]));
			t->nr--;
			t->started = 0;
			if (E.req[p->qpn].j)
				E.req[p->qpn].j--;
			if (t->pend_valid) {
				/* the held-back answer, behind the data, unless it
				 * reaches into the next READ too */
				const struct rxd_rdesc *n = &t->rd[0];
				unsigned into = psn_sub(t->pend_psn, n->first);
				if (t->nr && !(into & PSN_HALF) &&
				    (t->pend_kind == HPNIC_ACK_KIND_ACK || into)) {
					E.cov[C_HOLD_NEXT]++;
				} else {
					commit->kind = t->pend_kind;
					commit->psn = t->pend_psn;
					commit->rnr_timer = t->pend_rnr;
					t->pend_valid = 0;
					E.cov[t->pend_kind == HPNIC_ACK_KIND_NAK_RNR ? C_RNR_RELEASE :
					      C_RELEASE]++;
				}
			}
		}
	} else if (gap && !t->gap_sent) {
		E.st.resp_gap++;
		commit->cack = 1;
		commit->kind = HPNIC_ACK_KIND_READ_GAP;
		commit->psn = exp;
		t->gap_sent = 1;
		E.cov[idx < d->npkts ? C_RESP_GAP : C_GAP_NEXT]++;
	} else {
		E.st.resp_stray++;
		E.cov[gap ? C_GAP_QUIET : in_seq ? C_RESP_BADLEN : C_RESP_STRAY]++;
	}
}

/* one packet through the model: what each output stream must give */
static void model_pkt(const struct rxd_pkt *p)
{
	const struct qpc *q = &E.qp[p->qpn];
	unsigned op = p->opcode;
	int request = is_write(op) || is_send(op) || op == HPNIC_BTH_OP_READ_REQ;
	int qp_ok = p->qpn_ok && (request ? q->state == HPNIC_QPS_RTR || q->state == HPNIC_QPS_RTS :
					    q->state == HPNIC_QPS_RTS);
	struct rxd_commit c = { .pay = p->has_payload ? RXD_CM_DROP : RXD_CM_NONE, .len = p->len };
	int ack = 0, rdw = 0;
	unsigned ak_syn = HPNIC_AETH_SYN_ACK, ak_psn = p->psn;
	uint64_t rd_addr = 0;

	E.note[E.pkts % QLEN] = (struct note){ p->qpn, op, p->psn, p->len };
	if (p->drop) {
		E.cov[C_DROP]++;                /* counted by the parser */
	} else if (!qp_ok) {
		E.st.bad_qp++;
		E.cov[p->qpn_ok ? C_NOT_READY : C_BAD_QPN]++;
	} else if (request && E.rsp[p->qpn].failed) {
		E.st.bad_qp++;
		E.cov[C_FAILED_DROP]++;
	} else if (request) {
		model_request(p, &c, &ack, &ak_syn, &ak_psn, &rdw, &rd_addr);
	} else if (op == HPNIC_BTH_OP_ACK || is_resp(op)) {
		model_response(p, &c);
	} else {
		E.cov[C_UNKNOWN]++;
	}
	if (p->has_payload || c.cack) {
		E.entries++;
		want_commit(&c);
	}
	if (ack)
		want_ack(p->qpn, ak_syn, ak_psn, E.rsp[p->qpn].msn, &p->in);
	if (rdw)
		want_rdwork(p->qpn, p->psn, rd_addr, p->rlen, E.rsp[p->qpn].msn, rdw == 2);
	E.pkts++;
}

static void model_init(unsigned qpn, unsigned epsn)
{
	struct rsp *s = &E.rsp[qpn];
	struct trk *t = &E.trk[qpn];

	s->epsn = epsn;
	s->msn = 0;
	s->nak_sent = 0;
	s->wr_active = 0;
	s->failed = 0;
	/* the receive WQEs count from 0 again (the test flushes them with every
	 * init, as a QP reset does before its RTR) */
	E.rq[qpn].idx = 0;
	/* the READs in flight are the requester's (its INIT flushes them):
	 * only a held answer and a reported gap are forgotten */
	t->gap_sent = 0;
	t->pend_valid = 0;
	E.cov[C_INIT]++;
}

/*
 * ---- comparing what came out ----
 */

static int int_eq(const struct rxd_int *a, const struct rxd_int *b)
{
	if (a->valid != b->valid)
		return 0;
	if (!a->valid)
		return 1;
	if (a->nhop != b->nhop || a->path != b->path)
		return 0;
	for (unsigned i = 0; i < 5; i++)
		if (a->hops[i] != b->hops[i])
			return 0;
	return 1;
}

static void sync_outputs(void)
{
	struct rxd_commit c;
	struct rxd_ack a;
	struct rxd_rdwork w;
	struct rxd_event ev;
	struct rxd_rcpl rc;

	while (rxd_rtl_pop_commit(E.r, &c)) {
		CHECK(E.cm_h < E.cm_t, "commit entry %llu not expected: pay %u cack %u kind %s psn %06x",
		      (unsigned long long)E.cm_h, c.pay, c.cack, kind_name(c.kind), c.psn);
		if (E.cm_h >= E.cm_t)
			continue;
		const struct want_commit *x = &E.cm[E.cm_h % QLEN];
		const struct rxd_commit *y = &x->c;
		CHECK(c.pay == y->pay && (y->pay == RXD_CM_NONE || c.len == y->len) &&
		      (y->pay != RXD_CM_WRITE || c.addr == y->addr),
		      "commit entry %llu, %s: pay %u addr %#llx len %u, want pay %u addr %#llx len %u",
		      (unsigned long long)E.cm_h, pkt_desc(x->pkt), c.pay, (unsigned long long)c.addr,
		      c.len, y->pay, (unsigned long long)y->addr, y->len);
		CHECK(c.cack == y->cack && (!y->cack || (c.qpn == y->qpn && c.kind == y->kind &&
							 c.psn == y->psn && int_eq(&c.in, &y->in) &&
							 (y->kind != HPNIC_ACK_KIND_NAK_RNR ||
							  c.rnr_timer == y->rnr_timer))),
		      "commit entry %llu, %s: completer event %u %s psn %06x QP %u INT %u RNR code "
		      "%u, want %u %s psn %06x QP %u INT %u RNR code %u", (unsigned long long)E.cm_h,
		      pkt_desc(x->pkt), c.cack, kind_name(c.kind), c.psn, c.qpn, c.in.valid,
		      c.rnr_timer, y->cack, kind_name(y->kind), y->psn, y->qpn, y->in.valid,
		      y->rnr_timer);
		E.cm_h++;
	}
	while (rxd_rtl_pop_ack(E.r, &a)) {
		CHECK(E.ak_h < E.ak_t, "ACK/NAK %llu not expected: QP %u syn %#x psn %06x",
		      (unsigned long long)E.ak_h, a.qpn, a.syn, a.psn);
		if (E.ak_h >= E.ak_t)
			continue;
		const struct want_ack *x = &E.ak[E.ak_h % QLEN];
		const struct rxd_ack *y = &x->a;
		CHECK(a.qpn == y->qpn && a.syn == y->syn && a.psn == y->psn && a.msn == y->msn &&
		      int_eq(&a.in, &y->in),
		      "ACK/NAK %llu, %s: QP %u syn %#x psn %06x msn %06x INT %u, "
		      "want QP %u syn %#x psn %06x msn %06x INT %u", (unsigned long long)E.ak_h,
		      pkt_desc(x->pkt), a.qpn, a.syn, a.psn, a.msn, a.in.valid, y->qpn, y->syn, y->psn,
		      y->msn, y->in.valid);
		/* (when the item itself differs, the streams are out of step and
		 * its release point means nothing) */
		CHECK(a.qpn != y->qpn || a.psn != y->psn || a.pop == y->pop,
		      "ACK/NAK %llu, %s: left as answer or READ work number %llu, want %llu (the "
		      "two in the order decided)", (unsigned long long)E.ak_h, pkt_desc(x->pkt),
		      (unsigned long long)a.pop, (unsigned long long)y->pop);
		CHECK(a.qpn != y->qpn || a.psn != y->psn || a.done >= y->done,
		      "ACK/NAK %llu, %s: released with %llu commit entries done, before the %llu "
		      "up to its packet", (unsigned long long)E.ak_h, pkt_desc(x->pkt),
		      (unsigned long long)a.done, (unsigned long long)y->done);
		E.ak_h++;
	}
	while (rxd_rtl_pop_event(E.r, &ev)) {
		CHECK(E.ev_h < E.ev_t, "event not expected: QP %u type %u", ev.qpn, ev.type);
		if (E.ev_h >= E.ev_t)
			continue;
		const struct rxd_event *y = &E.ev[E.ev_h % QLEN];
		CHECK(ev.qpn == y->qpn && ev.type == y->type, "event %llu: QP %u type %u, want QP %u "
		      "type %u", (unsigned long long)E.ev_h, ev.qpn, ev.type, y->qpn, y->type);
		E.ev_h++;
	}
	while (rxd_rtl_pop_rcpl(E.r, &rc)) {
		CHECK(E.rc_h < E.rc_t, "receive completion %llu not expected: QP %u idx %u status %u",
		      (unsigned long long)E.rc_h, rc.qpn, rc.idx, rc.status);
		if (E.rc_h >= E.rc_t)
			continue;
		const struct want_rcpl *x = &E.rc[E.rc_h % QLEN];
		const struct rxd_rcpl *y = &x->c;
		CHECK(rc.qpn == y->qpn && rc.idx == y->idx && rc.status == y->status &&
		      rc.wimm == y->wimm && rc.byte_len == y->byte_len && rc.imm_valid == y->imm_valid &&
		      (!y->imm_valid || rc.imm == y->imm),
		      "receive completion %llu, %s: QP %u idx %u status %u wimm %u bytes %u imm %u/%08x, "
		      "want QP %u idx %u status %u wimm %u bytes %u imm %u/%08x",
		      (unsigned long long)E.rc_h, pkt_desc(x->pkt), rc.qpn, rc.idx, rc.status, rc.wimm,
		      rc.byte_len, rc.imm_valid, rc.imm, y->qpn, y->idx, y->status, y->wimm, y->byte_len,
		      y->imm_valid, y->imm);
		CHECK(rc.qpn != y->qpn || rc.idx != y->idx || rc.done >= y->done,
		      "receive completion %llu, %s: released with %llu commit entries done, before the "
		      "%llu up to its packet", (unsigned long long)E.rc_h, pkt_desc(x->pkt),
		      (unsigned long long)rc.done, (unsigned long long)y->done);
		E.rc_h++;
	}
	while (rxd_rtl_pop_rdwork(E.r, &w)) {
		CHECK(E.rw_h < E.rw_t, "READ work %llu not expected: QP %u psn %06x",
		      (unsigned long long)E.rw_h, w.qpn, w.psn);
		if (E.rw_h >= E.rw_t)
			continue;
		const struct want_rdw *x = &E.rw[E.rw_h % QLEN];
		const struct rxd_rdwork *y = &x->w;
		CHECK(w.qpn == y->qpn && w.psn == y->psn && w.addr == y->addr && w.len == y->len &&
		      w.msn == y->msn && w.dup == y->dup,
		      "READ work %llu, %s: QP %u psn %06x addr %#llx len %u msn %06x dup %u, "
		      "want QP %u psn %06x addr %#llx len %u msn %06x dup %u", (unsigned long long)E.rw_h,
		      pkt_desc(x->pkt), w.qpn, w.psn, (unsigned long long)w.addr, w.len, w.msn, w.dup,
		      y->qpn, y->psn, (unsigned long long)y->addr, y->len, y->msn, y->dup);
		CHECK(w.qpn != y->qpn || w.psn != y->psn || w.pop == y->pop,
		      "READ work %llu, %s: left as answer or READ work number %llu, want %llu",
		      (unsigned long long)E.rw_h, pkt_desc(x->pkt), (unsigned long long)w.pop,
		      (unsigned long long)y->pop);
		CHECK(w.qpn != y->qpn || w.psn != y->psn || w.done >= y->done,
		      "READ work %llu, %s: released with %llu commit entries done, before the %llu "
		      "up to its packet", (unsigned long long)E.rw_h, pkt_desc(x->pkt),
		      (unsigned long long)w.done, (unsigned long long)y->done);
		E.rw_h++;
	}
}

static int pending(void)
{
	return E.cm_h < E.cm_t || E.ak_h < E.ak_t || E.rw_h < E.rw_t || E.ev_h < E.ev_t ||
	       E.rc_h < E.rc_t;
}

/* run until every expected item came out, then check the counters */
static void drain(void)
{
	struct rxd_stats s;
	const struct rxd_stats *m = &E.st;

	for (unsigned i = 0; i < 4000 && pending(); i++) {
		rxd_rtl_idle(E.r, 8);
		sync_outputs();
	}
	CHECK(!pending(), "stuck after %s: %llu commit entries, %llu ACK/NAKs, %llu READ work "
	      "still expected", pkt_desc(E.pkts - 1), (unsigned long long)(E.cm_t - E.cm_h),
	      (unsigned long long)(E.ak_t - E.ak_h), (unsigned long long)(E.rw_t - E.rw_h));
	/* nothing more may come, and the counters settle */
	rxd_rtl_idle(E.r, 16);
	sync_outputs();
	E.cm_h = E.cm_t;
	E.ak_h = E.ak_t;
	E.rw_h = E.rw_t;
	E.ev_h = E.ev_t;
	E.rc_h = E.rc_t;
	rxd_rtl_stats(E.r, &s);
#define CHECK_STAT(f)                                                                      \
	CHECK(s.f == m->f, "after %s: stat_" #f " %u, want %u", pkt_desc(E.pkts - 1), s.f, m->f)
	CHECK_STAT(bad_qp);
	CHECK_STAT(psn_dup);
	CHECK_STAT(psn_oos);
	CHECK_STAT(nak_seq);
	CHECK_STAT(access_err);
	CHECK_STAT(len_err);
	CHECK_STAT(resp_stray);
	CHECK_STAT(resp_gap);
	CHECK_STAT(writes);
	CHECK_STAT(reads);
	CHECK_STAT(rnr_naks);
	CHECK_STAT(recv_cpl);
	CHECK_STAT(recv_err);
	CHECK_STAT(rwqe_drop);
	CHECK_STAT(ack_coalesced);
#undef CHECK_STAT
}

/*
 * ---- stimulus ----
 */

static void send(int init, unsigned qpn, unsigned epsn, const struct rxd_pkt *p)
{
	int r = rxd_rtl_send(E.r, init, qpn, epsn, p);

	if (init)
		model_init(qpn, epsn);
	if (p)
		model_pkt(p);
	CHECK(r == 0, "%s was taken while the init of QP %u waited", pkt_desc(E.pkts - 1), qpn);
	if (E.settle) {
		/* a READ completed with another queued: its slot refills before
		 * the next packet (the design leaves a few cycles' race there) */
		rxd_rtl_settle(E.r);
		E.settle = 0;
	}
	sync_outputs();
}

static void new_qp(unsigned q)
{
	static const unsigned other[] = { HPNIC_QPS_RESET, HPNIC_QPS_INIT, HPNIC_QPS_ERR, 5, 7 };
	unsigned k = rndr(10);

	E.qp[q].state = k < 8 ? HPNIC_QPS_RTS : k < 9 ? HPNIC_QPS_RTR : other[rndr(5)];
	/* small MTUs keep messages of several packets short */
	E.qp[q].mtu_log2 = rndr(5) ? 6 + rndr(3) : 9 + rndr(4);
	/* a few protection domains, most QPs and regions in the first two */
	E.qp[q].pd = rndr(4) ? rndr(2) : rndr(65536);
	E.qp[q].min_rnr = rndr(32);
	rxd_rtl_qp(E.r, q, E.qp[q].state, E.qp[q].mtu_log2, E.qp[q].pd, E.qp[q].min_rnr);
}

static void new_mr(unsigned i)
{
	struct rxd_mr *m = &E.mr[i];

	m->valid = rndr(8) != 0;
	m->tag = rndr(256);
	m->access = rndr(3) ? 3 : rndr(4);
	m->va = rndr(6) ? rnd() & 0xfffffffff000ull : rnd();
	m->len = rndr(10) ? 4096 + rndr(1u << 17) : rndr(10) ? rndr(4096) : (rnd() & 0xffffffffffffull);
	m->iova = rnd();
	m->pd = rndr(4) ? rndr(2) : rndr(65536);
	rxd_rtl_mr(E.r, i, m);
}

/* the requester sends a READ: the tracking takes its descriptor */
static void push_read(const struct rxd_rdesc *d)
{
	struct trk *t = &E.trk[d->qpn];

	CHECK(t->nr < MAXR, "model: too many READs on QP %u", d->qpn);
	t->rd[t->nr++] = *d;
	rxd_rtl_rdq(E.r, d->qpn, d);
	E.cov[t->nr > 4 ? C_RD_QUEUED : C_RDESC]++;
}

/* a rewind or a QP reset withdraws every READ of the QP */
static void flush_reads(unsigned q)
{
	struct trk *t = &E.trk[q];

	t->nr = 0;
	t->started = 0;
	E.req[q].j = 0;
	rxd_rtl_rdq(E.r, q, NULL);
}

/* the host posts a receive WQE: mostly room for a few MTUs, now and then
 * too little, empty, or one whose L_Key check failed */
static void rq_push(unsigned q)
{
	struct rcvq *r = &E.rq[q];
	unsigned mtu = 1u << E.qp[q].mtu_log2;
	struct rxd_rwqe w = { .addr = rnd(), .lerr = rndr(40) == 0 };

	if (r->n >= MAXRQ)
		return;
	w.len = rndr(10) ? rndr(6 * mtu) + mtu : rndr(3) ? rndr(mtu) : 0;
	if (rndr(8) == 0)
		w.len = (rndr(4) + 1) * mtu;      /* whole MTUs: a SEND may fill it exactly */
	r->w[r->n++] = w;
	rxd_rtl_rwqe(E.r, q, &w);
}

/* a QP reset: the host's prefetched receive WQEs are gone */
static void rq_flush(unsigned q)
{
	E.rq[q].n = 0;
	E.rq[q].idx = 0;
	rxd_rtl_rwqe(E.r, q, NULL);
	E.cov[C_RCV_FLUSH]++;
}

static void rand_int(struct rxd_int *in)
{
	in->valid = rndr(2);
	in->nhop = rndr(6);
	in->path = rndr(4096);
	for (unsigned i = 0; i < 5; i++)
		in->hops[i] = rnd();
}

static void base_pkt(struct rxd_pkt *p, unsigned qpn, unsigned op, unsigned psn, unsigned len)
{
	memset(p, 0, sizeof(*p));
	p->qpn_ok = 1;
	p->qpn = qpn;
	p->opcode = op;
	p->psn = psn & PSN_M;
	p->len = len & 0x1fff;
	p->has_payload = p->len != 0;
	p->syn = rndr(256);
	/* AckReq as a requester sets it with INT off (docs/wire.md): on a
	 * message's end always, else now and then; the responder must ACK
	 * exactly the packets that ask */
	p->ack_req = is_end(op) || op == HPNIC_BTH_OP_READ_REQ ? rndr(8) != 0 : rndr(4) == 0;
	p->rkey = (uint32_t)rnd();
	p->va = rnd();
	p->rlen = (uint32_t)rnd();
	p->imm_valid = is_imm(op);
	p->imm = (uint32_t)rnd();
	rand_int(&p->in);
}

/* a RETH for p->rlen bytes: mostly inside a region that grants right, now
 * and then wrong in one of the ways the check must catch */
static void pick_reth(struct rxd_pkt *p, unsigned right)
{
	unsigned i = rndr(NMR);

	for (unsigned n = 0; n < 16; n++) {
		const struct rxd_mr *m = &E.mr[i];
		if (m->valid && (m->access & right) && m->len >= p->rlen &&
		    m->pd == E.qp[p->qpn % NQP].pd)
			break;
		i = rndr(NMR);
	}
	const struct rxd_mr *m = &E.mr[i];
	uint64_t room = m->len >= p->rlen ? m->len - p->rlen : 0;
	uint64_t off = rndr(5) == 0 ? room : rnd() % (room + 1);

	p->va = m->va + off;
	p->rkey = i << 8 | m->tag;
	switch (rndr(40)) {
	case 0: p->rkey |= (1 + rndr(0xfffff)) << (8 + RXD_RTL_MR_LOG2); break;
	case 1: p->rkey ^= 1 + rndr(255); break;
	case 2: p->va = m->va + room + 1 + rndr(8); break;
	case 3: p->va = m->va - 1 - rndr(8); break;
	case 4: i = rndr(NMR); p->rkey = i << 8 | E.mr[i].tag; break;
	default: break;
	}
}

/* a request on QP q, from the responder's state: mostly the next packet in
 * sequence, now and then a duplicate, a gap, a bad key or a bad length */
static void gen_request(unsigned q, struct rxd_pkt *p)
{
	const struct rsp *s = &E.rsp[q];
	unsigned log2 = E.qp[q].mtu_log2, mtu = 1u << log2, psn = s->epsn, op, len = 0;
	uint32_t rlen = 0;
	unsigned k = rndr(100);

	if (k < 7)
		psn = psn_sub(s->epsn, 1 + rndr(8));
	else if (k < 15)
		psn = psn_add(s->epsn, 1 + rndr(8));
	else if (k < 16)
		psn = (unsigned)rnd();
	/* now and then a new message inside an open WRITE: NAKed as invalid */
	if (s->wr_active && s->wr_send && rndr(16)) {
		/* the SEND goes on or ends; its length is the requester's, the
		 * buffer may be too small for it */
		k = rndr(10);
		op = k < 5 ? HPNIC_BTH_OP_SEND_MIDDLE : k < 8 ? HPNIC_BTH_OP_SEND_LAST :
		     HPNIC_BTH_OP_SEND_LAST_IMM;
		len = op == HPNIC_BTH_OP_SEND_MIDDLE ? mtu : rndr(4) ? rndr(mtu + 1) :
		      s->wr_rem <= mtu ? s->wr_rem : mtu;
	} else if (s->wr_active && rndr(16)) {
		op = s->wr_rem > mtu ? HPNIC_BTH_OP_WRITE_MIDDLE : rndr(4) ? HPNIC_BTH_OP_WRITE_LAST :
		     HPNIC_BTH_OP_WRITE_LAST_IMM;
		len = s->wr_rem > mtu ? mtu : s->wr_rem;
		if (s->wr_rem > mtu && s->wr_rem < 8192 && rndr(32) == 0) {
			/* a LAST that skips the MIDDLEs: longer than the MTU */
			op = HPNIC_BTH_OP_WRITE_LAST;
			len = s->wr_rem;
		}
	} else {
		k = rndr(130);
		if (k >= 100) {
			k -= 100;
			op = k < 8 ? HPNIC_BTH_OP_SEND_FIRST : k < 20 ? HPNIC_BTH_OP_SEND_ONLY :
			     k < 26 ? HPNIC_BTH_OP_SEND_ONLY_IMM : HPNIC_BTH_OP_WRITE_ONLY_IMM;
			len = op == HPNIC_BTH_OP_SEND_FIRST ? mtu : rndr(8) == 0 ? 0 : 1 + rndr(mtu);
			if (op == HPNIC_BTH_OP_WRITE_ONLY_IMM)
				rlen = len;
			if (rndr(25) == 0)      /* breaks the length rule */
				len = op == HPNIC_BTH_OP_SEND_FIRST ? mtu - 1 : mtu + 1;
		} else if (k < 40) {
			op = HPNIC_BTH_OP_WRITE_ONLY;
			rlen = rndr(8) == 0 ? 0 : rndr(4) ? 1 + rndr(mtu) : mtu;
			len = rlen;
		} else if (k < 68) {
			/* often whole MTUs: the last MIDDLE and the LAST meet the edges */
			op = HPNIC_BTH_OP_WRITE_FIRST;
			rlen = rndr(3) ? mtu + 1 + rndr(4 * mtu) : (2 + rndr(4)) * mtu;
			len = mtu;
		} else if (k < 96) {
			op = HPNIC_BTH_OP_READ_REQ;
			rlen = rndr(16) == 0 ? 0 : rndr(4) ? 1 + rndr(6 * mtu) :
			       (1 + rndr(6)) * mtu + rndr(3) - 1;
			if (rndr(64) == 0)      /* past IB's largest message */
				rlen = 0x80000001u + rndr(1u << 20);
		} else {
			/* a MIDDLE or LAST with no WRITE open */
			op = rndr(2) ? HPNIC_BTH_OP_WRITE_MIDDLE : HPNIC_BTH_OP_WRITE_LAST;
			len = rndr(2) ? mtu : 1 + rndr(mtu);
		}
	}
	if (rndr(25) == 0) {
		/* a length that breaks the rules, often by one byte */
		switch (op) {
		case HPNIC_BTH_OP_WRITE_FIRST:
			if (rndr(2))
				len = mtu + (rndr(2) ? 1 : -1u);
			else
				rlen = mtu - rndr(2);
			break;
		case HPNIC_BTH_OP_WRITE_ONLY:
			if (rndr(2))
				rlen = len + 1 + rndr(4);
			else
				len = rlen = mtu + 1 + rndr(4);
			break;
		case HPNIC_BTH_OP_WRITE_MIDDLE:
			len = rndr(2) ? mtu - 1 : mtu + 1;
			break;
		case HPNIC_BTH_OP_WRITE_LAST:
			if (len == mtu && rndr(2)) {
				/* the last MTU as a MIDDLE: nothing would be left */
				op = HPNIC_BTH_OP_WRITE_MIDDLE;
			} else {
				len = rndr(2) && len ? len - 1 : len + 1;
			}
			break;
		default:
			break;
		}
	}
	base_pkt(p, q, op, psn, len);
	p->rlen = rlen;
	if (has_reth(op))
		pick_reth(p, op == HPNIC_BTH_OP_READ_REQ ? 2 : 1);
}

/* the last response's length, as the requester works it out when it
 * (re)issues the READ: what the whole MTUs before it leave */
static unsigned last_len(uint32_t len, unsigned log2)
{
	return len ? ((len - 1) & ((1u << log2) - 1)) + 1 : 0;
}

/* the requester sends a READ after the last one (WRITE packets between,
 * now and then), or after a flush anywhere */
static void issue_read(unsigned q)
{
	struct trk *t = &E.trk[q];
	struct req *rq = &E.req[q];
	unsigned log2 = E.qp[q].mtu_log2;
	struct rxd_rdesc d = { .qpn = q };

	d.len = rndr(20) ? 1 + rndr(5u << log2) : 0;
	if (log2 <= 8 && t->nr == 0 && rndr(40) == 0) {
		/* as long as a READ may be, 2^23 packets less 0..2: the
		 * in-READ test's sign compares hold up to 2^23 */
		d.len = ((PSN_HALF - 1 - rndr(3)) << log2) + 1 + rndr(1u << log2);
		E.cov[C_LONG_READ]++;
	}
	d.npkts = read_npkts(d.len, log2);
	d.last_len = last_len(d.len, log2);
	d.first = t->nr || rndr(2) ? psn_add(rq->end, rndr(4)) : (unsigned)rnd() & PSN_M;
	d.laddr = rnd();
	if (t->nr == 0) {
		rq->j = 0;
		rq->next = d.first;
	}
	rq->end = psn_add(d.first, d.npkts);
	push_read(&d);
}

/* go-back-N from the awaited response, as the requester does after a gap
 * or a timeout: the READs are sent again from there as they were (their
 * descriptors stand), so the peer answers from the awaited PSN again; the
 * old responses may go on */
static void reissue_reads(unsigned q, unsigned exp)
{
	E.req[q].j = 0;
	E.req[q].next = exp;
	E.cov[C_REISSUE]++;
}

/* the READ response at psn of READ j, of the length that READ gives it
 * (j past the READs: a response of none) */
static void resp_pkt(struct rxd_pkt *p, unsigned q, unsigned j, unsigned psn)
{
	const struct trk *t = &E.trk[q];
	struct rxd_rdesc none = { .first = psn, .npkts = 1, .last_len = 1 };
	const struct rxd_rdesc *d = j < t->nr ? &t->rd[j] : &none;
	unsigned log2 = E.qp[q].mtu_log2, idx = psn_sub(psn, d->first), op;
	int last = idx == psn_sub(d->npkts, 1);
	/* the last one as the READ asked for it (a changed MTU aside) */
	uint32_t len = last ? d->last_len : 1u << log2;

	op = d->npkts == 1 ? HPNIC_BTH_OP_RESP_ONLY : idx == 0 ? HPNIC_BTH_OP_RESP_FIRST :
	     last ? HPNIC_BTH_OP_RESP_LAST : HPNIC_BTH_OP_RESP_MIDDLE;
	base_pkt(p, q, op, psn, len > 0x1fff ? 0x1fff : len);
}

/* the peer's next response: the next PSN of READ j, then the next READ's */
static void peer_next(unsigned q)
{
	const struct trk *t = &E.trk[q];
	struct req *rq = &E.req[q];

	if (rq->j >= t->nr)
		return;
	if (rq->next == psn_add(t->rd[rq->j].first, t->rd[rq->j].npkts - 1)) {
		rq->j++;
		rq->next = rq->j < t->nr ? t->rd[rq->j].first : rq->end;
	} else {
		rq->next = psn_add(rq->next, 1);
	}
}

/* as requester on QP q: READs sent or sent again (returns 0), or a
 * response or an ACK/NAK from the peer in p (returns 1) */
static int gen_requester(unsigned q, struct rxd_pkt *p)
{
	const struct trk *t = &E.trk[q];
	struct req *rq = &E.req[q];
	const struct rxd_rdesc *d = &t->rd[0];
	int active = t->nr != 0;
	unsigned exp = t->started ? t->exp : d->first, k;
	int long_read = active && d->npkts > (1u << 20);

	if (!long_read && t->nr < MAXR && (!active || rndr(4) == 0) && rndr(3) == 0) {
		issue_read(q);
		return 0;
	}
	if (active && rndr(300) == 0) {
		/* the requester withdraws them (a QP reset, a skip past READs
		 * found retired) */
		flush_reads(q);
		rq->next = rq->end;
		E.cov[C_WITHDRAW]++;
		return 0;
	}
	if (active && ((t->gap_sent && rndr(4) == 0) || (rq->j >= t->nr && rndr(4) == 0))) {
		reissue_reads(q, exp);
		return 0;
	}
	k = rndr(100);
	if (k < 55 && rq->j < t->nr) {
		/* the next response; now and then one is lost before it */
		if (k < 8)
			peer_next(q);
		resp_pkt(p, q, rq->j, rq->next);
		peer_next(q);
	} else if (k < 61 && active) {
		/* an old one again */
		unsigned j = rq->j < t->nr ? rq->j : t->nr - 1;
		resp_pkt(p, q, j, psn_sub(rq->j < t->nr ? rq->next : rq->end, 1 + rndr(3)));
	} else if (k < 66 && active) {
		/* anywhere in one of the READs or just past it, its end often */
		unsigned j = rndr(t->nr);
		const struct rxd_rdesc *r = &t->rd[j];
		resp_pkt(p, q, j, psn_add(r->first, rndr(2) ? rndr(r->npkts + 2) : r->npkts - 2 + rndr(4)));
	} else if (k < 69) {
		resp_pkt(p, q, MAXR, (unsigned)rnd());
	} else if (k < 74 && active) {
		/* the response awaited, of a wrong length */
		resp_pkt(p, q, 0, exp);
		p->len = (rndr(2) ? p->len + 1 : p->len ? p->len - 1 : 1u << E.qp[q].mtu_log2) & 0x1fff;
		p->has_payload = p->len != 0;
	} else {
		/* an ACK/NAK: past the READs (overtaking their responses), into
		 * the second, before the first, around the awaited response or
		 * anywhere */
		unsigned psn, syn;
		k = rndr(9);
		psn = k < 4 ? psn_add(rq->end, rndr(4) - 1) :
		      k < 5 && t->nr > 1 ? psn_add(t->rd[1].first, rndr(3) - 1) :
		      k < 6 ? psn_sub(active ? d->first : rq->end, 1 + rndr(4)) :
		      k < 8 ? psn_add(exp, rndr(3)) : (unsigned)rnd();
		k = rndr(20);
		syn = k < 10 ? HPNIC_AETH_SYN_ACK : k < 12 ? rndr(32) : k < 15 ? HPNIC_AETH_SYN_NAK_SEQ :
		      k < 16 ? HPNIC_AETH_SYN_RNR | rndr(32) : k < 17 ? HPNIC_AETH_SYN_NAK_INV :
		      k < 18 ? HPNIC_AETH_SYN_NAK_ACC : k < 19 ? HPNIC_AETH_SYN_NAK_OP : 0x40 + rndr(192);
		base_pkt(p, q, HPNIC_BTH_OP_ACK, psn, 0);
		p->syn = syn;
	}
	return 1;
}

/* one step of the run: a packet, an init, or a configuration change */
static void step(void)
{
	struct rxd_pkt p;
	unsigned q = rndr(2) ? E.last_qpn : rndr(NQP), k = rndr(1000);

	E.last_qpn = q;
	/* a failed responder is set up again soon, or its traffic is lost */
	if (E.rsp[q].failed && k >= 8 && rndr(2) == 0)
		k = 0;
	if (k < 8) {
		/* a responder init, now and then with a packet offered at once */
		unsigned epsn = rndr(2) ? psn_add(E.rsp[q].epsn, rndr(3)) : (unsigned)rnd() & PSN_M;
		/* the QP reset before it flushed the receive WQEs (the driver's
		 * RESET reaches the receive queue long before its START_RQ) */
		rq_flush(q);
		if (rndr(2)) {
			gen_request(rndr(NQP), &p);
			E.cov[C_INIT_PKT]++;
			send(1, q, epsn, &p);
		} else {
			send(1, q, epsn, NULL);
		}

	} else if (k < 20) {
		base_pkt(&p, q, rndr(256), (unsigned)rnd(), rndr(0x2000));
		p.drop = 1;
		p.has_payload = rndr(2);
		send(0, 0, 0, &p);
	} else if (k < 30) {
		gen_request(q, &p);
		p.qpn_ok = 0;
		send(0, 0, 0, &p);
	} else if (k < 38) {
		/* atomics, CNP, reserved and other transports' opcodes */
		static const unsigned ops[] = { 0x12, 0x13, 0x14, 0x15, 0x16, 0x64, 0x81, 0xff };
		base_pkt(&p, q, ops[rndr(8)], (unsigned)rnd(), rndr(2) ? rndr(1u << 12) : 0);
		send(0, 0, 0, &p);
	} else if (k < 41) {
		new_qp(q);
		E.cov[C_QP_CFG]++;
	} else if (k < 43) {
		new_mr(rndr(NMR));
		E.cov[C_MR_CFG]++;
	} else if (k < 43 + (E.rq[q].n < 6 ? 90 : 30)) {
		rq_push(q);
	} else if (k < 570) {
		gen_request(q, &p);
		send(0, 0, 0, &p);
	} else if (gen_requester(q, &p)) {
		send(0, 0, 0, &p);
	}
}

int main(int argc, char **argv)
{
	/* idle, stall, commit lag: full speed, light, heavy back-pressure */
	static const struct {
		double idle, stall;
		unsigned lag;
	} pace[] = { { 0, 0, 0 }, { 0.3, 0.3, 20 }, { 0.05, 0.85, 120 }, { 0.6, 0.1, 4 },
		     { 0, 0.5, 300 } };
	uint64_t packets = 200000;

	tb_args(argc, argv, "tb_rx_decide",
		"hpnic_rx_decide with hpnic_rd_track against a C model: responder checks, ACK/NAKs,\n"
		"READ work, READ responses and the completer events, under back-pressure.",
		"packets", &packets, NULL);

	E.r = rxd_rtl_new(rnd(), 0.3, 0.3, 20);
	for (unsigned i = 0; i < NMR; i++)
		new_mr(i);
	for (unsigned q = 0; q < NQP; q++) {
		new_qp(q);
		flush_reads(q);
		rq_flush(q);
		E.req[q].end = (unsigned)rnd() & PSN_M;
		send(1, q, (unsigned)rnd() & PSN_M, NULL);
	}
	drain();

	unsigned phase = 0;
	while (E.pkts < packets) {
		unsigned pk = phase++ % (sizeof(pace) / sizeof(pace[0]));
		uint64_t end = E.pkts + 500 + rndr(1500);
		rxd_rtl_pace(E.r, pace[pk].idle, pace[pk].stall, pace[pk].lag);
		while (E.pkts < end && E.pkts < packets)
			step();
		drain();
	}

	unsigned col = 0;
	for (unsigned i = 0; i < NCOV; i++) {
		char b[64];
		int n = snprintf(b, sizeof(b), "%s %u", cov_name[i], E.cov[i]);
		if (col && col + n > 96) {
			printf(",\n");
			col = 0;
		}
		col += (unsigned)printf("%s%s", col ? ", " : i ? "         " : "  cases: ", b);
	}
	printf("\n");
	/* a short run may miss a rare case; a run of the default length must not */
	if (packets >= 100000)
		for (unsigned i = 0; i < NCOV; i++)
			CHECK(E.cov[i], "case '%s' never came up", cov_name[i]);
	printf("  %llu packets in %u phases, %llu commit entries, %llu ACK/NAKs, %llu READ work, "
	       "%llu cycles,\n  %llu cycles with an input refused, %llu back-to-back on one QP\n",
	       (unsigned long long)E.pkts, phase, (unsigned long long)E.cm_t,
	       (unsigned long long)E.ak_t, (unsigned long long)E.rw_t,
	       (unsigned long long)rxd_rtl_cycles(E.r), (unsigned long long)rxd_rtl_waits(E.r),
	       (unsigned long long)rxd_rtl_back_to_back(E.r));
	printf("tb_rx_decide: %d checks, %d failures\n", tb_checks, tb_failures);
	rxd_rtl_free(E.r);
	return tb_finish("tb_rx_decide");
}
