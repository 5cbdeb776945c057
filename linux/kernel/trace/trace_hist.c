// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: "hist:keys=...[:vals=...][:sort=...][:size=N][:name=N]
 * [:pause][:cont][:clear][:nohitcount][:clock=C][:var=expr,...]
 * [if filter]" in an event's trigger file sums the event's hits into a
 * table by key; the event's hist file prints the table. Variables, which
 * an entry keeps for other triggers, are trace_hist_var.c's; the fields
 * of a command trace_hist_field.c's.
 *
 * A key is up to three fields of the record (or common_cpu,
 * common_timestamp, common_stacktrace), each with a display modifier
 * (.hex, .sym, .sym-offset, .execname, .syscall, .log2, .buckets=N,
 * .usecs); a value is a number field (or hitcount) summed, shown as a
 * number, in hex, as a percentage of its column or as a bar. The hit
 * count is always kept, first. Entries print sorted by up to two keys or
 * values, ascending unless ".descending".
 *
 * Triggers with a name share one table (trace_hist_data) wherever they
 * are, if their keys and values are the same. Each trigger has its own
 * definition (trace_hist) and pause state.
 *
 * Definitions and the list of named tables change under trace_ev_lock.
 * The probe reads a definition, its table and the table's @clearing
 * under RCU (the trigger's), with preemption off; clearing a table waits
 * a grace period with @clearing set, so that no probe is in it.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"
#include "trace_nest.h"

/* Named tables, by name; under trace_ev_lock. */
static LIST_HEAD(hist_named);

/*
 * Hits on a CPU inside one another: task, softirq, irq, NMI, and a probe
 * on the hit path itself.
 */
#define HIST_NEST	(TRACE_EV_SCRATCH_NEST + 2)

/**
 * struct hist_key_buf - a CPU's hits being worked out
 * @depth:	the levels in use (trace_nest.h); changed only by this
 *		CPU's hits
 * @key:	a key for each level
 * @vars:	the variables of each level's hit
 * @refs:	the references' values of each level's hit
 * @strs:	the text of its references to string variables, copied
 */
struct hist_key_buf {
	struct trace_nest depth;
	u8 key[HIST_NEST][HIST_KEY_MAX] __aligned(8);
	u64 vars[HIST_NEST][HIST_VARS_MAX];
	u64 refs[HIST_NEST][HIST_REFS_MAX];
	char strs[HIST_NEST][HIST_REFS_MAX][HIST_VAR_STR];
};

/* From the first trigger's attach on (hist_bufs_get()); never freed. */
static struct hist_key_buf __percpu *hist_key_bufs;

/* Parsing */

/**
 * struct hist_parts - where the parts of a command are, in its copy, until
 * the variables they may name are known
 * @keys:	the last keys=
 * @vals:	each vals=
 * @nvals:	how many
 * @defs:	each part that defines variables
 * @ndefs:	how many
 * @sort:	the last sort=
 * @sort_at:	where that part begins
 * @acts:	each action part
 * @nacts:	how many
 */
struct hist_parts {
	char *keys;
	char *vals[HIST_VARS_MAX];
	unsigned int nvals;
	char *defs[HIST_VARS_MAX];
	unsigned int ndefs;
	char *sort;
	unsigned int sort_at;
	char *acts[HIST_ACTS_MAX];
	unsigned int nacts;
};

static int hp_keys(struct hist_parse *p, char *list)
{
	struct trace_hist *h = p->h;
	struct hist_field *hf;
	char *spec;
	int ret;

	while ((spec = strsep(&list, ","))) {
		if (h->nkeys == HIST_KEYS_MAX)
			return -EINVAL;
		hf = &h->keys[h->nkeys++];
		ret = hist_field_spec(p, hf, spec, true);
		if (ret)
			return ret;
		/* A key is known before the references are read. */
		if (hf->src == HS_VAR && h->vars[hf->idx].uses_ref)
			return hist_fail(p, spec - p->copy,
					 "A key can't read another trigger's variable");
	}
	return 0;
}

static int hp_vals(struct hist_parse *p, char *list)
{
	struct trace_hist *h = p->h;
	struct hist_field *hf;
	char *spec;
	int ret;

	while ((spec = strsep(&list, ","))) {
		/* The hit count is there already. */
		if (!strcmp(spec, "hitcount"))
			continue;
		if (h->nvals == HIST_VALS_MAX)
			return -EINVAL;
		hf = &h->vals[h->nvals++];
		if (strchr(spec, '$') && hist_var_index(h, spec) < 0)
			ret = hist_ref_field(p, hf, spec, false);
		else
			ret = hist_field_spec(p, hf, spec, false);
		if (ret)
			return ret;
		if (hf->src == HS_STR || hf->src == HS_STACK)
			return hist_fail(p, spec - p->copy,
					 "Only numbers can be values");
	}
	return 0;
}

/* The sort fields, once the keys and values are known. */
static int hp_sort(struct hist_parse *p, char *list, unsigned int at)
{
	struct trace_hist *h = p->h;
	char *spec, *mod;
	unsigned int i, n = 0;

	/* Too many is told before what is wrong with any. */
	if (strchr(list, ',') && strchr(strchr(list, ',') + 1, ','))
		return hist_fail(p, at, "Too many sort fields (Max = 2)");
	while (n < HIST_SORT_MAX && (spec = strsep(&list, ","))) {
		if (!*spec)
			return hist_fail(p, at, "Empty sort field");
		mod = strchr(spec, '.');
		if (mod)
			*mod++ = '\0';
		for (i = 0; i < h->nkeys + h->nvals; i++) {
			const struct hist_field *hf = i < h->nkeys ?
				&h->keys[i] : &h->vals[i - h->nkeys];

			if (!strcmp(hf->name, spec))
				break;
		}
		if (i == h->nkeys + h->nvals)
			return hist_fail(p, spec - p->copy,
					 "Sort field must be a key or a val");
		h->desc[n] = false;
		if (mod && !strcmp(mod, "descending"))
			h->desc[n] = true;
		else if (mod && strcmp(mod, "ascending"))
			return hist_fail(p, mod - p->copy,
					 "Invalid sort modifier");
		h->sort[n++] = i;
	}
	h->nsort = n;
	return 0;
}

/*
 * The offsets of the keys in the table's key, and its size; what the
 * final keys and values need (a later keys= replaced the earlier).
 */
static void hp_layout(struct trace_hist *h)
{
	unsigned int i, off = 0, n;

	for (i = 0; i < h->nkeys; i++) {
		struct hist_field *hf = &h->keys[i];

		if (hf->src == HS_STACK)
			n = HIST_STACK_DEPTH * sizeof(unsigned long);
		else if (hf->src == HS_STR)
			n = hf->kind == TRACE_EV_ARRAY ?
			    min_t(unsigned int, hf->size + 1, HIST_STR_MAX) :
			    HIST_STR_MAX;
		else
			n = sizeof(u64);
		hf->key_off = off;
		hf->key_size = ALIGN(n, sizeof(u64));
		off += hf->key_size;
		if (hf->mod == HM_EXECNAME)
			h->execname = true;
		if (hf->src == HS_TS)
			h->uses_ts = true;
	}
	h->key_size = off;
	for (i = 0; i < h->nvals; i++)
		if (h->vals[i].src == HS_TS)
			h->uses_ts = true;
}

/*
 * One ':'-separated part of the command. Keys, values and sort wait in
 * @parts for the variables.
 */
static int hp_part(struct hist_parse *p, char *part, struct hist_parts *parts)
{
	char *eq = strchr(part, '='), *val;
	unsigned int at = part - p->copy;
	int clock;
	u32 size;

	/* An action: no '=' in it. */
	if (!eq && !strncmp(part, "on", 2) && strchr(part, '(')) {
		if (parts->nacts == ARRAY_SIZE(parts->acts))
			return hist_fail(p, at, "Too many actions");
		parts->acts[parts->nacts++] = part;
		return 0;
	}
	if (!eq) {
		if (!strcmp(part, "pause"))
			p->ops |= TRACE_HIST_PAUSE;
		else if (!strcmp(part, "cont") || !strcmp(part, "continue"))
			p->ops |= TRACE_HIST_CONT;
		else if (!strcmp(part, "clear"))
			p->ops |= TRACE_HIST_CLEAR;
		else if (!strcmp(part, "nohitcount") || !strcmp(part, "NOHC"))
			p->h->nohitcount = true;
		else
			return -EINVAL;
		return 0;
	}
	*eq = '\0';
	val = eq + 1;
	if (!*val) {
		*eq = '=';
		return hist_fail(p, at, "Empty assignment");
	}
	if (!strcmp(part, "keys") || !strcmp(part, "key")) {
		/* A later keys= replaces an earlier one. */
		parts->keys = val;
		return 0;
	}
	if (!strcmp(part, "vals") || !strcmp(part, "values") ||
	    !strcmp(part, "val")) {
		if (parts->nvals == ARRAY_SIZE(parts->vals))
			return -EINVAL;
		parts->vals[parts->nvals++] = val;
		return 0;
	}
	if (!strcmp(part, "sort")) {
		parts->sort = val;
		parts->sort_at = at;
		return 0;
	}
	if (!strcmp(part, "size")) {
		if (kstrtou32(val, 0, &size) || size > HIST_SIZE_MAX)
			return -EINVAL;
		size = roundup_pow_of_two(max(size, 1U));
		if (size < HIST_SIZE_MIN)
			return -EINVAL;
		p->h->size = size;
		return 0;
	}
	if (!strcmp(part, "name")) {
		kfree(p->name);
		p->name = kstrdup(val, GFP_KERNEL);
		return p->name ? 0 : -ENOMEM;
	}
	if (!strcmp(part, "clock")) {
		clock = trace_clock_index(val);
		if (clock < 0)
			return -EINVAL;
		strscpy(p->h->clock_name, val);
		p->h->clock = trace_clock_fn(clock);
		return 0;
	}
	/* Anything else defines variables: "name=expr[,name=expr...]". */
	if (parts->ndefs == ARRAY_SIZE(parts->defs))
		return hist_fail(p, at, "Too many variables defined");
	*eq = '=';
	parts->defs[parts->ndefs++] = part;
	return 0;
}

/* The parts that wait for the variables, once they are known. */
static int hp_parts(struct hist_parse *p, struct hist_parts *parts)
{
	unsigned int i;
	int ret;

	ret = hist_vars_parse(p, parts->defs, parts->ndefs);
	if (!ret && parts->keys)
		ret = hp_keys(p, parts->keys);
	for (i = 0; !ret && i < parts->nvals; i++)
		ret = hp_vals(p, parts->vals[i]);
	if (ret)
		return ret;
	/* The key's size is final: snapshot() keeps a copy of a key. */
	hp_layout(p->h);
	ret = hist_acts_parse(p, parts->acts, parts->nacts);
	if (ret)
		return ret;
	if (!p->h->nkeys)
		return -EINVAL;
	if (parts->sort)
		return hp_sort(p, parts->sort, parts->sort_at);
	p->h->nsort = 1;
	p->h->sort[0] = p->h->nkeys;	/* hitcount */
	return 0;
}

static void hist_fields_free(struct trace_hist *h)
{
	unsigned int i;

	for (i = 0; i < h->nkeys; i++)
		kfree(h->keys[i].name);
	for (i = 0; i < h->nvals; i++)
		kfree(h->vals[i].name);
	hist_vars_free(h);
	hist_acts_free(h);
}

/**
 * trace_hist_free() - free a hist trigger no probe can reach any more
 * @h:		the trigger, detached, or never attached; or NULL
 */
void trace_hist_free(struct trace_hist *h)
{
	if (!h)
		return;
	hist_data_put(h->data);
	hist_fields_free(h);
	kfree(h);
}

/**
 * trace_hist_parse() - parse a hist command
 * @cx:		the command, its event and the trace array of the trigger
 *		file, for errors
 * @out:	gets the trigger it defines, not yet attached
 * @ops:	gets the TRACE_HIST_* it asks for
 *
 * Errors go to error_log where upstream logs them. Called with
 * trace_ev_lock held.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int trace_hist_parse(const struct trace_hist_ctx *cx, struct trace_hist **out,
		     unsigned int *ops)
{
	struct hist_parse p = { .cx = *cx };
	struct hist_parts parts = {};
	char *copy, *rest, *part;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	*out = NULL;
	if (strncmp(cx->cmd, "hist:", 5) || !cx->cmd[5])
		return -EINVAL;
	p.h = kzalloc(sizeof(*p.h), GFP_KERNEL);
	copy = kstrdup(cx->cmd, GFP_KERNEL);
	if (!p.h || !copy) {
		kfree(p.h);
		kfree(copy);
		return -ENOMEM;
	}
	p.h->size = HIST_SIZE_DEFAULT;
	p.h->clock = trace_clock_fn(trace_clock_index("global"));
	strscpy(p.h->clock_name, "global");
	p.h->nvals = 1;
	p.h->vals[0].src = HS_HITCOUNT;
	p.h->vals[0].name = kstrdup("hitcount", GFP_KERNEL);
	ret = p.h->vals[0].name ? 0 : -ENOMEM;
	p.copy = copy;
	rest = copy + 5;
	while (!ret && (part = strsep(&rest, ":")))
		ret = hp_part(&p, part, &parts);
	if (!ret)
		ret = hp_parts(&p, &parts);
	if (!ret && p.h->nohitcount && p.h->nvals == 1) {
		trace_hist_log(cx, 0,
			       "Non-hitcount value is required for 'nohitcount'");
		ret = -ENOENT;
	}
	kfree(copy);
	if (ret) {
		hist_fields_free(p.h);
		kfree(p.h);
		kfree(p.name);
		return ret;
	}
	p.h->paused = p.ops & TRACE_HIST_PAUSE;
	/* The name rides in a table of its own until attached. */
	p.h->data = kzalloc(sizeof(*p.h->data), GFP_KERNEL);
	if (!p.h->data) {
		trace_hist_free(p.h);
		kfree(p.name);
		return -ENOMEM;
	}
	refcount_set(&p.h->data->ref, 1);
	p.h->data->name = p.name;
	*out = p.h;
	*ops = p.ops;
	return 0;
}

