// SPDX-License-Identifier: GPL-2.0
/*
 * The language that edits function sets (fentry_sets.c), the files that
 * take it (set_ftrace_filter and set_ftrace_notrace, and those of the
 * graph and stack tracers), and the API that modules edit their
 * ftrace_ops' sets with (ftrace_set_filter() and the like).
 *
 * A write is a list of terms separated by white space; a term may be cut
 * between two writes. A term is
 *
 *   glob            functions whose name matches (glob_match(): *, ?,
 *                   [...]), optionally followed by :mod:<module glob>
 *   :mod:<glob>     every function of the matching modules; :mod:!<glob>
 *                   of the kernel and the other modules
 *   N               the N-th line of available_filter_functions
 *   !term           removes instead of adding
 *
 * The file edits a copy of the set (empty when opened with O_TRUNC); the
 * copy replaces the set when the file is closed. A write with a term that
 * matches no function fails with EINVAL and changes nothing: the copy
 * stays as it was before the write (its other terms are dropped too),
 * later writes on the same file still work, and a file
 * whose every write failed leaves the set alone when closed (so that a
 * mistyped name never turns a filter into "every function"). The
 * exception is a :mod: term for a module that is not loaded: the file
 * keeps it for the module's load (fentry_modterm.c).
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <kunit/visibility.h>

#include "fentry.h"
#include "trace.h"

/* Does a filter of this kind trace every function when it is NULL? */
static bool fentry_kind_is_filter(long kind)
{
	return kind == FENTRY_LIST_FILTER || kind == FENTRY_LIST_GRAPH ||
	       kind == FENTRY_LIST_STACK;
}

/**
 * struct fentry_term_cut - a term of a filter file, cut into its parts
 * @remove:	it began with '!'
 * @cmd:	its function command ("<command>[:<arg>]"), or NULL
 * @t:		what names its functions
 * @found:	those functions; NULL when none
 */
struct fentry_term_cut {
	bool remove;
	char *cmd;
	struct fentry_term t;
	struct ftrace_hash *found;
};

/*
 * Cut @term (of a file of @kind; modified in place, @c points into it)
 * and collect its functions. 0, or the errno of a malformed term (or
 * -ENOMEM); @c->found is then not set.
 */
static int fentry_term_cut(char *term, long kind, struct fentry_term_cut *c)
{
	char *colon;
	int ret;

	c->remove = *term == '!';
	term += c->remove;
	c->cmd = NULL;
	colon = strchr(term, ':');
	if (colon && !str_has_prefix(colon, ":mod:")) {
		if (kind != FENTRY_LIST_FILTER)
			return -EINVAL;
		*colon = '\0';
		c->cmd = colon + 1;
	}
	ret = fentry_term_parse(term, &c->t);
	if (ret)
		return ret;
	c->found = fentry_term_collect(&c->t);
	return PTR_ERR_OR_ZERO(c->found);
}

/* A :mod: term naming no loaded function: a term to keep for later. */
static bool fentry_term_deferred(const struct fentry_term_cut *c)
{
	return !c->found && !c->cmd && c->t.mod && *c->t.mod != '!';
}

/*
 * Apply one term to a set being edited: fentry_set_apply() (a command
 * being one of @tr's), and with @terms not NULL, a :mod: term for a
 * module that is not loaded goes to (or with '!', comes out of) the
 * deferred terms at @terms. A filter of
 * @kind then becomes empty rather than NULL, so that it traces nothing
 * until the module comes.
 */
VISIBLE_IF_KUNIT int fentry_set_apply_kind(struct trace_array *tr,
					   struct ftrace_hash **set, char *term,
					   long kind, char **terms)
{
	struct ftrace_hash *found, *merged;
	struct fentry_term_cut c;
	bool remove;
	int ret;

	ret = fentry_term_cut(term, kind, &c);
	if (ret)
		return ret;
	found = c.found;
	remove = c.remove;
	if (fentry_term_deferred(&c) && terms) {
		ret = fentry_modterm_edit(terms, c.t.glob, c.t.mod, remove);
		if (ret || remove || *set || !fentry_kind_is_filter(kind))
			return ret;
		*set = fentry_hash_alloc(0);
		return *set ? 0 : -ENOMEM;
	}
	if (!found)
		return -EINVAL;
	if (c.cmd) {
		ret = fentry_cmd_apply(tr, found, c.cmd, remove);
		kvfree(found);
		return ret;
	}
	merged = fentry_hash_merge(*set, found, remove);
	kvfree(found);
	if (IS_ERR(merged))
		return PTR_ERR(merged);
	kvfree(*set);
	*set = merged;
	return 0;
}

