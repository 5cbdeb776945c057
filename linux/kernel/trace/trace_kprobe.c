// SPDX-License-Identifier: GPL-2.0
/*
 * Kprobe events: trace events on kprobes and kretprobes, defined at run
 * time through kprobe_events or dynamic_events, and counted in
 * kprobe_profile.
 *
 * An event is one struct tk_event: a trace event of the registry
 * (trace_ev_dyn_add()) whose class starts and stops its probes, its
 * fetch arguments (trace_probe.h), and one or more probes: a definition
 * that names an existing event of the same type and arguments adds its
 * place to the event. Every probe is registered, disarmed, when it is
 * defined, so that a place kprobes refuse is refused at once; enabling
 * the event arms them.
 *
 * A hit evaluates the arguments into one of this CPU's scratch pages
 * (trace_probe.h), then copies the record into the buffer (a record's
 * length is known only once its strings are read). A hit that finds
 * every level in use is dropped and counted as a miss. A return probe
 * that reads $argN copies them at the entry, in its kretprobe's data.
 */
#include <linux/bpf.h>
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_kprobe.h"
#include "trace_probe.h"

#define TK_GROUP		"kprobes"
#define TK_ERRLOC		"trace_kprobe"
#define TK_MAXACTIVE_MAX	4096

/**
 * struct tk_event - a kprobe event
 * @de:		what every dynamic event has; its class's reg is tk_reg()
 * @probes:	its probes (struct tk_probe); changed under dynev_lock and
 *		trace_ev_lock both, so that either keeps it still
 * @ret:	its probes are return probes
 * @hits:	its probes' hits, per CPU, for kprobe_profile
 */
struct tk_event {
	struct dynev_event de;
	struct list_head probes;
	bool ret;
	unsigned long __percpu *hits;
};

/**
 * struct tk_probe - one place of a kprobe event
 * @rp:		its kretprobe; a kprobe event uses @rp.kp alone
 * @node:	in its event's @probes
 * @ev:		its event
 * @sym:	"[MOD:]SYM" as written; NULL for a probe on an address
 * @offs:	the offset from @sym
 * @addr:	the address, for a probe without @sym
 * @maxactive:	the MAXACTIVE of a return probe, 0 when not given
 * @registered:	kprobes has it; false for a probe on a module that is
 *		not loaded, until it is (dynev_lock)
 */
struct tk_probe {
	struct kretprobe rp;
	struct list_head node;
	struct tk_event *ev;
	char *sym;
	unsigned long offs;
	unsigned long addr;
	int maxactive;
	bool registered;
};

static struct dynev_kind tk_kind;

/* The kprobe event a dynamic event of tk_kind is. */
static struct tk_event *tk_of(struct dynev_event *de)
{
	return container_of(de, struct tk_event, de);
}

/*
 * The hit: its record, when the event records. @eargs: of a return, the
 * arguments copied at the entry.
 */
static void tk_hit(struct tk_probe *p, struct pt_regs *regs,
		   unsigned long ret_ip, const unsigned long *eargs)
{
	struct tk_event *ev = p->ev;
	struct trace_ev_call *call = &ev->de.call;
	unsigned long fl = READ_ONCE(call->flags);
	unsigned long *head;
	struct trace_wh h;
	unsigned int len;
	void *page;
	bool bpf;
	u8 *rec;

	this_cpu_inc(*ev->hits);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->de.missed);
		return;
	}
	/* Kprobe programs see the registers; they may keep the hit from perf. */
	bpf = IS_ENABLED(CONFIG_BPF_EVENTS) && (fl & TRACE_EV_FL_SLOW);
	if (bpf)
		trace_ev_perf_regs_bpf(call, regs);
	head = page + sizeof(struct trace_entry);
	head[0] = (unsigned long)p->rp.kp.addr;
	if (ev->ret)
		head[1] = ret_ip;
	len = tp_fetch(ev->de.args, regs, eargs, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	if (bpf)
		trace_ev_perf_regs_done();
	tp_scratch_put();
}

NOKPROBE_SYMBOL(tk_hit);

static int tk_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	tk_hit(container_of(kp, struct tk_probe, rp.kp), regs, 0, NULL);
	return 0;
}

NOKPROBE_SYMBOL(tk_pre_handler);

/* A return probe that reads $argN copies them at the entry. */
static int tk_entry_handler(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct tk_probe *p = container_of(rp, struct tk_probe, rp);

	tp_save_eargs(p->ev->de.args, regs, (unsigned long *)ri->data);
	return 0;
}