/* Listing */

static const struct hist_field *hist_sort_field(const struct trace_hist *h,
						unsigned int i)
{
	unsigned int n = h->sort[i];

	return n < h->nkeys ? &h->keys[n] : &h->vals[n - h->nkeys];
}

/* The keys and values, which a named table's triggers must share. */
static void hist_sig_show(struct seq_buf *s, const struct trace_hist *h)
{
	unsigned int i;

	seq_buf_puts(s, "keys=");
	for (i = 0; i < h->nkeys; i++) {
		if (i)
			seq_buf_putc(s, ',');
		hist_field_show(s, &h->keys[i]);
	}
	seq_buf_puts(s, ":vals=");
	for (i = h->nohitcount; i < h->nvals; i++) {
		if (i > h->nohitcount)
			seq_buf_putc(s, ',');
		hist_field_show(s, &h->vals[i]);
	}
	hist_vars_show(s, h);
}

/*
 * A named table's signature: its keys and values as listed, then how its
 * keys lie in an entry, which fields of the same name on other events
 * may not share (a pointer and a string). A trigger that joins takes
 * the table's size.
 */
static void hist_named_sig(struct seq_buf *s, const struct trace_hist *h)
{
	const struct hist_field *hf;

	hist_sig_show(s, h);
	seq_buf_printf(s, "|%u,%u,%s,%u,%u", h->key_size, h->execname,
		       h->uses_ts ? h->clock_name : "", h->nslots, h->nstrs);
	for (hf = h->keys; hf < h->keys + h->nkeys; hf++)
		seq_buf_printf(s, "|%u,%u,%u", hf->src, hf->key_off,
			       hf->key_size);
}

