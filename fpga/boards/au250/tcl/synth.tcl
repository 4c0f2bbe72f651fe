# SPDX-License-Identifier: MIT
#
# Synthesize (make synth): the IP's out-of-context runs, then synth_1.
# Writes the synthesized checkpoint and utilization report next to the
# project. Argument: the number of parallel jobs.

lassign $argv jobs
open_project hpnic_au250.xpr
reset_run synth_1
launch_runs -jobs $jobs synth_1
wait_on_run synth_1
if {[get_property PROGRESS [get_runs synth_1]] ne "100%"} {
    error "hpnic_au250: synth_1 failed ([get_property STATUS [get_runs synth_1]])"
}
open_run synth_1
report_utilization -file fpga_synth_utilization.rpt
write_checkpoint -force fpga_synth.dcp
