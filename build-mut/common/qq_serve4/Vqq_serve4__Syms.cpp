// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Symbol table implementation internals

#include "Vqq_serve4__Syms.h"
#include "Vqq_serve4.h"
#include "Vqq_serve4___024root.h"

// FUNCTIONS
Vqq_serve4__Syms::~Vqq_serve4__Syms()
{
}

Vqq_serve4__Syms::Vqq_serve4__Syms(VerilatedContext* contextp, const char* namep, Vqq_serve4* modelp)
    : VerilatedSyms{contextp}
    // Setup internal state of the Syms class
    , __Vm_modelp{modelp}
    // Setup module instances
    , TOP{this, namep}
{
    // Configure time unit / time precision
    _vm_contextp__->timeunit(-9);
    _vm_contextp__->timeprecision(-12);
    // Setup each module's pointers to their submodules
    // Setup each module's pointer back to symbol table (for public functions)
    TOP.__Vconfigure(true);
}
