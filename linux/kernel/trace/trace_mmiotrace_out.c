// SPDX-License-Identifier: GPL-2.0
/*
 * The mmiotrace tracer's text, in the log format of version 20070824
 * (Documentation/trace/mmiotrace.rst), and the tracer itself.
 *
 * Each record is one line: R and W for an access, MAP and UNMAP for a
 * mapping, UNKNOWN for an access kmmio could not decode, MARK for a
 * print record (trace_marker, mmiotrace_printk()). A trace_pipe opened
 * under the tracer begins with a VERSION line and a PCIDEV line per PCI
 * device, and a read of it that finds records lost since the last says
 * so first, in a MARK line. Other records print as they would under nop.
 */
#include <linux/math64.h>
#include <linux/pci.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "trace_mmiotrace.h"

/* The BARs and the ROM: the resources a PCIDEV line lists. */
#define MMIO_PCI_RESOURCES	(PCI_ROM_RESOURCE + 1)

/* "secs.usecs" of a record's time stamp, to the nearest microsecond. */
static void mmio_print_ts(struct seq_file *m, u64 ts)
{
	u32 usec;
	u64 sec = div_u64_rem(div_u64(ts + NSEC_PER_USEC / 2, NSEC_PER_USEC),
			      USEC_PER_SEC, &usec);

	seq_printf(m, " %llu.%06u", sec, usec);
}

static void mmio_print_rw(struct seq_file *m, const struct trace_ev *ev)
{
	const struct mmiotrace_rw *rw =
		&((const struct trace_mmio_rw_rec *)ev->rec)->rw;

	switch (rw->opcode) {
	case MMIO_READ:
	case MMIO_WRITE:
		seq_printf(m, "%c %d", rw->opcode == MMIO_READ ? 'R' : 'W',
			   rw->width);
		mmio_print_ts(m, ev->ts);
		seq_printf(m, " %d 0x%llx 0x%lx 0x%lx 0\n", rw->map_id,
			   (u64)rw->phys, rw->value, rw->pc);
		break;
	case MMIO_UNKNOWN_OP:
		/* The value holds the first three bytes of the opcode. */
		seq_puts(m, "UNKNOWN");
		mmio_print_ts(m, ev->ts);
		seq_printf(m, " %d 0x%llx %02lx,%02lx,%02lx 0x%lx 0\n",
			   rw->map_id, (u64)rw->phys, (rw->value >> 16) & 0xff,
			   (rw->value >> 8) & 0xff, rw->value & 0xff, rw->pc);
		break;
	default:
		seq_puts(m, "rw what?\n");
		break;
	}
}

static void mmio_print_map(struct seq_file *m, const struct trace_ev *ev)
{
	const struct mmiotrace_map *map =
		&((const struct trace_mmio_map_rec *)ev->rec)->map;

	switch (map->opcode) {
	case MMIO_PROBE:
		seq_puts(m, "MAP");
		mmio_print_ts(m, ev->ts);
		seq_printf(m, " %d 0x%llx 0x%lx 0x%lx 0x0 0\n", map->map_id,
			   (u64)map->phys, map->virt, map->len);
		break;
	case MMIO_UNPROBE:
		seq_puts(m, "UNMAP");
		mmio_print_ts(m, ev->ts);
		seq_printf(m, " %d 0x0 0\n", map->map_id);
		break;
	default:
		seq_puts(m, "map what?\n");
		break;
	}
}

/**
 * mmio_print_ev() - a record as a line of the log, while the tracer is
 * current
 * @m:		where to print
 * @ev:		the record
 *
 * Other records print nothing, as upstream's: the log has only its own
 * lines.
 *
 * Return: true, but for a record too short (the default printers' then).
 */
static bool mmio_print_ev(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_print_rec *p = (const void *)ev->rec;

	switch (ev->rec->type) {
	case TRACE_TYPE_MMIO_RW:
		if (ev->len < sizeof(struct trace_mmio_rw_rec))
			return false;
		mmio_print_rw(m, ev);
		return true;
	case TRACE_TYPE_MMIO_MAP:
		if (ev->len < sizeof(struct trace_mmio_map_rec))
			return false;
		mmio_print_map(m, ev);
		return true;
	case TRACE_TYPE_PRINT:
		if (ev->len <= sizeof(*p))
			return false;
		/* The text brings its own newline. */
		seq_puts(m, "MARK");
		mmio_print_ts(m, ev->ts);
		seq_putc(m, ' ');
		trace_print_text(m, p->buf, ev->len - sizeof(*p));
		return true;
	default:
		return true;
	}
}

