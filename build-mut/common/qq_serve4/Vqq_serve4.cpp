// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Model implementation (design independent parts)

#include "Vqq_serve4.h"
#include "Vqq_serve4__Syms.h"

//============================================================
// Constructors

Vqq_serve4::Vqq_serve4(VerilatedContext* _vcontextp__, const char* _vcname__)
    : VerilatedModel{*_vcontextp__}
    , vlSymsp{new Vqq_serve4__Syms(contextp(), _vcname__, this)}
    , clk{vlSymsp->TOP.clk}
    , rst{vlSymsp->TOP.rst}
    , s_push_valid{vlSymsp->TOP.s_push_valid}
    , s_push_ready{vlSymsp->TOP.s_push_ready}
    , s_push_qpn{vlSymsp->TOP.s_push_qpn}
    , s_push_dup{vlSymsp->TOP.s_push_dup}
    , s_flush_valid{vlSymsp->TOP.s_flush_valid}
    , s_flush_ready{vlSymsp->TOP.s_flush_ready}
    , s_flush_qpn{vlSymsp->TOP.s_flush_qpn}
    , s_mark_valid{vlSymsp->TOP.s_mark_valid}
    , s_mark_ready{vlSymsp->TOP.s_mark_ready}
    , s_mark_qpn{vlSymsp->TOP.s_mark_qpn}
    , s_mark_data{vlSymsp->TOP.s_mark_data}
    , s_done_valid{vlSymsp->TOP.s_done_valid}
    , s_done_ready{vlSymsp->TOP.s_done_ready}
    , s_done_qpn{vlSymsp->TOP.s_done_qpn}
    , s_done_tag{vlSymsp->TOP.s_done_tag}
    , m_valid{vlSymsp->TOP.m_valid}
    , m_ready{vlSymsp->TOP.m_ready}
    , m_qpn{vlSymsp->TOP.m_qpn}
    , m_tag{vlSymsp->TOP.m_tag}
    , m_flush{vlSymsp->TOP.m_flush}
    , m_mark_valid{vlSymsp->TOP.m_mark_valid}
    , m_mark_ready{vlSymsp->TOP.m_mark_ready}
    , m_mark_qpn{vlSymsp->TOP.m_mark_qpn}
    , m_mark_data{vlSymsp->TOP.m_mark_data}
    , init_done{vlSymsp->TOP.init_done}
    , s_push_key{vlSymsp->TOP.s_push_key}
    , stat_drop_full{vlSymsp->TOP.stat_drop_full}
    , stat_drop_pool{vlSymsp->TOP.stat_drop_pool}
    , stat_done_stale{vlSymsp->TOP.stat_done_stale}
    , stat_mark_held{vlSymsp->TOP.stat_mark_held}
    , s_push_data{vlSymsp->TOP.s_push_data}
    , m_data{vlSymsp->TOP.m_data}
    , rootp{&(vlSymsp->TOP)}
{
    // Register model with the context
    contextp()->addModel(this);
}

Vqq_serve4::Vqq_serve4(const char* _vcname__)
    : Vqq_serve4(Verilated::threadContextp(), _vcname__)
{
}

//============================================================
// Destructor

Vqq_serve4::~Vqq_serve4() {
    delete vlSymsp;
}

//============================================================
// Evaluation function

#ifdef VL_DEBUG
void Vqq_serve4___024root___eval_debug_assertions(Vqq_serve4___024root* vlSelf);
#endif  // VL_DEBUG
void Vqq_serve4___024root___eval_static(Vqq_serve4___024root* vlSelf);
void Vqq_serve4___024root___eval_initial(Vqq_serve4___024root* vlSelf);
void Vqq_serve4___024root___eval_settle(Vqq_serve4___024root* vlSelf);
void Vqq_serve4___024root___eval(Vqq_serve4___024root* vlSelf);

void Vqq_serve4::eval_step() {
    VL_DEBUG_IF(VL_DBG_MSGF("+++++TOP Evaluate Vqq_serve4::eval_step\n"); );
#ifdef VL_DEBUG
    // Debug assertions
    Vqq_serve4___024root___eval_debug_assertions(&(vlSymsp->TOP));
#endif  // VL_DEBUG
    if (VL_UNLIKELY(!vlSymsp->__Vm_didInit)) {
        vlSymsp->__Vm_didInit = true;
        VL_DEBUG_IF(VL_DBG_MSGF("+ Initial\n"););
        Vqq_serve4___024root___eval_static(&(vlSymsp->TOP));
        Vqq_serve4___024root___eval_initial(&(vlSymsp->TOP));
        Vqq_serve4___024root___eval_settle(&(vlSymsp->TOP));
    }
    // MTask 0 start
    VL_DEBUG_IF(VL_DBG_MSGF("MTask0 starting\n"););
    Verilated::mtaskId(0);
    VL_DEBUG_IF(VL_DBG_MSGF("+ Eval\n"););
    Vqq_serve4___024root___eval(&(vlSymsp->TOP));
    // Evaluate cleanup
    Verilated::endOfThreadMTask(vlSymsp->__Vm_evalMsgQp);
    Verilated::endOfEval(vlSymsp->__Vm_evalMsgQp);
}

//============================================================
// Events and timing
bool Vqq_serve4::eventsPending() { return false; }

uint64_t Vqq_serve4::nextTimeSlot() {
    VL_FATAL_MT(__FILE__, __LINE__, "", "%Error: No delays in the design");
    return 0;
}

//============================================================
// Utilities

const char* Vqq_serve4::name() const {
    return vlSymsp->name();
}

//============================================================
// Invoke final blocks

void Vqq_serve4___024root___eval_final(Vqq_serve4___024root* vlSelf);

VL_ATTR_COLD void Vqq_serve4::final() {
    Vqq_serve4___024root___eval_final(&(vlSymsp->TOP));
}

//============================================================
// Implementations of abstract methods from VerilatedModel

const char* Vqq_serve4::hierName() const { return vlSymsp->name(); }
const char* Vqq_serve4::modelName() const { return "Vqq_serve4"; }
unsigned Vqq_serve4::threads() const { return 1; }
