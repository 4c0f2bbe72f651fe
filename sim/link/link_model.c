/* SPDX-License-Identifier: MIT */
/*
 * One direction of an Ethernet link (see link_model.h).
 *
 * Frames live in a pool of `capacity` slots. Normal frames wait in a FIFO in
 * send order, which is also their delivery order (the serializer makes
 * arrival times increase). Held (reordered) frames wait in a side list with
 * the number of later frames still to overtake them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_model.h"

struct slot {
	uint64_t seq, tag;
	uint64_t t_sent, t_first, t_deliver;
	uint64_t deadline;          /* held frames: released by timeout */
	unsigned int overtake;      /* held frames: later frames still to pass */
	bool released;              /* held frames: overtaken enough, deliver now */
	bool corrupted;
	uint32_t flipped_bit;
	size_t len;
	uint8_t *data;
};

struct link {
	struct link_cfg cfg;
	struct link_stats st;
	uint64_t rng[4];
	uint64_t seq;
	/* the line is free at free_ps + free_rem / rate_mbps */
	uint64_t free_ps, free_rem;

	struct slot *slots;
	uint8_t *bufs;
	unsigned int *free_list, n_free;
	unsigned int *fifo, fifo_head, fifo_n;      /* ring of slot indices */
	unsigned int *held, n_held;                 /* unordered */
	int last;                                   /* slot handed out by link_recv */
};

/* xoshiro256**, seeded through splitmix64 */
static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(uint64_t *s)
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

static void rng_seed(uint64_t *s, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		s[i] = z ^ (z >> 31);
	}
}

/* uniform in [0, 1) */
static double rng_unit(uint64_t r)
{
	return (double)(r >> 11) * 0x1.0p-53;
}

void link_cfg_default(struct link_cfg *cfg)
{
	if (!cfg)
		return;
	memset(cfg, 0, sizeof(*cfg));
	cfg->rate_mbps = 100000;
	cfg->prop_delay_ps = 1000000;
	cfg->reorder_depth = 4;
	cfg->reorder_timeout_ps = 10000000;
	cfg->seed = 1;
	cfg->capacity = 1024;
	cfg->max_frame = 9216;
}

static bool prob_ok(double p)
{
	return p >= 0.0 && p <= 1.0;
}

struct link *link_create(const struct link_cfg *cfg, char *err, size_t errlen)
{
	struct link *l;
	const char *why = NULL;

