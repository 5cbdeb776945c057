// SPDX-License-Identifier: GPL-2.0-only
/*
 * recordmcount - record the function-entry hook calls of an object file
 *
 * Every function compiled with -pg -mfentry begins with "call __fentry__".
 * This tool finds those calls in an x86-64 relocatable object and appends
 * a __mcount_loc section: one 8-byte word per call, holding the call's
 * address after linking (an R_X86_64_64 relocation against the text
 * section's own section symbol). The kernel turns every listed call into a
 * nop at boot and patches chosen ones back at run time.
 *
 * Entries name section symbols, never function symbols: a weak function
 * may be replaced at link time, and an entry relative to its symbol would
 * then point into the replacement. A section without a section symbol
 * gets one, inserted among the local symbols (the symbol table is
 * renumbered and every relocation and group section follows).
 *
 * Only the sections that stay resident are scanned: .text, .text.* and
 * the kernel's named text sections. Init and exit code, noinstr and entry
 * code are left alone; their calls (if any) reach the do-nothing
 * __fentry__.
 *
 * A call relocation whose opcode byte is not a call (0xe8) means the
 * object is not what the compiler should produce: recordmcount reports
 * it and fails, and so does the build.
 *
 * Usage: recordmcount [-w] file.o...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))
#define TABLE_NAME	"__mcount_loc"
#define RELA_NAME	".rela__mcount_loc"
#define HOOK_NAME	"__fentry__"
#define CALL_OPCODE	0xe8

static const char *cur_file;
static bool warn_skipped;

/* A call site: the text section it lies in and the call's offset there. */
struct site {
	size_t sec;
	GElf_Addr off;
};

/* What one object file needs while it is processed. */
struct obj {
	Elf *elf;
	size_t shstrndx;
	Elf_Scn *symtab;
	size_t symtab_ndx;
	size_t hook_sym;		/* symbol index of __fentry__, 0: none */
	struct site *sites;
	size_t nr_sites, cap_sites;
	size_t *secsym;			/* section index -> section symbol */
	size_t nr_sec;
};

static int fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "recordmcount: %s: ", cur_file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static int elf_fail(const char *what)
{
	return fail("%s: %s", what, elf_errmsg(-1));
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "recordmcount: out of memory\n");
		exit(1);
	}
	return p;
}

static const char *sec_name(struct obj *o, Elf_Scn *scn)
{
	GElf_Shdr sh;

	if (!gelf_getshdr(scn, &sh))
		return "";
	return elf_strptr(o->elf, o->shstrndx, sh.sh_name) ?: "";
}

/*
 * Text sections whose hook calls are recorded: those that stay for the
 * kernel's lifetime and may be traced.
 */
static bool traced_section(const char *name)
{
	static const char *const named[] = {
		".text", ".ref.text", ".sched.text", ".spinlock.text",
		".irqentry.text", ".softirqentry.text", ".kprobes.text",
		".cpuidle.text",
	};
	size_t i;

	if (!strncmp(name, ".text.", 6))
		return true;
	for (i = 0; i < ARRAY_LEN(named); i++)
		if (!strcmp(name, named[i]))
			return true;
	return false;
}

