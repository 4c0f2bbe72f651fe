/* SPDX-License-Identifier: MIT */
/*
 * hpnic register map. GENERATED from fw/regmap.toml by scripts/gen_regmap.py:
 * do not edit. Regenerate with `make regmap`, i.e.
 *   scripts/gen_regmap.py fw/regmap.toml --vh rtl/host/hpnic_regs.vh --h driver/lib/hpnic_regs.h --md docs/regmap.md
 *
 * Register offsets (absolute BAR0 bytes), fields, reset values, block identity,
 * counter indexes and the WQE/CQE formats shared by the hardware, libhpnic and
 * the kernel driver. Plain C99 with no includes, so the kernel can use it too.
 *
 * HPNIC_<BLOCK>_<REG> is a register's offset; _RST its reset value; _SHIFT/_MASK
 * its value bits; _<FIELD>_SHIFT/_MASK its fields, read and built with HPNIC_GET
 * and HPNIC_SET. HPNIC_DB_SQ_DB(qpn) is QP qpn's doorbell.
 *
 * Define HPNIC_REGS_WANT_COUNTER_NAMES in exactly one .c file before including
 * this header to get hpnic_counter_names[] and hpnic_counter_descs[] (the
 * latter not with HPNIC_REGS_NO_COUNTER_DESCS: the kernel driver names its
 * sysfs files and needs no descriptions); define
 * HPNIC_REGS_WANT_REG_TABLE to get hpnic_block_table[], hpnic_reg_table[] and
 * hpnic_field_table[], every block, register and field by name (for tools).
 * docs/regmap.md describes every register.
 */
#ifndef HPNIC_REGS_H
#define HPNIC_REGS_H

/* HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, v): that field of register value v */
#define HPNIC_GET(f, v)  (((v) & f##_MASK) >> f##_SHIFT)
/* HPNIC_SET(HPNIC_CTRL_INT_CTRL_PORT, x): x in that field, other bits 0 */
#define HPNIC_SET(f, x)  (((unsigned int)(x) << f##_SHIFT) & f##_MASK)

/* parameters */
#define HPNIC_MAX_QPS       4096
#define HPNIC_PCI_VENDOR_ID 4660
#define HPNIC_PCI_DEVICE_ID 18544
#define HPNIC_PCI_CLASS     131072
#define HPNIC_BAR0_SIZE     33554432

/* block header, offsets relative to each block's base */
/* block type: four ASCII characters, the first in bits 31:24 */
#define HPNIC_HDR_TYPE                0x00000000u
/* block version: major in bits 31:16, minor in bits 15:0 */
#define HPNIC_HDR_VERSION             0x00000004u
#define HPNIC_HDR_VERSION_MAJOR_SHIFT 16  /* incompatible changes */
#define HPNIC_HDR_VERSION_MAJOR_MASK  0xffff0000u
#define HPNIC_HDR_VERSION_MINOR_SHIFT 0  /* compatible additions */
#define HPNIC_HDR_VERSION_MINOR_MASK  0x0000ffffu
/* absolute BAR0 offset of the next block, 0 for the last */
#define HPNIC_HDR_NEXT                0x00000008u
#define HPNIC_HDR_SIZE                0x0000000cu  /* block size in bytes */
#define HPNIC_NUM_BLOCKS              8

/* ERR: command error codes */
#define HPNIC_ERR_OK        0  /* success */
#define HPNIC_ERR_BAD_CMD   1  /* unknown command code */
#define HPNIC_ERR_BAD_INDEX 2  /* QPN, IDX or CQN out of range */
/* a staging register out of range (e.g. MTU_LOG2 outside 6..12, SQ_LOG2 > 15) */
#define HPNIC_ERR_BAD_VALUE 3
#define HPNIC_ERR_BUSY      4  /* CMD written while the previous command was still running */

/*
 * NADDR: NIC addresses: what MR.IOVA, WQE.LOCAL_ADDR and SGE.ADDR hold. Bit 63 (TRANSLATE)
 * clear: an IO address, used as it is. Set: bits [PAGE_4K + MTT_LOG2 - 1 : PAGE_4K] are an MTT
 * index and bits 11:0 the byte in that 4 KiB page; with bit 62 (HUGE) also set, bits [PAGE_2M +
 * MTT_LOG2 - 1 : PAGE_2M] are the index and bits 20:0 the byte in a 2 MiB page. Bits between the
 * index and bit 62 are 0. A region's pages have consecutive entries, so the NIC address of byte
 * k of a region is its first byte's plus k.
 */
#define HPNIC_NADDR_TRANSLATE 63  /* bit: translate through the MTT */
#define HPNIC_NADDR_HUGE      62  /* bit: 2 MiB pages */
#define HPNIC_NADDR_PAGE_4K   12  /* log2 of a small page */
#define HPNIC_NADDR_PAGE_2M   21  /* log2 of a huge page */

/* CC_MODE: congestion-control modes; bit n of ID.CC_MODES says whether mode n is built in */
#define HPNIC_CC_MODE_HPCC  0  /* HPCC */
#define HPNIC_CC_MODE_DCQCN 1  /* DCQCN (docs/cc-dcqcn.md): rate-based, the window open at W_max */
#define HPNIC_CC_MODE_ROCC  2  /* reserved for RoCC */
#define HPNIC_CC_MODE_NONE  3  /* reserved: no congestion control, line rate */

/*
 * BTH_OP: the RC BTH opcodes hpnic sends and takes (InfiniBand RC, RoCEv2); one source for every
 * RTL block that builds or parses a BTH
 */
#define HPNIC_BTH_OP_SEND_FIRST     0  /* SEND First */
#define HPNIC_BTH_OP_SEND_MIDDLE    1  /* SEND Middle */
#define HPNIC_BTH_OP_SEND_LAST      2  /* SEND Last */
#define HPNIC_BTH_OP_SEND_LAST_IMM  3  /* SEND Last with Immediate (ImmDt) */
#define HPNIC_BTH_OP_SEND_ONLY      4  /* SEND Only */
#define HPNIC_BTH_OP_SEND_ONLY_IMM  5  /* SEND Only with Immediate (ImmDt) */
#define HPNIC_BTH_OP_WRITE_FIRST    6  /* RDMA WRITE First (RETH) */
#define HPNIC_BTH_OP_WRITE_MIDDLE   7  /* RDMA WRITE Middle */
#define HPNIC_BTH_OP_WRITE_LAST     8  /* RDMA WRITE Last */
#define HPNIC_BTH_OP_WRITE_LAST_IMM 9  /* RDMA WRITE Last with Immediate (ImmDt) */
#define HPNIC_BTH_OP_WRITE_ONLY     10  /* RDMA WRITE Only (RETH) */
#define HPNIC_BTH_OP_WRITE_ONLY_IMM 11  /* RDMA WRITE Only with Immediate (RETH, then ImmDt) */
#define HPNIC_BTH_OP_READ_REQ       12  /* RDMA READ Request (RETH) */
#define HPNIC_BTH_OP_RESP_FIRST     13  /* RDMA READ Response First (AETH) */
#define HPNIC_BTH_OP_RESP_MIDDLE    14  /* RDMA READ Response Middle */
#define HPNIC_BTH_OP_RESP_LAST      15  /* RDMA READ Response Last (AETH) */
#define HPNIC_BTH_OP_RESP_ONLY      16  /* RDMA READ Response Only (AETH) */
#define HPNIC_BTH_OP_ACK            17  /* Acknowledge (AETH) */
/*
 * RoCEv2 Congestion Notification Packet (16 reserved bytes of zero behind the BTH; IBTA Annex
 * A17)
 */
#define HPNIC_BTH_OP_CNP            129

/*
 * AETH_SYN: AETH syndromes hpnic sends and takes (InfiniBand RC): bits 7:5 the kind (000 ACK,
 * 001 RNR NAK, 011 NAK), bits 4:0 the credit count, the RNR timer code or the NAK code
 */
#define HPNIC_AETH_SYN_ACK     31  /* ACK, credit count invalid (no end-to-end credits) */
/*
 * RNR NAK (receiver not ready), timer code 0; the syndrome is RNR | code, bits 4:0 the
 * responder's minimum RNR delay as the InfiniBand timer code (1 = 0.01 ms ... 31 = 491.52 ms, 0
 * = 655.36 ms; QP.MIN_RNR_TIMER): the requester waits that long, then resends from the PSN
 */
#define HPNIC_AETH_SYN_RNR     32
#define HPNIC_AETH_SYN_NAK_SEQ 96  /* NAK: PSN sequence error (the requester resends from the PSN) */
#define HPNIC_AETH_SYN_NAK_INV 97  /* NAK: invalid request (length error) */
#define HPNIC_AETH_SYN_NAK_ACC 98  /* NAK: remote access error (R_Key, range or access right) */
#define HPNIC_AETH_SYN_NAK_OP  99  /* NAK: remote operational error */

/*
 * ACK_KIND: acknowledgement events from RX decide to the completer (internal to the RTL; 6 and 7
 * are free: the completer numbers its own events past them, in a kind one bit wider)
 */
#define HPNIC_ACK_KIND_ACK       0  /* acknowledges up to the PSN */
#define HPNIC_ACK_KIND_NAK_SEQ   1  /* everything before the PSN arrived; resend from it */
#define HPNIC_ACK_KIND_NAK_FATAL 2  /* remote access or invalid request: the QP fails */
#define HPNIC_ACK_KIND_READ_DONE 3  /* READ responses arrived up to the PSN */
#define HPNIC_ACK_KIND_READ_GAP  4  /* a READ response is missing at the PSN */
/*
 * RNR NAK: everything before the PSN arrived; wait the RNR delay of its timer code (carried
 * beside the kind), then resend from the PSN
 */
#define HPNIC_ACK_KIND_NAK_RNR   5

/*
 * ASYNC_EVENT: asynchronous events (CTRL.EVENT.TYPE): what the NIC reports that no work
 * request's completion tells
 */
/*
 * the QP's send side failed (retry exceeded or a fatal NAK): it stopped; its failed work request
 * also completes with an error
 */
#define HPNIC_ASYNC_EVENT_QP_FATAL      1
/*
 * the QP, as responder, NAKed a request for a remote access error (R_Key, range, rights) and
 * stopped taking requests
 */
#define HPNIC_ASYNC_EVENT_QP_ACCESS_ERR 2
/*
 * the QP, as responder, NAKed an invalid request (length, opcode sequence) and stopped taking
 * requests
 */
#define HPNIC_ASYNC_EVENT_QP_REQ_ERR    3
/* a completion for a CQ that is disabled or was never set was dropped */
#define HPNIC_ASYNC_EVENT_CQ_ERR        4

/* QPS: QP states (the RTL's QPS_*) */
#define HPNIC_QPS_RESET 0  /* idle, drops everything */
#define HPNIC_QPS_INIT  1  /* configured, drops everything */
#define HPNIC_QPS_RTR   2  /* ready to receive: accepts requests */
#define HPNIC_QPS_RTS   3  /* ready to send: requests and responses */
#define HPNIC_QPS_ERR   4  /* failed: drops everything, the driver flushes its WQEs */

/*
 * ID ("HPID" 1.0): Identifies the bitstream: build, sizes and features. Always at BAR0 offset 0,
 * the head of the block list.
 */
#define HPNIC_ID_BASE                               0x00000000u
#define HPNIC_ID_BLOCK_SIZE                         0x00000100u
#define HPNIC_ID_BLOCK_TYPE                         0x48504944u  /* "HPID" */
#define HPNIC_ID_BLOCK_VERSION                      0x00010000u  /* 1.0 */
#define HPNIC_ID_BLOCK_NEXT                         0x00000100u
#define HPNIC_ID_TYPE                               0x00000000u
#define HPNIC_ID_VERSION                            0x00000004u
#define HPNIC_ID_NEXT                               0x00000008u
#define HPNIC_ID_SIZE                               0x0000000cu

/*
 * ID.BUILD_DATE (ro): build date, YYYYMMDD in BCD (0x20250131), from a Verilog parameter set at
 * build time
 */
#define HPNIC_ID_BUILD_DATE                         0x00000010u

/* ID.GIT_HASH (ro): first 32 bits of the git commit the bitstream was built from (parameter) */
#define HPNIC_ID_GIT_HASH                           0x00000014u

/* ID.QP_CFG (ro): table sizes */
#define HPNIC_ID_QP_CFG                             0x00000018u
#define HPNIC_ID_QP_CFG_QPN_WIDTH_SHIFT             0  /* QPN bits: the NIC has 2^QPN_WIDTH QPs */
#define HPNIC_ID_QP_CFG_QPN_WIDTH_MASK              0x000000ffu
#define HPNIC_ID_QP_CFG_MR_LOG2_SHIFT               8  /* log2 of the memory-region table entries */
#define HPNIC_ID_QP_CFG_MR_LOG2_MASK                0x0000ff00u
/* CQN bits: the NIC has 2^CQN_WIDTH completion queues */
#define HPNIC_ID_QP_CFG_CQN_WIDTH_SHIFT             16
#define HPNIC_ID_QP_CFG_CQN_WIDTH_MASK              0x00ff0000u
/* log2 of the memory translation table's entries (MR.MTT_*) */
#define HPNIC_ID_QP_CFG_MTT_LOG2_SHIFT              24
#define HPNIC_ID_QP_CFG_MTT_LOG2_MASK               0xff000000u

/* ID.DATAPATH (ro): datapath geometry */
#define HPNIC_ID_DATAPATH                           0x0000001cu
#define HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES_SHIFT    0  /* datapath width in bytes (64 for 512 bits) */
#define HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES_MASK     0x0000ffffu
/* core clock, MHz (RTO and IRQ moderation count its cycles) */
#define HPNIC_ID_DATAPATH_CLK_MHZ_SHIFT             16
#define HPNIC_ID_DATAPATH_CLK_MHZ_MASK              0xffff0000u

/* ID.FEATURES (ro): features built in */
#define HPNIC_ID_FEATURES                           0x00000020u
#define HPNIC_ID_FEATURES_INT_SHIFT                 0  /* HPCC INT: stamping on TX, parsing on RX */
#define HPNIC_ID_FEATURES_INT_MASK                  0x00000001u
#define HPNIC_ID_FEATURES_READ_SHIFT                1  /* RDMA READ */
#define HPNIC_ID_FEATURES_READ_MASK                 0x00000002u
#define HPNIC_ID_FEATURES_WRITE_SHIFT               2  /* RDMA WRITE */
#define HPNIC_ID_FEATURES_WRITE_MASK                0x00000004u
#define HPNIC_ID_FEATURES_MSIX_SHIFT                3  /* MSI-X completion interrupts */
#define HPNIC_ID_FEATURES_MSIX_MASK                 0x00000008u
/* SEND/RECV with receive queues, and immediate data (SEND and RDMA WRITE with immediate) */
#define HPNIC_ID_FEATURES_SEND_SHIFT                4
#define HPNIC_ID_FEATURES_SEND_MASK                 0x00000010u

/* ID.CC_MODES (ro): congestion-control modes built in, bit n = CC_MODE n */
#define HPNIC_ID_CC_MODES                           0x00000024u
#define HPNIC_ID_CC_MODES_HPCC_SHIFT                0  /* HPCC */
#define HPNIC_ID_CC_MODES_HPCC_MASK                 0x00000001u
#define HPNIC_ID_CC_MODES_DCQCN_SHIFT               1  /* DCQCN */
#define HPNIC_ID_CC_MODES_DCQCN_MASK                0x00000002u
#define HPNIC_ID_CC_MODES_ROCC_SHIFT                2  /* RoCC (reserved) */
#define HPNIC_ID_CC_MODES_ROCC_MASK                 0x00000004u
#define HPNIC_ID_CC_MODES_NONE_SHIFT                3  /* no congestion control (reserved) */
#define HPNIC_ID_CC_MODES_NONE_MASK                 0x00000008u

/*
 * ID.RD_ATOMIC (ro): READs per QP: the most QP.MAX_RD_ATOMIC may be (as requester), and the READ
 * requests the responder holds per QP (its max_dest_rd_atomic; a peer that sends more has the
 * excess dropped and counted, rx_rd_over)
 */
#define HPNIC_ID_RD_ATOMIC                          0x0000002cu
/* READs a QP may have outstanding as requester, at most */
#define HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_SHIFT      0
#define HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_MASK       0x000000ffu
/* READ requests the responder holds per QP (being answered and queued) */
#define HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC_SHIFT 8
#define HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC_MASK  0x0000ff00u

/* ID.SCRATCH (rw): no function: the driver writes and reads it back to test the link */
#define HPNIC_ID_SCRATCH                            0x00000028u
#define HPNIC_ID_SCRATCH_RST                        0u

/* CTRL ("HPCT" 1.1): NIC-wide configuration and status. */
#define HPNIC_CTRL_BASE                               0x00000100u
#define HPNIC_CTRL_BLOCK_SIZE                         0x00000100u
#define HPNIC_CTRL_BLOCK_TYPE                         0x48504354u  /* "HPCT" */
#define HPNIC_CTRL_BLOCK_VERSION                      0x00010001u  /* 1.1 */
#define HPNIC_CTRL_BLOCK_NEXT                         0x00000200u
#define HPNIC_CTRL_TYPE                               0x00000100u
#define HPNIC_CTRL_VERSION                            0x00000104u
#define HPNIC_CTRL_NEXT                               0x00000108u
#define HPNIC_CTRL_SIZE                               0x0000010cu

/* CTRL.MAC_LO (rw): station MAC bits 31:0, bytes 2..5 (02:00:0a:0b:0c:0d gives 0x0a0b0c0d) */
#define HPNIC_CTRL_MAC_LO                             0x00000110u
#define HPNIC_CTRL_MAC_LO_RST                         0u

/* CTRL.MAC_HI (rw): station MAC bits 47:32, bytes 0..1 (02:00:0a:0b:0c:0d gives 0x0200) */
#define HPNIC_CTRL_MAC_HI                             0x00000114u
#define HPNIC_CTRL_MAC_HI_SHIFT                       0
#define HPNIC_CTRL_MAC_HI_MASK                        0x0000ffffu
#define HPNIC_CTRL_MAC_HI_RST                         0u

/* CTRL.IP (rw): station IPv4 address, first octet in bits 31:24 (10.0.0.1 = 0x0a000001) */
#define HPNIC_CTRL_IP                                 0x00000118u
#define HPNIC_CTRL_IP_RST                             0u

/* CTRL.INT_CTRL (rw): HPCC INT (in-band telemetry) */
#define HPNIC_CTRL_INT_CTRL                           0x0000011cu
#define HPNIC_CTRL_INT_CTRL_RST                       0x12b80000u
/* carry INT on data packets and accept it on ACKs */
#define HPNIC_CTRL_INT_CTRL_ENABLE_SHIFT              0
#define HPNIC_CTRL_INT_CTRL_ENABLE_MASK               0x00000001u
/* UDP destination port of packets that carry INT */
#define HPNIC_CTRL_INT_CTRL_PORT_SHIFT                16
#define HPNIC_CTRL_INT_CTRL_PORT_MASK                 0xffff0000u

/* CTRL.RTO (rw): retransmit timeout in units of 1024 core cycles; 0 disables the timer */
#define HPNIC_CTRL_RTO                                0x00000120u
#define HPNIC_CTRL_RTO_SHIFT                          0
#define HPNIC_CTRL_RTO_MASK                           0x0000ffffu
#define HPNIC_CTRL_RTO_RST                            8u

/* CTRL.IRQ_CTRL (rw): completion interrupts */
#define HPNIC_CTRL_IRQ_CTRL                           0x00000124u
#define HPNIC_CTRL_IRQ_CTRL_RST                       0u
/* raise interrupts (0: the driver polls, the default); no moderation is built */
#define HPNIC_CTRL_IRQ_CTRL_ENABLE_SHIFT              0
#define HPNIC_CTRL_IRQ_CTRL_ENABLE_MASK               0x00000001u