NOKPROBE_SYMBOL(tk_entry_handler);

static int tk_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct tk_probe *p = container_of(rp, struct tk_probe, rp);

	tk_hit(p, regs, get_kretprobe_retaddr(ri),
	       p->ev->de.args->eargs ? (unsigned long *)ri->data : NULL);
	return 0;
}

NOKPROBE_SYMBOL(tk_ret_handler);

static void tk_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct tk_event *ev = tk_of(dynev_of(call));

	dynev_place_print(m, &ev->de, rec, len, ev->ret, false);
}

static int tk_probe_arm(struct tk_probe *p, bool on)
{
	return on ? enable_kprobe(&p->rp.kp) : disable_kprobe(&p->rp.kp);
}

/* Arm or disarm every probe of an event; under trace_ev_lock. */
static int tk_reg(struct trace_ev_call *call, bool on)
{
	struct tk_event *ev = tk_of(dynev_of(call));
	struct tk_probe *p;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry(p, &ev->probes, node) {
		/* A probe whose module is not there stays defined, disarmed. */
		if (!p->registered || kprobe_gone(&p->rp.kp))
			continue;
		ret = tk_probe_arm(p, on);
		if (ret && on) {
			list_for_each_entry_continue_reverse(p, &ev->probes, node)
				tk_probe_arm(p, false);
			return ret;
		}
	}
	return 0;
}

static void tk_probe_free(struct tk_probe *p)
{
	kfree(p->sym);
	kfree(p);
}

static void tk_probe_unregister(struct tk_probe *p)
{
	if (!p->registered)
		return;
	p->registered = false;
	if (p->ev->ret)
		unregister_kretprobe(&p->rp);
	else
		unregister_kprobe(&p->rp.kp);
}

/* Free an event, which has left the registry: its probes go first. */
static void tk_event_free(struct tk_event *ev)
{
	struct tk_probe *p, *tmp;

	list_for_each_entry_safe(p, tmp, &ev->probes, node) {
		tk_probe_unregister(p);
		list_del(&p->node);
		tk_probe_free(p);
	}
	free_percpu(ev->hits);
	dynev_event_fini(&ev->de);
	kfree(ev);
}

static void tk_release(struct dynev_event *de)
{
	tk_event_free(tk_of(de));
}

/* The place of @p as the listing shows it. */
static void tk_place(const struct tk_probe *p, char *buf, size_t size)
{
	if (!p->sym)
		snprintf(buf, size, "0x%lx", p->addr);
	else if (p->offs)
		snprintf(buf, size, "%s+%lu", p->sym, p->offs);
	else
		snprintf(buf, size, "%s", p->sym);
}

static void tk_show_probe(struct seq_file *m, const struct tk_event *ev,
			  const struct tk_probe *p)
{
	char place[KSYM_NAME_LEN + MODULE_NAME_LEN + 24];

	tk_place(p, place, sizeof(place));
	seq_putc(m, ev->ret ? 'r' : 'p');
	if (p->maxactive)
		seq_printf(m, "%d", p->maxactive);
	seq_printf(m, ":%s/%s %s", ev->de.group, ev->de.name, place);
	tp_args_show(m, ev->de.args);
	seq_putc(m, '\n');
}

static void tk_show(struct seq_file *m, struct dynev_event *de)
{
	struct tk_event *ev = tk_of(de);
	struct tk_probe *p;

	list_for_each_entry(p, &ev->probes, node)
		tk_show_probe(m, ev, p);
}

/**
 * struct tk_def - a parsed kprobe definition
 * @ret:	a return probe
 * @maxactive:	its MAXACTIVE, or 0
 * @grp:	the group given, or NULL
 * @event:	the event's name given, or NULL
 * @sym:	"[MOD:]SYM", or NULL for an address
 * @offs:	the offset from @sym
 * @addr:	the address
 * @entry:	the place is a function's entry
 * @args:	the arguments
 */
struct tk_def {
	bool ret;
	bool entry;
	int maxactive;
	const char *grp;
	const char *event;
	char *sym;
	unsigned long offs;
	unsigned long addr;
	struct tp_args *args;
};

