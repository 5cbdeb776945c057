// SPDX-License-Identifier: GPL-2.0
/* The hook of the trace-site KUnit suite (trace_site_kunit.c). */
#include <linux/compiler.h>
#include <linux/instruction_pointer.h>

#include "trace_site_hook.h"

unsigned int tst_calls;
unsigned long tst_ret;

/* Counts its calls and keeps its return address: the site's. */
void __no_caller_saved_registers tst_hook(void)
{
	tst_calls++;
	tst_ret = _RET_IP_;
}
