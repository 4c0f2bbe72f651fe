/* SPDX-License-Identifier: MIT */
/*
 * What both halves of make test-interop share: the bytes a seed stands for,
 * and the control channel's line reader. hpnic_peer (the host, libhpnic on
 * the simulated NIC) and rxe_peer (the guest, libibverbs on rdma_rxe) talk
 * over one TCP connection, one text line per message, so that a console
 * log or a packet capture of the channel reads as a transcript:
 *
 *   guest -> host   HELLO qpn=Q psn=P va=0xV rkey=0xK len=L mtu=M ip=A mac=M gid=I rd=R
 *                   (R: READs rxe's QP keeps in flight and takes, each way)
 *   host -> guest   HELLO qpn=Q psn=P va=0xV rkey=0xK len=L mtu=M ip=A mac=M
 *   guest -> host   READY                      (its QP is in RTS)
 *   host -> guest   a command, answered by one line: "OK ...", "FAIL ...", or
 *                   "FAIL ... STALL ..." when one of rxe's work requests did not
 *                   complete in time (the host then stops its plan)
 *     FILL off len seed         pattern(seed) into the guest's MR at off
 *     CHECK off len seed        the guest's MR at off holds pattern(seed)
 *     WRITE loff roff len seed  rxe WRITEs pattern(seed) from loff to hpnic's MR at roff
 *     READ loff roff len seed   rxe READs hpnic's MR at roff into loff, checks pattern(seed)
 *     READS n loff lstride roff rstride len seed
 *                               rxe posts n READs at once, the i-th from hpnic's MR at
 *                               roff + i*rstride into loff + i*lstride; each completion
 *                               in order with success, READ i holds pattern(seed + i)
 *     MIX loff roff stride len seed
 *                               rxe posts WRITE, READ, WRITE, READ at once: pattern(seed)
 *                               from loff to roff, READ roff into loff + stride,
 *                               pattern(seed + 1) from loff + 2*stride to roff + stride,
 *                               READ that into loff + 3*stride; each READ must find its
 *                               WRITE's bytes (the host filled roff and roff + stride
 *                               with pattern(seed + 2) and pattern(seed + 3) before)
 *     RECV off cap              the guest posts a receive WQE of cap bytes at off (filled
 *                               with 0x5a first, 0xa5 the byte either side)
 *     RCHECK SEND|WIMM off cap len seed imm
 *                               the next receive completion is of that receive: SEND: a
 *                               SEND of len bytes holding pattern(seed), nothing past
 *                               them written; WIMM: an RDMA WRITE with immediate of len
 *                               bytes, the buffer untouched; immediate imm (hex, "-":
 *                               none), byte_len len, source QP hpnic's if rxe gives one
 *     SEND loff len seed imm    rxe SENDs pattern(seed) from loff (with immediate imm
 *                               unless "-") to hpnic's next receive WQE
 *     WIMM loff roff len seed imm
 *                               rxe RDMA WRITEs with immediate imm pattern(seed) from loff
 *                               to hpnic's MR at roff (it uses up one receive WQE there)
 *     PINGPONG port size iters mtu
 *                               the guest runs ibv_rc_pingpong (Debian's) as the client
 *                               of the host's port: "OK ibv_rc_pingpong exit 0: ... bytes
 *                               in ...; ... iters in ..." with its two result lines
 *     PINGPONG_SERVER port size iters mtu
 *                               the guest runs ibv_rc_pingpong as the server on its TCP
 *                               port (QEMU forwards a host port to it); two answers:
 *                               "OK ibv_rc_pingpong listening on port ... after ... s"
 *                               once the port is in LISTEN (or a FAIL if it exits first
 *                               or does not listen within the guest's --wait: then no
 *                               second one), then PINGPONG's answer after its exit
 *     ABORT                     between PINGPONG_SERVER's two answers (hpnic's side
 *                               failed): the guest kills ibv_rc_pingpong, and its second
 *                               answer says so; at any other time ignored, no answer
 *     COUNTERS                  rxe's port counters (hw_counters) that moved since the
 *                               last COUNTERS: "OK rxe counters moved: NAME +N ..." or
 *                               "... none"
 *     BADKEY roff len           rxe WRITEs with a wrong R_Key, wants IBV_WC_REM_ACCESS_ERR
 *     NOISE count               the guest sends non-RoCE frames to hpnic's port
 *     BYE                       the guest destroys its QP, answers "VERDICT OK|FAIL ..."
 *                               and exits
 *
 * Offsets are into each side's registered buffer; addresses on the wire are
 * the buffers' virtual addresses, as each side registered them.
 */
#ifndef INTEROP_H
#define INTEROP_H

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define INTEROP_LINE 256

/* the bytes a seed stands for (an LCG's top byte: cheap, and two seeds
 * one apart give unrelated bytes) */
static inline void interop_pattern(uint8_t *p, size_t len, uint64_t s)
{
	for (size_t i = 0; i < len; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		p[i] = (uint8_t)(s >> 56);
	}
}

/* the first offset where p differs from pattern(seed), or len */
static inline size_t interop_mismatch(const uint8_t *p, size_t len, uint64_t s)
{
	for (size_t i = 0; i < len; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		if (p[i] != (uint8_t)(s >> 56))
			return i;
	}
	return len;
}

static inline double interop_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* a line reader on a socket: bytes past the newline stay for the next line */
struct interop_rd {
	int fd;
	size_t n;
	char buf[4 * INTEROP_LINE];
};

/*
 * One line (without its newline) into line, waiting at most wait_ms of
 * wall-clock time. idle, when not NULL, is called whenever nothing has
 * arrived (the host runs its simulator there: the guest's answer may need
 * the NIC); without it the wait sleeps in poll(2). 1: a line; 0: the time
 * ran out; -1: EOF or an error.
 */
static inline int interop_getline(struct interop_rd *r, char *line, size_t cap, int wait_ms,
				  void (*idle)(void *), void *ctx)
{
	double end = interop_now() + wait_ms / 1000.0;

	for (;;) {
		char *nl = memchr(r->buf, '\n', r->n);

		if (nl) {
			size_t k = (size_t)(nl - r->buf);

			if (k >= cap)
				k = cap - 1;
			memcpy(line, r->buf, k);
			line[k] = 0;
			r->n -= (size_t)(nl - r->buf) + 1;
			memmove(r->buf, nl + 1, r->n);
			return 1;
		}
		if (r->n == sizeof(r->buf))
			return -1;      /* a line longer than the protocol has */
		if (interop_now() > end)
			return 0;
		{
			struct pollfd pf = { r->fd, POLLIN, 0 };
			int k = poll(&pf, 1, idle ? 0 : 100);

			if (k < 0 && errno != EINTR)
				return -1;
			if (k > 0) {
				ssize_t got = read(r->fd, r->buf + r->n, sizeof(r->buf) - r->n);

				if (got <= 0)
					return -1;
				r->n += (size_t)got;
				continue;
			}
		}
		if (idle)
			idle(ctx);
	}
}

/* the whole line, with its newline; 0 or -1 */
static inline int interop_putline(int fd, const char *line)
{
	size_t len = strlen(line), off = 0;

	while (off < len) {
		ssize_t k = write(fd, line + off, len - off);

		if (k <= 0)
			return -1;
		off += (size_t)k;
	}
	return write(fd, "\n", 1) == 1 ? 0 : -1;
}

#endif /* INTEROP_H */
