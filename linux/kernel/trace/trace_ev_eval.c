// SPDX-License-Identifier: GPL-2.0
/*
 * The values of the enum constants (and sizeof()s) that print formats
 * name: TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() of an event header
 * leave a struct trace_ev_eval each, and the format file of every event
 * of that system shows the value where its print fmt names the constant
 * outside a string, so that tools can evaluate it.
 *
 * The tables of vmlinux (copied at boot: the section is init data) and
 * of each loaded module are kept in a list, under trace_ev_eval_lock
 * (nested inside trace_ev_lock, which the callers hold).
 */
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"

/**
 * struct trace_ev_evals - one table of values
 * @list:	link in trace_ev_eval_tables
 * @mod:	its module, NULL for vmlinux
 * @map:	the values
 * @n:		how many
 */
struct trace_ev_evals {
	struct list_head list;
	struct module *mod;
	struct trace_ev_eval **map;
	unsigned int n;
};

/* Protects trace_ev_eval_tables; a leaf lock. */
static DEFINE_MUTEX(trace_ev_eval_lock);
static LIST_HEAD(trace_ev_eval_tables);

/**
 * trace_ev_eval_add() - a table of values comes
 * @map:	the values
 * @n:		how many
 * @mod:	its module, or NULL for vmlinux (the table is copied then)
 *
 * Called before the events of the same image are added. A table that
 * cannot be kept for want of memory is dropped: the format files then
 * show the names.
 */
void trace_ev_eval_add(struct trace_ev_eval **map, unsigned int n,
		       struct module *mod)
{
	struct trace_ev_evals *t;

	if (!n)
		return;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return;
	t->map = mod ? map : kmemdup(map, n * sizeof(*map), GFP_KERNEL);
	if (!t->map) {
		kfree(t);
		return;
	}
	t->mod = mod;
	t->n = n;
	guard(mutex)(&trace_ev_eval_lock);
	list_add_tail(&t->list, &trace_ev_eval_tables);
}

/**
 * trace_ev_eval_remove() - a module's table goes
 * @mod:	the module
 *
 * Called after its events went.
 */
void trace_ev_eval_remove(struct module *mod)
{
	struct trace_ev_evals *t, *tmp;

	guard(mutex)(&trace_ev_eval_lock);
	list_for_each_entry_safe(t, tmp, &trace_ev_eval_tables, list) {
		if (t->mod != mod)
			continue;
		list_del(&t->list);
		kfree(t);
	}
}

static const struct trace_ev_eval *
trace_ev_eval_find(const char *system, const char *name, size_t len)
{
	struct trace_ev_evals *t;
	unsigned int i;

	lockdep_assert_held(&trace_ev_eval_lock);
	list_for_each_entry(t, &trace_ev_eval_tables, list) {
		for (i = 0; i < t->n; i++) {
			const struct trace_ev_eval *e = t->map[i];

			if (!strcmp(e->system, system) &&
			    !strncmp(e->name, name, len) && !e->name[len])
				return e;
		}
	}
	return NULL;
}

/* The length of the name at @s: a word, or a whole "sizeof(...)". */
static size_t trace_ev_eval_word(const char *s)
{
	size_t n = 0;
	const char *close;

	while (isalnum(s[n]) || s[n] == '_')
		n++;
	if (n == 6 && !strncmp(s, "sizeof", 6) && s[6] == '(') {
		close = strchr(s, ')');
		if (close)
			n = close - s + 1;
	}
	return n;
}

/**
 * trace_ev_eval_fmt() - a print fmt with the values in place of names
 * @fmt:	the print fmt
 * @system:	its event's system
 *
 * Names in strings, and names after "->" or "." (fields), are left.
 *
 * Return: the new text (kmalloc()ed), or NULL when it names none of the
 * system's values (or there was no memory).
 */
char *trace_ev_eval_fmt(const char *fmt, const char *system)
{
	const struct trace_ev_eval *e;
	size_t cap = strlen(fmt) + 1, len = 0, n;
	char *out = NULL, *grown;
	bool in_str = false, any = false;
	char num[24];

	guard(mutex)(&trace_ev_eval_lock);
	if (list_empty(&trace_ev_eval_tables))
		return NULL;
	while (*fmt) {
		const char *piece = fmt;

		n = 1;
		if (in_str) {
			if (*fmt == '\\' && fmt[1])
				n = 2;
			else if (*fmt == '"')
				in_str = false;
		} else if (*fmt == '"') {
			in_str = true;
		} else if (isalpha(*fmt) || *fmt == '_') {
			n = trace_ev_eval_word(fmt);
			e = len && (out[len - 1] == '.' ||
				    (len > 1 && out[len - 1] == '>' &&
				     out[len - 2] == '-')) ?
			    NULL : trace_ev_eval_find(system, fmt, n);
			if (e) {
				snprintf(num, sizeof(num), "%lu", e->value);
				piece = num;
				any = true;
			}
		}
		fmt += n;
		if (piece == num)
			n = strlen(num);
		if (len + n + 1 > cap || !out) {
			cap = max(cap * 2, len + n + 1);
			grown = krealloc(out, cap, GFP_KERNEL);
			if (!grown) {
				kfree(out);
				return NULL;
			}
			out = grown;
		}
		memcpy(out + len, piece, n);
		len += n;
	}
	if (!any) {
		kfree(out);
		return NULL;
	}
	out[len] = '\0';
	return out;
}
