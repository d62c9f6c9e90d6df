/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LBN_PHYSLIMIT_H
#define LBN_PHYSLIMIT_H

#include <stdint.h>
#include <stdio.h>

#define LBN_PHYSLIMIT_HEADER "variant,boot,pair,cyc_op,ns_op,tsc_khz"

/* One CSV line per bare pair (LBN_PHYSLIMIT_HEADER's columns) on OUT. */
int lbn_physlimit(FILE *out, const char *variant, uint64_t boot,
		  uint64_t batches, uint64_t n, uint64_t khz);

#endif
