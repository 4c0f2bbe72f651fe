// SPDX-License-Identifier: MIT
/*
 * Frame FIFO on block RAM: a frame becomes visible to the reader only when
 * its last beat is written, and the writer can discard the frame it is
 * writing (s_drop with the last beat). A frame that does not fit is
 * discarded whole (overflow) rather than truncated, so the write side never
 * needs back-pressure: it suits a MAC receive path that cannot be stalled.
 *
 * First-word-fall-through read side: m_valid/m_data show the head beat,
 * which sits in the block RAM's output register (one cycle after the frame
 * is committed).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_frame_fifo #(
    // log2 of the depth in beats
    parameter DEPTH_LOG2 = 8,
    // beat width (data plus whatever sideband travels with it)
    parameter WIDTH = 577
) (
    input  wire                  clk,
    input  wire                  rst,

    // write side: no back-pressure
    input  wire                  s_valid,
    input  wire [WIDTH-1:0]      s_data,
    input  wire                  s_last,
    input  wire                  s_drop,        // with s_last: discard the frame

    // read side
    output wire                  m_valid,
    input  wire                  m_ready,
    output wire [WIDTH-1:0]      m_data,
    output wire                  m_last,

    // status
    output wire [DEPTH_LOG2:0]   free,          // beats free, counting the frame being written
    output reg                   overflow = 1'b0 // pulse: a frame was discarded for lack of room
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 16) begin
        $error("hpnic_frame_fifo: DEPTH_LOG2 must be 1..16 (%m)");
        $finish;
    end
    if (WIDTH < 1) begin
        $error("hpnic_frame_fifo: WIDTH must be at least 1 (%m)");
        $finish;
    end
end

localparam DEPTH = 2**DEPTH_LOG2;

(* ram_style = "block" *)
reg [WIDTH:0] mem [0:DEPTH-1];               // {last, data}

reg [DEPTH_LOG2:0] wr_ptr_reg = 0;           // next beat to write (speculative)
reg [DEPTH_LOG2:0] wr_commit_reg = 0;        // end of the last committed frame
reg [DEPTH_LOG2:0] rd_ptr_reg = 0;           // next beat to read from RAM
reg                wr_over_reg = 1'b0;       // this frame overflowed

wire full = (wr_ptr_reg - rd_ptr_reg) == DEPTH[DEPTH_LOG2:0];
wire write = s_valid && !full && !wr_over_reg;

always @(posedge clk) begin
    if (write) begin
        mem[wr_ptr_reg[DEPTH_LOG2-1:0]] <= {s_last, s_data};
    end
end

always @(posedge clk) begin
    overflow <= 1'b0;
    if (s_valid) begin
        if (write) begin
            wr_ptr_reg <= wr_ptr_reg + 1'b1;
        end else begin
            wr_over_reg <= 1'b1;
        end
        if (s_last) begin
            wr_over_reg <= 1'b0;
            if (s_drop || wr_over_reg || full) begin
                wr_ptr_reg <= wr_commit_reg;
                overflow <= wr_over_reg || full;
            end else begin
                wr_commit_reg <= wr_ptr_reg + 1'b1;
            end
        end
    end

    if (rst) begin
        wr_ptr_reg <= 0;
        wr_commit_reg <= 0;
        wr_over_reg <= 1'b0;
        overflow <= 1'b0;
    end
end

assign free = DEPTH[DEPTH_LOG2:0] - (wr_ptr_reg - rd_ptr_reg);

// read: the RAM's output register is the head beat; it is refilled whenever
// it is empty or being taken, so beats leave at one per cycle. A read never
// meets the write's address: it needs a committed beat, and a write to the
// read slot needs the RAM full. (No output or skid register behind the RAM:
// at the default 256 x 577 those made the block 677 LUTs and 1,188 FF, now 95
// and 30: docs/performance.md)
reg [WIDTH:0] ram_q = 0;
reg           out_valid_reg = 1'b0;

wire avail = rd_ptr_reg != wr_commit_reg;
wire rd_go = avail && (!out_valid_reg || m_ready);

always @(posedge clk) begin
    if (rd_go) begin
        ram_q <= mem[rd_ptr_reg[DEPTH_LOG2-1:0]];
    end
end

always @(posedge clk) begin
    if (rd_go) begin
        rd_ptr_reg <= rd_ptr_reg + 1'b1;
    end
    if (!out_valid_reg || m_ready) begin
        out_valid_reg <= avail;
    end

    if (rst) begin
        rd_ptr_reg <= 0;
        out_valid_reg <= 1'b0;
    end
end

assign m_valid = out_valid_reg;
assign m_data = ram_q[WIDTH-1:0];
assign m_last = ram_q[WIDTH];

endmodule

`resetall