/* "p" or "r[MAXACTIVE]", then ":[GRP/]EVENT" */
static int tk_parse_head(struct dynev_cmd *cmd, struct tk_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];
	unsigned long n;
	size_t dlen;

	d->ret = s[0] == 'r';
	if (colon)
		*colon = '\0';
	dlen = strlen(s + 1);
	if (dlen) {
		if (!d->ret)
			return dynev_cmd_fail(cmd, pos + 1,
					      "Maxactive is only for return probes",
					      -EINVAL);
		if (kstrtoul(s + 1, 0, &n))
			return dynev_cmd_fail(cmd, pos + 1, "Bad maxactive number",
					      -EINVAL);
		if (n > TK_MAXACTIVE_MAX)
			return dynev_cmd_fail(cmd, pos + 1, "Maxactive is too big",
					      -EINVAL);
		d->maxactive = n;
	}
	if (!colon)
		return 0;
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->grp,
				&d->event, &cmd->err);
}

static int tk_count_sym(void *data, unsigned long addr)
{
	(*(unsigned int *)data)++;
	return 0;
}

/* Whether "MOD:SYM" names a module that is not loaded: the probe waits. */
static bool tk_module_missing(const char *s)
{
	const char *colon = strchr(s, ':');
	char name[MODULE_NAME_LEN];
	bool missing;

	if (!colon || colon - s >= MODULE_NAME_LEN)
		return false;
	memcpy(name, s, colon - s);
	name[colon - s] = '\0';
	rcu_read_lock_sched();
	missing = !find_module(name);
	rcu_read_unlock_sched();
	return missing;
}

/* Whether @p's place is in module @mod. */
static bool tk_probe_in(const struct tk_probe *p, const struct module *mod)
{
	size_t n = strlen(mod->name);

	return p->sym && !strncmp(p->sym, mod->name, n) && p->sym[n] == ':';
}

/* [MOD:]SYM[+offs][%return] | MEMADDR[%return] */
static int tk_parse_place(struct dynev_cmd *cmd, struct tk_def *d)
{
	char *s = cmd->argv[1], *pct, *plus, *name;
	unsigned int pos = cmd->pos[1], n = 0;

	pct = strchr(s, '%');
	if (pct) {
		if (strcmp(pct, "%return"))
			return dynev_cmd_fail(cmd, pos + (pct - s),
					      "Unknown suffix of the place", -EINVAL);
		*pct = '\0';
		d->ret = true;
	}
	if (isdigit(s[0])) {
		if (kstrtoul(s, 0, &d->addr))
			return dynev_cmd_fail(cmd, pos, "Bad probe address", -EINVAL);
		d->entry = !kprobe_on_func_entry((kprobe_opcode_t *)d->addr,
						 NULL, 0);
		return 0;
	}
	if (strchr(s, '-'))
		return dynev_cmd_fail(cmd, pos, "Bad probe address", -EINVAL);
	plus = strchr(s, '+');
	if (plus) {
		*plus = '\0';
		if (kstrtoul(plus + 1, 0, &d->offs))
			return dynev_cmd_fail(cmd, pos, "Bad probe address", -EINVAL);
	}
	name = strchr(s, ':');
	name = name ? name + 1 : s;
	if (!*s || !*name || strlen(s) >= KSYM_NAME_LEN + MODULE_NAME_LEN)
		return dynev_cmd_fail(cmd, pos, "Bad probe address", -EINVAL);
	if (!kallsyms_lookup_name(s)) {
		if (!tk_module_missing(s))
			return dynev_cmd_fail(cmd, pos, "Probe point is not found",
					      -ENOENT);
		/* Of a module not loaded: only its name says where it is. */
		d->entry = !d->offs;
	} else {
		/* SYM+offs may be another function's entry (_text+N). */
		d->entry = !d->offs || !kprobe_on_func_entry(NULL, s, d->offs);
	}
	if (d->ret && !d->entry)
		return dynev_cmd_fail(cmd, pos,
				      "A return probe must be at a function's entry",
				      -EINVAL);
	if (name == s) {
		kallsyms_on_each_match_symbol(tk_count_sym, s, &n);
		if (n > 1)
			return dynev_cmd_fail(cmd, pos,
					      "The symbol is not unique: probe an address",
					      -EADDRNOTAVAIL);
	}
	d->sym = kstrdup(s, GFP_KERNEL);
	return d->sym ? 0 : -ENOMEM;
}

