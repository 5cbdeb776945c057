// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the function-entry hook's users (struct ftrace_ops):
 * several users with their own sets on the same functions, the
 * trampoline that saves every register (and returns where a callback
 * points regs->ip), changing a registered user's filter, recursion,
 * functions going away, and removal while the functions run on every CPU.
 *
 * Unlike the rest of kernel/trace/, this file is compiled with the
 * function-entry hook, so that its fot_target_*() functions are
 * traceable call sites.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include "../fentry.h"

/*
 * The traced functions. noipa: the compiler may neither inline them nor
 * specialise a copy for constant arguments, so each keeps its one call
 * site under its own name.
 */
static noinline __attribute__((__noipa__)) int fot_target_a(int x)
{
	barrier();
	return x + 1;
}

static noinline __attribute__((__noipa__)) int fot_target_b(int x)
{
	barrier();
	return x + 2;
}

static noinline __attribute__((__noipa__)) int fot_target_c(int x)
{
	barrier();
	return x * 100;
}

/**
 * struct fot_user - a user under test and what its callback saw
 * @ops:	the user
 * @a:		calls seen at fot_target_a()
 * @b:		calls seen at fot_target_b()
 * @c:		calls seen at fot_target_c()
 * @other:	calls seen anywhere else
 * @parent_b:	the parent ip of the last call seen at fot_target_b()
 * @bad_regs:	SAVE_REGS calls whose registers were wrong
 * @late:	calls seen after unregister returned
 * @gone:	unregister has returned
 * @redirect:	send fot_target_a() to fot_target_c()
 * @recurse:	call fot_target_b() from the callback
 * @linger:	busy-wait this many milliseconds in the callback: longer
 *		than unregistering takes, so that an unregister that did
 *		not wait for running callbacks would return mid-call
 */
struct fot_user {
	struct ftrace_ops ops;
	atomic_t a, b, c, other, bad_regs, late;
	unsigned long parent_b;
	bool gone, redirect, recurse;
	unsigned int linger;
};

static unsigned long fot_ip_a, fot_ip_b, fot_ip_c;

static void fot_callback(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fot_user *u = container_of(op, struct fot_user, ops);
	struct pt_regs *regs;

	if (ip == fot_ip_a) {
		atomic_inc(&u->a);
	} else if (ip == fot_ip_b) {
		atomic_inc(&u->b);
		WRITE_ONCE(u->parent_b, parent_ip);
	} else if (ip == fot_ip_c) {
		atomic_inc(&u->c);
	} else {
		atomic_inc(&u->other);
	}
	if (u->recurse)
		fot_target_b(0);
	if (u->linger)
		mdelay(u->linger);
	/* Checked last: the whole call must be over when unregister returns. */
	if (READ_ONCE(u->gone))
		atomic_inc(&u->late);
	if (!(op->flags & (FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY)))
		return;
	regs = ftrace_get_regs(fregs);
	/* At entry: ip just past the call, the first argument in %rdi. */
	if (!regs || regs->ip != ip + MCOUNT_INSN_SIZE ||
	    (ip == fot_ip_a && regs->di != 7)) {
		atomic_inc(&u->bad_regs);
		return;
	}
	if (u->redirect && ip == fot_ip_a)
		regs->ip = (unsigned long)fot_target_c;
}

static int fot_init(struct kunit *test)
{
	fot_ip_a = fentry_site_of("fot_target_a");
	fot_ip_b = fentry_site_of("fot_target_b");
	fot_ip_c = fentry_site_of("fot_target_c");
	if (!fot_ip_a || !fot_ip_b || !fot_ip_c)
		kunit_skip(test, "the targets have no call sites");
	return 0;
}

