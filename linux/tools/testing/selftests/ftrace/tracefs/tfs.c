// SPDX-License-Identifier: GPL-2.0
/*
 * tfs: the system calls the tracefs tests need and the shell cannot make.
 *
 *   tfs write FILE TEXT        one write() of TEXT (no newline added)
 *   tfs read-nonblock FILE     one read() with O_NONBLOCK
 *   tfs poll FILE MSECS        poll() for POLLIN
 *
 * Each prints one line: "ok N" (bytes written or read; the data read goes
 * to stderr) for write and read, "POLLIN" or "timeout" for poll, or the
 * errno name (EINVAL, EAGAIN, ...) of a failure. Exit status: 0 on
 * success, 1 on a failed call, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int report_errno(void)
{
	const char *name = strerrorname_np(errno);

	printf("%s\n", name ? name : "E?");
	return 1;
}

static int do_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return report_errno();
	n = write(fd, text, strlen(text));
	if (n < 0)
		return report_errno();
	printf("ok %zd\n", n);
	return 0;
}

static int do_read_nonblock(const char *path)
{
	static char buf[65536];
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return report_errno();
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return report_errno();
	fwrite(buf, 1, n, stderr);
	printf("ok %zd\n", n);
	return 0;
}

static int do_poll(const char *path, int msecs)
{
	struct pollfd p = { .events = POLLIN };
	int n;

	p.fd = open(path, O_RDONLY | O_NONBLOCK);
	if (p.fd < 0)
		return report_errno();
	n = poll(&p, 1, msecs);
	if (n < 0)
		return report_errno();
	printf("%s\n", n && (p.revents & POLLIN) ? "POLLIN" : "timeout");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "write"))
		return do_write(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "read-nonblock"))
		return do_read_nonblock(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "poll"))
		return do_poll(argv[2], atoi(argv[3]));
	fprintf(stderr, "usage: tfs write FILE TEXT | read-nonblock FILE | poll FILE MSECS\n");
	return 2;
}
