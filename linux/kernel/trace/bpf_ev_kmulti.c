// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe_multi links: one BPF_PROG_TYPE_KPROBE program on the entries
 * (or, with BPF_F_KPROBE_MULTI_RETURN, the returns) of many functions at
 * once, through one fprobe (fprobe.c), as BPF_LINK_CREATE with
 * BPF_TRACE_KPROBE_MULTI asks. libbpf and bpftrace make one for a
 * wildcard kprobe. Each function may carry a cookie, which
 * bpf_get_attach_cookie() finds by the function's address; the link holds
 * the modules its functions are in.
 *
 * A leaf: it calls fprobe.c and kernel/bpf/ only.
 */
#include <linux/bpf.h>
#include <linux/bsearch.h>
#include <linux/filter.h>
#include <linux/fprobe.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include "bpf_ev.h"

/* As upstream: the most functions one link takes. */
#define BPF_EV_KMULTI_MAX	BIT(20)

/**
 * struct bpf_ev_kmulti - a kprobe_multi link
 * @link:	the link
 * @fp:		its fprobe, registered from attach to release
 * @addrs:	the functions' call sites, sorted
 * @cookies:	the cookie of each, in @addrs' order; NULL when none given
 * @cnt:	how many
 * @flags:	BPF_F_KPROBE_MULTI_RETURN or 0
 * @mods:	the modules @addrs are in, each held once
 * @nr_mods:	how many
 */
struct bpf_ev_kmulti {
	struct bpf_link link;
	struct fprobe fp;
	unsigned long *addrs;
	u64 *cookies;
	u32 cnt;
	u32 flags;
	struct module **mods;
	u32 nr_mods;
};

/**
 * struct bpf_ev_kmulti_ctx - a run of the program, for its helpers
 * @run_ctx:	what current->bpf_ctx points to
 * @km:		the link
 * @ip:		the function's call site
 */
struct bpf_ev_kmulti_ctx {
	struct bpf_run_ctx run_ctx;
	struct bpf_ev_kmulti *km;
	unsigned long ip;
};

/* Run the program on a hit; preemption is off (an ftrace callback). */
static void bpf_ev_kmulti_run(struct bpf_ev_kmulti *km, unsigned long ip,
			      struct pt_regs *regs)
{
	struct bpf_ev_kmulti_ctx rc = { .km = km, .ip = ip };
	struct bpf_run_ctx *old;

	if (unlikely(__this_cpu_inc_return(bpf_prog_active) != 1)) {
		bpf_prog_inc_misses_counter(km->link.prog);
		goto out;
	}
	rcu_read_lock();
	old = bpf_set_run_ctx(&rc.run_ctx);
	bpf_prog_run(km->link.prog, regs);
	bpf_reset_run_ctx(old);
	rcu_read_unlock();
out:
	__this_cpu_dec(bpf_prog_active);
}

static int bpf_ev_kmulti_entry(struct fprobe *fp, unsigned long ip,
			       unsigned long ret_ip, struct pt_regs *regs,
			       void *data)
{
	bpf_ev_kmulti_run(container_of(fp, struct bpf_ev_kmulti, fp), ip,
			  regs);
	return 0;
}

static void bpf_ev_kmulti_exit(struct fprobe *fp, unsigned long ip,
			       unsigned long ret_ip, struct pt_regs *regs,
			       void *data)
{
	bpf_ev_kmulti_run(container_of(fp, struct bpf_ev_kmulti, fp), ip,
			  regs);
}

static int bpf_ev_addr_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* bpf_get_attach_cookie(): the cookie of the function hit, or 0. */
BPF_CALL_1(bpf_ev_kmulti_cookie, struct pt_regs *, regs)
{
	struct bpf_ev_kmulti_ctx *rc;
	unsigned long *at;

	rc = container_of(current->bpf_ctx, struct bpf_ev_kmulti_ctx, run_ctx);
	if (!rc->km->cookies)
		return 0;
	at = bsearch(&rc->ip, rc->km->addrs, rc->km->cnt,
		     sizeof(*rc->km->addrs), bpf_ev_addr_cmp);
	return at ? rc->km->cookies[at - rc->km->addrs] : 0;
}

