// SPDX-License-Identifier: GPL-2.0
/*
 * The hist file's table of a hist trigger: its entries sorted, one line
 * each ("{ key: value, ... } hitcount: N  val: N ..."), then its totals.
 * The widths are upstream's, which tools and scripts read.
 */
#include <linux/kallsyms.h>
#include <linux/lockdep.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

/*
 * The names of system calls, for .syscall: trace_syscalls.c, which writes
 * their events and so calls the triggers' layer, gives them at init.
 */
static const char *(*hist_syscall_name)(long nr) __ro_after_init;

/**
 * trace_hist_set_syscall_names() - where .syscall keys get their names
 * @fn:		returns the name of a system call, or NULL
 *
 * Once, at init.
 */
void __init trace_hist_set_syscall_names(const char *(*fn)(long nr))
{
	hist_syscall_name = fn;
}

/* What sorting and printing a table needs. */
struct hist_view {
	const struct trace_hist *h;
	const struct hist_map *map;
	u64 total[HIST_VALS_MAX];	/* each value's column, summed */
	u64 max[HIST_VALS_MAX];		/* and its largest */
};

static const void *hist_key_of(const struct hist_view *v,
			       const struct hist_elt *e,
			       const struct hist_field *hf)
{
	return hist_elt_key(v->map, e) + hf->key_off;
}

/* A column's name: a variable's without its '$'. */
static const char *hist_label(const struct hist_field *hf)
{
	return hf->name + (hf->name[0] == '$');
}

static int hist_cmp_u64(u64 a, u64 b)
{
	return a < b ? -1 : a > b;
}

/* Compare two entries by one field: a key (below nkeys) or a value. */
static int hist_cmp_field(const struct hist_view *v, unsigned int idx,
			  const struct hist_elt *a, const struct hist_elt *b)
{
	const struct trace_hist *h = v->h;
	const struct hist_field *hf;
	const void *ka, *kb;

	if (idx >= h->nkeys)
		return hist_cmp_u64(hist_elt_val(a, idx - h->nkeys),
				    hist_elt_val(b, idx - h->nkeys));
	hf = &h->keys[idx];
	ka = hist_key_of(v, a, hf);
	kb = hist_key_of(v, b, hf);
	if (hf->src == HS_STR)
		return strncmp(ka, kb, hf->key_size);
	if (hf->src == HS_STACK)
		return memcmp(ka, kb, hf->key_size);
	if (hf->src == HS_NUM && hf->is_signed && !hf->mod) {
		s64 x = *(const s64 *)ka, y = *(const s64 *)kb;

		return x < y ? -1 : x > y;
	}
	return hist_cmp_u64(*(const u64 *)ka, *(const u64 *)kb);
}

static int hist_cmp(const void *pa, const void *pb, const void *priv)
{
	const struct hist_elt *a = *(struct hist_elt * const *)pa;
	const struct hist_elt *b = *(struct hist_elt * const *)pb;
	const struct hist_view *v = priv;
	const struct trace_hist *h = v->h;
	unsigned int i;
	int c;

	for (i = 0; i < h->nsort; i++) {
		c = hist_cmp_field(v, h->sort[i], a, b);
		if (c)
			return h->desc[i] ? -c : c;
	}
	/* Ties by key, so that two reads of one table print alike. */
	return memcmp(hist_elt_key(v->map, a), hist_elt_key(v->map, b),
		      h->key_size);
}

static void hist_stack_print(struct seq_file *m, const unsigned long *st)
{
	unsigned int i;

	for (i = 0; i < HIST_STACK_DEPTH && st[i]; i++)
		seq_printf(m, "%*c%pS\n", 9, ' ', (void *)st[i]);
}

static void hist_num_print(struct seq_file *m, const struct hist_view *v,
			   const struct hist_elt *e,
			   const struct hist_field *hf, u64 n)
{
	char sym[KSYM_SYMBOL_LEN];
	const char *name;

	switch (hf->mod) {
	case HM_HEX:
		seq_printf(m, "%llx", n);
		break;
	case HM_SYM:
		sprint_symbol_no_offset(sym, n);
		seq_printf(m, "[%llx] %-45s", n, sym);
		break;
	case HM_SYM_OFFSET:
		sprint_symbol(sym, n);
		seq_printf(m, "[%llx] %-55s", n, sym);
		break;
	case HM_EXECNAME:
		seq_printf(m, "%-16.16s[%10llu]",
			   (const char *)hist_elt_extra(v->map, e), n);
		break;
	case HM_SYSCALL:
		name = hist_syscall_name ? hist_syscall_name(n) : NULL;
		seq_printf(m, "%-30s[%3llu]", name ?: "unknown_syscall", n);
		break;
	case HM_LOG2:
		seq_printf(m, "~ 2^%-2llu", n);
		break;
	case HM_BUCKETS:
		seq_printf(m, "~ %llu-%llu", n,
			   n + min(hf->buckets - 1, U64_MAX - n));
		break;
	default:
		seq_printf(m, "%10llu", n);
	}
}

