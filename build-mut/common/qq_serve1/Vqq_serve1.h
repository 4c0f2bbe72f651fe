// Verilated -*- C++ -*-
// DESCRIPTION: Verilator output: Primary model header
//
// This header should be included by all source files instantiating the design.
// The class here is then constructed to instantiate the design.
// See the Verilator manual for examples.

#ifndef VERILATED_VQQ_SERVE1_H_
#define VERILATED_VQQ_SERVE1_H_  // guard

#include "verilated.h"

class Vqq_serve1__Syms;
class Vqq_serve1___024root;

// This class is the main interface to the Verilated model
class Vqq_serve1 VL_NOT_FINAL : public VerilatedModel {
  private:
    // Symbol table holding complete model state (owned by this class)
    Vqq_serve1__Syms* const vlSymsp;

  public:

    // PORTS
    // The application code writes and reads these signals to
    // propagate new values into/out from the Verilated model.
    VL_IN8(&clk,0,0);
    VL_IN8(&rst,0,0);
    VL_IN8(&s_push_valid,0,0);
    VL_OUT8(&s_push_ready,0,0);
    VL_IN8(&s_push_qpn,2,0);
    VL_IN8(&s_push_dup,0,0);
    VL_IN8(&s_flush_valid,0,0);
    VL_OUT8(&s_flush_ready,0,0);
    VL_IN8(&s_flush_qpn,2,0);
    VL_IN8(&s_mark_valid,0,0);
    VL_OUT8(&s_mark_ready,0,0);
    VL_IN8(&s_mark_qpn,2,0);
    VL_IN8(&s_done_valid,0,0);
    VL_OUT8(&s_done_ready,0,0);
    VL_IN8(&s_done_qpn,2,0);
    VL_IN8(&s_done_tag,7,0);
    VL_OUT8(&m_valid,0,0);
    VL_IN8(&m_ready,0,0);
    VL_OUT8(&m_qpn,2,0);
    VL_OUT8(&m_tag,7,0);
    VL_OUT8(&m_flush,0,0);
    VL_OUT8(&m_mark_valid,0,0);
    VL_IN8(&m_mark_ready,0,0);
    VL_OUT8(&m_mark_qpn,2,0);
    VL_OUT8(&init_done,0,0);
    VL_IN(&s_push_key,23,0);
    VL_OUT(&stat_drop_full,31,0);
    VL_OUT(&stat_drop_pool,31,0);
    VL_OUT(&stat_done_stale,31,0);
    VL_OUT(&stat_mark_held,31,0);
    VL_IN64(&s_push_data,63,0);
    VL_IN64(&s_mark_data,39,0);
    VL_OUT64(&m_data,63,0);
    VL_OUT64(&m_mark_data,39,0);

    // CELLS
    // Public to allow access to /* verilator public */ items.
    // Otherwise the application code can consider these internals.

    // Root instance pointer to allow access to model internals,
    // including inlined /* verilator public_flat_* */ items.
    Vqq_serve1___024root* const rootp;

    // CONSTRUCTORS
    /// Construct the model; called by application code
    /// If contextp is null, then the model will use the default global context
    /// If name is "", then makes a wrapper with a
    /// single model invisible with respect to DPI scope names.
    explicit Vqq_serve1(VerilatedContext* contextp, const char* name = "TOP");
    explicit Vqq_serve1(const char* name = "TOP");
    /// Destroy the model; called (often implicitly) by application code
    virtual ~Vqq_serve1();
  private:
    VL_UNCOPYABLE(Vqq_serve1);  ///< Copying not allowed

  public:
    // API METHODS
    /// Evaluate the model.  Application must call when inputs change.
    void eval() { eval_step(); }
    /// Evaluate when calling multiple units/models per time step.
    void eval_step();
    /// Evaluate at end of a timestep for tracing, when using eval_step().
    /// Application must call after all eval() and before time changes.
    void eval_end_step() {}
    /// Simulation complete, run final blocks.  Application must call on completion.
    void final();
    /// Are there scheduled events to handle?
    bool eventsPending();
    /// Returns time at next time slot. Aborts if !eventsPending()
    uint64_t nextTimeSlot();
    /// Retrieve name of this model instance (as passed to constructor).
    const char* name() const;

    // Abstract methods from VerilatedModel
    const char* hierName() const override final;
    const char* modelName() const override final;
    unsigned threads() const override final;
} VL_ATTR_ALIGNED(VL_CACHE_LINE_BYTES);

#endif  // guard
