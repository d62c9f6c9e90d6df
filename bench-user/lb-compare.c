// SPDX-License-Identifier: GPL-2.0
/* lb-compare: see compare.c. */
#include "compare.h"

int main(int argc, char **argv)
{
	return lbc_main(argc, argv, stdout, stderr);
}
