// SPDX-License-Identifier: MIT
/*
 * AXI-stream FIFO between two asynchronous clocks, with an optional frame
 * mode (store and forward) for MAC interfaces.
 *
 * Memory: DEPTH = 2**DEPTH_LOG2 words of {tuser, tlast, tkeep, tdata}, one
 * write port on s_clk, one registered read port on m_clk (block RAM), then an
 * output register: m_t* are flip-flop outputs.
 *
 * Pointers cross the clocks in two ways:
 *   read -> write   the read pointer in Gray code (it moves by one word at a
 *                   time), two synchronizer flip-flops;
 *   write -> read   the write pointer (FRAME_FIFO: the end of the last whole
 *                   frame, which jumps by a frame at a time) through a
 *                   toggle handshake: the writer loads wr_xfer_reg and flips
 *                   wr_req_reg; the reader, after two synchronizer stages of
 *                   the toggle, samples wr_xfer_reg (stable by then) and
 *                   returns the toggle; the writer sends the next value when
 *                   the toggle comes back. A transfer takes about 3 read plus
 *                   2 write cycles; values committed meanwhile go together in
 *                   the next one, so throughput is unaffected given depth.
 * All synchronizer flip-flops are named *_sync1_reg / *_sync2_reg and carry
 * ASYNC_REG; docs/shim.md and rtl/shim/hpnic_shim_cdc.tcl give the Vivado
 * constraints (set_max_delay -datapath_only on the crossing paths).
 *
 * FRAME_FIFO = 1: a frame becomes visible to the reader only when its last
 * beat is written, so the reader sees whole frames back to back and never
 * waits within a frame (what a MAC transmitter that must not underflow
 * needs). Frames are dropped whole, never truncated:
 *   - longer than the FIFO (s_status_oversize, whatever else happened);
 *   - DROP_BAD_FRAME: tuser & USER_BAD_MASK nonzero on the last beat
 *     (s_status_bad_frame);
 *   - DROP_WHEN_FULL: s_tready is always 1 (a MAC receiver cannot be
 *     stalled) and a frame that meets a full FIFO is dropped
 *     (s_status_overflow); otherwise the writer is back-pressured.
 * s_status_good_frame pulses for every frame stored. Each pulse comes one
 * cycle after the frame's last beat; a dropped frame gives exactly one.
 *
 * Resets never cross the clocks. Each side's reset only resets its own state,
 * in a way that keeps the two pointers coherent, so either side may be reset
 * alone, at any time, with the other clock running or stopped:
 *   s_rst  abandons the frame being written (FRAME_FIFO); s_tready is
 *          low during it (high with DROP_WHEN_FULL: beats are discarded).
 *          If the stream was in the middle of a frame when the reset began,
 *          the rest of that frame is dropped too (s_status_overflow): the
 *          write side tracks frame boundaries across its own reset.
 *   m_rst  empties the output register and discards every word the reader
 *          can see, one word per cycle (so the Gray pointer still moves by
 *          one); in frame mode the reader resumes on a frame boundary.
 * Power-up state comes from register initial values (all pointers zero).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_axis_async_fifo #(
    // log2 of the depth in beats
    parameter DEPTH_LOG2 = 9,
    // stream width in bits (a multiple of 8)
    parameter DATA_WIDTH = 512,
    // tuser width
    parameter USER_WIDTH = 1,
    // 1: store and forward whole frames (see above)
    parameter FRAME_FIFO = 0,
    // FRAME_FIFO: drop frames whose tuser & USER_BAD_MASK is nonzero at tlast
    parameter DROP_BAD_FRAME = 0,
    // FRAME_FIFO: never back-pressure; drop a frame that finds the FIFO full
    parameter DROP_WHEN_FULL = 0,
    // FRAME_FIFO: the tuser bits that mark a bad frame
    parameter [USER_WIDTH-1:0] USER_BAD_MASK = 1
) (
    // write side
    input  wire                     s_clk,
    input  wire                     s_rst,
    input  wire [DATA_WIDTH-1:0]    s_tdata,
    input  wire [DATA_WIDTH/8-1:0]  s_tkeep,
    input  wire                     s_tvalid,
    output wire                     s_tready,
    input  wire                     s_tlast,
    input  wire [USER_WIDTH-1:0]    s_tuser,

    // read side
    input  wire                     m_clk,
    input  wire                     m_rst,
    output wire [DATA_WIDTH-1:0]    m_tdata,
    output wire [DATA_WIDTH/8-1:0]  m_tkeep,
    output wire                     m_tvalid,
    input  wire                     m_tready,
    output wire                     m_tlast,
    output wire [USER_WIDTH-1:0]    m_tuser,

    // status, s_clk: one-cycle pulses, one per frame (FRAME_FIFO)
    output reg                      s_status_good_frame = 1'b0,
    output reg                      s_status_bad_frame = 1'b0,
    output reg                      s_status_overflow = 1'b0,
    output reg                      s_status_oversize = 1'b0,
    // words in the FIFO as the writer sees them (its frame in progress included)
    output wire [DEPTH_LOG2:0]      s_status_depth
);

localparam AW = DEPTH_LOG2;
localparam KW = DATA_WIDTH / 8;
localparam WW = USER_WIDTH + 1 + KW + DATA_WIDTH;
// the options as 1-bit flags
localparam [0:0] FRAME = FRAME_FIFO != 0;
localparam [0:0] DROP_BAD = DROP_BAD_FRAME != 0;
localparam [0:0] DROP_FULL = DROP_WHEN_FULL != 0;

initial begin
    if (DATA_WIDTH % 8 != 0) begin
        $error("hpnic_axis_async_fifo: DATA_WIDTH must be a multiple of 8");
        $finish;
    end
    if (DEPTH_LOG2 < 3) begin
        $error("hpnic_axis_async_fifo: DEPTH_LOG2 must be at least 3");
        $finish;
    end
    if (!FRAME && (DROP_BAD || DROP_FULL)) begin
        $error("hpnic_axis_async_fifo: DROP_BAD_FRAME and DROP_WHEN_FULL need FRAME_FIFO");
        $finish;
    end
end

function [AW:0] bin2gray(input [AW:0] b);
    begin
        bin2gray = b ^ (b >> 1);
    end
endfunction

function [AW:0] gray2bin(input [AW:0] g);
    integer i;
    begin
        gray2bin[AW] = g[AW];
        for (i = AW - 1; i >= 0; i = i - 1) begin
            gray2bin[i] = gray2bin[i+1] ^ g[i];
        end
    end
endfunction

(* ram_style = "block" *)
reg [WW-1:0] mem [0:(2**AW)-1];

/*
 * Write side
 */

