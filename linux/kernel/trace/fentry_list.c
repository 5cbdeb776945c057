// SPDX-License-Identifier: GPL-2.0
/*
 * Listings of the call sites: available_filter_functions (one traceable
 * function a line, "name" or "name [module]"; the line number is the
 * index that set_ftrace_filter takes), available_filter_functions_addrs
 * (the same with the call's address first), enabled_functions (the live
 * sites, with the number of users), the contents of set_ftrace_filter and
 * set_ftrace_notrace (in the order of available_filter_functions, then
 * the :mod: terms kept for modules not loaded yet; the filter's listing
 * ends with the function commands), and
 * dyn_ftrace_total_info.
 */
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "fentry.h"
#include "trace.h"

/**
 * struct fentry_cursor - where a listing stopped
 * @g:		the group of the next site
 * @i:		the next site's index in @g
 * @pos:	the seq_file position of the next site
 * @gen:	fentry_generation when @g was valid
 * @kind:	which listing (enum fentry_listing)
 * @slot:	for the listings of a set: the set's slot
 * @tr:		for the listings of a set: the trace array whose set it is.
 *		The top array's deferred module terms follow its sets; the
 *		array's commands follow its filter.
 * @set:	for FENTRY_LIST_FILTER and _NOTRACE: the set listed (read
 *		under fentry_lock)
 * @cmd:	past the functions: the index of the deferred module term
 *		listed, then (set_ftrace_filter) of the command; -1 before
 */
struct fentry_cursor {
	struct fentry_group *g;
	unsigned int i;
	loff_t pos;
	unsigned long gen;
	enum fentry_listing kind;
	struct ftrace_hash __rcu **slot;
	struct trace_array *tr;
	struct ftrace_hash *set;
	long cmd;
};

/*
 * What follows the functions: the deferred module terms of a set, then
 * for set_ftrace_filter the commands. The @idx-th, or NULL past the last.
 */
static void *fentry_cursor_cmd(struct fentry_cursor *c, loff_t idx)
{
	loff_t cmds = c->kind == FENTRY_LIST_FILTER ? fentry_cmd_count(c->tr) : 0;
	loff_t terms = trace_array_is_top(c->tr) ? fentry_modterm_count(c->kind) :
						   0;

	if (idx >= terms + cmds)
		return NULL;
	c->cmd = idx;
	return c;
}

/* Does listing @kind show the contents of a set? */
static bool fentry_listing_is_set(enum fentry_listing kind)
{
	return kind == FENTRY_LIST_FILTER || kind == FENTRY_LIST_NOTRACE ||
	       kind == FENTRY_LIST_GRAPH || kind == FENTRY_LIST_GRAPH_NOTRACE ||
	       kind == FENTRY_LIST_STACK;
}

/* Is site @i of @g on listing @c? */
static bool fentry_cursor_wants(struct fentry_cursor *c, struct fentry_group *g,
				unsigned int i)
{
	unsigned int state = fentry_state(&g->sites[i]);

	if (state & FENTRY_SKIP)
		return false;
	switch (c->kind) {
	case FENTRY_LIST_ENABLED:
		return state & FENTRY_ON;
	case FENTRY_LIST_FILTER:
	case FENTRY_LIST_NOTRACE:
	case FENTRY_LIST_GRAPH:
	case FENTRY_LIST_GRAPH_NOTRACE:
	case FENTRY_LIST_STACK:
		return fentry_hash_has(c->set, fentry_ip(g, &g->sites[i]));
	default:
		return true;
	}
}

/* Move @c to the next listed site at or after it; false at the end. */
static bool fentry_cursor_settle(struct fentry_cursor *c)
{
	if (fentry_listing_is_set(c->kind) && !c->set)
		return false;
	while (!list_entry_is_head(c->g, &fentry_groups, list)) {
		fentry_validate(c->g);
		for (; c->i < c->g->nr; c->i++)
			if (fentry_cursor_wants(c, c->g, c->i))
				return true;
		c->g = list_next_entry(c->g, list);
		c->i = 0;
	}
	return false;
}

static void *fentry_list_start(struct seq_file *m, loff_t *pos)
{
	struct fentry_cursor *c = m->private;

	mutex_lock(&fentry_lock);
	if (fentry_listing_is_set(c->kind))
		c->set = rcu_dereference_protected(*c->slot,
						   lockdep_is_held(&fentry_lock));
	c->cmd = -1;
	/* An empty filter traces everything, and says so first. */
	if (c->kind == FENTRY_LIST_FILTER && !c->set)
		return *pos ? fentry_cursor_cmd(c, *pos - 1) : SEQ_START_TOKEN;
	/* So do the graph and stack sets, which upstream's tools read back. */
	if ((c->kind == FENTRY_LIST_GRAPH || c->kind == FENTRY_LIST_STACK ||
	     c->kind == FENTRY_LIST_GRAPH_NOTRACE) && !c->set)
		return *pos ? fentry_cursor_cmd(c, *pos - 1) : SEQ_START_TOKEN;
	if (c->gen != fentry_generation || *pos < c->pos || !c->g) {
		c->g = list_first_entry(&fentry_groups, struct fentry_group,
					list);
		c->i = 0;
		c->pos = 0;
		c->gen = fentry_generation;
	}
	while (fentry_cursor_settle(c)) {
		if (c->pos == *pos)
			return c;
		c->i++;
		c->pos++;
	}
	return fentry_cursor_cmd(c, *pos - c->pos);
}

