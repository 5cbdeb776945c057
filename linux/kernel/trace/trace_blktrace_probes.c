// SPDX-License-Identifier: GPL-2.0
/*
 * Block I/O tracing's hooks: the block layer's tracepoints, each turned
 * into the action blkparse knows it by, on the queue it concerns.
 *
 * The probes are registered while any queue's tracing is set up (a count
 * under blkt_probe_lock): with none, the tracepoints stay nops and a block
 * I/O costs nothing more.
 */
#include <linux/blk-cgroup.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/cgroup.h>
#include <linux/mutex.h>
#include <linux/tracepoint.h>
#include <trace/events/block.h>

#include "trace.h"
#include "trace_blktrace.h"

/* The queue's tracing; the probes run with preemption off. */
static __always_inline struct blk_trace *blkt_of(struct request_queue *q)
{
	return rcu_dereference_sched(q->blk_trace);
}

static u64 blkt_bio_cgid(struct bio *bio)
{
	struct cgroup_subsys_state *css;

	if (!blkt_cgroup_ids)
		return 0;
	css = bio_blkcg_css(bio);
	return blkt_css_id(css);
}

static u64 blkt_rq_cgid(struct request *rq)
{
	return rq->bio ? blkt_bio_cgid(rq->bio) : 0;
}

/* A request's record: fs or pc (passthrough), with @bytes of it. */
static void blkt_rq(struct request *rq, u32 what, int error, u32 bytes)
{
	struct blk_trace *bt = blkt_of(rq->q);
	struct blkt_ev ev = {};

	if (likely(!bt))
		return;
	ev.what = what | BLK_TC_ACT(blk_rq_is_passthrough(rq) ?
				    BLK_TC_PC : BLK_TC_FS);
	ev.sector = blk_rq_trace_sector(rq);
	ev.bytes = bytes;
	ev.error = error;
	ev.opf = rq->cmd_flags;
	ev.cgid = blkt_rq_cgid(rq);
	blkt_add(bt, &ev);
}

static void blkt_rq_insert(void *data, struct request *rq)
{
	blkt_rq(rq, BLK_TA_INSERT, 0, blk_rq_bytes(rq));
}

static void blkt_rq_issue(void *data, struct request *rq)
{
	blkt_rq(rq, BLK_TA_ISSUE, 0, blk_rq_bytes(rq));
}

static void blkt_rq_merge(void *data, struct request *rq)
{
	blkt_rq(rq, BLK_TA_BACKMERGE, 0, blk_rq_bytes(rq));
}

static void blkt_rq_requeue(void *data, struct request *rq)
{
	blkt_rq(rq, BLK_TA_REQUEUE, 0, blk_rq_bytes(rq));
}

static void blkt_rq_complete(void *data, struct request *rq,
			     blk_status_t error, unsigned int nr_bytes)
{
	blkt_rq(rq, BLK_TA_COMPLETE, blk_status_to_errno(error), nr_bytes);
}

/* A bio's record, on the queue of the device it is now on. */
static void blkt_bio(struct bio *bio, u32 what, int error, const void *pdu,
		     u16 pdu_len)
{
	struct blk_trace *bt = blkt_of(bdev_get_queue(bio->bi_bdev));
	struct blkt_ev ev = {};

	if (likely(!bt))
		return;
	ev.what = what;
	ev.sector = bio->bi_iter.bi_sector;
	ev.bytes = bio->bi_iter.bi_size;
	ev.error = error;
	ev.opf = bio->bi_opf;
	ev.pdu = pdu;
	ev.pdu_len = pdu_len;
	ev.cgid = blkt_bio_cgid(bio);
	blkt_add(bt, &ev);
}

static void blkt_bio_complete(void *data, struct request_queue *q,
			      struct bio *bio)
{
	blkt_bio(bio, BLK_TA_COMPLETE, blk_status_to_errno(bio->bi_status),
		 NULL, 0);
}

static void blkt_bio_bounce(void *data, struct bio *bio)
{
	blkt_bio(bio, BLK_TA_BOUNCE, 0, NULL, 0);
}

static void blkt_bio_backmerge(void *data, struct bio *bio)
{
	blkt_bio(bio, BLK_TA_BACKMERGE, 0, NULL, 0);
}

static void blkt_bio_frontmerge(void *data, struct bio *bio)
{
	blkt_bio(bio, BLK_TA_FRONTMERGE, 0, NULL, 0);
}

static void blkt_bio_queue(void *data, struct bio *bio)
{
	blkt_bio(bio, BLK_TA_QUEUE, 0, NULL, 0);
}

static void blkt_getrq(void *data, struct bio *bio)
{
	blkt_bio(bio, BLK_TA_GETRQ, 0, NULL, 0);
}

/* A split: the data is where the second part begins (big-endian). */
static void blkt_split(void *data, struct bio *bio, unsigned int new_sector)
{
	__be64 at = cpu_to_be64(new_sector);

	blkt_bio(bio, BLK_TA_SPLIT, blk_status_to_errno(bio->bi_status),
		 &at, sizeof(at));
}

/* A remap: the data says from which device and sector. */
static void blkt_bio_remap(void *data, struct bio *bio, dev_t dev,
			   sector_t from)
{
	struct blk_io_trace_remap r = {
		.device_from = cpu_to_be32(dev),
		.device_to = cpu_to_be32(bio_dev(bio)),
		.sector_from = cpu_to_be64(from),
	};

	blkt_bio(bio, BLK_TA_REMAP, blk_status_to_errno(bio->bi_status),
		 &r, sizeof(r));
}

