// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe_multi links: one BPF_PROG_TYPE_KPROBE program on many places of
 * one file at once (or on their returns, with BPF_F_UPROBE_MULTI_RETURN),
 * as BPF_LINK_CREATE with BPF_TRACE_UPROBE_MULTI asks. libbpf makes one
 * for "uprobe.multi" sections and for USDT notes, bpftrace for a
 * wildcard uprobe. Each place is a consumer of the uprobes core's probe
 * at that offset and may carry a cookie and a reference counter (a USDT
 * semaphore). A pid limits the link to that process.
 *
 * The handlers run in the probed task, under the uprobes core's RCU
 * Tasks Trace read side, where sleeping is allowed: a sleepable program
 * runs as it is, any other under rcu_read_lock().
 *
 * A leaf: it calls the uprobes core and kernel/bpf/ only.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/namei.h>
#include <linux/pid_namespace.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>

#include "bpf_ev.h"

/* As upstream: the most places one link takes. */
#define BPF_EV_UMULTI_MAX	BIT(20)

struct bpf_ev_umulti;

/**
 * struct bpf_ev_uplace - one place of a uprobe_multi link
 * @uc:		the consumer the uprobes core calls
 * @up:		the core's probe, from registration to unregistration
 * @um:		the link
 * @offset:	the place's offset in the file
 * @ref_ctr:	the offset of its reference counter, or 0
 * @cookie:	its cookie, or 0
 */
struct bpf_ev_uplace {
	struct uprobe_consumer uc;
	struct uprobe *up;
	struct bpf_ev_umulti *um;
	loff_t offset;
	loff_t ref_ctr;
	u64 cookie;
};

/**
 * struct bpf_ev_umulti - a uprobe_multi link
 * @link:	the link
 * @path:	the probed file, held
 * @task:	the process it is limited to, held; NULL for every one
 * @mm:		@task's address space when linked, grabbed (the struct
 *		only): what a hit's process must be; NULL for every one
 * @places:	the places, in the caller's order
 * @cnt:	how many
 * @flags:	BPF_F_UPROBE_MULTI_RETURN or 0
 * @nr_reg:	how many of @places are registered (the first ones)
 */
struct bpf_ev_umulti {
	struct bpf_link link;
	struct path path;
	struct task_struct *task;
	struct mm_struct *mm;
	struct bpf_ev_uplace *places;
	u32 cnt;
	u32 flags;
	u32 nr_reg;
};

/**
 * struct bpf_ev_umulti_ctx - a run of the program, for its helpers
 * @run_ctx:	what current->bpf_ctx points to
 * @ip:		the place's address (at entry) or the function's (at return)
 * @cookie:	the place's cookie
 */
struct bpf_ev_umulti_ctx {
	struct bpf_run_ctx run_ctx;
	unsigned long ip;
	u64 cookie;
};

/*
 * The link's process (or any, without a pid): is @mm it? The address
 * space is the process's whatever its threads do, even when the leader
 * whose pid was given exits first.
 */
static bool bpf_ev_umulti_wants(const struct bpf_ev_umulti *um,
				const struct mm_struct *mm)
{
	return !um->mm || um->mm == mm;
}

/*
 * Run the program on a hit, in the probed task. A process not the link's
 * (a child forked with the probe in place, or another consumer's) is
 * UPROBE_HANDLER_REMOVE: the core takes the probe out of it unless some
 * consumer's filter wants it there.
 */
static int bpf_ev_umulti_run(struct bpf_ev_uplace *pl, unsigned long ip,
			     struct pt_regs *regs)
{
	struct bpf_ev_umulti_ctx rc = { .ip = ip, .cookie = pl->cookie };
	struct bpf_prog *prog = pl->um->link.prog;
	struct bpf_run_ctx *old;

	if (!bpf_ev_umulti_wants(pl->um, current->mm))
		return UPROBE_HANDLER_REMOVE;
	/*
	 * The core's RCU Tasks Trace read side, held across the handlers,
	 * is what a sleepable program's maps need; the others want RCU.
	 */
	if (prog->sleepable)
		might_fault();
	else
		rcu_read_lock();
	migrate_disable();
	old = bpf_set_run_ctx(&rc.run_ctx);
	bpf_prog_run(prog, regs);
	bpf_reset_run_ctx(old);
	migrate_enable();
	if (!prog->sleepable)
		rcu_read_unlock();
	return 0;
}

static int bpf_ev_umulti_entry(struct uprobe_consumer *uc,
			       struct pt_regs *regs)
{
	struct bpf_ev_uplace *pl = container_of(uc, struct bpf_ev_uplace, uc);

