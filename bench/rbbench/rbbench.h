/* SPDX-License-Identifier: GPL-2.0 */
/* The ring buffer operations the B10 driver needs, one adapter per API. */
#ifndef RBBENCH_H
#define RBBENCH_H

int rbb_alloc(unsigned long bytes_per_cpu);
void rbb_free(void);
void rbb_write(unsigned int len);
void rbb_read(int cpu);

#endif
