// SPDX-License-Identifier: GPL-2.0
/*
 * The native timer.  The TSC's rate is measured in every process, never
 * assumed: a VM's TSC runs at what its hypervisor says and a host's may be
 * scaled.  The cost of the timer itself is measured too; the hot and cold
 * modes subtract it (with the loop) through the empty kind, as the module.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lbn_abi.h"
#include "tsc.h"

/* Is WORD one of the flags on CPUINFO's "flags" line? */
static int has_flag(const char *cpuinfo, const char *word)
{
	const char *line = strstr(cpuinfo, "\nflags");
	size_t n = strlen(word);
	const char *end, *p;

	if (!line)
		return 0;
	line = strchr(line, ':');
	if (!line)
		return 0;
	end = strchr(line, '\n');
	if (!end)
		end = line + strlen(line);
	for (p = line + 1; p < end; ) {
		while (p < end && *p == ' ')
			p++;
		if ((size_t)(end - p) >= n && !strncmp(p, word, n) &&
		    (p + n == end || p[n] == ' '))
			return 1;
		while (p < end && *p != ' ')
			p++;
	}
	return 0;
}

int lbn_tsc_usable(const char *cpuinfo, int *hv, char *why, size_t len)
{
	char buf[8192];

	/* The first "flags" is CPU 0's; a leading newline lets it match. */
	snprintf(buf, sizeof(buf), "\n%s", cpuinfo);
	*hv = has_flag(buf, "hypervisor");
	if (!has_flag(buf, "tsc")) {
		snprintf(why, len, "this CPU has no TSC (no 'tsc' in /proc/cpuinfo's flags): ACCEL=native needs an x86_64 CPU with a constant TSC; use ACCEL=tcg or icount here");
		return -1;
	}
	if (!has_flag(buf, "constant_tsc")) {
		snprintf(why, len, "the TSC does not tick at a constant rate (no 'constant_tsc' in /proc/cpuinfo's flags), so TSC ticks are not time: run ACCEL=native on a CPU with constant_tsc, or use ACCEL=tcg or icount here");
		return -1;
	}
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

uint64_t lbn_tsc_khz(unsigned int ms)
{
	uint64_t n0, n1, c0, c1;

	n0 = now_ns();
	c0 = lbn_rdtsc();
	do {
		n1 = now_ns();
		c1 = lbn_rdtsc();
	} while (n1 - n0 < (uint64_t)ms * 1000000ull);
	return (c1 - c0) * 1000000ull / (n1 - n0);
}

uint64_t lbn_timer_overhead(void)
{
	enum { N = 1001 };
	uint64_t d[N];
	size_t i;

	for (i = 0; i < N; i++) {
		uint64_t t0 = lbn_rdtsc();

		d[i] = lbn_rdtsc() - t0;
	}
	lb_sort_u64(d, N);
	return lb_pct_sorted(d, N, 50);
}

uint64_t lbn_step_of(const uint64_t *d, size_t n)
{
	uint64_t *s = malloc((n ? n : 1) * sizeof(*s)), k, kmax;
	size_t i, m = 0, hits;

	if (!s)
		return 1;
	for (i = 0; i < n; i++)
		if (d[i])
			s[m++] = d[i];
	lb_sort_u64(s, m);
	/* A step no larger than the smallest differences but the 1% that
	 * may miss it; the bound keeps the search short. */
	kmax = m ? s[m / 100] : 1;
	kmax = kmax < 4096 ? kmax : 4096;
	for (k = kmax; k > 1; k--) {
		for (i = hits = 0; i < m; i++)
			hits += !(s[i] % k);
		if (hits * 100 >= m * 99)
			break;
	}
	free(s);
	return k > 1 ? k : 1;
}

uint64_t lbn_tsc_step(void)
{
	enum { N = 4000 };
	uint64_t d[N], t0, x = 0x2545f4914f6cdd1dull;
	unsigned int spin, j;
	size_t i;

	/*
	 * Back-to-back reads differ by the timer's own latency, nearly the
	 * same each time: a latency of 40 or 42 ticks would pass for a step
	 * of 2.  A random spin between the reads spreads the differences
	 * over every residue a step of one tick allows.
	 */
	for (i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		spin = x % 512;
		t0 = lbn_rdtsc();
		for (j = 0; j < spin; j++)
			asm volatile("" : : : "memory");
		d[i] = lbn_rdtsc() - t0;
	}
	return lbn_step_of(d, N);
}

uint64_t lbn_cyc_to_ns(uint64_t cyc, uint64_t khz)
{
	return lb_cyc_to_ns_at(cyc, khz);
}

uint64_t lbn_ns_to_cyc(uint64_t ns, uint64_t khz)
{
	return lb_ns_to_cyc_at(ns, khz);
}
