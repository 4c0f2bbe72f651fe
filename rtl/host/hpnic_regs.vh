// SPDX-License-Identifier: MIT
/*
 * hpnic register map. GENERATED from fw/regmap.toml by scripts/gen_regmap.py:
 * do not edit. Regenerate with `make regmap`, i.e.
 *   scripts/gen_regmap.py fw/regmap.toml --vh rtl/host/hpnic_regs.vh --h driver/lib/hpnic_regs.h --md docs/regmap.md
 *
 * Constants for the RTL, included inside a module body:
 *     `include "hpnic_regs.vh"      (put rtl/host on the include path: -I)
 * There is deliberately no `ifndef include guard: a `define is global to the
 * compilation unit, so a guard would hide these localparams from every module
 * after the first one that includes the file (Verilator, Icarus and Yosys all
 * behave so). Include it once per module.
 *
 * HPNIC_<BLOCK>_<REG> is a register's absolute BAR0 byte offset; _W/_MASK its
 * value bits, _RST its reset value (sized to the register); _<FIELD>_LSB/_W/
 * _MASK its fields. An array register gives its first offset, _STRIDE, _COUNT.
 * docs/regmap.md describes every register.
 */

/* verilator lint_off UNUSEDPARAM */

// parameters
localparam integer HPNIC_MAX_QPS       = 4096;
localparam integer HPNIC_PCI_VENDOR_ID = 4660;
localparam integer HPNIC_PCI_DEVICE_ID = 18544;
localparam integer HPNIC_PCI_CLASS     = 131072;
localparam integer HPNIC_BAR0_SIZE     = 33554432;

// block header, offsets relative to each block's base
// block type: four ASCII characters, the first in bits 31:24
localparam [31:0]  HPNIC_HDR_TYPE               = 32'h0000_0000;
// block version: major in bits 31:16, minor in bits 15:0
localparam [31:0]  HPNIC_HDR_VERSION            = 32'h0000_0004;
localparam integer HPNIC_HDR_VERSION_MAJOR_LSB  = 16;  // incompatible changes
localparam integer HPNIC_HDR_VERSION_MAJOR_W    = 16;
localparam [31:0]  HPNIC_HDR_VERSION_MAJOR_MASK = 32'hffff_0000;
localparam integer HPNIC_HDR_VERSION_MINOR_LSB  = 0;  // compatible additions
localparam integer HPNIC_HDR_VERSION_MINOR_W    = 16;
localparam [31:0]  HPNIC_HDR_VERSION_MINOR_MASK = 32'h0000_ffff;
// absolute BAR0 offset of the next block, 0 for the last
localparam [31:0]  HPNIC_HDR_NEXT               = 32'h0000_0008;
localparam [31:0]  HPNIC_HDR_SIZE               = 32'h0000_000c;  // block size in bytes
localparam integer HPNIC_NUM_BLOCKS             = 8;

// ERR: command error codes
localparam [7:0]   HPNIC_ERR_OK        = 8'd0;  // success
localparam [7:0]   HPNIC_ERR_BAD_CMD   = 8'd1;  // unknown command code
localparam [7:0]   HPNIC_ERR_BAD_INDEX = 8'd2;  // QPN, IDX or CQN out of range
// a staging register out of range (e.g. MTU_LOG2 outside 6..12, SQ_LOG2 > 15)
localparam [7:0]   HPNIC_ERR_BAD_VALUE = 8'd3;
// CMD written while the previous command was still running
localparam [7:0]   HPNIC_ERR_BUSY      = 8'd4;

// NADDR: NIC addresses: what MR.IOVA, WQE.LOCAL_ADDR and SGE.ADDR hold. Bit 63 (TRANSLATE) clear:
// an IO address, used as it is. Set: bits [PAGE_4K + MTT_LOG2 - 1 : PAGE_4K] are an MTT index and
// bits 11:0 the byte in that 4 KiB page; with bit 62 (HUGE) also set, bits [PAGE_2M + MTT_LOG2 -
// 1 : PAGE_2M] are the index and bits 20:0 the byte in a 2 MiB page. Bits between the index and
// bit 62 are 0. A region's pages have consecutive entries, so the NIC address of byte k of a
// region is its first byte's plus k.
localparam [5:0]   HPNIC_NADDR_TRANSLATE = 6'd63;  // bit: translate through the MTT
localparam [5:0]   HPNIC_NADDR_HUGE      = 6'd62;  // bit: 2 MiB pages
localparam [5:0]   HPNIC_NADDR_PAGE_4K   = 6'd12;  // log2 of a small page
localparam [5:0]   HPNIC_NADDR_PAGE_2M   = 6'd21;  // log2 of a huge page

// CC_MODE: congestion-control modes; bit n of ID.CC_MODES says whether mode n is built in
localparam [1:0]   HPNIC_CC_MODE_HPCC  = 2'd0;  // HPCC
// DCQCN (docs/cc-dcqcn.md): rate-based, the window open at W_max
localparam [1:0]   HPNIC_CC_MODE_DCQCN = 2'd1;
localparam [1:0]   HPNIC_CC_MODE_ROCC  = 2'd2;  // reserved for RoCC
localparam [1:0]   HPNIC_CC_MODE_NONE  = 2'd3;  // reserved: no congestion control, line rate

// BTH_OP: the RC BTH opcodes hpnic sends and takes (InfiniBand RC, RoCEv2); one source for every
// RTL block that builds or parses a BTH
localparam [7:0]   HPNIC_BTH_OP_SEND_FIRST     = 8'd0;  // SEND First
localparam [7:0]   HPNIC_BTH_OP_SEND_MIDDLE    = 8'd1;  // SEND Middle
localparam [7:0]   HPNIC_BTH_OP_SEND_LAST      = 8'd2;  // SEND Last
localparam [7:0]   HPNIC_BTH_OP_SEND_LAST_IMM  = 8'd3;  // SEND Last with Immediate (ImmDt)
localparam [7:0]   HPNIC_BTH_OP_SEND_ONLY      = 8'd4;  // SEND Only
localparam [7:0]   HPNIC_BTH_OP_SEND_ONLY_IMM  = 8'd5;  // SEND Only with Immediate (ImmDt)
localparam [7:0]   HPNIC_BTH_OP_WRITE_FIRST    = 8'd6;  // RDMA WRITE First (RETH)
localparam [7:0]   HPNIC_BTH_OP_WRITE_MIDDLE   = 8'd7;  // RDMA WRITE Middle
localparam [7:0]   HPNIC_BTH_OP_WRITE_LAST     = 8'd8;  // RDMA WRITE Last
localparam [7:0]   HPNIC_BTH_OP_WRITE_LAST_IMM = 8'd9;  // RDMA WRITE Last with Immediate (ImmDt)
localparam [7:0]   HPNIC_BTH_OP_WRITE_ONLY     = 8'd10;  // RDMA WRITE Only (RETH)
// RDMA WRITE Only with Immediate (RETH, then ImmDt)
localparam [7:0]   HPNIC_BTH_OP_WRITE_ONLY_IMM = 8'd11;
localparam [7:0]   HPNIC_BTH_OP_READ_REQ       = 8'd12;  // RDMA READ Request (RETH)
localparam [7:0]   HPNIC_BTH_OP_RESP_FIRST     = 8'd13;  // RDMA READ Response First (AETH)
localparam [7:0]   HPNIC_BTH_OP_RESP_MIDDLE    = 8'd14;  // RDMA READ Response Middle
localparam [7:0]   HPNIC_BTH_OP_RESP_LAST      = 8'd15;  // RDMA READ Response Last (AETH)
localparam [7:0]   HPNIC_BTH_OP_RESP_ONLY      = 8'd16;  // RDMA READ Response Only (AETH)
localparam [7:0]   HPNIC_BTH_OP_ACK            = 8'd17;  // Acknowledge (AETH)
// RoCEv2 Congestion Notification Packet (16 reserved bytes of zero behind the BTH; IBTA Annex
// A17)
localparam [7:0]   HPNIC_BTH_OP_CNP            = 8'd129;

// AETH_SYN: AETH syndromes hpnic sends and takes (InfiniBand RC): bits 7:5 the kind (000 ACK, 001
// RNR NAK, 011 NAK), bits 4:0 the credit count, the RNR timer code or the NAK code
// ACK, credit count invalid (no end-to-end credits)
localparam [7:0]   HPNIC_AETH_SYN_ACK     = 8'd31;
// RNR NAK (receiver not ready), timer code 0; the syndrome is RNR | code, bits 4:0 the
// responder's minimum RNR delay as the InfiniBand timer code (1 = 0.01 ms ... 31 = 491.52 ms, 0 =
// 655.36 ms; QP.MIN_RNR_TIMER): the requester waits that long, then resends from the PSN
localparam [7:0]   HPNIC_AETH_SYN_RNR     = 8'd32;
// NAK: PSN sequence error (the requester resends from the PSN)
localparam [7:0]   HPNIC_AETH_SYN_NAK_SEQ = 8'd96;
localparam [7:0]   HPNIC_AETH_SYN_NAK_INV = 8'd97;  // NAK: invalid request (length error)
// NAK: remote access error (R_Key, range or access right)
localparam [7:0]   HPNIC_AETH_SYN_NAK_ACC = 8'd98;
localparam [7:0]   HPNIC_AETH_SYN_NAK_OP  = 8'd99;  // NAK: remote operational error

// ACK_KIND: acknowledgement events from RX decide to the completer (internal to the RTL; 6 and 7
// are free: the completer numbers its own events past them, in a kind one bit wider)
localparam [2:0]   HPNIC_ACK_KIND_ACK       = 3'd0;  // acknowledges up to the PSN
// everything before the PSN arrived; resend from it
localparam [2:0]   HPNIC_ACK_KIND_NAK_SEQ   = 3'd1;
// remote access or invalid request: the QP fails
localparam [2:0]   HPNIC_ACK_KIND_NAK_FATAL = 3'd2;
localparam [2:0]   HPNIC_ACK_KIND_READ_DONE = 3'd3;  // READ responses arrived up to the PSN
localparam [2:0]   HPNIC_ACK_KIND_READ_GAP  = 3'd4;  // a READ response is missing at the PSN
// RNR NAK: everything before the PSN arrived; wait the RNR delay of its timer code (carried
// beside the kind), then resend from the PSN
localparam [2:0]   HPNIC_ACK_KIND_NAK_RNR   = 3'd5;

// ASYNC_EVENT: asynchronous events (CTRL.EVENT.TYPE): what the NIC reports that no work request's
// completion tells
// the QP's send side failed (retry exceeded or a fatal NAK): it stopped; its failed work request
// also completes with an error
localparam [3:0]   HPNIC_ASYNC_EVENT_QP_FATAL      = 4'd1;
// the QP, as responder, NAKed a request for a remote access error (R_Key, range, rights) and
// stopped taking requests
localparam [3:0]   HPNIC_ASYNC_EVENT_QP_ACCESS_ERR = 4'd2;
// the QP, as responder, NAKed an invalid request (length, opcode sequence) and stopped taking
// requests
localparam [3:0]   HPNIC_ASYNC_EVENT_QP_REQ_ERR    = 4'd3;
// a completion for a CQ that is disabled or was never set was dropped
localparam [3:0]   HPNIC_ASYNC_EVENT_CQ_ERR        = 4'd4;

// QPS: QP states (the RTL's QPS_*)
localparam [2:0]   HPNIC_QPS_RESET = 3'd0;  // idle, drops everything
localparam [2:0]   HPNIC_QPS_INIT  = 3'd1;  // configured, drops everything
localparam [2:0]   HPNIC_QPS_RTR   = 3'd2;  // ready to receive: accepts requests
localparam [2:0]   HPNIC_QPS_RTS   = 3'd3;  // ready to send: requests and responses
// failed: drops everything, the driver flushes its WQEs
localparam [2:0]   HPNIC_QPS_ERR   = 3'd4;

// ID ("HPID" 1.0): Identifies the bitstream: build, sizes and features. Always at BAR0 offset 0,
// the head of the block list.
localparam [31:0]  HPNIC_ID_BASE                              = 32'h0000_0000;
localparam [31:0]  HPNIC_ID_BLOCK_SIZE                        = 32'h0000_0100;
localparam [31:0]  HPNIC_ID_BLOCK_TYPE                        = 32'h4850_4944;  // "HPID"
localparam [31:0]  HPNIC_ID_BLOCK_VERSION                     = 32'h0001_0000;  // 1.0
localparam [31:0]  HPNIC_ID_BLOCK_NEXT                        = 32'h0000_0100;
localparam [31:0]  HPNIC_ID_TYPE                              = 32'h0000_0000;
localparam [31:0]  HPNIC_ID_VERSION                           = 32'h0000_0004;
localparam [31:0]  HPNIC_ID_NEXT                              = 32'h0000_0008;
localparam [31:0]  HPNIC_ID_SIZE                              = 32'h0000_000c;

// ID.BUILD_DATE (ro): build date, YYYYMMDD in BCD (0x20250131), from a Verilog parameter set at
// build time
localparam [31:0]  HPNIC_ID_BUILD_DATE                        = 32'h0000_0010;

// ID.GIT_HASH (ro): first 32 bits of the git commit the bitstream was built from (parameter)
localparam [31:0]  HPNIC_ID_GIT_HASH                          = 32'h0000_0014;

// ID.QP_CFG (ro): table sizes
localparam [31:0]  HPNIC_ID_QP_CFG                            = 32'h0000_0018;
// QPN bits: the NIC has 2^QPN_WIDTH QPs
localparam integer HPNIC_ID_QP_CFG_QPN_WIDTH_LSB              = 0;
localparam integer HPNIC_ID_QP_CFG_QPN_WIDTH_W                = 8;
localparam [31:0]  HPNIC_ID_QP_CFG_QPN_WIDTH_MASK             = 32'h0000_00ff;
// log2 of the memory-region table entries
localparam integer HPNIC_ID_QP_CFG_MR_LOG2_LSB                = 8;
localparam integer HPNIC_ID_QP_CFG_MR_LOG2_W                  = 8;
localparam [31:0]  HPNIC_ID_QP_CFG_MR_LOG2_MASK               = 32'h0000_ff00;
// CQN bits: the NIC has 2^CQN_WIDTH completion queues
localparam integer HPNIC_ID_QP_CFG_CQN_WIDTH_LSB              = 16;
localparam integer HPNIC_ID_QP_CFG_CQN_WIDTH_W                = 8;
localparam [31:0]  HPNIC_ID_QP_CFG_CQN_WIDTH_MASK             = 32'h00ff_0000;
// log2 of the memory translation table's entries (MR.MTT_*)
localparam integer HPNIC_ID_QP_CFG_MTT_LOG2_LSB               = 24;
localparam integer HPNIC_ID_QP_CFG_MTT_LOG2_W                 = 8;
localparam [31:0]  HPNIC_ID_QP_CFG_MTT_LOG2_MASK              = 32'hff00_0000;

