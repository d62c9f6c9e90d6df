// SPDX-License-Identifier: GPL-2.0
/* What a generated stub does when the lock code reaches it (stubs.h). */
#include <stdio.h>
#include <unistd.h>

#include "stubs.h"

char lbn_stub_where[256] = "lb-native";

void lbn_stub_hit(unsigned int idx)
{
	/* Exit 4, as a failed job's check did: the run fails, by name. */
	fprintf(stderr, "lb-native: error: %s: the lock code called %s, which a user process only stubs; its numbers are not the kernel's path\n",
		lbn_stub_where, lbn_stub_names[idx]);
	fflush(stderr);
	_exit(4);
}
