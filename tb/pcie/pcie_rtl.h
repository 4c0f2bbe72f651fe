/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/pcie/hpnic_pcie_dma_wr (LEN_WIDTH 17, so that
 * one command can be 64 KiB). One clock. Inputs are set, then outputs read
 * (the ready and valid outputs are registers), then pcie_rtl_tick().
 */
#ifndef PCIE_RTL_H
#define PCIE_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pcie_rtl;

/* one RQ beat as the IP sees it (tuser fields as PG213 has them at 512 bits) */
struct rq_beat {
	uint8_t data[64];
	uint16_t keep;          /* one bit per Dword */
	int last;
	unsigned first_be, last_be;     /* [3:0] the first TLP starting in the beat, [7:4] the second */
	unsigned seq, seq1;     /* seq_num0, seq_num1 (the same two TLPs) */
	unsigned is_sop, is_eop, eop_ptr, eop1_ptr, discontinue;
	unsigned sop_ptr[2];    /* is_sop0_ptr, is_sop1_ptr: Dword 4 * ptr */
};

/* the RC tuser fields the model sets (PG213, 512 bits): is_sop[3:0] and
 * is_eop[3:0] (thermometer codes), the start quarters and the end Dwords */
struct rc_user {
	unsigned is_sop, is_eop, sop_ptr[4], eop_ptr[4];
};

/* RC tuser bits 95:64 from those fields */
static inline uint32_t rc_user_word(const struct rc_user *u)
{
	uint32_t w = (u->is_sop & 15) | (u->is_eop & 15) << 12;
	for (int i = 0; i < 4; i++)
		w |= (u->sop_ptr[i] & 3) << (4 + 2 * i) | (u->eop_ptr[i] & 15u) << (16 + 4 * i);
	return w;
}

/* one CQ beat as the IP presents it (straddle off) */
struct cq_beat {
	uint32_t dw[16];
	uint16_t keep;
	int last;
	unsigned first_be, last_be;   /* the first beat's tuser */
	int sop, discontinue;
};

/* one CC beat from the adapter */
struct cc_beat {
	uint32_t dw[16];
	uint16_t keep;
	int last;
	unsigned is_sop, is_eop, eop_ptr, discontinue;
	uint64_t user_rest;           /* tuser bits outside those fields (must be 0) */
};

struct pcie_rtl *pcie_rtl_new(const char *fst);
void pcie_rtl_free(struct pcie_rtl *r);
void pcie_rtl_tick(struct pcie_rtl *r);
void pcie_rtl_set_rst(struct pcie_rtl *r, int rst);
void pcie_rtl_set_mps(struct pcie_rtl *r, unsigned code);

void pcie_rtl_set_req(struct pcie_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_rtl_req_ready(struct pcie_rtl *r);
void pcie_rtl_set_wr(struct pcie_rtl *r, int valid, const uint8_t *data, uint64_t keep, int last);
int pcie_rtl_wr_ready(struct pcie_rtl *r);

void pcie_rtl_set_rq_ready(struct pcie_rtl *r, int ready);
int pcie_rtl_rq(struct pcie_rtl *r, struct rq_beat *b);   /* tvalid */
void pcie_rtl_set_seq(struct pcie_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1);
unsigned pcie_rtl_wr_done(struct pcie_rtl *r);
void pcie_rtl_stats(struct pcie_rtl *r, uint32_t *cmds, uint32_t *tlps);

#ifdef __cplusplus
}
#endif

#endif
