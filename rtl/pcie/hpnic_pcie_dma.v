// SPDX-License-Identifier: MIT
/*
 * PCIe DMA on the UltraScale+ integrated block: the write engine and the
 * read engine on the one requester request (RQ) interface (docs/pcie.md).
 *
 * - RQ: the engines take turns at TLP boundaries (round robin); a write TLP,
 *   once started, runs to its tlast (its frame FIFO holds it whole, so
 *   tvalid stays high). With straddle the write engine's tlast marks a beat
 *   after which no TLP goes on (two of its TLPs can share a beat), and read
 *   requests stay one a beat at Dword 0.
 * - Ordering (docs/host.md): a read must not pass a write issued before it.
 *   A read is taken with a mark, the count of write commands taken before
 *   it (one more if a write command is offered in the same cycle: the write
 *   counts as the earlier), and is requested only once that many have had
 *   their last TLP handed to RQ. PCIe keeps the RQ order on the way to
 *   memory: a read request does not pass a posted write. Writes may pass
 *   reads (PCIe allows it; hpnic relies on nothing else), so a stream of
 *   writes (completion entries, one every few cycles) holds up only the
 *   reads that came after them, not every read behind the latest write.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_dma #(
    parameter LEN_WIDTH = 13,
    parameter TAG_LOG2 = 6,
    parameter CPLH_LIMIT = 256,
    parameter CPLD_LIMIT = 2048,
    // the IP's straddle options (1: on), as the core is configured
    parameter RQ_STRADDLE = 1,
    parameter RC_STRADDLE = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [2:0]            cfg_max_payload,
    input  wire [2:0]            cfg_max_read_req,

    // generic DMA write channel
    input  wire                  s_wr_req_valid,
    output wire                  s_wr_req_ready,
    input  wire [63:0]           s_wr_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_wr_req_len,
    input  wire [511:0]          s_wr_tdata,
    input  wire [63:0]           s_wr_tkeep,
    input  wire                  s_wr_tvalid,
    output wire                  s_wr_tready,
    input  wire                  s_wr_tlast,

    // generic DMA read channel
    input  wire                  s_rd_req_valid,
    output wire                  s_rd_req_ready,
    input  wire [63:0]           s_rd_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_rd_req_len,
    output wire [511:0]          m_rd_cpl_tdata,
    output wire [63:0]           m_rd_cpl_tkeep,
    output wire                  m_rd_cpl_tvalid,
    input  wire                  m_rd_cpl_tready,
    output wire                  m_rd_cpl_tlast,
    output wire                  m_rd_cpl_tuser,

    // requester request interface (s_axis_rq_* of the IP)
    output wire [511:0]          m_rq_tdata,
    output wire [15:0]           m_rq_tkeep,
    output wire                  m_rq_tvalid,
    input  wire                  m_rq_tready,
    output wire                  m_rq_tlast,
    output wire [136:0]          m_rq_tuser,
    input  wire [5:0]            rq_seq_num0,
    input  wire                  rq_seq_num_vld0,
    input  wire [5:0]            rq_seq_num1,
    input  wire                  rq_seq_num_vld1,

    // requester completion interface (m_axis_rc_* of the IP)
    input  wire [511:0]          s_rc_tdata,
    input  wire [15:0]           s_rc_tkeep,
    input  wire                  s_rc_tvalid,
    output wire                  s_rc_tready,
    input  wire                  s_rc_tlast,
    input  wire [160:0]          s_rc_tuser,

    output wire [1:0]            wr_done,
    output wire [31:0]           stat_wr_cmds,
    output wire [31:0]           stat_wr_tlps,
    output wire [31:0]           stat_rd_reqs,
    output wire [31:0]           stat_rd_tlps,
    output wire [31:0]           stat_rd_err
);

wire [511:0]  w_tdata, r_tdata;
wire [15:0]   w_tkeep, r_tkeep;
wire          w_tvalid, r_tvalid;
wire          w_tready, r_tready;
wire          w_tlast, r_tlast;
wire [136:0]  w_tuser, r_tuser;

hpnic_pcie_dma_wr #(.LEN_WIDTH(LEN_WIDTH), .STRADDLE(RQ_STRADDLE))
wr_inst (
    .clk(clk), .rst(rst),
    .cfg_max_payload(cfg_max_payload),
    .s_wr_req_valid(s_wr_req_valid), .s_wr_req_ready(s_wr_req_ready),
    .s_wr_req_addr(s_wr_req_addr), .s_wr_req_len(s_wr_req_len),
    .s_wr_tdata(s_wr_tdata), .s_wr_tkeep(s_wr_tkeep), .s_wr_tvalid(s_wr_tvalid),
    .s_wr_tready(s_wr_tready), .s_wr_tlast(s_wr_tlast),
    .m_rq_tdata(w_tdata), .m_rq_tkeep(w_tkeep), .m_rq_tvalid(w_tvalid), .m_rq_tready(w_tready),
    .m_rq_tlast(w_tlast), .m_rq_tuser(w_tuser),
    .rq_seq_num0(rq_seq_num0), .rq_seq_num_vld0(rq_seq_num_vld0),
    .rq_seq_num1(rq_seq_num1), .rq_seq_num_vld1(rq_seq_num_vld1),
    .wr_done(wr_done), .stat_wr_cmds(stat_wr_cmds), .stat_wr_tlps(stat_wr_tlps)
);

// reads wait for the writes taken before them (at most 127 in the write
// engine: its command queue is shallower)
reg  [7:0] wr_taken_reg = 8'd0;      // write commands taken
reg  [7:0] wr_sent_reg = 8'd0;       // ... whose last TLP has gone to RQ
wire [7:0] rd_after = wr_taken_reg + {7'd0, s_wr_req_valid};

hpnic_pcie_dma_rd #(.LEN_WIDTH(LEN_WIDTH), .TAG_LOG2(TAG_LOG2),
                    .CPLH_LIMIT(CPLH_LIMIT), .CPLD_LIMIT(CPLD_LIMIT), .STRADDLE(RC_STRADDLE))
rd_inst (
    .clk(clk), .rst(rst),
    .cfg_max_read_req(cfg_max_read_req),
    .s_rd_req_valid(s_rd_req_valid), .s_rd_req_ready(s_rd_req_ready),
    .s_rd_req_addr(s_rd_req_addr), .s_rd_req_len(s_rd_req_len),
    .s_rd_req_after(rd_after), .wr_sent(wr_sent_reg),
    .m_rd_cpl_tdata(m_rd_cpl_tdata), .m_rd_cpl_tkeep(m_rd_cpl_tkeep),
    .m_rd_cpl_tvalid(m_rd_cpl_tvalid), .m_rd_cpl_tready(m_rd_cpl_tready),
    .m_rd_cpl_tlast(m_rd_cpl_tlast), .m_rd_cpl_tuser(m_rd_cpl_tuser),
    .m_rq_tdata(r_tdata), .m_rq_tkeep(r_tkeep), .m_rq_tvalid(r_tvalid), .m_rq_tready(r_tready),
    .m_rq_tlast(r_tlast), .m_rq_tuser(r_tuser),
    .s_rc_tdata(s_rc_tdata), .s_rc_tkeep(s_rc_tkeep), .s_rc_tvalid(s_rc_tvalid),
    .s_rc_tready(s_rc_tready), .s_rc_tlast(s_rc_tlast), .s_rc_tuser(s_rc_tuser),
    .stat_rd_reqs(stat_rd_reqs), .stat_rd_tlps(stat_rd_tlps), .stat_rd_err(stat_rd_err)
);

// RQ: round robin at TLP boundaries
reg  in_wr_reg = 1'b0;               // inside a write TLP
reg  last_rd_reg = 1'b0;             // the read engine had the last turn
wire pick_wr = in_wr_reg || (w_tvalid && (!r_tvalid || last_rd_reg));

assign m_rq_tdata = pick_wr ? w_tdata : r_tdata;
assign m_rq_tkeep = pick_wr ? w_tkeep : r_tkeep;
assign m_rq_tvalid = pick_wr ? w_tvalid : r_tvalid;
assign m_rq_tlast = pick_wr ? w_tlast : r_tlast;
assign m_rq_tuser = pick_wr ? w_tuser : r_tuser;
assign w_tready = pick_wr && m_rq_tready;
assign r_tready = !pick_wr && m_rq_tready;

wire w_go = w_tvalid && w_tready;
wire r_go = r_tvalid && r_tready;

always @(posedge clk) begin
    if (w_go) begin
        in_wr_reg <= !w_tlast;
        if (w_tlast) begin
            last_rd_reg <= 1'b0;
        end
    end
    if (r_go) begin
        last_rd_reg <= 1'b1;
    end
    if (s_wr_req_valid && s_wr_req_ready) begin
        wr_taken_reg <= wr_taken_reg + 1'b1;
    end
    // seq_num0 bit 5 (tuser bit 66) marks a command's last TLP
    if (w_go && w_tlast && w_tuser[66]) begin
        wr_sent_reg <= wr_sent_reg + 1'b1;
    end
    if (rst) begin
        in_wr_reg <= 1'b0;
        last_rd_reg <= 1'b0;
        wr_taken_reg <= 8'd0;
        wr_sent_reg <= 8'd0;
    end
end

endmodule

`resetall
