// SPDX-License-Identifier: GPL-2.0
/*
 * tlbprobe: what a clash in QEMU's softmmu TLB costs, measured in the guest.
 *
 * Reads two bytes in turn, one page apart and then 64 to 4096 pages apart.
 * While the distance is a multiple of the user-mode TLB's size, the two
 * pages share a slot, and every read is a slow-path lookup (a victim hit);
 * the jump in ns per pair shows both the table's size and the price of a
 * clash. Best of 30 loops per distance.
 *
 *   gcc -static -O1 -o /tmp/tlbprobe bench/tbprof/tlbprobe.c
 *   harness/vm -k none -a /tmp/tlbprobe:/opt/tlbprobe /opt/tlbprobe
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(void)
{
	static const long pages[] = { 1, 3, 64, 128, 256, 512, 1024, 2048, 4096 };
	size_t size = (4096 + 1) * 4096;
	char *m = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (m == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	memset(m, 1, size);
	for (unsigned int d = 0; d < sizeof(pages) / sizeof(pages[0]); d++) {
		volatile char *a = m, *b = m + pages[d] * 4096;
		double best = 1e30;

		for (int r = 0; r < 30; r++) {
			double t0 = now_ns(), per;
			long x = 0;

			for (int i = 0; i < 100000; i++)
				x += a[0] + b[0];
			per = (now_ns() - t0) / 100000;
			best = per < best ? per : best;
		}
		printf("%5ld pages apart: %.2f ns per pair of reads\n",
		       pages[d], best);
	}
	return 0;
}
