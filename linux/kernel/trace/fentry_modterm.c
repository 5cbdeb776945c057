// SPDX-License-Identifier: GPL-2.0
/*
 * Deferred module terms of the filter files.
 *
 * "glob:mod:module" written to set_ftrace_filter, set_ftrace_notrace,
 * set_graph_function, set_graph_notrace or stack_trace_filter while no
 * loaded module matches the module glob names nothing yet, but is not a
 * typo either: the user means a module that is about to be loaded (the
 * usual way to trace a module's init function). Such a term is kept with
 * the set, listed after its functions as it was written, and applied
 * when a matching module loads, before any of its code runs: the
 * module's functions that match join the set, and the term is dropped.
 * Until then a filter that holds nothing but such terms traces nothing.
 *
 * The terms of a set are one string, a term and a newline per term. A
 * filter file edits a copy of them along with its copy of the set, and
 * both replace the originals together when the file is closed
 * (fentry_filter.c). "!glob:mod:module" takes a term back.
 */
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fentry.h"
#include "trace.h"

/* The deferred terms of each set a file edits; under fentry_lock. */
static char *fentry_modterms[FENTRY_MODTERM_MAX];

/* The terms of listing @kind, or NULL for a listing that is not a set. */
static char **fentry_modterm_slot(long kind)
{
	if (kind < FENTRY_LIST_FILTER || kind > FENTRY_LIST_STACK)
		return NULL;
	return &fentry_modterms[kind - FENTRY_LIST_FILTER];
}

/* Is a module whose name matches @glob loaded (and traceable)? */
static bool fentry_mod_loaded(const char *glob)
{
	struct fentry_group *g;

	lockdep_assert_held(&fentry_lock);
	list_for_each_entry(g, &fentry_groups, list)
		if (g->mod && glob_match(glob, g->mod->name))
			return true;
	return false;
}

/* The line of @terms that is @line (with its newline), or NULL. */
static char *fentry_modterm_find(char *terms, const char *line)
{
	size_t len = strlen(line);
	char *p;

	for (p = terms; p && *p; p = strchr(p, '\n') + 1)
		if (!strncmp(p, line, len))
			return p;
	return NULL;
}

/**
 * fentry_modterm_edit() - keep or take back a term for a module to come
 * @terms:	the terms being edited (a string, or NULL for none);
 *		replaced on success
 * @glob:	the term's name glob, or NULL for every function
 * @mod:	the term's module glob
 * @remove:	take the term back instead
 *
 * For a :mod: term that names no function. Takes fentry_lock.
 *
 * Return: 0; -EINVAL when a module that @mod matches is loaded (the term
 * names no function of it), or when a term to take back is not there;
 * -ENOMEM.
 */
int fentry_modterm_edit(char **terms, const char *glob, const char *mod,
			bool remove)
{
	char *line, *at, *grown;
	size_t len;

	scoped_guard(mutex, &fentry_lock)
		if (fentry_mod_loaded(mod))
			return -EINVAL;
	line = kasprintf(GFP_KERNEL, "%s:mod:%s\n", glob ?: "", mod);
	if (!line)
		return -ENOMEM;
	at = fentry_modterm_find(*terms, line);
	len = strlen(line);
	if (remove) {
		kfree(line);
		if (!at)
			return -EINVAL;
		memmove(at, at + len, strlen(at + len) + 1);
		return 0;
	}
	if (at) {
		kfree(line);
		return 0;
	}
	grown = krealloc(*terms, (*terms ? strlen(*terms) : 0) + len + 1,
			 GFP_KERNEL);
	if (!grown) {
		kfree(line);
		return -ENOMEM;
	}
	if (!*terms)
		*grown = '\0';
	strcat(grown, line);
	kfree(line);
	*terms = grown;
	return 0;
}

/**
 * fentry_modterm_copy() - a copy of the deferred terms of a set
 * @kind:	the set's listing
 *
 * Called with fentry_lock held.
 *
 * Return: the copy (kfree() it), NULL when there are none, or
 * ERR_PTR(-ENOMEM).
 */
char *fentry_modterm_copy(long kind)
{
	char **slot = fentry_modterm_slot(kind);
	char *copy;

	lockdep_assert_held(&fentry_lock);
	if (!slot || !*slot || !**slot)
		return NULL;
	copy = kstrdup(*slot, GFP_KERNEL);
	return copy ?: ERR_PTR(-ENOMEM);
}

/**
 * fentry_modterm_swap() - replace the deferred terms of a set
 * @kind:	the set's listing
 * @terms:	the new terms (a string or NULL); gets the old ones
 *
 * Called with fentry_lock held.
 */