static struct fot_user *fot_user_new(struct kunit *test, const char *filter,
				     const char *exclude, unsigned long flags)
{
	struct fot_user *u = kunit_kzalloc(test, sizeof(*u), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, u);
	u->ops.func = fot_callback;
	u->ops.flags = flags;
	KUNIT_ASSERT_EQ(test, ftrace_set_filter(&u->ops, (unsigned char *)filter,
						strlen(filter), 1), 0);
	if (exclude)
		KUNIT_ASSERT_EQ(test,
				ftrace_set_notrace(&u->ops, (unsigned char *)exclude,
						   strlen(exclude), 1), 0);
	return u;
}

static void fot_user_free(struct fot_user *u)
{
	ftrace_free_filter(&u->ops);
}

static void fot_calls(int a, int b)
{
	while (a--)
		fot_target_a(7);
	while (b--)
		fot_target_b(7);
}

/* Two users, each with its own sets, on the same functions. */
static void fot_two_users(struct kunit *test)
{
	struct fot_user *u1 = fot_user_new(test, "fot_target_a", NULL, 0);
	struct fot_user *u2 = fot_user_new(test, "fot_target_*",
					   "fot_target_a", 0);

	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u1->ops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u2->ops), 0);
	fot_calls(3, 2);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&u1->ops), 0);
	/* Only u2 left: a is no longer traced by anyone. */
	fot_calls(1, 1);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&u2->ops), 0);
	fot_calls(1, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&u1->a), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&u1->b), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u2->a), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u2->b), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&u1->other) + atomic_read(&u2->other), 0);
	/* Unregistering twice is an error. */
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&u1->ops), -EINVAL);
	fot_user_free(u1);
	fot_user_free(u2);
}

/* A user asking for every register gets them, and can move regs->ip. */
static void fot_save_regs(struct kunit *test)
{
	struct fot_user *plain = fot_user_new(test, "fot_target_a", NULL, 0);
	struct fot_user *u = fot_user_new(test, "fot_target_a fot_target_b",
					  NULL, FTRACE_OPS_FL_SAVE_REGS);

	KUNIT_ASSERT_EQ(test, register_ftrace_function(&plain->ops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	KUNIT_EXPECT_EQ(test, fot_target_a(7), 8);
	KUNIT_EXPECT_EQ(test, fot_target_b(7), 9);
	WRITE_ONCE(u->redirect, true);
	/* fot_target_a(7) now runs fot_target_c(7) instead. */
	KUNIT_EXPECT_EQ(test, fot_target_a(7), 700);
	WRITE_ONCE(u->redirect, false);
	KUNIT_EXPECT_EQ(test, fot_target_a(7), 8);
	unregister_ftrace_function(&u->ops);
	unregister_ftrace_function(&plain->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->bad_regs), 0);
	/* The plain user saw every call of a, the redirected one included. */
	KUNIT_EXPECT_EQ(test, atomic_read(&plain->a), 3);
	fot_user_free(plain);
	fot_user_free(u);
}

/*
 * Users that move the ip are alone on each function (a second is refused,
 * at registration or when its filter grows, and nothing changes); one
 * without FTRACE_OPS_FL_SAVE_REGS, as live patching registers, still
 * gets every register and moves the ip.
 */
static void fot_ipmodify(struct kunit *test)
{
	struct fot_user *u1 = fot_user_new(test, "fot_target_a", NULL,
					   FTRACE_OPS_FL_IPMODIFY);
	struct fot_user *u2 = fot_user_new(test, "fot_target_a fot_target_b",
					   NULL, FTRACE_OPS_FL_IPMODIFY |
					   FTRACE_OPS_FL_SAVE_REGS);
	struct fot_user *plain = fot_user_new(test, "fot_target_*", NULL, 0);

	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u1->ops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&plain->ops), 0);
	KUNIT_EXPECT_EQ(test, register_ftrace_function(&u2->ops), -EBUSY);
	KUNIT_EXPECT_FALSE(test, u2->ops.flags & FTRACE_OPS_FL_ENABLED);
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&u2->ops, fot_ip_b, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u2->ops), 0);
	/* Registered, its filter may not take a in either. */
	KUNIT_EXPECT_EQ(test, ftrace_set_filter_ip(&u2->ops, fot_ip_a, 0, 0),
			-EBUSY);
	WRITE_ONCE(u1->redirect, true);
	KUNIT_EXPECT_EQ(test, fot_target_a(7), 700);
	WRITE_ONCE(u1->redirect, false);
	fot_calls(1, 1);
	unregister_ftrace_function(&u2->ops);
	unregister_ftrace_function(&u1->ops);
	unregister_ftrace_function(&plain->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u1->a), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&u1->bad_regs), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u2->a), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u2->b), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&u2->bad_regs), 0);
	/* The redirected call ran c, which the plain user saw too. */
	KUNIT_EXPECT_EQ(test, atomic_read(&plain->a), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&plain->c), 1);
	fot_user_free(u1);
	fot_user_free(u2);
	fot_user_free(plain);
}

