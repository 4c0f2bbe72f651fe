// SPDX-License-Identifier: MIT
/*
 * MAC shim: the core's AXI-stream (core clock, 250 MHz, 512 bits) to and from
 * a Xilinx UltraScale+ 100G CMAC (cmac_usplus) in its AXI4-Stream mode
 * (512 bits on the MAC's clocks, 322.265625 MHz), which adds and strips the
 * FCS itself.
 *
 *   core s_tx --> TX frame FIFO (store and forward, clk -> mac_tx_clk)
 *                                                 --> m_mac_tx (CMAC tx_axis_*)
 *   core m_rx <-- RX frame FIFO (drop when full, mac_rx_clk -> clk)
 *                  <-- input register <-- s_mac_rx (CMAC rx_axis_*)
 *
 * TX is store and forward because the CMAC must not underflow: once it has
 * taken the first beat of a frame it needs a beat on every cycle it is ready
 * until tlast, and at 322 MHz it drains faster than the core can fill at
 * 250 MHz. A frame reaches the MAC only once all of it is in the FIFO, so a
 * frame must fit: longer ones (more than 2**TX_FIFO_LOG2 beats) are dropped
 * and counted, as are frames the core marks bad (s_tx_tuser on tlast).
 * tx_axis_tuser to the MAC is always 0.
 *
 * RX cannot push back on the MAC (rx_axis has no tready). Frames the MAC
 * flags bad (rx_axis_tuser on tlast: FCS error, or any error the MAC
 * reports there), frames that meet a full FIFO and frames longer than the
 * FIFO are dropped whole and counted; the core only ever sees whole good
 * frames, back to back. So RX is store and forward too (the bad-FCS flag
 * comes with the last beat).
 *
 * Resets: rst (core), mac_tx_rst and mac_rx_rst (the CMAC's usr_tx_reset and
 * usr_rx_reset) each reset only their own side; no reset crosses a clock
 * (hpnic_axis_async_fifo). The counters live in the core clock domain and
 * are cleared by rst; MAC-side events reach them through hpnic_cdc_count.
 *
 * Counters (STAT_WIDTH bits, wrapping):
 *   stat_tx_frames        frames queued to the MAC (whole in the TX FIFO)
 *   stat_tx_bytes         their bytes (without FCS)
 *   stat_tx_drop_bad      frames dropped: the core marked them bad
 *   stat_tx_drop_oversize frames dropped: longer than the TX FIFO
 *   stat_tx_drop_reset    frames dropped: cut by a core reset
 *   stat_tx_mac_underflow cycles the MAC reported tx_unfout
 *   stat_tx_mac_overflow  cycles the MAC reported tx_ovfout
 *   stat_rx_frames        frames delivered to the core
 *   stat_rx_bytes         their bytes (without FCS)
 *   stat_rx_drop_bad      frames dropped: the MAC flagged them (bad FCS...)
 *   stat_rx_drop_overflow frames dropped: the RX FIFO was full (or a MAC
 *                         reset cut them)
 *   stat_rx_drop_oversize frames dropped: longer than the RX FIFO
 * A MAC-side event shows in its counter about 5 core cycles later.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_mac_shim #(
    // stream width on both sides (the CMAC's is 512)
    parameter DATA_WIDTH = 512,
    // log2 of the TX FIFO depth in beats; the longest frame must fit
    parameter TX_FIFO_LOG2 = 9,
    // log2 of the RX FIFO depth in beats
    parameter RX_FIFO_LOG2 = 9,
    // counter width
    parameter STAT_WIDTH = 64
) (
    // core clock domain
    input  wire                     clk,
    input  wire                     rst,

    // frames to send
    input  wire [DATA_WIDTH-1:0]    s_tx_tdata,
    input  wire [DATA_WIDTH/8-1:0]  s_tx_tkeep,
    input  wire                     s_tx_tvalid,
    output wire                     s_tx_tready,
    input  wire                     s_tx_tlast,
    input  wire                     s_tx_tuser,    // on tlast: drop this frame

    // frames received (whole, good)
    output wire [DATA_WIDTH-1:0]    m_rx_tdata,
    output wire [DATA_WIDTH/8-1:0]  m_rx_tkeep,
    output wire                     m_rx_tvalid,
    input  wire                     m_rx_tready,
    output wire                     m_rx_tlast,

    // MAC transmit (CMAC tx_axis_*, on gt_txusrclk2)
    input  wire                     mac_tx_clk,
    input  wire                     mac_tx_rst,
    output wire [DATA_WIDTH-1:0]    m_mac_tx_tdata,
    output wire [DATA_WIDTH/8-1:0]  m_mac_tx_tkeep,
    output wire                     m_mac_tx_tvalid,
    input  wire                     m_mac_tx_tready,
    output wire                     m_mac_tx_tlast,
    output wire                     m_mac_tx_tuser,
    input  wire                     mac_tx_unfout,      // CMAC tx_unfout
    input  wire                     mac_tx_ovfout,      // CMAC tx_ovfout

    // MAC receive (CMAC rx_axis_*, on rx_clk); no tready
    input  wire                     mac_rx_clk,
    input  wire                     mac_rx_rst,
    input  wire [DATA_WIDTH-1:0]    s_mac_rx_tdata,
    input  wire [DATA_WIDTH/8-1:0]  s_mac_rx_tkeep,
    input  wire                     s_mac_rx_tvalid,
    input  wire                     s_mac_rx_tlast,
    input  wire                     s_mac_rx_tuser, // on tlast: bad frame

    // counters, core clock domain
    output reg  [STAT_WIDTH-1:0]    stat_tx_frames = 0,
    output reg  [STAT_WIDTH-1:0]    stat_tx_bytes = 0,
    output reg  [STAT_WIDTH-1:0]    stat_tx_drop_bad = 0,
    output reg  [STAT_WIDTH-1:0]    stat_tx_drop_oversize = 0,
    output reg  [STAT_WIDTH-1:0]    stat_tx_drop_reset = 0,
    output wire [STAT_WIDTH-1:0]    stat_tx_mac_underflow,
    output wire [STAT_WIDTH-1:0]    stat_tx_mac_overflow,
    output reg  [STAT_WIDTH-1:0]    stat_rx_frames = 0,
    output reg  [STAT_WIDTH-1:0]    stat_rx_bytes = 0,
    output wire [STAT_WIDTH-1:0]    stat_rx_drop_bad,
    output wire [STAT_WIDTH-1:0]    stat_rx_drop_overflow,
    output wire [STAT_WIDTH-1:0]    stat_rx_drop_oversize
);

localparam KW = DATA_WIDTH / 8;
// bits of a beat's byte count, 0..KW
localparam BW = $clog2(KW + 1);
// bits of a TX frame's byte count (frames that fit the TX FIFO)
localparam FW = TX_FIFO_LOG2 + BW;

initial begin
    if (DATA_WIDTH % 8 != 0 || DATA_WIDTH < 16) begin
        $error("hpnic_mac_shim: DATA_WIDTH must be a multiple of 8, at least 16");
        $finish;
    end
    if (STAT_WIDTH < 16) begin
        $error("hpnic_mac_shim: STAT_WIDTH must be at least 16");
        $finish;
    end
end

// bytes in a beat whose tkeep is contiguous from lane 0: the one-hot
// "k == m" picks m (shallow: no popcount adder tree)
function [BW-1:0] keep_bytes(input [KW-1:0] keep);
    integer m, j;
    reg [KW:0] t;
    begin
        t = {1'b0, keep};
        keep_bytes = 0;
        for (m = 1; m <= KW; m = m + 1) begin
            if (t[m-1] && !t[m]) begin
                for (j = 0; j < BW; j = j + 1) begin
                    if ((m >> j) % 2 == 1) begin
                        keep_bytes[j] = 1'b1;
                    end
                end
            end
        end
    end
endfunction

/*
 * TX: core -> input register -> store-and-forward FIFO -> MAC. The input
 * register (data and valid; ready passes through one LUT) ends the core's
 * frame assembler at a flip-flop instead of inside the FIFO's write logic.
 */
