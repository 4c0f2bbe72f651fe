// SPDX-License-Identifier: MIT
/*
 * Fan-out: one event stream to OUTPUTS consumers, each behind its own small
 * queue. An event is taken when every queue has room and enters all of them
 * in the same cycle; each consumer then takes it at its own pace. This is
 * how a QP start reaches the blocks that keep per-QP state (hpnic_core: the
 * datapath, CC engine, scheduler, MTU table and glue; hpnic_datapath: the
 * requester and the responder).
 *
 * KEEP says which bits of the word each output needs; only those take queue
 * memory, the others read as 0.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_fanout #(
    // consumers
    parameter OUTPUTS = 2,
    // event word bits
    parameter WIDTH = 8,
    // per output o, bits [o*WIDTH +: WIDTH]: the word bits it keeps
    parameter [OUTPUTS*WIDTH-1:0] KEEP = {OUTPUTS*WIDTH{1'b1}},
    // log2 of each queue's depth
    parameter DEPTH_LOG2 = 2
) (
    input  wire                     clk,
    input  wire                     rst,

    input  wire                     s_valid,
    output wire                     s_ready,
    input  wire [WIDTH-1:0]         s_data,

    output wire [OUTPUTS-1:0]       m_valid,
    input  wire [OUTPUTS-1:0]       m_ready,
    output wire [OUTPUTS*WIDTH-1:0] m_data
);

function integer kept_bits;
    input [WIDTH-1:0] k;
    integer b;
    begin
        kept_bits = 0;
        for (b = 0; b < WIDTH; b = b + 1) begin
            kept_bits = kept_bits + (k[b] ? 1 : 0);
        end
    end
endfunction

integer ck;
initial begin
    if (OUTPUTS < 1 || WIDTH < 1) begin
        $error("hpnic_fanout: OUTPUTS and WIDTH must be at least 1 (%m)");
        $finish;
    end
    for (ck = 0; ck < OUTPUTS; ck = ck + 1) begin
        if (kept_bits(KEEP[ck*WIDTH +: WIDTH]) == 0) begin
            $error("hpnic_fanout: KEEP gives output %0d no bits (%m)", ck);
            $finish;
        end
    end
end

wire [OUTPUTS-1:0] room;
wire               go = s_valid && (&room);

assign s_ready = &room;

genvar o;
generate
for (o = 0; o < OUTPUTS; o = o + 1) begin : g_out
    localparam [WIDTH-1:0] K = KEEP[o*WIDTH +: WIDTH];
    // at least 1, so that a KEEP without bits reaches the check above
    localparam KW = (kept_bits(K) > 0) ? kept_bits(K) : 1;

    reg  [KW-1:0]    packed_in;
    wire [KW-1:0]    packed_out;
    reg  [WIDTH-1:0] word_out;
    integer          b, n;

    // the kept bits side by side, and back in place (wiring only)
    always @* begin
        packed_in = {KW{1'b0}};
        word_out = {WIDTH{1'b0}};
        n = 0;
        for (b = 0; b < WIDTH; b = b + 1) begin
            if (K[b]) begin
                packed_in[n] = s_data[b];
                word_out[b] = packed_out[n];
                n = n + 1;
            end
        end
    end

    // verilator lint_off UNUSEDSIGNAL
    wire [DEPTH_LOG2:0] count;
    // verilator lint_on UNUSEDSIGNAL

    hpnic_fifo #(.DEPTH_LOG2(DEPTH_LOG2), .WIDTH(KW))
    queue_inst (
        .clk(clk), .rst(rst),
        .s_valid(go), .s_ready(room[o]), .s_data(packed_in),
        .m_valid(m_valid[o]), .m_ready(m_ready[o]), .m_data(packed_out),
        .count(count)
    );

    assign m_data[o*WIDTH +: WIDTH] = word_out;
end
endgenerate

endmodule

`resetall
