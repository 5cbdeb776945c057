// SPDX-License-Identifier: GPL-2.0
/*
 * tbprof: a QEMU TCG plugin that counts the guest instructions executed
 * in each translation block, for profiling a guest kernel under TCG.
 *
 * Debian's QEMU accepts -plugin but ships no plugin header, so the few
 * entry points used here are declared below (QEMU plugin API version 1,
 * as in QEMU 7.2).
 *
 *   qemu-system-x86_64 ... -plugin bench/tbprof/tbprof.so,out=FILE
 *
 * At exit FILE gets one line per block start: "address executions insns".
 * bench/tbprof/report folds them into functions with a System.map.
 *
 * Everything from boot to poweroff is counted: give the workload enough
 * iterations to dominate the boot.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64,
};

extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, void *), void *userdata);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
		enum qemu_plugin_op op, void *ptr, uint64_t imm);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t addr;
	uint64_t execs;
	uint64_t insns;
};

#define NSLOTS (1u << 22)
static struct block *table;
static char outpath[512] = "tbprof.out";

static struct block *lookup(uint64_t addr, uint64_t insns)
{
	uint64_t h = (addr * 0x9e3779b97f4a7c15ull) >> 42;

	for (;;) {
		struct block *b = &table[h & (NSLOTS - 1)];

		if (b->addr == addr && b->insns == insns)
			return b;
		if (!b->addr) {
			b->addr = addr;
			b->insns = insns;
			return b;
		}
		h++;
	}
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = lookup(qemu_plugin_tb_vaddr(tb),
				 qemu_plugin_tb_n_insns(tb));

	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->execs, 1);
}

static void dump_counts(qemu_plugin_id_t id, void *unused)
{
	FILE *f = fopen(outpath, "w");
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < NSLOTS; i++)
		if (table[i].addr && table[i].execs)
			fprintf(f, "%llx %llu %llu\n",
				(unsigned long long)table[i].addr,
				(unsigned long long)table[i].execs,
				(unsigned long long)table[i].insns);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			snprintf(outpath, sizeof(outpath), "%s", argv[i] + 4);
	table = calloc(NSLOTS, sizeof(*table));
	if (!table)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, dump_counts, NULL);
	return 0;
}