static void hist_list(struct seq_buf *s, const struct trace_hist *h)
{
	unsigned int i;

	seq_buf_puts(s, "hist:");
	if (h->data->name)
		seq_buf_printf(s, "name=%s:", h->data->name);
	hist_sig_show(s, h);
	seq_buf_puts(s, ":sort=");
	for (i = 0; i < h->nsort; i++) {
		if (i)
			seq_buf_putc(s, ',');
		hist_field_show(s, hist_sort_field(h, i));
		if (h->desc[i])
			seq_buf_puts(s, ".descending");
	}
	seq_buf_printf(s, ":size=%u", h->size);
	if (h->uses_ts)
		seq_buf_printf(s, ":clock=%s", h->clock_name);
	if (h->nohitcount)
		seq_buf_puts(s, ":nohitcount");
	hist_acts_show(s, h);
}

/* Run @show into a string of its own; NULL without memory. */
static char *hist_string(void (*show)(struct seq_buf *s,
				      const struct trace_hist *h),
			 const struct trace_hist *h)
{
	char *buf = kmalloc(HIST_LIST_MAX, GFP_KERNEL);
	struct seq_buf s;

	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, HIST_LIST_MAX);
	show(&s, h);
	seq_buf_str(&s);
	return buf;
}

/**
 * trace_hist_list() - a hist trigger as the trigger file lists it
 * @m:		where to print, without the filter and the state
 * @h:		the trigger
 */