// ID.DATAPATH (ro): datapath geometry
localparam [31:0]  HPNIC_ID_DATAPATH                          = 32'h0000_001c;
// datapath width in bytes (64 for 512 bits)
localparam integer HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES_LSB     = 0;
localparam integer HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES_W       = 16;
localparam [31:0]  HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES_MASK    = 32'h0000_ffff;
// core clock, MHz (RTO and IRQ moderation count its cycles)
localparam integer HPNIC_ID_DATAPATH_CLK_MHZ_LSB              = 16;
localparam integer HPNIC_ID_DATAPATH_CLK_MHZ_W                = 16;
localparam [31:0]  HPNIC_ID_DATAPATH_CLK_MHZ_MASK             = 32'hffff_0000;

// ID.FEATURES (ro): features built in
localparam [31:0]  HPNIC_ID_FEATURES                          = 32'h0000_0020;
// HPCC INT: stamping on TX, parsing on RX
localparam integer HPNIC_ID_FEATURES_INT_LSB                  = 0;
localparam integer HPNIC_ID_FEATURES_INT_W                    = 1;
localparam [31:0]  HPNIC_ID_FEATURES_INT_MASK                 = 32'h0000_0001;
localparam integer HPNIC_ID_FEATURES_READ_LSB                 = 1;  // RDMA READ
localparam integer HPNIC_ID_FEATURES_READ_W                   = 1;
localparam [31:0]  HPNIC_ID_FEATURES_READ_MASK                = 32'h0000_0002;
localparam integer HPNIC_ID_FEATURES_WRITE_LSB                = 2;  // RDMA WRITE
localparam integer HPNIC_ID_FEATURES_WRITE_W                  = 1;
localparam [31:0]  HPNIC_ID_FEATURES_WRITE_MASK               = 32'h0000_0004;
localparam integer HPNIC_ID_FEATURES_MSIX_LSB                 = 3;  // MSI-X completion interrupts
localparam integer HPNIC_ID_FEATURES_MSIX_W                   = 1;
localparam [31:0]  HPNIC_ID_FEATURES_MSIX_MASK                = 32'h0000_0008;
// SEND/RECV with receive queues, and immediate data (SEND and RDMA WRITE with immediate)
localparam integer HPNIC_ID_FEATURES_SEND_LSB                 = 4;
localparam integer HPNIC_ID_FEATURES_SEND_W                   = 1;
localparam [31:0]  HPNIC_ID_FEATURES_SEND_MASK                = 32'h0000_0010;

// ID.CC_MODES (ro): congestion-control modes built in, bit n = CC_MODE n
localparam [31:0]  HPNIC_ID_CC_MODES                          = 32'h0000_0024;
localparam integer HPNIC_ID_CC_MODES_HPCC_LSB                 = 0;  // HPCC
localparam integer HPNIC_ID_CC_MODES_HPCC_W                   = 1;
localparam [31:0]  HPNIC_ID_CC_MODES_HPCC_MASK                = 32'h0000_0001;
localparam integer HPNIC_ID_CC_MODES_DCQCN_LSB                = 1;  // DCQCN
localparam integer HPNIC_ID_CC_MODES_DCQCN_W                  = 1;
localparam [31:0]  HPNIC_ID_CC_MODES_DCQCN_MASK               = 32'h0000_0002;
localparam integer HPNIC_ID_CC_MODES_ROCC_LSB                 = 2;  // RoCC (reserved)
localparam integer HPNIC_ID_CC_MODES_ROCC_W                   = 1;
localparam [31:0]  HPNIC_ID_CC_MODES_ROCC_MASK                = 32'h0000_0004;
// no congestion control (reserved)
localparam integer HPNIC_ID_CC_MODES_NONE_LSB                 = 3;
localparam integer HPNIC_ID_CC_MODES_NONE_W                   = 1;
localparam [31:0]  HPNIC_ID_CC_MODES_NONE_MASK                = 32'h0000_0008;

// ID.RD_ATOMIC (ro): READs per QP: the most QP.MAX_RD_ATOMIC may be (as requester), and the READ
// requests the responder holds per QP (its max_dest_rd_atomic; a peer that sends more has the
// excess dropped and counted, rx_rd_over)
localparam [31:0]  HPNIC_ID_RD_ATOMIC                         = 32'h0000_002c;
// READs a QP may have outstanding as requester, at most
localparam integer HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_LSB       = 0;
localparam integer HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_W         = 8;
localparam [31:0]  HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_MASK      = 32'h0000_00ff;
// READ requests the responder holds per QP (being answered and queued)
localparam integer HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC_LSB  = 8;
localparam integer HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC_W    = 8;
localparam [31:0]  HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC_MASK = 32'h0000_ff00;

// ID.SCRATCH (rw): no function: the driver writes and reads it back to test the link
localparam [31:0]  HPNIC_ID_SCRATCH                           = 32'h0000_0028;
localparam [31:0]  HPNIC_ID_SCRATCH_RST                       = 32'd0;

// CTRL ("HPCT" 1.1): NIC-wide configuration and status.
localparam [31:0]  HPNIC_CTRL_BASE                              = 32'h0000_0100;
localparam [31:0]  HPNIC_CTRL_BLOCK_SIZE                        = 32'h0000_0100;
localparam [31:0]  HPNIC_CTRL_BLOCK_TYPE                        = 32'h4850_4354;  // "HPCT"
localparam [31:0]  HPNIC_CTRL_BLOCK_VERSION                     = 32'h0001_0001;  // 1.1
localparam [31:0]  HPNIC_CTRL_BLOCK_NEXT                        = 32'h0000_0200;
localparam [31:0]  HPNIC_CTRL_TYPE                              = 32'h0000_0100;
localparam [31:0]  HPNIC_CTRL_VERSION                           = 32'h0000_0104;
localparam [31:0]  HPNIC_CTRL_NEXT                              = 32'h0000_0108;
localparam [31:0]  HPNIC_CTRL_SIZE                              = 32'h0000_010c;

// CTRL.MAC_LO (rw): station MAC bits 31:0, bytes 2..5 (02:00:0a:0b:0c:0d gives 0x0a0b0c0d)
localparam [31:0]  HPNIC_CTRL_MAC_LO                            = 32'h0000_0110;
localparam [31:0]  HPNIC_CTRL_MAC_LO_RST                        = 32'd0;

// CTRL.MAC_HI (rw): station MAC bits 47:32, bytes 0..1 (02:00:0a:0b:0c:0d gives 0x0200)
localparam [31:0]  HPNIC_CTRL_MAC_HI                            = 32'h0000_0114;
localparam integer HPNIC_CTRL_MAC_HI_W                          = 16;
localparam [31:0]  HPNIC_CTRL_MAC_HI_MASK                       = 32'h0000_ffff;
localparam [15:0]  HPNIC_CTRL_MAC_HI_RST                        = 16'd0;

// CTRL.IP (rw): station IPv4 address, first octet in bits 31:24 (10.0.0.1 = 0x0a000001)
localparam [31:0]  HPNIC_CTRL_IP                                = 32'h0000_0118;
localparam [31:0]  HPNIC_CTRL_IP_RST                            = 32'd0;

// CTRL.INT_CTRL (rw): HPCC INT (in-band telemetry)
localparam [31:0]  HPNIC_CTRL_INT_CTRL                          = 32'h0000_011c;
localparam [31:0]  HPNIC_CTRL_INT_CTRL_RST                      = 32'h12b80000;
// carry INT on data packets and accept it on ACKs
localparam integer HPNIC_CTRL_INT_CTRL_ENABLE_LSB               = 0;
localparam integer HPNIC_CTRL_INT_CTRL_ENABLE_W                 = 1;
localparam [31:0]  HPNIC_CTRL_INT_CTRL_ENABLE_MASK              = 32'h0000_0001;
// UDP destination port of packets that carry INT
localparam integer HPNIC_CTRL_INT_CTRL_PORT_LSB                 = 16;
localparam integer HPNIC_CTRL_INT_CTRL_PORT_W                   = 16;
localparam [31:0]  HPNIC_CTRL_INT_CTRL_PORT_MASK                = 32'hffff_0000;

// CTRL.RTO (rw): retransmit timeout in units of 1024 core cycles; 0 disables the timer
localparam [31:0]  HPNIC_CTRL_RTO                               = 32'h0000_0120;
localparam integer HPNIC_CTRL_RTO_W                             = 16;
localparam [31:0]  HPNIC_CTRL_RTO_MASK                          = 32'h0000_ffff;
localparam [15:0]  HPNIC_CTRL_RTO_RST                           = 16'd8;

// CTRL.IRQ_CTRL (rw): completion interrupts
localparam [31:0]  HPNIC_CTRL_IRQ_CTRL                          = 32'h0000_0124;
localparam [31:0]  HPNIC_CTRL_IRQ_CTRL_RST                      = 32'd0;
// raise interrupts (0: the driver polls, the default); no moderation is built
localparam integer HPNIC_CTRL_IRQ_CTRL_ENABLE_LSB               = 0;
localparam integer HPNIC_CTRL_IRQ_CTRL_ENABLE_W                 = 1;
localparam [31:0]  HPNIC_CTRL_IRQ_CTRL_ENABLE_MASK              = 32'h0000_0001;

// CTRL.STATUS (ro): initialisation status: the driver waits for all three after reset
localparam [31:0]  HPNIC_CTRL_STATUS                            = 32'h0000_0128;
// the CC engine has cleared its state memories
localparam integer HPNIC_CTRL_STATUS_CC_INIT_DONE_LSB           = 0;
localparam integer HPNIC_CTRL_STATUS_CC_INIT_DONE_W             = 1;
localparam [31:0]  HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK          = 32'h0000_0001;
// the flow scheduler has cleared its state memories
localparam integer HPNIC_CTRL_STATUS_SCHED_INIT_DONE_LSB        = 1;
localparam integer HPNIC_CTRL_STATUS_SCHED_INIT_DONE_W          = 1;
localparam [31:0]  HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK       = 32'h0000_0002;
// the host interface accepts commands and doorbells
localparam integer HPNIC_CTRL_STATUS_HOST_READY_LSB             = 2;
localparam integer HPNIC_CTRL_STATUS_HOST_READY_W               = 1;
localparam [31:0]  HPNIC_CTRL_STATUS_HOST_READY_MASK            = 32'h0000_0004;

// CTRL.CC_PARAM_STATUS (ro): the CC engine's parameter check: which CC registers it clamped (the
// C model's HPCC_PS_*)
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS                   = 32'h0000_012c;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_T_CLAMPED_LSB     = 0;  // T_NS out of range, clamped
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_T_CLAMPED_W       = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_T_CLAMPED_MASK    = 32'h0000_0001;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_ETA_CLAMPED_LSB   = 1;  // ETA out of range, clamped
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_ETA_CLAMPED_W     = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_ETA_CLAMPED_MASK  = 32'h0000_0002;
// LINE_MBPS out of range, clamped
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_LINE_CLAMPED_LSB  = 2;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_LINE_CLAMPED_W    = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_LINE_CLAMPED_MASK = 32'h0000_0004;
// MIN_MBPS out of range, clamped
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_MIN_CLAMPED_LSB   = 3;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_MIN_CLAMPED_W     = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_MIN_CLAMPED_MASK  = 32'h0000_0008;
// line rate x T saturates the window
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_WMAX_SAT_LSB      = 4;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_WMAX_SAT_W        = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_WMAX_SAT_MASK     = 32'h0000_0010;
// the engine is deriving its constants after a write to an HPCC or VAI/SF register (about 800
// cycles): a QP started meanwhile gets the previous set; libhpnic and the driver wait for it to
// clear
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_BUSY_LSB          = 5;
localparam integer HPNIC_CTRL_CC_PARAM_STATUS_BUSY_W            = 1;
localparam [31:0]  HPNIC_CTRL_CC_PARAM_STATUS_BUSY_MASK         = 32'h0000_0020;

// CTRL.ERR_CODE (ro): code of the last QP, MR or CQ command that failed (0 until one fails;
// host_cmd_errors counts them)
localparam [31:0]  HPNIC_CTRL_ERR_CODE                          = 32'h0000_0130;
localparam integer HPNIC_CTRL_ERR_CODE_W                        = 8;
localparam [31:0]  HPNIC_CTRL_ERR_CODE_MASK                     = 32'h0000_00ff;

// CTRL.EVENT (ro): the oldest asynchronous event, taken off the NIC's event queue (16 entries) by
// the read: VALID 0 when there was none
localparam [31:0]  HPNIC_CTRL_EVENT                             = 32'h0000_0134;
// the QPN (QP events) or CQN (CQ events) it concerns
localparam integer HPNIC_CTRL_EVENT_ID_LSB                      = 0;
localparam integer HPNIC_CTRL_EVENT_ID_W                        = 24;
localparam [31:0]  HPNIC_CTRL_EVENT_ID_MASK                     = 32'h00ff_ffff;
localparam integer HPNIC_CTRL_EVENT_TYPE_LSB                    = 24;  // what happened
localparam integer HPNIC_CTRL_EVENT_TYPE_W                      = 4;
localparam [31:0]  HPNIC_CTRL_EVENT_TYPE_MASK                   = 32'h0f00_0000;
localparam integer HPNIC_CTRL_EVENT_VALID_LSB                   = 31;  // an event was taken
localparam integer HPNIC_CTRL_EVENT_VALID_W                     = 1;
localparam [31:0]  HPNIC_CTRL_EVENT_VALID_MASK                  = 32'h8000_0000;

// CTRL.EVENT_LOST (ro): events dropped because the event queue was full (never cleared)
localparam [31:0]  HPNIC_CTRL_EVENT_LOST                        = 32'h0000_0138;

// CTRL.ACK_REQ (rw): which request packets ask for an ACK (docs/wire.md, Reliability on the wire)
localparam [31:0]  HPNIC_CTRL_ACK_REQ                           = 32'h0000_013c;
localparam [31:0]  HPNIC_CTRL_ACK_REQ_RST                       = 32'd13;
// with INT off, a message's packets ask for an ACK (BTH AckReq) at least once every
// 2^SPACING_LOG2 bytes (on the PSNs whose low SPACING_LOG2 - log2(MTU) bits are all ones),
// besides a message's last packet and READ requests (docs/wire.md). Values up to log2(MTU) mean
// every packet. 2^SPACING_LOG2 must stay at most a quarter of the window W_init = line rate x T,
// or a QP the window stops may have no ACK coming and wait for its retransmit timer: 13 after
// reset (8 KiB, the largest power of two within 52 KB / 4 at 100 Gb/s and the default T of 4160
// ns); lower it with T or the line rate. With INT on every request packet asks
localparam integer HPNIC_CTRL_ACK_REQ_SPACING_LOG2_LSB          = 0;
localparam integer HPNIC_CTRL_ACK_REQ_SPACING_LOG2_W            = 4;
localparam [31:0]  HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK         = 32'h0000_000f;