void fentry_modterm_swap(long kind, char **terms)
{
	char **slot = fentry_modterm_slot(kind);

	lockdep_assert_held(&fentry_lock);
	if (slot)
		swap(*slot, *terms);
}

/**
 * fentry_modterm_count() - how many deferred terms a listing shows
 * @kind:	the listing
 *
 * Called with fentry_lock held.
 *
 * Return: the number of terms.
 */
unsigned int fentry_modterm_count(long kind)
{
	char **slot = fentry_modterm_slot(kind);
	unsigned int n = 0;
	const char *p;

	lockdep_assert_held(&fentry_lock);
	for (p = slot ? *slot : NULL; p && (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

/**
 * fentry_modterm_show() - print one deferred term of a listing
 * @m:		the listing's file
 * @kind:	the listing
 * @idx:	the term's index, below fentry_modterm_count()
 *
 * Called with fentry_lock held.
 */
void fentry_modterm_show(struct seq_file *m, long kind, unsigned int idx)
{
	char **slot = fentry_modterm_slot(kind);
	const char *p = slot ? *slot : NULL;

	lockdep_assert_held(&fentry_lock);
	while (p && idx--) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (p && *p)
		seq_printf(m, "%.*s\n", (int)strcspn(p, "\n"), p);
}

/*
 * Apply the terms of @kind that name module @g->mod to its set: its
 * functions that match join the set, and the terms go. The replaced set
 * goes to @old, for the caller to free once no dispatch can see it.
 */
static int fentry_modterm_apply(long kind, struct fentry_group *g,
				char *name, struct ftrace_hash **old)
{
	struct ftrace_hash __rcu **slot = fentry_slot(kind);
	struct ftrace_hash *orig, *set, *found, *merged;
	char *line, *end, *mod;
	int ret = 0;

	orig = rcu_dereference_protected(*slot, lockdep_is_held(&fentry_lock));
	set = orig;
	for (line = *fentry_modterm_slot(kind); *line; line = end) {
		end = strchr(line, '\n');
		*end = '\0';
		mod = strstr(line, ":mod:");
		if (!mod || !glob_match(mod + 5, g->mod->name)) {
			*end++ = '\n';
			continue;
		}
		*mod = '\0';
		found = fentry_collect_mod(*line ? line : NULL, mod + 5, g,
					   name);
		*mod = ':';
		*end = '\n';
		if (IS_ERR(found)) {
			ret = PTR_ERR(found);
			break;
		}
		/* Matched: the term is used up, whether it found or not. */
		memmove(line, end + 1, strlen(end + 1) + 1);
		end = line;
		if (!found)
			continue;
		merged = fentry_hash_merge(set, found, false);
		kvfree(found);
		if (IS_ERR(merged)) {
			ret = PTR_ERR(merged);
			break;
		}
		if (set != orig)
			fentry_hash_free(set);
		set = merged;
	}
	if (set != orig) {
		rcu_assign_pointer(*slot, set);
		*old = orig;
	}
	return ret;
}

/**
 * fentry_modterm_load() - apply the deferred terms that name a module
 * @mod:	the module, its sites recorded, its code not yet run
 * @old:	gets the sets replaced, for the caller to free after
 *		fentry_sync_users()
 *
 * Called with fentry_lock held, before the module's sites are patched to
 * what the users want. Memory running out drops the terms that could not
 * be applied.
 *
 * Return: the number of sets replaced (at the start of @old).
 */
unsigned int fentry_modterm_load(struct module *mod,
				 struct ftrace_hash *old[FENTRY_MODTERM_MAX])
{
	struct fentry_group *g;
	unsigned int n = 0;
	long kind;
	char *name;

	lockdep_assert_held(&fentry_lock);
	for (kind = FENTRY_LIST_FILTER; kind <= FENTRY_LIST_STACK; kind++)
		if (fentry_modterms[kind - FENTRY_LIST_FILTER])
			break;
	if (kind > FENTRY_LIST_STACK)
		return 0;
	list_for_each_entry(g, &fentry_groups, list)
		if (g->mod == mod)
			break;
	if (list_entry_is_head(g, &fentry_groups, list))
		return 0;
	name = kmalloc(KSYM_NAME_LEN, GFP_KERNEL);
	for (kind = FENTRY_LIST_FILTER; kind <= FENTRY_LIST_STACK; kind++) {
		char **terms = fentry_modterm_slot(kind);

		old[n] = NULL;
		if (!*terms || !**terms)
			continue;
		if (!name || fentry_modterm_apply(kind, g, name, &old[n])) {
			pr_warn("%s: no memory for the filters that name it\n",
				mod->name);
			kfree(*terms);
			*terms = NULL;
		}
		if (old[n])
			n++;
	}
	kfree(name);
	return n;
}
