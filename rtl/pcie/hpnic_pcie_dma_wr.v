// SPDX-License-Identifier: MIT
/*
 * PCIe DMA write engine for the UltraScale+ integrated block
 * (pcie4_uscale_plus): the generic DMA write channel of docs/host.md becomes
 * memory write TLPs on the requester request (RQ) interface, 512 bits,
 * Dword-aligned mode, straddle on or off (docs/pcie.md has the interface facts).
 *
 * - A command (addr, len) is cut into TLPs at every MPS-aligned address:
 *   the first TLP runs up to the next multiple of MPS, the others are MPS
 *   long but the last. MPS divides 4096, so no TLP crosses a 4 KiB page.
 * - Data: the command's bytes arrive as the kept lanes of its beats (the
 *   first beat may start past lane 0, the others start at lane 0, tlast on
 *   its last beat). A three-beat queue holds them; each RQ beat is the
 *   queue's two oldest beats shifted right by a per-TLP byte amount
 *   (hpnic_byte_shr), with the 16-byte descriptor over lanes 0..15 of a
 *   TLP's first beat. Positions are counted in bytes from 64 bytes before
 *   the command's first beat ("u" positions), so that the descriptor's lanes
 *   of a TLP's first beat, which can lie before the first data beat, never
 *   go negative.
 * - The RQ beats go through a block-RAM frame FIFO: PG213 forbids tvalid
 *   falling inside a TLP, and the data source may pause mid-command, so a
 *   TLP is offered to the IP only once whole.
 * - Sequence numbers: every TLP carries seq_num0 = {last TLP of its command,
 *   command index mod 32}; when the IP reports one with bit 5 set on
 *   pcie_rq_seq_num0/1, that command's last TLP has left for the link and
 *   wr_done counts it.
 *
 * - Straddle (STRADDLE = 1, the IP's RQ straddle option): when a TLP that is
 *   not its command's last ends in Dwords 0..7 of its last beat, the next
 *   TLP of the command starts at Dword 8 of that beat. The two are
 *   contiguous in the command's bytes and the next one starts Dword-aligned
 *   (at an MPS boundary), so the beat is the old TLP's tail from the shifter,
 *   the new descriptor, and the 16 bytes that follow the tail in the shifter
 *   output; the new TLP then runs 32 bytes earlier in its beats. Two TLPs of
 *   MPS 256 take 9 beats instead of 10. TLPs of different commands do not
 *   straddle (their bytes are not in one queue), nor TLPs at MPS 4096 (two
 *   of them straddled would not fit the RQ FIFO, which releases beats only
 *   where no TLP goes on).
 *
 * Throughput: a TLP's first beat carries 48 payload bytes beside the
 * descriptor, so an MPS-256 TLP is 5 beats (4.5 with straddle); a command
 * boundary costs about two cycles (the queue is flushed and the next
 * command's first beat fetched). docs/performance.md has the figures.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_dma_wr #(
    // command length bits (13: the generic channel's 1..4096)
    parameter LEN_WIDTH = 13,
    // log2 of the command FIFO depth
    parameter CMD_FIFO_LOG2 = 4,
    // log2 of the RQ frame FIFO depth in beats (must hold a 4 KiB TLP: 66;
    // with straddle the FIFO releases beats only at one where no TLP goes
    // on, so two straddled TLPs must fit: 2 x 33 beats at MPS 2048, and MPS
    // 4096 does not straddle)
    parameter RQ_FIFO_LOG2 = 7,
    // 1: the IP's RQ straddle option is on (a TLP may start at Dword 8)
    parameter STRADDLE = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // Max Payload Size, PCIe encoding (cfg_max_payload): 0 = 128 B .. 5 = 4096 B
    input  wire [2:0]            cfg_max_payload,

    // generic DMA write channel (docs/host.md)
    input  wire                  s_wr_req_valid,
    output wire                  s_wr_req_ready,
    input  wire [63:0]           s_wr_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_wr_req_len,
    input  wire [511:0]          s_wr_tdata,
    input  wire [63:0]           s_wr_tkeep,
    input  wire                  s_wr_tvalid,
    output wire                  s_wr_tready,
    input  wire                  s_wr_tlast,

    // requester request interface (s_axis_rq_* of the IP)
    output wire [511:0]          m_rq_tdata,
    output wire [15:0]           m_rq_tkeep,
    output wire                  m_rq_tvalid,
    input  wire                  m_rq_tready,
    output wire                  m_rq_tlast,
    output wire [136:0]          m_rq_tuser,

    // sequence numbers of TLPs the IP has sent (pcie_rq_seq_num0/1)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [5:0]            rq_seq_num0,
    input  wire                  rq_seq_num_vld0,
    input  wire [5:0]            rq_seq_num1,
    input  wire                  rq_seq_num_vld1,
    // verilator lint_on UNUSEDSIGNAL

    // commands whose last TLP the IP has sent this cycle (0..2)
    output reg  [1:0]            wr_done = 2'd0,
    output reg  [31:0]           stat_wr_cmds = 32'd0,
    output reg  [31:0]           stat_wr_tlps = 32'd0
);

initial begin
    if (LEN_WIDTH < 13 || LEN_WIDTH > 24) begin
        $error("hpnic_pcie_dma_wr: LEN_WIDTH must be 13..24 (%m)");
        $finish;
    end
    if (RQ_FIFO_LOG2 < 7) begin
        $error("hpnic_pcie_dma_wr: RQ_FIFO_LOG2 must be at least 7 (a 4 KiB TLP is 66 beats) (%m)");
        $finish;
    end
end

// RQ frame FIFO word: data, tkeep, first_be, last_be, seq_num, is_eop0_ptr,
// is_eop1_ptr, is_eop[1:0], a TLP starts at Dword 8, a TLP starts
localparam FW = 512 + 16 + 4 + 4 + 6 + 4 + 4 + 2 + 1 + 1;
localparam SD = STRADDLE != 0;
localparam LP = LEN_WIDTH - 13;         // length bits above a TLP's 13

/*
 * Command FIFO, then three stages that work out a command's first TLP ahead
 * of time (its length, the bytes after it, Dword count, byte enables)
 */
