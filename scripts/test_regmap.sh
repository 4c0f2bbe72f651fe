#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The generated register-map headers compile where they are used (part of
# `make test`, target test-regmap):
#   - driver/lib/hpnic_regs.h under gcc -Wall -Wextra -Werror -pedantic as
#     C99 and C11 (two translation units, one with the counter-name and
#     register tables), and under g++ (the C++ harnesses); a few values are
#     checked at compile time through the generated macros, and the register
#     table against them at run time;
#   - rtl/host/hpnic_regs.vh included inside two modules of one design (there
#     is no include guard, so every module gets the constants) under
#     verilator --lint-only -Wall, iverilog -g2012 and yosys read_verilog -sv.
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$build/regmap-test
mkdir -p "$dir"
fail=0
run() {
  local what=$1; shift
  out=$("$@" 2>&1) || { echo "test-regmap: $what failed:"; echo "$out" | head -20; fail=1; }
}

cat > "$dir/names.c" <<'C'
#define HPNIC_REGS_WANT_COUNTER_NAMES
#define HPNIC_REGS_WANT_REG_TABLE
#include <string.h>
#include "hpnic_regs.h"
#include "hpnic_regs.h"     /* the include guard */

/* compile-time checks of the generated macros against the map */
typedef char check_db[HPNIC_DB_SQ_DB(4095) == 0x01fff010u ? 1 : -1];
typedef char check_port[HPNIC_GET(HPNIC_CTRL_INT_CTRL_PORT, HPNIC_CTRL_INT_CTRL_RST) == 4792 ? 1 : -1];
typedef char check_set[HPNIC_SET(HPNIC_QP_CMD_STATUS_ERROR, HPNIC_ERR_BUSY) == 0x400u ? 1 : -1];
typedef char check_names[sizeof(hpnic_counter_names) / sizeof(hpnic_counter_names[0]) ==
			 HPNIC_NUM_COUNTERS ? 1 : -1];
typedef char check_type[HPNIC_ID_BLOCK_TYPE == 0x48504944u ? 1 : -1];
/* a register's Range: constants, and the reset value inside it */
typedef char check_range[HPNIC_CC_NP_MIN_TIME_US_MAX == 4095u && HPNIC_CC_NP_MIN_TIME_US_MIN == 0u &&
			 HPNIC_CC_DCQCN_FIRST_ZERO_OK == 1 && HPNIC_CC_DCQCN_G_MIN == 2u &&
			 HPNIC_CC_DCQCN_G_RST >= HPNIC_CC_DCQCN_G_MIN ? 1 : -1];

const char *counter_name(unsigned int i)
{
	return i < HPNIC_NUM_COUNTERS ? hpnic_counter_names[i] : hpnic_counter_descs[0];
}

/* CC.T_NS and DB.SQ_DB as the tables see them, through the block's range */
unsigned int table_check(void)
{
	const struct hpnic_block_desc *b = &hpnic_block_table[2];
	unsigned int i, ok = 0;

	for (i = b->reg; i < b->reg + b->num_regs; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

		if (!strcmp(r->block, "CC") && !strcmp(r->name, "T_NS"))
			ok += r->offset == HPNIC_CC_T_NS && r->access == HPNIC_REG_RW &&
			      r->mask == HPNIC_CC_T_NS_MASK && r->count == 1 && !r->num_fields &&
			      !r->has_range;
		/* a register with a Range carries it in the table */
		if (!strcmp(r->block, "CC") && !strcmp(r->name, "DCQCN_FIRST"))
			ok += r->has_range && r->zero_ok && r->min == HPNIC_CC_DCQCN_FIRST_MIN &&
			      r->max == HPNIC_CC_DCQCN_FIRST_MAX;
	}
	for (i = 0; i < HPNIC_NUM_REGS; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

		if (!strcmp(r->name, "SQ_DB"))
			ok += r->offset == HPNIC_DB_SQ_DB(0) && r->access == HPNIC_REG_WO &&
			      r->count == HPNIC_MAX_QPS && r->stride == 4096;
		if (!strcmp(r->block, "CTRL") && !strcmp(r->name, "INT_CTRL"))
			ok += r->num_fields == 2 &&
			      hpnic_field_table[r->field + 1].mask == HPNIC_CTRL_INT_CTRL_PORT_MASK;
	}
	return ok == 4 && !strcmp(b->name, "CC") && b->base == HPNIC_CC_BASE;
}
C
cat > "$dir/main.c" <<'C'
#include "hpnic_regs.h"

