// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Design implementation internals
// See Vqq_serve1.h for the primary calling header

#include "verilated.h"

#include "Vqq_serve1___024root.h"

VL_INLINE_OPT void Vqq_serve1___024root___ico_sequent__TOP__0(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___ico_sequent__TOP__0\n"); );
    // Init
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0;
    hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0 = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0;
    hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0 = 0;
    // Body
    vlSelf->s_done_ready = ((IData)(vlSelf->hpnic_qp_queue__DOT__go) 
                            & (IData)(vlSelf->s_done_valid));
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_valid) & (IData)(vlSelf->m_ready));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_mark_valid) & (IData)(vlSelf->m_mark_ready));
    hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0 = (
                                                   (~ (IData)(vlSelf->s_done_valid)) 
                                                   & (IData)(vlSelf->hpnic_qp_queue__DOT__go));
    vlSelf->s_flush_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0) 
                             & (IData)(vlSelf->s_flush_valid));
    hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0 = (
                                                   (~ (IData)(vlSelf->s_flush_valid)) 
                                                   & (IData)(hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0));
    vlSelf->s_push_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0) 
                            & (IData)(vlSelf->s_push_valid));
    vlSelf->s_mark_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0) 
                            & ((~ (IData)(vlSelf->s_push_valid)) 
                               & (IData)(vlSelf->s_mark_valid)));
}

void Vqq_serve1___024root___eval_ico(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_ico\n"); );
    // Body
    if (vlSelf->__VicoTriggered.at(0U)) {
        Vqq_serve1___024root___ico_sequent__TOP__0(vlSelf);
    }
}

void Vqq_serve1___024root___eval_act(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_act\n"); );
}

