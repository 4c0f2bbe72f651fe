/* SPDX-License-Identifier: MIT */
/*
 * One direction of an Ethernet link, for the loopback simulations: frames go
 * in at one end with a timestamp and come out at the other after
 * serialization and propagation, possibly lost, corrupted or reordered.
 *
 * Time is in PICOSECONDS (uint64_t): a 250 MHz core cycle is 4000 ps, and a
 * byte at 100 Gb/s is 80 ps, so both the NIC clock and every line rate from
 * 10G to 800G are represented without drift (serialization keeps its
 * sub-picosecond remainder). LINK_PS_PER_NS and link_cycles_to_ps() convert.
 *
 * Frames are given WITHOUT FCS (as the MAC's AXI-stream side carries them);
 * the link adds FCS (4 B), preamble + SFD (8 B) and IFG (12 B) to the time a
 * frame occupies the line.
 *
 * Timing of a frame handed over at time t:
 *   start  = max(t, when the line is free)
 *   first  = start + 8 B (preamble) + propagation: its first byte arrives
 *   t_ps   = start + (8 + len + 4) B + propagation: its last byte arrives and
 *            it is delivered (the receiving MAC checks FCS before passing it up)
 *   the line is free again at start + (8 + len + 4 + 12) B
 *
 * Impairments, each drawn per frame from one seeded PRNG (same seed, same
 * sends: same outcome; every frame draws the same number of values, so
 * changing one probability does not reshuffle the others):
 *   loss      the frame occupies the line, then vanishes;
 *   corrupt   one uniformly random bit of the frame is flipped; the frame is
 *             delivered (modelling an error the FCS did not catch, so that
 *             the RX pipe's own checks see it) unless corrupt_drop is set, in
 *             which case it is dropped as an FCS error;
 *   reorder   the frame is held back until 1..reorder_depth later frames have
 *             been delivered (uniform), or for reorder_timeout_ps past its own
 *             arrival when not enough frames follow, so nothing is held forever.
 *
 * No allocation after link_create().
 */
#ifndef LINK_MODEL_H
#define LINK_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LINK_PS_PER_NS       1000u
#define LINK_OVERHEAD_BYTES  (4 + 8 + 12)   /* FCS + preamble/SFD + IFG */

static inline uint64_t link_cycles_to_ps(uint64_t cycles, uint64_t clk_mhz)
{
	return cycles * 1000000u / clk_mhz;
}

struct link_cfg {
	uint64_t rate_mbps;          /* line rate, Mb/s; 0: no serialization time */
	uint64_t prop_delay_ps;      /* propagation delay */
	double p_loss;               /* probability a frame is lost */
	double p_corrupt;            /* probability one bit of a frame is flipped */
	bool corrupt_drop;           /* drop corrupted frames (FCS error) instead */
	double p_reorder;            /* probability a frame is held back */
	unsigned int reorder_depth;  /* held back behind 1..depth later frames */
	uint64_t reorder_timeout_ps; /* longest a held frame waits past its arrival */
	uint64_t seed;
	unsigned int capacity;       /* frames in flight (sent, not yet received) */
	size_t max_frame;            /* longest frame accepted, bytes without FCS */
};

struct link_stats {
	uint64_t sent;               /* frames accepted by link_send */
	uint64_t sent_bytes;
	uint64_t refused_full;       /* link_send calls refused: capacity reached */
	uint64_t lost;
	uint64_t corrupted;          /* frames with a bit flipped (delivered or not) */
	uint64_t fcs_dropped;        /* corrupted frames dropped (corrupt_drop) */
	uint64_t reordered;          /* frames held back */
	uint64_t reorder_timeouts;   /* held frames released by the timeout */
	uint64_t delivered;
	uint64_t delivered_bytes;
	uint64_t max_in_flight;
	uint64_t busy_ps;            /* time the line spent transmitting (with overhead) */
};

/* one delivered frame; data stays valid until the next link_recv() */
struct link_frame {
	const uint8_t *data;
	size_t len;
	uint64_t tag;                /* the caller's tag from link_send */
	uint64_t seq;                /* send order, from 0 */
	uint64_t t_sent_ps;          /* when link_send was called */
	uint64_t t_first_ps;         /* first byte arrived */
	uint64_t t_ps;               /* delivered (last byte arrived, or released) */
	bool corrupted;
	uint32_t flipped_bit;        /* bit index (byte * 8 + bit, bit 0 = LSB) if corrupted */
	bool reordered;
};

enum link_status {
	LINK_OK = 0,
	LINK_FULL = 1,               /* capacity reached: retry after link_recv */
	LINK_EINVAL = 2,             /* bad argument: NULL, empty or oversized frame */
};

struct link;

/* defaults: 100 Gb/s, 1 us, no impairments, depth 4, timeout 10 us,
 * capacity 1024, max_frame 9216, seed 1 */
void link_cfg_default(struct link_cfg *cfg);

/* NULL on a bad configuration or no memory, with a message in err */
struct link *link_create(const struct link_cfg *cfg, char *err, size_t errlen);
void link_destroy(struct link *l);

/* hand a frame (no FCS) to the link at time t_ps; it is copied */
int link_send(struct link *l, uint64_t t_ps, const uint8_t *frame, size_t len, uint64_t tag);

/* earliest time a frame handed over now would start on the line */
uint64_t link_tx_free_ps(const struct link *l);

/* the next frame delivered at or before now_ps: 1 (filled *out) or 0 */
int link_recv(struct link *l, uint64_t now_ps, struct link_frame *out);

/* when link_recv will next have a frame; UINT64_MAX when nothing is in flight */
uint64_t link_next_ps(const struct link *l);

/* frames sent and not yet received (lost ones excluded) */
unsigned int link_in_flight(const struct link *l);

const struct link_stats *link_get_stats(const struct link *l);

/* serialization time of `bytes` on the line, ps, rounded up */
uint64_t link_ser_ps(uint64_t rate_mbps, uint64_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* LINK_MODEL_H */
