// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer: its workload (trace_osnoise_wl.c) is a thread per
 * CPU that reads the clock in a loop for runtime_us of every period_us.
 * A gap between two reads of at least the threshold (tracing_thresh, 1 us
 * when 0) is noise: the interferences begun in it (trace_osnoise_hooks.c)
 * explain it, and with none it is hardware noise. The period ends with an
 * osnoise record: the time measured, the noise, the longest single noise
 * and the count of each kind of interference. stop_tracing_us (one noise)
 * and stop_tracing_total_us (a period's noise) turn tracing off in the
 * arrays that run the tracer. Without options/OSNOISE_WORKLOAD there is
 * no thread: the hooks account all that runs on the CPUs.
 */
#include <linux/kthread.h>
#include <asm/local64.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "trace_osnoise.h"

#include <trace/events/osnoise.h>

/* The counts of each kind of interference of a CPU. */
struct osn_counts {
	u64 nmi;
	u64 irq;
	u64 softirq;
	u64 thread;
};

static void osn_counts(struct osn_cpu *oc, struct osn_counts *c)
{
	c->nmi = READ_ONCE(oc->nmi.count);
	c->irq = READ_ONCE(oc->irq.count);
	c->softirq = READ_ONCE(oc->softirq.count);
	c->thread = READ_ONCE(oc->thread.count);
}

/* The clock, and the interferences begun before it was read. */
static u64 osn_now_ints(struct osn_cpu *oc, u64 *ints)
{
	u64 n, now;

	do {
		n = local64_read(&oc->ints);
		now = local_clock();
	} while (n != local64_read(&oc->ints));
	*ints = n;
	return now;
}

static void osn_write_rec(struct trace_buf *b, void *arg)
{
	const struct trace_osnoise_rec *s = arg;
	struct trace_osnoise_rec *r;
	struct trace_wh h;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_OSNOISE, sizeof(*r),
			      TRACE_CTX_NOW);
	if (!r)
		return;
	memcpy((char *)r + sizeof(r->ent), (const char *)s + sizeof(s->ent),
	       sizeof(*r) - sizeof(r->ent));
	trace_rec_commit(&h);
}

/* One runtime of osnoise's loop on the current CPU, and its record. */
static void osn_sample(struct osn_cpu *oc)
{
	unsigned long opts = READ_ONCE(osn_cfg.options);
	bool irq_off = opts & BIT(OSN_OPT_IRQ_DISABLE);
	bool preempt_off = opts & BIT(OSN_OPT_PREEMPT_DISABLE);
	u64 runtime = READ_ONCE(osn_cfg.runtime_us) * NSEC_PER_USEC;
	u64 stop = READ_ONCE(osn_cfg.stop_us) * NSEC_PER_USEC;
	u64 stop_total = READ_ONCE(osn_cfg.stop_total_us) * NSEC_PER_USEC;
	u64 thresh = osn_thresh_ns(), noise = 0, max = 0, hw = 0;
	u64 start, last, now, ints, last_ints, delta;
	struct trace_osnoise_rec s = {};
	struct osn_counts c0, c1;
	bool stopped = false;

	if (irq_off)
		local_irq_disable();
	else if (preempt_off)
		preempt_disable();
	WRITE_ONCE(oc->active, true);
	osn_counts(oc, &c0);
	start = osn_now_ints(oc, &last_ints);
	last = start;
	do {
		now = osn_now_ints(oc, &ints);
		delta = now - last;
		if (delta >= thresh) {
			if (ints == last_ints)
				hw++;
			noise += delta;
			max = max(max, delta);
			trace_sample_threshold(last, delta, ints - last_ints);
			if (stop && delta > stop && !stopped) {
				stopped = true;
				preempt_disable();
				osn_stop_tracing();
				preempt_enable();
			}
		}
		last = now;
		last_ints = ints;
	} while (now - start < runtime && !kthread_should_stop());
	WRITE_ONCE(oc->active, false);
	osn_counts(oc, &c1);
	if (irq_off)
		local_irq_enable();
	else if (preempt_off)
		preempt_enable();
	if (kthread_should_stop())
		return;

	s.runtime = div_u64(now - start, NSEC_PER_USEC);
	s.noise = div_u64(noise, NSEC_PER_USEC);
	s.max_sample = div_u64(max, NSEC_PER_USEC);
	s.hw_count = hw;
	s.nmi_count = c1.nmi - c0.nmi;
	s.irq_count = c1.irq - c0.irq;
	s.softirq_count = c1.softirq - c0.softirq;
	s.thread_count = c1.thread - c0.thread;
	osn_all_bufs(osn_write_rec, &s);
	if (stop_total && noise > stop_total && !stopped) {
		preempt_disable();
		osn_stop_tracing();
		preempt_enable();
	}
}

