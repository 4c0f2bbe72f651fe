/* SPDX-License-Identifier: MIT */
/*
 * The simulated network behind libhpnic's "sim" backend: N Verilated
 * hpnic_core NICs, cycle-accurate at 250 MHz, joined by link models, each
 * with a PCIe model whose DMA reads and writes this process's memory (an IO
 * address is a pointer value, checked against what the library registered).
 *
 * Without a topology, two NICs are joined back to back (NIC 0 <-> NIC 1).
 * With one (hpnic_sim_cfg.topology, a file: docs/netsim.md), there is one
 * NIC per host of the topology, joined through output-queued switches that
 * stamp HPCC INT (sim/net/net_model.h); host i is 10.0.0.(i+1). The world is
 * one per process and is created by the first hpnic_open("sim:N"), with the
 * configuration given to hpnic_sim_configure() before it, or the defaults,
 * overridden by environment variables:
 *
 *   HPNIC_SIM_TOPO=FILE       the network (net mode)
 *   HPNIC_SIM_PCAP=FILE       every frame on the links to FILE (pcap)
 *   HPNIC_SIM_FST=FILE        waves of NIC 0 (FST; large: use with care)
 *   HPNIC_SIM_DMA_LATENCY=N   PCIe model: cycles from a DMA read request to
 *                             its data (default 0: the core's own latency)
 *   HPNIC_SIM_DMA_STALL=P     PCIe model: each cycle, with probability P,
 *                             hold each DMA handshake back (read and write
 *                             requests, write data, read data); default 0
 *   HPNIC_SIM_PROGRESS=N      cycles the simulator runs each time the library
 *                             waits (polls an empty CQ, a status bit);
 *                             default 64: a program reacts at that grain
 *   HPNIC_SIM_LOSS=P, HPNIC_SIM_CORRUPT=P   link impairments (0..1)
 *   HPNIC_SIM_THREADS=N       threads evaluating the NICs (1, 2; default auto)
 *   HPNIC_SIM_STREAM=PATH     one NIC, whose link partner is at the other end
 *                             of a Unix stream socket in QEMU's `-netdev
 *                             stream` framing (sim/link/stream_port.h): a VM
 *                             (`-netdev stream,server=on,addr.type=unix,
 *                             addr.path=PATH`), or another simulator; this
 *                             one connects (for 10 s, then fails)
 *   HPNIC_SIM_STREAM_LISTEN=PATH   the same, listening at PATH for the peer
 *   HPNIC_SIM_MAC=xx:..:xx, HPNIC_SIM_IP=a.b.c.d   NIC 0's port addresses
 *                             (NIC n: + n), instead of 02:00:00:00:00:10 and
 *                             10.0.0.1
 *   HPNIC_SIM_SEED=N          the configuration's seed (links, page frames,
 *                             the PCIe model's choices)
 *
 * The PCIe mode (libhpnic_sim_pcie.a, built from the same source with
 * -DHPNIC_SIM_PCIE; docs/pcie.md, "The whole path in simulation"): each NIC
 * is hpnic_core behind its PCIe adapter (rtl/top/hpnic_core_pcie.v), whose
 * host is the hard-block model tb/pcie/pcie_model.c: CSR accesses are BAR0
 * reads and writes on CQ/CC, DMA is TLPs on RQ/RC into the same memory,
 * interrupts are MSI-X messages (counted in irqs). The model's violations
 * are printed and make the process exit with status 1. There also:
 *   HPNIC_SIM_IRQ=0           leave completion interrupts off (the host
 *                             otherwise sets CTRL.IRQ_CTRL.ENABLE after
 *                             setting up the MSI-X table, at every reset)
 *
 * Not thread-safe: one thread drives the world.
 */
#ifndef HPNIC_SIM_H
#define HPNIC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "link_model.h"
#include "stream_port.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HPNIC_SIM_CLK_MHZ 250
#define HPNIC_SIM_MAX_NICS 128
#define HPNIC_SIM_FLOW_QPS 4096        /* QPNs counted by hpnic_sim_qp_rx */

struct hpnic_sim_cfg {
	unsigned nics;                 /* 2; with a topology 0 (its host count) */
	unsigned dma_latency;          /* cycles, DMA read request -> data */
	unsigned csr_latency;          /* cycles a CSR read takes end to end */
	unsigned progress_cycles;      /* cycles run per libhpnic progress() */
	unsigned threads;              /* 1 or 2 threads evaluate the NICs; 0: 2 when
					  there are 4 NICs or more and 2 cores (not
					  with FST or an every-frame pcap) */
	struct link_cfg link;          /* both directions (pair mode) */
	const char *topology;          /* a topology file: net mode */
	const char *pcap_path;         /* pair mode: every frame; net mode: see pcap_port */
	int pcap_switch, pcap_port;    /* net mode, port >= 0: only frames leaving that
					  switch port (as stamped); -1: every frame NICs send */
	const char *fst_path;
	unsigned fst_nic;               /* the NIC whose waves fst_path gets (HPNIC_SIM_FST_NIC) */
	uint64_t seed;
	double dma_stall;              /* PCIe model back-pressure, 0..1 (HPNIC_SIM_DMA_STALL) */
	const char *stream_path;       /* one NIC, its port on this Unix socket (stream_port.h) */
	int stream_listen;             /* 1: listen there for the peer; 0: connect to it */
};

void hpnic_sim_cfg_default(struct hpnic_sim_cfg *c);
/* before the first hpnic_open("sim:..."): -EBUSY once the world exists */
int hpnic_sim_configure(const struct hpnic_sim_cfg *c);

