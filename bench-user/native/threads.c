// SPDX-License-Identifier: GPL-2.0
/* Pinned threads for the cold and contended modes, and the hot one. */
#define _GNU_SOURCE
#include <alloca.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "percpu.h"
#include "threads.h"
#include "variants.h"

/*
 * A list "A,B,..." of CPUs (WHAT names it in a message), those CPUs in
 * that order.  Each must be one this process may run on, and none twice;
 * anything else stops the process before any work, naming it.
 */
static unsigned int placed_cpus(const char *what, const char *list, const cpu_set_t *set,
				unsigned int *cpus, unsigned int max)
{
	const char *p = list;
	unsigned int n = 0, i;

	while (*p) {
		char *end;
		unsigned long c = strtoul(p, &end, 10);

		if (end == p || (*end && *end != ',') || c >= CPU_SETSIZE || n == max) {
			fprintf(stderr, "lb-native: error: %s%s: want a comma-separated list of CPU numbers\n", what, list);
			exit(2);
		}
		if (!CPU_ISSET(c, set)) {
			fprintf(stderr, "lb-native: error: %s%s: CPU %lu is not one this process may run on\n", what, list, c);
			exit(2);
		}
		for (i = 0; i < n; i++) {
			if (cpus[i] == c) {
				fprintf(stderr, "lb-native: error: %s%s: CPU %lu twice\n", what, list, c);
				exit(2);
			}
		}
		cpus[n++] = c;
		p = *end ? end + 1 : end;
	}
	return n;
}

unsigned int lbn_cpu_list(const char *what, const char *list, unsigned int *cpus,
			  unsigned int max)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	return placed_cpus(what, list, &set, cpus, max);
}

unsigned int lbn_cpus(unsigned int *cpus, unsigned int max)
{
	const char *placed = getenv("LBN_CPUS");
	cpu_set_t set;
	unsigned int c, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	/* LBN_CPUS="A,B,...", when set: the process's CPUs, the first the
	 * main thread's (a test's way to run on chosen CPUs). */
	if (placed && *placed)
		return placed_cpus("LBN_CPUS=", placed, &set, cpus, max);
	for (c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n;
}

int lbn_pin_enter(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("lb-native: sched_setaffinity");
		return -1;
	}
	/* The affinity must have taken before the first timed op. */
	if (sched_getcpu() != (int)cpu) {
		sched_yield();
		if (sched_getcpu() != (int)cpu) {
			fprintf(stderr, "lb-native: not running on CPU %u after pinning\n", cpu);
			return -1;
		}
	}
	return lbn_cpu_enter(cpu);
}

struct lbn_start {
	unsigned int cpu;
	void *(*fn)(void *);
	void *arg;
};

static void *lbn_thread_main(void *p)
{
	struct lbn_start s = *(struct lbn_start *)p;
	/* The layout's stack offset, in every thread as in main(). */
	volatile char *pad = alloca(lbn_stack_pad + 1);

	pad[0] = 0;
	free(p);
	if (lbn_pin_enter(s.cpu))
		exit(3);
	return s.fn(s.arg);
}

int lbn_thread_start(pthread_t *t, unsigned int cpu, void *(*fn)(void *),
		     void *arg)
{
	struct lbn_start *s = malloc(sizeof(*s));

	if (!s)
		return -1;
	s->cpu = cpu;
	s->fn = fn;
	s->arg = arg;
	if (pthread_create(t, NULL, lbn_thread_main, s)) {
		free(s);
		return -1;
	}
	return 0;
}

void lbn_barrier_wait(struct lbn_barrier *b)
{
	__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&b->arrived, __ATOMIC_ACQUIRE) < b->n)
		__builtin_ia32_pause();
}
