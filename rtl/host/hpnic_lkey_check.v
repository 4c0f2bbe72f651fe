// SPDX-License-Identifier: MIT
/*
 * L_Key check: every WQE fetched from a send queue names its local buffer by
 * virtual address and L_Key (LOCAL_ADDR, LKEY). Before the requester sees
 * the WQE, this stage checks the key against its own copy of the MR table:
 *
 *   - the key's index is in the table, the entry is valid, its tag matches;
 *   - the region's protection domain is the QP's (QP.PD = MR.PD);
 *   - [LOCAL_ADDR, LOCAL_ADDR + LENGTH) lies inside the region;
 *   - a READ's destination grants LOCAL_WRITE.
 *
 * A WQE that passes leaves with LOCAL_ADDR turned into the NIC address of
 * its first byte (MR.IOVA + offset), which the TX gather and RX commit
 * translate through the MTT. One that fails leaves flagged (lerr) with no
 * address: the requester sends it as a zero-length operation and the
 * completer completes it with a local protection error (docs/protection.md).
 * A zero-length WQE touches no memory and is not checked, as in verbs. A
 * WQE whose local address the fetch made itself (its own extension: inline
 * data or an SGE list) passes unchanged.
 *
 *   WQE in --> read MR entry and QP PD --> compare, add --> WQE out
 *
 * The pipeline moves as one (the enable is the output's ready).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_lkey_check #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // the WQE fields that pass through unchanged
    parameter PASS_WIDTH = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // the MR table and the QPs' protection domains, as the CSRs write them
    input  wire                  cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]    cfg_mr_wr_idx,
    input  wire                  cfg_mr_wr_valid,
    input  wire [7:0]            cfg_mr_wr_tag,
    input  wire                  cfg_mr_wr_local_write,
    input  wire [63:0]           cfg_mr_wr_va,
    input  wire [47:0]           cfg_mr_wr_len,
    input  wire [63:0]           cfg_mr_wr_iova,
    input  wire [15:0]           cfg_mr_wr_pd,
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [15:0]           cfg_qp_wr_pd,

    // WQEs in
    input  wire                  s_valid,
    output wire                  s_ready,
    input  wire [QPN_WIDTH-1:0]  s_qpn,
    input  wire                  s_read,
    input  wire [31:0]           s_len,
    input  wire [63:0]           s_laddr,         // virtual address
    input  wire [31:0]           s_lkey,
    input  wire                  s_laddr_nic,     // s_laddr is already a NIC address
    input  wire [PASS_WIDTH-1:0] s_pass,

    // WQEs out
    output reg                   m_valid = 1'b0,
    input  wire                  m_ready,
    output reg  [QPN_WIDTH-1:0]  m_qpn = 0,
    output reg                   m_read = 1'b0,
    output reg  [31:0]           m_len = 0,
    output reg  [63:0]           m_laddr = 0,     // NIC address
    output reg                   m_lerr = 1'b0,   // the check failed
    output reg  [PASS_WIDTH-1:0] m_pass = 0,

    // WQEs that failed
    output reg  [31:0]           stat_lkey_err = 0
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_lkey_check: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
end

wire en = !m_valid || m_ready;
assign s_ready = en;

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
    .rd_en(en),
    .rd_addr(s_lkey[8 +: MR_LOG2]),
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
    .rd_en(en),
    .rd_addr(s_qpn),
    .rd_data(qp_pd)
);

// stage 1: the WQE beside its MR entry
reg                  v1 = 1'b0;
reg [QPN_WIDTH-1:0]  qpn1 = 0;
reg                  read1 = 1'b0, nic1 = 1'b0, idx_ok1 = 1'b0;
reg [31:0]           len1 = 0;
reg [63:0]           va1 = 0;
reg [7:0]            tag1 = 0;
reg [PASS_WIDTH-1:0] pass1 = 0;

always @(posedge clk) begin
    if (en) begin
        v1 <= s_valid;
        qpn1 <= s_qpn;
        read1 <= s_read;
        nic1 <= s_laddr_nic;
        len1 <= s_len;
        va1 <= s_laddr;
        tag1 <= s_lkey[7:0];
        idx_ok1 <= (s_lkey[31:8] >> MR_LOG2) == 0;
        pass1 <= s_pass;
    end
    if (rst) begin
        v1 <= 1'b0;
    end
end

wire        mr_valid, mr_local_write;
wire [7:0]  mr_tag;
wire [63:0] mr_va, mr_iova;
wire [47:0] mr_len;
wire [15:0] mr_pd;
assign {mr_valid, mr_tag, mr_local_write, mr_va, mr_len, mr_iova, mr_pd} = mr_rd;

// the offset into the region (a borrow: below it) and the end of the range
wire [64:0] off = {1'b0, va1} - {1'b0, mr_va};
wire [64:0] range_end = off + {33'd0, len1};
wire        key_ok = idx_ok1 && mr_valid && mr_tag == tag1 && mr_pd == qp_pd;
wire        in_bounds = !off[64] && range_end <= {17'd0, mr_len};
wire        ok = nic1 || len1 == 0 || (key_ok && in_bounds && (!read1 || mr_local_write));

// stage 2: the WQE out
always @(posedge clk) begin
    if (en) begin
        m_valid <= v1;
        m_qpn <= qpn1;
        m_read <= read1;
        m_len <= len1;
        m_laddr <= (nic1 || len1 == 0) ? va1 : ok ? mr_iova + off[63:0] : 64'd0;
        m_lerr <= !ok;
        m_pass <= pass1;
        if (v1 && !ok) begin
            stat_lkey_err <= stat_lkey_err + 1'b1;
        end
    end
    if (rst) begin
        m_valid <= 1'b0;
        stat_lkey_err <= 0;
    end
end

endmodule

`resetall