/* Find the symbol table and the index of the hook symbol in it. */
static int find_symbols(struct obj *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d;
	size_t i, n;

	while ((scn = elf_nextscn(o->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return elf_fail("section header");
		if (sh.sh_type == SHT_SYMTAB) {
			if (o->symtab)
				return fail("more than one symbol table");
			o->symtab = scn;
			o->symtab_ndx = elf_ndxscn(scn);
		}
		if (!strcmp(sec_name(o, scn), TABLE_NAME))
			return 1;	/* already processed */
	}
	if (!o->symtab)
		return 0;
	gelf_getshdr(o->symtab, &sh);
	d = elf_getdata(o->symtab, NULL);
	if (!d || !sh.sh_entsize)
		return elf_fail("symbol table");
	n = sh.sh_size / sh.sh_entsize;
	for (i = 1; i < n; i++) {
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsym(d, i, &sym))
			return elf_fail("symbol");
		name = elf_strptr(o->elf, sh.sh_link, sym.st_name);
		if (name && sym.st_shndx == SHN_UNDEF && !strcmp(name, HOOK_NAME)) {
			o->hook_sym = i;
			break;
		}
	}
	return 0;
}

static void add_site(struct obj *o, size_t sec, GElf_Addr off)
{
	if (o->nr_sites == o->cap_sites) {
		o->cap_sites = o->cap_sites ? 2 * o->cap_sites : 64;
		o->sites = xrealloc(o->sites, o->cap_sites * sizeof(*o->sites));
	}
	o->sites[o->nr_sites].sec = sec;
	o->sites[o->nr_sites].off = off;
	o->nr_sites++;
}

/* Collect the hook calls that one relocation section describes. */
static int scan_relocs(struct obj *o, Elf_Scn *rscn, GElf_Shdr *rsh)
{
	Elf_Scn *text = elf_getscn(o->elf, rsh->sh_info);
	const char *tname;
	Elf_Data *rd, *td;
	GElf_Shdr tsh;
	size_t i, n;

	if (!text || !gelf_getshdr(text, &tsh))
		return fail("relocation section %s: bad target",
			    sec_name(o, rscn));
	if (!(tsh.sh_flags & SHF_EXECINSTR))
		return 0;
	tname = sec_name(o, text);
	rd = elf_getdata(rscn, NULL);
	if (!rd)
		return elf_fail("relocations");
	td = tsh.sh_type == SHT_NOBITS ? NULL : elf_getdata(text, NULL);
	n = rsh->sh_size / rsh->sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Rela r;
		unsigned int type;
		unsigned char op;

		if (!gelf_getrela(rd, i, &r))
			return elf_fail("relocation");
		if (GELF_R_SYM(r.r_info) != o->hook_sym)
			continue;
		type = GELF_R_TYPE(r.r_info);
		if (type != R_X86_64_PLT32 && type != R_X86_64_PC32)
			continue;	/* an address of the hook, not a call */
		if (!traced_section(tname)) {
			if (warn_skipped)
				fprintf(stderr, "recordmcount: %s: %s+%#lx: %s\n",
					cur_file, tname,
					(unsigned long)r.r_offset - 1,
					"call in untraced section, left alone");
			continue;
		}
		if (!td || r.r_offset < 1 || r.r_offset + 4 > td->d_size)
			return fail("%s+%#lx: call to %s outside the section",
				    tname, (unsigned long)r.r_offset, HOOK_NAME);
		op = ((unsigned char *)td->d_buf)[r.r_offset - 1];
		if (op != CALL_OPCODE)
			return fail("%s+%#lx: relocation to %s is not a call (opcode %#x)",
				    tname, (unsigned long)r.r_offset - 1,
				    HOOK_NAME, op);
		add_site(o, rsh->sh_info, r.r_offset - 1);
	}
	return 0;
}

static int find_sites(struct obj *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(o->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return elf_fail("section header");
		if (sh.sh_type == SHT_REL && sh.sh_link == o->symtab_ndx)
			return fail("%s: REL relocations are not x86-64's",
				    sec_name(o, scn));
		if (sh.sh_type != SHT_RELA || sh.sh_link != o->symtab_ndx)
			continue;
		if (sh.sh_entsize != sizeof(Elf64_Rela))
			return fail("%s: bad entry size", sec_name(o, scn));
		if (scan_relocs(o, scn, &sh))
			return -1;
	}
	return 0;
}

static int cmp_site(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * Shift symbol indices at or above @from by @by in every relocation and
 * group section that refers to the symbol table.
 */
static int renumber_refs(struct obj *o, size_t from, size_t by)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(o->elf, scn))) {
		Elf_Data *d;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_link != o->symtab_ndx)
			continue;
		if (sh.sh_type == SHT_GROUP) {
			if (sh.sh_info >= from) {
				sh.sh_info += by;
				gelf_update_shdr(scn, &sh);
			}
			continue;
		}
		if (sh.sh_type != SHT_RELA)
			continue;
		d = elf_getdata(scn, NULL);
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Rela r;
			size_t sym;

			if (!gelf_getrela(d, i, &r))
				return elf_fail("relocation");
			sym = GELF_R_SYM(r.r_info);
			if (sym < from)
				continue;
			r.r_info = GELF_R_INFO(sym + by, GELF_R_TYPE(r.r_info));
			gelf_update_rela(d, i, &r);
		}
		elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
	}
	return 0;
}