/* CTRL.STATUS (ro): initialisation status: the driver waits for all three after reset */
#define HPNIC_CTRL_STATUS                             0x00000128u
/* the CC engine has cleared its state memories */
#define HPNIC_CTRL_STATUS_CC_INIT_DONE_SHIFT          0
#define HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK           0x00000001u
/* the flow scheduler has cleared its state memories */
#define HPNIC_CTRL_STATUS_SCHED_INIT_DONE_SHIFT       1
#define HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK        0x00000002u
/* the host interface accepts commands and doorbells */
#define HPNIC_CTRL_STATUS_HOST_READY_SHIFT            2
#define HPNIC_CTRL_STATUS_HOST_READY_MASK             0x00000004u

/*
 * CTRL.CC_PARAM_STATUS (ro): the CC engine's parameter check: which CC registers it clamped (the
 * C model's HPCC_PS_*)
 */
#define HPNIC_CTRL_CC_PARAM_STATUS                    0x0000012cu
#define HPNIC_CTRL_CC_PARAM_STATUS_T_CLAMPED_SHIFT    0  /* T_NS out of range, clamped */
#define HPNIC_CTRL_CC_PARAM_STATUS_T_CLAMPED_MASK     0x00000001u
#define HPNIC_CTRL_CC_PARAM_STATUS_ETA_CLAMPED_SHIFT  1  /* ETA out of range, clamped */
#define HPNIC_CTRL_CC_PARAM_STATUS_ETA_CLAMPED_MASK   0x00000002u
#define HPNIC_CTRL_CC_PARAM_STATUS_LINE_CLAMPED_SHIFT 2  /* LINE_MBPS out of range, clamped */
#define HPNIC_CTRL_CC_PARAM_STATUS_LINE_CLAMPED_MASK  0x00000004u
#define HPNIC_CTRL_CC_PARAM_STATUS_MIN_CLAMPED_SHIFT  3  /* MIN_MBPS out of range, clamped */
#define HPNIC_CTRL_CC_PARAM_STATUS_MIN_CLAMPED_MASK   0x00000008u
#define HPNIC_CTRL_CC_PARAM_STATUS_WMAX_SAT_SHIFT     4  /* line rate x T saturates the window */
#define HPNIC_CTRL_CC_PARAM_STATUS_WMAX_SAT_MASK      0x00000010u
/*
 * the engine is deriving its constants after a write to an HPCC or VAI/SF register (about 800
 * cycles): a QP started meanwhile gets the previous set; libhpnic and the driver wait for it to
 * clear
 */
#define HPNIC_CTRL_CC_PARAM_STATUS_BUSY_SHIFT         5
#define HPNIC_CTRL_CC_PARAM_STATUS_BUSY_MASK          0x00000020u

/*
 * CTRL.ERR_CODE (ro): code of the last QP, MR or CQ command that failed (0 until one fails;
 * host_cmd_errors counts them)
 */
#define HPNIC_CTRL_ERR_CODE                           0x00000130u
#define HPNIC_CTRL_ERR_CODE_SHIFT                     0
#define HPNIC_CTRL_ERR_CODE_MASK                      0x000000ffu

/*
 * CTRL.EVENT (ro): the oldest asynchronous event, taken off the NIC's event queue (16 entries)
 * by the read: VALID 0 when there was none
 */
#define HPNIC_CTRL_EVENT                              0x00000134u
/* the QPN (QP events) or CQN (CQ events) it concerns */
#define HPNIC_CTRL_EVENT_ID_SHIFT                     0
#define HPNIC_CTRL_EVENT_ID_MASK                      0x00ffffffu
#define HPNIC_CTRL_EVENT_TYPE_SHIFT                   24  /* what happened */
#define HPNIC_CTRL_EVENT_TYPE_MASK                    0x0f000000u
#define HPNIC_CTRL_EVENT_VALID_SHIFT                  31  /* an event was taken */
#define HPNIC_CTRL_EVENT_VALID_MASK                   0x80000000u

/* CTRL.EVENT_LOST (ro): events dropped because the event queue was full (never cleared) */
#define HPNIC_CTRL_EVENT_LOST                         0x00000138u

/*
 * CTRL.ACK_REQ (rw): which request packets ask for an ACK (docs/wire.md, Reliability on the
 * wire)
 */
#define HPNIC_CTRL_ACK_REQ                            0x0000013cu
#define HPNIC_CTRL_ACK_REQ_RST                        13u
/*
 * with INT off, a message's packets ask for an ACK (BTH AckReq) at least once every
 * 2^SPACING_LOG2 bytes (on the PSNs whose low SPACING_LOG2 - log2(MTU) bits are all ones),
 * besides a message's last packet and READ requests (docs/wire.md). Values up to log2(MTU) mean
 * every packet. 2^SPACING_LOG2 must stay at most a quarter of the window W_init = line rate x T,
 * or a QP the window stops may have no ACK coming and wait for its retransmit timer: 13 after
 * reset (8 KiB, the largest power of two within 52 KB / 4 at 100 Gb/s and the default T of 4160
 * ns); lower it with T or the line rate. With INT on every request packet asks
 */
#define HPNIC_CTRL_ACK_REQ_SPACING_LOG2_SHIFT         0
#define HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK          0x0000000fu

/*
 * CC ("HPCC" 1.1): NIC-wide HPCC parameters, in the units of the RTL CC engine (docs/cc.md). The
 * engine checks HPCC's (CTRL.CC_PARAM_STATUS: clamped, not refused) and derives its constants
 * when one is written. A register with a Range (DCQCN's, the notification point's, the
 * sweeper's) refuses a write outside it whole: it keeps its value and RANGE_STATUS reads
 * BAD_VALUE with the offset.
 */
#define HPNIC_CC_BASE                      0x00000200u
#define HPNIC_CC_BLOCK_SIZE                0x00000100u
#define HPNIC_CC_BLOCK_TYPE                0x48504343u  /* "HPCC" */
#define HPNIC_CC_BLOCK_VERSION             0x00010001u  /* 1.1 */
#define HPNIC_CC_BLOCK_NEXT                0x00000300u
#define HPNIC_CC_TYPE                      0x00000200u
#define HPNIC_CC_VERSION                   0x00000204u
#define HPNIC_CC_NEXT                      0x00000208u
#define HPNIC_CC_SIZE                      0x0000020cu

/* CC.T_NS (rw): T, the base RTT, in ns */
#define HPNIC_CC_T_NS                      0x00000210u
#define HPNIC_CC_T_NS_SHIFT                0
#define HPNIC_CC_T_NS_MASK                 0x000fffffu
#define HPNIC_CC_T_NS_RST                  4160u

/* CC.ETA (rw): eta, the target utilisation, Q0.16 (62259 = 0.95) */
#define HPNIC_CC_ETA                       0x00000214u
#define HPNIC_CC_ETA_SHIFT                 0
#define HPNIC_CC_ETA_MASK                  0x0001ffffu
#define HPNIC_CC_ETA_RST                   62259u

/* CC.MAX_STAGE (rw): maxStage: additive-increase steps before a multiplicative update */
#define HPNIC_CC_MAX_STAGE                 0x00000218u
#define HPNIC_CC_MAX_STAGE_SHIFT           0
#define HPNIC_CC_MAX_STAGE_MASK            0x0000000fu
#define HPNIC_CC_MAX_STAGE_RST             5u

/* CC.WAI (rw): W_AI, the additive increase, bytes in Q16.4 (1280 = 80 B) */
#define HPNIC_CC_WAI                       0x0000021cu
#define HPNIC_CC_WAI_SHIFT                 0
#define HPNIC_CC_WAI_MASK                  0x000fffffu
#define HPNIC_CC_WAI_RST                   1280u

/* CC.LINE_MBPS (rw): line rate, Mb/s */
#define HPNIC_CC_LINE_MBPS                 0x00000220u
#define HPNIC_CC_LINE_MBPS_SHIFT           0
#define HPNIC_CC_LINE_MBPS_MASK            0x000fffffu
#define HPNIC_CC_LINE_MBPS_RST             0x000186a0u

/* CC.MIN_MBPS (rw): minimum rate, Mb/s */
#define HPNIC_CC_MIN_MBPS                  0x00000224u
#define HPNIC_CC_MIN_MBPS_SHIFT            0
#define HPNIC_CC_MIN_MBPS_MASK             0x000fffffu
#define HPNIC_CC_MIN_MBPS_RST              100u

/*
 * CC.SCHED_OVERHEAD (rw): wire bytes charged per packet beyond the payload and its RETH/AETH
 * (Ethernet to FCS, preamble, gap): pacing credit, work and window count them
 */
#define HPNIC_CC_SCHED_OVERHEAD            0x00000228u
#define HPNIC_CC_SCHED_OVERHEAD_SHIFT      0
#define HPNIC_CC_SCHED_OVERHEAD_MASK       0x000000ffu
#define HPNIC_CC_SCHED_OVERHEAD_RST        82u

/*
 * CC.SCHED_BURST (rw): pacing burst allowance, bytes beyond one grant (4 KiB by default: with
 * none, any scheduling jitter is lost line time; a lone QP reached 81% of the line at 1 KiB)
 */
#define HPNIC_CC_SCHED_BURST               0x0000022cu
#define HPNIC_CC_SCHED_BURST_SHIFT         0
#define HPNIC_CC_SCHED_BURST_MASK          0x0000ffffu
#define HPNIC_CC_SCHED_BURST_RST           4096u

/*
 * CC.SCHED_GRANT (rw): wire bytes of pacing credit and window per scheduler grant, at most the
 * path MTU (0: the path MTU); read when a QP starts. Small grants pace small messages one or two
 * packets at a time instead of an MTU's worth in a burst
 */
#define HPNIC_CC_SCHED_GRANT               0x00000234u
#define HPNIC_CC_SCHED_GRANT_SHIFT         0
#define HPNIC_CC_SCHED_GRANT_MASK          0x00003fffu
#define HPNIC_CC_SCHED_GRANT_RST           256u

/* CC.DEFAULT_MODE (rw): CC mode of QPs that do not set their own */
#define HPNIC_CC_DEFAULT_MODE              0x00000230u
#define HPNIC_CC_DEFAULT_MODE_SHIFT        0
#define HPNIC_CC_DEFAULT_MODE_MASK         0x00000003u
#define HPNIC_CC_DEFAULT_MODE_RST          0u

/*
 * CC.DCQCN_LINE (rw): DCQCN (CC mode 1): the line rate, bytes/ns Q8.16 (round(Mb/s x 8192 /
 * 1000), 819200 = 100 Gb/s): Rc and Rt at INIT, Rt's cap. Keep it LINE_MBPS's (W_max is HPCC's).
 * docs/cc-dcqcn.md, as dcqcn_derive() makes it; the engine takes it while quiet
 */
#define HPNIC_CC_DCQCN_LINE                0x00000240u
#define HPNIC_CC_DCQCN_LINE_SHIFT          0
#define HPNIC_CC_DCQCN_LINE_MASK           0x00ffffffu
#define HPNIC_CC_DCQCN_LINE_RST            0x000c8000u
#define HPNIC_CC_DCQCN_LINE_MIN            8192u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_LINE_MAX            8589926u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_LINE_ZERO_OK        0

/* CC.DCQCN_MIN (rw): DCQCN: Rmin (rpg_min_rate), Q8.16 (328 = 40 Mb/s) */
#define HPNIC_CC_DCQCN_MIN                 0x00000244u
#define HPNIC_CC_DCQCN_MIN_SHIFT           0
#define HPNIC_CC_DCQCN_MIN_MASK            0x00ffffffu
#define HPNIC_CC_DCQCN_MIN_RST             328u
#define HPNIC_CC_DCQCN_MIN_MIN             328u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_MIN_MAX             8589926u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_MIN_ZERO_OK         0

/* CC.DCQCN_AI (rw): DCQCN: R_AI (rpg_ai_rate), Q8.16 (328 = 40 Mb/s) */
#define HPNIC_CC_DCQCN_AI                  0x00000248u
#define HPNIC_CC_DCQCN_AI_SHIFT            0
#define HPNIC_CC_DCQCN_AI_MASK             0x00ffffffu
#define HPNIC_CC_DCQCN_AI_RST              328u
#define HPNIC_CC_DCQCN_AI_MIN              328u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_AI_MAX              8589926u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_AI_ZERO_OK          0

/* CC.DCQCN_HAI (rw): DCQCN: R_HAI (rpg_hai_rate), Q8.16 (1638 = 200 Mb/s) */
#define HPNIC_CC_DCQCN_HAI                 0x0000024cu
#define HPNIC_CC_DCQCN_HAI_SHIFT           0
#define HPNIC_CC_DCQCN_HAI_MASK            0x00ffffffu
#define HPNIC_CC_DCQCN_HAI_RST             1638u
#define HPNIC_CC_DCQCN_HAI_MIN             328u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_HAI_MAX             8589926u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_HAI_ZERO_OK         0

/* CC.DCQCN_FIRST (rw): DCQCN: rate_to_set_on_first_cnp, Q8.16; 0 off */
#define HPNIC_CC_DCQCN_FIRST               0x00000250u
#define HPNIC_CC_DCQCN_FIRST_SHIFT         0
#define HPNIC_CC_DCQCN_FIRST_MASK          0x00ffffffu
#define HPNIC_CC_DCQCN_FIRST_RST           0u
#define HPNIC_CC_DCQCN_FIRST_MIN           328u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_FIRST_MAX           8589926u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_FIRST_ZERO_OK       1  /* 0 is taken too */

/*
 * CC.DCQCN_G (rw): DCQCN: g x 1024, 2..1023 (4 = the paper's 1/256); DCQCN_TAB must hold this
 * g's D tables
 */
#define HPNIC_CC_DCQCN_G                   0x00000254u
#define HPNIC_CC_DCQCN_G_SHIFT             0
#define HPNIC_CC_DCQCN_G_MASK              0x000003ffu
#define HPNIC_CC_DCQCN_G_RST               4u
#define HPNIC_CC_DCQCN_G_MIN               2u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_G_MAX               1023u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_G_ZERO_OK           0

/* CC.DCQCN_ALPHA0 (rw): DCQCN: alpha at INIT (initial_alpha_value), Q1.22 (4190208 = 1023/1024) */
#define HPNIC_CC_DCQCN_ALPHA0              0x00000258u
#define HPNIC_CC_DCQCN_ALPHA0_SHIFT        0
#define HPNIC_CC_DCQCN_ALPHA0_MASK         0x007fffffu
#define HPNIC_CC_DCQCN_ALPHA0_RST          0x003ff000u
#define HPNIC_CC_DCQCN_ALPHA0_MIN          0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_ALPHA0_MAX          4194304u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_ALPHA0_ZERO_OK      0

/*
 * CC.DCQCN_MIN_DEC (rw): DCQCN: the decrease factor's floor (rpg_min_dec_fac), Q1.16 (32768 = 50
 * %)
 */
#define HPNIC_CC_DCQCN_MIN_DEC             0x0000025cu
#define HPNIC_CC_DCQCN_MIN_DEC_SHIFT       0
#define HPNIC_CC_DCQCN_MIN_DEC_MASK        0x0001ffffu
#define HPNIC_CC_DCQCN_MIN_DEC_RST         32768u
#define HPNIC_CC_DCQCN_MIN_DEC_MIN         0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_MIN_DEC_MAX         65536u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_MIN_DEC_ZERO_OK     0

/* CC.DCQCN_GD (rw): DCQCN: gd, f = 1 - alpha x 2^-gd (1 halves alpha) */
#define HPNIC_CC_DCQCN_GD                  0x00000260u
#define HPNIC_CC_DCQCN_GD_SHIFT            0
#define HPNIC_CC_DCQCN_GD_MASK             0x0000000fu
#define HPNIC_CC_DCQCN_GD_RST              1u
#define HPNIC_CC_DCQCN_GD_MIN              0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_GD_MAX              15u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_GD_ZERO_OK          0

/* CC.DCQCN_TD_US (rw): DCQCN: Td (rate_reduce_monitor_period), us */
#define HPNIC_CC_DCQCN_TD_US               0x00000264u
#define HPNIC_CC_DCQCN_TD_US_SHIFT         0
#define HPNIC_CC_DCQCN_TD_US_MASK          0x0001ffffu
#define HPNIC_CC_DCQCN_TD_US_RST           4u
#define HPNIC_CC_DCQCN_TD_US_MIN           0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_TD_US_MAX           131071u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_TD_US_ZERO_OK       0

/* CC.DCQCN_TI_US (rw): DCQCN: Ti (rpg_time_reset), us, at least 1 */
#define HPNIC_CC_DCQCN_TI_US               0x00000268u
#define HPNIC_CC_DCQCN_TI_US_SHIFT         0
#define HPNIC_CC_DCQCN_TI_US_MASK          0x0001ffffu
#define HPNIC_CC_DCQCN_TI_US_RST           300u
#define HPNIC_CC_DCQCN_TI_US_MIN           1u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_TI_US_MAX           131071u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_TI_US_ZERO_OK       0

/*
 * CC.DCQCN_B_PKTS (rw): DCQCN: packets per byte-counter increase, ceil(rpg_byte_reset / path
 * MTU), 1..65535 (2560 = 10 MiB of 4 KiB)
 */
#define HPNIC_CC_DCQCN_B_PKTS              0x0000026cu
#define HPNIC_CC_DCQCN_B_PKTS_SHIFT        0
#define HPNIC_CC_DCQCN_B_PKTS_MASK         0x0000ffffu
#define HPNIC_CC_DCQCN_B_PKTS_RST          2560u
#define HPNIC_CC_DCQCN_B_PKTS_MIN          1u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_B_PKTS_MAX          65535u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_B_PKTS_ZERO_OK      0

/* CC.DCQCN_THRESHOLD (rw): DCQCN: F (rpg_threshold), 0..31 */
#define HPNIC_CC_DCQCN_THRESHOLD           0x00000270u
#define HPNIC_CC_DCQCN_THRESHOLD_SHIFT     0
#define HPNIC_CC_DCQCN_THRESHOLD_MASK      0x0000001fu
#define HPNIC_CC_DCQCN_THRESHOLD_RST       5u
#define HPNIC_CC_DCQCN_THRESHOLD_MIN       0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_THRESHOLD_MAX       31u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_THRESHOLD_ZERO_OK   0

/* CC.DCQCN_PERIOD_US (rw): DCQCN: the alpha period (dce_tcp_rtt), us, at least 1 */
#define HPNIC_CC_DCQCN_PERIOD_US           0x00000274u
#define HPNIC_CC_DCQCN_PERIOD_US_SHIFT     0
#define HPNIC_CC_DCQCN_PERIOD_US_MASK      0x0001ffffu
#define HPNIC_CC_DCQCN_PERIOD_US_RST       1u
#define HPNIC_CC_DCQCN_PERIOD_US_MIN       1u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_PERIOD_US_MAX       131071u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_PERIOD_US_ZERO_OK   0

/*
 * CC.DCQCN_TAB_IDX (rw): DCQCN: which D-table entry DCQCN_TAB reads and writes: 16 j + k for
 * tab[j][k] = (1 - g)^(k x 16^j)
 */
#define HPNIC_CC_DCQCN_TAB_IDX             0x00000278u
#define HPNIC_CC_DCQCN_TAB_IDX_SHIFT       0
#define HPNIC_CC_DCQCN_TAB_IDX_MASK        0x0000003fu
#define HPNIC_CC_DCQCN_TAB_IDX_RST         0u
#define HPNIC_CC_DCQCN_TAB_IDX_MIN         0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_TAB_IDX_MAX         63u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_TAB_IDX_ZERO_OK     0

