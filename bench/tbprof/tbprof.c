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
 * With pairs=FILE it also records every transition between blocks, as
 * "from to count" lines, and writes a "block" line per block with its
 * last instruction's address and bytes, so that bench/tbprof/trans can
 * tell which transitions TCG chains directly and which go through a
 * lookup or a return to its main loop.  This needs a callback per block
 * execution, so it runs several times slower.
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
struct qemu_plugin_insn;
extern void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
		void (*cb)(unsigned int, void *), int flags, void *userdata);
extern struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
							size_t idx);
extern const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
extern size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
extern uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t addr;
	uint64_t execs;
	uint64_t insns;
	uint64_t last;		/* address of the last instruction */
	unsigned char lastb[16];	/* its bytes */
	unsigned int lastn;
};

struct pair {
	struct block *from, *to;
	uint64_t n;
};

#define NPAIRS (1u << 22)
static struct pair *pairs;
static char pairpath[512];
#define MAXCPU 64
static struct block *prev[MAXCPU];

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

static void on_exec(unsigned int cpu, void *udata)
{
	struct block *to = udata, *from;
	uint64_t h;

	to->execs++;
	if (cpu >= MAXCPU)
		return;
	from = prev[cpu];
	prev[cpu] = to;
	if (!from)
		return;
	h = ((uint64_t)(uintptr_t)from * 0x9e3779b97f4a7c15ull) ^
	    ((uint64_t)(uintptr_t)to * 0xc2b2ae3d27d4eb4full);
	h >>= 40;
	for (;; h++) {
		struct pair *p = &pairs[h & (NPAIRS - 1)];

		if (p->from == from && p->to == to) {
			p->n++;
			return;
		}
		if (!p->from) {
			p->from = from;
			p->to = to;
			p->n = 1;
			return;
		}
	}
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b = lookup(qemu_plugin_tb_vaddr(tb), n);

	if (!pairs) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
				QEMU_PLUGIN_INLINE_ADD_U64, &b->execs, 1);
		return;
	}
	if (n) {
		struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, n - 1);
		size_t sz = qemu_plugin_insn_size(in);

		if (sz > sizeof(b->lastb))
			sz = sizeof(b->lastb);
		b->last = qemu_plugin_insn_vaddr(in);
		memcpy(b->lastb, qemu_plugin_insn_data(in), sz);
		b->lastn = sz;
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, 0, b);
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
	if (!pairs)
		return;
	f = fopen(pairpath, "w");
	if (!f)
		return;
	for (i = 0; i < NSLOTS; i++) {
		struct block *b = &table[i];
		unsigned int j;

		if (!b->addr || !b->execs)
			continue;
		fprintf(f, "block %llx %llu %llu %llx ",
			(unsigned long long)b->addr,
			(unsigned long long)b->execs,
			(unsigned long long)b->insns,
			(unsigned long long)b->last);
		for (j = 0; j < b->lastn; j++)
			fprintf(f, "%02x", b->lastb[j]);
		fprintf(f, "\n");
	}
	for (i = 0; i < NPAIRS; i++)
		if (pairs[i].from)
			fprintf(f, "pair %llx %llx %llu %llx\n",
				(unsigned long long)pairs[i].from->addr,
				(unsigned long long)pairs[i].to->addr,
				(unsigned long long)pairs[i].n,
				(unsigned long long)pairs[i].from->last);
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
		else if (!strncmp(argv[i], "pairs=", 6))
			snprintf(pairpath, sizeof(pairpath), "%s", argv[i] + 6);
	if (pairpath[0]) {
		pairs = calloc(NPAIRS, sizeof(*pairs));
		if (!pairs)
			return -1;
	}
	table = calloc(NSLOTS, sizeof(*table));
	if (!table)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, dump_counts, NULL);
	return 0;
}
