/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing ring buffer: one lockless buffer of pages per CPU.
 *
 * Writers reserve space on their own CPU, fill it, and commit it. They
 * never take a lock and never wait, and may be nested by interrupts and
 * NMIs on the same CPU. Readers take whole pages out of a CPU's ring by
 * swapping in a page of their own, so they never block writers. The page
 * and event layouts are ABI (trace_pipe_raw); see
 * Documentation/trace/tracing-design.rst.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/types.h>

/*
 * Not needed here, but code across the tree gets them through
 * <linux/trace_events.h>, which includes this header.
 */
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/seq_file.h>

struct trace_buffer;		/* the per-CPU buffers; opaque */
struct ring_buffer_event;	/* one event in a page; opaque */
struct ring_buffer_iter;	/* declared for trace_events.h */

/**
 * enum ring_buffer_mode - what a full buffer does with a new event
 * @RING_BUFFER_OVERWRITE:	drop the oldest page (counted as overrun)
 * @RING_BUFFER_KEEP_OLDEST:	drop the new event (counted as dropped)
 */
enum ring_buffer_mode {
	RING_BUFFER_OVERWRITE,
	RING_BUFFER_KEEP_OLDEST,
};

/**
 * struct ring_buffer_stats - one CPU's counters
 * @entries:		events held and not read
 * @written:		events committed since the last reset
 * @overrun:		events lost because their page was overwritten
 * @commit_overrun:	events lost because the writer wrapped onto a
 *			page still being committed
 * @dropped:		events refused because the buffer was full (keep
 *			oldest) or the event did not fit in a page
 * @read:		events taken out by readers
 * @bytes:		bytes of event data held and not read
 */
struct ring_buffer_stats {
	u64 entries;
	u64 written;
	u64 overrun;
	u64 commit_overrun;
	u64 dropped;
	u64 read;
	u64 bytes;
};

struct trace_buffer *ring_buffer_alloc(unsigned long bytes_per_cpu,
				       enum ring_buffer_mode mode,
				       u64 (*clock)(void));
void ring_buffer_free(struct trace_buffer *buffer);
struct trace_buffer *ring_buffer_alloc_mapped(void *mem, size_t size,
					      enum ring_buffer_mode mode,
					      u64 (*clock)(void),
					      const char *name);
bool ring_buffer_is_mapped(struct trace_buffer *buffer);
bool ring_buffer_last_boot(struct trace_buffer *buffer, long *text_delta);
void ring_buffer_reset(struct trace_buffer *buffer);
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void));
void ring_buffer_set_mode(struct trace_buffer *buffer,
			  enum ring_buffer_mode mode);

#define RING_BUFFER_ALL_CPUS	-1
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
int ring_buffer_resize(struct trace_buffer *buffer, int cpu,
		       unsigned long bytes_per_cpu);
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
/* Sub-buffers of 1 to 128 pages (upstream's limits). */
#define RING_BUFFER_SUBBUF_ORDER_MAX	7
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);

void *ring_buffer_reserve(struct trace_buffer *buffer, unsigned int len);
void ring_buffer_commit(struct trace_buffer *buffer);

int ring_buffer_read_page(struct trace_buffer *buffer, int cpu, void *page,
			  size_t size);
int ring_buffer_read_whole_page(struct trace_buffer *buffer, int cpu,
				void *page, size_t size);
bool ring_buffer_fill_wait(struct trace_buffer *buffer, int cpu,
			   unsigned int percent);
void ring_buffer_set_fill_notify(struct trace_buffer *buffer,
				 void (*fn)(void));
void ring_buffer_stats(struct trace_buffer *buffer, int cpu,
		       struct ring_buffer_stats *stats);
unsigned long ring_buffer_attempts(struct trace_buffer *buffer, int cpu);

/**
 * struct ring_buffer_walk - position while walking the events of a page
 * @page:	a page in the trace_pipe_raw layout
 * @size:	the bytes of data it can hold
 * @off:	offset of the next event header from the start of the data
 * @ts:		time stamp of the event last returned
 */
struct ring_buffer_walk {
	const void *page;
	unsigned int size;
	unsigned int off;
	u64 ts;
};

/**
 * struct ring_buffer_cursor - a non-consuming reader's place in a CPU's stream
 * @pos:	stream offset of the next byte to copy out
 * @end:	stream offset where reading stops: the write position when
 *		the cursor was started, so that a reader always finishes
 * @ts:		time stamp of the event just before @pos
 * @skipped:	set when events after the previous copy were overwritten or
 *		consumed before this reader got to them
 */
struct ring_buffer_cursor {
	unsigned long pos;
	unsigned long end;
	u64 ts;
	bool skipped;
};

void ring_buffer_cursor_start(struct trace_buffer *buffer, int cpu,
			      struct ring_buffer_cursor *cur);
int ring_buffer_peek_page(struct trace_buffer *buffer, int cpu,
			  struct ring_buffer_cursor *cur, void *page,
			  size_t size);

void ring_buffer_walk_start(struct ring_buffer_walk *walk, const void *page,
			    size_t size);
const void *ring_buffer_walk_next(struct ring_buffer_walk *walk,
				  unsigned int *len);

unsigned long ring_buffer_page_lost(const void *page);
int ring_buffer_walk_rest(void *out, size_t size,
			  const struct ring_buffer_walk *walk,
			  unsigned long lost);

#endif /* _LINUX_RING_BUFFER_H */