/* A registered user's filter changes which sites call it. */
static void fot_change_filter(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_a", NULL, 0);
	const char *b = "fot_target_b";

	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	fot_calls(2, 2);
	KUNIT_EXPECT_EQ(test, ftrace_set_filter(&u->ops, (unsigned char *)b,
						strlen(b), 1), 0);
	fot_calls(2, 2);
	/* A name that matches nothing changes nothing. */
	KUNIT_EXPECT_EQ(test, ftrace_set_filter(&u->ops,
						(unsigned char *)"no_such_fn_xyz",
						14, 1), -EINVAL);
	fot_calls(1, 1);
	unregister_ftrace_function(&u->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 3);
	fot_user_free(u);
}

/*
 * The lookups kprobes, livepatch and BPF make: a site, any byte of its
 * call, and its function's first byte all lead to the site; bytes past
 * the call do not, and a range is reserved exactly when it touches one.
 */
static void fot_location(struct kunit *test)
{
	unsigned long fn = (unsigned long)fot_target_a;
	unsigned long size, off;

	KUNIT_ASSERT_TRUE(test, kallsyms_lookup_size_offset(fn, &size, &off));
	KUNIT_ASSERT_GT(test, size, (unsigned long)MCOUNT_INSN_SIZE);
	KUNIT_EXPECT_EQ(test, ftrace_location(fot_ip_a), fot_ip_a);
	KUNIT_EXPECT_EQ(test, ftrace_location(fot_ip_a + MCOUNT_INSN_SIZE - 1),
			fot_ip_a);
	KUNIT_EXPECT_EQ(test, ftrace_location(fn), fot_ip_a);
	KUNIT_EXPECT_EQ(test, ftrace_location(fot_ip_a + MCOUNT_INSN_SIZE), 0UL);
	KUNIT_EXPECT_EQ(test, ftrace_location(fn + size - 1), 0UL);
	/* Data has no call site. */
	KUNIT_EXPECT_EQ(test, ftrace_location((unsigned long)&fot_ip_a), 0UL);
	KUNIT_EXPECT_EQ(test, ftrace_location_range(fn, fn + size - 1), fot_ip_a);
	KUNIT_EXPECT_EQ(test, ftrace_text_reserved((void *)fot_ip_a + 2,
						   (void *)fot_ip_a + 2), 1);
	KUNIT_EXPECT_EQ(test, ftrace_text_reserved((void *)fot_ip_a - 8,
						   (void *)fot_ip_a), 1);
	KUNIT_EXPECT_EQ(test,
			ftrace_text_reserved((void *)fot_ip_a + MCOUNT_INSN_SIZE,
					     (void *)fn + size - 1), 0);
}

