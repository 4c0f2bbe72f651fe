// SPDX-License-Identifier: MIT
/*
 * RC responder, sending side: the READ response each QP is sending.
 *
 * A READ request the responder accepted (hpnic_rx_decide checks it) becomes
 * READ work: a PSN, a local IO range and the MSN to report. This block keeps,
 * per QP, the response being sent (next PSN, bytes left, end address, MSN,
 * first or not), cuts it into packets of the path MTU, and builds each
 * packet's descriptor: opcode RESP FIRST/MIDDLE/LAST/ONLY, PSN, payload
 * address and length, and the AETH (ACK syndrome with the MSN).
 *
 * It has no event pipeline of its own. A QP's requests and responses share
 * the QP's PktSend credit, so the requester's send loop (hpnic_req) carries
 * every event for the QP and plugs this block in at its loop stage:
 *  - stage 1 (lk_valid, lk_qpn): the QP's response state is read;
 *  - stage 2: the requester sees whether a response is pending (rsp_valid),
 *    its next packet's payload bytes and whether it carries an AETH (for
 *    its wire cost: rsp_plen, rsp_aeth) and whether it is the last
 *    (rsp_last), decides, and tells this block what happened: new READ
 *    work replaces the response (ev_read), one packet went out (ev_send), or
 *    the QP was reset or failed (ev_abort). The state is written back in the
 *    same cycle (hpnic_rmw_ram), so events for one QP may follow each other
 *    every cycle, as in the requester's own loop;
 *  - stage 3: the descriptor of the packet sent (d_*).
 * The READ being answered came from the responder's READ queue
 * (hpnic_qp_queue) with a tag; when it ends (its last packet went out, or
 * the QP was reset or failed while it was being sent) done/done_tag say so
 * at stage 2, and the queue issues the QP's next READ. A READ replaced by
 * new READ work needs no done: the queue replaced it itself.
 * New READ work also reports what it will cost in packets and extension
 * headers (read_npkts, read_ext), which the requester announces to the
 * scheduler as work.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_resp_tx #(
    // QPN bits
    parameter QPN_WIDTH = 12
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Stage 1: look the QP up
     */
    input  wire                  lk_valid,
    input  wire [QPN_WIDTH-1:0]  lk_qpn,

    /*
     * Stage 2: the QP's path MTU and per-packet wire overhead, the pending
     * response, and what the requester's loop did with it
     */
    input  wire [3:0]            mtu_log2,          // 6..12
    input  wire [12:0]           mtu,               // the same, decoded
    output wire                  rsp_valid,         // a response packet is pending
    output wire                  rsp_last,          // ... and it is the response's last
    output wire [12:0]           rsp_plen,          // ... its payload bytes
    output wire                  rsp_aeth,          // ... and it carries an AETH

    input  wire                  ev_read,           // new READ work replaces the response
    input  wire [23:0]           ev_read_psn,
    input  wire [63:0]           ev_read_end,       // one past the last byte (IO address)
    input  wire [31:0]           ev_read_len,
    input  wire [23:0]           ev_read_msn,
    input  wire [7:0]            ev_read_tag,       // from the READ queue
    output wire [23:0]           read_npkts,        // its packets
    output wire [4:0]            read_ext,          // its extension-header bytes (AETH)

    input  wire                  ev_send,           // the pending packet went out
    input  wire                  ev_abort,          // QP reset or failed: forget it
    output wire                  done,              // the READ being answered ended
    output wire [7:0]            done_tag,

    /*
     * Stage 3: the descriptor of the packet ev_send sent
     */
    output reg  [7:0]            d_opcode = 8'd0,
    output reg  [23:0]           d_psn = 24'd0,
    output reg  [12:0]           d_len = 13'd0,
    output wire [63:0]           d_addr,
    output wire [31:0]           d_aeth             // {syndrome, MSN}
);

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_resp_tx: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

// BTH opcodes and AETH syndromes: the register map's (fw/regmap.toml)
`include "hpnic_regs.vh"

localparam [4:0] EXT_AETH = 5'd4;

/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): valid (a response is being sent), first (its next packet is the
 * first), last (... the last), aeth (... carries an AETH: first or last,
 * kept beside them so that the requester's cost of the packet starts from
 * the RAM rather than an OR of two bits), psn (the next packet's), rem
 * (bytes not yet sent), end (one past its last byte: the next packet's
 * address is end - rem), msn (for the AETH), tag (the READ queue's). o_* is
 * the word read, n_* the word written back.
 */
`define RESP_ST_DECL(kind, p) \
    kind p``_valid; \
    kind p``_first; \
    kind p``_last; \
    kind p``_aeth; \
    kind [23:0] p``_psn; \
    kind [31:0] p``_rem; \
    kind [63:0] p``_end; \
    kind [23:0] p``_msn; \
    kind [7:0] p``_tag;
