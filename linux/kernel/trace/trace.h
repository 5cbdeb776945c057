/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal declarations of the tracing core. Nothing outside kernel/trace/
 * includes this file.
 *
 * File map (see Documentation/trace/design.rst):
 *   trace_core.c    tracer registry, tracing_on state, kernel-facing API
 *   trace_sbuf.c    the interim record buffer (replaced by the ring buffer)
 *   trace_fs.c      the tracefs file table, attribute files, trace_marker
 *   trace_read.c    the trace and trace_pipe readers
 *   trace_printk.c  trace_printk(), trace_puts(), trace_dump_stack()
 *   trace_clock.c   the selectable trace clocks
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/list.h>
#include <linux/types.h>

struct file;
struct poll_table_struct;
struct seq_file;

/**
 * struct tracer - a tracer selectable through current_tracer
 * @name:	the name shown in available_tracers
 * @init:	called with trace_lock held when the tracer becomes current;
 *		may be NULL
 * @reset:	called with trace_lock held when the tracer stops being
 *		current; may be NULL
 * @list:	link in the registry, protected by trace_lock
 */
struct tracer {
	const char *name;
	int (*init)(void);
	void (*reset)(void);
	struct list_head list;
};

int trace_register_tracer(struct tracer *t);
const char *trace_current_tracer_name(void);
int trace_set_tracer(const char *name);
void trace_show_tracers(struct seq_file *m);
bool trace_buffer_enabled(void);

/*
 * Context of a record, captured by the writer before it disables anything.
 * Shown as the five flag columns of the trace output.
 */
#define TRACE_CTX_IRQS_OFF	0x01	/* hardware interrupts disabled */
#define TRACE_CTX_BH_OFF	0x02	/* bottom halves disabled */
#define TRACE_CTX_RESCHED	0x04	/* TIF_NEED_RESCHED set */
#define TRACE_CTX_PREEMPT_RESCHED 0x08	/* preempt-count resched bit set */
#define TRACE_CTX_HARDIRQ	0x10	/* in hard interrupt */
#define TRACE_CTX_SOFTIRQ	0x20	/* serving a softirq */
#define TRACE_CTX_NMI		0x40	/* in NMI */

/* Longest text one record keeps; longer writes are cut. */
#define SBUF_TEXT_MAX		448

/**
 * struct sbuf_rec - one record of the interim buffer, as read out
 * @ts:		trace clock at the time of writing
 * @ip:		caller address for trace_printk(), 0 for trace_marker
 * @pid:	pid of the writing task
 * @cpu:	CPU the record was written on
 * @len:	bytes used in @text (no terminating NUL counted)
 * @ctx:	TRACE_CTX_* flags
 * @preempt:	preemption depth of the writer
 * @migrate:	migrate-disable depth of the writer
 * @comm:	command name of the writing task
 * @text:	the message, NUL terminated
 */
struct sbuf_rec {
	u64 ts;
	unsigned long ip;
	pid_t pid;
	u16 cpu;
	u16 len;
	u8 ctx;
	u8 preempt;
	u8 migrate;
	char comm[16];
	char text[SBUF_TEXT_MAX];
};

int sbuf_init(void);
int sbuf_write(unsigned long ip, const char *text, size_t len);
void sbuf_reset(void);
bool sbuf_empty(void);
u64 sbuf_entries(void);
u64 sbuf_written(void);
bool sbuf_read_at(u64 seq, struct sbuf_rec *rec);
bool sbuf_consume(struct sbuf_rec *rec);
void sbuf_window(u64 *first, u64 *end);
int sbuf_wait(bool nonblock);
unsigned int sbuf_poll(struct file *filp, struct poll_table_struct *pt);
void sbuf_print_line(struct seq_file *m, const struct sbuf_rec *rec);
void sbuf_dump(void);

int trace_fs_init(void);

u64 trace_clock_read(void);
bool trace_clock_in_ns(void);
void trace_clock_show(struct seq_file *m);
int trace_clock_set(const char *name);

extern const struct file_operations trace_fops;
extern const struct file_operations trace_pipe_fops;

#endif /* _KERNEL_TRACE_TRACE_H */
