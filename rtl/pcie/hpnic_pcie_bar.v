// SPDX-License-Identifier: MIT
/*
 * Host access to the BARs on the UltraScale+ integrated block's completer
 * interfaces: completer requests (CQ, m_axis_cq_* of the IP) in, completer
 * completions (CC, s_axis_cc_* of the IP) out; Dword-aligned, straddle off
 * (docs/pcie.md, "BAR access").
 *
 * - A memory read or write of one Dword to BAR0 becomes a request on the CSR
 *   master port (hpnic_core's s_csr_*), to BAR2 one on the MSI-X register
 *   port (hpnic_pcie_msix); an aligned full QWORD to BAR2 two of them. A read is answered with a completion with data
 *   on CC carrying the whole register; its lower address and byte count
 *   follow the first byte enables.
 * - Byte enables: hpnic's registers are 32 bits and have no byte enables, so
 *   a BAR0 write with first_be other than 4'hf is dropped and counted
 *   (stat_partial); a BAR0 read with first_be = 0 (zero-length) is answered
 *   without reading the register. BAR2 (the MSI-X table, plain storage)
 *   takes the enables as they are.
 * - Anything else is unsupported: another BAR, more than one Dword (but
 *   the BAR2 QWORD), I/O,
 *   atomics, locked reads, configuration requests, messages, a translated
 *   request, a discontinued TLP, a TLP whose tlast or tkeep does
 *   not fit. A non-posted one gets a completion with status UR (stat_ur), a
 *   posted one (memory write, message) is dropped (stat_drop). The rest of
 *   a longer TLP is skipped to its tlast, so no input can stall CQ for good.
 * - One request at a time, in CQ order: CQ is held (tready low) while a
 *   request waits for the CSR port, its response or CC. So completions go
 *   out in request order, and a read never passes a write.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_bar #(
    parameter [2:0] BAR_CSR = 3'd0,
    parameter [2:0] BAR_MSIX = 3'd2
) (
    input  wire          clk,
    input  wire          rst,

    // completer request interface (m_axis_cq_* of the IP)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [511:0]  s_cq_tdata,
    input  wire [15:0]   s_cq_tkeep,
    input  wire          s_cq_tvalid,
    output wire          s_cq_tready,
    input  wire          s_cq_tlast,
    input  wire [182:0]  s_cq_tuser,
    // verilator lint_on UNUSEDSIGNAL

    // completer completion interface (s_axis_cc_* of the IP)
    output wire [511:0]  m_cc_tdata,
    output wire [15:0]   m_cc_tkeep,
    output wire          m_cc_tvalid,
    input  wire          m_cc_tready,
    output wire          m_cc_tlast,
    output wire [80:0]   m_cc_tuser,

    // CSR master (hpnic_core s_csr_* / m_csr_rsp_*)
    output wire          m_csr_valid,
    input  wire          m_csr_ready,
    output wire [24:0]   m_csr_addr,
    output wire          m_csr_write,
    output wire [31:0]   m_csr_wdata,
    input  wire          s_csr_rsp_valid,
    output wire          s_csr_rsp_ready,
    input  wire [31:0]   s_csr_rsp_rdata,

    // MSI-X register port (hpnic_pcie_msix s_reg_*)
    output wire          m_msix_valid,
    input  wire          m_msix_ready,
    output wire [15:0]   m_msix_addr,
    output wire          m_msix_write,
    output wire [31:0]   m_msix_wdata,
    output wire [3:0]    m_msix_be,
    input  wire          s_msix_rsp_valid,
    input  wire [31:0]   s_msix_rsp_rdata,

    output wire [31:0]   stat_rd,          // reads completed with data
    output wire [31:0]   stat_wr,          // writes done
    output wire [31:0]   stat_ur,          // non-posted requests answered UR
    output wire [31:0]   stat_drop,        // posted requests dropped as unsupported
    output wire [31:0]   stat_partial      // BAR0 writes dropped for partial byte enables
);

// ---- CQ: the descriptor of a TLP's first beat ----

wire [1:0]  d_at = s_cq_tdata[1:0];
wire [24:0] d_addr = s_cq_tdata[24:0];
wire [10:0] d_dwc = s_cq_tdata[74:64];
wire [3:0]  d_type = s_cq_tdata[78:75];
wire [15:0] d_rid = s_cq_tdata[95:80];
wire [7:0]  d_tag = s_cq_tdata[103:96];
wire [2:0]  d_bar = s_cq_tdata[114:112];
wire [2:0]  d_tc = s_cq_tdata[123:121];
wire [2:0]  d_attr = s_cq_tdata[126:124];
wire [31:0] d_wdata = s_cq_tdata[159:128];  // Dword 4: the payload
wire [31:0] d_wdata2 = s_cq_tdata[191:160]; // Dword 5: a QWORD write's second Dword
wire [3:0]  d_fbe = s_cq_tuser[3:0];
wire [3:0]  d_lbe = s_cq_tuser[11:8];
wire        d_disc = s_cq_tuser[96];

wire d_mrd = d_type == 4'b0000;
wire d_mwr = d_type == 4'b0001;
// posted: memory writes and messages (11xx; 1111 is reserved, dropped too)
wire d_posted = d_mwr || d_type[3:2] == 2'b11;
wire d_one = d_dwc == 11'd1 && d_lbe == 4'd0;
// an aligned full QWORD to the MSI-X BAR (PCIe: the table takes DWORD and
// aligned QWORD accesses)
wire d_two = d_dwc == 11'd2 && d_bar == BAR_MSIX && !d_addr[2] && d_fbe == 4'hf && d_lbe == 4'hf;
wire d_ok = (d_mrd || d_mwr) && (d_one || d_two) && d_at == 2'b00 && !d_disc && s_cq_tlast &&
            (d_bar == BAR_CSR || d_bar == BAR_MSIX) &&
            (d_mrd ? s_cq_tkeep[3:0] == 4'hf :
             d_two ? s_cq_tkeep[5:0] == 6'h3f : s_cq_tkeep[4:0] == 5'h1f);
wire d_partial = d_ok && d_mwr && d_bar == BAR_CSR && d_fbe != 4'hf;

// byte count (PCIe: bytes from the first enabled one to the last enabled
// one) and lower address of a memory read; 4 and 0 for anything else
function [1:0] lead;                     // index of the lowest set bit (0 if none)
    input [3:0] be;
    lead = be[0] ? 2'd0 : be[1] ? 2'd1 : be[2] ? 2'd2 : be[3] ? 2'd3 : 2'd0;
endfunction
function [2:0] span1;                    // bytes of a one-Dword request
    input [3:0] be;
    span1 = be[3] ? 3'd4 - {1'b0, lead(be)} : be[2] ? 3'd3 - {1'b0, lead(be)} :
            be[1] ? 3'd2 - {1'b0, lead(be)} : 3'd1;
endfunction
// verilator lint_off UNUSEDSIGNAL
function [1:0] trail;                    // disabled bytes above the highest set bit
    input [3:0] be;
    trail = be[3] ? 2'd0 : be[2] ? 2'd1 : be[1] ? 2'd2 : 2'd3;
endfunction
// verilator lint_on UNUSEDSIGNAL

wire [12:0] d_bytes = d_dwc == 11'd0 ? 13'd4096 : {d_dwc, 2'b00};   // 0: 1024 Dwords
wire [12:0] d_bc = !d_mrd ? 13'd4 :
                   d_dwc == 11'd1 ? {10'd0, span1(d_fbe)} :
                   d_bytes - {11'd0, lead(d_fbe)} - {11'd0, trail(d_lbe)};
wire [6:0]  d_la = d_mrd ? {d_addr[6:2], lead(d_fbe)} : 7'd0;

// ---- the request register ----

localparam [1:0] K_CSR = 2'd0, K_MSIX = 2'd1, K_UR = 2'd2, K_ZERO = 2'd3;

reg         skip_reg = 1'b0;             // dropping the rest of a TLP
reg         req_valid_reg = 1'b0;
reg  [1:0]  req_kind_reg = K_CSR;
reg         req_write_reg = 1'b0;
// verilator lint_off UNUSEDSIGNAL
reg  [24:0] req_addr_reg = 25'd0;        // bits 1:0 unused (Dword-aligned)
// verilator lint_on UNUSEDSIGNAL
reg  [31:0] req_wdata_reg = 32'd0;
reg  [31:0] req_wdata2_reg = 32'd0;
reg  [3:0]  req_be_reg = 4'd0;
reg  [3:0]  req_be2_reg = 4'd0;
reg         req_two_reg = 1'b0;          // a QWORD: two MSI-X port accesses
reg         second_reg = 1'b0;           // ... the second one is under way
reg  [95:0] req_desc_reg = 96'd0;        // the CC descriptor, built at CQ

assign s_cq_tready = skip_reg || !req_valid_reg;
wire cq_go = s_cq_tvalid && s_cq_tready;

reg  [31:0] rd_cnt = 32'd0, wr_cnt = 32'd0, ur_cnt = 32'd0, drop_cnt = 32'd0, partial_cnt = 32'd0;

always @(posedge clk) begin
    if (cq_go) begin
        if (skip_reg) begin
            skip_reg <= !s_cq_tlast;
        end else begin
            skip_reg <= !s_cq_tlast;
            req_write_reg <= d_mwr;
            req_addr_reg <= d_addr;
            req_wdata_reg <= d_wdata;
            req_wdata2_reg <= d_wdata2;
            req_be_reg <= d_fbe;
            req_be2_reg <= d_lbe;
            req_two_reg <= d_two;
            req_kind_reg <= !d_ok ? K_UR :
                            d_bar != BAR_CSR ? K_MSIX :
                            d_mrd && d_fbe == 4'd0 ? K_ZERO : K_CSR;
            // descriptor: lower address, address type, byte count, Dword
            // count (1 with data, 0 for UR), status (001 UR), requester
            // ID, tag, traffic class, attributes; the block fills in the
            // completer ID (completer ID enable 0)
            req_desc_reg <= {1'b0, d_attr, d_tc, 1'b0, 16'd0, d_tag, d_rid,
                             1'b0, 1'b0, d_ok ? 3'b000 : 3'b001,
                             d_ok ? (d_two ? 11'd2 : 11'd1) : 11'd0,
                             2'b00, 1'b0, d_bc, 6'd0, d_at, 1'b0, d_la};
            // a request to execute or answer UR sets req_valid_reg (below)
            if (d_partial) begin
                partial_cnt <= partial_cnt + 1'b1;
            end else if (!d_ok && d_posted) begin
                drop_cnt <= drop_cnt + 1'b1;
            end
        end
    end
    if (rst) begin
        skip_reg <= 1'b0;
        partial_cnt <= 32'd0;
        drop_cnt <= 32'd0;
    end
end

// ---- execution: CSR / MSI-X port, then CC ----

localparam [1:0] S_IDLE = 2'd0, S_REQ = 2'd1, S_RSP = 2'd2, S_CC = 2'd3;

reg  [1:0]  state_reg = S_IDLE;
reg         csr_valid_reg = 1'b0;
reg         msix_valid_reg = 1'b0;
reg         cc_valid_reg = 1'b0;
reg  [31:0] cc_data_reg = 32'd0;
reg  [31:0] cc_data2_reg = 32'd0;

assign m_csr_valid = csr_valid_reg;
assign m_csr_addr = {req_addr_reg[24:2], 2'b00};
assign m_csr_write = req_write_reg;
assign m_csr_wdata = req_wdata_reg;
assign s_csr_rsp_ready = state_reg == S_RSP;

assign m_msix_valid = msix_valid_reg;
assign m_msix_addr = {req_addr_reg[15:3], req_addr_reg[2] | second_reg, 2'b00};
assign m_msix_write = req_write_reg;
assign m_msix_wdata = second_reg ? req_wdata2_reg : req_wdata_reg;
assign m_msix_be = second_reg ? req_be2_reg : req_be_reg;

// CC: one beat, the descriptor in Dwords 0-2, the data in Dword 3 (and 4)
wire [3:0] cc_last_dw = req_kind_reg == K_UR ? 4'd2 : req_two_reg ? 4'd4 : 4'd3;
assign m_cc_tdata = {352'd0, cc_data2_reg, cc_data_reg, req_desc_reg};
assign m_cc_tkeep = req_kind_reg == K_UR ? 16'h0007 : req_two_reg ? 16'h001f : 16'h000f;
assign m_cc_tvalid = cc_valid_reg;
assign m_cc_tlast = 1'b1;
// is_sop[0] (bit 0), is_eop[0] (bit 6), is_eop0_ptr (11:8): the last Dword
assign m_cc_tuser = {69'd0, cc_last_dw, 1'b0, 1'b1, 5'd0, 1'b1};

assign stat_rd = rd_cnt;
assign stat_wr = wr_cnt;
assign stat_ur = ur_cnt;
assign stat_drop = drop_cnt;
assign stat_partial = partial_cnt;

always @(posedge clk) begin
    case (state_reg)
        S_IDLE: begin
            if (req_valid_reg) begin
                case (req_kind_reg)
                    K_CSR: begin
                        csr_valid_reg <= 1'b1;
                        state_reg <= S_REQ;
                    end
                    K_MSIX: begin
                        msix_valid_reg <= 1'b1;
                        state_reg <= S_REQ;
                    end
                    default: begin       // UR, or a zero-length read
                        cc_data_reg <= 32'd0;
                        cc_valid_reg <= 1'b1;
                        state_reg <= S_CC;
                    end
                endcase
            end
        end
        S_REQ: begin
            if ((csr_valid_reg && m_csr_ready) || (msix_valid_reg && m_msix_ready)) begin
                csr_valid_reg <= 1'b0;
                msix_valid_reg <= 1'b0;
                if (req_write_reg && req_two_reg && !second_reg) begin
                    second_reg <= 1'b1;     // the QWORD's second Dword
                    msix_valid_reg <= 1'b1;
                end else if (req_write_reg) begin
                    wr_cnt <= wr_cnt + 1'b1;
                    req_valid_reg <= 1'b0;
                    second_reg <= 1'b0;
                    state_reg <= S_IDLE;
                end else begin
                    state_reg <= S_RSP;
                end
            end
        end
        S_RSP: begin
            if (req_kind_reg == K_CSR ? s_csr_rsp_valid : s_msix_rsp_valid) begin
                if (second_reg) begin
                    cc_data2_reg <= s_msix_rsp_rdata;
                end else begin
                    cc_data_reg <= req_kind_reg == K_CSR ? s_csr_rsp_rdata : s_msix_rsp_rdata;
                end
                if (req_two_reg && !second_reg) begin
                    second_reg <= 1'b1;
                    msix_valid_reg <= 1'b1;
                    state_reg <= S_REQ;
                end else begin
                    cc_valid_reg <= 1'b1;
                    state_reg <= S_CC;
                end
            end
        end
        default: begin // S_CC
            if (m_cc_tready) begin
                cc_valid_reg <= 1'b0;
                req_valid_reg <= 1'b0;
                second_reg <= 1'b0;
                if (req_kind_reg == K_UR) begin
                    ur_cnt <= ur_cnt + 1'b1;
                end else begin
                    rd_cnt <= rd_cnt + 1'b1;
                end
                state_reg <= S_IDLE;
            end
        end
    endcase
    // the CQ side sets req_valid_reg for a new request; it is never set
    // while one is held (tready low), so the two writes do not meet
    if (cq_go && !skip_reg && ((d_ok && !d_partial) || !d_posted)) begin
        req_valid_reg <= 1'b1;
    end
    if (rst) begin
        state_reg <= S_IDLE;
        req_valid_reg <= 1'b0;
        csr_valid_reg <= 1'b0;
        msix_valid_reg <= 1'b0;
        cc_valid_reg <= 1'b0;
        second_reg <= 1'b0;
        rd_cnt <= 32'd0;
        wr_cnt <= 32'd0;
        ur_cnt <= 32'd0;
    end
end

endmodule

`resetall