/*
 * CC.DCQCN_TAB (rw): DCQCN: D-table entry DCQCN_TAB_IDX, Q1.17 (dcqcn_tables()); the reset
 * values are g = 4's
 */
#define HPNIC_CC_DCQCN_TAB                 0x0000027cu
#define HPNIC_CC_DCQCN_TAB_SHIFT           0
#define HPNIC_CC_DCQCN_TAB_MASK            0x0003ffffu
#define HPNIC_CC_DCQCN_TAB_RST             0x00020000u
#define HPNIC_CC_DCQCN_TAB_MIN             0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_TAB_MAX             131072u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_TAB_ZERO_OK         0

/*
 * CC.NP_MIN_TIME_US (rw): DCQCN notification point: min_time_between_cnps, us, 0..4095 (0: a CNP
 * for every CE-marked request). At most one CNP per responder QP in this time. A write of a
 * larger value is refused: the register keeps its value and NP_STATUS (and RANGE_STATUS) read
 * BAD_VALUE
 */
#define HPNIC_CC_NP_MIN_TIME_US            0x00000280u
#define HPNIC_CC_NP_MIN_TIME_US_SHIFT      0
#define HPNIC_CC_NP_MIN_TIME_US_MASK       0x00000fffu
#define HPNIC_CC_NP_MIN_TIME_US_RST        4u
#define HPNIC_CC_NP_MIN_TIME_US_MIN        0u  /* the lowest value a write may hold */
#define HPNIC_CC_NP_MIN_TIME_US_MAX        4095u  /* the highest; others are refused */
#define HPNIC_CC_NP_MIN_TIME_US_ZERO_OK    0

/*
 * CC.NP_STATUS (ro): the result of the last write to NP_MIN_TIME_US: OK, or BAD_VALUE when it
 * was refused
 */
#define HPNIC_CC_NP_STATUS                 0x00000284u
#define HPNIC_CC_NP_STATUS_SHIFT           0
#define HPNIC_CC_NP_STATUS_MASK            0x000000ffu

/*
 * CC.DCQCN_TICK_US (rw): DCQCN: the sweeper's pass period, us (0: no sweeps). A pass gives every
 * QP in mode 1 a TICK, so its rate-increase timer runs without ACKs or CNPs; an increase is late
 * by at most a pass (docs/cc-dcqcn.md)
 */
#define HPNIC_CC_DCQCN_TICK_US             0x00000288u
#define HPNIC_CC_DCQCN_TICK_US_SHIFT       0
#define HPNIC_CC_DCQCN_TICK_US_MASK        0x0001ffffu
#define HPNIC_CC_DCQCN_TICK_US_RST         32u
#define HPNIC_CC_DCQCN_TICK_US_MIN         0u  /* the lowest value a write may hold */
#define HPNIC_CC_DCQCN_TICK_US_MAX         131071u  /* the highest; others are refused */
#define HPNIC_CC_DCQCN_TICK_US_ZERO_OK     0

/*
 * CC.VAI_THRESH (rw): Variable AI: Token Thresh, bytes: an RTT whose largest INT queue exceeds
 * it puts tokens in a VAI QP's AI Bank (docs/cc-vai-sf.md)
 */
#define HPNIC_CC_VAI_THRESH                0x0000028cu
#define HPNIC_CC_VAI_THRESH_SHIFT          0
#define HPNIC_CC_VAI_THRESH_MASK           0x007fffffu
#define HPNIC_CC_VAI_THRESH_RST            50000u
#define HPNIC_CC_VAI_THRESH_MIN            1u  /* the lowest value a write may hold */
#define HPNIC_CC_VAI_THRESH_MAX            8388607u  /* the highest; others are refused */
#define HPNIC_CC_VAI_THRESH_ZERO_OK        0

/* CC.VAI_AI_DIV (rw): Variable AI: AI DIV, bytes of queue per token */
#define HPNIC_CC_VAI_AI_DIV                0x00000290u
#define HPNIC_CC_VAI_AI_DIV_SHIFT          0
#define HPNIC_CC_VAI_AI_DIV_MASK           0x007fffffu
#define HPNIC_CC_VAI_AI_DIV_RST            1000u
#define HPNIC_CC_VAI_AI_DIV_MIN            1u  /* the lowest value a write may hold */
#define HPNIC_CC_VAI_AI_DIV_MAX            8388607u  /* the highest; others are refused */
#define HPNIC_CC_VAI_AI_DIV_ZERO_OK        0

/* CC.VAI_BANK_CAP (rw): Variable AI: Bank Cap, the most tokens a QP's AI Bank holds */
#define HPNIC_CC_VAI_BANK_CAP              0x00000294u
#define HPNIC_CC_VAI_BANK_CAP_SHIFT        0
#define HPNIC_CC_VAI_BANK_CAP_MASK         0x00000fffu
#define HPNIC_CC_VAI_BANK_CAP_RST          1000u
#define HPNIC_CC_VAI_BANK_CAP_MIN          0u  /* the lowest value a write may hold */
#define HPNIC_CC_VAI_BANK_CAP_MAX          4095u  /* the highest; others are refused */
#define HPNIC_CC_VAI_BANK_CAP_ZERO_OK      0

/* CC.VAI_AI_CAP (rw): Variable AI: AI Cap, the most tokens one update spends */
#define HPNIC_CC_VAI_AI_CAP                0x00000298u
#define HPNIC_CC_VAI_AI_CAP_SHIFT          0
#define HPNIC_CC_VAI_AI_CAP_MASK           0x000003ffu
#define HPNIC_CC_VAI_AI_CAP_RST            100u
#define HPNIC_CC_VAI_AI_CAP_MIN            1u  /* the lowest value a write may hold */
#define HPNIC_CC_VAI_AI_CAP_MAX            1023u  /* the highest; others are refused */
#define HPNIC_CC_VAI_AI_CAP_ZERO_OK        0

/* CC.VAI_DAMP_SHIFT (rw): Variable AI: the Dampener Constant is 2^VAI_DAMP_SHIFT */
#define HPNIC_CC_VAI_DAMP_SHIFT            0x0000029cu
#define HPNIC_CC_VAI_DAMP_SHIFT_SHIFT      0
#define HPNIC_CC_VAI_DAMP_SHIFT_MASK       0x0000000fu
#define HPNIC_CC_VAI_DAMP_SHIFT_RST        3u
#define HPNIC_CC_VAI_DAMP_SHIFT_MIN        0u  /* the lowest value a write may hold */
#define HPNIC_CC_VAI_DAMP_SHIFT_MAX        15u  /* the highest; others are refused */
#define HPNIC_CC_VAI_DAMP_SHIFT_ZERO_OK    0

/*
 * CC.SF_ACKS (rw): Sampling Frequency: N, a congested ACK commits Wc once N ACKs came since the
 * last commit
 */
#define HPNIC_CC_SF_ACKS                   0x000002a0u
#define HPNIC_CC_SF_ACKS_SHIFT             0
#define HPNIC_CC_SF_ACKS_MASK              0x000000ffu
#define HPNIC_CC_SF_ACKS_RST               30u
#define HPNIC_CC_SF_ACKS_MIN               1u  /* the lowest value a write may hold */
#define HPNIC_CC_SF_ACKS_MAX               255u  /* the highest; others are refused */
#define HPNIC_CC_SF_ACKS_ZERO_OK           0

/*
 * CC.RANGE_STATUS (ro): the CC block's range check: the result of the last write to a CC
 * register with a Range, and where the last refused one went. Read-only; reset clears it
 */
#define HPNIC_CC_RANGE_STATUS              0x000002c0u
/*
 * the last write to a register with a Range: OK, or BAD_VALUE when it was refused (the register
 * kept its value)
 */
#define HPNIC_CC_RANGE_STATUS_ERROR_SHIFT  0
#define HPNIC_CC_RANGE_STATUS_ERROR_MASK   0x000000ffu
/*
 * the absolute BAR0 offset of the last refused write (0 until one is refused): which register
 * refused it
 */
#define HPNIC_CC_RANGE_STATUS_OFFSET_SHIFT 16
#define HPNIC_CC_RANGE_STATUS_OFFSET_MASK  0x0fff0000u

/*
 * QP ("HPQP" 1.2): Indirect access to one QP context at a time: fill the staging registers,
 * write CMD, wait for CMD_STATUS.BUSY to clear, then read CMD_STATUS.ERROR.
 */
#define HPNIC_QP_BASE                   0x00000300u
#define HPNIC_QP_BLOCK_SIZE             0x00000100u
#define HPNIC_QP_BLOCK_TYPE             0x48505150u  /* "HPQP" */
#define HPNIC_QP_BLOCK_VERSION          0x00010002u  /* 1.2 */
#define HPNIC_QP_BLOCK_NEXT             0x00000400u
#define HPNIC_QP_TYPE                   0x00000300u
#define HPNIC_QP_VERSION                0x00000304u
#define HPNIC_QP_NEXT                   0x00000308u
#define HPNIC_QP_SIZE                   0x0000030cu

/* QP.QPN (rw): the QP the command applies to */
#define HPNIC_QP_QPN                    0x00000310u
#define HPNIC_QP_QPN_RST                0u

/* QP.STATE (rw): QP state */
#define HPNIC_QP_STATE                  0x00000314u
#define HPNIC_QP_STATE_SHIFT            0
#define HPNIC_QP_STATE_MASK             0x00000007u
#define HPNIC_QP_STATE_RST              0u

/* QP.MTU_LOG2 (rw): log2 of the path MTU payload, 6..12 (64 B..4 KiB) */
#define HPNIC_QP_MTU_LOG2               0x00000318u
#define HPNIC_QP_MTU_LOG2_SHIFT         0
#define HPNIC_QP_MTU_LOG2_MASK          0x0000000fu
#define HPNIC_QP_MTU_LOG2_RST           0u

/* QP.DQPN (rw): destination QPN */
#define HPNIC_QP_DQPN                   0x0000031cu
#define HPNIC_QP_DQPN_SHIFT             0
#define HPNIC_QP_DQPN_MASK              0x00ffffffu
#define HPNIC_QP_DQPN_RST               0u

/* QP.DMAC_LO (rw): destination MAC bits 31:0 (as CTRL.MAC_LO) */
#define HPNIC_QP_DMAC_LO                0x00000320u
#define HPNIC_QP_DMAC_LO_RST            0u

/* QP.DMAC_HI (rw): destination MAC bits 47:32 */
#define HPNIC_QP_DMAC_HI                0x00000324u
#define HPNIC_QP_DMAC_HI_SHIFT          0
#define HPNIC_QP_DMAC_HI_MASK           0x0000ffffu
#define HPNIC_QP_DMAC_HI_RST            0u

/* QP.DIP (rw): destination IPv4 address (as CTRL.IP) */
#define HPNIC_QP_DIP                    0x00000328u
#define HPNIC_QP_DIP_RST                0u

/* QP.SPORT (rw): UDP source port (the flow's ECMP entropy) */
#define HPNIC_QP_SPORT                  0x0000032cu
#define HPNIC_QP_SPORT_SHIFT            0
#define HPNIC_QP_SPORT_MASK             0x0000ffffu
#define HPNIC_QP_SPORT_RST              0u

/*
 * QP.DSCP_ECN (rw): IPv4 TOS byte: DSCP in bits 7:2 (0x6a = DSCP 26); bits 1:0 are not used: TX
 * sends ECN = ECT(0) on the requests of a QP in CC mode 1 (DCQCN) and 00 on everything else
 * (docs/wire.md)
 */
#define HPNIC_QP_DSCP_ECN               0x00000330u
#define HPNIC_QP_DSCP_ECN_SHIFT         0
#define HPNIC_QP_DSCP_ECN_MASK          0x000000ffu
#define HPNIC_QP_DSCP_ECN_RST           106u

/* QP.SQ_BASE_LO (rw): send queue IO address, bits 31:0 (64-byte aligned) */
#define HPNIC_QP_SQ_BASE_LO             0x00000334u
#define HPNIC_QP_SQ_BASE_LO_RST         0u

/* QP.SQ_BASE_HI (rw): send queue IO address, bits 63:32 */
#define HPNIC_QP_SQ_BASE_HI             0x00000338u
#define HPNIC_QP_SQ_BASE_HI_RST         0u

/* QP.SQ_LOG2 (rw): log2 of the send queue entries, at most 15 */
#define HPNIC_QP_SQ_LOG2                0x0000033cu
#define HPNIC_QP_SQ_LOG2_SHIFT          0
#define HPNIC_QP_SQ_LOG2_MASK           0x0000001fu
#define HPNIC_QP_SQ_LOG2_RST            0u

/* QP.CQN (rw): completion queue of this QP */
#define HPNIC_QP_CQN                    0x00000340u
#define HPNIC_QP_CQN_RST                0u

/* QP.SQ_PSN (rw): first PSN the QP sends (used by START and START_SQ) */
#define HPNIC_QP_SQ_PSN                 0x00000344u
#define HPNIC_QP_SQ_PSN_SHIFT           0
#define HPNIC_QP_SQ_PSN_MASK            0x00ffffffu
#define HPNIC_QP_SQ_PSN_RST             0u

/* QP.RQ_PSN (rw): first PSN the QP expects (used by START and START_RQ) */
#define HPNIC_QP_RQ_PSN                 0x00000348u
#define HPNIC_QP_RQ_PSN_SHIFT           0
#define HPNIC_QP_RQ_PSN_MASK            0x00ffffffu
#define HPNIC_QP_RQ_PSN_RST             0u

/* QP.CC_MODE (rw): CC mode of this QP */
#define HPNIC_QP_CC_MODE                0x0000034cu
#define HPNIC_QP_CC_MODE_SHIFT          0
#define HPNIC_QP_CC_MODE_MASK           0x00000003u
#define HPNIC_QP_CC_MODE_RST            0u

/* QP.CC_OVERRIDE (rw): 1: use QP_T_NS, QP_WAI and QP_MAX_STAGE instead of the CC block's */
#define HPNIC_QP_CC_OVERRIDE            0x00000350u
#define HPNIC_QP_CC_OVERRIDE_SHIFT      0
#define HPNIC_QP_CC_OVERRIDE_MASK       0x00000001u
#define HPNIC_QP_CC_OVERRIDE_RST        0u

/* QP.QP_T_NS (rw): per-QP T in ns (as CC.T_NS), with CC_OVERRIDE */
#define HPNIC_QP_QP_T_NS                0x00000354u
#define HPNIC_QP_QP_T_NS_SHIFT          0
#define HPNIC_QP_QP_T_NS_MASK           0x000fffffu
#define HPNIC_QP_QP_T_NS_RST            0u

/* QP.QP_WAI (rw): per-QP W_AI, Q16.4 bytes (as CC.WAI), with CC_OVERRIDE */
#define HPNIC_QP_QP_WAI                 0x00000358u
#define HPNIC_QP_QP_WAI_SHIFT           0
#define HPNIC_QP_QP_WAI_MASK            0x000fffffu
#define HPNIC_QP_QP_WAI_RST             0u

/* QP.QP_MAX_STAGE (rw): per-QP maxStage (as CC.MAX_STAGE), with CC_OVERRIDE */
#define HPNIC_QP_QP_MAX_STAGE           0x0000035cu
#define HPNIC_QP_QP_MAX_STAGE_SHIFT     0
#define HPNIC_QP_QP_MAX_STAGE_MASK      0x0000000fu
#define HPNIC_QP_QP_MAX_STAGE_RST       0u

/* QP.CMD (wo): command on QP QPN; the write starts it */
#define HPNIC_QP_CMD                    0x00000360u
#define HPNIC_QP_CMD_SHIFT              0
#define HPNIC_QP_CMD_MASK               0x000000ffu
#define HPNIC_QP_CMD_WRITE              1  /* write the context from the staging registers */
/* write the context and restart the QP's transport state at SQ_PSN/RQ_PSN */
#define HPNIC_QP_CMD_START              2
#define HPNIC_QP_CMD_READ               3  /* load the staging registers from QP QPN */
/*
 * write the context and restart the QP's receive side (responder, READ tracking) at RQ_PSN: a
 * connection's RTR
 */
#define HPNIC_QP_CMD_START_RQ           4
/*
 * write the context and restart the QP's send side (requester, completer, CC state, scheduler
 * flow) at SQ_PSN: a connection's RTS
 */
#define HPNIC_QP_CMD_START_SQ           5

/* QP.CMD_STATUS (ro): command status */
#define HPNIC_QP_CMD_STATUS             0x00000364u
#define HPNIC_QP_CMD_STATUS_BUSY_SHIFT  0  /* a command is running */
#define HPNIC_QP_CMD_STATUS_BUSY_MASK   0x00000001u
#define HPNIC_QP_CMD_STATUS_ERROR_SHIFT 8  /* error code of the last command */
#define HPNIC_QP_CMD_STATUS_ERROR_MASK  0x0000ff00u

/*
 * QP.SQ_WQE_LOG2 (rw): log2 of the bytes per send-queue entry: 6 (64-byte WQEs; 0 means 6) or 7
 * (128-byte WQEs, whose second half, the extension, holds an SGE list or inline data); other
 * values fail the command with BAD_VALUE
 */
#define HPNIC_QP_SQ_WQE_LOG2            0x00000368u
#define HPNIC_QP_SQ_WQE_LOG2_SHIFT      0
#define HPNIC_QP_SQ_WQE_LOG2_MASK       0x0000000fu
#define HPNIC_QP_SQ_WQE_LOG2_RST        0u

/*
 * QP.PD (rw): protection domain: an R_Key works on this QP only if its region's MR.PD is the
 * same
 */
#define HPNIC_QP_PD                     0x0000036cu
#define HPNIC_QP_PD_SHIFT               0
#define HPNIC_QP_PD_MASK                0x0000ffffu
#define HPNIC_QP_PD_RST                 0u

/*
 * QP.MAX_RD_ATOMIC (rw): READs this QP may have outstanding as requester (verbs' max_rd_atomic:
 * at most the peer's max_dest_rd_atomic), 1..ID.RD_ATOMIC.MAX_RD_ATOMIC; 0 means that maximum;
 * more fails the command with BAD_VALUE. Read when the send side starts (START, START_SQ)
 */
#define HPNIC_QP_MAX_RD_ATOMIC          0x00000370u
#define HPNIC_QP_MAX_RD_ATOMIC_SHIFT    0
#define HPNIC_QP_MAX_RD_ATOMIC_MASK     0x000000ffu
#define HPNIC_QP_MAX_RD_ATOMIC_RST      0u

/*
 * QP.RQ_BASE_LO (rw): receive queue IO address, bits 31:0: a ring of RWQEs (32 bytes each),
 * aligned to its own size or to 4 KiB, whichever is smaller (so that no fetch crosses a page); a
 * misaligned base fails the command with BAD_VALUE
 */
#define HPNIC_QP_RQ_BASE_LO             0x00000374u
#define HPNIC_QP_RQ_BASE_LO_RST         0u

/* QP.RQ_BASE_HI (rw): receive queue IO address, bits 63:32 */
#define HPNIC_QP_RQ_BASE_HI             0x00000378u
#define HPNIC_QP_RQ_BASE_HI_RST         0u

/*
 * QP.RQ_LOG2 (rw): log2 of the receive queue entries, 1..15; 0: the QP has no receive queue (its
 * RQ doorbells are ignored and counted, host_rq_db_bad); above 15 fails the command with
 * BAD_VALUE. A write with STATE = RESET empties the QP's receive queue (producer and fetch index
 * 0, no RWQE held); other states keep what was posted
 */
#define HPNIC_QP_RQ_LOG2                0x0000037cu
#define HPNIC_QP_RQ_LOG2_SHIFT          0
#define HPNIC_QP_RQ_LOG2_MASK           0x0000001fu
#define HPNIC_QP_RQ_LOG2_RST            0u

