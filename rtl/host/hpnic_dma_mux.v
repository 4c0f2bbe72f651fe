// SPDX-License-Identifier: MIT
/*
 * DMA multiplexer: PORTS clients onto one generic DMA channel of the PCIe
 * shim, for reads (WRITE = 0) or writes (WRITE = 1).
 *
 * Both directions work the same way. Commands (read requests, or write
 * commands) are granted round robin, one per cycle, and the port of each
 * granted command goes into an order FIFO. The data of the channel is in
 * command order, so the port at the FIFO's head owns the data beats up to
 * the next tlast:
 *
 *   reads:  the channel's completion beats go to the head port
 *           (m_port_t*: data shared, tvalid per port), with the channel's
 *           error flag (tuser on tlast: the read failed);
 *   writes: the head port's beats go to the channel (s_port_t*), so a
 *           port's writes stay in the order it issued them (PCIe keeps
 *           posted writes in order: a completion written after the payload
 *           it reports lands after it).
 *
 * At most 2^ORDER_LOG2 commands are outstanding (reads) or granted ahead
 * of their data (writes). A read port that stalls its completions holds
 * back the ports behind it: every reader here reserves room for its data
 * before it asks (the TX pipe's in-flight budget, the WQE fetcher's
 * response slots).
 *
 * The data ports of the other direction are unused: tie their inputs to 0.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_dma_mux #(
    // 0: a read channel (data from the channel to the ports), 1: a write channel
    parameter WRITE = 0,
    // client ports
    parameter PORTS = 2,
    // data width
    parameter DATA_WIDTH = 512,
    // log2 of the commands in the order FIFO
    parameter ORDER_LOG2 = 7,
    // 1: a register slice (ready registered too) on each port's commands, so
    // that a port's ready does not depend on the other ports' valid through
    // the arbiter (a cycle more per command)
    parameter CMD_SLICE = 0
) (
    input  wire                          clk,
    input  wire                          rst,

    /*
     * Ports (port p in bits [p*W +: W]): commands, then write data in
     * (WRITE = 1) or read data out (WRITE = 0)
     */
    input  wire [PORTS-1:0]              s_cmd_valid,
    output wire [PORTS-1:0]              s_cmd_ready,
    input  wire [PORTS*64-1:0]           s_cmd_addr,
    input  wire [PORTS*13-1:0]           s_cmd_len,

    input  wire [PORTS*DATA_WIDTH-1:0]   s_port_tdata,
    input  wire [PORTS*DATA_WIDTH/8-1:0] s_port_tkeep,
    input  wire [PORTS-1:0]              s_port_tvalid,
    output wire [PORTS-1:0]              s_port_tready,
    input  wire [PORTS-1:0]              s_port_tlast,

    output wire [DATA_WIDTH-1:0]         m_port_tdata,       // shared by every port
    output wire [DATA_WIDTH/8-1:0]       m_port_tkeep,
    output wire [PORTS-1:0]              m_port_tvalid,
    input  wire [PORTS-1:0]              m_port_tready,
    output wire                          m_port_tlast,
    output wire                          m_port_tuser,       // reads: on tlast, the read failed

    /*
     * The generic DMA channel: commands, then write data out or read data in
     */
    output wire                          m_dma_cmd_valid,
    input  wire                          m_dma_cmd_ready,
    output wire [63:0]                   m_dma_cmd_addr,
    output wire [12:0]                   m_dma_cmd_len,

    output wire [DATA_WIDTH-1:0]         m_dma_tdata,
    output wire [DATA_WIDTH/8-1:0]       m_dma_tkeep,
    output wire                          m_dma_tvalid,
    input  wire                          m_dma_tready,
    output wire                          m_dma_tlast,

    input  wire [DATA_WIDTH-1:0]         s_dma_tdata,
    input  wire [DATA_WIDTH/8-1:0]       s_dma_tkeep,
    input  wire                          s_dma_tvalid,
    output wire                          s_dma_tready,
    input  wire                          s_dma_tlast,
    input  wire                          s_dma_tuser
);

localparam PW = (PORTS > 1) ? $clog2(PORTS) : 1;
localparam KW = DATA_WIDTH / 8;

initial begin
    if (WRITE != 0 && WRITE != 1) begin
        $error("hpnic_dma_mux: WRITE must be 0 or 1 (%m)");
        $finish;
    end
    if (PORTS < 1 || PORTS > 16) begin
        $error("hpnic_dma_mux: PORTS must be 1..16 (%m)");
        $finish;
    end
    if (DATA_WIDTH < 8 || DATA_WIDTH % 8 != 0) begin
        $error("hpnic_dma_mux: DATA_WIDTH must be a multiple of 8 (%m)");
        $finish;
    end
    if (ORDER_LOG2 < 1 || ORDER_LOG2 > 16) begin
        $error("hpnic_dma_mux: ORDER_LOG2 must be 1..16 (%m)");
        $finish;
    end
    if (CMD_SLICE != 0 && CMD_SLICE != 1) begin
        $error("hpnic_dma_mux: CMD_SLICE must be 0 or 1 (%m)");
        $finish;
    end
