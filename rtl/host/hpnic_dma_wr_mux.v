// SPDX-License-Identifier: MIT
/*
 * DMA write multiplexer: PORTS write streams (a command, then its data)
 * onto the one generic DMA write channel of the PCIe shim.
 *
 * Commands are granted round robin, one per cycle, and may run ahead of
 * their data; the port of each granted command goes into an order FIFO and
 * the data channel carries the head port's beats up to its tlast. So the
 * channel sees data in command order, as the generic interface requires, and
 * a port's writes stay in the order it issued them (PCIe keeps posted writes
 * in order: a completion written after the payload it reports lands after
 * it).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_dma_wr_mux #(
    // write ports
    parameter PORTS = 2,
    // data width
    parameter DATA_WIDTH = 512,
    // log2 of the commands granted ahead of their data
    parameter ORDER_LOG2 = 5
) (
    input  wire                          clk,
    input  wire                          rst,

    /*
     * Ports (port p in bits [p*W +: W])
     */
    input  wire [PORTS-1:0]              s_cmd_valid,
    output wire [PORTS-1:0]              s_cmd_ready,
    input  wire [PORTS*64-1:0]           s_cmd_addr,
    input  wire [PORTS*13-1:0]           s_cmd_len,

    input  wire [PORTS*DATA_WIDTH-1:0]   s_tdata,
    input  wire [PORTS*DATA_WIDTH/8-1:0] s_tkeep,
    input  wire [PORTS-1:0]              s_tvalid,
    output wire [PORTS-1:0]              s_tready,
    input  wire [PORTS-1:0]              s_tlast,

    /*
     * The generic DMA write channel
     */
    output wire                          m_dma_cmd_valid,
    input  wire                          m_dma_cmd_ready,
    output wire [63:0]                   m_dma_cmd_addr,
    output wire [12:0]                   m_dma_cmd_len,

    output wire [DATA_WIDTH-1:0]         m_dma_tdata,
    output wire [DATA_WIDTH/8-1:0]       m_dma_tkeep,
    output wire                          m_dma_tvalid,
    input  wire                          m_dma_tready,
    output wire                          m_dma_tlast
);

localparam PW = (PORTS > 1) ? $clog2(PORTS) : 1;
localparam KW = DATA_WIDTH / 8;

initial begin
    if (PORTS < 1 || PORTS > 16) begin
        $error("hpnic_dma_wr_mux: PORTS must be 1..16");
        $finish;
    end
end

/*
 * Commands: round robin from the port after the last one granted
 */
wire            order_ready;
wire [PW-1:0]   pick;
wire            pick_valid;
wire            grant;

hpnic_rr_arb #(.PORTS(PORTS), .PW(PW))
arb_inst (
    .clk(clk), .rst(rst),
    .req(s_cmd_valid), .take(grant), .pick(pick), .pick_valid(pick_valid)
);

assign m_dma_cmd_valid = pick_valid && order_ready;
assign m_dma_cmd_addr = s_cmd_addr[pick*64 +: 64];
assign m_dma_cmd_len = s_cmd_len[pick*13 +: 13];

assign grant = m_dma_cmd_valid && m_dma_cmd_ready;
assign s_cmd_ready = grant ? ({{(PORTS-1){1'b0}}, 1'b1} << pick) : {PORTS{1'b0}};


/*
 * Data: the head port's beats, to its tlast
 */
wire          head_valid;
wire [PW-1:0] head_port;
wire          data_done = m_dma_tvalid && m_dma_tready && m_dma_tlast;
// verilator lint_off UNUSEDSIGNAL
wire [ORDER_LOG2:0] order_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(ORDER_LOG2), .WIDTH(PW))
order_inst (
    .clk(clk), .rst(rst),
    .s_valid(grant), .s_ready(order_ready), .s_data(pick),
    .m_valid(head_valid), .m_ready(data_done), .m_data(head_port),
    .count(order_count)
);

assign m_dma_tdata = s_tdata[head_port*DATA_WIDTH +: DATA_WIDTH];
assign m_dma_tkeep = s_tkeep[head_port*KW +: KW];
assign m_dma_tlast = s_tlast[head_port];
assign m_dma_tvalid = head_valid && s_tvalid[head_port];
assign s_tready = (head_valid && m_dma_tready) ? ({{(PORTS-1){1'b0}}, 1'b1} << head_port)
                                               : {PORTS{1'b0}};

endmodule

`resetall