/*
 * QP.RCQN (rw): completion queue of this QP's receive completions (CQN is the send queue's);
 * beyond the table fails the command with BAD_VALUE
 */
#define HPNIC_QP_RCQN                   0x00000380u
#define HPNIC_QP_RCQN_RST               0u

/*
 * QP.MIN_RNR_TIMER (rw): the RNR timer code this QP's responder puts in its RNR NAKs (verbs'
 * min_rnr_timer, the InfiniBand encoding: 1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms;
 * AETH_SYN.RNR), 0..31; more fails the command with BAD_VALUE
 */
#define HPNIC_QP_MIN_RNR_TIMER          0x00000384u
#define HPNIC_QP_MIN_RNR_TIMER_SHIFT    0
#define HPNIC_QP_MIN_RNR_TIMER_MASK     0x000000ffu
#define HPNIC_QP_MIN_RNR_TIMER_RST      12u

/*
 * QP.RNR_RETRY (rw): RNR NAKs in a row without progress this QP's requester takes as requester
 * before it fails (verbs' rnr_retry), 0..7; 7 means without limit; more fails the command with
 * BAD_VALUE. Each RNR NAK waits its timer code's delay and resends; the next one once none is
 * left completes the WQE with RNR_RETRY_EXCEEDED and the QP fails; an acknowledgement that shows
 * progress restores the count
 */
#define HPNIC_QP_RNR_RETRY              0x00000388u
#define HPNIC_QP_RNR_RETRY_SHIFT        0
#define HPNIC_QP_RNR_RETRY_MASK         0x000000ffu
#define HPNIC_QP_RNR_RETRY_RST          7u

/*
 * QP.CC_OPTS (rw): per-QP options of CC mode HPCC, carried by the QP's INIT to the CC engine (at
 * START and START_SQ); NIC-wide parameters in CC.VAI_* and CC.SF_ACKS (docs/cc-vai-sf.md)
 */
#define HPNIC_QP_CC_OPTS                0x0000038cu
#define HPNIC_QP_CC_OPTS_RST            0u
#define HPNIC_QP_CC_OPTS_VAI_SHIFT      0  /* Variable AI */
#define HPNIC_QP_CC_OPTS_VAI_MASK       0x00000001u
#define HPNIC_QP_CC_OPTS_SF_SHIFT       1  /* Sampling Frequency */
#define HPNIC_QP_CC_OPTS_SF_MASK        0x00000002u

/*
 * MR ("HPMR" 1.2): Indirect access to the memory-region table, as the QP block, and to the
 * memory translation table (MTT). An R_Key is IDX << 8 | TAG.
 */
#define HPNIC_MR_BASE                      0x00000400u
#define HPNIC_MR_BLOCK_SIZE                0x00000100u
#define HPNIC_MR_BLOCK_TYPE                0x48504d52u  /* "HPMR" */
#define HPNIC_MR_BLOCK_VERSION             0x00010002u  /* 1.2 */
#define HPNIC_MR_BLOCK_NEXT                0x00000500u
#define HPNIC_MR_TYPE                      0x00000400u
#define HPNIC_MR_VERSION                   0x00000404u
#define HPNIC_MR_NEXT                      0x00000408u
#define HPNIC_MR_SIZE                      0x0000040cu

/* MR.IDX (rw): table index (R_Key bits 31:8) */
#define HPNIC_MR_IDX                       0x00000410u
#define HPNIC_MR_IDX_RST                   0u

/* MR.TAG (rw): key tag (R_Key bits 7:0), changed at each re-registration so stale keys fail */
#define HPNIC_MR_TAG                       0x00000414u
#define HPNIC_MR_TAG_SHIFT                 0
#define HPNIC_MR_TAG_MASK                  0x000000ffu
#define HPNIC_MR_TAG_RST                   0u

/* MR.ACCESS (rw): rights the region grants */
#define HPNIC_MR_ACCESS                    0x00000418u
#define HPNIC_MR_ACCESS_RST                0u
#define HPNIC_MR_ACCESS_REMOTE_WRITE_SHIFT 0  /* remote RDMA WRITE into the region */
#define HPNIC_MR_ACCESS_REMOTE_WRITE_MASK  0x00000001u
#define HPNIC_MR_ACCESS_REMOTE_READ_SHIFT  1  /* remote RDMA READ from the region */
#define HPNIC_MR_ACCESS_REMOTE_READ_MASK   0x00000002u
#define HPNIC_MR_ACCESS_LOCAL_WRITE_SHIFT  2  /* the NIC may write it (READ responses land here) */
#define HPNIC_MR_ACCESS_LOCAL_WRITE_MASK   0x00000004u

/* MR.VA_LO (rw): region virtual address (as remote peers name it), bits 31:0 */
#define HPNIC_MR_VA_LO                     0x0000041cu
#define HPNIC_MR_VA_LO_RST                 0u

/* MR.VA_HI (rw): region virtual address, bits 63:32 */
#define HPNIC_MR_VA_HI                     0x00000420u
#define HPNIC_MR_VA_HI_RST                 0u

/* MR.LEN_LO (rw): region length in bytes, bits 31:0 */
#define HPNIC_MR_LEN_LO                    0x00000424u
#define HPNIC_MR_LEN_LO_RST                0u

/* MR.LEN_HI (rw): region length, bits 47:32 */
#define HPNIC_MR_LEN_HI                    0x00000428u
#define HPNIC_MR_LEN_HI_SHIFT              0
#define HPNIC_MR_LEN_HI_MASK               0x0000ffffu
#define HPNIC_MR_LEN_HI_RST                0u

/*
 * MR.IOVA_LO (rw): NIC address of the region's first byte (enum NADDR: an IO address when bit 63
 * is clear, a place in the MTT when it is set), bits 31:0
 */
#define HPNIC_MR_IOVA_LO                   0x0000042cu
#define HPNIC_MR_IOVA_LO_RST               0u

/* MR.IOVA_HI (rw): NIC address, bits 63:32 */
#define HPNIC_MR_IOVA_HI                   0x00000430u
#define HPNIC_MR_IOVA_HI_RST               0u

/* MR.CMD (wo): command on entry IDX; the write starts it */
#define HPNIC_MR_CMD                       0x00000434u
#define HPNIC_MR_CMD_SHIFT                 0
#define HPNIC_MR_CMD_MASK                  0x000000ffu
#define HPNIC_MR_CMD_WRITE                 1  /* write the entry from the staging registers (valid) */
#define HPNIC_MR_CMD_INVALIDATE            2  /* invalidate the entry: its R_Key stops working */

/* MR.CMD_STATUS (ro): command status, as QP.CMD_STATUS */
#define HPNIC_MR_CMD_STATUS                0x00000438u
#define HPNIC_MR_CMD_STATUS_BUSY_SHIFT     0  /* a command is running */
#define HPNIC_MR_CMD_STATUS_BUSY_MASK      0x00000001u
#define HPNIC_MR_CMD_STATUS_ERROR_SHIFT    8  /* error code of the last command */
#define HPNIC_MR_CMD_STATUS_ERROR_MASK     0x0000ff00u

/* MR.PD (rw): protection domain of the region: only QPs of the same QP.PD may use its R_Key */
#define HPNIC_MR_PD                        0x0000043cu
#define HPNIC_MR_PD_SHIFT                  0
#define HPNIC_MR_PD_MASK                   0x0000ffffu
#define HPNIC_MR_PD_RST                    0u

/*
 * MR.MTT_IDX (rw): MTT entry the next MTT_ADDR_LO write stores; each such write adds 1, so a
 * page list is written in one run
 */
#define HPNIC_MR_MTT_IDX                   0x00000440u
#define HPNIC_MR_MTT_IDX_RST               0u

/*
 * MR.MTT_ADDR_HI (rw): IO address bits 47:32 of the pages MTT_ADDR_LO writes (kept until
 * changed)
 */
#define HPNIC_MR_MTT_ADDR_HI               0x00000444u
#define HPNIC_MR_MTT_ADDR_HI_SHIFT         0
#define HPNIC_MR_MTT_ADDR_HI_MASK          0x0000ffffu
#define HPNIC_MR_MTT_ADDR_HI_RST           0u

/*
 * MR.MTT_ADDR_LO (wo): IO address bits 31:12 of a page (bits 11:0 are ignored, and for a 2 MiB
 * page bits 20:12 must be 0): the write stores {MTT_ADDR_HI, this} in entry MTT_IDX and adds 1
 * to MTT_IDX. Past the table's end (ID.QP_CFG.MTT_LOG2) nothing is stored, CTRL.ERR_CODE becomes
 * BAD_INDEX and host_cmd_errors counts it
 */
#define HPNIC_MR_MTT_ADDR_LO               0x00000448u

/*
 * CQ ("HPCQ" 1.0): Indirect access to the completion queues (rings of CQEs in host memory), as
 * the QP block.
 */
#define HPNIC_CQ_BASE                   0x00000500u
#define HPNIC_CQ_BLOCK_SIZE             0x00000100u
#define HPNIC_CQ_BLOCK_TYPE             0x48504351u  /* "HPCQ" */
#define HPNIC_CQ_BLOCK_VERSION          0x00010000u  /* 1.0 */
#define HPNIC_CQ_BLOCK_NEXT             0x00000600u
#define HPNIC_CQ_TYPE                   0x00000500u
#define HPNIC_CQ_VERSION                0x00000504u
#define HPNIC_CQ_NEXT                   0x00000508u
#define HPNIC_CQ_SIZE                   0x0000050cu

/* CQ.CQN (rw): the completion queue the command applies to */
#define HPNIC_CQ_CQN                    0x00000510u
#define HPNIC_CQ_CQN_RST                0u

/* CQ.BASE_LO (rw): ring IO address, bits 31:0 (32-byte aligned) */
#define HPNIC_CQ_BASE_LO                0x00000514u
#define HPNIC_CQ_BASE_LO_RST            0u

/* CQ.BASE_HI (rw): ring IO address, bits 63:32 */
#define HPNIC_CQ_BASE_HI                0x00000518u
#define HPNIC_CQ_BASE_HI_RST            0u

/* CQ.LOG2 (rw): log2 of the ring entries */
#define HPNIC_CQ_LOG2                   0x0000051cu
#define HPNIC_CQ_LOG2_SHIFT             0
#define HPNIC_CQ_LOG2_MASK              0x0000001fu
#define HPNIC_CQ_LOG2_RST               0u

/* CQ.IRQ_VECTOR (rw): MSI-X vector raised when a CQE is written (with CTRL.IRQ_CTRL.ENABLE) */
#define HPNIC_CQ_IRQ_VECTOR             0x00000520u
#define HPNIC_CQ_IRQ_VECTOR_SHIFT       0
#define HPNIC_CQ_IRQ_VECTOR_MASK        0x000007ffu
#define HPNIC_CQ_IRQ_VECTOR_RST         0u

/* CQ.CMD (wo): command on CQ CQN; the write starts it */
#define HPNIC_CQ_CMD                    0x00000524u
#define HPNIC_CQ_CMD_SHIFT              0
#define HPNIC_CQ_CMD_MASK               0x000000ffu
/* set the ring, reset its producer index to 0 and its phase to 1 */
#define HPNIC_CQ_CMD_WRITE              1
#define HPNIC_CQ_CMD_DISABLE            2  /* stop writing CQEs to the ring */

/* CQ.CMD_STATUS (ro): command status, as QP.CMD_STATUS */
#define HPNIC_CQ_CMD_STATUS             0x00000528u
#define HPNIC_CQ_CMD_STATUS_BUSY_SHIFT  0  /* a command is running */
#define HPNIC_CQ_CMD_STATUS_BUSY_MASK   0x00000001u
#define HPNIC_CQ_CMD_STATUS_ERROR_SHIFT 8  /* error code of the last command */
#define HPNIC_CQ_CMD_STATUS_ERROR_MASK  0x0000ff00u

/* CQ.PI (ro): producer index of CQ CQN, free-running (diagnostics) */
#define HPNIC_CQ_PI                     0x0000052cu

/*
 * STATS ("HPST" 1.0): The 64-bit event counters, read one at a time by index. Counters are never
 * cleared except by reset; the driver reports differences.
 */
#define HPNIC_STATS_BASE                   0x00000600u
#define HPNIC_STATS_BLOCK_SIZE             0x00000100u
#define HPNIC_STATS_BLOCK_TYPE             0x48505354u  /* "HPST" */
#define HPNIC_STATS_BLOCK_VERSION          0x00010000u  /* 1.0 */
#define HPNIC_STATS_BLOCK_NEXT             0x01000000u
#define HPNIC_STATS_TYPE                   0x00000600u
#define HPNIC_STATS_VERSION                0x00000604u
#define HPNIC_STATS_NEXT                   0x00000608u
#define HPNIC_STATS_SIZE                   0x0000060cu

/* STATS.SEL (rw): index of the counter to read; an index >= COUNT reads 0 */
#define HPNIC_STATS_SEL                    0x00000610u
#define HPNIC_STATS_SEL_RST                0u

/* STATS.VALUE_LO (ro): counter SEL bits 31:0; the read latches all 64 bits */
#define HPNIC_STATS_VALUE_LO               0x00000614u

/* STATS.VALUE_HI (ro): bits 63:32 latched by the last VALUE_LO read */
#define HPNIC_STATS_VALUE_HI               0x00000618u

/* STATS.COUNT (ro): number of counters (HPNIC_NUM_COUNTERS in this map) */
#define HPNIC_STATS_COUNT                  0x0000061cu

/* STATS counters: the index STATS.SEL takes */
#define HPNIC_NUM_COUNTERS                 110
/* frames admitted by the RX pipe (passed every header check) */
#define HPNIC_CNT_RX_FRAMES                0
#define HPNIC_CNT_RX_MAC_ERR               1  /* frames dropped: MAC error flag (bad FCS) */
/* frames dropped: no room for a largest frame in the RX FIFO */
#define HPNIC_CNT_RX_FULL                  2
/* frames dropped: longer than the largest legal frame */
#define HPNIC_CNT_RX_TOO_LONG              3
#define HPNIC_CNT_RX_ETH_TYPE              4  /* frames dropped: ethertype not IPv4 */
/* frames dropped: destination MAC or IPv4 address not ours */
#define HPNIC_CNT_RX_NOT_OURS              5
#define HPNIC_CNT_RX_IP_HDR                6  /* frames dropped: IPv4 version not 4 or IHL not 5 */
#define HPNIC_CNT_RX_IP_CSUM               7  /* frames dropped: IPv4 header checksum mismatch */
#define HPNIC_CNT_RX_IP_FRAG               8  /* frames dropped: IPv4 fragment */
#define HPNIC_CNT_RX_NOT_UDP               9  /* frames dropped: IPv4 protocol not UDP */
/* frames dropped: UDP destination port neither 4791 nor the INT port */
#define HPNIC_CNT_RX_UDP_PORT              10
/* frames dropped: UDP length inconsistent with the IPv4 length */
#define HPNIC_CNT_RX_UDP_LEN               11
/* frames dropped: IPv4 total length inconsistent with the frame */
#define HPNIC_CNT_RX_IP_LEN                12
#define HPNIC_CNT_RX_INT                   13  /* frames dropped: INT block malformed (nHop > 5) */
#define HPNIC_CNT_RX_OPCODE                14  /* frames dropped: BTH opcode not one hpnic uses */
#define HPNIC_CNT_RX_TVER                  15  /* frames dropped: BTH transport version not 0 */
#define HPNIC_CNT_RX_QPN                   16  /* frames dropped: destination QPN out of range */
/* frames dropped: payload length or pad inconsistent with the opcode and frame */
#define HPNIC_CNT_RX_PAY_LEN               17
#define HPNIC_CNT_RX_ICRC                  18  /* frames dropped: ICRC mismatch */
/* packets dropped: QP not in a state that accepts them */
#define HPNIC_CNT_RX_BAD_QP                19
#define HPNIC_CNT_RX_PSN_DUP               20  /* duplicate requests, re-acknowledged */
#define HPNIC_CNT_RX_PSN_OOS               21  /* out-of-sequence requests, discarded */
#define HPNIC_CNT_RX_NAK_SEQ_SENT          22  /* PSN-sequence NAKs sent */
#define HPNIC_CNT_RX_ACCESS_ERR            23  /* requests NAKed: R_Key, range or access right */
/* requests NAKed as invalid: payload length, opcode sequence, message over 2^31 bytes */
#define HPNIC_CNT_RX_LEN_ERR               24
#define HPNIC_CNT_RX_RESP_STRAY            25  /* READ responses dropped: none expected */
#define HPNIC_CNT_RX_RESP_GAP              26  /* gaps detected in READ responses */
/*
 * payloads committed to host memory: WRITE packets this QP answered as responder and READ
 * responses it took as requester
 */
#define HPNIC_CNT_RX_WRITES                27
#define HPNIC_CNT_RX_READS                 28  /* READ requests executed */
#define HPNIC_CNT_TX_TIMEOUTS              29  /* retransmit timeouts */
#define HPNIC_CNT_TX_REWINDS               30  /* go-back-N rewinds */
/* QPs failed (retry exceeded, RNR retry exceeded, remote error) */
#define HPNIC_CNT_TX_FATAL                 31
#define HPNIC_CNT_CC_EVENTS                32  /* events into the CC engine (ACKs and QP inits) */
#define HPNIC_CNT_CC_ACKS                  33  /* ACKs processed by the CC engine */
#define HPNIC_CNT_CC_INITS                 34  /* QP initialisations in the CC engine */
#define HPNIC_CNT_CC_IGN_NO_INT            35  /* ACKs ignored by CC: no INT (nHop = 0) */
#define HPNIC_CNT_CC_IGN_NHOP              36  /* ACKs ignored by CC: nHop > 5 */
#define HPNIC_CNT_SCHED_PKTSEND            37  /* packets the scheduler released to TX */
#define HPNIC_CNT_SCHED_WORK_INVALID       38  /* work notifications rejected: invalid */
#define HPNIC_CNT_SCHED_MTU_INVALID        39  /* work notifications rejected: invalid MTU */
/* ACK updates with snd_una ahead of snd_nxt, ignored */
#define HPNIC_CNT_SCHED_ACK_AHEAD          40
#define HPNIC_CNT_SCHED_WIN_FLOOR          41  /* packets sent under the one-packet window floor */
/* scheduler visits that could send but found the TX queue full */
#define HPNIC_CNT_SCHED_NO_ROOM            42
#define HPNIC_CNT_HOST_DOORBELLS           43  /* doorbell writes */
#define HPNIC_CNT_HOST_WQE_FETCHES         44  /* WQEs fetched from host memory */
#define HPNIC_CNT_HOST_CQES                45  /* CQEs written to host memory */
#define HPNIC_CNT_HOST_CMD_ERRORS          46  /* QP, MR and CQ commands that failed */
/* doorbells ignored: QP out of range or not ready to send */
#define HPNIC_CNT_HOST_DOORBELL_BAD_QP     47
#define HPNIC_CNT_HOST_IRQS                48  /* interrupts raised */
#define HPNIC_CNT_MAC_TX_FRAMES            49  /* frames handed to the MAC */
/* frames received from the MAC and delivered to the core */
#define HPNIC_CNT_MAC_RX_FRAMES            50
/* frames dropped by the MAC shim on receive (bad FCS, overflow, oversize) */
#define HPNIC_CNT_MAC_RX_ERRORS            51
/*
 * WQEs fetched with an opcode the NIC does not know (not WRITE, READ, SEND or their immediate
 * forms): executed as WRITE
 */
