// SPDX-License-Identifier: GPL-2.0
/*
 * hot: the module's lb_hot_thread() on the pinned main thread.  Each
 * batch times the empty kind's loop and then the kind's, both batch_ops
 * long (or the slope from n to 2n); the median empty batch is subtracted.
 */
#include <stdlib.h>

#include "modes.h"
#include "tsc.h"

static uint64_t time_loop(const struct lbn_kind_fns *k, void *l, uint64_t n,
			  unsigned int rp, int slope)
{
	uint64_t t0, t1, t2;

	t0 = lbn_rdtsc();
	k->loop(l, n, rp);
	t1 = lbn_rdtsc();
	if (!slope)
		return t1 - t0;
	k->loop(l, 2 * n, rp);
	t2 = lbn_rdtsc();
	return t2 - t1 > t1 - t0 ? (t2 - t1) - (t1 - t0) : 0;
}

int lbn_run_hot(const struct lbn_env *e, const struct lbn_job *j,
		const struct lbn_kind_fns *k, struct lb_record *r)
{
	const struct lbn_kind_fns *empty = &lbn_kinds[0];
	uint64_t *samp, *emp, n = j->batch_ops, b;
	void *l = lbn_lock_new();

	samp = calloc(j->batches, sizeof(*samp));
	emp = calloc(j->batches, sizeof(*emp));
	if (!l || !samp || !emp)
		return -1;
	for (b = 0; b < j->batches; b++) {
		emp[b] = time_loop(empty, l, n, j->read_pct, j->slope) * LB_DEC_SCALE / n;
		samp[b] = time_loop(k, l, n, j->read_pct, j->slope) * LB_DEC_SCALE / n;
	}
	lbn_unc_summary(r, samp, emp, j->batches, e->tsc_khz);
	free(samp);
	free(emp);
	free(l);
	return 0;
}
