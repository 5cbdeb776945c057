// SPDX-License-Identifier: GPL-2.0
/*
 * Function sets (struct ftrace_hash: sorted call-site addresses): their
 * algebra (membership, merge, removal, the cut of a module's range), the
 * terms that name functions (a glob, :mod:, an index; see
 * fentry_filter.c for the language), and the sets that tracefs files
 * edit: set_ftrace_filter and _notrace, set_graph_function and _notrace,
 * stack_trace_filter.
 *
 * The bottom layer of dynamic ftrace above the sites: it calls nothing
 * but fentry_sites.c.
 */
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>
#include <kunit/visibility.h>

#include "fentry.h"

/* set_ftrace_filter and set_ftrace_notrace. */
struct ftrace_ops_hash fentry_global_hash = {
	.regex_lock = __MUTEX_INITIALIZER(fentry_global_hash.regex_lock),
};

/* set_graph_function and set_graph_notrace; edited like the filters. */
struct ftrace_ops_hash trace_graph_sets = {
	.regex_lock = __MUTEX_INITIALIZER(trace_graph_sets.regex_lock),
};

/* stack_trace_filter; edited like the filters. */
struct ftrace_ops_hash trace_stack_sets = {
	.regex_lock = __MUTEX_INITIALIZER(trace_stack_sets.regex_lock),
};

/**
 * fentry_slot() - the set a filter file edits
 * @kind:	the file's enum fentry_listing
 *
 * Return: the slot.
 */
struct ftrace_hash __rcu **fentry_slot(long kind)
{
	switch (kind) {
	case FENTRY_LIST_NOTRACE:
		return &fentry_global_hash.notrace_hash;
	case FENTRY_LIST_GRAPH:
		return &trace_graph_sets.filter_hash;
	case FENTRY_LIST_GRAPH_NOTRACE:
		return &trace_graph_sets.notrace_hash;
	case FENTRY_LIST_STACK:
		return &trace_stack_sets.filter_hash;
	default:
		return &fentry_global_hash.filter_hash;
	}
}

/**
 * fentry_hash_has() - is @ip in the set
 * @h:		the set (not NULL)
 * @ip:		a call-site address
 *
 * Callable from any context.
 *
 * Return: true when it is.
 */