`define RESP_ST(p) p``_valid, p``_first, p``_last, p``_aeth, p``_psn, p``_rem, p``_end, p``_msn, p``_tag

localparam SW = 1 + 1 + 1 + 1 + 24 + 32 + 64 + 24 + 8;
wire [SW-1:0] st_old;
reg  [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QPN_WIDTH),
    .DATA_WIDTH(SW)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(lk_valid),
    .rd_addr(lk_qpn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

`RESP_ST_DECL(wire, o)
assign {`RESP_ST(o)} = st_old;

// the next packet: one MTU, or what is left. Whether it is the last is a
// state bit (last), decided as rem is written: at a packet, rem <= 2 MTU
// says whether the one after is the last; so the length and the cost the
// requester forms from it do not wait for a compare
wire [12:0] plen = o_last ? o_rem[12:0] : mtu;

assign rsp_valid = o_valid;
assign rsp_last = o_last;
// the requester adds the pad, the per-packet overhead and the AETH (FIRST,
// LAST and ONLY carry one) into its balance itself
assign rsp_plen = plen;
assign rsp_aeth = o_aeth;             // o_first || o_last

// new READ work: max(1, ceil(len / MTU)) packets, AETH on the first and last
// verilator lint_off UNUSEDSIGNAL
wire [31:0] read_npkts_full = (ev_read_len + {19'd0, mtu} - 32'd1) >> mtu_log2;
// verilator lint_on UNUSEDSIGNAL
assign read_npkts = (ev_read_len == 0) ? 24'd1 : read_npkts_full[23:0];
// one packet exactly when len <= MTU (0 included): a compare on the length,
// not on the quotient, so the requester's cost sum does not wait for the
// add and the shift (10 LUT levels into hpnic_req's s3 in the whole core)
assign read_ext = (ev_read_len <= {19'd0, mtu}) ? EXT_AETH : (EXT_AETH << 1);

assign done = o_valid && ((ev_send && o_last) || ev_abort);
assign done_tag = o_tag;

`RESP_ST_DECL(reg, n)

always @* begin
    {`RESP_ST(n)} = st_old;
    if (ev_abort) begin
        n_valid = 1'b0;
    end else if (ev_read) begin
        // a new or repeated READ replaces the one being answered
        n_valid = 1'b1;
        n_first = 1'b1;
        n_psn = ev_read_psn;
        n_rem = ev_read_len;
        n_last = ev_read_len <= {19'd0, mtu};
        n_aeth = 1'b1;
        n_end = ev_read_end;
        n_msn = ev_read_msn;
        n_tag = ev_read_tag;
    end else if (ev_send) begin
        n_psn = o_psn + 24'd1;
        n_rem = o_rem - {19'd0, plen};
        n_last = o_rem <= {18'd0, mtu, 1'b0};   // the next one (if any) is the last
        n_first = 1'b0;
        n_aeth = n_last;
        n_valid = !rsp_last;
    end
    st_new = {`RESP_ST(n)};
end

/*
 * Stage 3: the descriptor. The address subtraction is left to this stage,
 * as it is on the requester's side.
 */
reg [63:0] d_end_reg = 64'd0;
reg [31:0] d_rem_reg = 32'd0;
reg [23:0] d_msn_reg = 24'd0;

always @(posedge clk) begin
    d_opcode <= (o_first && rsp_last) ? HPNIC_BTH_OP_RESP_ONLY :
                o_first ? HPNIC_BTH_OP_RESP_FIRST :
                rsp_last ? HPNIC_BTH_OP_RESP_LAST : HPNIC_BTH_OP_RESP_MIDDLE;
    d_psn <= o_psn;
    d_len <= plen;
    d_end_reg <= o_end;
    d_rem_reg <= o_rem;
    d_msn_reg <= o_msn;
end

assign d_addr = d_end_reg - {32'd0, d_rem_reg};
assign d_aeth = {HPNIC_AETH_SYN_ACK, d_msn_reg};

`undef RESP_ST_DECL
`undef RESP_ST
endmodule

`resetall
