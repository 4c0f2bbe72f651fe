# SPDX-License-Identifier: MIT
#
# Create the Vivado project of the U250 build (make project). Run from the
# build directory by the Makefile:
#
#   vivado -mode batch -source ../tcl/project.tcl -tclargs \
#       ROOT PART SOURCES_FILE BUILD_DATE GIT_HASH
#
# ROOT is the repository root, SOURCES_FILE the Verilog files of
# rtl/fpga.f, one per line, relative to ROOT (scripts/flist.sh expands it:
# the same list the lint and Yosys runs read). Every source is read as
# SystemVerilog (the RTL uses $error in its parameter checks), with
# rtl/host, rtl/common and fw on the include path and the CC engine's
# reciprocal ROM compiled in (HPNIC_RECIP_ROM_INLINE, fw/recip_rom.vh), so
# the bitstream reads no file at elaboration.

lassign $argv root part sources_file build_date git_hash
set board [file normalize [file join $root fpga boards au250]]

create_project -force hpnic_au250 . -part $part
set_property target_language Verilog [current_project]

# ---- sources ----
set fh [open $sources_file r]
set files {}
foreach line [split [read $fh] "\n"] {
    if {$line ne ""} {
        lappend files [file normalize [file join $root $line]]
    }
}
close $fh
add_files -norecurse -fileset sources_1 $files
set_property file_type SystemVerilog [get_files -of_objects [get_filesets sources_1] *.v]
add_files -norecurse -fileset sources_1 [file join $root fw recip_rom.vh]
set_property file_type {Verilog Header} [get_files recip_rom.vh]
set_property include_dirs [list [file join $root rtl host] [file join $root rtl common] \
    [file join $root fw]] [get_filesets sources_1]
set_property verilog_define {HPNIC_RECIP_ROM_INLINE} [get_filesets sources_1]
set_property generic "BUILD_DATE=32'h$build_date GIT_HASH=32'h$git_hash" [get_filesets sources_1]
set_property top fpga [get_filesets sources_1]

# ---- IP ----
source [file join $board ip pcie4_uscale_plus_0.tcl]
source [file join $board ip cmac_usplus_0.tcl]
foreach ip [get_ips] {
    generate_target all [get_files [get_property IP_FILE $ip]]
    create_ip_run [get_files [get_property IP_FILE $ip]]
}

# ---- constraints ----
add_files -norecurse -fileset constrs_1 [file join $board xdc au250.xdc]
# the clock-crossing constraints are Tcl: read after the clocks exist
foreach f [list [file join $root rtl shim hpnic_shim_cdc.tcl] [file join $board xdc hpnic_sync.tcl]] {
    add_files -norecurse -fileset constrs_1 $f
    set_property PROCESSING_ORDER LATE [get_files $f]
    set_property USED_IN {implementation} [get_files $f]
}

# ---- strategies ----
set_property strategy Flow_PerfOptimized_high [get_runs synth_1]
set_property strategy Performance_ExtraTimingOpt [get_runs impl_1]

puts "hpnic_au250: project created ([llength $files] sources, top fpga, part $part)"