static int tk_parse_args(struct dynev_cmd *cmd, struct tk_def *d)
{
	struct tp_pctx pc = { .flags = TP_CTX_KERNEL };

	if (d->ret)
		pc.flags |= TP_CTX_RETURN | TP_CTX_ENTRY;
	else if (d->entry)
		pc.flags |= TP_CTX_ENTRY;
	return dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->ret), &d->args);
}

static int tk_parse(struct dynev_cmd *cmd, struct tk_def *d)
{
	int ret;

	ret = tk_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
				      -EINVAL);
	ret = tk_parse_place(cmd, d);
	if (ret)
		return ret;
	return tk_parse_args(cmd, d);
}

static void tk_def_free(struct tk_def *d)
{
	kfree(d->sym);
	tp_args_free(d->args);
}

/* The event's name when the definition gives none: p_SYM_OFFS. */
static char *tk_default_name(const struct tk_def *d)
{
	if (d->sym)
		return dynev_auto_name("%c_%s_%lu", d->ret ? 'r' : 'p', d->sym,
				       d->offs);
	return dynev_auto_name("%c_0x%lx", d->ret ? 'r' : 'p', d->addr);
}

static struct tk_probe *tk_probe_new(struct tk_def *d, struct tk_event *ev)
{
	struct tk_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	p->ev = ev;
	p->sym = d->sym;
	d->sym = NULL;
	p->offs = d->offs;
	p->addr = d->addr;
	p->maxactive = d->maxactive;
	if (p->sym) {
		p->rp.kp.symbol_name = p->sym;
		p->rp.kp.offset = p->offs;
	} else {
		p->rp.kp.addr = (kprobe_opcode_t *)p->addr;
	}
	p->rp.kp.flags = KPROBE_FLAG_DISABLED;
	if (d->ret) {
		p->rp.handler = tk_ret_handler;
		p->rp.maxactive = d->maxactive;
		if (ev->de.args->eargs) {
			p->rp.entry_handler = tk_entry_handler;
			p->rp.data_size = ev->de.args->eargs * sizeof(long);
		}
	} else {
		p->rp.kp.pre_handler = tk_pre_handler;
	}
	return p;
}

/* Register @p disarmed; a refusal is explained at the place's word. */
static int tk_probe_register(struct dynev_cmd *cmd, struct tk_probe *p)
{
	unsigned int pos = cmd->pos[1];
	int ret;

	if (p->sym && tk_module_missing(p->sym))
		return 0;
	ret = p->ev->ret ? register_kretprobe(&p->rp) :
			   register_kprobe(&p->rp.kp);
	switch (ret) {
	case 0:
		p->registered = true;
		return 0;
	case -EILSEQ:
		return dynev_cmd_fail(cmd, pos,
				      "The place is not on an instruction boundary",
				      ret);
	case -ENOENT:
		return dynev_cmd_fail(cmd, pos, "Probe point is not found", ret);
	case -EINVAL:
		return dynev_cmd_fail(cmd, pos, "Probe point cannot be probed", ret);
	default:
		return dynev_cmd_fail(cmd, pos, "The probe was refused", ret);
	}
}

/* Add a probe to an existing event of the same type and arguments. */
static int tk_append(struct dynev_cmd *cmd, struct tk_def *d,
		     struct tk_event *ev)
{
	char place[KSYM_NAME_LEN + MODULE_NAME_LEN + 24], mine[sizeof(place)];
	struct tk_probe *p, *q;
	int ret;