/*
 * The PCIDEV line of @pdev: the fields of its line in
 * /proc/bus/pci/devices (bus and devfn, vendor and device, irq, the
 * resources' starts with their flags, their sizes, the driver), the
 * resources unmapped to user space, and spaces between.
 */
static void mmio_print_pcidev(struct seq_file *m, struct pci_dev *pdev)
{
	const struct resource *r = pdev->resource;
	struct pci_driver *drv = pci_dev_driver(pdev);
	int i;

	seq_printf(m, "PCIDEV %02x%02x %04x%04x %x", pdev->bus->number,
		   pdev->devfn, pdev->vendor, pdev->device, pdev->irq);
	for (i = 0; i < MMIO_PCI_RESOURCES; i++)
		seq_printf(m, " %llx",
			   (u64)(r[i].start | (r[i].flags & PCI_REGION_FLAG_MASK)));
	for (i = 0; i < MMIO_PCI_RESOURCES; i++)
		seq_printf(m, " %llx", r[i].start < r[i].end ?
			   (u64)resource_size(&r[i]) : 0ULL);
	seq_printf(m, " %s\n", drv ? drv->name : "");
}

/* The @n-th PCI device, held (pci_dev_put()); NULL past the last. */
static struct pci_dev *mmio_pcidev(unsigned long n)
{
	struct pci_dev *pdev = NULL;

	/* pci_get_device() puts the device it starts after. */
	while ((pdev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, pdev)))
		if (!n--)
			break;
	return pdev;
}

/*
 * trace_pipe's lines of the tracer's own: VERSION first (@pos 0); at
 * each read, the records lost since the last; then, once, a PCIDEV line
 * per PCI device (@pos 1 on).
 */
static bool mmio_pipe_line(struct seq_file *m, unsigned long *pos)
{
	struct pci_dev *pdev;
	unsigned long lost;

	if (!*pos) {
		seq_puts(m, "VERSION " MMIO_VERSION "\n");
		++*pos;
		return true;
	}
	lost = mmio_lost();
	if (lost) {
		/* It is not known when they were lost: at time 0. */
		seq_printf(m, "MARK 0.000000 Lost %lu events.\n", lost);
		return true;
	}
	if (*pos == ULONG_MAX)
		return false;
	pdev = mmio_pcidev(*pos - 1);
	if (!pdev) {
		*pos = ULONG_MAX;
		return false;
	}
	mmio_print_pcidev(m, pdev);
	pci_dev_put(pdev);
	++*pos;
	return true;
}

static struct tracer mmio_tracer = {
	.name = "mmiotrace",
	.init = mmio_start,
	.reset = mmio_stop,
	.print_ev = mmio_print_ev,
	.pipe_line = mmio_pipe_line,
};

static int __init mmio_register(void)
{
	return trace_register_tracer(&mmio_tracer);
}
core_initcall(mmio_register);

/*
 * The records under another tracer (or the raw option): their fields,
 * as the print fmts of their format files have them.
 */
static bool mmio_print_body(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_mmio_rw_rec *rw = (const void *)ev->rec;
	const struct trace_mmio_map_rec *map = (const void *)ev->rec;

	if (ev->rec->type == TRACE_TYPE_MMIO_RW && ev->len >= sizeof(*rw)) {
		seq_printf(m, "%lx %lx %lx %d %x %x\n",
			   (unsigned long)rw->rw.phys, rw->rw.value, rw->rw.pc,
			   rw->rw.map_id, rw->rw.opcode, rw->rw.width);
		return true;
	}
	if (ev->rec->type == TRACE_TYPE_MMIO_MAP && ev->len >= sizeof(*map)) {
		seq_printf(m, "%lx %lx %lx %d %x\n",
			   (unsigned long)map->map.phys, map->map.virt,
			   map->map.len, map->map.map_id, map->map.opcode);
		return true;
	}
	return false;
}

static struct trace_printer mmio_printer = {
	.body = mmio_print_body,
};

TRACE_PRINTER_REGISTER(mmio_printer);