	return bpf_ev_umulti_run(pl, instruction_pointer(regs), regs);
}

/*
 * The entry of a return link limited to a process: no program, only the
 * verdict, so that a process not the link's loses the probe, and arms no
 * return.
 */
static int bpf_ev_umulti_entry_filter(struct uprobe_consumer *uc,
				      struct pt_regs *regs)
{
	struct bpf_ev_uplace *pl = container_of(uc, struct bpf_ev_uplace, uc);

	return bpf_ev_umulti_wants(pl->um, current->mm) ? 0 :
		UPROBE_HANDLER_REMOVE;
}

static int bpf_ev_umulti_exit(struct uprobe_consumer *uc, unsigned long func,
			      struct pt_regs *regs)
{
	struct bpf_ev_uplace *pl = container_of(uc, struct bpf_ev_uplace, uc);

	bpf_ev_umulti_run(pl, func, regs);
	return 0;	/* the core reads no verdict of a return */
}

/* Which processes the core installs the probe in, for this consumer. */
static bool bpf_ev_umulti_filter(struct uprobe_consumer *uc,
				 struct mm_struct *mm)
{
	struct bpf_ev_uplace *pl = container_of(uc, struct bpf_ev_uplace, uc);

	return bpf_ev_umulti_wants(pl->um, mm);
}

static struct bpf_ev_umulti_ctx *bpf_ev_umulti_cur(void)
{
	return container_of(current->bpf_ctx, struct bpf_ev_umulti_ctx,
			    run_ctx);
}

/* bpf_get_attach_cookie(): the cookie of the place hit. */
BPF_CALL_1(bpf_ev_umulti_cookie, struct pt_regs *, regs)
{
	return bpf_ev_umulti_cur()->cookie;
}

const struct bpf_func_proto bpf_ev_umulti_cookie_proto =
	BPF_EV_PROTO(bpf_ev_umulti_cookie, false, ARG_PTR_TO_CTX);

/* bpf_get_func_ip(): the address of the place hit (of its function at a return). */
BPF_CALL_1(bpf_ev_umulti_ip, struct pt_regs *, regs)
{
	return bpf_ev_umulti_cur()->ip;
}

const struct bpf_func_proto bpf_ev_umulti_ip_proto =
	BPF_EV_PROTO(bpf_ev_umulti_ip, false, ARG_PTR_TO_CTX);

/* Unregister every registered place; no handler runs once it returns. */
static void bpf_ev_umulti_unreg(struct bpf_ev_umulti *um)
{
	u32 i;

	if (!um->nr_reg)
		return;
	for (i = 0; i < um->nr_reg; i++) {
		uprobe_unregister_nosync(um->places[i].up, &um->places[i].uc);
		cond_resched();
	}
	uprobe_unregister_sync();
	um->nr_reg = 0;
}

static void bpf_ev_umulti_release(struct bpf_link *link)
{
	bpf_ev_umulti_unreg(container_of(link, struct bpf_ev_umulti, link));
}

static void bpf_ev_umulti_free(struct bpf_ev_umulti *um)
{
	if (um->path.dentry)
		path_put(&um->path);
	if (um->mm)
		mmdrop(um->mm);
	if (um->task)
		put_task_struct(um->task);
	kvfree(um->places);
	kfree(um);
}

static void bpf_ev_umulti_dealloc(struct bpf_link *link)
{
	bpf_ev_umulti_free(container_of(link, struct bpf_ev_umulti, link));
}

/*
 * The file's path into @ubuf of @size bytes (NUL-terminated, cut to
 * fit); *@len is its whole size with the NUL. 0, -ENOSPC when cut,
 * -EFAULT, -ENOMEM or d_path()'s error.
 */
static int bpf_ev_umulti_path(const struct bpf_ev_umulti *um,
			      char __user *ubuf, u32 size, u32 *len)
{
	char *buf, *p;
	int ret = 0;
	u32 n;

	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	p = d_path(&um->path, buf, PATH_MAX);
	if (IS_ERR(p)) {
		ret = PTR_ERR(p);
		goto out;
	}
	*len = buf + PATH_MAX - p;
	if (!ubuf)
		goto out;
	n = min(size, *len);
	if (n < *len) {
		ret = -ENOSPC;
		p[n - 1] = '\0';
	}
	if (copy_to_user(ubuf, p, n))
		ret = -EFAULT;
out:
	kfree(buf);
	return ret;
}