#define HPNIC_CNT_HOST_WQE_BAD_OPCODE      52
/* completions for a CQ that is disabled or was never set */
#define HPNIC_CNT_HOST_CQE_DROPPED         53
/* ACKs ignored by CC: a hop's speed enum B is 0 or above 8 */
#define HPNIC_CNT_CC_IGN_BAD_B             54
/* ACKs that only recorded the INT snapshot (first of a QP, path or nHop changed) */
#define HPNIC_CNT_CC_RECORD_ONLY           55
/* hops whose TS did not advance since the snapshot (rate term skipped) */
#define HPNIC_CNT_CC_DTS_ZERO              56
#define HPNIC_CNT_CC_WC_UPDATES            57  /* per-RTT reference window (Wc) commits */
/* packets whose payload was gathered from an SGE list */
#define HPNIC_CNT_TX_SGL_PKTS              58
/* DMA reads those packets took (one per SGE they cover) */
#define HPNIC_CNT_TX_SGL_PIECES            59
/* packets read past the end of a short SGE list (its entries add up to less than LENGTH) */
#define HPNIC_CNT_TX_SGL_SHORT             60
/*
 * WQEs with NUM_SGE or INLINE they cannot have (64-byte entries, NUM_SGE > 4, INLINE over 64
 * bytes or with NUM_SGE > 1, a READ): executed as a one-buffer WQE at LOCAL_ADDR
 */
#define HPNIC_CNT_HOST_WQE_BAD_EXT         61
/* writes to a doorbell page outside its doorbell register, ignored */
#define HPNIC_CNT_HOST_DOORBELL_BAD_OFFSET 62
/*
 * WQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, a READ into a
 * region without LOCAL_WRITE): completed with a local protection error (WQEs of a failed DMA
 * read are not counted here: dma_rd_errors)
 */
#define HPNIC_CNT_HOST_WQE_LKEY_ERR        63
/*
 * SGE list pieces not read because their L_Key check failed (wrong key or tag, another PD,
 * outside the region): sent as zeros
 */
#define HPNIC_CNT_TX_SGL_LKEY_ERR          64
/*
 * READ requests dropped: the QP already held ID.RD_ATOMIC.MAX_DEST_RD_ATOMIC (its requester sent
 * more than max_dest_rd_atomic); the requester retries them
 */
#define HPNIC_CNT_RX_RD_OVER               65
/*
 * READ requests dropped: the responder's READ queue, shared by every QP, was full; the requester
 * retries them
 */
#define HPNIC_CNT_RX_RD_POOL               66
/*
 * READ descriptors the READ tracking could not queue (its pool full): that READ's responses are
 * dropped until a retry
 */
#define HPNIC_CNT_TX_RD_DESC_LOST          67
/*
 * RNR NAKs the completer acted on (each waits its delay and resends, or fails the QP); repeats
 * during a wait are not counted
 */
#define HPNIC_CNT_TX_RNR_NAKS              68
/* QPs failed because RNR NAKs came after their RNR retries ran out (also counted in tx_fatal) */
#define HPNIC_CNT_TX_RNR_RETRY_EXC         69
/*
 * RNR NAKs sent: a SEND (or RDMA WRITE with immediate) found no receive WQE; its requester sends
 * it again after the QP's MIN_RNR_TIMER
 */
#define HPNIC_CNT_RX_RNR_NAKS              70
/* receive WQEs completed (receive completions, errors included) */
#define HPNIC_CNT_RX_RECV_CPL              71
/*
 * receive WQEs completed in error: a SEND longer than the buffer, a receive WQE whose L_Key
 * check failed, a SEND broken off by an invalid request
 */
#define HPNIC_CNT_RX_RECV_ERR              72
/*
 * prefetched receive WQEs the responder could not queue (over 16 for a QP, or its pool full):
 * never while the host interface keeps its prefetch limit
 */
#define HPNIC_CNT_RX_RWQE_DROP             73
/*
 * ACK/NAKs the responder held behind its READ responses, to keep a QP's responses in PSN order
 * (only the latest held per QP goes out, once the READs are answered; a READ after it covers it
 * instead)
 */
#define HPNIC_CNT_TX_ACK_HELD              74
#define HPNIC_CNT_HOST_RWQE_FETCHES        75  /* receive WQEs (RWQEs) fetched from host memory */
/*
 * RWQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, no
 * LOCAL_WRITE): handed on flagged, the SEND that lands on one fails (RWQEs of a failed DMA read
 * are not counted here: dma_rd_errors)
 */
#define HPNIC_CNT_HOST_RWQE_LKEY_ERR       76
/* RQ doorbells ignored: QP out of range, in RESET, or without a receive queue */
#define HPNIC_CNT_HOST_RQ_DB_BAD           77
/* receive CQEs written to host memory (also counted in host_cqes) */
#define HPNIC_CNT_HOST_RCQES               78
/* in-sequence requests executed without an ACK of their own (no AckReq): a later ACK covers them */
#define HPNIC_CNT_RX_ACK_COALESCED         79
/* packets admitted with IP ECN = CE (11), any opcode */
#define HPNIC_CNT_NP_CE_RX                 80
/*
 * CNPs the notification point sent: a CE-marked request for a responder QP with no CNP in the
 * last CC.NP_MIN_TIME_US
 */
#define HPNIC_CNT_NP_CNP_SENT              81
/* CE-marked requests that sent no CNP: their QP sent one less than CC.NP_MIN_TIME_US before */
#define HPNIC_CNT_NP_CNP_SUPPRESSED        82
/* CNPs received for a QP ready to send: each is a CNP event (type 2) to the CC engine */
#define HPNIC_CNT_RX_CNP                   83
/*
 * CNPs dropped: bad ICRC, or their QP not ready to send (unknown); malformed ones are counted by
 * the rx_* reason counters
 */
#define HPNIC_CNT_RX_CNP_DROP              84
/*
 * events the CC engine ignored for their type (reason 5): CNPs and TICKs for a QP not in DCQCN
 * mode
 */
#define HPNIC_CNT_CC_IGN_TYPE              85
/* CNP events a DCQCN QP took (struct dcqcn_counters) */
#define HPNIC_CNT_CC_DCQCN_CNPS            86
#define HPNIC_CNT_CC_DCQCN_TICKS           87  /* TICK events a DCQCN QP took */
#define HPNIC_CNT_CC_DCQCN_DECREASES       88  /* DCQCN rate decreases */
/* DCQCN CNPs left pending: within Td of the last decrease */
#define HPNIC_CNT_CC_DCQCN_DEFERRED        89
#define HPNIC_CNT_CC_DCQCN_INC_TIMER       90  /* DCQCN rate increases by the timer */
#define HPNIC_CNT_CC_DCQCN_INC_BC          91  /* DCQCN rate increases by the byte counter */
/*
 * Wc commits made by Sampling Frequency (a congested ACK after CC.SF_ACKS ACKs; also counted in
 * cc_wc_updates)
 */
#define HPNIC_CNT_CC_SF_UPDATES            92
/* RTT ends of a VAI QP that put AI tokens in its AI Bank (the queue passed CC.VAI_THRESH) */
#define HPNIC_CNT_CC_VAI_GEN               93
/*
 * DMA reads that failed (an error or poisoned completion, a completion timeout: the read
 * completion's tuser): a WQE or RWQE fetched by one fails as on an L_Key error, a packet whose
 * payload it carried leaves with its ICRC stomped
 */
#define HPNIC_CNT_DMA_RD_ERRORS            94
#define HPNIC_CNT_PCIE_WR_CMDS             95  /* DMA write commands the PCIe adapter took */
#define HPNIC_CNT_PCIE_WR_TLPS             96  /* memory write TLPs it sent on RQ */
/* DMA write commands whose TLPs the PCIe block has all sent (sequence numbers back) */
#define HPNIC_CNT_PCIE_WR_DONE             97
#define HPNIC_CNT_PCIE_RD_REQS             98  /* DMA reads the PCIe adapter took */
#define HPNIC_CNT_PCIE_RD_TLPS             99  /* memory read request TLPs it sent on RQ */
#define HPNIC_CNT_PCIE_BAR_RD              100  /* BAR memory reads completed with data on CC */
/* BAR memory writes done (to the CSR port or the MSI-X table) */
#define HPNIC_CNT_PCIE_BAR_WR              101
/*
 * non-posted BAR requests answered Unsupported Request (another BAR, a length other than one
 * Dword or BAR2's QWORD, I/O, atomics, locked reads, a translated or discontinued TLP)
 */
#define HPNIC_CNT_PCIE_BAR_UR              102
/* posted BAR requests dropped as unsupported (a write the BAR rules refuse, a message) */
#define HPNIC_CNT_PCIE_BAR_DROP            103
/* BAR0 writes with partial byte enables, dropped (the CSRs take whole Dwords) */
#define HPNIC_CNT_PCIE_BAR_PARTIAL         104
#define HPNIC_CNT_PCIE_IRQ_SENT            105  /* MSI-X messages the PCIe block sent */
/* MSI-X messages the PCIe block failed (left pending, sent again on the next scan) */
#define HPNIC_CNT_PCIE_IRQ_FAIL            106
/* interrupts left pending in the PBA: MSI-X disabled, the function or the vector masked */
#define HPNIC_CNT_PCIE_IRQ_PENDED          107
/* interrupt requests for a vector beyond the MSI-X table, dropped */
#define HPNIC_CNT_PCIE_IRQ_BAD             108
/*
 * interrupt requests merged into one of the same vector still waiting for its DMA writes (one
 * message announces both)
 */
#define HPNIC_CNT_PCIE_IRQ_MERGED          109

/*
 * DB ("HPDB" 2.1): Doorbell pages: one 4 KiB page per QP, QP n's at DB_BASE + 4096 n, holding
 * that QP's send and receive doorbells and nothing else, so a driver maps to a process exactly
 * the pages of its QPs (as mlx5 maps UAR pages). Page 0 also holds this block's header. A write
 * anywhere else in a page is ignored and counted (host_doorbell_bad_offset); reads return 0.
 */
#define HPNIC_DB_BASE          0x01000000u
#define HPNIC_DB_BLOCK_SIZE    0x01000000u
#define HPNIC_DB_BLOCK_TYPE    0x48504442u  /* "HPDB" */
#define HPNIC_DB_BLOCK_VERSION 0x00020001u  /* 2.1 */
#define HPNIC_DB_BLOCK_NEXT    0x00000000u
#define HPNIC_DB_TYPE          0x01000000u
#define HPNIC_DB_VERSION       0x01000004u
#define HPNIC_DB_NEXT          0x01000008u
#define HPNIC_DB_SIZE          0x0100000cu

/*
 * DB.SQ_DB (wo): doorbell of QP n, in its page at SQ_DB + 4096 n: the QP's new SQ producer index
 * (free-running, mod 2^16)
 */
#define HPNIC_DB_SQ_DB(n)      (0x01000010u + 4096u * (n))
#define HPNIC_DB_SQ_DB_STRIDE  4096
#define HPNIC_DB_SQ_DB_COUNT   4096
#define HPNIC_DB_SQ_DB_SHIFT   0
#define HPNIC_DB_SQ_DB_MASK    0x0000ffffu

/*
 * DB.RQ_DB (wo): receive doorbell of QP n, in its page at RQ_DB + 4096 n: the QP's new RQ
 * producer index (free-running, mod 2^16). Ignored and counted (host_rq_db_bad) for a QP beyond
 * the table, in RESET, or without a receive queue (QP.RQ_LOG2 = 0)
 */
#define HPNIC_DB_RQ_DB(n)      (0x01000018u + 4096u * (n))
#define HPNIC_DB_RQ_DB_STRIDE  4096
#define HPNIC_DB_RQ_DB_COUNT   4096
#define HPNIC_DB_RQ_DB_SHIFT   0
#define HPNIC_DB_RQ_DB_MASK    0x0000ffffu

/*
 * WQE, 64 bytes in host memory, little-endian: Work-queue entry, in the send queue at SQ_BASE +
 * 2^SQ_WQE_LOG2 * (index mod 2^SQ_LOG2). These are its first 64 bytes; a QP with 128-byte
 * entries has a 64-byte extension behind them, at WQE + 64, holding the SGE list (struct SGE,
 * four entries) or the inline data. Bytes not listed are reserved, written 0.
 */
#define HPNIC_WQE_SIZE                       64
#define HPNIC_WQE_OPCODE_OFF                 0  /* operation */
#define HPNIC_WQE_OPCODE_SIZE                1
#define HPNIC_WQE_OPCODE_RDMA_WRITE          0  /* RDMA WRITE: local buffer to remote memory */
#define HPNIC_WQE_OPCODE_RDMA_READ           1  /* RDMA READ: remote memory to local buffer */
/* SEND: local buffer to the peer's next receive WQE (REMOTE_VA and RKEY unused) */
#define HPNIC_WQE_OPCODE_SEND                2
/* SEND with immediate: as SEND, its last packet carries IMM_DATA */
#define HPNIC_WQE_OPCODE_SEND_WITH_IMM       3
/*
 * RDMA WRITE with immediate: as RDMA WRITE, its last packet carries IMM_DATA (and consumes a
 * receive WQE at the peer)
 */
#define HPNIC_WQE_OPCODE_RDMA_WRITE_WITH_IMM 4
#define HPNIC_WQE_FLAGS_OFF                  1  /* flags */
#define HPNIC_WQE_FLAGS_SIZE                 1
/* write a CQE when the WQE succeeds (a failure always writes one) */
#define HPNIC_WQE_FLAGS_SIGNALED_SHIFT       0
#define HPNIC_WQE_FLAGS_SIGNALED_MASK        0x00000001u
/*
 * not for READ, 128-byte entries only: the LENGTH (at most 64) bytes are in the extension;
 * LOCAL_ADDR is not used
 */
#define HPNIC_WQE_FLAGS_INLINE_SHIFT         1
#define HPNIC_WQE_FLAGS_INLINE_MASK          0x00000002u
/*
 * WRITE, SEND and their immediate forms: 0 or 1, one buffer at LOCAL_ADDR; 2..4 (128-byte
 * entries only), the extension's first NUM_SGE entries, and LOCAL_ADDR is not used. The NIC
 * takes LENGTH bytes from the list; if the entries add up to less, it reads past the last one
 * (counted in tx_sgl_short)
 */
#define HPNIC_WQE_NUM_SGE_OFF                2
#define HPNIC_WQE_NUM_SGE_SIZE               1
#define HPNIC_WQE_LENGTH_OFF                 4  /* bytes to transfer */
#define HPNIC_WQE_LENGTH_SIZE                4
/*
 * virtual address of the local buffer, in the region LKEY names (not used for inline data or an
 * SGE list)
 */
#define HPNIC_WQE_LOCAL_ADDR_OFF             8
#define HPNIC_WQE_LOCAL_ADDR_SIZE            8
#define HPNIC_WQE_REMOTE_VA_OFF              16  /* remote virtual address */
#define HPNIC_WQE_REMOTE_VA_SIZE             8
#define HPNIC_WQE_RKEY_OFF                   24  /* remote R_Key */
#define HPNIC_WQE_RKEY_SIZE                  4
/*
 * L_Key of the local buffer: the NIC checks it (key, PD, bounds, LOCAL_WRITE for a READ) before
 * it starts the WQE and turns LOCAL_ADDR into a NIC address through the region; a failure
 * completes the WQE with LOCAL_PROT_ERROR
 */
#define HPNIC_WQE_LKEY_OFF                   28
#define HPNIC_WQE_LKEY_SIZE                  4
#define HPNIC_WQE_WR_ID_OFF                  32  /* opaque to the hardware, returned by the library */
#define HPNIC_WQE_WR_ID_SIZE                 8
/*
 * SEND_WITH_IMM and RDMA_WRITE_WITH_IMM: the immediate, exactly as it goes into the last
 * packet's ImmDt (byte 40 first on the wire: network order in memory); ignored by other opcodes
 */
#define HPNIC_WQE_IMM_DATA_OFF               40
#define HPNIC_WQE_IMM_DATA_SIZE              4

/*
 * SGE, 16 bytes in host memory, little-endian: Scatter/gather entry, in a WQE's extension: entry
 * k at WQE + 64 + 16 k.
 */
#define HPNIC_SGE_SIZE        16
#define HPNIC_SGE_ADDR_OFF    0  /* virtual address of the piece, in the region LKEY names */
#define HPNIC_SGE_ADDR_SIZE   8
#define HPNIC_SGE_LENGTH_OFF  8  /* its bytes (0: skipped) */
#define HPNIC_SGE_LENGTH_SIZE 4
/*
 * its L_Key: checked (key, PD, the piece inside the region) when the packets are built; a piece
 * that fails is sent as zeros and counted (tx_sgl_lkey_err)
 */
#define HPNIC_SGE_LKEY_OFF    12
#define HPNIC_SGE_LKEY_SIZE   4

/*
 * RWQE, 32 bytes in host memory, little-endian: Receive work-queue entry, in the receive queue
 * at RQ_BASE + 32 * (index mod 2^RQ_LOG2): one buffer that an incoming SEND (or the receive
 * completion of an RDMA WRITE with immediate) consumes. Bytes not listed are reserved, written
 * 0.
 */
#define HPNIC_RWQE_SIZE        32
/* virtual address of the receive buffer, in the region LKEY names */
#define HPNIC_RWQE_ADDR_OFF    0
#define HPNIC_RWQE_ADDR_SIZE   8
/* its bytes; a SEND longer than this completes with LOCAL_LEN_ERROR */
#define HPNIC_RWQE_LENGTH_OFF  8
#define HPNIC_RWQE_LENGTH_SIZE 4
/*
 * L_Key of the buffer: the NIC checks it (key, PD, bounds, LOCAL_WRITE) when it fetches the RWQE
 * and turns ADDR into a NIC address through the region; a zero-length RWQE is not checked. A
 * failure is counted (host_rwqe_lkey_err) and the SEND that lands on the RWQE fails
 */
#define HPNIC_RWQE_LKEY_OFF    12
#define HPNIC_RWQE_LKEY_SIZE   4
#define HPNIC_RWQE_WR_ID_OFF   16  /* opaque to the hardware, returned by the library */
#define HPNIC_RWQE_WR_ID_SIZE  8

/*
 * CQE, 32 bytes in host memory, little-endian: Completion-queue entry, at the CQ's BASE + 32 *
 * (pi mod 2^LOG2). The hardware writes PHASE = 1 on its first pass over the ring, 0 on the
 * second, and so on, so a freshly zeroed ring reads as empty; the consumer expects the phase of
 * its own pass. Send completions go to the QP's CQN, receive completions (OPCODE bit 7 set) to
 * its RCQN.
 */
#define HPNIC_CQE_SIZE                      32
#define HPNIC_CQE_QPN_OFF                   0  /* QP of the completed WQE */
#define HPNIC_CQE_QPN_SIZE                  4
/*
 * index of the WQE, mod 2^16: in the send queue (send completions) or the receive queue (receive
 * completions)
 */
#define HPNIC_CQE_WQE_INDEX_OFF             4
#define HPNIC_CQE_WQE_INDEX_SIZE            2
#define HPNIC_CQE_STATUS_OFF                6  /* completion status */
#define HPNIC_CQE_STATUS_SIZE               1
#define HPNIC_CQE_STATUS_OK                 0  /* success */
#define HPNIC_CQE_STATUS_REMOTE_ERROR       1  /* the responder NAKed it (access or length error) */
#define HPNIC_CQE_STATUS_RETRY_EXCEEDED     2  /* retransmit retries exhausted */
/* flushed by software after the QP failed (never written by hardware) */
#define HPNIC_CQE_STATUS_FLUSHED            3
#define HPNIC_CQE_STATUS_LOCAL_ERROR        4  /* local failure (DMA error, bad WQE) */
/*
 * the WQE's L_Key check failed (wrong key or tag, another PD, outside the region, a READ or a
 * receive into a region without LOCAL_WRITE); the QP then fails as on a remote error
 */