void trace_hist_list(struct seq_file *m, const struct trace_hist *h)
{
	char *buf = hist_string(hist_list, h);

	if (buf)
		seq_puts(m, buf);
	kfree(buf);
}

static bool hist_field_same(const struct hist_field *a,
			    const struct hist_field *b)
{
	return !strcmp(a->name, b->name) && a->mod == b->mod &&
	       a->buckets == b->buckets;
}

/**
 * trace_hist_same() - whether two hist triggers are one for adding,
 * removing, pausing or clearing: the same keys, values, sort and name
 * @a:		one
 * @b:		the other
 *
 * Return: true when they are.
 */
bool trace_hist_same(const struct trace_hist *a, const struct trace_hist *b)
{
	const char *na = a->data->name, *nb = b->data->name;
	unsigned int i;

	if (a->nkeys != b->nkeys || a->nvals != b->nvals ||
	    a->nsort != b->nsort || a->nohitcount != b->nohitcount ||
	    !na != !nb || (na && strcmp(na, nb)))
		return false;
	for (i = 0; i < a->nkeys; i++)
		if (!hist_field_same(&a->keys[i], &b->keys[i]))
			return false;
	for (i = 0; i < a->nvals; i++)
		if (!hist_field_same(&a->vals[i], &b->vals[i]))
			return false;
	for (i = 0; i < a->nsort; i++)
		if (a->sort[i] != b->sort[i] || a->desc[i] != b->desc[i])
			return false;
	if (a->uses_ts && strcmp(a->clock_name, b->clock_name))
		return false;
	return hist_vars_same(a, b) && hist_acts_same(a, b);
}

