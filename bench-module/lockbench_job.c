// SPDX-License-Identifier: GPL-2.0
/*
 * Parser for the job control file: one line of "key=value" words.  The
 * keys, their limits and defaults, and the kind and mode names all come
 * from the X-macros in lockbench_schema.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/build_bug.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "lockbench.h"

/* The size checks keep the untyped offset copies below honest. */
#define LB_U64_OFF(type, n)						\
	(offsetof(struct type, n) +					\
	 BUILD_BUG_ON_ZERO(sizeof(((struct type *)0)->n) != sizeof(u64)))
#define LB_INT_KEY(n, lo, hi, d)					\
	{ #n, lo, hi, d, LB_U64_OFF(lb_job, n), LB_U64_OFF(lb_result, n) },

const struct lb_int_key lb_int_keys[LB_NR_INT_KEYS] = {
	LB_JOB_INT_KEYS(LB_INT_KEY)
};

/* Bits for duplicate detection: the int keys, then kind and mode. */
enum {
	LB_SEEN_KIND = LB_NR_INT_KEYS,
	LB_SEEN_MODE,
	LB_SEEN_NR
};

static u64 *lb_job_int(struct lb_job *job, const struct lb_int_key *k)
{
	return (u64 *)((char *)job + k->job_off);
}

static int lb_parse_kind(const char *val, struct lb_job *job)
{
	int i;

	for (i = 0; i < LB_KIND_NR; i++) {
		if (!strcmp(val, lb_kinds[i].name)) {
			job->kind = i;
			return 0;
		}
	}
	pr_warn("job: kind: unknown lock kind '%s'\n", val);
	return -EINVAL;
}

static int lb_parse_mode(const char *val, struct lb_job *job)
{
	int i;

	for (i = 0; i < LB_MODE_NR; i++) {
		if (!strcmp(val, lb_modes[i].name)) {
			job->mode = i;
			return 0;
		}
	}
	pr_warn("job: mode: unknown mode '%s'\n", val);
	return -EINVAL;
}

static int lb_parse_u64(const char *key, const char *val, u64 min, u64 max,
			u64 *out)
{
	u64 v;

	/* kstrtou64 rejects signs other than '+', garbage and overflow. */
	if (*val == '+' || kstrtou64(val, 10, &v)) {
		pr_warn("job: %s: '%s' is not a decimal number\n", key, val);
		return -EINVAL;
	}
	if (v < min || v > max) {
		pr_warn("job: %s: %llu is outside %llu..%llu\n", key, v, min,
			max);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int lb_parse_word(char *word, struct lb_job *job, unsigned long *seen)
{
	char *val = strchr(word, '=');
	const struct lb_int_key *k;
	int key;

	if (!val || val == word || !val[1]) {
		pr_warn("job: '%s' is not key=value\n", word);
		return -EINVAL;
	}
	*val++ = '\0';

	if (!strcmp(word, "kind")) {
		key = LB_SEEN_KIND;
	} else if (!strcmp(word, "mode")) {
		key = LB_SEEN_MODE;
	} else {
		for (key = 0; key < LB_NR_INT_KEYS; key++)
			if (!strcmp(word, lb_int_keys[key].name))
				break;
		if (key == LB_NR_INT_KEYS) {
			pr_warn("job: %s: unknown key\n", word);
			return -EINVAL;
		}
	}
	if (__test_and_set_bit(key, seen)) {
		pr_warn("job: %s: given twice\n", word);
		return -EINVAL;
	}

	if (key == LB_SEEN_KIND)
		return lb_parse_kind(val, job);
	if (key == LB_SEEN_MODE)
		return lb_parse_mode(val, job);
	k = &lb_int_keys[key];
	return lb_parse_u64(k->name, val, k->min, k->max, lb_job_int(job, k));
}

/* Checks that need the whole job: required keys and kind/mode combos. */
static int lb_job_check(const struct lb_job *job, const unsigned long *seen)
{
	unsigned int cpus = num_online_cpus();

	if (!test_bit(LB_SEEN_KIND, seen)) {
		pr_warn("job: kind: missing\n");
		return -EINVAL;
	}
	if (!test_bit(LB_SEEN_MODE, seen)) {
		pr_warn("job: mode: missing\n");
		return -EINVAL;
	}
	if (job->threads > cpus) {
		pr_warn("job: threads: %llu exceeds the %u online CPUs\n",
			job->threads, cpus);
		return -EINVAL;
	}
	if (job->mode == LB_MODE_cold && cpus < 2) {
		pr_warn("job: mode: cold needs 2 online CPUs, have %u\n", cpus);
		return -EINVAL;
	}
	if (job->slope && job->mode != LB_MODE_hot) {
		pr_warn("job: slope: only mode=hot has batches of two lengths\n");
		return -EINVAL;
	}
	if (job->pad && (job->kind != LB_KIND_spin_lock ||
			 job->mode != LB_MODE_hot)) {
		pr_warn("job: pad: only kind=spin_lock mode=hot is padded\n");
		return -EINVAL;
	}
	if (job->pad && !lb_pad_ops(job->pad)) {
		pr_warn("job: pad: %llu is not one of" LB_PAD_LIST "\n",
			job->pad);
		return -EINVAL;
	}
	if (job->kind == LB_KIND_broken_lock &&
	    (job->mode != LB_MODE_contended || job->threads < 2)) {
		pr_warn("job: kind: broken_lock needs mode=contended and threads>=2\n");
		return -EINVAL;
	}
	return 0;
}

/* Parses line (modified in place) into job.  Returns 0 or -EINVAL. */
int lb_job_parse(char *line, struct lb_job *job)
{
	DECLARE_BITMAP(seen, LB_SEEN_NR) = { 0 };
	char *word;
	int i, ret;

	memset(job, 0, sizeof(*job));
	for (i = 0; i < LB_NR_INT_KEYS; i++)
		*lb_job_int(job, &lb_int_keys[i]) = lb_int_keys[i].def;

	line = strim(line);
	while ((word = strsep(&line, " \t")) != NULL) {
		if (!*word)
			continue;
		ret = lb_parse_word(word, job, seen);
		if (ret)
			return ret;
	}
	return lb_job_check(job, seen);
}
