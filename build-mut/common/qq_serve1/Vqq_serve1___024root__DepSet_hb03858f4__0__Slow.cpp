// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Design implementation internals
// See Vqq_serve1.h for the primary calling header

#include "verilated.h"

#include "Vqq_serve1__Syms.h"
#include "Vqq_serve1___024root.h"

#ifdef VL_DEBUG
VL_ATTR_COLD void Vqq_serve1___024root___dump_triggers__stl(Vqq_serve1___024root* vlSelf);
#endif  // VL_DEBUG

VL_ATTR_COLD void Vqq_serve1___024root___eval_triggers__stl(Vqq_serve1___024root* vlSelf) {
    if (false && vlSelf) {}  // Prevent unused
    Vqq_serve1__Syms* const __restrict vlSymsp VL_ATTR_UNUSED = vlSelf->vlSymsp;
    VL_DEBUG_IF(VL_DBG_MSGF("+    Vqq_serve1___024root___eval_triggers__stl\n"); );
    // Body
    vlSelf->__VstlTriggered.at(0U) = (0U == vlSelf->__VstlIterCount);
#ifdef VL_DEBUG
    if (VL_UNLIKELY(vlSymsp->_vm_contextp__->debug())) {
        Vqq_serve1___024root___dump_triggers__stl(vlSelf);
    }
#endif
}
