/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hpcc_trace.h"

static const char *const col_name[HPCC_TRACE_COLUMNS] = {
	"qpn", "ack_psn", "snd_nxt", "nhop", "path_id",
	"b0", "ts0", "tx0", "q0", "b1", "ts1", "tx1", "q1", "b2", "ts2", "tx2", "q2",
	"b3", "ts3", "tx3", "q3", "b4", "ts4", "tx4", "q4",
};

int hpcc_trace_parse_line(const char *line, unsigned qpn_limit, struct hpcc_event *ev,
			  char *err, size_t errlen)
{
	unsigned long long v[HPCC_TRACE_COLUMNS];
	const char *p = line;
	int n = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
		return 0;
	while (n < HPCC_TRACE_COLUMNS) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9') {
			snprintf(err, errlen, "column %d (%s): expected an unsigned number", n + 1,
				 col_name[n]);
			return -1;
		}
		errno = 0;
		v[n] = strtoull(p, &end, 0);
		if (errno) {
			snprintf(err, errlen, "column %d (%s): number too large", n + 1, col_name[n]);
			return -1;
		}
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		n++;
		if (*p == ',') {
			p++;
			continue;
		}
		break;
	}
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (*p == '#')
		p += strlen(p);
	if (n != HPCC_TRACE_COLUMNS || *p != '\0') {
		snprintf(err, errlen, "expected %d comma-separated columns (%s,...), got %d%s",
			 HPCC_TRACE_COLUMNS, col_name[0], n, *p ? " and trailing text" : "");
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
	return 1;
}

int hpcc_trace_read(FILE *f, unsigned qpn_limit, struct hpcc_event **evp, size_t *np,
		    char *err, size_t errlen)
{
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
