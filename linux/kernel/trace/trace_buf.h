/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace buffers (trace_buf.c): each trace array, the top one and each
 * instance, writes into one. Its fields are trace_buf.c's; the inline
 * write path (trace_write.h) reads the first two.
 */
#ifndef _KERNEL_TRACE_TRACE_BUF_H
#define _KERNEL_TRACE_TRACE_BUF_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct file;
struct poll_table_struct;
struct trace_buffer;

/*
 * What struct trace_buf's @blocked holds: TRACE_REC_USER_OFF while
 * tracing_on is 0, plus TRACE_REC_STOP per tracing_stop().
 */
#define TRACE_REC_USER_OFF	1
#define TRACE_REC_STOP		2

/**
 * struct trace_buf - a trace array's buffer
 * @blocked:	writers record only while it is 0; read locklessly
 * @rb:		the ring buffer written into; swapped with @max_rb by a
 *		latency tracer or a snapshot (under @max_busy), cleared when
 *		an instance goes
 * @max_rb:	the max buffer: a latency tracer's worst case, or the
 *		snapshot. Allocated for its first user and freed after the
 *		last, unless a reader holds it (@max_refs). Changed under
 *		@lock, swapped under @max_busy.
 * @max_users:	who needs it (enum trace_max_user); under @lock
 * @max_refs:	readers holding it; under @lock
 * @max_busy:	1 while a swap is in progress: swappers take it with a
 *		cmpxchg and give up if it is taken
 * @max_blocked: non-zero while the buffers are resized, reset or freed:
 *		swappers give up
 * @lock:	serialises size changes, the max buffer and @cpus' writers
 * @kb:		the size asked for, per CPU, in KiB; under @lock
 * @cpus:	the CPUs whose writers record (tracing_cpumask); read
 *		locklessly
 * @percent:	buffer_percent: how full a ring is before its raw readers
 *		wake
 * @clock:	an instance's trace clock (trace_clock_index()); the top
 *		buffer's is the global one (trace_clock_read()). Under @lock.
 * @snap_armed:	the snapshot triggers and commands set on it; under the
 *		snapshot's mutex (trace_snapshot.c)
 * @stop_seq:	bumped when the waits of its readers must end
 * @readers:	the consuming readers' state (trace_iter.c's); theirs
 * @overwrite:	a full buffer overwrites its oldest records (its array's
 *		options/overwrite); under @lock
 * @owner:	the instance it is the buffer of, for its records' printers
 *		(struct trace_ev); NULL for the top buffer. Set once.
 * @expanded:	@rb has the sizes of @kb; until then an instance's has the
 *		least size (trace_buf_expand()). Written under @lock, read
 *		locklessly.
 */
struct trace_buf {
	atomic_t blocked;
	struct trace_buffer *rb;
	struct trace_buffer *max_rb;
	unsigned int max_users;
	unsigned int max_refs;
	atomic_t max_busy;
	atomic_t max_blocked;
	struct mutex lock;	/* sizes, max buffer, @cpus' writers */
	unsigned long *kb;
	cpumask_var_t cpus;
	unsigned int percent;
	unsigned int clock;
	unsigned int snap_armed;
	atomic_t stop_seq;
	void *readers;
	bool overwrite;
	struct trace_array *owner;
	bool expanded;
};

/* The top array's buffer, the one the kernel's own writers record into. */
extern struct trace_buf trace_top_buf;

int trace_buf_init(void);
/**
 * struct trace_buf_map - memory kept across boots for an instance's ring
 * @mem:	the memory, mapped
 * @size:	its bytes
 * @name:	the instance's name, for the console
 */
struct trace_buf_map {
	void *mem;
	size_t size;
	const char *name;
};

struct trace_buf *trace_buf_new(bool overwrite, const struct trace_buf_map *map);
bool trace_buf_is_mapped(struct trace_buf *b);
const struct trace_buf_map *trace_buf_boot_map_of(const char *name);
int trace_buf_boot_map(const char *name, const char *where);
void trace_buf_set_overwrite(struct trace_buf *b, bool on);
void trace_buf_destroy(struct trace_buf *b);
void trace_buf_set_on(struct trace_buf *b, bool on);
bool trace_buf_is_on(struct trace_buf *b);
void trace_buf_stop(struct trace_buf *b);
void trace_buf_start(struct trace_buf *b);
void trace_buf_reset(struct trace_buf *b, int cpu);
int trace_buf_resize(struct trace_buf *b, int cpu, unsigned long kb);
int trace_buf_expand(struct trace_buf *b);
unsigned long trace_buf_kb(struct trace_buf *b, int cpu);
void trace_buf_free(struct trace_buf *b, bool stop);
int trace_buf_set_subbuf_order(struct trace_buf *b, unsigned int order);
size_t trace_buf_subbuf_size(struct trace_buf *b);
int trace_buf_cpumask_show(struct trace_buf *b, struct seq_file *m);
int trace_buf_cpumask_store(struct trace_buf *b, const char *val);
int trace_buf_set_clock(struct trace_buf *b, unsigned int idx);
bool trace_buf_clock_in_ns(struct trace_buf *b);
u64 trace_buf_clock(struct trace_buf *b);

/**
 * enum trace_max_user - who needs the max buffer
 * @TRACE_MAX_LAT:	the current latency tracer
 * @TRACE_MAX_SNAP:	the snapshot: allocated through the snapshot file,
 *			a snapshot trigger or command
 */
enum trace_max_user {
	TRACE_MAX_LAT	= BIT(0),
	TRACE_MAX_SNAP	= BIT(1),
};

int trace_max_alloc(struct trace_buf *b, unsigned int user);
void trace_max_release(struct trace_buf *b, unsigned int user);
bool trace_max_has(struct trace_buf *b, unsigned int user);
struct trace_buffer *trace_max_get(struct trace_buf *b);
void trace_max_put(struct trace_buf *b);
void trace_max_reset(struct trace_buf *b, int cpu);
bool trace_max_trylock(struct trace_buf *b);
void trace_max_unlock(struct trace_buf *b);
void trace_max_swap_locked(struct trace_buf *b);

/**
 * struct trace_buf_readers - what a buffer asks of the consuming readers
 * above it (trace_iter.c)
 * @quiesce:	wait until no consuming reader of @b reads a ring buffer
 *		that it took as @b->rb before the call
 * @reset:	forget what they hold of a CPU's records, or of every CPU's
 *		(RING_BUFFER_ALL_CPUS), before those are dropped
 * @release:	free what they keep in @b->readers, when @b goes
 */
struct trace_buf_readers {
	void (*quiesce)(struct trace_buf *b);
	void (*reset)(struct trace_buf *b, int cpu);
	void (*release)(struct trace_buf *b);
};

void trace_buf_set_readers(const struct trace_buf_readers *r);

/*
 * Readers wait on one queue. A wait ends when @ready says so, or with
 * 0 from trace_wait() when trace_wake_readers(@b, true) was called
 * meanwhile (its tracing stopped, or a reader was told to give up).
 */
int trace_wait(struct trace_buf *b, bool (*ready)(void *arg), void *arg,
	       bool nonblock, bool armed);
void trace_wake_readers(struct trace_buf *b, bool stop);
void trace_poll_wait(struct file *filp, struct poll_table_struct *pt,
		     bool armed);
void trace_fill_wake(void);

#endif /* _KERNEL_TRACE_TRACE_BUF_H */
