/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The noise tracers, osnoise and timerlat: what their files share.
 *
 * From the bottom up: trace_osnoise_hooks.c accounts each interference
 * (NMI, IRQ, softirq, another thread) on the CPUs where a workload
 * measures; trace_osnoise_wl.c holds the settings, the trace arrays that
 * run a noise tracer and the per-CPU workload; trace_osnoise.c is the
 * osnoise tracer, trace_timerlat.c the timerlat tracer and
 * trace_timerlat_fd.c its user-space threads; trace_osnoise_fs.c makes
 * osnoise/ and prints the two tracers' records.
 */
#ifndef _KERNEL_TRACE_OSNOISE_H
#define _KERNEL_TRACE_OSNOISE_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <asm/local64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/types.h>
#include <linux/wait.h>

struct seq_file;
struct task_struct;
struct trace_array;
struct trace_buf;
struct trace_ev;

/* Bits of osn_options: the words of osnoise/options. */
enum osn_opt {
	OSN_OPT_WORKLOAD,
	OSN_OPT_PANIC_ON_STOP,
	OSN_OPT_PREEMPT_DISABLE,
	OSN_OPT_IRQ_DISABLE,
	OSN_NR_OPTS
};

#define OSN_OPTS_DEFAULT	BIT(OSN_OPT_WORKLOAD)

/**
 * struct osn_cfg - the settings of osnoise/
 * @period_us:		osnoise's period
 * @runtime_us:		the part of it that osnoise measures
 * @stop_us:		stop_tracing_us: 0, or the single noise (osnoise) or
 *			IRQ latency (timerlat) that stops tracing
 * @stop_total_us:	stop_tracing_total_us: the same for a period's noise
 *			(osnoise) or a thread's latency (timerlat)
 * @tlat_period_us:	timerlat_period_us
 * @print_stack_us:	print_stack: 0, or the thread latency from which
 *			timerlat prints the stack of its IRQ
 * @options:		the options (bits of enum osn_opt)
 *
 * Written under osn_lock, a field at a time; the threads and hooks read
 * each with READ_ONCE().
 */
struct osn_cfg {
	u64 period_us;
	u64 runtime_us;
	u64 stop_us;
	u64 stop_total_us;
	u64 tlat_period_us;
	u64 print_stack_us;
	unsigned long options;
};

extern struct osn_cfg osn_cfg;
/* osnoise/cpus: where the threads run. Under osn_lock. */
extern struct cpumask osn_cpus;
/*
 * osn_attach_lock serialises the tracers' starts and stops, outside
 * cpus_read_lock(); osn_lock, inside it, the settings and the threads.
 */
extern struct mutex osn_attach_lock;
extern struct mutex osn_lock;

/**
 * enum osn_mode - what the noise workload is
 * @OSN_OFF:		nothing runs
 * @OSN_OSNOISE:	the osnoise tracer
 * @OSN_TIMERLAT:	the timerlat tracer
 */
enum osn_mode {
	OSN_OFF,
	OSN_OSNOISE,
	OSN_TIMERLAT,
};

/**
 * struct osn_src - one kind of interference on one CPU
 * @count:	how many began
 * @start:	when the one in progress began (local_clock())
 * @acct:	osn_cpu.acct when it began
 *
 * Each kind is only ever written from its own level (NMI, IRQ, softirq,
 * scheduler) on its own CPU.
 */
struct osn_src {
	u64 count;
	u64 start;
	u64 acct;
};

/**
 * struct tlat_cpu - a CPU's timerlat state
 * @timer:	the timer, pinned to the CPU
 * @expires:	when it is set to fire (ns, CLOCK_MONOTONIC); 0 before the
 *		first period
 * @seq:	the activation: counted by the interrupt
 * @woken:	the timer fired since it was set
 * @user:	the CPU's thread is a user-space thread (timerlat_fd)
 * @stop:	that thread is to stop: the tracer stopped
 * @nr_stack:	the interrupt's stack kept (print_stack): entries
 * @stack:	its return addresses
 *
 * Written by the CPU's thread, its interrupt, and the tracer's start and
 * stop under osn_lock while no thread runs.
 */
struct tlat_cpu {
	struct hrtimer timer;
	u64 expires;
	u32 seq;
	bool woken;
	bool user;
	bool stop;
	unsigned int nr_stack;
	unsigned long stack[16];
};

