// SPDX-License-Identifier: MIT
/*
 * Per-QP queues of work items in one pool shared by every QP, with up to
 * SERVE items per QP "in service" downstream.
 *
 * Used twice by the RC transport, for the READs a QP has outstanding:
 *  - the responder's READ queue (SERVE = 1): READ requests a QP accepted
 *    wait here while the responder's sending side answers the one before;
 *  - the requester's READ descriptors (SERVE = 4): the READs a QP has sent
 *    wait here until the READ tracking has a free descriptor slot.
 *
 * Events, one per cycle, in this priority:
 *  - done (qpn, tag): the oldest item in service finished. The next queued
 *    item, if any, is issued; a tag from before the last flush is ignored
 *    (counted), so a flush and a done that cross never double-count;
 *  - flush (qpn): every item of the QP is forgotten, in service or queued;
 *    the epoch moves on. A flush item is issued (downstream invalidates);
 *  - push (qpn, data, key, dup): a new item. Issued at once while the QP
 *    has fewer than SERVE in service and nothing queued; queued otherwise.
 *    A QP holds at most 2^LIMIT_LOG2 items (in service and queued), the
 *    pool 2^POOL_LOG2 queued items in all; a push beyond either is dropped
 *    and counted. A dup push whose key is not after the last push's (serial
 *    numbers, KEY_WIDTH bits) first flushes the QP: a repeated READ request
 *    means its requester went back to it, and everything after it will come
 *    again (go-back-N).
 *  - mark (qpn, data), with MARKS = 1: something that must not pass the
 *    QP's items (the responder's ACKs and NAKs behind its READ responses).
 *    A QP that holds nothing lets it through at once (its m_mark output);
 *    one that holds items keeps it, the latest only (the answers it stands
 *    for are cumulative; only its low MARK_HOLD_WIDTH bits are kept), until
 *    the QP holds nothing again: then it goes. A later push the queue takes
 *    drops it (the pushed item's own answer covers it), and so does a flush
 *    (a QP reset).
 *    The lowest priority of the four.
 * Each issued item carries a tag {epoch, gen}: gen counts the QP's issues
 * since its last flush, so the SERVE slots downstream are gen mod SERVE.
 *
 * Why a pool: a ring per QP as deep as the limit (16 READs) for 4096 QPs is
 * 64K entries; what the whole NIC has in flight is far less.
 *
 * Pipeline: stage 0 picks an event (only while the output FIFO has room
 * for everything in flight), stage 1 reads the QP's state (hpnic_rmw_ram),
 * stage 2 decides and writes it back in the same cycle, so events for one
 * QP may follow every cycle. The pool's data is read at stage 2 for an
 * issue from the queue; stage 3 hands the item to the output FIFO. The
 * links between entries (next) and the free list share one distributed RAM
 * read without latency, so a pop and an allocation resolve in stage 2.
 *
 * After reset every QP's state is cleared and the free list rebuilt, one
 * QP and one entry per cycle (max of 2^QPN_WIDTH and 2^POOL_LOG2 cycles),
 * before any event is taken.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_qp_queue #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // item width
    parameter DATA_WIDTH = 64,
    // key width (serial numbers: the PSN)
    parameter KEY_WIDTH = 24,
    // log2 of the pool's entries
    parameter POOL_LOG2 = 10,
    // items in service per QP: 1, 2 or 4
    parameter SERVE = 1,
    // log2 of the items a QP may hold, in service and queued
    parameter LIMIT_LOG2 = 4,
    // log2 of the output FIFO's depth
    parameter FIFO_LOG2 = 3,
    // marks: 1 to have them; their width, and the bits a held one keeps
    parameter MARKS = 0,
    parameter MARK_WIDTH = 1,
    parameter MARK_HOLD_WIDTH = 1
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire                   s_push_valid,
    output wire                   s_push_ready,
    input  wire [QPN_WIDTH-1:0]   s_push_qpn,
    input  wire [DATA_WIDTH-1:0]  s_push_data,
    input  wire [KEY_WIDTH-1:0]   s_push_key,
    input  wire                   s_push_dup,

    input  wire                   s_flush_valid,
    output wire                   s_flush_ready,
    input  wire [QPN_WIDTH-1:0]   s_flush_qpn,

    input  wire                   s_mark_valid,      // (MARKS = 1)
    output wire                   s_mark_ready,
    input  wire [QPN_WIDTH-1:0]   s_mark_qpn,
    input  wire [MARK_WIDTH-1:0]  s_mark_data,

    input  wire                   s_done_valid,
    output wire                   s_done_ready,
    input  wire [QPN_WIDTH-1:0]   s_done_qpn,
    input  wire [7:0]             s_done_tag,        // {epoch, gen}

    output wire                   m_valid,
    input  wire                   m_ready,
    output wire [QPN_WIDTH-1:0]   m_qpn,
    output wire [DATA_WIDTH-1:0]  m_data,
    output wire [7:0]             m_tag,             // {epoch, gen}
    output wire                   m_flush,           // all the QP's items are gone

    output wire                   m_mark_valid,
    input  wire                   m_mark_ready,
    output wire [QPN_WIDTH-1:0]   m_mark_qpn,
    output wire [MARK_WIDTH-1:0]  m_mark_data,       // a held one: its low MARK_HOLD_WIDTH bits

    output wire                   init_done,
    output reg  [31:0]            stat_drop_full = 0,   // pushes over a QP's limit
    output reg  [31:0]            stat_drop_pool = 0,   // pushes with the pool empty
    output reg  [31:0]            stat_done_stale = 0,  // dones from before a flush
    output reg  [31:0]            stat_mark_held = 0    // marks held behind the QP's items
);

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_qp_queue: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
    if (POOL_LOG2 < 2 || POOL_LOG2 > 14) begin
        $error("hpnic_qp_queue: POOL_LOG2 must be 2..14 (%m)");
        $finish;
    end
    if (SERVE != 1 && SERVE != 2 && SERVE != 4) begin
        $error("hpnic_qp_queue: SERVE must be 1, 2 or 4 (%m)");
        $finish;
    end
    if (LIMIT_LOG2 < 2 || LIMIT_LOG2 > 7) begin
        $error("hpnic_qp_queue: LIMIT_LOG2 must be 2..7 (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 3 || FIFO_LOG2 > 8) begin
        $error("hpnic_qp_queue: FIFO_LOG2 must be 3..8 (%m)");
        $finish;
    end
    if (MARK_HOLD_WIDTH < 1 || MARK_HOLD_WIDTH > MARK_WIDTH) begin
        $error("hpnic_qp_queue: MARK_HOLD_WIDTH must be 1..MARK_WIDTH (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;
localparam PL = POOL_LOG2;
localparam LW = LIMIT_LOG2 + 1;     // counts 0..2^LIMIT_LOG2

/*
 * Clearing pass after reset
 */
