// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Design implementation internals
// See Vqq_serve1.h for the primary calling header

#include "verilated.h"

#include "Vqq_serve1___024root.h"

VL_ATTR_COLD void Vqq_serve1___024root___eval_static__TOP(Vqq_serve1___024root* vlSelf);

VL_ATTR_COLD void Vqq_serve1___024root___eval_static(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_static\n"); );
    // Body
    Vqq_serve1___024root___eval_static__TOP(vlSelf);
}

VL_ATTR_COLD void Vqq_serve1___024root___eval_static__TOP(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_static__TOP\n"); );
    // Body
    vlSelf->stat_drop_full = 0U;
    vlSelf->stat_drop_pool = 0U;
    vlSelf->stat_done_stale = 0U;
    vlSelf->stat_mark_held = 0U;
    vlSelf->hpnic_qp_queue__DOT__clr_active = 1U;
    vlSelf->hpnic_qp_queue__DOT__clr_idx = 0U;
    vlSelf->hpnic_qp_queue__DOT__room_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_valid = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_type = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_mark = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__s1_qpn = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_data = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__s1_key = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_dup = 0U;
    vlSelf->hpnic_qp_queue__DOT__s1_tag = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_valid = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_type = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_mark = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__s2_qpn = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_data = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__s2_key = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_dup = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_tag = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_clr_ptr = 0U;
    vlSelf->hpnic_qp_queue__DOT__s2_clr_link = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_head = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_tail = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_cnt = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_empty = 1U;
    vlSelf->hpnic_qp_queue__DOT__s3_valid = 0U;
    vlSelf->hpnic_qp_queue__DOT__s3_pop = 0U;
    vlSelf->hpnic_qp_queue__DOT__s3_flush = 0U;
    vlSelf->hpnic_qp_queue__DOT__s3_qpn = 0U;
    vlSelf->hpnic_qp_queue__DOT__s3_data = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__s3_tag = 0U;
    vlSelf->hpnic_qp_queue__DOT__mk_wr = 0U;
    vlSelf->hpnic_qp_queue__DOT__mk_qpn = 0U;
    vlSelf->hpnic_qp_queue__DOT__mk_data = 0ULL;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[0U] = 0U;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[1U] = 0U;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[2U] = 0U;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg = 1U;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg = 0U;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg = 1U;
}

VL_ATTR_COLD void Vqq_serve1___024root___eval_initial(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_initial\n"); );
    // Body
    vlSelf->__Vtrigrprev__TOP__clk = vlSelf->clk;
}

VL_ATTR_COLD void Vqq_serve1___024root___eval_final(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_final\n"); );
}

VL_ATTR_COLD void Vqq_serve1___024root___eval_triggers__stl(Vqq_serve1___024root* vlSelf);
#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__stl(Vqq_serve1___024root* vlSelf);
#endif  // VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___eval_stl(Vqq_serve1___024root* vlSelf);

VL_ATTR_COLD void Vqq_serve1___024root___eval_settle(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_settle\n"); );
    // Init
    CData/*0:0*/ __VstlContinue;
    // Body
    vlSelf->__VstlIterCount = 0U;
    __VstlContinue = 1U;
    while (__VstlContinue) {
        __VstlContinue = 0U;
        Vqq_serve1___024root___eval_triggers__stl(vlSelf);
        if (vlSelf->__VstlTriggered.any()) {
            __VstlContinue = 1U;
            if (VL_UNLIKELY((0x64U < vlSelf->__VstlIterCount))) {
#ifdef VL_DEBUG
                Vqq_serve1___024root___dump_triggers__stl(vlSelf);
#endif
                VL_FATAL_MT("rtl/common/hpnic_qp_queue.v", 58, "", "Settle region did not converge.");
            }
            vlSelf->__VstlIterCount = ((IData)(1U) 
                                       + vlSelf->__VstlIterCount);
            Vqq_serve1___024root___eval_stl(vlSelf);
        }
    }
}

