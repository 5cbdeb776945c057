// SPDX-License-Identifier: GPL-2.0
/*
 * struct trace_seq, the text buffer of <linux/trace_seq.h>, over the
 * generic seq_buf; and the helpers that event print formats call with it
 * (__print_flags(), __print_symbolic(), __get_bitmask(), ...).
 *
 * A helper appends its text and a NUL to the buffer and returns where the
 * text starts, so that a print format can use it as a "%s" argument. A
 * buffer that fills up stays full: later writes are dropped whole, and
 * the helpers then return an empty string.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

/* A write that did not fit marks the buffer full; it is then left alone. */
static void trace_seq_check(struct trace_seq *s, unsigned int before)
{
	if (seq_buf_has_overflowed(&s->seq)) {
		s->seq.len = before;
		s->full = 1;
	}
}

/**
 * trace_seq_vprintf() - append formatted text
 * @s:		the buffer
 * @fmt:	the format
 * @args:	its arguments
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int before = s->seq.len;

	if (s->full)
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	trace_seq_check(s, before);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_printf() - append formatted text
 * @s:		the buffer
 * @fmt:	the format, then its arguments
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_puts() - append a string
 * @s:		the buffer
 * @str:	the string
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_printf(s, "%s", str);
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc() - append a character
 * @s:		the buffer
 * @c:		the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	unsigned int before = s->seq.len;

	if (s->full)
		return;
	seq_buf_putc(&s->seq, c);
	trace_seq_check(s, before);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem() - append bytes
 * @s:		the buffer
 * @mem:	the bytes
 * @len:	how many
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	unsigned int before = s->seq.len;

	if (s->full)
		return;
	seq_buf_putmem(&s->seq, mem, len);
	trace_seq_check(s, before);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex() - append bytes in hex
 * @s:		the buffer
 * @mem:	the bytes
 * @len:	how many
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	unsigned int before = s->seq.len;

	if (s->full)
		return;
	seq_buf_putmem_hex(&s->seq, mem, len);
	trace_seq_check(s, before);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_bitmask() - append a bitmask as a hex list ("%*pb")
 * @s:		the buffer
 * @maskp:	the mask
 * @nmaskbits:	its bits
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	trace_seq_printf(s, "%*pb", nmaskbits, maskp);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_hex_dump() - append a hex dump, as print_hex_dump() makes it
 * @s:		the buffer
 * @prefix_str:	the text before each line
 * @prefix_type: DUMP_PREFIX_*
 * @rowsize:	bytes a line
 * @groupsize:	bytes a group
 * @buf:	the bytes
 * @len:	how many
 * @ascii:	add their text
 *
 * Return: 1, or 0 when the buffer is full.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	unsigned int before = s->seq.len;

	if (s->full)
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize, groupsize,
			 buf, len, ascii);
	trace_seq_check(s, before);
	return !s->full;
}
EXPORT_SYMBOL_GPL(trace_seq_hex_dump);

/**
 * trace_print_seq() - copy a buffer's text into a seq_file, and empty it
 * @m:		the seq_file
 * @s:		the buffer
 *
 * Return: 0, or -1 when the seq_file had no room (the buffer is kept).
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret = seq_buf_print_seq(m, &s->seq);

	if (!ret)
		trace_seq_init(s);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_seq);

/* The helpers of print formats */

/**
 * trace_seq_acquire() - room in the scratch buffer for a helper's text
 * @s:		the scratch buffer
 * @len:	bytes wanted, at most the buffer's size (about 8 KiB)
 *
 * For print formats whose helpers write into a buffer they are given
 * (__get_buf()). The room stays taken until @s is reset, so each helper of
 * one record gets its own. When less than @len is left, @s is marked full
 * and the room handed out is the buffer's start: the line comes out
 * garbled, as a full buffer's does, but nothing is written outside @s.
 *
 * Return: @len writable bytes inside @s.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *room = s->buffer + s->seq.len;

	if (seq_buf_buffer_left(&s->seq) < len) {
		s->full = 1;
		return s->buffer;
	}
	seq_buf_commit(&s->seq, len);
	return room;
}
EXPORT_SYMBOL_GPL(trace_seq_acquire);

/* End a helper's text with its NUL, and return where it started. */
static const char *trace_seq_end(struct trace_seq *p, unsigned int start)
{
	trace_seq_putc(p, '\0');
	return p->full ? "" : p->buffer + start;
}