const char *counter_name(unsigned int i);
unsigned int table_check(void);

int main(void)
{
	unsigned int cqe_flags = 1u;

	return counter_name(HPNIC_CNT_TX_FATAL)[0] == 't' && table_check() &&
	       HPNIC_GET(HPNIC_CQE_PHASE, cqe_flags) == 1u ? 0 : 1;
}
C
inc="-I$root/driver/lib"
for std in c99 c11; do
  run "gcc -std=$std" gcc -std=$std -pedantic -Wall -Wextra -Werror $inc \
    "$dir/names.c" "$dir/main.c" -o "$dir/regs_$std"
  [ $fail -ne 0 ] || run "the $std program" "$dir/regs_$std"
done
run "g++" g++ -std=c++17 -Wall -Wextra -Werror $inc -x c++ -fsyntax-only "$dir/names.c"

# two modules that include the header, and a top over both
cat > "$dir/regs_a.v" <<'V'
`resetall
`timescale 1ns / 1ps
`default_nettype none
module regs_a (
    input  wire        clk,
    input  wire [31:0] addr,
    input  wire [31:0] wdata,
    input  wire        wr,
    output reg  [31:0] rdata = 0
);
`include "hpnic_regs.vh"
reg [HPNIC_CC_T_NS_W-1:0] t_ns_reg = HPNIC_CC_T_NS_RST;
reg [15:0] port_reg = HPNIC_CTRL_INT_CTRL_RST[HPNIC_CTRL_INT_CTRL_PORT_LSB +: 16];
always @(posedge clk) begin
    if (wr && addr == HPNIC_CC_T_NS)
        t_ns_reg <= wdata[HPNIC_CC_T_NS_W-1:0];
    if (wr && addr == HPNIC_CTRL_INT_CTRL)
        port_reg <= wdata[HPNIC_CTRL_INT_CTRL_PORT_LSB +: 16];
    case (addr)
        HPNIC_ID_TYPE: rdata <= HPNIC_ID_BLOCK_TYPE;
        HPNIC_CC_T_NS: rdata <= {{(32-HPNIC_CC_T_NS_W){1'b0}}, t_ns_reg};
        HPNIC_CTRL_INT_CTRL: rdata <= {port_reg, 16'd0};
        default: rdata <= 32'd0;
    endcase
end
endmodule
`resetall
V
cat > "$dir/regs_b.v" <<'V'
`resetall
`timescale 1ns / 1ps
`default_nettype none
module regs_b (
    input  wire [31:0] addr,
    input  wire [2:0]  state,
    output wire        is_db,
    output wire        rts
);
`include "hpnic_regs.vh"
assign is_db = addr >= HPNIC_DB_SQ_DB &&
               addr < HPNIC_DB_SQ_DB + HPNIC_DB_SQ_DB_STRIDE * HPNIC_DB_SQ_DB_COUNT;
assign rts = state == HPNIC_QPS_RTS;
endmodule
`resetall
V
cat > "$dir/regs_top.v" <<'V'
`resetall
`timescale 1ns / 1ps
`default_nettype none
module regs_top (
    input  wire        clk,
    input  wire [31:0] addr,
    input  wire [31:0] wdata,
    input  wire        wr,
    input  wire [2:0]  state,
    output wire [31:0] rdata,
    output wire        is_db,
    output wire        rts
);
regs_a a (.clk(clk), .addr(addr), .wdata(wdata), .wr(wr), .rdata(rdata));
regs_b b (.addr(addr), .state(state), .is_db(is_db), .rts(rts));
endmodule
`resetall
V
vinc="-I$root/rtl/host"
v="$dir/regs_a.v $dir/regs_b.v $dir/regs_top.v"
run "verilator --lint-only -Wall" verilator --lint-only -Wall $vinc $v --top-module regs_top
run "iverilog -g2012" iverilog -g2012 $vinc -o /dev/null $v
run "yosys read_verilog -sv" yosys -q -p "read_verilog -sv $vinc $v; hierarchy -check -top regs_top; proc"

if [ $fail -ne 0 ]; then
  echo "test-regmap: FAILED"
  exit 1
fi
echo "test-regmap: hpnic_regs.h compiles as C99, C11 and C++, its register table agrees with its macros; hpnic_regs.vh lints in two modules (verilator, iverilog, yosys)"
