/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Williams design: orders of N treatments, one a row, in which each
 * treatment comes just after every other equally often over the rows.
 * The schedule runs the variants of one job in these orders, so that
 * whatever a slice inherits from the slice before it falls on every
 * variant alike instead of on the ones that happen to follow a costly one.
 */
#ifndef LBN_WILLIAMS_H
#define LBN_WILLIAMS_H

/* Rows of the design: N for an even N, 2N for an odd one (and 1 for 1). */
unsigned int lbn_williams_rows(unsigned int n);

/* Row R (taken modulo the rows) into ORDER[0..N-1], a permutation of 0..N-1. */
void lbn_williams_row(unsigned int n, unsigned int r, unsigned int *order);

#endif