/* A filter set by address, as kprobes and BPF trampolines set theirs. */
static void fot_filter_ip(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_c", NULL, 0);
	unsigned long ips[] = { (unsigned long)fot_target_b, fot_ip_a };

	KUNIT_EXPECT_EQ(test, ftrace_set_filter_ip(&u->ops,
						   (unsigned long)fot_target_a,
						   0, 1), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	fot_calls(2, 1);
	/* Registered: add b, then take a out again. */
	KUNIT_EXPECT_EQ(test, ftrace_set_filter_ips(&u->ops, ips, 2, 0, 0), 0);
	fot_calls(1, 1);
	KUNIT_EXPECT_EQ(test, ftrace_set_filter_ip(&u->ops, fot_ip_a, 1, 0), 0);
	fot_calls(1, 1);
	/* Errors change nothing: not in the filter, not a call site. */
	KUNIT_EXPECT_EQ(test, ftrace_set_filter_ip(&u->ops, fot_ip_a, 1, 0),
			-ENOENT);
	KUNIT_EXPECT_EQ(test,
			ftrace_set_filter_ip(&u->ops, (unsigned long)&fot_ip_a,
					     0, 0), -EINVAL);
	fot_calls(1, 1);
	unregister_ftrace_function(&u->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->c), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->other), 0);
	fot_user_free(u);
}

/*
 * A callback calling a function it traces is not called back without
 * bound: the guard lets one nested call through (the slack kept for an
 * interrupt that has not yet raised the preempt count), no more.
 */
static void fot_recursion(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_a fot_target_b",
					  NULL, 0);
	struct fot_user *v = fot_user_new(test, "fot_target_c", NULL, 0);

	u->recurse = true;
	/* Two users: the dispatch loop, not a direct call. */
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&v->ops), 0);
	fot_calls(4, 0);
	unregister_ftrace_function(&v->ops);
	unregister_ftrace_function(&u->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 4);
	KUNIT_EXPECT_LE(test, atomic_read(&u->b), 4);
	fot_user_free(u);
	fot_user_free(v);
}

/*
 * Functions that go away (a module unloading) leave every registered
 * set; a filter they leave empty traces nothing, not every function.
 */
static void fot_forget_range(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_a fot_target_b",
					  NULL, 0);
	struct fot_user *v = fot_user_new(test, "fot_target_a", NULL, 0);

	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&v->ops), 0);
	fot_calls(1, 1);
	fentry_forget_range(fot_ip_a, fot_ip_a + 1);
	fot_calls(1, 1);
	fot_target_c(1);
	unregister_ftrace_function(&v->ops);
	unregister_ftrace_function(&u->ops);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&v->a), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&v->b) + atomic_read(&v->c) +
			      atomic_read(&v->other), 0);
	fot_user_free(u);
	fot_user_free(v);
}

/*
 * A gated user (function_graph with set_graph_function) is called
 * outside its gate only while some task is inside one (fentry_gates).
 * With FUNCTION_GRAPH_PADDED_GUARD such a site jumps to the guard in
 * its function's padding, whose call must still hand the user the
 * site and the caller's return address, and leave the arguments alone.
 */
static void fot_gated(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_a fot_target_b",
					  NULL, FENTRY_OPS_FL_GATED);
	struct ftrace_hash *gate = fentry_hash_alloc(1);
	struct ftrace_hash __rcu *slot;
	unsigned long size, off;

	KUNIT_ASSERT_NOT_NULL(test, gate);
	gate->ips[gate->count++] = fot_ip_a;
	RCU_INIT_POINTER(slot, gate);
	u->ops.private = &slot;
	KUNIT_ASSERT_EQ(test, register_ftrace_function(&u->ops), 0);
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_PADDED_GUARD)) {
		/* b: "jmp" 16 bytes back, to "cmpl $0, fentry_gates". */
		KUNIT_EXPECT_EQ(test, *(u8 *)fot_ip_b, 0xe9);
		KUNIT_EXPECT_EQ(test, *(s32 *)(fot_ip_b + 1), -21);
		KUNIT_EXPECT_EQ(test, *(u8 *)(fot_ip_b - 16), 0x83);
		/* a, the gate: the plain trampoline. */
		KUNIT_EXPECT_EQ(test, *(u8 *)fot_ip_a, 0xe8);
	}
	/* No task inside a gate: only the gate itself calls the user. */
	KUNIT_EXPECT_EQ(test, fot_target_b(7), 9);
	KUNIT_EXPECT_EQ(test, fot_target_a(7), 8);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 0);
	atomic_inc(&fentry_gates);
	KUNIT_EXPECT_EQ(test, fot_target_b(7), 9);
	KUNIT_EXPECT_EQ(test, fot_target_b(40), 42);
	atomic_dec(&fentry_gates);
	KUNIT_EXPECT_EQ(test, fot_target_b(7), 9);
	KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&u->ops), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->a), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->b), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->other), 0);
	/* The parent is the return address into this function. */
	KUNIT_ASSERT_TRUE(test, kallsyms_lookup_size_offset(u->parent_b, &size,
							    &off));
	KUNIT_EXPECT_EQ(test, u->parent_b - off, (unsigned long)fot_gated);
	fentry_hash_free(gate);
	fot_user_free(u);
}