// CC ("HPCC" 1.1): NIC-wide HPCC parameters, in the units of the RTL CC engine (docs/cc.md). The
// engine checks HPCC's (CTRL.CC_PARAM_STATUS: clamped, not refused) and derives its constants
// when one is written. A register with a Range (DCQCN's, the notification point's, the sweeper's)
// refuses a write outside it whole: it keeps its value and RANGE_STATUS reads BAD_VALUE with the
// offset.
localparam [31:0]  HPNIC_CC_BASE                     = 32'h0000_0200;
localparam [31:0]  HPNIC_CC_BLOCK_SIZE               = 32'h0000_0100;
localparam [31:0]  HPNIC_CC_BLOCK_TYPE               = 32'h4850_4343;  // "HPCC"
localparam [31:0]  HPNIC_CC_BLOCK_VERSION            = 32'h0001_0001;  // 1.1
localparam [31:0]  HPNIC_CC_BLOCK_NEXT               = 32'h0000_0300;
localparam [31:0]  HPNIC_CC_TYPE                     = 32'h0000_0200;
localparam [31:0]  HPNIC_CC_VERSION                  = 32'h0000_0204;
localparam [31:0]  HPNIC_CC_NEXT                     = 32'h0000_0208;
localparam [31:0]  HPNIC_CC_SIZE                     = 32'h0000_020c;

// CC.T_NS (rw): T, the base RTT, in ns
localparam [31:0]  HPNIC_CC_T_NS                     = 32'h0000_0210;
localparam integer HPNIC_CC_T_NS_W                   = 20;
localparam [31:0]  HPNIC_CC_T_NS_MASK                = 32'h000f_ffff;
localparam [19:0]  HPNIC_CC_T_NS_RST                 = 20'd4160;

// CC.ETA (rw): eta, the target utilisation, Q0.16 (62259 = 0.95)
localparam [31:0]  HPNIC_CC_ETA                      = 32'h0000_0214;
localparam integer HPNIC_CC_ETA_W                    = 17;
localparam [31:0]  HPNIC_CC_ETA_MASK                 = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_ETA_RST                  = 17'd62259;

// CC.MAX_STAGE (rw): maxStage: additive-increase steps before a multiplicative update
localparam [31:0]  HPNIC_CC_MAX_STAGE                = 32'h0000_0218;
localparam integer HPNIC_CC_MAX_STAGE_W              = 4;
localparam [31:0]  HPNIC_CC_MAX_STAGE_MASK           = 32'h0000_000f;
localparam [3:0]   HPNIC_CC_MAX_STAGE_RST            = 4'd5;

// CC.WAI (rw): W_AI, the additive increase, bytes in Q16.4 (1280 = 80 B)
localparam [31:0]  HPNIC_CC_WAI                      = 32'h0000_021c;
localparam integer HPNIC_CC_WAI_W                    = 20;
localparam [31:0]  HPNIC_CC_WAI_MASK                 = 32'h000f_ffff;
localparam [19:0]  HPNIC_CC_WAI_RST                  = 20'd1280;

// CC.LINE_MBPS (rw): line rate, Mb/s
localparam [31:0]  HPNIC_CC_LINE_MBPS                = 32'h0000_0220;
localparam integer HPNIC_CC_LINE_MBPS_W              = 20;
localparam [31:0]  HPNIC_CC_LINE_MBPS_MASK           = 32'h000f_ffff;
localparam [19:0]  HPNIC_CC_LINE_MBPS_RST            = 20'h186a0;

// CC.MIN_MBPS (rw): minimum rate, Mb/s
localparam [31:0]  HPNIC_CC_MIN_MBPS                 = 32'h0000_0224;
localparam integer HPNIC_CC_MIN_MBPS_W               = 20;
localparam [31:0]  HPNIC_CC_MIN_MBPS_MASK            = 32'h000f_ffff;
localparam [19:0]  HPNIC_CC_MIN_MBPS_RST             = 20'd100;

// CC.SCHED_OVERHEAD (rw): wire bytes charged per packet beyond the payload and its RETH/AETH
// (Ethernet to FCS, preamble, gap): pacing credit, work and window count them
localparam [31:0]  HPNIC_CC_SCHED_OVERHEAD           = 32'h0000_0228;
localparam integer HPNIC_CC_SCHED_OVERHEAD_W         = 8;
localparam [31:0]  HPNIC_CC_SCHED_OVERHEAD_MASK      = 32'h0000_00ff;
localparam [7:0]   HPNIC_CC_SCHED_OVERHEAD_RST       = 8'd82;

// CC.SCHED_BURST (rw): pacing burst allowance, bytes beyond one grant (4 KiB by default: with
// none, any scheduling jitter is lost line time; a lone QP reached 81% of the line at 1 KiB)
localparam [31:0]  HPNIC_CC_SCHED_BURST              = 32'h0000_022c;
localparam integer HPNIC_CC_SCHED_BURST_W            = 16;
localparam [31:0]  HPNIC_CC_SCHED_BURST_MASK         = 32'h0000_ffff;
localparam [15:0]  HPNIC_CC_SCHED_BURST_RST          = 16'd4096;

// CC.SCHED_GRANT (rw): wire bytes of pacing credit and window per scheduler grant, at most the
// path MTU (0: the path MTU); read when a QP starts. Small grants pace small messages one or two
// packets at a time instead of an MTU's worth in a burst
localparam [31:0]  HPNIC_CC_SCHED_GRANT              = 32'h0000_0234;
localparam integer HPNIC_CC_SCHED_GRANT_W            = 14;
localparam [31:0]  HPNIC_CC_SCHED_GRANT_MASK         = 32'h0000_3fff;
localparam [13:0]  HPNIC_CC_SCHED_GRANT_RST          = 14'd256;

// CC.DEFAULT_MODE (rw): CC mode of QPs that do not set their own
localparam [31:0]  HPNIC_CC_DEFAULT_MODE             = 32'h0000_0230;
localparam integer HPNIC_CC_DEFAULT_MODE_W           = 2;
localparam [31:0]  HPNIC_CC_DEFAULT_MODE_MASK        = 32'h0000_0003;
localparam [1:0]   HPNIC_CC_DEFAULT_MODE_RST         = 2'd0;

// CC.DCQCN_LINE (rw): DCQCN (CC mode 1): the line rate, bytes/ns Q8.16 (round(Mb/s x 8192 /
// 1000), 819200 = 100 Gb/s): Rc and Rt at INIT, Rt's cap. Keep it LINE_MBPS's (W_max is HPCC's).
// docs/cc-dcqcn.md, as dcqcn_derive() makes it; the engine takes it while quiet
localparam [31:0]  HPNIC_CC_DCQCN_LINE               = 32'h0000_0240;
localparam integer HPNIC_CC_DCQCN_LINE_W             = 24;
localparam [31:0]  HPNIC_CC_DCQCN_LINE_MASK          = 32'h00ff_ffff;
localparam [23:0]  HPNIC_CC_DCQCN_LINE_RST           = 24'hc8000;
// the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_LINE_MIN           = 32'd8192;
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_LINE_MAX           = 32'd8589926;
localparam integer HPNIC_CC_DCQCN_LINE_ZERO_OK       = 0;

// CC.DCQCN_MIN (rw): DCQCN: Rmin (rpg_min_rate), Q8.16 (328 = 40 Mb/s)
localparam [31:0]  HPNIC_CC_DCQCN_MIN                = 32'h0000_0244;
localparam integer HPNIC_CC_DCQCN_MIN_W              = 24;
localparam [31:0]  HPNIC_CC_DCQCN_MIN_MASK           = 32'h00ff_ffff;
localparam [23:0]  HPNIC_CC_DCQCN_MIN_RST            = 24'd328;
// the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_MIN_MIN            = 32'd328;
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_MIN_MAX            = 32'd8589926;
localparam integer HPNIC_CC_DCQCN_MIN_ZERO_OK        = 0;

// CC.DCQCN_AI (rw): DCQCN: R_AI (rpg_ai_rate), Q8.16 (328 = 40 Mb/s)
localparam [31:0]  HPNIC_CC_DCQCN_AI                 = 32'h0000_0248;
localparam integer HPNIC_CC_DCQCN_AI_W               = 24;
localparam [31:0]  HPNIC_CC_DCQCN_AI_MASK            = 32'h00ff_ffff;
localparam [23:0]  HPNIC_CC_DCQCN_AI_RST             = 24'd328;
// the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_AI_MIN             = 32'd328;
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_AI_MAX             = 32'd8589926;
localparam integer HPNIC_CC_DCQCN_AI_ZERO_OK         = 0;

// CC.DCQCN_HAI (rw): DCQCN: R_HAI (rpg_hai_rate), Q8.16 (1638 = 200 Mb/s)
localparam [31:0]  HPNIC_CC_DCQCN_HAI                = 32'h0000_024c;
localparam integer HPNIC_CC_DCQCN_HAI_W              = 24;
localparam [31:0]  HPNIC_CC_DCQCN_HAI_MASK           = 32'h00ff_ffff;
localparam [23:0]  HPNIC_CC_DCQCN_HAI_RST            = 24'd1638;
// the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_HAI_MIN            = 32'd328;
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_HAI_MAX            = 32'd8589926;
localparam integer HPNIC_CC_DCQCN_HAI_ZERO_OK        = 0;

// CC.DCQCN_FIRST (rw): DCQCN: rate_to_set_on_first_cnp, Q8.16; 0 off
localparam [31:0]  HPNIC_CC_DCQCN_FIRST              = 32'h0000_0250;
localparam integer HPNIC_CC_DCQCN_FIRST_W            = 24;
localparam [31:0]  HPNIC_CC_DCQCN_FIRST_MASK         = 32'h00ff_ffff;
localparam [23:0]  HPNIC_CC_DCQCN_FIRST_RST          = 24'd0;
// the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_FIRST_MIN          = 32'd328;
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_FIRST_MAX          = 32'd8589926;
localparam integer HPNIC_CC_DCQCN_FIRST_ZERO_OK      = 1;  // 0 is taken too

// CC.DCQCN_G (rw): DCQCN: g x 1024, 2..1023 (4 = the paper's 1/256); DCQCN_TAB must hold this g's
// D tables
localparam [31:0]  HPNIC_CC_DCQCN_G                  = 32'h0000_0254;
localparam integer HPNIC_CC_DCQCN_G_W                = 10;
localparam [31:0]  HPNIC_CC_DCQCN_G_MASK             = 32'h0000_03ff;
localparam [9:0]   HPNIC_CC_DCQCN_G_RST              = 10'd4;
localparam [31:0]  HPNIC_CC_DCQCN_G_MIN              = 32'd2;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_G_MAX              = 32'd1023;
localparam integer HPNIC_CC_DCQCN_G_ZERO_OK          = 0;

// CC.DCQCN_ALPHA0 (rw): DCQCN: alpha at INIT (initial_alpha_value), Q1.22 (4190208 = 1023/1024)
localparam [31:0]  HPNIC_CC_DCQCN_ALPHA0             = 32'h0000_0258;
localparam integer HPNIC_CC_DCQCN_ALPHA0_W           = 23;
localparam [31:0]  HPNIC_CC_DCQCN_ALPHA0_MASK        = 32'h007f_ffff;
localparam [22:0]  HPNIC_CC_DCQCN_ALPHA0_RST         = 23'h3ff000;
localparam [31:0]  HPNIC_CC_DCQCN_ALPHA0_MIN         = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_ALPHA0_MAX         = 32'd4194304;
localparam integer HPNIC_CC_DCQCN_ALPHA0_ZERO_OK     = 0;

// CC.DCQCN_MIN_DEC (rw): DCQCN: the decrease factor's floor (rpg_min_dec_fac), Q1.16 (32768 = 50
// %)
localparam [31:0]  HPNIC_CC_DCQCN_MIN_DEC            = 32'h0000_025c;
localparam integer HPNIC_CC_DCQCN_MIN_DEC_W          = 17;
localparam [31:0]  HPNIC_CC_DCQCN_MIN_DEC_MASK       = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_DCQCN_MIN_DEC_RST        = 17'd32768;
localparam [31:0]  HPNIC_CC_DCQCN_MIN_DEC_MIN        = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_MIN_DEC_MAX        = 32'd65536;
localparam integer HPNIC_CC_DCQCN_MIN_DEC_ZERO_OK    = 0;

// CC.DCQCN_GD (rw): DCQCN: gd, f = 1 - alpha x 2^-gd (1 halves alpha)
localparam [31:0]  HPNIC_CC_DCQCN_GD                 = 32'h0000_0260;
localparam integer HPNIC_CC_DCQCN_GD_W               = 4;
localparam [31:0]  HPNIC_CC_DCQCN_GD_MASK            = 32'h0000_000f;
localparam [3:0]   HPNIC_CC_DCQCN_GD_RST             = 4'd1;
localparam [31:0]  HPNIC_CC_DCQCN_GD_MIN             = 32'd0;  // the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_GD_MAX             = 32'd15;  // the highest; others are refused
localparam integer HPNIC_CC_DCQCN_GD_ZERO_OK         = 0;

// CC.DCQCN_TD_US (rw): DCQCN: Td (rate_reduce_monitor_period), us
localparam [31:0]  HPNIC_CC_DCQCN_TD_US              = 32'h0000_0264;
localparam integer HPNIC_CC_DCQCN_TD_US_W            = 17;
localparam [31:0]  HPNIC_CC_DCQCN_TD_US_MASK         = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_DCQCN_TD_US_RST          = 17'd4;
localparam [31:0]  HPNIC_CC_DCQCN_TD_US_MIN          = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_TD_US_MAX          = 32'd131071;
localparam integer HPNIC_CC_DCQCN_TD_US_ZERO_OK      = 0;

// CC.DCQCN_TI_US (rw): DCQCN: Ti (rpg_time_reset), us, at least 1
localparam [31:0]  HPNIC_CC_DCQCN_TI_US              = 32'h0000_0268;
localparam integer HPNIC_CC_DCQCN_TI_US_W            = 17;
localparam [31:0]  HPNIC_CC_DCQCN_TI_US_MASK         = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_DCQCN_TI_US_RST          = 17'd300;
localparam [31:0]  HPNIC_CC_DCQCN_TI_US_MIN          = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_TI_US_MAX          = 32'd131071;
localparam integer HPNIC_CC_DCQCN_TI_US_ZERO_OK      = 0;

// CC.DCQCN_B_PKTS (rw): DCQCN: packets per byte-counter increase, ceil(rpg_byte_reset / path
// MTU), 1..65535 (2560 = 10 MiB of 4 KiB)
localparam [31:0]  HPNIC_CC_DCQCN_B_PKTS             = 32'h0000_026c;
localparam integer HPNIC_CC_DCQCN_B_PKTS_W           = 16;
localparam [31:0]  HPNIC_CC_DCQCN_B_PKTS_MASK        = 32'h0000_ffff;
localparam [15:0]  HPNIC_CC_DCQCN_B_PKTS_RST         = 16'd2560;
localparam [31:0]  HPNIC_CC_DCQCN_B_PKTS_MIN         = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_B_PKTS_MAX         = 32'd65535;
localparam integer HPNIC_CC_DCQCN_B_PKTS_ZERO_OK     = 0;

