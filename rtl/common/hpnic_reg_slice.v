// SPDX-License-Identifier: MIT
/*
 * Register slice for a valid/ready stream: registers data, valid and ready,
 * so no combinational path crosses it, at full throughput (a skid register
 * holds the word that arrives the cycle ready falls). Used where two blocks
 * meet across a long distance, e.g. the PCIe shim boundary.
 *
 * With SKID = 0 it registers data and valid only: s_ready is
 * !m_valid || m_ready, one LUT on the ready path, and there is no skid word
 * (no multiplexer in front of every data bit: a wide stream costs only its
 * flip-flops). Full throughput either way.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_reg_slice #(
    // word width
    parameter WIDTH = 32,
    // 1: ready registered too (a skid word); 0: data and valid only
    parameter SKID = 1
) (
    input  wire             clk,
    input  wire             rst,

    input  wire             s_valid,
    output wire             s_ready,
    input  wire [WIDTH-1:0] s_data,

    output wire             m_valid,
    input  wire             m_ready,
    output wire [WIDTH-1:0] m_data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (WIDTH < 1) begin
        $error("hpnic_reg_slice: WIDTH must be at least 1 (%m)");
        $finish;
    end
end

reg             out_valid_reg = 1'b0;
reg [WIDTH-1:0] out_data_reg = 0;

assign m_valid = out_valid_reg;
assign m_data = out_data_reg;

generate
if (SKID != 0) begin : g_skid

reg             skid_valid_reg = 1'b0;
reg [WIDTH-1:0] skid_data_reg = 0;
reg             s_ready_reg = 1'b0;

assign s_ready = s_ready_reg;

wire take = s_valid && s_ready_reg;
wire give = out_valid_reg && m_ready;
wire out_free = give || !out_valid_reg;
wire next_skid_valid = out_free ? (skid_valid_reg && take) : (skid_valid_reg || take);

always @(posedge clk) begin
    if (out_free) begin
        // the output is free: from the skid register first, else the input
        out_valid_reg <= skid_valid_reg || take;
        out_data_reg <= skid_valid_reg ? skid_data_reg : s_data;
        if (skid_valid_reg && take) begin
            skid_data_reg <= s_data;
        end else begin
            skid_valid_reg <= 1'b0;
        end
    end else if (take) begin
        skid_valid_reg <= 1'b1;
        skid_data_reg <= s_data;
    end
    // ready next cycle iff the skid register will be empty: then a word
    // taken then has a place whatever the output does
    s_ready_reg <= !next_skid_valid;

    if (rst) begin
        out_valid_reg <= 1'b0;
        skid_valid_reg <= 1'b0;
        s_ready_reg <= 1'b0;
    end
end

end else begin : g_pipe

assign s_ready = !out_valid_reg || m_ready;

always @(posedge clk) begin
    if (s_ready) begin
        out_valid_reg <= s_valid;
        out_data_reg <= s_data;
    end
    if (rst) begin
        out_valid_reg <= 1'b0;
    end
end

end
endgenerate

endmodule

`resetall