/* Attaching: a table of its own, or the named one */

/* A named trigger takes the table of its name, or @h makes its own. */
static int hist_attach_table(struct trace_hist *h,
			     const struct trace_hist_ctx *cx)
{
	struct trace_hist_data *d = h->data, *x;
	unsigned int extra = h->execname ? ALIGN(TASK_COMM_LEN, 8) : 0;
	const char *at;
	unsigned int i;
	char *sig;

	lockdep_assert_held(&trace_ev_lock);
	if (d->name) {
		sig = hist_string(hist_named_sig, h);
		if (!sig)
			return -ENOMEM;
		list_for_each_entry(x, &hist_named, list) {
			if (strcmp(x->name, d->name))
				continue;
			if (strcmp(x->sig, sig)) {
				kfree(sig);
				at = strstr(cx->cmd, d->name);
				trace_hist_log(cx, at ? at - cx->cmd : 0,
					       "Named hist trigger doesn't match existing named trigger (includes variables)");
				return -EINVAL;
			}
			kfree(sig);
			hist_data_put(d);
			refcount_inc(&x->ref);
			h->data = x;
			h->size = x->size;
			x->users++;
			goto read;
		}
		d->sig = sig;
	}
	/* The variables, then a word of their set bits, after the sums. */
	d->map = hist_map_new(h->size, h->key_size, extra, hist_slots(h));
	if (!d->map)
		return -ENOMEM;
	d->users = 1;
	d->size = h->size;
	if (d->name)
		list_add(&d->list, &hist_named);
read:
	for (i = 0; i < h->nrefs; i++)
		h->refs[i].data->readers++;
	return 0;
}

