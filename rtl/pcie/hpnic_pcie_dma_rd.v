// SPDX-License-Identifier: MIT
/*
 * PCIe DMA read engine for the UltraScale+ integrated block: the generic
 * DMA read channel of docs/host.md becomes memory read TLPs on the
 * requester request (RQ) interface, and the completions on the requester
 * completion (RC) interface, 512 bits, Dword-aligned, straddle on or off
 * (STRADDLE), are put back in request order (docs/pcie.md).
 *
 * - A read (addr, len) is cut at every S-aligned address, S = min(MRRS,
 *   2^SLOT_LOG2) (512 by default): no part crosses 4 KiB or exceeds MRRS.
 *   Each part takes the next tag in turn (tags are freed in the same order,
 *   so a tag is never reused while live) and a slot of S bytes in the
 *   reorder buffer, indexed by tag.
 * - Before a part is requested, its worst-case completion credits are
 *   reserved: one header and four data credits per 64-byte line it touches
 *   (a completer splits at 64- or 128-byte boundaries at worst). They come
 *   back when the tag is freed, so the IP's completion buffer never holds
 *   more than CPLH_LIMIT / CPLD_LIMIT.
 * - A completion's payload is written into its tag's slot at its address
 *   (the descriptor's lower address), whatever order tags come in: its beats
 *   are rotated by Dwords to address alignment and written into two banks of
 *   16 Dword-wide RAMs (even and odd lines), so a beat that spans two lines
 *   writes both in one cycle. Request completed in a descriptor marks the
 *   tag done; an error code, poisoned or discontinue marks it failed. With
 *   straddle a beat can hold pieces of up to four completions: two are
 *   written a cycle (below).
 * - The line reader walks the parts in order, waits for each tag to be
 *   done, reads its lines (one a cycle) into a line FIFO, and frees the tag.
 *   The aligner shifts the line stream by the read's address offset
 *   (hpnic_byte_shr) into the completion stream: lane 0 the first byte, one
 *   tlast per read, tuser = 1 on the tlast beat if any part failed.
 * - Errors never hang: a failed completion still ends its tag (the IP sets
 *   request completed on every terminating error, a completion timeout
 *   included), and the read still delivers len bytes, flagged.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_dma_rd #(
    // read length bits (13: the generic channel's 1..4096)
    parameter LEN_WIDTH = 13,
    // log2 of the tags (64 needs extended tags)
    parameter TAG_LOG2 = 6,
    // log2 of the largest part in bytes (a reorder-buffer slot): 9 = 512
    parameter SLOT_LOG2 = 9,
    // completion buffer of the IP: headers and 16-byte data credits
    parameter CPLH_LIMIT = 256,
    parameter CPLD_LIMIT = 2048,
    // 1: the IP's RC straddle option is on (up to four completions a beat)
    parameter STRADDLE = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // Max Read Request Size, PCIe encoding (cfg_max_read_req): 0 = 128 B .. 5 = 4096 B
    input  wire [2:0]            cfg_max_read_req,

    // generic DMA read channel (docs/host.md)
    input  wire                  s_rd_req_valid,
    output wire                  s_rd_req_ready,
    input  wire [63:0]           s_rd_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_rd_req_len,
    // ordering behind writes: the read is requested only once wr_sent (a
    // count of writes handed on) has reached s_rd_req_after (mod 256, at
    // most 127 ahead); tie both to 0 where no write shares the link
    input  wire [7:0]            s_rd_req_after,
    input  wire [7:0]            wr_sent,
    output wire [511:0]          m_rd_cpl_tdata,
    output wire [63:0]           m_rd_cpl_tkeep,
    output wire                  m_rd_cpl_tvalid,
    input  wire                  m_rd_cpl_tready,
    output wire                  m_rd_cpl_tlast,
    output wire                  m_rd_cpl_tuser,     // on tlast: the read failed

    // requester request interface: read requests (one beat each)
    output wire [511:0]          m_rq_tdata,
    output wire [15:0]           m_rq_tkeep,
    output wire                  m_rq_tvalid,
    input  wire                  m_rq_tready,
    output wire                  m_rq_tlast,
    output wire [136:0]          m_rq_tuser,

    // requester completion interface (m_axis_rc_* of the IP)
    input  wire [511:0]          s_rc_tdata,
    // verilator lint_off UNUSEDSIGNAL
    input  wire [15:0]           s_rc_tkeep,
    // verilator lint_on UNUSEDSIGNAL
    input  wire                  s_rc_tvalid,
    output wire                  s_rc_tready,
    input  wire                  s_rc_tlast,
    // verilator lint_off UNUSEDSIGNAL
    input  wire [160:0]          s_rc_tuser,
    // verilator lint_on UNUSEDSIGNAL

    output reg  [31:0]           stat_rd_reqs = 32'd0,
    output reg  [31:0]           stat_rd_tlps = 32'd0,
    output reg  [31:0]           stat_rd_err = 32'd0
);

initial begin
    if (LEN_WIDTH < 13 || LEN_WIDTH > 24) begin
        $error("hpnic_pcie_dma_rd: LEN_WIDTH must be 13..24 (%m)");
        $finish;
    end
    if (TAG_LOG2 < 2 || TAG_LOG2 > 8) begin
        $error("hpnic_pcie_dma_rd: TAG_LOG2 must be 2..8 (%m)");
        $finish;
    end
    if (SLOT_LOG2 < 7 || SLOT_LOG2 > 9) begin
        $error("hpnic_pcie_dma_rd: SLOT_LOG2 must be 7..9 (%m)");
        $finish;
    end
    // room for two parts' worst case (the checks run a cycle ahead)
    if (CPLH_LIMIT < (2 << (SLOT_LOG2 - 6)) || CPLH_LIMIT > 1023 ||
        CPLD_LIMIT < (8 << (SLOT_LOG2 - 6)) || CPLD_LIMIT > 8191) begin
        $error("hpnic_pcie_dma_rd: CPLH_LIMIT or CPLD_LIMIT out of range (%m)");
        $finish;
    end
end

localparam NTAG = 1 << TAG_LOG2;
localparam LL = SLOT_LOG2 - 6;          // line index bits in a slot
localparam NB = LEN_WIDTH - 5;          // beat counts (up to 2^LEN_WIDTH / 64 + 1)
// part record: tag, first line, last line, first part, last part,
// the read's address offset, beats, bytes of its last beat
localparam PI_W = TAG_LOG2 + LL + LL + 1 + 1 + 6 + NB + 7;

/*
 * Read request FIFO, then a register slice: the head read's first part is
 * worked out from registers (the FIFO's LUT RAM read would come first)
 */