/**
 * trace_print_flags_seq() - the names of the flags set in a value
 * @p:		the scratch buffer
 * @delim:	what goes between two names
 * @flags:	the value
 * @flag_array:	masks and their names, ended by a NULL name
 *
 * A mask is named when all its bits are set, and its bits are then taken
 * out; what no name covers is appended in hex.
 *
 * Return: the text.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	unsigned int start = p->seq.len;
	bool first = true;

	for (; flag_array->name && flags; flag_array++) {
		unsigned long mask = flag_array->mask;

		if (!mask || (flags & mask) != mask)
			continue;
		flags &= ~mask;
		trace_seq_printf(p, "%s%s", first ? "" : delim,
				 flag_array->name);
		first = false;
	}
	if (flags)
		trace_seq_printf(p, "%s0x%lx", first ? "" : delim, flags);
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq() - the name of a value
 * @p:		the scratch buffer
 * @val:	the value
 * @symbol_array: values and their names, ended by a NULL name
 *
 * Return: the name, or the value in hex when it has none.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	unsigned int start = p->seq.len;

	for (; symbol_array->name; symbol_array++) {
		if (symbol_array->mask == val) {
			trace_seq_puts(p, symbol_array->name);
			return trace_seq_end(p, start);
		}
	}
	trace_seq_printf(p, "0x%lx", val);
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_symbols_seq);

/**
 * trace_print_bitmask_seq() - a bitmask as a hex list
 * @p:		the scratch buffer
 * @bitmask_ptr: the mask
 * @bitmask_size: its size in bytes
 *
 * Return: the text.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	unsigned int start = p->seq.len;

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * BITS_PER_BYTE);
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq() - bytes in hex
 * @p:		the scratch buffer
 * @buf:	the bytes
 * @len:	how many
 * @concatenate: no blank between two bytes
 *
 * Return: the text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate)
{
	unsigned int start = p->seq.len;
	int i;

	for (i = 0; i < len; i++)
		trace_seq_printf(p, "%s%02x", concatenate || !i ? "" : " ",
				 buf[i]);
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_hex_seq);

/**
 * trace_print_array_seq() - an array of integers, "{0x1,0x2}"
 * @p:		the scratch buffer
 * @buf:	the array
 * @count:	its elements
 * @el_size:	the size of one: 1, 2, 4 or 8
 *
 * Return: the text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	unsigned int start = p->seq.len;
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++) {
		const void *e = buf + i * el_size;
		u64 v;

		switch (el_size) {
		case 1:
			v = *(const u8 *)e;
			break;
		case 2:
			v = *(const u16 *)e;
			break;
		case 4:
			v = *(const u32 *)e;
			break;
		case 8:
			v = *(const u64 *)e;
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%p", el_size, e);
			return trace_seq_end(p, start);
		}
		trace_seq_printf(p, "%s0x%llx", i ? "," : "", v);
	}
	trace_seq_putc(p, '}');
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq() - a hex dump, each line on its own
 * @p:		the scratch buffer
 * @prefix_str:	the text before each line
 * @prefix_type: DUMP_PREFIX_*
 * @rowsize:	bytes a line
 * @groupsize:	bytes a group
 * @buf:	the bytes
 * @len:	how many
 * @ascii:	add their text
 *
 * Return: the text, which starts on a new line.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	unsigned int start = p->seq.len;

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	return trace_seq_end(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_hex_dump_seq);
