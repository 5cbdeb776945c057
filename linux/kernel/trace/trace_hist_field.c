// SPDX-License-Identifier: GPL-2.0
/*
 * The fields of a hist command: "name[.modifier]" read as a field of the
 * event, a special one (common_cpu, common_timestamp, common_stacktrace,
 * hitcount) or a variable of the trigger; their value at a hit, their
 * listing, and the errors of a command, logged where upstream logs them.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/math64.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

const char *const hist_mod_names[HM_GRAPH + 1] = {
	[HM_HEX]	= "hex",
	[HM_SYM]	= "sym",
	[HM_SYM_OFFSET]	= "sym-offset",
	[HM_EXECNAME]	= "execname",
	[HM_SYSCALL]	= "syscall",
	[HM_LOG2]	= "log2",
	[HM_BUCKETS]	= "buckets",
	[HM_USECS]	= "usecs",
	[HM_PERCENT]	= "percent",
	[HM_GRAPH]	= "graph",
};

/**
 * trace_hist_log() - log an error of a hist command
 * @cx:		where the command is written
 * @pos:	where in it
 * @msg:	the error
 */
void trace_hist_log(const struct trace_hist_ctx *cx, unsigned int pos,
		    const char *msg)
{
	char *loc = kasprintf(GFP_KERNEL, "hist:%s:%s", cx->rt->sys->name,
			      cx->rt->call->name);

	if (loc)
		trace_array_errlog(cx->tr, loc, cx->cmd, pos, msg);
	kfree(loc);
}

/* Where @s first appears in the command, as upstream's errors point. */
static unsigned int hist_pos(const struct hist_parse *p, const char *s)
{
	const char *at = *s ? strstr(p->cx.cmd, s) : NULL;

	return at ? at - p->cx.cmd : 0;
}

/**
 * hist_fail() - log an error of the command being parsed
 * @p:		the command
 * @pos:	where in it
 * @msg:	the error
 *
 * Return: -EINVAL.
 */
int hist_fail(struct hist_parse *p, unsigned int pos, const char *msg)
{
	trace_hist_log(&p->cx, pos, msg);
	return -EINVAL;
}

