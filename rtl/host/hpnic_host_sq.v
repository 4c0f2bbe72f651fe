// SPDX-License-Identifier: MIT
/*
 * Send-queue WQE fetch: turns the requester's fetch requests (QPN, first WQE
 * index, count, tag) into DMA reads of the QP's send queue in host memory,
 * and the data into WQEs for the requester, one per 64 bytes. A request for
 * several WQEs is one DMA read, split only where the ring wraps or a 4 KiB
 * page ends (a read never crosses either).
 *
 * A WQE sits at SQ_BASE + S * (index mod 2^SQ_LOG2), S = 64 or 128 bytes
 * per QP (SQ_WQE_LOG2; docs/regmap.md): byte 0 opcode (0 RDMA WRITE, 1 RDMA
 * READ, 2 SEND, 3 SEND with immediate, 4 RDMA WRITE with immediate), 1
 * flags, 2 NUM_SGE, 4..7 length, 8..15 local IO address, 16..23 remote VA,
 * 24..27 R_Key, 28..31 L_Key, 32..39 wr_id, 40..43 the immediate;
 * multi-byte fields little-endian, as the host writes them, but for the
 * immediate, which is in wire order (byte 40 goes first) and leaves so. Only the first 64 bytes come out
 * of here. A 128-byte WQE's second half, its extension, holds an SGE list or
 * inline data, which the TX gather reads when it builds the packets: for
 * such a WRITE the local address handed on is the extension's, with the
 * list flag (sgl) for an SGE list. A WQE that asks for an extension it
 * cannot have is counted (stat_bad_ext) and runs from LOCAL_ADDR.
 *
 * The L_Key check (hpnic_lkey_check, shared with the receive queues'
 * fetch) happens here, beside the WQE queue, so that it costs the fetch's
 * round trip nothing: as a WQE enters the queue (block RAM, two cycles to
 * its head) its LKEY reads the check's copy of the MR table and its QP's PD
 * is read; the next cycle the check's verdict and the WQE's NIC address
 * enter a LUT-RAM queue beside it, whose head is there as soon. A WQE
 * passes when the key's index is inside the table, the entry is valid,
 * its tag matches, its PD is the QP's, [LOCAL_ADDR, + LENGTH) lies inside
 * the region, and a READ's region grants LOCAL_WRITE. It leaves with
 * LOCAL_ADDR turned into MR.IOVA + (LOCAL_ADDR - MR.VA); one that fails
 * leaves flagged (m_wqe_lerr) and counted (stat_lkey_err), and the
 * requester fails it in order (docs/host.md, "The L_Key check"). A
 * zero-length WQE, and one whose local data is its own extension, pass.
 *
 * The DMA read channel is shared and returns data in request order, so a
 * fetch is only issued when the WQE output queue is sure to take its data:
 * requests in flight plus WQEs queued never exceed the queue's depth. An
 * opcode other than these five is counted and executed as a WRITE (only
 * libhpnic writes WQEs, and it checks them). SEND and the immediate forms
 * take SGE lists and inline data as a WRITE does; a SEND ignores REMOTE_VA
 * and RKEY.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_host_sq #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // DMA data width: 512 (a WQE's 64 bytes, the immediate at byte 40
    // included, are taken from its first beat)
    parameter DATA_WIDTH = 512,
    // log2 of the WQEs fetched ahead of the requester, all QPs together
    // (in flight and queued): one QP fetching ahead (hpnic_req's
    // FETCH_AHEAD) keeps up to 32 in flight
    parameter OUT_LOG2 = 6,
    // fetch count bits (a request asks for up to 2^COUNT_WIDTH - 1 WQEs)
    parameter COUNT_WIDTH = 4,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Send queue table (QP context writes)
     */
    input  wire                  cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_wr_qpn,
    input  wire [63:0]           cfg_wr_base,
    input  wire [4:0]            cfg_wr_log2,
    input  wire                  cfg_wr_wide,       // 128-byte WQEs
    input  wire [15:0]           cfg_wr_pd,         // the QP's protection domain

    /*
     * The MR table, as the CSRs write it (L_Key checks)
     */
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
     * Fetch requests from the requester, WQEs back
     */
    input  wire                  s_fetch_valid,
    output wire                  s_fetch_ready,
    input  wire [QPN_WIDTH-1:0]  s_fetch_qpn,
    input  wire [15:0]           s_fetch_idx,
    input  wire [COUNT_WIDTH-1:0] s_fetch_count,    // 1 or more
    input  wire [1:0]            s_fetch_tag,

    output wire                  m_wqe_valid,
    input  wire                  m_wqe_ready,
    output wire [QPN_WIDTH-1:0]  m_wqe_qpn,
    output wire [15:0]           m_wqe_idx,
    output wire [1:0]            m_wqe_tag,
    output wire                  m_wqe_read,
    output wire                  m_wqe_signaled,
    output wire [31:0]           m_wqe_len,
    output wire [63:0]           m_wqe_laddr,
    output wire                  m_wqe_sgl,         // laddr is an SGE list
    output wire [1:0]            m_wqe_nsge_m1,     // its SGEs, minus 1
    output wire [63:0]           m_wqe_raddr,
    output wire [31:0]           m_wqe_rkey,
    output wire                  m_wqe_lerr,        // its L_Key check failed, or its read
    output wire                  m_wqe_send,        // SEND (with or without immediate)
    output wire                  m_wqe_imm_valid,   // SEND or RDMA WRITE with immediate
    output wire [31:0]           m_wqe_imm,         // the immediate, wire order (byte 40 in 31:24)

    /*
     * DMA read port
     */
    output wire                  m_rd_req_valid,
    input  wire                  m_rd_req_ready,
    output wire [63:0]           m_rd_req_addr,
    output wire [12:0]           m_rd_req_len,

    input  wire [DATA_WIDTH-1:0] s_rd_cpl_tdata,
    input  wire                  s_rd_cpl_tvalid,
    output wire                  s_rd_cpl_tready,
    input  wire                  s_rd_cpl_tlast,
    input  wire                  s_rd_cpl_tuser,    // on tlast: the read failed

    /*
     * Counters
     */
    output reg  [31:0]           stat_fetches = 0,        // DMA reads of WQEs
    output reg  [31:0]           stat_bad_opcode = 0,
    output reg  [31:0]           stat_bad_ext = 0,
    output reg  [31:0]           stat_lkey_err = 0
);

