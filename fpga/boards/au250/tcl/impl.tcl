# SPDX-License-Identifier: MIT
#
# Place and route (make impl): impl_1 up to route_design, then the reports a
# build is judged by: timing summary (any negative slack fails the target),
# clock interaction, CDC and utilization. Argument: parallel jobs.

lassign $argv jobs
open_project hpnic_au250.xpr
reset_run impl_1
launch_runs -jobs $jobs impl_1
wait_on_run impl_1
if {[get_property PROGRESS [get_runs impl_1]] ne "100%"} {
    error "hpnic_au250: impl_1 failed ([get_property STATUS [get_runs impl_1]])"
}
open_run impl_1
report_timing_summary -max_paths 20 -file fpga_timing.rpt
report_clock_interaction -file fpga_clock_interaction.rpt
report_cdc -details -file fpga_cdc.rpt
report_utilization -hierarchical -hierarchical_depth 3 -file fpga_utilization.rpt
write_checkpoint -force fpga_routed.dcp
set wns [get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -setup]]
set whs [get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -hold]]
puts "hpnic_au250: WNS $wns ns, WHS $whs ns (fpga_timing.rpt)"
if {$wns < 0 || $whs < 0} {
    error "hpnic_au250: timing not met"
}
