// SPDX-License-Identifier: MIT
/*
 * TX gather: turns each packet's payload request into DMA reads, and their
 * data into the packet's payload, lane-0 aligned, one tlast per packet.
 *
 * A request is either one range (a NIC address and a length: a WRITE from
 * one buffer, inline data, a READ response) or a range of a WQE's scatter/
 * gather list: the packet is bytes [off, off + len) of the concatenation of
 * up to four SGEs, and the address is that of the list, a 64-byte WQE
 * extension of four 16-byte entries (virtual address, length, L_Key;
 * docs/regmap.md, "SGE"). Each SGE's L_Key is checked here against a copy
 * of the MR table, with the QP's protection domain (s_req_pd), and its
 * address turned into a NIC address. A piece that fails (a bad key or tag,
 * another PD, outside the region) is not read: its bytes go out as zeros
 * and it is counted (stat_lkey_err), so a list never reads memory its QP
 * may not. The list is read here, at send time, not kept on chip: a QP's
 * WQEs wait in host memory until they complete anyway, and 4096 QPs with
 * eight WQEs fetched ahead would need 1.5 MiB for their lists.
 *
 *   requests --> list stage --(list read)--> pending FIFO --> piece stage
 *                                                               |  A: SGE start/end, MR read
 *                                                               |  B: clip, L_Key check
 *                                                               |  C: address, length
 *   DMA data --> order FIFO: list beats --> list FIFO ----------'
 *                            payload beats --> packer --> payload out
 *
 * The list stage issues a packet's list read as soon as it takes the
 * request, so the lists of consecutive packets are in flight together. The
 * piece stage then walks the packet's SGEs, one per cycle, and issues a read
 * for each part the packet covers. The last SGE counts as unbounded: a list
 * whose lengths add up to less than the WQE's is read past its last SGE and
 * counted (stat_short), so a bad list costs data, never a stuck packet. A
 * one-range request is one read, issued in the cycle it reaches the head.
 *
 * The DMA read channel is shared and in order, and a port must never hold
 * it: list reads are issued only with room for their data reserved in the
 * list FIFO, and payload room is the header builder's (its in-flight
 * budget). The packer concatenates the pieces with one byte rotation and a
 * residue register; a packet of one piece passes through unchanged and
 * without a bubble, one of several costs at most one extra beat.
 *
 * A read that failed (s_dma_tuser on its last beat: an error or poisoned
 * completion, a timeout) flags its packet, m_pay_tuser on the packet's last
 * beat, and the frame assembler stomps that packet's ICRC. The SGEs of a
 * list whose read failed are not followed: every piece of the packet goes
 * out as zeros, unread (and not counted as an L_Key failure), so no address
 * a failed read made up is ever read.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_tx_gather #(
    // log2 of the list reads in flight or waiting (each a 64-byte read)
    parameter LIST_LOG2 = 3,
    // log2 of the requests between the list and the piece stage
    parameter PEND_LOG2 = 4,
    // log2 of the reads whose data has not arrived
    parameter ORDER_LOG2 = 6,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10
) (
    input  wire               clk,
    input  wire               rst,

    /*
     * The MR table, as the CSRs write it (for the SGEs' L_Keys)
     */
    input  wire               cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0] cfg_mr_wr_idx,
    input  wire               cfg_mr_wr_valid,
    input  wire [7:0]         cfg_mr_wr_tag,
    input  wire [63:0]        cfg_mr_wr_va,
    input  wire [47:0]        cfg_mr_wr_len,
    input  wire [63:0]        cfg_mr_wr_iova,
    input  wire [15:0]        cfg_mr_wr_pd,

    /*
     * Payload requests, one per packet with payload
     */
    input  wire               s_req_valid,
    output wire               s_req_ready,
    input  wire [63:0]        s_req_addr,       // the range, or the SGE list
    input  wire [12:0]        s_req_len,        // payload bytes, 1..4096
    input  wire               s_req_sgl,        // 1: a range of the SGE list
    input  wire [1:0]         s_req_nsge_m1,    // SGEs in the list, minus 1
    input  wire [31:0]        s_req_off,        // the packet's first byte in the list
    input  wire [15:0]        s_req_pd,         // the QP's protection domain

    /*
     * DMA reads: requests, then data in request order, lane-0 aligned per
     * read, tlast on each read's last beat
     */
    output wire               m_dma_rd_valid,
    input  wire               m_dma_rd_ready,
    output wire [63:0]        m_dma_rd_addr,
    output wire [12:0]        m_dma_rd_len,

    input  wire [511:0]       s_dma_tdata,
    input  wire [63:0]        s_dma_tkeep,
    input  wire               s_dma_tvalid,
    output wire               s_dma_tready,
    input  wire               s_dma_tlast,
    input  wire               s_dma_tuser,      // on tlast: the read failed

    /*
     * Payload, one packet per request, lane-0 aligned, last beat partial:
     * its unused lanes are zero, and tbytes counts the used ones, so the
     * frame assembler needs neither a mask nor a count of tkeep
     */
    output wire [511:0]       m_pay_tdata,
    output wire [63:0]        m_pay_tkeep,
    output wire [6:0]         m_pay_tbytes,     // 1..64
    output wire               m_pay_tvalid,
    input  wire               m_pay_tready,
    output wire               m_pay_tlast,
    output wire               m_pay_tuser,      // on tlast: a read of the packet failed

    /*
     * Counters
     */
    output reg  [31:0]        stat_sgl_pkts = 0,  // packets gathered from a list
    output reg  [31:0]        stat_pieces = 0,    // their reads
    output reg  [31:0]        stat_short = 0,     // packets read past a short list's end
    output reg  [31:0]        stat_lkey_err = 0   // list pieces not read: L_Key check failed
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (LIST_LOG2 < 1 || LIST_LOG2 > 8) begin
        $error("hpnic_tx_gather: LIST_LOG2 must be 1..8 (%m)");
        $finish;
    end
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_tx_gather: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
    if (PEND_LOG2 < 1 || ORDER_LOG2 < 1) begin
        $error("hpnic_tx_gather: PEND_LOG2 and ORDER_LOG2 must be at least 1 (%m)");
        $finish;
    end