/*
 * The hits' per-CPU buffers, made when the first trigger is attached (a
 * kernel that sets none has none) and kept. Called with trace_ev_lock
 * held.
 */
static int hist_bufs_get(void)
{
	struct hist_key_buf __percpu *b;

	lockdep_assert_held(&trace_ev_lock);
	if (hist_key_bufs)
		return 0;
	b = alloc_percpu(struct hist_key_buf);
	if (!b)
		return -ENOMEM;
	/* Pairs with the acquire of trace_hist_hit(). */
	smp_store_release(&hist_key_bufs, b);
	return 0;
}

/**
 * trace_hist_attach_locked() - give a parsed hist trigger its table
 * @h:		the trigger, from trace_hist_parse()
 * @cx:		its command: the trace array, whose buffer its snapshot()
 *		actions swap, and the event and command for errors
 *
 * A named trigger takes the table of its name, when its keys, values and
 * variables match those of the table's triggers. Its references, bound
 * (trace_hist_bind_locked()), count as readers of their tables. Called with
 * trace_ev_lock held.
 *
 * Return: 0, -EINVAL (a name taken by other keys or values) or -ENOMEM.
 */
int trace_hist_attach_locked(struct trace_hist *h,
			     const struct trace_hist_ctx *cx)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	ret = hist_bufs_get();
	if (ret)
		return ret;
	ret = hist_acts_arm(h, trace_array_buf(cx->tr));
	if (ret)
		return ret;
	ret = hist_attach_table(h, cx);
	if (ret)
		hist_acts_disarm(h);
	return ret;
}

/**
 * trace_hist_detach_locked() - a hist trigger leaves its table
 * @h:		the trigger, attached
 *
 * When it was the table's last, the table leaves the named ones;
 * trace_hist_free() lets it go. Called with trace_ev_lock held.
 */
void trace_hist_detach_locked(struct trace_hist *h)
{
	unsigned int i;

	lockdep_assert_held(&trace_ev_lock);
	trace_hist_acts_unhold_locked(h);
	hist_acts_disarm(h);
	for (i = 0; i < h->nrefs; i++)
		h->refs[i].data->readers--;
	if (--h->data->users)
		return;
	if (h->data->name)
		list_del(&h->data->list);
}

/**
 * trace_hist_set_paused() - pause or continue a hist trigger
 * @h:		the trigger
 * @paused:	true to pause it
 *
 * Any context: enable_hist and disable_hist triggers call it.
 */
void trace_hist_set_paused(struct trace_hist *h, bool paused)
{
	WRITE_ONCE(h->paused, paused);
}

/**
 * trace_hist_paused() - whether a hist trigger is paused
 * @h:		the trigger
 *
 * Return: true when it is.
 */
bool trace_hist_paused(const struct trace_hist *h)
{
	return READ_ONCE(h->paused);
}

/**
 * trace_hist_clear_locked() - empty a hist trigger's table
 * @h:		the trigger, attached
 *
 * Hits that come meanwhile are not counted. Called with trace_ev_lock
 * held; waits for a grace period.
 */
void trace_hist_clear_locked(struct trace_hist *h)
{
	lockdep_assert_held(&trace_ev_lock);
	WRITE_ONCE(h->data->clearing, true);
	/* Probes test @clearing with preemption off. */
	synchronize_rcu();
	hist_map_clear(h->data->map);
	/* Pairs with the smp_load_acquire() of trace_hist_hit(). */
	smp_store_release(&h->data->clearing, false);
}