/**
 * fentry_set_apply() - apply one term to a set being edited
 * @set:	the set; replaced on success
 * @term:	the term (modified in place)
 * @cmds:	the term may be a function command ("<functions>:<command>
 *		[:<arg>]"), which is applied at once and leaves @set alone
 *
 * Return: 0; -EINVAL when the term is malformed or names no function
 * (@set is unchanged); -ENOMEM.
 */
VISIBLE_IF_KUNIT int fentry_set_apply(struct ftrace_hash **set, char *term,
				      bool cmds)
{
	return fentry_set_apply_kind(&trace_top, set, term,
				     cmds ? FENTRY_LIST_FILTER : -1, NULL);
}

/* The longest term: a symbol, ":mod:" and a module name or a command, '!'. */
#define FENTRY_TERM_MAX	(KSYM_NAME_LEN + MODULE_NAME_LEN + 8)

/**
 * struct fentry_filter_file - set_ftrace_filter or _notrace open for writing
 * @slot:	the set it edits
 * @kind:	which file (enum fentry_listing)
 * @tr:		the trace array whose file it is: the top one's keeps :mod:
 *		terms for modules not yet loaded
 * @set:	the copy being edited
 * @terms:	the copy of the set's deferred module terms being edited
 * @term:	a term cut by the end of a write
 * @len:	its length
 * @truncated:	opened with O_TRUNC: the set is replaced even if unchanged
 * @changed:	a write succeeded
 * @failed:	a write failed
 */
struct fentry_filter_file {
	struct ftrace_hash __rcu **slot;
	long kind;
	struct trace_array *tr;
	struct ftrace_hash *set;
	char *terms;
	char term[FENTRY_TERM_MAX];
	unsigned int len;
	bool truncated, changed, failed;
};

/*
 * The edit of @kind's set of @tr that an open for writing starts: a copy
 * of the set (none with @truncated) and of its deferred terms. An
 * ERR_PTR: -ENODEV when @tr has no such set, or -ENOMEM.
 */
static struct fentry_filter_file *fentry_filter_begin(struct trace_array *tr,
						      long kind, bool truncated)
{
	struct fentry_filter_file *f = kzalloc(sizeof(*f), GFP_KERNEL);
	struct ftrace_hash *cur;

	if (!f)
		return ERR_PTR(-ENOMEM);
	*f = (struct fentry_filter_file){
		.slot = fentry_array_slot(tr, kind),
		.kind = kind, .tr = tr, .truncated = truncated,
	};
	if (!f->slot) {
		kfree(f);
		return ERR_PTR(-ENODEV);
	}
	if (!f->truncated) {
		guard(mutex)(&fentry_lock);
		cur = rcu_dereference_protected(*f->slot,
						lockdep_is_held(&fentry_lock));
		f->set = fentry_hash_merge(cur, NULL, false);
		if (IS_ERR(f->set)) {
			kfree(f);
			return ERR_PTR(-ENOMEM);
		}
		/* A filter of deferred terms only is empty, not NULL. */
		if (!f->set && cur)
			f->set = fentry_hash_alloc(0);
		f->terms = trace_array_is_top(tr) ? fentry_modterm_copy(kind) :
						    NULL;
		if ((cur && !f->set) || IS_ERR(f->terms)) {
			fentry_hash_free(f->set);
			kfree(f);
			return ERR_PTR(-ENOMEM);
		}
	}
	return f;
}

static int fentry_filter_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = trace_fs_array(inode);
	long kind = trace_fs_arg(inode);
	struct ftrace_hash __rcu **slot;
	struct fentry_filter_file *f;

	if (!(file->f_mode & FMODE_WRITE)) {
		slot = fentry_array_slot(tr, kind);
		if (!slot)
			return -ENODEV;
		return fentry_list_open_set(file, kind, slot, tr);
	}
	f = fentry_filter_begin(tr, kind, file->f_flags & O_TRUNC);
	if (IS_ERR(f))
		return PTR_ERR(f);
	file->private_data = f;
	return nonseekable_open(inode, file);
}

/*
 * Would fentry_set_apply_kind() take @term (of a file of @kind in @tr,
 * keeping deferred terms when @deferred)? 0, or the errno it would give
 * but -ENOMEM. Changes nothing.
 */
