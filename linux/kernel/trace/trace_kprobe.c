// SPDX-License-Identifier: GPL-2.0
/*
 * Kprobe events: trace events on kprobes and kretprobes, defined at run
 * time through kprobe_events or dynamic_events, or at boot by
 * kprobe_event=, and counted in kprobe_profile.
 *
 * An event is a probe event (trace_probe_ev.h) whose places are struct
 * tk_probe: the base keeps the event, its places and its hits, writes
 * every hit and runs the define/append/remove skeleton; this file parses
 * a kprobe's place and registers, arms and frees it. Every probe is
 * registered, disarmed, when it is defined, so that a place kprobes
 * refuse is refused at once; enabling the event arms them. A probe on a
 * module that is not loaded waits for it, and registers again each time
 * it comes.
 *
 * A return probe that reads $argN copies them at the entry, in its
 * kretprobe's data, for the hit to read.
 */
#include <linux/bpf.h>
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_kprobe.h"
#include "trace_probe.h"
#include "trace_probe_ev.h"

#define TK_GROUP		"kprobes"
#define TK_ERRLOC		"trace_kprobe"
#define TK_MAXACTIVE_MAX	4096
/* The room of a place as the listing shows it. */
#define TK_PLACE_LEN		(KSYM_NAME_LEN + MODULE_NAME_LEN + 24)

/**
 * struct tk_probe - one place of a kprobe event
 * @rp:		its kretprobe; a kprobe event uses @rp.kp alone (first: a
 *		handler finds the probe at no cost)
 * @pl:		what every place has
 * @sym:	"[MOD:]SYM" as written; NULL for a probe on an address
 * @offs:	the offset from @sym
 * @addr:	the address, for a probe without @sym
 * @maxactive:	the MAXACTIVE of a return probe, 0 when not given
 * @registered:	kprobes has it; false for a probe on a module that is
 *		not loaded, until it is (dynev_lock)
 */
struct tk_probe {
	struct kretprobe rp;
	struct pev_place pl;
	char *sym;
	unsigned long offs;
	unsigned long addr;
	int maxactive;
	bool registered;
};

/**
 * struct tk_def - a parsed kprobe definition
 * @pd:		what every definition has
 * @entry:	the place is a function's entry
 * @maxactive:	its MAXACTIVE, or 0
 * @sym:	"[MOD:]SYM", or NULL for an address
 * @offs:	the offset from @sym
 * @addr:	the address
 */
struct tk_def {
	struct pev_def pd;
	bool entry;
	int maxactive;
	char *sym;
	unsigned long offs;
	unsigned long addr;
};

static struct pev_kind tk_kind;

static struct tk_probe *tk_probe_of(const struct pev_place *pl)
{
	return container_of(pl, struct tk_probe, pl);
}

static struct tk_def *tk_def_of(struct pev_def *pd)
{
	return container_of(pd, struct tk_def, pd);
}

static int tk_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct tk_probe *p = container_of(kp, struct tk_probe, rp.kp);

	pev_hit(p->pl.ev, regs, NULL, (unsigned long)kp->addr, 0);
	return 0;
}

NOKPROBE_SYMBOL(tk_pre_handler);

/* A return probe that reads $argN copies them at the entry. */
static int tk_entry_handler(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct tk_probe *p = container_of(rp, struct tk_probe, rp);

	tp_save_eargs(p->pl.ev->de.args, regs, (unsigned long *)ri->data);
	return 0;
}

NOKPROBE_SYMBOL(tk_entry_handler);

static int tk_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct tk_probe *p = container_of(rp, struct tk_probe, rp);
	struct pev *ev = p->pl.ev;

	pev_hit(ev, regs, ev->de.args->eargs ? ri->data : NULL,
		(unsigned long)rp->kp.addr, get_kretprobe_retaddr(ri));
	return 0;
}

NOKPROBE_SYMBOL(tk_ret_handler);

/* Whether @p can be armed: its module may not be there. */
static bool tk_armable(struct tk_probe *p)
{
	return p->registered && !kprobe_gone(&p->rp.kp);
}

static int tk_arm(struct pev_place *pl)
{
	struct tk_probe *p = tk_probe_of(pl);

	lockdep_assert_held(&trace_ev_lock);
	/* A probe whose module is not there stays defined, disarmed. */
	return tk_armable(p) ? enable_kprobe(&p->rp.kp) : 0;
}

static void tk_disarm(struct pev_place *pl)
{
	struct tk_probe *p = tk_probe_of(pl);

	lockdep_assert_held(&trace_ev_lock);
	if (tk_armable(p))
		disable_kprobe(&p->rp.kp);
}

