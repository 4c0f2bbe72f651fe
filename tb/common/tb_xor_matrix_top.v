// SPDX-License-Identifier: MIT
/*
 * Test top for tb_xor_matrix: hpnic_xor_matrix as its explicit LUT6 tree
 * (XOR_TREE = 1) next to the plain reduction (XOR_TREE = 0), on fixed
 * pseudo-random matrices chosen so that every path of the tree is taken:
 *
 *   a  600 inputs, 4 rows, one matrix, dense: four levels (N0 > 216)
 *   b  32 inputs, 32 rows, 4 matrices (SEL_WIDTH 2)
 *   c  24 inputs, 16 rows, 8 matrices (SEL_WIDTH 3)
 *   d  200 inputs, 8 rows, 2 matrices, sparse and dense rows
 *   e  64 inputs, 8 rows of 0, 1, 5, 6, 7, 36, 37 and 64 ones (the edges)
 *
 * tree and flat are the five outputs side by side; they must be equal.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module tb_xor_matrix_top (
    input  wire [599:0] in,
    input  wire [2:0]   sel,
    output wire [67:0]  tree,
    output wire [67:0]  flat
);

// n pseudo-random bits, each set with probability pct/100
function [4095:0] rand_bits(input integer n, input integer seed, input integer pct);
    integer i;
    reg [31:0] s;
    begin
        rand_bits = 0;
        s = seed;
        for (i = 0; i < n; i = i + 1) begin
            s = s ^ (s << 13);
            s = s ^ (s >> 17);
            s = s ^ (s << 5);
            rand_bits[i] = (s % 100) < pct;
        end
    end
endfunction

// the weight of row r of matrix e
function integer edge_weight(input integer r);
    begin
        case (r)
            0: edge_weight = 0;
            1: edge_weight = 1;
            2: edge_weight = 5;
            3: edge_weight = 6;
            4: edge_weight = 7;
            5: edge_weight = 36;
            6: edge_weight = 37;
            default: edge_weight = 64;
        endcase
    end
endfunction

// rows with those weights, columns spread by a stride of 7 from offset off
function [511:0] edge_rows(input integer off);
    integer r, j;
    begin
        edge_rows = 0;
        for (r = 0; r < 8; r = r + 1) begin
            for (j = 0; j < edge_weight(r); j = j + 1) begin
                edge_rows[r*64 + (j * 7 + off) % 64] = 1'b1;
            end
        end
    end
endfunction

localparam [4095:0] MA = rand_bits(2400, 32'h1234567, 55);
localparam [4095:0] MB = rand_bits(4096, 32'h2345678, 50);
localparam [4095:0] MC = rand_bits(4096, 32'h3456789, 45);
localparam [4095:0] MD1 = rand_bits(1600, 32'h456789a, 70);
localparam [4095:0] MD0 = rand_bits(1600, 32'h56789ab, 10);
localparam [3199:0] MD = {MD1[1599:0], MD0[1599:0]};
localparam [511:0]  ME = edge_rows(3);

genvar t;
generate
    for (t = 0; t < 2; t = t + 1) begin : impl
        wire [67:0] o;

        hpnic_xor_matrix #(.IN_WIDTH(600), .OUT_WIDTH(4), .SEL_WIDTH(0),
                           .MATRIX(MA[2399:0]), .XOR_TREE(1 - t))
        a (.in(in), .sel(1'b0), .out(o[3:0]));

        hpnic_xor_matrix #(.IN_WIDTH(32), .OUT_WIDTH(32), .SEL_WIDTH(2),
                           .MATRIX(MB[4095:0]), .XOR_TREE(1 - t))
        b (.in(in[31:0]), .sel(sel[1:0]), .out(o[35:4]));

        hpnic_xor_matrix #(.IN_WIDTH(24), .OUT_WIDTH(16), .SEL_WIDTH(3),
                           .MATRIX(MC[3071:0]), .XOR_TREE(1 - t))
        c (.in(in[63:40]), .sel(sel), .out(o[51:36]));

        hpnic_xor_matrix #(.IN_WIDTH(200), .OUT_WIDTH(8), .SEL_WIDTH(1),
                           .MATRIX(MD[3199:0]), .XOR_TREE(1 - t))
        d (.in(in[399:200]), .sel(sel[2]), .out(o[59:52]));

        hpnic_xor_matrix #(.IN_WIDTH(64), .OUT_WIDTH(8), .SEL_WIDTH(0),
                           .MATRIX(ME), .XOR_TREE(1 - t))
        e (.in(in[599:536]), .sel(1'b0), .out(o[67:60]));
    end
endgenerate

assign tree = impl[0].o;
assign flat = impl[1].o;

endmodule

`resetall
