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
 * At exit FILE gets one line per block: "address executions insns last",
 * last being the address of the block's last instruction.
 * bench/tbprof/report folds them into functions with a System.map.
 *
 * With pairs=FILE it also records every transition between blocks, as
 * "from to count" lines, and writes a "block" line per block with its
 * last instruction's address and bytes, so that bench/tbprof/trans can
 * tell which transitions TCG chains directly and which go through a
 * lookup or a return to its main loop.  This needs a callback per block
 * execution, so it runs several times slower.
 *
 * With tlb=FILE it models QEMU's data TLB instead (see below and
 * README.md), and mark=,warm=,count= restrict the counts to a window of
 * the workload's loop.
 *
 * cpu=N counts only what vCPU N runs (and only its passes through mark=),
 * and gate=OPEN:CLOSE[:CLOSE...] only what a vCPU runs from a block that
 * holds the instruction at OPEN to one that holds the instruction at a
 * CLOSE, both counted (an interrupt's entry to its iret, or to the
 * scheduler, where the task it interrupted is preempted). With span=1 the gate
 * is one for all vCPUs: every vCPU counts from the time any runs OPEN to the
 * time any runs a CLOSE (an initcall that may sleep and move to another
 * CPU, with what the other CPUs do meanwhile). Both need a callback per
 * block execution, as pairs= does. after=ADDR ignores mark='s passes until
 * the block at ADDR has run once (a system call the workload makes, where
 * the mark runs from boot on).
 *
 * Otherwise everything from boot to poweroff is counted: give the
 * workload enough iterations to dominate the boot.
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
typedef uint32_t qemu_plugin_meminfo_t;
enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};
extern void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
		void (*cb)(unsigned int, qemu_plugin_meminfo_t, uint64_t, void *),
		int flags, enum qemu_plugin_mem_rw rw, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t addr;
	uint64_t execs;
	uint64_t insns;
	uint64_t last;		/* address of the last instruction */
	unsigned char lastb[16];	/* its bytes */
	unsigned int lastn;
	uint64_t snap;		/* with mark=: execs when the window opened */
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

/*
 * tlb=FILE: a model of QEMU's softmmu TLB for data accesses.  Each MMU
 * index has a direct-mapped table indexed by the virtual page number and
 * an 8-entry victim table (QEMU 7.2, accel/tcg/cputlb.c).  The table's
 * size changes only on flushes, so every power of two from 64 to 4096
 * is modelled side by side.  Kernel-mode and user-mode accesses go to
 * separate tables, as their MMU indexes do.  At exit FILE gets, per
 * size, the victim hits and misses, and the pages that missed most.
 */
#define TLB_SIZES 7		/* 64 .. 4096 entries */
#define VTLB 8
struct tlbsim {
	uint64_t *tag[TLB_SIZES];
	uint64_t vtag[TLB_SIZES][VTLB];
	unsigned int vnext[TLB_SIZES];
	uint64_t vhits[TLB_SIZES], misses[TLB_SIZES], accesses;
};
static struct tlbsim tlbs[2];	/* 0: kernel mode, 1: user mode */
static char tlbpath[512];

/*
 * mark=ADDR,warm=W,count=C: count only from the W-th to the (W+C)-th
 * execution of the block at ADDR (the workload's loop), so that the boot
 * does not drown the loop.  The model runs throughout.
 */
static uint64_t mark, mark_warm, mark_count, mark_seen;
static int counting = 1;

/* cpu=N (-1: every vCPU), gate=OPEN:CLOSE (0: none) */
static int only_cpu = -1;
#define MAXCLOSE 4
static uint64_t gate_open, gate_close[MAXCLOSE];
static int nclose;
static uint64_t after;
static int armed = 1;
static unsigned char gated[MAXCPU];
static int span;	/* span=1: gate= opens and closes for every vCPU */

#define PSLOTS (1u << 20)
struct pagestat {
	uint64_t page;
	uint64_t acc;
	uint64_t slow[TLB_SIZES];
};
static struct pagestat *pages;

static struct pagestat *pagestat(uint64_t page)
{
	uint64_t h = (page * 0x9e3779b97f4a7c15ull) >> 44;

