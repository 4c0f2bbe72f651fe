// SPDX-License-Identifier: MIT
/*
 * TX frame assembler: header + payload + pad + ICRC, on the 512-bit stream.
 *
 *   DMA data --pad--+--> CRC  <-- view header (one beat per packet, first)
 *                   |     |
 *                   v     v ICRC per packet
 *               data FIFO --> trailer: append the ICRC after the payload
 *                                |
 *                             X register
 *                                |
 *   header -----------------> prepend: shift by the header length, out
 *
 * Payload arrives from the TX gather lane-0 aligned, one packet per
 * request, last beat partial with its unused lanes zero and its byte count
 * given (s_pay_tbytes). The pad stage extends the last beat by the 0..3 pad
 * bytes (they always fit: 64 is a multiple of 4), which are zero already. The CRC sees each packet's ICRC view header beat, then its payload
 * and pad, while the same beats queue in the data FIFO; the trailer stage
 * waits for the ICRC only at a packet's last beat, so under load (the line is
 * slower than the datapath) it never waits. The prepend stage emits the
 * header and shifts everything behind it by the header length, with a carry
 * register: no idle cycle between packets, so a packet of B bytes takes
 * ceil(B/64) cycles. The X register between trailer and prepend costs a
 * cycle, which the CRC's 3-bit tail stages (one stage fewer) give back.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_tx_frame #(
    // log2 of the payload FIFO depth in beats
    parameter DATA_FIFO_LOG2 = 6
) (
    input  wire               clk,
    input  wire               rst,

    /*
     * From the header builder
     */
    input  wire               s_hdr_valid,
    output wire               s_hdr_ready,
    input  wire [116*8-1:0]   s_hdr_data,       // lane 0 first, zero past the header's length
    input  wire [2:0]         s_hdr_cls,        // the length's class (hpnic_hdr_len.vh), from a register

    input  wire               s_view_valid,
    output wire               s_view_ready,
    input  wire [511:0]       s_view_data,
    input  wire [31:0]        s_view_crc_init,
    input  wire               s_view_has_payload,

    /*
     * Payload (DMA read data, one packet per request)
     */
    input  wire [511:0]       s_pay_tdata,
    input  wire [6:0]         s_pay_tbytes,     // 1..64; unused lanes are zero
    input  wire               s_pay_tvalid,
    output wire               s_pay_tready,
    input  wire               s_pay_tlast,
    input  wire               s_pay_tuser,      // on tlast: the payload is bad (a DMA read failed)

    /*
     * Frames out (to the MAC shim), lane 0 first
     */
    output wire [511:0]       m_tdata,
    output wire [63:0]        m_tkeep,
    output wire               m_tvalid,
    input  wire               m_tready,
    output wire               m_tlast
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (DATA_FIFO_LOG2 < 3 || DATA_FIFO_LOG2 > 12) begin
        $error("hpnic_tx_frame: DATA_FIFO_LOG2 must be 3..12 (the beats behind a last beat wait 6 cycles for its ICRC) (%m)");
        $finish;
    end
end

`include "hpnic_lanes.vh"
`include "hpnic_hdr_len.vh"

/*
 * Pad: the last beat grows by the pad bytes (zero: the gather zeroes the
 * unused lanes)
 */