end

localparam [33:0] UNBOUNDED = {34{1'b1}};

/*
 * The read command register, loaded by the piece stage first, else by the
 * list stage. A payload piece that leaves its page (NIC addresses through
 * the MTT: hpnic_page_split) goes out as two reads, the register keeping the
 * second part. Each read is recorded in the order FIFO as it goes out:
 * {list, bytes in the last beat (0 = 64), last piece of the packet}
 */
reg         cmd_valid_reg = 1'b0;
reg  [63:0] cmd_addr_reg = 0;
reg  [12:0] cmd_len_reg = 0;
reg         cmd_list_reg = 1'b0, cmd_last_reg = 1'b0;
reg         cmd_zero_reg = 1'b0;        // a piece that failed its check: zeros, no read
reg         cmd_bad_reg = 1'b0;         // ... because its list's read failed

wire        order_ready;
wire        cmd_cross;
wire [12:0] cmd_first_len;

hpnic_page_split
cmd_split_inst (
    .addr(cmd_addr_reg),
    .len(cmd_len_reg),
    .crosses(cmd_cross),
    .first_len(cmd_first_len)
);

wire        cmd_cut = cmd_cross && !cmd_zero_reg;
wire        cmd_issue = cmd_valid_reg && order_ready && (cmd_zero_reg || m_dma_rd_ready);
wire        cmd_free = !cmd_valid_reg || (cmd_issue && !cmd_cut);

// a one-range request with nothing ahead of it (pending FIFO, stages B
// and C, the command register all empty) that stays in its page goes
// straight out: the common case costs no cycle here
wire        bypass_offer;
wire        bypass = bypass_offer && m_dma_rd_ready;
wire        req_cross;
// verilator lint_off UNUSEDSIGNAL
wire [12:0] req_first_len;
// verilator lint_on UNUSEDSIGNAL

hpnic_page_split
req_split_inst (
    .addr(s_req_addr),
    .len(s_req_len),
    .crosses(req_cross),
    .first_len(req_first_len)
);

wire [12:0] cmd_out_len = cmd_cut ? cmd_first_len : cmd_len_reg;

assign m_dma_rd_valid = (cmd_valid_reg && !cmd_zero_reg && order_ready) || bypass_offer;
assign m_dma_rd_addr = cmd_valid_reg ? cmd_addr_reg : s_req_addr;
assign m_dma_rd_len = cmd_valid_reg ? cmd_out_len : s_req_len;

/*
 * List stage: takes requests in order; a list request issues its list read
 * (when the list FIFO has room for its data) and then waits in the pending
 * FIFO, like a one-range request
 */
wire        pend_ready;
wire        list_load;                  // the list read goes into the command register
reg  [LIST_LOG2:0] list_used_reg = 0;  // list reads issued and not yet consumed
wire        list_pop;
wire        list_room = list_used_reg < 2**LIST_LOG2;
wire        piece_load;                 // the piece stage has the command register

assign list_load = s_req_valid && s_req_sgl && pend_ready && list_room && cmd_free && !piece_load;
// (an offered bypass waits for the DMA port: a valid is never taken back)
assign s_req_ready = bypass_offer ? m_dma_rd_ready : pend_ready && (!s_req_sgl || list_load);

always @(posedge clk) begin
    list_used_reg <= list_used_reg + {{LIST_LOG2{1'b0}}, list_load} - {{LIST_LOG2{1'b0}}, list_pop};
    if (rst) begin
        list_used_reg <= 0;
    end
end

wire        pend_valid;
wire        pend_pop;
wire [63:0] pend_addr;
wire [12:0] pend_len;
wire        pend_sgl;
wire [1:0]  pend_nsge_m1;
wire [31:0] pend_off;
wire [15:0] pend_pd;
// verilator lint_off UNUSEDSIGNAL
wire [PEND_LOG2:0] pend_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(PEND_LOG2), .WIDTH(64 + 13 + 1 + 2 + 32 + 16))
pend_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_req_valid && s_req_ready && !bypass), .s_ready(pend_ready),
    .s_data({s_req_addr, s_req_len, s_req_sgl, s_req_nsge_m1, s_req_off, s_req_pd}),
    .m_valid(pend_valid), .m_ready(pend_pop),
    .m_data({pend_addr, pend_len, pend_sgl, pend_nsge_m1, pend_off, pend_pd}),
    .count(pend_count)
);

