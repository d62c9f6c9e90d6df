/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A CSV row of lb-native's own tables, written by the contract's column
 * list (schema/lockbench_schema.h), as stat/cells.h's LBC_ROW writes the
 * analysis tables: the writer defines, for every column NAME of its
 * table, PFX_NAME as printf's format and arguments of that column, and a
 * PFX_PUT(NAME, desc) that is LBN_PUT(PFX_##NAME); LBN_CSV_ROW(F, LIST,
 * PFX_PUT) then prints them in LIST's order.  A column the contract adds
 * without its line does not compile, and a format that does not fit its
 * value is -Wformat's error.
 */
#ifndef LBN_CSVROW_H
#define LBN_CSVROW_H

#include <stdio.h>

#define LBN_PUT(col)							\
	fputs(lbn_sep, lbn_f);						\
	lbn_sep = ",";							\
	fprintf(lbn_f, col);
#define LBN_CSV_ROW(f, list, put)					\
	do {								\
		FILE *lbn_f = (f);					\
		const char *lbn_sep = "";				\
									\
		list(put)						\
		fputc('\n', lbn_f);					\
	} while (0)

/* A value in thousandths (the records' decimal cycles), as N.NNN. */
#define LBN_DEC3(v)	"%llu.%03llu", (unsigned long long)((v) / 1000),	\
			(unsigned long long)((v) % 1000)

#endif