static void tk_probe_unregister(struct tk_probe *p)
{
	if (!p->registered)
		return;
	p->registered = false;
	if (p->pl.ev->ret)
		unregister_kretprobe(&p->rp);
	else
		unregister_kprobe(&p->rp.kp);
}

static void tk_place_free(struct pev_place *pl)
{
	struct tk_probe *p = tk_probe_of(pl);

	tk_probe_unregister(p);
	kfree(p->sym);
	kfree(p);
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

static void tk_show_type(struct seq_file *m, const struct pev_place *pl)
{
	const struct tk_probe *p = tk_probe_of(pl);

	seq_putc(m, pl->ev->ret ? 'r' : 'p');
	if (p->maxactive)
		seq_printf(m, "%d", p->maxactive);
}

static void tk_show_place(struct seq_file *m, const struct pev_place *pl)
{
	char place[TK_PLACE_LEN];

	tk_place(tk_probe_of(pl), place, sizeof(place));
	seq_puts(m, place);
}

static bool tk_place_is(const struct pev_place *pl, const char *word)
{
	char place[TK_PLACE_LEN];

	tk_place(tk_probe_of(pl), place, sizeof(place));
	return !strcmp(place, word);
}

static bool tk_place_same(const struct pev_place *a, const struct pev_place *b)
{
	char place[TK_PLACE_LEN];

	tk_place(tk_probe_of(b), place, sizeof(place));
	return tk_place_is(a, place);
}

/* "p" or "r[MAXACTIVE]", then ":[GRP/]EVENT" */
static int tk_parse_head(struct dynev_cmd *cmd, struct tk_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];
	unsigned long n;
	size_t dlen;

	d->pd.ret = s[0] == 'r';
	if (colon)
		*colon = '\0';
	dlen = strlen(s + 1);
	if (dlen) {
		if (!d->pd.ret)
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
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->pd.grp,
				&d->pd.event, &cmd->err);
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

/* MEMADDR: the place is an address. */
static int tk_parse_addr(struct dynev_cmd *cmd, struct tk_def *d, char *s)
{
	if (kstrtoul(s, 0, &d->addr))
		return dynev_cmd_fail(cmd, cmd->pos[1], "Bad probe address",
				      -EINVAL);
	d->entry = !kprobe_on_func_entry((kprobe_opcode_t *)d->addr, NULL, 0);
	return 0;
}

/* [MOD:]SYM[+offs], with %return cut off already */
static int tk_parse_sym(struct dynev_cmd *cmd, struct tk_def *d, char *s)
{
	unsigned int pos = cmd->pos[1], n = 0;
	char *plus, *name;

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
	if (d->pd.ret && !d->entry)
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

/* [MOD:]SYM[+offs][%return] | MEMADDR[%return] */
static int tk_parse_place(struct dynev_cmd *cmd, struct tk_def *d)
{
	char *s = cmd->argv[1], *pct = strchr(s, '%');

	if (pct) {
		if (strcmp(pct, "%return"))
			return dynev_cmd_fail(cmd, cmd->pos[1] + (pct - s),
					      "Unknown suffix of the place", -EINVAL);
		*pct = '\0';
		d->pd.ret = true;
	}
	return isdigit(s[0]) ? tk_parse_addr(cmd, d, s) :
			       tk_parse_sym(cmd, d, s);
}

static int tk_parse_args(struct dynev_cmd *cmd, struct tk_def *d)
{
	struct tp_pctx pc = { .flags = TP_CTX_KERNEL };

	if (d->pd.ret)
		pc.flags |= TP_CTX_RETURN | TP_CTX_ENTRY;
	else if (d->entry)
		pc.flags |= TP_CTX_ENTRY;
	return dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->pd.ret),
				&d->pd.args);
}

static int tk_parse(struct dynev_cmd *cmd, struct pev_def *pd)
{
	struct tk_def *d = tk_def_of(pd);
	int ret;

	if (cmd->argv[0][0] != 'p' && cmd->argv[0][0] != 'r')
		return -ECANCELED;
	/* PATH:OFFSET is a uprobe's (trace_uprobe.c). */
	if (cmd->argc >= 2 && dynev_place_is_file(cmd->argv[1]))
		return -ECANCELED;
	ret = tk_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
				      -EINVAL);
	ret = tk_parse_place(cmd, d);
	if (!ret)
		ret = tk_parse_args(cmd, d);
	pd->grp = pd->grp ?: TK_GROUP;
	return ret;
}