	ret = dynev_append_check(cmd, &ev->de, ev->ret == d->ret, d->args, 2);
	if (ret)
		return ret;
	p = tk_probe_new(d, ev);
	if (!p)
		return -ENOMEM;
	tk_place(p, mine, sizeof(mine));
	list_for_each_entry(q, &ev->probes, node) {
		tk_place(q, place, sizeof(place));
		if (!strcmp(place, mine)) {
			tk_probe_free(p);
			return dynev_cmd_fail(cmd, cmd->pos[0],
					      "The event has this probe already",
					      -EEXIST);
		}
	}
	ret = tk_probe_register(cmd, p);
	if (ret) {
		tk_probe_free(p);
		return ret;
	}
	mutex_lock(&trace_ev_lock);
	list_add_tail(&p->node, &ev->probes);
	if (p->registered && test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
		ret = tk_probe_arm(p, true);
	if (ret)
		list_del(&p->node);
	mutex_unlock(&trace_ev_lock);
	if (ret) {
		tk_probe_unregister(p);
		tk_probe_free(p);
	}
	return ret;
}

/* An event of @d's type and arguments (taken from @d), without probes. */
static struct tk_event *tk_event_alloc(struct tk_def *d, const char *grp,
				       const char *name)
{
	struct tk_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	int ret;

	if (!ev)
		return NULL;
	INIT_LIST_HEAD(&ev->probes);
	ev->ret = d->ret;
	ret = dynev_place_init(&ev->de, &tk_kind, grp, name, &d->args, d->ret,
			       false);
	ev->hits = alloc_percpu(unsigned long);
	if (ret || !ev->hits) {
		tk_event_free(ev);
		return NULL;
	}
	ev->de.class.reg = tk_reg;
	ev->de.class.print = tk_print;
	ev->de.class.perf = TRACE_EV_PERF_KPROBE;
	return ev;
}

static int tk_event_new(struct dynev_cmd *cmd, struct tk_def *d,
			const char *grp, const char *name)
{
	struct tk_event *ev = tk_event_alloc(d, grp, name);
	struct tk_probe *p;
	int ret;

	if (!ev)
		return -ENOMEM;
	p = tk_probe_new(d, ev);
	if (!p) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = tk_probe_register(cmd, p);
	if (ret) {
		tk_probe_free(p);
		goto fail;
	}
	list_add_tail(&p->node, &ev->probes);
	ret = dynev_event_add(&ev->de);
	if (!ret)
		return 0;
fail:
	tk_event_free(ev);
	return ret;
}

static int tk_create(struct dynev_cmd *cmd, bool del)
{
	struct tk_def d = { };
	struct dynev_event *de;
	const char *grp, *name;
	char *auto_name = NULL;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if (cmd->argv[0][0] != 'p' && cmd->argv[0][0] != 'r')
		return -ECANCELED;
	/* PATH:OFFSET is a uprobe's (trace_uprobe.c). */
	if (cmd->argc >= 2 && dynev_place_is_file(cmd->argv[1]))
		return -ECANCELED;
	ret = tk_parse(cmd, &d);
	if (ret)
		goto out;
	grp = d.grp ?: TK_GROUP;
	name = d.event;
	if (!name) {
		auto_name = tk_default_name(&d);
		name = auto_name;
		if (!name) {
			ret = -ENOMEM;
			goto out;
		}
	}
	ret = dynev_lookup(cmd, &tk_kind, grp, name, del, &de);
	if (ret)
		ret = ret < 0 ? ret : 0;
	else if (de)
		ret = tk_append(cmd, &d, tk_of(de));
	else
		ret = tk_event_new(cmd, &d, grp, name);
out:
	kfree(auto_name);
	tk_def_free(&d);
	return ret;
}

/* "-:EVENT PLACE": that place goes; the event, with its last place. */
static int tk_remove_words(struct dynev_event *de, struct dynev_cmd *cmd)
{
	char place[KSYM_NAME_LEN + MODULE_NAME_LEN + 24];
	struct tk_event *ev = tk_of(de);
	struct tk_probe *p;

	list_for_each_entry(p, &ev->probes, node) {
		tk_place(p, place, sizeof(place));
		if (strcmp(place, cmd->argv[1]))
			continue;
		if (list_is_singular(&ev->probes))
			return 1;
		/* Checked and unlinked at once: enabling takes this lock. */
		scoped_guard(mutex, &trace_ev_lock) {
			if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
				return -EBUSY;
			list_del(&p->node);
		}
		tk_probe_unregister(p);
		tk_probe_free(p);
		return 0;
	}
	return -ENOENT;
}

/*
 * A module comes: the probes on it register (again: those from its last
 * load are gone), armed when their event is on.
 */
static void tk_module_coming(struct module *mod)
{
	struct dynev_event *de;
	struct tk_event *ev;
	struct tk_probe *p;
	int ret;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tk_kind); de; de = dynev_next(de, &tk_kind)) {
		ev = tk_of(de);
		list_for_each_entry(p, &ev->probes, node) {
			if (!tk_probe_in(p, mod))
				continue;
			tk_probe_unregister(p);
			p->rp.kp.addr = NULL;
			p->rp.kp.flags = KPROBE_FLAG_DISABLED;
			ret = ev->ret ? register_kretprobe(&p->rp) :
					register_kprobe(&p->rp.kp);
			if (ret) {
				pr_warn("kprobe event %s/%s: %s not probed again: %d\n",
					ev->de.group, ev->de.name, p->sym, ret);
				continue;
			}
			p->registered = true;
			guard(mutex)(&trace_ev_lock);
			if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags) &&
			    tk_probe_arm(p, true))
				pr_warn("kprobe event %s/%s: %s not armed\n",
					ev->de.group, ev->de.name, p->sym);
		}
	}
}

