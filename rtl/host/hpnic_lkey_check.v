// SPDX-License-Identifier: MIT
/*
 * L_Key check of a local buffer: the check every WQE (hpnic_host_sq) and
 * every receive WQE (hpnic_host_rq) passes before the datapath sees it, in
 * one module so that both check exactly the same way.
 *
 * It keeps its own copy of the MR table (written by the same MR.CMD as the
 * others) and of each QP's PD. A request (QPN, L_Key, virtual address,
 * length, whether the NIC will write the buffer) reads both at once; the
 * cycle after, the verdict and the buffer's NIC address are out. A buffer
 * passes when:
 *
 *   - the key's index is inside the table, the entry is valid and its tag
 *     is the key's low byte;
 *   - the region's PD is the QP's;
 *   - [VA, VA + LEN) lies inside [MR.VA, MR.VA + MR.LEN);
 *   - if the NIC writes it (a READ's local buffer, a receive buffer), the
 *     region grants LOCAL_WRITE.
 *
 * A passing buffer's address becomes MR.IOVA + (VA - MR.VA); a failing one's
 * is 0. A zero-length buffer touches no memory and is not checked (verbs
 * does the same), nor is one the caller marks `pass` (an address the caller
 * made itself: a WQE's own extension): both keep their address as given.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_lkey_check #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * The QPs' PDs (QP context writes), the MR table (MR.CMD)
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [15:0]           cfg_qp_wr_pd,

    input  wire                  cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]    cfg_mr_wr_idx,
    input  wire                  cfg_mr_wr_valid,
    input  wire [7:0]            cfg_mr_wr_tag,
    input  wire                  cfg_mr_wr_local_write,
    input  wire [63:0]           cfg_mr_wr_va,
    input  wire [47:0]           cfg_mr_wr_len,
    input  wire [63:0]           cfg_mr_wr_iova,
    input  wire [15:0]           cfg_mr_wr_pd,

    /*
     * A check (a pulse), and its verdict the cycle after
     */
    input  wire                  chk_valid,
    input  wire [QPN_WIDTH-1:0]  chk_qpn,
    input  wire [31:0]           chk_lkey,
    input  wire [63:0]           chk_va,
    input  wire [31:0]           chk_len,
    input  wire                  chk_write,         // the NIC writes the buffer: LOCAL_WRITE
    input  wire                  chk_pass,          // not a keyed buffer: passes as it is

    output reg                   res_valid = 1'b0,
    output wire                  res_ok,
    output wire [63:0]           res_addr           // NIC address (0 when it failed)
);

initial begin
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_lkey_check: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
end

localparam MRW = 1 + 8 + 1 + 64 + 48 + 64 + 16;
wire [MRW-1:0] mr_rd;
wire [15:0]    qp_pd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(MR_LOG2),
    .DATA_WIDTH(MRW)
)
mr_inst (
    .clk(clk),
    .wr_en(cfg_mr_wr_en),
    .wr_addr(cfg_mr_wr_idx),
    .wr_data({cfg_mr_wr_valid, cfg_mr_wr_tag, cfg_mr_wr_local_write, cfg_mr_wr_va, cfg_mr_wr_len,
              cfg_mr_wr_iova, cfg_mr_wr_pd}),
    .rd_en(chk_valid),
    .rd_addr(chk_lkey[8 +: MR_LOG2]),
    .rd_data(mr_rd)
);

hpnic_ram_sdp #(
    .ADDR_WIDTH(QPN_WIDTH),
    .DATA_WIDTH(16)
)
pd_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data(cfg_qp_wr_pd),
    .rd_en(chk_valid),
    .rd_addr(chk_qpn),
    .rd_data(qp_pd)
);

reg         lk_write = 1'b0, lk_pass = 1'b0, lk_idx_ok = 1'b0;
reg  [31:0] lk_len = 0;
reg  [63:0] lk_va = 0;
reg  [7:0]  lk_tag = 0;

always @(posedge clk) begin
    res_valid <= chk_valid;
    lk_write <= chk_write;
    lk_pass <= chk_pass;
    lk_idx_ok <= (chk_lkey[31:8] >> MR_LOG2) == 0;
    lk_len <= chk_len;
    lk_va <= chk_va;
    lk_tag <= chk_lkey[7:0];
    if (rst) begin
        res_valid <= 1'b0;
    end
end

wire        mr_valid, mr_local_write;
wire [7:0]  mr_tag;
wire [63:0] mr_va, mr_iova;
wire [47:0] mr_len;
wire [15:0] mr_pd;
assign {mr_valid, mr_tag, mr_local_write, mr_va, mr_len, mr_iova, mr_pd} = mr_rd;

// the offset into the region (a borrow: below it) and the end of the range
wire [64:0] lk_off = {1'b0, lk_va} - {1'b0, mr_va};
wire [64:0] lk_end = lk_off + {33'd0, lk_len};
wire        lk_key_ok = lk_idx_ok && mr_valid && mr_tag == lk_tag && mr_pd == qp_pd;
wire        lk_in = !lk_off[64] && lk_end <= {17'd0, mr_len};
assign res_ok = lk_pass || lk_len == 0 || (lk_key_ok && lk_in && (!lk_write || mr_local_write));
assign res_addr = (lk_pass || lk_len == 0) ? lk_va : res_ok ? mr_iova + lk_off[63:0] : 64'd0;

endmodule

`resetall