/*
 * BPF_OBJ_GET_INFO_BY_FD: the count, flags, pid (in the caller's
 * namespace, 0 when none or not seen there) and the path's size; with
 * room given, the path, offsets, reference counters' offsets and
 * cookies. Less room than places fills what fits and answers ENOSPC, as
 * does a path cut to fit.
 */
static int bpf_ev_umulti_info(const struct bpf_link *link,
			      struct bpf_link_info *info)
{
	const struct bpf_ev_umulti *um = container_of(link,
						      struct bpf_ev_umulti,
						      link);
	char __user *upath = u64_to_user_ptr(info->uprobe_multi.path);
	u64 __user *uoffs = u64_to_user_ptr(info->uprobe_multi.offsets);
	u64 __user *urefs = u64_to_user_ptr(info->uprobe_multi.ref_ctr_offsets);
	u64 __user *ucookies = u64_to_user_ptr(info->uprobe_multi.cookies);
	u32 path_size = info->uprobe_multi.path_size;
	u32 room = info->uprobe_multi.count, n, i, len = 0;
	int ret, err = 0;

	if (!upath != !path_size)
		return -EINVAL;
	if ((uoffs || urefs || ucookies) && !room)
		return -EINVAL;
	info->uprobe_multi.count = um->cnt;
	info->uprobe_multi.flags = um->flags;
	info->uprobe_multi.pid = um->task ?
		task_tgid_nr_ns(um->task, task_active_pid_ns(current)) : 0;
	ret = bpf_ev_umulti_path(um, upath, path_size, &len);
	info->uprobe_multi.path_size = len;
	if (ret == -ENOSPC)
		err = ret;
	else if (ret)
		return ret;
	if (!uoffs && !urefs && !ucookies)
		return err;
	n = min(room, um->cnt);
	for (i = 0; i < n; i++) {
		const struct bpf_ev_uplace *pl = &um->places[i];

		if ((uoffs && put_user(pl->offset, uoffs + i)) ||
		    (urefs && put_user(pl->ref_ctr, urefs + i)) ||
		    (ucookies && put_user(pl->cookie, ucookies + i)))
			return -EFAULT;
		cond_resched();
	}
	return room < um->cnt ? -ENOSPC : err;
}

static const struct bpf_link_ops bpf_ev_umulti_ops = {
	.release	= bpf_ev_umulti_release,
	.dealloc	= bpf_ev_umulti_dealloc,
	.fill_link_info	= bpf_ev_umulti_info,
};

/* One u64 of the array at @uarr (or 0 without one) into *@v. */
static int bpf_ev_umulti_get(u64 uarr, u32 i, u64 *v)
{
	*v = 0;
	if (!uarr)
		return 0;
	return get_user(*v, (u64 __user *)u64_to_user_ptr(uarr) + i) ?
		-EFAULT : 0;
}

/* Fill in @um's places from the attributes. */
static int bpf_ev_umulti_places(struct bpf_ev_umulti *um,
				const union bpf_attr *attr)
{
	u64 offs = attr->link_create.uprobe_multi.offsets;
	u64 refs = attr->link_create.uprobe_multi.ref_ctr_offsets;
	u64 cookies = attr->link_create.uprobe_multi.cookies;
	struct bpf_ev_uplace *pl;
	u64 off, ref;
	int ret;
	u32 i;

	um->places = kvcalloc(um->cnt, sizeof(*um->places),
			      GFP_KERNEL_ACCOUNT);
	if (!um->places)
		return -ENOMEM;
	for (i = 0; i < um->cnt; i++) {
		pl = &um->places[i];
		ret = bpf_ev_umulti_get(offs, i, &off) ?:
		      bpf_ev_umulti_get(refs, i, &ref) ?:
		      bpf_ev_umulti_get(cookies, i, &pl->cookie);
		if (ret)
			return ret;
		/* Offsets are file positions: none is negative. */
		if ((s64)off < 0 || (s64)ref < 0)
			return -EINVAL;
		pl->offset = off;
		pl->ref_ctr = ref;
		pl->um = um;
		if (um->flags & BPF_F_UPROBE_MULTI_RETURN) {
			pl->uc.ret_handler = bpf_ev_umulti_exit;
			if (um->mm)
				pl->uc.handler = bpf_ev_umulti_entry_filter;
		} else {
			pl->uc.handler = bpf_ev_umulti_entry;
		}
		if (um->mm)
			pl->uc.filter = bpf_ev_umulti_filter;
		cond_resched();
	}
	return 0;
}

