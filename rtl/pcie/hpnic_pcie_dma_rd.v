// SPDX-License-Identifier: MIT
/*
 * PCIe DMA read engine for the UltraScale+ integrated block: the generic
 * DMA read channel of docs/host.md becomes memory read TLPs on the
 * requester request (RQ) interface, and the completions on the requester
 * completion (RC) interface, 512 bits, Dword-aligned, straddle off, are put
 * back in request order (docs/pcie.md).
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
 *   tag done; an error code, poisoned or discontinue marks it failed.
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
    parameter CPLD_LIMIT = 2048
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
end

localparam NTAG = 1 << TAG_LOG2;
localparam LL = SLOT_LOG2 - 6;          // line index bits in a slot
localparam NB = LEN_WIDTH - 5;          // beat counts (up to 2^LEN_WIDTH / 64 + 1)
// part record: tag, first line, last line, first part, last part,
// the read's address offset, beats, bytes of its last beat
localparam PI_W = TAG_LOG2 + LL + LL + 1 + 1 + 6 + NB + 7;

/*
 * Read request FIFO
 */
wire                 req_valid;
wire                 req_ready;
wire [63:0]          req_addr;
wire [LEN_WIDTH-1:0] req_len;

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(64 + LEN_WIDTH))
req_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_rd_req_valid), .s_ready(s_rd_req_ready), .s_data({s_rd_req_addr, s_rd_req_len}),
    .m_valid(req_valid), .m_ready(req_ready), .m_data({req_addr, req_len}),
    // verilator lint_off PINCONNECTEMPTY
    .count()
    // verilator lint_on PINCONNECTEMPTY
);