localparam CLR_LOG2 = (QW > PL) ? QW : PL;
reg                clr_active = 1'b1;
reg [CLR_LOG2-1:0] clr_idx = 0;

/*
 * Stage 0: pick an event (done, flush, push), only with room downstream
 */
localparam [2:0] EV_PUSH = 3'd0, EV_FLUSH = 3'd1, EV_DONE = 3'd2, EV_CLR = 3'd3, EV_MARK = 3'd4;
wire [FIFO_LOG2:0] out_count, mk_count;
reg                room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= out_count < (1 << FIFO_LOG2) - 4 && mk_count < (1 << FIFO_LOG2) - 4;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

assign init_done = !clr_active;
wire go = room_reg && !clr_active;
wire take_done = go && s_done_valid;
wire take_flush = go && !s_done_valid && s_flush_valid;
wire take_push = go && !s_done_valid && !s_flush_valid && s_push_valid;
wire take_mark = go && !s_done_valid && !s_flush_valid && !s_push_valid && s_mark_valid &&
                 MARKS != 0;
assign s_done_ready = take_done;
assign s_flush_ready = take_flush;
assign s_push_ready = take_push;
assign s_mark_ready = take_mark;

reg                  s1_valid = 1'b0;
reg [2:0]            s1_type = EV_PUSH;
reg [MARK_WIDTH-1:0] s1_mark = 0;
reg [QW-1:0]         s1_qpn = 0;
reg [DATA_WIDTH-1:0] s1_data = 0;
reg [KEY_WIDTH-1:0]  s1_key = 0;
reg                  s1_dup = 1'b0;
reg [7:0]            s1_tag = 0;

