// SPDX-License-Identifier: MIT
// The switch and topology model of the simulated network (net_model.h).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "net_model.h"

namespace hpnic_net {

namespace {

// offsets in an Ethernet II / IPv4 (no options) / UDP frame
constexpr size_t IP_OFF = 14, UDP_OFF = 34, INT_OFF = 42;
constexpr size_t BTH_INT_OFF = INT_OFF + INT_BLOCK_BYTES;
constexpr uint8_t OP_ACK = 0x11;

unsigned speed_enum(uint64_t mbps)
{
	static const uint64_t g[] = {10000, 25000, 40000, 50000, 100000, 200000, 400000, 800000};

	for (unsigned i = 0; i < 8; i++)
		if (mbps <= g[i])
			return i + 1;
	return 8;
}

uint64_t splitmix(uint64_t &s)
{
	uint64_t z = (s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

bool parse_size(const std::string &v, uint64_t &out)
{
	char *end;
	double d = strtod(v.c_str(), &end);
	std::string u(end);

	if (end == v.c_str() || d < 0)
		return false;
	if (u == "" || u == "B")
		out = (uint64_t)d;
	else if (u == "KB")
		out = (uint64_t)(d * 1e3);
	else if (u == "MB")
		out = (uint64_t)(d * 1e6);
	else
		return false;
	return true;
}

// "h3" or "s0"
bool parse_node(const std::string &t, char &kind, unsigned &idx)
{
	char *end;

	if (t.size() < 2 || (t[0] != 'h' && t[0] != 's'))
		return false;
	kind = t[0];
	idx = (unsigned)strtoul(t.c_str() + 1, &end, 10);
	return *end == 0;
}

struct link *make_link(uint64_t mbps, uint64_t prop_ps, uint64_t seed, std::string &err)
{
	struct link_cfg c;
	char e[160];

	link_cfg_default(&c);
	c.rate_mbps = mbps;
	c.prop_delay_ps = prop_ps;
	c.seed = seed;
	c.max_frame = 4400;                    // 4 KiB MTU + headers + INT
	c.capacity = (unsigned)std::min<uint64_t>(
		65536, prop_ps / link_ser_ps(mbps ? mbps : 1, 88) + 256);
	struct link *l = link_create(&c, e, sizeof(e));

	if (!l)
		err = e;
	return l;
}

} // namespace

bool Net::load(const std::string &path, std::string &err)
{
	std::ifstream in(path);
	std::stringstream ss;

	if (!in) {
		err = path + ": cannot open";
		return false;
	}
	ss << in.rdbuf();
	return parse(ss.str(), path, err);
}

bool Net::parse(const std::string &text, const std::string &name, std::string &err)
{
	std::istringstream in(text);
	std::string line;
	unsigned lineno = 0, nhosts = 0;
	uint64_t seed = 1;
	struct L {
		char ka, kb;
		unsigned a, b;
		uint64_t mbps, prop_ps;
	};
	std::vector<L> links;

	auto fail = [&](const std::string &why) {
		err = name + ":" + std::to_string(lineno) + ": " + why;
		return false;
	};
	while (std::getline(in, line)) {
		lineno++;
		line = line.substr(0, line.find('#'));
		std::istringstream ls(line);
		std::string kw;
		std::vector<std::string> tok;

		if (!(ls >> kw))
			continue;
		for (std::string t; ls >> t;)
			tok.push_back(t);
		if (kw == "hosts") {
			if (tok.size() != 1 || !(nhosts = (unsigned)atoi(tok[0].c_str())) || nhosts > 4096)
				return fail("hosts N: N in 1..4096");
		} else if (kw == "switch" || kw == "ecn") {
			unsigned i;

			if (tok.empty() || (i = (unsigned)atoi(tok[0].c_str())) > 1024)
				return fail(kw + " N ...: N in 0..1024");
			if (kw == "switch" && i != sw_.size())
				return fail("switches must be declared in order 0, 1, ...");
			if (kw == "switch")
				sw_.emplace_back();
			if (i >= sw_.size())
				return fail("ecn before its switch");
			SwitchCfg &c = sw_[i].cfg;
			if (kw == "switch")
				c.id = i + 1;
			else
				c.ecn = true;
			for (size_t k = 1; k < tok.size(); k++) {
				size_t eq = tok[k].find('=');
				std::string key = tok[k].substr(0, eq), v = eq == std::string::npos ? "" : tok[k].substr(eq + 1);
				uint64_t n = 0;
				bool ok = true;

				if (key == "id")
					ok = (c.id = (unsigned)atoi(v.c_str())) < 4096;
				else if (key == "buffer")
					ok = parse_size(v, c.buffer) && c.buffer > 0;
				else if (key == "pfc")
					c.pfc = atoi(v.c_str()) != 0;
				else if (key == "xoff")
					ok = parse_size(v, c.xoff);
				else if (key == "xon")
					ok = parse_size(v, c.xon);
				else if (key == "kmin")
					ok = parse_size(v, c.kmin);
				else if (key == "kmax")
					ok = parse_size(v, c.kmax);
				else if (key == "pmax")
					ok = (c.pmax = strtod(v.c_str(), nullptr)) >= 0 && c.pmax <= 1;
				else
					return fail("unknown key '" + key + "'");
				(void)n;
				if (!ok)
					return fail("bad value for " + key + ": '" + v + "'");
			}
			if (c.xon > c.xoff || c.kmin > c.kmax)
				return fail("need xon <= xoff and kmin <= kmax");
		} else if (kw == "link") {
			L l;

			if (tok.size() != 4 || !parse_node(tok[0], l.ka, l.a) || !parse_node(tok[1], l.kb, l.b))
				return fail("link hA|sA hB|sB GBPS DELAY_NS");
			double g = strtod(tok[2].c_str(), nullptr), d = strtod(tok[3].c_str(), nullptr);

			if (g <= 0 || g > 800 || d < 0 || d > 1e9)
				return fail("link rate 0..800 Gb/s, delay 0..1e9 ns");
			l.mbps = (uint64_t)(g * 1000 + 0.5);
			l.prop_ps = (uint64_t)(d * 1000 + 0.5);
			links.push_back(l);
		} else if (kw == "seed") {
			seed = tok.empty() ? 1 : strtoull(tok[0].c_str(), nullptr, 0);
		} else {
			return fail("unknown keyword '" + kw + "'");
		}
	}
	if (!nhosts)
		return fail("no 'hosts N' line");
	host_.assign(nhosts, Host{});
	for (size_t k = 0; k < links.size(); k++) {
		const L &l = links[k];
		Tx *ta, *tb;
		int *a_peer_host, *b_peer_host;

		lineno = 0;
		if ((l.ka == 'h' && l.a >= nhosts) || (l.kb == 'h' && l.b >= nhosts) ||
		    (l.ka == 's' && l.a >= sw_.size()) || (l.kb == 's' && l.b >= sw_.size()))
			return fail("link " + std::to_string(k) + ": no such node");
		// attach each end: a host uplink or a new switch port
		auto end = [&](char kind, unsigned i, Tx *&t, int *&ph) -> bool {
			if (kind == 'h') {
				if (host_[i].tx.lk)
					return false;
				t = &host_[i].tx;
				ph = &host_[i].peer_host;
			} else {
				sw_[i].ports.emplace_back();
				t = &sw_[i].ports.back().tx;
				ph = &sw_[i].ports.back().peer_host;
			}
			return true;
		};
		if (!end(l.ka, l.a, ta, a_peer_host) || !end(l.kb, l.b, tb, b_peer_host))
			return fail("link " + std::to_string(k) + ": a host has one link");
		(void)ta; (void)tb;
	}
	// second pass with stable addresses: wire the ends together
	std::vector<unsigned> next_port(sw_.size(), 0);
	for (size_t k = 0; k < links.size(); k++) {
		const L &l = links[k];
		int pa = -1, pb = -1;

		if (l.ka == 's')
			pa = (int)next_port[l.a]++;
		if (l.kb == 's')
			pb = (int)next_port[l.b]++;
		Tx &ta = l.ka == 'h' ? host_[l.a].tx : sw_[l.a].ports[pa].tx;
		Tx &tb = l.kb == 'h' ? host_[l.b].tx : sw_[l.b].ports[pb].tx;

		for (int dir = 0; dir < 2; dir++) {
			Tx &t = dir ? tb : ta;
			char kt = dir ? l.ka : l.kb;     // where it delivers
			unsigned it = dir ? l.a : l.b;
			int pt = dir ? pa : pb;

			t.lk = make_link(l.mbps, l.prop_ps, splitmix(seed), err);
			if (!t.lk)
				return false;
			t.prop_ps = l.prop_ps;
			t.rate_mbps = l.mbps;
			if (kt == 'h') {
				t.to_host = (int)it;
			} else {
				t.to_sw = (int)it;
				t.to_port = pt;
			}
		}
		if (l.ka == 'h') {
			host_[l.a].sw = l.kb == 's' ? (int)l.b : -1;
			host_[l.a].port = pb;
			host_[l.a].peer_host = l.kb == 'h' ? (int)l.b : -1;
		} else {
			Port &p = sw_[l.a].ports[pa];
			p.peer_host = l.kb == 'h' ? (int)l.b : -1;
			p.peer_sw = l.kb == 's' ? (int)l.b : -1;
			p.peer_port = pb;
			p.speed_enum = speed_enum(l.mbps);
		}
		if (l.kb == 'h') {
			host_[l.b].sw = l.ka == 's' ? (int)l.a : -1;
			host_[l.b].port = pa;
			host_[l.b].peer_host = l.ka == 'h' ? (int)l.a : -1;
		} else {
			Port &p = sw_[l.b].ports[pb];
			p.peer_host = l.ka == 'h' ? (int)l.a : -1;
			p.peer_sw = l.ka == 's' ? (int)l.a : -1;
			p.peer_port = pa;
			p.speed_enum = speed_enum(l.mbps);
		}
	}
	for (unsigned h = 0; h < nhosts; h++)
		if (!host_[h].tx.lk) {
			lineno = 0;
			return fail("host h" + std::to_string(h) + " has no link");
		}
	for (auto &w : sw_)
		w.rng = splitmix(seed);
	return route(err);
}

// per switch and destination host, the ports on a shortest path (BFS from
// every host over the switch graph)
bool Net::route(std::string &err)
{
	const unsigned INF = ~0u;

	for (auto &w : sw_)
		w.routes.assign(host_.size(), {});
	for (unsigned h = 0; h < host_.size(); h++) {
		std::vector<unsigned> dist(sw_.size(), INF);
		std::deque<unsigned> bfs;

		if (host_[h].sw < 0)
			continue;                      // host to host: no switch
		dist[host_[h].sw] = 0;
		bfs.push_back(host_[h].sw);
		while (!bfs.empty()) {
			unsigned s = bfs.front();

			bfs.pop_front();
			for (const Port &p : sw_[s].ports)
				if (p.peer_sw >= 0 && dist[p.peer_sw] == INF) {
					dist[p.peer_sw] = dist[s] + 1;
					bfs.push_back(p.peer_sw);
				}
		}
		for (unsigned s = 0; s < sw_.size(); s++) {
			Switch &w = sw_[s];

			for (unsigned p = 0; p < w.ports.size(); p++) {
				const Port &o = w.ports[p];

				if ((s == (unsigned)host_[h].sw && o.peer_host == (int)h) ||
				    (o.peer_sw >= 0 && dist[s] != INF && dist[o.peer_sw] + 1 == dist[s]))
					w.routes[h].push_back(p);
			}
			if (dist[s] == INF) {
				err = "switch s" + std::to_string(s) + " cannot reach host h" + std::to_string(h);
				return false;
			}
		}
	}
	return true;
}

void Net::set_int_port(uint16_t p)
{
	int_port_ = p;
	for (auto &w : sw_)
		w.cfg.int_port = p;
}

void Net::set_seed(uint64_t s)
{
	for (auto &w : sw_)
		w.rng = splitmix(s);
}

uint64_t Net::base_rtt_ps(unsigned a, unsigned b, unsigned frame_bytes, unsigned ack_bytes) const
{
	// walk the route from a to b, adding propagation and store-and-forward
	// serialization per hop, then the same back for the ACK
	uint64_t rtt = 0;

	for (int dir = 0; dir < 2; dir++) {
		unsigned src = dir ? b : a, dst = dir ? a : b;
		uint64_t bytes = (dir ? ack_bytes : frame_bytes) + LINK_OVERHEAD_BYTES - 12;
		const Tx *t = &host_[src].tx;

		for (unsigned hop = 0; hop < 64; hop++) {
			rtt += t->prop_ps + link_ser_ps(t->rate_mbps, bytes);
			if (t->to_host >= 0 || t->to_sw < 0)
				break;
			const Switch &w = sw_[t->to_sw];

			if (w.routes[dst].empty())
				break;
			t = &w.ports[w.routes[dst][0]].tx;
		}
	}
	return rtt;
}

bool Net::host_tx_ready(unsigned h, uint64_t now_ps, uint64_t ahead_ps)
{
	Tx &t = host_[h].tx;

	pause_update(t, now_ps);
	return !t.paused && link_tx_free_ps(t.lk) <= now_ps + ahead_ps;
}

void Net::host_send(unsigned h, uint64_t now_ps, const uint8_t *f, size_t len)
{
	link_send(host_[h].tx.lk, now_ps, f, len, 0);
}

void Net::pause_update(Tx &t, uint64_t now_ps)
{
	while (!t.pause_ev.empty() && t.pause_ev.front().first <= now_ps) {
		bool p = t.pause_ev.front().second;

		if (p && !t.paused)
			t.paused_since = t.pause_ev.front().first;
		t.paused = p;
		t.pause_ev.pop_front();
	}
}

Tx *Net::upstream(unsigned s, unsigned p)
{
	Port &o = sw_[s].ports[p];

	if (o.peer_host >= 0)
		return &host_[o.peer_host].tx;
	if (o.peer_sw >= 0)
		return &sw_[o.peer_sw].ports[o.peer_port].tx;
	return nullptr;
}

// PFC on ingress bytes: pause the upstream transmitter above xoff, resume
// below xon; the PAUSE frame takes the link's propagation delay
void Net::pfc_check(unsigned s, unsigned p, uint64_t now_ps)
{
	Switch &w = sw_[s];
	Port &o = w.ports[p];
	Tx *up;

	if (!w.cfg.pfc || !(up = upstream(s, p)))
		return;
	if (!o.pausing && o.ingress_bytes > w.cfg.xoff) {
		o.pausing = true;
		o.pausing_since = now_ps;
		o.st.pause_sent++;
		up->pause_ev.push_back({now_ps + o.tx.prop_ps, true});
	} else if (o.pausing && o.ingress_bytes <= w.cfg.xon) {
		o.pausing = false;
		o.st.pause_ps += now_ps - o.pausing_since;
		up->pause_ev.push_back({now_ps + o.tx.prop_ps, false});
	}
}

void Net::ingress(unsigned s, unsigned p, uint64_t now_ps, const uint8_t *f, size_t len)
{
	Switch &w = sw_[s];
	Port &in = w.ports[p];
	uint64_t bytes = len + 4;              // with FCS, as port counters count
	unsigned out;

	in.st.rx_frames++;
	in.st.rx_bytes += bytes;
	if (len < 34) {
		in.st.drops++;
		return;
	}
	// destination: 10.0.0.(h+1)
	uint32_t dip = (uint32_t)f[IP_OFF + 16] << 24 | f[IP_OFF + 17] << 16 | f[IP_OFF + 18] << 8 |
		       f[IP_OFF + 19];
	uint32_t h = (dip & 0xffffff00u) == 0x0a000000u ? (dip & 0xff) - 1 : ~0u;

	if (h >= host_.size() || w.routes[h].empty()) {
		in.st.drops++;
		return;
	}
	const std::vector<unsigned> &r = w.routes[h];
	if (r.size() == 1) {
		out = r[0];
	} else {
		uint64_t k = ((uint64_t)f[UDP_OFF] << 8 | f[UDP_OFF + 1]) * 0x9e3779b97f4a7c15ull ^ dip ^ w.cfg.id;

		out = r[(k >> 32) % r.size()];
	}
	Port &o = w.ports[out];
	if (w.used + bytes > w.cfg.buffer) {
		o.st.drops++;
		return;
	}
	w.used += bytes;
	o.q.push_back(Frame{std::vector<uint8_t>(f, f + len), p});
	o.q_bytes += bytes;
	o.st.qlen = o.q_bytes;
	o.st.qlen_max = std::max(o.st.qlen_max, o.q_bytes);
	in.ingress_bytes += bytes;
	pfc_check(s, p, now_ps);
}

// HPCC INT at dequeue (ns-3 artifact): this hop's record is filled in place
void Net::stamp(Switch &w, Port &o, std::vector<uint8_t> &f, uint64_t t_ps)
{
	if (f.size() < BTH_INT_OFF + 12)
		return;
	uint16_t dport = (uint16_t)(f[UDP_OFF + 2] << 8 | f[UDP_OFF + 3]);

	if (dport != w.cfg.int_port || f[BTH_INT_OFF] == OP_ACK)
		return;
	unsigned nhop = f[INT_OFF] >> 4, path = (f[INT_OFF] & 0xf) << 8 | f[INT_OFF + 1];

	if (nhop >= MAX_HOPS) {
		o.st.int_full++;
		return;
	}
	uint64_t ts = (t_ps / 1000) & 0xffffff;
	uint64_t tx = (o.st.tx_bytes / 128) & 0xfffff;
	uint64_t ql = std::min<uint64_t>(o.q_bytes / 80, 0xffff);
	uint64_t rec = (uint64_t)o.speed_enum << 60 | ts << 36 | tx << 16 | ql;
	size_t at = INT_OFF + 2 + 8 * nhop;

	for (int b = 0; b < 8; b++)
		f[at + b] = (uint8_t)(rec >> (56 - 8 * b));
	path ^= w.cfg.id & 0xfff;
	f[INT_OFF] = (uint8_t)((nhop + 1) << 4 | path >> 8);
	f[INT_OFF + 1] = (uint8_t)path;
	o.st.int_stamped++;
}

// RED on the egress queue left behind, CE on ECT frames; IPv4 checksum fixed
void Net::ecn_mark(Switch &w, Port &o, std::vector<uint8_t> &f)
{
	uint8_t &tos = f[IP_OFF + 1];
	double p;

	if (!w.cfg.ecn || (tos & 3) == 0 || (tos & 3) == 3)
		return;
	if (o.q_bytes <= w.cfg.kmin)
		return;
	if (o.q_bytes >= w.cfg.kmax)
		p = 1;
	else
		p = w.cfg.pmax * (double)(o.q_bytes - w.cfg.kmin) / (double)(w.cfg.kmax - w.cfg.kmin);
	if ((double)(splitmix(w.rng) >> 11) * 0x1.0p-53 >= p)
		return;
	tos |= 3;
	uint32_t sum = 0;
	f[IP_OFF + 10] = f[IP_OFF + 11] = 0;
	for (int i = 0; i < 20; i += 2)
		sum += (uint32_t)f[IP_OFF + i] << 8 | f[IP_OFF + i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	f[IP_OFF + 10] = (uint8_t)(~sum >> 8);
	f[IP_OFF + 11] = (uint8_t)~sum;
	o.st.ecn_marks++;
}

// start the head frame when the line frees before the next step; the
// dequeue time is when it starts (no step-size gaps between frames)
void Net::egress(unsigned s, unsigned p, uint64_t now_ps, uint64_t step_ps)
{
	Switch &w = sw_[s];
	Port &o = w.ports[p];
	Tx &t = o.tx;

	bool was = t.paused;
	pause_update(t, now_ps);
	if (was && !t.paused)
		o.st.paused_ps += now_ps - t.paused_since;
	while (!o.q.empty() && !t.paused) {
		uint64_t start = std::max(now_ps, link_tx_free_ps(t.lk));

		if (start >= now_ps + step_ps)
			break;
		Frame fr = std::move(o.q.front());
		uint64_t bytes = fr.data.size() + 4;

		o.q.pop_front();
		o.q_bytes -= bytes;
		w.used -= bytes;
		stamp(w, o, fr.data, start);
		ecn_mark(w, o, fr.data);
		o.st.tx_frames++;
		o.st.tx_bytes += bytes;
		o.st.qlen = o.q_bytes;
		w.ports[fr.in_port].ingress_bytes -= bytes;
		pfc_check(s, fr.in_port, now_ps);
		if ((int)s == tap_sw_ && (int)p == tap_port_)
			tap_.emplace_back(start, fr.data);
		link_send(t.lk, start, fr.data.data(), fr.data.size(), 0);
	}
}

bool Net::tap_take(std::vector<uint8_t> &f, uint64_t &t_ps)
{
	if (tap_.empty())
		return false;
	t_ps = tap_.front().first;
	f = std::move(tap_.front().second);
	tap_.pop_front();
	return true;
}

} // namespace hpnic_net