/**
 * struct osn_cpu - a CPU's noise accounting and its workload thread
 * @active:	the hooks account on this CPU: osnoise samples, or timerlat
 *		runs; written by the CPU's thread or the tracer's start and
 *		stop (with the hooks not yet, or no longer, registered)
 * @ints:	interferences begun, for the sampling loop
 * @acct:	net time of the interferences ended (ns): an outer one takes
 *		off what ended inside it
 * @nmi:	NMIs
 * @irq:	hard interrupts
 * @softirq:	softirqs
 * @thread:	other threads
 * @noise_task:	the task whose thread noise is in progress, or NULL
 * @task:	the workload thread: the kernel thread, or timerlat's
 *		user-space thread; under osn_lock
 * @tlat:	timerlat's state (trace_timerlat.c)
 */
struct osn_cpu {
	bool active;
	local64_t ints;
	local64_t acct;
	struct osn_src nmi;
	struct osn_src irq;
	struct osn_src softirq;
	struct osn_src thread;
	struct task_struct *noise_task;
	struct task_struct *task;
	struct tlat_cpu tlat;
};

DECLARE_PER_CPU(struct osn_cpu, osn_cpus_state);

/* The hooks (trace_osnoise_hooks.c) */
int osn_hooks_register(void);
void osn_hooks_unregister(void);
void osn_thread_noise_restart(struct osn_cpu *oc);

/**
 * struct osn_workload - what a noise tracer runs on each CPU
 * @mode:	the tracer
 * @cpu_start:	start it on a CPU, online and in osnoise/cpus, whose
 *		accounting is clear and @active off: 0, or an error
 * @cpu_stop:	stop it there (@active off, the thread gone or told to go)
 *
 * Both are called under osn_lock, with the CPUs held.
 */
struct osn_workload {
	enum osn_mode mode;
	int (*cpu_start)(struct osn_cpu *oc, int cpu);
	void (*cpu_stop)(struct osn_cpu *oc, int cpu);
};

/* The workload (trace_osnoise_wl.c) */
enum osn_mode osn_current_mode(void);
int osn_attach(struct trace_array *tr, const struct osn_workload *wl);
void osn_detach(struct trace_array *tr);
void osn_stop_tracing(void);
/* What osn_all_bufs() calls on each buffer. */
typedef void (*osn_buf_fn)(struct trace_buf *b, void *arg);
void osn_all_bufs(osn_buf_fn fn, void *arg);
u64 osn_thresh_ns(void);
int osn_restart(void);

/*
 * timerlat (trace_timerlat.c, trace_timerlat_fd.c), for the layers above
 * it, built with it.
 */
bool tlat_arm(struct osn_cpu *oc, bool first);
void tlat_thread_woke(struct osn_cpu *oc);
void tlat_record(u32 seq, int ctx, u64 lat);
void tlat_print_stack(struct tlat_cpu *t);
struct trace_fs_file;
extern const struct trace_fs_file tlat_fd_file;

/**
 * struct trace_osnoise_rec - TRACE_TYPE_OSNOISE: one osnoise period
 * @ent:	the common fields
 * @noise:	the noise seen, in us
 * @runtime:	the time measured, in us
 * @max_sample:	the longest single noise, in us
 * @hw_count:	noises with no interference seen (hardware, hypervisor)
 * @nmi_count:	NMIs
 * @irq_count:	hard interrupts
 * @softirq_count: softirqs
 * @thread_count: other threads
 */
struct trace_osnoise_rec {
	struct trace_entry ent;
	u64 noise;
	u64 runtime;
	u64 max_sample;
	unsigned int hw_count;
	unsigned int nmi_count;
	unsigned int irq_count;
	unsigned int softirq_count;
	unsigned int thread_count;
};

/* The contexts of a timerlat record. */
enum tlat_ctx {
	TLAT_CTX_IRQ,
	TLAT_CTX_THREAD,
	TLAT_CTX_USER_RET,
};

/**
 * struct trace_timerlat_rec - TRACE_TYPE_TIMERLAT: one latency
 * @ent:	the common fields
 * @seqnum:	the activation it belongs to
 * @context:	enum tlat_ctx
 * @timer_latency: from the timer's expiry, in ns
 */
struct trace_timerlat_rec {
	struct trace_entry ent;
	unsigned int seqnum;
	int context;
	u64 timer_latency;
};

#endif /* _KERNEL_TRACE_OSNOISE_H */
