/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The job file expander, the one reader of job files (lb-validate --jobs
 * for the scripts, lb-native -j): what a comment, a blank line and a
 * continuation are, threads=SWEEP, and each job checked by the parser the
 * module and the native harness share (lockbench_jobline.h).
 *
 * A job file's syntax: a '#' that starts a word starts a comment to the
 * end of the line; a line that ends in '\' goes on on the next one; what
 * is left blank is skipped.  Each job comes out as its words joined by one
 * space.  threads=SWEEP becomes one job per entry of the sweep list.
 */
#ifndef LB_JOBFILE_H
#define LB_JOBFILE_H

#include <stddef.h>

struct lb_joblist {
	char **line;
	size_t *lineno;		/* the file's line the job starts on */
	size_t n;
};

/* LB_JOBS_KEEP_SWEEP: check a threads=SWEEP job once per sweep entry,
 * but put it out once, as threads=SWEEP (the guest of an export expands
 * it for the lab machine's vCPUs). */
#define LB_JOBS_KEEP_SWEEP	1u

/*
 * Expand TEXT (the file's contents, named PATH in messages): SWEEP is the
 * comma-separated thread counts for threads=SWEEP (NULL: none given, and a
 * SWEEP job is an error); NCPUS the CPUs a job may ask for; FLAGS
 * LB_JOBS_*.  0, or -1 with "PATH:LINE: reason" in ERR and nothing in OUT.
 */
int lb_jobfile_expand(const char *text, const char *path, const char *sweep,
		      unsigned int ncpus, unsigned int flags,
		      struct lb_joblist *out, char *err, size_t len);

/* The same, read from PATH ("-": standard input). */
int lb_jobfile_read(const char *path, const char *sweep, unsigned int ncpus,
		    unsigned int flags, struct lb_joblist *out, char *err,
		    size_t len);

void lb_joblist_free(struct lb_joblist *l);

#endif
