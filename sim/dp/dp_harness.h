/* SPDX-License-Identifier: MIT */
/*
 * Two Verilated RoCEv2 datapaths (rtl/top/hpnic_datapath.v), NIC 0 and NIC 1,
 * wired back to back through a link model in each direction, each with a
 * host-memory model behind its DMA and WQE-fetch streams and a round-robin
 * PktSend scheduler. Cycle-accurate at 250 MHz. Used by tb/dp.
 */
#ifndef DP_HARNESS_H
#define DP_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "link_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DP_CLK_MHZ 250
#define DP_NSTATS 32

/* QP states (as the RTL's QPS_*) */
enum { DP_QPS_RESET = 0, DP_QPS_INIT = 1, DP_QPS_RTR = 2, DP_QPS_RTS = 3, DP_QPS_ERR = 4 };

/* MR access bits */
#define DP_ACC_REMOTE_WRITE 1u
#define DP_ACC_REMOTE_READ  2u

struct dp_cfg {
	unsigned mem_mb;               /* host memory per NIC */
	unsigned dma_latency;          /* cycles from a DMA read request to its data */
	unsigned wqe_latency;          /* cycles from a WQE fetch to the WQE */
	double dma_rd_idle;            /* chance a DMA read beat is held back a cycle */
	double dma_wr_stall;           /* chance the DMA write side stalls a cycle */
	double pktsend_idle;           /* chance the scheduler skips a cycle */
	double mac_tx_stall;           /* chance the MAC holds tready low a cycle */
	int int_enable;
	uint16_t int_port;
	unsigned ack_req_log2;         /* CTRL.ACK_REQ.SPACING_LOG2 (default: its reset value; at most 6: every packet) */
	uint16_t rto;                  /* retransmit timeout, units of 1024 cycles */
	unsigned np_min_time_us;       /* CC.NP_MIN_TIME_US (default its reset value, 4) */
	double cnp_stall;              /* chance the CC side holds m_cnp_ready low a cycle */
	struct link_cfg link[2];       /* [0]: NIC 0 -> NIC 1, [1]: back */
	const char *pcap_path;         /* every frame sent, both ways; NULL: none */
	char pcap_name[256];           /* storage for dp_cfg_test's pcap_path */
	const char *fst_path;          /* waves of one NIC; NULL: none */
	int fst_nic;                   /* which: 0 or 1 */
	uint64_t fst_from;             /* first cycle dumped */
	uint64_t fst_cycles;           /* cycles dumped; 0: to the end */
	uint64_t seed;
};

struct dp_wqe {
	int read;                      /* 0 WRITE, 1 READ */
	uint32_t len;
	uint64_t laddr;                /* local IO address */
	uint64_t raddr;                /* remote VA */
	uint32_t rkey;
};

struct dp_cpl {
	unsigned qpn;
	unsigned idx;
	unsigned status;               /* 0 ok, 1 remote error, 2 retry exceeded */
	uint64_t cycle;
};

struct dp_nic_stats {
	uint32_t rtl[DP_NSTATS];       /* hpnic_datapath's stats vector, index 0 first */
	uint64_t pktsend;              /* PktSends issued */
	uint64_t tx_frames, tx_bytes;  /* frames out of the TX pipe */
	uint64_t rx_frames;            /* frames into the RX pipe */
	uint64_t dma_wr_bytes, dma_rd_bytes;
	uint64_t dma_wr_outside;       /* DMA writes outside every allowed range */
	uint64_t notify;               /* Notify events (to the CC engine) */
	uint64_t cnp_events;           /* CNP events (m_cnp, to the CC engine) */
	uint32_t ce_rx, cnp_sent, cnp_suppressed, cnp_rx, cnp_drop;   /* the DCQCN NP's counters */
	uint64_t tx_acks;              /* ACK/NAK frames sent (opcode ACKNOWLEDGE) */
	uint64_t tx_requests;          /* request frames sent (SEND, WRITE, READ request) */
	uint64_t tx_ack_req;           /* ... of which with AckReq */
	uint32_t ack_coalesced;        /* stat_ack_coalesced: requests executed without an ACK */
};

/* latency probes, in cycles (the first packet after dp_probe_arm) */
struct dp_probe {
	uint64_t post;                 /* dp_post of the WQE (NIC 0) */
	uint64_t pktsend;              /* NIC 0: first PktSend accepted */
	uint64_t dma_rd_req;           /* NIC 0: first payload DMA read request */
	uint64_t dma_rd_first;         /* NIC 0: first payload beat into the TX pipe */
	uint64_t tx_first;             /* NIC 0: first frame beat to the MAC */
	uint64_t tx_last;              /* NIC 0: that frame's last beat */
	uint64_t rx_first;             /* NIC 1: first frame beat from the MAC */
	uint64_t wr_first;             /* NIC 1: first DMA write beat */
};

struct dp_pair;

void dp_cfg_default(struct dp_cfg *c);
/*
 * The defaults, then what a randomized test sets: its seed, INT on or off,
 * the chance of a stall on every host stream and the MAC, and, when
 * pcap_base is not NULL, every frame to <pcap_base>-int<0|1>.pcap (the
 * name is kept in c, which must outlive dp_new)
 */
void dp_cfg_test(struct dp_cfg *c, uint64_t seed, int int_enable, double stall,
		 const char *pcap_base);
struct dp_pair *dp_new(const struct dp_cfg *c, char *err, size_t errlen);
/* the same for test programs: prints "prog: reason" and exits 2 on failure */
struct dp_pair *dp_new_or_exit(const struct dp_cfg *c, const char *prog);
void dp_free(struct dp_pair *d);

