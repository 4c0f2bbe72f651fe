// SPDX-License-Identifier: MIT
/*
 * The ICRC view of a RoCEv2 header (docs/wire.md, "ICRC"): the bytes the
 * ICRC covers before the payload, as one beat from lane 0:
 *
 *   8 x 0xFF | IPv4 (TOS, TTL, checksum set to ones; total length without
 *   the INT block) | UDP (checksum ones; destination port 4791 and length
 *   without the INT block) | BTH (byte 4 ones) | extension headers: RETH,
 *   AETH, ImmDt, or RETH and ImmDt (if any)
 *
 * 48 + 0/4/16/20 bytes, placed at the END of a full 64-byte beat behind z =
 * 16, 12 or 0 zero bytes, because a CRC stream may only have a partial beat
 * at its end. Leading zeros would change the CRC, so crc_init is the
 * register value that z zero bytes turn into 0xFFFFFFFF (the CRC's usual
 * start): processing the whole beat from crc_init equals processing the view
 * from 0xFFFFFFFF. With RETH and ImmDt (68 bytes) the beat leaves out the
 * first four 0xFF bytes instead, and crc_init is the register those four
 * bytes make of 0xFFFFFFFF, which is 0 (the reflected CRC XORs a 32-bit word
 * into the register before it shifts). Combinational.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_icrc_view (
    // big-endian header fields as on the wire (first byte in the top bits);
    // the variant fields the ICRC masks are deliberately unused
    // verilator lint_off UNUSEDSIGNAL
    input  wire [159:0] ip_hdr,
    input  wire [63:0]  udp_hdr,
    input  wire [95:0]  bth,
    input  wire [4:0]   ext_len,    // 20, 16, 4 or 0 (no other value: two bits tell them apart)
    // verilator lint_on UNUSEDSIGNAL
    input  wire [159:0] ext,        // RETH (and ImmDt behind it), or AETH or ImmDt in the top 4 bytes
    input  wire [5:0]   int_len,    // 42 if the frame carries the INT block, else 0

    output wire [511:0] view,       // lane 0 first, a full beat
    output wire [31:0]  crc_init    // start the ICRC's CRC from this
);

wire [15:0] ip_len = ip_hdr[143:128] - {10'd0, int_len};
wire [15:0] udp_len = udp_hdr[31:16] - {10'd0, int_len};

// 68 bytes: the first four 0xFF bytes fall off the beat only with RETH and
// ImmDt together
wire [543:0] view_be = {64'hffff_ffff_ffff_ffff,
                        ip_hdr[159:152], 8'hff, ip_len, ip_hdr[127:96], 8'hff,
                        ip_hdr[87:80], 16'hffff, ip_hdr[63:0],
                        udp_hdr[63:48], 16'd4791, udp_len, 16'hffff,
                        bth[95:64], 8'hff, bth[55:0],
                        ext};

// right-align: the ext field is the last in view_be, so drop the unused
// (zero) tail of ext and lead with that many zero bytes instead. ext_len
// takes four values, told apart by two bits (16: bit 4, 4: bit 2, 20: both):
// a four-way select of constant shifts, where a shifter by 20 - ext_len
// bytes was four times the LUTs (docs/performance.md)
wire         ext16 = ext_len[4];
wire         ext4 = ext_len[2];
wire [511:0] view_be_r = (ext16 && ext4) ? view_be[511:0] :
                         ext16 ? view_be[543:32] :
                         ext4 ? {96'd0, view_be[543:128]} : {128'd0, view_be[543:160]};

genvar b;
generate
for (b = 0; b < 64; b = b + 1) begin : g_lane
    assign view[8*b +: 8] = view_be_r[8*(63-b) +: 8];
end
endgenerate

// F^-z(0xFFFFFFFF) for the reflected CRC-32, z zero bytes; 0 after four
// 0xFF bytes (RETH and ImmDt)
assign crc_init = (ext16 && ext4) ? 32'h00000000 : ext16 ? 32'hffffffff :
                  ext4 ? 32'ha65c386b : 32'h38a70e28;

endmodule

`resetall