#define HPNIC_CQE_STATUS_LOCAL_PROT_ERROR   5
/* receive: the SEND was longer than the receive buffer */
#define HPNIC_CQE_STATUS_LOCAL_LEN_ERROR    6
/*
 * the responder answered RNR NAK (no receive WQE) more times in a row than QP.RNR_RETRY allows;
 * the QP then fails as on retry exceeded
 */
#define HPNIC_CQE_STATUS_RNR_RETRY_EXCEEDED 7
#define HPNIC_CQE_OPCODE_OFF                7  /* what completed */
#define HPNIC_CQE_OPCODE_SIZE               1
/* a send-queue WQE (the driver knows its operation from its own record, libhpnic reports it) */
#define HPNIC_CQE_OPCODE_SEND               0
#define HPNIC_CQE_OPCODE_RECV               128  /* receive: a SEND arrived into the RWQE */
/* receive: an RDMA WRITE with immediate consumed the RWQE */
#define HPNIC_CQE_OPCODE_RECV_RDMA_WITH_IMM 129
/*
 * receive completions: bytes received; send completions: written 0 (the driver knows the WQE's
 * length, libhpnic reports it on success)
 */
#define HPNIC_CQE_BYTE_LEN_OFF              8
#define HPNIC_CQE_BYTE_LEN_SIZE             4
#define HPNIC_CQE_FLAGS_OFF                 12  /* receive completions only (0 otherwise) */
#define HPNIC_CQE_FLAGS_SIZE                1
/* IMM_DATA is valid (the message carried an immediate) */
#define HPNIC_CQE_FLAGS_IMM_SHIFT           0
#define HPNIC_CQE_FLAGS_IMM_MASK            0x00000001u
/*
 * receive completions with FLAGS.IMM: the immediate's 4 bytes in wire order (byte 16 came first
 * on the wire), as verbs' imm_data in network order
 */
#define HPNIC_CQE_IMM_DATA_OFF              16
#define HPNIC_CQE_IMM_DATA_SIZE             4
#define HPNIC_CQE_PHASE_OFF                 31  /* phase of the hardware's pass over the ring */
#define HPNIC_CQE_PHASE_SIZE                1
#define HPNIC_CQE_PHASE_SHIFT               0
#define HPNIC_CQE_PHASE_MASK                0x00000001u

/* X(name, base, size, type, version): every block, in list order */
#define HPNIC_BLOCKS(X) \
	X(ID, HPNIC_ID_BASE, HPNIC_ID_BLOCK_SIZE, HPNIC_ID_BLOCK_TYPE, HPNIC_ID_BLOCK_VERSION) \
	X(CTRL, HPNIC_CTRL_BASE, HPNIC_CTRL_BLOCK_SIZE, HPNIC_CTRL_BLOCK_TYPE, HPNIC_CTRL_BLOCK_VERSION) \
	X(CC, HPNIC_CC_BASE, HPNIC_CC_BLOCK_SIZE, HPNIC_CC_BLOCK_TYPE, HPNIC_CC_BLOCK_VERSION) \
	X(QP, HPNIC_QP_BASE, HPNIC_QP_BLOCK_SIZE, HPNIC_QP_BLOCK_TYPE, HPNIC_QP_BLOCK_VERSION) \
	X(MR, HPNIC_MR_BASE, HPNIC_MR_BLOCK_SIZE, HPNIC_MR_BLOCK_TYPE, HPNIC_MR_BLOCK_VERSION) \
	X(CQ, HPNIC_CQ_BASE, HPNIC_CQ_BLOCK_SIZE, HPNIC_CQ_BLOCK_TYPE, HPNIC_CQ_BLOCK_VERSION) \
	X(STATS, HPNIC_STATS_BASE, HPNIC_STATS_BLOCK_SIZE, HPNIC_STATS_BLOCK_TYPE, HPNIC_STATS_BLOCK_VERSION) \
	X(DB, HPNIC_DB_BASE, HPNIC_DB_BLOCK_SIZE, HPNIC_DB_BLOCK_TYPE, HPNIC_DB_BLOCK_VERSION)

#ifdef HPNIC_REGS_WANT_COUNTER_NAMES
/* STATS.SEL index -> name, description */
static const char *const hpnic_counter_names[HPNIC_NUM_COUNTERS] = {
	"rx_frames",
	"rx_mac_err",
	"rx_full",
	"rx_too_long",
	"rx_eth_type",
	"rx_not_ours",
	"rx_ip_hdr",
	"rx_ip_csum",
	"rx_ip_frag",
	"rx_not_udp",
	"rx_udp_port",
	"rx_udp_len",
	"rx_ip_len",
	"rx_int",
	"rx_opcode",
	"rx_tver",
	"rx_qpn",
	"rx_pay_len",
	"rx_icrc",
	"rx_bad_qp",
	"rx_psn_dup",
	"rx_psn_oos",
	"rx_nak_seq_sent",
	"rx_access_err",
	"rx_len_err",
	"rx_resp_stray",
	"rx_resp_gap",
	"rx_writes",
	"rx_reads",
	"tx_timeouts",
	"tx_rewinds",
	"tx_fatal",
	"cc_events",
	"cc_acks",
	"cc_inits",
	"cc_ign_no_int",
	"cc_ign_nhop",
	"sched_pktsend",
	"sched_work_invalid",
	"sched_mtu_invalid",
	"sched_ack_ahead",
	"sched_win_floor",
	"sched_no_room",
	"host_doorbells",
	"host_wqe_fetches",
	"host_cqes",
	"host_cmd_errors",
	"host_doorbell_bad_qp",
	"host_irqs",
	"mac_tx_frames",
	"mac_rx_frames",
	"mac_rx_errors",
	"host_wqe_bad_opcode",
	"host_cqe_dropped",
	"cc_ign_bad_b",
	"cc_record_only",
	"cc_dts_zero",
	"cc_wc_updates",
	"tx_sgl_pkts",
	"tx_sgl_pieces",
	"tx_sgl_short",
	"host_wqe_bad_ext",
	"host_doorbell_bad_offset",
	"host_wqe_lkey_err",
	"tx_sgl_lkey_err",
	"rx_rd_over",
	"rx_rd_pool",
	"tx_rd_desc_lost",
	"tx_rnr_naks",
	"tx_rnr_retry_exc",
	"rx_rnr_naks",
	"rx_recv_cpl",
	"rx_recv_err",
	"rx_rwqe_drop",
	"tx_ack_held",
	"host_rwqe_fetches",
	"host_rwqe_lkey_err",
	"host_rq_db_bad",
	"host_rcqes",
	"rx_ack_coalesced",
	"np_ce_rx",
	"np_cnp_sent",
	"np_cnp_suppressed",
	"rx_cnp",
	"rx_cnp_drop",
	"cc_ign_type",
	"cc_dcqcn_cnps",
	"cc_dcqcn_ticks",
	"cc_dcqcn_decreases",
	"cc_dcqcn_deferred",
	"cc_dcqcn_inc_timer",
	"cc_dcqcn_inc_bc",
	"cc_sf_updates",
	"cc_vai_gen",
	"dma_rd_errors",
	"pcie_wr_cmds",
	"pcie_wr_tlps",
	"pcie_wr_done",
	"pcie_rd_reqs",
	"pcie_rd_tlps",
	"pcie_bar_rd",
	"pcie_bar_wr",
	"pcie_bar_ur",
	"pcie_bar_drop",
	"pcie_bar_partial",
	"pcie_irq_sent",
	"pcie_irq_fail",
	"pcie_irq_pended",
	"pcie_irq_bad",
	"pcie_irq_merged",
};
#ifndef HPNIC_REGS_NO_COUNTER_DESCS
static const char *const hpnic_counter_descs[HPNIC_NUM_COUNTERS] = {
	"frames admitted by the RX pipe (passed every header check)",
	"frames dropped: MAC error flag (bad FCS)",
	"frames dropped: no room for a largest frame in the RX FIFO",
	"frames dropped: longer than the largest legal frame",
	"frames dropped: ethertype not IPv4",
	"frames dropped: destination MAC or IPv4 address not ours",
	"frames dropped: IPv4 version not 4 or IHL not 5",
	"frames dropped: IPv4 header checksum mismatch",
	"frames dropped: IPv4 fragment",
	"frames dropped: IPv4 protocol not UDP",
	"frames dropped: UDP destination port neither 4791 nor the INT port",
	"frames dropped: UDP length inconsistent with the IPv4 length",
	"frames dropped: IPv4 total length inconsistent with the frame",
	"frames dropped: INT block malformed (nHop > 5)",
	"frames dropped: BTH opcode not one hpnic uses",
	"frames dropped: BTH transport version not 0",
	"frames dropped: destination QPN out of range",
	"frames dropped: payload length or pad inconsistent with the opcode and frame",
	"frames dropped: ICRC mismatch",
	"packets dropped: QP not in a state that accepts them",
	"duplicate requests, re-acknowledged",
	"out-of-sequence requests, discarded",
	"PSN-sequence NAKs sent",
	"requests NAKed: R_Key, range or access right",
	"requests NAKed as invalid: payload length, opcode sequence, message over 2^31 bytes",
	"READ responses dropped: none expected",
	"gaps detected in READ responses",
	"payloads committed to host memory: WRITE packets this QP answered as responder and READ responses it took as requester",
	"READ requests executed",
	"retransmit timeouts",
	"go-back-N rewinds",
	"QPs failed (retry exceeded, RNR retry exceeded, remote error)",
	"events into the CC engine (ACKs and QP inits)",
	"ACKs processed by the CC engine",
	"QP initialisations in the CC engine",
	"ACKs ignored by CC: no INT (nHop = 0)",
	"ACKs ignored by CC: nHop > 5",
	"packets the scheduler released to TX",
	"work notifications rejected: invalid",
	"work notifications rejected: invalid MTU",
	"ACK updates with snd_una ahead of snd_nxt, ignored",
	"packets sent under the one-packet window floor",
	"scheduler visits that could send but found the TX queue full",
	"doorbell writes",
	"WQEs fetched from host memory",
	"CQEs written to host memory",
	"QP, MR and CQ commands that failed",
	"doorbells ignored: QP out of range or not ready to send",
	"interrupts raised",
	"frames handed to the MAC",
	"frames received from the MAC and delivered to the core",
	"frames dropped by the MAC shim on receive (bad FCS, overflow, oversize)",
	"WQEs fetched with an opcode the NIC does not know (not WRITE, READ, SEND or their immediate forms): executed as WRITE",
	"completions for a CQ that is disabled or was never set",
	"ACKs ignored by CC: a hop's speed enum B is 0 or above 8",
	"ACKs that only recorded the INT snapshot (first of a QP, path or nHop changed)",
	"hops whose TS did not advance since the snapshot (rate term skipped)",
	"per-RTT reference window (Wc) commits",
	"packets whose payload was gathered from an SGE list",
	"DMA reads those packets took (one per SGE they cover)",
	"packets read past the end of a short SGE list (its entries add up to less than LENGTH)",
	"WQEs with NUM_SGE or INLINE they cannot have (64-byte entries, NUM_SGE > 4, INLINE over 64 bytes or with NUM_SGE > 1, a READ): executed as a one-buffer WQE at LOCAL_ADDR",
	"writes to a doorbell page outside its doorbell register, ignored",
	"WQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, a READ into a region without LOCAL_WRITE): completed with a local protection error (WQEs of a failed DMA read are not counted here: dma_rd_errors)",
	"SGE list pieces not read because their L_Key check failed (wrong key or tag, another PD, outside the region): sent as zeros",
	"READ requests dropped: the QP already held ID.RD_ATOMIC.MAX_DEST_RD_ATOMIC (its requester sent more than max_dest_rd_atomic); the requester retries them",
	"READ requests dropped: the responder's READ queue, shared by every QP, was full; the requester retries them",
	"READ descriptors the READ tracking could not queue (its pool full): that READ's responses are dropped until a retry",
	"RNR NAKs the completer acted on (each waits its delay and resends, or fails the QP); repeats during a wait are not counted",
	"QPs failed because RNR NAKs came after their RNR retries ran out (also counted in tx_fatal)",
	"RNR NAKs sent: a SEND (or RDMA WRITE with immediate) found no receive WQE; its requester sends it again after the QP's MIN_RNR_TIMER",
	"receive WQEs completed (receive completions, errors included)",
	"receive WQEs completed in error: a SEND longer than the buffer, a receive WQE whose L_Key check failed, a SEND broken off by an invalid request",
	"prefetched receive WQEs the responder could not queue (over 16 for a QP, or its pool full): never while the host interface keeps its prefetch limit",
	"ACK/NAKs the responder held behind its READ responses, to keep a QP's responses in PSN order (only the latest held per QP goes out, once the READs are answered; a READ after it covers it instead)",
	"receive WQEs (RWQEs) fetched from host memory",
	"RWQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, no LOCAL_WRITE): handed on flagged, the SEND that lands on one fails (RWQEs of a failed DMA read are not counted here: dma_rd_errors)",
	"RQ doorbells ignored: QP out of range, in RESET, or without a receive queue",
	"receive CQEs written to host memory (also counted in host_cqes)",
	"in-sequence requests executed without an ACK of their own (no AckReq): a later ACK covers them",
	"packets admitted with IP ECN = CE (11), any opcode",
	"CNPs the notification point sent: a CE-marked request for a responder QP with no CNP in the last CC.NP_MIN_TIME_US",
	"CE-marked requests that sent no CNP: their QP sent one less than CC.NP_MIN_TIME_US before",
	"CNPs received for a QP ready to send: each is a CNP event (type 2) to the CC engine",
	"CNPs dropped: bad ICRC, or their QP not ready to send (unknown); malformed ones are counted by the rx_* reason counters",
	"events the CC engine ignored for their type (reason 5): CNPs and TICKs for a QP not in DCQCN mode",
	"CNP events a DCQCN QP took (struct dcqcn_counters)",
	"TICK events a DCQCN QP took",
	"DCQCN rate decreases",
	"DCQCN CNPs left pending: within Td of the last decrease",
	"DCQCN rate increases by the timer",
	"DCQCN rate increases by the byte counter",
	"Wc commits made by Sampling Frequency (a congested ACK after CC.SF_ACKS ACKs; also counted in cc_wc_updates)",
	"RTT ends of a VAI QP that put AI tokens in its AI Bank (the queue passed CC.VAI_THRESH)",
	"DMA reads that failed (an error or poisoned completion, a completion timeout: the read completion's tuser): a WQE or RWQE fetched by one fails as on an L_Key error, a packet whose payload it carried leaves with its ICRC stomped",
	"DMA write commands the PCIe adapter took",
	"memory write TLPs it sent on RQ",
	"DMA write commands whose TLPs the PCIe block has all sent (sequence numbers back)",
	"DMA reads the PCIe adapter took",
	"memory read request TLPs it sent on RQ",
	"BAR memory reads completed with data on CC",
	"BAR memory writes done (to the CSR port or the MSI-X table)",
	"non-posted BAR requests answered Unsupported Request (another BAR, a length other than one Dword or BAR2's QWORD, I/O, atomics, locked reads, a translated or discontinued TLP)",
	"posted BAR requests dropped as unsupported (a write the BAR rules refuse, a message)",
	"BAR0 writes with partial byte enables, dropped (the CSRs take whole Dwords)",
	"MSI-X messages the PCIe block sent",
	"MSI-X messages the PCIe block failed (left pending, sent again on the next scan)",
	"interrupts left pending in the PBA: MSI-X disabled, the function or the vector masked",
	"interrupt requests for a vector beyond the MSI-X table, dropped",
	"interrupt requests merged into one of the same vector still waiting for its DMA writes (one message announces both)",
};
#endif
#endif /* HPNIC_REGS_WANT_COUNTER_NAMES */

#ifdef HPNIC_REGS_WANT_REG_TABLE
/* a register's access in hpnic_reg_table[]: bit 0 readable, bit 1 writable */
#define HPNIC_REG_RO     1u
#define HPNIC_REG_WO     2u
#define HPNIC_REG_RW     3u
#define HPNIC_NUM_REGS   149
#define HPNIC_NUM_FIELDS 48

struct hpnic_block_desc {
	const char *name;
	unsigned int type, version, base, size;  /* as HPNIC_<BLOCK>_BLOCK_TYPE ... */
	unsigned int reg, num_regs;  /* hpnic_reg_table[reg ...], the header's four first */
};

struct hpnic_reg_desc {
	const char *block, *name;
	unsigned int offset;        /* absolute BAR0 offset; of entry 0 for an array */
	unsigned int access;        /* HPNIC_REG_RO, _WO or _RW */
	unsigned int mask;          /* the value bits: from the width, or every field's */
	unsigned int count, stride; /* an array's entries and their spacing; else 1, 0 */
	unsigned int field, num_fields;  /* hpnic_field_table[field ...] */
	unsigned int reset, has_reset;   /* the value after reset; 0, 0 when the hardware
	                                    drives it (and for the block header) */
	unsigned int min, max, has_range, zero_ok;  /* the values a write may hold:
	                                    min..max, and 0 too with zero_ok; others
	                                    are refused (has_range 0: any in mask) */
	const char *desc;
};

struct hpnic_field_desc {
	const char *name;
	unsigned int shift, mask;   /* in the register's value, as _SHIFT and _MASK */
	const char *desc;
};

/* every block, in list order */
static const struct hpnic_block_desc hpnic_block_table[HPNIC_NUM_BLOCKS] = {
	{ "ID", HPNIC_ID_BLOCK_TYPE, HPNIC_ID_BLOCK_VERSION, HPNIC_ID_BASE, HPNIC_ID_BLOCK_SIZE, 0, 12 },
	{ "CTRL", HPNIC_CTRL_BLOCK_TYPE, HPNIC_CTRL_BLOCK_VERSION, HPNIC_CTRL_BASE, HPNIC_CTRL_BLOCK_SIZE, 12, 16 },
	{ "CC", HPNIC_CC_BLOCK_TYPE, HPNIC_CC_BLOCK_VERSION, HPNIC_CC_BASE, HPNIC_CC_BLOCK_SIZE, 28, 40 },
	{ "QP", HPNIC_QP_BLOCK_TYPE, HPNIC_QP_BLOCK_VERSION, HPNIC_QP_BASE, HPNIC_QP_BLOCK_SIZE, 68, 36 },
	{ "MR", HPNIC_MR_BLOCK_TYPE, HPNIC_MR_BLOCK_VERSION, HPNIC_MR_BASE, HPNIC_MR_BLOCK_SIZE, 104, 19 },
	{ "CQ", HPNIC_CQ_BLOCK_TYPE, HPNIC_CQ_BLOCK_VERSION, HPNIC_CQ_BASE, HPNIC_CQ_BLOCK_SIZE, 123, 12 },
	{ "STATS", HPNIC_STATS_BLOCK_TYPE, HPNIC_STATS_BLOCK_VERSION, HPNIC_STATS_BASE, HPNIC_STATS_BLOCK_SIZE, 135, 8 },
	{ "DB", HPNIC_DB_BLOCK_TYPE, HPNIC_DB_BLOCK_VERSION, HPNIC_DB_BASE, HPNIC_DB_BLOCK_SIZE, 143, 6 },
};