/*
 * The list data: four {address, length, L_Key} entries
 */
wire         list_valid;
wire [511:0] list_data;
wire         list_bad;                   // the list's read failed
wire         list_push;
// verilator lint_off UNUSEDSIGNAL
wire         list_fifo_ready;            // room was reserved at the read
wire [LIST_LOG2:0] list_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(LIST_LOG2), .WIDTH(512 + 1))
list_inst (
    .clk(clk), .rst(rst),
    .s_valid(list_push), .s_ready(list_fifo_ready), .s_data({s_dma_tuser && s_dma_tlast, s_dma_tdata}),
    .m_valid(list_valid), .m_ready(list_pop),
    .m_data({list_bad, list_data}),
    .count(list_count)
);

/*
 * Piece stage. A one-range request loads the command register straight
 * from the pending FIFO's head, once the list items ahead of it are out of
 * stages B and C. A list request, once its list is at the list FIFO's head,
 * goes through stage A one SGE per cycle, all of its SGEs (those outside
 * the packet make no piece), and leaves the FIFOs with the last; B clips
 * each SGE to the packet and C issues the part left, if any. The stages
 * move together, whenever C's item is taken or has no piece, so the next
 * packet's SGEs follow the last one's without a gap.
 */
reg  [1:0]  a_k_reg = 0;                // SGE of the head request in stage A
reg  [33:0] a_start_reg = 0;            // its first byte in the list
reg         b_valid_reg = 1'b0, c_valid_reg = 1'b0;
reg         b_bad_reg = 1'b0, c_bad_reg = 1'b0;     // the list's read failed
reg  [63:0] b_addr_reg = 0, c_addr_reg = 0;
reg  [33:0] b_start_reg = 0, b_end_reg = 0, b_real_end_reg = 0;
reg  [33:0] b_pk_lo_reg = 0, b_pk_hi_reg = 0;   // the packet's bytes in the list
reg  [33:0] c_start_reg = 0, c_real_end_reg = 0, c_pk_hi_reg = 0;
reg  [33:0] c_lo_reg = 0, c_hi_reg = 0;
// the L_Key check: the key at B (its MR entry read at A), the piece at C
reg  [7:0]  b_tag_reg = 0;
reg         b_idx_ok_reg = 1'b0;
reg  [15:0] b_pd_reg = 0;
reg         c_key_ok_reg = 1'b0;
reg  [34:0] c_room_reg = 0;            // bytes of the region from the SGE's address on

