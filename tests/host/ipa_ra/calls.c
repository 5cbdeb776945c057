// SPDX-License-Identifier: GPL-2.0
/* A caller that keeps four values live across calls to a static leaf. */
static __attribute__((noinline)) int leaf(int x)
{
	return x * 3 + 1;
}

int caller(int a, int b, int c, int d)
{
	int r = leaf(a);

	r += leaf(b) * a;
	r += leaf(c) * b;
	r += leaf(d) * c * d;
	return r + a + b + c + d;
}
