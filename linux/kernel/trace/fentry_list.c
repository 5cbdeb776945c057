// SPDX-License-Identifier: GPL-2.0
/*
 * Listings of the call sites: available_filter_functions (one traceable
 * function a line, "name" or "name [module]"; the line number is the
 * index that set_ftrace_filter takes), available_filter_functions_addrs
 * (the same with the call's address first) and dyn_ftrace_total_info.
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
 * @addrs:	print the address too
 */
struct fentry_cursor {
	struct fentry_group *g;
	unsigned int i;
	loff_t pos;
	unsigned long gen;
	bool addrs;
};

/* Move @c to the next listable site at or after it; false at the end. */
static bool fentry_cursor_settle(struct fentry_cursor *c)
{
	while (!list_entry_is_head(c->g, &fentry_groups, list)) {
		fentry_validate(c->g);
		for (; c->i < c->g->nr; c->i++)
			if (!(c->g->sites[c->i].state & FENTRY_SKIP))
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
	return NULL;
}

static void *fentry_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct fentry_cursor *c = v;

	c->i++;
	c->pos++;
	*pos = c->pos;
	return fentry_cursor_settle(c) ? c : NULL;
}

static void fentry_list_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&fentry_lock);
}

static int fentry_list_show(struct seq_file *m, void *v)
{
	struct fentry_cursor *c = v;
	unsigned long ip = fentry_ip(c->g, &c->g->sites[c->i]);

	if (c->addrs)
		seq_printf(m, "%lx ", ip);
	seq_printf(m, "%ps\n", (void *)ip);
	return 0;
}

static const struct seq_operations fentry_list_sops = {
	.start	= fentry_list_start,
	.next	= fentry_list_next,
	.stop	= fentry_list_stop,
	.show	= fentry_list_show,
};

/* The table argument of the _addrs file is 1: print addresses too. */
static int fentry_list_open(struct inode *inode, struct file *file)
{
	struct fentry_cursor *c;

	c = __seq_open_private(file, &fentry_list_sops, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->addrs = trace_fs_arg(inode) == 1;
	return 0;
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
 * @unused:	table argument
 *
 * Prints the number of recorded sites, the pages their records take and
 * the number of groups (the kernel and each module with sites).
 *
 * Return: 0.
 */
int fentry_total_show(struct seq_file *m, long unused)
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