static int fentry_set_check_kind(struct trace_array *tr, const char *term,
				 long kind, bool deferred)
{
	char buf[FENTRY_TERM_MAX];
	struct fentry_term_cut c;
	int ret;

	strscpy(buf, term);
	ret = fentry_term_cut(buf, kind, &c);
	if (ret)
		return ret == -ENOMEM ? 0 : ret;
	if (!c.found)
		return fentry_term_deferred(&c) && deferred ? 0 : -EINVAL;
	ret = c.cmd ? fentry_cmd_check(tr, c.found, c.cmd, c.remove) : 0;
	kvfree(c.found);
	return ret == -ENOMEM ? 0 : ret;
}

/* Apply the term collected so far, if any. */
static int fentry_filter_flush(struct fentry_filter_file *f)
{
	int ret;

	if (!f->len)
		return 0;
	f->term[f->len] = '\0';
	f->len = 0;
	/* An instance's file keeps no deferred terms. */
	ret = fentry_set_apply_kind(f->tr, &f->set, f->term, f->kind,
				    trace_array_is_top(f->tr) ? &f->terms : NULL);
	if (ret)
		f->failed = true;
	else
		f->changed = true;
	return ret;
}

/*
 * The terms of one write: checked (@check: on a copy of the term cut by
 * the last write, changing nothing), or taken into the copy of the set.
 * 0 or the first errno.
 */
static int fentry_filter_take(struct fentry_filter_file *f,
			      const char __user *ubuf, size_t cnt, bool check)
{
	char *term = f->term;
	unsigned int len = f->len;
	size_t done = 0;
	int ret = 0;
	char c;

	if (check) {
		term = kmemdup(f->term, FENTRY_TERM_MAX, GFP_KERNEL);
		if (!term)
			return -ENOMEM;
	}
	while (!ret && done < cnt) {
		if (get_user(c, ubuf + done)) {
			ret = -EFAULT;
			break;
		}
		done++;
		if (!isspace(c)) {
			if (len >= FENTRY_TERM_MAX - 1)
				ret = -EINVAL;
			else
				term[len++] = c;
			continue;
		}
		if (!check) {
			f->len = len;
			ret = fentry_filter_flush(f);
			len = 0;
			continue;
		}
		if (!len)
			continue;
		term[len] = '\0';
		len = 0;
		ret = fentry_set_check_kind(f->tr, term, f->kind,
					    trace_array_is_top(f->tr));
	}
	if (check)
		kfree(term);
	else
		f->len = len;
	return ret;
}

/* A copy of a set being edited: NULL stays NULL, empty stays empty. */
static struct ftrace_hash *fentry_filter_dup(const struct ftrace_hash *h)
{
	struct ftrace_hash *d;

	if (!h)
		return NULL;
	d = h->count ? fentry_hash_merge(h, NULL, false) : fentry_hash_alloc(0);
	return d ?: ERR_PTR(-ENOMEM);
}

/*
 * A write is all or nothing: when one of its terms fails, the copy and its
 * deferred terms are put back as they were before it.
 */
static ssize_t fentry_filter_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct fentry_filter_file *f = file->private_data;
	bool changed = f->changed;
	struct ftrace_hash *set;
	char *terms = NULL;
	int ret;

	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	set = fentry_filter_dup(f->set);
	if (IS_ERR(set))
		return PTR_ERR(set);
	if (f->terms) {
		terms = kstrdup(f->terms, GFP_KERNEL);
		if (!terms) {
			fentry_hash_free(set);
			return -ENOMEM;
		}
	}
	/* Every term is checked first: a command takes effect at once. */
	ret = fentry_filter_take(f, ubuf, cnt, true) ?:
	      fentry_filter_take(f, ubuf, cnt, false);
	if (ret) {
		swap(set, f->set);
		swap(terms, f->terms);
		f->changed = changed;
		f->failed = true;
		f->len = 0;
	} else if (!f->len) {
		/* A write of white space only still counts as a success. */
		f->changed = true;
	}
	fentry_hash_free(set);
	kfree(terms);
	return ret ?: cnt;
}

/* The edit ends, as a close of the file: the set takes the copy. */
static void fentry_filter_end(struct fentry_filter_file *f)
{
	fentry_filter_flush(f);
	if (f->changed || (f->truncated && !f->failed)) {
		fentry_replace(f->slot, f->set, f->kind,
			       trace_array_is_top(f->tr) ? &f->terms : NULL);
		f->set = NULL;
	}
	kvfree(f->set);
	kfree(f->terms);
	kfree(f);
}