static const struct trace_ev_field *hf_field(const struct trace_ev_field *f,
					     const char *name)
{
	for (; f && f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/* @hf from the event's field @f: false for one no key or value can be. */
static bool hf_event_field(struct hist_field *hf,
			   const struct trace_ev_field *f)
{
	hf->offset = f->offset;
	hf->size = f->size;
	hf->is_signed = f->is_signed;
	hf->kind = f->kind;
	if (f->kind == TRACE_EV_NUM) {
		hf->src = HS_NUM;
		return f->size == 1 || f->size == 2 || f->size == 4 ||
		       f->size == 8;
	}
	/* Strings only: no other array, bitmask or cpumask. */
	hf->src = HS_STR;
	if (f->kind == TRACE_EV_ARRAY)	/* print's buf[] cannot be a key */
		return f->size && !strcmp(f->type, "char");
	return !!strstr(f->type, "char[]");
}

/*
 * Fill @hf's source from @name: a field of the event, a special one, or a
 * variable of the trigger ("$name", or a bare name no field has).
 */
static bool hf_source(struct hist_parse *p, struct hist_field *hf,
		      const char *name)
{
	const struct trace_ev_field *f = NULL;
	int var;

	/* The event's own fields hide the aliases "cpu" and "stacktrace". */
	if (*name != '$')
		f = hf_field(trace_ev_fields(p->cx.rt->call), name) ?:
		    hf_field(trace_ev_common_fields, name);
	if (f)
		return hf_event_field(hf, f);
	var = hist_var_index(p->h, name);
	if (var >= 0) {
		hf->src = HS_VAR;
		hf->idx = var;
		return true;
	}
	if (!strcmp(name, "common_cpu") || !strcmp(name, "cpu")) {
		hf->src = HS_CPU;
		return true;
	}
	if (!strcmp(name, "common_timestamp")) {
		hf->src = HS_TS;
		return true;
	}
	if (!strcmp(name, "common_stacktrace") || !strcmp(name, "stacktrace")) {
		hf->src = HS_STACK;
		return true;
	}
	if (!strcmp(name, "hitcount")) {
		hf->src = HS_HITCOUNT;
		return true;
	}
	return false;
}

/**
 * hist_field_spec() - read "name[.modifier]" into a field
 * @p:		the command
 * @hf:		the field, zeroed; it takes a copy of the name
 * @spec:	the text, in @p's copy; cut at the dot
 * @key:	a key, which takes every modifier but percent and graph; a
 *		value takes hex, percent, graph and usecs
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_field_spec(struct hist_parse *p, struct hist_field *hf, char *spec,
		    bool key)
{
	char *dot = strchr(spec, '.'), *mod = NULL;
	unsigned int i;

	if (dot) {
		*dot = '\0';
		mod = dot + 1;
	}
	hf->name = kstrdup(spec, GFP_KERNEL);
	if (!hf->name)
		return -ENOMEM;
	if (!hf_source(p, hf, spec) || (key && hf->src == HS_HITCOUNT))
		return hist_fail(p, hist_pos(p, spec), "Couldn't find field");
	if (hf->src == HS_VAR && p->h->vars[hf->idx].kind != HV_NUM &&
	    !p->param)
		return hist_fail(p, hist_pos(p, spec),
				 "A string or stack variable is only an action's parameter");
	if (!mod)
		return 0;
	if (strchr(mod, '.'))
		return hist_fail(p, strchr(mod, '.') + 1 - p->copy,
				 "Couldn't find field");
	if (!strncmp(mod, "buckets=", 8)) {
		if (!key || kstrtou64(mod + 8, 0, &hf->buckets) || !hf->buckets)
			return hist_fail(p, (key ? mod + 8 : spec) - p->copy,
					 "Invalid field modifier");
		hf->mod = HM_BUCKETS;
		return 0;
	}
	for (i = HM_HEX; i < ARRAY_SIZE(hist_mod_names); i++)
		if (!strcmp(mod, hist_mod_names[i]))
			break;
	if (i == ARRAY_SIZE(hist_mod_names) || i == HM_BUCKETS)
		goto bad;
	hf->mod = i;
	if (key ? i == HM_PERCENT || i == HM_GRAPH :
		  i != HM_HEX && i != HM_PERCENT && i != HM_GRAPH &&
		  i != HM_USECS)
		goto bad;
	if (i == HM_EXECNAME && strcmp(spec, "common_pid"))
		goto bad;
	return 0;
bad:
	/* Upstream points at a key's modifier, at a value's whole field. */
	return hist_fail(p, (key ? mod : spec) - p->copy,
			 "Invalid field modifier");
}

/**
 * hist_field_num() - a number field's value at a hit
 * @hf:		the field: of the record, common_cpu, common_timestamp,
 *		hitcount, a constant, a variable or a reference
 * @hit:	the hit: its record, time, variables as far as worked
 *		out, and references once read
 *
 * Return: the value; 0 for a field that is no number.
 */
u64 hist_field_num(const struct hist_field *hf, const struct hist_hit *hit)
{
	switch (hf->src) {
	case HS_VAR:
		return hit->vars[hf->idx];
	case HS_REF:
		return hit->refs[hf->idx];
	case HS_NUM:
		return trace_ev_field_num(hit->rec, hf->offset, hf->size,
					  hf->is_signed);
	case HS_CPU:
		return raw_smp_processor_id();
	case HS_TS:
		return hf->mod == HM_USECS ? div_u64(hit->ts, NSEC_PER_USEC) :
					   hit->ts;
	case HS_HITCOUNT:
		return 1;
	case HS_CONST:
		return hf->cst;
	default:
		return 0;
	}
}

NOKPROBE_SYMBOL(hist_field_num);

/**
 * hist_field_show() - a field as a listing names it
 * @s:		where to print
 * @hf:		the field
 */
void hist_field_show(struct seq_buf *s, const struct hist_field *hf)
{
	seq_buf_puts(s, hf->name);
	if (hf->mod == HM_BUCKETS)
		seq_buf_printf(s, ".buckets=%llu", hf->buckets);
	else if (hf->mod)
		seq_buf_printf(s, ".%s", hist_mod_names[hf->mod]);
}
