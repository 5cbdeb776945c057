// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and trace_puts(): debugging messages
 * written into the trace buffer instead of the console, as print records.
 *
 * The format is expanded at the call, straight into the record: a first
 * pass measures the text, so that exactly that much is reserved.
 */
#include <linux/kernel.h>
#include <linux/string.h>

#include "trace.h"

/**
 * trace_print_write() - record a print record
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
int trace_print_write(unsigned long ip, const char *text, size_t len)
{
	struct trace_print_rec *r;

	len = min_t(size_t, len, TRACE_PRINT_MAX);
	r = trace_rec_reserve(TRACE_TYPE_PRINT, sizeof(*r) + len + 1);
	if (!r)
		return -EBADF;
	r->ip = ip;
	memcpy(r->buf, text, len);
	r->buf[len] = '\0';
	trace_rec_commit();
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
	struct trace_print_rec *r;
	va_list aq;
	int len;

	if (!trace_opt(TRACE_OPT_TRACE_PRINTK))
		return 0;
	va_copy(aq, ap);
	len = min(vsnprintf(NULL, 0, fmt, aq), TRACE_PRINT_MAX);
	va_end(aq);
	r = trace_rec_reserve(TRACE_TYPE_PRINT, sizeof(*r) + len + 1);
	if (!r)
		return -EBADF;
	r->ip = ip;
	vscnprintf(r->buf, len + 1, fmt, ap);
	trace_rec_commit();
	return len;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

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
	if (!trace_opt(TRACE_OPT_TRACE_PRINTK))
		return 0;
	return trace_print_write(ip, str, max(size, 0));
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
