/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/pcie/hpnic_pcie_dma (both engines on one RQ;
 * LEN_WIDTH 17, the read engine's defaults). One clock.
 */
#ifndef PCIE_TOP_RTL_H
#define PCIE_TOP_RTL_H

#include <stdint.h>

#include "pcie_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pcie_top_rtl;

struct pcie_top_rtl *pcie_top_rtl_new(void);
void pcie_top_rtl_free(struct pcie_top_rtl *r);
void pcie_top_rtl_tick(struct pcie_top_rtl *r);
void pcie_top_rtl_set_rst(struct pcie_top_rtl *r, int rst);
void pcie_top_rtl_set_cfg(struct pcie_top_rtl *r, unsigned mps_code, unsigned mrrs_code);

void pcie_top_rtl_set_wreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_top_rtl_wreq_ready(struct pcie_top_rtl *r);
void pcie_top_rtl_set_wr(struct pcie_top_rtl *r, int valid, const uint8_t *data, uint64_t keep, int last);
int pcie_top_rtl_wr_ready(struct pcie_top_rtl *r);
void pcie_top_rtl_set_rreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_top_rtl_rreq_ready(struct pcie_top_rtl *r);
void pcie_top_rtl_set_cpl_ready(struct pcie_top_rtl *r, int ready);
int pcie_top_rtl_cpl(struct pcie_top_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user);

void pcie_top_rtl_set_rq_ready(struct pcie_top_rtl *r, int ready);
int pcie_top_rtl_rq(struct pcie_top_rtl *r, struct rq_beat *b);
void pcie_top_rtl_set_seq(struct pcie_top_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1);
unsigned pcie_top_rtl_wr_done(struct pcie_top_rtl *r);
void pcie_top_rtl_set_rc(struct pcie_top_rtl *r, int valid, const uint32_t *dw, uint16_t keep, int last,
			 const struct rc_user *u);
int pcie_top_rtl_rc_ready(struct pcie_top_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