// CC.DCQCN_THRESHOLD (rw): DCQCN: F (rpg_threshold), 0..31
localparam [31:0]  HPNIC_CC_DCQCN_THRESHOLD          = 32'h0000_0270;
localparam integer HPNIC_CC_DCQCN_THRESHOLD_W        = 5;
localparam [31:0]  HPNIC_CC_DCQCN_THRESHOLD_MASK     = 32'h0000_001f;
localparam [4:0]   HPNIC_CC_DCQCN_THRESHOLD_RST      = 5'd5;
localparam [31:0]  HPNIC_CC_DCQCN_THRESHOLD_MIN      = 32'd0;  // the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_THRESHOLD_MAX      = 32'd31;  // the highest; others are refused
localparam integer HPNIC_CC_DCQCN_THRESHOLD_ZERO_OK  = 0;

// CC.DCQCN_PERIOD_US (rw): DCQCN: the alpha period (dce_tcp_rtt), us, at least 1
localparam [31:0]  HPNIC_CC_DCQCN_PERIOD_US          = 32'h0000_0274;
localparam integer HPNIC_CC_DCQCN_PERIOD_US_W        = 17;
localparam [31:0]  HPNIC_CC_DCQCN_PERIOD_US_MASK     = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_DCQCN_PERIOD_US_RST      = 17'd1;
localparam [31:0]  HPNIC_CC_DCQCN_PERIOD_US_MIN      = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_PERIOD_US_MAX      = 32'd131071;
localparam integer HPNIC_CC_DCQCN_PERIOD_US_ZERO_OK  = 0;

// CC.DCQCN_TAB_IDX (rw): DCQCN: which D-table entry DCQCN_TAB reads and writes: 16 j + k for
// tab[j][k] = (1 - g)^(k x 16^j)
localparam [31:0]  HPNIC_CC_DCQCN_TAB_IDX            = 32'h0000_0278;
localparam integer HPNIC_CC_DCQCN_TAB_IDX_W          = 6;
localparam [31:0]  HPNIC_CC_DCQCN_TAB_IDX_MASK       = 32'h0000_003f;
localparam [5:0]   HPNIC_CC_DCQCN_TAB_IDX_RST        = 6'd0;
localparam [31:0]  HPNIC_CC_DCQCN_TAB_IDX_MIN        = 32'd0;  // the lowest value a write may hold
localparam [31:0]  HPNIC_CC_DCQCN_TAB_IDX_MAX        = 32'd63;  // the highest; others are refused
localparam integer HPNIC_CC_DCQCN_TAB_IDX_ZERO_OK    = 0;

// CC.DCQCN_TAB (rw): DCQCN: D-table entry DCQCN_TAB_IDX, Q1.17 (dcqcn_tables()); the reset values
// are g = 4's
localparam [31:0]  HPNIC_CC_DCQCN_TAB                = 32'h0000_027c;
localparam integer HPNIC_CC_DCQCN_TAB_W              = 18;
localparam [31:0]  HPNIC_CC_DCQCN_TAB_MASK           = 32'h0003_ffff;
localparam [17:0]  HPNIC_CC_DCQCN_TAB_RST            = 18'h20000;
localparam [31:0]  HPNIC_CC_DCQCN_TAB_MIN            = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_TAB_MAX            = 32'd131072;
localparam integer HPNIC_CC_DCQCN_TAB_ZERO_OK        = 0;

// CC.NP_MIN_TIME_US (rw): DCQCN notification point: min_time_between_cnps, us, 0..4095 (0: a CNP
// for every CE-marked request). At most one CNP per responder QP in this time. A write of a
// larger value is refused: the register keeps its value and NP_STATUS (and RANGE_STATUS) read
// BAD_VALUE
localparam [31:0]  HPNIC_CC_NP_MIN_TIME_US           = 32'h0000_0280;
localparam integer HPNIC_CC_NP_MIN_TIME_US_W         = 12;
localparam [31:0]  HPNIC_CC_NP_MIN_TIME_US_MASK      = 32'h0000_0fff;
localparam [11:0]  HPNIC_CC_NP_MIN_TIME_US_RST       = 12'd4;
localparam [31:0]  HPNIC_CC_NP_MIN_TIME_US_MIN       = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_NP_MIN_TIME_US_MAX       = 32'd4095;
localparam integer HPNIC_CC_NP_MIN_TIME_US_ZERO_OK   = 0;

// CC.NP_STATUS (ro): the result of the last write to NP_MIN_TIME_US: OK, or BAD_VALUE when it was
// refused
localparam [31:0]  HPNIC_CC_NP_STATUS                = 32'h0000_0284;
localparam integer HPNIC_CC_NP_STATUS_W              = 8;
localparam [31:0]  HPNIC_CC_NP_STATUS_MASK           = 32'h0000_00ff;

// CC.DCQCN_TICK_US (rw): DCQCN: the sweeper's pass period, us (0: no sweeps). A pass gives every
// QP in mode 1 a TICK, so its rate-increase timer runs without ACKs or CNPs; an increase is late
// by at most a pass (docs/cc-dcqcn.md)
localparam [31:0]  HPNIC_CC_DCQCN_TICK_US            = 32'h0000_0288;
localparam integer HPNIC_CC_DCQCN_TICK_US_W          = 17;
localparam [31:0]  HPNIC_CC_DCQCN_TICK_US_MASK       = 32'h0001_ffff;
localparam [16:0]  HPNIC_CC_DCQCN_TICK_US_RST        = 17'd32;
localparam [31:0]  HPNIC_CC_DCQCN_TICK_US_MIN        = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_DCQCN_TICK_US_MAX        = 32'd131071;
localparam integer HPNIC_CC_DCQCN_TICK_US_ZERO_OK    = 0;

// CC.VAI_THRESH (rw): Variable AI: Token Thresh, bytes: an RTT whose largest INT queue exceeds it
// puts tokens in a VAI QP's AI Bank (docs/cc-vai-sf.md)
localparam [31:0]  HPNIC_CC_VAI_THRESH               = 32'h0000_028c;
localparam integer HPNIC_CC_VAI_THRESH_W             = 23;
localparam [31:0]  HPNIC_CC_VAI_THRESH_MASK          = 32'h007f_ffff;
localparam [22:0]  HPNIC_CC_VAI_THRESH_RST           = 23'd50000;
localparam [31:0]  HPNIC_CC_VAI_THRESH_MIN           = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_VAI_THRESH_MAX           = 32'd8388607;
localparam integer HPNIC_CC_VAI_THRESH_ZERO_OK       = 0;

// CC.VAI_AI_DIV (rw): Variable AI: AI DIV, bytes of queue per token
localparam [31:0]  HPNIC_CC_VAI_AI_DIV               = 32'h0000_0290;
localparam integer HPNIC_CC_VAI_AI_DIV_W             = 23;
localparam [31:0]  HPNIC_CC_VAI_AI_DIV_MASK          = 32'h007f_ffff;
localparam [22:0]  HPNIC_CC_VAI_AI_DIV_RST           = 23'd1000;
localparam [31:0]  HPNIC_CC_VAI_AI_DIV_MIN           = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_VAI_AI_DIV_MAX           = 32'd8388607;
localparam integer HPNIC_CC_VAI_AI_DIV_ZERO_OK       = 0;

// CC.VAI_BANK_CAP (rw): Variable AI: Bank Cap, the most tokens a QP's AI Bank holds
localparam [31:0]  HPNIC_CC_VAI_BANK_CAP             = 32'h0000_0294;
localparam integer HPNIC_CC_VAI_BANK_CAP_W           = 12;
localparam [31:0]  HPNIC_CC_VAI_BANK_CAP_MASK        = 32'h0000_0fff;
localparam [11:0]  HPNIC_CC_VAI_BANK_CAP_RST         = 12'd1000;
localparam [31:0]  HPNIC_CC_VAI_BANK_CAP_MIN         = 32'd0;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_VAI_BANK_CAP_MAX         = 32'd4095;
localparam integer HPNIC_CC_VAI_BANK_CAP_ZERO_OK     = 0;

// CC.VAI_AI_CAP (rw): Variable AI: AI Cap, the most tokens one update spends
localparam [31:0]  HPNIC_CC_VAI_AI_CAP               = 32'h0000_0298;
localparam integer HPNIC_CC_VAI_AI_CAP_W             = 10;
localparam [31:0]  HPNIC_CC_VAI_AI_CAP_MASK          = 32'h0000_03ff;
localparam [9:0]   HPNIC_CC_VAI_AI_CAP_RST           = 10'd100;
localparam [31:0]  HPNIC_CC_VAI_AI_CAP_MIN           = 32'd1;  // the lowest value a write may hold
// the highest; others are refused
localparam [31:0]  HPNIC_CC_VAI_AI_CAP_MAX           = 32'd1023;
localparam integer HPNIC_CC_VAI_AI_CAP_ZERO_OK       = 0;

// CC.VAI_DAMP_SHIFT (rw): Variable AI: the Dampener Constant is 2^VAI_DAMP_SHIFT
localparam [31:0]  HPNIC_CC_VAI_DAMP_SHIFT           = 32'h0000_029c;
localparam integer HPNIC_CC_VAI_DAMP_SHIFT_W         = 4;
localparam [31:0]  HPNIC_CC_VAI_DAMP_SHIFT_MASK      = 32'h0000_000f;
localparam [3:0]   HPNIC_CC_VAI_DAMP_SHIFT_RST       = 4'd3;
localparam [31:0]  HPNIC_CC_VAI_DAMP_SHIFT_MIN       = 32'd0;  // the lowest value a write may hold
localparam [31:0]  HPNIC_CC_VAI_DAMP_SHIFT_MAX       = 32'd15;  // the highest; others are refused
localparam integer HPNIC_CC_VAI_DAMP_SHIFT_ZERO_OK   = 0;

// CC.SF_ACKS (rw): Sampling Frequency: N, a congested ACK commits Wc once N ACKs came since the
// last commit
localparam [31:0]  HPNIC_CC_SF_ACKS                  = 32'h0000_02a0;
localparam integer HPNIC_CC_SF_ACKS_W                = 8;
localparam [31:0]  HPNIC_CC_SF_ACKS_MASK             = 32'h0000_00ff;
localparam [7:0]   HPNIC_CC_SF_ACKS_RST              = 8'd30;
localparam [31:0]  HPNIC_CC_SF_ACKS_MIN              = 32'd1;  // the lowest value a write may hold
localparam [31:0]  HPNIC_CC_SF_ACKS_MAX              = 32'd255;  // the highest; others are refused
localparam integer HPNIC_CC_SF_ACKS_ZERO_OK          = 0;

// CC.RANGE_STATUS (ro): the CC block's range check: the result of the last write to a CC register
// with a Range, and where the last refused one went. Read-only; reset clears it
localparam [31:0]  HPNIC_CC_RANGE_STATUS             = 32'h0000_02c0;
// the last write to a register with a Range: OK, or BAD_VALUE when it was refused (the register
// kept its value)
localparam integer HPNIC_CC_RANGE_STATUS_ERROR_LSB   = 0;
localparam integer HPNIC_CC_RANGE_STATUS_ERROR_W     = 8;
localparam [31:0]  HPNIC_CC_RANGE_STATUS_ERROR_MASK  = 32'h0000_00ff;
// the absolute BAR0 offset of the last refused write (0 until one is refused): which register
// refused it
localparam integer HPNIC_CC_RANGE_STATUS_OFFSET_LSB  = 16;
localparam integer HPNIC_CC_RANGE_STATUS_OFFSET_W    = 12;
localparam [31:0]  HPNIC_CC_RANGE_STATUS_OFFSET_MASK = 32'h0fff_0000;

// QP ("HPQP" 1.2): Indirect access to one QP context at a time: fill the staging registers, write
// CMD, wait for CMD_STATUS.BUSY to clear, then read CMD_STATUS.ERROR.
localparam [31:0]  HPNIC_QP_BASE                  = 32'h0000_0300;
localparam [31:0]  HPNIC_QP_BLOCK_SIZE            = 32'h0000_0100;
localparam [31:0]  HPNIC_QP_BLOCK_TYPE            = 32'h4850_5150;  // "HPQP"
localparam [31:0]  HPNIC_QP_BLOCK_VERSION         = 32'h0001_0002;  // 1.2
localparam [31:0]  HPNIC_QP_BLOCK_NEXT            = 32'h0000_0400;
localparam [31:0]  HPNIC_QP_TYPE                  = 32'h0000_0300;
localparam [31:0]  HPNIC_QP_VERSION               = 32'h0000_0304;
localparam [31:0]  HPNIC_QP_NEXT                  = 32'h0000_0308;
localparam [31:0]  HPNIC_QP_SIZE                  = 32'h0000_030c;

// QP.QPN (rw): the QP the command applies to
localparam [31:0]  HPNIC_QP_QPN                   = 32'h0000_0310;
localparam [31:0]  HPNIC_QP_QPN_RST               = 32'd0;

// QP.STATE (rw): QP state
localparam [31:0]  HPNIC_QP_STATE                 = 32'h0000_0314;
localparam integer HPNIC_QP_STATE_W               = 3;
localparam [31:0]  HPNIC_QP_STATE_MASK            = 32'h0000_0007;
localparam [2:0]   HPNIC_QP_STATE_RST             = 3'd0;

// QP.MTU_LOG2 (rw): log2 of the path MTU payload, 6..12 (64 B..4 KiB)
localparam [31:0]  HPNIC_QP_MTU_LOG2              = 32'h0000_0318;
localparam integer HPNIC_QP_MTU_LOG2_W            = 4;
localparam [31:0]  HPNIC_QP_MTU_LOG2_MASK         = 32'h0000_000f;
localparam [3:0]   HPNIC_QP_MTU_LOG2_RST          = 4'd0;

// QP.DQPN (rw): destination QPN
localparam [31:0]  HPNIC_QP_DQPN                  = 32'h0000_031c;
localparam integer HPNIC_QP_DQPN_W                = 24;
localparam [31:0]  HPNIC_QP_DQPN_MASK             = 32'h00ff_ffff;
localparam [23:0]  HPNIC_QP_DQPN_RST              = 24'd0;

// QP.DMAC_LO (rw): destination MAC bits 31:0 (as CTRL.MAC_LO)
localparam [31:0]  HPNIC_QP_DMAC_LO               = 32'h0000_0320;
localparam [31:0]  HPNIC_QP_DMAC_LO_RST           = 32'd0;

// QP.DMAC_HI (rw): destination MAC bits 47:32
localparam [31:0]  HPNIC_QP_DMAC_HI               = 32'h0000_0324;
localparam integer HPNIC_QP_DMAC_HI_W             = 16;
localparam [31:0]  HPNIC_QP_DMAC_HI_MASK          = 32'h0000_ffff;
localparam [15:0]  HPNIC_QP_DMAC_HI_RST           = 16'd0;