#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__stl(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___dump_triggers__stl\n"); );
    // Body
    if ((1U & (~ (IData)(vlSelf->__VstlTriggered.any())))) {
        VL_DBG_MSGF("         No triggers active\n");
    }
    if (vlSelf->__VstlTriggered.at(0U)) {
        VL_DBG_MSGF("         'stl' region trigger index 0 is active: Internal 'stl' trigger - first iteration\n");
    }
}
#endif  // VL_DEBUG

VL_ATTR_COLD void Vqq_serve1___024root___stl_sequent__TOP__0(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___stl_sequent__TOP__0\n"); );
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
    // Body
    vlSelf->hpnic_qp_queue__DOT__issue_flush = 0U;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg)));
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg)));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg)));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_next 
        = (0xfU & ((IData)(1U) + (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg)));
    vlSelf->hpnic_qp_queue__DOT__link_of_free = vlSelf->hpnic_qp_queue__DOT__link_mem_f
        [vlSelf->hpnic_qp_queue__DOT__free_head];
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go 
        = ((~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg)) 
           & (IData)(vlSelf->hpnic_qp_queue__DOT__s3_valid));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go 
        = ((~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg)) 
           & (IData)(vlSelf->hpnic_qp_queue__DOT__mk_wr));
    vlSelf->m_valid = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg)));
    vlSelf->m_mark_valid = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg)));
    hpnic_qp_queue__DOT____Vcellout__g_marks__DOT__mk_fifo_inst__m_data 
        = vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg))];
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[0U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][0U];
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[1U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][1U];
    hpnic_qp_queue__DOT____Vcellout__out_fifo_inst__m_data[2U] 
        = vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem
        [(7U & (IData)(vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg))][2U];
    vlSelf->init_done = (1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__clr_active)));
    if (vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg) {
        vlSelf->hpnic_qp_queue__DOT__st_old[0U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[0U];
        vlSelf->hpnic_qp_queue__DOT__st_old[1U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[1U];
        vlSelf->hpnic_qp_queue__DOT__st_old[2U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg[2U];
    } else {
        vlSelf->hpnic_qp_queue__DOT__st_old[0U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[0U];
        vlSelf->hpnic_qp_queue__DOT__st_old[1U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[1U];
        vlSelf->hpnic_qp_queue__DOT__st_old[2U] = vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data[2U];
    }
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_valid) & (IData)(vlSelf->m_ready));
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go 
        = ((IData)(vlSelf->m_mark_valid) & (IData)(vlSelf->m_mark_ready));
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
    vlSelf->hpnic_qp_queue__DOT__go = ((IData)(vlSelf->init_done) 
                                       & (IData)(vlSelf->hpnic_qp_queue__DOT__room_reg));
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
    vlSelf->s_done_ready = ((IData)(vlSelf->hpnic_qp_queue__DOT__go) 
                            & (IData)(vlSelf->s_done_valid));
    hpnic_qp_queue__DOT____VdfgTmp_h76121d1f__0 = (
                                                   (~ (IData)(vlSelf->s_done_valid)) 
                                                   & (IData)(vlSelf->hpnic_qp_queue__DOT__go));
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
    vlSelf->hpnic_qp_queue__DOT__free_chain = 0U;
    vlSelf->hpnic_qp_queue__DOT__free_one = 0U;
    vlSelf->hpnic_qp_queue__DOT__alloc = 0U;
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
                vlSelf->hpnic_qp_queue__DOT__free_chain 
                    = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 5U)));
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                    vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                }
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                    if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                        vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
                    }
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
                vlSelf->hpnic_qp_queue__DOT__free_chain 
                    = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                      >> 5U)));
            } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                 >> 4U)))) {
                if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                    vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
                }
                if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                    if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                        vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
                    }
                }
            }
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
                        vlSelf->hpnic_qp_queue__DOT__free_one = 1U;
                    }
                }
            }
        } else if ((1U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
            vlSelf->hpnic_qp_queue__DOT__free_chain 
                = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 5U)));
        } else if (hpnic_qp_queue__DOT__replace) {
            vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
            vlSelf->hpnic_qp_queue__DOT__free_chain 
                = (0U != (0xfU & (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                  >> 5U)));
        } else if ((1U & (~ (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                             >> 4U)))) {
            if (hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0) {
                vlSelf->hpnic_qp_queue__DOT__do_issue = 1U;
            }
            if ((1U & (~ (IData)(hpnic_qp_queue__DOT____VdfgExtracted_h58e8b651__0)))) {
                if ((1U & (~ (IData)(vlSelf->hpnic_qp_queue__DOT__free_empty)))) {
                    vlSelf->hpnic_qp_queue__DOT__alloc = 1U;
                }
            }
        }
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
        if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
            if (hpnic_qp_queue__DOT__replace) {
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
            if (hpnic_qp_queue__DOT__replace) {
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
    } else if ((2U & (IData)(vlSelf->hpnic_qp_queue__DOT__s2_type))) {
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
                hpnic_qp_queue__DOT__n_qcount = (0xfU 
                                                 & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                      << 0x1bU) 
                                                     | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                        >> 5U)) 
                                                    - (IData)(1U)));
                hpnic_qp_queue__DOT__n_held = (0xfU 
                                               & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                    << 0x1fU) 
                                                   | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                      >> 1U)) 
                                                  - (IData)(1U)));
                vlSelf->hpnic_qp_queue__DOT__n_gen 
                    = (0xfU & ((IData)(1U) + ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
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
                hpnic_qp_queue__DOT__n_serving = (7U 
                                                  & (((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       << 0x17U) 
                                                      | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
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
        hpnic_qp_queue__DOT__n_mk_valid = 0U;
        vlSelf->hpnic_qp_queue__DOT__n_epoch = (0xfU 
                                                & ((IData)(1U) 
                                                   + 
                                                   ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
                                                     << 3U) 
                                                    | (vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
                                                       >> 0x1dU))));
        vlSelf->hpnic_qp_queue__DOT__n_gen = 0U;
        hpnic_qp_queue__DOT__n_old = 0U;
        hpnic_qp_queue__DOT__n_serving = 0U;
        hpnic_qp_queue__DOT__n_qcount = 0U;
        hpnic_qp_queue__DOT__n_held = 0U;
    } else if (hpnic_qp_queue__DOT__replace) {
        vlSelf->hpnic_qp_queue__DOT__n_epoch = (0xfU 
                                                & ((IData)(1U) 
                                                   + 
                                                   ((vlSelf->hpnic_qp_queue__DOT__st_old[1U] 
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
            hpnic_qp_queue__DOT__n_serving = (7U & 
                                              ((IData)(1U) 
                                               + ((
                                                   vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                   << 0x17U) 
                                                  | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                     >> 9U))));
            hpnic_qp_queue__DOT__n_held = (0xfU & ((IData)(1U) 
                                                   + 
                                                   ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                     << 0x1fU) 
                                                    | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       >> 1U))));
            vlSelf->hpnic_qp_queue__DOT__n_gen = (0xfU 
                                                  & ((IData)(1U) 
                                                     + 
                                                     ((vlSelf->hpnic_qp_queue__DOT__st_old[0U] 
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
            hpnic_qp_queue__DOT__n_qcount = (0xfU & 
                                             ((IData)(1U) 
                                              + ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                  << 0x1bU) 
                                                 | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                    >> 5U))));
            hpnic_qp_queue__DOT__n_held = (0xfU & ((IData)(1U) 
                                                   + 
                                                   ((vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                     << 0x1fU) 
                                                    | (vlSelf->hpnic_qp_queue__DOT__st_old[2U] 
                                                       >> 1U))));
            hpnic_qp_queue__DOT__n_last_key = vlSelf->hpnic_qp_queue__DOT__s2_key;
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

VL_ATTR_COLD void Vqq_serve1___024root___eval_stl(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_stl\n"); );
    // Body
    if (vlSelf->__VstlTriggered.at(0U)) {
        Vqq_serve1___024root___stl_sequent__TOP__0(vlSelf);
    }
}

#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__ico(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___dump_triggers__ico\n"); );
    // Body
    if ((1U & (~ (IData)(vlSelf->__VicoTriggered.any())))) {
        VL_DBG_MSGF("         No triggers active\n");
    }
    if (vlSelf->__VicoTriggered.at(0U)) {
        VL_DBG_MSGF("         'ico' region trigger index 0 is active: Internal 'ico' trigger - first iteration\n");
    }
}
#endif  // VL_DEBUG

#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__act(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___dump_triggers__act\n"); );
    // Body
    if ((1U & (~ (IData)(vlSelf->__VactTriggered.any())))) {
        VL_DBG_MSGF("         No triggers active\n");
    }
    if (vlSelf->__VactTriggered.at(0U)) {
        VL_DBG_MSGF("         'act' region trigger index 0 is active: @(posedge clk)\n");
    }
}
#endif  // VL_DEBUG

#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__nba(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___dump_triggers__nba\n"); );
    // Body
    if ((1U & (~ (IData)(vlSelf->__VnbaTriggered.any())))) {
        VL_DBG_MSGF("         No triggers active\n");
    }
    if (vlSelf->__VnbaTriggered.at(0U)) {
        VL_DBG_MSGF("         'nba' region trigger index 0 is active: @(posedge clk)\n");
    }
}
#endif  // VL_DEBUG

VL_ATTR_COLD void Vqq_serve1___024root___ctor_var_reset(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___ctor_var_reset\n"); );
    // Body
    vlSelf->clk = 0;
    vlSelf->rst = 0;
    vlSelf->s_push_valid = 0;
    vlSelf->s_push_ready = 0;
    vlSelf->s_push_qpn = 0;
    vlSelf->s_push_data = 0;
    vlSelf->s_push_key = 0;
    vlSelf->s_push_dup = 0;
    vlSelf->s_flush_valid = 0;
    vlSelf->s_flush_ready = 0;
    vlSelf->s_flush_qpn = 0;
    vlSelf->s_mark_valid = 0;
    vlSelf->s_mark_ready = 0;
    vlSelf->s_mark_qpn = 0;
    vlSelf->s_mark_data = 0;
    vlSelf->s_done_valid = 0;
    vlSelf->s_done_ready = 0;
    vlSelf->s_done_qpn = 0;
    vlSelf->s_done_tag = 0;
    vlSelf->m_valid = 0;
    vlSelf->m_ready = 0;
    vlSelf->m_qpn = 0;
    vlSelf->m_data = 0;
    vlSelf->m_tag = 0;
    vlSelf->m_flush = 0;
    vlSelf->m_mark_valid = 0;
    vlSelf->m_mark_ready = 0;
    vlSelf->m_mark_qpn = 0;
    vlSelf->m_mark_data = 0;
    vlSelf->init_done = 0;
    vlSelf->stat_drop_full = 0;
    vlSelf->stat_drop_pool = 0;
    vlSelf->stat_done_stale = 0;
    vlSelf->stat_mark_held = 0;
    vlSelf->hpnic_qp_queue__DOT__clr_active = 0;
    vlSelf->hpnic_qp_queue__DOT__clr_idx = 0;
    vlSelf->hpnic_qp_queue__DOT__room_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__go = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_valid = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_type = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_mark = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_qpn = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_data = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_key = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_dup = 0;
    vlSelf->hpnic_qp_queue__DOT__s1_tag = 0;
    VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__st_old);
    VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__st_new);
    vlSelf->hpnic_qp_queue__DOT__s2_valid = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_type = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_mark = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_qpn = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_data = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_key = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_dup = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_tag = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_clr_ptr = 0;
    vlSelf->hpnic_qp_queue__DOT__s2_clr_link = 0;
    for (int __Vi0 = 0; __Vi0 < 16; ++__Vi0) {
        vlSelf->hpnic_qp_queue__DOT__link_mem[__Vi0] = 0;
    }
    for (int __Vi0 = 0; __Vi0 < 16; ++__Vi0) {
        vlSelf->hpnic_qp_queue__DOT__link_mem_f[__Vi0] = 0;
    }
    vlSelf->hpnic_qp_queue__DOT__free_head = 0;
    vlSelf->hpnic_qp_queue__DOT__free_tail = 0;
    vlSelf->hpnic_qp_queue__DOT__free_cnt = 0;
    vlSelf->hpnic_qp_queue__DOT__free_empty = 0;
    vlSelf->hpnic_qp_queue__DOT__link_of_free = 0;
    vlSelf->hpnic_qp_queue__DOT__link_wr = 0;
    vlSelf->hpnic_qp_queue__DOT__link_wr_addr = 0;
    vlSelf->hpnic_qp_queue__DOT__link_wr_data = 0;
    vlSelf->hpnic_qp_queue__DOT__pool_rd_data = 0;
    vlSelf->hpnic_qp_queue__DOT__pool_wr = 0;
    vlSelf->hpnic_qp_queue__DOT__n_epoch = 0;
    vlSelf->hpnic_qp_queue__DOT__n_gen = 0;
    vlSelf->hpnic_qp_queue__DOT__do_issue = 0;
    vlSelf->hpnic_qp_queue__DOT__issue_pop = 0;
    vlSelf->hpnic_qp_queue__DOT__issue_flush = 0;
    vlSelf->hpnic_qp_queue__DOT__free_chain = 0;
    vlSelf->hpnic_qp_queue__DOT__free_one = 0;
    vlSelf->hpnic_qp_queue__DOT__alloc = 0;
    vlSelf->hpnic_qp_queue__DOT__cnt_full = 0;
    vlSelf->hpnic_qp_queue__DOT__cnt_pool = 0;
    vlSelf->hpnic_qp_queue__DOT__cnt_stale = 0;
    vlSelf->hpnic_qp_queue__DOT__cnt_held = 0;
    vlSelf->hpnic_qp_queue__DOT__mk_out = 0;
    vlSelf->hpnic_qp_queue__DOT__mk_out_held = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_valid = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_pop = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_flush = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_qpn = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_data = 0;
    vlSelf->hpnic_qp_queue__DOT__s3_tag = 0;
    vlSelf->hpnic_qp_queue__DOT__mk_wr = 0;
    vlSelf->hpnic_qp_queue__DOT__mk_qpn = 0;
    vlSelf->hpnic_qp_queue__DOT__mk_data = 0;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_valid_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__s2_addr_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__fwd_reg = 0;
    VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__last_data_reg);
    VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_data);
    for (int __Vi0 = 0; __Vi0 < 8; ++__Vi0) {
        VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__state_inst__DOT__ram_inst__DOT__mem[__Vi0]);
    }
    for (int __Vi0 = 0; __Vi0 < 16; ++__Vi0) {
        vlSelf->hpnic_qp_queue__DOT__pool_inst__DOT__mem[__Vi0] = 0;
    }
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__full_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__empty_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_ptr_next = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_ptr_next = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__wr_go = 0;
    vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__rd_go = 0;
    for (int __Vi0 = 0; __Vi0 < 8; ++__Vi0) {
        VL_ZERO_RESET_W(76, vlSelf->hpnic_qp_queue__DOT__out_fifo_inst__DOT__g_dist__DOT__mem[__Vi0]);
    }
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__full_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__empty_reg = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_ptr_next = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_ptr_next = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__wr_go = 0;
    vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__rd_go = 0;
    for (int __Vi0 = 0; __Vi0 < 8; ++__Vi0) {
        vlSelf->hpnic_qp_queue__DOT__g_marks__DOT__mk_fifo_inst__DOT__g_dist__DOT__mem[__Vi0] = 0;
    }
    vlSelf->__Vtrigrprev__TOP__clk = 0;
}