	for (;; h++) {
		struct pagestat *p = &pages[h & (PSLOTS - 1)];

		if (p->page == page + 1)
			return p;
		if (!p->page) {
			p->page = page + 1;
			return p;
		}
	}
}

static void tlb_access(struct tlbsim *t, uint64_t page)
{
	struct pagestat *ps = NULL;
	int s;

	t->accesses += counting;
	if (counting) {
		ps = pagestat(page);
		ps->acc++;
	}
	for (s = 0; s < TLB_SIZES; s++) {
		unsigned int idx = page & ((64u << s) - 1);
		uint64_t old = t->tag[s][idx];
		int v;

		if (old == page + 1)
			continue;
		if (!ps && counting)
			ps = pagestat(page);
		if (ps)
			ps->slow[s]++;
		for (v = 0; v < VTLB; v++)
			if (t->vtag[s][v] == page + 1)
				break;
		if (v < VTLB) {
			t->vhits[s] += counting;
			t->vtag[s][v] = old;
		} else {
			t->misses[s] += counting;
			t->vtag[s][t->vnext[s]++ % VTLB] = old;
		}
		t->tag[s][idx] = page + 1;
	}
}

static void on_mem(unsigned int cpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	int kmode = (uintptr_t)udata;

	(void)info;

	if (cpu)
		return;		/* the model follows CPU 0 only */
	tlb_access(&tlbs[kmode ? 0 : 1], vaddr >> 12);
}

static void on_mark(unsigned int cpu, void *udata)
{
	unsigned int i;

	if (only_cpu >= 0 && cpu != (unsigned int)only_cpu)
		return;
	if (!armed)
		return;
	mark_seen++;
	if (mark_seen == mark_warm) {
		int m, s;

		for (i = 0; i < NSLOTS; i++)
			table[i].snap = table[i].execs;
		if (pages)
			memset(pages, 0, PSLOTS * sizeof(*pages));
		for (m = 0; m < 2; m++) {
			tlbs[m].accesses = 0;
			for (s = 0; s < TLB_SIZES; s++)
				tlbs[m].vhits[s] = tlbs[m].misses[s] = 0;
		}
		counting = 1;
	} else if (mark_seen == mark_warm + mark_count) {
		/* From here on, snap holds the window's executions. */
		for (i = 0; i < NSLOTS; i++)
			table[i].snap = table[i].execs - table[i].snap;
		counting = 0;
	}
}

static void dump_tlb(void)
{
	FILE *f = fopen(tlbpath, "w");
	unsigned int i;
	int m, s;

	if (!f)
		return;
	fprintf(f, "window %llu\n", (unsigned long long)
		(mark ? mark_seen < mark_warm + mark_count ?
			(mark_seen > mark_warm ? mark_seen - mark_warm : 0) :
			mark_count : 0));
	for (m = 0; m < 2; m++) {
		fprintf(f, "mode %s accesses %llu\n", m ? "user" : "kernel",
			(unsigned long long)tlbs[m].accesses);
		for (s = 0; s < TLB_SIZES; s++)
			fprintf(f, "size %u vhits %llu misses %llu\n", 64u << s,
				(unsigned long long)tlbs[m].vhits[s],
				(unsigned long long)tlbs[m].misses[s]);
	}
	for (i = 0; i < PSLOTS; i++) {
		if (!pages[i].page)
			continue;
		fprintf(f, "page %llx %llu", (unsigned long long)(pages[i].page - 1),
			(unsigned long long)pages[i].acc);
		for (s = 0; s < TLB_SIZES; s++)
			fprintf(f, " %llu", (unsigned long long)pages[i].slow[s]);
		fprintf(f, "\n");
	}
	fclose(f);
}

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

/* cpu=, gate=: count the block if its vCPU is counted and inside the gate */
static void on_exec_filtered(unsigned int cpu, void *udata)
{
	struct block *b = udata;

	if (only_cpu >= 0 && cpu != (unsigned int)only_cpu)
		return;
	if (gate_open && (cpu >= MAXCPU || !gated[cpu]))
		return;
	b->execs++;
}