static int fentry_filter_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_WRITE))
		return seq_release_private(inode, file);
	fentry_filter_end(file->private_data);
	return 0;
}

const struct file_operations fentry_filter_fops = {
	.open		= fentry_filter_open,
	.read		= trace_edit_read,
	.write		= fentry_filter_write,
	.llseek		= trace_edit_llseek,
	.release	= fentry_filter_release,
};

/**
 * fentry_filter_edit() - add terms to a set, as a write of its file
 * @tr:		the trace array whose file it is
 * @kind:	the file: FENTRY_LIST_FILTER, _NOTRACE, _GRAPH or
 *		_GRAPH_NOTRACE
 * @text:	the terms, separated by white space
 *
 * For the writers that are not user space (the boot config): an open
 * without O_TRUNC, one write of @text, and the close. Every term is
 * checked before any is applied, as a write checks them.
 *
 * Return: 0; -EINVAL when a term is malformed or names no function (the
 * set is unchanged); -ENODEV when @tr has no such set; -ENOMEM.
 */
int fentry_filter_edit(struct trace_array *tr, long kind, const char *text)
{
	char *buf __free(kfree) = kstrdup(text, GFP_KERNEL);
	struct fentry_filter_file *f;
	char *rest = buf, *term;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	while (!ret && (term = strsep(&rest, " \t\n")))
		if (*term)
			ret = fentry_set_check_kind(tr, term, kind,
						    trace_array_is_top(tr));
	if (ret)
		return ret;
	f = fentry_filter_begin(tr, kind, false);
	if (IS_ERR(f))
		return PTR_ERR(f);
	strscpy(buf, text, strlen(text) + 1);
	rest = buf;
	while (!ret && (term = strsep(&rest, " \t\n"))) {
		if (!*term)
			continue;
		if (strscpy(f->term, term) < 0) {
			ret = -EINVAL;
			break;
		}
		f->len = strlen(term);
		ret = fentry_filter_flush(f);
	}
	if (ret) {
		/* Nothing of a failed edit is taken. */
		f->changed = false;
		f->failed = true;
	}
	fentry_filter_end(f);
	return ret;
}

/**
 * fentry_ops_set() - apply terms to a user's filter or notrace set
 * @h:		the user's pair of sets
 * @exclude:	the notrace set rather than the filter
 * @buf:	terms, separated by white space or commas; NULL for none
 * @len:	length of @buf
 * @reset:	start from the empty set instead of the current one
 *
 * Return: 0; -EINVAL when a term names no function (nothing changes);
 * -ENOMEM; -EIO when a site refused to be patched.
 */
int fentry_ops_set(struct ftrace_ops_hash *h, bool exclude,
		   unsigned char *buf, int len, int reset)
{
	struct ftrace_hash __rcu **slot;
	struct ftrace_hash *set = NULL, *cur;
	char *terms, *p, *term;
	int ret = 0;

	slot = exclude ? &h->notrace_hash : &h->filter_hash;
	if (!reset) {
		guard(mutex)(&fentry_lock);
		cur = rcu_dereference_protected(*slot,
						lockdep_is_held(&fentry_lock));
		set = fentry_hash_merge(cur, NULL, false);
		if (IS_ERR(set))
			return PTR_ERR(set);
	}
	terms = buf ? kmemdup_nul(buf, len, GFP_KERNEL) : NULL;
	if (buf && !terms) {
		kvfree(set);
		return -ENOMEM;
	}
	for (p = terms; p && (term = strsep(&p, " \t\n,")) && !ret;)
		if (*term)
			ret = fentry_set_apply(&set, term, false);
	kfree(terms);
	if (ret) {
		kvfree(set);
		return ret;
	}
	return fentry_hash_replace(slot, set);
}

/**
 * fentry_boot_sets() - fill a user's sets from the command line
 * @h:		the user's pair of sets
 * @filter:	the filter's terms, separated by commas ("" for none)
 * @exclude:	the notrace set's
 * @prefix:	the parameters' names before "_filter=" and "_notrace="
 *
 * A set whose terms fail stays empty, and the console says so.
 */
void __init fentry_boot_sets(struct ftrace_ops_hash *h, char *filter,
			     char *exclude, const char *prefix)
{
	unsigned int i;
	char *terms;
	int ret;

	for (i = 0; i < 2; i++) {
		terms = i ? exclude : filter;
		if (!*terms)
			continue;
		ret = fentry_ops_set(h, i, (unsigned char *)terms,
				     strlen(terms), 1);
		if (ret)
			pr_warn("tracing: %s_%s=%s: error %d, ignored\n", prefix,
				i ? "notrace" : "filter", terms, ret);
	}
}