/* Sleep @ns, or until the thread is told to stop. */
static void osn_sleep(u64 ns)
{
	ktime_t t = ns_to_ktime(ns);

	set_current_state(TASK_INTERRUPTIBLE);
	/* kthread_stop() sets the flag, then wakes: tested after the state. */
	if (kthread_should_stop()) {
		__set_current_state(TASK_RUNNING);
		return;
	}
	schedule_hrtimeout(&t, HRTIMER_MODE_REL);
}

/* osnoise/N: a runtime of every period, until stopped. */
static int osn_thread_fn(void *data)
{
	struct osn_cpu *oc = data;
	u64 period, runtime;

	while (!kthread_should_stop()) {
		osn_sample(oc);
		period = READ_ONCE(osn_cfg.period_us);
		runtime = READ_ONCE(osn_cfg.runtime_us);
		if (period > runtime)
			osn_sleep((period - runtime) * NSEC_PER_USEC);
		else
			/*
			 * No sleep: a quiescent state for RCU Tasks, whose
			 * grace periods (ftrace's trampolines, kprobes) would
			 * wait for this thread for ever otherwise.
			 */
			cond_resched_tasks_rcu_qs();
	}
	return 0;
}

/* osnoise's start on a CPU: its thread, or none without the workload. */
static int osn_wl_cpu_start(struct osn_cpu *oc, int cpu)
{
	struct task_struct *t;

	if (!(osn_cfg.options & BIT(OSN_OPT_WORKLOAD))) {
		/* No thread: every task there is measured. */
		WRITE_ONCE(oc->active, true);
		return 0;
	}
	t = kthread_create_on_cpu(osn_thread_fn, oc, cpu, "osnoise/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	WRITE_ONCE(oc->task, t);
	wake_up_process(t);
	return 0;
}

static void osn_wl_cpu_stop(struct osn_cpu *oc, int cpu)
{
	struct task_struct *t = oc->task;

	WRITE_ONCE(oc->active, false);
	if (t) {
		kthread_stop(t);
		WRITE_ONCE(oc->task, NULL);
	}
}

static const struct osn_workload osnoise_wl = {
	.mode = OSN_OSNOISE,
	.cpu_start = osn_wl_cpu_start,
	.cpu_stop = osn_wl_cpu_stop,
};

/* The header of the trace file. */
static void osn_print_header(struct seq_file *m, struct trace_array *tr)
{
	bool irq_info = trace_tr_opt(tr, TRACE_OPT_IRQ_INFO);

	if (irq_info) {
		seq_puts(m, "#                                _-----=> irqs-off\n");
		seq_puts(m, "#                               / _----=> need-resched\n");
		seq_puts(m, "#                              | / _---=> hardirq/softirq\n");
		seq_puts(m, "#                              || / _--=> preempt-depth\n");
		seq_puts(m, "#                              ||| / _-=> migrate-disable     ");
		seq_puts(m, "                MAX\n");
		seq_puts(m, "#                              |||| /     delay               ");
		seq_puts(m, "             SINGLE      Interference counters:\n");
		seq_puts(m, "#                              |||||               RUNTIME   ");
		seq_puts(m, "   NOISE  %% OF CPU  NOISE    +-----------------------------+\n");
		seq_puts(m, "#           TASK-PID      CPU# |||||   TIMESTAMP    IN US    ");
		seq_puts(m, "   IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n");
		seq_puts(m, "#              | |         |   |||||      |           |      ");
		seq_puts(m, "       |    |            |      |      |      |      |      |\n");
		return;
	}
	seq_puts(m, "#                                                            ");
	seq_puts(m, "     MAX\n");
	seq_puts(m, "#                                                            ");
	seq_puts(m, "  SINGLE      Interference counters:\n");
	seq_puts(m, "#                                RUNTIME      NOISE  %% OF CPU");
	seq_puts(m, "  NOISE    +-----------------------------+\n");
	seq_puts(m, "#           TASK-PID      CPU#   TIMESTAMP    IN US       IN US");
	seq_puts(m, "  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n");
	seq_puts(m, "#              | |         |       |           |             |");
	seq_puts(m, "    |            |      |      |      |      |      |\n");
}

static int osnoise_init(void)
{
	return osn_attach(&trace_top, &osnoise_wl);
}

static void osnoise_reset(void)
{
	osn_detach(&trace_top);
}

static int osnoise_init_array(struct trace_array *tr)
{
	return osn_attach(tr, &osnoise_wl);
}

static struct tracer osnoise_tracer = {
	.name = "osnoise",
	.init = osnoise_init,
	.reset = osnoise_reset,
	.init_array = osnoise_init_array,
	.reset_array = osn_detach,
	.print_header = osn_print_header,
};

static int __init osnoise_tracer_init(void)
{
	return trace_register_tracer(&osnoise_tracer);
}
core_initcall(osnoise_tracer_init);
