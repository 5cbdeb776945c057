// SPDX-License-Identifier: GPL-2.0
/*
 * The rwbs field of the block layer's trace events: a request's operation
 * and flags as the letters that blktrace's RWBS column has always shown.
 * The events (include/trace/events/block.h) call this in their assign
 * step, so it is built whenever both the block layer and event tracing are.
 */
#include <linux/array_size.h>
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>

/* The operation's letters, after a flush that comes first. */
static const char *blk_rwbs_op(blk_opf_t opf)
{
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
	case REQ_OP_ZONE_APPEND:
		return "W";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	case REQ_OP_FLUSH:
		return "F";
	default:
		return "N";
	}
}

/* The flags shown after the operation, in the order they are shown. */
static const struct {
	blk_opf_t flag;
	char letter;
} blk_rwbs_flags[] = {
	{ REQ_FUA,	'F' },	/* forced unit access */
	{ REQ_RAHEAD,	'A' },
	{ REQ_SYNC,	'S' },
	{ REQ_META,	'M' },
};

/**
 * blk_fill_rwbs() - describe a request's operation and flags in letters
 * @rwbs:	the field to fill, RWBS_LEN (8) bytes
 * @opf:	the request's operation and flags
 *
 * In order: F for a preceding flush; the operation (R read, W write or
 * zone append, D discard, DE secure erase, F flush, N anything else);
 * then F for forced unit access, A for readahead, S for synchronous and
 * M for metadata. At most seven letters, NUL-terminated.
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = blk_rwbs_op(opf);
	char *p = rwbs;
	unsigned int k;

	if (opf & REQ_PREFLUSH)
		*p++ = 'F';
	while (*op)
		*p++ = *op++;
	for (k = 0; k < ARRAY_SIZE(blk_rwbs_flags); k++)
		if (opf & blk_rwbs_flags[k].flag)
			*p++ = blk_rwbs_flags[k].letter;
	*p = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
