// SPDX-License-Identifier: MIT
// The network between simulated hpnic NICs: output-queued switches with a
// shared buffer, one egress FIFO per port, HPCC INT stamped at egress dequeue
// (as the public ns-3 HPCC artifact does), RED/ECN marking and optional PFC,
// joined to the hosts and to each other by link models (sim/link).
//
// Read from a topology file (docs/netsim.md):
//
//   hosts 17
//   switch 0 id=1 buffer=32000000 pfc=1 xoff=400000 xon=200000
//   ecn 0 kmin=100000 kmax=400000 pmax=0.2
//   link h0 s0 100 1000          # endpoints, Gb/s, propagation ns
//
// Routing is static and shortest-path (hop count) by destination IPv4
// (host i is 10.0.0.(i+1)); among equal-cost ports a switch picks one by a
// hash of the UDP source port and destination (ECMP, per flow).
//
// Time is in picoseconds, as in the link model. Not thread-safe.
#ifndef HPNIC_NET_MODEL_H
#define HPNIC_NET_MODEL_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "link_model.h"

namespace hpnic_net {

constexpr unsigned MAX_HOPS = 5;           // records in the INT block
constexpr unsigned INT_BLOCK_BYTES = 42;

// what one switch port saw; counters never clear
struct PortStats {
	uint64_t tx_frames, tx_bytes;          // frame bytes (with FCS): INT's txBytes
	uint64_t rx_frames, rx_bytes;
	uint64_t drops;                        // shared buffer full
	uint64_t ecn_marks;
	uint64_t int_stamped, int_full;        // INT records written; frames with 5 already
	uint64_t qlen, qlen_max;               // egress queue, frame bytes, now and peak
	uint64_t pause_sent, pause_ps;         // PFC pauses this port's ingress asked for,
					       // and the time its upstream was held
	uint64_t paused_ps;                    // time this port's egress was held by PFC
};

struct SwitchCfg {
	unsigned id = 1;                       // INT switch ID, XORed into pathID (12 bits)
	uint64_t buffer = 32000000;            // shared buffer, bytes
	bool ecn = false;                      // RED: mark CE on ECT frames at dequeue
	uint64_t kmin = 100000, kmax = 400000;
	double pmax = 0.2;
	bool pfc = false;                      // pause an ingress above xoff, resume below xon
	uint64_t xoff = 400000, xon = 200000;
	uint16_t int_port = 4792;              // UDP destination port of frames carrying INT
};

// one end of a link that transmits: a host's NIC or a switch port
struct Tx {
	struct link *lk = nullptr;             // this direction of the link
	int to_host = -1;                      // where it delivers: a host, or
	int to_sw = -1, to_port = -1;          // a switch port's ingress
	uint64_t prop_ps = 0;
	uint64_t rate_mbps = 0;
	// PFC state seen by this transmitter: changes arrive after propagation
	std::deque<std::pair<uint64_t, bool>> pause_ev;
	bool paused = false;
	uint64_t paused_since = 0;
};

struct Frame {
	std::vector<uint8_t> data;
	unsigned in_port;
};

struct Port {
	Tx tx;                                 // egress: to the neighbour
	int peer_host = -1, peer_sw = -1, peer_port = -1;
	std::deque<Frame> q;                   // egress FIFO
	uint64_t q_bytes = 0;
	uint64_t ingress_bytes = 0;            // queued anywhere, arrived here (PFC)
	bool pausing = false;                  // we asked upstream to pause
	uint64_t pausing_since = 0;
	unsigned speed_enum = 5;
	PortStats st{};
};

struct Switch {
	SwitchCfg cfg;
	std::vector<Port> ports;
	uint64_t used = 0;                     // shared buffer in use
	std::vector<std::vector<unsigned>> routes;   // per host: equal-cost ports
	uint64_t rng = 1;
};

struct Host {
	Tx tx;                                 // the NIC's uplink
	int sw = -1, port = -1;                // where it attaches (or another host)
	int peer_host = -1;
};

// a frame the network hands to a host
struct Delivery {
	unsigned host;
	const uint8_t *data;
	size_t len;
};

class Net {
public:
	// parse a topology; false with a message in err
	bool load(const std::string &path, std::string &err);
	bool parse(const std::string &text, const std::string &name, std::string &err);