wire [DATA_WIDTH-1:0]   tx_in_tdata;
wire [DATA_WIDTH/8-1:0] tx_in_tkeep;
wire                    tx_in_tvalid, tx_in_tready, tx_in_tlast, tx_in_tuser;

// Not reset: the FIFO tracks frame boundaries across its own reset, so no
// beat may vanish between the core and the FIFO (a first beat lost in a
// reset would turn the rest of its frame into a frame of its own). A beat
// taken during a reset waits here and reaches the FIFO after it.
hpnic_reg_slice #(
    .WIDTH(DATA_WIDTH + DATA_WIDTH/8 + 2),
    .SKID(0)
) tx_in_inst (
    .clk(clk),
    .rst(1'b0),
    .s_valid(s_tx_tvalid),
    .s_ready(s_tx_tready),
    .s_data({s_tx_tdata, s_tx_tkeep, s_tx_tlast, s_tx_tuser}),
    .m_valid(tx_in_tvalid),
    .m_ready(tx_in_tready),
    .m_data({tx_in_tdata, tx_in_tkeep, tx_in_tlast, tx_in_tuser})
);

wire tx_good, tx_bad, tx_cut, tx_oversize;
// verilator lint_off UNUSEDSIGNAL
wire [TX_FIFO_LOG2:0] tx_depth_unused;    // not needed: back-pressure does the job
wire                  tx_user_unused;     // bad frames never leave the FIFO
// verilator lint_on UNUSEDSIGNAL

hpnic_axis_async_fifo #(
    .DEPTH_LOG2(TX_FIFO_LOG2),
    .DATA_WIDTH(DATA_WIDTH),
    .USER_WIDTH(1),
    .FRAME_FIFO(1),
    .DROP_BAD_FRAME(1),
    .DROP_WHEN_FULL(0),
    .USER_BAD_MASK(1'b1)
) tx_fifo (
    .s_clk(clk),
    .s_rst(rst),
    .s_tdata(tx_in_tdata),
    .s_tkeep(tx_in_tkeep),
    .s_tvalid(tx_in_tvalid),
    .s_tready(tx_in_tready),
    .s_tlast(tx_in_tlast),
    .s_tuser(tx_in_tuser),
    .m_clk(mac_tx_clk),
    .m_rst(mac_tx_rst),
    .m_tdata(m_mac_tx_tdata),
    .m_tkeep(m_mac_tx_tkeep),
    .m_tvalid(m_mac_tx_tvalid),
    .m_tready(m_mac_tx_tready),
    .m_tlast(m_mac_tx_tlast),
    .m_tuser(tx_user_unused),
    .s_status_good_frame(tx_good),
    .s_status_bad_frame(tx_bad),
    .s_status_overflow(tx_cut),
    .s_status_oversize(tx_oversize),
    .s_status_depth(tx_depth_unused)
);

assign m_mac_tx_tuser = 1'b0;

// TX byte count: per accepted beat, summed per frame, added when the FIFO
// reports the frame stored (its pulse comes the cycle after tlast)
reg [BW-1:0] tx_beat_bytes_reg = 0;
reg          tx_beat_valid_reg = 1'b0;
reg          tx_beat_last_reg = 1'b0;
reg [FW-1:0] tx_frame_acc_reg = 0;
reg [FW-1:0] tx_frame_bytes_reg = 0;
reg          tx_good_d_reg = 1'b0;

wire [FW-1:0] tx_frame_sum = tx_frame_acc_reg + {{(FW-BW){1'b0}}, tx_beat_bytes_reg};

always @(posedge clk) begin
    tx_beat_bytes_reg <= keep_bytes(tx_in_tkeep);
    tx_beat_valid_reg <= tx_in_tvalid && tx_in_tready;
    tx_beat_last_reg <= tx_in_tlast;
    if (tx_beat_valid_reg) begin
        if (tx_beat_last_reg) begin
            tx_frame_bytes_reg <= tx_frame_sum;
            tx_frame_acc_reg <= 0;
        end else begin
            tx_frame_acc_reg <= tx_frame_sum;
        end
    end
    tx_good_d_reg <= tx_good;

    stat_tx_frames <= stat_tx_frames + {{(STAT_WIDTH-1){1'b0}}, tx_good};
    if (tx_good_d_reg) begin
        stat_tx_bytes <= stat_tx_bytes + {{(STAT_WIDTH-FW){1'b0}}, tx_frame_bytes_reg};
    end
    stat_tx_drop_bad <= stat_tx_drop_bad + {{(STAT_WIDTH-1){1'b0}}, tx_bad};
    stat_tx_drop_oversize <= stat_tx_drop_oversize + {{(STAT_WIDTH-1){1'b0}}, tx_oversize};
    stat_tx_drop_reset <= stat_tx_drop_reset + {{(STAT_WIDTH-1){1'b0}}, tx_cut};

    if (rst) begin
        tx_beat_valid_reg <= 1'b0;
        tx_frame_acc_reg <= 0;
        tx_good_d_reg <= 1'b0;
        stat_tx_frames <= 0;
        stat_tx_bytes <= 0;
        stat_tx_drop_bad <= 0;
        stat_tx_drop_oversize <= 0;
        stat_tx_drop_reset <= 0;
    end
end

hpnic_cdc_count #(
    .WIDTH(STAT_WIDTH)
) tx_unf_count (
    .src_clk(mac_tx_clk),
    .src_event(mac_tx_unfout),
    .dst_clk(clk),
    .dst_rst(rst),
    .dst_count(stat_tx_mac_underflow)
);

hpnic_cdc_count #(
    .WIDTH(STAT_WIDTH)
) tx_ovf_count (
    .src_clk(mac_tx_clk),
    .src_event(mac_tx_ovfout),
    .dst_clk(clk),
    .dst_rst(rst),
    .dst_count(stat_tx_mac_overflow)
);

/*
 * RX: MAC -> input register -> drop-when-full frame FIFO -> core
 */

reg [DATA_WIDTH-1:0] rx_in_data_reg;
reg [KW-1:0]         rx_in_keep_reg;
reg                  rx_in_valid_reg = 1'b0;
reg                  rx_in_last_reg = 1'b0;
reg                  rx_in_user_reg = 1'b0;

always @(posedge mac_rx_clk) begin
    rx_in_data_reg <= s_mac_rx_tdata;
    rx_in_keep_reg <= s_mac_rx_tkeep;
    rx_in_valid_reg <= s_mac_rx_tvalid;
    rx_in_last_reg <= s_mac_rx_tlast;
    rx_in_user_reg <= s_mac_rx_tuser;
end

wire rx_bad, rx_overflow, rx_oversize;
// verilator lint_off UNUSEDSIGNAL
wire                  rx_ready_unused;    // always 1: the FIFO drops when full
wire                  rx_user_unused;     // bad frames never leave the FIFO
wire                  rx_good_unused;     // good frames are counted at the core side
wire [RX_FIFO_LOG2:0] rx_depth_unused;
// verilator lint_on UNUSEDSIGNAL

hpnic_axis_async_fifo #(
    .DEPTH_LOG2(RX_FIFO_LOG2),
    .DATA_WIDTH(DATA_WIDTH),
    .USER_WIDTH(1),
    .FRAME_FIFO(1),
    .DROP_BAD_FRAME(1),
    .DROP_WHEN_FULL(1),
    .USER_BAD_MASK(1'b1)
) rx_fifo (
    .s_clk(mac_rx_clk),
    .s_rst(mac_rx_rst),
    .s_tdata(rx_in_data_reg),
    .s_tkeep(rx_in_keep_reg),
    .s_tvalid(rx_in_valid_reg),
    .s_tready(rx_ready_unused),
    .s_tlast(rx_in_last_reg),
    .s_tuser(rx_in_user_reg),
    .m_clk(clk),
    .m_rst(rst),
    .m_tdata(m_rx_tdata),
    .m_tkeep(m_rx_tkeep),
    .m_tvalid(m_rx_tvalid),
    .m_tready(m_rx_tready),
    .m_tlast(m_rx_tlast),
    .m_tuser(rx_user_unused),
    .s_status_good_frame(rx_good_unused),
    .s_status_bad_frame(rx_bad),
    .s_status_overflow(rx_overflow),
    .s_status_oversize(rx_oversize),
    .s_status_depth(rx_depth_unused)
);

// RX frames and bytes, counted as they leave for the core
reg [BW-1:0] rx_beat_bytes_reg = 0;
reg          rx_beat_valid_reg = 1'b0;
reg          rx_beat_last_reg = 1'b0;

always @(posedge clk) begin
    rx_beat_bytes_reg <= keep_bytes(m_rx_tkeep);
    rx_beat_valid_reg <= m_rx_tvalid && m_rx_tready;
    rx_beat_last_reg <= m_rx_tlast;
    if (rx_beat_valid_reg) begin
        stat_rx_bytes <= stat_rx_bytes + {{(STAT_WIDTH-BW){1'b0}}, rx_beat_bytes_reg};
        stat_rx_frames <= stat_rx_frames + {{(STAT_WIDTH-1){1'b0}}, rx_beat_last_reg};
    end

    if (rst) begin
        rx_beat_valid_reg <= 1'b0;
        stat_rx_bytes <= 0;
        stat_rx_frames <= 0;
    end
end

hpnic_cdc_count #(
    .WIDTH(STAT_WIDTH)
) rx_bad_count (
    .src_clk(mac_rx_clk),
    .src_event(rx_bad),
    .dst_clk(clk),
    .dst_rst(rst),
    .dst_count(stat_rx_drop_bad)
);

hpnic_cdc_count #(
    .WIDTH(STAT_WIDTH)
) rx_overflow_count (
    .src_clk(mac_rx_clk),
    .src_event(rx_overflow),
    .dst_clk(clk),
    .dst_rst(rst),
    .dst_count(stat_rx_drop_overflow)
);

hpnic_cdc_count #(
    .WIDTH(STAT_WIDTH)
) rx_oversize_count (
    .src_clk(mac_rx_clk),
    .src_event(rx_oversize),
    .dst_clk(clk),
    .dst_rst(rst),
    .dst_count(stat_rx_drop_oversize)
);

endmodule

`resetall