always @(posedge clk) begin
    s1_valid <= take_done || take_flush || take_push || take_mark || clr_active;
    s1_type <= clr_active ? EV_CLR : take_done ? EV_DONE : take_flush ? EV_FLUSH :
               take_mark ? EV_MARK : EV_PUSH;
    s1_qpn <= clr_active ? clr_idx[(QW > 0 ? QW - 1 : 0):0] : take_done ? s_done_qpn :
              take_flush ? s_flush_qpn : take_mark ? s_mark_qpn : s_push_qpn;
    s1_mark <= s_mark_data;
    s1_data <= s_push_data;
    s1_key <= s_push_key;
    s1_dup <= s_push_dup;
    s1_tag <= s_done_tag;
    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1 -> 2: the QP's state. Every field named once, in the word's order
 * (MSB first): serving (items in service), qcount (items queued), held
 * (their sum, kept so the limit test is one bit), head and tail (the
 * queue's first and last entries), last_key (the last push's), epoch (moves
 * on at each flush), gen (the next issue's), old (the oldest in service's:
 * a done's tag is compared with it as stored), mk_valid/mk (a mark held).
 * The decision's tests are made from these fields side by side, not from
 * sums of them.
 */
localparam MHW = MARKS != 0 ? MARK_HOLD_WIDTH : 1;
localparam SVW = 3;
localparam [SVW-1:0] SERVE_N = SERVE[SVW-1:0];
`define QQ_ST_DECL(kind, p) \
    kind [SVW-1:0] p``_serving; \
    kind [LW-1:0] p``_qcount; \
    kind [LW-1:0] p``_held; \
    kind [PL-1:0] p``_head; \
    kind [PL-1:0] p``_tail; \
    kind [KEY_WIDTH-1:0] p``_last_key; \
    kind [3:0] p``_epoch; \
    kind [3:0] p``_gen; \
    kind [3:0] p``_old; \
    kind p``_mk_valid; \
    kind [MHW-1:0] p``_mk;
`define QQ_ST(p) p``_serving, p``_qcount, p``_held, p``_head, p``_tail, p``_last_key, p``_epoch, \
    p``_gen, p``_old, p``_mk_valid, p``_mk

localparam SW = SVW + 2 * LW + 2 * PL + KEY_WIDTH + 4 + 4 + 4 + 1 + MHW;
wire [SW-1:0] st_old;
reg  [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(SW)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s1_valid),
    .rd_addr(s1_qpn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

reg                  s2_valid = 1'b0;
reg [2:0]            s2_type = EV_PUSH;
reg [MARK_WIDTH-1:0] s2_mark = 0;
reg [QW-1:0]         s2_qpn = 0;
reg [DATA_WIDTH-1:0] s2_data = 0;
reg [KEY_WIDTH-1:0]  s2_key = 0;
reg                  s2_dup = 1'b0;
reg [7:0]            s2_tag = 0;
reg [PL-1:0]         s2_clr_ptr = 0;
reg                  s2_clr_link = 1'b0;     // the clearing pass links this entry

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_type <= s1_type;
    s2_mark <= s1_mark;
    s2_qpn <= s1_qpn;
    s2_data <= s1_data;
    s2_key <= s1_key;
    s2_dup <= s1_dup;
    s2_tag <= s1_tag;
    s2_clr_ptr <= clr_idx[PL-1:0];
    s2_clr_link <= clr_active && clr_idx < (1 << PL);
    if (rst) begin
        s2_valid <= 1'b0;
        s2_clr_link <= 1'b0;
    end
end

always @(posedge clk) begin
    if (clr_active) begin
        clr_idx <= clr_idx + 1'b1;
        if (&clr_idx) begin
            clr_active <= 1'b0;
        end
    end
    if (rst) begin
        clr_active <= 1'b1;
        clr_idx <= 0;
    end
end

`QQ_ST_DECL(wire, o)
assign {`QQ_ST(o)} = st_old;

/*
 * The pool: items (block RAM, read at stage 2 for an issue from a queue),
 * links (distributed RAM, read without latency) and the free list (a chain
 * through the same links: head, tail, count). The links are kept twice,
 * written alike, one copy per read (the queue's head, the free list's): with
 * one memory, Yosys merges the two reads into one port whose address picks
 * between them on the decision (a pop or an allocation), which put the
 * decision in front of the read (10 LUT levels)
 */
(* ram_style = "distributed" *)
reg [PL-1:0] link_mem [0:(1 << PL)-1];
(* ram_style = "distributed" *)
reg [PL-1:0] link_mem_f [0:(1 << PL)-1];
reg [PL-1:0] free_head = 0, free_tail = 0;
reg [PL:0]   free_cnt = 0;
reg          free_empty = 1'b1;     // free_cnt == 0, kept as a register
wire [PL-1:0] link_of_head = link_mem[o_head];
wire [PL-1:0] link_of_free = link_mem_f[free_head];

reg           link_wr;
reg [PL-1:0]  link_wr_addr, link_wr_data;

always @(posedge clk) begin
    if (link_wr) begin
        link_mem[link_wr_addr] <= link_wr_data;
        link_mem_f[link_wr_addr] <= link_wr_data;
    end
end

wire [DATA_WIDTH-1:0] pool_rd_data;
reg                   pool_wr;

hpnic_ram_sdp #(
    .ADDR_WIDTH(PL),
    .DATA_WIDTH(DATA_WIDTH)
)
pool_inst (
    .clk(clk),
    .wr_en(pool_wr),
    .wr_addr(free_head),
    .wr_data(s2_data),
    .rd_en(s2_valid),
    .rd_addr(o_head),
    .rd_data(pool_rd_data)
);

