// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Symbol table internal header
//
// Internal details; most calling programs do not need this header,
// unless using verilator public meta comments.

#ifndef VERILATED_VQQ_SERVE4__SYMS_H_
#define VERILATED_VQQ_SERVE4__SYMS_H_  // guard

#include "verilated.h"

// INCLUDE MODEL CLASS

#include "Vqq_serve4.h"

// INCLUDE MODULE CLASSES
#include "Vqq_serve4___024root.h"

// SYMS CLASS (contains all model state)
class Vqq_serve4__Syms final : public VerilatedSyms {
  public:
    // INTERNAL STATE
    Vqq_serve4* const __Vm_modelp;
    bool __Vm_didInit = false;

    // MODULE INSTANCE STATE
    Vqq_serve4___024root           TOP;

    // CONSTRUCTORS
    Vqq_serve4__Syms(VerilatedContext* contextp, const char* namep, Vqq_serve4* modelp);
    ~Vqq_serve4__Syms();

    // METHODS
    const char* name() { return TOP.name(); }
} VL_ATTR_ALIGNED(VL_CACHE_LINE_BYTES);

#endif  // guard
