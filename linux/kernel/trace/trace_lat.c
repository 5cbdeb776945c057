// SPDX-License-Identifier: GPL-2.0
/*
 * What the latency tracers share: the latency kept (its length is the top
 * array's tracing_max_latency, trace_maxlat.c), the decision whether a new
 * one is worth keeping (above the maximum, or above tracing_thresh when
 * that is set), and the swap that keeps its records.
 *
 * A tracer writes the records of a latency into the trace buffer as it
 * happens. When it ends and is worth keeping, trace_lat_update() swaps
 * the trace buffer with the max buffer: the records stay there, out of
 * the writers' way, while tracing goes on in the other buffer. The trace
 * file of a latency tracer shows the max buffer, limited to the records
 * of the latency: its CPU (unless it spans CPUs, as a wakeup does) and
 * its time span. So no buffer is ever reset from the tracers' hooks.
 */
#include <linux/cred.h>
#include <linux/ftrace.h>
#include <linux/sched.h>
#include <linux/sched/prio.h>
#include <linux/seqlock.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/uidgid.h>

#include "trace.h"
#include "trace_graph.h"
#include "trace_lat.h"
#include "trace_maxlat.h"

/*
 * The latency last kept. Written with interrupts off under
 * trace_lat_lock, which serialises the sequence count's writers: the
 * tracers' updates (which also hold trace_max_trylock()) and a tracer's
 * start. Readers copy it under the sequence count, its @ns from
 * tracing_max_latency, which a user may have written since. An arch
 * spinlock: an update runs inside the irqsoff tracer's interrupt hooks,
 * where lockdep must not be entered.
 */
static struct trace_lat_info trace_lat_max;
static seqcount_t trace_lat_seq = SEQCNT_ZERO(trace_lat_seq);
static arch_spinlock_t trace_lat_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/* Begin a write of trace_lat_max; interrupts off. */
static void trace_lat_write_begin(void)
{
	arch_spin_lock(&trace_lat_lock);
	raw_write_seqcount_begin(&trace_lat_seq);
}

static void trace_lat_write_end(void)
{
	raw_write_seqcount_end(&trace_lat_seq);
	arch_spin_unlock(&trace_lat_lock);
}

static void trace_lat_read(struct trace_lat_info *lat)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&trace_lat_seq);
		*lat = trace_lat_max;
	} while (read_seqcount_retry(&trace_lat_seq, seq));
	lat->ns = trace_maxlat_get(&trace_top);
}

/**
 * trace_lat_worth() - whether a latency is to be kept
 * @ns:	its length
 *
 * Return: true when it is above the maximum, or at least tracing_thresh
 * when that is set. Racy: trace_lat_update() checks again.
 */
bool trace_lat_worth(u64 ns)
{
	u64 thresh = READ_ONCE(trace_thresh_ns);

	if (thresh)
		return ns >= thresh;
	return ns > trace_maxlat_get(&trace_top);
}

/**
 * trace_lat_fill_task() - describe the task of a latency
 * @lat:	the latency
 * @p:		the task
 */
void trace_lat_fill_task(struct trace_lat_info *lat, struct task_struct *p)
{
	lat->pid = p->pid;
	/* No task_lock(): this may run inside a section that holds it. */
	memcpy(lat->comm, p->comm, sizeof(lat->comm));
	lat->comm[sizeof(lat->comm) - 1] = '\0';
	lat->uid = from_kuid_munged(&init_user_ns, task_uid(p));
	lat->nice = task_nice(p);
	lat->policy = p->policy;
	lat->rt_prio = p->rt_priority;
}

/* ring_buffer_attempts() of @cpu, or of every CPU summed. */
static unsigned long trace_lat_count(struct trace_buffer *rb, int cpu)
{
	unsigned long n = 0;
	int i;

	if (cpu != RING_BUFFER_ALL_CPUS)
		return ring_buffer_attempts(rb, cpu);
	for_each_possible_cpu(i)
		n += ring_buffer_attempts(rb, i);
	return n;
}

/**
 * trace_lat_note() - note the event count where a latency starts
 * @mark:	where to note it
 * @cpu:	the CPU of the latency, or RING_BUFFER_ALL_CPUS when its
 *		records may be on any
 *
 * Context: any. trace_lat_update() counts from it the events of the
 * latency, the header's "#shown/total" total.
 */
