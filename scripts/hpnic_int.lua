-- SPDX-License-Identifier: MIT
--
-- hpnic_int.lua: Wireshark dissector for the HPCC INT block of hpnic
-- (docs/wire.md, HPCC paper, Fig. 7).
--
-- hpnic sends RoCEv2 frames that carry the INT block to the INT UDP port
-- (CSR INT_UDP_PORT, default 4792) instead of 4791:
--
--   Ethernet / IPv4 / UDP (dport = INT port) / INT block (42 B) / BTH / ... / ICRC
--
-- This dissector registers on the INT port, shows the block (nHop, pathID,
-- one subtree per filled hop: B with its speed, TS, txBytes, qLen), then hands
-- the rest of the datagram (BTH onwards) to Wireshark's own RoCEv2 dissector:
-- the handle registered on UDP port 4791, which is the InfiniBand dissector's
-- "RRoCE" entry (the handle named "infiniband" expects an LRH and is not it).
--
-- Load it:  wireshark -X lua_script:scripts/hpnic_int.lua  (tshark alike),
-- or copy it to the personal Lua plugins folder (Help > About > Folders,
-- e.g. ~/.local/lib/wireshark/plugins/). The port is a preference:
--   Edit > Preferences > Protocols > HPNIC_INT, or -o hpnic_int.udp_port:4800
--
-- Fields (for filters and tshark -e):
--   hpnic_int.nhop, hpnic_int.path_id, hpnic_int.echo,
--   hpnic_int.hop, hpnic_int.hop.index, hpnic_int.hop.b, hpnic_int.hop.ts,
--   hpnic_int.hop.tx_bytes, hpnic_int.hop.qlen
-- hop.* fields occur once per filled hop (tshark prints them comma-separated).

-- loaded twice (plugins folder and -X lua_script): keep the first. Each
-- script has its own globals, but package.loaded is shared.
if package.loaded["hpnic_int"] then
	return
end
package.loaded["hpnic_int"] = true

local INT_LEN = 42
local MAX_HOPS = 5
local HOP_LEN = 8
local OP_ACK = 0x11
local ROCE_PORT = 4791

local p_int = Proto("hpnic_int", "HPCC INT (hpnic)")

local speed_names = {
	[0] = "invalid", [1] = "10G", [2] = "25G", [3] = "40G", [4] = "50G",
	[5] = "100G", [6] = "200G", [7] = "400G", [8] = "800G",
}

local f = p_int.fields
f.nhop = ProtoField.uint16("hpnic_int.nhop", "nHop", base.DEC, nil, 0xf000,
	"hops filled so far (0..5)")
f.path_id = ProtoField.uint16("hpnic_int.path_id", "pathID", base.DEC, nil, 0x0fff,
	"XOR of the switch IDs on the path")
f.echo = ProtoField.bool("hpnic_int.echo", "Echo",  base.NONE, nil, nil,
	"an ACK/NAK carrying back the INT of the data packet it answers")
f.hop = ProtoField.bytes("hpnic_int.hop", "Hop")
f.hop_index = ProtoField.uint8("hpnic_int.hop.index", "Hop index", base.DEC)
f.hop_b = ProtoField.uint8("hpnic_int.hop.b", "B (egress speed)", base.DEC, speed_names, 0xf0)
f.hop_ts = ProtoField.uint32("hpnic_int.hop.ts", "TS (egress timestamp, ns mod 2^24)", base.DEC)
f.hop_tx = ProtoField.uint32("hpnic_int.hop.tx_bytes", "txBytes (units of 128 B, mod 2^20)", base.DEC)
f.hop_qlen = ProtoField.uint16("hpnic_int.hop.qlen", "qLen (units of 80 B)", base.DEC)

local ef_short = ProtoExpert.new("hpnic_int.short", "INT block truncated",
	expert.group.MALFORMED, expert.severity.ERROR)
local ef_nhop = ProtoExpert.new("hpnic_int.nhop_bad", "nHop > 5",
	expert.group.MALFORMED, expert.severity.ERROR)