/*
 * Stage 2: the decision
 */
// the push's key is after the last push's (serial numbers): last - key is
// negative, a sign and no zero test
// verilator lint_off UNUSEDSIGNAL
wire [KEY_WIDTH-1:0] key_behind = o_last_key - s2_key;
// verilator lint_on UNUSEDSIGNAL
wire        key_after = key_behind[KEY_WIDTH-1];
wire        busy = o_held != 0;
wire        replace = s2_dup && busy && !key_after;
// the QP holds its limit: held is at most 2^LIMIT_LOG2, so its top bit
wire        at_limit = o_held[LW-1];
wire        serving_nz = o_serving != 3'd0;
wire        queue_nz = o_qcount != 0;
wire        done_ok = serving_nz && s2_tag == {o_epoch, o_old};

`QQ_ST_DECL(reg, n)
reg        do_issue, issue_pop, issue_flush;
reg        free_chain, free_one, alloc;
reg        cnt_full, cnt_pool, cnt_stale, cnt_held;
reg        mk_out, mk_out_held;       // a mark goes: the one taken, or the one held

always @* begin
    {`QQ_ST(n)} = st_old;
    do_issue = 1'b0;
    issue_pop = 1'b0;
    issue_flush = 1'b0;
    free_chain = 1'b0;
    free_one = 1'b0;
    alloc = 1'b0;
    cnt_full = 1'b0;
    cnt_pool = 1'b0;
    cnt_stale = 1'b0;
    cnt_held = 1'b0;
    mk_out = 1'b0;
    mk_out_held = 1'b0;

    case (s2_type)
        EV_CLR: begin
            {`QQ_ST(n)} = {SW{1'b0}};
        end
        EV_DONE: begin
            if (!done_ok) begin
                cnt_stale = 1'b1;
            end else if (queue_nz) begin
                // the next queued item takes the finished one's place
                do_issue = 1'b1;
                issue_pop = 1'b1;
                free_one = 1'b1;
                n_head = link_of_head;
                n_qcount = o_qcount - 1'b1;
                n_held = o_held - 1'b1;
                n_gen = o_gen + 4'd1;
                n_old = o_old + 4'd1;
            end else begin
                n_serving = o_serving - 3'd1;
                n_held = o_held - 1'b1;
                n_old = o_old + 4'd1;
                // the QP holds nothing now: its mark goes
                if (o_serving == 3'd1 && o_mk_valid) begin
                    mk_out = 1'b1;
                    mk_out_held = 1'b1;
                    n_mk_valid = 1'b0;
                end
            end
        end
        EV_MARK: begin
            if (busy) begin
                cnt_held = 1'b1;
                n_mk_valid = 1'b1;
                n_mk = s2_mark[MHW-1:0];
            end else begin
                mk_out = 1'b1;
            end
        end
        EV_FLUSH: begin
            n_mk_valid = 1'b0;
            do_issue = 1'b1;
            issue_flush = 1'b1;
            free_chain = queue_nz;
            n_epoch = o_epoch + 4'd1;
            n_gen = 4'd0;
            n_old = 4'd0;
            n_serving = 3'd0;
            n_qcount = 0;
            n_held = 0;
        end
        default: begin // EV_PUSH
            if (replace) begin
                // everything the QP held goes; the push is issued at once
                free_chain = queue_nz;
                n_epoch = o_epoch + 4'd1;
                n_gen = 4'd1;
                n_old = 4'd0;
                n_serving = 3'd1;
                n_qcount = 0;
                n_held = 1;
                n_last_key = s2_key;
                do_issue = 1'b1;
                // the item's own answer will cover a mark held
                n_mk_valid = 1'b0;
            end else if (at_limit) begin
                cnt_full = 1'b1;
            end else if (o_serving < SERVE_N && !queue_nz) begin
                n_serving = o_serving + 3'd1;
                n_held = o_held + 1'b1;
                n_gen = o_gen + 4'd1;
                if (!serving_nz) begin
                    n_old = o_gen;
                end
                n_last_key = s2_key;
                do_issue = 1'b1;
                n_mk_valid = 1'b0;
            end else if (free_empty) begin
                cnt_pool = 1'b1;
            end else begin
                alloc = 1'b1;
                n_tail = free_head;
                if (!queue_nz) begin
                    n_head = free_head;
                end
                n_qcount = o_qcount + 1'b1;
                n_held = o_held + 1'b1;
                n_last_key = s2_key;
                n_mk_valid = 1'b0;
            end
        end
    endcase
    st_new = {`QQ_ST(n)};

    // one link written per event at most
    pool_wr = s2_valid && alloc;
    link_wr = 1'b0;
    link_wr_addr = free_tail;
    link_wr_data = o_head;
    if (s2_clr_link) begin
        link_wr = 1'b1;
        link_wr_addr = s2_clr_ptr;
        link_wr_data = s2_clr_ptr + 1'b1;
    end else if (s2_valid && alloc && queue_nz) begin
        link_wr = 1'b1;
        link_wr_addr = o_tail;
        link_wr_data = free_head;
    end else if (s2_valid && (free_one || free_chain) && !free_empty) begin
        link_wr = 1'b1;
    end
