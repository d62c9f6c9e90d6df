// SPDX-License-Identifier: GPL-2.0
/*
 * The classic construction: the first row is 0, 1, n-1, 2, n-2, ...,
 * and row r adds r to each entry modulo n.  For an even n the n rows
 * hold every ordered pair side by side exactly once.  For an odd n they
 * do not; the n rows read backwards, added after them, make up the
 * difference, and every ordered pair is side by side exactly twice.
 */
#include "williams.h"

unsigned int lbn_williams_rows(unsigned int n)
{
	return n > 1 && n % 2 ? 2 * n : n;
}

/* The first row's J-th entry: 0, 1, n-1, 2, n-2, ... */
static unsigned int first_row(unsigned int n, unsigned int j)
{
	if (!j)
		return 0;
	return j % 2 ? (j + 1) / 2 : n - j / 2;
}

void lbn_williams_row(unsigned int n, unsigned int r, unsigned int *order)
{
	unsigned int j, back;

	if (!n)
		return;
	r %= lbn_williams_rows(n);
	back = r >= n;
	r %= n;
	for (j = 0; j < n; j++)
		order[back ? n - 1 - j : j] = (first_row(n, j) + r) % n;
}
