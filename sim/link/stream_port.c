// SPDX-License-Identifier: MIT
/*
 * An Ethernet port on a Unix stream socket, QEMU `-netdev stream` framing
 * (stream_port.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "stream_port.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* room for two maximal records: a record is always parsed from the start */
#define RX_BUF (2 * (4 + STREAM_PORT_MAX_FRAME))

struct stream_port {
	int lfd;                       /* listening socket, or -1 */
	int fd;                        /* the peer, or -1 */
	struct stream_port_stats st;
	size_t rx_len;                 /* bytes in rx[] */
	uint8_t rx[RX_BUF];
};

static int set_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int fill_addr(struct sockaddr_un *sa, const char *path, char *err, size_t errlen)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if (!path || !*path || strlen(path) >= sizeof(sa->sun_path)) {
		snprintf(err, errlen, "socket path \"%s\": empty or longer than %zu bytes",
			 path ? path : "", sizeof(sa->sun_path) - 1);
		return -1;
	}
	strcpy(sa->sun_path, path);
	return 0;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static void drop_peer(struct stream_port *p)
{
	if (p->fd >= 0) {
		close(p->fd);
		p->fd = -1;
		p->st.eofs++;
	}
	p->rx_len = 0;
}

struct stream_port *stream_port_open(const char *path, bool listen_mode, unsigned connect_ms,
				     char *err, size_t errlen)
{
	struct sockaddr_un sa;
	struct stream_port *p;

	if (fill_addr(&sa, path, err, errlen))
		return NULL;
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->lfd = p->fd = -1;
	if (listen_mode) {
		struct stat sb;

		/* a socket file left by an earlier run; anything else is not ours */
		if (!lstat(path, &sb) && S_ISSOCK(sb.st_mode))
			unlink(path);
		p->lfd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (p->lfd < 0 || bind(p->lfd, (struct sockaddr *)&sa, sizeof(sa)) ||
		    listen(p->lfd, 1) || set_nonblock(p->lfd)) {
			snprintf(err, errlen, "listen on %s: %s", path, strerror(errno));
			stream_port_close(p);
			return NULL;
		}
		return p;
	}
	for (unsigned waited = 0;; waited += 20) {
		p->fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (p->fd < 0) {
			snprintf(err, errlen, "socket: %s", strerror(errno));
			stream_port_close(p);
			return NULL;
		}
		if (!connect(p->fd, (struct sockaddr *)&sa, sizeof(sa)))
			break;
		if ((errno != ENOENT && errno != ECONNREFUSED) || waited >= connect_ms) {
			snprintf(err, errlen, "connect to %s: %s", path, strerror(errno));
			stream_port_close(p);
			return NULL;
		}
		close(p->fd);
		p->fd = -1;
		sleep_ms(20);
	}
	if (set_nonblock(p->fd)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		stream_port_close(p);
		return NULL;
	}
	p->st.connects++;
	return p;
}

void stream_port_close(struct stream_port *p)
{
	if (!p)
		return;
	if (p->fd >= 0)
		close(p->fd);
	if (p->lfd >= 0)
		close(p->lfd);
	free(p);
}

/* write all of buf, waiting for room at most until the deadline */
static int write_all(struct stream_port *p, const uint8_t *buf, size_t len, int *budget_ms)
{
	while (len) {
		ssize_t n = send(p->fd, buf, len, MSG_NOSIGNAL);

		if (n > 0) {
			buf += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd pf = { p->fd, POLLOUT, 0 };

			if (*budget_ms <= 0)
				return -ETIMEDOUT;
			if (poll(&pf, 1, 10) == 0)
				*budget_ms -= 10;
			continue;
		}
		drop_peer(p);          /* EPIPE, ECONNRESET: the peer is gone */
		return -ENOTCONN;
	}
	return 0;
}

int stream_port_send(struct stream_port *p, const uint8_t *frame, size_t len)
{
	uint8_t hdr[4] = { (uint8_t)(len >> 24), (uint8_t)(len >> 16), (uint8_t)(len >> 8),
			   (uint8_t)len };
	int budget = STREAM_PORT_SEND_MS, err;

	if (p->fd < 0 || !len || len > STREAM_PORT_MAX_FRAME) {
		p->st.tx_dropped++;
		return p->fd < 0 ? -ENOTCONN : -EINVAL;
	}
	err = write_all(p, hdr, 4, &budget);
	if (!err)
		err = write_all(p, frame, len, &budget);
	if (err) {
		/* half a record cannot be taken back: the stream is unusable */
		if (err == -ETIMEDOUT)
			drop_peer(p);
		p->st.tx_dropped++;
		return err;
	}
	p->st.tx_frames++;
	p->st.tx_bytes += len;
	return 0;
}

unsigned stream_port_poll(struct stream_port *p, stream_port_rx_fn fn, void *ctx)
{
	unsigned frames = 0;

	if (p->fd < 0 && p->lfd >= 0) {
		int fd = accept(p->lfd, NULL, NULL);

		if (fd >= 0) {
			if (set_nonblock(fd)) {
				close(fd);
				return 0;
			}
			p->fd = fd;
			p->rx_len = 0;
			p->st.connects++;
		}
	}
	while (p->fd >= 0) {
		ssize_t n = recv(p->fd, p->rx + p->rx_len, RX_BUF - p->rx_len, 0);
		size_t at = 0;

		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			drop_peer(p);
			break;
		}
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		p->rx_len += (size_t)n;
		while (p->rx_len - at >= 4) {
			const uint8_t *r = p->rx + at;
			size_t len = (size_t)r[0] << 24 | (size_t)r[1] << 16 | (size_t)r[2] << 8 | r[3];

			if (!len || len > STREAM_PORT_MAX_FRAME) {
				p->st.rx_bad_len++;
				drop_peer(p);
				return frames;
			}
			if (p->rx_len - at < 4 + len)
				break;
			p->st.rx_frames++;
			p->st.rx_bytes += len;
			if (len < 60)
				p->st.rx_short++;
			fn(ctx, r + 4, len);
			frames++;
			at += 4 + len;
		}
		memmove(p->rx, p->rx + at, p->rx_len - at);
		p->rx_len -= at;
	}
	return frames;
}

bool stream_port_connected(const struct stream_port *p)
{
	return p->fd >= 0;
}

const struct stream_port_stats *stream_port_get_stats(const struct stream_port *p)
{
	return &p->st;
}
