// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 side of function tracing: the five bytes at each call site.
 *
 * The compiler puts "call __fentry__" (e8 + a 32-bit displacement) at the
 * start of every traceable function. Before a site is touched for the
 * first time its bytes must be exactly that call; anything else means the
 * table and the code disagree, and the site is refused.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/sync_core.h>

#include <asm/nops.h>
#include <asm/text-patching.h>

#include "../../../kernel/trace/fentry.h"

#define FENTRY_INSN_SIZE	5

static const u8 fentry_nop[FENTRY_INSN_SIZE] = { BYTES_NOP5 };

static void fentry_call_insn(u8 insn[FENTRY_INSN_SIZE], unsigned long ip,
			     unsigned long target)
{
	s32 disp = (s32)(target - (ip + FENTRY_INSN_SIZE));

	insn[0] = CALL_INSN_OPCODE;
	memcpy(insn + 1, &disp, sizeof(disp));
}

/**
 * arch_fentry_convert() - turn a fresh call site into a nop
 * @ip:		the site: code that is not running yet (early boot, or a
 *		module being loaded) and still writable
 *
 * The new bytes are visible to instruction fetch only after
 * arch_fentry_sync(), which the caller runs once after a batch.
 *
 * Return: 0, or -EINVAL when the site does not hold the call the
 * compiler emits (it is left as it is).
 */
int arch_fentry_convert(unsigned long ip)
{
	u8 want[FENTRY_INSN_SIZE];

	fentry_call_insn(want, ip, (unsigned long)__fentry__);
	if (memcmp((void *)ip, want, FENTRY_INSN_SIZE))
		return -EINVAL;
	memcpy((void *)ip, fentry_nop, FENTRY_INSN_SIZE);
	return 0;
}

/**
 * arch_fentry_sync() - make converted sites visible to this CPU
 *
 * Only this CPU can have fetched the old bytes (the code never ran
 * elsewhere), so serializing it is enough.
 */
void arch_fentry_sync(void)
{
	sync_core();
}

/**
 * set_ftrace_ops_ro() - make allocated trampolines read-only
 *
 * Called when kernel text becomes read-only. Our trampolines are part of
 * kernel text, so there is nothing else to protect.
 */
void set_ftrace_ops_ro(void)
{
}
