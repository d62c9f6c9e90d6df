// SPDX-License-Identifier: GPL-2.0
/* The generated stubs' counter and the check each job ends with. */
#include <stdio.h>
#include <string.h>

#include "stubs.h"

void lbn_stub_hit(unsigned int idx)
{
	__atomic_fetch_add(&lbn_stub_calls[idx], 1, __ATOMIC_RELAXED);
}

int lbn_stubs_check(char *msg, size_t len)
{
	size_t used = 0;
	unsigned int i;
	int bad = 0;

	msg[0] = '\0';
	for (i = 0; i < lbn_nstubs; i++) {
		unsigned long n = __atomic_load_n(&lbn_stub_calls[i], __ATOMIC_RELAXED);

		if (!n)
			continue;
		bad = 1;
		if (used < len)
			used += snprintf(msg + used, len - used, "%s%s called %lu times",
					 used ? ", " : "", lbn_stub_names[i], n);
	}
	return bad ? -1 : 0;
}
