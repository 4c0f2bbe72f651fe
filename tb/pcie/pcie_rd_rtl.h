/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/pcie/hpnic_pcie_dma_rd (LEN_WIDTH 17, 64
 * tags, 512-byte parts, 256 completion headers and 2048 data credits). One
 * clock; set inputs, read outputs, then pcie_rd_rtl_tick().
 */
#ifndef PCIE_RD_RTL_H
#define PCIE_RD_RTL_H

#include <stdint.h>

#include "pcie_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_RD_TAGS 64
#define PCIE_RD_CPLH 256
#define PCIE_RD_CPLD 2048

struct pcie_rd_rtl;

struct pcie_rd_rtl *pcie_rd_rtl_new(const char *fst);
void pcie_rd_rtl_free(struct pcie_rd_rtl *r);
void pcie_rd_rtl_tick(struct pcie_rd_rtl *r);
void pcie_rd_rtl_set_rst(struct pcie_rd_rtl *r, int rst);
void pcie_rd_rtl_set_mrrs(struct pcie_rd_rtl *r, unsigned code);

void pcie_rd_rtl_set_req(struct pcie_rd_rtl *r, int valid, uint64_t addr, unsigned len);
int pcie_rd_rtl_req_ready(struct pcie_rd_rtl *r);
/* the completion stream: returns tvalid */
void pcie_rd_rtl_set_cpl_ready(struct pcie_rd_rtl *r, int ready);
int pcie_rd_rtl_cpl(struct pcie_rd_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user);

void pcie_rd_rtl_set_rq_ready(struct pcie_rd_rtl *r, int ready);
int pcie_rd_rtl_rq(struct pcie_rd_rtl *r, struct rq_beat *b);
/* an RC beat: 16 Dwords, tkeep, tlast, discontinue */
void pcie_rd_rtl_set_rc(struct pcie_rd_rtl *r, int valid, const uint32_t *dw, uint16_t keep, int last,
			const struct rc_user *u, int discontinue);
int pcie_rd_rtl_rc_ready(struct pcie_rd_rtl *r);
void pcie_rd_rtl_stats(struct pcie_rd_rtl *r, uint32_t *reqs, uint32_t *tlps, uint32_t *errs);

#ifdef __cplusplus
}
#endif

#endif
