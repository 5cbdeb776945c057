// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 side of function tracing: the five bytes at each call site.
 *
 * The compiler puts "call __fentry__" (e8 + a 32-bit displacement) at the
 * start of every traceable function. Before a site is touched for the
 * first time its bytes must be exactly that call; anything else means the
 * table and the code disagree, and the site is refused.
 *
 * At run time a site holds a 5-byte nop, a call to one of the
 * trampolines of ftrace_64.S, or a call to a direct user's own trampoline
 * (register_ftrace_direct()). Live code is changed with the kernel's
 * breakpoint-based batching (text_poke_queue()/text_poke_finish()): a
 * CPU that runs the site meanwhile hits the int3 and has the new
 * instruction emulated. No CPU is ever stopped.
 *
 * With FUNCTION_GRAPH_PADDED_GUARD, a site that only gated users trace
 * (FENTRY_GUARD) does not call fentry_guard_caller but jumps back into
 * the padding before its function, where boot wrote a copy of the guard
 * (fentry_pad_stub()).
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/memory.h>
#include <linux/string.h>
#include <linux/sync_core.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include <asm/nops.h>
#include <asm/text-patching.h>
#include <asm/tsc.h>

#include "../../../kernel/trace/fentry.h"

#define FENTRY_INSN_SIZE	5
#define FENTRY_PAD		16	/* the guard in the padding */

static const u8 fentry_nop[FENTRY_INSN_SIZE] = { BYTES_NOP5 };

/* The displacement of a 5-byte call or jump at @ip to @target. */
static s32 fentry_rel32(unsigned long ip, unsigned long target)
{
	return (s32)(target - (ip + FENTRY_INSN_SIZE));
}

static void fentry_rel32_insn(u8 insn[FENTRY_INSN_SIZE], u8 opcode,
			      unsigned long ip, unsigned long target)
{
	s32 disp = fentry_rel32(ip, target);

	insn[0] = opcode;
	memcpy(insn + 1, &disp, sizeof(disp));
}

static void fentry_call_insn(u8 insn[FENTRY_INSN_SIZE], unsigned long ip,
			     unsigned long target)
{
	fentry_rel32_insn(insn, CALL_INSN_OPCODE, ip, target);
}

static void fentry_jmp_insn(u8 insn[FENTRY_INSN_SIZE], unsigned long ip,
			    unsigned long target)
{
	fentry_rel32_insn(insn, JMP32_INSN_OPCODE, ip, target);
}

#ifdef CONFIG_FUNCTION_GRAPH_PADDED_GUARD
/*
 * CALL_PADDING puts FENTRY_PAD bytes of one-byte nops before every
 * function, and the site is the function's first instruction. The guard
 * written there, once, when the site is converted:
 *
 *   site - 16   83 3d <rel32> 00   cmpl $0, fentry_gates(%rip)
 *   site - 9    74 0c              je   site + 5
 *   site - 7    66 90              two-byte nop
 *   site - 5    e8 <rel32>         call fentry_pad_caller
 *
 * A guarded site holds "jmp site - 16". While no task is inside a gate
 * that is a jump, a compare and a jump, all within the function's own
 * few bytes: no call, no return, nothing for the return stack buffer to
 * predict, and for QEMU's TCG only jumps within a page, which it chains
 * without a lookup (a call to fentry_guard_caller and its return are
 * two lookups). The call in the padding returns to the site itself;
 * fentry_pad_caller moves its return address past the site.
 */
#define FENTRY_PAD_NOP		0x90
#define FENTRY_PAD_NOPS		0x9090909090909090ULL
static_assert(CONFIG_FUNCTION_PADDING_BYTES >= FENTRY_PAD);

static void fentry_pad_stub(u8 stub[FENTRY_PAD], unsigned long ip)
{
	unsigned long pad = ip - FENTRY_PAD;
	s32 gates = (s32)((unsigned long)&fentry_gates - (pad + 7));

	stub[0] = 0x83;				/* cmp r/m32, imm8 */
	stub[1] = 0x3d;				/* /7, %rip + disp32 */
	memcpy(stub + 2, &gates, sizeof(gates));
	stub[6] = 0;
	stub[7] = 0x74;				/* je rel8 */
	stub[8] = (ip + FENTRY_INSN_SIZE) - (pad + 9);
	stub[9] = 0x66;				/* nop, two bytes */
	stub[10] = FENTRY_PAD_NOP;
	fentry_call_insn(stub + 11, pad + 11,
			 (unsigned long)fentry_pad_caller);
}

/* Does the padding before @ip hold its guard? */
static bool fentry_pad_ready(unsigned long ip)
{
	u8 now[FENTRY_PAD], want[FENTRY_PAD];

	/* A site without padding may start its image's text. */
	if (copy_from_kernel_nofault(now, (void *)(ip - FENTRY_PAD),
				     FENTRY_PAD))
		return false;
	fentry_pad_stub(want, ip);
	return !memcmp(now, want, FENTRY_PAD);
}

