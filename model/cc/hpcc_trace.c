/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dcqcn_model.h"
#include "hpcc_trace.h"

static const char *const col_name[HPCC_TRACE_COLUMNS] = {
	"qpn", "ack_psn", "snd_nxt", "nhop", "path_id",
	"b0", "ts0", "tx0", "q0", "b1", "ts1", "tx1", "q1", "b2", "ts2", "tx2", "q2",
	"b3", "ts3", "tx3", "q3", "b4", "ts4", "tx4", "q4",
};

/*
 * Up to max comma-separated unsigned numbers from p to the end of the line
 * (or a '#'); names[i] names column first + i in messages. Returns how many,
 * or -1 with a message.
 */
static int parse_numbers(const char *p, unsigned long long *v, int max, int first,
			 const char *const *names, char *err, size_t errlen)
{
	int n = 0;

	while (n < max) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9') {
			snprintf(err, errlen, "column %d (%s): expected an unsigned number",
				 first + n + 1, names[n]);
			return -1;
		}
		errno = 0;
		v[n] = strtoull(p, &end, 0);
		if (errno) {
			snprintf(err, errlen, "column %d (%s): number too large", first + n + 1,
				 names[n]);
			return -1;
		}
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		n++;
		if (*p == ',' && n < max) {
			p++;
			continue;
		}
		break;
	}
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (*p == '#')
		p += strlen(p);
	if (*p == ',') {
		snprintf(err, errlen, "more than %d columns", first + max);
		return -1;
	}
	if (*p != '\0') {
		snprintf(err, errlen, "column %d (%s): trailing text", first + n, names[n - 1]);
		return -1;
	}
	return n;
}

static const char *const dcqcn_name[4] = { "ack", "init", "cnp", "tick" };
static const char *const dcqcn_col[5] = { "qpn", "now", "P", "psn", "mode" };

/* a DCQCN line: name,qpn,now,P[,psn[,mode]] */
static int parse_dcqcn(const char *p, unsigned qpn_limit, struct hpcc_event *ev, char *err,
		       size_t errlen)
{
	static const unsigned bits[5] = { 0, DCQCN_NOW_BITS, DCQCN_P_BITS,
					  HPCC_PSN_BITS, 2 };
	unsigned long long v[5];
	size_t len = strcspn(p, ", \t");
	int type = -1, n, want;

	for (int t = 0; t < 4; t++)
		if (strlen(dcqcn_name[t]) == len && !strncmp(p, dcqcn_name[t], len))
			type = t;
	if (type < 0) {
		snprintf(err, errlen, "column 1: '%.*s' is not an event (init, ack, cnp, tick)",
			 (int)(len > 20 ? 20 : len), p);
		return -1;
	}
	p += len;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != ',') {
		snprintf(err, errlen, "%s: expected a comma after it", dcqcn_name[type]);
		return -1;
	}
	n = parse_numbers(p + 1, v, 5, 1, dcqcn_col, err, errlen);
	if (n < 0)
		return -1;
	want = type == HPCC_EV_ACK ? 4 : type == HPCC_EV_INIT ? 4 : 3;
	if (n != want && !(type == HPCC_EV_INIT && n == 5)) {
		snprintf(err, errlen, "%s: expected %s,qpn,now,P%s, got %d columns",
			 dcqcn_name[type], dcqcn_name[type],
			 type == HPCC_EV_INIT ? ",psn[,mode]" : type == HPCC_EV_ACK ? ",psn" : "",
			 n + 1);
		return -1;
	}
	if (v[0] >= qpn_limit) {
		snprintf(err, errlen, "qpn %llu out of range (the engine has %u QPs)", v[0],
			 qpn_limit);
		return -1;
	}
	for (int i = 1; i < n; i++)
		if (v[i] >> bits[i]) {
			snprintf(err, errlen, "column %d (%s): %llu does not fit in %u bits", i + 2,
				 dcqcn_col[i], v[i], bits[i]);
			return -1;
		}
	memset(ev, 0, sizeof(*ev));
	ev->type = (uint32_t)type;
	ev->qpn = (uint32_t)v[0];
	ev->now_us = (uint32_t)v[1];
	ev->period = (uint32_t)v[2];
	ev->ack_psn = n > 3 ? (uint32_t)v[3] : 0;
	ev->mode = n > 4 ? (uint32_t)v[4] : HPCC_MODE_DCQCN;
	return HPCC_TRACE_DCQCN;
}

