// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of return hooking (register_ftrace_graph()): entry and
 * return come in pairs with the right depth and return value, a user
 * that declines the entry gets no return, two users hook the same
 * function, and a stack trace taken inside a hooked call shows the real
 * caller, not return_to_handler, and a hooked call leaves every register
 * the function itself does not write as it was.
 *
 * Compiled with the function-entry hook, so that its fgt_*() functions
 * are traceable call sites.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/stacktrace.h>
#include <asm/asm.h>

#include "../fentry.h"

static unsigned long fgt_stack[16];
static unsigned int fgt_stack_len;

static noinline __attribute__((__noipa__)) int fgt_leaf(int x)
{
	barrier();
	return x + 40;
}

static noinline __attribute__((__noipa__)) int fgt_snap(int x)
{
	fgt_stack_len = stack_trace_save(fgt_stack, ARRAY_SIZE(fgt_stack), 0);
	return x;
}

static noinline __attribute__((__noipa__)) int fgt_outer(int x)
{
	return fgt_leaf(x) + fgt_snap(1);
}

/* Writes %eax only, so its callers may keep values anywhere else. */
static noinline __used __attribute__((__noipa__)) int fgt_quiet(void)
{
	return 7;
}

/**
 * struct fgt_user - a user under test and what it saw
 * @gops:	the user
 * @entries:	entries seen
 * @returns:	returns seen
 * @bad_time:	returns whose time was before their entry's
 * @decline:	answer 0 to every entry
 * @depth:	the depth of each function's last entry and return, by
 *		index: leaf, snap, outer, quiet
 * @retval:	the last return value of each
 */
struct fgt_user {
	struct fgraph_ops gops;
	unsigned int entries, returns, bad_time;
	bool decline;
	int depth[2][4];
	unsigned long retval[4];
};

static unsigned long fgt_ips[4];
static struct task_struct *fgt_task;	/* the test's thread */

static int fgt_index(unsigned long ip)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(fgt_ips); i++)
		if (fgt_ips[i] == ip)
			return i;
	return -1;
}

static int fgt_entry(struct ftrace_graph_ent *e, struct fgraph_ops *gops)
{
	struct fgt_user *u = container_of(gops, struct fgt_user, gops);
	int i = fgt_index(e->func);

	if (i < 0 || current != READ_ONCE(fgt_task))
		return 0;
	u->entries++;
	u->depth[0][i] = e->depth;
	return !u->decline;
}

static void fgt_return(struct ftrace_graph_ret *r, struct fgraph_ops *gops)
{
	struct fgt_user *u = container_of(gops, struct fgt_user, gops);
	int i = fgt_index(r->func);

	if (i < 0 || current != READ_ONCE(fgt_task))
		return;
	u->returns++;
	u->depth[1][i] = r->depth;
	u->retval[i] = r->retval;
	u->bad_time += r->calltime > r->rettime;
}

static int fgt_init(struct kunit *test)
{
	static const char * const names[] = {
		"fgt_leaf", "fgt_snap", "fgt_outer", "fgt_quiet"
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		fgt_ips[i] = fentry_site_of(names[i]);
		KUNIT_ASSERT_NE_MSG(test, fgt_ips[i], 0, "no call site in %s",
				    names[i]);
	}
	WRITE_ONCE(fgt_task, current);
	return 0;
}

static struct fgt_user *fgt_user_new(struct kunit *test)
{
	static const char filter[] = "fgt_leaf fgt_snap fgt_outer fgt_quiet";
	struct fgt_user *u = kunit_kzalloc(test, sizeof(*u), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, u);
	u->gops.entryfunc = fgt_entry;
	u->gops.retfunc = fgt_return;
	ret = ftrace_set_filter(&u->gops.ops, (unsigned char *)filter,
				sizeof(filter) - 1, 1);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return u;
}

static void fgt_pairs(struct kunit *test)
{
	struct fgt_user *u = fgt_user_new(test);
	int i, v = 0;

	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&u->gops), 0);
	for (i = 0; i < 5; i++)
		v += fgt_outer(i);
	unregister_ftrace_graph(&u->gops);
	ftrace_free_filter(&u->gops.ops);
	KUNIT_EXPECT_EQ(test, v, 5 * 40 + 10 + 5);
	KUNIT_EXPECT_EQ(test, u->entries, 15);
	KUNIT_EXPECT_EQ(test, u->returns, 15);
	/* outer at 0, what it calls at 1; returns as entries. */
	KUNIT_EXPECT_EQ(test, u->depth[0][2], 0);
	KUNIT_EXPECT_EQ(test, u->depth[0][0], 1);
	KUNIT_EXPECT_EQ(test, u->depth[1][0], 1);
	KUNIT_EXPECT_EQ(test, u->depth[1][2], 0);
	KUNIT_EXPECT_EQ(test, u->retval[0], 44);
	KUNIT_EXPECT_EQ(test, u->retval[2], 45);
	KUNIT_EXPECT_EQ(test, u->bad_time, 0);
}

