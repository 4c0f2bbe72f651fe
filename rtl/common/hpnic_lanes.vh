// SPDX-License-Identifier: MIT
// Byte-lane masks of a 64-byte beat, shared by the blocks that build or cut
// keep masks. Included inside a module (no include guard: every module that
// includes it gets its own copy of the function).

// the n lanes from lane 0 (n = 0..64)
function [63:0] hpnic_lanes_below;
    input [6:0] n;
    begin
        hpnic_lanes_below = (n >= 7'd64) ? {64{1'b1}} : ~({64{1'b1}} << n);
    end
endfunction