/*
 * Host memory that is not this process's (the RAM of a VM whose PCI
 * functions are these NICs, sim/vmdev): fn turns the DMA address range
 * [addr, addr + len) of NIC nic into a pointer in this process, or returns
 * NULL to refuse the access (a read then returns zeros, a write is dropped;
 * both count in dma_bad). Without a translator a DMA address is a pointer
 * into memory the library mapped as one range (rings: dma_alloc), or an
 * address in the IO window [2^47, 2^48) where the sim backend maps the pages
 * of registered regions (dma_map_pages), each page at a random frame, so
 * that no region is contiguous in IO space; an access must stay inside one
 * page's registered bytes. Before the world exists (-EBUSY after).
 */
typedef void *(*hpnic_sim_dma_xlate_fn)(void *ctx, unsigned nic, uint64_t addr, uint64_t len);
int hpnic_sim_set_dma_xlate(hpnic_sim_dma_xlate_fn fn, void *ctx);

/* create the world now, with the configuration above (a program that serves
 * the NICs itself, not through libhpnic); 0 if it exists already */
int hpnic_sim_start(void);

/*
 * The port addresses of NIC nic, which the sim backend gives libhpnic and
 * a net-mode topology routes by: MAC 02:00:00:00:00:10 + nic, IPv4
 * 10.0.0.(nic + 1), or HPNIC_SIM_MAC + nic and HPNIC_SIM_IP + nic
 * (-EINVAL, with a message, if those are malformed)
 */
int hpnic_sim_port_addr(unsigned nic, uint8_t mac[6], uint32_t *ipv4);

/* NICs in the world (0 before it exists) */
unsigned hpnic_sim_nics(void);

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
/* the stream port's counters (-EINVAL without one) */
int hpnic_sim_stream_stats(struct stream_port_stats *s);

/*
 * Net mode: the switches' ports (hpnic_sim_port_stats), and per NIC the data
 * frames delivered to it per destination QPN (frame bytes with FCS, and RDMA
 * payload bytes), which is how a runner measures a flow's rate.
 */
struct hpnic_sim_port_stats {
	int peer_host, peer_switch;    /* what the port is cabled to (-1: not that) */
	unsigned speed;                /* B: 5 = 100G */
	uint64_t tx_frames, tx_bytes;  /* frame bytes with FCS (INT's txBytes) */
	uint64_t rx_frames, rx_bytes;
	uint64_t drops;                /* shared buffer full, or no route */
	uint64_t ecn_marks;
	uint64_t int_stamped, int_full;
	uint64_t qlen, qlen_max;       /* egress queue now and its peak, bytes */
	uint64_t pause_sent;           /* PFC pauses this ingress sent upstream */
	uint64_t pause_ps;             /* time it held its upstream paused */
	uint64_t paused_ps;            /* time this egress was held by its peer */
};
int hpnic_sim_net_switches(void);                  /* -EINVAL: not net mode */
int hpnic_sim_net_ports(unsigned sw);
int hpnic_sim_port_stats(unsigned sw, unsigned port, struct hpnic_sim_port_stats *s);
/* the port of a switch cabled to host h, and the switch: -ENOENT if none */
int hpnic_sim_host_port(unsigned h, unsigned *sw, unsigned *port);
/* propagation + store-and-forward serialization of a data frame of
 * data_bytes from a to b and an ACK of ack_bytes back, ns */
int hpnic_sim_base_rtt_ns(unsigned a, unsigned b, unsigned data_bytes, unsigned ack_bytes,
			  double *ns);
int hpnic_sim_qp_rx(unsigned nic, uint32_t qpn, uint64_t *frame_bytes, uint64_t *payload_bytes);

/*
 * Raw BAR0 access to NIC nic, beside the library (tests: check what the
 * library wrote; sim/vmdev: a VM's BAR accesses). The world must exist (a
 * "sim:" device was opened, or hpnic_sim_start). Every NIC runs meanwhile,
 * until the access is done (-ETIMEDOUT after 100000 cycles).
 */
int hpnic_sim_csr_read(unsigned nic, uint32_t off, uint32_t *val);
int hpnic_sim_csr_write(unsigned nic, uint32_t off, uint32_t val);
/* pair mode: mark the IPv4 ECN field CE on the frames NIC from_nic sends
 * (mode 1: ECT frames only, as a RED/ECN switch does; 2: every frame; 0:
 * none), for DCQCN's tests without a switch model; -EINVAL in net mode */
int hpnic_sim_ce_mark(unsigned from_nic, int mode);

/*
 * Make DMA reads of NIC nic fail (docs/pcie.md, "DMA read errors"): the
 * next count reads whose bytes overlap [addr, addr + len), addresses in this
 * process (a ring, a registered buffer: what the DMA checker translates a
 * read's address to), complete with an error,
 * of kind 1 (an Unsupported Request completion), 2 (a poisoned completion)
 * or 3 (a completion timeout) in the PCIe mode, where a read is each TLP
 * the adapter makes of it; the generic model flags the read's last beat
 * (tuser) whatever the kind, and delivers zeros for its bytes. A new call replaces the window; count 0 ends
 * it. hpnic_sim_dma_rd_fail_left: how many of the count are left.
 */
int hpnic_sim_dma_rd_fail(unsigned nic, uint64_t addr, uint64_t len, unsigned count, int kind);
unsigned hpnic_sim_dma_rd_fail_left(unsigned nic);

/*
 * Reset NIC nic as a function-level reset does: its reset input is held for
 * 16 cycles from the next one; DMA and frames in flight between it and its
 * models are dropped. The NIC then clears its state memories (CTRL.STATUS).
 */
int hpnic_sim_reset(unsigned nic);

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
