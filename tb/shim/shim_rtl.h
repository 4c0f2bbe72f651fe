/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/shim/hpnic_mac_shim (512 bits, default FIFO
 * sizes). Three clocks: bit 0 the core clock, bit 1 mac_tx_clk, bit 2
 * mac_rx_clk. Beats are byte arrays, lane 0 first, with their kept length.
 */
#ifndef SHIM_RTL_H
#define SHIM_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHIM_BYTES 64

struct shim_rtl;

struct shim_beat {
	uint8_t data[SHIM_BYTES];
	unsigned nbytes;    /* kept bytes */
	int keep_ok;        /* out: tkeep was contiguous from lane 0 */
	int last;
	int user;
};

struct shim_stats {
	uint64_t tx_frames, tx_bytes, tx_drop_bad, tx_drop_oversize, tx_drop_reset;
	uint64_t tx_mac_underflow, tx_mac_overflow;
	uint64_t rx_frames, rx_bytes, rx_drop_bad, rx_drop_overflow, rx_drop_oversize;
};

struct shim_rtl *shim_rtl_new(const char *fst);
void shim_rtl_free(struct shim_rtl *r);
/* the FIFO depths the model was built with, in beats */
unsigned shim_rtl_tx_depth(void);
unsigned shim_rtl_rx_depth(void);

/* raise the clocks in mask and lower them again */
void shim_rtl_edge(struct shim_rtl *r, unsigned mask, uint64_t time_fs);
void shim_rtl_set_rst(struct shim_rtl *r, int core, int mac_tx, int mac_rx);

/* core side */
void shim_rtl_set_tx(struct shim_rtl *r, int valid, const struct shim_beat *b);
int shim_rtl_tx_ready(struct shim_rtl *r);
void shim_rtl_set_rx_ready(struct shim_rtl *r, int ready);
int shim_rtl_rx(struct shim_rtl *r, struct shim_beat *b);
void shim_rtl_stats(struct shim_rtl *r, struct shim_stats *s);

/* MAC side */
void shim_rtl_set_mac_tx_ready(struct shim_rtl *r, int ready, int unfout, int ovfout);
int shim_rtl_mac_tx(struct shim_rtl *r, struct shim_beat *b);
void shim_rtl_set_mac_rx(struct shim_rtl *r, int valid, const struct shim_beat *b);

#ifdef __cplusplus
}
#endif

#endif