/*
 * Write the guard into the padding before @ip when it is all nops and
 * within the image's text, which starts at @text.
 */
static void fentry_pad_convert(unsigned long ip, unsigned long text)
{
	u8 *pad = (u8 *)(ip - FENTRY_PAD);
	u8 stub[FENTRY_PAD];

	/* Two loads rather than memchr_inv(): this runs for every site. */
	if (ip - text < FENTRY_PAD ||
	    get_unaligned((u64 *)pad) != FENTRY_PAD_NOPS ||
	    get_unaligned((u64 *)(pad + 8)) != FENTRY_PAD_NOPS)
		return;
	fentry_pad_stub(stub, ip);
	memcpy(pad, stub, FENTRY_PAD);
}
#else
static bool fentry_pad_ready(unsigned long ip)
{
	return false;
}

static void fentry_pad_convert(unsigned long ip, unsigned long text)
{
}
#endif

/**
 * arch_fentry_convert() - turn a fresh call site into a nop
 * @ip:		the site: code that is not running yet (early boot, or a
 *		module being loaded) and still writable
 * @text:	where the text of the site's image starts
 *
 * The new bytes are visible to instruction fetch only after
 * arch_fentry_sync(), which the caller runs once after a batch.
 *
 * Return: 0, or -EINVAL when the site does not hold the call the
 * compiler emits (it is left as it is).
 */
int arch_fentry_convert(unsigned long ip, unsigned long text)
{
	/* A byte and a word compared in line: this runs for every site. */
	if (*(u8 *)ip != CALL_INSN_OPCODE ||
	    get_unaligned((s32 *)(ip + 1)) !=
	    fentry_rel32(ip, (unsigned long)__fentry__))
		return -EINVAL;
	memcpy((void *)ip, fentry_nop, FENTRY_INSN_SIZE);
	fentry_pad_convert(ip, text);
	return 0;
}

/**
 * arch_fentry_cycles_to_ns() - a get_cycles() interval in nanoseconds
 * @cycles:	the interval, in TSC cycles
 *
 * Return: the nanoseconds, or 0 while the TSC frequency is unknown.
 */
u64 arch_fentry_cycles_to_ns(u64 cycles)
{
	return tsc_khz ? div_u64(cycles * 1000000ULL, tsc_khz) : 0;
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

/*
 * The bytes of a site in state @state: FENTRY_ON (+REGS or +GUARD),
 * FENTRY_DIRECT (a call to @direct), or 0.
 */
static void fentry_insn(u8 insn[FENTRY_INSN_SIZE], unsigned long ip,
			unsigned int state, unsigned long direct)
{
	if (!(state & FENTRY_ON))
		memcpy(insn, fentry_nop, FENTRY_INSN_SIZE);
	else if (state == FENTRY_DIRECT)
		fentry_call_insn(insn, ip, direct);
	else if (state & FENTRY_REGS)
		fentry_call_insn(insn, ip, (unsigned long)fentry_regs_caller);
	else if ((state & FENTRY_GUARD) && fentry_pad_ready(ip))
		fentry_jmp_insn(insn, ip, ip - FENTRY_PAD);
	else if (state & FENTRY_GUARD)
		fentry_call_insn(insn, ip, (unsigned long)fentry_guard_caller);
	else
		fentry_call_insn(insn, ip, (unsigned long)fentry_caller);
}

/**
 * arch_fentry_poke() - queue the change of a live call site
 * @ip:		the site
 * @from:	its state now (FENTRY_ON, FENTRY_REGS, FENTRY_GUARD,
 *		FENTRY_DIRECT; 0: nop)
 * @from_to:	with FENTRY_DIRECT, the address its call holds now
 * @to:		the state wanted
 * @to_to:	with FENTRY_DIRECT, the address to call
 *
 * Context: text_mutex held. The change is done, for every CPU, by
 * arch_fentry_poke_finish() at the latest.
 *
 * Return: 0, or -EINVAL when the site does not hold what @from says (it
 * is left alone).
 */
int arch_fentry_poke(unsigned long ip, unsigned int from, unsigned long from_to,
		     unsigned int to, unsigned long to_to)
{
	u8 now[FENTRY_INSN_SIZE], want[FENTRY_INSN_SIZE];

	lockdep_assert_held(&text_mutex);
	fentry_insn(now, ip, from, from_to);
	if (memcmp((void *)ip, now, FENTRY_INSN_SIZE))
		return -EINVAL;
	fentry_insn(want, ip, to, to_to);
	text_poke_queue((void *)ip, want, FENTRY_INSN_SIZE, NULL);
	return 0;
}

/**
 * arch_fentry_poke_finish() - apply every queued change
 *
 * Context: text_mutex held.
 */
void arch_fentry_poke_finish(void)
{
	lockdep_assert_held(&text_mutex);
	text_poke_finish();
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
