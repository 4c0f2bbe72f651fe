/* SPDX-License-Identifier: MIT */
/* hpnic-incast-gen: write a closed-loop HPCC incast ACK/INT trace as CSV. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "hpcc_trace.h"
#include "incast.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hpnic-incast-gen [--flows N] [--bytes B] [--seed S] [-o FILE]\n"
		"N senders (QPNs 1..N) send B bytes each to one receiver through two INT\n"
		"switches (400G, then the 100G bottleneck) with 1 us links; every sender runs\n"
		"the double-precision HPCC model (eta 0.95, maxStage 5, W_AI 80 B, T 4160 ns).\n"
		"The ACKs it receives, with their INT, are written in hpnic-cctrace's format.\n"
		"  --flows N    senders (default 16)\n"
		"  --bytes B    bytes per flow (default 1000000)\n"
		"  --seed S     counter offsets and PSNs (default 1)\n"
		"  -o FILE      output (default stdout)\n");
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "flows", required_argument, NULL, 'f' },
		{ "bytes", required_argument, NULL, 'b' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct incast_cfg c;
	struct incast_result r;
	FILE *out = stdout;
	int opt;

	incast_cfg_default(&c);
	while ((opt = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'f': c.flows = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'b': c.bytes = strtoull(optarg, NULL, 0); break;
		case 's': c.seed = strtoull(optarg, NULL, 0); break;
		case 'o':
			if (!(out = fopen(optarg, "w"))) {
				perror(optarg);
				return 1;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (c.flows < 1 || c.flows > 4000 || c.bytes < c.payload) {
		fprintf(stderr, "hpnic-incast-gen: need 1..4000 flows of at least %u bytes\n", c.payload);
		return 2;
	}
	if (incast_generate(&c, &r)) {
		fprintf(stderr, "hpnic-incast-gen: out of memory\n");
		return 1;
	}
	fprintf(out, "# hpnic incast trace: %u flows x %llu B, seed %llu, %zu ACKs, %.1f us,"
		" bottleneck queue peak %u B\n", c.flows, (unsigned long long)c.bytes,
		(unsigned long long)c.seed, r.n, r.end_ns / 1000, r.max_queue_bytes);
	hpcc_trace_write_header(out);
	for (size_t i = 0; i < r.n; i++)
		hpcc_trace_write_event(out, &r.ev[i]);
	incast_result_free(&r);
	return fclose(out) ? 1 : 0;
}
