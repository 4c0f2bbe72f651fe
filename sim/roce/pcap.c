/* SPDX-License-Identifier: MIT */
/*
 * Classic pcap reader and writer (see pcap.h for the conventions).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "pcap.h"

/* a record longer than this is a broken file, not a frame */
#define PCAP_RECORD_MAX (1u << 20)

static int fail(struct roce_pcap *pc, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct roce_pcap *pc, int status, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(pc->err, sizeof(pc->err), "%s: ", pc->path);
	if (n < 0 || (size_t)n >= sizeof(pc->err))
		n = 0;
	va_start(ap, fmt);
	vsnprintf(pc->err + n, sizeof(pc->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return status;
}

static uint32_t swap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

static void set_path(struct roce_pcap *pc, const char *path)
{
	memset(pc, 0, sizeof(*pc));
	snprintf(pc->path, sizeof(pc->path), "%s", strcmp(path, "-") ? path : "(stdio)");
}

int roce_pcap_create(struct roce_pcap *pc, const char *path)
{
	/* the global header, in host order: magic, version, thiszone, sigfigs, snaplen, linktype */
	uint32_t hdr[6] = { ROCE_PCAP_MAGIC_NS, 0, 0, 0,
			    ROCE_PCAP_SNAPLEN, ROCE_PCAP_LINKTYPE_ETHERNET };
	/* the version is two 16-bit fields, major 2 then minor 4 */
	const uint16_t version[2] = { 2, 4 };

	if (!pc || !path)
		return ROCE_ERR_INVAL;
	set_path(pc, path);
	pc->writing = true;
	pc->nsec = true;
	pc->linktype = ROCE_PCAP_LINKTYPE_ETHERNET;
	pc->f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
	if (!pc->f)
		return fail(pc, ROCE_ERR_IO, "cannot create: %s", strerror(errno));
	memcpy(&hdr[1], version, sizeof(version));
	if (fwrite(hdr, sizeof(hdr), 1, pc->f) != 1)
		return fail(pc, ROCE_ERR_IO, "write failed: %s", strerror(errno));
	return ROCE_OK;
}

int roce_pcap_write(struct roce_pcap *pc, uint64_t ts_ns, const uint8_t *frame, size_t len)
{
	uint32_t rec[4];

	if (!pc || !pc->f || !pc->writing || (!frame && len) || len > ROCE_PCAP_SNAPLEN)
		return ROCE_ERR_INVAL;
	rec[0] = (uint32_t)(ts_ns / 1000000000u);
	rec[1] = (uint32_t)(ts_ns % 1000000000u);
	rec[2] = (uint32_t)len;
	rec[3] = (uint32_t)len;
	if (fwrite(rec, sizeof(rec), 1, pc->f) != 1 || (len && fwrite(frame, len, 1, pc->f) != 1))
		return fail(pc, ROCE_ERR_IO, "write failed: %s", strerror(errno));
	pc->frames++;
	return ROCE_OK;
}

int roce_pcap_open(struct roce_pcap *pc, const char *path)
{
	uint32_t hdr[6];
	uint32_t magic;

	if (!pc || !path)
		return ROCE_ERR_INVAL;
	set_path(pc, path);
	pc->f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!pc->f)
		return fail(pc, ROCE_ERR_IO, "cannot open: %s", strerror(errno));
	if (fread(hdr, sizeof(hdr), 1, pc->f) != 1)
		return fail(pc, ROCE_ERR_FORMAT, "shorter than a pcap header");
	magic = hdr[0];
	if (magic == ROCE_PCAP_MAGIC_NS || magic == ROCE_PCAP_MAGIC_US) {
		pc->swapped = false;
	} else if (swap32(magic) == ROCE_PCAP_MAGIC_NS || swap32(magic) == ROCE_PCAP_MAGIC_US) {
		pc->swapped = true;
		magic = swap32(magic);
	} else if (magic == 0x0a0d0d0a) {
		return fail(pc, ROCE_ERR_FORMAT,
			    "pcapng is not supported; convert with: editcap -F pcap IN OUT");
	} else {
		return fail(pc, ROCE_ERR_FORMAT, "not a pcap file (magic 0x%08" PRIx32 ")", magic);
	}
	pc->nsec = magic == ROCE_PCAP_MAGIC_NS;
	pc->linktype = pc->swapped ? swap32(hdr[5]) : hdr[5];
	/* the FCS-length bits (28..31) of the link-type field are not ours */
	if ((pc->linktype & 0x0fffffff) != ROCE_PCAP_LINKTYPE_ETHERNET)
		return fail(pc, ROCE_ERR_FORMAT, "link type %" PRIu32 " is not Ethernet (1)",
			    pc->linktype);
	return ROCE_OK;
}

int roce_pcap_read(struct roce_pcap *pc, uint64_t *ts_ns, uint8_t *buf, size_t cap,
		   size_t *len, size_t *orig_len)
{
	uint32_t rec[4];
	size_t n;

	if (!pc || !pc->f || pc->writing || !ts_ns || !len || (!buf && cap))
		return ROCE_ERR_INVAL;
	n = fread(rec, 1, sizeof(rec), pc->f);
	if (n == 0 && feof(pc->f))
		return ROCE_END;
	if (n != sizeof(rec))
		return fail(pc, ROCE_ERR_FORMAT, "record %" PRIu64 ": truncated header",
			    pc->frames + 1);
	if (pc->swapped)
		for (int i = 0; i < 4; i++)
			rec[i] = swap32(rec[i]);
	if (rec[2] > PCAP_RECORD_MAX || rec[2] > rec[3])
		return fail(pc, ROCE_ERR_FORMAT,
			    "record %" PRIu64 ": bad lengths (captured %" PRIu32 ", wire %" PRIu32 ")",
			    pc->frames + 1, rec[2], rec[3]);
	pc->frames++;
	*ts_ns = (uint64_t)rec[0] * 1000000000u + (uint64_t)rec[1] * (pc->nsec ? 1u : 1000u);
	*len = rec[2];
	if (orig_len)
		*orig_len = rec[3];
	if (rec[2] > cap) {
		if (fseek(pc->f, rec[2], SEEK_CUR) != 0)
			return fail(pc, ROCE_ERR_IO, "seek failed: %s", strerror(errno));
		return fail(pc, ROCE_ERR_NOSPC, "record %" PRIu64 ": %" PRIu32
			    " bytes, buffer holds %zu", pc->frames, rec[2], cap);
	}
	if (rec[2] && fread(buf, rec[2], 1, pc->f) != 1)
		return fail(pc, ROCE_ERR_FORMAT, "record %" PRIu64 ": truncated data", pc->frames);
	return ROCE_OK;
}

int roce_pcap_close(struct roce_pcap *pc)
{
	int status = ROCE_OK;

	if (!pc || !pc->f)
		return ROCE_ERR_INVAL;
	if (pc->writing && (fflush(pc->f) != 0 || ferror(pc->f)))
		status = fail(pc, ROCE_ERR_IO, "write failed: %s", strerror(errno));
	if (pc->f != stdout && pc->f != stdin && fclose(pc->f) != 0 && status == ROCE_OK)
		status = fail(pc, ROCE_ERR_IO, "close failed: %s", strerror(errno));
	pc->f = NULL;
	return status;
}
