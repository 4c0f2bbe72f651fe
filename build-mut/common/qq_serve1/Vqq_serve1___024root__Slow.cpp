// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Design implementation internals
// See Vqq_serve1.h for the primary calling header

#include "verilated.h"

#include "Vqq_serve1__Syms.h"
#include "Vqq_serve1___024root.h"

void Vqq_serve1___024root___ctor_var_reset(Vqq_serve1___024root* vlSelf);

Vqq_serve1___024root::Vqq_serve1___024root(Vqq_serve1__Syms* symsp, const char* v__name)
    : VerilatedModule{v__name}
    , vlSymsp{symsp}
 {
    // Reset structure values
    Vqq_serve1___024root___ctor_var_reset(this);
}

void Vqq_serve1___024root::__Vconfigure(bool first) {
    if (false && first) {}  // Prevent unused
}

Vqq_serve1___024root::~Vqq_serve1___024root() {
}
