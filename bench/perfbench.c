// SPDX-License-Identifier: GPL-2.0
/*
 * B12 workload: what perf record of sched_switch costs per event, run
 * where the kernel has the event and perf can open it.
 *
 *   B12.event_ns    ns added per sample: (round trip with a perf event
 *                   on sched_switch of CPU 0 - round trip without) /
 *                   (samples per round trip), best of 3 loops each
 *   B12.trip_ns     ns per round trip, no perf event
 *   B12.events_per_trip, B12.lost (samples perf could not store)
 *
 * The perf event is what `perf record -e sched:sched_switch -C 0` opens:
 * a sample of every event, with the raw record, ip, tid, time, cpu and
 * period, into a ring buffer big enough for a whole loop, emptied before
 * each loop. The round trip is bench.h's pingpong() on CPU 0.
 */
#include "bench.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#define B12_PAGES	2048	/* 8 MB of samples: 15000 of up to 500 bytes */

static long sched_switch_id(void)
{
	char line[32];
	FILE *fp = fopen(T "events/sched/sched_switch/id", "r");
	long id = -1;

	if (!fp)
		return -1;
	if (fgets(line, sizeof(line), fp))
		id = atol(line);
	fclose(fp);
	return id;
}

static int open_event(long id)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = id,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			       PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			       PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW,
		.disabled = 1,
		.wakeup_events = 1 << 30,
	};

	return syscall(__NR_perf_event_open, &attr, -1, 0, -1, 0);
}

/* Samples in the ring since its tail, and the PERF_RECORD_LOST counts. */
static long ring_samples(struct perf_event_mmap_page *mp, long *lost)
{
	unsigned long head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
	unsigned char *data = (unsigned char *)mp + mp->data_offset;
	unsigned long pos = mp->data_tail, size = mp->data_size;
	long n = 0;

	while (pos < head) {
		struct perf_event_header h;
		unsigned long off = pos % size;

		/* Headers are 8-byte aligned: never split by the wrap. */
		memcpy(&h, data + off, sizeof(h));
		if (h.type == PERF_RECORD_SAMPLE)
			n++;
		else if (h.type == PERF_RECORD_LOST) {
			unsigned long v[2];

			memcpy(v, data + (off + sizeof(h)) % size, sizeof(v));
			*lost += v[1];
		}
		pos += h.size;
	}
	__atomic_store_n(&mp->data_tail, head, __ATOMIC_RELEASE);
	return n;
}

int main(void)
{
	long trips = 5000, id, samples = 0, lost = 0;
	struct perf_event_mmap_page *mp;
	double off_ns, on_ns = 1e30;
	int fd;

	pin_cpu0();
	id = sched_switch_id();
	if (id < 0)
		return 0;
	fd = open_event(id);
	if (fd < 0) {
		perror("perf_event_open of sched_switch");
		return 0;
	}
	mp = mmap(NULL, (B12_PAGES + 1) * 4096L, PROT_READ | PROT_WRITE,
		  MAP_SHARED, fd, 0);
	if (mp == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	pingpong(trips / 10, 1);	/* warm up */
	off_ns = pingpong(trips, 3);
	for (int l = 0; l < 3; l++) {
		double t;

		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		t = pingpong(trips, 1);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		samples += ring_samples(mp, &lost);
		if (t < on_ns)
			on_ns = t;
	}
	close(fd);

	printf("B12.trip_ns %.1f\n", off_ns);
	if (samples > 0) {
		double events = (double)samples / ((double)trips * 3);

		printf("B12.event_ns %.1f\nB12.events_per_trip %.2f\nB12.lost %ld\n",
		       (on_ns - off_ns) / events, events, lost);
	}
	return 0;
}