/* The probed file, by name: a regular file. */
static int bpf_ev_umulti_file(struct bpf_ev_umulti *um, u64 upath)
{
	char *name;
	int ret;

	name = strndup_user(u64_to_user_ptr(upath), PATH_MAX);
	if (IS_ERR(name))
		return PTR_ERR(name);
	ret = kern_path(name, LOOKUP_FOLLOW, &um->path);
	kfree(name);
	if (ret)
		return ret;
	return d_is_reg(um->path.dentry) ? 0 : -EBADF;
}

/*
 * The process of @pid (in the caller's namespace), held, and its address
 * space, grabbed: 0, or -ESRCH when no process has it or it has none.
 */
static int bpf_ev_umulti_proc(struct bpf_ev_umulti *um, u32 pid)
{
	struct mm_struct *mm;

	rcu_read_lock();
	um->task = get_pid_task(find_vpid(pid), PIDTYPE_TGID);
	rcu_read_unlock();
	if (!um->task)
		return -ESRCH;
	mm = get_task_mm(um->task);
	if (!mm)
		return -ESRCH;
	mmgrab(mm);
	mmput(mm);
	um->mm = mm;
	return 0;
}

/* Register every place; on a refusal, none stays registered. */
static int bpf_ev_umulti_reg(struct bpf_ev_umulti *um)
{
	struct inode *inode = d_real_inode(um->path.dentry);
	struct bpf_ev_uplace *pl;
	u32 i;

	for (i = 0; i < um->cnt; i++) {
		pl = &um->places[i];
		pl->up = uprobe_register(inode, pl->offset, pl->ref_ctr,
					 &pl->uc);
		if (IS_ERR(pl->up)) {
			int ret = PTR_ERR(pl->up);

			bpf_ev_umulti_unreg(um);
			return ret;
		}
		um->nr_reg = i + 1;
		cond_resched();
	}
	return 0;
}

/**
 * bpf_uprobe_multi_link_attach() - BPF_LINK_CREATE of a uprobe program
 * on many places of one file at once
 * @attr:	the syscall's attributes: link_create.uprobe_multi's path,
 *		flags, count, offsets, and optionally a reference counter's
 *		offset and a cookie for each, and a pid
 * @prog:	a BPF_PROG_TYPE_KPROBE program loaded for
 *		BPF_TRACE_UPROBE_MULTI, sleepable or not
 *
 * Return: the link's fd; -EINVAL for link flags, unknown multi flags,
 * no path, no offsets, no place, a negative offset or one the core
 * refuses, or a program of another attach type; -E2BIG past 2^20
 * places; -ESRCH for a pid no process has; -EBADF for a path that is
 * not a regular file; -EOPNOTSUPP without uprobes; the path lookup's
 * error, -EFAULT, -ENOMEM, or what registering a place refused.
 */
int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	u32 flags = attr->link_create.uprobe_multi.flags;
	u32 cnt = attr->link_create.uprobe_multi.cnt;
	u32 pid = attr->link_create.uprobe_multi.pid;
	struct bpf_link_primer primer;
	struct bpf_ev_umulti *um;
	int ret;

	if (!IS_ENABLED(CONFIG_UPROBES))
		return -EOPNOTSUPP;
	if (attr->link_create.flags ||
	    prog->expected_attach_type != BPF_TRACE_UPROBE_MULTI ||
	    (flags & ~BPF_F_UPROBE_MULTI_RETURN))
		return -EINVAL;
	if (!attr->link_create.uprobe_multi.path ||
	    !attr->link_create.uprobe_multi.offsets || !cnt)
		return -EINVAL;
	if (cnt > BPF_EV_UMULTI_MAX)
		return -E2BIG;
	um = kzalloc(sizeof(*um), GFP_KERNEL);
	if (!um)
		return -ENOMEM;
	um->cnt = cnt;
	um->flags = flags;
	if (pid) {
		ret = bpf_ev_umulti_proc(um, pid);
		if (ret)
			goto fail;
	}
	ret = bpf_ev_umulti_file(um, attr->link_create.uprobe_multi.path) ?:
	      bpf_ev_umulti_places(um, attr);
	if (ret)
		goto fail;
	bpf_link_init(&um->link, BPF_LINK_TYPE_UPROBE_MULTI, &bpf_ev_umulti_ops,
		      prog);
	ret = bpf_link_prime(&um->link, &primer);
	if (ret)
		goto fail;
	ret = bpf_ev_umulti_reg(um);
	if (ret) {
		/* Frees @um through dealloc (not release: the link has no prog). */
		bpf_link_cleanup(&primer);
		return ret;
	}
	return bpf_link_settle(&primer);
fail:
	bpf_ev_umulti_free(um);
	return ret;
}