static struct ftrace_ops_hash *fentry_ops_hash(struct ftrace_ops *ops)
{
	if (!ops->func_hash)
		ops->func_hash = &ops->local_hash;
	return ops->func_hash;
}

/**
 * ftrace_set_filter() - set the functions a user traces
 * @ops:	the user, registered or not
 * @buf:	terms, as written to set_ftrace_filter; NULL for none
 * @len:	length of @buf
 * @reset:	start from the empty set (every function) instead of the
 *		current one
 *
 * Return: 0; -EINVAL when a term names no function (nothing changes).
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return fentry_ops_set(fentry_ops_hash(ops), false, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace() - set the functions a user never traces
 * @ops:	the user, registered or not
 * @buf:	terms, as written to set_ftrace_notrace; NULL for none
 * @len:	length of @buf
 * @reset:	start from the empty set instead of the current one
 *
 * Return: 0; -EINVAL when a term names no function (nothing changes).
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return fentry_ops_set(fentry_ops_hash(ops), true, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_set_filter_ips() - add functions to a user's filter by address
 * @ops:	the user, registered or not
 * @ips:	addresses, each a call site or the start of a function
 *		that has one
 * @cnt:	number of @ips
 * @remove:	take them out of the filter instead
 * @reset:	start from the empty set (every function) first
 *
 * Removing the last function leaves the filter empty, which traces every
 * function, as an empty set_ftrace_filter does.
 *
 * Return: 0; -EINVAL when an address has no call site, -ENOENT when one
 * to remove is not in the filter (in both cases nothing changes);
 * -ENOMEM; -EIO when a site refused to be patched.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_ops_hash *h = fentry_ops_hash(ops);
	struct ftrace_hash *want, *cur, *set;
	unsigned int i;

	if (!cnt)
		return -EINVAL;
	want = fentry_hash_alloc(cnt);
	if (!want)
		return -ENOMEM;
	for (i = 0; i < cnt; i++) {
		want->ips[i] = ftrace_location(ips[i]);
		if (!want->ips[i]) {
			fentry_hash_free(want);
			return -EINVAL;
		}
	}
	want->count = cnt;
	fentry_hash_normalize(want);

	mutex_lock(&fentry_lock);
	cur = reset ? NULL :
	      rcu_dereference_protected(h->filter_hash,
					lockdep_is_held(&fentry_lock));
	set = NULL;
	for (i = 0; remove && i < want->count; i++)
		if (!cur || !fentry_hash_has(cur, want->ips[i]))
			set = ERR_PTR(-ENOENT);
	if (!set)
		set = fentry_hash_merge(cur, want, remove);
	mutex_unlock(&fentry_lock);
	fentry_hash_free(want);
	if (IS_ERR(set))
		return PTR_ERR(set);
	return fentry_hash_replace(&h->filter_hash, set);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/**
 * ftrace_set_filter_ip() - add one function to a user's filter by address
 * @ops:	the user, registered or not
 * @ip:		a call site, or the start of a function that has one
 * @remove:	take it out of the filter instead
 * @reset:	start from the empty set (every function) first
 *
 * Return: as ftrace_set_filter_ips().
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_free_filter() - free the sets of a user that is not registered
 * @ops:	the user; its filter and notrace sets become empty
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_ops_hash *h = ops->func_hash;

	if (!h || WARN_ON_ONCE(ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	/* Not registered: no dispatch looks at the sets. */
	fentry_hash_free(rcu_replace_pointer(h->filter_hash, NULL, true));
	fentry_hash_free(rcu_replace_pointer(h->notrace_hash, NULL, true));
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/**
 * ftrace_set_global_filter() - set what set_ftrace_filter holds
 * @buf:	terms, separated by spaces or commas; NULL for none
 * @len:	length of @buf
 * @reset:	start from the empty set instead of the current one
 *
 * The sets of set_ftrace_filter and set_ftrace_notrace are those of the
 * function tracer. Nothing changes when a term names no function.
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	fentry_ops_set(&fentry_global_hash, false, buf, len, reset);
}

/**
 * ftrace_set_global_notrace() - set what set_ftrace_notrace holds
 * @buf:	terms, separated by spaces or commas; NULL for none
 * @len:	length of @buf
 * @reset:	start from the empty set instead of the current one
 */
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	fentry_ops_set(&fentry_global_hash, true, buf, len, reset);
}
