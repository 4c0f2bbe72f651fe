// SPDX-License-Identifier: MIT
/*
 * MSI-X for the UltraScale+ integrated block with the table in user logic
 * (the block's "MSI-X external" mode; docs/pcie.md, "MSI-X").
 *
 * - BAR2 register port (from hpnic_pcie_bar): the table at offset 0, 16
 *   bytes per vector (address low, address high, data, vector control with
 *   the mask in bit 0), the pending bit array (PBA) at 0x8000, one bit per
 *   vector, read-only. Writes honour the byte enables. Anything else in the
 *   BAR reads 0 and ignores writes. One access at a time: the response
 *   comes two cycles after the request, always.
 * - Interrupts: a vector from s_irq (hpnic_core's m_irq) is sent through the
 *   block's cfg_interrupt_msix_* handshake with its table entry's address
 *   and data, unless the function is disabled or masked (the block's
 *   cfg_interrupt_msix_enable[0] / _mask[0]) or the vector is masked: then
 *   its PBA bit is set. Unmasking (a vector's mask bit cleared, the
 *   function mask cleared, MSI-X enabled) starts a scan of the PBA that
 *   sends every pending, now unmasked vector. A fail from the block leaves
 *   the bit pending and scans again. A vector >= VECTORS is dropped and
 *   counted.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_msix #(
    parameter VECTORS = 32              // 1..2048
) (
    input  wire         clk,
    input  wire         rst,

    // interrupt requests (hpnic_core m_irq_*)
    input  wire         s_irq_valid,
    output wire         s_irq_ready,
    input  wire [10:0]  s_irq_vector,

    // BAR2 register port
    input  wire         s_reg_valid,
    output wire         s_reg_ready,
    // verilator lint_off UNUSEDSIGNAL
    input  wire [15:0]  s_reg_addr,         // byte offset in BAR2 (Dword-aligned)
    // verilator lint_on UNUSEDSIGNAL
    input  wire         s_reg_write,
    input  wire [31:0]  s_reg_wdata,
    input  wire [3:0]   s_reg_be,
    output wire         m_reg_rsp_valid,    // a read's data, two cycles after its request
    output wire [31:0]  m_reg_rsp_rdata,

    // the block's MSI-X interface (user table); physical function 0 only
    // verilator lint_off UNUSEDSIGNAL
    input  wire [3:0]   cfg_interrupt_msix_enable,
    input  wire [3:0]   cfg_interrupt_msix_mask,
    // verilator lint_on UNUSEDSIGNAL
    output wire [63:0]  cfg_interrupt_msix_address,
    output wire [31:0]  cfg_interrupt_msix_data,
    output wire         cfg_interrupt_msix_int,
    input  wire         cfg_interrupt_msix_sent,
    input  wire         cfg_interrupt_msix_fail,

    output wire [31:0]  stat_irq_sent,      // messages the block sent
    output wire [31:0]  stat_irq_fail,      // fail answers (the vector stays pending)
    output wire [31:0]  stat_irq_pended,    // requests that found their vector masked
    output wire [31:0]  stat_irq_bad        // vectors >= VECTORS, dropped
);

localparam IDX_W = VECTORS > 1 ? $clog2(VECTORS) : 1;
localparam PBA_DW = (VECTORS + 31) / 32;
localparam PBA_W = PBA_DW > 1 ? $clog2(PBA_DW) : 1;

// table: address low/high and data in RAM, the mask bits in registers (the
// scan reads them every cycle); the PBA in registers
reg  [31:0] lo_mem [0:VECTORS-1];
reg  [31:0] hi_mem [0:VECTORS-1];
reg  [31:0] dt_mem [0:VECTORS-1];
reg  [VECTORS-1:0] mask_reg = {VECTORS{1'b1}};   // PCIe: masked at reset
reg  [VECTORS-1:0] pend_reg = {VECTORS{1'b0}};

integer i;
initial begin
    for (i = 0; i < VECTORS; i = i + 1) begin
        lo_mem[i] = 32'd0;
        hi_mem[i] = 32'd0;
        dt_mem[i] = 32'd0;
    end
end

// ---- host access ----

wire [10:0]       h_entry = s_reg_addr[14:4];
wire [IDX_W-1:0]  h_idx = h_entry[IDX_W-1:0];
wire              h_table = !s_reg_addr[15] && {21'd0, h_entry} < VECTORS;
wire              h_pba = s_reg_addr[15] && {19'd0, s_reg_addr[14:2]} < PBA_DW;
wire              h_go = s_reg_valid;     // always ready
wire              h_wr = h_go && s_reg_write && h_table;

reg  [31:0] h_lo_q = 32'd0, h_hi_q = 32'd0, h_dt_q = 32'd0, h_misc_q = 32'd0;
reg  [1:0]  h_sel_q = 2'd0;                // 0..2: a RAM word, 3: h_misc_q
reg         h_rd_q = 1'b0;
reg  [31:0] rsp_rdata_reg = 32'd0;
reg         rsp_valid_reg = 1'b0;

wire [32*PBA_DW-1:0] pba_words = {{(32*PBA_DW-VECTORS){1'b0}}, pend_reg};
wire [PBA_W-1:0]     h_pba_idx = s_reg_addr[PBA_W+1:2];

assign s_reg_ready = 1'b1;
assign m_reg_rsp_valid = rsp_valid_reg;
assign m_reg_rsp_rdata = rsp_rdata_reg;

always @(posedge clk) begin
    if (h_wr && s_reg_addr[3:2] == 2'd0) begin
        if (s_reg_be[0]) lo_mem[h_idx][7:0] <= s_reg_wdata[7:0];
        if (s_reg_be[1]) lo_mem[h_idx][15:8] <= s_reg_wdata[15:8];
        if (s_reg_be[2]) lo_mem[h_idx][23:16] <= s_reg_wdata[23:16];
        if (s_reg_be[3]) lo_mem[h_idx][31:24] <= s_reg_wdata[31:24];
    end
    h_lo_q <= lo_mem[h_idx];
end

always @(posedge clk) begin
    if (h_wr && s_reg_addr[3:2] == 2'd1) begin
        if (s_reg_be[0]) hi_mem[h_idx][7:0] <= s_reg_wdata[7:0];
        if (s_reg_be[1]) hi_mem[h_idx][15:8] <= s_reg_wdata[15:8];
        if (s_reg_be[2]) hi_mem[h_idx][23:16] <= s_reg_wdata[23:16];
        if (s_reg_be[3]) hi_mem[h_idx][31:24] <= s_reg_wdata[31:24];
    end
    h_hi_q <= hi_mem[h_idx];
end

always @(posedge clk) begin
    if (h_wr && s_reg_addr[3:2] == 2'd2) begin
        if (s_reg_be[0]) dt_mem[h_idx][7:0] <= s_reg_wdata[7:0];
        if (s_reg_be[1]) dt_mem[h_idx][15:8] <= s_reg_wdata[15:8];
        if (s_reg_be[2]) dt_mem[h_idx][23:16] <= s_reg_wdata[23:16];
        if (s_reg_be[3]) dt_mem[h_idx][31:24] <= s_reg_wdata[31:24];
    end
    h_dt_q <= dt_mem[h_idx];
end

// ---- the interrupt engine ----

localparam [2:0] E_IDLE = 3'd0, E_SCAN = 3'd1, E_READ = 3'd2, E_CHECK = 3'd3, E_WAIT = 3'd4;

reg  [2:0]        e_state_reg = E_IDLE;
reg  [IDX_W-1:0]  e_idx_reg = {IDX_W{1'b0}};
reg  [IDX_W-1:0]  scan_idx_reg = {IDX_W{1'b0}};
reg               scan_req_reg = 1'b0;      // an unmask or a fail: scan the PBA
reg               in_scan_reg = 1'b0;       // a send belongs to a scan that goes on
reg               en_reg = 1'b0, fmask_reg = 1'b1;
reg  [31:0]       e_lo_q = 32'd0, e_hi_q = 32'd0, e_dt_q = 32'd0;
reg  [63:0]       addr_reg = 64'd0;
reg  [31:0]       data_reg = 32'd0;
reg               int_reg = 1'b0;
reg  [31:0]       sent_cnt = 32'd0, fail_cnt = 32'd0, pend_cnt = 32'd0, bad_cnt = 32'd0;

// the engine's read port of the three RAMs
always @(posedge clk) begin
    e_lo_q <= lo_mem[e_idx_reg];
    e_hi_q <= hi_mem[e_idx_reg];
    e_dt_q <= dt_mem[e_idx_reg];
end

assign s_irq_ready = e_state_reg == E_IDLE && !scan_req_reg;
assign cfg_interrupt_msix_address = addr_reg;
assign cfg_interrupt_msix_data = data_reg;
assign cfg_interrupt_msix_int = int_reg;
assign stat_irq_sent = sent_cnt;
assign stat_irq_fail = fail_cnt;
assign stat_irq_pended = pend_cnt;
assign stat_irq_bad = bad_cnt;

wire blocked = !en_reg || fmask_reg;        // the whole function
wire [2:0] after = in_scan_reg ? E_SCAN : E_IDLE;
wire irq_go = s_irq_valid && s_irq_ready;
wire irq_ok = {21'd0, s_irq_vector} < VECTORS;
wire scan_hit = pend_reg[scan_idx_reg] && !mask_reg[scan_idx_reg] && !blocked;
wire scan_end = {{(32-IDX_W){1'b0}}, scan_idx_reg} == VECTORS - 1;
// a host write that clears a vector's mask bit
wire unmask = h_wr && s_reg_addr[3:2] == 2'd3 && s_reg_be[0] && !s_reg_wdata[0] && mask_reg[h_idx];

always @(posedge clk) begin
    en_reg <= cfg_interrupt_msix_enable[0];
    fmask_reg <= cfg_interrupt_msix_mask[0];
    int_reg <= 1'b0;

    // host side: mask writes, reads (two cycles: RAM, then the select)
    if (h_wr && s_reg_addr[3:2] == 2'd3 && s_reg_be[0]) begin
        mask_reg[h_idx] <= s_reg_wdata[0];
    end
    h_rd_q <= h_go && !s_reg_write;
    h_sel_q <= (h_table && s_reg_addr[3:2] != 2'd3) ? s_reg_addr[3:2] : 2'd3;
    h_misc_q <= h_table ? {31'd0, mask_reg[h_idx]} :
                h_pba ? pba_words[32*h_pba_idx +: 32] : 32'd0;
    rsp_valid_reg <= h_rd_q;
    case (h_sel_q)
        2'd0: rsp_rdata_reg <= h_lo_q;
        2'd1: rsp_rdata_reg <= h_hi_q;
        2'd2: rsp_rdata_reg <= h_dt_q;
        default: rsp_rdata_reg <= h_misc_q;
    endcase

    case (e_state_reg)
        E_IDLE: begin
            if (scan_req_reg) begin
                scan_req_reg <= 1'b0;
                scan_idx_reg <= {IDX_W{1'b0}};
                in_scan_reg <= 1'b1;
                e_state_reg <= E_SCAN;
            end else if (irq_go) begin
                if (irq_ok) begin
                    e_idx_reg <= s_irq_vector[IDX_W-1:0];
                    e_state_reg <= E_READ;
                end else begin
                    bad_cnt <= bad_cnt + 1'b1;
                end
            end
        end
        E_SCAN: begin
            // one vector a cycle; a hit is sent, then the scan goes on
            scan_idx_reg <= scan_idx_reg + 1'b1;
            if (scan_hit) begin
                e_idx_reg <= scan_idx_reg;
                in_scan_reg <= !scan_end;
                e_state_reg <= E_READ;
            end else if (scan_end) begin
                in_scan_reg <= 1'b0;
                e_state_reg <= E_IDLE;
            end
        end
        E_READ: begin
            e_state_reg <= E_CHECK;     // the RAM word of e_idx_reg
        end
        E_CHECK: begin
            if (blocked || mask_reg[e_idx_reg]) begin
                if (!pend_reg[e_idx_reg]) begin
                    pend_cnt <= pend_cnt + 1'b1;
                end
                pend_reg[e_idx_reg] <= 1'b1;
                e_state_reg <= after;
            end else begin
                addr_reg <= {e_hi_q, e_lo_q};
                data_reg <= e_dt_q;
                int_reg <= 1'b1;
                e_state_reg <= E_WAIT;
            end
        end
        default: begin // E_WAIT
            if (cfg_interrupt_msix_sent) begin
                pend_reg[e_idx_reg] <= 1'b0;
                sent_cnt <= sent_cnt + 1'b1;
                e_state_reg <= after;
            end else if (cfg_interrupt_msix_fail) begin
                pend_reg[e_idx_reg] <= 1'b1;
                fail_cnt <= fail_cnt + 1'b1;
                scan_req_reg <= 1'b1;
                e_state_reg <= after;
            end
        end
    endcase

    // unmask events (a vector, the function mask cleared, MSI-X enabled):
    // scan the PBA
    if (unmask || (!en_reg && cfg_interrupt_msix_enable[0]) ||
        (fmask_reg && !cfg_interrupt_msix_mask[0])) begin
        scan_req_reg <= 1'b1;
    end

    if (rst) begin
        in_scan_reg <= 1'b0;
        e_state_reg <= E_IDLE;
        scan_req_reg <= 1'b0;
        scan_idx_reg <= {IDX_W{1'b0}};
        int_reg <= 1'b0;
        mask_reg <= {VECTORS{1'b1}};
        pend_reg <= {VECTORS{1'b0}};
        rsp_valid_reg <= 1'b0;
        h_rd_q <= 1'b0;
        en_reg <= 1'b0;
        fmask_reg <= 1'b1;
        sent_cnt <= 32'd0;
        fail_cnt <= 32'd0;
        pend_cnt <= 32'd0;
        bad_cnt <= 32'd0;
    end
end

endmodule

`resetall