/* Calls on every CPU while a user comes and goes: none after it left. */
static int fot_caller(void *arg)
{
	while (!kthread_should_stop()) {
		fot_target_a(7);
		cond_resched();
	}
	return 0;
}

/* Rounds of register and unregister: each takes about a second under TCG. */
#define FOT_ROUNDS	8

static void fot_remove_under_load(struct kunit *test)
{
	struct fot_user *u = fot_user_new(test, "fot_target_a", NULL, 0);
	struct fot_user *other = fot_user_new(test, "fot_target_b", NULL, 0);
	struct task_struct *t[2];
	int i, cpu, n = 0, seen = 0;

	u->linger = 20;

	for_each_online_cpu(cpu) {
		if (n == ARRAY_SIZE(t))
			break;
		t[n] = kthread_run_on_cpu(fot_caller, NULL, cpu, "fot/%u");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t[n]));
		n++;
	}
	/* Every other round, a second user: the loop instead of a direct call. */
	for (i = 0; i < FOT_ROUNDS; i++) {
		WRITE_ONCE(u->gone, false);
		if (i & 1)
			KUNIT_EXPECT_EQ(test, register_ftrace_function(&other->ops), 0);
		KUNIT_EXPECT_EQ(test, register_ftrace_function(&u->ops), 0);
		usleep_range(1000, 2000);
		seen += atomic_read(&u->a) > 0;
		atomic_set(&u->a, 0);
		KUNIT_EXPECT_EQ(test, unregister_ftrace_function(&u->ops), 0);
		WRITE_ONCE(u->gone, true);
		if (i & 1)
			unregister_ftrace_function(&other->ops);
		usleep_range(1000, 2000);
	}
	for (i = 0; i < n; i++)
		kthread_stop(t[i]);
	KUNIT_EXPECT_EQ(test, atomic_read(&u->late), 0);
	KUNIT_EXPECT_GT(test, seen, FOT_ROUNDS / 2);
	kunit_info(test, "calls seen in %d of %d rounds, %d after removal\n",
		   seen, FOT_ROUNDS, atomic_read(&u->late));
	fot_user_free(u);
	fot_user_free(other);
}

static struct kunit_case fot_cases[] = {
	KUNIT_CASE(fot_two_users),
	KUNIT_CASE(fot_save_regs),
	KUNIT_CASE(fot_ipmodify),
	KUNIT_CASE(fot_change_filter),
	KUNIT_CASE(fot_location),
	KUNIT_CASE(fot_filter_ip),
	KUNIT_CASE(fot_recursion),
	KUNIT_CASE(fot_forget_range),
	KUNIT_CASE(fot_gated),
	KUNIT_CASE(fot_remove_under_load),
	{}
};

static struct kunit_suite fot_suite = {
	.name = "fentry_ops",
	.init = fot_init,
	.test_cases = fot_cases,
};

kunit_test_suite(fot_suite);