/* connect QP qa on NIC 0 with QP qb on NIC 1 and bring both to RTS */
int dp_connect(struct dp_pair *d, unsigned qa, unsigned qb, unsigned mtu_log2,
	       uint32_t psn_a, uint32_t psn_b);
/* the QP's RNR retries (QP.RNR_RETRY, 0..7, 7 without end: the default),
 * taken at its next context write (dp_connect) */
/* a QP's CC mode (QP.CC_MODE: 1 DCQCN marks its requests ECT(0)); takes
 * effect at the next context write (dp_connect, dp_qp_state) */
void dp_qp_cc_mode(struct dp_pair *d, int nic, unsigned qpn, unsigned mode);
/* the oldest CNP event NIC nic gave its CC engine: 0 and its QPN and cycle,
 * or -1 when there is none */
int dp_cnp_pop(struct dp_pair *d, int nic, unsigned *qpn, uint64_t *cycle);
void dp_qp_rnr_retry(struct dp_pair *d, int nic, unsigned qpn, unsigned retries);
/* write a QP's state only (e.g. to RESET it) */
int dp_qp_state(struct dp_pair *d, int nic, unsigned qpn, unsigned state);
int dp_mr(struct dp_pair *d, int nic, unsigned idx, uint8_t tag, unsigned access, uint64_t va,
	  uint64_t len, uint64_t iova);
/* writes the RX pipe may do outside MRs: local READ destinations */
void dp_allow_write(struct dp_pair *d, int nic, uint64_t addr, uint64_t len);
/* forget every allowed range (dp_mr adds its region's) */
void dp_allow_clear(struct dp_pair *d, int nic);
/*
 * Protection domains and translation: a QP's PD (its context is written
 * again), a region in a PD at a NIC address (docs/host.md, "Memory
 * translation"; the allowed ranges are the caller's to add), and one MTT
 * entry: the IO address of page idx
 */
int dp_qp_pd(struct dp_pair *d, int nic, unsigned qpn, unsigned pd);
int dp_mr_pd(struct dp_pair *d, int nic, unsigned idx, uint8_t tag, unsigned access, uint64_t va,
	     uint64_t len, uint64_t naddr, unsigned pd);
int dp_mtt(struct dp_pair *d, int nic, unsigned idx, uint64_t io_page);

uint8_t *dp_mem(struct dp_pair *d, int nic);
size_t dp_mem_size(const struct dp_pair *d);

/* append a WQE to the QP's send queue and ring its doorbell */
int dp_post(struct dp_pair *d, int nic, unsigned qpn, const struct dp_wqe *w);
/* the same as a SEND (send; read 0) and/or with an immediate (imm_valid:
 * imm, wire order, on the last packet) */
int dp_post_op(struct dp_pair *d, int nic, unsigned qpn, const struct dp_wqe *w, int send,
	       int imm_valid, uint32_t imm);
/* completions in order; returns 1 and fills *c, or 0 */
int dp_poll(struct dp_pair *d, int nic, struct dp_cpl *c);

/* a receive completion (docs/transport.md, "Receive queues and SEND") */
struct dp_rcpl {
	unsigned qpn;
	unsigned idx;                  /* receive-queue index */
	unsigned status;               /* CQE_STATUS */
	unsigned wimm;                 /* an RDMA WRITE with immediate took it (else a SEND) */
	uint32_t byte_len;
	unsigned imm_valid;
	uint32_t imm;                  /* wire order, bits 31:24 first */
	uint64_t cycle;
};

/* post a receive buffer (an IO address in the NIC's memory) to the QP; the
 * harness hands the NIC at most 16 per QP not yet completed, as the host
 * interface's prefetch does, and the rest as those complete. dp_connect
 * empties the QP's receive queue (a QP reset) */
int dp_post_recv(struct dp_pair *d, int nic, unsigned qpn, uint64_t addr, uint32_t len);
/* receive completions in order; returns 1 and fills *c, or 0 */
int dp_poll_recv(struct dp_pair *d, int nic, struct dp_rcpl *c);
/* frames into a NIC's RX as if from the link (fuzzing) */
int dp_inject(struct dp_pair *d, int nic, const uint8_t *frame, size_t len);
/* the same, with the MAC's error flag (bad FCS) on the last beat */
int dp_inject_mac_err(struct dp_pair *d, int nic, const uint8_t *frame, size_t len);

/* keep a copy of every frame a NIC sends (they still go on the link), for
 * tests that check the TX pipe's output; dp_tx_pop takes the oldest: returns
 * 1 and its length in *len (truncated to cap), or 0 when none is left */
void dp_tx_capture(struct dp_pair *d, int nic, int on);
int dp_tx_pop(struct dp_pair *d, int nic, uint8_t *buf, size_t cap, size_t *len);

/* change a NIC's DMA write stall probability (1.0 holds every write) */
void dp_set_dma_wr_stall(struct dp_pair *d, int nic, double p);
/* bytes a NIC has DMA-written so far */
uint64_t dp_dma_written(struct dp_pair *d, int nic);

void dp_run(struct dp_pair *d, uint64_t cycles);
uint64_t dp_cycle(const struct dp_pair *d);
/* cycles since anything moved on a wire or a host stream */
uint64_t dp_quiet(const struct dp_pair *d);

void dp_stats(struct dp_pair *d, int nic, struct dp_nic_stats *s);
void dp_link_stats(struct dp_pair *d, int dir, struct link_stats *s);
void dp_probe_arm(struct dp_pair *d);
void dp_probe_get(struct dp_pair *d, struct dp_probe *p);

/* the RTL counter names, in stats-vector order */
const char *dp_stat_name(unsigned i);

#ifdef __cplusplus
}
#endif

#endif
