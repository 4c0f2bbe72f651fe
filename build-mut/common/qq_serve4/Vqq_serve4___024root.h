// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Design internal header
// See Vqq_serve4.h for the primary calling header

#ifndef VERILATED_VQQ_SERVE4___024ROOT_H_
#define VERILATED_VQQ_SERVE4___024ROOT_H_  // guard

#include "verilated.h"

class Vqq_serve4__Syms;

class Vqq_serve4___024root final : public VerilatedModule {
  public:

    // DESIGN SPECIFIC STATE
    // Anonymous structures to workaround compiler member-count bugs
    struct {
        VL_IN8(clk,0,0);
        VL_IN8(rst,0,0);
        VL_IN8(s_push_valid,0,0);
        VL_OUT8(s_push_ready,0,0);
        VL_IN8(s_push_qpn,2,0);
        VL_IN8(s_push_dup,0,0);
        VL_IN8(s_flush_valid,0,0);
        VL_OUT8(s_flush_ready,0,0);
        VL_IN8(s_flush_qpn,2,0);
        VL_IN8(s_mark_valid,0,0);
        VL_OUT8(s_mark_ready,0,0);
        VL_IN8(s_mark_qpn,2,0);
        VL_IN8(s_mark_data,0,0);
        VL_IN8(s_done_valid,0,0);
        VL_OUT8(s_done_ready,0,0);
        VL_IN8(s_done_qpn,2,0);
        VL_IN8(s_done_tag,7,0);
        VL_OUT8(m_valid,0,0);
        VL_IN8(m_ready,0,0);
        VL_OUT8(m_qpn,2,0);
        VL_OUT8(m_tag,7,0);
        VL_OUT8(m_flush,0,0);
        VL_OUT8(m_mark_valid,0,0);
        VL_IN8(m_mark_ready,0,0);
        VL_OUT8(m_mark_qpn,2,0);
        VL_OUT8(m_mark_data,0,0);
        VL_OUT8(init_done,0,0);
        CData/*0:0*/ hpnic_qp_queue__DOT__clr_active;
        CData/*3:0*/ hpnic_qp_queue__DOT__clr_idx;
        CData/*0:0*/ hpnic_qp_queue__DOT__room_reg;
        CData/*0:0*/ hpnic_qp_queue__DOT__go;
        CData/*0:0*/ hpnic_qp_queue__DOT__s1_valid;
        CData/*2:0*/ hpnic_qp_queue__DOT__s1_type;
        CData/*0:0*/ hpnic_qp_queue__DOT__s1_mark;
        CData/*2:0*/ hpnic_qp_queue__DOT__s1_qpn;
        CData/*0:0*/ hpnic_qp_queue__DOT__s1_dup;
        CData/*7:0*/ hpnic_qp_queue__DOT__s1_tag;
        CData/*0:0*/ hpnic_qp_queue__DOT__s2_valid;
        CData/*2:0*/ hpnic_qp_queue__DOT__s2_type;
        CData/*0:0*/ hpnic_qp_queue__DOT__s2_mark;
        CData/*2:0*/ hpnic_qp_queue__DOT__s2_qpn;
        CData/*0:0*/ hpnic_qp_queue__DOT__s2_dup;
        CData/*7:0*/ hpnic_qp_queue__DOT__s2_tag;
        CData/*3:0*/ hpnic_qp_queue__DOT__s2_clr_ptr;
        CData/*0:0*/ hpnic_qp_queue__DOT__s2_clr_link;
        CData/*3:0*/ hpnic_qp_queue__DOT__free_head;
        CData/*3:0*/ hpnic_qp_queue__DOT__free_tail;
        CData/*4:0*/ hpnic_qp_queue__DOT__free_cnt;
        CData/*0:0*/ hpnic_qp_queue__DOT__free_empty;
        CData/*3:0*/ hpnic_qp_queue__DOT__link_of_free;
        CData/*0:0*/ hpnic_qp_queue__DOT__link_wr;
        CData/*3:0*/ hpnic_qp_queue__DOT__link_wr_addr;
        CData/*3:0*/ hpnic_qp_queue__DOT__link_wr_data;
        CData/*0:0*/ hpnic_qp_queue__DOT__pool_wr;
        CData/*3:0*/ hpnic_qp_queue__DOT__n_epoch;
        CData/*3:0*/ hpnic_qp_queue__DOT__n_gen;
        CData/*0:0*/ hpnic_qp_queue__DOT__do_issue;
        CData/*0:0*/ hpnic_qp_queue__DOT__issue_pop;
        CData/*0:0*/ hpnic_qp_queue__DOT__issue_flush;
        CData/*0:0*/ hpnic_qp_queue__DOT__free_chain;
        CData/*0:0*/ hpnic_qp_queue__DOT__free_one;
        CData/*0:0*/ hpnic_qp_queue__DOT__alloc;
        CData/*0:0*/ hpnic_qp_queue__DOT__cnt_full;
        CData/*0:0*/ hpnic_qp_queue__DOT__cnt_pool;
    };
    struct {
        CData/*0:0*/ hpnic_qp_queue__DOT__cnt_stale;
        CData/*0:0*/ hpnic_qp_queue__DOT__cnt_held;
        CData/*0:0*/ hpnic_qp_queue__DOT__s3_valid;
        CData/*0:0*/ hpnic_qp_queue__DOT__s3_pop;
        CData/*0:0*/ hpnic_qp_queue__DOT__s3_flush;
        CData/*2:0*/ hpnic_qp_queue__DOT__s3_qpn;
        CData/*7:0*/ hpnic_qp_queue__DOT__s3_tag;
        CData/*0:0*/ hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg;
        CData/*2:0*/ hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg;
        CData/*0:0*/ hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg;
        CData/*3:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg;
        CData/*3:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg;
        CData/*0:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg;
        CData/*0:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg;
        CData/*3:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_next;
        CData/*3:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_next;
        CData/*0:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go;
        CData/*0:0*/ hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go;
        CData/*0:0*/ __Vtrigrprev__TOP__clk;
        CData/*0:0*/ __VactContinue;
        VL_IN(s_push_key,23,0);
        VL_OUT(stat_drop_full,31,0);
        VL_OUT(stat_drop_pool,31,0);
        VL_OUT(stat_done_stale,31,0);
        VL_OUT(stat_mark_held,31,0);
        IData/*23:0*/ hpnic_qp_queue__DOT__s1_key;
        IData/*23:0*/ hpnic_qp_queue__DOT__s2_key;
        IData/*31:0*/ __VstlIterCount;
        IData/*31:0*/ __VicoIterCount;
        IData/*31:0*/ __VactIterCount;
        VL_IN64(s_push_data,63,0);
        VL_OUT64(m_data,63,0);
        QData/*63:0*/ hpnic_qp_queue__DOT__s1_data;
        QData/*56:0*/ hpnic_qp_queue__DOT__st_old;
        QData/*56:0*/ hpnic_qp_queue__DOT__st_new;
        QData/*63:0*/ hpnic_qp_queue__DOT__s2_data;
        QData/*63:0*/ hpnic_qp_queue__DOT__pool_rd_data;
        QData/*63:0*/ hpnic_qp_queue__DOT__s3_data;
        QData/*56:0*/ hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg;
        QData/*56:0*/ hpnic_qp_queue__DOT__state_inst__DOT__ram_data;
        VlUnpacked<CData/*3:0*/, 16> hpnic_qp_queue__DOT__link_mem;
        VlUnpacked<CData/*3:0*/, 16> hpnic_qp_queue__DOT__link_mem_f;
        VlUnpacked<QData/*56:0*/, 8> hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem;
        VlUnpacked<QData/*63:0*/, 16> hpnic_qp_queue__DOT__pool_inst__DOT__mem;
        VlUnpacked<VlWide<3>/*75:0*/, 8> hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem;
    };
    VlTriggerVec<1> __VstlTriggered;
    VlTriggerVec<1> __VicoTriggered;
    VlTriggerVec<1> __VactTriggered;
    VlTriggerVec<1> __VnbaTriggered;

    // INTERNAL VARIABLES
    Vqq_serve4__Syms* const vlSymsp;

    // CONSTRUCTORS
    Vqq_serve4___024root(Vqq_serve4__Syms* symsp, const char* v__name);
    ~Vqq_serve4___024root();
    VL_UNCOPYABLE(Vqq_serve4___024root);

    // INTERNAL METHODS
    void __Vconfigure(bool first);
} VL_ATTR_ALIGNED(VL_CACHE_LINE_BYTES);


#endif  // guard