/*
 * Splitter: parts, tags, credits, RQ descriptors
 */
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
// the part at sp_addr_reg: either the rest of the read ("all") or up to the
// next S-aligned address ("blk"); both worked out side by side, then picked
wire [SLOT_LOG2-1:0] a_in = sp_addr_reg[SLOT_LOG2-1:0] & mmask_reg;
wire [SLOT_LOG2:0]  room = mrrs_reg - {1'b0, a_in};
wire                part_all = sp_rem_reg <= {{(LEN_WIDTH-SLOT_LOG2-1){1'b0}}, room};
wire [SLOT_LOG2:0]  part_len = part_all ? sp_rem_reg[SLOT_LOG2:0] : room;
wire [SLOT_LOG2:0]  rem_s = sp_rem_reg[SLOT_LOG2:0];      // meaningful when part_all
// verilator lint_off UNUSEDSIGNAL
wire [SLOT_LOG2:0]  end_all = {1'b0, sp_addr_reg[SLOT_LOG2-1:0]} + rem_s - 1'b1;
wire [SLOT_LOG2-1:0] end_blk = sp_addr_reg[SLOT_LOG2-1:0] | mmask_reg;
// verilator lint_on UNUSEDSIGNAL
wire [LL-1:0]       part_l0 = sp_addr_reg[SLOT_LOG2-1:6];
wire [LL-1:0]       part_l1 = part_all ? end_all[SLOT_LOG2-1:6] : end_blk[SLOT_LOG2-1:6];
wire [LL:0]         lines_all = {1'b0, end_all[SLOT_LOG2-1:6]} - {1'b0, part_l0} + 1'b1;
wire [LL:0]         lines_blk = {1'b0, end_blk[SLOT_LOG2-1:6]} - {1'b0, part_l0} + 1'b1;
wire [LL:0]         part_lines = part_all ? lines_all : lines_blk;
wire [SLOT_LOG2+1:0] span_all = {{(SLOT_LOG2){1'b0}}, sp_addr_reg[1:0]} + {1'b0, rem_s};
wire [10:0]         dw_all = {{(11-SLOT_LOG2){1'b0}}, span_all[SLOT_LOG2+1:2]} + {10'd0, span_all[1:0] != 2'd0};
// up to an S-aligned end the span from the first Dword is S - (a_in & ~3)
wire [SLOT_LOG2-2:0] dw_blk_s = mrrs_reg[SLOT_LOG2:2] - {1'b0, a_in[SLOT_LOG2-1:2]};
wire [10:0]         dw_blk = {{(11-SLOT_LOG2+1){1'b0}}, dw_blk_s};
wire [10:0]         part_dw = part_all ? dw_all : dw_blk;

// the part at sp_addr_reg, registered (fresh a cycle after the splitter
// moves), then its tag and credit checks (fresh a cycle later): a part can be
// issued every third cycle, 512 bytes per 3 cycles, above the link's rate
reg [SLOT_LOG2:0]   c_len_reg = 0;
reg                 c_all_reg = 1'b0;
reg [LL-1:0]        c_l0_reg = 0, c_l1_reg = 0;
reg [LL:0]          c_lines_reg = 0;
reg [10:0]          c_dw_reg = 0;
reg [3:0]           c_fbe_reg = 0, c_lbe_reg = 0;
reg [1:0]           settle_reg = 2'd0;
reg                 tags_ok_reg = 1'b0;
reg                 cred_ok_reg = 1'b0;
wire tags_ok = (tag_alloc_reg - tag_free_reg) != NTAG[TAG_LOG2:0];
localparam [10:0] CPLH_MAX = CPLH_LIMIT;
localparam [13:0] CPLD_MAX = CPLD_LIMIT;
wire cred_ok = {1'b0, cplh_used_reg} + {{(10-LL){1'b0}}, c_lines_reg} <= CPLH_MAX &&
               {1'b0, cpld_used_reg} + {{(11-LL){1'b0}}, c_lines_reg, 2'b00} <= CPLD_MAX;

wire pi_ready;
wire rqo_ready;
wire issue = sp_active_reg && settle_reg == 2'd0 && tags_ok_reg && cred_ok_reg && pi_ready && rqo_ready;

assign req_ready = !sp_active_reg;

function [3:0] be_first(input [1:0] off, input [SLOT_LOG2+1:0] span);
    begin
        if (span >= 4) begin
            be_first = 4'b1111 << off;
        end else begin
            be_first = (4'b1111 >> (3'd4 - span[2:0])) & (4'b1111 << off);
        end
    end
endfunction

function [3:0] be_last(input [SLOT_LOG2+1:0] span);
    begin
        if (span <= 4) begin
            be_last = 4'b0000;
        end else if (span[1:0] == 2'd0) begin
            be_last = 4'b1111;
        end else begin
            be_last = 4'b1111 >> (3'd4 - {1'b0, span[1:0]});
        end
    end
endfunction

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

// part records, in tag order, for the line reader
wire          pi_valid;
wire          pi_take;
wire [PI_W-1:0] pi_data;

hpnic_fifo #(.DEPTH_LOG2(TAG_LOG2), .WIDTH(PI_W))
pi_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(issue), .s_ready(pi_ready),
    .s_data({tag_alloc_reg[TAG_LOG2-1:0], c_l0_reg, c_l1_reg, sp_first_reg, c_all_reg,
             sp_off_reg, sp_beats_reg, sp_lastn_reg}),
    .m_valid(pi_valid), .m_ready(pi_take), .m_data(pi_data),
    // verilator lint_off PINCONNECTEMPTY
    .count()
    // verilator lint_on PINCONNECTEMPTY
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
    c_len_reg <= part_len;
    c_all_reg <= part_all;
    c_l0_reg <= part_l0;
    c_l1_reg <= part_l1;
    c_lines_reg <= part_lines;
    c_dw_reg <= part_dw;
    c_fbe_reg <= part_all ? be_first(sp_addr_reg[1:0], span_all) : 4'b1111 << sp_addr_reg[1:0];
    c_lbe_reg <= part_all ? be_last(span_all) : (dw_blk_s == 1 ? 4'b0000 : 4'b1111);
    tags_ok_reg <= tags_ok;
    cred_ok_reg <= cred_ok;
    if (settle_reg != 2'd0) begin
        settle_reg <= settle_reg - 1'b1;
    end
    if (req_valid && req_ready) begin
        settle_reg <= 2'd2;
        sp_active_reg <= 1'b1;
        sp_addr_reg <= req_addr;
        sp_rem_reg <= req_len;
        sp_first_reg <= 1'b1;
        sp_off_reg <= req_addr[5:0];
        sp_beats_reg <= req_lenm1[LEN_WIDTH-1:6] + 1'b1;
        sp_lastn_reg <= {1'b0, req_lenm1[5:0]} + 1'b1;
        stat_rd_reqs <= stat_rd_reqs + 1'b1;
    end
    if (issue) begin
        settle_reg <= 2'd2;
        sp_addr_reg <= sp_addr_reg + {{(63-SLOT_LOG2){1'b0}}, c_len_reg};
        sp_rem_reg <= sp_rem_reg - {{(LEN_WIDTH-SLOT_LOG2-1){1'b0}}, c_len_reg};
        sp_first_reg <= 1'b0;
        tag_alloc_reg <= tag_alloc_reg + 1'b1;
        stat_rd_tlps <= stat_rd_tlps + 1'b1;
        if (c_all_reg) begin
            sp_active_reg <= 1'b0;
        end
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
        settle_reg <= 2'd0;
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
 * RC: completions into the reorder buffer
 */
reg            rc_in_reg = 1'b0;           // inside a completion (past its first beat)
reg [3:0]      rc_rot_reg = 0;             // Dword rotation to address alignment
reg [LL-1:0]   rc_line_reg = 0;            // line of rotated lanes >= rot, this beat
reg [10:0]     rc_dw_left_reg = 0;         // payload Dwords still to come
reg [TAG_LOG2-1:0] rc_tag_reg = 0;
reg            rc_done_reg = 1'b0;         // request completed
reg            rc_err_reg = 1'b0;

reg [NTAG-1:0] done_reg = 0;
reg [NTAG-1:0] err_reg = 0;

assign s_rc_tready = 1'b1;                 // the buffer always takes a beat
wire rc_go = s_rc_tvalid;

// this beat's fields: from its descriptor on a first beat, from the registers after
// verilator lint_off UNUSEDSIGNAL
wire [11:0]    d_la = s_rc_tdata[11:0];
// verilator lint_on UNUSEDSIGNAL
wire [3:0]     d_ec = s_rc_tdata[15:12];
wire           d_rc = s_rc_tdata[30];
wire [10:0]    d_dwc = s_rc_tdata[42:32];
wire [2:0]     d_st = s_rc_tdata[45:43];
wire           d_poison = s_rc_tdata[46];
wire [TAG_LOG2-1:0] d_tag = s_rc_tdata[64 +: TAG_LOG2];
wire           d_disc = s_rc_tuser[96];

// slot Dword index of stream Dword 0 of the first beat: la/4 - 3 (mod slot)
wire [SLOT_LOG2-3:0] d_b = d_la[SLOT_LOG2-1:2] - {{(SLOT_LOG2-4){1'b0}}, 2'd3};
wire [3:0]     b_rot = rc_in_reg ? rc_rot_reg : d_b[3:0];
wire [LL-1:0]  b_line = rc_in_reg ? rc_line_reg : d_b[SLOT_LOG2-3:4];
wire [10:0]    b_left = rc_in_reg ? rc_dw_left_reg : d_dwc;
wire [TAG_LOG2-1:0] b_tag = rc_in_reg ? rc_tag_reg : d_tag;
wire           b_err = (rc_in_reg ? rc_err_reg : (d_ec != 4'd0 || d_st != 3'd0 || d_poison)) || d_disc;
wire           b_done = rc_in_reg ? rc_done_reg : d_rc;

// payload Dwords of this beat: stream Dwords 3.. of a first beat, 0.. after
reg [15:0]     src_valid;
integer i;
always @* begin
    for (i = 0; i < 16; i = i + 1) begin
        if (rc_in_reg) begin
            src_valid[i] = i < b_left;
        end else begin
            src_valid[i] = i >= 3 && (i - 3) < b_left;
        end
    end
end
wire [4:0] beat_dws = rc_in_reg ? (b_left > 11'd16 ? 5'd16 : b_left[4:0])
                                : (b_left > 11'd13 ? 5'd13 : b_left[4:0]);

// rotate left by b_rot Dwords: lane j takes stream Dword (j - rot) mod 16
reg [511:0] rot_data;
reg [15:0]  rot_valid;
integer j;
always @* begin
    for (j = 0; j < 16; j = j + 1) begin
        rot_data[32*j +: 32] = s_rc_tdata[32*((j - {28'd0, b_rot}) & 15) +: 32];
        rot_valid[j] = src_valid[(j - {28'd0, b_rot}) & 15];
    end
end

// lanes >= rot go to line b_line, lanes < rot to line b_line + 1
wire [LL-1:0] line_hi = b_line + 1'b1;
reg [15:0] we0, we1;                       // even, odd bank
reg [TAG_LOG2+LL-2:0] wa0, wa1;
always @* begin
    for (j = 0; j < 16; j = j + 1) begin
        if (j >= b_rot) begin
            we0[j] = rc_go && rot_valid[j] && !b_line[0];
            we1[j] = rc_go && rot_valid[j] && b_line[0];
        end else begin
            we0[j] = rc_go && rot_valid[j] && !line_hi[0];
            we1[j] = rc_go && rot_valid[j] && line_hi[0];
        end
    end
    // the even bank's line: b_line if even, else line_hi (and vice versa)
    wa0 = {b_tag, (b_line[0] ? line_hi[LL-1:1] : b_line[LL-1:1])};
    wa1 = {b_tag, (b_line[0] ? b_line[LL-1:1] : line_hi[LL-1:1])};
end

// the done and failed flags are set, and cleared when a tag is freed, a
// cycle late (registered: the decode of a tag is off the RC and line reader
// paths); the data is in the RAM before, the tag is not reused before
reg                set_v_reg = 1'b0, set_err_reg = 1'b0, set_done_reg = 1'b0;
reg [TAG_LOG2-1:0] set_tag_reg = 0;
reg                clr_v_reg = 1'b0;
reg [TAG_LOG2-1:0] clr_tag_reg = 0;

always @(posedge clk) begin
    set_v_reg <= rc_go && (b_err || (s_rc_tlast && b_done));
    set_err_reg <= b_err;
    set_done_reg <= s_rc_tlast && b_done;
    set_tag_reg <= b_tag;
    clr_v_reg <= tag_free;
    clr_tag_reg <= tag_free_reg[TAG_LOG2-1:0];
    if (set_v_reg) begin
        if (set_err_reg) begin
            err_reg[set_tag_reg] <= 1'b1;
        end
        if (set_done_reg) begin
            done_reg[set_tag_reg] <= 1'b1;
        end
    end
    if (clr_v_reg) begin
        done_reg[clr_tag_reg] <= 1'b0;
        err_reg[clr_tag_reg] <= 1'b0;
    end
    if (rc_go) begin
        rc_in_reg <= !s_rc_tlast;
        rc_rot_reg <= b_rot;
        rc_line_reg <= line_hi;
        rc_dw_left_reg <= b_left - {6'd0, beat_dws};
        rc_tag_reg <= b_tag;
        rc_done_reg <= b_done;
        rc_err_reg <= b_err;
    end
    if (rst) begin
        rc_in_reg <= 1'b0;
        set_v_reg <= 1'b0;
        clr_v_reg <= 1'b0;
        done_reg <= 0;
        err_reg <= 0;
    end
end

// the banks: 2 x 16 Dword RAMs, NTAG * lines / 2 deep
reg                    rd_en;
reg [TAG_LOG2+LL-2:0]  rd_addr;
wire [511:0]           bank0_q, bank1_q;

genvar g;
generate
for (g = 0; g < 16; g = g + 1) begin : g_lane
    hpnic_ram_sdp #(.ADDR_WIDTH(TAG_LOG2 + LL - 1), .DATA_WIDTH(32), .RAM_STYLE("block"))
    bank0_inst (
        .clk(clk),
        .wr_en(we0[g]), .wr_addr(wa0), .wr_data(rot_data[32*g +: 32]),
        .rd_en(rd_en), .rd_addr(rd_addr), .rd_data(bank0_q[32*g +: 32])
    );
    hpnic_ram_sdp #(.ADDR_WIDTH(TAG_LOG2 + LL - 1), .DATA_WIDTH(32), .RAM_STYLE("block"))
    bank1_inst (
        .clk(clk),
        .wr_en(we1[g]), .wr_addr(wa1), .wr_data(rot_data[32*g +: 32]),
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
wire          al_load = !al_have_reg && lf_valid;
// on a beat: take the next line into prev, or drop it (the read's spare last line)
assign lf_take = al_load || (al_emit && !al_prev_last_reg);

wire [63:0]   al_keep = al_final ? (64'hffff_ffff_ffff_ffff >> (7'd64 - al_lastn_reg)) : {64{1'b1}};
wire          al_err_out = al_err_reg || (!al_prev_last_reg && h_err);

always @(posedge clk) begin
    if (al_load) begin
        al_have_reg <= 1'b1;
        al_prev_reg <= h_line;
        al_prev_last_reg <= h_last;
        al_off_reg <= h_off;
        al_beats_reg <= h_beats;
        al_lastn_reg <= h_lastn;
        al_err_reg <= h_err;
    end
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
