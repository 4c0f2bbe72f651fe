/* SPDX-License-Identifier: MIT */
/*
 * ACK/INT trace files (CSV), as read by hpnic-cctrace and written by the
 * incast generator. One ACK per line, '#' starts a comment:
 *
 *   qpn,ack_psn,snd_nxt,nhop,path_id,b0,ts0,tx0,q0,...,b4,ts4,tx4,q4
 *
 * Fields are raw wire values; unused hops are zero.
 */
#ifndef HPCC_TRACE_H
#define HPCC_TRACE_H

#include <stddef.h>
#include <stdio.h>

#include "hpcc_model.h"

#define HPCC_TRACE_COLUMNS (5 + 4 * HPCC_MAX_HOPS)

/*
 * Parse one line. Returns 1 and fills *ev for an ACK, 0 for a blank or
 * comment line, -1 on error with a message in err (no line number).
 */
int hpcc_trace_parse_line(const char *line, unsigned qpn_limit, struct hpcc_event *ev,
			  char *err, size_t errlen);

/*
 * Read a whole trace. On error returns -1 with "line N: ..." in err.
 * *ev is malloc'ed; the caller frees it.
 */
int hpcc_trace_read(FILE *f, unsigned qpn_limit, struct hpcc_event **ev, size_t *n,
		    char *err, size_t errlen);

void hpcc_trace_write_header(FILE *f);
void hpcc_trace_write_event(FILE *f, const struct hpcc_event *ev);

#endif
