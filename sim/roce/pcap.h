/* SPDX-License-Identifier: MIT */
/*
 * Classic pcap files of Ethernet frames.
 *
 * Writer: nanosecond timestamps (magic 0xa1b23c4d, host byte order, which is
 * what libpcap writes), LINKTYPE_ETHERNET, snaplen 262144. Frames are written
 * as the MAC's AXI-stream side carries them: from the destination MAC to the
 * ICRC, WITHOUT the FCS (like a Linux capture), so Wireshark decodes them
 * with its default preferences.
 *
 * Reader: classic pcap in either byte order, micro- or nanosecond
 * timestamps, LINKTYPE_ETHERNET only. Not pcapng.
 *
 * Every call returns ROCE_OK or a status of roce_err.h; on ROCE_ERR_IO and
 * ROCE_ERR_FORMAT, pc->err holds a message naming the file and the problem.
 */
#ifndef ROCE_PCAP_H
#define ROCE_PCAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "roce_err.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ROCE_PCAP_MAGIC_NS    0xa1b23c4du
#define ROCE_PCAP_MAGIC_US    0xa1b2c3d4u
#define ROCE_PCAP_LINKTYPE_ETHERNET 1
#define ROCE_PCAP_SNAPLEN     262144u

struct roce_pcap {
	FILE *f;
	bool writing;
	bool swapped;               /* reader: file byte order is not ours */
	bool nsec;                  /* reader: nanosecond timestamps */
	uint32_t linktype;
	uint64_t frames;            /* frames written or read so far */
	char path[256];
	char err[512];
};

/* create (truncate) a pcap for writing; path "-" is stdout */
int roce_pcap_create(struct roce_pcap *pc, const char *path);
/* append one frame (no FCS) with its timestamp in ns since the epoch */
int roce_pcap_write(struct roce_pcap *pc, uint64_t ts_ns, const uint8_t *frame, size_t len);

/* open a pcap for reading; path "-" is stdin */
int roce_pcap_open(struct roce_pcap *pc, const char *path);
/*
 * Read the next frame into buf: ROCE_OK, ROCE_END at the end of the file,
 * ROCE_ERR_NOSPC when the frame is longer than cap (the frame is skipped, so
 * the next call reads the one after), ROCE_ERR_FORMAT on a broken record.
 * *len is the captured length; orig_len (may be NULL) the length on the wire.
 */
int roce_pcap_read(struct roce_pcap *pc, uint64_t *ts_ns, uint8_t *buf, size_t cap,
		   size_t *len, size_t *orig_len);

/* flush and close; reports a write error that happened on the way */
int roce_pcap_close(struct roce_pcap *pc);

#ifdef __cplusplus
}
#endif

#endif /* ROCE_PCAP_H */
