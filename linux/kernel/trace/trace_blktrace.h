/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block I/O tracing: what its files share.
 *
 * From the bottom up: trace_blktrace_rec.c turns what the block layer
 * reports into struct blk_io_trace records, filters them by a queue's
 * struct blk_trace, and writes them to its relay channel and to the
 * trace arrays that run the blk tracer; trace_blktrace_probes.c hooks the
 * block tracepoints; trace_blktrace.c sets a queue's tracing up and down
 * (the BLKTRACE ioctls, debugfs block/<name>/); trace_blk.c is the blk
 * tracer, with /sys/block/<dev>/trace/ and the text of its records.
 */
#ifndef _KERNEL_TRACE_BLKTRACE_H
#define _KERNEL_TRACE_BLKTRACE_H

#include <linux/blktrace_api.h>
#include <linux/cgroup.h>
#include <linux/types.h>

struct trace_array;

/* BLKTRACESETUP32's command and structure, where there is a compat ABI. */
#ifdef CONFIG_COMPAT
#define BLKT_SETUP32		BLKTRACESETUP32
#define blkt_compat_setup	compat_blk_user_trace_setup
#else
#define BLKT_SETUP32		0U
struct blkt_compat_setup {
	char name[BLKTRACE_BDEV_SIZE];
	u16 act_mask;
	u32 buf_size;
	u32 buf_nr;
	u64 start_lba;
	u64 end_lba;
	u32 pid;
};
#endif

/*
 * The states of struct blk_trace's trace_state: the uapi's Blktrace_setup,
 * _running and _stopped, whose values are ABI.
 */
enum {
	BLKT_SETUP = 1,
	BLKT_RUNNING,
	BLKT_STOPPED,
};

/**
 * struct blkt_ev - one thing the block layer did, for a record
 * @what:	the action with its category bits (BLK_TA_*, BLK_TC_ACT())
 * @sector:	where, 0 for none
 * @bytes:	how much
 * @error:	an errno, or 0
 * @opf:	the operation and its flags, for the direction's category
 * @pdu:	data after the record, or NULL
 * @pdu_len:	its length
 * @cgid:	the cgroup's id, or 0
 */
struct blkt_ev {
	u32 what;
	u64 sector;
	u32 bytes;
	int error;
	blk_opf_t opf;
	const void *pdu;
	u16 pdu_len;
	u64 cgid;
};

/* The id of a cgroup subsystem state's cgroup, for records. */
#ifdef CONFIG_CGROUPS
static inline u64 blkt_css_id(struct cgroup_subsys_state *css)
{
	return css ? cgroup_id(css->cgroup) : 0;
}
#else
static inline u64 blkt_css_id(struct cgroup_subsys_state *css)
{
	return 0;
}
#endif

/* Records (trace_blktrace_rec.c) */
void blkt_add(struct blk_trace *bt, struct blkt_ev *ev);
void blkt_note(struct blk_trace *bt, pid_t pid, u32 action,
	       const void *data, u16 len, u64 cgid);
void blkt_note_time(struct blk_trace *bt);
int blkt_tracer_attach(struct trace_array *tr);
void blkt_tracer_detach(struct trace_array *tr);
bool blkt_tracer_running(void);
extern bool blkt_cgroup_ids;
extern unsigned int blktrace_seq;

/* The tracepoint probes (trace_blktrace_probes.c) */
int blkt_probes_get(void);
void blkt_probes_put(void);

/* Setting a queue's tracing up and down (trace_blktrace.c) */
struct blk_trace *blkt_setup_sysfs(struct request_queue *q,
				   struct block_device *bdev);
int blkt_remove_locked(struct request_queue *q);

/**
 * struct trace_blk_rec - TRACE_TYPE_BLK: a block I/O record, for the blk
 * tracer
 * @ent:	the common fields
 * @t:		the record as blktrace has it; @t.pdu_len bytes follow
 */
struct trace_blk_rec {
	struct trace_entry ent;
	struct blk_io_trace t;
};

#endif /* _KERNEL_TRACE_BLKTRACE_H */