reg  [2:0]            mps_code_reg = 3'd1;
wire [12:0]           mps = 13'd128 << mps_code_reg;

wire                  cmd_valid;
wire                  cmd_ready;
wire [63:0]           cmd_addr;
wire [LEN_WIDTH-1:0]  cmd_len;

hpnic_fifo #(.DEPTH_LOG2(CMD_FIFO_LOG2), .WIDTH(64 + LEN_WIDTH))
cmd_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_wr_req_valid), .s_ready(s_wr_req_ready), .s_data({s_wr_req_addr, s_wr_req_len}),
    .m_valid(cmd_valid), .m_ready(cmd_ready), .m_data({cmd_addr, cmd_len}),
    // verilator lint_off PINCONNECTEMPTY
    .count()
    // verilator lint_on PINCONNECTEMPTY
);

// stage A: the room up to the next MPS-aligned address
reg                  pa_valid_reg = 1'b0;
reg [63:0]           pa_addr_reg = 0;
reg [LEN_WIDTH-1:0]  pa_len_reg = 0;
reg [12:0]           pa_room_reg = 0;
// stage B: the first TLP's length and the bytes after it
reg                  pb_valid_reg = 1'b0;
reg [63:0]           pb_addr_reg = 0;
reg [12:0]           pb_n_reg = 0;
reg                  pb_all_reg = 1'b0;
reg [LEN_WIDTH-1:0]  pb_rem_reg = 0;
// stage C: its descriptor fields
reg                  pc_valid_reg = 1'b0;
reg [63:0]           pc_addr_reg = 0;
reg [12:0]           pc_n_reg = 0;
reg                  pc_all_reg = 1'b0;
reg [LEN_WIDTH-1:0]  pc_rem_reg = 0;
reg [10:0]           pc_dw_reg = 0;
reg [3:0]            pc_fbe_reg = 0, pc_lbe_reg = 0;
reg                  pc_short_reg = 1'b0;   // the TLP is one beat

wire start;
wire pc_move = !pc_valid_reg || start;
wire pb_move = !pb_valid_reg || pc_move;
wire pa_move = !pa_valid_reg || pb_move;
assign cmd_ready = pa_move;