int hpcc_trace_parse_line(const char *line, unsigned qpn_limit, struct hpcc_event *ev,
			  char *err, size_t errlen)
{
	unsigned long long v[HPCC_TRACE_COLUMNS];
	const char *p = line;
	int n;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
		return 0;
	if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
		return parse_dcqcn(p, qpn_limit, ev, err, errlen);
	n = parse_numbers(p, v, HPCC_TRACE_COLUMNS, 0, col_name, err, errlen);
	if (n < 0)
		return -1;
	if (n != HPCC_TRACE_COLUMNS) {
		snprintf(err, errlen, "expected %d comma-separated columns (%s,...), got %d",
			 HPCC_TRACE_COLUMNS, col_name[0], n);
		return -1;
	}

	/* every field must fit its wire width */
	static const unsigned bits[5] = { 0, HPCC_PSN_BITS, HPCC_PSN_BITS, 4, 12 };
	static const unsigned hop_bits[4] = { 4, HPCC_TS_BITS, HPCC_TXB_BITS, HPCC_QLEN_BITS };

	if (v[0] >= qpn_limit) {
		snprintf(err, errlen, "qpn %llu out of range (the engine has %u QPs)", v[0], qpn_limit);
		return -1;
	}
	for (int i = 1; i < HPCC_TRACE_COLUMNS; i++) {
		unsigned b = i < 5 ? bits[i] : hop_bits[(i - 5) % 4];

		if (v[i] >> b) {
			snprintf(err, errlen, "column %d (%s): %llu does not fit in %u bits", i + 1,
				 col_name[i], v[i], b);
			return -1;
		}
	}
	memset(ev, 0, sizeof(*ev));
	ev->type = HPCC_EV_ACK;
	ev->qpn = (uint32_t)v[0];
	ev->ack_psn = (uint32_t)v[1];
	ev->snd_nxt = (uint32_t)v[2];
	ev->nhop = (uint32_t)v[3];
	ev->path_id = (uint32_t)v[4];
	for (int h = 0; h < HPCC_MAX_HOPS; h++) {
		ev->hop[h].b = (uint32_t)v[5 + 4 * h];
		ev->hop[h].ts = (uint32_t)v[6 + 4 * h];
		ev->hop[h].tx = (uint32_t)v[7 + 4 * h];
		ev->hop[h].q = (uint32_t)v[8 + 4 * h];
	}
	return HPCC_TRACE_HPCC;
}

int hpcc_trace_read(FILE *f, unsigned qpn_limit, struct hpcc_event **evp, size_t *np,
		    enum hpcc_trace_kind *kind, char *err, size_t errlen)
{
	static const char *const kind_name[3] = { "", "HPCC", "DCQCN" };
	int first = HPCC_TRACE_NONE;
	struct hpcc_event *ev = NULL, e;
	size_t n = 0, cap = 0, lineno = 0, len = 0;
	char *line = NULL, msg[200];

	while (getline(&line, &len, f) >= 0) {
		int r;

		lineno++;
		r = hpcc_trace_parse_line(line, qpn_limit, &e, msg, sizeof(msg));
		if (r < 0) {
			snprintf(err, errlen, "line %zu: %s", lineno, msg);
			goto fail;
		}
		if (r == 0)
			continue;
		if (first == HPCC_TRACE_NONE)
			first = r;
		if (r != first) {
			snprintf(err, errlen, "line %zu: a%s %s event in a%s %s trace", lineno,
				 r == HPCC_TRACE_HPCC ? "n" : "", kind_name[r],
				 first == HPCC_TRACE_HPCC ? "n" : "", kind_name[first]);
			goto fail;
		}
		if (n == cap) {
			struct hpcc_event *nev;

			cap = cap ? cap * 2 : 1024;
			nev = realloc(ev, cap * sizeof(*ev));
			if (!nev) {
				snprintf(err, errlen, "line %zu: out of memory", lineno);
				goto fail;
			}
			ev = nev;
		}
		ev[n++] = e;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "read error: %s", strerror(errno));
		goto fail;
	}
	free(line);
	*evp = ev;
	*np = n;
	if (kind)
		*kind = (enum hpcc_trace_kind)first;
	return 0;
fail:
	free(line);
	free(ev);
	return -1;
}

void hpcc_trace_write_header(FILE *f)
{
	fprintf(f, "#");
	for (int i = 0; i < HPCC_TRACE_COLUMNS; i++)
		fprintf(f, "%s%s", i ? "," : "", col_name[i]);
	fprintf(f, "\n");
}

void hpcc_trace_write_event(FILE *f, const struct hpcc_event *ev)
{
	fprintf(f, "%u,%u,%u,%u,%u", ev->qpn, ev->ack_psn, ev->snd_nxt, ev->nhop, ev->path_id);
	for (int h = 0; h < HPCC_MAX_HOPS; h++)
		fprintf(f, ",%u,%u,%u,%u", ev->hop[h].b, ev->hop[h].ts, ev->hop[h].tx, ev->hop[h].q);
	fprintf(f, "\n");
}

void hpcc_trace_write_dcqcn(FILE *f, const struct hpcc_event *ev)
{
	fprintf(f, "%s,%u,%u,%u", dcqcn_name[ev->type & 3], ev->qpn, ev->now_us, ev->period);
	if (ev->type == HPCC_EV_ACK || ev->type == HPCC_EV_INIT)
		fprintf(f, ",%u", ev->ack_psn);
	if (ev->type == HPCC_EV_INIT && ev->mode != HPCC_MODE_DCQCN)
		fprintf(f, ",%u", ev->mode);
	fprintf(f, "\n");
}