reg [AW:0] wr_ptr_reg = 0;          // next word to write
reg [AW:0] wr_commit_reg = 0;       // end of the last whole frame
reg [AW:0] wr_xfer_reg = 0;         // pointer offered to the reader
reg        wr_req_reg = 1'b0;       // flips when wr_xfer_reg is loaded
(* ASYNC_REG = "TRUE" *) reg wr_ack_sync1_reg = 1'b0;
(* ASYNC_REG = "TRUE" *) reg wr_ack_sync2_reg = 1'b0;
(* ASYNC_REG = "TRUE" *) reg [AW:0] rd_gray_sync1_reg = 0;
(* ASYNC_REG = "TRUE" *) reg [AW:0] rd_gray_sync2_reg = 0;
reg        drop_reg = 1'b0;         // discarding the rest of a frame
reg [AW:0] frame_beats_reg = 0;     // beats of the frame so far, saturating at DEPTH
reg        in_frame_reg = 1'b0;     // the stream is inside a frame

reg        rd_ack_reg = 1'b0;       // read side (declared here for the writer)
reg [AW:0] rd_gray_reg = 0;

// the read pointer in binary, a cycle after synchronization (full then looks
// one cycle late, which only errs on the safe side)
reg  [AW:0] rd_ptr_s_reg = 0;
// wr - rd == DEPTH and wr - commit == DEPTH, without subtracting
wire full = (wr_ptr_reg ^ rd_ptr_s_reg) == {1'b1, {AW{1'b0}}};
wire frame_full = FRAME && (wr_ptr_reg ^ wr_commit_reg) == {1'b1, {AW{1'b0}}};
wire bad = DROP_BAD && (s_tuser & USER_BAD_MASK) != 0;

assign s_tready = (FRAME && DROP_FULL) ||
                       (!s_rst && (!full || (FRAME && (drop_reg || frame_full))));
assign s_status_depth = wr_ptr_reg - rd_ptr_s_reg;

wire s_fire = s_tvalid && s_tready;
wire in_frame_next = s_fire ? !s_tlast : in_frame_reg;
// this beat makes the frame longer than the FIFO
wire too_long = frame_beats_reg[AW];
wire [AW:0] xfer_src = FRAME ? wr_commit_reg : wr_ptr_reg;

always @(posedge s_clk) begin
    if (s_fire && !s_rst && !drop_reg && !full) begin
        mem[wr_ptr_reg[AW-1:0]] <= {s_tuser, s_tlast, s_tkeep, s_tdata};
    end
end

