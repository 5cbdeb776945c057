// SPDX-License-Identifier: GPL-2.0
/*
 * The mmiotrace tracer's records: the memory-mapped I/O of drivers, as
 * the kernel's kmmio (arch/x86/mm/mmio-mod.c) catches it while the tracer
 * runs. kmmio calls mmio_trace_mapping() at each ioremap() and
 * iounmap(), mmio_trace_rw() at each access to a traced mapping (it
 * makes the pages fault, and single-steps the access), and
 * mmio_trace_printk() for mmiotrace_printk(). enable_mmiotrace() and
 * disable_mmiotrace(), kmmio's too, start and stop it: they take every
 * CPU but one offline, and bring them back.
 *
 * The records go to the top array's buffer, which is emptied when the
 * tracer starts and when it stops, as upstream does. Nothing is recorded
 * while tracing_on is 0. An access or a mapping the buffer refuses (a
 * CPU masked out, a full buffer) is counted, and so are the records that
 * overwriting lost; mmio_lost() hands the count to trace_pipe's reader
 * (trace_mmiotrace_out.c, which also registers the tracer).
 */
#include <linux/atomic.h>
#include <linux/mmiotrace.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/ring_buffer.h>

#include "trace.h"
#include "trace_mmiotrace.h"

/* Records the buffer refused since the last mmio_lost(); any context. */
static atomic_long_t mmio_dropped;

/*
 * Serialises mmio_lost() and the tracer's start and stop; protects the
 * pair below.
 */
static DEFINE_MUTEX(mmio_lost_lock);
/* The buffer's overruns at the last mmio_lost() */
static u64 mmio_overruns_seen;
/* The console was told of a loss in this run */
static bool mmio_warned;

/**
 * mmio_trace_rw() - record a read or write that kmmio caught
 * @rw:		what it decoded
 *
 * Called by kmmio's single-step handler, interrupts off, while the tracer
 * runs.
 */
void mmio_trace_rw(struct mmiotrace_rw *rw)
{
	struct trace_mmio_rw_rec *r;
	struct trace_wh h;

	if (!trace_buffer_enabled())
		return;
	r = __trace_rec_reserve(&h, TRACE_TYPE_MMIO_RW, sizeof(*r),
				TRACE_CTX_NOW);
	if (!r) {
		atomic_long_inc(&mmio_dropped);
		return;
	}
	r->rw = *rw;
	trace_rec_commit(&h);
}

/**
 * mmio_trace_mapping() - record an ioremap() or iounmap()
 * @map:	the mapping
 *
 * Called by kmmio under its spinlock, interrupts off, while the tracer
 * runs.
 */
void mmio_trace_mapping(struct mmiotrace_map *map)
{
	struct trace_mmio_map_rec *r;
	struct trace_wh h;

	if (!trace_buffer_enabled())
		return;
	r = __trace_rec_reserve(&h, TRACE_TYPE_MMIO_MAP, sizeof(*r),
				TRACE_CTX_NOW);
	if (!r) {
		atomic_long_inc(&mmio_dropped);
		return;
	}
	r->map = *map;
	trace_rec_commit(&h);
}

/**
 * mmio_trace_printk() - record a marker of mmiotrace_printk()
 * @fmt:	printf-style format; the text ends with its own newline
 * @args:	its arguments
 *
 * A print record, as trace_marker's: the MARK lines. Called by kmmio
 * under its spinlock, while the tracer runs.
 *
 * Return: the bytes recorded, or 0 when none were.
 */
int mmio_trace_printk(const char *fmt, va_list args)
{
	int ret = trace_buf_vprintk(trace_array_buf(&trace_top), 0, fmt, args);

	/* As upstream, a marker refused is not counted as lost. */
	return max(ret, 0);
}

/* The overruns of the top array's buffer, every CPU's; under the lock. */
static u64 mmio_overruns(void)
{
	struct trace_buf *b = trace_array_buf(&trace_top);
	struct ring_buffer_stats st;
	struct trace_buffer *rb;
	u64 n = 0;
	int cpu;

	lockdep_assert_held(&mmio_lost_lock);
	/* Holding the max buffer keeps a swapped b->rb from going. */
	trace_max_get(b);
	rb = READ_ONCE(b->rb);
	for_each_possible_cpu(cpu) {
		if (!rb)
			break;
		ring_buffer_stats(rb, cpu, &st);
		n += st.overrun;
	}
	trace_max_put(b);
	return n;
}

/**
 * mmio_lost() - the records lost since the last call
 *
 * The first loss of a run is also told on the console, in the words
 * Documentation/trace/mmiotrace.rst has users look for. Context: process.
 *
 * Return: the records refused, and those overwritten, since then.
 */
unsigned long mmio_lost(void)
{
	unsigned long n = atomic_long_xchg(&mmio_dropped, 0);
	u64 over;

	guard(mutex)(&mmio_lost_lock);
	over = mmio_overruns();
	/* A reset of the buffer started its counts again. */
	if (over > mmio_overruns_seen)
		n += over - mmio_overruns_seen;
	mmio_overruns_seen = over;
	if (n && !mmio_warned) {
		pr_warn("mmiotrace has lost events\n");
		mmio_warned = true;
	}
	return n;
}

/* Empty the buffer and forget the losses, at the start and the stop. */
static void mmio_reset_buffer(void)
{
	guard(mutex)(&mmio_lost_lock);
	trace_buf_reset(trace_array_buf(&trace_top), RING_BUFFER_ALL_CPUS);
	atomic_long_set(&mmio_dropped, 0);
	mmio_overruns_seen = 0;
	mmio_warned = false;
}

/**
 * mmio_start() - the tracer becomes current
 *
 * enable_mmiotrace() takes the other CPUs offline first. Called under
 * trace_lock.
 *
 * Return: 0.
 */
int mmio_start(void)
{
	mmio_reset_buffer();
	enable_mmiotrace();
	return 0;
}

/**
 * mmio_stop() - the tracer stops being current
 *
 * No kmmio callback runs once disable_mmiotrace() returns; the CPUs it
 * took offline are back. Called under trace_lock.
 */
void mmio_stop(void)
{
	disable_mmiotrace();
	mmio_reset_buffer();
}