/* Give every section with sites a section symbol, adding missing ones. */
static int section_symbols(struct obj *o)
{
	Elf_Data *d = elf_getdata(o->symtab, NULL);
	size_t i, n, missing = 0, first_global, at;
	Elf_Scn *scn;
	GElf_Shdr sh;
	char *buf;

	gelf_getshdr(o->symtab, &sh);
	n = sh.sh_size / sh.sh_entsize;
	first_global = sh.sh_info;
	if (elf_getshdrnum(o->elf, &o->nr_sec))
		return elf_fail("section count");
	o->secsym = xrealloc(NULL, o->nr_sec * sizeof(*o->secsym));
	memset(o->secsym, 0, o->nr_sec * sizeof(*o->secsym));

	for (i = 1; i < first_global && i < n; i++) {
		GElf_Sym s;

		gelf_getsym(d, i, &s);
		if (GELF_ST_TYPE(s.st_info) == STT_SECTION &&
		    s.st_shndx < o->nr_sec && !o->secsym[s.st_shndx])
			o->secsym[s.st_shndx] = i;
	}
	for (i = 0; i < o->nr_sites; i++) {
		size_t sec = o->sites[i].sec;

		if (!o->secsym[sec]) {
			o->secsym[sec] = (size_t)-1;	/* to be added */
			missing++;
		}
	}
	if (!missing)
		return 0;
	/* An extended-index table would need the same insertion. */
	for (scn = NULL; (scn = elf_nextscn(o->elf, scn));) {
		GElf_Shdr x;

		if (gelf_getshdr(scn, &x) && x.sh_type == SHT_SYMTAB_SHNDX)
			return fail("extended section indices are not supported");
	}

	/* Insert the new locals at first_global; globals move up. */
	buf = xrealloc(NULL, (n + missing) * sh.sh_entsize);
	memcpy(buf, d->d_buf, first_global * sh.sh_entsize);
	memcpy(buf + (first_global + missing) * sh.sh_entsize,
	       (char *)d->d_buf + first_global * sh.sh_entsize,
	       (n - first_global) * sh.sh_entsize);
	d->d_buf = buf;
	d->d_size = (n + missing) * sh.sh_entsize;
	at = first_global;
	for (i = 1; i < o->nr_sec; i++) {
		GElf_Sym s = { 0 };

		if (o->secsym[i] != (size_t)-1)
			continue;
		s.st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
		s.st_shndx = i;
		gelf_update_sym(d, at, &s);
		o->secsym[i] = at++;
	}
	elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
	sh.sh_info = first_global + missing;
	sh.sh_size = d->d_size;
	gelf_update_shdr(o->symtab, &sh);
	if (o->hook_sym >= first_global)
		o->hook_sym += missing;
	return renumber_refs(o, first_global, missing);
}

/* Append @name to the section-name table; returns its offset. */
static size_t add_name(struct obj *o, const char *name)
{
	Elf_Scn *scn = elf_getscn(o->elf, o->shstrndx);
	Elf_Data *d = elf_newdata(scn);
	size_t len = strlen(name) + 1;
	GElf_Shdr sh;

	gelf_getshdr(scn, &sh);
	d->d_buf = strdup(name);
	d->d_size = len;
	d->d_align = 1;
	d->d_type = ELF_T_BYTE;
	d->d_version = EV_CURRENT;
	sh.sh_size += len;
	gelf_update_shdr(scn, &sh);
	return sh.sh_size - len;
}

static Elf_Scn *new_section(struct obj *o, const char *name, GElf_Word type,
			    GElf_Xword flags, void *buf, size_t size,
			    size_t align, size_t entsize)
{
	Elf_Scn *scn = elf_newscn(o->elf);
	Elf_Data *d = scn ? elf_newdata(scn) : NULL;
	GElf_Shdr sh;

	if (!d || !gelf_getshdr(scn, &sh))
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_align = align;
	d->d_type = type == SHT_RELA ? ELF_T_RELA : ELF_T_BYTE;
	d->d_version = EV_CURRENT;
	sh.sh_name = add_name(o, name);
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_size = size;
	sh.sh_addralign = align;
	sh.sh_entsize = entsize;
	if (!gelf_update_shdr(scn, &sh))
		return NULL;
	return scn;
}

/* Append __mcount_loc and its relocations. */
static int write_table(struct obj *o)
{
	size_t n = o->nr_sites, i;
	Elf64_Rela *rela = xrealloc(NULL, n * sizeof(*rela));
	Elf_Scn *table, *rscn;
	GElf_Shdr sh;

	table = new_section(o, TABLE_NAME, SHT_PROGBITS, SHF_ALLOC,
			    calloc(n, 8), n * 8, 8, 8);
	if (!table)
		return elf_fail(TABLE_NAME);
	for (i = 0; i < n; i++) {
		rela[i].r_offset = i * 8;
		rela[i].r_info = ELF64_R_INFO(o->secsym[o->sites[i].sec],
					      R_X86_64_64);
		rela[i].r_addend = o->sites[i].off;
	}
	rscn = new_section(o, RELA_NAME, SHT_RELA, SHF_INFO_LINK, rela,
			   n * sizeof(*rela), 8, sizeof(*rela));
	if (!rscn || !gelf_getshdr(rscn, &sh))
		return elf_fail(RELA_NAME);
	sh.sh_link = o->symtab_ndx;
	sh.sh_info = elf_ndxscn(table);
	gelf_update_shdr(rscn, &sh);
	return 0;
}