wire [6:0]  pay_n = s_pay_tbytes;
wire [1:0]  pay_pad = 2'd0 - pay_n[1:0];
// bytes of the beat with the pad: the data FIFO carries this count, not a
// keep mask (the trailer only needs the count)
wire [6:0]  pay_n_pad = s_pay_tlast ? pay_n + {5'd0, pay_pad} : 7'd64;
wire [63:0] pay_keep = hpnic_lanes_below(pay_n_pad);
wire [511:0] pay_data = s_pay_tdata;

/*
 * CRC sequencer: the view beat, then (if any) the payload beats, which are
 * also written to the data FIFO: a payload beat moves when both take it
 */
reg        crc_in_payload_reg = 1'b0;
wire       crc_tready;
wire       data_fifo_ready;
wire       info_ready;

// neither ready looks at its own valid: the producers' output registers
// would otherwise feed back into the producers through them
wire view_ready = !crc_in_payload_reg && crc_tready && info_ready;
wire view_go = view_ready && s_view_valid;
wire pay_ready = crc_in_payload_reg && crc_tready && data_fifo_ready;
wire pay_go = pay_ready && s_pay_tvalid;

assign s_view_ready = view_ready;
assign s_pay_tready = pay_ready;

wire [511:0] crc_tdata = crc_in_payload_reg ? pay_data : s_view_data;
wire [63:0]  crc_tkeep = crc_in_payload_reg ? pay_keep : {64{1'b1}};
wire         crc_tlast = crc_in_payload_reg ? s_pay_tlast : !s_view_has_payload;
wire         crc_tvalid = crc_in_payload_reg ? (s_pay_tvalid && data_fifo_ready)
                                             : (s_view_valid && info_ready);

always @(posedge clk) begin
    if (view_go && s_view_has_payload) begin
        crc_in_payload_reg <= 1'b1;
    end
    if (pay_go && s_pay_tlast) begin
        crc_in_payload_reg <= 1'b0;
    end

    if (rst) begin
        crc_in_payload_reg <= 1'b0;
    end
end

wire [31:0] icrc;
wire        icrc_valid;
wire        icrc_ready;
// verilator lint_off UNUSEDSIGNAL
wire [31:0] icrc_state;
// verilator lint_on UNUSEDSIGNAL

hpnic_crc32 #(
    .DATA_WIDTH(512),
    .TAIL_BITS(3)               // 6 cycles to the ICRC: pays for the X register
)
crc_inst (
    .clk(clk),
    .rst(rst),
    .s_tdata(crc_tdata),
    .s_tkeep(crc_tkeep),
    .s_tvalid(crc_tvalid),
    .s_tready(crc_tready),
    .s_tlast(crc_tlast),
    .s_init(s_view_crc_init),      // sampled on the view beat
    .m_crc_value(icrc),
    .m_crc_state(icrc_state),
    .m_crc_valid(icrc_valid),
    .m_crc_ready(icrc_ready)
);

// per packet, in order: has it payload (the trailer needs to know)
wire info_valid, info_has_payload, info_take;
// verilator lint_off UNUSEDSIGNAL
wire [4:0] info_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(1))
info_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(view_go), .s_ready(info_ready), .s_data(s_view_has_payload),
    .m_valid(info_valid), .m_ready(info_take), .m_data(info_has_payload),
    .count(info_count)
);

wire [511:0] q_data;
wire [6:0]   q_n;
wire         q_last, q_bad, q_valid, q_take;
// verilator lint_off UNUSEDSIGNAL
wire [DATA_FIFO_LOG2:0] q_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(DATA_FIFO_LOG2), .WIDTH(512 + 7 + 2), .RAM_STYLE("block"))
data_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(pay_go), .s_ready(data_fifo_ready), .s_data({pay_data, pay_n_pad, s_pay_tlast, s_pay_tlast && s_pay_tuser}),
    .m_valid(q_valid), .m_ready(q_take), .m_data({q_data, q_n, q_last, q_bad}),
    .count(q_count)
);

/*
 * Trailer: X = payload + pad + ICRC, lane 0 aligned; xn is each beat's bytes.
 * A packet whose payload is bad (a DMA read failed, s_pay_tuser) leaves with
 * its ICRC inverted (stomped): the receiver drops it, and the requester's
 * retransmit timer sends it again (docs/pcie.md, "DMA read errors")
 */
wire [31:0] icrc_out = q_bad ? ~icrc : icrc;

reg         tr_extra_reg = 1'b0;        // the ICRC spilled into one more beat
reg [31:0]  tr_spill_reg = 0;           // ICRC bytes left for it
reg [2:0]   tr_spill_n_reg = 0;

wire        x_ready;
reg  [511:0] x_data;
reg  [6:0]   x_n;
reg          x_last, x_valid;
reg          take_q, take_info, take_crc, set_extra;