static void tk_def_free(struct pev_def *pd)
{
	kfree(tk_def_of(pd)->sym);
}

/* The event's name when the definition gives none: p_SYM_OFFS. */
static char *tk_default_name(const struct pev_def *pd)
{
	const struct tk_def *d = container_of(pd, struct tk_def, pd);

	if (d->sym)
		return dynev_auto_name("%c_%s_%lu", pd->ret ? 'r' : 'p', d->sym,
				       d->offs);
	return dynev_auto_name("%c_0x%lx", pd->ret ? 'r' : 'p', d->addr);
}

static struct pev_place *tk_place_new(struct pev *ev, struct pev_def *pd)
{
	struct tk_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct tk_def *d = tk_def_of(pd);

	if (!p)
		return NULL;
	p->pl.ev = ev;
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
	if (pd->ret) {
		p->rp.handler = tk_ret_handler;
		p->rp.maxactive = d->maxactive;
		if (ev->de.args->eargs) {
			p->rp.entry_handler = tk_entry_handler;
			p->rp.data_size = ev->de.args->eargs * sizeof(long);
		}
	} else {
		p->rp.kp.pre_handler = tk_pre_handler;
	}
	return &p->pl;
}

static int tk_register(struct tk_probe *p)
{
	int ret = p->pl.ev->ret ? register_kretprobe(&p->rp) :
				  register_kprobe(&p->rp.kp);

	p->registered = !ret;
	return ret;
}

/* Register @p disarmed; a refusal is explained at the place's word. */
static int tk_place_define(struct dynev_cmd *cmd, struct pev_place *pl)
{
	struct tk_probe *p = tk_probe_of(pl);
	unsigned int pos = cmd->pos[1];
	int ret;

	if (p->sym && tk_module_missing(p->sym))
		return 0;
	ret = tk_register(p);
	switch (ret) {
	case 0:
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

/*
 * A module comes: the probes on it register (again: those from its last
 * load are gone), armed when their event is on.
 */
static void tk_module_coming(struct module *mod)
{
	struct dynev_event *de;
	struct pev_place *pl;
	struct tk_probe *p;
	struct pev *ev;
	int ret;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tk_kind.dk); de;
	     de = dynev_next(de, &tk_kind.dk)) {
		ev = pev_of(de);
		pev_for_each_place(pl, ev) {
			p = tk_probe_of(pl);
			if (!tk_probe_in(p, mod))
				continue;
			tk_probe_unregister(p);
			p->rp.kp.addr = NULL;
			p->rp.kp.flags = KPROBE_FLAG_DISABLED;
			ret = tk_register(p);
			if (ret) {
				pr_warn("kprobe event %s/%s: %s not probed again: %d\n",
					de->group, de->name, p->sym, ret);
				continue;
			}
			guard(mutex)(&trace_ev_lock);
			if (test_bit(TRACE_EV_B_RECORD, &de->call.flags) &&
			    tk_arm(pl))
				pr_warn("kprobe event %s/%s: %s not armed\n",
					de->group, de->name, p->sym);
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
	struct tk_def d = { .pd.ret = ret, .offs = offs, .addr = addr };
	struct trace_ev_call *call = ERR_PTR(-ENOMEM);
	struct pev_place *pl = NULL;
	struct pev *ev = NULL;
	unsigned int n = 0;
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
	d.pd.grp = TK_GROUP;
	d.pd.args = tp_args_alloc(0);
	if (!d.pd.args || tp_args_layout(d.pd.args, dynev_rec_size(ret), &bad))
		goto out;
	d.pd.auto_name = tk_default_name(&d.pd);
	if (d.pd.auto_name)
		ev = pev_alloc(&tk_kind, &d.pd, d.pd.auto_name);
	if (!ev)
		goto out;
	err = tp_scratch_alloc();
	if (!err) {
		pl = tk_place_new(ev, &d.pd);
		err = pl ? tk_register(tk_probe_of(pl)) : -ENOMEM;
	}
	if (err) {
		if (pl)
			tk_place_free(pl);
		call = ERR_PTR(err);
		goto out;
	}
	/* Not published: perf's links are made after this. */
	list_add_tail(&pl->node, &ev->places);
	err = trace_ev_local_add(&ev->de.call);
	if (err) {
		/* pev_free() unregisters and frees the probe. */
		call = ERR_PTR(err);
		goto out;
	}
	call = &ev->de.call;
	ev = NULL;
out:
	if (ev)
		pev_free(ev);
	kfree(d.pd.auto_name);
	kfree(d.sym);
	tp_args_free(d.pd.args);
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
	struct pev *ev = pev_of(dynev_of(call));
	struct pev_place *pl;

	/* Its probes first: no hit may come once perf's links are gone. */
	pev_for_each_place(pl, ev)
		tk_probe_unregister(tk_probe_of(pl));
	trace_ev_local_remove(call);
	pev_free(ev);
}

/* The hits of @ev dropped: by the write path, and by kprobes. */
static unsigned long tk_missed(const struct pev *ev)
{
	unsigned long n = atomic_long_read(&ev->de.missed);
	const struct pev_place *pl;
	const struct tk_probe *p;

	list_for_each_entry(pl, &ev->places, node) {
		p = tk_probe_of(pl);
		n += p->rp.kp.nmissed + (ev->ret ? p->rp.nmissed : 0);
	}
	return n;
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
	struct pev *ev = pev_of_call(call, &tk_kind);
	struct tk_probe *p;

	if (!ev)
		return -EINVAL;
	/* The probes change under this lock and dynev_lock both. */
	guard(mutex)(&trace_ev_lock);
	if (list_empty(&ev->places))
		return -EINVAL;
	p = tk_probe_of(list_first_entry(&ev->places, struct pev_place, node));
	*fd_type = ev->ret ? BPF_FD_TYPE_KRETPROBE : BPF_FD_TYPE_KPROBE;
	*sym = p->sym;
	*offs = p->sym ? p->offs : 0;
	*addr = kallsyms_show_value(current_cred()) ?
		(unsigned long)p->rp.kp.addr : 0;
	if (missed)
		*missed = tk_missed(ev);
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

static struct pev_kind tk_kind = {
	.dk = {
		.errloc = TK_ERRLOC,
		.create = pev_create,
		.delete = pev_delete,
		.remove_words = pev_remove_words,
		.show = pev_show,
		.release = pev_release,
	},
	.def_size = sizeof(struct tk_def),
	.ev_size = sizeof(struct pev),
	.perf = TRACE_EV_PERF_KPROBE,
	.parse = tk_parse,
	.auto_name = tk_default_name,
	.def_free = tk_def_free,
	.place_new = tk_place_new,
	.place_define = tk_place_define,
	.place_same = tk_place_same,
	.place_is = tk_place_is,
	.show_type = tk_show_type,
	.show_place = tk_show_place,
	.arm = tk_arm,
	.disarm = tk_disarm,
	.place_free = tk_place_free,
};

/* kprobe_profile: each event's hits and misses. */
static int tk_profile_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	struct dynev_event *de;
	struct pev *ev;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tk_kind.dk); de;
	     de = dynev_next(de, &tk_kind.dk)) {
		ev = pev_of(de);
		seq_printf(m, "  %-44s %15lu %15lu\n", de->name, pev_hits(ev),
			   tk_missed(ev));
	}
	return 0;
}

