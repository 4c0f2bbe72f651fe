/* SPDX-License-Identifier: MIT */
/*
 * CC event trace files (CSV), as read by hpnic-cctrace and written by the
 * incast generator. One event per line, '#' starts a comment. Two kinds of
 * line; a trace holds one kind only (docs/cc-dcqcn.md, "Trace files"):
 *
 *  - HPCC, an ACK with INT (a line that starts with a digit):
 *      qpn,ack_psn,snd_nxt,nhop,path_id,b0,ts0,tx0,q0,...,b4,ts4,tx4,q4
 *    Fields are raw wire values; unused hops are zero.
 *  - DCQCN (a line that starts with the event's name):
 *      init,qpn,now,P,psn[,mode]   (mode 0..3, default 1 = DCQCN)
 *      ack,qpn,now,P,psn
 *      cnp,qpn,now,P
 *      tick,qpn,now,P
 *    now: the engine's 20-bit microsecond clock; P: the 16-bit alpha-period
 *    count; psn: the ACK's PSN (for init, the PSN before the first one).
 */
#ifndef HPCC_TRACE_H
#define HPCC_TRACE_H

#include <stddef.h>
#include <stdio.h>

#include "hpcc_model.h"

#define HPCC_TRACE_COLUMNS (5 + 4 * HPCC_MAX_HOPS)

/* what a line (or a whole trace) holds */
enum hpcc_trace_kind { HPCC_TRACE_NONE = 0, HPCC_TRACE_HPCC = 1, HPCC_TRACE_DCQCN = 2 };

/*
 * Parse one line. Returns HPCC_TRACE_HPCC or HPCC_TRACE_DCQCN and fills *ev
 * for an event, 0 for a blank or comment line, -1 on error with a message
 * in err (no line number).
 */
int hpcc_trace_parse_line(const char *line, unsigned qpn_limit, struct hpcc_event *ev,
			  char *err, size_t errlen);

/*
 * Read a whole trace. On error returns -1 with "line N: ..." in err (a
 * trace that mixes the two kinds is an error). *ev is malloc'ed; the
 * caller frees it. *kind (if not NULL) is the trace's kind, NONE if empty.
 */
int hpcc_trace_read(FILE *f, unsigned qpn_limit, struct hpcc_event **ev, size_t *n,
		    enum hpcc_trace_kind *kind, char *err, size_t errlen);

void hpcc_trace_write_header(FILE *f);
void hpcc_trace_write_event(FILE *f, const struct hpcc_event *ev);
/* a DCQCN event (INIT, ACK, CNP, TICK) as a line of its own kind */
void hpcc_trace_write_dcqcn(FILE *f, const struct hpcc_event *ev);

#endif