// QP.DIP (rw): destination IPv4 address (as CTRL.IP)
localparam [31:0]  HPNIC_QP_DIP                   = 32'h0000_0328;
localparam [31:0]  HPNIC_QP_DIP_RST               = 32'd0;

// QP.SPORT (rw): UDP source port (the flow's ECMP entropy)
localparam [31:0]  HPNIC_QP_SPORT                 = 32'h0000_032c;
localparam integer HPNIC_QP_SPORT_W               = 16;
localparam [31:0]  HPNIC_QP_SPORT_MASK            = 32'h0000_ffff;
localparam [15:0]  HPNIC_QP_SPORT_RST             = 16'd0;

// QP.DSCP_ECN (rw): IPv4 TOS byte: DSCP in bits 7:2 (0x6a = DSCP 26); bits 1:0 are not used: TX
// sends ECN = ECT(0) on the requests of a QP in CC mode 1 (DCQCN) and 00 on everything else
// (docs/wire.md)
localparam [31:0]  HPNIC_QP_DSCP_ECN              = 32'h0000_0330;
localparam integer HPNIC_QP_DSCP_ECN_W            = 8;
localparam [31:0]  HPNIC_QP_DSCP_ECN_MASK         = 32'h0000_00ff;
localparam [7:0]   HPNIC_QP_DSCP_ECN_RST          = 8'd106;

// QP.SQ_BASE_LO (rw): send queue IO address, bits 31:0 (64-byte aligned)
localparam [31:0]  HPNIC_QP_SQ_BASE_LO            = 32'h0000_0334;
localparam [31:0]  HPNIC_QP_SQ_BASE_LO_RST        = 32'd0;

// QP.SQ_BASE_HI (rw): send queue IO address, bits 63:32
localparam [31:0]  HPNIC_QP_SQ_BASE_HI            = 32'h0000_0338;
localparam [31:0]  HPNIC_QP_SQ_BASE_HI_RST        = 32'd0;

// QP.SQ_LOG2 (rw): log2 of the send queue entries, at most 15
localparam [31:0]  HPNIC_QP_SQ_LOG2               = 32'h0000_033c;
localparam integer HPNIC_QP_SQ_LOG2_W             = 5;
localparam [31:0]  HPNIC_QP_SQ_LOG2_MASK          = 32'h0000_001f;
localparam [4:0]   HPNIC_QP_SQ_LOG2_RST           = 5'd0;

// QP.CQN (rw): completion queue of this QP
localparam [31:0]  HPNIC_QP_CQN                   = 32'h0000_0340;
localparam [31:0]  HPNIC_QP_CQN_RST               = 32'd0;

// QP.SQ_PSN (rw): first PSN the QP sends (used by START and START_SQ)
localparam [31:0]  HPNIC_QP_SQ_PSN                = 32'h0000_0344;
localparam integer HPNIC_QP_SQ_PSN_W              = 24;
localparam [31:0]  HPNIC_QP_SQ_PSN_MASK           = 32'h00ff_ffff;
localparam [23:0]  HPNIC_QP_SQ_PSN_RST            = 24'd0;

// QP.RQ_PSN (rw): first PSN the QP expects (used by START and START_RQ)
localparam [31:0]  HPNIC_QP_RQ_PSN                = 32'h0000_0348;
localparam integer HPNIC_QP_RQ_PSN_W              = 24;
localparam [31:0]  HPNIC_QP_RQ_PSN_MASK           = 32'h00ff_ffff;
localparam [23:0]  HPNIC_QP_RQ_PSN_RST            = 24'd0;

// QP.CC_MODE (rw): CC mode of this QP
localparam [31:0]  HPNIC_QP_CC_MODE               = 32'h0000_034c;
localparam integer HPNIC_QP_CC_MODE_W             = 2;
localparam [31:0]  HPNIC_QP_CC_MODE_MASK          = 32'h0000_0003;
localparam [1:0]   HPNIC_QP_CC_MODE_RST           = 2'd0;

// QP.CC_OVERRIDE (rw): 1: use QP_T_NS, QP_WAI and QP_MAX_STAGE instead of the CC block's
localparam [31:0]  HPNIC_QP_CC_OVERRIDE           = 32'h0000_0350;
localparam integer HPNIC_QP_CC_OVERRIDE_W         = 1;
localparam [31:0]  HPNIC_QP_CC_OVERRIDE_MASK      = 32'h0000_0001;
localparam [0:0]   HPNIC_QP_CC_OVERRIDE_RST       = 1'd0;

// QP.QP_T_NS (rw): per-QP T in ns (as CC.T_NS), with CC_OVERRIDE
localparam [31:0]  HPNIC_QP_QP_T_NS               = 32'h0000_0354;
localparam integer HPNIC_QP_QP_T_NS_W             = 20;
localparam [31:0]  HPNIC_QP_QP_T_NS_MASK          = 32'h000f_ffff;
localparam [19:0]  HPNIC_QP_QP_T_NS_RST           = 20'd0;

// QP.QP_WAI (rw): per-QP W_AI, Q16.4 bytes (as CC.WAI), with CC_OVERRIDE
localparam [31:0]  HPNIC_QP_QP_WAI                = 32'h0000_0358;
localparam integer HPNIC_QP_QP_WAI_W              = 20;
localparam [31:0]  HPNIC_QP_QP_WAI_MASK           = 32'h000f_ffff;
localparam [19:0]  HPNIC_QP_QP_WAI_RST            = 20'd0;

// QP.QP_MAX_STAGE (rw): per-QP maxStage (as CC.MAX_STAGE), with CC_OVERRIDE
localparam [31:0]  HPNIC_QP_QP_MAX_STAGE          = 32'h0000_035c;
localparam integer HPNIC_QP_QP_MAX_STAGE_W        = 4;
localparam [31:0]  HPNIC_QP_QP_MAX_STAGE_MASK     = 32'h0000_000f;
localparam [3:0]   HPNIC_QP_QP_MAX_STAGE_RST      = 4'd0;

// QP.CMD (wo): command on QP QPN; the write starts it
localparam [31:0]  HPNIC_QP_CMD                   = 32'h0000_0360;
localparam integer HPNIC_QP_CMD_W                 = 8;
localparam [31:0]  HPNIC_QP_CMD_MASK              = 32'h0000_00ff;
// write the context from the staging registers
localparam [7:0]   HPNIC_QP_CMD_WRITE             = 8'd1;
// write the context and restart the QP's transport state at SQ_PSN/RQ_PSN
localparam [7:0]   HPNIC_QP_CMD_START             = 8'd2;
// load the staging registers from QP QPN
localparam [7:0]   HPNIC_QP_CMD_READ              = 8'd3;
// write the context and restart the QP's receive side (responder, READ tracking) at RQ_PSN: a
// connection's RTR
localparam [7:0]   HPNIC_QP_CMD_START_RQ          = 8'd4;
// write the context and restart the QP's send side (requester, completer, CC state, scheduler
// flow) at SQ_PSN: a connection's RTS
localparam [7:0]   HPNIC_QP_CMD_START_SQ          = 8'd5;

// QP.CMD_STATUS (ro): command status
localparam [31:0]  HPNIC_QP_CMD_STATUS            = 32'h0000_0364;
localparam integer HPNIC_QP_CMD_STATUS_BUSY_LSB   = 0;  // a command is running
localparam integer HPNIC_QP_CMD_STATUS_BUSY_W     = 1;
localparam [31:0]  HPNIC_QP_CMD_STATUS_BUSY_MASK  = 32'h0000_0001;
localparam integer HPNIC_QP_CMD_STATUS_ERROR_LSB  = 8;  // error code of the last command
localparam integer HPNIC_QP_CMD_STATUS_ERROR_W    = 8;
localparam [31:0]  HPNIC_QP_CMD_STATUS_ERROR_MASK = 32'h0000_ff00;

// QP.SQ_WQE_LOG2 (rw): log2 of the bytes per send-queue entry: 6 (64-byte WQEs; 0 means 6) or 7
// (128-byte WQEs, whose second half, the extension, holds an SGE list or inline data); other
// values fail the command with BAD_VALUE
localparam [31:0]  HPNIC_QP_SQ_WQE_LOG2           = 32'h0000_0368;
localparam integer HPNIC_QP_SQ_WQE_LOG2_W         = 4;
localparam [31:0]  HPNIC_QP_SQ_WQE_LOG2_MASK      = 32'h0000_000f;
localparam [3:0]   HPNIC_QP_SQ_WQE_LOG2_RST       = 4'd0;

// QP.PD (rw): protection domain: an R_Key works on this QP only if its region's MR.PD is the same
localparam [31:0]  HPNIC_QP_PD                    = 32'h0000_036c;
localparam integer HPNIC_QP_PD_W                  = 16;
localparam [31:0]  HPNIC_QP_PD_MASK               = 32'h0000_ffff;
localparam [15:0]  HPNIC_QP_PD_RST                = 16'd0;

// QP.MAX_RD_ATOMIC (rw): READs this QP may have outstanding as requester (verbs' max_rd_atomic:
// at most the peer's max_dest_rd_atomic), 1..ID.RD_ATOMIC.MAX_RD_ATOMIC; 0 means that maximum;
// more fails the command with BAD_VALUE. Read when the send side starts (START, START_SQ)
localparam [31:0]  HPNIC_QP_MAX_RD_ATOMIC         = 32'h0000_0370;
localparam integer HPNIC_QP_MAX_RD_ATOMIC_W       = 8;
localparam [31:0]  HPNIC_QP_MAX_RD_ATOMIC_MASK    = 32'h0000_00ff;
localparam [7:0]   HPNIC_QP_MAX_RD_ATOMIC_RST     = 8'd0;

// QP.RQ_BASE_LO (rw): receive queue IO address, bits 31:0: a ring of RWQEs (32 bytes each),
// aligned to its own size or to 4 KiB, whichever is smaller (so that no fetch crosses a page); a
// misaligned base fails the command with BAD_VALUE
localparam [31:0]  HPNIC_QP_RQ_BASE_LO            = 32'h0000_0374;
localparam [31:0]  HPNIC_QP_RQ_BASE_LO_RST        = 32'd0;

// QP.RQ_BASE_HI (rw): receive queue IO address, bits 63:32
localparam [31:0]  HPNIC_QP_RQ_BASE_HI            = 32'h0000_0378;
localparam [31:0]  HPNIC_QP_RQ_BASE_HI_RST        = 32'd0;

// QP.RQ_LOG2 (rw): log2 of the receive queue entries, 1..15; 0: the QP has no receive queue (its
// RQ doorbells are ignored and counted, host_rq_db_bad); above 15 fails the command with
// BAD_VALUE. A write with STATE = RESET empties the QP's receive queue (producer and fetch index
// 0, no RWQE held); other states keep what was posted
localparam [31:0]  HPNIC_QP_RQ_LOG2               = 32'h0000_037c;
localparam integer HPNIC_QP_RQ_LOG2_W             = 5;
localparam [31:0]  HPNIC_QP_RQ_LOG2_MASK          = 32'h0000_001f;
localparam [4:0]   HPNIC_QP_RQ_LOG2_RST           = 5'd0;

// QP.RCQN (rw): completion queue of this QP's receive completions (CQN is the send queue's);
// beyond the table fails the command with BAD_VALUE
localparam [31:0]  HPNIC_QP_RCQN                  = 32'h0000_0380;
localparam [31:0]  HPNIC_QP_RCQN_RST              = 32'd0;

// QP.MIN_RNR_TIMER (rw): the RNR timer code this QP's responder puts in its RNR NAKs (verbs'
// min_rnr_timer, the InfiniBand encoding: 1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms;
// AETH_SYN.RNR), 0..31; more fails the command with BAD_VALUE
localparam [31:0]  HPNIC_QP_MIN_RNR_TIMER         = 32'h0000_0384;
localparam integer HPNIC_QP_MIN_RNR_TIMER_W       = 8;
localparam [31:0]  HPNIC_QP_MIN_RNR_TIMER_MASK    = 32'h0000_00ff;
localparam [7:0]   HPNIC_QP_MIN_RNR_TIMER_RST     = 8'd12;

// QP.RNR_RETRY (rw): RNR NAKs in a row without progress this QP's requester takes as requester
// before it fails (verbs' rnr_retry), 0..7; 7 means without limit; more fails the command with
// BAD_VALUE. Each RNR NAK waits its timer code's delay and resends; the next one once none is
// left completes the WQE with RNR_RETRY_EXCEEDED and the QP fails; an acknowledgement that shows
// progress restores the count
localparam [31:0]  HPNIC_QP_RNR_RETRY             = 32'h0000_0388;
localparam integer HPNIC_QP_RNR_RETRY_W           = 8;
localparam [31:0]  HPNIC_QP_RNR_RETRY_MASK        = 32'h0000_00ff;
localparam [7:0]   HPNIC_QP_RNR_RETRY_RST         = 8'd7;

// QP.CC_OPTS (rw): per-QP options of CC mode HPCC, carried by the QP's INIT to the CC engine (at
// START and START_SQ); NIC-wide parameters in CC.VAI_* and CC.SF_ACKS (docs/cc-vai-sf.md)
localparam [31:0]  HPNIC_QP_CC_OPTS               = 32'h0000_038c;
localparam [31:0]  HPNIC_QP_CC_OPTS_RST           = 32'd0;
localparam integer HPNIC_QP_CC_OPTS_VAI_LSB       = 0;  // Variable AI
localparam integer HPNIC_QP_CC_OPTS_VAI_W         = 1;
localparam [31:0]  HPNIC_QP_CC_OPTS_VAI_MASK      = 32'h0000_0001;
localparam integer HPNIC_QP_CC_OPTS_SF_LSB        = 1;  // Sampling Frequency
localparam integer HPNIC_QP_CC_OPTS_SF_W          = 1;
localparam [31:0]  HPNIC_QP_CC_OPTS_SF_MASK       = 32'h0000_0002;

// MR ("HPMR" 1.2): Indirect access to the memory-region table, as the QP block, and to the memory
// translation table (MTT). An R_Key is IDX << 8 | TAG.
localparam [31:0]  HPNIC_MR_BASE                     = 32'h0000_0400;
localparam [31:0]  HPNIC_MR_BLOCK_SIZE               = 32'h0000_0100;
localparam [31:0]  HPNIC_MR_BLOCK_TYPE               = 32'h4850_4d52;  // "HPMR"
localparam [31:0]  HPNIC_MR_BLOCK_VERSION            = 32'h0001_0002;  // 1.2
localparam [31:0]  HPNIC_MR_BLOCK_NEXT               = 32'h0000_0500;
localparam [31:0]  HPNIC_MR_TYPE                     = 32'h0000_0400;
localparam [31:0]  HPNIC_MR_VERSION                  = 32'h0000_0404;
localparam [31:0]  HPNIC_MR_NEXT                     = 32'h0000_0408;
localparam [31:0]  HPNIC_MR_SIZE                     = 32'h0000_040c;

// MR.IDX (rw): table index (R_Key bits 31:8)
localparam [31:0]  HPNIC_MR_IDX                      = 32'h0000_0410;
localparam [31:0]  HPNIC_MR_IDX_RST                  = 32'd0;