/* every register of every block, block by block, in offset order */
static const struct hpnic_reg_desc hpnic_reg_table[HPNIC_NUM_REGS] = {
	{ "ID", "TYPE", HPNIC_ID_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "ID", "VERSION", HPNIC_ID_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "ID", "NEXT", HPNIC_ID_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "ID", "SIZE", HPNIC_ID_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "ID", "BUILD_DATE", HPNIC_ID_BUILD_DATE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "build date, YYYYMMDD in BCD (0x20250131), from a Verilog parameter set at build time" },
	{ "ID", "GIT_HASH", HPNIC_ID_GIT_HASH, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "first 32 bits of the git commit the bitstream was built from (parameter)" },
	{ "ID", "QP_CFG", HPNIC_ID_QP_CFG, HPNIC_REG_RO, 0xffffffffu, 1, 0, 2, 4, 0u, 0,
	  0u, 0u, 0, 0,
	  "table sizes" },
	{ "ID", "DATAPATH", HPNIC_ID_DATAPATH, HPNIC_REG_RO, 0xffffffffu, 1, 0, 6, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "datapath geometry" },
	{ "ID", "FEATURES", HPNIC_ID_FEATURES, HPNIC_REG_RO, 0x0000001fu, 1, 0, 8, 5, 0u, 0,
	  0u, 0u, 0, 0,
	  "features built in" },
	{ "ID", "CC_MODES", HPNIC_ID_CC_MODES, HPNIC_REG_RO, 0x0000000fu, 1, 0, 13, 4, 0u, 0,
	  0u, 0u, 0, 0,
	  "congestion-control modes built in, bit n = CC_MODE n" },
	{ "ID", "RD_ATOMIC", HPNIC_ID_RD_ATOMIC, HPNIC_REG_RO, 0x0000ffffu, 1, 0, 17, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "READs per QP: the most QP.MAX_RD_ATOMIC may be (as requester), and the READ requests the responder holds per QP (its max_dest_rd_atomic; a peer that sends more has the excess dropped and counted, rx_rd_over)" },
	{ "ID", "SCRATCH", HPNIC_ID_SCRATCH, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "no function: the driver writes and reads it back to test the link" },
	{ "CTRL", "TYPE", HPNIC_CTRL_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "CTRL", "VERSION", HPNIC_CTRL_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "CTRL", "NEXT", HPNIC_CTRL_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "CTRL", "SIZE", HPNIC_CTRL_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "CTRL", "MAC_LO", HPNIC_CTRL_MAC_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "station MAC bits 31:0, bytes 2..5 (02:00:0a:0b:0c:0d gives 0x0a0b0c0d)" },
	{ "CTRL", "MAC_HI", HPNIC_CTRL_MAC_HI, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "station MAC bits 47:32, bytes 0..1 (02:00:0a:0b:0c:0d gives 0x0200)" },
	{ "CTRL", "IP", HPNIC_CTRL_IP, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "station IPv4 address, first octet in bits 31:24 (10.0.0.1 = 0x0a000001)" },
	{ "CTRL", "INT_CTRL", HPNIC_CTRL_INT_CTRL, HPNIC_REG_RW, 0xffff0001u, 1, 0, 19, 2, 0x12b80000u, 1,
	  0u, 0u, 0, 0,
	  "HPCC INT (in-band telemetry)" },
	{ "CTRL", "RTO", HPNIC_CTRL_RTO, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000008u, 1,
	  0u, 0u, 0, 0,
	  "retransmit timeout in units of 1024 core cycles; 0 disables the timer" },
	{ "CTRL", "IRQ_CTRL", HPNIC_CTRL_IRQ_CTRL, HPNIC_REG_RW, 0x00000001u, 1, 0, 21, 1, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "completion interrupts" },
	{ "CTRL", "STATUS", HPNIC_CTRL_STATUS, HPNIC_REG_RO, 0x00000007u, 1, 0, 22, 3, 0u, 0,
	  0u, 0u, 0, 0,
	  "initialisation status: the driver waits for all three after reset" },
	{ "CTRL", "CC_PARAM_STATUS", HPNIC_CTRL_CC_PARAM_STATUS, HPNIC_REG_RO, 0x0000003fu, 1, 0, 25, 6, 0u, 0,
	  0u, 0u, 0, 0,
	  "the CC engine's parameter check: which CC registers it clamped (the C model's HPCC_PS_*)" },
	{ "CTRL", "ERR_CODE", HPNIC_CTRL_ERR_CODE, HPNIC_REG_RO, 0x000000ffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "code of the last QP, MR or CQ command that failed (0 until one fails; host_cmd_errors counts them)" },
	{ "CTRL", "EVENT", HPNIC_CTRL_EVENT, HPNIC_REG_RO, 0x8fffffffu, 1, 0, 31, 3, 0u, 0,
	  0u, 0u, 0, 0,
	  "the oldest asynchronous event, taken off the NIC's event queue (16 entries) by the read: VALID 0 when there was none" },
	{ "CTRL", "EVENT_LOST", HPNIC_CTRL_EVENT_LOST, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "events dropped because the event queue was full (never cleared)" },
	{ "CTRL", "ACK_REQ", HPNIC_CTRL_ACK_REQ, HPNIC_REG_RW, 0x0000000fu, 1, 0, 34, 1, 0x0000000du, 1,
	  0u, 0u, 0, 0,
	  "which request packets ask for an ACK (docs/wire.md, Reliability on the wire)" },
	{ "CC", "TYPE", HPNIC_CC_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "CC", "VERSION", HPNIC_CC_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "CC", "NEXT", HPNIC_CC_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "CC", "SIZE", HPNIC_CC_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "CC", "T_NS", HPNIC_CC_T_NS, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x00001040u, 1,
	  0u, 0u, 0, 0,
	  "T, the base RTT, in ns" },
	{ "CC", "ETA", HPNIC_CC_ETA, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x0000f333u, 1,
	  0u, 0u, 0, 0,
	  "eta, the target utilisation, Q0.16 (62259 = 0.95)" },
	{ "CC", "MAX_STAGE", HPNIC_CC_MAX_STAGE, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000005u, 1,
	  0u, 0u, 0, 0,
	  "maxStage: additive-increase steps before a multiplicative update" },
	{ "CC", "WAI", HPNIC_CC_WAI, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x00000500u, 1,
	  0u, 0u, 0, 0,
	  "W_AI, the additive increase, bytes in Q16.4 (1280 = 80 B)" },
	{ "CC", "LINE_MBPS", HPNIC_CC_LINE_MBPS, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x000186a0u, 1,
	  0u, 0u, 0, 0,
	  "line rate, Mb/s" },
	{ "CC", "MIN_MBPS", HPNIC_CC_MIN_MBPS, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x00000064u, 1,
	  0u, 0u, 0, 0,
	  "minimum rate, Mb/s" },
	{ "CC", "SCHED_OVERHEAD", HPNIC_CC_SCHED_OVERHEAD, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x00000052u, 1,
	  0u, 0u, 0, 0,
	  "wire bytes charged per packet beyond the payload and its RETH/AETH (Ethernet to FCS, preamble, gap): pacing credit, work and window count them" },
	{ "CC", "SCHED_BURST", HPNIC_CC_SCHED_BURST, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00001000u, 1,
	  0u, 0u, 0, 0,
	  "pacing burst allowance, bytes beyond one grant (4 KiB by default: with none, any scheduling jitter is lost line time; a lone QP reached 81% of the line at 1 KiB)" },
	{ "CC", "SCHED_GRANT", HPNIC_CC_SCHED_GRANT, HPNIC_REG_RW, 0x00003fffu, 1, 0, 0, 0, 0x00000100u, 1,
	  0u, 0u, 0, 0,
	  "wire bytes of pacing credit and window per scheduler grant, at most the path MTU (0: the path MTU); read when a QP starts. Small grants pace small messages one or two packets at a time instead of an MTU's worth in a burst" },
	{ "CC", "DEFAULT_MODE", HPNIC_CC_DEFAULT_MODE, HPNIC_REG_RW, 0x00000003u, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "CC mode of QPs that do not set their own" },
	{ "CC", "DCQCN_LINE", HPNIC_CC_DCQCN_LINE, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x000c8000u, 1,
	  HPNIC_CC_DCQCN_LINE_MIN, HPNIC_CC_DCQCN_LINE_MAX, 1, HPNIC_CC_DCQCN_LINE_ZERO_OK,
	  "DCQCN (CC mode 1): the line rate, bytes/ns Q8.16 (round(Mb/s x 8192 / 1000), 819200 = 100 Gb/s): Rc and Rt at INIT, Rt's cap. Keep it LINE_MBPS's (W_max is HPCC's). docs/cc-dcqcn.md, as dcqcn_derive() makes it; the engine takes it while quiet" },
	{ "CC", "DCQCN_MIN", HPNIC_CC_DCQCN_MIN, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000148u, 1,
	  HPNIC_CC_DCQCN_MIN_MIN, HPNIC_CC_DCQCN_MIN_MAX, 1, HPNIC_CC_DCQCN_MIN_ZERO_OK,
	  "DCQCN: Rmin (rpg_min_rate), Q8.16 (328 = 40 Mb/s)" },
	{ "CC", "DCQCN_AI", HPNIC_CC_DCQCN_AI, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000148u, 1,
	  HPNIC_CC_DCQCN_AI_MIN, HPNIC_CC_DCQCN_AI_MAX, 1, HPNIC_CC_DCQCN_AI_ZERO_OK,
	  "DCQCN: R_AI (rpg_ai_rate), Q8.16 (328 = 40 Mb/s)" },
	{ "CC", "DCQCN_HAI", HPNIC_CC_DCQCN_HAI, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000666u, 1,
	  HPNIC_CC_DCQCN_HAI_MIN, HPNIC_CC_DCQCN_HAI_MAX, 1, HPNIC_CC_DCQCN_HAI_ZERO_OK,
	  "DCQCN: R_HAI (rpg_hai_rate), Q8.16 (1638 = 200 Mb/s)" },
	{ "CC", "DCQCN_FIRST", HPNIC_CC_DCQCN_FIRST, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  HPNIC_CC_DCQCN_FIRST_MIN, HPNIC_CC_DCQCN_FIRST_MAX, 1, HPNIC_CC_DCQCN_FIRST_ZERO_OK,
	  "DCQCN: rate_to_set_on_first_cnp, Q8.16; 0 off" },
	{ "CC", "DCQCN_G", HPNIC_CC_DCQCN_G, HPNIC_REG_RW, 0x000003ffu, 1, 0, 0, 0, 0x00000004u, 1,
	  HPNIC_CC_DCQCN_G_MIN, HPNIC_CC_DCQCN_G_MAX, 1, HPNIC_CC_DCQCN_G_ZERO_OK,
	  "DCQCN: g x 1024, 2..1023 (4 = the paper's 1/256); DCQCN_TAB must hold this g's D tables" },
	{ "CC", "DCQCN_ALPHA0", HPNIC_CC_DCQCN_ALPHA0, HPNIC_REG_RW, 0x007fffffu, 1, 0, 0, 0, 0x003ff000u, 1,
	  HPNIC_CC_DCQCN_ALPHA0_MIN, HPNIC_CC_DCQCN_ALPHA0_MAX, 1, HPNIC_CC_DCQCN_ALPHA0_ZERO_OK,
	  "DCQCN: alpha at INIT (initial_alpha_value), Q1.22 (4190208 = 1023/1024)" },
	{ "CC", "DCQCN_MIN_DEC", HPNIC_CC_DCQCN_MIN_DEC, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x00008000u, 1,
	  HPNIC_CC_DCQCN_MIN_DEC_MIN, HPNIC_CC_DCQCN_MIN_DEC_MAX, 1, HPNIC_CC_DCQCN_MIN_DEC_ZERO_OK,
	  "DCQCN: the decrease factor's floor (rpg_min_dec_fac), Q1.16 (32768 = 50 %)" },
	{ "CC", "DCQCN_GD", HPNIC_CC_DCQCN_GD, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000001u, 1,
	  HPNIC_CC_DCQCN_GD_MIN, HPNIC_CC_DCQCN_GD_MAX, 1, HPNIC_CC_DCQCN_GD_ZERO_OK,
	  "DCQCN: gd, f = 1 - alpha x 2^-gd (1 halves alpha)" },
	{ "CC", "DCQCN_TD_US", HPNIC_CC_DCQCN_TD_US, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x00000004u, 1,
	  HPNIC_CC_DCQCN_TD_US_MIN, HPNIC_CC_DCQCN_TD_US_MAX, 1, HPNIC_CC_DCQCN_TD_US_ZERO_OK,
	  "DCQCN: Td (rate_reduce_monitor_period), us" },
	{ "CC", "DCQCN_TI_US", HPNIC_CC_DCQCN_TI_US, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x0000012cu, 1,
	  HPNIC_CC_DCQCN_TI_US_MIN, HPNIC_CC_DCQCN_TI_US_MAX, 1, HPNIC_CC_DCQCN_TI_US_ZERO_OK,
	  "DCQCN: Ti (rpg_time_reset), us, at least 1" },
	{ "CC", "DCQCN_B_PKTS", HPNIC_CC_DCQCN_B_PKTS, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000a00u, 1,
	  HPNIC_CC_DCQCN_B_PKTS_MIN, HPNIC_CC_DCQCN_B_PKTS_MAX, 1, HPNIC_CC_DCQCN_B_PKTS_ZERO_OK,
	  "DCQCN: packets per byte-counter increase, ceil(rpg_byte_reset / path MTU), 1..65535 (2560 = 10 MiB of 4 KiB)" },
	{ "CC", "DCQCN_THRESHOLD", HPNIC_CC_DCQCN_THRESHOLD, HPNIC_REG_RW, 0x0000001fu, 1, 0, 0, 0, 0x00000005u, 1,
	  HPNIC_CC_DCQCN_THRESHOLD_MIN, HPNIC_CC_DCQCN_THRESHOLD_MAX, 1, HPNIC_CC_DCQCN_THRESHOLD_ZERO_OK,
	  "DCQCN: F (rpg_threshold), 0..31" },
	{ "CC", "DCQCN_PERIOD_US", HPNIC_CC_DCQCN_PERIOD_US, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x00000001u, 1,
	  HPNIC_CC_DCQCN_PERIOD_US_MIN, HPNIC_CC_DCQCN_PERIOD_US_MAX, 1, HPNIC_CC_DCQCN_PERIOD_US_ZERO_OK,
	  "DCQCN: the alpha period (dce_tcp_rtt), us, at least 1" },
	{ "CC", "DCQCN_TAB_IDX", HPNIC_CC_DCQCN_TAB_IDX, HPNIC_REG_RW, 0x0000003fu, 1, 0, 0, 0, 0x00000000u, 1,
	  HPNIC_CC_DCQCN_TAB_IDX_MIN, HPNIC_CC_DCQCN_TAB_IDX_MAX, 1, HPNIC_CC_DCQCN_TAB_IDX_ZERO_OK,
	  "DCQCN: which D-table entry DCQCN_TAB reads and writes: 16 j + k for tab[j][k] = (1 - g)^(k x 16^j)" },
	{ "CC", "DCQCN_TAB", HPNIC_CC_DCQCN_TAB, HPNIC_REG_RW, 0x0003ffffu, 1, 0, 0, 0, 0x00020000u, 1,
	  HPNIC_CC_DCQCN_TAB_MIN, HPNIC_CC_DCQCN_TAB_MAX, 1, HPNIC_CC_DCQCN_TAB_ZERO_OK,
	  "DCQCN: D-table entry DCQCN_TAB_IDX, Q1.17 (dcqcn_tables()); the reset values are g = 4's" },
	{ "CC", "NP_MIN_TIME_US", HPNIC_CC_NP_MIN_TIME_US, HPNIC_REG_RW, 0x00000fffu, 1, 0, 0, 0, 0x00000004u, 1,
	  HPNIC_CC_NP_MIN_TIME_US_MIN, HPNIC_CC_NP_MIN_TIME_US_MAX, 1, HPNIC_CC_NP_MIN_TIME_US_ZERO_OK,
	  "DCQCN notification point: min_time_between_cnps, us, 0..4095 (0: a CNP for every CE-marked request). At most one CNP per responder QP in this time. A write of a larger value is refused: the register keeps its value and NP_STATUS (and RANGE_STATUS) read BAD_VALUE" },
	{ "CC", "NP_STATUS", HPNIC_CC_NP_STATUS, HPNIC_REG_RO, 0x000000ffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "the result of the last write to NP_MIN_TIME_US: OK, or BAD_VALUE when it was refused" },
	{ "CC", "DCQCN_TICK_US", HPNIC_CC_DCQCN_TICK_US, HPNIC_REG_RW, 0x0001ffffu, 1, 0, 0, 0, 0x00000020u, 1,
	  HPNIC_CC_DCQCN_TICK_US_MIN, HPNIC_CC_DCQCN_TICK_US_MAX, 1, HPNIC_CC_DCQCN_TICK_US_ZERO_OK,
	  "DCQCN: the sweeper's pass period, us (0: no sweeps). A pass gives every QP in mode 1 a TICK, so its rate-increase timer runs without ACKs or CNPs; an increase is late by at most a pass (docs/cc-dcqcn.md)" },
	{ "CC", "VAI_THRESH", HPNIC_CC_VAI_THRESH, HPNIC_REG_RW, 0x007fffffu, 1, 0, 0, 0, 0x0000c350u, 1,
	  HPNIC_CC_VAI_THRESH_MIN, HPNIC_CC_VAI_THRESH_MAX, 1, HPNIC_CC_VAI_THRESH_ZERO_OK,
	  "Variable AI: Token Thresh, bytes: an RTT whose largest INT queue exceeds it puts tokens in a VAI QP's AI Bank (docs/cc-vai-sf.md)" },
	{ "CC", "VAI_AI_DIV", HPNIC_CC_VAI_AI_DIV, HPNIC_REG_RW, 0x007fffffu, 1, 0, 0, 0, 0x000003e8u, 1,
	  HPNIC_CC_VAI_AI_DIV_MIN, HPNIC_CC_VAI_AI_DIV_MAX, 1, HPNIC_CC_VAI_AI_DIV_ZERO_OK,
	  "Variable AI: AI DIV, bytes of queue per token" },
	{ "CC", "VAI_BANK_CAP", HPNIC_CC_VAI_BANK_CAP, HPNIC_REG_RW, 0x00000fffu, 1, 0, 0, 0, 0x000003e8u, 1,
	  HPNIC_CC_VAI_BANK_CAP_MIN, HPNIC_CC_VAI_BANK_CAP_MAX, 1, HPNIC_CC_VAI_BANK_CAP_ZERO_OK,
	  "Variable AI: Bank Cap, the most tokens a QP's AI Bank holds" },
	{ "CC", "VAI_AI_CAP", HPNIC_CC_VAI_AI_CAP, HPNIC_REG_RW, 0x000003ffu, 1, 0, 0, 0, 0x00000064u, 1,
	  HPNIC_CC_VAI_AI_CAP_MIN, HPNIC_CC_VAI_AI_CAP_MAX, 1, HPNIC_CC_VAI_AI_CAP_ZERO_OK,
	  "Variable AI: AI Cap, the most tokens one update spends" },
	{ "CC", "VAI_DAMP_SHIFT", HPNIC_CC_VAI_DAMP_SHIFT, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000003u, 1,
	  HPNIC_CC_VAI_DAMP_SHIFT_MIN, HPNIC_CC_VAI_DAMP_SHIFT_MAX, 1, HPNIC_CC_VAI_DAMP_SHIFT_ZERO_OK,
	  "Variable AI: the Dampener Constant is 2^VAI_DAMP_SHIFT" },
	{ "CC", "SF_ACKS", HPNIC_CC_SF_ACKS, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x0000001eu, 1,
	  HPNIC_CC_SF_ACKS_MIN, HPNIC_CC_SF_ACKS_MAX, 1, HPNIC_CC_SF_ACKS_ZERO_OK,
	  "Sampling Frequency: N, a congested ACK commits Wc once N ACKs came since the last commit" },
	{ "CC", "RANGE_STATUS", HPNIC_CC_RANGE_STATUS, HPNIC_REG_RO, 0x0fff00ffu, 1, 0, 35, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "the CC block's range check: the result of the last write to a CC register with a Range, and where the last refused one went. Read-only; reset clears it" },
	{ "QP", "TYPE", HPNIC_QP_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "QP", "VERSION", HPNIC_QP_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "QP", "NEXT", HPNIC_QP_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "QP", "SIZE", HPNIC_QP_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "QP", "QPN", HPNIC_QP_QPN, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "the QP the command applies to" },
	{ "QP", "STATE", HPNIC_QP_STATE, HPNIC_REG_RW, 0x00000007u, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "QP state" },
	{ "QP", "MTU_LOG2", HPNIC_QP_MTU_LOG2, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "log2 of the path MTU payload, 6..12 (64 B..4 KiB)" },
	{ "QP", "DQPN", HPNIC_QP_DQPN, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "destination QPN" },
	{ "QP", "DMAC_LO", HPNIC_QP_DMAC_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "destination MAC bits 31:0 (as CTRL.MAC_LO)" },
	{ "QP", "DMAC_HI", HPNIC_QP_DMAC_HI, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "destination MAC bits 47:32" },
	{ "QP", "DIP", HPNIC_QP_DIP, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "destination IPv4 address (as CTRL.IP)" },
	{ "QP", "SPORT", HPNIC_QP_SPORT, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "UDP source port (the flow's ECMP entropy)" },
	{ "QP", "DSCP_ECN", HPNIC_QP_DSCP_ECN, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x0000006au, 1,
	  0u, 0u, 0, 0,
	  "IPv4 TOS byte: DSCP in bits 7:2 (0x6a = DSCP 26); bits 1:0 are not used: TX sends ECN = ECT(0) on the requests of a QP in CC mode 1 (DCQCN) and 00 on everything else (docs/wire.md)" },
	{ "QP", "SQ_BASE_LO", HPNIC_QP_SQ_BASE_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "send queue IO address, bits 31:0 (64-byte aligned)" },
	{ "QP", "SQ_BASE_HI", HPNIC_QP_SQ_BASE_HI, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "send queue IO address, bits 63:32" },
	{ "QP", "SQ_LOG2", HPNIC_QP_SQ_LOG2, HPNIC_REG_RW, 0x0000001fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "log2 of the send queue entries, at most 15" },
	{ "QP", "CQN", HPNIC_QP_CQN, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "completion queue of this QP" },
	{ "QP", "SQ_PSN", HPNIC_QP_SQ_PSN, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "first PSN the QP sends (used by START and START_SQ)" },
	{ "QP", "RQ_PSN", HPNIC_QP_RQ_PSN, HPNIC_REG_RW, 0x00ffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "first PSN the QP expects (used by START and START_RQ)" },
	{ "QP", "CC_MODE", HPNIC_QP_CC_MODE, HPNIC_REG_RW, 0x00000003u, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "CC mode of this QP" },
	{ "QP", "CC_OVERRIDE", HPNIC_QP_CC_OVERRIDE, HPNIC_REG_RW, 0x00000001u, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "1: use QP_T_NS, QP_WAI and QP_MAX_STAGE instead of the CC block's" },
	{ "QP", "QP_T_NS", HPNIC_QP_QP_T_NS, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "per-QP T in ns (as CC.T_NS), with CC_OVERRIDE" },
	{ "QP", "QP_WAI", HPNIC_QP_QP_WAI, HPNIC_REG_RW, 0x000fffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "per-QP W_AI, Q16.4 bytes (as CC.WAI), with CC_OVERRIDE" },
	{ "QP", "QP_MAX_STAGE", HPNIC_QP_QP_MAX_STAGE, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "per-QP maxStage (as CC.MAX_STAGE), with CC_OVERRIDE" },
	{ "QP", "CMD", HPNIC_QP_CMD, HPNIC_REG_WO, 0x000000ffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "command on QP QPN; the write starts it" },
	{ "QP", "CMD_STATUS", HPNIC_QP_CMD_STATUS, HPNIC_REG_RO, 0x0000ff01u, 1, 0, 37, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "command status" },
	{ "QP", "SQ_WQE_LOG2", HPNIC_QP_SQ_WQE_LOG2, HPNIC_REG_RW, 0x0000000fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "log2 of the bytes per send-queue entry: 6 (64-byte WQEs; 0 means 6) or 7 (128-byte WQEs, whose second half, the extension, holds an SGE list or inline data); other values fail the command with BAD_VALUE" },
	{ "QP", "PD", HPNIC_QP_PD, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "protection domain: an R_Key works on this QP only if its region's MR.PD is the same" },
	{ "QP", "MAX_RD_ATOMIC", HPNIC_QP_MAX_RD_ATOMIC, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "READs this QP may have outstanding as requester (verbs' max_rd_atomic: at most the peer's max_dest_rd_atomic), 1..ID.RD_ATOMIC.MAX_RD_ATOMIC; 0 means that maximum; more fails the command with BAD_VALUE. Read when the send side starts (START, START_SQ)" },
	{ "QP", "RQ_BASE_LO", HPNIC_QP_RQ_BASE_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "receive queue IO address, bits 31:0: a ring of RWQEs (32 bytes each), aligned to its own size or to 4 KiB, whichever is smaller (so that no fetch crosses a page); a misaligned base fails the command with BAD_VALUE" },
	{ "QP", "RQ_BASE_HI", HPNIC_QP_RQ_BASE_HI, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "receive queue IO address, bits 63:32" },
	{ "QP", "RQ_LOG2", HPNIC_QP_RQ_LOG2, HPNIC_REG_RW, 0x0000001fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "log2 of the receive queue entries, 1..15; 0: the QP has no receive queue (its RQ doorbells are ignored and counted, host_rq_db_bad); above 15 fails the command with BAD_VALUE. A write with STATE = RESET empties the QP's receive queue (producer and fetch index 0, no RWQE held); other states keep what was posted" },
	{ "QP", "RCQN", HPNIC_QP_RCQN, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "completion queue of this QP's receive completions (CQN is the send queue's); beyond the table fails the command with BAD_VALUE" },
	{ "QP", "MIN_RNR_TIMER", HPNIC_QP_MIN_RNR_TIMER, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x0000000cu, 1,
	  0u, 0u, 0, 0,
	  "the RNR timer code this QP's responder puts in its RNR NAKs (verbs' min_rnr_timer, the InfiniBand encoding: 1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms; AETH_SYN.RNR), 0..31; more fails the command with BAD_VALUE" },
	{ "QP", "RNR_RETRY", HPNIC_QP_RNR_RETRY, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x00000007u, 1,
	  0u, 0u, 0, 0,
	  "RNR NAKs in a row without progress this QP's requester takes as requester before it fails (verbs' rnr_retry), 0..7; 7 means without limit; more fails the command with BAD_VALUE. Each RNR NAK waits its timer code's delay and resends; the next one once none is left completes the WQE with RNR_RETRY_EXCEEDED and the QP fails; an acknowledgement that shows progress restores the count" },
	{ "QP", "CC_OPTS", HPNIC_QP_CC_OPTS, HPNIC_REG_RW, 0x00000003u, 1, 0, 39, 2, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "per-QP options of CC mode HPCC, carried by the QP's INIT to the CC engine (at START and START_SQ); NIC-wide parameters in CC.VAI_* and CC.SF_ACKS (docs/cc-vai-sf.md)" },
	{ "MR", "TYPE", HPNIC_MR_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "MR", "VERSION", HPNIC_MR_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "MR", "NEXT", HPNIC_MR_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "MR", "SIZE", HPNIC_MR_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "MR", "IDX", HPNIC_MR_IDX, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "table index (R_Key bits 31:8)" },
	{ "MR", "TAG", HPNIC_MR_TAG, HPNIC_REG_RW, 0x000000ffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "key tag (R_Key bits 7:0), changed at each re-registration so stale keys fail" },
	{ "MR", "ACCESS", HPNIC_MR_ACCESS, HPNIC_REG_RW, 0x00000007u, 1, 0, 41, 3, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "rights the region grants" },
	{ "MR", "VA_LO", HPNIC_MR_VA_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "region virtual address (as remote peers name it), bits 31:0" },
	{ "MR", "VA_HI", HPNIC_MR_VA_HI, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "region virtual address, bits 63:32" },
	{ "MR", "LEN_LO", HPNIC_MR_LEN_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "region length in bytes, bits 31:0" },
	{ "MR", "LEN_HI", HPNIC_MR_LEN_HI, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "region length, bits 47:32" },
	{ "MR", "IOVA_LO", HPNIC_MR_IOVA_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "NIC address of the region's first byte (enum NADDR: an IO address when bit 63 is clear, a place in the MTT when it is set), bits 31:0" },
	{ "MR", "IOVA_HI", HPNIC_MR_IOVA_HI, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "NIC address, bits 63:32" },
	{ "MR", "CMD", HPNIC_MR_CMD, HPNIC_REG_WO, 0x000000ffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "command on entry IDX; the write starts it" },
	{ "MR", "CMD_STATUS", HPNIC_MR_CMD_STATUS, HPNIC_REG_RO, 0x0000ff01u, 1, 0, 44, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "command status, as QP.CMD_STATUS" },
	{ "MR", "PD", HPNIC_MR_PD, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "protection domain of the region: only QPs of the same QP.PD may use its R_Key" },
	{ "MR", "MTT_IDX", HPNIC_MR_MTT_IDX, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "MTT entry the next MTT_ADDR_LO write stores; each such write adds 1, so a page list is written in one run" },
	{ "MR", "MTT_ADDR_HI", HPNIC_MR_MTT_ADDR_HI, HPNIC_REG_RW, 0x0000ffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "IO address bits 47:32 of the pages MTT_ADDR_LO writes (kept until changed)" },
	{ "MR", "MTT_ADDR_LO", HPNIC_MR_MTT_ADDR_LO, HPNIC_REG_WO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "IO address bits 31:12 of a page (bits 11:0 are ignored, and for a 2 MiB page bits 20:12 must be 0): the write stores {MTT_ADDR_HI, this} in entry MTT_IDX and adds 1 to MTT_IDX. Past the table's end (ID.QP_CFG.MTT_LOG2) nothing is stored, CTRL.ERR_CODE becomes BAD_INDEX and host_cmd_errors counts it" },
	{ "CQ", "TYPE", HPNIC_CQ_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "CQ", "VERSION", HPNIC_CQ_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "CQ", "NEXT", HPNIC_CQ_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "CQ", "SIZE", HPNIC_CQ_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "CQ", "CQN", HPNIC_CQ_CQN, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "the completion queue the command applies to" },
	{ "CQ", "BASE_LO", HPNIC_CQ_BASE_LO, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "ring IO address, bits 31:0 (32-byte aligned)" },
	{ "CQ", "BASE_HI", HPNIC_CQ_BASE_HI, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "ring IO address, bits 63:32" },
	{ "CQ", "LOG2", HPNIC_CQ_LOG2, HPNIC_REG_RW, 0x0000001fu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "log2 of the ring entries" },
	{ "CQ", "IRQ_VECTOR", HPNIC_CQ_IRQ_VECTOR, HPNIC_REG_RW, 0x000007ffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "MSI-X vector raised when a CQE is written (with CTRL.IRQ_CTRL.ENABLE)" },
	{ "CQ", "CMD", HPNIC_CQ_CMD, HPNIC_REG_WO, 0x000000ffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "command on CQ CQN; the write starts it" },
	{ "CQ", "CMD_STATUS", HPNIC_CQ_CMD_STATUS, HPNIC_REG_RO, 0x0000ff01u, 1, 0, 46, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "command status, as QP.CMD_STATUS" },
	{ "CQ", "PI", HPNIC_CQ_PI, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "producer index of CQ CQN, free-running (diagnostics)" },
	{ "STATS", "TYPE", HPNIC_STATS_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "STATS", "VERSION", HPNIC_STATS_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "STATS", "NEXT", HPNIC_STATS_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "STATS", "SIZE", HPNIC_STATS_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "STATS", "SEL", HPNIC_STATS_SEL, HPNIC_REG_RW, 0xffffffffu, 1, 0, 0, 0, 0x00000000u, 1,
	  0u, 0u, 0, 0,
	  "index of the counter to read; an index >= COUNT reads 0" },
	{ "STATS", "VALUE_LO", HPNIC_STATS_VALUE_LO, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "counter SEL bits 31:0; the read latches all 64 bits" },
	{ "STATS", "VALUE_HI", HPNIC_STATS_VALUE_HI, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "bits 63:32 latched by the last VALUE_LO read" },
	{ "STATS", "COUNT", HPNIC_STATS_COUNT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "number of counters (HPNIC_NUM_COUNTERS in this map)" },
	{ "DB", "TYPE", HPNIC_DB_TYPE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block type: four ASCII characters, the first in bits 31:24" },
	{ "DB", "VERSION", HPNIC_DB_VERSION, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 2, 0u, 0,
	  0u, 0u, 0, 0,
	  "block version: major in bits 31:16, minor in bits 15:0" },
	{ "DB", "NEXT", HPNIC_DB_NEXT, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "absolute BAR0 offset of the next block, 0 for the last" },
	{ "DB", "SIZE", HPNIC_DB_SIZE, HPNIC_REG_RO, 0xffffffffu, 1, 0, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "block size in bytes" },
	{ "DB", "SQ_DB", HPNIC_DB_SQ_DB(0), HPNIC_REG_WO, 0x0000ffffu, HPNIC_DB_SQ_DB_COUNT, HPNIC_DB_SQ_DB_STRIDE, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "doorbell of QP n, in its page at SQ_DB + 4096 n: the QP's new SQ producer index (free-running, mod 2^16)" },
	{ "DB", "RQ_DB", HPNIC_DB_RQ_DB(0), HPNIC_REG_WO, 0x0000ffffu, HPNIC_DB_RQ_DB_COUNT, HPNIC_DB_RQ_DB_STRIDE, 0, 0, 0u, 0,
	  0u, 0u, 0, 0,
	  "receive doorbell of QP n, in its page at RQ_DB + 4096 n: the QP's new RQ producer index (free-running, mod 2^16). Ignored and counted (host_rq_db_bad) for a QP beyond the table, in RESET, or without a receive queue (QP.RQ_LOG2 = 0)" },
};

static const struct hpnic_field_desc hpnic_field_table[HPNIC_NUM_FIELDS] = {
	{ "MAJOR", 16, 0xffff0000u, "incompatible changes" },
	{ "MINOR", 0, 0x0000ffffu, "compatible additions" },
	{ "QPN_WIDTH", 0, 0x000000ffu, "QPN bits: the NIC has 2^QPN_WIDTH QPs" },
	{ "MR_LOG2", 8, 0x0000ff00u, "log2 of the memory-region table entries" },
	{ "CQN_WIDTH", 16, 0x00ff0000u, "CQN bits: the NIC has 2^CQN_WIDTH completion queues" },
	{ "MTT_LOG2", 24, 0xff000000u, "log2 of the memory translation table's entries (MR.MTT_*)" },
	{ "DATA_WIDTH_BYTES", 0, 0x0000ffffu, "datapath width in bytes (64 for 512 bits)" },
	{ "CLK_MHZ", 16, 0xffff0000u, "core clock, MHz (RTO and IRQ moderation count its cycles)" },
	{ "INT", 0, 0x00000001u, "HPCC INT: stamping on TX, parsing on RX" },
	{ "READ", 1, 0x00000002u, "RDMA READ" },
	{ "WRITE", 2, 0x00000004u, "RDMA WRITE" },
	{ "MSIX", 3, 0x00000008u, "MSI-X completion interrupts" },
	{ "SEND", 4, 0x00000010u, "SEND/RECV with receive queues, and immediate data (SEND and RDMA WRITE with immediate)" },
	{ "HPCC", 0, 0x00000001u, "HPCC" },
	{ "DCQCN", 1, 0x00000002u, "DCQCN" },
	{ "ROCC", 2, 0x00000004u, "RoCC (reserved)" },
	{ "NONE", 3, 0x00000008u, "no congestion control (reserved)" },
	{ "MAX_RD_ATOMIC", 0, 0x000000ffu, "READs a QP may have outstanding as requester, at most" },
	{ "MAX_DEST_RD_ATOMIC", 8, 0x0000ff00u, "READ requests the responder holds per QP (being answered and queued)" },
	{ "ENABLE", 0, 0x00000001u, "carry INT on data packets and accept it on ACKs" },
	{ "PORT", 16, 0xffff0000u, "UDP destination port of packets that carry INT" },
	{ "ENABLE", 0, 0x00000001u, "raise interrupts (0: the driver polls, the default); no moderation is built" },
	{ "CC_INIT_DONE", 0, 0x00000001u, "the CC engine has cleared its state memories" },
	{ "SCHED_INIT_DONE", 1, 0x00000002u, "the flow scheduler has cleared its state memories" },
	{ "HOST_READY", 2, 0x00000004u, "the host interface accepts commands and doorbells" },
	{ "T_CLAMPED", 0, 0x00000001u, "T_NS out of range, clamped" },
	{ "ETA_CLAMPED", 1, 0x00000002u, "ETA out of range, clamped" },
	{ "LINE_CLAMPED", 2, 0x00000004u, "LINE_MBPS out of range, clamped" },
	{ "MIN_CLAMPED", 3, 0x00000008u, "MIN_MBPS out of range, clamped" },
	{ "WMAX_SAT", 4, 0x00000010u, "line rate x T saturates the window" },
	{ "BUSY", 5, 0x00000020u, "the engine is deriving its constants after a write to an HPCC or VAI/SF register (about 800 cycles): a QP started meanwhile gets the previous set; libhpnic and the driver wait for it to clear" },
	{ "ID", 0, 0x00ffffffu, "the QPN (QP events) or CQN (CQ events) it concerns" },
	{ "TYPE", 24, 0x0f000000u, "what happened" },
	{ "VALID", 31, 0x80000000u, "an event was taken" },
	{ "SPACING_LOG2", 0, 0x0000000fu, "with INT off, a message's packets ask for an ACK (BTH AckReq) at least once every 2^SPACING_LOG2 bytes (on the PSNs whose low SPACING_LOG2 - log2(MTU) bits are all ones), besides a message's last packet and READ requests (docs/wire.md). Values up to log2(MTU) mean every packet. 2^SPACING_LOG2 must stay at most a quarter of the window W_init = line rate x T, or a QP the window stops may have no ACK coming and wait for its retransmit timer: 13 after reset (8 KiB, the largest power of two within 52 KB / 4 at 100 Gb/s and the default T of 4160 ns); lower it with T or the line rate. With INT on every request packet asks" },
	{ "ERROR", 0, 0x000000ffu, "the last write to a register with a Range: OK, or BAD_VALUE when it was refused (the register kept its value)" },
	{ "OFFSET", 16, 0x0fff0000u, "the absolute BAR0 offset of the last refused write (0 until one is refused): which register refused it" },
	{ "BUSY", 0, 0x00000001u, "a command is running" },
	{ "ERROR", 8, 0x0000ff00u, "error code of the last command" },
	{ "VAI", 0, 0x00000001u, "Variable AI" },
	{ "SF", 1, 0x00000002u, "Sampling Frequency" },
	{ "REMOTE_WRITE", 0, 0x00000001u, "remote RDMA WRITE into the region" },
	{ "REMOTE_READ", 1, 0x00000002u, "remote RDMA READ from the region" },
	{ "LOCAL_WRITE", 2, 0x00000004u, "the NIC may write it (READ responses land here)" },
	{ "BUSY", 0, 0x00000001u, "a command is running" },
	{ "ERROR", 8, 0x0000ff00u, "error code of the last command" },
	{ "BUSY", 0, 0x00000001u, "a command is running" },
	{ "ERROR", 8, 0x0000ff00u, "error code of the last command" },
};
#endif /* HPNIC_REGS_WANT_REG_TABLE */

#endif /* HPNIC_REGS_H */
