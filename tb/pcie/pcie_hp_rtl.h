/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/pcie/hpnic_pcie (the whole adapter: DMA on
 * RQ/RC, BAR access on CQ/CC, MSI-X; LEN_WIDTH 17, 32 MSI-X vectors). One
 * clock. The DMA calls are those of pcie_top_rtl.h.
 */
#ifndef PCIE_HP_RTL_H
#define PCIE_HP_RTL_H

#include <stdint.h>

#include "pcie_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pcie_hp_rtl;

/* struct cq_beat, struct cc_beat: pcie_rtl.h */

struct hp_stats {
	uint32_t bar_rd, bar_wr, bar_ur, bar_drop, bar_partial;
	uint32_t irq_sent, irq_fail, irq_pended, irq_bad, irq_merged;
	uint32_t wr_done, rd_err;
};

struct pcie_hp_rtl *pcie_hp_rtl_new(void);
void pcie_hp_rtl_free(struct pcie_hp_rtl *r);
void pcie_hp_rtl_tick(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_rst(struct pcie_hp_rtl *r, int rst);
void pcie_hp_rtl_set_cfg(struct pcie_hp_rtl *r, unsigned mps_code, unsigned mrrs_code);

/* DMA */
void pcie_hp_rtl_set_wreq(struct pcie_hp_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_hp_rtl_wreq_ready(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_wr(struct pcie_hp_rtl *r, int valid, const uint8_t *data, uint64_t keep, int last);
int pcie_hp_rtl_wr_ready(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_rreq(struct pcie_hp_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_hp_rtl_rreq_ready(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_cpl_ready(struct pcie_hp_rtl *r, int ready);
int pcie_hp_rtl_cpl(struct pcie_hp_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user);
void pcie_hp_rtl_set_rq_ready(struct pcie_hp_rtl *r, int ready);
int pcie_hp_rtl_rq(struct pcie_hp_rtl *r, struct rq_beat *b);
void pcie_hp_rtl_set_seq(struct pcie_hp_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1);
unsigned pcie_hp_rtl_wr_done(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_rc(struct pcie_hp_rtl *r, int valid, const uint32_t *dw, uint16_t keep, int last,
			const struct rc_user *u);
int pcie_hp_rtl_rc_ready(struct pcie_hp_rtl *r);

/* CQ / CC */
void pcie_hp_rtl_set_cq(struct pcie_hp_rtl *r, int valid, const struct cq_beat *b);
int pcie_hp_rtl_cq_ready(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_cc_ready(struct pcie_hp_rtl *r, int ready);
int pcie_hp_rtl_cc(struct pcie_hp_rtl *r, struct cc_beat *b);        /* tvalid */

/* CSR master (the core's side) */
int pcie_hp_rtl_csr(struct pcie_hp_rtl *r, uint32_t *addr, int *write, uint32_t *wdata);   /* valid */
void pcie_hp_rtl_set_csr_ready(struct pcie_hp_rtl *r, int ready);
void pcie_hp_rtl_set_csr_rsp(struct pcie_hp_rtl *r, int valid, uint32_t rdata);
int pcie_hp_rtl_csr_rsp_ready(struct pcie_hp_rtl *r);

/* interrupts */
void pcie_hp_rtl_set_irq(struct pcie_hp_rtl *r, int valid, unsigned vector);
int pcie_hp_rtl_irq_ready(struct pcie_hp_rtl *r);
/* requests handed on to the MSI-X block so far (stat_irq_passed) */
uint32_t pcie_hp_rtl_irq_passed(struct pcie_hp_rtl *r);
void pcie_hp_rtl_set_msix_cfg(struct pcie_hp_rtl *r, int enable, int mask);
int pcie_hp_rtl_msix_int(struct pcie_hp_rtl *r, uint64_t *addr, uint32_t *data);
void pcie_hp_rtl_set_msix_ans(struct pcie_hp_rtl *r, int sent, int fail);

void pcie_hp_rtl_stats(struct pcie_hp_rtl *r, struct hp_stats *s);

#ifdef __cplusplus
}
#endif

#endif