static void hist_keys_print(struct seq_file *m, const struct hist_view *v,
			    const struct hist_elt *e)
{
	const struct trace_hist *h = v->h;
	bool stack = false;
	unsigned int i;

	for (i = 0; i < h->nkeys; i++) {
		const struct hist_field *hf = &h->keys[i];
		const void *k = hist_key_of(v, e, hf);

		seq_puts(m, i ? ", " : "{ ");
		stack = hf->src == HS_STACK;
		if (stack) {
			seq_printf(m, "%s:\n", hist_label(hf));
			hist_stack_print(m, k);
		} else if (hf->src == HS_STR) {
			seq_printf(m, "%s: %-50.*s", hist_label(hf), hf->key_size,
				   (const char *)k);
		} else {
			seq_printf(m, "%s: ", hist_label(hf));
			hist_num_print(m, v, e, hf, *(const u64 *)k);
		}
	}
	/* A stack ends its line; the brace then starts one. */
	seq_puts(m, stack ? "}" : " }");
}

static void hist_vals_print(struct seq_file *m, const struct hist_view *v,
			    const struct hist_elt *e)
{
	const struct trace_hist *h = v->h;
	char bar[HIST_GRAPH_WIDTH + 1];
	unsigned int i, n;
	u64 x, pct;

	if (!h->nohitcount)
		seq_printf(m, " hitcount: %10llu", hist_elt_val(e, 0));
	for (i = 1; i < h->nvals; i++) {
		const struct hist_field *hf = &h->vals[i];

		x = hist_elt_val(e, i);
		switch (hf->mod) {
		/*
		 * Hits go on while the table prints: a value may have grown
		 * past the total and the largest counted before.
		 */
		case HM_PERCENT:
			pct = v->total[i] ?
			      mul_u64_u64_div_u64(min(x, v->total[i]), 10000,
						  v->total[i]) : 0;
			seq_printf(m, "  %s (%%):%4llu.%02llu", hist_label(hf),
				   div_u64(pct, 100), pct % 100);
			break;
		case HM_GRAPH:
			n = v->max[i] ?
			    mul_u64_u64_div_u64(min(x, v->max[i]),
						HIST_GRAPH_WIDTH, v->max[i]) : 0;
			memset(bar, ' ', HIST_GRAPH_WIDTH);
			memset(bar, '#', n);
			bar[HIST_GRAPH_WIDTH] = '\0';
			seq_printf(m, "  %s: %s", hist_label(hf), bar);
			break;
		case HM_HEX:
			seq_printf(m, "  %s: %10llx", hist_label(hf), x);
			break;
		default:
			seq_printf(m, "  %s: %10llu", hist_label(hf), x);
		}
	}
	seq_putc(m, '\n');
	if (h->nslots)
		hist_acts_print(m, h, e);
}

/*
 * What snapshot() action @i took last: its value and the key of its hit,
 * while the entry of that key is there (a clear empties the table).
 */
static void hist_snap_print(struct seq_file *m, const struct hist_view *v,
			    unsigned int i)
{
	const struct hist_act *a = &v->h->acts[i];
	const struct hist_elt *e;
	u8 *key;
	u64 val;

	if (a->action != HA_SNAPSHOT)
		return;
	key = kmalloc(v->h->key_size, GFP_KERNEL);
	if (!key)
		return;
	if (!hist_act_snap_taken(v->h, i, key, &val))
		goto out;
	e = hist_map_lookup(v->h->data->map, key);
	/* "onmax($x).snapshot()": the handler's part. */
	seq_printf(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n"
		   "\ttriggering value { %.*s }: %10llu\n",
		   (int)(strlen(a->text) - strlen(".snapshot()")), a->text,
		   val);
	if (e) {
		seq_puts(m, "\ttriggered by event with key: ");
		hist_keys_print(m, v, e);
		seq_putc(m, '\n');
	}
out:
	kfree(key);
}

/**
 * trace_hist_print() - a hist trigger's table, for the hist file
 * @m:		where to print, after the trigger's header
 * @h:		the trigger
 *
 * Called with trace_ev_lock held; the table may be taking hits.
 */
void trace_hist_print(struct seq_file *m, struct trace_hist *h)
{
	struct hist_view v = { .h = h, .map = h->data->map };
	struct hist_elt **elts;
	unsigned int i, j;
	u64 hits, drops;
	int n;

	lockdep_assert_held(&trace_ev_lock);
	seq_putc(m, '\n');
	n = hist_map_entries(v.map, &elts);
	if (n < 0) {
		seq_puts(m, "# out of memory\n");
		return;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < h->nvals; j++) {
			u64 x = hist_elt_val(elts[i], j);

			v.total[j] += x;
			v.max[j] = max(v.max[j], x);
		}
	sort_r(elts, n, sizeof(*elts), hist_cmp, NULL, &v);
	for (i = 0; i < n; i++) {
		hist_keys_print(m, &v, elts[i]);
		hist_vals_print(m, &v, elts[i]);
	}
	kvfree(elts);
	for (i = 0; i < h->nacts; i++)
		hist_snap_print(m, &v, i);
	hist_map_stats(v.map, &hits, &drops);
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %d\n    Dropped: %llu\n",
		   hits, n, drops);
}