/* Probes of the kprobe PMU, one perf event's each (trace_kprobe_perf.c) */

/**
 * tk_local_new() - make the probe event of a kprobe PMU perf event
 * @sym:	"[MOD:]SYM", or NULL for a probe on @addr
 * @addr:	the address, without @sym
 * @offs:	the offset from @sym
 * @ret:	a return probe
 *
 * The event has no arguments, and is in no list, system or file: only
 * its perf events reach it (trace_ev_local_add()). Its probe is
 * registered disarmed; perf arms it. It does not follow a module that
 * is unloaded and loaded again.
 *
 * Return: the event; ERR_PTR(-ENOENT) for a symbol not in kallsyms,
 * -EADDRNOTAVAIL for a name several functions have, -ENOMEM, or what
 * kprobes refused the place with (-EINVAL, -EILSEQ, -ENOENT).
 */
struct trace_ev_call *tk_local_new(const char *sym, unsigned long addr,
				   unsigned long offs, bool ret)
{
	struct tk_def d = { .ret = ret, .offs = offs, .addr = addr };
	struct trace_ev_call *call = ERR_PTR(-ENOMEM);
	struct tk_event *ev = NULL;
	struct tk_probe *p = NULL;
	unsigned int n = 0;
	char *name = NULL;
	int err, bad;

	if (sym) {
		if (!kallsyms_lookup_name(sym))
			return ERR_PTR(-ENOENT);
		if (!strchr(sym, ':')) {
			kallsyms_on_each_match_symbol(tk_count_sym, sym, &n);
			if (n > 1)
				return ERR_PTR(-EADDRNOTAVAIL);
		}
		d.sym = kstrdup(sym, GFP_KERNEL);
		if (!d.sym)
			goto out;
	}
	d.args = tp_args_alloc(0);
	if (!d.args || tp_args_layout(d.args, dynev_rec_size(ret), &bad))
		goto out;
	name = tk_default_name(&d);
	if (name)
		ev = tk_event_alloc(&d, TK_GROUP, name);
	if (!ev)
		goto out;
	err = tp_scratch_alloc();
	if (!err) {
		p = tk_probe_new(&d, ev);
		err = p ? 0 : -ENOMEM;
	}
	if (!err)
		err = ret ? register_kretprobe(&p->rp) :
			    register_kprobe(&p->rp.kp);
	if (err) {
		if (p)
			tk_probe_free(p);
		call = ERR_PTR(err);
		goto out;
	}
	p->registered = true;
	list_add_tail(&p->node, &ev->probes);
	err = trace_ev_local_add(&ev->de.call);
	if (err) {
		/* tk_event_free() unregisters and frees the probe. */
		call = ERR_PTR(err);
		goto out;
	}
	call = &ev->de.call;
	ev = NULL;
out:
	if (ev)
		tk_event_free(ev);
	kfree(name);
	tk_def_free(&d);
	return call;
}

/**
 * tk_local_free() - undo tk_local_new()
 * @call:	the event, which perf left
 *
 * Sleeps: once the probe is unregistered no hit runs on the event.
 */
void tk_local_free(struct trace_ev_call *call)
{
	struct tk_event *ev = tk_of(dynev_of(call));
	struct tk_probe *p;

	/* Its probes first: no hit may come once perf's links are gone. */
	list_for_each_entry(p, &ev->probes, node)
		tk_probe_unregister(p);
	trace_ev_local_remove(call);
	tk_event_free(ev);
}

/**
 * tk_info() - what BPF's link info and BPF_TASK_FD_QUERY say of a kprobe
 * event
 * @call:	the event: of kprobe_events or of the kprobe PMU
 * @fd_type:	gets BPF_FD_TYPE_KPROBE or BPF_FD_TYPE_KRETPROBE
 * @sym:	gets its first probe's "[MOD:]SYM" (it lives as long as the
 *		perf event), or NULL for a probe on an address
 * @offs:	gets the offset from the symbol
 * @addr:	gets the probed address, or 0 where kallsyms hides them
 * @missed:	gets the hits dropped; may be NULL
 *
 * Return: 0, or -EINVAL for an event that is not a kprobe event.
 */