static const struct trace_fs_file tk_files[] = {
	TRACE_FS_FOPS("kprobe_events", 0640, TRACE_FS_TOP_ONLY, (long)&tk_kind.dk,
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

/*
 * kprobe_event=DEF[;DEF...] on the command line: kprobe events defined
 * and started at boot, each DEF a line of kprobe_events with commas for
 * its spaces. Early in the initcalls, to catch what runs before init; a
 * definition that fails is reported and skipped.
 */
static char tk_boot[COMMAND_LINE_SIZE] __initdata;

static int __init tk_boot_setup(char *str)
{
	strscpy(tk_boot, str);
	return 1;
}
__setup("kprobe_event=", tk_boot_setup);

static int __init tk_boot_define(void)
{
	char *rest = tk_boot, *def, *c;
	int ret;

	while ((def = strsep(&rest, ";")) != NULL) {
		if (!*def)
			continue;
		for (c = def; *c; c++)
			if (*c == ',')
				*c = ' ';
		ret = dynev_boot_define(&tk_kind.dk, def);
		if (ret)
			pr_warn("tracing: kprobe_event=%s: error %d, ignored\n",
				def, ret);
	}
	return 0;
}

/* After tk_init(); the event files come at trace_ev_init(). */
core_initcall_sync(tk_boot_define);

static int __init tk_init(void)
{
	dynev_register(&tk_kind.dk);
	if (IS_ENABLED(CONFIG_MODULES) && register_module_notifier(&tk_module_nb))
		pr_warn("kprobe events: probes on modules will not follow them\n");
	return 0;
}
core_initcall(tk_init);
