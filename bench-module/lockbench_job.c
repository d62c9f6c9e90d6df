// SPDX-License-Identifier: GPL-2.0
/*
 * Parser for the job control file: one line of "key=value" words.  The
 * keys, their limits and defaults, and the kind and mode names all come
 * from the X-macros in lockbench_schema.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "lockbench.h"

/* Bit numbers for duplicate detection: kind, mode, then the int keys. */
#define LB_KEY_ENUM(name, min, max, def)	LB_KEY_##name,
enum {
	LB_KEY_kind,
	LB_KEY_mode,
	LB_JOB_INT_KEYS(LB_KEY_ENUM)
	LB_KEY_NR
};

#undef LB_KEY_ENUM

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
		if (!strcmp(val, lb_mode_names[i])) {
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
	int key;

	if (!val || val == word || !val[1]) {
		pr_warn("job: '%s' is not key=value\n", word);
		return -EINVAL;
	}
	*val++ = '\0';

	if (!strcmp(word, "kind"))
		key = LB_KEY_kind;
	else if (!strcmp(word, "mode"))
		key = LB_KEY_mode;
#define LB_KEY_MATCH(name, min, max, def)				\
	else if (!strcmp(word, #name))					\
		key = LB_KEY_##name;
	LB_JOB_INT_KEYS(LB_KEY_MATCH)
#undef LB_KEY_MATCH
	else
		key = -1;

	if (key < 0) {
		pr_warn("job: %s: unknown key\n", word);
		return -EINVAL;
	}
	if (__test_and_set_bit(key, seen)) {
		pr_warn("job: %s: given twice\n", word);
		return -EINVAL;
	}

	switch (key) {
	case LB_KEY_kind:
		return lb_parse_kind(val, job);
	case LB_KEY_mode:
		return lb_parse_mode(val, job);
#define LB_KEY_PARSE(name, min, max, def)				\
	case LB_KEY_##name:						\
		return lb_parse_u64(#name, val, min, max, &job->name);
	LB_JOB_INT_KEYS(LB_KEY_PARSE)
#undef LB_KEY_PARSE
	}
	return -EINVAL;
}

/* Checks that need the whole job: required keys and kind/mode combos. */
static int lb_job_check(const struct lb_job *job, const unsigned long *seen)
{
	unsigned int cpus = num_online_cpus();

	if (!test_bit(LB_KEY_kind, seen)) {
		pr_warn("job: kind: missing\n");
		return -EINVAL;
	}
	if (!test_bit(LB_KEY_mode, seen)) {
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
	DECLARE_BITMAP(seen, LB_KEY_NR) = { 0 };
	char *word;
	int ret;

	memset(job, 0, sizeof(*job));
#define LB_KEY_DEFAULT(name, min, max, def)	job->name = def;
	LB_JOB_INT_KEYS(LB_KEY_DEFAULT)
#undef LB_KEY_DEFAULT

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