bool fentry_hash_has(const struct ftrace_hash *h, unsigned long ip)
{
	unsigned int lo = 0, hi = h->count;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (h->ips[mid] == ip)
			return true;
		if (h->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/**
 * fentry_hash_cut() - a set without the addresses of a range
 * @h:		the set, or NULL
 * @start:	the range's first address
 * @end:	the address after its last
 *
 * Return: @h itself when none of its addresses is in the range (also
 * when memory ran out); otherwise a new set, empty rather than NULL when
 * nothing is left (to the caller to decide what empty means).
 */
struct ftrace_hash *fentry_hash_cut(struct ftrace_hash *h, unsigned long start,
				    unsigned long end)
{
	struct ftrace_hash *r;
	unsigned int i, n = 0;

	for (i = 0; h && i < h->count; i++)
		n += h->ips[i] >= start && h->ips[i] < end;
	if (!n)
		return h;
	r = fentry_hash_alloc(h->count - n);
	if (!r)
		return h;
	for (i = 0; i < h->count; i++)
		if (h->ips[i] < start || h->ips[i] >= end)
			r->ips[r->count++] = h->ips[i];
	return r;
}

/**
 * fentry_hash_free() - free a set nobody looks at any more
 * @h:		the set, or NULL
 */
void fentry_hash_free(struct ftrace_hash *h)
{
	kvfree(h);
}

/**
 * fentry_hash_alloc() - an empty set with room for @count addresses
 * @count:	the room
 *
 * Return: the set, or NULL. Free with fentry_hash_free().
 */
struct ftrace_hash *fentry_hash_alloc(unsigned int count)
{
	struct ftrace_hash *h = kvmalloc(struct_size(h, ips, count), GFP_KERNEL);

	if (h)
		h->count = 0;
	return h;
}

/**
 * fentry_hash_merge() - the union or the difference of two sets
 * @a:		a set, or NULL
 * @b:		a set, or NULL
 * @remove:	@a minus @b rather than @a plus @b
 *
 * Return: a new set, NULL when it is empty, or an ERR_PTR.
 */
struct ftrace_hash *fentry_hash_merge(const struct ftrace_hash *a,
				      const struct ftrace_hash *b, bool remove)
{
	unsigned int na = a ? a->count : 0, nb = b ? b->count : 0;
	unsigned int i = 0, j = 0;
	struct ftrace_hash *h = fentry_hash_alloc(na + (remove ? 0 : nb));

	if (!h)
		return ERR_PTR(-ENOMEM);
	while (i < na || j < nb) {
		if (j == nb || (i < na && a->ips[i] < b->ips[j])) {
			h->ips[h->count++] = a->ips[i++];
		} else if (i == na || b->ips[j] < a->ips[i]) {
			if (!remove)
				h->ips[h->count++] = b->ips[j];
			j++;
		} else {
			if (!remove)
				h->ips[h->count++] = a->ips[i];
			i++;
			j++;
		}
	}
	if (!h->count) {
		kvfree(h);
		return NULL;
	}
	return h;
}

static int cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Is a function of module @modname (NULL: the kernel) in module glob
 * @mod? "*" is every module, "!glob" the kernel and the modules glob
 * does not match, so "!*" is the kernel alone.
 */
VISIBLE_IF_KUNIT bool fentry_mod_matches(const char *mod, const char *modname)
{
	bool not = *mod == '!';

	return not != (modname && glob_match(mod + not, modname));
}

static bool fentry_term_matches(const struct fentry_term *t, unsigned long ip,
				unsigned long pos, char *name)
{
	unsigned long size, off;
	char *modname = NULL;

	if (t->index)
		return pos == t->index;
	if (!kallsyms_lookup(ip, &size, &off, &modname, name))
		return false;
	if (t->mod && !fentry_mod_matches(t->mod, modname))
		return false;
	return !t->glob || glob_match(t->glob, name);
}

/*
 * A term that names one function by its plain name ("schedule", the
 * common case: trace-cmd -l, perf ftrace -T) is looked up in kallsyms'
 * sorted names instead of naming every site: a few binary searches where
 * the walk costs a kallsyms_lookup() for each of the tens of thousands
 * of sites.
 */
static bool fentry_term_is_name(const struct fentry_term *t)
{
	return t->glob && !t->mod && !t->index && !strpbrk(t->glob, "*?[\\");
}

struct fentry_name_walk {
	const struct fentry_term *t;
	const struct fentry_group *g;	/* the kernel's own group */
	struct ftrace_hash *h;
	unsigned long total;
	char *name;
};

/*
 * kallsyms_on_each_match_symbol() callback: @addr starts a function of
 * the wanted name; add its site, if it has one. The site must be the one
 * the walk would have found: the function's entry site
 * (fentry_entry_site()), named @w->t by kallsyms_lookup() (an alias at
 * the same address is not).
 */
static int fentry_name_hit(void *data, unsigned long addr)
{
	struct fentry_name_walk *w = data;
	unsigned long ip = fentry_entry_site(w->g, addr);

	if (!ip || !fentry_term_matches(w->t, ip, 0, w->name))
		return 0;
	if (!w->h)
		w->h = fentry_hash_alloc(w->total);
	if (!w->h)
		return -ENOMEM;
	w->h->ips[w->h->count++] = ip;
	return 0;
}

/*
 * The sites @t names, as a sorted set; NULL when none, or an ERR_PTR.
 * Only those of group @only when it is not NULL (@t then has no index).
 * @name is a KSYM_NAME_LEN buffer. Called with fentry_lock held.
 */
static struct ftrace_hash *fentry_term_collect_locked(const struct fentry_term *t,
						      const struct fentry_group *only,
						      char *name)
{
	struct ftrace_hash *h = NULL;
	struct fentry_group *g;
	unsigned long pos = 0, total, bytes;
	unsigned int i, groups;
	bool by_name = !only && fentry_term_is_name(t);

	lockdep_assert_held(&fentry_lock);
	total = fentry_count(&bytes, &groups);
	list_for_each_entry(g, &fentry_groups, list) {
		if (only && g != only)
			continue;
		fentry_validate(g);
		if (by_name && !g->mod) {
			struct fentry_name_walk w = {
				.t = t, .g = g, .h = h, .total = total, .name = name,
			};
			int ret;

			ret = kallsyms_on_each_match_symbol(fentry_name_hit,
							    t->glob, &w);
			h = w.h;
			if (ret) {
				fentry_hash_free(h);
				return ERR_PTR(ret);
			}
			continue;
		}
		for (i = 0; i < g->nr; i++) {
			unsigned long ip = fentry_ip(g, &g->sites[i]);

			if (fentry_state(&g->sites[i]) & FENTRY_SKIP)
				continue;
			if (!fentry_term_matches(t, ip, ++pos, name))
				continue;
			if (!h)
				h = fentry_hash_alloc(t->index ? 1 : total);
			if (!h)
				return ERR_PTR(-ENOMEM);
			h->ips[h->count++] = ip;
		}
	}
	if (h)
		fentry_hash_normalize(h);
	return h;
}

/**
 * fentry_term_collect() - the sites a term names
 * @t:		the parsed term
 *
 * Return: them as a sorted set; NULL when none; or an ERR_PTR.
 */
struct ftrace_hash *fentry_term_collect(const struct fentry_term *t)
{
	struct ftrace_hash *h;
	char *name;

	name = kmalloc(KSYM_NAME_LEN, GFP_KERNEL);
	if (!name)
		return ERR_PTR(-ENOMEM);
	scoped_guard(mutex, &fentry_lock)
		h = fentry_term_collect_locked(t, NULL, name);
	kfree(name);
	return h;
}

/**
 * fentry_collect_mod() - the functions of one module that a term names
 * @glob:	the term's name glob, or NULL for every name
 * @mod:	the term's module glob
 * @g:		the module's group
 * @name:	a KSYM_NAME_LEN buffer
 *
 * Called with fentry_lock held.
 *
 * Return: a sorted set; NULL when none; an ERR_PTR.
 */
struct ftrace_hash *fentry_collect_mod(const char *glob, const char *mod,
				       const struct fentry_group *g, char *name)
{
	struct fentry_term t = { .glob = glob, .mod = mod };

	return fentry_term_collect_locked(&t, g, name);
}

/**
 * fentry_term_parse() - parse a term without a command
 * @s:		the term; modified in place, and @t points into it
 * @t:		the parsed term
 *
 * Return: 0, or -EINVAL when it is malformed.
 */
int fentry_term_parse(char *s, struct fentry_term *t)
{
	char *colon = strchr(s, ':');

	memset(t, 0, sizeof(*t));
	if (colon) {
		if (strncmp(colon, ":mod:", 5))
			return -EINVAL;
		*colon = '\0';
		t->mod = colon + 5;
		if (!*t->mod || strchr(t->mod, ':'))
			return -EINVAL;
	}
	if (*s && isdigit(*s)) {
		if (t->mod || kstrtoul(s, 10, &t->index) || !t->index)
			return -EINVAL;
		return 0;
	}
	t->glob = *s ? s : NULL;
	if (!t->glob && !t->mod)
		return -EINVAL;
	return 0;
}

/**
 * fentry_hash_normalize() - sort a set's addresses and drop repeats
 * @h:		the set
 */
void fentry_hash_normalize(struct ftrace_hash *h)
{
	unsigned int i, n = 0;

	sort(h->ips, h->count, sizeof(h->ips[0]), cmp_ip, NULL);
	for (i = 0; i < h->count; i++)
		if (!n || h->ips[n - 1] != h->ips[i])
			h->ips[n++] = h->ips[i];
	h->count = n;
}