	unsigned hosts() const { return (unsigned)host_.size(); }
	unsigned switches() const { return (unsigned)sw_.size(); }
	unsigned ports(unsigned sw) const { return (unsigned)sw_[sw].ports.size(); }
	const Switch &sw(unsigned i) const { return sw_[i]; }
	const Host &host(unsigned i) const { return host_[i]; }
	void set_int_port(uint16_t p);
	void set_seed(uint64_t s);
	// sum of propagation and one MTU's serialization both ways between two hosts
	uint64_t base_rtt_ps(unsigned a, unsigned b, unsigned frame_bytes, unsigned ack_bytes) const;
	// a host's line rate, Mb/s
	uint64_t host_rate_mbps(unsigned h) const { return host_[h].tx.rate_mbps; }

	// a host's NIC: may it hand a frame to its uplink at time t? (line free
	// and not paused by PFC)
	bool host_tx_ready(unsigned h, uint64_t now_ps, uint64_t ahead_ps);
	void host_send(unsigned h, uint64_t now_ps, const uint8_t *f, size_t len);

	// move everything up to now_ps; frames for hosts are passed to deliver()
	// and are valid only during that call
	template <class F> void advance(uint64_t now_ps, uint64_t step_ps, F deliver);

	// frames leaving one switch port (pcap at the bottleneck): taken in order
	void set_tap(int sw, int port) { tap_sw_ = sw; tap_port_ = port; }
	bool tap_take(std::vector<uint8_t> &f, uint64_t &t_ps);

private:
	std::vector<Host> host_;
	std::vector<Switch> sw_;
	uint16_t int_port_ = 4792;
	int tap_sw_ = -1, tap_port_ = -1;
	std::deque<std::pair<uint64_t, std::vector<uint8_t>>> tap_;

	bool route(std::string &err);
	void ingress(unsigned s, unsigned p, uint64_t now_ps, const uint8_t *f, size_t len);
	void egress(unsigned s, unsigned p, uint64_t now_ps, uint64_t step_ps);
	void pfc_check(unsigned s, unsigned p, uint64_t now_ps);
	Tx *upstream(unsigned s, unsigned p);
	static void pause_update(Tx &t, uint64_t now_ps);
	void stamp(Switch &w, Port &o, std::vector<uint8_t> &f, uint64_t t_ps);
	void ecn_mark(Switch &w, Port &o, std::vector<uint8_t> &f);
};

// drain every link up to now; run every egress that can start before now + step
template <class F> void Net::advance(uint64_t now_ps, uint64_t step_ps, F deliver)
{
	struct link_frame lf;

	for (auto &h : host_) {
		pause_update(h.tx, now_ps);
		while (link_recv(h.tx.lk, now_ps, &lf)) {
			if (h.tx.to_host >= 0)
				deliver(Delivery{(unsigned)h.tx.to_host, lf.data, lf.len});
			else
				ingress((unsigned)h.tx.to_sw, (unsigned)h.tx.to_port, now_ps, lf.data, lf.len);
		}
	}
	for (unsigned s = 0; s < sw_.size(); s++)
		for (unsigned p = 0; p < sw_[s].ports.size(); p++) {
			Tx &t = sw_[s].ports[p].tx;

			while (link_recv(t.lk, now_ps, &lf)) {
				if (t.to_host >= 0)
					deliver(Delivery{(unsigned)t.to_host, lf.data, lf.len});
				else
					ingress((unsigned)t.to_sw, (unsigned)t.to_port, now_ps, lf.data, lf.len);
			}
		}
	for (unsigned s = 0; s < sw_.size(); s++)
		for (unsigned p = 0; p < sw_[s].ports.size(); p++)
			egress(s, p, now_ps, step_ps);
}

} // namespace hpnic_net

#endif
