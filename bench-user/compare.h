/* SPDX-License-Identifier: GPL-2.0 */
/* lb-compare as a library, so the unit tests drive the real CLI code. */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdio.h>

/* Exit codes: 0 compared, 1 usage or input error, 2 refused (sets from
 * different accelerators, vCPU counts or hosts, without --force). */
#define LBC_OK		0
#define LBC_ERR		1
#define LBC_REFUSED	2

/* Run lb-compare with ARGV; the table goes to OUT (or -o FILE), messages
 * to ERR. */
int lbc_main(int argc, char **argv, FILE *out, FILE *err);

#endif