// stage C: the piece, if the SGE holds any of the packet
wire        c_piece = c_valid_reg && c_hi_reg > c_lo_reg;
wire        c_last = c_hi_reg == c_pk_hi_reg;
wire [33:0] c_skip = c_lo_reg - c_start_reg;
wire [12:0] c_len = c_hi_reg[12:0] - c_lo_reg[12:0];

wire        direct = pend_valid && !pend_sgl && !b_valid_reg && !c_valid_reg;
// the stages move when the command register takes C's piece, or C has none
wire        walk = !c_piece || (cmd_free && !direct);
wire        a_go = pend_valid && pend_sgl && list_valid;

assign bypass_offer = s_req_valid && !s_req_sgl && !req_cross && !pend_valid && !b_valid_reg &&
                      !c_valid_reg && !cmd_valid_reg && order_ready;
assign piece_load = cmd_free && (direct || c_piece);

// stage A's SGE; the last of the list is unbounded
wire [63:0] a_addr = list_data[128*a_k_reg +: 64];
wire [31:0] a_len = list_data[128*a_k_reg + 64 +: 32];
wire [31:0] a_lkey = list_data[128*a_k_reg + 96 +: 32];
wire        a_final = a_k_reg == pend_nsge_m1;
wire [33:0] a_real_end = a_start_reg + {2'd0, a_len};
wire        a_done = walk && a_go && a_final;

assign pend_pop = (direct && cmd_free) || a_done;
assign list_pop = a_done;

always @(posedge clk) begin
    if (walk) begin
        b_valid_reg <= a_go;
        b_bad_reg <= list_bad;
        b_addr_reg <= a_addr;
        b_tag_reg <= a_lkey[7:0];
        b_idx_ok_reg <= (a_lkey[31:8] >> MR_LOG2) == 0;
        b_pd_reg <= pend_pd;
        b_start_reg <= a_start_reg;
        b_end_reg <= a_final ? UNBOUNDED : a_real_end;
        b_real_end_reg <= a_real_end;
        b_pk_lo_reg <= {2'd0, pend_off};
        b_pk_hi_reg <= {2'd0, pend_off} + {21'd0, pend_len};
        if (a_go) begin
            a_k_reg <= a_final ? 2'd0 : a_k_reg + 2'd1;
            a_start_reg <= a_final ? 34'd0 : a_real_end;
        end

        c_valid_reg <= b_valid_reg;
        c_bad_reg <= b_bad_reg;
        // the SGE's NIC address, and how far the region reaches from it
        c_addr_reg <= b_addr_reg + mr_delta;
        c_key_ok_reg <= b_key_ok;
        c_room_reg <= b_room[64] ? 35'd0 : (|b_room[63:35]) ? {35{1'b1}} : b_room[34:0];
        c_start_reg <= b_start_reg;
        c_real_end_reg <= b_real_end_reg;
        c_pk_hi_reg <= b_pk_hi_reg;
        c_lo_reg <= (b_start_reg > b_pk_lo_reg) ? b_start_reg : b_pk_lo_reg;
        c_hi_reg <= (b_end_reg < b_pk_hi_reg) ? b_end_reg : b_pk_hi_reg;
    end

    if (rst) begin
        a_k_reg <= 0;
        a_start_reg <= 0;
        b_valid_reg <= 1'b0;
        c_valid_reg <= 1'b0;
    end