VL_INLINE_OPT void Vqq_serve1___024root___nba_sequent__TOP__0(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___nba_sequent__TOP__0\n"); );
    // Init
    CData/*0:0*/ hpnic_qp_queue__DOT__replace;
    hpnic_qp_queue__DOT__replace = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT__done_ok;
    hpnic_qp_queue__DOT__done_ok = 0;
    CData/*2:0*/ hpnic_qp_queue__DOT__n_serving;
    hpnic_qp_queue__DOT__n_serving = 0;
    CData/*3:0*/ hpnic_qp_queue__DOT__n_qcount;
    hpnic_qp_queue__DOT__n_qcount = 0;
    CData/*3:0*/ hpnic_qp_queue__DOT__n_held;
    hpnic_qp_queue__DOT__n_held = 0;
    CData/*3:0*/ hpnic_qp_queue__DOT__n_head;
    hpnic_qp_queue__DOT__n_head = 0;
    CData/*3:0*/ hpnic_qp_queue__DOT__n_tail;
    hpnic_qp_queue__DOT__n_tail = 0;
    IData/*23:0*/ hpnic_qp_queue__DOT__n_last_key;
    hpnic_qp_queue__DOT__n_last_key = 0;
    CData/*3:0*/ hpnic_qp_queue__DOT__n_old;
    hpnic_qp_queue__DOT__n_old = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT__n_mk_valid;
    hpnic_qp_queue__DOT__n_mk_valid = 0;
    IData/*19:0*/ hpnic_qp_queue__DOT__n_mk;
    hpnic_qp_queue__DOT__n_mk = 0;
    VlWide<3>/*75:0*/ hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data;
    VL_ZERO_W(76, hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data);
    QData/*42:0*/ hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data;
    hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0;
    hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0 = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0;
    hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0 = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0;
    hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0 = 0;
    CData/*0:0*/ hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0;
    hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0 = 0;
    CData/*3:0*/ __Vdly__hpnic_qp_queue__DOT__clr_idx;
    __Vdly__hpnic_qp_queue__DOT__clr_idx = 0;
    CData/*0:0*/ __Vdly__hpnic_qp_queue__DOT__clr_active;
    __Vdly__hpnic_qp_queue__DOT__clr_active = 0;
    CData/*3:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem__v0 = 0;
    CData/*3:0*/ __Vdlyvval__hpnic_qp_queue__DOT__link_mem__v0;
    __Vdlyvval__hpnic_qp_queue__DOT__link_mem__v0 = 0;
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__link_mem__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__link_mem__v0 = 0;
    CData/*3:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem_f__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem_f__v0 = 0;
    CData/*3:0*/ __Vdlyvval__hpnic_qp_queue__DOT__link_mem_f__v0;
    __Vdlyvval__hpnic_qp_queue__DOT__link_mem_f__v0 = 0;
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__link_mem_f__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__link_mem_f__v0 = 0;
    CData/*4:0*/ __Vdly__hpnic_qp_queue__DOT__free_cnt;
    __Vdly__hpnic_qp_queue__DOT__free_cnt = 0;
    CData/*2:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0 = 0;
    VlWide<3>/*75:0*/ __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0;
    VL_ZERO_W(76, __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0);
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0 = 0;
    CData/*3:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 = 0;
    QData/*63:0*/ __Vdlyvval__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0;
    __Vdlyvval__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 = 0;
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 = 0;
    CData/*2:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0;
    VlWide<3>/*75:0*/ __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0;
    VL_ZERO_W(76, __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0);
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0;
    CData/*2:0*/ __Vdlyvdim0__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0;
    __Vdlyvdim0__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0;
    QData/*42:0*/ __Vdlyvval__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0;
    __Vdlyvval__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0;
    CData/*0:0*/ __Vdlyvset__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0;
    __Vdlyvset__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0;
    // Body
    __Vdlyvset__hpnic_qp_queue__DOT__link_mem_f__v0 = 0U;
    __Vdly__hpnic_qp_queue__DOT__clr_idx = vlSelf->hpnic_qp_queue__DOT__clr_idx;
    __Vdly__hpnic_qp_queue__DOT__clr_active = vlSelf->hpnic_qp_queue__DOT__clr_active;
    __Vdlyvset__hpnic_qp_queue__DOT__link_mem__v0 = 0U;
    __Vdlyvset__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0 = 0U;
    __Vdlyvset__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0U;
    __Vdly__hpnic_qp_queue__DOT__free_cnt = vlSelf->hpnic_qp_queue__DOT__free_cnt;
    __Vdlyvset__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0 = 0U;
    __Vdlyvset__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 = 0U;
    if (vlSelf->hpnic_qp_queue__DOT__link_wr) {
        __Vdlyvval__hpnic_qp_queue__DOT__link_mem_f__v0 
            = vlSelf->hpnic_qp_queue__DOT__link_wr_data;
        __Vdlyvset__hpnic_qp_queue__DOT__link_mem_f__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem_f__v0 
            = vlSelf->hpnic_qp_queue__DOT__link_wr_addr;
        __Vdlyvval__hpnic_qp_queue__DOT__link_mem__v0 
            = vlSelf->hpnic_qp_queue__DOT__link_wr_data;
        __Vdlyvset__hpnic_qp_queue__DOT__link_mem__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__link_mem__v0 
            = vlSelf->hpnic_qp_queue__DOT__link_wr_addr;
    }
    if (vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg) {
        __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[0U] 
            = vlSelf->hpnic_qp_queue__DOT__st_new[0U];
        __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[1U] 
            = vlSelf->hpnic_qp_queue__DOT__st_new[1U];
        __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[2U] 
            = vlSelf->hpnic_qp_queue__DOT__st_new[2U];
        __Vdlyvset__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0 
            = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg;
    }
    if (vlSelf->hpnic_qp_queue__DOT__s2_valid) {
        vlSelf->stat_done_stale = (vlSelf->stat_done_stale 
                                   + (IData)(vlSelf->hpnic_qp_queue__DOT__cnt_stale));
        vlSelf->stat_mark_held = (vlSelf->stat_mark_held 
                                  + (IData)(vlSelf->hpnic_qp_queue__DOT__cnt_held));
        vlSelf->stat_drop_full = (vlSelf->stat_drop_full 
                                  + (IData)(vlSelf->hpnic_qp_queue__DOT__cnt_full));
        vlSelf->stat_drop_pool = (vlSelf->stat_drop_pool 
                                  + (IData)(vlSelf->hpnic_qp_queue__DOT__cnt_pool));
    }
    if (vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go) {
        __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[0U] 
            = (((IData)(((IData)(vlSelf->hpnic_qp_queue__DOT__s3_pop)
                          ? vlSelf->hpnic_qp_queue__DOT__pool_rd_data
                          : vlSelf->hpnic_qp_queue__DOT__s3_data)) 
                << 9U) | (((IData)(vlSelf->hpnic_qp_queue__DOT__s3_tag) 
                           << 1U) | (IData)(vlSelf->hpnic_qp_queue__DOT__s3_flush)));
        __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[1U] 
            = (((IData)(((IData)(vlSelf->hpnic_qp_queue__DOT__s3_pop)
                          ? vlSelf->hpnic_qp_queue__DOT__pool_rd_data
                          : vlSelf->hpnic_qp_queue__DOT__s3_data)) 
                >> 0x17U) | ((IData)((((IData)(vlSelf->hpnic_qp_queue__DOT__s3_pop)
                                        ? vlSelf->hpnic_qp_queue__DOT__pool_rd_data
                                        : vlSelf->hpnic_qp_queue__DOT__s3_data) 
                                      >> 0x20U)) << 9U));
        __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[2U] 
            = (((IData)(vlSelf->hpnic_qp_queue__DOT__s3_qpn) 
                << 9U) | ((IData)((((IData)(vlSelf->hpnic_qp_queue__DOT__s3_pop)
                                     ? vlSelf->hpnic_qp_queue__DOT__pool_rd_data
                                     : vlSelf->hpnic_qp_queue__DOT__s3_data) 
                                   >> 0x20U)) >> 0x17U));
        __Vdlyvset__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0 
            = (7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg));
    }
    if (vlSelf->hpnic_qp_queue__DOT__s2_valid) {
        vlSelf->hpnic_qp_queue__DOT__pool_rd_data = 
            vlSelf->hpnic_qp_queue__DOT__pool_inst__DOT__mem
            [(0xfU & ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                       << 3U) | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                 >> 0x1dU)))];
    }
    if (vlSelf->hpnic_qp_queue__DOT__pool_wr) {
        __Vdlyvval__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 
            = vlSelf->hpnic_qp_queue__DOT__s2_data;
        __Vdlyvset__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0 
            = vlSelf->hpnic_qp_queue__DOT__free_head;
    }
    vlSelf->hpnic_qp_queue__DOT__s2_clr_ptr = vlSelf->hpnic_qp_queue__DOT__clr_idx;
    vlSelf->hpnic_qp_queue__DOT__s2_clr_link = vlSelf->hpnic_qp_queue__DOT__clr_active;
    vlSelf->hpnic_qp_queue__DOT__s2_dup = vlSelf->hpnic_qp_queue__DOT__s1_dup;
    vlSelf->hpnic_qp_queue__DOT__s2_tag = vlSelf->hpnic_qp_queue__DOT__s1_tag;
    vlSelf->hpnic_qp_queue__DOT__s2_key = vlSelf->hpnic_qp_queue__DOT__s1_key;
    if (((IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go) 
         & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go)))) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg 
            = ((0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg))) 
               == ((8U & ((~ ((IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg) 
                              >> 3U)) << 3U)) | (7U 
                                                 & (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg))));
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg = 0U;
    } else if (((IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go) 
                & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go)))) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg 
            = ((0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg))) 
               == (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg));
    }
    vlSelf->hpnic_qp_queue__DOT__s2_type = vlSelf->hpnic_qp_queue__DOT__s1_type;
    if (((IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go) 
         & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go)))) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg 
            = ((0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg))) 
               == ((8U & ((~ ((IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg) 
                              >> 3U)) << 3U)) | (7U 
                                                 & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))));
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg = 0U;
    } else if (((IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go) 
                & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go)))) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg 
            = ((0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))) 
               == (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg));
    }
    vlSelf->hpnic_qp_queue__DOT__mk_wr = ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                                          & (IData)(vlSelf->hpnic_qp_queue__DOT__mk_out));
    vlSelf->hpnic_qp_queue__DOT__s3_valid = ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                                             & (IData)(vlSelf->hpnic_qp_queue__DOT__do_issue));
    vlSelf->hpnic_qp_queue__DOT__room_reg = ((4U > 
                                              (0xfU 
                                               & ((IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg) 
                                                  - (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg)))) 
                                             & (4U 
                                                > (0xfU 
                                                   & ((IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg) 
                                                      - (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg)))));
    if (vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go) {
        __Vdlyvval__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 
            = (((QData)((IData)(vlSelf->hpnic_qp_queue__DOT__mk_qpn)) 
                << 0x28U) | vlSelf->hpnic_qp_queue__DOT__mk_data);
        __Vdlyvset__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 = 1U;
        __Vdlyvdim0__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0 
            = (7U & (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg));
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg 
            = vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_next;
    }
    if (vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg 
            = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_next;
    }
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[0U] 
        = vlSelf->hpnic_qp_queue__DOT__st_new[0U];
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[1U] 
        = vlSelf->hpnic_qp_queue__DOT__st_new[1U];
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[2U] 
        = vlSelf->hpnic_qp_queue__DOT__st_new[2U];
    if ((1U & (~ ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                  & (IData)(vlSelf->hpnic_qp_queue__DOT__alloc))))) {
        if (((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
             & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_one) 
                | (IData)(vlSelf->hpnic_qp_queue__DOT__free_chain)))) {
            vlSelf->hpnic_qp_queue__DOT__free_tail 
                = (0xfU & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_one)
                            ? ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                << 3U) | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                          >> 0x1dU))
                            : ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                << 7U) | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                          >> 0x19U))));
        }
    }
    if (vlSelf->hpnic_qp_queue__DOT__s1_valid) {
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[0U] 
            = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem
            [vlSelf->hpnic_qp_queue__DOT__s1_qpn][0U];
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[1U] 
            = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem
            [vlSelf->hpnic_qp_queue__DOT__s1_qpn][1U];
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[2U] 
            = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem
            [vlSelf->hpnic_qp_queue__DOT__s1_qpn][2U];
    }
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg 
        = ((IData)(vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg) 
           & ((IData)(vlSelf->hpnic_qp_queue__DOT__s1_qpn) 
              == (IData)(vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg)));
    if (__Vdlyvset__hpnic_qp_queue__DOT__link_mem_f__v0) {
        vlSelf->hpnic_qp_queue__DOT__link_mem_f[__Vdlyvdim0__hpnic_qp_queue__DOT__link_mem_f__v0] 
            = __Vdlyvval__hpnic_qp_queue__DOT__link_mem_f__v0;
    }
    if (__Vdlyvset__hpnic_qp_queue__DOT__link_mem__v0) {
        vlSelf->hpnic_qp_queue__DOT__link_mem[__Vdlyvdim0__hpnic_qp_queue__DOT__link_mem__v0] 
            = __Vdlyvval__hpnic_qp_queue__DOT__link_mem__v0;
    }
    if (__Vdlyvset__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0] 
            = __Vdlyvval__hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem__v0;
    }
    if (__Vdlyvset__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0][0U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[0U];
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0][1U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[1U];
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0][2U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem__v0[2U];
    }
    if (__Vdlyvset__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0) {
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0][0U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[0U];
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0][1U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[1U];
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0][2U] 
            = __Vdlyvval__hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem__v0[2U];
    }
    vlSelf->hpnic_qp_queue__DOT__mk_qpn = vlSelf->hpnic_qp_queue__DOT__s2_qpn;
    vlSelf->hpnic_qp_queue__DOT__mk_data = ((IData)(vlSelf->hpnic_qp_queue__DOT__mk_out_held)
                                             ? (QData)((IData)(
                                                               (0xfffffU 
                                                                & vlSelf->hpnic_qp_queue__DOT__st_old[0U])))
                                             : vlSelf->hpnic_qp_queue__DOT__s2_mark);
    vlSelf->hpnic_qp_queue__DOT__s3_pop = vlSelf->hpnic_qp_queue__DOT__issue_pop;
    vlSelf->hpnic_qp_queue__DOT__s3_flush = vlSelf->hpnic_qp_queue__DOT__issue_flush;
    vlSelf->hpnic_qp_queue__DOT__s3_data = vlSelf->hpnic_qp_queue__DOT__s2_data;
    vlSelf->hpnic_qp_queue__DOT__s3_tag = (((IData)(vlSelf->hpnic_qp_queue__DOT__n_epoch) 
                                            << 4U) 
                                           | (0xfU 
                                              & ((IData)(vlSelf->hpnic_qp_queue__DOT__n_gen) 
                                                 - (IData)(1U))));
    if (vlSelf->hpnic_qp_queue__DOT__issue_flush) {
        vlSelf->hpnic_qp_queue__DOT__s3_tag = ((IData)(vlSelf->hpnic_qp_queue__DOT__n_epoch) 
                                               << 4U);
    }
    vlSelf->hpnic_qp_queue__DOT__s3_qpn = vlSelf->hpnic_qp_queue__DOT__s2_qpn;
    if (((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
         & (IData)(vlSelf->hpnic_qp_queue__DOT__alloc))) {
        vlSelf->hpnic_qp_queue__DOT__free_head = vlSelf->hpnic_qp_queue__DOT__link_of_free;
        __Vdly__hpnic_qp_queue__DOT__free_cnt = (0x1fU 
                                                 & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_cnt) 
                                                    - (IData)(1U)));
        vlSelf->hpnic_qp_queue__DOT__free_empty = (1U 
                                                   == (IData)(vlSelf->hpnic_qp_queue__DOT__free_cnt));
    } else if (((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_one) 
                   | (IData)(vlSelf->hpnic_qp_queue__DOT__free_chain)))) {
        if (vlSelf->hpnic_qp_queue__DOT__free_empty) {
            vlSelf->hpnic_qp_queue__DOT__free_head 
                = (0xfU & ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                            << 3U) | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                      >> 0x1dU)));
        }
        __Vdly__hpnic_qp_queue__DOT__free_cnt = (0x1fU 
                                                 & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_cnt) 
                                                    + 
                                                    ((IData)(vlSelf->hpnic_qp_queue__DOT__free_one)
                                                      ? 1U
                                                      : 
                                                     (0xfU 
                                                      & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                         >> 5U)))));
        vlSelf->hpnic_qp_queue__DOT__free_empty = 0U;
    }
    if (((IData)(vlSelf->hpnic_qp_queue__DOT__clr_active) 
         | (IData)(vlSelf->rst))) {
        vlSelf->hpnic_qp_queue__DOT__free_tail = 0xfU;
        vlSelf->hpnic_qp_queue__DOT__free_head = 0U;
        __Vdly__hpnic_qp_queue__DOT__free_cnt = 0x10U;
        vlSelf->hpnic_qp_queue__DOT__free_empty = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__s1_dup = vlSelf->s_push_dup;
    vlSelf->hpnic_qp_queue__DOT__s1_tag = vlSelf->s_done_tag;
    vlSelf->hpnic_qp_queue__DOT__s1_key = vlSelf->s_push_key;
    if (vlSelf->hpnic_qp_queue__DOT__clr_active) {
        __Vdly__hpnic_qp_queue__DOT__clr_idx = (0xfU 
                                                & ((IData)(1U) 
                                                   + (IData)(vlSelf->hpnic_qp_queue__DOT__clr_idx)));
        if ((0xfU == (IData)(vlSelf->hpnic_qp_queue__DOT__clr_idx))) {
            __Vdly__hpnic_qp_queue__DOT__clr_active = 0U;
        }
    }
    if (vlSelf->rst) {
        __Vdly__hpnic_qp_queue__DOT__clr_active = 1U;
        __Vdly__hpnic_qp_queue__DOT__clr_idx = 0U;
        vlSelf->stat_done_stale = 0U;
        vlSelf->stat_mark_held = 0U;
        vlSelf->stat_drop_full = 0U;
        vlSelf->stat_drop_pool = 0U;
        vlSelf->hpnic_qp_queue__DOT__s2_clr_link = 0U;
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg = 1U;
    }
    vlSelf->m_mark_valid = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg)));
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg = 1U;
    }
    vlSelf->m_valid = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg)));
    if (vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg 
            = vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_next;
    }
    if (vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg 
            = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_next;
    }
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg 
        = vlSelf->hpnic_qp_queue__DOT__s1_qpn;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg 
        = vlSelf->hpnic_qp_queue__DOT__s1_valid;
    vlSelf->hpnic_qp_queue__DOT__issue_flush = 0U;
    if (__Vdlyvset__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0) {
        vlSelf->hpnic_qp_queue__DOT__pool_inst__DOT__mem[__Vdlyvdim0__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0] 
            = __Vdlyvval__hpnic_qp_queue__DOT__pool_inst__DOT__mem__v0;
    }
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__mk_wr = 0U;
        vlSelf->hpnic_qp_queue__DOT__s3_valid = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go 
        = ((~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg)) 
           & (IData)(vlSelf->hpnic_qp_queue__DOT__s3_valid));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go 
        = ((~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg)) 
           & (IData)(vlSelf->hpnic_qp_queue__DOT__mk_wr));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_mark_valid) & (IData)(vlSelf->m_mark_ready));
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_valid) & (IData)(vlSelf->m_ready));
    vlSelf->hpnic_qp_queue__DOT__s2_mark = vlSelf->hpnic_qp_queue__DOT__s1_mark;
    vlSelf->hpnic_qp_queue__DOT__s2_data = vlSelf->hpnic_qp_queue__DOT__s1_data;
    vlSelf->hpnic_qp_queue__DOT__s2_qpn = vlSelf->hpnic_qp_queue__DOT__s1_qpn;
    if (vlSelf->hpnic_qp_queue__DOT__clr_active) {
        vlSelf->hpnic_qp_queue__DOT__s1_type = 3U;
        vlSelf->hpnic_qp_queue__DOT__s1_qpn = (7U & (IData)(vlSelf->hpnic_qp_queue__DOT__clr_idx));
    } else if (vlSelf->s_done_ready) {
        vlSelf->hpnic_qp_queue__DOT__s1_type = 2U;
        vlSelf->hpnic_qp_queue__DOT__s1_qpn = (7U & (IData)(vlSelf->s_done_qpn));
    } else if (vlSelf->s_flush_ready) {
        vlSelf->hpnic_qp_queue__DOT__s1_type = 1U;
        vlSelf->hpnic_qp_queue__DOT__s1_qpn = (7U & (IData)(vlSelf->s_flush_qpn));
    } else if (vlSelf->s_mark_ready) {
        vlSelf->hpnic_qp_queue__DOT__s1_type = 4U;
        vlSelf->hpnic_qp_queue__DOT__s1_qpn = (7U & (IData)(vlSelf->s_mark_qpn));
    } else {
        vlSelf->hpnic_qp_queue__DOT__s1_type = 0U;
        vlSelf->hpnic_qp_queue__DOT__s1_qpn = (7U & (IData)(vlSelf->s_push_qpn));
    }
    vlSelf->hpnic_qp_queue__DOT__link_of_free = vlSelf->hpnic_qp_queue__DOT__link_mem_f
        [vlSelf->hpnic_qp_queue__DOT__free_head];
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__room_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg)));
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg)));
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg)));
    hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data 
        = vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg))];
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg)));
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[0U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][0U];
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[1U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][1U];
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[2U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][2U];
    vlSelf->hpnic_qp_queue__DOT__free_cnt = __Vdly__hpnic_qp_queue__DOT__free_cnt;
    if (vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg) {
        vlSelf->hpnic_qp_queue__DOT__st_old[0U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[0U];
        vlSelf->hpnic_qp_queue__DOT__st_old[1U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[1U];
        vlSelf->hpnic_qp_queue__DOT__st_old[2U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[2U];
    } else {
        vlSelf->hpnic_qp_queue__DOT__st_old[0U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[0U];
        vlSelf->hpnic_qp_queue__DOT__st_old[1U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[1U];
        vlSelf->hpnic_qp_queue__DOT__st_old[2U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[2U];
    }
    vlSelf->m_mark_qpn = (7U & (IData)((hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data 
                                        >> 0x28U)));
    vlSelf->m_mark_data = (0xffffffffffULL & hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data);
    vlSelf->m_qpn = (7U & (hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[2U] 
                           >> 9U));
    vlSelf->m_data = (((QData)((IData)(hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[2U])) 
                       << 0x37U) | (((QData)((IData)(
                                                     hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[1U])) 
                                     << 0x17U) | ((QData)((IData)(
                                                                  hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[0U])) 
                                                  >> 9U)));
    vlSelf->m_tag = (0xffU & (hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[0U] 
                              >> 1U));
    vlSelf->m_flush = (1U & hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[0U]);
    vlSelf->hpnic_qp_queue__DOT__s1_mark = vlSelf->s_mark_data;
    vlSelf->hpnic_qp_queue__DOT__s1_data = vlSelf->s_push_data;
    vlSelf->hpnic_qp_queue__DOT__s2_valid = vlSelf->hpnic_qp_queue__DOT__s1_valid;
    vlSelf->hpnic_qp_queue__DOT__cnt_held = 0U;
    hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0 
        = ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
            >> 0x14U) & (0x200U == (0xe00U & vlSelf->hpnic_qp_queue__DOT__st_old[2U])));
    hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0 
        = (IData)(((0U == (0x1e0U & vlSelf->hpnic_qp_queue__DOT__st_old[2U])) 
                   & (1U > (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 9U)))));
    hpnic_qp_queue__DOT__replace = ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_dup) 
                                    & ((~ (1U & (((
                                                   (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                                    << 0x1fU) 
                                                   | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                                      >> 1U)) 
                                                  - vlSelf->hpnic_qp_queue__DOT__s2_key) 
                                                 >> 0x17U))) 
                                       & (0U != (0xfU 
                                                 & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                    >> 1U)))));
    hpnic_qp_queue__DOT__done_ok = ((0U != (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                  >> 9U))) 
                                    & ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_tag) 
                                       == ((0xf0U & 
                                            ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                              << 7U) 
                                             | (0x70U 
                                                & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   >> 0x19U)))) 
                                           | (0xfU 
                                              & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                 >> 0x15U)))));
    vlSelf->hpnic_qp_queue__DOT__clr_idx = __Vdly__hpnic_qp_queue__DOT__clr_idx;
    vlSelf->hpnic_qp_queue__DOT__cnt_full = 0U;
    vlSelf->hpnic_qp_queue__DOT__cnt_pool = 0U;
    vlSelf->hpnic_qp_queue__DOT__cnt_stale = 0U;
    vlSelf->hpnic_qp_queue__DOT__issue_pop = 0U;
    vlSelf->hpnic_qp_queue__DOT__mk_out = 0U;
    vlSelf->hpnic_qp_queue__DOT__mk_out_held = 0U;
    if ((1U & (~ ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_type) 
                  >> 2U)))) {
        if ((1U & (~ ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_type) 
                      >> 1U)))) {
            if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
                vlSelf->hpnic_qp_queue__DOT__issue_flush = 1U;
            }
        }
        if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type)))) {
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT__done_ok)))) {
                    vlSelf->hpnic_qp_queue__DOT__cnt_stale = 1U;
                }
                if (hpnic_qp_queue__DOT__done_ok) {
                    if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        vlSelf->hpnic_qp_queue__DOT__issue_pop = 1U;
                    }
                    if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        if (hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0) {
                            vlSelf->hpnic_qp_queue__DOT__mk_out_held = 1U;
                        }
                    }
                }
            }
        }
    }
    vlSelf->hpnic_qp_queue__DOT__do_issue = 0U;
    hpnic_qp_queue__DOT__n_serving = (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                            >> 9U));
    hpnic_qp_queue__DOT__n_qcount = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                             >> 5U));
    hpnic_qp_queue__DOT__n_held = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                           >> 1U));
    hpnic_qp_queue__DOT__n_head = (0xfU & ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                            << 3U) 
                                           | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                              >> 0x1dU)));
    hpnic_qp_queue__DOT__n_tail = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                           >> 0x19U));
    hpnic_qp_queue__DOT__n_last_key = (0xffffffU & 
                                       (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                        >> 1U));
    vlSelf->hpnic_qp_queue__DOT__n_epoch = (0xfU & 
                                            ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                              << 3U) 
                                             | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                >> 0x1dU)));
    vlSelf->hpnic_qp_queue__DOT__n_gen = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                  >> 0x19U));
    hpnic_qp_queue__DOT__n_old = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                          >> 0x15U));
    hpnic_qp_queue__DOT__n_mk_valid = (1U & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                             >> 0x14U));
    hpnic_qp_queue__DOT__n_mk = (0xfffffU & vlSelf->hpnic_qp_queue__DOT__st_old[0U]);
    if ((4U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
        if ((1U & (~ ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_type) 
                      >> 1U)))) {
            if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type)))) {
                if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                    >> 1U)))) {
                    vlSelf->hpnic_qp_queue__DOT__cnt_held = 1U;
                }
                if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                    >> 1U)))) {
                    vlSelf->hpnic_qp_queue__DOT__mk_out = 1U;
                }
            }
        }
        if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if ((1U & (~ (IData)(hpnic_qp_queue__DOT__replace)))) {
                if ((0x10U & vlSelf->hpnic_qp_queue__DOT__st_old[2U])) {
                    vlSelf->hpnic_qp_queue__DOT__cnt_full = 1U;
                }
                if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                              >> 4U)))) {
                    if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                        if (vlSelf->hpnic_qp_queue__DOT__free_empty) {
                            vlSelf->hpnic_qp_queue__DOT__cnt_pool = 1U;
                        }
                    }
                }
            }
            if (hpnic_qp_queue__DOT__replace) {
                vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                vlSelf->hpnic_qp_queue__DOT__n_epoch 
                    = (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                               << 3U) 
                                              | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                 >> 0x1dU))));
                vlSelf->hpnic_qp_queue__DOT__n_gen = 1U;
                hpnic_qp_queue__DOT__n_old = 0U;
                hpnic_qp_queue__DOT__n_serving = 1U;
                hpnic_qp_queue__DOT__n_qcount = 0U;
                hpnic_qp_queue__DOT__n_held = 1U;
                hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
                hpnic_qp_queue__DOT__n_mk_valid = 0U;
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                    vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                    hpnic_qp_queue__DOT__n_serving 
                        = (7U & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                 << 0x17U) 
                                                | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                   >> 9U))));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & ((IData)(1U) 
                                                      + 
                                                      ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U))));
                    vlSelf->hpnic_qp_queue__DOT__n_gen 
                        = (0xfU & ((IData)(1U) + ((
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   << 7U) 
                                                  | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                     >> 0x19U))));
                    if ((0U == (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 9U)))) {
                        hpnic_qp_queue__DOT__n_old 
                            = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                       >> 0x19U));
                    }
                    hpnic_qp_queue__DOT__n_last_key 
                        = vlSelf->hpnic_qp_queue__DOT__s2_key;
                    hpnic_qp_queue__DOT__n_mk_valid = 0U;
                } else if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                    hpnic_qp_queue__DOT__n_tail = vlSelf->hpnic_qp_queue__DOT__free_head;
                    if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        hpnic_qp_queue__DOT__n_head 
                            = vlSelf->hpnic_qp_queue__DOT__free_head;
                    }
                    hpnic_qp_queue__DOT__n_qcount = 
                        (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                 << 0x1bU) 
                                                | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                   >> 5U))));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & ((IData)(1U) 
                                                      + 
                                                      ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U))));
                    hpnic_qp_queue__DOT__n_last_key 
                        = vlSelf->hpnic_qp_queue__DOT__s2_key;
                }
            }
        } else if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if ((1U & (~ (IData)(hpnic_qp_queue__DOT__replace)))) {
                if ((0x10U & vlSelf->hpnic_qp_queue__DOT__st_old[2U])) {
                    vlSelf->hpnic_qp_queue__DOT__cnt_full = 1U;
                }
                if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                              >> 4U)))) {
                    if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                        if (vlSelf->hpnic_qp_queue__DOT__free_empty) {
                            vlSelf->hpnic_qp_queue__DOT__cnt_pool = 1U;
                        }
                    }
                }
            }
            if (hpnic_qp_queue__DOT__replace) {
                vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                vlSelf->hpnic_qp_queue__DOT__n_epoch 
                    = (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                               << 3U) 
                                              | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                 >> 0x1dU))));
                vlSelf->hpnic_qp_queue__DOT__n_gen = 1U;
                hpnic_qp_queue__DOT__n_old = 0U;
                hpnic_qp_queue__DOT__n_serving = 1U;
                hpnic_qp_queue__DOT__n_qcount = 0U;
                hpnic_qp_queue__DOT__n_held = 1U;
                hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
                hpnic_qp_queue__DOT__n_mk_valid = 0U;
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                    vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                    hpnic_qp_queue__DOT__n_serving 
                        = (7U & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                 << 0x17U) 
                                                | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                   >> 9U))));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & ((IData)(1U) 
                                                      + 
                                                      ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U))));
                    vlSelf->hpnic_qp_queue__DOT__n_gen 
                        = (0xfU & ((IData)(1U) + ((
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   << 7U) 
                                                  | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                     >> 0x19U))));
                    if ((0U == (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 9U)))) {
                        hpnic_qp_queue__DOT__n_old 
                            = (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                       >> 0x19U));
                    }
                    hpnic_qp_queue__DOT__n_last_key 
                        = vlSelf->hpnic_qp_queue__DOT__s2_key;
                    hpnic_qp_queue__DOT__n_mk_valid = 0U;
                } else if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                    hpnic_qp_queue__DOT__n_tail = vlSelf->hpnic_qp_queue__DOT__free_head;
                    if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        hpnic_qp_queue__DOT__n_head 
                            = vlSelf->hpnic_qp_queue__DOT__free_head;
                    }
                    hpnic_qp_queue__DOT__n_qcount = 
                        (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                 << 0x1bU) 
                                                | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                   >> 5U))));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & ((IData)(1U) 
                                                      + 
                                                      ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U))));
                    hpnic_qp_queue__DOT__n_last_key 
                        = vlSelf->hpnic_qp_queue__DOT__s2_key;
                }
            }
        } else if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                   >> 1U)))) {
            hpnic_qp_queue__DOT__n_mk_valid = 1U;
            hpnic_qp_queue__DOT__n_mk = (0xfffffU & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_mark));
        }
    } else {
        if ((1U & (~ ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_type) 
                      >> 1U)))) {
            if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type)))) {
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT__replace)))) {
                    if ((0x10U & vlSelf->hpnic_qp_queue__DOT__st_old[2U])) {
                        vlSelf->hpnic_qp_queue__DOT__cnt_full = 1U;
                    }
                    if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 4U)))) {
                        if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                            if (vlSelf->hpnic_qp_queue__DOT__free_empty) {
                                vlSelf->hpnic_qp_queue__DOT__cnt_pool = 1U;
                            }
                        }
                    }
                }
            }
        }
        if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type)))) {
                if (hpnic_qp_queue__DOT__done_ok) {
                    if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        if (hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0) {
                            vlSelf->hpnic_qp_queue__DOT__mk_out = 1U;
                        }
                    }
                    if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                        >> 5U)))) {
                        vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                    }
                }
            }
            if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
                hpnic_qp_queue__DOT__n_serving = 0U;
                hpnic_qp_queue__DOT__n_qcount = 0U;
                hpnic_qp_queue__DOT__n_held = 0U;
                hpnic_qp_queue__DOT__n_head = 0U;
                hpnic_qp_queue__DOT__n_tail = 0U;
                hpnic_qp_queue__DOT__n_last_key = 0U;
                vlSelf->hpnic_qp_queue__DOT__n_epoch = 0U;
                vlSelf->hpnic_qp_queue__DOT__n_gen = 0U;
                hpnic_qp_queue__DOT__n_old = 0U;
                hpnic_qp_queue__DOT__n_mk_valid = 0U;
                hpnic_qp_queue__DOT__n_mk = 0U;
            } else if (hpnic_qp_queue__DOT__done_ok) {
                if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                    >> 5U)))) {
                    hpnic_qp_queue__DOT__n_head = vlSelf->hpnic_qp_queue__DOT__link_mem
                        [(0xfU & ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                   << 3U) | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                             >> 0x1dU)))];
                    hpnic_qp_queue__DOT__n_qcount = 
                        (0xfU & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                   << 0x1bU) | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                >> 5U)) 
                                 - (IData)(1U)));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U)) 
                                                      - (IData)(1U)));
                    vlSelf->hpnic_qp_queue__DOT__n_gen 
                        = (0xfU & ((IData)(1U) + ((
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   << 7U) 
                                                  | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                     >> 0x19U))));
                    hpnic_qp_queue__DOT__n_old = (0xfU 
                                                  & ((IData)(1U) 
                                                     + 
                                                     ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                       << 0xbU) 
                                                      | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                         >> 0x15U))));
                } else {
                    hpnic_qp_queue__DOT__n_serving 
                        = (7U & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                   << 0x17U) | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                >> 9U)) 
                                 - (IData)(1U)));
                    hpnic_qp_queue__DOT__n_held = (0xfU 
                                                   & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        << 0x1fU) 
                                                       | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                          >> 1U)) 
                                                      - (IData)(1U)));
                    hpnic_qp_queue__DOT__n_old = (0xfU 
                                                  & ((IData)(1U) 
                                                     + 
                                                     ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                       << 0xbU) 
                                                      | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                         >> 0x15U))));
                    if (hpnic_qp_queue__DOT____VdfgExtracted_hee7ca86e__0) {
                        hpnic_qp_queue__DOT__n_mk_valid = 0U;
                    }
                }
            }
        } else if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
            hpnic_qp_queue__DOT__n_mk_valid = 0U;
            vlSelf->hpnic_qp_queue__DOT__n_epoch = 
                (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                         << 3U) | (
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   >> 0x1dU))));
            vlSelf->hpnic_qp_queue__DOT__n_gen = 0U;
            hpnic_qp_queue__DOT__n_old = 0U;
            hpnic_qp_queue__DOT__n_serving = 0U;
            hpnic_qp_queue__DOT__n_qcount = 0U;
            hpnic_qp_queue__DOT__n_held = 0U;
        } else if (hpnic_qp_queue__DOT__replace) {
            vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
            vlSelf->hpnic_qp_queue__DOT__n_epoch = 
                (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                         << 3U) | (
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                   >> 0x1dU))));
            vlSelf->hpnic_qp_queue__DOT__n_gen = 1U;
            hpnic_qp_queue__DOT__n_old = 0U;
            hpnic_qp_queue__DOT__n_serving = 1U;
            hpnic_qp_queue__DOT__n_qcount = 0U;
            hpnic_qp_queue__DOT__n_held = 1U;
            hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
            hpnic_qp_queue__DOT__n_mk_valid = 0U;
        } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                             >> 4U)))) {
            if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                hpnic_qp_queue__DOT__n_serving = (7U 
                                                  & ((IData)(1U) 
                                                     + 
                                                     ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       << 0x17U) 
                                                      | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                         >> 9U))));
                hpnic_qp_queue__DOT__n_held = (0xfU 
                                               & ((IData)(1U) 
                                                  + 
                                                  ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                    << 0x1fU) 
                                                   | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                      >> 1U))));
                vlSelf->hpnic_qp_queue__DOT__n_gen 
                    = (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                               << 7U) 
                                              | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                 >> 0x19U))));
                if ((0U == (7U & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 9U)))) {
                    hpnic_qp_queue__DOT__n_old = (0xfU 
                                                  & (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                     >> 0x19U));
                }
                hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
                hpnic_qp_queue__DOT__n_mk_valid = 0U;
            } else if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                hpnic_qp_queue__DOT__n_tail = vlSelf->hpnic_qp_queue__DOT__free_head;
                if ((0U == (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                    >> 5U)))) {
                    hpnic_qp_queue__DOT__n_head = vlSelf->hpnic_qp_queue__DOT__free_head;
                }
                hpnic_qp_queue__DOT__n_qcount = (0xfU 
                                                 & ((IData)(1U) 
                                                    + 
                                                    ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                      << 0x1bU) 
                                                     | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        >> 5U))));
                hpnic_qp_queue__DOT__n_held = (0xfU 
                                               & ((IData)(1U) 
                                                  + 
                                                  ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                    << 0x1fU) 
                                                   | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                      >> 1U))));
                hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
            }
        }
    }
    vlSelf->hpnic_qp_queue__DOT__st_new[0U] = (IData)(
                                                      (((QData)((IData)(vlSelf->hpnic_qp_queue__DOT__n_epoch)) 
                                                        << 0x1dU) 
                                                       | (QData)((IData)(
                                                                         (((IData)(vlSelf->hpnic_qp_queue__DOT__n_gen) 
                                                                           << 0x19U) 
                                                                          | (((IData)(hpnic_qp_queue__DOT__n_old) 
                                                                              << 0x15U) 
                                                                             | (((IData)(hpnic_qp_queue__DOT__n_mk_valid) 
                                                                                << 0x14U) 
                                                                                | hpnic_qp_queue__DOT__n_mk)))))));
    vlSelf->hpnic_qp_queue__DOT__st_new[1U] = ((0xfffffffeU 
                                                & (((IData)(hpnic_qp_queue__DOT__n_head) 
                                                    << 0x1dU) 
                                                   | (((IData)(hpnic_qp_queue__DOT__n_tail) 
                                                       << 0x19U) 
                                                      | (hpnic_qp_queue__DOT__n_last_key 
                                                         << 1U)))) 
                                               | (IData)(
                                                         ((((QData)((IData)(vlSelf->hpnic_qp_queue__DOT__n_epoch)) 
                                                            << 0x1dU) 
                                                           | (QData)((IData)(
                                                                             (((IData)(vlSelf->hpnic_qp_queue__DOT__n_gen) 
                                                                               << 0x19U) 
                                                                              | (((IData)(hpnic_qp_queue__DOT__n_old) 
                                                                                << 0x15U) 
                                                                                | (((IData)(hpnic_qp_queue__DOT__n_mk_valid) 
                                                                                << 0x14U) 
                                                                                | hpnic_qp_queue__DOT__n_mk)))))) 
                                                          >> 0x20U)));
    vlSelf->hpnic_qp_queue__DOT__st_new[2U] = (((IData)(hpnic_qp_queue__DOT__n_serving) 
                                                << 9U) 
                                               | (((IData)(hpnic_qp_queue__DOT__n_qcount) 
                                                   << 5U) 
                                                  | (((IData)(hpnic_qp_queue__DOT__n_held) 
                                                      << 1U) 
                                                     | (1U 
                                                        & ((1U 
                                                            & ((IData)(hpnic_qp_queue__DOT__n_head) 
                                                               >> 3U)) 
                                                           | ((1U 
                                                               & ((IData)(hpnic_qp_queue__DOT__n_tail) 
                                                                  >> 7U)) 
                                                              | (hpnic_qp_queue__DOT__n_last_key 
                                                                 >> 0x1fU)))))));
    vlSelf->hpnic_qp_queue__DOT__free_chain = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_one = 0U;
    vlSelf->hpnic_qp_queue__DOT__alloc = 0U;
    if ((4U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
        if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if (hpnic_qp_queue__DOT__replace) {
                vlSelf->hpnic_qp_queue__DOT__free_chain 
                    = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 5U)));
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                    if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                        vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
                    }
                }
            }
        } else if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if (hpnic_qp_queue__DOT__replace) {
                vlSelf->hpnic_qp_queue__DOT__free_chain 
                    = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 5U)));
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                    if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                        vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
                    }
                }
            }
        }
    } else if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
        if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type)))) {
            if (hpnic_qp_queue__DOT__done_ok) {
                if ((0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                    >> 5U)))) {
                    vlSelf->hpnic_qp_queue__DOT__free_one = 1U;
                }
            }
        }
    } else if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
        vlSelf->hpnic_qp_queue__DOT__free_chain = (0U 
                                                   != 
                                                   (0xfU 
                                                    & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       >> 5U)));
    } else if (hpnic_qp_queue__DOT__replace) {
        vlSelf->hpnic_qp_queue__DOT__free_chain = (0U 
                                                   != 
                                                   (0xfU 
                                                    & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       >> 5U)));
    } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                         >> 4U)))) {
        if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
            if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
            }
        }
    }
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg = 0U;
        vlSelf->hpnic_qp_queue__DOT__s2_valid = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__pool_wr = ((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                                            & (IData)(vlSelf->hpnic_qp_queue__DOT__alloc));
    vlSelf->hpnic_qp_queue__DOT__link_wr = 0U;
    vlSelf->hpnic_qp_queue__DOT__link_wr_addr = vlSelf->hpnic_qp_queue__DOT__free_tail;
    vlSelf->hpnic_qp_queue__DOT__link_wr_data = (0xfU 
                                                 & ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                     << 3U) 
                                                    | (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                                       >> 0x1dU)));
    if (vlSelf->hpnic_qp_queue__DOT__s2_clr_link) {
        vlSelf->hpnic_qp_queue__DOT__link_wr = 1U;
        vlSelf->hpnic_qp_queue__DOT__link_wr_addr = vlSelf->hpnic_qp_queue__DOT__s2_clr_ptr;
        vlSelf->hpnic_qp_queue__DOT__link_wr_data = 
            (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__s2_clr_ptr)));
    } else if ((((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                 & (IData)(vlSelf->hpnic_qp_queue__DOT__alloc)) 
                & (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 5U))))) {
        vlSelf->hpnic_qp_queue__DOT__link_wr = 1U;
        vlSelf->hpnic_qp_queue__DOT__link_wr_addr = 
            (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                     >> 0x19U));
        vlSelf->hpnic_qp_queue__DOT__link_wr_data = vlSelf->hpnic_qp_queue__DOT__free_head;
    } else if ((((IData)(vlSelf->hpnic_qp_queue__DOT__s2_valid) 
                 & ((IData)(vlSelf->hpnic_qp_queue__DOT__free_one) 
                    | (IData)(vlSelf->hpnic_qp_queue__DOT__free_chain))) 
                & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
        vlSelf->hpnic_qp_queue__DOT__link_wr = 1U;
    }
    vlSelf->hpnic_qp_queue__DOT__s1_valid = (((((IData)(vlSelf->s_done_ready) 
                                                | (IData)(vlSelf->s_flush_ready)) 
                                               | (IData)(vlSelf->s_push_ready)) 
                                              | (IData)(vlSelf->s_mark_ready)) 
                                             | (IData)(vlSelf->hpnic_qp_queue__DOT__clr_active));
    if (vlSelf->rst) {
        vlSelf->hpnic_qp_queue__DOT__s1_valid = 0U;
    }
    vlSelf->hpnic_qp_queue__DOT__clr_active = __Vdly__hpnic_qp_queue__DOT__clr_active;
    vlSelf->init_done = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__clr_active)));
    vlSelf->hpnic_qp_queue__DOT__go = ((IData)(vlSelf->init_done) 
                                       & (IData)(vlSelf->hpnic_qp_queue__DOT__room_reg));
    vlSelf->s_done_ready = ((IData)(vlSelf->hpnic_qp_queue__DOT__go) 
                            & (IData)(vlSelf->s_done_valid));
    hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0 = (
                                                   (~ (IData)(vlSelf->s_done_valid)) 
                                                   & (IData)(vlSelf->hpnic_qp_queue__DOT__go));
    vlSelf->s_flush_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0) 
                             & (IData)(vlSelf->s_flush_valid));
    hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0 = (
                                                   (~ (IData)(vlSelf->s_flush_valid)) 
                                                   & (IData)(hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0));
    vlSelf->s_push_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0) 
                            & (IData)(vlSelf->s_push_valid));
    vlSelf->s_mark_ready = ((IData)(hpnic_qp_queue__DOT____VdfgTmp_hdc022879__0) 
                            & ((~ (IData)(vlSelf->s_push_valid)) 
                               & (IData)(vlSelf->s_mark_valid)));
}