const struct bpf_func_proto bpf_ev_kmulti_cookie_proto = {
	.func		= bpf_ev_kmulti_cookie,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/* bpf_get_func_ip(): the address of the function hit. */
BPF_CALL_1(bpf_ev_kmulti_ip, struct pt_regs *, regs)
{
	struct bpf_ev_kmulti_ctx *rc;

	rc = container_of(current->bpf_ctx, struct bpf_ev_kmulti_ctx, run_ctx);
	return rc->ip;
}

const struct bpf_func_proto bpf_ev_kmulti_ip_proto = {
	.func		= bpf_ev_kmulti_ip,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

static void bpf_ev_kmulti_release(struct bpf_link *link)
{
	struct bpf_ev_kmulti *km = container_of(link, struct bpf_ev_kmulti,
						link);

	/* Once it returns, no handler of the link runs. */
	unregister_fprobe(&km->fp);
}

static void bpf_ev_kmulti_free(struct bpf_ev_kmulti *km)
{
	u32 i;

	for (i = 0; i < km->nr_mods; i++)
		module_put(km->mods[i]);
	kfree(km->mods);
	kvfree(km->addrs);
	kvfree(km->cookies);
	kfree(km);
}

static void bpf_ev_kmulti_dealloc(struct bpf_link *link)
{
	bpf_ev_kmulti_free(container_of(link, struct bpf_ev_kmulti, link));
}

/*
 * BPF_OBJ_GET_INFO_BY_FD: the count, flags and misses; with room given,
 * the addresses (0s where kallsyms hides them) and the cookies. Less
 * room than functions fills what fits and answers ENOSPC.
 */
static int bpf_ev_kmulti_info(const struct bpf_link *link,
			      struct bpf_link_info *info)
{
	const struct bpf_ev_kmulti *km = container_of(link,
						      struct bpf_ev_kmulti,
						      link);
	u64 __user *uaddrs = u64_to_user_ptr(info->kprobe_multi.addrs);
	u64 __user *ucookies = u64_to_user_ptr(info->kprobe_multi.cookies);
	u32 room = info->kprobe_multi.count, n, i;
	bool show = kallsyms_show_value(current_cred());
	u64 v;

	if (!uaddrs != !room || (ucookies && !room))
		return -EINVAL;
	info->kprobe_multi.count = km->cnt;
	info->kprobe_multi.flags = km->flags;
	info->kprobe_multi.missed = km->fp.nmissed;
	if (!uaddrs)
		return 0;
	n = min(room, km->cnt);
	for (i = 0; i < n; i++) {
		v = show ? km->addrs[i] : 0;
		if (put_user(v, uaddrs + i))
			return -EFAULT;
		v = km->cookies ? km->cookies[i] : 0;
		if (ucookies && put_user(v, ucookies + i))
			return -EFAULT;
	}
	return room < km->cnt ? -ENOSPC : 0;
}

static const struct bpf_link_ops bpf_ev_kmulti_ops = {
	.release	= bpf_ev_kmulti_release,
	.dealloc	= bpf_ev_kmulti_dealloc,
	.fill_link_info	= bpf_ev_kmulti_info,
};

/* The call site of each function, from @cnt names at @usyms. */
static int bpf_ev_kmulti_syms(unsigned long *addrs, u64 __user *usyms,
			      u32 cnt)
{
	char name[KSYM_NAME_LEN];
	u64 uname;
	long len;
	u32 i;

	for (i = 0; i < cnt; i++) {
		if (get_user(uname, usyms + i))
			return -EFAULT;
		len = strncpy_from_user(name, u64_to_user_ptr(uname),
					sizeof(name));
		if (len < 0)
			return len;
		if (len == sizeof(name))
			return -E2BIG;
		addrs[i] = kallsyms_lookup_name(name);
		if (!addrs[i])
			return -ENOENT;
		cond_resched();
	}
	return 0;
}

/* Hold the module of each site, once each. */
static int bpf_ev_kmulti_mods(struct bpf_ev_kmulti *km)
{
	struct module *mod;
	u32 i, j;

	for (i = 0; i < km->cnt; i++) {
		preempt_disable();
		mod = __module_address(km->addrs[i]);
		for (j = 0; mod && j < km->nr_mods; j++)
			if (km->mods[j] == mod)
				mod = NULL;
		if (mod && !try_module_get(mod)) {
			preempt_enable();
			return -EINVAL;
		}
		preempt_enable();
		if (!mod)
			continue;
		if (!km->mods) {
			km->mods = kcalloc(km->cnt, sizeof(*km->mods),
					   GFP_KERNEL);
			if (!km->mods) {
				module_put(mod);
				return -ENOMEM;
			}
		}
		km->mods[km->nr_mods++] = mod;
	}
	return 0;
}

/* sort_r()'s swap: a site and, when there are cookies, its cookie. */
static void bpf_ev_kmulti_swap(void *a, void *b, int size, const void *priv)
{
	const struct bpf_ev_kmulti *km = priv;
	unsigned long *x = a, *y = b;
	size_t i = x - km->addrs, j = y - km->addrs;

	swap(*x, *y);
	if (km->cookies)
		swap(km->cookies[i], km->cookies[j]);
}

static int bpf_ev_addr_cmp_r(const void *a, const void *b, const void *priv)
{
	return bpf_ev_addr_cmp(a, b);
}

/* Fill in @km from the attributes: its sites, cookies and modules. */
static int bpf_ev_kmulti_fill(struct bpf_ev_kmulti *km,
			      const union bpf_attr *attr)
{
	u64 __user *usyms = u64_to_user_ptr(attr->link_create.kprobe_multi.syms);
	u64 __user *uaddrs = u64_to_user_ptr(attr->link_create.kprobe_multi.addrs);
	u64 __user *ucookies =
		u64_to_user_ptr(attr->link_create.kprobe_multi.cookies);
	unsigned long site;
	int ret;
	u32 i;

	km->addrs = kvmalloc_array(km->cnt, sizeof(*km->addrs), GFP_KERNEL);
	if (!km->addrs)
		return -ENOMEM;
	if (ucookies) {
		km->cookies = kvmalloc_array(km->cnt, sizeof(*km->cookies),
					     GFP_KERNEL);
		if (!km->cookies)
			return -ENOMEM;
		if (copy_from_user(km->cookies, ucookies,
				   km->cnt * sizeof(*km->cookies)))
			return -EFAULT;
	}
	if (usyms) {
		ret = bpf_ev_kmulti_syms(km->addrs, usyms, km->cnt);
		if (ret)
			return ret;
	} else {
		for (i = 0; i < km->cnt; i++)
			if (get_user(km->addrs[i], uaddrs + i))
				return -EFAULT;
	}
	/* A function's call site, which the handlers are given. */
	for (i = 0; i < km->cnt; i++) {
		site = ftrace_location(km->addrs[i]);
		if (!site)
			return -EINVAL;
		km->addrs[i] = site;
	}
	sort_r(km->addrs, km->cnt, sizeof(*km->addrs), bpf_ev_addr_cmp_r,
	       bpf_ev_kmulti_swap, km);
	return bpf_ev_kmulti_mods(km);
}

/**
 * bpf_kprobe_multi_link_attach() - BPF_LINK_CREATE of a kprobe program
 * on many functions at once
 * @attr:	the syscall's attributes: link_create.kprobe_multi's flags,
 *		count, and either the functions' names or their addresses,
 *		with a cookie for each or none
 * @prog:	a BPF_PROG_TYPE_KPROBE program loaded for
 *		BPF_TRACE_KPROBE_MULTI
 *
 * Return: the link's fd; -EINVAL for link flags, unknown multi flags,
 * names and addresses both or neither, no function, a sleepable
 * program or one of another attach type, or a function without a call site; -E2BIG past
 * 2^20 functions or for a name longer than a symbol; -ENOENT for a name
 * kallsyms does not know; -EOPNOTSUPP for a kprobe session or without
 * fprobe; -EFAULT,
 * -ENOMEM, or what registering the fprobe refused.
 */
int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	u32 flags = attr->link_create.kprobe_multi.flags;
	u32 cnt = attr->link_create.kprobe_multi.cnt;
	struct bpf_link_primer primer;
	struct bpf_ev_kmulti *km;
	int ret;

	if (!IS_ENABLED(CONFIG_FPROBE) ||
	    prog->expected_attach_type == BPF_TRACE_KPROBE_SESSION)
		return -EOPNOTSUPP;
	/* A sleepable program would sleep in an ftrace callback. */
	if (attr->link_create.flags || prog->sleepable ||
	    prog->expected_attach_type != BPF_TRACE_KPROBE_MULTI ||
	    (flags & ~BPF_F_KPROBE_MULTI_RETURN))
		return -EINVAL;
	if (!attr->link_create.kprobe_multi.syms ==
	    !attr->link_create.kprobe_multi.addrs || !cnt)
		return -EINVAL;
	if (cnt > BPF_EV_KMULTI_MAX)
		return -E2BIG;
	km = kzalloc(sizeof(*km), GFP_KERNEL);
	if (!km)
		return -ENOMEM;
	km->cnt = cnt;
	km->flags = flags;
	ret = bpf_ev_kmulti_fill(km, attr);
	if (ret) {
		bpf_ev_kmulti_free(km);
		return ret;
	}
	if (flags & BPF_F_KPROBE_MULTI_RETURN)
		km->fp.exit_handler = bpf_ev_kmulti_exit;
	else
		km->fp.entry_handler = bpf_ev_kmulti_entry;
	bpf_link_init(&km->link, BPF_LINK_TYPE_KPROBE_MULTI, &bpf_ev_kmulti_ops,
		      prog);
	ret = bpf_link_prime(&km->link, &primer);
	if (ret) {
		bpf_ev_kmulti_free(km);
		return ret;
	}
	ret = register_fprobe_ips(&km->fp, km->addrs, km->cnt);
	if (ret) {
		/* Frees @km through dealloc; release finds it unregistered. */
		bpf_link_cleanup(&primer);
		return ret;
	}
	return bpf_link_settle(&primer);
}