// MR.TAG (rw): key tag (R_Key bits 7:0), changed at each re-registration so stale keys fail
localparam [31:0]  HPNIC_MR_TAG                      = 32'h0000_0414;
localparam integer HPNIC_MR_TAG_W                    = 8;
localparam [31:0]  HPNIC_MR_TAG_MASK                 = 32'h0000_00ff;
localparam [7:0]   HPNIC_MR_TAG_RST                  = 8'd0;

// MR.ACCESS (rw): rights the region grants
localparam [31:0]  HPNIC_MR_ACCESS                   = 32'h0000_0418;
localparam [31:0]  HPNIC_MR_ACCESS_RST               = 32'd0;
localparam integer HPNIC_MR_ACCESS_REMOTE_WRITE_LSB  = 0;  // remote RDMA WRITE into the region
localparam integer HPNIC_MR_ACCESS_REMOTE_WRITE_W    = 1;
localparam [31:0]  HPNIC_MR_ACCESS_REMOTE_WRITE_MASK = 32'h0000_0001;
localparam integer HPNIC_MR_ACCESS_REMOTE_READ_LSB   = 1;  // remote RDMA READ from the region
localparam integer HPNIC_MR_ACCESS_REMOTE_READ_W     = 1;
localparam [31:0]  HPNIC_MR_ACCESS_REMOTE_READ_MASK  = 32'h0000_0002;
// the NIC may write it (READ responses land here)
localparam integer HPNIC_MR_ACCESS_LOCAL_WRITE_LSB   = 2;
localparam integer HPNIC_MR_ACCESS_LOCAL_WRITE_W     = 1;
localparam [31:0]  HPNIC_MR_ACCESS_LOCAL_WRITE_MASK  = 32'h0000_0004;

// MR.VA_LO (rw): region virtual address (as remote peers name it), bits 31:0
localparam [31:0]  HPNIC_MR_VA_LO                    = 32'h0000_041c;
localparam [31:0]  HPNIC_MR_VA_LO_RST                = 32'd0;

// MR.VA_HI (rw): region virtual address, bits 63:32
localparam [31:0]  HPNIC_MR_VA_HI                    = 32'h0000_0420;
localparam [31:0]  HPNIC_MR_VA_HI_RST                = 32'd0;

// MR.LEN_LO (rw): region length in bytes, bits 31:0
localparam [31:0]  HPNIC_MR_LEN_LO                   = 32'h0000_0424;
localparam [31:0]  HPNIC_MR_LEN_LO_RST               = 32'd0;

// MR.LEN_HI (rw): region length, bits 47:32
localparam [31:0]  HPNIC_MR_LEN_HI                   = 32'h0000_0428;
localparam integer HPNIC_MR_LEN_HI_W                 = 16;
localparam [31:0]  HPNIC_MR_LEN_HI_MASK              = 32'h0000_ffff;
localparam [15:0]  HPNIC_MR_LEN_HI_RST               = 16'd0;

// MR.IOVA_LO (rw): NIC address of the region's first byte (enum NADDR: an IO address when bit 63
// is clear, a place in the MTT when it is set), bits 31:0
localparam [31:0]  HPNIC_MR_IOVA_LO                  = 32'h0000_042c;
localparam [31:0]  HPNIC_MR_IOVA_LO_RST              = 32'd0;

// MR.IOVA_HI (rw): NIC address, bits 63:32
localparam [31:0]  HPNIC_MR_IOVA_HI                  = 32'h0000_0430;
localparam [31:0]  HPNIC_MR_IOVA_HI_RST              = 32'd0;

// MR.CMD (wo): command on entry IDX; the write starts it
localparam [31:0]  HPNIC_MR_CMD                      = 32'h0000_0434;
localparam integer HPNIC_MR_CMD_W                    = 8;
localparam [31:0]  HPNIC_MR_CMD_MASK                 = 32'h0000_00ff;
// write the entry from the staging registers (valid)
localparam [7:0]   HPNIC_MR_CMD_WRITE                = 8'd1;
// invalidate the entry: its R_Key stops working
localparam [7:0]   HPNIC_MR_CMD_INVALIDATE           = 8'd2;

// MR.CMD_STATUS (ro): command status, as QP.CMD_STATUS
localparam [31:0]  HPNIC_MR_CMD_STATUS               = 32'h0000_0438;
localparam integer HPNIC_MR_CMD_STATUS_BUSY_LSB      = 0;  // a command is running
localparam integer HPNIC_MR_CMD_STATUS_BUSY_W        = 1;
localparam [31:0]  HPNIC_MR_CMD_STATUS_BUSY_MASK     = 32'h0000_0001;
localparam integer HPNIC_MR_CMD_STATUS_ERROR_LSB     = 8;  // error code of the last command
localparam integer HPNIC_MR_CMD_STATUS_ERROR_W       = 8;
localparam [31:0]  HPNIC_MR_CMD_STATUS_ERROR_MASK    = 32'h0000_ff00;

// MR.PD (rw): protection domain of the region: only QPs of the same QP.PD may use its R_Key
localparam [31:0]  HPNIC_MR_PD                       = 32'h0000_043c;
localparam integer HPNIC_MR_PD_W                     = 16;
localparam [31:0]  HPNIC_MR_PD_MASK                  = 32'h0000_ffff;
localparam [15:0]  HPNIC_MR_PD_RST                   = 16'd0;

// MR.MTT_IDX (rw): MTT entry the next MTT_ADDR_LO write stores; each such write adds 1, so a page
// list is written in one run
localparam [31:0]  HPNIC_MR_MTT_IDX                  = 32'h0000_0440;
localparam [31:0]  HPNIC_MR_MTT_IDX_RST              = 32'd0;

// MR.MTT_ADDR_HI (rw): IO address bits 47:32 of the pages MTT_ADDR_LO writes (kept until changed)
localparam [31:0]  HPNIC_MR_MTT_ADDR_HI              = 32'h0000_0444;
localparam integer HPNIC_MR_MTT_ADDR_HI_W            = 16;
localparam [31:0]  HPNIC_MR_MTT_ADDR_HI_MASK         = 32'h0000_ffff;
localparam [15:0]  HPNIC_MR_MTT_ADDR_HI_RST          = 16'd0;

// MR.MTT_ADDR_LO (wo): IO address bits 31:12 of a page (bits 11:0 are ignored, and for a 2 MiB
// page bits 20:12 must be 0): the write stores {MTT_ADDR_HI, this} in entry MTT_IDX and adds 1 to
// MTT_IDX. Past the table's end (ID.QP_CFG.MTT_LOG2) nothing is stored, CTRL.ERR_CODE becomes
// BAD_INDEX and host_cmd_errors counts it
localparam [31:0]  HPNIC_MR_MTT_ADDR_LO              = 32'h0000_0448;

// CQ ("HPCQ" 1.0): Indirect access to the completion queues (rings of CQEs in host memory), as
// the QP block.
localparam [31:0]  HPNIC_CQ_BASE                  = 32'h0000_0500;
localparam [31:0]  HPNIC_CQ_BLOCK_SIZE            = 32'h0000_0100;
localparam [31:0]  HPNIC_CQ_BLOCK_TYPE            = 32'h4850_4351;  // "HPCQ"
localparam [31:0]  HPNIC_CQ_BLOCK_VERSION         = 32'h0001_0000;  // 1.0
localparam [31:0]  HPNIC_CQ_BLOCK_NEXT            = 32'h0000_0600;
localparam [31:0]  HPNIC_CQ_TYPE                  = 32'h0000_0500;
localparam [31:0]  HPNIC_CQ_VERSION               = 32'h0000_0504;
localparam [31:0]  HPNIC_CQ_NEXT                  = 32'h0000_0508;
localparam [31:0]  HPNIC_CQ_SIZE                  = 32'h0000_050c;

// CQ.CQN (rw): the completion queue the command applies to
localparam [31:0]  HPNIC_CQ_CQN                   = 32'h0000_0510;
localparam [31:0]  HPNIC_CQ_CQN_RST               = 32'd0;

// CQ.BASE_LO (rw): ring IO address, bits 31:0 (32-byte aligned)
localparam [31:0]  HPNIC_CQ_BASE_LO               = 32'h0000_0514;
localparam [31:0]  HPNIC_CQ_BASE_LO_RST           = 32'd0;

// CQ.BASE_HI (rw): ring IO address, bits 63:32
localparam [31:0]  HPNIC_CQ_BASE_HI               = 32'h0000_0518;
localparam [31:0]  HPNIC_CQ_BASE_HI_RST           = 32'd0;

// CQ.LOG2 (rw): log2 of the ring entries
localparam [31:0]  HPNIC_CQ_LOG2                  = 32'h0000_051c;
localparam integer HPNIC_CQ_LOG2_W                = 5;
localparam [31:0]  HPNIC_CQ_LOG2_MASK             = 32'h0000_001f;
localparam [4:0]   HPNIC_CQ_LOG2_RST              = 5'd0;

// CQ.IRQ_VECTOR (rw): MSI-X vector raised when a CQE is written (with CTRL.IRQ_CTRL.ENABLE)
localparam [31:0]  HPNIC_CQ_IRQ_VECTOR            = 32'h0000_0520;
localparam integer HPNIC_CQ_IRQ_VECTOR_W          = 11;
localparam [31:0]  HPNIC_CQ_IRQ_VECTOR_MASK       = 32'h0000_07ff;
localparam [10:0]  HPNIC_CQ_IRQ_VECTOR_RST        = 11'd0;

// CQ.CMD (wo): command on CQ CQN; the write starts it
localparam [31:0]  HPNIC_CQ_CMD                   = 32'h0000_0524;
localparam integer HPNIC_CQ_CMD_W                 = 8;
localparam [31:0]  HPNIC_CQ_CMD_MASK              = 32'h0000_00ff;
// set the ring, reset its producer index to 0 and its phase to 1
localparam [7:0]   HPNIC_CQ_CMD_WRITE             = 8'd1;
localparam [7:0]   HPNIC_CQ_CMD_DISABLE           = 8'd2;  // stop writing CQEs to the ring

// CQ.CMD_STATUS (ro): command status, as QP.CMD_STATUS
localparam [31:0]  HPNIC_CQ_CMD_STATUS            = 32'h0000_0528;
localparam integer HPNIC_CQ_CMD_STATUS_BUSY_LSB   = 0;  // a command is running
localparam integer HPNIC_CQ_CMD_STATUS_BUSY_W     = 1;
localparam [31:0]  HPNIC_CQ_CMD_STATUS_BUSY_MASK  = 32'h0000_0001;
localparam integer HPNIC_CQ_CMD_STATUS_ERROR_LSB  = 8;  // error code of the last command
localparam integer HPNIC_CQ_CMD_STATUS_ERROR_W    = 8;
localparam [31:0]  HPNIC_CQ_CMD_STATUS_ERROR_MASK = 32'h0000_ff00;

// CQ.PI (ro): producer index of CQ CQN, free-running (diagnostics)
localparam [31:0]  HPNIC_CQ_PI                    = 32'h0000_052c;

// STATS ("HPST" 1.0): The 64-bit event counters, read one at a time by index. Counters are never
// cleared except by reset; the driver reports differences.
localparam [31:0]  HPNIC_STATS_BASE                   = 32'h0000_0600;
localparam [31:0]  HPNIC_STATS_BLOCK_SIZE             = 32'h0000_0100;
localparam [31:0]  HPNIC_STATS_BLOCK_TYPE             = 32'h4850_5354;  // "HPST"
localparam [31:0]  HPNIC_STATS_BLOCK_VERSION          = 32'h0001_0000;  // 1.0
localparam [31:0]  HPNIC_STATS_BLOCK_NEXT             = 32'h0100_0000;
localparam [31:0]  HPNIC_STATS_TYPE                   = 32'h0000_0600;
localparam [31:0]  HPNIC_STATS_VERSION                = 32'h0000_0604;
localparam [31:0]  HPNIC_STATS_NEXT                   = 32'h0000_0608;
localparam [31:0]  HPNIC_STATS_SIZE                   = 32'h0000_060c;

// STATS.SEL (rw): index of the counter to read; an index >= COUNT reads 0
localparam [31:0]  HPNIC_STATS_SEL                    = 32'h0000_0610;
localparam [31:0]  HPNIC_STATS_SEL_RST                = 32'd0;

// STATS.VALUE_LO (ro): counter SEL bits 31:0; the read latches all 64 bits
localparam [31:0]  HPNIC_STATS_VALUE_LO               = 32'h0000_0614;

// STATS.VALUE_HI (ro): bits 63:32 latched by the last VALUE_LO read
localparam [31:0]  HPNIC_STATS_VALUE_HI               = 32'h0000_0618;

// STATS.COUNT (ro): number of counters (HPNIC_NUM_COUNTERS in this map)
localparam [31:0]  HPNIC_STATS_COUNT                  = 32'h0000_061c;

