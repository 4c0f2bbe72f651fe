# SPDX-License-Identifier: MIT
#
# Load fpga.bit into the FPGA over JTAG (make program): the first device of
# the first target the hardware server sees. Arguments: the hw_server URL
# (localhost:3121 by default). The card's PCIe link drops while the FPGA is
# reconfigured: remove the function (echo 1 > /sys/bus/pci/devices/.../remove)
# before, rescan the bus (echo 1 > /sys/bus/pci/rescan) after.

lassign $argv url
open_hw_manager
connect_hw_server -url $url
open_hw_target
set dev [lindex [get_hw_devices xcu250*] 0]
if {$dev eq ""} {
    error "hpnic_au250: no xcu250 on the JTAG chain of $url"
}
current_hw_device $dev
set_property PROGRAM.FILE fpga.bit $dev
program_hw_devices $dev
refresh_hw_device $dev
puts "hpnic_au250: $dev programmed with fpga.bit"
close_hw_target
disconnect_hw_server
close_hw_manager
