// SPDX-License-Identifier: MIT
/*
 * IPv4 header checksum of a 20-byte header (RFC 791/1071), combinational:
 *
 *   csum  the checksum to put in bytes 10..11: the complement of the one's
 *         complement sum of the ten 16-bit words with the checksum field
 *         taken as zero (whatever hdr holds there). TX fills a header with it.
 *   ok    the one's complement sum of all ten words, checksum included, is
 *         0xFFFF: the header verifies. RX checks a header with it.
 *
 * hdr is big-endian as on the wire: the first header byte (version/IHL) is
 * hdr[159:152], the checksum field is hdr[79:64].
 *
 * Shallow by construction: one's complement arithmetic is modulo 2^16 - 1,
 * where 2^16 = 1, so a carry out of bit 15 wraps into bit 0 and partial
 * sums never grow. The nine words are compressed column by column without
 * carry chains, each step one LUT level:
 *
 *   9 -> 5   a 6:3 counter per column on six words (the count's bits are
 *            three words, weights 1, 2, 4: the last two rotated left by 1
 *            and 2), a 3:2 carry-save adder on the other three
 *   5 -> 3   a 6:3 counter on the five
 *   3 -> 2   a 3:2 carry-save adder
 *
 * then one end-around add of the last two words (a+b and a+b+1 side by
 * side, the carry out of a+b picks). A counter never turns nonzero inputs
 * into all zeros, so the result is exactly the usual fold of the sum,
 * including its +0/-0 choice: 0x0000 only for an all-zero input, 0xFFFF
 * for any other multiple of 0xFFFF.
 *
 * For ok, the checksum field joins the last two words in one more carry-save
 * step, and x + y = 0xFFFF (one's complement) is tested without an adder:
 * it holds iff y == ~x, or x == y == 0xFFFF.
 *
 * Written as truth tables and XORs rather than a CSA tree of 3-input cells,
 * which ABC merged into MUXF7/F8 wide functions (749 LUTs, against 233).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_ipv4_csum (
    // the header, big-endian (first byte in bits 159:152)
    input  wire [159:0] hdr,

    // checksum over the header with bytes 10..11 taken as zero
    output wire [15:0]  csum,
    // the header, checksum included, verifies
    output wire         ok
);

// word i (bytes 2i, 2i+1)
function [15:0] word(input [159:0] h, input integer i);
    begin
        word = h[159 - 16*i -: 16];
    end
endfunction

// rotate left by k: multiply by 2^k modulo 2^16 - 1
function [15:0] rotl(input [15:0] x, input integer k);
    begin
        rotl = (x << k) | (x >> (16 - k));
    end
endfunction

// bit k of the number of ones in each 6-bit value: a LUT6's truth table
function [63:0] count_bit(input integer k);
    integer v, i, n;
    begin
        for (v = 0; v < 64; v = v + 1) begin
            n = 0;
            for (i = 0; i < 6; i = i + 1) begin
                n = n + ((v >> i) & 1);
            end
            count_bit[v] = ((n >> k) & 1) == 1;
        end
    end
endfunction

localparam [63:0] CNT1 = count_bit(0);
localparam [63:0] CNT2 = count_bit(1);
localparam [63:0] CNT4 = count_bit(2);

// six words to three, column by column: each column's count of ones, its
// bits weighted 1, 2, 4 (one LUT6 per output bit); {c4, c2, c1} rotated into place
function [47:0] cnt6(input [15:0] a, input [15:0] b, input [15:0] c,
                     input [15:0] d, input [15:0] e, input [15:0] f);
    integer i;
    reg [5:0] v;
    reg [15:0] c1, c2, c4;
    begin
        for (i = 0; i < 16; i = i + 1) begin
            v = {a[i], b[i], c[i], d[i], e[i], f[i]};
            c1[i] = CNT1[v];
            c2[i] = CNT2[v];
            c4[i] = CNT4[v];
        end
        cnt6 = {rotl(c4, 2), rotl(c2, 1), c1};
    end
endfunction

// three words to two (carry-save, end-around): {sum, carry}
function [31:0] csa(input [15:0] a, input [15:0] b, input [15:0] c);
    reg [15:0] maj;
    begin
        maj = (a & b) | (a & c) | (b & c);
        csa = {a ^ b ^ c, rotl(maj, 1)};
    end
endfunction

// the nine words other than the checksum field: 9 -> 5 -> 3 -> 2
wire [47:0] k1 = cnt6(word(hdr, 0), word(hdr, 1), word(hdr, 2),
                      word(hdr, 3), word(hdr, 4), word(hdr, 6));
wire [31:0] k2 = csa(word(hdr, 7), word(hdr, 8), word(hdr, 9));
wire [47:0] k3 = cnt6(k1[47:32], k1[31:16], k1[15:0], k2[31:16], k2[15:0], 16'd0);
wire [31:0] k4 = csa(k3[47:32], k3[31:16], k3[15:0]);

// end-around add of the last two words
wire [16:0] sum0 = {1'b0, k4[31:16]} + {1'b0, k4[15:0]};
wire [15:0] sum1 = k4[31:16] + k4[15:0] + 16'd1;
wire [15:0] total9 = sum0[16] ? sum1 : sum0[15:0];

assign csum = ~total9;

// all ten words
wire [31:0] k5 = csa(k4[31:16], k4[15:0], word(hdr, 5));
assign ok = (k5[15:0] == ~k5[31:16]) || (k5[31:16] == 16'hffff && k5[15:0] == 16'hffff);

endmodule

`resetall
