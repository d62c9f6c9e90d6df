/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The job line, one parser for the module (lockbench_job.c), the native
 * harness (bench-user/native/job.c) and lb-validate --jobs: "key=value"
 * words, the keys, limits, defaults, kinds, modes and pads all from the
 * schema's lists, and the checks that need the whole job.  What a side
 * refuses on its own (native: the kinds that need ring 0) it checks
 * after this.  Freestanding: only snprintf, strcmp and strchr, which the
 * kernel and libc both have.
 */
#ifndef LOCKBENCH_JOBLINE_H
#define LOCKBENCH_JOBLINE_H

#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))	/* linux/kernel.h's */
#endif
#endif

#include "lockbench_schema.h"

/*
 * A parsed job: kind, mode and placement are indexes in LB_KINDS, LB_MODES
 * and LB_PLACEMENTS.
 */
#define LB_JOBLINE_MEMBER(name, min, max, def)	uint64_t name;
struct lb_jobline {
	unsigned int kind, mode, placement;

	LB_JOB_INT_KEYS(LB_JOBLINE_MEMBER)
};
#undef LB_JOBLINE_MEMBER

/* The schema's kind and mode names, in their order. */
#define LB_JOBLINE_NAME(name, ...)	#name,
static inline const char *lb_jobline_kind_name(unsigned int i)
{
	static const char *const names[] = { LB_KINDS(LB_JOBLINE_NAME) };

	return i < ARRAY_SIZE(names) ? names[i] : NULL;
}

static inline const char *lb_jobline_mode_name(unsigned int i)
{
	static const char *const names[] = { LB_MODES(LB_JOBLINE_NAME) };

	return i < ARRAY_SIZE(names) ? names[i] : NULL;
}
#undef LB_JOBLINE_NAME

/* The placements' names are string literals already (they hold hyphens). */
#define LB_JOBLINE_PLACEMENT(name, desc)	name,
static inline const char *lb_jobline_placement_name(unsigned int i)
{
	static const char *const names[] = { LB_PLACEMENTS(LB_JOBLINE_PLACEMENT) };

	return i < ARRAY_SIZE(names) ? names[i] : NULL;
}
#undef LB_JOBLINE_PLACEMENT

/* NAME's index in LB_PLACEMENTS, or -1. */
static inline int lb_jobline_placement(const char *name)
{
	const char *n;
	int i;

	for (i = 0; (n = lb_jobline_placement_name(i)); i++)
		if (!strcmp(name, n))
			return i;
	return -1;
}

#define LB_JOBLINE_WORD(name, ...)	" " #name
#define LB_JOBLINE_PLACEMENT_WORD(name, desc)	" " name
#define LB_JOBLINE_PLACEMENT_LIST	LB_PLACEMENTS(LB_JOBLINE_PLACEMENT_WORD)
#define LB_JOBLINE_MODE_LIST	LB_MODES(LB_JOBLINE_WORD)
#define LB_JOBLINE_PAD_WORD(n)		" " #n
#define LB_JOBLINE_PAD_LIST	LB_PADS(LB_JOBLINE_PAD_WORD)

/* A decimal number: digits only (no sign, no space), no overflow. */
static inline int lb_jobline_number(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || x > (~(uint64_t)0 - (*s - '0')) / 10)
			return -1;
		x = x * 10 + (*s - '0');
	}
	*v = x;
	return 0;
}

/* A function, so that a limit of 0 is no always-false comparison. */
static inline int lb_jobline_outside(uint64_t v, uint64_t lo, uint64_t hi)
{
	return v < lo || v > hi;
}

/* Bits of SEEN: the integer keys in LB_JOB_INT_KEYS order, then these. */
#define LB_JOBLINE_BIT(name, min, max, def)	LB_JOBLINE_SEEN_##name,
enum {
	LB_JOB_INT_KEYS(LB_JOBLINE_BIT)
	LB_JOBLINE_SEEN_kind,
	LB_JOBLINE_SEEN_mode,
	LB_JOBLINE_SEEN_placement,
};
#undef LB_JOBLINE_BIT

