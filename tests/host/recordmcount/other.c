// SPDX-License-Identifier: GPL-2.0
/* recordmcount fixture: replaces the weak functions, and the program's start. */
void sink(int x) { __asm__ volatile("" : : "r"(x)); }
void weak_fn(void) { sink(10); }
void weak_sep_fn(void) { sink(11); }
void global_fn(void);
void _start(void) { global_fn(); weak_fn(); for (;;) ; }
