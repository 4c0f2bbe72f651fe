// SPDX-License-Identifier: MIT
/*
 * Where a DMA range of a NIC address leaves its page: the producers of DMA
 * commands (TX gather, RX commit) cut a range there, so that each command
 * they issue lies in one page and hpnic_mtt translates it with one
 * table entry.
 *
 * A NIC address (docs/protection.md, "NIC addresses") with bit 63 clear is
 * an IO address and is never cut. With bit 63 set it names a byte of a
 * registered region through the MTT, in 4 KiB pages, or 2 MiB pages when bit
 * 62 is set. A range is at most 4096 bytes (one packet), so it leaves its
 * page at most once: when it starts in the page's last 4 KiB and runs past
 * its end.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_page_split (
    input  wire [63:0] addr,
    input  wire [12:0] len,            // 1..4096

    output wire        crosses,        // the range leaves its page
    output wire [12:0] first_len       // bytes to the page's end (when it does)
);

assign first_len = 13'd4096 - {1'b0, addr[11:0]};
assign crosses = addr[63] && (!addr[62] || &addr[20:12]) && len > first_len;

// the page index above bit 20 does not matter here
// verilator lint_off UNUSEDSIGNAL
wire [40:0] unused_addr = addr[61:21];
// verilator lint_on UNUSEDSIGNAL

endmodule

`resetall