/* One KEY=VAL word into J; SEEN catches a key given twice. */
static inline int lb_jobline_word(char *word, struct lb_jobline *j,
				  unsigned long *seen, char *err, size_t len)
{
	char *val = strchr(word, '=');
	unsigned int i, bit;
	uint64_t v;

	if (!val || val == word || !val[1]) {
		snprintf(err, len, "'%s' is not key=value", word);
		return -1;
	}
	*val++ = '\0';
#define LB_JOBLINE_KEY(name, min, max, def)				\
	if (!strcmp(word, #name))					\
		bit = LB_JOBLINE_SEEN_##name;				\
	else
	LB_JOB_INT_KEYS(LB_JOBLINE_KEY)
	if (!strcmp(word, "kind"))
		bit = LB_JOBLINE_SEEN_kind;
	else if (!strcmp(word, "mode"))
		bit = LB_JOBLINE_SEEN_mode;
	else if (!strcmp(word, "placement"))
		bit = LB_JOBLINE_SEEN_placement;
	else {
		snprintf(err, len, "unknown job key '%s'", word);
		return -1;
	}
#undef LB_JOBLINE_KEY
	if (*seen & (1UL << bit)) {
		snprintf(err, len, "%s given twice", word);
		return -1;
	}
	*seen |= 1UL << bit;
	if (bit == LB_JOBLINE_SEEN_placement) {
		int p = lb_jobline_placement(val);

		if (p < 0) {
			snprintf(err, len, "unknown placement '%s': one of" LB_JOBLINE_PLACEMENT_LIST, val);
			return -1;
		}
		j->placement = p;
		return 0;
	}
	if (bit == LB_JOBLINE_SEEN_kind || bit == LB_JOBLINE_SEEN_mode) {
		int kind = bit == LB_JOBLINE_SEEN_kind;
		const char *name;

		for (i = 0; (name = kind ? lb_jobline_kind_name(i) : lb_jobline_mode_name(i)); i++) {
			if (!strcmp(val, name)) {
				*(kind ? &j->kind : &j->mode) = i;
				return 0;
			}
		}
		if (kind)
			snprintf(err, len, "unknown kind '%s' (lb-validate --describe kinds lists them)", val);
		else
			snprintf(err, len, "unknown mode '%s': one of" LB_JOBLINE_MODE_LIST, val);
		return -1;
	}
#define LB_JOBLINE_INT(name, min, max, def)				\
	if (bit == LB_JOBLINE_SEEN_##name) {				\
		if (lb_jobline_number(val, &v) ||			\
		    lb_jobline_outside(v, (min), (max))) {		\
			snprintf(err, len, "%s=%s: want an integer from %llu to %llu", \
				 word, val, (unsigned long long)(min),	\
				 (unsigned long long)(max));		\
			return -1;					\
		}							\
		j->name = v;						\
	}
	LB_JOB_INT_KEYS(LB_JOBLINE_INT)
#undef LB_JOBLINE_INT
	return 0;
}

static inline int lb_jobline_is(unsigned int i, const char *kind_or_mode,
				int kind)
{
	const char *n = kind ? lb_jobline_kind_name(i) : lb_jobline_mode_name(i);

	return n && !strcmp(n, kind_or_mode);
}

/* Checks that need the whole job: required keys and kind/mode combos. */
static inline int lb_jobline_check(const struct lb_jobline *j,
				   unsigned long seen, unsigned int ncpus,
				   char *err, size_t len)
{
	int pad_ok = 0;

	if (!(seen & (1UL << LB_JOBLINE_SEEN_kind))) {
		snprintf(err, len, "kind= missing");
		return -1;
	}
	if (!(seen & (1UL << LB_JOBLINE_SEEN_mode))) {
		snprintf(err, len, "mode= missing");
		return -1;
	}
	if (j->threads > ncpus) {
		snprintf(err, len, "threads=%llu is above the %u CPUs there are to run on: oversubscribed spinners measure the scheduler",
			 (unsigned long long)j->threads, ncpus);
		return -1;
	}
	if (lb_jobline_is(j->mode, "cold", 0) && ncpus < 2) {
		snprintf(err, len, "mode cold needs 2 online CPUs, there are %u", ncpus);
		return -1;
	}
	if (j->slope && !lb_jobline_is(j->mode, "hot", 0)) {
		snprintf(err, len, "slope=%llu: only mode=hot has batches of two lengths",
			 (unsigned long long)j->slope);
		return -1;
	}
	if (j->pad && (!lb_jobline_is(j->kind, "spin_lock", 1) ||
		       !lb_jobline_is(j->mode, "hot", 0))) {
		snprintf(err, len, "pad=%llu: only kind=spin_lock mode=hot is padded",
			 (unsigned long long)j->pad);
		return -1;
	}
#define LB_JOBLINE_PAD(n)	pad_ok |= j->pad == (n);
	LB_PADS(LB_JOBLINE_PAD)
#undef LB_JOBLINE_PAD
	if (j->pad && !pad_ok) {
		snprintf(err, len, "pad=%llu: not one of" LB_JOBLINE_PAD_LIST,
			 (unsigned long long)j->pad);
		return -1;
	}
	/* A placement says how two or more CPUs sit: a hot job has one. */
	if (j->placement && lb_jobline_is(j->mode, "hot", 0)) {
		snprintf(err, len, "placement=%s: a hot job runs on one CPU; a placement says how the CPUs of a cold or contended job sit",
			 lb_jobline_placement_name(j->placement));
		return -1;
	}
	if (lb_jobline_is(j->kind, "broken_lock", 1) &&
	    (!lb_jobline_is(j->mode, "contended", 0) || j->threads < 2)) {
		snprintf(err, len, "kind=broken_lock needs mode=contended and threads>=2");
		return -1;
	}
	return 0;
}

/*
 * Parse LINE (modified in place) into J with the schema's defaults, for a
 * machine with NCPUS CPUs to run on: 0, or -1 with the reason in ERR.
 */
static inline int lb_jobline_parse(char *line, unsigned int ncpus,
				   struct lb_jobline *j, char *err, size_t len)
{
	unsigned long seen = 0;
	char *word, *end;

	memset(j, 0, sizeof(*j));
#define LB_JOBLINE_DEF(name, min, max, def)	j->name = (def);
	LB_JOB_INT_KEYS(LB_JOBLINE_DEF)
#undef LB_JOBLINE_DEF
	for (word = line; *word; word = end) {
		while (*word == ' ' || *word == '\t' || *word == '\n' || *word == '\r')
			word++;
		if (!*word)
			break;
		for (end = word; *end && *end != ' ' && *end != '\t' && *end != '\n' && *end != '\r'; end++)
			;
		if (*end)
			*end++ = '\0';
		if (lb_jobline_word(word, j, &seen, err, len))
			return -1;
	}
	return lb_jobline_check(j, seen, ncpus, err, len);
}

#endif /* LOCKBENCH_JOBLINE_H */
