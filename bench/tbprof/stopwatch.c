// SPDX-License-Identifier: GPL-2.0
/*
 * stopwatch: a QEMU TCG plugin that times windows of guest execution in
 * host time, without changing the guest.
 *
 *   qemu-system-x86_64 ... \
 *     -plugin stopwatch.so,out=FILE,win=FROM:TO[,win=FROM:TO...]
 *
 * FROM and TO are guest virtual addresses of instructions (0x... or
 * decimal). A window opens when the instruction at FROM is about to run
 * and closes when the one at TO is about to run; usually FROM is a call
 * and TO the instruction after it, so the window is the call. At exit
 * FILE gets one line per window: "FROM TO closes total_ns".
 *
 * Only the instructions named are instrumented (a callback each), so the
 * guest runs as fast as without the plugin, apart from translating a
 * little slower. The windows have one state each, shared by all vCPUs:
 * name code that one CPU runs at a time, such as boot code.
 *
 * bench (B7.convert) uses it to time ftrace_init() in kernels that do
 * not report it themselves.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;

/* QEMU plugin API version 1 (QEMU 7.2); Debian ships no header. */
extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, void *), void *userdata);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
							size_t idx);
extern uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
extern void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
		void (*cb)(unsigned int, void *), int flags, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define MAX_WINDOWS	16
#define CB_NO_REGS	0

struct window {
	uint64_t from, to;
	uint64_t opened;	/* ns, 0 while closed */
	uint64_t total;		/* ns */
	uint64_t closes;
};

static struct window windows[MAX_WINDOWS];
static unsigned int nwindows;
static char outpath[4096];

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* userdata: the window, with bit 0 set for its closing instruction. */
static void on_insn(unsigned int vcpu, void *udata)
{
	uintptr_t u = (uintptr_t)udata;
	struct window *w = (struct window *)(u & ~(uintptr_t)1);
	uint64_t t = now_ns();

	(void)vcpu;
	if (!(u & 1)) {
		w->opened = t;
	} else if (w->opened) {
		w->total += t - w->opened;
		w->closes++;
		w->opened = 0;
	}
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	unsigned int j;

	(void)id;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);

		for (j = 0; j < nwindows; j++) {
			if (va == windows[j].from)
				qemu_plugin_register_vcpu_insn_exec_cb(insn,
					on_insn, CB_NO_REGS, &windows[j]);
			if (va == windows[j].to)
				qemu_plugin_register_vcpu_insn_exec_cb(insn,
					on_insn, CB_NO_REGS,
					(void *)((uintptr_t)&windows[j] | 1));
		}
	}
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	FILE *f = fopen(outpath, "w");
	unsigned int j;

	(void)id;
	(void)p;
	if (!f)
		return;
	for (j = 0; j < nwindows; j++)
		fprintf(f, "0x%llx 0x%llx %llu %llu\n",
			(unsigned long long)windows[j].from,
			(unsigned long long)windows[j].to,
			(unsigned long long)windows[j].closes,
			(unsigned long long)windows[j].total);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		char *colon;

		if (!strncmp(argv[i], "out=", 4)) {
			snprintf(outpath, sizeof(outpath), "%s", argv[i] + 4);
		} else if (!strncmp(argv[i], "win=", 4) &&
			   nwindows < MAX_WINDOWS &&
			   (colon = strchr(argv[i] + 4, ':'))) {
			windows[nwindows].from = strtoull(argv[i] + 4, NULL, 0);
			windows[nwindows].to = strtoull(colon + 1, NULL, 0);
			nwindows++;
		} else {
			fprintf(stderr, "stopwatch: bad argument %s\n", argv[i]);
			return -1;
		}
	}
	if (!outpath[0] || !nwindows) {
		fprintf(stderr, "stopwatch: needs out= and win=\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
