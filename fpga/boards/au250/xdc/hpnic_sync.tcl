# SPDX-License-Identifier: MIT
#
# Timing constraints for the synchronizers of the board top
# (rtl/hpnic_sync_reset.v, rtl/hpnic_sync_bit.v), every instance. Read as a
# Tcl constraint file after the clocks exist (tcl/project.tcl sets its
# PROCESSING_ORDER to LATE), like rtl/shim/hpnic_shim_cdc.tcl.
#
# - hpnic_sync_reset: the reset asserts asynchronously (the PRE pins of
#   sync_reg); that path is false. Its release is synchronous.
# - hpnic_sync_bit: the path into the first stage (sync1_reg) is bounded to
#   one period of the destination clock, data path only (no clock skew), so
#   the bits of a WIDTH > 1 instance arrive within about a cycle of each other.
# Cell names follow Vivado's <reg>_reg naming of the RTL registers. Not run
# here (no Vivado on the CI image).

foreach inst [get_cells -quiet -hierarchical -filter \
        {REF_NAME == hpnic_sync_reset || ORIG_REF_NAME == hpnic_sync_reset}] {
    set pre [get_pins -quiet $inst/sync_reg_reg[*]/PRE]
    if {[llength $pre] > 0} {
        set_false_path -to $pre
    }
}

foreach inst [get_cells -quiet -hierarchical -filter \
        {REF_NAME == hpnic_sync_bit || ORIG_REF_NAME == hpnic_sync_bit}] {
    set dst [get_cells -quiet $inst/sync1_reg_reg[*]]
    if {[llength $dst] == 0} {
        set dst [get_cells -quiet $inst/sync1_reg_reg]
    }
    if {[llength $dst] == 0} {
        continue
    }
    set clk [get_clocks -quiet -of_objects [get_pins -quiet [lindex $dst 0]/C]]
    if {[llength $clk] == 0} {
        puts "hpnic_sync: $inst: no clock on its first stage, skipped"
        continue
    }
    # -datapath_only needs -from: the cells that drive the first stage
    set src [all_fanin -quiet -startpoints_only -only_cells -flat \
        [get_pins -quiet -of_objects $dst -filter {REF_PIN_NAME == D}]]
    if {[llength $src] == 0} {
        continue
    }
    set_max_delay -datapath_only -from $src -to $dst [get_property -min PERIOD $clk]
}
