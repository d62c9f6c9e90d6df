// SPDX-License-Identifier: GPL-2.0
/*
 * lb-events-cal: the events plugin's own calibration, run inside a guest
 * (make events boots it with 2 vCPUs).  It brackets known code with the
 * same marker NOPs as lockbench.ko, at the pad site, with ids no module
 * pad uses:
 *
 *   id N (1, 2, 4, 8, 16)  N locked increments of one word: exactly N
 *                          instructions, N atomics, N loads, N stores,
 *                          1 line per op;
 *   id 1000                one store to a line the other vCPU wrote last
 *                          (two threads, one per vCPU, taking turns on a
 *                          flag in another line): 1 transfer and 1
 *                          invalidation per op, the first op aside;
 *   id 1001                the same store, by one thread only: no
 *                          transfer after the first.
 *
 * The plugin counts code by its bytes, so user-space code is counted as
 * the module's is.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lockbench_schema.h"

#define CAL_OPS		1000
#define CAL_XFER	1000
#define CAL_LOCAL	1001

#define MARK(edge, id)							\
	asm volatile("nopl %c0(%%rax)" : :				\
		     "i" (LB_MARK_DISP(edge, 3, (id))))

static struct {
	int word __attribute__((aligned(64)));
	int data __attribute__((aligned(64)));
	int turn __attribute__((aligned(64)));
} cal;

#define LOCKED_OP(n)							\
	static void locked_##n(void)					\
	{								\
		MARK(1, n);						\
		asm volatile(".rept " #n "\n\tlock incl %0\n\t.endr"	\
			     : "+m" (cal.word));			\
		MARK(2, n);						\
	}
LOCKED_OP(1)
LOCKED_OP(2)
LOCKED_OP(4)
LOCKED_OP(8)
LOCKED_OP(16)

static void store_op(int id, int v)
{
	if (id == CAL_XFER)
		MARK(1, CAL_XFER);
	else
		MARK(1, CAL_LOCAL);
	asm volatile("movl %1, %0" : "=m" (cal.data) : "r" (v));
	if (id == CAL_XFER)
		MARK(2, CAL_XFER);
	else
		MARK(2, CAL_LOCAL);
}

static void pin(int cpu)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (sched_setaffinity(0, sizeof(s), &s)) {
		perror("lb-events-cal: sched_setaffinity");
		exit(1);
	}
}

/* Thread me stores on its turn, then hands the turn to the other. */
static void *pingpong(void *arg)
{
	int me = (int)(long)arg, i;

	pin(me);
	for (i = 0; i < CAL_OPS; i++) {
		while (__atomic_load_n(&cal.turn, __ATOMIC_ACQUIRE) != me)
			;
		store_op(CAL_XFER, i);
		__atomic_store_n(&cal.turn, !me, __ATOMIC_RELEASE);
	}
	return NULL;
}

int main(void)
{
	pthread_t t;
	int i;

	pin(0);	/* the one-thread ops stay on one vCPU */
	for (i = 0; i < CAL_OPS; i++) {
		locked_1();
		locked_2();
		locked_4();
		locked_8();
		locked_16();
		store_op(CAL_LOCAL, i);
	}
	if (pthread_create(&t, NULL, pingpong, (void *)1L)) {
		fprintf(stderr, "lb-events-cal: pthread_create failed\n");
		return 1;
	}
	pingpong((void *)0L);
	pthread_join(t, NULL);
	printf("lb-events-cal: %d ops of each kind done\n", CAL_OPS);
	return 0;
}