end

// the free list: one allocation, one entry or one chain back per event
always @(posedge clk) begin
    if (s2_valid && alloc) begin
        free_head <= link_of_free;
        free_cnt <= free_cnt - 1'b1;
        free_empty <= free_cnt == 1;
    end else if (s2_valid && (free_one || free_chain)) begin
        if (free_empty) begin
            free_head <= o_head;
        end
        free_tail <= free_one ? o_head : o_tail;
        free_cnt <= free_cnt + (free_one ? {{PL{1'b0}}, 1'b1} : {{(PL + 1 - LW){1'b0}}, o_qcount});
        free_empty <= 1'b0;
    end
    if (clr_active || rst) begin
        free_head <= 0;
        free_tail <= {PL{1'b1}};
        free_cnt <= 1 << PL;
        free_empty <= 1'b0;
    end
end

/*
 * Stage 3: the issued item
 */
reg                  s3_valid = 1'b0, s3_pop = 1'b0, s3_flush = 1'b0;
reg [QW-1:0]         s3_qpn = 0;
reg [DATA_WIDTH-1:0] s3_data = 0;
reg [7:0]            s3_tag = 0;

always @(posedge clk) begin
    s3_valid <= s2_valid && do_issue;
    s3_pop <= issue_pop;
    s3_flush <= issue_flush;
    s3_qpn <= s2_qpn;
    s3_data <= s2_data;
    // the issue's gen: the one before n_gen
    s3_tag <= {n_epoch, n_gen - 4'd1};
    if (issue_flush) begin
        s3_tag <= {n_epoch, 4'd0};
    end

    if (s2_valid) begin
        stat_drop_full <= stat_drop_full + {31'd0, cnt_full};
        stat_drop_pool <= stat_drop_pool + {31'd0, cnt_pool};
        stat_done_stale <= stat_done_stale + {31'd0, cnt_stale};
        stat_mark_held <= stat_mark_held + {31'd0, cnt_held};
    end
    if (rst) begin
        s3_valid <= 1'b0;
        stat_drop_full <= 0;
        stat_drop_pool <= 0;
        stat_done_stale <= 0;
        stat_mark_held <= 0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire out_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(
    .DEPTH_LOG2(FIFO_LOG2),
    .WIDTH(QW + DATA_WIDTH + 8 + 1)
)
out_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s3_valid), .s_ready(out_ready),
    .s_data({s3_qpn, s3_pop ? pool_rd_data : s3_data, s3_tag, s3_flush}),
    .m_valid(m_valid), .m_ready(m_ready),
    .m_data({m_qpn, m_data, m_tag, m_flush}),
    .count(out_count)
);

/*
 * Marks that go: the one taken whole, or the one held (its kept bits)
 */
reg                  mk_wr = 1'b0;
reg [QW-1:0]         mk_qpn = 0;
reg [MARK_WIDTH-1:0] mk_data = 0;
// verilator lint_off UNUSEDSIGNAL
wire                 mk_fifo_ready;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    mk_wr <= s2_valid && mk_out;
    mk_qpn <= s2_qpn;
    mk_data <= mk_out_held ? {{(MARK_WIDTH - MHW){1'b0}}, o_mk} : s2_mark;
    if (rst) begin
        mk_wr <= 1'b0;
    end
end

generate
if (MARKS != 0) begin : g_marks
    hpnic_fifo #(
        .DEPTH_LOG2(FIFO_LOG2),
        .WIDTH(QW + MARK_WIDTH)
    )
    mk_fifo_inst (
        .clk(clk), .rst(rst),
        .s_valid(mk_wr), .s_ready(mk_fifo_ready), .s_data({mk_qpn, mk_data}),
        .m_valid(m_mark_valid), .m_ready(m_mark_ready),
        .m_data({m_mark_qpn, m_mark_data}),
        .count(mk_count)
    );
end else begin : g_no_marks
    // verilator lint_off UNUSEDSIGNAL
    wire [QW + MARK_WIDTH + 1:0] unused_mark = {m_mark_ready, mk_wr, mk_qpn, mk_data};
    // verilator lint_on UNUSEDSIGNAL
    assign mk_fifo_ready = 1'b1;
    assign m_mark_valid = 1'b0;
    assign m_mark_qpn = {(QW > 0 ? QW : 1){1'b0}};
    assign m_mark_data = {MARK_WIDTH{1'b0}};
    assign mk_count = 0;
end
endgenerate

`undef QQ_ST_DECL
`undef QQ_ST
endmodule

`resetall