localparam QW = QPN_WIDTH;
localparam DEPTH = 2**OUT_LOG2;

localparam BEATS_PER_WQE = 512 / DATA_WIDTH;

initial begin
    if (DATA_WIDTH != 512) begin
        $error("hpnic_host_sq: DATA_WIDTH must be 512 (a WQE's fields, the immediate at byte 40 too, come from its first beat) (%m)");
        $finish;
    end
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_host_sq: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
    if (COUNT_WIDTH < 1 || COUNT_WIDTH > 6 || (2**COUNT_WIDTH - 1) > DEPTH) begin
        $error("hpnic_host_sq: a fetch (2^COUNT_WIDTH - 1 WQEs) must fit the output queue (%m)");
        $finish;
    end
end

/*
 * The send queue table
 */
wire [69:0] sq_rd;                  // {base, log2, wide}

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(70)
)
sq_inst (
    .clk(clk),
    .wr_en(cfg_wr_en),
    .wr_addr(cfg_wr_qpn),
    .wr_data({cfg_wr_base, cfg_wr_log2, cfg_wr_wide}),
    .rd_en(s_fetch_valid && s_fetch_ready),
    .rd_addr(s_fetch_qpn),
    .rd_data(sq_rd)
);

/*
 * Credit: WQEs in flight + WQEs queued <= DEPTH
 */
reg  [OUT_LOG2:0] credit_reg = DEPTH[OUT_LOG2:0];
wire              out_push, out_pop;
wire              issue_take;

/*
 * Request stage: one fetch at a time holds the request register until its
 * last DMA read is taken. Its first cycle only takes the queue's table entry
 * (base, size, WQE width) and the masks it implies into registers, so that
 * sizing each DMA read starts from registers
 */