// STATS counters: the index STATS.SEL takes
localparam integer HPNIC_NUM_COUNTERS                 = 110;
// frames admitted by the RX pipe (passed every header check)
localparam integer HPNIC_CNT_RX_FRAMES                = 0;
// frames dropped: MAC error flag (bad FCS)
localparam integer HPNIC_CNT_RX_MAC_ERR               = 1;
// frames dropped: no room for a largest frame in the RX FIFO
localparam integer HPNIC_CNT_RX_FULL                  = 2;
// frames dropped: longer than the largest legal frame
localparam integer HPNIC_CNT_RX_TOO_LONG              = 3;
localparam integer HPNIC_CNT_RX_ETH_TYPE              = 4;  // frames dropped: ethertype not IPv4
// frames dropped: destination MAC or IPv4 address not ours
localparam integer HPNIC_CNT_RX_NOT_OURS              = 5;
// frames dropped: IPv4 version not 4 or IHL not 5
localparam integer HPNIC_CNT_RX_IP_HDR                = 6;
// frames dropped: IPv4 header checksum mismatch
localparam integer HPNIC_CNT_RX_IP_CSUM               = 7;
localparam integer HPNIC_CNT_RX_IP_FRAG               = 8;  // frames dropped: IPv4 fragment
// frames dropped: IPv4 protocol not UDP
localparam integer HPNIC_CNT_RX_NOT_UDP               = 9;
// frames dropped: UDP destination port neither 4791 nor the INT port
localparam integer HPNIC_CNT_RX_UDP_PORT              = 10;
// frames dropped: UDP length inconsistent with the IPv4 length
localparam integer HPNIC_CNT_RX_UDP_LEN               = 11;
// frames dropped: IPv4 total length inconsistent with the frame
localparam integer HPNIC_CNT_RX_IP_LEN                = 12;
// frames dropped: INT block malformed (nHop > 5)
localparam integer HPNIC_CNT_RX_INT                   = 13;
// frames dropped: BTH opcode not one hpnic uses
localparam integer HPNIC_CNT_RX_OPCODE                = 14;
// frames dropped: BTH transport version not 0
localparam integer HPNIC_CNT_RX_TVER                  = 15;
// frames dropped: destination QPN out of range
localparam integer HPNIC_CNT_RX_QPN                   = 16;
// frames dropped: payload length or pad inconsistent with the opcode and frame
localparam integer HPNIC_CNT_RX_PAY_LEN               = 17;
localparam integer HPNIC_CNT_RX_ICRC                  = 18;  // frames dropped: ICRC mismatch
// packets dropped: QP not in a state that accepts them
localparam integer HPNIC_CNT_RX_BAD_QP                = 19;
localparam integer HPNIC_CNT_RX_PSN_DUP               = 20;  // duplicate requests, re-acknowledged
localparam integer HPNIC_CNT_RX_PSN_OOS               = 21;  // out-of-sequence requests, discarded
localparam integer HPNIC_CNT_RX_NAK_SEQ_SENT          = 22;  // PSN-sequence NAKs sent
// requests NAKed: R_Key, range or access right
localparam integer HPNIC_CNT_RX_ACCESS_ERR            = 23;
// requests NAKed as invalid: payload length, opcode sequence, message over 2^31 bytes
localparam integer HPNIC_CNT_RX_LEN_ERR               = 24;
// READ responses dropped: none expected
localparam integer HPNIC_CNT_RX_RESP_STRAY            = 25;
localparam integer HPNIC_CNT_RX_RESP_GAP              = 26;  // gaps detected in READ responses
// payloads committed to host memory: WRITE packets this QP answered as responder and READ
// responses it took as requester
localparam integer HPNIC_CNT_RX_WRITES                = 27;
localparam integer HPNIC_CNT_RX_READS                 = 28;  // READ requests executed
localparam integer HPNIC_CNT_TX_TIMEOUTS              = 29;  // retransmit timeouts
localparam integer HPNIC_CNT_TX_REWINDS               = 30;  // go-back-N rewinds
// QPs failed (retry exceeded, RNR retry exceeded, remote error)
localparam integer HPNIC_CNT_TX_FATAL                 = 31;
// events into the CC engine (ACKs and QP inits)
localparam integer HPNIC_CNT_CC_EVENTS                = 32;
localparam integer HPNIC_CNT_CC_ACKS                  = 33;  // ACKs processed by the CC engine
localparam integer HPNIC_CNT_CC_INITS                 = 34;  // QP initialisations in the CC engine
// ACKs ignored by CC: no INT (nHop = 0)
localparam integer HPNIC_CNT_CC_IGN_NO_INT            = 35;
localparam integer HPNIC_CNT_CC_IGN_NHOP              = 36;  // ACKs ignored by CC: nHop > 5
// packets the scheduler released to TX
localparam integer HPNIC_CNT_SCHED_PKTSEND            = 37;
// work notifications rejected: invalid
localparam integer HPNIC_CNT_SCHED_WORK_INVALID       = 38;
// work notifications rejected: invalid MTU
localparam integer HPNIC_CNT_SCHED_MTU_INVALID        = 39;
// ACK updates with snd_una ahead of snd_nxt, ignored
localparam integer HPNIC_CNT_SCHED_ACK_AHEAD          = 40;
// packets sent under the one-packet window floor
localparam integer HPNIC_CNT_SCHED_WIN_FLOOR          = 41;
// scheduler visits that could send but found the TX queue full
localparam integer HPNIC_CNT_SCHED_NO_ROOM            = 42;
localparam integer HPNIC_CNT_HOST_DOORBELLS           = 43;  // doorbell writes
localparam integer HPNIC_CNT_HOST_WQE_FETCHES         = 44;  // WQEs fetched from host memory
localparam integer HPNIC_CNT_HOST_CQES                = 45;  // CQEs written to host memory
localparam integer HPNIC_CNT_HOST_CMD_ERRORS          = 46;  // QP, MR and CQ commands that failed
// doorbells ignored: QP out of range or not ready to send
localparam integer HPNIC_CNT_HOST_DOORBELL_BAD_QP     = 47;
localparam integer HPNIC_CNT_HOST_IRQS                = 48;  // interrupts raised
localparam integer HPNIC_CNT_MAC_TX_FRAMES            = 49;  // frames handed to the MAC
// frames received from the MAC and delivered to the core
localparam integer HPNIC_CNT_MAC_RX_FRAMES            = 50;
// frames dropped by the MAC shim on receive (bad FCS, overflow, oversize)
localparam integer HPNIC_CNT_MAC_RX_ERRORS            = 51;
// WQEs fetched with an opcode the NIC does not know (not WRITE, READ, SEND or their immediate
// forms): executed as WRITE
localparam integer HPNIC_CNT_HOST_WQE_BAD_OPCODE      = 52;
// completions for a CQ that is disabled or was never set
localparam integer HPNIC_CNT_HOST_CQE_DROPPED         = 53;
// ACKs ignored by CC: a hop's speed enum B is 0 or above 8
localparam integer HPNIC_CNT_CC_IGN_BAD_B             = 54;
// ACKs that only recorded the INT snapshot (first of a QP, path or nHop changed)
localparam integer HPNIC_CNT_CC_RECORD_ONLY           = 55;
// hops whose TS did not advance since the snapshot (rate term skipped)
localparam integer HPNIC_CNT_CC_DTS_ZERO              = 56;
// per-RTT reference window (Wc) commits
localparam integer HPNIC_CNT_CC_WC_UPDATES            = 57;
// packets whose payload was gathered from an SGE list
localparam integer HPNIC_CNT_TX_SGL_PKTS              = 58;
// DMA reads those packets took (one per SGE they cover)
localparam integer HPNIC_CNT_TX_SGL_PIECES            = 59;
// packets read past the end of a short SGE list (its entries add up to less than LENGTH)
localparam integer HPNIC_CNT_TX_SGL_SHORT             = 60;
// WQEs with NUM_SGE or INLINE they cannot have (64-byte entries, NUM_SGE > 4, INLINE over 64
// bytes or with NUM_SGE > 1, a READ): executed as a one-buffer WQE at LOCAL_ADDR
localparam integer HPNIC_CNT_HOST_WQE_BAD_EXT         = 61;
// writes to a doorbell page outside its doorbell register, ignored
localparam integer HPNIC_CNT_HOST_DOORBELL_BAD_OFFSET = 62;
// WQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, a READ into a
// region without LOCAL_WRITE): completed with a local protection error (WQEs of a failed DMA read
// are not counted here: dma_rd_errors)
localparam integer HPNIC_CNT_HOST_WQE_LKEY_ERR        = 63;
// SGE list pieces not read because their L_Key check failed (wrong key or tag, another PD,
// outside the region): sent as zeros
localparam integer HPNIC_CNT_TX_SGL_LKEY_ERR          = 64;
// READ requests dropped: the QP already held ID.RD_ATOMIC.MAX_DEST_RD_ATOMIC (its requester sent
// more than max_dest_rd_atomic); the requester retries them
localparam integer HPNIC_CNT_RX_RD_OVER               = 65;
// READ requests dropped: the responder's READ queue, shared by every QP, was full; the requester
// retries them
localparam integer HPNIC_CNT_RX_RD_POOL               = 66;
// READ descriptors the READ tracking could not queue (its pool full): that READ's responses are
// dropped until a retry
localparam integer HPNIC_CNT_TX_RD_DESC_LOST          = 67;
// RNR NAKs the completer acted on (each waits its delay and resends, or fails the QP); repeats
// during a wait are not counted
localparam integer HPNIC_CNT_TX_RNR_NAKS              = 68;
// QPs failed because RNR NAKs came after their RNR retries ran out (also counted in tx_fatal)
localparam integer HPNIC_CNT_TX_RNR_RETRY_EXC         = 69;
// RNR NAKs sent: a SEND (or RDMA WRITE with immediate) found no receive WQE; its requester sends
// it again after the QP's MIN_RNR_TIMER
localparam integer HPNIC_CNT_RX_RNR_NAKS              = 70;
// receive WQEs completed (receive completions, errors included)
localparam integer HPNIC_CNT_RX_RECV_CPL              = 71;
// receive WQEs completed in error: a SEND longer than the buffer, a receive WQE whose L_Key check
// failed, a SEND broken off by an invalid request
localparam integer HPNIC_CNT_RX_RECV_ERR              = 72;
// prefetched receive WQEs the responder could not queue (over 16 for a QP, or its pool full):
// never while the host interface keeps its prefetch limit
localparam integer HPNIC_CNT_RX_RWQE_DROP             = 73;
// ACK/NAKs the responder held behind its READ responses, to keep a QP's responses in PSN order
// (only the latest held per QP goes out, once the READs are answered; a READ after it covers it
// instead)
localparam integer HPNIC_CNT_TX_ACK_HELD              = 74;
// receive WQEs (RWQEs) fetched from host memory
localparam integer HPNIC_CNT_HOST_RWQE_FETCHES        = 75;
// RWQEs whose L_Key check failed (wrong key or tag, another PD, outside the region, no
// LOCAL_WRITE): handed on flagged, the SEND that lands on one fails (RWQEs of a failed DMA read
// are not counted here: dma_rd_errors)
localparam integer HPNIC_CNT_HOST_RWQE_LKEY_ERR       = 76;
// RQ doorbells ignored: QP out of range, in RESET, or without a receive queue
localparam integer HPNIC_CNT_HOST_RQ_DB_BAD           = 77;
// receive CQEs written to host memory (also counted in host_cqes)
localparam integer HPNIC_CNT_HOST_RCQES               = 78;
// in-sequence requests executed without an ACK of their own (no AckReq): a later ACK covers them
localparam integer HPNIC_CNT_RX_ACK_COALESCED         = 79;
// packets admitted with IP ECN = CE (11), any opcode
localparam integer HPNIC_CNT_NP_CE_RX                 = 80;
// CNPs the notification point sent: a CE-marked request for a responder QP with no CNP in the
// last CC.NP_MIN_TIME_US
localparam integer HPNIC_CNT_NP_CNP_SENT              = 81;
// CE-marked requests that sent no CNP: their QP sent one less than CC.NP_MIN_TIME_US before
localparam integer HPNIC_CNT_NP_CNP_SUPPRESSED        = 82;
// CNPs received for a QP ready to send: each is a CNP event (type 2) to the CC engine
localparam integer HPNIC_CNT_RX_CNP                   = 83;
// CNPs dropped: bad ICRC, or their QP not ready to send (unknown); malformed ones are counted by
// the rx_* reason counters
localparam integer HPNIC_CNT_RX_CNP_DROP              = 84;
// events the CC engine ignored for their type (reason 5): CNPs and TICKs for a QP not in DCQCN
// mode
localparam integer HPNIC_CNT_CC_IGN_TYPE              = 85;
// CNP events a DCQCN QP took (struct dcqcn_counters)
localparam integer HPNIC_CNT_CC_DCQCN_CNPS            = 86;
localparam integer HPNIC_CNT_CC_DCQCN_TICKS           = 87;  // TICK events a DCQCN QP took
localparam integer HPNIC_CNT_CC_DCQCN_DECREASES       = 88;  // DCQCN rate decreases
// DCQCN CNPs left pending: within Td of the last decrease
localparam integer HPNIC_CNT_CC_DCQCN_DEFERRED        = 89;
localparam integer HPNIC_CNT_CC_DCQCN_INC_TIMER       = 90;  // DCQCN rate increases by the timer
// DCQCN rate increases by the byte counter
localparam integer HPNIC_CNT_CC_DCQCN_INC_BC          = 91;
// Wc commits made by Sampling Frequency (a congested ACK after CC.SF_ACKS ACKs; also counted in
// cc_wc_updates)
localparam integer HPNIC_CNT_CC_SF_UPDATES            = 92;
// RTT ends of a VAI QP that put AI tokens in its AI Bank (the queue passed CC.VAI_THRESH)
localparam integer HPNIC_CNT_CC_VAI_GEN               = 93;
// DMA reads that failed (an error or poisoned completion, a completion timeout: the read
// completion's tuser): a WQE or RWQE fetched by one fails as on an L_Key error, a packet whose
// payload it carried leaves with its ICRC stomped
localparam integer HPNIC_CNT_DMA_RD_ERRORS            = 94;
// DMA write commands the PCIe adapter took
localparam integer HPNIC_CNT_PCIE_WR_CMDS             = 95;
localparam integer HPNIC_CNT_PCIE_WR_TLPS             = 96;  // memory write TLPs it sent on RQ
// DMA write commands whose TLPs the PCIe block has all sent (sequence numbers back)
localparam integer HPNIC_CNT_PCIE_WR_DONE             = 97;
localparam integer HPNIC_CNT_PCIE_RD_REQS             = 98;  // DMA reads the PCIe adapter took
// memory read request TLPs it sent on RQ
localparam integer HPNIC_CNT_PCIE_RD_TLPS             = 99;
// BAR memory reads completed with data on CC
localparam integer HPNIC_CNT_PCIE_BAR_RD              = 100;
// BAR memory writes done (to the CSR port or the MSI-X table)
localparam integer HPNIC_CNT_PCIE_BAR_WR              = 101;
// non-posted BAR requests answered Unsupported Request (another BAR, a length other than one
// Dword or BAR2's QWORD, I/O, atomics, locked reads, a translated or discontinued TLP)
localparam integer HPNIC_CNT_PCIE_BAR_UR              = 102;
// posted BAR requests dropped as unsupported (a write the BAR rules refuse, a message)
localparam integer HPNIC_CNT_PCIE_BAR_DROP            = 103;
// BAR0 writes with partial byte enables, dropped (the CSRs take whole Dwords)
localparam integer HPNIC_CNT_PCIE_BAR_PARTIAL         = 104;
localparam integer HPNIC_CNT_PCIE_IRQ_SENT            = 105;  // MSI-X messages the PCIe block sent
// MSI-X messages the PCIe block failed (left pending, sent again on the next scan)
localparam integer HPNIC_CNT_PCIE_IRQ_FAIL            = 106;
// interrupts left pending in the PBA: MSI-X disabled, the function or the vector masked
localparam integer HPNIC_CNT_PCIE_IRQ_PENDED          = 107;
// interrupt requests for a vector beyond the MSI-X table, dropped
localparam integer HPNIC_CNT_PCIE_IRQ_BAD             = 108;
// interrupt requests merged into one of the same vector still waiting for its DMA writes (one
// message announces both)
localparam integer HPNIC_CNT_PCIE_IRQ_MERGED          = 109;

