// SPDX-License-Identifier: MIT
/*
 * PCIe shim: the boundary between the core and whatever speaks PCIe. Its
 * outer side is the generic interface of docs/host.md (CSR port, in-order
 * DMA read channel, DMA write channel, interrupt requests); its inner side
 * is the same interface to hpnic_host. Between them every channel crosses a
 * register slice, so a board's vendor-IP adapter (QDMA, XDMA, Corundum's DMA
 * interface) and the core meet without a combinational path, and adapting
 * an IP means writing only the outer side's logic, in the board's folder.
 * The simulator drives the outer side with its PCIe model (sim/nic).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie_shim #(
    // DMA data width
    parameter DATA_WIDTH = 512
) (
    input  wire                    clk,
    input  wire                    rst,

    /*
     * Outer side: the PCIe adapter (or the simulator's model)
     */
    input  wire                    s_csr_valid,
    output wire                    s_csr_ready,
    input  wire [24:0]             s_csr_addr,
    input  wire                    s_csr_write,
    input  wire [31:0]             s_csr_wdata,
    output wire                    m_csr_rsp_valid,
    input  wire                    m_csr_rsp_ready,
    output wire [31:0]             m_csr_rsp_rdata,

    output wire                    m_dma_rd_req_valid,
    input  wire                    m_dma_rd_req_ready,
    output wire [63:0]             m_dma_rd_req_addr,
    output wire [12:0]             m_dma_rd_req_len,
    input  wire [DATA_WIDTH-1:0]   s_dma_rd_cpl_tdata,
    input  wire [DATA_WIDTH/8-1:0] s_dma_rd_cpl_tkeep,
    input  wire                    s_dma_rd_cpl_tvalid,
    output wire                    s_dma_rd_cpl_tready,
    input  wire                    s_dma_rd_cpl_tlast,
    input  wire                    s_dma_rd_cpl_tuser,   // on tlast: the read failed

    output wire                    m_dma_wr_req_valid,
    input  wire                    m_dma_wr_req_ready,
    output wire [63:0]             m_dma_wr_req_addr,
    output wire [12:0]             m_dma_wr_req_len,
    output wire [DATA_WIDTH-1:0]   m_dma_wr_tdata,
    output wire [DATA_WIDTH/8-1:0] m_dma_wr_tkeep,
    output wire                    m_dma_wr_tvalid,
    input  wire                    m_dma_wr_tready,
    output wire                    m_dma_wr_tlast,

    output wire                    m_irq_valid,
    input  wire                    m_irq_ready,
    output wire [10:0]             m_irq_vector,

    /*
     * Inner side: hpnic_host
     */
    output wire                    m_core_csr_valid,
    input  wire                    m_core_csr_ready,
    output wire [24:0]             m_core_csr_addr,
    output wire                    m_core_csr_write,
    output wire [31:0]             m_core_csr_wdata,
    input  wire                    s_core_csr_rsp_valid,
    output wire                    s_core_csr_rsp_ready,
    input  wire [31:0]             s_core_csr_rsp_rdata,

    input  wire                    s_core_rd_req_valid,
    output wire                    s_core_rd_req_ready,
    input  wire [63:0]             s_core_rd_req_addr,
    input  wire [12:0]             s_core_rd_req_len,
    output wire [DATA_WIDTH-1:0]   m_core_rd_cpl_tdata,
    output wire [DATA_WIDTH/8-1:0] m_core_rd_cpl_tkeep,
    output wire                    m_core_rd_cpl_tvalid,
    input  wire                    m_core_rd_cpl_tready,
    output wire                    m_core_rd_cpl_tlast,
    output wire                    m_core_rd_cpl_tuser,

    input  wire                    s_core_wr_req_valid,
    output wire                    s_core_wr_req_ready,
    input  wire [63:0]             s_core_wr_req_addr,
    input  wire [12:0]             s_core_wr_req_len,
    input  wire [DATA_WIDTH-1:0]   s_core_wr_tdata,
    input  wire [DATA_WIDTH/8-1:0] s_core_wr_tkeep,
    input  wire                    s_core_wr_tvalid,
    output wire                    s_core_wr_tready,
    input  wire                    s_core_wr_tlast,

    input  wire                    s_core_irq_valid,
    output wire                    s_core_irq_ready,
    input  wire [10:0]             s_core_irq_vector
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (DATA_WIDTH < 32 || DATA_WIDTH % 32 != 0) begin
        $error("hpnic_pcie_shim: DATA_WIDTH must be a multiple of 32 (%m)");
        $finish;
    end
end

localparam KW = DATA_WIDTH / 8;

hpnic_reg_slice #(.WIDTH(25 + 1 + 32))
csr_req_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_csr_valid), .s_ready(s_csr_ready), .s_data({s_csr_addr, s_csr_write, s_csr_wdata}),
    .m_valid(m_core_csr_valid), .m_ready(m_core_csr_ready),
    .m_data({m_core_csr_addr, m_core_csr_write, m_core_csr_wdata})
);

hpnic_reg_slice #(.WIDTH(32))
csr_rsp_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_core_csr_rsp_valid), .s_ready(s_core_csr_rsp_ready), .s_data(s_core_csr_rsp_rdata),
    .m_valid(m_csr_rsp_valid), .m_ready(m_csr_rsp_ready), .m_data(m_csr_rsp_rdata)
);

hpnic_reg_slice #(.WIDTH(64 + 13))
rd_req_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_core_rd_req_valid), .s_ready(s_core_rd_req_ready),
    .s_data({s_core_rd_req_addr, s_core_rd_req_len}),
    .m_valid(m_dma_rd_req_valid), .m_ready(m_dma_rd_req_ready),
    .m_data({m_dma_rd_req_addr, m_dma_rd_req_len})
);

hpnic_reg_slice #(.WIDTH(DATA_WIDTH + KW + 2))
rd_cpl_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_dma_rd_cpl_tvalid), .s_ready(s_dma_rd_cpl_tready),
    .s_data({s_dma_rd_cpl_tdata, s_dma_rd_cpl_tkeep, s_dma_rd_cpl_tlast, s_dma_rd_cpl_tuser}),
    .m_valid(m_core_rd_cpl_tvalid), .m_ready(m_core_rd_cpl_tready),
    .m_data({m_core_rd_cpl_tdata, m_core_rd_cpl_tkeep, m_core_rd_cpl_tlast, m_core_rd_cpl_tuser})
);

hpnic_reg_slice #(.WIDTH(64 + 13))
wr_req_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_core_wr_req_valid), .s_ready(s_core_wr_req_ready),
    .s_data({s_core_wr_req_addr, s_core_wr_req_len}),
    .m_valid(m_dma_wr_req_valid), .m_ready(m_dma_wr_req_ready),
    .m_data({m_dma_wr_req_addr, m_dma_wr_req_len})
);

hpnic_reg_slice #(.WIDTH(DATA_WIDTH + KW + 1))
wr_data_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_core_wr_tvalid), .s_ready(s_core_wr_tready),
    .s_data({s_core_wr_tdata, s_core_wr_tkeep, s_core_wr_tlast}),
    .m_valid(m_dma_wr_tvalid), .m_ready(m_dma_wr_tready),
    .m_data({m_dma_wr_tdata, m_dma_wr_tkeep, m_dma_wr_tlast})
);

hpnic_reg_slice #(.WIDTH(11))
irq_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_core_irq_valid), .s_ready(s_core_irq_ready), .s_data(s_core_irq_vector),
    .m_valid(m_irq_valid), .m_ready(m_irq_ready), .m_data(m_irq_vector)
);

endmodule

`resetall