static void blkt_rq_remap(void *data, struct request *rq, dev_t dev,
			  sector_t from)
{
	struct blk_trace *bt = blkt_of(rq->q);
	struct blk_io_trace_remap r = {
		.device_from = cpu_to_be32(dev),
		.device_to = cpu_to_be32(disk_devt(rq->q->disk)),
		.sector_from = cpu_to_be64(from),
	};
	struct blkt_ev ev = {
		.what = BLK_TA_REMAP,
		.sector = blk_rq_pos(rq),
		.bytes = blk_rq_bytes(rq),
		.opf = rq->cmd_flags,
		.pdu = &r,
		.pdu_len = sizeof(r),
	};

	if (likely(!bt))
		return;
	ev.cgid = blkt_rq_cgid(rq);
	blkt_add(bt, &ev);
}

/* Plugs and unplugs carry no sector; an unplug says how many it sends. */
static void blkt_plug(void *data, struct request_queue *q)
{
	struct blk_trace *bt = blkt_of(q);
	struct blkt_ev ev = { .what = BLK_TA_PLUG };

	if (bt)
		blkt_add(bt, &ev);
}

static void blkt_unplug(void *data, struct request_queue *q,
			unsigned int depth, bool explicit)
{
	struct blk_trace *bt = blkt_of(q);
	__be64 n = cpu_to_be64(depth);
	struct blkt_ev ev = {
		.what = explicit ? BLK_TA_UNPLUG_IO : BLK_TA_UNPLUG_TIMER,
		.pdu = &n,
		.pdu_len = sizeof(n),
	};

	if (bt)
		blkt_add(bt, &ev);
}

/**
 * blk_add_driver_data() - a driver's data about a request, into the trace
 * @rq:		the request
 * @data:	the data
 * @len:	its length
 */
void blk_add_driver_data(struct request *rq, void *data, size_t len)
{
	struct blk_trace *bt;
	struct blkt_ev ev = {
		.what = BLK_TA_DRV_DATA,
		.sector = blk_rq_trace_sector(rq),
		.bytes = blk_rq_bytes(rq),
		.pdu = data,
		.pdu_len = min_t(size_t, len, U16_MAX - sizeof(u64)),
	};

	rcu_read_lock();
	bt = rcu_dereference(rq->q->blk_trace);
	if (bt) {
		ev.cgid = blkt_rq_cgid(rq);
		blkt_add(bt, &ev);
	}
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(blk_add_driver_data);

/* Each tracepoint and its probe. */
#define BLKT_PROBE(tp, fn)	{ &__tracepoint_##tp, (void *)(fn) }

static const struct {
	struct tracepoint *tp;
	void *probe;
} blkt_probes[] = {
	BLKT_PROBE(block_rq_insert, blkt_rq_insert),
	BLKT_PROBE(block_rq_issue, blkt_rq_issue),
	BLKT_PROBE(block_rq_merge, blkt_rq_merge),
	BLKT_PROBE(block_rq_requeue, blkt_rq_requeue),
	BLKT_PROBE(block_rq_complete, blkt_rq_complete),
	BLKT_PROBE(block_bio_complete, blkt_bio_complete),
	BLKT_PROBE(block_bio_bounce, blkt_bio_bounce),
	BLKT_PROBE(block_bio_backmerge, blkt_bio_backmerge),
	BLKT_PROBE(block_bio_frontmerge, blkt_bio_frontmerge),
	BLKT_PROBE(block_bio_queue, blkt_bio_queue),
	BLKT_PROBE(block_getrq, blkt_getrq),
	BLKT_PROBE(block_plug, blkt_plug),
	BLKT_PROBE(block_unplug, blkt_unplug),
	BLKT_PROBE(block_split, blkt_split),
	BLKT_PROBE(block_bio_remap, blkt_bio_remap),
	BLKT_PROBE(block_rq_remap, blkt_rq_remap),
};

/* The queues whose tracing is set up: the probes run while it is not 0. */
static DEFINE_MUTEX(blkt_probe_lock);
static unsigned int blkt_probe_users;

static void blkt_probes_unreg(int n)
{
	while (--n >= 0)
		tracepoint_probe_unregister(blkt_probes[n].tp,
					    blkt_probes[n].probe, NULL);
	tracepoint_synchronize_unregister();
}

/**
 * blkt_probes_get() - a queue's tracing is set up: hook the block layer
 *
 * Return: 0, or the error of a tracepoint's registration.
 */
int blkt_probes_get(void)
{
	int i, ret;

	guard(mutex)(&blkt_probe_lock);
	if (blkt_probe_users++)
		return 0;
	for (i = 0; i < ARRAY_SIZE(blkt_probes); i++) {
		ret = tracepoint_probe_register(blkt_probes[i].tp,
						blkt_probes[i].probe, NULL);
		if (ret) {
			blkt_probes_unreg(i);
			blkt_probe_users--;
			return ret;
		}
	}
	return 0;
}

/**
 * blkt_probes_put() - a queue's tracing is gone: unhook with the last
 *
 * Returns once no probe runs any more.
 */
void blkt_probes_put(void)
{
	guard(mutex)(&blkt_probe_lock);
	if (!--blkt_probe_users)
		blkt_probes_unreg(ARRAY_SIZE(blkt_probes));
}