// DB ("HPDB" 2.1): Doorbell pages: one 4 KiB page per QP, QP n's at DB_BASE + 4096 n, holding
// that QP's send and receive doorbells and nothing else, so a driver maps to a process exactly
// the pages of its QPs (as mlx5 maps UAR pages). Page 0 also holds this block's header. A write
// anywhere else in a page is ignored and counted (host_doorbell_bad_offset); reads return 0.
localparam [31:0]  HPNIC_DB_BASE          = 32'h0100_0000;
localparam [31:0]  HPNIC_DB_BLOCK_SIZE    = 32'h0100_0000;
localparam [31:0]  HPNIC_DB_BLOCK_TYPE    = 32'h4850_4442;  // "HPDB"
localparam [31:0]  HPNIC_DB_BLOCK_VERSION = 32'h0002_0001;  // 2.1
localparam [31:0]  HPNIC_DB_BLOCK_NEXT    = 32'h0000_0000;
localparam [31:0]  HPNIC_DB_TYPE          = 32'h0100_0000;
localparam [31:0]  HPNIC_DB_VERSION       = 32'h0100_0004;
localparam [31:0]  HPNIC_DB_NEXT          = 32'h0100_0008;
localparam [31:0]  HPNIC_DB_SIZE          = 32'h0100_000c;

// DB.SQ_DB (wo): doorbell of QP n, in its page at SQ_DB + 4096 n: the QP's new SQ producer index
// (free-running, mod 2^16)
localparam [31:0]  HPNIC_DB_SQ_DB         = 32'h0100_0010;
localparam integer HPNIC_DB_SQ_DB_STRIDE  = 4096;
localparam integer HPNIC_DB_SQ_DB_COUNT   = 4096;
localparam integer HPNIC_DB_SQ_DB_W       = 16;
localparam [31:0]  HPNIC_DB_SQ_DB_MASK    = 32'h0000_ffff;

// DB.RQ_DB (wo): receive doorbell of QP n, in its page at RQ_DB + 4096 n: the QP's new RQ
// producer index (free-running, mod 2^16). Ignored and counted (host_rq_db_bad) for a QP beyond
// the table, in RESET, or without a receive queue (QP.RQ_LOG2 = 0)
localparam [31:0]  HPNIC_DB_RQ_DB         = 32'h0100_0018;
localparam integer HPNIC_DB_RQ_DB_STRIDE  = 4096;
localparam integer HPNIC_DB_RQ_DB_COUNT   = 4096;
localparam integer HPNIC_DB_RQ_DB_W       = 16;
localparam [31:0]  HPNIC_DB_RQ_DB_MASK    = 32'h0000_ffff;

// WQE, 64 bytes in host memory, little-endian: Work-queue entry, in the send queue at SQ_BASE +
// 2^SQ_WQE_LOG2 * (index mod 2^SQ_LOG2). These are its first 64 bytes; a QP with 128-byte entries
// has a 64-byte extension behind them, at WQE + 64, holding the SGE list (struct SGE, four
// entries) or the inline data. Bytes not listed are reserved, written 0.
localparam integer HPNIC_WQE_SIZE                       = 64;
localparam integer HPNIC_WQE_OPCODE_OFF                 = 0;  // operation
localparam integer HPNIC_WQE_OPCODE_SIZE                = 1;
// RDMA WRITE: local buffer to remote memory
localparam [7:0]   HPNIC_WQE_OPCODE_RDMA_WRITE          = 8'd0;
// RDMA READ: remote memory to local buffer
localparam [7:0]   HPNIC_WQE_OPCODE_RDMA_READ           = 8'd1;
// SEND: local buffer to the peer's next receive WQE (REMOTE_VA and RKEY unused)
localparam [7:0]   HPNIC_WQE_OPCODE_SEND                = 8'd2;
// SEND with immediate: as SEND, its last packet carries IMM_DATA
localparam [7:0]   HPNIC_WQE_OPCODE_SEND_WITH_IMM       = 8'd3;
// RDMA WRITE with immediate: as RDMA WRITE, its last packet carries IMM_DATA (and consumes a
// receive WQE at the peer)
localparam [7:0]   HPNIC_WQE_OPCODE_RDMA_WRITE_WITH_IMM = 8'd4;
localparam integer HPNIC_WQE_FLAGS_OFF                  = 1;  // flags
localparam integer HPNIC_WQE_FLAGS_SIZE                 = 1;
// write a CQE when the WQE succeeds (a failure always writes one)
localparam integer HPNIC_WQE_FLAGS_SIGNALED_LSB         = 0;
localparam integer HPNIC_WQE_FLAGS_SIGNALED_W           = 1;
localparam [31:0]  HPNIC_WQE_FLAGS_SIGNALED_MASK        = 32'h0000_0001;
// not for READ, 128-byte entries only: the LENGTH (at most 64) bytes are in the extension;
// LOCAL_ADDR is not used
localparam integer HPNIC_WQE_FLAGS_INLINE_LSB           = 1;
localparam integer HPNIC_WQE_FLAGS_INLINE_W             = 1;
localparam [31:0]  HPNIC_WQE_FLAGS_INLINE_MASK          = 32'h0000_0002;
// WRITE, SEND and their immediate forms: 0 or 1, one buffer at LOCAL_ADDR; 2..4 (128-byte entries
// only), the extension's first NUM_SGE entries, and LOCAL_ADDR is not used. The NIC takes LENGTH
// bytes from the list; if the entries add up to less, it reads past the last one (counted in
// tx_sgl_short)
localparam integer HPNIC_WQE_NUM_SGE_OFF                = 2;
localparam integer HPNIC_WQE_NUM_SGE_SIZE               = 1;
localparam integer HPNIC_WQE_LENGTH_OFF                 = 4;  // bytes to transfer
localparam integer HPNIC_WQE_LENGTH_SIZE                = 4;
// virtual address of the local buffer, in the region LKEY names (not used for inline data or an
// SGE list)
localparam integer HPNIC_WQE_LOCAL_ADDR_OFF             = 8;
localparam integer HPNIC_WQE_LOCAL_ADDR_SIZE            = 8;
localparam integer HPNIC_WQE_REMOTE_VA_OFF              = 16;  // remote virtual address
localparam integer HPNIC_WQE_REMOTE_VA_SIZE             = 8;
localparam integer HPNIC_WQE_RKEY_OFF                   = 24;  // remote R_Key
localparam integer HPNIC_WQE_RKEY_SIZE                  = 4;
// L_Key of the local buffer: the NIC checks it (key, PD, bounds, LOCAL_WRITE for a READ) before
// it starts the WQE and turns LOCAL_ADDR into a NIC address through the region; a failure
// completes the WQE with LOCAL_PROT_ERROR
localparam integer HPNIC_WQE_LKEY_OFF                   = 28;
localparam integer HPNIC_WQE_LKEY_SIZE                  = 4;
// opaque to the hardware, returned by the library
localparam integer HPNIC_WQE_WR_ID_OFF                  = 32;
localparam integer HPNIC_WQE_WR_ID_SIZE                 = 8;
// SEND_WITH_IMM and RDMA_WRITE_WITH_IMM: the immediate, exactly as it goes into the last packet's
// ImmDt (byte 40 first on the wire: network order in memory); ignored by other opcodes
localparam integer HPNIC_WQE_IMM_DATA_OFF               = 40;
localparam integer HPNIC_WQE_IMM_DATA_SIZE              = 4;

// SGE, 16 bytes in host memory, little-endian: Scatter/gather entry, in a WQE's extension: entry
// k at WQE + 64 + 16 k.
localparam integer HPNIC_SGE_SIZE        = 16;
// virtual address of the piece, in the region LKEY names
localparam integer HPNIC_SGE_ADDR_OFF    = 0;
localparam integer HPNIC_SGE_ADDR_SIZE   = 8;
localparam integer HPNIC_SGE_LENGTH_OFF  = 8;  // its bytes (0: skipped)
localparam integer HPNIC_SGE_LENGTH_SIZE = 4;
// its L_Key: checked (key, PD, the piece inside the region) when the packets are built; a piece
// that fails is sent as zeros and counted (tx_sgl_lkey_err)
localparam integer HPNIC_SGE_LKEY_OFF    = 12;
localparam integer HPNIC_SGE_LKEY_SIZE   = 4;

// RWQE, 32 bytes in host memory, little-endian: Receive work-queue entry, in the receive queue at
// RQ_BASE + 32 * (index mod 2^RQ_LOG2): one buffer that an incoming SEND (or the receive
// completion of an RDMA WRITE with immediate) consumes. Bytes not listed are reserved, written 0.
localparam integer HPNIC_RWQE_SIZE        = 32;
// virtual address of the receive buffer, in the region LKEY names
localparam integer HPNIC_RWQE_ADDR_OFF    = 0;
localparam integer HPNIC_RWQE_ADDR_SIZE   = 8;
// its bytes; a SEND longer than this completes with LOCAL_LEN_ERROR
localparam integer HPNIC_RWQE_LENGTH_OFF  = 8;
localparam integer HPNIC_RWQE_LENGTH_SIZE = 4;
// L_Key of the buffer: the NIC checks it (key, PD, bounds, LOCAL_WRITE) when it fetches the RWQE
// and turns ADDR into a NIC address through the region; a zero-length RWQE is not checked. A
// failure is counted (host_rwqe_lkey_err) and the SEND that lands on the RWQE fails
localparam integer HPNIC_RWQE_LKEY_OFF    = 12;
localparam integer HPNIC_RWQE_LKEY_SIZE   = 4;
localparam integer HPNIC_RWQE_WR_ID_OFF   = 16;  // opaque to the hardware, returned by the library
localparam integer HPNIC_RWQE_WR_ID_SIZE  = 8;

// CQE, 32 bytes in host memory, little-endian: Completion-queue entry, at the CQ's BASE + 32 *
// (pi mod 2^LOG2). The hardware writes PHASE = 1 on its first pass over the ring, 0 on the
// second, and so on, so a freshly zeroed ring reads as empty; the consumer expects the phase of
// its own pass. Send completions go to the QP's CQN, receive completions (OPCODE bit 7 set) to
// its RCQN.
localparam integer HPNIC_CQE_SIZE                      = 32;
localparam integer HPNIC_CQE_QPN_OFF                   = 0;  // QP of the completed WQE
localparam integer HPNIC_CQE_QPN_SIZE                  = 4;
// index of the WQE, mod 2^16: in the send queue (send completions) or the receive queue (receive
// completions)
localparam integer HPNIC_CQE_WQE_INDEX_OFF             = 4;
localparam integer HPNIC_CQE_WQE_INDEX_SIZE            = 2;
localparam integer HPNIC_CQE_STATUS_OFF                = 6;  // completion status
localparam integer HPNIC_CQE_STATUS_SIZE               = 1;
localparam [7:0]   HPNIC_CQE_STATUS_OK                 = 8'd0;  // success
// the responder NAKed it (access or length error)
localparam [7:0]   HPNIC_CQE_STATUS_REMOTE_ERROR       = 8'd1;
localparam [7:0]   HPNIC_CQE_STATUS_RETRY_EXCEEDED     = 8'd2;  // retransmit retries exhausted
// flushed by software after the QP failed (never written by hardware)
localparam [7:0]   HPNIC_CQE_STATUS_FLUSHED            = 8'd3;
// local failure (DMA error, bad WQE)
localparam [7:0]   HPNIC_CQE_STATUS_LOCAL_ERROR        = 8'd4;
// the WQE's L_Key check failed (wrong key or tag, another PD, outside the region, a READ or a
// receive into a region without LOCAL_WRITE); the QP then fails as on a remote error
localparam [7:0]   HPNIC_CQE_STATUS_LOCAL_PROT_ERROR   = 8'd5;
// receive: the SEND was longer than the receive buffer
localparam [7:0]   HPNIC_CQE_STATUS_LOCAL_LEN_ERROR    = 8'd6;
// the responder answered RNR NAK (no receive WQE) more times in a row than QP.RNR_RETRY allows;
// the QP then fails as on retry exceeded
localparam [7:0]   HPNIC_CQE_STATUS_RNR_RETRY_EXCEEDED = 8'd7;
localparam integer HPNIC_CQE_OPCODE_OFF                = 7;  // what completed
localparam integer HPNIC_CQE_OPCODE_SIZE               = 1;
// a send-queue WQE (the driver knows its operation from its own record, libhpnic reports it)
localparam [7:0]   HPNIC_CQE_OPCODE_SEND               = 8'd0;
// receive: a SEND arrived into the RWQE
localparam [7:0]   HPNIC_CQE_OPCODE_RECV               = 8'd128;
// receive: an RDMA WRITE with immediate consumed the RWQE
localparam [7:0]   HPNIC_CQE_OPCODE_RECV_RDMA_WITH_IMM = 8'd129;
// receive completions: bytes received; send completions: written 0 (the driver knows the WQE's
// length, libhpnic reports it on success)
localparam integer HPNIC_CQE_BYTE_LEN_OFF              = 8;
localparam integer HPNIC_CQE_BYTE_LEN_SIZE             = 4;
// receive completions only (0 otherwise)
localparam integer HPNIC_CQE_FLAGS_OFF                 = 12;
localparam integer HPNIC_CQE_FLAGS_SIZE                = 1;
// IMM_DATA is valid (the message carried an immediate)
localparam integer HPNIC_CQE_FLAGS_IMM_LSB             = 0;
localparam integer HPNIC_CQE_FLAGS_IMM_W               = 1;
localparam [31:0]  HPNIC_CQE_FLAGS_IMM_MASK            = 32'h0000_0001;
// receive completions with FLAGS.IMM: the immediate's 4 bytes in wire order (byte 16 came first
// on the wire), as verbs' imm_data in network order
localparam integer HPNIC_CQE_IMM_DATA_OFF              = 16;
localparam integer HPNIC_CQE_IMM_DATA_SIZE             = 4;
// phase of the hardware's pass over the ring
localparam integer HPNIC_CQE_PHASE_OFF                 = 31;
localparam integer HPNIC_CQE_PHASE_SIZE                = 1;
localparam integer HPNIC_CQE_PHASE_W                   = 1;
localparam [31:0]  HPNIC_CQE_PHASE_MASK                = 32'h0000_0001;

// block headers: block i (list order) in bits [32*i +: 32]
localparam [255:0] HPNIC_BLOCK_BASES = {32'h0100_0000, 32'h0000_0600, 32'h0000_0500, 32'h0000_0400, 32'h0000_0300, 32'h0000_0200, 32'h0000_0100, 32'h0000_0000};
localparam [255:0] HPNIC_BLOCK_TYPES = {32'h4850_4442, 32'h4850_5354, 32'h4850_4351, 32'h4850_4d52, 32'h4850_5150, 32'h4850_4343, 32'h4850_4354, 32'h4850_4944};
localparam [255:0] HPNIC_BLOCK_VERSIONS = {32'h0002_0001, 32'h0001_0000, 32'h0001_0000, 32'h0001_0002, 32'h0001_0002, 32'h0001_0001, 32'h0001_0001, 32'h0001_0000};
localparam [255:0] HPNIC_BLOCK_NEXTS = {32'h0000_0000, 32'h0100_0000, 32'h0000_0600, 32'h0000_0500, 32'h0000_0400, 32'h0000_0300, 32'h0000_0200, 32'h0000_0100};
localparam [255:0] HPNIC_BLOCK_SIZES = {32'h0100_0000, 32'h0000_0100, 32'h0000_0100, 32'h0000_0100, 32'h0000_0100, 32'h0000_0100, 32'h0000_0100, 32'h0000_0100};

/* verilator lint_on UNUSEDPARAM */
