/* SPDX-License-Identifier: MIT */
/*
 * The simulated network behind libhpnic's "sim" backend: N Verilated
 * hpnic_core NICs, cycle-accurate at 250 MHz, joined by link models, each
 * with a PCIe model whose DMA reads and writes this process's memory (an IO
 * address is a pointer value, checked against what the library registered).
 *
 * Two NICs are joined back to back (NIC 0 <-> NIC 1). The world is one per
 * process and is created by the first hpnic_open("sim:N"), with the
 * configuration given to hpnic_sim_configure() before it, or the defaults,
 * overridden by environment variables:
 *
 *   HPNIC_SIM_PCAP=FILE       every frame on the links to FILE (pcap)
 *   HPNIC_SIM_FST=FILE        waves of NIC 0 (FST; large: use with care)
 *   HPNIC_SIM_DMA_LATENCY=N   PCIe model: cycles from a DMA read request to
 *                             its data (default 0: the core's own latency)
 *   HPNIC_SIM_LOSS=P, HPNIC_SIM_CORRUPT=P   link impairments (0..1)
 *
 * Not thread-safe: one thread drives the world.
 */
#ifndef HPNIC_SIM_H
#define HPNIC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "link_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HPNIC_SIM_CLK_MHZ 250
#define HPNIC_SIM_MAX_NICS 2

struct hpnic_sim_cfg {
	unsigned nics;                 /* 2 */
	unsigned dma_latency;          /* cycles, DMA read request -> data */
	unsigned csr_latency;          /* cycles a CSR read takes end to end */
	unsigned progress_cycles;      /* cycles run per libhpnic progress() */
	struct link_cfg link;          /* both directions */
	const char *pcap_path;
	const char *fst_path;
	uint64_t seed;
};

void hpnic_sim_cfg_default(struct hpnic_sim_cfg *c);
/* before the first hpnic_open("sim:..."): -EBUSY once the world exists */
int hpnic_sim_configure(const struct hpnic_sim_cfg *c);

/* the world's clock: cycles so far, run more */
uint64_t hpnic_sim_cycle(void);
void hpnic_sim_run(uint64_t cycles);

/* what the models saw */
struct hpnic_sim_stats {
	uint64_t dma_rd_reqs, dma_rd_bytes;
	uint64_t dma_wr_reqs, dma_wr_bytes;
	uint64_t dma_bad;              /* DMA outside registered memory: refused */
	uint64_t irqs;
	uint64_t tx_frames, tx_bytes;  /* frames the NIC put on its link */
	uint64_t rx_frames;            /* frames its link delivered */
};
int hpnic_sim_stats(unsigned nic, struct hpnic_sim_stats *s);
int hpnic_sim_link_stats(unsigned from_nic, struct link_stats *s);

/*
 * Raw BAR0 access to NIC nic, beside the library (tests: check what the
 * library wrote). The world must exist (a "sim:" device was opened).
 */
int hpnic_sim_csr_read(unsigned nic, uint32_t off, uint32_t *val);

/*
 * Latency probes (cycles; 0 = not seen since arm): a doorbell write, the
 * first byte on the wire after it; at the other NIC the last byte of a
 * frame received, and the next CQE write after it
 */
struct hpnic_sim_probe {
	uint64_t doorbell;             /* NIC a: doorbell accepted */
	uint64_t tx_first;             /* NIC a: first beat to its MAC */
	uint64_t rx_last;              /* NIC a: last beat of a frame from its MAC */
	uint64_t cqe;                  /* NIC a: CQE write command after that */
	uint64_t dma_rd_first;         /* NIC a: first DMA read request after the doorbell */
};
void hpnic_sim_probe_arm(unsigned nic);
void hpnic_sim_probe_get(struct hpnic_sim_probe *p);

#ifdef __cplusplus
}
#endif

#endif /* HPNIC_SIM_H */