end

// a piece past the final SGE's own end: the list is shorter than the WQE
wire c_short = c_piece && c_hi_reg > c_real_end_reg;
// a piece inside its SGE's region (the last SGE's may run past the SGE, not
// past the region), under a key of the QP's PD, from a list whose read did
// not fail; else zeros
// verilator lint_off UNUSEDSIGNAL
wire [33:0] c_span = c_hi_reg - c_start_reg;
// verilator lint_on UNUSEDSIGNAL
wire c_zero = c_bad_reg || !c_key_ok_reg || {1'b0, c_span} > c_room_reg;

/*
 * The MR entries for the SGEs' L_Keys, read at stage A. The region's end
 * and its NIC-minus-virtual offset are made as the entry is written.
 */
reg                cfgr_en = 1'b0, cfgr_valid = 1'b0;
reg  [MR_LOG2-1:0] cfgr_idx = 0;
reg  [7:0]         cfgr_tag = 0;
reg  [15:0]        cfgr_pd = 0;
reg  [63:0]        cfgr_va = 0, cfgr_delta = 0;
reg  [64:0]        cfgr_end = 0;

always @(posedge clk) begin
    cfgr_en <= cfg_mr_wr_en;
    cfgr_idx <= cfg_mr_wr_idx;
    cfgr_valid <= cfg_mr_wr_valid;
    cfgr_tag <= cfg_mr_wr_tag;
    cfgr_pd <= cfg_mr_wr_pd;
    cfgr_va <= cfg_mr_wr_va;
    cfgr_end <= {1'b0, cfg_mr_wr_va} + {17'd0, cfg_mr_wr_len};
    cfgr_delta <= cfg_mr_wr_iova - cfg_mr_wr_va;
    if (rst) begin
        cfgr_en <= 1'b0;
    end
end

localparam MRW = 1 + 8 + 16 + 64 + 65 + 64;
wire [MRW-1:0] mr_rd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(MR_LOG2),
    .DATA_WIDTH(MRW)
)
mr_inst (
    .clk(clk),
    .wr_en(cfgr_en),
    .wr_addr(cfgr_idx),
    .wr_data({cfgr_valid, cfgr_tag, cfgr_pd, cfgr_va, cfgr_end, cfgr_delta}),
    .rd_en(walk),
    .rd_addr(a_lkey[8 +: MR_LOG2]),
    .rd_data(mr_rd)
);

wire        mr_valid;
wire [7:0]  mr_tag;
wire [15:0] mr_pd;
wire [63:0] mr_va, mr_delta;
wire [64:0] mr_end;
assign {mr_valid, mr_tag, mr_pd, mr_va, mr_end, mr_delta} = mr_rd;

// stage B: the SGE's key, and the region from its address on
wire        b_key_ok = b_idx_ok_reg && mr_valid && mr_tag == b_tag_reg && mr_pd == b_pd_reg &&
                       b_addr_reg >= mr_va;