local ef_b = ProtoExpert.new("hpnic_int.b_bad",
	"filled hop with an invalid speed enum (not 1..8): the CC engine ignores this INT",
	expert.group.PROTOCOL, expert.severity.WARN)
local ef_unused = ProtoExpert.new("hpnic_int.unused_nonzero", "record beyond nHop is not zero",
	expert.group.PROTOCOL, expert.severity.WARN)
p_int.experts = { ef_short, ef_nhop, ef_b, ef_unused }

p_int.prefs.udp_port = Pref.uint("INT UDP port", 4792,
	"UDP destination port of RoCEv2 frames that carry the HPCC INT block (CSR INT_UDP_PORT)")

local registered_port = nil
local function register_port()
	local t = DissectorTable.get("udp.port")
	if registered_port then
		t:remove(registered_port, p_int)
	end
	registered_port = p_int.prefs.udp_port
	t:add(registered_port, p_int)
end

function p_int.prefs_changed()
	if registered_port ~= p_int.prefs.udp_port then
		register_port()
	end
end

-- Wireshark's RoCEv2 dissector, looked up when first needed
local roce_handle = nil
local function roce()
	if not roce_handle then
		roce_handle = DissectorTable.get("udp.port"):get_dissector(ROCE_PORT)
			or Dissector.get("data")
	end
	return roce_handle
end

function p_int.dissector(tvb, pinfo, tree)
	local len = tvb:len()
	local t = tree:add(p_int, tvb(0, math.min(len, INT_LEN)))
	if len < INT_LEN then
		t:add_proto_expert_info(ef_short, "INT block truncated: " .. len .. " of 42 bytes")
		return len
	end

	local w = tvb(0, 2):uint()
	local nhop = math.floor(w / 4096)
	local path = w % 4096
	t:add(f.nhop, tvb(0, 2))
	t:add(f.path_id, tvb(0, 2))
	if nhop > MAX_HOPS then
		t:add_proto_expert_info(ef_nhop, "nHop = " .. nhop .. " > 5")
	end
	local echo = len > INT_LEN and tvb(INT_LEN, 1):uint() == OP_ACK
	t:add(f.echo, echo):set_generated()
	t:append_text(string.format(": nHop %d, pathID %d%s", nhop, path,
		echo and " (echo)" or ""))

	for i = 0, MAX_HOPS - 1 do
		local r = tvb(2 + i * HOP_LEN, HOP_LEN)
		if i < nhop then
			local b = r:bitfield(0, 4)
			local ts = r:bitfield(4, 24)
			local tx = r:bitfield(28, 20)
			local q = r:bitfield(48, 16)
			local h = t:add(f.hop, r)
			h:set_text(string.format("Hop %d: B %s, TS %d ns, txBytes %d (%d B), qLen %d (%d B)",
				i, speed_names[b] or "invalid", ts, tx, tx * 128, q, q * 80))
			h:add(f.hop_index, i):set_generated()
			local bi = h:add(f.hop_b, r(0, 1))
			if b < 1 or b > 8 then
				bi:add_proto_expert_info(ef_b, "B = " .. b .. " is not a speed (1..8)")
			end
			h:add(f.hop_ts, r(0, 4), ts)
			h:add(f.hop_tx, r(3, 3), tx)
			h:add(f.hop_qlen, r(6, 2), q)
		elseif r:uint64() ~= UInt64(0) then
			t:add_proto_expert_info(ef_unused, "record " .. i .. " beyond nHop is not zero")
		end
	end

	pinfo.cols.protocol = "INT"
	local rest = tvb(INT_LEN):tvb()
	roce():call(rest, pinfo, tree)
	-- after the InfiniBand dissector has written its columns
	pinfo.cols.protocol:prepend("INT/")
	pinfo.cols.info:prepend(string.format("[INT nHop=%d pathID=%d%s] ", nhop, path,
		echo and " echo" or ""))
	return len
end

register_port()
