/* SPDX-License-Identifier: GPL-2.0 */
/* Threads pinned one to a CPU, each its own kernel CPU (percpu.c). */
#ifndef LBN_THREADS_H
#define LBN_THREADS_H

#include <pthread.h>

/* The CPUs this process may run on, ascending, or LBN_CPUS's placement
 * in its order; returns how many. */
unsigned int lbn_cpus(unsigned int *cpus, unsigned int max);

/* LIST "A,B,..." into CPUS: CPUs this process may run on, each once;
 * else the process stops, naming WHAT (the option) and LIST. */
unsigned int lbn_cpu_list(const char *what, const char *list, unsigned int *cpus,
			  unsigned int max);

/* Pin the calling thread to CPU and enter it as that kernel CPU. */
int lbn_pin_enter(unsigned int cpu);

/* Run fn(arg) on a new thread pinned to CPU; 0 or -1. */
int lbn_thread_start(pthread_t *t, unsigned int cpu, void *(*fn)(void *),
		     void *arg);

/* A spinning start barrier for N threads (no futex wake-up skew). */
struct lbn_barrier {
	unsigned int n;
	unsigned int arrived __attribute__((aligned(64)));
};

void lbn_barrier_wait(struct lbn_barrier *b);

#endif
