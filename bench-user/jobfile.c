// SPDX-License-Identifier: GPL-2.0
/* The job file expander (jobfile.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobfile.h"
#include "lockbench_jobline.h"

#define LB_JOB_LINE_MAX	512

void lb_joblist_free(struct lb_joblist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	free(l->lineno);
	l->line = NULL;
	l->lineno = NULL;
	l->n = 0;
}

static int push(struct lb_joblist *l, const char *s, size_t lineno)
{
	char **v = realloc(l->line, (l->n + 1) * sizeof(*v));
	size_t *no;

	if (!v)
		return -1;
	l->line = v;
	if (!(no = realloc(l->lineno, (l->n + 1) * sizeof(*no))))
		return -1;
	l->lineno = no;
	if (!(v[l->n] = strdup(s)))
		return -1;
	no[l->n++] = lineno;
	return 0;
}

/* The words of JOB (a logical line, comment removed) joined by one space. */
static void normalise(const char *job, char *out, size_t len)
{
	size_t o = 0;

	for (const char *p = job; *p;) {
		size_t w;

		p += strspn(p, " \t\r");
		w = strcspn(p, " \t\r");
		if (!w)
			break;
		if (o && o + 1 < len)
			out[o++] = ' ';
		if (o + w >= len)
			w = len - 1 - o;
		memcpy(out + o, p, w);
		o += w;
		p += strcspn(p, " \t\r");
	}
	out[o] = '\0';
}

/* Checks and appends JOB (normalised) once per sweep entry. */
static int add_job(const char *job, size_t lineno, const char *sweep,
		   unsigned int ncpus, unsigned int flags, struct lb_joblist *out,
		   char *why, size_t len)
{
	char one[LB_JOB_LINE_MAX], tmp[LB_JOB_LINE_MAX], list[256];
	const char *at = strstr(job, "threads=SWEEP");
	struct lb_jobline jl;
	char *t, *save;

	if (!at || (at != job && at[-1] != ' ') || (at[13] && at[13] != ' ')) {
		strcpy(tmp, job);
		if (lb_jobline_parse(tmp, ncpus, &jl, why, len))
			return -1;
		return push(out, job, lineno) ? (snprintf(why, len, "out of memory"), -1) : 0;
	}
	if (!sweep || !*sweep) {
		snprintf(why, len, "threads=SWEEP, but no thread list was given to expand it (--sweep)");
		return -1;
	}
	if (strlen(sweep) >= sizeof(list)) {
		snprintf(why, len, "the thread list is too long");
		return -1;
	}
	strcpy(list, sweep);
	for (t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if ((size_t)snprintf(one, sizeof(one), "%.*sthreads=%s%s", (int)(at - job), job, t,
				     at + 13) >= sizeof(one)) {
			snprintf(why, len, "job line too long");
			return -1;
		}
		strcpy(tmp, one);
		if (lb_jobline_parse(tmp, ncpus, &jl, why, len))
			return -1;
		if (!(flags & LB_JOBS_KEEP_SWEEP) && push(out, one, lineno)) {
			snprintf(why, len, "out of memory");
			return -1;
		}
	}
	if ((flags & LB_JOBS_KEEP_SWEEP) && push(out, job, lineno)) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	return 0;
}

int lb_jobfile_expand(const char *text, const char *path, const char *sweep,
		      unsigned int ncpus, unsigned int flags,
		      struct lb_joblist *out, char *err, size_t len)
{
	char job[LB_JOB_LINE_MAX * 4] = "", norm[LB_JOB_LINE_MAX], why[256];
	size_t jl = 0, lineno = 0, first = 0;
	const char *p = text;

	out->line = NULL;
	out->lineno = NULL;
	out->n = 0;
	while (*p) {
		size_t n = strcspn(p, "\n"), keep = n;
		const char *c;
		int more;

		lineno++;
		/* A comment: a '#' at the line's start or after a blank. */
		for (c = p; c < p + n; c++)
			if (*c == '#' && (c == p || c[-1] == ' ' || c[-1] == '\t')) {
				keep = c - p;
				break;
			}
		/* A continuation: '\' last, before any comment's '#'. */
		while (keep && strchr(" \t\r", p[keep - 1]))
			keep--;
		more = keep && p[keep - 1] == '\\';
		if (more)
			keep--;
		if (!jl)
			first = lineno;
		if (jl + keep + 2 >= sizeof(job)) {
			snprintf(err, len, "%s:%zu: job line too long", path, first);
			goto fail;
		}
		memcpy(job + jl, p, keep);
		jl += keep;
		job[jl++] = ' ';
		job[jl] = '\0';
		p += n + (p[n] == '\n');
		if (more && *p)
			continue;
		normalise(job, norm, sizeof(norm));
		jl = 0;
		if (!*norm)
			continue;
		if (strlen(norm) >= LB_JOB_LINE_MAX - 1 ||
		    add_job(norm, first, sweep, ncpus, flags, out, why, sizeof(why))) {
			snprintf(err, len, "%s:%zu: %s: %s", path, first, norm,
				 strlen(norm) >= LB_JOB_LINE_MAX - 1 ? "job line too long" : why);
			goto fail;
		}
	}
	if (!out->n) {
		snprintf(err, len, "%s: no jobs (only comments and blank lines)", path);
		goto fail;
	}
	return 0;
fail:
	lb_joblist_free(out);
	return -1;
}

int lb_jobfile_read(const char *path, const char *sweep, unsigned int ncpus,
		    unsigned int flags, struct lb_joblist *out, char *err,
		    size_t len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *text = NULL;
	size_t n = 0, cap = 0, got;
	int ret;

	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *t = realloc(text, cap = 2 * cap + 4096 + 1);

			if (!t) {
				free(text);
				if (f != stdin)
					fclose(f);
				snprintf(err, len, "%s: out of memory", path);
				return -1;
			}
			text = t;
		}
		got = fread(text + n, 1, 4096, f);
		n += got;
	} while (got);
	if (ferror(f) || memchr(text, '\0', n)) {
		snprintf(err, len, "%s: %s", path, ferror(f) ? "read error" : "holds a NUL byte");
		ret = -1;
	} else {
		text[n] = '\0';
		ret = lb_jobfile_expand(text, path, sweep, ncpus, flags, out, err, len);
	}
	if (f != stdin)
		fclose(f);
	free(text);
	return ret;
}
