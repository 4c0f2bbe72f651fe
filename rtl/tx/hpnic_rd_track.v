// SPDX-License-Identifier: MIT
/*
 * RC requester, READ tracking: matches the READ responses and ACKs that come
 * back against the READ this QP has outstanding.
 *
 * The requester (hpnic_req) writes the outstanding READ when it sends the
 * READ REQUEST, in the form the checks below use, computed as it is written
 * rather than as it is read: its first and last response PSNs, whether it
 * awaits responses at all (0 withdraws it: no READ is outstanding any more),
 * its local IO address, its last response's length, and a generation that
 * changes at every (re)issue. This block keeps, per QP, how far the
 * responses have come (the next response PSN expected), and decides for
 * each response:
 *  - in sequence, of the right length: its payload goes to the local buffer
 *    at first address + (PSN - first PSN) * MTU, and it acknowledges what
 *    precedes it (progress for the completer's timer); the last one
 *    completes the READ;
 *  - beyond the one expected: a gap, reported to the completer (go-back-N)
 *    once until a response arrives in sequence again. Late responses of the
 *    old issue would otherwise look like new gaps and rewind again and
 *    again (the timer covers a lost re-issue), as Linux rxe's started_retry
 *    does;
 *  - anything else (duplicate, stray, wrong length): dropped.
 * "In the READ" is two serial-number sign tests side by side, PSN - first
 * >= 0 and last - PSN >= 0: the same as (PSN - first) < packets while a READ
 * has at most 2^23 packets (half the PSN space; libhpnic refuses longer
 * ones, and PSNs are compared modulo 2^24 everywhere else too). The last
 * response's length comes with the descriptor: if the MTU changes while a
 * READ is outstanding, that READ's last response is still held to the
 * length the MTU at its issue gave (its others and their addresses follow
 * the MTU of the moment); libhpnic only sets the MTU before RTR.
 * An ACK or NAK from beyond the response still awaited means the responses
 * were lost or are still behind it on the wire: it is held back until the
 * READ's last response, and only what precedes the awaited response is
 * acknowledged meanwhile, so a READ never completes before its data. That
 * holds for a fatal NAK too: the completer takes one at PSN q as the end of
 * everything before q, READs included.
 *
 * Responses must be decided in arrival order, in the same command stream as
 * every other received packet (hpnic_rx_commit writes payloads in that
 * order). So this block has no pipeline of its own: RX's decision stage
 * (hpnic_rx_decide) carries every packet and plugs it in at its loop stage:
 * look-up at stage 1 (lk_valid, lk_qpn), the decision at stage 2, with the
 * state written back in the same cycle (hpnic_rmw_ram).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rd_track #(
    // QPN bits
    parameter QPN_WIDTH = 12
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * The outstanding READ (one writer: hpnic_req)
     */
    input  wire                  rdesc_wr_en,
    input  wire [QPN_WIDTH-1:0]  rdesc_wr_qpn,
    input  wire [23:0]           rdesc_wr_first_psn,
    input  wire [23:0]           rdesc_wr_last_psn, // first + packets - 1
    input  wire                  rdesc_wr_live,     // awaits responses (0: withdrawn)
    input  wire [63:0]           rdesc_wr_laddr,
    input  wire [12:0]           rdesc_wr_last_len, // the last response's payload bytes
    input  wire [3:0]            rdesc_wr_gen,

    /*
     * Stage 1: look the QP up
     */
    input  wire                  lk_valid,
    input  wire [QPN_WIDTH-1:0]  lk_qpn,

    /*
     * Stage 2: the packet (at most one ev_* set) and the decision
     */
    input  wire [12:0]           mtu,               // the QP's path MTU, 64..4096
    input  wire                  ev_init,           // QP reset: no response expected
    input  wire                  ev_ack,            // ACK or NAK for this QP
    input  wire                  ev_resp,           // READ response for this QP
    input  wire [23:0]           psn,
    input  wire [12:0]           len,               // payload bytes
    input  wire [2:0]            ack_kind,          // ACK_KIND of an ACK/NAK

    output reg                   resp_write,        // the response's payload goes to ...
    output wire [63:0]           resp_addr,         // ... this local IO address
    output reg                   resp_gap,          // a gap to report
    output reg                   cack,              // an event for the completer ...
    output reg  [2:0]            cack_kind,         // ... ACK_KIND
    output reg  [23:0]           cack_psn
);

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_rd_track: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

// the completer's ACK kinds: the register map's (fw/regmap.toml, ACK_KIND)
`include "hpnic_regs.vh"

localparam RDW = 24 + 24 + 1 + 64 + 13 + 4;
wire [RDW-1:0] rdesc;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QPN_WIDTH),
    .DATA_WIDTH(RDW)
)
rdesc_inst (
    .clk(clk),
    .wr_en(rdesc_wr_en),
    .wr_addr(rdesc_wr_qpn),
    .wr_data({rdesc_wr_first_psn, rdesc_wr_last_psn, rdesc_wr_live, rdesc_wr_laddr,
              rdesc_wr_last_len, rdesc_wr_gen}),
    .rd_en(lk_valid),
    .rd_addr(lk_qpn),
    .rd_data(rdesc)
);

wire [23:0] d_first, d_last;
wire        d_live;
wire [63:0] d_laddr;
wire [12:0] d_last_len;
wire [3:0]  d_gen;
assign {d_first, d_last, d_live, d_laddr, d_last_len, d_gen} = rdesc;

/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): exp (the response PSN expected next), gen (the READ generation it
 * belongs to), gap_sent (a gap was reported: not again until a response in
 * sequence), active (a READ awaits responses), pend_valid/pend_kind/pend_psn
 * (an ACK or NAK held back for the completer, with its ACK_KIND). o_* is the word read, n_*
 * the word written back.
 */
`define RDT_ST_DECL(kind, p) \
    kind [23:0] p``_exp; \
    kind [3:0] p``_gen; \
    kind p``_gap_sent; \
    kind p``_active; \
    kind p``_pend_valid; \
    kind [2:0] p``_pend_kind; \
    kind [23:0] p``_pend_psn;
