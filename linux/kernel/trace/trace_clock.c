// SPDX-License-Identifier: GPL-2.0
/*
 * Trace clocks: the time sources a user can pick in the trace_clock file
 * (trace_buf_fs.c), or at boot with trace_clock= (trace_dump.c).
 *
 * Every clock is callable from any context, NMI included. "local" is the
 * fastest but only monotonic per CPU; "global" is monotonic across CPUs;
 * "counter" and "uptime" count events and ticks, not nanoseconds, and
 * "x86-tsc" counts cycles: those three are printed as raw numbers.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <asm/msr.h>

#include "trace.h"

static atomic64_t trace_clock_last = ATOMIC64_INIT(0);
static atomic64_t trace_clock_count = ATOMIC64_INIT(0);

/*
 * The clocks run inside the ring buffer's reservation loop, so none may
 * call a function that can be traced: an event recorded from inside the
 * loop would make it retry, and read the clock again, forever.
 * local_clock() is such a function; its non-instrumented core is not.
 */
static u64 tclk_local(void)
{
	guard(preempt_notrace)();
	return local_clock_noinstr();
}

/* tclk_local(), but never going back across CPUs. */
static u64 tclk_global(void)
{
	s64 last = atomic64_read(&trace_clock_last);
	s64 now = tclk_local();

	do {
		if (now <= last)
			return last;
	} while (!atomic64_try_cmpxchg(&trace_clock_last, &last, now));
	return now;
}

static u64 tclk_counter(void)
{
	return atomic64_inc_return(&trace_clock_count);
}

static u64 tclk_uptime(void)
{
	return get_jiffies_64() - INITIAL_JIFFIES;
}

static u64 tclk_tsc(void)
{
	return rdtsc_ordered();
}

/**
 * struct trace_clock_def - one selectable clock
 * @name:	as written to and shown in trace_clock
 * @read:	reads it
 * @in_ns:	whether it counts nanoseconds (else printed raw)
 */
struct trace_clock_def {
	const char *name;
	u64 (*read)(void);
	bool in_ns;
};

/* "local" first: trace_clock_read() calls it directly. */
static const struct trace_clock_def trace_clocks[] = {
	{ "local",	tclk_local,		true },
	{ "global",	tclk_global,		true },
	{ "counter",	tclk_counter,		false },
	{ "uptime",	tclk_uptime,		false },
	{ "perf",	tclk_local,		true },
	{ "mono",	ktime_get_mono_fast_ns,		true },
	{ "mono_raw",	ktime_get_raw_fast_ns,		true },
	{ "boot",	ktime_get_boot_fast_ns,		true },
	{ "tai",	ktime_get_tai_fast_ns,		true },
	{ "x86-tsc",	tclk_tsc,		false },
};

/* Serialises clock switches; protects writes of trace_clock_cur. */
static DEFINE_MUTEX(trace_clock_lock);
/* Index of the current clock; read locklessly by every writer. */
static unsigned int trace_clock_cur;

/**
 * trace_clock_read() - the current trace clock's time
 *
 * Return: its value; nanoseconds unless trace_clock_in_ns() says otherwise.
 */
u64 trace_clock_read(void)
{
	unsigned int cur = READ_ONCE(trace_clock_cur);

	/* The default clock, called directly: every record reads it. */
	if (likely(!cur))
		return tclk_local();
	return trace_clocks[cur].read();
}

/**
 * trace_clock_index() - the number of a clock
 * @name:	its name
 *
 * Return: its index, or -EINVAL for an unknown name.
 */
int trace_clock_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		if (!strcmp(trace_clocks[i].name, name))
			return i;
	return -EINVAL;
}

/**
 * trace_clock_fn() - the read function of a clock
 * @idx:	its index (trace_clock_index())
 *
 * Return: the function.
 */
trace_clock_fn_t trace_clock_fn(unsigned int idx)
{
	return trace_clocks[idx].read;
}

/**
 * trace_clock_idx_in_ns() - whether a clock counts nanoseconds
 * @idx:	its index
 *
 * Return: false for counter, uptime and x86-tsc.
 */
bool trace_clock_idx_in_ns(unsigned int idx)
{
	return trace_clocks[idx].in_ns;
}

/**
 * trace_clock_in_ns() - whether the current clock counts nanoseconds
 *
 * Return: false for counter, uptime and x86-tsc, printed as raw numbers.
 */
bool trace_clock_in_ns(void)
{
	return trace_clocks[READ_ONCE(trace_clock_cur)].in_ns;
}

/**
 * trace_clock_show() - print the clocks, the current one in brackets
 * @m:	where to print
 */
void trace_clock_show(struct seq_file *m)
{
	trace_clock_show_idx(m, READ_ONCE(trace_clock_cur));
}

/**
 * trace_clock_show_idx() - print the clocks, one in brackets
 * @m:		where to print
 * @cur:	the index of that one
 */
void trace_clock_show_idx(struct seq_file *m, unsigned int cur)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		seq_printf(m, i == cur ? "[%s]%s" : "%s%s", trace_clocks[i].name,
			   i + 1 < ARRAY_SIZE(trace_clocks) ? " " : "\n");
}

/**
 * trace_clock_select() - switch the trace clock
 * @name:	a clock's name
 *
 * The caller empties the buffer on a real switch: time stamps of two
 * clocks do not compare.
 *
 * Return: 1 when the clock changed, 0 when it was already @name, or
 * -EINVAL for an unknown name.
 */
int trace_clock_select(const char *name)
{
	unsigned int i;

	guard(mutex)(&trace_clock_lock);
	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++) {
		if (strcmp(trace_clocks[i].name, name))
			continue;
		if (i == trace_clock_cur)
			return 0;
		WRITE_ONCE(trace_clock_cur, i);
		return 1;
	}
	return -EINVAL;
}
