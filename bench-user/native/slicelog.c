// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "lbrec.h"
#include "lockbench_summary.h"
#include "slicelog.h"

int lbn_slicelog_add(struct lbn_slicelog *l, const struct lbn_slice *s)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 4096;
		struct lbn_slice *v = realloc(l->s, cap * sizeof(*v));

		if (!v)
			return -1;
		l->s = v;
		l->cap = cap;
	}
	l->s[l->n++] = *s;
	return 0;
}

void lbn_slice_quantiles(const struct lbn_unit *u, size_t from, uint64_t q[5])
{
	static const unsigned int pct[5] = { 10, 25, 50, 75, 90 };
	size_t n = u->samp.n - from, i;
	uint64_t *v = malloc((n ? n : 1) * sizeof(*v)), empty = 0;

	memset(q, 0, 5 * sizeof(*q));
	if (!v || !n) {
		free(v);
		return;
	}
	if (!u->turns_par && u->emp.n - from == n) {
		memcpy(v, u->emp.v + from, n * sizeof(*v));
		lb_sort_u64(v, n);
		empty = lb_pct_sorted(v, n, 50);
	}
	for (i = 0; i < n; i++)
		v[i] = u->samp.v[from + i] > empty ? u->samp.v[from + i] - empty : 0;
	lb_sort_u64(v, n);
	for (i = 0; i < 5; i++)
		q[i] = lb_pct_sorted(v, n, pct[i]);
	free(v);
}

uint64_t lbn_steal_us(unsigned int cpu)
{
	static int fd = -2;
	static char buf[65536];
	unsigned long long f[8];
	char want[32];
	const char *line;
	ssize_t got;

	/* /proc/stat is made anew at each read from offset 0: one open. */
	if (fd == -2)
		fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	got = pread(fd, buf, sizeof(buf) - 1, 0);
	if (got <= 0)
		return 0;
	buf[got] = '\0';
	snprintf(want, sizeof(want), "\ncpu%u ", cpu);
	line = strstr(buf, want);
	/* user nice system idle iowait irq softirq steal, in USER_HZ ticks */
	if (!line || sscanf(line + strlen(want), "%llu %llu %llu %llu %llu %llu %llu %llu",
			    &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]) != 8)
		return 0;
	return f[7] * 1000000ull / (unsigned long long)sysconf(_SC_CLK_TCK);
}

uint64_t lbn_nivcsw(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) ? 0 : (uint64_t)ru.ru_nivcsw;
}

static void dec(FILE *f, uint64_t thousandths)
{
	fprintf(f, ",%llu.%03llu", (unsigned long long)(thousandths / 1000),
		(unsigned long long)(thousandths % 1000));
}

void lbn_slicelog_write(FILE *f, const struct lbn_slicelog *l, uint64_t boot, uint64_t khz)
{
	uint64_t first = l->n ? l->s[0].start : 0;
	size_t i;
	int k;

	fprintf(f, "%s\n", LB_CSV_HEADER(LB_SLICES_COLUMNS));
	for (i = 0; i < l->n; i++) {
		const struct lbn_slice *s = &l->s[i];
		const struct lbn_job *j = s->u->j;
		int contended = !strcmp(j->mode, "contended");

		fprintf(f, "%llu,%u,%u,%s,%s,%s,%llu,%s,%llu,%llu,%llu,%llu,%llu,%s,%llu,%llu,%llu,%s",
			(unsigned long long)boot, s->seq, s->round, s->u->name,
			s->u->type == LBN_U_PAIR ? s->u->k.name : j->kind, j->mode,
			(unsigned long long)j->threads, j->placement,
			(unsigned long long)j->read_pct, (unsigned long long)j->hold_ns,
			(unsigned long long)j->parallel_ns, (unsigned long long)j->slope,
			(unsigned long long)j->pad, s->prev ? s->prev->name : "-",
			(unsigned long long)((s->start - first) * 1000 / khz),
			(unsigned long long)s->ticks, (unsigned long long)s->batches,
			contended ? "ops_per_s" : "cyc_op");
		if (contended) {
			fprintf(f, ",,,%llu,,", (unsigned long long)s->q[2]);
		} else {
			for (k = 0; k < 5; k++)
				dec(f, s->q[k]);
		}
		dec(f, s->probe_pair);
		dec(f, s->probe_chain);
		fprintf(f, ",%llu,%llu\n", (unsigned long long)s->steal_us,
			(unsigned long long)s->nivcsw);
	}
}
