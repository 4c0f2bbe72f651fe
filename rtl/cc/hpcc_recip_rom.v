// SPDX-License-Identifier: MIT
/*
 * Reciprocal ROM: 1024 words of {r_i[22:0], (r_i - r_(i+1))[11:0]}, with
 * r_i = round(2^22 / (1 + i/1024)). The image is made by fw/gen_recip_rom
 * from the same C function the models use. Maps to one RAMB36 in ROM mode.
 *
 * Synthesis and most simulations read the image from ROM_FILE. A simulator
 * that must not depend on a file at run time (the installed simulated NIC)
 * defines HPNIC_RECIP_ROM_INLINE and puts fw/ on its include path: the same
 * table, written by the same generator as assignments (fw/recip_rom.vh), is
 * then compiled in.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_recip_rom #(
    // $readmemh image written by fw/gen_recip_rom (unused under
    // HPNIC_RECIP_ROM_INLINE)
    // verilator lint_off UNUSEDPARAM
    parameter ROM_FILE = "fw/recip_rom.hex"
    // verilator lint_on UNUSEDPARAM
) (
    input  wire        clk,
    input  wire [9:0]  addr,
    output reg  [34:0] data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
`ifndef HPNIC_RECIP_ROM_INLINE
    if (ROM_FILE == "") begin
        $error("hpcc_recip_rom: ROM_FILE must name the image that fw/gen_recip_rom writes (%m)");
        $finish;
    end
`endif
end

(* rom_style = "block", ram_style = "block" *)
reg [34:0] rom [0:1023];

initial begin
`ifdef HPNIC_RECIP_ROM_INLINE
`include "recip_rom.vh"
`else
    $readmemh(ROM_FILE, rom);
`endif
end

always @(posedge clk) begin
    data <= rom[addr];
end

endmodule

`resetall