end

/*
 * The ports' commands, through a register slice each with CMD_SLICE
 */
wire [PORTS-1:0]    cmd_valid;
wire [PORTS-1:0]    cmd_ready;
wire [PORTS*64-1:0] cmd_addr;
wire [PORTS*13-1:0] cmd_len;

genvar cp;
generate
for (cp = 0; cp < PORTS; cp = cp + 1) begin : g_cmd
    if (CMD_SLICE) begin : g_slice
        hpnic_reg_slice #(.WIDTH(64 + 13), .SKID(1))
        slice_inst (
            .clk(clk), .rst(rst),
            .s_valid(s_cmd_valid[cp]), .s_ready(s_cmd_ready[cp]),
            .s_data({s_cmd_addr[cp*64 +: 64], s_cmd_len[cp*13 +: 13]}),
            .m_valid(cmd_valid[cp]), .m_ready(cmd_ready[cp]),
            .m_data({cmd_addr[cp*64 +: 64], cmd_len[cp*13 +: 13]})
        );
    end else begin : g_wire
        assign cmd_valid[cp] = s_cmd_valid[cp];
        assign s_cmd_ready[cp] = cmd_ready[cp];
        assign cmd_addr[cp*64 +: 64] = s_cmd_addr[cp*64 +: 64];
        assign cmd_len[cp*13 +: 13] = s_cmd_len[cp*13 +: 13];
    end
end
endgenerate

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
    .req(cmd_valid), .take(grant), .pick(pick), .pick_valid(pick_valid)
);

assign m_dma_cmd_valid = pick_valid && order_ready;
assign m_dma_cmd_addr = cmd_addr[pick*64 +: 64];
assign m_dma_cmd_len = cmd_len[pick*13 +: 13];

assign grant = m_dma_cmd_valid && m_dma_cmd_ready;
assign cmd_ready = grant ? ({{(PORTS-1){1'b0}}, 1'b1} << pick) : {PORTS{1'b0}};

/*
 * Data: the head port's beats, to its tlast
 */
wire          head_valid;
wire [PW-1:0] head_port;
wire          data_done;
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

wire [PORTS-1:0] head_onehot = head_valid ? ({{(PORTS-1){1'b0}}, 1'b1} << head_port)
                                          : {PORTS{1'b0}};

generate
if (WRITE) begin : g_write
    // verilator lint_off UNUSEDSIGNAL
    wire unused_read = |{m_port_tready, s_dma_tdata, s_dma_tkeep, s_dma_tvalid, s_dma_tlast, s_dma_tuser};
    // verilator lint_on UNUSEDSIGNAL

    assign m_dma_tdata = s_port_tdata[head_port*DATA_WIDTH +: DATA_WIDTH];
    assign m_dma_tkeep = s_port_tkeep[head_port*KW +: KW];
    assign m_dma_tlast = s_port_tlast[head_port];
    assign m_dma_tvalid = head_valid && s_port_tvalid[head_port];
    assign s_port_tready = m_dma_tready ? head_onehot : {PORTS{1'b0}};
    assign data_done = m_dma_tvalid && m_dma_tready && m_dma_tlast;

    assign m_port_tdata = {DATA_WIDTH{1'b0}};
    assign m_port_tkeep = {KW{1'b0}};
    assign m_port_tvalid = {PORTS{1'b0}};
    assign m_port_tlast = 1'b0;
    assign m_port_tuser = 1'b0;
    assign s_dma_tready = 1'b0;
end else begin : g_read
    // verilator lint_off UNUSEDSIGNAL
    wire unused_write = |{s_port_tdata, s_port_tkeep, s_port_tvalid, s_port_tlast, m_dma_tready};
    // verilator lint_on UNUSEDSIGNAL

    assign m_port_tdata = s_dma_tdata;
    assign m_port_tkeep = s_dma_tkeep;
    assign m_port_tlast = s_dma_tlast;
    assign m_port_tuser = s_dma_tuser;
    assign m_port_tvalid = s_dma_tvalid ? head_onehot : {PORTS{1'b0}};
    // a completion without a request (a shim fault) is held, not handed to
    // a port that did not ask
    assign s_dma_tready = head_valid && m_port_tready[head_port];
    assign data_done = s_dma_tvalid && s_dma_tready && s_dma_tlast;

    assign m_dma_tdata = {DATA_WIDTH{1'b0}};
    assign m_dma_tkeep = {KW{1'b0}};
    assign m_dma_tvalid = 1'b0;
    assign m_dma_tlast = 1'b0;
    assign s_port_tready = {PORTS{1'b0}};
end
endgenerate

endmodule

`resetall
