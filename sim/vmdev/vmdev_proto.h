/* SPDX-License-Identifier: MIT */
/*
 * The wire format of QEMU 7.2's multi-process device proxy
 * (-device x-pci-proxy-dev,fd=N): what QEMU sends over the UNIX stream socket
 * for every config-space and BAR access of the function, and what the device
 * process answers. Written from the protocol's description (docs/vm.md);
 * sizes and offsets are those of QEMU's own build on x86-64 Linux, checked
 * below at compile time.
 *
 * A message is a 16-byte header (the command, 4 bytes of padding, the size
 * of the payload) followed by the payload, sent together; file descriptors
 * travel as SCM_RIGHTS with the header. Requests that expect an answer get
 * VMDEV_CMD_RET with an 8-byte value.
 */
#ifndef VMDEV_PROTO_H
#define VMDEV_PROTO_H

#include <stdint.h>
#include <sys/types.h>

#define VMDEV_MAX_FDS 8            /* fds per message; QEMU sends at most 7 */

enum vmdev_cmd {
	VMDEV_CMD_SYNC_SYSMEM = 0,  /* guest RAM: one fd per region; no answer */
	VMDEV_CMD_RET = 1,          /* the answer to a request */
	VMDEV_CMD_CFG_WRITE = 2,
	VMDEV_CMD_CFG_READ = 3,
	VMDEV_CMD_BAR_WRITE = 4,
	VMDEV_CMD_BAR_READ = 5,
	VMDEV_CMD_SET_IRQFD = 6,    /* INTx eventfd and resample eventfd; no answer */
	VMDEV_CMD_DEVICE_RESET = 7,
	VMDEV_CMD_MAX
};

struct vmdev_hdr {
	int32_t cmd;
	uint32_t pad;
	uint64_t size;              /* payload bytes after the header */
};

struct vmdev_sysmem {
	uint64_t gpa[VMDEV_MAX_FDS];     /* guest-physical start of each region */
	uint64_t size[VMDEV_MAX_FDS];
	int64_t offset[VMDEV_MAX_FDS];   /* offset of the region in its fd */
};

struct vmdev_cfg_access {
	uint32_t addr;              /* config-space byte offset */
	uint32_t val;
	int32_t len;                /* 1, 2 or 4 */
};

struct vmdev_bar_access {
	uint64_t addr;              /* absolute: the BAR's base plus the offset */
	uint64_t val;
	uint32_t size;              /* 1, 2, 4 or 8 bytes */
	uint8_t memory;             /* a memory BAR (not I/O) */
	uint8_t pad[3];
};

_Static_assert(sizeof(struct vmdev_hdr) == 16, "QEMU's MPQemuMsg header is 16 bytes");
_Static_assert(sizeof(struct vmdev_sysmem) == 192, "SyncSysmemMsg is 192 bytes");
_Static_assert(sizeof(struct vmdev_cfg_access) == 12, "PciConfDataMsg is 12 bytes");
_Static_assert(sizeof(struct vmdev_bar_access) == 24, "BarAccessMsg is 24 bytes");
_Static_assert(sizeof(off_t) == 8, "QEMU sends off_t offsets: a 64-bit build");

#endif /* VMDEV_PROTO_H */
