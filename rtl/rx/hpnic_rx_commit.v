// SPDX-License-Identifier: MIT
/*
 * RX commit: carries out hpnic_rx_decide's verdicts in order: write a
 * buffered payload to memory (a DMA write command, then its data) or discard
 * it, then release the packet's completer event, if any. Nothing reaches
 * memory before the ICRC and every protection check have passed, and no
 * completer event overtakes a payload written before it: a WQE never
 * completes before its data is in memory.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_commit #(
    // QPN bits
    parameter QPN_WIDTH = 12
) (
    input  wire                  clk,
    input  wire                  rst,

    // verdicts
    input  wire                  s_commit_valid,
    output wire                  s_commit_ready,
    input  wire [1:0]            s_commit_pay,      // 0 none, 1 write, 2 drop
    input  wire [63:0]           s_commit_addr,
    input  wire [12:0]           s_commit_len,
    input  wire                  s_commit_cack,
    input  wire [QPN_WIDTH+3+24+1+336-1:0] s_commit_cack_data,

    // buffered payloads (lane 0 aligned)
    input  wire [511:0]          s_pay_tdata,
    input  wire [63:0]           s_pay_tkeep,
    input  wire                  s_pay_tvalid,
    output wire                  s_pay_tready,
    input  wire                  s_pay_tlast,

    // DMA write: a command, then its data
    output wire                  m_dma_wr_cmd_valid,
    input  wire                  m_dma_wr_cmd_ready,
    output wire [63:0]           m_dma_wr_cmd_addr,
    output wire [12:0]           m_dma_wr_cmd_len,

    output wire [511:0]          m_dma_wr_tdata,
    output wire [63:0]           m_dma_wr_tkeep,
    output wire                  m_dma_wr_tvalid,
    input  wire                  m_dma_wr_tready,
    output wire                  m_dma_wr_tlast,

    // completer events, released in order
    output wire                  m_cack_valid,
    input  wire                  m_cack_ready,
    output wire [QPN_WIDTH+3+24+1+336-1:0] m_cack_data
);

localparam [2:0] ST_IDLE = 3'd0, ST_CMD = 3'd1, ST_DATA = 3'd2, ST_DROP = 3'd3, ST_CACK = 3'd4;
localparam [1:0] CM_WRITE = 2'd1, CM_DROP = 2'd2;

reg [2:0]  state_reg = ST_IDLE;
reg [63:0] addr_reg = 0;
reg [12:0] len_reg = 0;
reg        cack_reg = 1'b0;
reg [QPN_WIDTH+3+24+1+336-1:0] cack_data_reg = 0;

assign s_commit_ready = state_reg == ST_IDLE;

assign m_dma_wr_cmd_valid = state_reg == ST_CMD;
assign m_dma_wr_cmd_addr = addr_reg;
assign m_dma_wr_cmd_len = len_reg;

assign m_dma_wr_tdata = s_pay_tdata;
assign m_dma_wr_tkeep = s_pay_tkeep;
assign m_dma_wr_tlast = s_pay_tlast;
assign m_dma_wr_tvalid = state_reg == ST_DATA && s_pay_tvalid;
assign s_pay_tready = (state_reg == ST_DATA && m_dma_wr_tready) || state_reg == ST_DROP;

assign m_cack_valid = state_reg == ST_CACK;
assign m_cack_data = cack_data_reg;

wire pay_done = s_pay_tvalid && s_pay_tready && s_pay_tlast;

always @(posedge clk) begin
    case (state_reg)
        ST_IDLE: begin
            if (s_commit_valid) begin
                addr_reg <= s_commit_addr;
                len_reg <= s_commit_len;
                cack_reg <= s_commit_cack;
                cack_data_reg <= s_commit_cack_data;
                state_reg <= (s_commit_pay == CM_WRITE) ? ST_CMD :
                             (s_commit_pay == CM_DROP) ? ST_DROP : ST_CACK;
            end
        end
        ST_CMD: begin
            if (m_dma_wr_cmd_ready) begin
                state_reg <= ST_DATA;
            end
        end
        ST_DATA, ST_DROP: begin
            if (pay_done) begin
                state_reg <= cack_reg ? ST_CACK : ST_IDLE;
            end
        end
        default: begin
            if (m_cack_ready) begin
                state_reg <= ST_IDLE;
            end
        end
    endcase

    if (rst) begin
        state_reg <= ST_IDLE;
    end
end

endmodule

`resetall