static void on_arm(unsigned int cpu, void *udata)
{
	armed = 1;
}

static void on_gate_open(unsigned int cpu, void *udata)
{
	if (span)
		memset(gated, 1, sizeof(gated));
	else if (cpu < MAXCPU)
		gated[cpu] = 1;
}

static void on_gate_close(unsigned int cpu, void *udata)
{
	if (span)
		memset(gated, 0, sizeof(gated));
	else if (cpu < MAXCPU)
		gated[cpu] = 0;
}

/* Does the block hold the instruction at @addr? */
static int tb_holds(struct qemu_plugin_tb *tb, size_t n, uint64_t addr)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i)) == addr)
			return 1;
	return 0;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b = lookup(qemu_plugin_tb_vaddr(tb), n);
	size_t i;

	if (after && qemu_plugin_tb_vaddr(tb) == after)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_arm, 0, NULL);
	if (mark && qemu_plugin_tb_vaddr(tb) == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, 0, NULL);
	for (i = 0; tlbpath[0] && i < n; i++) {
		struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
		int kmode = qemu_plugin_insn_vaddr(in) >> 63;

		qemu_plugin_register_vcpu_mem_cb(in, on_mem, 0,
				QEMU_PLUGIN_MEM_RW, (void *)(uintptr_t)kmode);
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
	if (pairs) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, 0, b);
		return;
	}
	if (only_cpu < 0 && !gate_open) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
				QEMU_PLUGIN_INLINE_ADD_U64, &b->execs, 1);
		return;
	}
	/* Callbacks run in the order registered: open, count, close. */
	if (gate_open && tb_holds(tb, n, gate_open))
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_gate_open, 0, NULL);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec_filtered, 0, b);
	for (i = 0; i < (size_t)nclose; i++)
		if (tb_holds(tb, n, gate_close[i])) {
			qemu_plugin_register_vcpu_tb_exec_cb(tb, on_gate_close,
							     0, NULL);
			break;
		}
}

static void dump_counts(qemu_plugin_id_t id, void *unused)
{
	FILE *f = fopen(outpath, "w");
	unsigned int i;

	if (tlbpath[0])
		dump_tlb();
	if (!f)
		return;
	for (i = 0; i < NSLOTS; i++) {
		uint64_t n = table[i].execs;

		/* mark=: only what ran in the window, none if it never closed */
		if (mark)
			n = mark_seen >= mark_warm + mark_count ? table[i].snap : 0;
		if (table[i].addr && n)
			fprintf(f, "%llx %llu %llu %llx\n",
				(unsigned long long)table[i].addr,
				(unsigned long long)n,
				(unsigned long long)table[i].insns,
				(unsigned long long)table[i].last);
	}
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
		else if (!strncmp(argv[i], "tlb=", 4))
			snprintf(tlbpath, sizeof(tlbpath), "%s", argv[i] + 4);
		else if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "warm=", 5))
			mark_warm = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "count=", 6))
			mark_count = strtoull(argv[i] + 6, NULL, 0);
		else if (!strncmp(argv[i], "after=", 6))
			armed = !(after = strtoull(argv[i] + 6, NULL, 0));
		else if (!strncmp(argv[i], "span=", 5))
			span = atoi(argv[i] + 5);
		else if (!strncmp(argv[i], "cpu=", 4))
			only_cpu = atoi(argv[i] + 4);
		else if (!strncmp(argv[i], "gate=", 5)) {
			char *end;

			gate_open = strtoull(argv[i] + 5, &end, 0);
			while (*end == ':' && nclose < MAXCLOSE)
				gate_close[nclose++] = strtoull(end + 1, &end, 0);
			if (*end || !nclose)
				return -1;
		}
	if (mark)
		counting = 0;
	if (tlbpath[0]) {
		int m, s;

		pages = calloc(PSLOTS, sizeof(*pages));
		if (!pages)
			return -1;
		for (m = 0; m < 2; m++)
			for (s = 0; s < TLB_SIZES; s++) {
				tlbs[m].tag[s] = calloc(64u << s, sizeof(uint64_t));
				if (!tlbs[m].tag[s])
					return -1;
			}
	}
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