void Vqq_serve1___024root___eval_nba(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_nba\n"); );
    // Body
    if (vlSelf->__VnbaTriggered.at(0U)) {
        Vqq_serve1___024root___nba_sequent__TOP__0(vlSelf);
    }
}

void Vqq_serve1___024root___eval_triggers__ico(Vqq_serve1___024root* vlSelf);
#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__ico(Vqq_serve1___024root* vlSelf);
#endif  // VL_DEBUG
void Vqq_serve1___024root___eval_triggers__act(Vqq_serve1___024root* vlSelf);
#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__act(Vqq_serve1___024root* vlSelf);
#endif  // VL_DEBUG
#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__nba(Vqq_serve1___024root* vlSelf);
#endif  // VL_DEBUG

void Vqq_serve1___024root___eval(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval\n"); );
    // Init
    CData/*0:0*/ __VicoContinue;
    VlTriggerVec<1> __VpreTriggered;
    IData/*31:0*/ __VnbaIterCount;
    CData/*0:0*/ __VnbaContinue;
    // Body
    vlSelf->__VicoIterCount = 0U;
    __VicoContinue = 1U;
    while (__VicoContinue) {
        __VicoContinue = 0U;
        Vqq_serve1___024root___eval_triggers__ico(vlSelf);
        if (vlSelf->__VicoTriggered.any()) {
            __VicoContinue = 1U;
            if (VL_UNLIKELY((0x64U < vlSelf->__VicoIterCount))) {
#ifdef VL_DEBUG
                Vqq_serve1___024root___dump_triggers__ico(vlSelf);
#endif
                VL_FATAL_MT("rtl/common/hpnic_qp_queue.v", 58, "", "Input combinational region did not converge.");
            }
            vlSelf->__VicoIterCount = ((IData)(1U) 
                                       + vlSelf->__VicoIterCount);
            Vqq_serve1___024root___eval_ico(vlSelf);
        }
    }
    __VnbaIterCount = 0U;
    __VnbaContinue = 1U;
    while (__VnbaContinue) {
        __VnbaContinue = 0U;
        vlSelf->__VnbaTriggered.clear();
        vlSelf->__VactIterCount = 0U;
        vlSelf->__VactContinue = 1U;
        while (vlSelf->__VactContinue) {
            vlSelf->__VactContinue = 0U;
            Vqq_serve1___024root___eval_triggers__act(vlSelf);
            if (vlSelf->__VactTriggered.any()) {
                vlSelf->__VactContinue = 1U;
                if (VL_UNLIKELY((0x64U < vlSelf->__VactIterCount))) {
#ifdef VL_DEBUG
                    Vqq_serve1___024root___dump_triggers__act(vlSelf);
#endif
                    VL_FATAL_MT("rtl/common/hpnic_qp_queue.v", 58, "", "Active region did not converge.");
                }
                vlSelf->__VactIterCount = ((IData)(1U) 
                                           + vlSelf->__VactIterCount);
                __VpreTriggered.andNot(vlSelf->__VactTriggered, vlSelf->__VnbaTriggered);
                vlSelf->__VnbaTriggered.set(vlSelf->__VactTriggered);
                Vqq_serve1___024root___eval_act(vlSelf);
            }
        }
        if (vlSelf->__VnbaTriggered.any()) {
            __VnbaContinue = 1U;
            if (VL_UNLIKELY((0x64U < __VnbaIterCount))) {
#ifdef VL_DEBUG
                Vqq_serve1___024root___dump_triggers__nba(vlSelf);
#endif
                VL_FATAL_MT("rtl/common/hpnic_qp_queue.v", 58, "", "NBA region did not converge.");
            }
            __VnbaIterCount = ((IData)(1U) + __VnbaIterCount);
            Vqq_serve1___024root___eval_nba(vlSelf);
        }
    }
}