`define RDT_ST(p) p``_exp, p``_gen, p``_gap_sent, p``_active, p``_pend_valid, p``_pend_kind, \
    p``_pend_psn

localparam SW = 24 + 4 + 1 + 1 + 1 + 3 + 24;
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

`RDT_ST_DECL(wire, o)
assign {`RDT_ST(o)} = st_old;

// Each difference to the expected PSN is taken both ways, from the READ
// descriptor and from the state, and the fresh bit picks one: the compares
// do not wait for the pick. Every compare starts from the descriptor or the
// state as read, none behind another's result
wire        fresh = d_gen != o_gen;                  // a READ (re)issued since
wire [23:0] exp = fresh ? d_first : o_exp;
wire [23:0] exp_next = fresh ? d_first + 24'd1 : o_exp + 24'd1;
wire        active = fresh ? d_live : o_active;
wire [23:0] r_idx = psn - d_first;                   // response number
// verilator lint_off UNUSEDSIGNAL
wire [23:0] r_ahead_old = psn - o_exp;              // its sign only
wire [23:0] r_left = d_last - psn;                  // its sign only
// verilator lint_on UNUSEDSIGNAL
wire        r_behind = fresh ? r_idx[23] : r_ahead_old[23];   // before exp
wire        r_at_exp = fresh ? psn == d_first : psn == o_exp;
wire        r_in_read = !r_idx[23] && !r_left[23];  // first <= PSN <= last
wire        r_in_seq = active && r_at_exp && r_in_read;
wire        r_gap = active && !r_behind && !r_at_exp && r_in_read;
// the response's offset, (PSN - first) MTUs: a select by the decoded MTU
// (one bit of 64..4096, which is all the CSR takes), not a shifter behind
// the subtraction
reg  [31:0] r_off;
integer     k;

always @* begin
    r_off = 32'd0;
    for (k = 6; k <= 12; k = k + 1) begin
        r_off = r_off | ({32{mtu[k]}} & ({8'd0, r_idx} << k));
    end
end
wire        r_last = psn == d_last;
wire        r_len_ok = r_last ? len == d_last_len : len == mtu;
// an ACK at or beyond the response still awaited, a NAK past it
wire        ack_past_read = active && !r_behind;
wire        nak_past_read = ack_past_read && !r_at_exp;

assign resp_addr = d_laddr + {32'd0, r_off};

`RDT_ST_DECL(reg, n)

always @* begin
    {`RDT_ST(n)} = st_old;
    resp_write = 1'b0;
    resp_gap = 1'b0;
    cack = 1'b0;
    cack_kind = ack_kind;
    cack_psn = psn;

    if (ev_init) begin
        n_gen = d_gen;                  // no READ response expected yet
        n_exp = d_first;
        n_gap_sent = 1'b0;
        n_active = 1'b0;
        n_pend_valid = 1'b0;
    end else if (ev_ack) begin
        cack = 1'b1;
        n_gen = d_gen;
        n_exp = exp;
        n_active = active;
        if ((ack_kind == HPNIC_ACK_KIND_ACK && ack_past_read) ||
            (ack_kind != HPNIC_ACK_KIND_ACK && nak_past_read)) begin
            n_pend_valid = 1'b1;
            n_pend_kind = ack_kind;
            n_pend_psn = psn;
            cack_kind = HPNIC_ACK_KIND_ACK;
            cack_psn = exp - 24'd1;
        end
    end else if (ev_resp) begin
        n_gen = d_gen;
        n_exp = exp;
        n_active = active;
        cack_kind = HPNIC_ACK_KIND_ACK;
        if (r_in_seq && r_len_ok) begin
            resp_write = 1'b1;
            n_exp = exp_next;
            n_gap_sent = 1'b0;
            cack = 1'b1;
            if (r_last) begin
                cack_kind = HPNIC_ACK_KIND_READ_DONE;
                n_active = 1'b0;
                n_pend_valid = 1'b0;
                if (o_pend_valid) begin
                    // the held-back answer goes now, behind the data
                    cack_kind = o_pend_kind;
                    cack_psn = o_pend_psn;
                end
            end
        end else if (r_gap && !o_gap_sent) begin
            resp_gap = 1'b1;
            cack = 1'b1;
            cack_kind = HPNIC_ACK_KIND_READ_GAP;
            cack_psn = exp;
            n_gap_sent = 1'b1;
        end
    end
    st_new = {`RDT_ST(n)};
end

`undef RDT_ST_DECL
`undef RDT_ST
endmodule

`resetall
