// SPDX-License-Identifier: GPL-2.0
/* recordmcount fixture: every kind of function the kernel has. */
#define noinline __attribute__((noinline))
#define notrace __attribute__((no_instrument_function))

void sink(int x);

/* Weak: another object replaces it at link time. */
void __attribute__((weak)) weak_fn(void) { sink(1); }
/* Local: only a section symbol or a local symbol can name it. */
static noinline void local_fn(int x) { sink(x); }
void global_fn(void) { local_fn(2); }
/* In a section of its own. */
__attribute__((section(".text.fixture_sep"))) void sep_fn(void) { sink(3); }
/* Only weak symbols in this section: it needs a section symbol. */
__attribute__((weak, section(".text.fixture_weak"))) void weak_sep_fn(void) { sink(4); }
/* Never recorded: notrace, init and exit code. */
notrace void notrace_fn(void) { sink(5); }
__attribute__((section(".init.text"))) void init_fn(void) { sink(6); }
__attribute__((section(".exit.text"))) void exit_fn(void) { sink(7); }
/* A mention of the hook that is not a call. */
extern void __fentry__(void);
void *hook_address(void) { return (void *)__fentry__; }
