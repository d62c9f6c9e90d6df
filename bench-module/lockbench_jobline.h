/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The job line, one parser for the module (lockbench_job.c), the native
 * harness (bench-user/native/job.c) and lb-validate --jobs: "key=value"
 * words, the keys, limits, defaults, kinds, modes and pads all from the
 * schema's lists, and the checks that need the whole job.  What a side
 * refuses on its own (native: the kinds that need ring 0) it checks
 * after this.  Freestanding: only snprintf, strcmp, strchr and offsetof,
 * which the kernel and libc both have.
 */
#ifndef LOCKBENCH_JOBLINE_H
#define LOCKBENCH_JOBLINE_H

#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/stddef.h>
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

/* Expands to nothing: as lockbench.h's, for checkpatch (a member, no statement). */
#ifndef LB_DECL_END
#define LB_DECL_END
#endif

/*
 * A parsed job: kind, mode and placement are indexes in LB_KINDS, LB_MODES
 * and LB_PLACEMENTS.
 */
#define LB_JOBLINE_MEMBER(name, min, max, def)	uint64_t name; LB_DECL_END
struct lb_jobline {
	unsigned int kind, mode, placement;

	LB_JOB_INT_KEYS(LB_JOBLINE_MEMBER)
};
#undef LB_JOBLINE_MEMBER

/* The schema's kind and mode names, in their order. */
#define LB_JOBLINE_NAME(name, ...)	(#name),
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

/* VAL's index in the schema list whose I-th name is NAME(I), or -1. */
static inline int lb_jobline_find(const char *(*name)(unsigned int i),
				  const char *val)
{
	const char *n;
	int i;

	for (i = 0; (n = name(i)); i++)
		if (!strcmp(val, n))
			return i;
	return -1;
}

/* NAME's index in LB_PLACEMENTS, or -1. */
static inline int lb_jobline_placement(const char *name)
{
	return lb_jobline_find(lb_jobline_placement_name, name);
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

/*
 * The keys, one row each: a word is looked up, checked and stored, and a
 * job given its defaults, by walking these tables.  The integer keys, in
 * LB_JOB_INT_KEYS' order:
 */
struct lb_jobline_key {
	const char *name;
	size_t off;		/* of its uint64_t in struct lb_jobline */
	uint64_t min, max, def;
};

#define LB_JOBLINE_KEY(name, min, max, def)				\
	{ #name, offsetof(struct lb_jobline, name), min, max, def },
static const struct lb_jobline_key lb_jobline_keys[] = {
	LB_JOB_INT_KEYS(LB_JOBLINE_KEY)
};
#undef LB_JOBLINE_KEY

static inline uint64_t *lb_jobline_value(struct lb_jobline *j,
					 const struct lb_jobline_key *k)
{
	return (uint64_t *)((char *)j + k->off);
}

/* The keys whose value is a name of a schema list, kept as its index: */
struct lb_jobline_named {
	const char *name;
	size_t off;		/* of its unsigned int in struct lb_jobline */
	const char *(*names)(unsigned int i);
	const char *hint;	/* after "unknown KEY 'VAL'" */
};

static const struct lb_jobline_named lb_jobline_named[] = {
	{ "kind", offsetof(struct lb_jobline, kind), lb_jobline_kind_name,
	  " (lb-validate --describe kinds lists them)" },
	{ "mode", offsetof(struct lb_jobline, mode), lb_jobline_mode_name,
	  ": one of" LB_JOBLINE_MODE_LIST },
	{ "placement", offsetof(struct lb_jobline, placement), lb_jobline_placement_name,
	  ": one of" LB_JOBLINE_PLACEMENT_LIST },
};

/* Bits of SEEN: the integer keys' rows, then the named keys' in order. */
enum {
	LB_JOBLINE_SEEN_kind = ARRAY_SIZE(lb_jobline_keys),
	LB_JOBLINE_SEEN_mode,
};

/* KEY's bit of SEEN, or -1 when no key has that name. */
static inline int lb_jobline_bit(const char *key)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lb_jobline_keys); i++)
		if (!strcmp(key, lb_jobline_keys[i].name))
			return i;
	for (i = 0; i < ARRAY_SIZE(lb_jobline_named); i++)
		if (!strcmp(key, lb_jobline_named[i].name))
			return ARRAY_SIZE(lb_jobline_keys) + i;
	return -1;
}

/* One KEY=VAL word into J; SEEN catches a key given twice. */
static inline int lb_jobline_word(char *word, struct lb_jobline *j,
				  unsigned long *seen, char *err, size_t len)
{
	char *val = strchr(word, '=');
	const struct lb_jobline_named *n;
	const struct lb_jobline_key *k;
	int bit, i;
	uint64_t v;

	if (!val || val == word || !val[1]) {
		snprintf(err, len, "'%s' is not key=value", word);
		return -1;
	}
	*val++ = '\0';
	bit = lb_jobline_bit(word);
	if (bit < 0) {
		snprintf(err, len, "unknown job key '%s'", word);
		return -1;
	}
	if (*seen & (1UL << bit)) {
		snprintf(err, len, "%s given twice", word);
		return -1;
	}
	*seen |= 1UL << bit;
	if (bit >= (int)ARRAY_SIZE(lb_jobline_keys)) {
		n = &lb_jobline_named[bit - ARRAY_SIZE(lb_jobline_keys)];
		i = lb_jobline_find(n->names, val);
		if (i < 0) {
			snprintf(err, len, "unknown %s '%s'%s", word, val, n->hint);
			return -1;
		}
		*(unsigned int *)((char *)j + n->off) = i;
		return 0;
	}
	k = &lb_jobline_keys[bit];
	if (lb_jobline_number(val, &v) || v < k->min || v > k->max) {
		snprintf(err, len, "%s=%s: want an integer from %llu to %llu", word, val,
			 (unsigned long long)k->min, (unsigned long long)k->max);
		return -1;
	}
	*lb_jobline_value(j, k) = v;
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
#define LB_JOBLINE_PAD(n)	n,
	static const uint64_t pads[] = { LB_PADS(LB_JOBLINE_PAD) };
#undef LB_JOBLINE_PAD
	unsigned int i;

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
	for (i = 0; i < ARRAY_SIZE(pads) && j->pad != pads[i]; i++)
		;
	if (j->pad && i == ARRAY_SIZE(pads)) {
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
	const struct lb_jobline_key *k;
	unsigned long seen = 0;
	char *word, *end;

	memset(j, 0, sizeof(*j));
	for (k = lb_jobline_keys; k < lb_jobline_keys + ARRAY_SIZE(lb_jobline_keys); k++)
		*lb_jobline_value(j, k) = k->def;
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