static void fgt_decline(struct kunit *test)
{
	struct fgt_user *u = fgt_user_new(test);

	u->decline = true;
	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&u->gops), 0);
	fgt_outer(1);
	unregister_ftrace_graph(&u->gops);
	ftrace_free_filter(&u->gops.ops);
	KUNIT_EXPECT_EQ(test, u->entries, 3);
	KUNIT_EXPECT_EQ(test, u->returns, 0);
}

static void fgt_two_users(struct kunit *test)
{
	struct fgt_user *a = fgt_user_new(test), *b = fgt_user_new(test);

	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&a->gops), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&b->gops), 0);
	KUNIT_EXPECT_EQ(test, fgt_outer(2), 43);
	unregister_ftrace_graph(&a->gops);
	KUNIT_EXPECT_EQ(test, fgt_outer(3), 44);
	unregister_ftrace_graph(&b->gops);
	ftrace_free_filter(&a->gops.ops);
	ftrace_free_filter(&b->gops.ops);
	KUNIT_EXPECT_EQ(test, a->returns, 3);
	KUNIT_EXPECT_EQ(test, b->returns, 6);
	/* Each user counts depth among its own frames. */
	KUNIT_EXPECT_EQ(test, b->depth[0][0], 1);
	KUNIT_EXPECT_EQ(test, a->depth[0][0], 1);
}

static void fgt_unwind(struct kunit *test)
{
	struct fgt_user *u = fgt_user_new(test);
	bool outer = false, tramp = false;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&u->gops), 0);
	fgt_outer(0);
	unregister_ftrace_graph(&u->gops);
	ftrace_free_filter(&u->gops.ops);
	KUNIT_ASSERT_GT(test, fgt_stack_len, 0);
	for (i = 0; i < fgt_stack_len; i++) {
		unsigned long a = fgt_stack[i];

		outer |= a > fgt_ips[2] && a < fgt_ips[2] + 64;
		tramp |= a == (unsigned long)return_to_handler;
	}
	KUNIT_EXPECT_TRUE_MSG(test, outer, "fgt_outer not in the stack trace");
	KUNIT_EXPECT_FALSE_MSG(test, tramp, "return_to_handler in the stack trace");
}

/*
 * With FUNCTION_TRACER_IPA_RA a caller keeps values across a call in the
 * registers the callee does not write, so the entry trampoline and
 * return_to_handler must preserve them all. Call fgt_quiet() from asm
 * with a known value in each call-clobbered register but %rax, and store
 * what each holds after the call (through %rbx, which calls preserve).
 */
static void fgt_registers(struct kunit *test)
{
	static const char * const names[] = {
		"rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11"
	};
	struct fgt_user *u = fgt_user_new(test);
	unsigned long after[8], ret;
	int i;

	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&u->gops), 0);
	asm volatile("movq $0x1001, %%rcx\n\t"
		     "movq $0x1002, %%rdx\n\t"
		     "movq $0x1003, %%rsi\n\t"
		     "movq $0x1004, %%rdi\n\t"
		     "movq $0x1005, %%r8\n\t"
		     "movq $0x1006, %%r9\n\t"
		     "movq $0x1007, %%r10\n\t"
		     "movq $0x1008, %%r11\n\t"
		     "call fgt_quiet\n\t"
		     "movq %%rcx, 0(%%rbx)\n\t"
		     "movq %%rdx, 8(%%rbx)\n\t"
		     "movq %%rsi, 16(%%rbx)\n\t"
		     "movq %%rdi, 24(%%rbx)\n\t"
		     "movq %%r8, 32(%%rbx)\n\t"
		     "movq %%r9, 40(%%rbx)\n\t"
		     "movq %%r10, 48(%%rbx)\n\t"
		     "movq %%r11, 56(%%rbx)"
		     : "=a" (ret), ASM_CALL_CONSTRAINT
		     : "b" (after)
		     : "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11",
		       "memory", "cc");
	unregister_ftrace_graph(&u->gops);
	ftrace_free_filter(&u->gops.ops);
	KUNIT_EXPECT_EQ(test, ret & 0xffffffff, 7);
	KUNIT_EXPECT_EQ(test, u->entries, 1);
	KUNIT_EXPECT_EQ(test, u->returns, 1);
	for (i = 0; i < ARRAY_SIZE(after); i++)
		KUNIT_EXPECT_EQ_MSG(test, after[i], 0x1001 + i, "%%%s changed",
				    names[i]);
}

static struct kunit_case fgt_cases[] = {
	KUNIT_CASE(fgt_pairs),
	KUNIT_CASE(fgt_decline),
	KUNIT_CASE(fgt_two_users),
	KUNIT_CASE(fgt_unwind),
	KUNIT_CASE(fgt_registers),
	{}
};

static struct kunit_suite fgt_suite = {
	.name = "fgraph",
	.init = fgt_init,
	.test_cases = fgt_cases,
};

kunit_test_suite(fgt_suite);