/*
 * Write the object anew: every section of @o->elf (as modified in
 * memory), then the table. Returns the new Elf, which @o uses from then on.
 */
static Elf *copy_object(struct obj *o, int fd, GElf_Ehdr *eh)
{
	Elf *out = elf_begin(fd, ELF_C_WRITE, NULL);
	Elf_Scn *scn = NULL;
	GElf_Ehdr neh;

	if (!out || !gelf_newehdr(out, ELFCLASS64) || !gelf_getehdr(out, &neh))
		return NULL;
	neh = *eh;
	neh.e_phnum = 0;
	neh.e_phoff = 0;
	neh.e_shoff = 0;
	if (!gelf_update_ehdr(out, &neh))
		return NULL;
	while ((scn = elf_nextscn(o->elf, scn))) {
		Elf_Scn *nscn = elf_newscn(out);
		Elf_Data *d = NULL, *nd;
		GElf_Shdr sh;

		if (!nscn || !gelf_getshdr(scn, &sh))
			return NULL;
		while ((d = elf_getdata(scn, d))) {
			nd = elf_newdata(nscn);
			if (!nd)
				return NULL;
			*nd = *d;
		}
		if (!gelf_update_shdr(nscn, &sh))
			return NULL;
	}
	return out;
}

static int process(const char *path)
{
	struct obj o = { 0 };
	Elf *in = NULL, *out = NULL;
	char *tmp = NULL;
	struct stat st;
	int fd, ofd = -1, ret = -1;
	GElf_Ehdr eh;

	cur_file = path;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		return fail("%s", strerror(errno));
	in = elf_begin(fd, ELF_C_READ, NULL);
	o.elf = in;
	if (!in || elf_kind(in) != ELF_K_ELF) {
		fail("not an ELF object");
		goto out;
	}
	if (!gelf_getehdr(in, &eh) || gelf_getclass(in) != ELFCLASS64 ||
	    eh.e_type != ET_REL || eh.e_machine != EM_X86_64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		fail("not an x86-64 relocatable object");
		goto out;
	}
	if (elf_getshdrstrndx(in, &o.shstrndx)) {
		elf_fail("section name table");
		goto out;
	}
	ret = find_symbols(&o);
	if (ret || !o.hook_sym) {
		ret = ret < 0 ? -1 : 0;
		goto out;
	}
	ret = -1;
	if (find_sites(&o))
		goto out;
	if (!o.nr_sites) {
		ret = 0;
		goto out;
	}
	qsort(o.sites, o.nr_sites, sizeof(*o.sites), cmp_site);
	if (section_symbols(&o))
		goto out;

	if (asprintf(&tmp, "%s.mcount.tmp", path) < 0) {
		tmp = NULL;
		fail("out of memory");
		goto out;
	}
	ofd = open(tmp, O_RDWR | O_CREAT | O_TRUNC, st.st_mode & 07777);
	if (ofd < 0) {
		fail("%s: %s", tmp, strerror(errno));
		goto out;
	}
	out = copy_object(&o, ofd, &eh);
	if (!out) {
		elf_fail("copy");
		goto out;
	}
	o.elf = out;
	if (write_table(&o))
		goto out;
	if (elf_update(out, ELF_C_WRITE) < 0) {
		elf_fail("write");
		goto out;
	}
	if (rename(tmp, path)) {
		fail("rename: %s", strerror(errno));
		goto out;
	}
	ret = 0;
out:
	if (out)
		elf_end(out);
	if (in)
		elf_end(in);
	if (ofd >= 0)
		close(ofd);
	if (ret && tmp)
		unlink(tmp);
	free(tmp);
	close(fd);
	free(o.sites);
	free(o.secsym);
	return ret;
}

int main(int argc, char **argv)
{
	int i = 1, bad = 0;

	if (i < argc && !strcmp(argv[i], "-w")) {
		warn_skipped = true;
		i++;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: recordmcount [-w] file.o...\n");
		return 2;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "recordmcount: libelf: %s\n", elf_errmsg(-1));
		return 1;
	}
	for (; i < argc; i++)
		if (process(argv[i]))
			bad = 1;
	return bad;
}