void trace_lat_note(struct trace_lat_mark *mark, int cpu)
{
	mark->rb = READ_ONCE(trace_top_buf.rb);
	mark->n = mark->rb ? trace_lat_count(mark->rb, cpu) : 0;
}

/*
 * The events written since the mark, into @lat->total. Unknown (0) after
 * a swap, whose count was of the other buffer, or a reset, which zeroed
 * the count.
 */
static void trace_lat_total(struct trace_lat_info *lat)
{
	unsigned long now;

	if (!lat->mark.rb || lat->mark.rb != READ_ONCE(trace_top_buf.rb))
		return;
	now = trace_lat_count(lat->mark.rb, lat->all_cpus ?
			      RING_BUFFER_ALL_CPUS : lat->cpu);
	if (now >= lat->mark.n)
		lat->total = now - lat->mark.n;
}

/**
 * trace_lat_update() - keep a latency, if it is worth it
 * @lat:	the latency, its records written up to now; @lat->to is
 *		set here
 *
 * Context: interrupts off. A latency that comes while a swap, a resize
 * or a reset is in progress is not kept.
 */
void trace_lat_update(struct trace_lat_info *lat)
{
	lockdep_assert(irqs_disabled());
	lat->to = trace_clock_read();
	if (!trace_max_trylock(&trace_top_buf))
		return;
	if (trace_lat_worth(lat->ns)) {
		trace_lat_total(lat);
		trace_max_swap_locked(&trace_top_buf);
		trace_lat_write_begin();
		trace_lat_max = *lat;
		trace_lat_write_end();
		trace_maxlat_new(&trace_top, lat->ns);
	}
	trace_max_unlock(&trace_top_buf);
}

/**
 * trace_lat_init() - forget the latency kept, for a tracer starting
 *
 * tracing_max_latency starts again from 0, as upstream's tracers do.
 */
void trace_lat_init(void)
{
	unsigned long flags;

	trace_maxlat_set(&trace_top, 0);
	local_irq_save(flags);
	trace_lat_write_begin();
	trace_lat_max.ns = 0;
	trace_lat_max.from = U64_MAX;
	trace_lat_max.to = 0;
	trace_lat_write_end();
	local_irq_restore(flags);
}

/**
 * trace_lat_iter_new() - an iterator of the records of the latency kept
 * @cpu:	the CPU the file shows, or RING_BUFFER_ALL_CPUS
 *
 * Context: the caller holds the max buffer (trace_max_get()).
 * Return: the iterator, or NULL when memory ran out.
 */
struct trace_iter *trace_lat_iter_new(int cpu)
{
	struct trace_lat_info lat;

	trace_lat_read(&lat);
	if (!lat.all_cpus) {
		if (cpu != RING_BUFFER_ALL_CPUS && cpu != lat.cpu)
			lat.from = U64_MAX;	/* nothing */
		cpu = lat.cpu;
	}
	return trace_iter_new_on(cpu, READ_ONCE(trace_top_buf.max_rb),
				 lat.from, lat.to);
}

/**
 * trace_lat_print_header() - the header of a latency tracer's trace file
 * @m:	where to print
 * @tr:	the top trace array, the only one with a latency tracer
 */
void trace_lat_print_header(struct seq_file *m, struct trace_array *tr)
{
	const struct tracer *t = trace_current_tracer();
	struct trace_buffer *rb = trace_max_get(&trace_top_buf);
	struct trace_iter *it = NULL;
	struct trace_lat_info lat;
	struct trace_ev ev;
	u64 n = 0;

	trace_lat_read(&lat);
	if (rb)
		it = trace_iter_new_on(lat.all_cpus ? RING_BUFFER_ALL_CPUS :
				       lat.cpu, rb, lat.from, lat.to);
	for (; it && trace_iter_peek(it, &ev); trace_iter_next(it))
		n++;
	trace_iter_free(it);
	trace_max_put(&trace_top_buf);
	trace_print_lat_header(m, t ? t->name : "nop", &lat, n,
			       max(n, lat.total));
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
	    trace_opt(TRACE_OPT_DISPLAY_GRAPH))
		trace_graph_print_lat_legend(m);
	else
		trace_print_lat_legend(m);
}
