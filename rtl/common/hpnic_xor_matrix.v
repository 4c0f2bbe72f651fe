// SPDX-License-Identifier: MIT
/*
 * Product of a constant GF(2) matrix, one of 2**SEL_WIDTH chosen by sel, and
 * a vector: out[r] = ^(in & row r of matrix sel), built as an explicit tree
 * of LUT6s.
 *
 * Why not just write ^(in & ROW) and let synthesis map it: on a wide, dense
 * matrix (the 512-bit CRC-32 data matrix) Yosys/ABC maps the XOR trees with
 * MUXF7/F8/F9 wide LUTs and uses 1.7x the LUTs of a plain LUT6 tree, with
 * 11 logic levels instead of 4. Here the columns that row r uses in any of
 * the matrices are gathered at elaboration; each first-level LUT takes the
 * SEL_WIDTH select bits and 6 - SEL_WIDTH of those inputs and computes
 *   XOR over its inputs j of (in[j] AND coefficient of j in row r of matrix sel)
 * so choosing among matrices costs no multiplexer after the XORs. The
 * first-level outputs are kept wires (one LUT6 each) and are XORed six at a
 * time again; the last level is left unkept so that it merges with whatever
 * consumes the result.
 *
 * Columns used per row are limited to (6 - SEL_WIDTH) * 6^3 (four levels).
 *
 * XOR_TREE = 0 gives the plain ^(in & row) instead: the same function, which
 * Verilator compiles far faster for a 512-bit matrix (2 minutes of C++ for
 * the tree). Simulation builds may use it; tb_xor_matrix checks the tree
 * against it on random matrices that reach every level of the tree.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_xor_matrix #(
    // input vector width (at most (6 - SEL_WIDTH) * 216)
    parameter IN_WIDTH = 32,
    // output vector width (matrix rows)
    parameter OUT_WIDTH = 32,
    // select bits (0..3): 2**SEL_WIDTH matrices
    parameter SEL_WIDTH = 0,
    // the matrices: matrix m at [m*OUT_WIDTH*IN_WIDTH +: OUT_WIDTH*IN_WIDTH],
    // row r of it at [r*IN_WIDTH +: IN_WIDTH], bit c of a row = column c
    parameter [(2**SEL_WIDTH)*OUT_WIDTH*IN_WIDTH-1:0] MATRIX =
        {(2**SEL_WIDTH)*OUT_WIDTH*IN_WIDTH{1'b1}},
    // 1: the explicit LUT6 tree; 0: plain ^(in & row), the same function,
    // which Verilator compiles much faster (simulation builds only)
    parameter XOR_TREE = 1
) (
    input  wire [IN_WIDTH-1:0]           in,
    // which matrix (ignored when SEL_WIDTH = 0)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [(SEL_WIDTH > 0 ? SEL_WIDTH : 1)-1:0] sel,
    // verilator lint_on UNUSEDSIGNAL
    output wire [OUT_WIDTH-1:0]          out
);

// matrices, and inputs per first-level LUT (the rest of it is sel)
localparam NM = 2**SEL_WIDTH;
localparam G = 6 - SEL_WIDTH;
localparam RW = OUT_WIDTH * IN_WIDTH;
// bits of a column index
localparam IW = IN_WIDTH > 1 ? $clog2(IN_WIDTH) : 1;

initial begin
    if (IN_WIDTH < 1 || IN_WIDTH > G * 216) begin
        $error("hpnic_xor_matrix: IN_WIDTH must be 1..(6 - SEL_WIDTH) * 216");
        $finish;
    end
    if (SEL_WIDTH < 0 || SEL_WIDTH > 3) begin
        $error("hpnic_xor_matrix: SEL_WIDTH must be 0..3");
        $finish;
    end
end

// the columns row r uses in any matrix
function [IN_WIDTH-1:0] row_union(input integer r);
    integer m;
    begin
        row_union = 0;
        for (m = 0; m < NM; m = m + 1) begin
            row_union = row_union | MATRIX[m*RW + r*IN_WIDTH +: IN_WIDTH];
        end
    end
endfunction

// the number of columns set in a row
function integer row_weight(input [IN_WIDTH-1:0] row);
    integer j;
    begin
        row_weight = 0;
        for (j = 0; j < IN_WIDTH; j = j + 1) begin
            if (row[j]) begin
                row_weight = row_weight + 1;
            end
        end
    end
endfunction

// the columns set in a row, IW bits each, in order
function [IW*IN_WIDTH-1:0] row_index(input [IN_WIDTH-1:0] row);
    integer j, n;
    reg [IW-1:0] col;
    begin
        row_index = 0;
        n = 0;
        col = 0;
        for (j = 0; j < IN_WIDTH; j = j + 1) begin
            if (row[j]) begin
                row_index[n*IW +: IW] = col;
                n = n + 1;
            end
            col = col + 1'b1;
        end
    end
endfunction

// groups of n items, k per group
function integer groups(input integer n, input integer k);
    begin
        groups = (n + k - 1) / k;
    end
endfunction

// width of group g of n items, k per group
function integer group_width(input integer n, input integer g, input integer k);
    begin
        group_width = (n - k * g < k) ? n - k * g : k;
    end
endfunction

genvar r, g;
generate
    for (r = 0; r < OUT_WIDTH; r = r + 1) begin : gen_row
        localparam [IN_WIDTH-1:0] U = row_union(r);
        localparam integer N0 = row_weight(U);
        localparam integer N1 = groups(N0, G);
        localparam integer N2 = groups(N1, 6);
        localparam integer N3 = groups(N2, 6);

        // row r of the selected matrix
        wire [IN_WIDTH-1:0] rsel;
        if (SEL_WIDTH == 0) begin : one
            assign rsel = MATRIX[r*IN_WIDTH +: IN_WIDTH];
        end else begin : many
            wire [NM*IN_WIDTH-1:0] rows;
            for (g = 0; g < NM; g = g + 1) begin : m
                assign rows[g*IN_WIDTH +: IN_WIDTH] = MATRIX[g*RW + r*IN_WIDTH +: IN_WIDTH];
            end
            assign rsel = rows[sel*IN_WIDTH +: IN_WIDTH];
        end

        if (XOR_TREE == 0 || N1 <= 1) begin : flat
            assign out[r] = ^(in & rsel);
        end else begin : tree
            localparam [IW*IN_WIDTH-1:0] IDX = row_index(U);
            // the used inputs, each ANDed with its coefficient in the selected matrix
            wire [N0-1:0] x0;
            for (g = 0; g < N0; g = g + 1) begin : term
                assign x0[g] = in[IDX[g*IW +: IW]] & rsel[IDX[g*IW +: IW]];
            end
            // one LUT each: G of those and the select bits
            (* keep *) wire [N1-1:0] x1;
            for (g = 0; g < N1; g = g + 1) begin : grp
                assign x1[g] = ^x0[g*G +: group_width(N0, g, G)];
            end
            if (N2 == 1) begin : last
                assign out[r] = ^x1;
            end else begin : l2
                (* keep *) wire [N2-1:0] x2;
                for (g = 0; g < N2; g = g + 1) begin : grp
                    assign x2[g] = ^x1[g*6 +: group_width(N1, g, 6)];
                end
                if (N3 == 1) begin : last
                    assign out[r] = ^x2;
                end else begin : l3
                    (* keep *) wire [N3-1:0] x3;
                    for (g = 0; g < N3; g = g + 1) begin : grp
                        assign x3[g] = ^x2[g*6 +: group_width(N2, g, 6)];
                    end
                    assign out[r] = ^x3;
                end
            end
        end
    end
endgenerate

endmodule

`resetall
