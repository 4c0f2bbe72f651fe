// SPDX-License-Identifier: MIT
/*
 * Byte rotator: out = in rotated by sh byte lanes, left (towards higher
 * lanes) or right. Combinational, log2(BYTES) levels of 2:1 selects.
 *
 * Realigning a stream by a shift that stays fixed for a whole frame needs
 * only a rotate of each beat: lanes that wrap around belong to the
 * neighbouring beat and are picked by a lane mask. That is half the LUTs of
 * the shifter over two concatenated beats it replaces.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_byte_rotate #(
    // byte lanes (a power of two)
    parameter BYTES = 64,
    // 1: rotate left (lane i goes to lane i + sh); 0: right (lane i + sh to i)
    parameter LEFT = 1,
    parameter SW = $clog2(BYTES)
) (
    input  wire [BYTES*8-1:0] in,
    input  wire [SW-1:0]      sh,
    output wire [BYTES*8-1:0] out
);

localparam W = BYTES * 8;

reg [W-1:0] t;
integer k;

always @* begin
    t = in;
    for (k = 0; k < SW; k = k + 1) begin
        if (sh[k]) begin
            if (LEFT != 0) begin
                t = (t << (8 << k)) | (t >> (W - (8 << k)));
            end else begin
                t = (t >> (8 << k)) | (t << (W - (8 << k)));
            end
        end
    end
end

assign out = t;

endmodule

`resetall