int tk_info(struct trace_ev_call *call, u32 *fd_type, const char **sym,
	    u64 *offs, u64 *addr, unsigned long *missed)
{
	struct tk_event *ev;
	struct tk_probe *p;
	unsigned long n;

	if (call->class->reg != tk_reg)
		return -EINVAL;
	ev = tk_of(dynev_of(call));
	/* The probes change under this lock and dynev_lock both. */
	guard(mutex)(&trace_ev_lock);
	p = list_first_entry_or_null(&ev->probes, struct tk_probe, node);
	if (!p)
		return -EINVAL;
	*fd_type = ev->ret ? BPF_FD_TYPE_KRETPROBE : BPF_FD_TYPE_KPROBE;
	*sym = p->sym;
	*offs = p->sym ? p->offs : 0;
	*addr = kallsyms_show_value(current_cred()) ?
		(unsigned long)p->rp.kp.addr : 0;
	if (!missed)
		return 0;
	n = atomic_long_read(&ev->de.missed);
	list_for_each_entry(p, &ev->probes, node)
		n += p->rp.kp.nmissed + (ev->ret ? p->rp.nmissed : 0);
	*missed = n;
	return 0;
}

static int tk_module_notify(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	if (state == MODULE_STATE_COMING)
		tk_module_coming(data);
	return NOTIFY_DONE;
}

static struct notifier_block tk_module_nb = {
	.notifier_call = tk_module_notify,
};

static struct dynev_kind tk_kind = {
	.errloc = TK_ERRLOC,
	.create = tk_create,
	.remove_words = tk_remove_words,
	.show = tk_show,
	.release = tk_release,
};

/* kprobe_profile: each event's hits and misses. */
static int tk_profile_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	unsigned long hits, missed;
	struct dynev_event *de;
	struct tk_event *ev;
	struct tk_probe *p;
	int cpu;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tk_kind); de; de = dynev_next(de, &tk_kind)) {
		ev = tk_of(de);
		hits = 0;
		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(ev->hits, cpu);
		missed = atomic_long_read(&ev->de.missed);
		list_for_each_entry(p, &ev->probes, node)
			missed += p->rp.kp.nmissed + (ev->ret ? p->rp.nmissed : 0);
		seq_printf(m, "  %-44s %15lu %15lu\n", ev->de.name, hits, missed);
	}
	return 0;
}

static const struct trace_fs_file tk_files[] = {
	TRACE_FS_FOPS("kprobe_events", 0640, TRACE_FS_TOP_ONLY, (long)&tk_kind,
		      &dynev_fops),
	TRACE_FS_ATTR("kprobe_profile", 0440, TRACE_FS_TOP_ONLY,
		      tk_profile_show, NULL),
};

static struct trace_fs_table tk_fs = {
	.name = "kprobe_events",
	.files = tk_files,
	.nr = ARRAY_SIZE(tk_files),
	.order = TRACE_FS_ORDER_KPROBE,
	.readme =
	"  kprobe_events        - Create/append/remove/list kprobe events\n"
	"  kprobe_profile       - Hits and misses of each kprobe event\n"
	"\t  Syntax of a kprobe event, in either file:\n"
	"\t    p[:[<group>/][<event>]] <place> [<args>]\n"
	"\t    r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
	"\t    -:[<group>/][<event>] [<place>]\n"
	"\t     place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"\t     place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
	"\t     args: [<name>=]<fetcharg>[:<type>]\n"
	"\t     fetcharg: %<register>, @<address>, @<symbol>[+|-<offset>], $comm,\n"
	"\t               $stack<index>, $stack, $retval, $arg<N>,\n"
	"\t               +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t     kernel return probes support: $retval, $arg<N>, $comm\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string,\n"
	"\t           ustring, symbol, symstr, %pd/%pD,\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>,\n"
	"\t           <type>\\[<array-size>\\]\n"
	"\t     Naming a function's arguments by their names needs BTF,\n"
	"\t     which this kernel does not have.\n"
	"\t  A definition naming an existing event of the same type and\n"
	"\t  arguments adds its place to that event.\n",
};

TRACE_FS_REGISTER(tk_fs);

static int __init tk_init(void)
{
	dynev_register(&tk_kind);
	if (IS_ENABLED(CONFIG_MODULES) && register_module_notifier(&tk_module_nb))
		pr_warn("kprobe events: probes on modules will not follow them\n");
	return 0;
}
core_initcall(tk_init);