#ifdef VL_DEBUG
void Vqq_serve1___024root___eval_debug_assertions(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_debug_assertions\n"); );
    // Body
    if (VL_UNLIKELY((vlSelf->clk & 0xfeU))) {
        Verilated::overWidthError("clk");}
    if (VL_UNLIKELY((vlSelf->rst & 0xfeU))) {
        Verilated::overWidthError("rst");}
    if (VL_UNLIKELY((vlSelf->s_push_valid & 0xfeU))) {
        Verilated::overWidthError("s_push_valid");}
    if (VL_UNLIKELY((vlSelf->s_push_qpn & 0xf8U))) {
        Verilated::overWidthError("s_push_qpn");}
    if (VL_UNLIKELY((vlSelf->s_push_key & 0xff000000U))) {
        Verilated::overWidthError("s_push_key");}
    if (VL_UNLIKELY((vlSelf->s_push_dup & 0xfeU))) {
        Verilated::overWidthError("s_push_dup");}
    if (VL_UNLIKELY((vlSelf->s_flush_valid & 0xfeU))) {
        Verilated::overWidthError("s_flush_valid");}
    if (VL_UNLIKELY((vlSelf->s_flush_qpn & 0xf8U))) {
        Verilated::overWidthError("s_flush_qpn");}
    if (VL_UNLIKELY((vlSelf->s_mark_valid & 0xfeU))) {
        Verilated::overWidthError("s_mark_valid");}
    if (VL_UNLIKELY((vlSelf->s_mark_qpn & 0xf8U))) {
        Verilated::overWidthError("s_mark_qpn");}
    if (VL_UNLIKELY((vlSelf->s_mark_data & 0ULL))) {
        Verilated::overWidthError("s_mark_data");}
    if (VL_UNLIKELY((vlSelf->s_done_valid & 0xfeU))) {
        Verilated::overWidthError("s_done_valid");}
    if (VL_UNLIKELY((vlSelf->s_done_qpn & 0xf8U))) {
        Verilated::overWidthError("s_done_qpn");}
    if (VL_UNLIKELY((vlSelf->m_ready & 0xfeU))) {
        Verilated::overWidthError("m_ready");}
    if (VL_UNLIKELY((vlSelf->m_mark_ready & 0xfeU))) {
        Verilated::overWidthError("m_mark_ready");}
}
#endif  // VL_DEBUG
