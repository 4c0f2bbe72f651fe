// SPDX-License-Identifier: MIT
/*
 * DMA read multiplexer: PORTS request streams onto the one generic DMA read
 * channel of the PCIe shim, and its completion stream back to them.
 *
 * The generic channel returns each request's data in request order (lane 0
 * is the first byte requested, one tlast per request), so the port each
 * request came from is kept in an order FIFO and the completion beats go to
 * the port at its head. Requests are granted round robin, one per cycle;
 * at most 2^ORDER_LOG2 may be outstanding.
 *
 * A port that stalls its completions holds back the ports behind it: every
 * client here reserves room for its data before it asks (the TX pipe's
 * in-flight budget, the WQE fetcher's response slots).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_dma_rd_mux #(
    // request ports
    parameter PORTS = 2,
    // completion data width
    parameter DATA_WIDTH = 512,
    // log2 of the requests outstanding on the channel
    parameter ORDER_LOG2 = 7
) (
    input  wire                         clk,
    input  wire                         rst,

    /*
     * Ports: requests in, completions out (port p in bits [p*W +: W])
     */
    input  wire [PORTS-1:0]             s_req_valid,
    output wire [PORTS-1:0]             s_req_ready,
    input  wire [PORTS*64-1:0]          s_req_addr,
    input  wire [PORTS*13-1:0]          s_req_len,

    output wire [DATA_WIDTH-1:0]        m_cpl_tdata,        // shared by every port
    output wire [DATA_WIDTH/8-1:0]      m_cpl_tkeep,
    output wire [PORTS-1:0]             m_cpl_tvalid,
    input  wire [PORTS-1:0]             m_cpl_tready,
    output wire                         m_cpl_tlast,

    /*
     * The generic DMA read channel
     */
    output wire                         m_dma_req_valid,
    input  wire                         m_dma_req_ready,
    output wire [63:0]                  m_dma_req_addr,
    output wire [12:0]                  m_dma_req_len,

    input  wire [DATA_WIDTH-1:0]        s_dma_cpl_tdata,
    input  wire [DATA_WIDTH/8-1:0]      s_dma_cpl_tkeep,
    input  wire                         s_dma_cpl_tvalid,
    output wire                         s_dma_cpl_tready,
    input  wire                         s_dma_cpl_tlast
);

localparam PW = (PORTS > 1) ? $clog2(PORTS) : 1;

initial begin
    if (PORTS < 1 || PORTS > 16) begin
        $error("hpnic_dma_rd_mux: PORTS must be 1..16");
        $finish;
    end
end

/*
 * Grant: round robin from the port after the last one granted
 */
wire            order_ready;
wire [PW-1:0]   pick;
wire            pick_valid;
wire            grant;

hpnic_rr_arb #(.PORTS(PORTS), .PW(PW))
arb_inst (
    .clk(clk), .rst(rst),
    .req(s_req_valid), .take(grant), .pick(pick), .pick_valid(pick_valid)
);

assign m_dma_req_valid = pick_valid && order_ready;
assign m_dma_req_addr = s_req_addr[pick*64 +: 64];
assign m_dma_req_len = s_req_len[pick*13 +: 13];

assign grant = m_dma_req_valid && m_dma_req_ready;
assign s_req_ready = grant ? ({{(PORTS-1){1'b0}}, 1'b1} << pick) : {PORTS{1'b0}};


/*
 * Completions: to the port at the head of the order FIFO
 */
wire          head_valid;
wire [PW-1:0] head_port;
wire          cpl_done = s_dma_cpl_tvalid && s_dma_cpl_tready && s_dma_cpl_tlast;
// verilator lint_off UNUSEDSIGNAL
wire [ORDER_LOG2:0] order_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(ORDER_LOG2), .WIDTH(PW))
order_inst (
    .clk(clk), .rst(rst),
    .s_valid(grant), .s_ready(order_ready), .s_data(pick),
    .m_valid(head_valid), .m_ready(cpl_done), .m_data(head_port),
    .count(order_count)
);

assign m_cpl_tdata = s_dma_cpl_tdata;
assign m_cpl_tkeep = s_dma_cpl_tkeep;
assign m_cpl_tlast = s_dma_cpl_tlast;
assign m_cpl_tvalid = (s_dma_cpl_tvalid && head_valid) ?
                      ({{(PORTS-1){1'b0}}, 1'b1} << head_port) : {PORTS{1'b0}};
// a completion without a request (a shim fault) is held, not handed to a
// port that did not ask
assign s_dma_cpl_tready = head_valid && m_cpl_tready[head_port];

endmodule

`resetall
