// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and trace_puts(): debugging messages
 * written into the trace buffer instead of the console, as print records.
 *
 * The format is expanded at the call, straight into the record: a first
 * pass measures the text, so that exactly that much is reserved. No
 * record points at a format, so a module's formats may go with it.
 *
 * printk_formats lists the constant formats of trace_printk() and
 * trace_puts() calls (their __trace_printk_fmt sections, the kernel's and
 * each loaded module's) and the kernel's tracepoint_string()s.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/string.h>
#include <linux/string_helpers.h>

#include "trace.h"

/**
 * trace_print_write() - record a print record
 * @b:		the buffer to record into
 * @ip:		the caller's address, printed before the text; 0 for
 *		trace_marker
 * @text:	the text; need not be NUL terminated
 * @len:	its length; cut to TRACE_PRINT_MAX
 *
 * Callable from any context.
 *
 * Return: the bytes of @text recorded, or -EBADF when tracing is off or
 * the record was dropped (and counted).
 */
int trace_print_write(struct trace_buf *b, unsigned long ip, const char *text,
		      size_t len)
{
	struct trace_wh h;
	struct trace_print_rec *r;

	len = min_t(size_t, len, TRACE_PRINT_MAX);
	if (!trace_buf_enabled(b))
		return -EBADF;
	r = trace_buf_reserve(b, &h, TRACE_TYPE_PRINT, sizeof(*r) + len + 1,
			      tracing_gen_ctx());
	if (!r)
		return -EBADF;
	r->ip = ip;
	memcpy(r->buf, text, len);
	r->buf[len] = '\0';
	trace_rec_commit(&h);
	return len;
}

/**
 * trace_buf_vprintk() - record a formatted message as a print record
 * @b:		the buffer to record into
 * @ip:		the caller's address, printed before the text; 0 for none
 * @fmt:	printf-style format
 * @ap:		its arguments
 *
 * Callable from any context.
 *
 * Return: the bytes recorded, or -EBADF when tracing is off or the
 * record was dropped (and counted).
 */
int trace_buf_vprintk(struct trace_buf *b, unsigned long ip, const char *fmt,
		      va_list ap)
{
	struct trace_wh h;
	struct trace_print_rec *r;
	va_list aq;
	int len;

	if (!trace_buf_enabled(b))
		return -EBADF;
	va_copy(aq, ap);
	len = min(vsnprintf(NULL, 0, fmt, aq), TRACE_PRINT_MAX);
	va_end(aq);
	r = trace_buf_reserve(b, &h, TRACE_TYPE_PRINT, sizeof(*r) + len + 1,
			      tracing_gen_ctx());
	if (!r)
		return -EBADF;
	r->ip = ip;
	vscnprintf(r->buf, len + 1, fmt, ap);
	trace_rec_commit(&h);
	return len;
}

/**
 * __ftrace_vprintk() - record a formatted message
 * @ip:		the caller's address, printed before the message
 * @fmt:	printf-style format
 * @ap:		its arguments
 *
 * __ftrace_vbprintk(), for formats that are constants, is the same
 * function: both expand the format at once.
 *
 * Return: bytes recorded, or a negative errno when nothing was.
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	int ret;

	if (!trace_opt(TRACE_OPT_TRACE_PRINTK))
		return 0;
	/* The buffer stays while preemption is off: trace_printk_buf(). */
	preempt_disable_notrace();
	ret = trace_buf_vprintk(trace_printk_buf(), ip, fmt, ap);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/*
 * Which array may take trace_array_printk(): only an instance. The top
 * array gets its messages from trace_printk() itself.
 */
static int trace_array_printk_target(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	return trace_array_is_top(tr) ? -EINVAL : 0;
}

/**
 * trace_array_printk() - trace_printk() into an instance
 * @tr:		the instance (trace_array_get_by_name())
 * @ip:		the caller's address, printed before the message
 * @fmt:	printf-style format
 *
 * Return: bytes recorded; 0 for the top array, which takes no such
 * messages, or with options/trace_printk off; -ENOENT without an array;
 * -EBADF when nothing was recorded.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	int err = trace_array_printk_target(tr);
	va_list ap;

	if (err == -EINVAL || (!err && !trace_opt(TRACE_OPT_TRACE_PRINTK)))
		return 0;
	if (!err) {
		va_start(ap, fmt);
		err = trace_buf_vprintk(trace_array_buf(tr), ip, fmt, ap);
		va_end(ap);
	}
	return err;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/**
 * trace_array_init_printk() - get an instance ready for
 * trace_array_printk()
 * @tr:		the instance
 *
 * Messages are formatted straight into the buffer: this checks that @tr
 * may take them, and gives its buffer its size (trace_buf_expand()).
 *
 * Return: 0; -ENOENT without an array, -EINVAL for the top one, -ENOMEM.
 */
int trace_array_init_printk(struct trace_array *tr)
{
	int ret = trace_array_printk_target(tr);

	/* trace_array_printk() may be called where nothing can sleep. */
	return ret ?: trace_buf_expand(trace_array_buf(tr));
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/**
 * __trace_array_puts() - trace_puts() into a trace array
 * @tr:		the array
 * @ip:		the caller's address
 * @str:	the string
 * @size:	its length
 *
 * Return: bytes recorded, 0 with options/trace_printk off, or a negative
 * errno.
 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	if (!tr)
		return -ENOENT;
	if (!trace_opt(TRACE_OPT_TRACE_PRINTK))
		return 0;
	return trace_print_write(trace_array_buf(tr), ip, str, max(size, 0));
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
	__alias(__ftrace_vprintk);
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __trace_printk() - the back end of trace_printk()
 * @ip:		the caller's address
 * @fmt:	printf-style format
 *
 * __trace_bprintk(), for formats that are constants, is the same function.
 *
 * Return: bytes recorded, or a negative errno when nothing was.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

int __trace_bprintk(unsigned long ip, const char *fmt, ...)
	__alias(__trace_printk);
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * __trace_puts() - trace_puts() of a string that is not a constant
 * @ip:		the caller's address
 * @str:	the string
 * @size:	its length
 *
 * Return: bytes recorded, or a negative errno when nothing was.
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	int ret;

	if (!trace_opt(TRACE_OPT_TRACE_PRINTK))
		return 0;
	preempt_disable_notrace();
	ret = trace_print_write(trace_printk_buf(), ip, str, max(size, 0));
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * __trace_bputs() - trace_puts() of a constant string
 * @ip:		the caller's address
 * @str:	the string
 *
 * Return: bytes recorded, or a negative errno when nothing was.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	return __trace_puts(ip, str, strlen(str));
}
EXPORT_SYMBOL_GPL(__trace_bputs);

static void trace_printk_list(struct seq_file *m, const char **fmt,
			      const char **end)
{
	for (; fmt < end; fmt++) {
		if (!*fmt)
			continue;
		seq_printf(m, "0x%lx : \"", (unsigned long)*fmt);
		seq_escape_str(m, *fmt, ESCAPE_SPACE | ESCAPE_SPECIAL, "\"");
		seq_puts(m, "\"\n");
	}
}

#ifdef CONFIG_MODULES
/**
 * struct trace_printk_mod - a loaded module with trace_printk() formats
 * @list:	link in trace_printk_mods
 * @mod:	the module
 */
struct trace_printk_mod {
	struct list_head list;
	struct module *mod;
};

/*
 * The modules with formats, from their COMING notification to their
 * GOING one, which is as long as their formats exist.
 */
static LIST_HEAD(trace_printk_mods);	/* under trace_printk_mods_lock */
static DEFINE_MUTEX(trace_printk_mods_lock);

static int trace_printk_module_notify(struct notifier_block *nb,
				      unsigned long state, void *data)
{
	struct module *mod = data;
	struct trace_printk_mod *p;

	if (!mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;
	guard(mutex)(&trace_printk_mods_lock);
	if (state == MODULE_STATE_COMING) {
		p = kmalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			return NOTIFY_OK;	/* not listed: nothing else */
		p->mod = mod;
		list_add_tail(&p->list, &trace_printk_mods);
	} else if (state == MODULE_STATE_GOING) {
		list_for_each_entry(p, &trace_printk_mods, list) {
			if (p->mod == mod) {
				list_del(&p->list);
				kfree(p);
				break;
			}
		}
	}
	return NOTIFY_OK;
}

static struct notifier_block trace_printk_module_nb = {
	.notifier_call = trace_printk_module_notify,
};

static int __init trace_printk_modules_init(void)
{
	return register_module_notifier(&trace_printk_module_nb);
}
core_initcall(trace_printk_modules_init);

static void trace_printk_list_modules(struct seq_file *m)
{
	struct trace_printk_mod *p;

	guard(mutex)(&trace_printk_mods_lock);
	list_for_each_entry(p, &trace_printk_mods, list)
		trace_printk_list(m, p->mod->trace_bprintk_fmt_start,
				  p->mod->trace_bprintk_fmt_start +
				  p->mod->num_trace_bprintk_fmt);
}
#else
static void trace_printk_list_modules(struct seq_file *m)
{
}
#endif

/**
 * trace_printk_formats_show() - printk_formats
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * One line per format: its address, " : " and the format quoted, as
 * trace-cmd and perf parse it.
 *
 * Return: 0.
 */
static int trace_printk_formats_show(struct seq_file *m, struct trace_array *tr,
				     long unused)
{
	trace_printk_list(m, __start___trace_bprintk_fmt,
			  __stop___trace_bprintk_fmt);
	trace_printk_list(m, __start___tracepoint_str,
			  __stop___tracepoint_str);
	trace_printk_list_modules(m);
	return 0;
}

static const struct trace_fs_file trace_printk_files[] = {
	TRACE_FS_ATTR("printk_formats", 0440, TRACE_FS_TOP_ONLY,
		      trace_printk_formats_show, NULL),
};

static struct trace_fs_table trace_printk_fs = {
	.name = "printk",
	.files = trace_printk_files,
	.nr = ARRAY_SIZE(trace_printk_files),
	.order = TRACE_FS_ORDER_PRINTK,
	.readme =
	"  printk_formats       - formats of the trace_printk() calls of the kernel\n"
	"                         and its modules, and tracepoint strings\n",
};

TRACE_FS_REGISTER(trace_printk_fs);