static void *fentry_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct fentry_cursor *c = v;

	if (v == SEQ_START_TOKEN) {
		++*pos;
		return fentry_cursor_cmd(m->private, 0);
	}
	if (c->cmd >= 0) {
		++*pos;
		return fentry_cursor_cmd(c, c->cmd + 1);
	}
	c->i++;
	c->pos++;
	*pos = c->pos;
	return fentry_cursor_settle(c) ? c : fentry_cursor_cmd(c, 0);
}

static void fentry_list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&fentry_lock);
}

static int fentry_list_show(struct seq_file *m, void *v)
{
	struct fentry_cursor *c = v;
	unsigned long ip;
	unsigned int state;

	if (v == SEQ_START_TOKEN) {
		c = m->private;
		seq_puts(m, c->kind == FENTRY_LIST_GRAPH_NOTRACE ?
			 "#### no functions disabled ####\n" :
			 "#### all functions enabled ####\n");
		return 0;
	}
	if (c->cmd >= 0) {
		unsigned int terms = trace_array_is_top(c->tr) ?
				     fentry_modterm_count(c->kind) : 0;

		if (c->cmd < terms)
			fentry_modterm_show(m, c->kind, c->cmd);
		else
			fentry_cmd_show(m, c->tr, c->cmd - terms);
		return 0;
	}
	ip = fentry_ip(c->g, &c->g->sites[c->i]);
	state = fentry_state(&c->g->sites[c->i]);
	if (c->kind == FENTRY_LIST_ADDRS)
		seq_printf(m, "%lx ", ip);
	seq_printf(m, "%ps", (void *)ip);
	if (c->kind == FENTRY_LIST_ENABLED) {
		/* The records keep no count: the users say (fentry_lock held). */
		struct fentry_want w;

		fentry_wanted(ip, &w);
		seq_printf(m, " (%u)%s%s%s", w.users,
			   (state & FENTRY_REGS) && state != FENTRY_DIRECT ?
			   " R" : "",
			   w.flags & FTRACE_OPS_FL_IPMODIFY ? " I" : "",
			   w.direct ? " D" : "");
		if (w.direct)
			seq_printf(m, "\tdirect-->%pS", (void *)w.direct);
	}
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations fentry_list_sops = {
	.start	= fentry_list_start,
	.next	= fentry_list_next,
	.stop	= fentry_list_stop,
	.show	= fentry_list_show,
};

/**
 * fentry_list_open_set() - open @file as the listing of a set
 * @file:	the file, opened for reading
 * @kind:	the listing
 * @slot:	the set's slot
 * @tr:		the trace array whose set it is
 *
 * Return: 0 or -ENOMEM. Release with seq_release_private().
 */
int fentry_list_open_set(struct file *file, enum fentry_listing kind,
			 struct ftrace_hash __rcu **slot, struct trace_array *tr)
{
	struct fentry_cursor *c;

	c = __seq_open_private(file, &fentry_list_sops, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->kind = kind;
	c->slot = slot;
	c->tr = tr;
	return 0;
}

/**
 * fentry_list_open_kind() - open @file as one of the listings
 * @file:	the file, opened for reading
 * @kind:	the listing; of a set, the top array's
 *
 * Return: 0 or -ENOMEM. Release with seq_release_private().
 */
int fentry_list_open_kind(struct file *file, enum fentry_listing kind)
{
	return fentry_list_open_set(file, kind, fentry_listing_is_set(kind) ?
				    fentry_slot(kind) : NULL, &trace_top);
}

/* The table argument is the enum fentry_listing. */
static int fentry_list_open(struct inode *inode, struct file *file)
{
	return fentry_list_open_kind(file, trace_fs_arg(inode));
}

const struct file_operations fentry_list_fops = {
	.open		= fentry_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/**
 * fentry_total_show() - dyn_ftrace_total_info
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * Prints the number of recorded sites, the pages their records take and
 * the number of groups (the kernel and each module with sites).
 *
 * Return: 0.
 */
int fentry_total_show(struct seq_file *m, struct trace_array *tr, long unused)
{
	unsigned long n, bytes;
	unsigned int groups;

	mutex_lock(&fentry_lock);
	n = fentry_count(&bytes, &groups);
	mutex_unlock(&fentry_lock);
	seq_printf(m, "%lu pages:%lu groups: %u\n", n,
		   DIV_ROUND_UP(bytes, PAGE_SIZE), groups);
	return 0;
}