reg                   rq_valid_reg = 1'b0;
reg                   rq_first_reg = 1'b0;  // the table read is in sq_rd
reg [QW-1:0]          rq_qpn_reg = 0;
reg [15:0]            rq_idx_reg = 0;
reg [COUNT_WIDTH-1:0] rq_count_reg = 0;
reg [1:0]             rq_tag_reg = 0;
reg [63:0]            rq_base_reg = 0;
reg                   rq_wide_reg = 1'b0;
reg [15:0]            rq_ring_mask_reg = 0; // slots of the ring - 1
reg [15:0]            rq_run_mask_reg = 0;  // slots of a run - 1
reg [16:0]            rq_run_size_reg = 0;

wire [63:0] sq_base = rq_base_reg;
wire        sq_wide = rq_wide_reg;
wire [15:0] slot = rq_idx_reg & rq_ring_mask_reg;

// WQEs up to the ring's end or the page's (64 or 32 WQEs), whichever is first
wire [4:0]  first_log2 = sq_rd[5:1];
wire [4:0]  first_page_log2 = sq_rd[0] ? 5'd5 : 5'd6;
wire [4:0]  first_run_log2 = (first_log2 < first_page_log2) ? first_log2 : first_page_log2;
wire [15:0] run_pos = slot & rq_run_mask_reg;
wire [16:0] run_left = rq_run_size_reg - {1'b0, run_pos};
// the rest of the fetch fits in this run: this read is its last
wire        rq_fits = run_left >= {{(17-COUNT_WIDTH){1'b0}}, rq_count_reg};
wire [COUNT_WIDTH-1:0] rd_n = rq_fits ? rq_count_reg : run_left[COUNT_WIDTH-1:0];
wire        rd_take = m_rd_req_valid && m_rd_req_ready;
wire        rq_done = rd_take && rq_fits;

assign s_fetch_ready = (!rq_valid_reg || rq_done) &&
                       credit_reg >= {{(OUT_LOG2+1-COUNT_WIDTH){1'b0}}, s_fetch_count} &&
                       s_fetch_count != 0;
assign issue_take = s_fetch_valid && s_fetch_ready;
wire [OUT_LOG2:0] credit_kept = credit_reg + {{OUT_LOG2{1'b0}}, out_pop};
wire [OUT_LOG2:0] credit_taken = credit_kept - {{(OUT_LOG2+1-COUNT_WIDTH){1'b0}}, s_fetch_count};

assign m_rd_req_valid = rq_valid_reg && !rq_first_reg;
assign m_rd_req_addr = sq_base + (sq_wide ? {41'd0, slot, 7'd0} : {42'd0, slot, 6'd0});
assign m_rd_req_len = sq_wide ? {{(6-COUNT_WIDTH){1'b0}}, rd_n, 7'd0} : {{(7-COUNT_WIDTH){1'b0}}, rd_n, 6'd0};

always @(posedge clk) begin
    if (rq_first_reg) begin
        rq_first_reg <= 1'b0;
        rq_base_reg <= sq_rd[69:6];
        rq_wide_reg <= sq_rd[0];
        rq_ring_mask_reg <= ~(16'hffff << first_log2);
        rq_run_mask_reg <= ~(16'hffff << first_run_log2);
        rq_run_size_reg <= 17'd1 << first_run_log2;
    end
    if (rd_take) begin
        rq_idx_reg <= rq_idx_reg + {{(16-COUNT_WIDTH){1'b0}}, rd_n};
        rq_count_reg <= rq_count_reg - rd_n;
        if (rq_done) begin
            rq_valid_reg <= 1'b0;
        end
        stat_fetches <= stat_fetches + 1'b1;
    end
    if (issue_take) begin
        rq_valid_reg <= 1'b1;
        rq_first_reg <= 1'b1;
        rq_qpn_reg <= s_fetch_qpn;
        rq_idx_reg <= s_fetch_idx;
        rq_count_reg <= s_fetch_count;
        rq_tag_reg <= s_fetch_tag;
    end
    // both sums formed beside the take decision and picked after it: the
    // adders do not wait for issue_take, which ends a long chain
    credit_reg <= issue_take ? credit_taken : credit_kept;

    if (rst) begin
        rq_valid_reg <= 1'b0;
        rq_first_reg <= 1'b0;
        credit_reg <= DEPTH[OUT_LOG2:0];
        stat_fetches <= 0;
    end
end

/*
 * DMA reads in flight, in order, and the WQEs they return
 */
wire          pend_valid;
wire [QW-1:0] pend_qpn;
wire [15:0]   pend_idx;
wire [1:0]    pend_tag;
wire          pend_wide;
wire [63:0]   pend_addr;
// verilator lint_off UNUSEDSIGNAL
wire          pend_ready, out_ready;
wire [OUT_LOG2:0] pend_count, out_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(QW + 16 + 2 + 1 + 64))
pend_inst (
    .clk(clk), .rst(rst),
    .s_valid(rd_take), .s_ready(pend_ready),
    .s_data({rq_qpn_reg, rq_idx_reg, rq_tag_reg, sq_wide, m_rd_req_addr}),
    .m_valid(pend_valid), .m_ready(s_rd_cpl_tvalid && s_rd_cpl_tready && s_rd_cpl_tlast),
    .m_data({pend_qpn, pend_idx, pend_tag, pend_wide, pend_addr}),
    .count(pend_count)
);

// each WQE begins a 64- or 128-byte stride of the read's data
reg [15:0] wqe_off_reg = 0;         // WQEs of the current read already out
reg [1:0]  beat_reg = 0;            // beat within the WQE
reg [63:0] wqe_addr_reg = 0;        // the next WQE's IO address
wire [1:0] wqe_beats_m1 = pend_wide ? BEATS_PER_WQE[1:0] * 2'd2 - 2'd1 : BEATS_PER_WQE[1:0] - 2'd1;
wire [63:0] wqe_addr = wqe_off_reg == 0 ? pend_addr : wqe_addr_reg;

assign s_rd_cpl_tready = pend_valid;
assign out_push = s_rd_cpl_tvalid && s_rd_cpl_tready && beat_reg == 0;

always @(posedge clk) begin
    if (s_rd_cpl_tvalid && s_rd_cpl_tready) begin
        if (s_rd_cpl_tlast) begin
            beat_reg <= 0;
            wqe_off_reg <= 0;
        end else if (beat_reg == wqe_beats_m1) begin
            beat_reg <= 0;
            wqe_off_reg <= wqe_off_reg + 16'd1;
            wqe_addr_reg <= wqe_addr + (pend_wide ? 64'd128 : 64'd64);
        end else begin
            beat_reg <= beat_reg + 2'd1;
        end
    end
    if (rst) begin
        beat_reg <= 0;
        wqe_off_reg <= 0;
    end
end

// WQE fields at their byte offsets in the register map's WQE format
// (fw/regmap.toml); a WQE is lane-0 aligned in its beat
`include "hpnic_regs.vh"

function [63:0] wqe_field;
    input [DATA_WIDTH-1:0] beat;
    input integer off, size;
    integer b;
    begin
        wqe_field = 64'd0;
        for (b = 0; b < 8; b = b + 1) begin
            if (b < size) begin
                wqe_field[8*b +: 8] = beat[8*(off + b) +: 8];
            end
        end
    end
endfunction

// verilator lint_off UNUSEDSIGNAL
wire [63:0] wqe_opcode = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_OPCODE_OFF, HPNIC_WQE_OPCODE_SIZE);
wire [63:0] wqe_flags = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_FLAGS_OFF, HPNIC_WQE_FLAGS_SIZE);
wire [63:0] wqe_len = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_LENGTH_OFF, HPNIC_WQE_LENGTH_SIZE);
wire [63:0] wqe_rkey = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_RKEY_OFF, HPNIC_WQE_RKEY_SIZE);
wire [63:0] wqe_lkey = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_LKEY_OFF, HPNIC_WQE_LKEY_SIZE);
wire [63:0] wqe_nsge = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_NUM_SGE_OFF, HPNIC_WQE_NUM_SGE_SIZE);
// verilator lint_on UNUSEDSIGNAL
wire [63:0] wqe_laddr = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_LOCAL_ADDR_OFF, HPNIC_WQE_LOCAL_ADDR_SIZE);
wire [63:0] wqe_raddr = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_REMOTE_VA_OFF, HPNIC_WQE_REMOTE_VA_SIZE);
// verilator lint_off UNUSEDSIGNAL
wire [63:0] wqe_imm_le = wqe_field(s_rd_cpl_tdata, HPNIC_WQE_IMM_DATA_OFF, HPNIC_WQE_IMM_DATA_SIZE);
// verilator lint_on UNUSEDSIGNAL
// in wire order: byte 40 first (the top byte)
wire [31:0] wqe_imm = {wqe_imm_le[7:0], wqe_imm_le[15:8], wqe_imm_le[23:16], wqe_imm_le[31:24]};
wire [7:0]  opcode = wqe_opcode[7:0];
wire        wqe_read = opcode == HPNIC_WQE_OPCODE_RDMA_READ;
wire        wqe_send = opcode == HPNIC_WQE_OPCODE_SEND || opcode == HPNIC_WQE_OPCODE_SEND_WITH_IMM;
wire        wqe_imm_valid = opcode == HPNIC_WQE_OPCODE_SEND_WITH_IMM ||
                            opcode == HPNIC_WQE_OPCODE_RDMA_WRITE_WITH_IMM;
wire        wqe_known = opcode <= HPNIC_WQE_OPCODE_RDMA_WRITE_WITH_IMM;
wire        wqe_signaled = wqe_flags[HPNIC_WQE_FLAGS_SIGNALED_LSB];
wire        wqe_inline = wqe_flags[HPNIC_WQE_FLAGS_INLINE_LSB];

// the extension: inline data, or an SGE list of 2..4 entries (a WRITE or a
// SEND, with or without immediate, of a 128-byte WQE only); anything else
// runs from LOCAL_ADDR
wire        nsge_list = wqe_nsge[7:0] >= 8'd2 && wqe_nsge[7:0] <= 8'd4;
wire        nsge_one = wqe_nsge[7:0] <= 8'd1;
wire        ext_inline = wqe_inline && nsge_one && wqe_len[31:0] <= 32'd64;
wire        ext_ok = pend_wide && !wqe_read && (ext_inline || (!wqe_inline && nsge_list));
wire        ext_bad = (wqe_inline || !nsge_one) && !ext_ok;
wire        wqe_sgl = ext_ok && !wqe_inline;
wire [63:0] wqe_ladr_out = ext_ok ? wqe_addr + 64'd64 : wqe_laddr;

always @(posedge clk) begin
    if (out_push && !wqe_known) begin
        stat_bad_opcode <= stat_bad_opcode + 1'b1;
    end
    if (out_push && ext_bad) begin
        stat_bad_ext <= stat_bad_ext + 1'b1;
    end
    if (rst) begin
        stat_bad_opcode <= 0;
        stat_bad_ext <= 0;
    end
end

wire out_valid, side_valid;

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(QW + 16 + 2 + 2 + 32 + 3 + 64 + 32 + 2 + 32), .RAM_STYLE("block"))
out_inst (
    .clk(clk), .rst(rst),
    .s_valid(out_push), .s_ready(out_ready),
    .s_data({pend_qpn, pend_idx + wqe_off_reg, pend_tag, wqe_read, wqe_signaled, wqe_len[31:0],
             wqe_sgl, wqe_nsge[1:0] - 2'd1, wqe_raddr, wqe_rkey[31:0], wqe_send, wqe_imm_valid, wqe_imm}),
    .m_valid(out_valid), .m_ready(out_pop),
    .m_data({m_wqe_qpn, m_wqe_idx, m_wqe_tag, m_wqe_read, m_wqe_signaled, m_wqe_len, m_wqe_sgl,
             m_wqe_nsge_m1, m_wqe_raddr, m_wqe_rkey, m_wqe_send, m_wqe_imm_valid, m_wqe_imm}),
    .count(out_count)
);

/*
 * The L_Key check (hpnic_lkey_check), a cycle behind the queue's input, into
 * a queue beside it: a READ's local buffer needs LOCAL_WRITE; a WQE whose
 * local data is its own extension is not keyed
 */
wire        lk_valid, lk_ok;
wire [63:0] lk_laddr;

hpnic_lkey_check #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2)
)
lkey_inst (
    .clk(clk),
    .rst(rst),
    .cfg_qp_wr_en(cfg_wr_en),
    .cfg_qp_wr_qpn(cfg_wr_qpn),
    .cfg_qp_wr_pd(cfg_wr_pd),
    .cfg_mr_wr_en(cfg_mr_wr_en),
    .cfg_mr_wr_idx(cfg_mr_wr_idx),
    .cfg_mr_wr_valid(cfg_mr_wr_valid),
    .cfg_mr_wr_tag(cfg_mr_wr_tag),
    .cfg_mr_wr_local_write(cfg_mr_wr_local_write),
    .cfg_mr_wr_va(cfg_mr_wr_va),
    .cfg_mr_wr_len(cfg_mr_wr_len),
    .cfg_mr_wr_iova(cfg_mr_wr_iova),
    .cfg_mr_wr_pd(cfg_mr_wr_pd),
    .chk_valid(out_push),
    .chk_qpn(pend_qpn),
    .chk_lkey(wqe_lkey[31:0]),
    .chk_va(wqe_ladr_out),
    .chk_len(wqe_len[31:0]),
    .chk_write(wqe_read),
    .chk_pass(ext_ok),
    .res_valid(lk_valid),
    .res_ok(lk_ok),
    .res_addr(lk_laddr)
);

// verilator lint_off UNUSEDSIGNAL
wire               side_ready;
wire [OUT_LOG2:0]  side_count;
// verilator lint_on UNUSEDSIGNAL
wire               side_lerr;
wire               gate_valid, gate_err;     // the read gate (below)

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(64 + 1))
side_inst (
    .clk(clk), .rst(rst),
    .s_valid(lk_valid), .s_ready(side_ready),
    .s_data({lk_laddr, !lk_ok}),
    .m_valid(side_valid), .m_ready(out_pop),
    .m_data({m_wqe_laddr, side_lerr}),
    .count(side_count)
);

// counted as it leaves, so that one from a failed read (whose fields mean
// nothing) is not
always @(posedge clk) begin
    if (out_pop && side_lerr && !gate_err) begin
        stat_lkey_err <= stat_lkey_err + 1'b1;
    end
    if (rst) begin
        stat_lkey_err <= 0;
    end
end

/*
 * A failed read (tuser on its last beat): its WQEs leave flagged as if their
 * L_Key check had failed, so the requester completes the first with an
 * error and fails the QP (docs/host.md, "DMA read errors"). The gate holds
 * each read's WQEs in the queue until the read has ended.
 */
wire rd_end = s_rd_cpl_tvalid && s_rd_cpl_tready && s_rd_cpl_tlast;

hpnic_rd_gate #(.DEPTH_LOG2(OUT_LOG2), .COUNT_WIDTH(COUNT_WIDTH))
gate_inst (
    .clk(clk), .rst(rst),
    .item_push(out_push), .rd_end(rd_end), .rd_err(s_rd_cpl_tuser),
    .ok_valid(gate_valid), .ok_err(gate_err), .item_pop(out_pop)
);

assign m_wqe_valid = out_valid && side_valid && gate_valid;
assign m_wqe_lerr = side_lerr || gate_err;
assign out_pop = m_wqe_valid && m_wqe_ready;

// verilator lint_off UNUSEDSIGNAL
wire [DATA_WIDTH-1:0] unused_cpl = s_rd_cpl_tdata;
// verilator lint_on UNUSEDSIGNAL

endmodule

`resetall