	if (!cfg)
		why = "no configuration";
	else if (!prob_ok(cfg->p_loss) || !prob_ok(cfg->p_corrupt) || !prob_ok(cfg->p_reorder))
		why = "probabilities must be in [0, 1]";
	else if (cfg->p_reorder > 0 && cfg->reorder_depth == 0)
		why = "reorder_depth must be >= 1 when p_reorder > 0";
	else if (cfg->capacity == 0 || cfg->capacity > (1u << 24))
		why = "capacity must be 1 .. 2^24 frames";
	else if (cfg->max_frame == 0 || cfg->max_frame > (1u << 20))
		why = "max_frame must be 1 .. 1 MiB";
	else if (cfg->rate_mbps > 100000000)
		why = "rate_mbps above 100 Tb/s";
	if (why) {
		if (err && errlen)
			snprintf(err, errlen, "link: %s", why);
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (l) {
		l->slots = calloc(cfg->capacity, sizeof(*l->slots));
		l->bufs = malloc((size_t)cfg->capacity * cfg->max_frame);
		l->free_list = calloc(cfg->capacity, sizeof(unsigned int));
		l->fifo = calloc(cfg->capacity, sizeof(unsigned int));
		l->held = calloc(cfg->capacity, sizeof(unsigned int));
	}
	if (!l || !l->slots || !l->bufs || !l->free_list || !l->fifo || !l->held) {
		link_destroy(l);
		if (err && errlen)
			snprintf(err, errlen, "link: out of memory (%u frames of %zu bytes)",
				 cfg->capacity, cfg->max_frame);
		return NULL;
	}
	l->cfg = *cfg;
	rng_seed(l->rng, cfg->seed);
	for (unsigned int i = 0; i < cfg->capacity; i++) {
		l->slots[i].data = l->bufs + (size_t)i * cfg->max_frame;
		l->free_list[i] = cfg->capacity - 1 - i;
	}
	l->n_free = cfg->capacity;
	l->last = -1;
	return l;
}

void link_destroy(struct link *l)
{
	if (!l)
		return;
	free(l->slots);
	free(l->bufs);
	free(l->free_list);
	free(l->fifo);
	free(l->held);
	free(l);
}

uint64_t link_ser_ps(uint64_t rate_mbps, uint64_t bytes)
{
	if (!rate_mbps)
		return 0;
	return (bytes * 8 * 1000000 + rate_mbps - 1) / rate_mbps;
}

/* time t + bytes on the line, from an exact start (ps + rem / rate) */
static uint64_t after(const struct link *l, uint64_t ps, uint64_t rem, uint64_t bytes,
		      uint64_t *rem_out)
{
	uint64_t num;

	if (!l->cfg.rate_mbps) {
		if (rem_out)
			*rem_out = 0;
		return ps;
	}
	num = rem + bytes * 8 * 1000000;
	if (rem_out) {
		*rem_out = num % l->cfg.rate_mbps;
		return ps + num / l->cfg.rate_mbps;
	}
	/* rounded up: a byte has arrived only once all its bits have */
	return ps + (num + l->cfg.rate_mbps - 1) / l->cfg.rate_mbps;
}

uint64_t link_tx_free_ps(const struct link *l)
{
	if (!l)
		return 0;
	return l->free_ps + (l->free_rem ? 1 : 0);
}

unsigned int link_in_flight(const struct link *l)
{
	return l ? l->cfg.capacity - l->n_free - (l->last >= 0 ? 1 : 0) : 0;
}

const struct link_stats *link_get_stats(const struct link *l)
{
	return l ? &l->st : NULL;
}

int link_send(struct link *l, uint64_t t_ps, const uint8_t *frame, size_t len, uint64_t tag)
{
	uint64_t r_loss, r_corrupt, r_bit, r_reorder, r_depth;
	uint64_t start_ps, start_rem, end_rem;
	struct slot *s;
	unsigned int idx;
	bool lost, corrupt, reorder;

	if (!l || !frame || !len || len > l->cfg.max_frame)
		return LINK_EINVAL;
	/* the slot handed out by the previous link_recv is not free yet */
	if (l->n_free == 0) {
		l->st.refused_full++;
		return LINK_FULL;
	}
	/* always the same five draws, whatever the outcome */
	r_loss = rng_next(l->rng);
	r_corrupt = rng_next(l->rng);
	r_bit = rng_next(l->rng);
	r_reorder = rng_next(l->rng);
	r_depth = rng_next(l->rng);
	lost = rng_unit(r_loss) < l->cfg.p_loss;
	corrupt = rng_unit(r_corrupt) < l->cfg.p_corrupt;
	reorder = rng_unit(r_reorder) < l->cfg.p_reorder;

	/* serialization: the frame occupies the line even when it is then lost */
	if (t_ps > l->free_ps || (t_ps == l->free_ps && l->free_rem == 0)) {
		start_ps = t_ps;
		start_rem = 0;
	} else {
		start_ps = l->free_ps;
		start_rem = l->free_rem;
	}
	l->free_ps = after(l, start_ps, start_rem, len + LINK_OVERHEAD_BYTES, &end_rem);
	l->free_rem = end_rem;
	l->st.busy_ps += link_ser_ps(l->cfg.rate_mbps, len + LINK_OVERHEAD_BYTES);
	l->st.sent++;
	l->st.sent_bytes += len;
	l->seq++;
	if (lost) {
		l->st.lost++;
		return LINK_OK;
	}

	idx = l->free_list[--l->n_free];
	s = &l->slots[idx];
	memset(s, 0, offsetof(struct slot, data));
	memcpy(s->data, frame, len);
	s->len = len;
	s->seq = l->seq - 1;
	s->tag = tag;
	s->t_sent = t_ps;
	s->t_first = after(l, start_ps, start_rem, 8, NULL) + l->cfg.prop_delay_ps;
	s->t_deliver = after(l, start_ps, start_rem, 8 + len + 4, NULL) + l->cfg.prop_delay_ps;
	if (corrupt) {
		s->corrupted = true;
		s->flipped_bit = (uint32_t)(r_bit % (len * 8));
		s->data[s->flipped_bit / 8] ^= (uint8_t)(1u << (s->flipped_bit % 8));
		l->st.corrupted++;
		if (l->cfg.corrupt_drop) {
			l->st.fcs_dropped++;
			l->free_list[l->n_free++] = idx;
			return LINK_OK;
		}
	}
	if (reorder) {
		s->overtake = 1 + (unsigned int)(r_depth % l->cfg.reorder_depth);
		s->deadline = s->t_deliver + l->cfg.reorder_timeout_ps;
		l->held[l->n_held++] = idx;
		l->st.reordered++;
	} else {
		l->fifo[(l->fifo_head + l->fifo_n++) % l->cfg.capacity] = idx;
	}
	if (link_in_flight(l) > l->st.max_in_flight)
		l->st.max_in_flight = link_in_flight(l);
	return LINK_OK;
}

/* when a held frame becomes deliverable */
static uint64_t held_ready(const struct slot *s)
{
	return s->released ? s->t_deliver : s->deadline;
}

/* the held frame to deliver first among those ready at now: -1 if none */
static int pick_held(const struct link *l, uint64_t now)
{
	int best = -1;

	for (unsigned int i = 0; i < l->n_held; i++) {
		const struct slot *s = &l->slots[l->held[i]];

		if (held_ready(s) > now)
			continue;
		if (best < 0) {
			best = (int)i;
			continue;
		}
		const struct slot *b = &l->slots[l->held[best]];

		if (held_ready(s) < held_ready(b) ||
		    (held_ready(s) == held_ready(b) && s->seq < b->seq))
			best = (int)i;
	}
	return best;
}

uint64_t link_next_ps(const struct link *l)
{
	uint64_t t = UINT64_MAX;

	if (!l)
		return t;
	if (l->fifo_n)
		t = l->slots[l->fifo[l->fifo_head]].t_deliver;
	for (unsigned int i = 0; i < l->n_held; i++) {
		uint64_t h = held_ready(&l->slots[l->held[i]]);

		if (h < t)
			t = h;
	}
	return t;
}

/* s is being delivered: it overtakes every held frame sent before it */
static void overtake(struct link *l, const struct slot *s)
{
	for (unsigned int i = 0; i < l->n_held; i++) {
		struct slot *hs = &l->slots[l->held[i]];

		if (hs->released || hs->seq > s->seq)
			continue;
		if (--hs->overtake == 0) {
			hs->released = true;
			if (s->t_deliver > hs->t_deliver)
				hs->t_deliver = s->t_deliver;
		}
	}
}

static void fill(struct link_frame *out, const struct slot *s, bool reordered)
{
	out->data = s->data;
	out->len = s->len;
	out->tag = s->tag;
	out->seq = s->seq;
	out->t_sent_ps = s->t_sent;
	out->t_first_ps = s->t_first;
	out->t_ps = s->t_deliver;
	out->corrupted = s->corrupted;
	out->flipped_bit = s->flipped_bit;
	out->reordered = reordered;
}

int link_recv(struct link *l, uint64_t now_ps, struct link_frame *out)
{
	int h;

	if (!l || !out)
		return 0;
	if (l->last >= 0) {
		l->free_list[l->n_free++] = (unsigned int)l->last;
		l->last = -1;
	}
	/*
	 * Deliver in time order. On a tie the held frame goes first: a released
	 * one carries the time of the frame that released it, which has just
	 * been delivered, so it goes right after it.
	 */
	h = pick_held(l, now_ps);
	if (h >= 0 && l->fifo_n &&
	    l->slots[l->fifo[l->fifo_head]].t_deliver < held_ready(&l->slots[l->held[h]]))
		h = -1;
	if (h >= 0) {
		unsigned int idx = l->held[h];
		struct slot *s = &l->slots[idx];

		if (!s->released) {
			s->t_deliver = s->deadline;
			l->st.reorder_timeouts++;
		}
		l->held[h] = l->held[--l->n_held];
		overtake(l, s);
		fill(out, s, true);
		l->last = (int)idx;
		l->st.delivered++;
		l->st.delivered_bytes += s->len;
		return 1;
	}
	if (l->fifo_n && l->slots[l->fifo[l->fifo_head]].t_deliver <= now_ps) {
		unsigned int idx = l->fifo[l->fifo_head];
		struct slot *s = &l->slots[idx];

		l->fifo_head = (l->fifo_head + 1) % l->cfg.capacity;
		l->fifo_n--;
		overtake(l, s);
		fill(out, s, false);
		l->last = (int)idx;
		l->st.delivered++;
		l->st.delivered_bytes += s->len;
		return 1;
	}
	return 0;
}
