// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz's helpers: its random numbers, and reading and writing a file
 * whole.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tfuzz.h"

/* xorshift64*: the run's only source of randomness. */
static uint64_t rng;

/* Start the sequence again from @seed (made odd: never 0). */
void seed_rng(uint64_t seed)
{
	rng = seed | 1;
}

uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

unsigned int below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* The whole content of @path, NUL-terminated, in @buf; -1 when unreadable. */
ssize_t slurp(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while ((size_t)len < size - 1 &&
	       (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/* Write @len bytes of @s to @path with @flags; 0 or the errno. */
int put(const char *path, const char *s, size_t len, int flags)
{
	int fd = open(path, O_WRONLY | flags), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, len) < 0)
		err = errno;
	close(fd);
	return err;
}

void put_str(const char *path, const char *s)
{
	put(path, s, strlen(s), O_TRUNC);
}

/* Split @buf (modified) into words; keeps at most @max. */
int words(char *buf, char **out, int max, int skip_brackets)
{
	char *tok, *save = NULL;
	int n = 0;

	for (tok = strtok_r(buf, " \t\n", &save); tok && n < max;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (skip_brackets && *tok == '[') {
			tok++;
			tok[strcspn(tok, "]")] = '\0';
		}
		out[n++] = strdup(tok);
	}
	return n;
}

const char *pick(char **v, int n, const char *dflt)
{
	return n ? v[below(n)] : dflt;
}

/* @len bytes of @s from @from: 256 at most, in hex. */
static void dump_at(const char *what, const char *s, size_t len, size_t from)
{
	size_t i;

	fprintf(stderr, "  %s (%zu bytes", what, len);
	if (from)
		fprintf(stderr, ", from %zu", from);
	fprintf(stderr, "):");
	for (i = from; i < len && i < from + 256; i++)
		fprintf(stderr, " %02x", (unsigned char)s[i]);
	fprintf(stderr, "%s\n", len > from + 256 ? " ..." : "");
}

void dump(const char *what, const char *s, size_t len)
{
	dump_at(what, s, len, 0);
}

/* A file read otherwise: both reads from a little before they differ. */
void dump_change(const char *a, size_t la, const char *b, size_t lb)
{
	size_t i = 0;

	while (i < la && i < lb && a[i] == b[i])
		i++;
	i = i > 32 ? i - 32 : 0;
	dump_at("before", a, la, i);
	dump_at("after", b, lb, i);
}