/* Hits */

static void hist_key_part(const struct hist_field *hf, u8 *key,
			  const struct hist_hit *hit)
{
	unsigned int max, n;
	const char *s;
	u64 v;

	switch (hf->src) {
	case HS_STR:
		s = trace_ev_field_str(hit->rec, hit->len, hf->kind,
				       hf->offset, hf->size, &max);
		n = s ? strnlen(s, min(max, hf->key_size - 1U)) : 0;
		if (n)
			memcpy(key + hf->key_off, s, n);
		memset(key + hf->key_off + n, 0, hf->key_size - n);
		return;
	case HS_STACK:
		/* Past trace_hist_hit(), the trigger run, the commit, the probe. */
		n = stack_trace_save((unsigned long *)(key + hf->key_off),
				     HIST_STACK_DEPTH, 5);
		memset(key + hf->key_off + n * sizeof(unsigned long), 0,
		       hf->key_size - n * sizeof(unsigned long));
		return;
	default:
		/* No key reads a reference: they come after the keys. */
		v = hist_field_num(hf, hit);
		if (hf->mod == HM_LOG2)
			v = v > 1 ? fls64(v - 1) : 0;
		else if (hf->mod == HM_BUCKETS)
			v = div64_u64(v, hf->buckets) * hf->buckets;
		*(u64 *)(key + hf->key_off) = v;
	}
}

/**
 * trace_hist_hit() - count a hit of an event in a hist trigger
 * @h:		the trigger
 * @rec:	the event's record
 * @len:	its length
 *
 * Called from the event's probe (trace_ev_trig_run()), preemption off.
 * A probe on what this calls may hit a hist trigger again: each nesting
 * level builds its key in a buffer of its own, and a hit nested too
 * deep is dropped and counted.
 */
noinline void trace_hist_hit(struct trace_hist *h, const void *rec,
			     unsigned int len)
{
	struct hist_hit hit = { .rec = rec, .len = len };
	struct trace_hist_data *d = h->data;
	struct hist_key_buf *kb;
	struct hist_elt *e;
	bool fresh = false;
	unsigned int i, n;
	u8 *key;

	/* Pairs with the smp_store_release() of trace_hist_clear_locked(). */
	if (READ_ONCE(h->paused) || smp_load_acquire(&d->clearing))
		return;
	/* Set before any trigger was attached; pairs with hist_bufs_get(). */
	kb = this_cpu_ptr(smp_load_acquire(&hist_key_bufs));
	n = trace_nest_level(&kb->depth);
	if (unlikely(n >= HIST_NEST)) {
		hist_map_drop(d->map);
		return;
	}
	/* A nested hit from here on takes the next buffer. */
	trace_nest_take(&kb->depth, n);
	if (h->uses_ts)
		hit.ts = h->clock();
	key = kb->key[n];
	hit.vars = kb->vars[n];
	hit.refs = kb->refs[n];
	/* The variables the keys may read, the keys, the references... */
	if (h->nvars)
		hist_vars_eval(h, &hit, false);
	for (i = 0; i < h->nkeys; i++)
		hist_key_part(&h->keys[i], key, &hit);
	if (h->nrefs) {
		if (!hist_refs_take(h, key, hit.refs, kb->strs[n][0]))
			goto out;
		hist_vars_eval(h, &hit, true);
	}
	e = hist_map_get(d->map, key, h->execname ? current->comm : NULL,
			 &fresh);
	if (!e)
		goto out;
	for (i = 0; i < h->nvals; i++)
		hist_elt_add(e, i, hist_field_num(&h->vals[i], &hit));
	if (h->nvars)
		hist_vars_store(h, e, &hit);
	/* The hit matched: its references all had values. */
	if (h->nacts)
		hist_acts_run(h, e, &hit);
out:
	trace_nest_give(&kb->depth, n);
}

NOKPROBE_SYMBOL(trace_hist_hit);

