// SPDX-License-Identifier: MIT
/*
 * Line-rate parallel CRC-32 of a packet stream: the Ethernet polynomial
 * 0x04C11DB7, reflected (0xEDB88320), i.e. the CRC of zlib, the Ethernet FCS
 * and the RoCEv2 ICRC. One beat per cycle, back-to-back packets, one result
 * per packet, in packet order.
 *
 * Input: s_t* with tkeep contiguous from lane 0 (every beat but the last
 * of a packet full, the last one 1..DATA_WIDTH/8 bytes); lane 0 is the first
 * byte on the wire and each byte enters LSB first, as in Ethernet.
 * s_init is the CRC register value the packet starts from, sampled on
 * its first beat: 0xFFFFFFFF for a plain FCS/zlib CRC, 0xDEBB20E3 for the
 * ICRC (the register after the eight 0xFF bytes of the LRH placeholder), or
 * a previous m_crc_state to continue a CRC over several packets.
 *
 * Output, one per packet: m_crc_state is the raw CRC register after the
 * last byte; m_crc_value = ~m_crc_state is the CRC value itself
 * (zlib's crc32(), the FCS/ICRC field, sent least-significant byte first).
 *
 * How the partial last beat is handled (docs/common.md has the figures):
 * the data bytes a beat does not keep are zeroed in the input register, so
 * every beat, full or not, goes through the same DATA_WIDTH-wide matrix.
 * Appending z zero bytes to a message maps the CRC register S to F^z(S),
 * where F (one zero byte) is invertible, so the register after the k kept
 * bytes of the last beat is F^-z(S_full) with z = DATA_WIDTH/8 - k. A short
 * tail pipeline applies F^-z after the loop, TAIL_BITS bits of z per stage
 * (a 32x32 matrix per value of those bits, or a bypass). The loop itself
 * only ever multiplies by F^(DATA_WIDTH/8), and because the CRC register
 * enters a serial CRC exactly like the first 32 data bits do, that matrix is
 * the first 32 columns of the data matrix: the loop is
 *   S' = M * (D xor S)   computed as   S' = M32 * S  xor  M * D
 * with M * D precomputed one stage earlier, out of the loop.
 *
 *   stage 1  input register: data with unkept bytes zeroed, pad count z
 *   stage 2  P = M * D (the big XOR matrix), F^(W/8) * init
 *   stage 3  the loop: S = (first ? F^(W/8)*init : M32*S) xor P
 *   stage 4..3+TAIL_STAGES  S := F^-z S, TAIL_BITS bits of z per stage
 *   then a result FIFO; the input is flow-controlled by credit (a packet is
 *   only accepted when the FIFO has room for every result in flight), so the
 *   pipeline never stalls and back-pressure on the output only stalls input.
 *
 * Every matrix is computed at elaboration by the functions below; no tables.
 * Each matrix product is an explicit LUT6 XOR tree (hpnic_xor_matrix) for
 * synthesis; Verilator builds get the plain reductions (XOR_TREE), which
 * tb_xor_matrix proves equal to the trees and tb_crc32 runs both ways.
 * Latency: a packet's result is valid 4 + TAIL_STAGES cycles after the cycle
 * its last beat is accepted (7 at 512 bits with TAIL_BITS = 2).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_crc32 #(
    // stream width in bits: a multiple of 8, at least 32
    parameter DATA_WIDTH = 512,
    // bits of the pad count corrected per tail stage (1..3)
    parameter TAIL_BITS = 2,
    // log2 of the result FIFO depth (the FIFO must hold the pipeline's results)
    parameter OUT_FIFO_LOG2 = 5,
    // 1: XOR matrices as explicit LUT6 trees (synthesis); 0: plain XOR
    // reductions, the same function, which Verilator compiles in seconds
    // rather than minutes at 512 bits: the default under Verilator
`ifdef VERILATOR
    parameter XOR_TREE = 0
`else
    parameter XOR_TREE = 1
`endif
) (
    input  wire                      clk,
    input  wire                      rst,

    // packet data
    input  wire [DATA_WIDTH-1:0]     s_tdata,
    input  wire [DATA_WIDTH/8-1:0]   s_tkeep,
    input  wire                      s_tvalid,
    output wire                      s_tready,
    input  wire                      s_tlast,
    // CRC register value to start the packet from, sampled on its first beat
    input  wire [31:0]               s_init,

    // one result per packet
    output wire [31:0]               m_crc_value,
    output wire [31:0]               m_crc_state,
    output wire                      m_crc_valid,
    input  wire                      m_crc_ready
);

localparam BYTES = DATA_WIDTH / 8;
// bits of the pad count z = BYTES - kept bytes, 0..BYTES-1
localparam ZW = $clog2(BYTES);
localparam TAIL_STAGES = (ZW + TAIL_BITS - 1) / TAIL_BITS;
// results that can be in flight between the input and the FIFO
localparam IN_FLIGHT = 3 + TAIL_STAGES;
localparam [31:0] POLY = 32'hEDB88320;
// input is accepted while the FIFO holds at most this many results
localparam integer READY_MAX_I = 2**OUT_FIFO_LOG2 - IN_FLIGHT - 2;
localparam [OUT_FIFO_LOG2:0] READY_MAX = READY_MAX_I[OUT_FIFO_LOG2:0];

initial begin
    if (DATA_WIDTH % 8 != 0 || DATA_WIDTH < 32) begin
        $error("hpnic_crc32: DATA_WIDTH must be a multiple of 8, at least 32");
        $finish;
    end
    if (TAIL_BITS < 1 || TAIL_BITS > 3) begin
        $error("hpnic_crc32: TAIL_BITS must be 1, 2 or 3");
        $finish;
    end
    if ((1 << OUT_FIFO_LOG2) < IN_FLIGHT + 4) begin
        $error("hpnic_crc32: OUT_FIFO_LOG2 too small for the pipeline depth");
        $finish;
    end
end

// ---- matrices, computed at elaboration ----

// the serial CRC register after n zero bits (n > 0) or before -n zero bits
// (n < 0), starting from s
function [31:0] crc_zero_bits(input [31:0] s, input integer n);
    integer i;
    reg [31:0] v;
    begin
        v = s;
        for (i = 0; i < n; i = i + 1) begin
            v = v[0] ? ((v >> 1) ^ POLY) : (v >> 1);
        end
        for (i = 0; i < -n; i = i + 1) begin
            v = v[31] ? (((v ^ POLY) << 1) | 32'd1) : (v << 1);
        end
        crc_zero_bits = v;
    end
endfunction

// data matrix for a beat of nbits bits: row i (output bit i) is bits
// [i*nbits +: nbits]. Input bit j alone, from a zero register, leaves POLY
// after its own step and then nbits-1-j zero steps.
function [32*DATA_WIDTH-1:0] data_matrix(input integer nbits);
    integer i, j;
    reg [31:0] v;
    begin
        data_matrix = 0;
        v = POLY;
        for (j = nbits - 1; j >= 0; j = j - 1) begin
            for (i = 0; i < 32; i = i + 1) begin
                data_matrix[i*nbits + j] = v[i];
            end
            v = crc_zero_bits(v, 1);
        end
    end
endfunction

// 32x32 matrix of n zero bits (n < 0: the inverse), row i at [i*32 +: 32]
function [1023:0] zero_matrix(input integer n);
    integer i, s;
    reg [31:0] v;
    begin
        zero_matrix = 0;
        for (s = 0; s < 32; s = s + 1) begin
            v = crc_zero_bits(32'd1 << s, n);
            for (i = 0; i < 32; i = i + 1) begin
                zero_matrix[i*32 + s] = v[i];
            end
        end
    end
endfunction

// the 2**nb matrices of tail stage bits [lo +: nb]: matrix c at
// [c*1024 +: 1024] is F^-(8 * (c << lo)), the identity for c = 0
function [8*1024-1:0] tail_matrices(input integer lo, input integer nb);
    integer c;
    begin
        tail_matrices = 0;
        for (c = 0; c < (1 << nb); c = c + 1) begin
            tail_matrices[c*1024 +: 1024] = zero_matrix(-8 * (c << lo));
        end
    end
endfunction

localparam [32*DATA_WIDTH-1:0] DMAT = data_matrix(DATA_WIDTH);
// one beat of zero bytes: F^(W/8), also the first 32 columns of DMAT
localparam [1023:0] ZMAT_BEAT = zero_matrix(DATA_WIDTH);

// ---- flow control: credit for the result FIFO ----

wire [OUT_FIFO_LOG2:0] fifo_count;
reg  in_ready_reg = 1'b0;
reg  first_reg = 1'b1;

assign s_tready = in_ready_reg;
wire accept = s_tvalid && in_ready_reg;

always @(posedge clk) begin
    // a result accepted now lands in the FIFO within IN_FLIGHT cycles; the
    // count read here is at most one write behind the one that matters
    in_ready_reg <= fifo_count <= READY_MAX;
    if (accept) begin
        first_reg <= s_tlast;
    end

    if (rst) begin
        in_ready_reg <= 1'b0;
        first_reg <= 1'b1;
    end
end

// ---- stage 1: input register ----

// pad count of a contiguous tkeep: z = BYTES - k, from the one-hot "k == m"
function [ZW-1:0] pad_count(input [BYTES-1:0] keep);
    integer m, j;
    reg [BYTES:0] t;
    begin
        t = {1'b0, keep};
        pad_count = 0;
        for (m = 1; m <= BYTES; m = m + 1) begin
            if (t[m-1] && !t[m]) begin
                for (j = 0; j < ZW; j = j + 1) begin
                    if (((BYTES - m) >> j) % 2 == 1) begin
                        pad_count[j] = 1'b1;
                    end
                end
            end
        end
    end
endfunction

reg [DATA_WIDTH-1:0] d1_reg;
reg [ZW-1:0]         z1_reg;
reg [31:0]           init1_reg;
reg                  v1_reg = 1'b0;
reg                  first1_reg = 1'b0;
reg                  last1_reg = 1'b0;

integer b;
always @(posedge clk) begin
    // unkept bytes are zeroed (a synchronous reset of those flip-flops)
    for (b = 0; b < BYTES; b = b + 1) begin
        d1_reg[b*8 +: 8] <= s_tkeep[b] ? s_tdata[b*8 +: 8] : 8'd0;
    end
    z1_reg <= pad_count(s_tkeep);
    init1_reg <= s_init;
    v1_reg <= accept;
    first1_reg <= first_reg;
    last1_reg <= s_tlast;

    if (rst) begin
        v1_reg <= 1'b0;
    end
end

// ---- stage 2: the data matrix ----

wire [31:0] p1;       // M * D
wire [31:0] ainit1;   // F^(W/8) * init

hpnic_xor_matrix #(
    .IN_WIDTH(DATA_WIDTH),
    .OUT_WIDTH(32),
    .MATRIX(DMAT),
    .XOR_TREE(XOR_TREE)
) data_mat (
    .in(d1_reg),
    .sel(1'b0),
    .out(p1)
);

hpnic_xor_matrix #(
    .IN_WIDTH(32),
    .OUT_WIDTH(32),
    .MATRIX(ZMAT_BEAT),
    .XOR_TREE(XOR_TREE)
) init_mat (
    .in(init1_reg),
    .sel(1'b0),
    .out(ainit1)
);

reg [31:0]   p2_reg;
reg [31:0]   ainit2_reg;
reg [ZW-1:0] z2_reg;
reg          v2_reg = 1'b0;
reg          first2_reg = 1'b0;
reg          last2_reg = 1'b0;

always @(posedge clk) begin
    p2_reg <= p1;
    ainit2_reg <= ainit1;
    z2_reg <= z1_reg;
    v2_reg <= v1_reg;
    first2_reg <= first1_reg;
    last2_reg <= last1_reg;

    if (rst) begin
        v2_reg <= 1'b0;
    end
end

// ---- stage 3: the loop ----

reg [31:0]   s3_reg;
reg [ZW-1:0] z3_reg;
reg          v3_reg = 1'b0;

wire [31:0] s3_beat;  // F^(W/8) * S

hpnic_xor_matrix #(
    .IN_WIDTH(32),
    .OUT_WIDTH(32),
    .MATRIX(ZMAT_BEAT),
    .XOR_TREE(XOR_TREE)
) loop_mat (
    .in(s3_reg),
    .sel(1'b0),
    .out(s3_beat)
);

always @(posedge clk) begin
    if (v2_reg) begin
        s3_reg <= (first2_reg ? ainit2_reg : s3_beat) ^ p2_reg;
    end
    z3_reg <= z2_reg;
    // s3_reg holds a packet's state for exactly the cycle after its last beat
    v3_reg <= v2_reg && last2_reg;

    if (rst) begin
        v3_reg <= 1'b0;
    end
end

// ---- stages 4..: S := F^-z S ----

// tail stage t takes bits [t*TAIL_BITS +: TAIL_BITS] of z
wire [31:0]   ts [0:TAIL_STAGES];
wire [ZW-1:0] tz [0:TAIL_STAGES];
wire          tv [0:TAIL_STAGES];

assign ts[0] = s3_reg;
assign tz[0] = z3_reg;
assign tv[0] = v3_reg;

genvar t;
generate
    for (t = 0; t < TAIL_STAGES; t = t + 1) begin : tail
        localparam LO = t * TAIL_BITS;
        localparam NB = (ZW - LO < TAIL_BITS) ? ZW - LO : TAIL_BITS;

        // S := F^-(8 * (c << LO)) * S for c = those bits of z (c = 0: S);
        // the choice is folded into the XOR tree's first level
        localparam [8*1024-1:0] TM = tail_matrices(LO, NB);
        wire [31:0] sel;

        hpnic_xor_matrix #(
            .IN_WIDTH(32),
            .OUT_WIDTH(32),
            .SEL_WIDTH(NB),
            .MATRIX(TM[(1<<NB)*1024-1:0]),
            .XOR_TREE(XOR_TREE)
        ) tail_mat (
            .in(ts[t]),
            .sel(tz[t][LO +: NB]),
            .out(sel)
        );

        reg [31:0]   s_reg;
        reg [ZW-1:0] z_reg;
        reg          v_reg = 1'b0;

        always @(posedge clk) begin
            s_reg <= sel;
            z_reg <= tz[t];
            v_reg <= tv[t];

            if (rst) begin
                v_reg <= 1'b0;
            end
        end

        assign ts[t+1] = s_reg;
        assign tz[t+1] = z_reg;
        assign tv[t+1] = v_reg;
    end
endgenerate

// ---- result FIFO ----

// verilator lint_off UNUSEDSIGNAL
wire [ZW-1:0] z_done = tz[TAIL_STAGES];   // fully consumed by the tail
// verilator lint_on UNUSEDSIGNAL

// verilator lint_off UNUSEDSIGNAL
wire fifo_in_ready;   // always true: guaranteed by the input credit
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(
    .DEPTH_LOG2(OUT_FIFO_LOG2),
    .WIDTH(32)
) result_fifo (
    .clk(clk),
    .rst(rst),
    .s_valid(tv[TAIL_STAGES]),
    .s_ready(fifo_in_ready),
    .s_data(ts[TAIL_STAGES]),
    .m_valid(m_crc_valid),
    .m_ready(m_crc_ready),
    .m_data(m_crc_state),
    .count(fifo_count)
);

assign m_crc_value = ~m_crc_state;

endmodule

`resetall
