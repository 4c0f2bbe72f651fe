// SPDX-License-Identifier: MIT
/*
 * Reciprocal ROM: 1024 words of {r_i[22:0], (r_i - r_(i+1))[11:0]}, with
 * r_i = round(2^22 / (1 + i/1024)). The image is made by fw/gen_recip_rom
 * from the same C function the models use. Maps to one RAMB36 in ROM mode.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_recip_rom #(
    // $readmemh image written by fw/gen_recip_rom
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire        clk,
    input  wire [9:0]  addr,
    output reg  [34:0] data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (ROM_FILE == "") begin
        $error("hpcc_recip_rom: ROM_FILE must name the image that fw/gen_recip_rom writes (%m)");
        $finish;
    end
end

(* rom_style = "block", ram_style = "block" *)
reg [34:0] rom [0:1023];

initial begin
    $readmemh(ROM_FILE, rom);
end

always @(posedge clk) begin
    data <= rom[addr];
end

endmodule

`resetall
