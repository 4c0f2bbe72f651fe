/* SPDX-License-Identifier: MIT */
/*
 * An Ethernet port on a Unix stream socket, in the framing of QEMU's
 * `-netdev stream` (and `-netdev socket`): each frame is a 4-byte
 * big-endian length, then the frame without FCS. Frames may be shorter
 * than 60 bytes (a VM's virtio-net does not pad); a record of length 0, or
 * longer than STREAM_PORT_MAX_FRAME, cannot be framed past, so it closes the
 * connection (counted). EOF means the peer is gone.
 *
 * The simulated NIC (sim/nic, HPNIC_SIM_STREAM) puts one NIC's port on it,
 * so that a VM running Linux rdma_rxe, or another simulator process, is its
 * link partner.
 *
 * Either end may listen: with listen set, the port binds the path (removing
 * a stale socket file first) and takes a peer whenever none is connected,
 * again after an EOF; without it, it connects to a listener at the path,
 * retrying for connect_ms, and once its peer is gone it stays down.
 *
 * Reads never block (stream_port_poll takes what has arrived); a send
 * waits for the socket at most STREAM_PORT_SEND_MS, then the frame is
 * dropped and counted, as is every frame sent while no peer is connected.
 */
#ifndef STREAM_PORT_H
#define STREAM_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STREAM_PORT_MAX_FRAME 16384u   /* bytes, without FCS: jumbo frames fit */
#define STREAM_PORT_SEND_MS   1000

struct stream_port_stats {
	uint64_t tx_frames, tx_bytes;  /* frames written to the peer */
	uint64_t tx_dropped;           /* sent while no peer was connected, or it stalled */
	uint64_t rx_frames, rx_bytes;  /* frames taken from the peer */
	uint64_t rx_short;             /* of those, shorter than 60 bytes (passed on as they are) */
	uint64_t rx_bad_len;           /* records of length 0 or over the maximum: connection closed */
	uint64_t connects;             /* peers connected */
	uint64_t eofs;                 /* peers gone (EOF or a reset) */
};

struct stream_port;

/* NULL on failure, with a message in err */
struct stream_port *stream_port_open(const char *path, bool listen, unsigned connect_ms,
				     char *err, size_t errlen);
void stream_port_close(struct stream_port *p);

/* 0 when written; -ENOTCONN (no peer) or -ETIMEDOUT (the peer stalled): dropped */
int stream_port_send(struct stream_port *p, const uint8_t *frame, size_t len);

/*
 * Take the frames that have arrived, fn once for each, in order; also takes
 * a new peer in listen mode. Returns the number of frames, never blocks.
 */
typedef void (*stream_port_rx_fn)(void *ctx, const uint8_t *frame, size_t len);
unsigned stream_port_poll(struct stream_port *p, stream_port_rx_fn fn, void *ctx);

bool stream_port_connected(const struct stream_port *p);
const struct stream_port_stats *stream_port_get_stats(const struct stream_port *p);

#ifdef __cplusplus
}
#endif

#endif /* STREAM_PORT_H */
