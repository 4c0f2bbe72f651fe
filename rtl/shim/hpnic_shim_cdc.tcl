# SPDX-License-Identifier: MIT
#
# Vivado timing constraints for the clock crossings of hpnic_axis_async_fifo
# and hpnic_cdc_count (so of hpnic_mac_shim), for every instance in the
# design. Source it as a Tcl constraint file after the clocks exist (in a
# project: add it to the constraint set and set its PROCESSING_ORDER to LATE).
#
# Every crossing is a register-to-register path between synchronizer stages;
# none goes through logic. Each gets set_max_delay -datapath_only of one
# period of the faster (or the destination) clock, which keeps the data in
# flight shorter than the synchronizer needs, and Gray-coded buses also get
# set_bus_skew so that their bits arrive within one period of each other.
# Do NOT cover these clocks with set_clock_groups -asynchronous or
# set_false_path instead: both override set_max_delay and leave the crossings
# unconstrained.
#
# The synchronizer flip-flops carry ASYNC_REG, which keeps each pair in one
# slice and makes report_cdc recognize them.
#
# Untested in Vivado here (no Vivado in the CI image); the cell names follow
# Vivado's <reg>_reg naming of the RTL registers.

proc hpnic_period {pin} {
    set clk [get_clocks -quiet -of_objects [get_pins -quiet $pin]]
    if {[llength $clk] == 0} {
        return ""
    }
    return [get_property -min PERIOD $clk]
}

# from: cells; to: cells; delay in ns; skew: 1 for a Gray-coded bus
proc hpnic_crossing {from to delay skew} {
    set f [get_cells -quiet $from]
    set t [get_cells -quiet $to]
    if {[llength $f] == 0 || [llength $t] == 0} {
        return
    }
    set_max_delay -datapath_only -from $f -to $t $delay
    if {$skew} {
        set_bus_skew -from $f -to $t $delay
    }
}

foreach inst [get_cells -quiet -hierarchical -filter \
        {REF_NAME == hpnic_axis_async_fifo || ORIG_REF_NAME == hpnic_axis_async_fifo}] {
    set s_per [hpnic_period $inst/wr_ptr_reg_reg[0]/C]
    set m_per [hpnic_period $inst/rd_ptr_reg_reg[0]/C]
    if {$s_per eq "" || $m_per eq ""} {
        puts "hpnic_shim_cdc: $inst: no clock on its pointers, skipped"
        continue
    }
    set min_per [expr {min($s_per, $m_per)}]

    # read pointer, Gray-coded, into the write clock
    hpnic_crossing $inst/rd_gray_reg_reg[*] $inst/rd_gray_sync1_reg_reg[*] $min_per 1
    # write pointer handshake: the request toggle, its acknowledge, and the
    # pointer itself (held stable from before the toggle until the acknowledge)
    hpnic_crossing $inst/wr_req_reg_reg $inst/wr_req_sync1_reg_reg $m_per 0
    hpnic_crossing $inst/rd_ack_reg_reg $inst/wr_ack_sync1_reg_reg $s_per 0
    hpnic_crossing $inst/wr_xfer_reg_reg[*] $inst/wr_ptr_m_reg_reg[*] $m_per 0
    # small FIFOs map the memory to LUT RAM, whose read is combinational from
    # cells written on the write clock (block RAM has no such fabric path)
    hpnic_crossing [get_cells -quiet -filter {IS_PRIMITIVE && PRIMITIVE_GROUP == DMEM} \
        $inst/mem_reg*] $inst/ram_q_reg_reg[*] $m_per 0
}

foreach inst [get_cells -quiet -hierarchical -filter \
        {REF_NAME == hpnic_cdc_count || ORIG_REF_NAME == hpnic_cdc_count}] {
    set src_per [hpnic_period $inst/src_gray_reg_reg[0]/C]
    set dst_per [hpnic_period $inst/dst_gray_sync1_reg_reg[0]/C]
    if {$src_per eq "" || $dst_per eq ""} {
        puts "hpnic_shim_cdc: $inst: no clock on its counter, skipped"
        continue
    }
    hpnic_crossing $inst/src_gray_reg_reg[*] $inst/dst_gray_sync1_reg_reg[*] \
        [expr {min($src_per, $dst_per)}] 1
}