wire                 rf_valid, rf_ready;
wire [63:0]          rf_addr;
wire [LEN_WIDTH-1:0] rf_len;
wire [7:0]           rf_after;
wire                 req_valid;
wire                 req_ready;
wire [63:0]          req_addr;
wire [LEN_WIDTH-1:0] req_len;
wire [7:0]           req_after;

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(64 + LEN_WIDTH + 8))
req_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_rd_req_valid), .s_ready(s_rd_req_ready),
    .s_data({s_rd_req_addr, s_rd_req_len, s_rd_req_after}),
    .m_valid(rf_valid), .m_ready(rf_ready), .m_data({rf_addr, rf_len, rf_after}),
    // verilator lint_off PINCONNECTEMPTY
    .count()
    // verilator lint_on PINCONNECTEMPTY
);

hpnic_reg_slice #(.WIDTH(64 + LEN_WIDTH + 8), .SKID(1))
req_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(rf_valid), .s_ready(rf_ready), .s_data({rf_addr, rf_len, rf_after}),
    .m_valid(req_valid), .m_ready(req_ready), .m_data({req_addr, req_len, req_after})
);

/*
 * Splitter: parts, tags, credits, RQ descriptors
 *
 * A part is worked out by part_of() below, twice: for the head read's first
 * part into the next-read stage (nx_*), and for the part at sp_addr_reg (the
 * rest of a read longer than one part) into c_*. The next read moves into the
 * splitter, its first part straight into c_*, as the last part of the read
 * before it is issued: a read of one part is issued every cycle. A later part
 * of a long read waits a cycle for c_* (512 bytes per 2 cycles, above the
 * link's rate).
 */
localparam PW = 1 + (SLOT_LOG2 + 1) + LL + LL + (LL + 1) + 11 + 4 + 4;