always @(posedge s_clk) begin
    s_status_good_frame <= 1'b0;
    s_status_bad_frame <= 1'b0;
    s_status_overflow <= 1'b0;
    s_status_oversize <= 1'b0;
    in_frame_reg <= in_frame_next;

    if (s_fire) begin
        if (s_tlast) begin
            frame_beats_reg <= 0;
        end else if (!too_long) begin
            frame_beats_reg <= frame_beats_reg + 1'b1;
        end
    end

    if (s_fire && !s_rst) begin
        if (!FRAME) begin
            wr_ptr_reg <= wr_ptr_reg + 1'b1;
        end else if (drop_reg || full) begin
            // full here means DROP_FULL or a frame longer than the FIFO
            wr_ptr_reg <= wr_commit_reg;
            drop_reg <= !s_tlast;
            if (s_tlast) begin
                // one reason per frame: bad, else too long, else no room
                if (bad) begin
                    s_status_bad_frame <= 1'b1;
                end else if (too_long) begin
                    s_status_oversize <= 1'b1;
                end else begin
                    s_status_overflow <= 1'b1;
                end
            end
        end else begin
            wr_ptr_reg <= wr_ptr_reg + 1'b1;
            if (s_tlast) begin
                if (bad) begin
                    wr_ptr_reg <= wr_commit_reg;
                    s_status_bad_frame <= 1'b1;
                end else begin
                    wr_commit_reg <= wr_ptr_reg + 1'b1;
                    s_status_good_frame <= 1'b1;
                end
            end
        end
    end

    // offer the pointer to the reader when the last offer has been taken
    if (wr_req_reg == wr_ack_sync2_reg && wr_xfer_reg != xfer_src) begin
        wr_xfer_reg <= xfer_src;
        wr_req_reg <= !wr_req_reg;
    end
    wr_ack_sync1_reg <= rd_ack_reg;
    wr_ack_sync2_reg <= wr_ack_sync1_reg;
    rd_gray_sync1_reg <= rd_gray_reg;
    rd_gray_sync2_reg <= rd_gray_sync1_reg;
    rd_ptr_s_reg <= gray2bin(rd_gray_sync2_reg);

    if (s_rst) begin
        // abandon the frame being written; if the stream is inside a frame,
        // drop the rest of it too. Pointers shared with the reader stay.
        if (FRAME) begin
            wr_ptr_reg <= wr_commit_reg;
        end
        drop_reg <= FRAME && in_frame_next;
        s_status_good_frame <= 1'b0;
        s_status_bad_frame <= 1'b0;
        s_status_overflow <= 1'b0;
        s_status_oversize <= 1'b0;
    end
end

/*
 * Read side
 */

reg [AW:0]   rd_ptr_reg = 0;        // next word to read
reg [AW:0]   wr_ptr_m_reg = 0;      // the writer's pointer, as last transferred
(* ASYNC_REG = "TRUE" *) reg wr_req_sync1_reg = 1'b0;
(* ASYNC_REG = "TRUE" *) reg wr_req_sync2_reg = 1'b0;
reg [AW:0]   flush_to_reg = 0;      // m_rst: discard up to here
reg          flush_reg = 1'b0;
reg [WW-1:0] ram_q_reg;             // RAM output (the block RAM's own register)
reg          ram_q_valid_reg = 1'b0;
reg [WW-1:0] out_reg;               // output register
reg          out_valid_reg = 1'b0;

wire empty = rd_ptr_reg == wr_ptr_m_reg;
wire out_adv = !out_valid_reg || m_tready;
wire q_adv = !ram_q_valid_reg || out_adv;
wire rd_en = !empty && !flush_reg && q_adv;
wire [AW:0] rd_ptr_next = rd_ptr_reg + 1'b1;

always @(posedge m_clk) begin
    if (rd_en) begin
        ram_q_reg <= mem[rd_ptr_reg[AW-1:0]];
    end
end

always @(posedge m_clk) begin
    if (out_adv) begin
        out_reg <= ram_q_reg;
        out_valid_reg <= ram_q_valid_reg;
    end
    if (q_adv) begin
        ram_q_valid_reg <= rd_en;
    end
    if (rd_en || (flush_reg && !empty && rd_ptr_reg != flush_to_reg)) begin
        rd_ptr_reg <= rd_ptr_next;
        rd_gray_reg <= bin2gray(rd_ptr_next);
    end
    if (flush_reg && rd_ptr_reg == flush_to_reg) begin
        flush_reg <= 1'b0;
    end

    wr_req_sync1_reg <= wr_req_reg;
    wr_req_sync2_reg <= wr_req_sync1_reg;
    if (wr_req_sync2_reg != rd_ack_reg) begin
        // wr_xfer_reg has been stable since before the toggle was sent
        wr_ptr_m_reg <= wr_xfer_reg;
        rd_ack_reg <= wr_req_sync2_reg;
    end

    if (m_rst) begin
        // discard what the reader can see, one word per cycle
        out_valid_reg <= 1'b0;
        ram_q_valid_reg <= 1'b0;
        flush_reg <= 1'b1;
        flush_to_reg <= wr_ptr_m_reg;
    end
end

assign m_tdata = out_reg[DATA_WIDTH-1:0];
assign m_tkeep = out_reg[DATA_WIDTH +: KW];
assign m_tlast = out_reg[DATA_WIDTH + KW];
assign m_tuser = out_reg[DATA_WIDTH + KW + 1 +: USER_WIDTH];
assign m_tvalid = out_valid_reg;

endmodule

`resetall