wire [64:0] b_room = mr_end - {1'b0, b_addr_reg};

/*
 * The command register and the order FIFO
 */
wire       order_push = cmd_issue || bypass;
wire [5:0] order_bytes = bypass ? s_req_len[5:0] : cmd_list_reg ? 6'd0 : cmd_out_len[5:0];
wire       order_last = bypass || (cmd_last_reg && !cmd_cut);
wire       order_list = !bypass && cmd_list_reg;
wire       order_zero = !bypass && cmd_zero_reg;
wire       order_bad = !bypass && cmd_bad_reg;
// a zero piece's beats, minus 1 (up to 64)
// verilator lint_off UNUSEDSIGNAL
wire [12:0] order_beats = cmd_out_len - 13'd1;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    if (cmd_issue) begin
        // the second part of a piece that left its page starts the next one
        cmd_valid_reg <= cmd_cut;
        cmd_addr_reg <= cmd_addr_reg + {51'd0, cmd_first_len};
        cmd_len_reg <= cmd_len_reg - cmd_first_len;
    end
    if (piece_load) begin
        cmd_valid_reg <= 1'b1;
        cmd_addr_reg <= direct ? pend_addr : c_addr_reg + {30'd0, c_skip};
        cmd_len_reg <= direct ? pend_len : c_len;
        cmd_list_reg <= 1'b0;
        cmd_last_reg <= direct || c_last;
        cmd_zero_reg <= !direct && c_zero;
        cmd_bad_reg <= !direct && c_bad_reg;
    end else if (list_load) begin
        cmd_valid_reg <= 1'b1;
        cmd_addr_reg <= s_req_addr;
        cmd_len_reg <= 13'd64;
        cmd_list_reg <= 1'b1;
        cmd_last_reg <= 1'b0;
        cmd_zero_reg <= 1'b0;
        cmd_bad_reg <= 1'b0;
    end

    if (rst) begin
        cmd_valid_reg <= 1'b0;
    end
end

wire       fifo_valid;
wire [15:0] fifo_data;
wire       ord_valid, ord_list, ord_last, ord_zero, ord_bad;
wire [5:0] ord_bytes;
wire       ord_bytes_nz;
wire       ord_pop;
wire       ord_load;
// verilator lint_off UNUSEDSIGNAL
wire [ORDER_LOG2:0] order_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(ORDER_LOG2), .WIDTH(1 + 1 + 6 + 1 + 1 + 6))
order_inst (
    .clk(clk), .rst(rst),
    .s_valid(order_push), .s_ready(order_ready),
    .s_data({order_bad, order_list, order_bytes, order_last, order_zero, order_beats[11:6]}),
    .m_valid(fifo_valid), .m_ready(ord_load),
    .m_data(fifo_data),
    .count(order_count)
);

// the order FIFO's head in flip-flops: the packer's every decision hangs
// on it, and read through the LUT RAM it put 10-13 LUT levels on the
// packer's registers in the core. A word reaches the head a cycle later
// (two after its read went out, well before its data); one word a cycle
// still. The byte count's "not 64" is decoded on the way in, and a zero
// piece's beat count goes to its counter (below) instead.
hpnic_reg_slice #(.WIDTH(2 + 9), .SKID(0))
order_head_inst (
    .clk(clk), .rst(rst),
    .s_valid(fifo_valid), .s_ready(ord_load),
    .s_data({fifo_data[15], fifo_data[13:8] != 6'd0, fifo_data[14:6]}),
    .m_valid(ord_valid), .m_ready(ord_pop),
    .m_data({ord_bad, ord_bytes_nz, ord_list, ord_bytes, ord_last, ord_zero})
);

/*
 * Packer: the residue (res_reg, res_n_reg bytes) and each beat rotated left
 * by res_n bytes make one output beat when they hold 64 bytes or the packet
 * ends; what the beat brings beyond 64 is the next residue, and at a
 * packet's end a residue left over goes out alone (flush_reg)
 */
reg  [511:0] res_reg = 0;
reg  [5:0]   res_n_reg = 0;
reg          flush_reg = 1'b0;

// the output beat is kept in two halves, merged after the register: the
// rotated beat, the residue, and which lanes come from the residue. One
// LUT3 per bit on the way out; merged before the register, ABC would build
// the rotator's last stage a second time into it
reg  [511:0] out_rot_reg = 0, out_res_reg = 0;
reg  [63:0]  out_from_res_reg = 0;
reg  [63:0]  out_keep_reg = 0;
reg  [6:0]   out_bytes_reg = 0;
reg          out_valid_reg = 1'b0, out_last_reg = 1'b0;
// a read of the packet failed (a payload read's tuser, or a piece of a list
// whose read failed): the packet so far, and the output beat's
reg          bad_reg = 1'b0, out_bad_reg = 1'b0;

wire out_free = !out_valid_reg || m_pay_tready;

// a zero piece's beats come from here, not from the DMA channel: the beats
// left after this one, and whether there are none (a flag, so that
// beat_last is a 2:1 select of flip-flops)
reg  [5:0] zleft_reg = 0;
reg        zlast_reg = 1'b0;
wire beat_valid = ord_zero || s_dma_tvalid;
wire beat_last = ord_zero ? zlast_reg : s_dma_tlast;
wire pay_beat = beat_valid && ord_valid && !ord_list;
wire pay_take = pay_beat && out_free && !flush_reg;

assign s_dma_tready = ord_valid && !ord_zero && (ord_list || (out_free && !flush_reg));
assign list_push = s_dma_tvalid && ord_valid && ord_list;
assign ord_pop = ord_valid && (ord_zero ? pay_take && beat_last : s_dma_tvalid && s_dma_tready && s_dma_tlast);

always @(posedge clk) begin
    if (ord_load) begin
        zleft_reg <= fifo_data[5:0];
        zlast_reg <= fifo_data[5:0] == 6'd0;
    end else if (pay_take && ord_zero) begin
        zleft_reg <= zleft_reg - 6'd1;
        zlast_reg <= zleft_reg == 6'd1;
    end
end

`include "hpnic_lanes.vh"

// the beat rotated left by res_n lanes: lanes res_n.. hold the beat's first
// bytes, lanes below res_n its last ones (what spills into the residue).
// Three 4:1 stages, one LUT6 per bit each; the kept stage outputs stop
// Yosys from mapping the whole as 64:1 MUXF chains (twice the LUTs)
(* keep *) wire [511:0] rot1, rot2, rot;

function [511:0] rotl_lanes;
    input [511:0] x;
    input integer n;
    begin
        rotl_lanes = (x << (8*n)) | (x >> (512 - 8*n));
    end
endfunction

assign rot1 = res_n_reg[1:0] == 2'd0 ? s_dma_tdata :
              res_n_reg[1:0] == 2'd1 ? rotl_lanes(s_dma_tdata, 1) :
              res_n_reg[1:0] == 2'd2 ? rotl_lanes(s_dma_tdata, 2) : rotl_lanes(s_dma_tdata, 3);
assign rot2 = res_n_reg[3:2] == 2'd0 ? rot1 :
              res_n_reg[3:2] == 2'd1 ? rotl_lanes(rot1, 4) :
              res_n_reg[3:2] == 2'd2 ? rotl_lanes(rot1, 8) : rotl_lanes(rot1, 12);
assign rot = res_n_reg[5:4] == 2'd0 ? rot2 :
             res_n_reg[5:4] == 2'd1 ? rotl_lanes(rot2, 16) :
             res_n_reg[5:4] == 2'd2 ? rotl_lanes(rot2, 32) : rotl_lanes(rot2, 48);

wire [63:0]  res_lanes = hpnic_lanes_below({1'b0, res_n_reg});
// the residue plus the beat: a partial last beat's bytes (ord_bytes), else
// 64. Both sums are made from flip-flops, and beat_last only selects
wire [6:0]   part_total = {1'b0, res_n_reg} + {1'b0, ord_bytes};
wire [7:0]   total = {1'b0, (beat_last && ord_bytes_nz) ? part_total : {1'b1, res_n_reg}};
wire         pkt_end = beat_last && ord_last;
wire         emit = pay_take && (total >= 8'd64 || pkt_end);

// per lane, what the output takes: the residue below res_n (all of it for a
// flush), the rotated beat above; and the residue: the rotated beat where
// it spills (all lanes once 64 bytes went out), else itself
wire [63:0]  out_from_res = flush_reg ? {64{1'b1}} : res_lanes;
(* keep *) wire [63:0] res_from_rot = total >= 8'd64 ? {64{1'b1}} : ~res_lanes;
wire         out_load = out_free && (flush_reg || emit);
wire         res_load = pay_take;
integer      m;

// which lanes hold zeros of a zero piece: the beat's (all or none), the
// residue's (per lane, as the residue was filled); applied in the output's
// LUT, beside the keep mask, so the rotator carries no extra input
reg  [63:0]  res_zero_reg = 0, out_res_zero_reg = 0;
reg          out_rot_zero_reg = 1'b0;

always @(posedge clk) begin
    if (out_load) begin
        out_from_res_reg <= out_from_res;
        out_res_zero_reg <= res_zero_reg;
        out_rot_zero_reg <= ord_zero;
    end
    for (m = 0; m < 64; m = m + 1) begin
        if (res_load && res_from_rot[m]) begin
            res_zero_reg[m] <= ord_zero;
        end
    end
    for (m = 0; m < 64; m = m + 1) begin
        if (out_load) begin
            out_rot_reg[8*m +: 8] <= rot[8*m +: 8];
            out_res_reg[8*m +: 8] <= res_reg[8*m +: 8];
        end
        if (res_load) begin
            res_reg[8*m +: 8] <= res_from_rot[m] ? rot[8*m +: 8] : res_reg[8*m +: 8];
        end
    end
end

wire pay_err = pay_take && beat_last && (ord_zero ? ord_bad : s_dma_tuser);
wire bad_now = bad_reg || pay_err;

always @(posedge clk) begin
    if (out_free && flush_reg) begin
        out_bad_reg <= bad_reg;
        bad_reg <= 1'b0;
    end else if (pay_take) begin
        out_bad_reg <= bad_now;
        // kept for a flush beat, cleared once the packet's last beat is out
        bad_reg <= bad_now && !(pkt_end && (total <= 8'd64));
    end
    if (rst) begin
        bad_reg <= 1'b0;
    end
end

always @(posedge clk) begin
    if (m_pay_tready) begin
        out_valid_reg <= 1'b0;
    end
    if (out_free && flush_reg) begin
        out_valid_reg <= 1'b1;
        out_keep_reg <= res_lanes;
        out_bytes_reg <= {1'b0, res_n_reg};
        out_last_reg <= 1'b1;
        res_n_reg <= 0;
        flush_reg <= 1'b0;
    end else if (pay_take) begin
        if (total >= 8'd64) begin
            out_valid_reg <= 1'b1;
            out_keep_reg <= {64{1'b1}};
            out_bytes_reg <= 7'd64;
            out_last_reg <= pkt_end && total == 8'd64;
            res_n_reg <= total[5:0];
            flush_reg <= pkt_end && total != 8'd64;
        end else if (pkt_end) begin
            out_valid_reg <= 1'b1;
            out_keep_reg <= hpnic_lanes_below(total[6:0]);
            out_bytes_reg <= total[6:0];
            out_last_reg <= 1'b1;
            res_n_reg <= 0;
        end else begin
            res_n_reg <= total[5:0];
        end
    end

    if (rst) begin
        out_valid_reg <= 1'b0;
        res_n_reg <= 0;
        flush_reg <= 1'b0;
    end
end

genvar gl;
generate
    for (gl = 0; gl < 64; gl = gl + 1) begin : g_out
        assign m_pay_tdata[8*gl +: 8] = !out_keep_reg[gl] ? 8'd0 :
                                        out_from_res_reg[gl] ? (out_res_zero_reg[gl] ? 8'd0 : out_res_reg[8*gl +: 8]) :
                                        out_rot_zero_reg ? 8'd0 : out_rot_reg[8*gl +: 8];
    end
endgenerate
assign m_pay_tkeep = out_keep_reg;
assign m_pay_tbytes = out_bytes_reg;
assign m_pay_tvalid = out_valid_reg;
assign m_pay_tlast = out_last_reg;
assign m_pay_tuser = out_bad_reg;

/*
 * Counters
 */
always @(posedge clk) begin
    if (walk && a_go && a_k_reg == 2'd0) begin
        stat_sgl_pkts <= stat_sgl_pkts + 1'b1;
    end
    if (piece_load && !direct) begin
        stat_pieces <= stat_pieces + 1'b1;
    end
    if (piece_load && !direct && c_short) begin
        stat_short <= stat_short + 1'b1;
    end
    if (piece_load && !direct && c_zero && !c_bad_reg) begin
        stat_lkey_err <= stat_lkey_err + 1'b1;
    end
    if (rst) begin
        stat_sgl_pkts <= 0;
        stat_pieces <= 0;
        stat_short <= 0;
        stat_lkey_err <= 0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire [63:0] unused_keep = s_dma_tkeep;
wire [1:0]  unused_total = total[7:6];
// verilator lint_on UNUSEDSIGNAL

endmodule

`resetall