`include "hpnic_dw_be.vh"

// The part at address a (its low bits) with rem bytes left, S = mrrs: either
// the rest ("all") or up to the next S-aligned address ("blk"), both worked
// out side by side, then picked. Returns {all, len, first line, last line,
// lines, Dwords, first BE, last BE}.
function [PW-1:0] part_of(input [SLOT_LOG2-1:0] a, input [LEN_WIDTH-1:0] rem,
                          input [SLOT_LOG2:0] mrrs, input [SLOT_LOG2-1:0] mmask);
    reg [SLOT_LOG2-1:0] a_in;
    reg [SLOT_LOG2:0]   room, len, rem_s;
    // verilator lint_off UNUSEDSIGNAL
    reg [SLOT_LOG2:0]   end_all;
    reg [SLOT_LOG2-1:0] end_blk;
    // verilator lint_on UNUSEDSIGNAL
    reg                 all;
    reg [LL-1:0]        l0, l1;
    reg [LL:0]          lines;
    reg [SLOT_LOG2+1:0] span_all;
    reg [SLOT_LOG2-2:0] dw_blk_s;
    reg [10:0]          dw;
    reg [3:0]           fbe, lbe;
    begin
        a_in = a & mmask;
        room = mrrs - {1'b0, a_in};
        all = rem <= {{(LEN_WIDTH-SLOT_LOG2-1){1'b0}}, room};
        rem_s = rem[SLOT_LOG2:0];                   // meaningful when all
        len = all ? rem_s : room;
        end_all = {1'b0, a} + rem_s - 1'b1;
        end_blk = a | mmask;
        l0 = a[SLOT_LOG2-1:6];
        l1 = all ? end_all[SLOT_LOG2-1:6] : end_blk[SLOT_LOG2-1:6];
        lines = all ? {1'b0, end_all[SLOT_LOG2-1:6]} - {1'b0, l0} + 1'b1
                    : {1'b0, end_blk[SLOT_LOG2-1:6]} - {1'b0, l0} + 1'b1;
        span_all = {{(SLOT_LOG2){1'b0}}, a[1:0]} + {1'b0, rem_s};
        // up to an S-aligned end the span from the first Dword is S - (a_in & ~3)
        dw_blk_s = mrrs[SLOT_LOG2:2] - {1'b0, a_in[SLOT_LOG2-1:2]};
        dw = all ? {{(11-SLOT_LOG2){1'b0}}, span_all[SLOT_LOG2+1:2]} + {10'd0, span_all[1:0] != 2'd0}
                 : {{(11-SLOT_LOG2+1){1'b0}}, dw_blk_s};
        fbe = all ? hpnic_dw_be_first(a[1:0], {{(12-SLOT_LOG2){1'b0}}, span_all}) : 4'b1111 << a[1:0];
        lbe = all ? hpnic_dw_be_last({{(12-SLOT_LOG2){1'b0}}, span_all}) : (dw_blk_s == 1 ? 4'b0000 : 4'b1111);
        part_of = {all, len, l0, l1, lines, dw, fbe, lbe};
    end
endfunction

reg                 sp_active_reg = 1'b0;
reg [63:0]          sp_addr_reg = 0;
reg [LEN_WIDTH-1:0] sp_rem_reg = 0;
reg                 sp_first_reg = 1'b0;
reg [5:0]           sp_off_reg = 0;          // the read's address offset
reg [NB-1:0]        sp_beats_reg = 0;
reg [6:0]           sp_lastn_reg = 0;

reg [TAG_LOG2:0]    tag_alloc_reg = 0;       // next tag to give (with a wrap bit)
reg [TAG_LOG2:0]    tag_free_reg = 0;        // next tag to free
reg [9:0]           cplh_used_reg = 0;
reg [12:0]          cpld_used_reg = 0;

localparam [2:0]    MRRS_CAP = SLOT_LOG2[2:0] - 3'd7;
reg  [2:0]          mrrs_code_reg = 3'd0;
reg  [SLOT_LOG2:0]  mrrs_reg = 0;             // S
reg  [SLOT_LOG2-1:0] mmask_reg = 0;           // S - 1

// the next read: its address, length, shape and first part
reg                 nx_valid_reg = 1'b0;
reg [63:0]          nx_addr_reg = 0;
reg [LEN_WIDTH-1:0] nx_len_reg = 0;
reg [NB-1:0]        nx_beats_reg = 0;
reg [6:0]           nx_lastn_reg = 0;
reg [PW-1:0]        nx_part_reg = 0;
reg [7:0]           nx_after_reg = 0;
reg                 nx_ok_reg = 1'b0;        // the writes before it are handed on
// wr_sent has reached a mark (a count at most 127 behind or equal)
function reached(input [7:0] sent, input [7:0] mark);
    // verilator lint_off UNUSEDSIGNAL
    reg [7:0] d;
    // verilator lint_on UNUSEDSIGNAL
    begin
        d = sent - mark;
        reached = !d[7];
    end
endfunction

// the part to issue: fresh unless the splitter moved on within a read a
// cycle ago (settle)
reg                 c_all_reg = 1'b0;
reg [SLOT_LOG2:0]   c_len_reg = 0;
reg [LL-1:0]        c_l0_reg = 0, c_l1_reg = 0;
reg [LL:0]          c_lines_reg = 0;
reg [10:0]          c_dw_reg = 0;
reg [3:0]           c_fbe_reg = 0, c_lbe_reg = 0;
reg                 settle_reg = 1'b0;

// Tags and credits are checked a cycle ahead, so each check leaves room for
// the part issued meanwhile too: two tags, two parts' worst case of credits.
// The reservation itself is exact (c_lines_reg).
localparam LMAX = 1 << LL;
localparam [10:0] CPLH_MAX = CPLH_LIMIT;
localparam [13:0] CPLD_MAX = CPLD_LIMIT;
reg                 tags_ok_reg = 1'b0;
reg                 cred_ok_reg = 1'b0;
localparam [TAG_LOG2:0] TAGS_AHEAD = NTAG - 2;
wire tags_ok = (tag_alloc_reg - tag_free_reg) <= TAGS_AHEAD;
wire cred_ok = {1'b0, cplh_used_reg} + 11'd2 * LMAX[10:0] <= CPLH_MAX &&
               {1'b0, cpld_used_reg} + 14'd8 * LMAX[13:0] <= CPLD_MAX;

wire pi_ready;
wire rqo_ready;
wire issue = sp_active_reg && !settle_reg && tags_ok_reg && cred_ok_reg && pi_ready && rqo_ready;
// the next read moves in when the splitter is idle or issues a read's last part
wire sp_load = nx_valid_reg && nx_ok_reg && (!sp_active_reg || (issue && c_all_reg));

assign req_ready = !nx_valid_reg || sp_load;

wire [127:0] rd_desc = {
    1'b0, 3'b000, 3'b000, 1'b0,          // ECRC, attributes, TC, requester ID enable
    16'd0,                               // completer ID
    {{(8-TAG_LOG2){1'b0}}, tag_alloc_reg[TAG_LOG2-1:0]},
    16'd0, 1'b0,                         // requester ID, poisoned
    4'b0000,                             // memory read
    c_dw_reg,
    sp_addr_reg[63:2], 2'b00
};
wire [3:0] rd_fbe = c_fbe_reg;
wire [3:0] rd_lbe = c_lbe_reg;

// the RQ output register: one-beat TLPs
wire [127:0] rqo_desc;
wire [3:0]   rqo_fbe, rqo_lbe;

hpnic_reg_slice #(.WIDTH(136))
rqo_inst (
    .clk(clk), .rst(rst),
    .s_valid(issue), .s_ready(rqo_ready), .s_data({rd_lbe, rd_fbe, rd_desc}),
    .m_valid(m_rq_tvalid), .m_ready(m_rq_tready), .m_data({rqo_lbe, rqo_fbe, rqo_desc})
);

assign m_rq_tdata = {384'd0, rqo_desc};
assign m_rq_tkeep = 16'h000f;
assign m_rq_tlast = 1'b1;
assign m_rq_tuser = {
    64'd0, 6'd0, 6'd0, 16'd0, 2'b00, 4'd0, 2'b00,   // parity, seq_num1/0, TPH
    1'b0,                                           // 36 discontinue
    4'd0, 4'd3,                                     // is_eop1_ptr, is_eop0_ptr (Dword 3)
    2'b01,                                          // is_eop
    2'b00, 2'b00, 2'b01,                            // is_sop1_ptr, is_sop0_ptr, is_sop
    4'd0,                                           // addr_offset
    {4'd0, rqo_lbe}, {4'd0, rqo_fbe}
};

// part records, in tag order, for the line reader. A register slice
// behind the FIFO: the line reader's head record (its tag selects a done
// flag, which takes the record) then comes from registers, not through the
// FIFO's distributed-RAM read (9 LUT levels from its read pointer)
wire          pi_valid;
wire          pi_take;
wire [PI_W-1:0] pi_data;
wire          pf_valid, pf_ready;
wire [PI_W-1:0] pf_data;

hpnic_fifo #(.DEPTH_LOG2(TAG_LOG2), .WIDTH(PI_W))
pi_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(issue), .s_ready(pi_ready),
    .s_data({tag_alloc_reg[TAG_LOG2-1:0], c_l0_reg, c_l1_reg, sp_first_reg, c_all_reg,
             sp_off_reg, sp_beats_reg, sp_lastn_reg}),
    .m_valid(pf_valid), .m_ready(pf_ready), .m_data(pf_data),
    // verilator lint_off PINCONNECTEMPTY
    .count()
    // verilator lint_on PINCONNECTEMPTY
);

hpnic_reg_slice #(.WIDTH(PI_W), .SKID(1))
pi_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(pf_valid), .s_ready(pf_ready), .s_data(pf_data),
    .m_valid(pi_valid), .m_ready(pi_take), .m_data(pi_data)
);

// a read's beats and the bytes of its last beat
wire [LEN_WIDTH-1:0] req_lenm1 = req_len - 1'b1;

wire          tag_free;                    // the line reader frees the oldest tag
wire [LL:0]   free_lines;
// its credits come back a cycle later (registered: off the part FIFO's read)
reg           free_v_reg = 1'b0;
reg [LL:0]    free_lines_reg = 0;

always @(posedge clk) begin
    mrrs_code_reg <= cfg_max_read_req > MRRS_CAP ? MRRS_CAP : cfg_max_read_req;
    mrrs_reg <= {{(SLOT_LOG2-7){1'b0}}, 8'd128} << mrrs_code_reg;
    mmask_reg <= ({{(SLOT_LOG2-7){1'b0}}, 7'h7f} << mrrs_code_reg) | {{(SLOT_LOG2-7){1'b0}}, 7'h7f};
    if (req_valid && req_ready) begin
        nx_addr_reg <= req_addr;
        nx_len_reg <= req_len;
        nx_beats_reg <= req_lenm1[LEN_WIDTH-1:6] + 1'b1;
        nx_lastn_reg <= {1'b0, req_lenm1[5:0]} + 1'b1;
        nx_part_reg <= part_of(req_addr[SLOT_LOG2-1:0], req_len, mrrs_reg, mmask_reg);
        nx_after_reg <= req_after;
    end
    // wr_sent only grows, so a check a cycle old is safe
    nx_ok_reg <= (req_valid && req_ready) ? reached(wr_sent, req_after)
                                          : nx_ok_reg || reached(wr_sent, nx_after_reg);
    if (req_ready) begin
        nx_valid_reg <= req_valid;
    end
    {c_all_reg, c_len_reg, c_l0_reg, c_l1_reg, c_lines_reg, c_dw_reg, c_fbe_reg, c_lbe_reg} <=
        sp_load ? nx_part_reg : part_of(sp_addr_reg[SLOT_LOG2-1:0], sp_rem_reg, mrrs_reg, mmask_reg);
    tags_ok_reg <= tags_ok;
    cred_ok_reg <= cred_ok;
    settle_reg <= issue && !c_all_reg;
    if (issue) begin
        sp_addr_reg <= sp_addr_reg + {{(63-SLOT_LOG2){1'b0}}, c_len_reg};
        sp_rem_reg <= sp_rem_reg - {{(LEN_WIDTH-SLOT_LOG2-1){1'b0}}, c_len_reg};
        sp_first_reg <= 1'b0;
        tag_alloc_reg <= tag_alloc_reg + 1'b1;
        stat_rd_tlps <= stat_rd_tlps + 1'b1;
        if (c_all_reg) begin
            sp_active_reg <= 1'b0;
        end
    end
    if (sp_load) begin
        sp_active_reg <= 1'b1;
        sp_addr_reg <= nx_addr_reg;
        sp_rem_reg <= nx_len_reg;
        sp_first_reg <= 1'b1;
        sp_off_reg <= nx_addr_reg[5:0];
        sp_beats_reg <= nx_beats_reg;
        sp_lastn_reg <= nx_lastn_reg;
        stat_rd_reqs <= stat_rd_reqs + 1'b1;
    end
    cplh_used_reg <= cplh_used_reg + (issue ? {{(9-LL){1'b0}}, c_lines_reg} : 10'd0)
                                   - (free_v_reg ? {{(9-LL){1'b0}}, free_lines_reg} : 10'd0);
    cpld_used_reg <= cpld_used_reg + (issue ? {{(10-LL){1'b0}}, c_lines_reg, 2'b00} : 13'd0)
                                   - (free_v_reg ? {{(10-LL){1'b0}}, free_lines_reg, 2'b00} : 13'd0);
    if (tag_free) begin
        tag_free_reg <= tag_free_reg + 1'b1;
    end
    free_v_reg <= tag_free;
    free_lines_reg <= free_lines;

    if (rst) begin
        sp_active_reg <= 1'b0;
        nx_valid_reg <= 1'b0;
        settle_reg <= 1'b0;
        tag_alloc_reg <= 0;
        tag_free_reg <= 0;
        cplh_used_reg <= 0;
        cpld_used_reg <= 0;
        free_v_reg <= 1'b0;
        stat_rd_reqs <= 32'd0;
        stat_rd_tlps <= 32'd0;
    end
end


/*
 * RC: completions into the reorder buffer. A beat is cut into segments, each
 * the part of one completion in the beat: first the one going on from the
 * beat before (from Dword 0), then each one starting in it (Dword 0 only
 * without straddle; with STRADDLE at Dword 0, 4, 8 or 12, up to four, PG213).
 * The cut is worked out from tuser (from tlast and tkeep without straddle)
 * in front of a register slice; behind it, two segments a cycle are written,
 * the second only when its Dword lanes miss the first's (each RAM lane has one
 * write port). Completions of one request, and the last of one part and the
 * first of the next, fill lanes one after the other, so in-order traffic
 * never waits; a beat with more segments, or lanes that collide, takes
 * another cycle (the slice then holds the IP's RC back).
 */
localparam NSEG = 4;
// a segment: request completed, failed, tag, line and rotation of stream
// Dword 0, no payload, the lane after its last payload Dword (4), its first
// payload Dword's lane (4), that Dword (4), ends here, last Dword (4)
localparam SGW = 1 + 1 + TAG_LOG2 + LL + 4 + 1 + 4 + 4 + 4 + 1 + 4;
localparam SG_E = 0, SG_EOP = 4, SG_PS = 5, SG_SL = 9, SG_EL = 13, SG_MT = 17, SG_ROT = 18,
           SG_LINE = 22, SG_TAG = 22 + LL, SG_ERR = SG_TAG + TAG_LOG2, SG_RC = SG_ERR + 1;
// the beat, its segments, how many
localparam RCW = 512 + NSEG * SGW + 3;

// the completion going on past the last beat taken: its state for the next
// beat's segment 0 (tracked here, in front of the slice, so that every
// segment's fields and the pair checks are registered)
reg            cut_cont_reg = 1'b0;
reg [3:0]      cut_rot_reg = 0;
reg [LL-1:0]   cut_line_reg = 0;
reg [TAG_LOG2-1:0] cut_tag_reg = 0;
reg            cut_rc_reg = 1'b0;
reg            cut_err_reg = 1'b0;

// the cut, from this beat's tuser (tlast and tkeep without straddle); is_sop
// and is_eop are thermometer codes (0001, 0011, 0111, 1111)
wire [3:0]     t_sop = STRADDLE != 0 ? s_rc_tuser[67:64] : {3'b000, !cut_cont_reg};
wire [3:0]     t_eop = STRADDLE != 0 ? s_rc_tuser[79:76] : {3'b000, s_rc_tlast};
reg  [3:0]     t_keep_hi;                  // the last kept Dword (straddle off)
integer i;
always @* begin
    t_keep_hi = 4'd0;
    for (i = 0; i < 16; i = i + 1) begin
        if (s_rc_tkeep[i]) begin
            t_keep_hi = i[3:0];
        end
    end
end
// segment i exists: with a going-on completion it is segment 0, and the
// k-th starting one is segment k + 1
wire [3:0]     t_sv = cut_cont_reg ? {t_sop[2:0], 1'b1} : t_sop;
wire [2:0]     t_nseg = t_sv[3] ? 3'd4 : t_sv[2] ? 3'd3 : t_sv[1] ? 3'd2 : t_sv[0] ? 3'd1 : 3'd0;
wire [7:0]     t_sp = STRADDLE != 0 ? s_rc_tuser[75:68] : 8'd0;
wire [15:0]    t_ep = STRADDLE != 0 ? s_rc_tuser[95:80] : {12'd0, t_keep_hi};
wire           t_disc = s_rc_tuser[96];

// the descriptor at each quarter: slot Dword index of stream Dword 0
// (la/4 - 3 - its first Dword), the first payload lane, tag, request
// completed, failed
reg [SLOT_LOG2-3:0] q_db [0:3];
reg [TAG_LOG2-1:0]  q_tag [0:3];
reg [3:0]      q_rc, q_err;
reg [3:0]      q_sl [0:3];
integer q;
// verilator lint_off UNUSEDSIGNAL
integer q_off;
// verilator lint_on UNUSEDSIGNAL
always @* begin
    for (q = 0; q < 4; q = q + 1) begin
        q_off = 4*q + 3;
        q_db[q] = s_rc_tdata[128*q + 2 +: SLOT_LOG2 - 2] - q_off[SLOT_LOG2-3:0];
        q_tag[q] = s_rc_tdata[128*q + 64 +: TAG_LOG2];
        q_rc[q] = s_rc_tdata[128*q + 30];
        q_err[q] = s_rc_tdata[128*q + 12 +: 4] != 4'd0 || s_rc_tdata[128*q + 43 +: 3] != 3'd0 ||
                   s_rc_tdata[128*q + 46];
        q_sl[q] = s_rc_tdata[128*q + 2 +: 4];
    end
end

// the segments and the pair checks are worked out for both cases, a
// completion going on or not, and picked last (timing: cut_cont_reg is then
// off the long paths)
reg [SGW-1:0]  t_sgc [0:2*NSEG-1];         // [NSEG*c + i]
reg [SGW-1:0]  t_sg [0:NSEG-1];
reg [1:0]      sq;
reg [3:0]      se;
reg [3:0]      sr;
integer c;
always @* begin
    for (c = 0; c < 2; c = c + 1) begin
        for (i = 0; i < NSEG; i = i + 1) begin
            sq = c != 0 ? (i == 0 ? 2'd0 : t_sp[2*i - 2 +: 2]) : t_sp[2*i +: 2];
            se = t_eop[i] ? t_ep[4*i +: 4] : 4'd15;
            if (c != 0 && i == 0) begin
                t_sgc[NSEG*c + i] = {cut_rc_reg, cut_err_reg || t_disc, cut_tag_reg, cut_line_reg,
                                     cut_rot_reg, 1'b0, se + 4'd1 + cut_rot_reg, cut_rot_reg, 4'd0,
                                     t_eop[i], se};
            end else begin
                sr = q_db[sq][3:0];
                t_sgc[NSEG*c + i] = {q_rc[sq], q_err[sq] || t_disc, q_tag[sq], q_db[sq],
                                     se < {sq, 2'b11}, se + 4'd1 + sr, q_sl[sq], {sq, 2'b11},
                                     t_eop[i], se};
            end
        end
    end
    for (i = 0; i < NSEG; i = i + 1) begin
        t_sg[i] = cut_cont_reg ? t_sgc[NSEG + i] : t_sgc[i];
    end
end

// the beat's last segment, if its completion goes on
reg [SGW-1:0]  t_last;
always @* begin
    case (t_nseg)
        3'd1: t_last = t_sg[0];
        3'd2: t_last = t_sg[1];
        3'd3: t_last = t_sg[2];
        default: t_last = t_sg[3];
    endcase
end
wire [LL-1:0]  t_last_line = t_last[SG_LINE +: LL];

wire           rcs_valid;
wire           rcs_ready;
wire [RCW-1:0] rcs_data;

hpnic_reg_slice #(.WIDTH(RCW))
rc_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_rc_tvalid), .s_ready(s_rc_tready),
    .s_data({t_nseg, t_sg[3], t_sg[2], t_sg[1], t_sg[0], s_rc_tdata}),
    .m_valid(rcs_valid), .m_ready(rcs_ready), .m_data(rcs_data)
);

always @(posedge clk) begin
    if (s_rc_tvalid && s_rc_tready && t_nseg != 3'd0) begin
        cut_cont_reg <= !t_last[SG_EOP];
        cut_rot_reg <= t_last[SG_ROT +: 4];
        cut_line_reg <= t_last_line + 1'b1;
        cut_tag_reg <= t_last[SG_TAG +: TAG_LOG2];
        cut_rc_reg <= t_last[SG_RC];
        cut_err_reg <= t_last[SG_ERR];
    end
    if (rst) begin
        cut_cont_reg <= 1'b0;
    end
end

// behind the slice: segments idx and idx + 1 of the beat, "a" and "b"
wire [511:0]   p_data = rcs_data[511:0];
wire [2:0]     p_nseg = rcs_data[512 + NSEG*SGW +: 3];
// b goes with a when its payload lanes follow a's (completions of one
// request, or a part's last and the next part's first, in order), or either
// has none: then their lanes cannot meet. Otherwise b waits a cycle.
wire [SGW-1:0] p_sg0 = rcs_data[512 + 0*SGW +: SGW];
wire [SGW-1:0] p_sg1 = rcs_data[512 + 1*SGW +: SGW];
wire [SGW-1:0] p_sg2 = rcs_data[512 + 2*SGW +: SGW];
wire [SGW-1:0] p_sg3 = rcs_data[512 + 3*SGW +: SGW];
wire [2:0]     p_ok = {
    p_sg2[SG_MT] || p_sg3[SG_MT] || p_sg2[SG_EL +: 4] == p_sg3[SG_SL +: 4],
    p_sg1[SG_MT] || p_sg2[SG_MT] || p_sg1[SG_EL +: 4] == p_sg2[SG_SL +: 4],
    p_sg0[SG_MT] || p_sg1[SG_MT] || p_sg0[SG_EL +: 4] == p_sg1[SG_SL +: 4]
};
reg  [1:0]     idx_reg = 2'd0;

reg [NTAG-1:0] done_reg = 0;
reg [NTAG-1:0] err_reg = 0;

reg  [SGW-1:0] a_sg, b_sg;
reg            ab_ok;
always @* begin
    case (idx_reg)
        2'd0: a_sg = rcs_data[512 + 0*SGW +: SGW];
        2'd1: a_sg = rcs_data[512 + 1*SGW +: SGW];
        2'd2: a_sg = rcs_data[512 + 2*SGW +: SGW];
        default: a_sg = rcs_data[512 + 3*SGW +: SGW];
    endcase
    case (idx_reg)
        2'd0: b_sg = rcs_data[512 + 1*SGW +: SGW];
        2'd1: b_sg = rcs_data[512 + 2*SGW +: SGW];
        default: b_sg = rcs_data[512 + 3*SGW +: SGW];
    endcase
    case (idx_reg)
        2'd0: ab_ok = p_ok[0];
        2'd1: ab_ok = p_ok[1];
        default: ab_ok = p_ok[2];
    endcase
end
// (small compares, no adders: this is the slice's ready)
wire           a_act = rcs_valid && {1'b0, idx_reg} < p_nseg;
wire           b_in = {1'b0, idx_reg} + 3'd1 < p_nseg;        // b exists
wire           b_act = rcs_valid && b_in && ab_ok;
wire           p_end = rcs_valid && (!b_in || (ab_ok && {1'b0, idx_reg} + 3'd2 >= p_nseg));
assign rcs_ready = p_end;

wire           a_eop = a_sg[SG_EOP];
wire [3:0]     a_e = a_sg[SG_E +: 4];
wire [3:0]     a_rot = a_sg[SG_ROT +: 4];
wire [LL-1:0]  a_line = a_sg[SG_LINE +: LL];
wire [TAG_LOG2-1:0] a_tag = a_sg[SG_TAG +: TAG_LOG2];
wire           a_err = a_sg[SG_ERR];
wire           a_done = a_sg[SG_RC];
wire [3:0]     a_ps = a_sg[SG_PS +: 4];                     // first payload Dword
wire           b_eop = b_sg[SG_EOP];
wire [3:0]     b_e = b_sg[SG_E +: 4];
wire [3:0]     b_rot = b_sg[SG_ROT +: 4];
wire [LL-1:0]  b_line = b_sg[SG_LINE +: LL];
wire [TAG_LOG2-1:0] b_tag = b_sg[SG_TAG +: TAG_LOG2];
wire           b_err = b_sg[SG_ERR];
wire           b_done = b_sg[SG_RC];
wire [3:0]     b_ps = b_sg[SG_PS +: 4];

// rotate left: lane j takes stream Dword (j - rot) mod 16
reg [511:0] a_rd, b_rd;
reg [15:0]  a_lv, b_lv;                    // lanes written
reg [3:0]   src;
integer j;
always @* begin
    for (j = 0; j < 16; j = j + 1) begin
        src = j[3:0] - a_rot;
        a_rd[32*j +: 32] = p_data[32*src +: 32];
        a_lv[j] = a_act && src >= a_ps && src <= a_e;
        src = j[3:0] - b_rot;
        b_rd[32*j +: 32] = p_data[32*src +: 32];
        b_lv[j] = b_act && src >= b_ps && src <= b_e;
    end
end

// lanes >= rot go to line `line`, lanes < rot to line + 1 (the other bank)
wire [LL-1:0] a_lhi = a_line + 1'b1;
wire [LL-1:0] b_lhi = b_line + 1'b1;
wire [TAG_LOG2+LL-2:0] a_wa0 = {a_tag, (a_line[0] ? a_lhi[LL-1:1] : a_line[LL-1:1])};
wire [TAG_LOG2+LL-2:0] a_wa1 = {a_tag, (a_line[0] ? a_line[LL-1:1] : a_lhi[LL-1:1])};
wire [TAG_LOG2+LL-2:0] b_wa0 = {b_tag, (b_line[0] ? b_lhi[LL-1:1] : b_line[LL-1:1])};
wire [TAG_LOG2+LL-2:0] b_wa1 = {b_tag, (b_line[0] ? b_line[LL-1:1] : b_lhi[LL-1:1])};
reg [15:0] we0, we1;                       // even, odd bank
reg [511:0] wd;
reg [16*(TAG_LOG2+LL-1)-1:0] wa0, wa1;
// the banks are written a cycle later, from registers: the lane picks
// above end at the RAMs' inputs otherwise (9 LUT levels from the slice).
// The done flags are set at the same edge as that write (sa_v_reg below),
// so the line reader still reads a tag's lines only once they are in
reg [15:0] we0_reg = 16'd0, we1_reg = 16'd0;
reg [511:0] wd_reg = 512'd0;
reg [16*(TAG_LOG2+LL-1)-1:0] wa0_reg = 0, wa1_reg = 0;
always @(posedge clk) begin
    we0_reg <= we0;
    we1_reg <= we1;
    wd_reg <= wd;
    wa0_reg <= wa0;
    wa1_reg <= wa1;
    if (rst) begin
        we0_reg <= 16'd0;
        we1_reg <= 16'd0;
    end
end
reg        a_odd, b_odd;
always @* begin
    for (j = 0; j < 16; j = j + 1) begin
        a_odd = j[3:0] >= a_rot ? a_line[0] : a_lhi[0];
        b_odd = j[3:0] >= b_rot ? b_line[0] : b_lhi[0];
        we0[j] = (a_lv[j] && !a_odd) || (b_lv[j] && !b_odd);
        we1[j] = (a_lv[j] && a_odd) || (b_lv[j] && b_odd);
        wd[32*j +: 32] = a_lv[j] ? a_rd[32*j +: 32] : b_rd[32*j +: 32];
        wa0[(TAG_LOG2+LL-1)*j +: TAG_LOG2+LL-1] = a_lv[j] ? a_wa0 : b_wa0;
        wa1[(TAG_LOG2+LL-1)*j +: TAG_LOG2+LL-1] = a_lv[j] ? a_wa1 : b_wa1;
    end
end

// the done and failed flags are set, and cleared when a tag is freed, a
// cycle late (registered: the decode of a tag is off the RC and line reader
// paths), at the edge that writes the data into the banks; the tag is not
// reused before
reg                sa_v_reg = 1'b0, sa_err_reg = 1'b0, sa_done_reg = 1'b0;
reg [TAG_LOG2-1:0] sa_tag_reg = 0;
reg                sb_v_reg = 1'b0, sb_err_reg = 1'b0, sb_done_reg = 1'b0;
reg [TAG_LOG2-1:0] sb_tag_reg = 0;
reg                clr_v_reg = 1'b0;
reg [TAG_LOG2-1:0] clr_tag_reg = 0;

always @(posedge clk) begin
    sa_v_reg <= a_act && (a_err || (a_eop && a_done));
    sa_err_reg <= a_err;
    sa_done_reg <= a_eop && a_done;
    sa_tag_reg <= a_tag;
    sb_v_reg <= b_act && (b_err || (b_eop && b_done));
    sb_err_reg <= b_err;
    sb_done_reg <= b_eop && b_done;
    sb_tag_reg <= b_tag;
    clr_v_reg <= tag_free;
    clr_tag_reg <= tag_free_reg[TAG_LOG2-1:0];
    if (sa_v_reg) begin
        if (sa_err_reg) begin
            err_reg[sa_tag_reg] <= 1'b1;
        end
        if (sa_done_reg) begin
            done_reg[sa_tag_reg] <= 1'b1;
        end
    end
    if (sb_v_reg) begin
        if (sb_err_reg) begin
            err_reg[sb_tag_reg] <= 1'b1;
        end
        if (sb_done_reg) begin
            done_reg[sb_tag_reg] <= 1'b1;
        end
    end
    if (clr_v_reg) begin
        done_reg[clr_tag_reg] <= 1'b0;
        err_reg[clr_tag_reg] <= 1'b0;
    end
    if (a_act) begin
        idx_reg <= p_end ? 2'd0 : b_act ? idx_reg + 2'd2 : idx_reg + 2'd1;
    end
    if (rst) begin
        idx_reg <= 2'd0;
        sa_v_reg <= 1'b0;
        sb_v_reg <= 1'b0;
        clr_v_reg <= 1'b0;
        done_reg <= 0;
        err_reg <= 0;
    end
end

// the banks: 2 x 16 Dword RAMs, NTAG * lines / 2 deep, an address per lane
reg                    rd_en;
reg [TAG_LOG2+LL-2:0]  rd_addr;
wire [511:0]           bank0_q, bank1_q;

genvar g;
generate
for (g = 0; g < 16; g = g + 1) begin : g_lane
    hpnic_ram_sdp #(.ADDR_WIDTH(TAG_LOG2 + LL - 1), .DATA_WIDTH(32), .RAM_STYLE("block"))
    bank0_inst (
        .clk(clk),
        .wr_en(we0_reg[g]), .wr_addr(wa0_reg[(TAG_LOG2+LL-1)*g +: TAG_LOG2+LL-1]),
        .wr_data(wd_reg[32*g +: 32]),
        .rd_en(rd_en), .rd_addr(rd_addr), .rd_data(bank0_q[32*g +: 32])
    );
    hpnic_ram_sdp #(.ADDR_WIDTH(TAG_LOG2 + LL - 1), .DATA_WIDTH(32), .RAM_STYLE("block"))
    bank1_inst (
        .clk(clk),
        .wr_en(we1_reg[g]), .wr_addr(wa1_reg[(TAG_LOG2+LL-1)*g +: TAG_LOG2+LL-1]),
        .wr_data(wd_reg[32*g +: 32]),
        .rd_en(rd_en), .rd_addr(rd_addr), .rd_data(bank1_q[32*g +: 32])
    );
end
endgenerate

/*
 * Line reader: parts in order, each once its tag is done
 */
wire [TAG_LOG2-1:0] p_tag;
wire [LL-1:0]  p_l0, p_l1;
wire           p_first, p_last;
wire [5:0]     p_off;
wire [NB-1:0]  p_beats;
wire [6:0]     p_lastn;
assign {p_tag, p_l0, p_l1, p_first, p_last, p_off, p_beats, p_lastn} = pi_data;

reg [LL-1:0]   lr_line_reg = 0;
reg            lr_busy_reg = 1'b0;          // reading the head part's lines
reg [2:0]      lr_inflight_reg = 0;         // reads whose line is not yet in the FIFO
wire [3:0]     lf_count;
wire           lf_room = {1'b0, lf_count} + {2'd0, lr_inflight_reg} < 5'd7;
wire [LL-1:0]  lr_line = lr_busy_reg ? lr_line_reg : p_l0;
wire           lr_go = pi_valid && done_reg[p_tag] && lf_room;
wire           lr_last_line = lr_line == p_l1;

assign pi_take = lr_go && lr_last_line;
assign tag_free = pi_take;
assign free_lines = {1'b0, p_l1} - {1'b0, p_l0} + 1'b1;

always @* begin
    rd_en = lr_go;
    rd_addr = {p_tag, lr_line[LL-1:1]};
end

// what rides with a line read: bank, flags, the read's shape, the tag's error
reg        rl_valid_reg = 1'b0;
reg        rl_bank_reg = 1'b0;
reg        rl_first_reg = 1'b0, rl_last_reg = 1'b0, rl_err_reg = 1'b0;
reg [5:0]  rl_off_reg = 0;
reg [NB-1:0] rl_beats_reg = 0;
reg [6:0]  rl_lastn_reg = 0;

always @(posedge clk) begin
    rl_valid_reg <= lr_go;
    if (lr_go) begin
        lr_busy_reg <= !lr_last_line;
        lr_line_reg <= lr_line + 1'b1;
        rl_bank_reg <= lr_line[0];
        rl_first_reg <= p_first && lr_line == p_l0;
        rl_last_reg <= p_last && lr_last_line;
        rl_err_reg <= err_reg[p_tag];
        rl_off_reg <= p_off;
        rl_beats_reg <= p_beats;
        rl_lastn_reg <= p_lastn;
    end
    lr_inflight_reg <= lr_inflight_reg + {2'd0, lr_go} - {2'd0, rl_valid_reg};
    if (rst) begin
        rl_valid_reg <= 1'b0;
        lr_busy_reg <= 1'b0;
        lr_inflight_reg <= 0;
    end
end

// line FIFO
localparam LF_W = 512 + 3 + 6 + NB + 7;
wire            lf_valid;
wire            lf_take;
wire [LF_W-1:0] lf_data;

hpnic_fifo #(.DEPTH_LOG2(3), .WIDTH(LF_W))
lf_inst (
    .clk(clk), .rst(rst),
    .s_valid(rl_valid_reg),
    // verilator lint_off PINCONNECTEMPTY
    .s_ready(),
    // verilator lint_on PINCONNECTEMPTY
    .s_data({rl_first_reg, rl_last_reg, rl_err_reg, rl_off_reg, rl_beats_reg, rl_lastn_reg,
             rl_bank_reg ? bank1_q : bank0_q}),
    .m_valid(lf_valid), .m_ready(lf_take), .m_data(lf_data),
    .count(lf_count)
);

wire [511:0]  h_line = lf_data[511:0];
wire [6:0]    h_lastn = lf_data[518:512];
wire [NB-1:0] h_beats = lf_data[519 +: NB];
wire [5:0]    h_off = lf_data[519 + NB +: 6];
wire          h_err = lf_data[525 + NB];
wire          h_last = lf_data[526 + NB];
// verilator lint_off UNUSEDSIGNAL
wire          h_first = lf_data[527 + NB];
// verilator lint_on UNUSEDSIGNAL

/*
 * Aligner: lines to the completion stream
 */
reg           al_have_reg = 1'b0;          // prev holds the read's current line
reg [511:0]   al_prev_reg = 0;
reg           al_prev_last_reg = 1'b0;     // it is the read's last line
reg [5:0]     al_off_reg = 0;
reg [NB-1:0]  al_beats_reg = 0;            // beats still to send, this one included
reg [6:0]     al_lastn_reg = 0;
reg           al_err_reg = 1'b0;

wire [511:0]  al_out;
hpnic_byte_shr #(.IN_BYTES(128), .OUT_BYTES(64), .SHIFT_WIDTH(6))
al_shr_inst (
    .in({h_line, al_prev_reg}), .shift(al_off_reg), .out(al_out)
);

wire          al_final = al_beats_reg == 1;
// a beat needs the next line unless prev is the read's last line
wire          al_can = al_have_reg && (al_prev_last_reg || lf_valid);
wire          out_ready;
wire          al_emit = al_can && out_ready;
// a line is loaded into an empty prev, or as a read's final beat leaves with
// no spare line behind it (one-beat reads back to back, a beat a cycle)
wire          al_load = lf_valid && (!al_have_reg || (al_emit && al_final && al_prev_last_reg));
// on a beat: take the next line into prev, or drop it (the read's spare last line)
assign lf_take = al_load || (al_emit && !al_prev_last_reg);

wire [63:0]   al_keep = al_final ? (64'hffff_ffff_ffff_ffff >> (7'd64 - al_lastn_reg)) : {64{1'b1}};
wire          al_err_out = al_err_reg || (!al_prev_last_reg && h_err);

always @(posedge clk) begin
    if (al_emit) begin
        al_beats_reg <= al_beats_reg - 1'b1;
        if (al_final) begin
            al_have_reg <= 1'b0;
        end else begin
            al_prev_reg <= h_line;
            al_prev_last_reg <= h_last;
            al_err_reg <= al_err_out;
        end
        if (al_final && al_err_out) begin
            stat_rd_err <= stat_rd_err + 1'b1;
        end
    end
    if (al_load) begin
        al_have_reg <= 1'b1;
        al_prev_reg <= h_line;
        al_prev_last_reg <= h_last;
        al_off_reg <= h_off;
        al_beats_reg <= h_beats;
        al_lastn_reg <= h_lastn;
        al_err_reg <= h_err;
    end
    if (rst) begin
        al_have_reg <= 1'b0;
        stat_rd_err <= 32'd0;
    end
end

hpnic_reg_slice #(.WIDTH(512 + 64 + 2))
out_inst (
    .clk(clk), .rst(rst),
    .s_valid(al_emit), .s_ready(out_ready), .s_data({al_err_out && al_final, al_final, al_keep, al_out}),
    .m_valid(m_rd_cpl_tvalid), .m_ready(m_rd_cpl_tready),
    .m_data({m_rd_cpl_tuser, m_rd_cpl_tlast, m_rd_cpl_tkeep, m_rd_cpl_tdata})
);

endmodule

`resetall