`include "hpnic_dw_be.vh"

wire        pb_all = pa_len_reg <= {{LP{1'b0}}, pa_room_reg};
wire [LEN_WIDTH-1:0] pa_len_less = pa_len_reg - {{LP{1'b0}}, pa_room_reg};
wire [13:0] pc_span = {12'd0, pb_addr_reg[1:0]} + {1'b0, pb_n_reg};

always @(posedge clk) begin
    mps_code_reg <= cfg_max_payload > 3'd5 ? 3'd5 : cfg_max_payload;
    if (pa_move) begin
        pa_valid_reg <= cmd_valid;
        pa_addr_reg <= cmd_addr;
        pa_len_reg <= cmd_len;
        pa_room_reg <= mps - {1'b0, cmd_addr[11:0] & (mps[11:0] - 1'b1)};
    end
    if (pb_move) begin
        pb_valid_reg <= pa_valid_reg;
        pb_addr_reg <= pa_addr_reg;
        pb_n_reg <= pb_all ? pa_len_reg[12:0] : pa_room_reg;
        pb_all_reg <= pb_all;
        pb_rem_reg <= pb_all ? {LEN_WIDTH{1'b0}} : pa_len_less;
    end
    if (pc_move) begin
        pc_valid_reg <= pb_valid_reg;
        pc_addr_reg <= pb_addr_reg;
        pc_n_reg <= pb_n_reg;
        pc_all_reg <= pb_all_reg;
        pc_rem_reg <= pb_rem_reg;
        pc_dw_reg <= pc_span[12:2] + {10'd0, pc_span[1:0] != 2'd0};
        pc_fbe_reg <= hpnic_dw_be_first(pb_addr_reg[1:0], pc_span);
        pc_lbe_reg <= hpnic_dw_be_last(pc_span);
        pc_short_reg <= pc_span <= 14'd48;
    end
    if (rst) begin
        pa_valid_reg <= 1'b0;
        pb_valid_reg <= 1'b0;
        pc_valid_reg <= 1'b0;
    end
end

/*
 * Data queue: up to three consecutive beats of the current command, q0 the
 * oldest still needed
 */
reg [511:0]   q0_reg = 0, q1_reg = 0, q2_reg = 0;
reg [1:0]     q_cnt_reg = 2'd0;
reg           in_done_reg = 1'b0;       // the command's tlast beat is queued
reg           first_pend_reg = 1'b1;    // the command's first beat is still to come
reg [5:0]     f_reg = 6'd0;             // its first kept lane

assign s_wr_tready = !in_done_reg && q_cnt_reg != 2'd3;
wire push = s_wr_tvalid && s_wr_tready;

function [5:0] first_lane(input [63:0] k);
    integer i;
    begin
        first_lane = 6'd0;
        for (i = 63; i >= 0; i = i - 1) begin
            if (k[i]) begin
                first_lane = i[5:0];
            end
        end
    end
endfunction

/*
 * TLP state. Byte positions count from 64 bytes before the command's first
 * beat (its lane f is position 64 + f). The beat being built starts at
 * position wpos; only its low six bits are kept (the shift), with `left`,
 * the bytes from wpos to the TLP's end, and the flags of the beat worked out
 * a cycle ahead.
 */
reg               active_reg = 1'b0;    // a command is being cut
reg [63:0]        a0_reg = 0;           // the current TLP's address
reg [12:0]        n_reg = 0;            // its payload bytes
reg [LEN_WIDTH-1:0] rem_reg = 0;        // the command's bytes after it
reg [10:0]        dw_reg = 0;
reg [3:0]         fbe_reg = 0, lbe_reg = 0;
reg               last_tlp_reg = 1'b0;
reg [4:0]         cmd_idx_reg = 5'd0;
reg [5:0]         w6_reg = 0;           // wpos mod 64
reg [13:0]        left_reg = 0;         // bytes from wpos to the TLP's end
reg               fb_reg = 1'b0;        // the TLP's first beat
reg               ng_reg = 1'b0;        // ... whose lane 0 lies before the oldest queued beat
reg               bl_reg = 1'b0;        // the TLP's last beat
reg               need2_reg = 1'b0;     // the beat needs two queued beats
reg               mg_reg = 1'b0;        // straddle: a last beat with room for the next TLP

// the next TLP, worked out from rem_reg a cycle ahead (valid when nx_ok_reg)
reg [12:0]        nx_n_reg = 0;
reg               nx_all_reg = 1'b0;
reg [LEN_WIDTH-1:0] nx_rem_reg = 0;
reg [10:0]        nx_dw_reg = 0;
reg [3:0]         nx_fbe_reg = 0, nx_lbe_reg = 0;
reg               nx_short_reg = 1'b0;
reg               nx_tiny_reg = 1'b0;   // it is at most 16 bytes (ends in a straddled beat)
reg [63:0]        nx_a_reg = 0;         // its address
reg               nx_ok_reg = 1'b0;

reg               room_reg = 1'b0;      // the RQ FIFO can take a beat

wire tlp_first_ng = fb_reg && ng_reg;
// a beat needing q1 can also go once the command's last beat is queued:
// need2 of a straddled beat is worked out for 16 bytes of the next TLP, which
// may be fewer, all in q0
wire emit = active_reg && q_cnt_reg != 2'd0 && (!need2_reg || q_cnt_reg >= 2'd2 || in_done_reg) &&
            room_reg && (!bl_reg || last_tlp_reg || nx_ok_reg);
wire mgb = SD && mg_reg && !last_tlp_reg;    // this last beat also starts the next TLP
wire u_end = mgb && nx_tiny_reg;               // ... which ends in it too
wire tlp_end = emit && bl_reg;
wire cmd_end = tlp_end && (last_tlp_reg || u_end);
wire tlp_next = tlp_end && !last_tlp_reg && !mgb;
wire tlp_merge = tlp_end && mgb && !u_end;

// the beat: queue bytes from the beat's lane 0 on, the descriptor over a first beat
wire [1023:0] shr_in = {tlp_first_ng ? q0_reg : q1_reg, q0_reg};
wire [511:0]  shr_out;

hpnic_byte_shr #(.IN_BYTES(128), .OUT_BYTES(64), .SHIFT_WIDTH(6))
shr_inst (
    .in(shr_in), .shift(w6_reg), .out(shr_out)
);

wire [127:0] desc = {
    1'b0,           // 127: force ECRC
    3'b000,         // 126:124 attributes
    3'b000,         // 123:121 traffic class
    1'b0,           // 120: requester ID enable (the IP fills its own)
    16'd0,          // 119:104 completer ID
    8'd0,           // 103:96 tag (posted: unused)
    16'd0,          // 95:80 requester ID
    1'b0,           // 79: poisoned
    4'b0001,        // 78:75 request type: memory write
    dw_reg,         // 74:64 Dword count
    a0_reg[63:2],   // 63:2 address
    2'b00           // 1:0 address type: untranslated
};

// the next TLP's descriptor, for a straddled beat
wire [127:0] nx_desc = {1'b0, 3'b000, 3'b000, 1'b0, 16'd0, 8'd0, 16'd0, 1'b0, 4'b0001,
                        nx_dw_reg, nx_a_reg[63:2], 2'b00};
// a straddled beat: the tail (left <= 32 bytes, a multiple of 4) in Dwords
// 0..7, the next descriptor in 8..11, and in 12..15 the 16 bytes that follow
// the tail in the shifter output
reg  [127:0] nx_head;
integer m;
always @* begin
    nx_head = shr_out[127:0];
    for (m = 1; m <= 8; m = m + 1) begin
        if (left_reg[5:2] == m[3:0]) begin
            nx_head = shr_out[32*m +: 128];
        end
    end
end

wire [511:0] beat_data = fb_reg ? {shr_out[511:128], desc} :
                         mgb ? {nx_head, nx_desc, shr_out[255:0]} : shr_out;
// verilator lint_off UNUSEDSIGNAL
wire [13:0]  left_m1 = left_reg - 1'b1;            // < 64 on the last beat
// verilator lint_on UNUSEDSIGNAL
wire [3:0]   u_eop_ptr = 4'd11 + {1'b0, nx_dw_reg[2:0]};
// tkeep: Dwords 0..keep_hi (a compare per bit: a shifter here became a
// ripple chain behind the FIFO's write enable)
wire [3:0]   keep_hi = !bl_reg ? 4'd15 : !mgb ? left_m1[5:2] : u_end ? u_eop_ptr : 4'd15;
reg  [15:0]  beat_keep;
integer kb;
always @* begin
    for (kb = 0; kb < 16; kb = kb + 1) begin
        beat_keep[kb] = kb[3:0] <= keep_hi;
    end
end
wire [5:0]   beat_seq = mgb ? {nx_all_reg, cmd_idx_reg} : {last_tlp_reg, cmd_idx_reg};
wire [3:0]   beat_fbe = mgb ? nx_fbe_reg : fbe_reg;
wire [3:0]   beat_lbe = mgb ? nx_lbe_reg : lbe_reg;
wire [3:0]   beat_eop0 = bl_reg ? left_m1[5:2] : 4'd15;
// the FIFO releases a run of beats at one where no TLP goes on
wire         beat_flast = bl_reg && (!mgb || u_end);

wire [FW-1:0] rq_word;
wire          rq_last;
wire [RQ_FIFO_LOG2:0] rq_free;

hpnic_frame_fifo #(.DEPTH_LOG2(RQ_FIFO_LOG2), .WIDTH(FW))
rq_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(emit),
    .s_data({fb_reg || mgb, mgb, u_end, bl_reg, u_eop_ptr, beat_eop0,
             beat_seq, beat_lbe, beat_fbe, beat_keep, beat_data}),
    .s_last(beat_flast), .s_drop(1'b0),
    .m_valid(m_rq_tvalid), .m_ready(m_rq_tready), .m_data(rq_word), .m_last(rq_last),
    // verilator lint_off PINCONNECTEMPTY
    .free(rq_free), .overflow()
    // verilator lint_on PINCONNECTEMPTY
);

wire       o_sop = rq_word[FW-1];
wire       o_sop8 = rq_word[FW-2];
wire [1:0] o_eop = rq_word[FW-3 -: 2];
wire [3:0] o_eop1_ptr = rq_word[FW-5 -: 4];
wire [3:0] o_eop0_ptr = rq_word[FW-9 -: 4];
wire [5:0] o_seq = rq_word[FW-13 -: 6];
wire [3:0] o_lbe = rq_word[FW-19 -: 4];
wire [3:0] o_fbe = rq_word[FW-23 -: 4];
wire [15:0] o_keep = rq_word[527:512];

assign m_rq_tdata = rq_word[511:0];
assign m_rq_tkeep = o_keep;
assign m_rq_tlast = rq_last;
assign m_rq_tuser = {
    64'd0,                      // 136:73 parity (parity checking off)
    6'd0,                       // 72:67 seq_num1
    o_seq,                      // 66:61 seq_num0
    16'd0,                      // 60:45 TPH steering tags
    2'b00,                      // 44:43 TPH indirect tag enable
    4'd0,                       // 42:39 TPH type
    2'b00,                      // 38:37 TPH present
    1'b0,                       // 36 discontinue
    o_eop1_ptr,                 // 35:32 is_eop1_ptr (a second TLP ending in the beat)
    o_eop0_ptr,                 // 31:28 is_eop0_ptr
    o_eop,                      // 27:26 is_eop
    2'b00,                      // 25:24 is_sop1_ptr (never two TLPs starting in a beat)
    {o_sop8, 1'b0},             // 23:22 is_sop0_ptr: 0 = Dword 0, 2 = Dword 8
    {1'b0, o_sop},              // 21:20 is_sop
    4'd0,                       // 19:16 addr_offset (Dword-aligned mode)
    {4'd0, o_lbe},              // 15:8 last_be
    {4'd0, o_fbe}               // 7:0 first_be
};

/*
 * Control
 */
assign start = !active_reg && pc_valid_reg && q_cnt_reg != 2'd0;

// at the start: the first beat's position is 64 + f - c, c = 16 + (A mod 4)
wire [5:0]  st_c = 6'd16 + {4'd0, pc_addr_reg[1:0]};
wire        st_ng = f_reg < st_c;
wire [13:0] st_fn = {8'd0, f_reg} + {1'b0, pc_n_reg};

// at a TLP's end: where it ends in its beat
wire [6:0]  end_sum = {1'b0, w6_reg} + left_reg[6:0];    // left <= 64 here
wire [5:0]  vend6 = end_sum[5:0];
wire        end_pop = end_sum[6] && !tlp_first_ng;
wire [6:0]  nx_sum = {1'b0, vend6} + {1'b0, nx_n_reg[5:0]};

// a beat that is neither a TLP's first nor its last: wpos advances by 64
wire [13:0] left_next = left_reg - 14'd64;
wire [14:0] lw_sum = {1'b0, left_reg} + {9'd0, w6_reg};

// a straddled beat: the next TLP goes on from the tail's end + 16
wire [6:0]  mg_sum = {1'b0, w6_reg} + {1'b0, left_reg[5:0]} + 7'd16;
wire [6:0]  u_left = nx_n_reg[6:0] - 7'd16;        // meaningful when nx_n <= 80
wire [7:0]  u_sum = {2'd0, mg_sum[5:0]} + {1'b0, u_left};

wire [1:0]  pop = !emit ? 2'd0 :
                  cmd_end ? q_cnt_reg :
                  mgb ? {1'b0, mg_sum[6]} :
                  bl_reg ? {1'b0, end_pop} :
                  tlp_first_ng ? 2'd0 : 2'd1;

// the next TLP from rem_reg: MPS-aligned, min(rem, MPS) bytes
wire        nx_all = rem_reg <= {{LP{1'b0}}, mps};
wire [LEN_WIDTH-1:0] rem_less = rem_reg - {{LP{1'b0}}, mps};
wire [13:0] rem_span = {1'b0, rem_reg[12:0]};
wire [13:0] mps_span = {1'b0, mps};

// the queue after this cycle's pops and push
reg [511:0] q0_next, q1_next, q2_next;
reg [1:0]   q_cnt_mid;
always @* begin
    q0_next = q0_reg;
    q1_next = q1_reg;
    q2_next = q2_reg;
    if (pop == 2'd1) begin
        q0_next = q1_reg;
        q1_next = q2_reg;
    end else if (pop == 2'd2) begin
        q0_next = q2_reg;
    end
    q_cnt_mid = q_cnt_reg - pop;
    if (push) begin
        case (q_cnt_mid)
            2'd0: q0_next = s_wr_tdata;
            2'd1: q1_next = s_wr_tdata;
            default: q2_next = s_wr_tdata;
        endcase
    end
end

always @(posedge clk) begin
    q0_reg <= q0_next;
    q1_reg <= q1_next;
    q2_reg <= q2_next;
    q_cnt_reg <= q_cnt_mid + {1'b0, push};
    if (push) begin
        first_pend_reg <= 1'b0;
        if (first_pend_reg) begin
            f_reg <= first_lane(s_wr_tkeep);
        end
        if (s_wr_tlast) begin
            in_done_reg <= 1'b1;
        end
    end

    room_reg <= rq_free > 1;
    wr_done <= {1'b0, rq_seq_num_vld0 && rq_seq_num0[5]} + {1'b0, rq_seq_num_vld1 && rq_seq_num1[5]};

    nx_n_reg <= nx_all ? rem_reg[12:0] : mps;
    nx_all_reg <= nx_all;
    nx_rem_reg <= nx_all ? {LEN_WIDTH{1'b0}} : rem_less;
    nx_dw_reg <= nx_all ? rem_reg[12:2] + {10'd0, rem_reg[1:0] != 2'd0} : mps[12:2];
    nx_fbe_reg <= nx_all ? hpnic_dw_be_first(2'd0, rem_span) : 4'b1111;
    nx_lbe_reg <= nx_all ? hpnic_dw_be_last(rem_span) : hpnic_dw_be_last(mps_span);
    nx_short_reg <= nx_all && rem_reg <= 48;
    nx_tiny_reg <= nx_all && rem_reg <= 16;
    nx_a_reg <= a0_reg + {51'd0, n_reg};
    nx_ok_reg <= !(start || tlp_next || tlp_merge);

    if (start) begin
        active_reg <= 1'b1;
        a0_reg <= pc_addr_reg;
        n_reg <= pc_n_reg;
        rem_reg <= pc_rem_reg;
        dw_reg <= pc_dw_reg;
        fbe_reg <= pc_fbe_reg;
        lbe_reg <= pc_lbe_reg;
        last_tlp_reg <= pc_all_reg;
        w6_reg <= f_reg - st_c;
        left_reg <= {1'b0, pc_n_reg} + {8'd0, st_c};
        fb_reg <= 1'b1;
        ng_reg <= st_ng;
        bl_reg <= pc_short_reg;
        need2_reg <= !st_ng && (pc_short_reg ? st_fn >= 14'd65 : f_reg != st_c);
        mg_reg <= 1'b0;
        stat_wr_cmds <= stat_wr_cmds + 1'b1;
    end

    if (emit) begin
        fb_reg <= 1'b0;
        left_reg <= left_next;
        bl_reg <= left_reg <= 14'd128;
        // straddle: the last beat has room for the next TLP's first 16 bytes
        // (not at MPS 4096: two such TLPs straddled would not fit the FIFO)
        mg_reg <= SD && left_reg <= 14'd96 && mps_code_reg != 3'd5;
        if (SD && left_reg <= 14'd96 && mps_code_reg != 3'd5 && !last_tlp_reg) begin
            need2_reg <= lw_sum >= 15'd113;
        end else begin
            need2_reg <= left_reg <= 14'd128 ? lw_sum >= 15'd129 : w6_reg != 6'd0;
        end
        if (bl_reg) begin
            stat_wr_tlps <= stat_wr_tlps + (u_end ? 32'd2 : 32'd1);
        end
        if (cmd_end) begin
            active_reg <= 1'b0;
            in_done_reg <= 1'b0;
            first_pend_reg <= 1'b1;
            cmd_idx_reg <= cmd_idx_reg + 1'b1;
        end
        if (tlp_next) begin
            a0_reg <= a0_reg + {51'd0, n_reg};
            n_reg <= nx_n_reg;
            rem_reg <= nx_rem_reg;
            dw_reg <= nx_dw_reg;
            fbe_reg <= nx_fbe_reg;
            lbe_reg <= nx_lbe_reg;
            last_tlp_reg <= nx_all_reg;
            w6_reg <= vend6 - 6'd16;
            left_reg <= {1'b0, nx_n_reg} + 14'd16;
            fb_reg <= 1'b1;
            ng_reg <= vend6 < 6'd16;
            bl_reg <= nx_short_reg;
            need2_reg <= vend6 >= 6'd16 && (nx_short_reg ? nx_sum >= 7'd65 : vend6 != 6'd16);
            mg_reg <= 1'b0;
        end
        if (tlp_merge) begin
            // the next TLP's first 16 bytes went in this beat
            a0_reg <= nx_a_reg;
            n_reg <= nx_n_reg;
            rem_reg <= nx_rem_reg;
            dw_reg <= nx_dw_reg;
            fbe_reg <= nx_fbe_reg;
            lbe_reg <= nx_lbe_reg;
            last_tlp_reg <= nx_all_reg;
            w6_reg <= mg_sum[5:0];
            left_reg <= {1'b0, nx_n_reg} - 14'd16;
            fb_reg <= 1'b0;
            ng_reg <= 1'b0;
            bl_reg <= nx_n_reg <= 13'd80;
            mg_reg <= 1'b0;
            need2_reg <= nx_n_reg <= 13'd80 ? u_sum >= 8'd65 : mg_sum[5:0] != 6'd0;
        end
    end

    if (rst) begin
        q_cnt_reg <= 2'd0;
        in_done_reg <= 1'b0;
        first_pend_reg <= 1'b1;
        active_reg <= 1'b0;
        cmd_idx_reg <= 5'd0;
        wr_done <= 2'd0;
        room_reg <= 1'b0;
        nx_ok_reg <= 1'b0;
        stat_wr_cmds <= 32'd0;
        stat_wr_tlps <= 32'd0;
    end
end

endmodule

`resetall