always @* begin
    x_data = q_data;
    x_n = 7'd64;
    x_last = 1'b0;
    x_valid = 1'b0;
    take_q = 1'b0;
    take_info = 1'b0;
    take_crc = 1'b0;
    set_extra = 1'b0;
    if (tr_extra_reg) begin
        x_valid = 1'b1;
        x_data = {480'd0, tr_spill_reg};
        x_n = {4'd0, tr_spill_n_reg};
        x_last = 1'b1;
    end else if (info_valid && !info_has_payload) begin
        // no payload: the ICRC alone
        x_valid = icrc_valid;
        x_data = {480'd0, icrc};
        x_n = 7'd4;
        x_last = 1'b1;
        take_info = x_ready && icrc_valid;
        take_crc = take_info;
    end else if (info_valid && q_valid && !q_last) begin
        x_valid = 1'b1;
        take_q = x_ready;
    end else if (info_valid && q_valid) begin
        // last payload beat: the ICRC goes right behind it
        x_valid = icrc_valid;
        x_data = q_data | ({480'd0, icrc_out} << {q_n, 3'b000});
        if (q_n <= 7'd60) begin
            x_n = q_n + 7'd4;
            x_last = 1'b1;
        end else begin
            set_extra = 1'b1;
        end
        take_q = x_ready && icrc_valid;
        take_info = take_q;
        take_crc = take_q;
    end
end

assign q_take = take_q;

/*
 * X register: cuts the trailer's ICRC placement from the prepend shifter.
 * Mapped as one cone, Yosys/ABC spent about 1,400 LUTs more on the pair
 * (this block: 13,859 LUTs without the register, 12,438 with it and the
 * CRC's larger tail stages); a plain forward register (ready passes
 * through) keeps one beat per cycle
 */
reg  [511:0] xr_data = 0;
reg          xr_last = 1'b0;
reg          xr_valid = 1'b0;
wire         xr_ready;

// per header class (hpnic_hdr_len.vh), what the prepend stage makes of X
// behind a header of that class: hl mod 64 + xn bytes, and whether they
// fit in one beat. Made here, from the trailer's count, so that the
// prepend stage's last-beat decision (its header FIFO's ready, the keep
// mask) is a select by class, not an add and a compare behind one: the
// add behind the class select put 10 LUT levels on the header FIFO's
// registers and the MAC shim's input in the core
reg  [7*8-1:0] xr_tot = 0;
reg  [7:0]     xr_fits = 0;

assign x_ready = !xr_valid || xr_ready;

genvar gc;
generate
    for (gc = 0; gc < 8; gc = gc + 1) begin : g_cls
        localparam [2:0] CLS = gc;
        localparam [6:0] HL_MOD = hpnic_hl_of_class(CLS) % 7'd64;
        always @(posedge clk) begin
            if (x_ready) begin
                xr_tot[7*gc +: 7] <= HL_MOD + x_n;
                // a compare with a constant, not behind the add
                xr_fits[gc] <= x_n <= 7'd64 - HL_MOD;
            end
        end
    end
endgenerate

always @(posedge clk) begin
    if (x_ready) begin
        xr_valid <= x_valid;
        xr_data <= x_data;
        xr_last <= x_last;
    end

    if (rst) begin
        xr_valid <= 1'b0;
    end
end
assign info_take = take_info;
assign icrc_ready = take_crc;

// the spill, for a last beat with more than 60 bytes: 64 - q_n ICRC bytes
// (1..3) fit in it
wire [1:0] spill_shift = 2'd0 - q_n[1:0];

always @(posedge clk) begin
    if (tr_extra_reg && x_ready) begin
        tr_extra_reg <= 1'b0;
    end
    if (set_extra && take_q) begin
        tr_extra_reg <= 1'b1;
        tr_spill_reg <= icrc_out >> {spill_shift, 3'b000};
        tr_spill_n_reg <= 3'd4 - {1'b0, spill_shift};
    end

    if (rst) begin
        tr_extra_reg <= 1'b0;
    end
end

/*
 * Prepend: the header, then X shifted right by the header's length mod 64
 */
localparam [1:0] PP_START = 2'd0;       // at a packet boundary
localparam [1:0] PP_STREAM = 2'd1;      // shifting X behind the header
localparam [1:0] PP_FLUSH = 2'd2;       // the carry's last bytes

reg [1:0]   pp_state_reg = PP_START;
reg [511:0] carry_reg = 0;
reg [6:0]   carry_n_reg = 0;            // bytes in the carry (flush)

// the classes whose header is longer than one beat
function [7:0] big_classes;
    input [6:0] min_len;
    integer c;
    begin
        for (c = 0; c < 8; c = c + 1) begin
            big_classes[c] = hpnic_hl_of_class(c[2:0]) > min_len;
        end
    end
endfunction
localparam [7:0] CLS_BIG = big_classes(7'd64);

wire        hdr_big = CLS_BIG[s_hdr_cls];

wire         pp_first_big = pp_state_reg == PP_START && s_hdr_valid && hdr_big;

// a beat is the header's first 64 bytes at a packet's start, else the
// carry, ORed with the shifted X unless the header fills the beat or only
// the carry is left: one form for every state, so each bit is a select of
// two and an OR behind the shifter, not a select among three outcomes. The
// header's bytes past its end are zero (s_hdr_data's contract), so X goes
// in behind it without a mask
wire [511:0] o_base = (pp_state_reg == PP_START) ? s_hdr_data[511:0] : carry_reg;
wire         o_wide_on = (pp_state_reg == PP_STREAM) || (pp_state_reg == PP_START && !hdr_big);

// X behind the header: X << 8 * (hl mod 64), as {X, 0} shifted right by
// 64 - hl mod 64 bytes, one of eight amounts picked by the header's class
// (hpnic_hdr_len.vh): an 8-way select per bit, not a 64-way shifter (1,800
// LUTs fewer)
localparam [63:0] PREPEND_SHIFTS = hpnic_hl_shifts(1);

// the carried shift is the held class's (hpnic_hdr_len.vh), not a register
// of its own; at a packet's start the header's class, which the header
// builder sends beside its length, so it is not decoded here
reg  [2:0]    cls_reg = 0;
wire [2:0]    cls_cur = (pp_state_reg == PP_START) ? s_hdr_cls : cls_reg;
wire [1023:0] wide;

hpnic_byte_shr #(
    .IN_BYTES(128),
    .OUT_BYTES(128),
    .SHIFT_WIDTH(3),
    .LIST_LOG2(3),
    .SHIFT_LIST(PREPEND_SHIFTS)
)
prepend_shr_inst (
    .in({xr_data, 512'd0}),
    .shift(cls_cur),
    .out(wide)
);
// header and X bytes in this beat (hl mod 64 + xn), and whether they fit
// it: made at the X register, per class
wire [6:0]    total = xr_tot[7*cls_cur +: 7];
wire          fits = xr_fits[cls_cur];

reg  [511:0] o_data;
reg  [63:0]  o_keep;
reg          o_last, o_valid;
reg          o_take_x, o_take_hdr;

always @* begin
    o_data = o_base | (wide[511:0] & {512{o_wide_on}});
    o_keep = {64{1'b1}};
    o_last = 1'b0;
    o_valid = 1'b0;
    o_take_x = 1'b0;
    o_take_hdr = 1'b0;
    case (pp_state_reg)
        PP_FLUSH: begin
            o_valid = 1'b1;
            o_keep = hpnic_lanes_below(carry_n_reg);
            o_last = 1'b1;
        end
        default: begin
            if (pp_first_big) begin
                // a header longer than one beat: its first 64 bytes alone
                o_valid = 1'b1;
            end else if ((pp_state_reg == PP_STREAM || s_hdr_valid) && xr_valid) begin
                o_valid = 1'b1;
                o_take_x = m_tready;
                if (xr_last && fits) begin
                    o_keep = hpnic_lanes_below(total);
                    o_last = 1'b1;
                end
            end
        end
    endcase
    o_take_hdr = m_tready && o_valid && o_last;
end

assign xr_ready = o_take_x;
assign s_hdr_ready = o_take_hdr;

always @(posedge clk) begin
    if (m_tready && o_valid) begin
        case (pp_state_reg)
            PP_FLUSH: begin
                pp_state_reg <= PP_START;
            end
            default: begin
                if (pp_first_big) begin
                    pp_state_reg <= PP_STREAM;
                    carry_reg <= {96'd0, s_hdr_data[927:512]};
                    cls_reg <= cls_cur;
                end else begin
                    carry_reg <= wide[1023:512];
                    cls_reg <= cls_cur;
                    if (xr_last && fits) begin
                        pp_state_reg <= PP_START;
                    end else if (xr_last) begin
                        pp_state_reg <= PP_FLUSH;
                        carry_n_reg <= total - 7'd64;
                    end else begin
                        pp_state_reg <= PP_STREAM;
                    end
                end
            end
        endcase
    end

    if (rst) begin
        pp_state_reg <= PP_START;
    end
end

assign m_tdata = o_data;
assign m_tkeep = o_keep;
assign m_tvalid = o_valid;
assign m_tlast = o_last;

endmodule

`resetall
