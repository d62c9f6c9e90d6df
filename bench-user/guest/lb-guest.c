// SPDX-License-Identifier: GPL-2.0
/*
 * lb-guest: the guest-side runner.  Loads lockbench.ko, feeds it the job
 * list through debugfs, and writes every result (or the reason there is
 * none) to /lb-out/results.csv in the shared schema, with the context
 * columns from the kernel command line.  Everything it does goes to
 * stdout (/init keeps it as runner.log); job starts also go to the
 * console, where the host finds the job that was running when a guest
 * dies.
 *
 *   lb-guest            run the jobs (refuses unless lb.variant= is on the
 *                       kernel command line, so it never runs on a host)
 *   lb-guest --run-job LINE FILE   run one job, result line (or err_*
 *                       status) to FILE: the command perf record runs
 *
 *   lb-guest --ktap FILE          print FILE's records as the KTAP the runner
 *   lb-guest --frame FILE VARIANT prints, and FILE framed as it prints it when
 *                       there is no results disk: these two only read FILE
 *                       and write stdout (tests/host/import.sh uses them)
 *   lb-guest --check-pmu VALUE    exit 0 when lb.pmu=VALUE is valid, else
 *                       say why (the host checks PMU= before booting)
 *
 * With lb.pmu= (pmu.h) every job runs under perf stat: its counts go to
 * /lb-out/pmu.csv and to the console as KTAP diagnostics.  The default,
 * auto, counts cycles and instructions when the guest has a hardware PMU.
 *
 * With lb.records=DEV (a disk of its own) every record is also appended to
 * DEV, synchronously, as its job ends: if the guest dies later, the host
 * still has every finished job.  /init hands /lb-out back and powers off.
 *
 * For a lab (LAVA, scripts/lab/export.sh) the console also carries KTAP v1:
 * the plan, one test case per job as it ends with its key figures and a
 * LAVA test-case signal.  Without a results disk (lb.out= absent, or
 * "console", or not a block device) the finished results.csv follows,
 * between "----- BEGIN lockbench results.csv sha256=HEX variant=V -----"
 * and "----- END lockbench results.csv -----", which scripts/lab/import.sh
 * turns back into the same bytes.  "lockbench: runner done" ends it all.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lbjob.h"
#include "lbrec.h"
#include "pmu.h"

#define OUTDIR		"/lb-out"
#define CTL_DIR		"/sys/kernel/debug/lockbench"
#define CTL_JOB		CTL_DIR "/job"
#define CTL_RESULT	CTL_DIR "/result"
#define CTL_HEADER	CTL_DIR "/header"
#define PERF		"/usr/bin/perf"
#define PMU_CPU		"/sys/bus/event_source/devices/cpu"
#define MAX_JOBS	4096

static int failures;
static FILE *logto;	/* stdout (runner.log) in the guest, stderr for --frame */

static void logmsg(const char *fmt, ...)
{
	struct timespec ts;
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	clock_gettime(CLOCK_BOOTTIME, &ts);
	/* /init sends stdout to /lb-out/runner.log. */
	fprintf(logto ? logto : stdout, "[%5ld.%03ld] %s\n", (long)ts.tv_sec, ts.tv_nsec / 1000000, msg);
	fflush(logto ? logto : stdout);
}

/* A failure: logged, and counted for the exit status. */
#define fail(...) (failures++, logmsg("error: " __VA_ARGS__))

static void console(const char *fmt, ...)
{
	int fd = open("/dev/console", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	char msg[700];
	va_list ap;
	int n;

	if (fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof(msg) - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(msg) - 2)
		n = (int)sizeof(msg) - 2;
	msg[n++] = '\n';
	if (write(fd, msg, (size_t)n) < 0) {
		/* Nothing to do: the log has the same line. */
	}
	/* On the wire before going on: /init powers off with poweroff -f. */
	tcdrain(fd);
	close(fd);
}

/* TEXT to the console as it is (lines already end in '\n'). */
static void console_text(const char *text, size_t len)
{
	int fd = open("/dev/console", O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return;
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n <= 0)
			break;
		text += n;
		len -= (size_t)n;
	}
	tcdrain(fd);
	close(fd);
}

/* The sha256 of PATH in HEX[65], from sha256sum (busybox's in the guest):
 * 0, or -1 when it cannot be had. */
static int sha256_of(const char *path, char *hex)
{
	char *argv[] = { "sha256sum", (char *)path, NULL };
	char buf[256];
	int p[2], st;
	ssize_t n;
	size_t got = 0;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid < 0)
		return close(p[0]), close(p[1]), -1;
	if (!pid) {
		dup2(p[1], 1);
		close(p[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	while (got < sizeof(buf) - 1 && (n = read(p[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(p[0]);
	buf[got] = '\0';
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) || strspn(buf, "0123456789abcdef") != 64)
		return -1;
	snprintf(hex, 65, "%.64s", buf);
	return 0;
}

/* PATH framed with its checksum on OUT.  0, or -1 with the reason logged. */
static int frame_csv(FILE *out, const char *path, const char *variant)
{
	char hex[65], buf[8192];
	FILE *f;
	size_t n;
	int last = '\n';

	if (sha256_of(path, hex)) {
		fail("frame: no sha256 of %s (sha256sum failed)", path);
		return -1;
	}
	f = fopen(path, "r");
	if (!f) {
		fail("frame: %s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(out, "----- BEGIN lockbench results.csv sha256=%s variant=%s -----\n", hex, variant);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		fwrite(buf, 1, n, out);
		last = buf[n - 1];
	}
	fclose(f);
	/* Every record ends in a newline; a file that does not cannot be
	 * framed exactly, so the END line is withheld and import refuses. */
	if (last != '\n') {
		fputc('\n', out);
		fflush(out);
		fail("frame: %s does not end in a newline, END marker withheld", path);
		return -1;
	}
	fprintf(out, "----- END lockbench results.csv -----\n");
	return fflush(out) ? -1 : 0;
}

/* Is DEV a results disk the guest can write? */
static int have_disk(const char *dev)
{
	struct stat st;

	return dev[0] && strcmp(dev, "console") && !stat(dev, &st) && S_ISBLK(st.st_mode);
}

/* Read a small file whole; -errno on failure. */
static ssize_t slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while (got + 1 < len && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += (size_t)n;
	n = n < 0 ? -errno : (ssize_t)got;
	close(fd);
	buf[got] = '\0';
	return n;
}

/* Write one job; the module runs it inside write().  0 or errno. */
static int write_job(const char *line)
{
	char buf[520];
	int fd, e = 0;
	int n = snprintf(buf, sizeof(buf), "%s\n", line);

	fd = open(CTL_JOB, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (write(fd, buf, (size_t)n) != n)
		e = errno ? errno : EIO;
	if (close(fd) && !e)
		e = errno;
	return e;
}

/* The module's result: its last non-comment line that is not the header. */
static int read_result(char *line, size_t len)
{
	char buf[8192], *save = NULL, *l;
	ssize_t n = slurp(CTL_RESULT, buf, sizeof(buf));

	if (n < 0)
		return (int)-n;
	line[0] = '\0';
	for (l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		if (l[0] != '#' && strcmp(l, lb_module_header()))
			snprintf(line, len, "%s", l);
	return line[0] ? 0 : ENODATA;
}

/* One job, outcome as one line: the result, or an err_* status. */
static void job_outcome(const char *line, char *out, size_t len)
{
	int e = write_job(line);

	if (e) {
		lb_errno_status("err", e, out, len);
		return;
	}
	e = read_result(out, len);
	if (e)
		lb_errno_status("err_result", e, out, len);
}

static int run_job_cmd(const char *line, const char *file)
{
	char out[4096];
	FILE *f;

	job_outcome(line, out, sizeof(out));
	f = fopen(file, "w");
	if (!f || fprintf(f, "%s\n", out) < 0 || fclose(f))
		return 4;
	return strncmp(out, "err_", 4) ? 0 : 3;
}

static int run_wait(char *const argv[], const char *log)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -errno;
	if (!pid) {
		if (log) {
			int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

			if (fd >= 0) {
				dup2(fd, 1);
				dup2(fd, 2);
			}
		}
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return -errno;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * Symbolise the recording here, while lockbench.ko is loaded: the guest's
 * /proc/kallsyms names the module's functions, which the host cannot (the
 * module is loaded from /lb, outside any /lib/modules).  perf's warnings
 * go to perf.log.
 */
static void perf_report_here(void)
{
	char *argv[] = { PERF, "report", "-i", OUTDIR "/perf.data", "--stdio", "--no-children",
			 "-g", "none", "--sort", "dso,sym", "--percent-limit", "0.5", NULL };
	int fd = open(OUTDIR "/perf-report.txt", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	pid_t pid;
	int st;

	if (fd < 0) {
		fail("perf report: %s/perf-report.txt: %s", OUTDIR, strerror(errno));
		return;
	}
	pid = fork();
	if (!pid) {
		int log = open(OUTDIR "/perf.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

		dup2(fd, 1);
		if (log >= 0)
			dup2(log, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd);
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		fail("perf report in the guest failed (see perf.log)");
}

/* This program's path, for perf to run it again with --run-job. */
static void self_path(char *self, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", self, len - 1);

	if (n <= 0)
		snprintf(self, len, "/bin/lb-guest");
	else
		self[n] = '\0';
}

/* Run ARGV, perf around "SELF --run-job LINE RES"; OUT gets the job's
 * outcome from RES and *RC perf's exit status (3: the job's own err_*).
 * 0 when the job ran, -1 when perf stopped before it did. */
static int perf_around_job(char *const argv[], const char *res, char *out, size_t len, int *rc)
{
	unlink(res);
	*rc = run_wait(argv, OUTDIR "/perf.log");
	if (slurp(res, out, len) <= 0)
		return -1;
	out[strcspn(out, "\n")] = '\0';
	return 0;
}

/* Run LINE under perf record; OUT gets the outcome.  Hardware cycles when
 * the guest has a PMU, else the cpu-clock software event.  0 when the job
 * ran (under perf), -1 when perf could not run it at all. */
static int perf_job(const char *line, char *out, size_t len)
{
	static const char *const events[] = { "cycles", "cpu-clock" };
	const char *res = "/tmp/lb-perf-result";
	char self[256];

	self_path(self, sizeof(self));
	if (access(PERF, X_OK)) {
		fail("perf: %s: %s", PERF, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < 2; i++) {
		char *argv[] = { PERF, "record", "-g", "-a", "-e", (char *)events[i], "-o",
				 OUTDIR "/perf.data", "--", self, "--run-job", (char *)line,
				 (char *)res, NULL };
		char evfile[80];
		FILE *f;
		int rc;

		if (i == 0 && access(PMU_CPU, F_OK)) {
			logmsg("perf: no hardware PMU (" PMU_CPU "), skipping cycles");
			continue;
		}
		logmsg("perf: recording with event %s", events[i]);
		if (perf_around_job(argv, res, out, len, &rc)) {
			/* No PMU in the guest (TCG) is expected: fall back quietly. */
			if (i == 0)
				logmsg("perf record -e cycles exited %d before running the job (see perf.log), trying cpu-clock", rc);
			else
				fail("perf record -e %s exited %d before running the job (see perf.log)", events[i], rc);
			continue;
		}
		if (rc && rc != 3)
			fail("perf record -e %s exited %d after the job ran: perf.data may be incomplete",
			     events[i], rc);
		snprintf(evfile, sizeof(evfile), "%s\n", events[i]);
		f = fopen(OUTDIR "/perf.event", "w");
		if (!f || fputs(evfile, f) < 0 || fclose(f))
			fail("perf: cannot write perf.event");
		perf_report_here();
		return 0;
	}
	return -1;
}

/* lb.pmu= resolved into EVENTS, with pmu.csv opened for them: the file,
 * or NULL when jobs are not counted. */
static FILE *pmu_setup(const struct lb_ctx *ctx, char *events, size_t len)
{
	char err[LB_ERR_MAX];
	int has = !access(PMU_CPU, F_OK);
	FILE *csv;

	if (lb_pmu_events(ctx->pmu, has, events, len, err, sizeof(err))) {
		fail("%s: no job is counted", err);
		return NULL;
	}
	if (!events[0]) {
		logmsg("pmu: lb.pmu=%s and %s: jobs are not counted", ctx->pmu,
		       has ? "a hardware PMU" : "no hardware PMU (no " PMU_CPU ")");
		return NULL;
	}
	if (access(PERF, X_OK)) {
		logmsg("warning: pmu: %s: %s: no job is counted", PERF, strerror(errno));
		return NULL;
	}
	csv = fopen(OUTDIR "/pmu.csv", "w");
	if (!csv || fprintf(csv, "%s\n", lb_pmu_header()) < 0 || fflush(csv)) {
		logmsg("warning: %s/pmu.csv: %s: no job is counted", OUTDIR, strerror(errno));
		if (csv)
			fclose(csv);
		return NULL;
	}
	logmsg("pmu: every job counted by perf stat -a -e %s", events);
	return csv;
}

/* Run LINE under perf stat; OUT gets the outcome, C[*N] the counts.  A
 * job perf could not start runs uncounted; counts that cannot be read
 * are dropped, never guessed.  Either is a warning, not a failure: the
 * boot's records stand without them. */
static void pmu_job(const char *line, const char *events, char *out, size_t len,
		    struct lb_pmu_count *c, size_t max, size_t *n)
{
	static const char res[] = "/tmp/lb-pmu-result", stat[] = "/tmp/lb-pmu-stat";
	static char text[8192];
	char self[256], err[LB_ERR_MAX], *argv[24];
	char *job[] = { self, "--run-job", (char *)line, (char *)res, NULL };
	int rc;

	*n = 0;
	self_path(self, sizeof(self));
	unlink(stat);
	if (!lb_pmu_argv(argv, sizeof(argv) / sizeof(argv[0]), PERF, events, stat, job)) {
		logmsg("warning: perf stat: command line too long: the job runs uncounted");
		job_outcome(line, out, len);
		return;
	}
	if (perf_around_job(argv, res, out, len, &rc)) {
		logmsg("warning: perf stat -e %s exited %d before running the job (see perf.log): it runs uncounted",
		       events, rc);
		job_outcome(line, out, len);
		return;
	}
	if (rc && rc != 3)
		logmsg("warning: perf stat exited %d after the job ran: its counts are dropped", rc);
	else if (slurp(stat, text, sizeof(text)) < 0)
		logmsg("warning: perf stat wrote no %s: the job's counts are dropped", stat);
	else if (lb_pmu_parse(text, c, max, n, err, sizeof(err)))
		logmsg("warning: %s: the job's counts are dropped", err);
}

static size_t read_jobs(const struct lb_ctx *ctx, char (*jobs)[512])
{
	FILE *f = fopen(ctx->jobs, "r");
	char line[512];
	size_t n = 0, lineno = 0;

	if (!f) {
		fail("job file %s: %s", ctx->jobs, strerror(errno));
		return 0;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *e;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			fail("%s:%zu: line too long, skipped", ctx->jobs, lineno);
			while (fgets(line, sizeof(line), f) && !strchr(line, '\n'))
				;
			continue;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		for (e = p + strlen(p); e > p && strchr(" \t\r\n", e[-1]); e--)
			;
		*e = '\0';
		if (!*p || *p == '#')
			continue;
		if (n == MAX_JOBS) {
			fail("%s: more than %d jobs, the rest skipped", ctx->jobs, MAX_JOBS);
			break;
		}
		n += lb_expand_sweep(p, ctx->vcpus, jobs + n, MAX_JOBS - n);
	}
	fclose(f);
	logmsg("jobs: %zu from %s", n, ctx->jobs);
	return n;
}

/* Load the module; "" when usable, else the status every job records. */
static void load_module(const struct lb_ctx *ctx, char *status, size_t len)
{
	char hdr[4096];
	ssize_t n;
	int fd;

	status[0] = '\0';
	fd = open(ctx->module, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		lb_errno_status("err_module", errno, status, len);
		fail("module %s: %s", ctx->module, strerror(errno));
		return;
	}
	if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST) {
		lb_errno_status("err_module", errno, status, len);
		fail("finit_module(%s): %s", ctx->module, strerror(errno));
		close(fd);
		return;
	}
	close(fd);
	logmsg("module %s loaded", ctx->module);
	if (access(CTL_DIR, F_OK) && mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL))
		logmsg("mount debugfs: %s", strerror(errno));
	/* The module's columns must be ours, or every record would be misread. */
	n = slurp(CTL_HEADER, hdr, sizeof(hdr));
	if (n < 0) {
		lb_errno_status("err_header", (int)-n, status, len);
		fail("%s: %s", CTL_HEADER, strerror((int)-n));
		return;
	}
	hdr[strcspn(hdr, "\n")] = '\0';
	if (strcmp(hdr, lb_module_header())) {
		snprintf(status, len, "err_schema_drift");
		fail("schema drift: module header '%s', this runner expects '%s'", hdr,
		     lb_module_header());
	}
}

static void dmesg_snapshot(void)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf;
	int n;
	FILE *f;

	if (size <= 0)
		size = 1 << 20;
	buf = malloc((size_t)size);
	if (!buf)
		return;
	n = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	if (n < 0) {
		fail("klogctl: %s", strerror(errno));
	} else if (!(f = fopen(OUTDIR "/dmesg.txt", "w")) ||
		   fwrite(buf, 1, (size_t)n, f) != (size_t)n || fclose(f)) {
		fail("cannot write dmesg.txt");
	}
	free(buf);
}

/* The journal: each record reaches DEV before the next job starts. */
static FILE *open_journal(const char *dev)
{
	int fd = open(dev, O_WRONLY | O_DSYNC | O_CLOEXEC);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (!f || lb_write_header(f) || fflush(f)) {
		fail("journal %s: %s", dev, strerror(errno));
		if (f)
			fclose(f);
		else if (fd >= 0)
			close(fd);
		return NULL;
	}
	return f;
}

/* Runs the jobs.  Returns the exit status. */
static int run_all(void)
{
	static char jobs[MAX_JOBS][512];
	char cmdline[4096], warn[2048], modstatus[LB_STR_MAX] = "", out[4096], err[LB_ERR_MAX];
	char ktap[2048], pmu_events[LB_PMU_EVENTS_MAX] = "";
	struct lb_pmu_count counts[2 * LB_PMU_MAX_EVENTS];	/* hybrid CPUs: a line per core type */
	size_t ktap_len, ncounts;
	struct lb_ctx ctx;
	FILE *res, *journal = NULL, *pmu = NULL;
	size_t njobs;
	uint64_t seq = 0;
	int ok = 0;

	mkdir(OUTDIR, 0755);
	if (slurp("/proc/cmdline", cmdline, sizeof(cmdline)) < 0) {
		fail("/proc/cmdline: %s", strerror(errno));
		cmdline[0] = '\0';
	}
	cmdline[strcspn(cmdline, "\n")] = '\0';
	logmsg("lb-guest: schema v%d, pid %d, cmdline: %s", LB_SCHEMA_VERSION, (int)getpid(), cmdline);
	if (lb_ctx_parse(cmdline, &ctx, warn, sizeof(warn))) {
		for (char *l = strtok(warn, "\n"); l; l = strtok(NULL, "\n"))
			fail("%s", l);
	}
	{
		static char cpuinfo[65536];
		long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
		unsigned int a, b, c, d;
		char hv[13] = "";

		if (slurp("/proc/cpuinfo", cpuinfo, sizeof(cpuinfo)) < 0)
			cpuinfo[0] = '\0';
		if (ctx.auto_mask)
			lb_ctx_auto(&ctx, cpuinfo, ncpus > 0 ? (uint64_t)ncpus : 1);
		/* The hypervisor's leaf names it; the machine, not the command
		 * line, says what ran (a bundle may boot anywhere). */
		__cpuid(0x40000000, a, b, c, d);
		memcpy(hv, &b, 4);
		memcpy(hv + 4, &c, 4);
		memcpy(hv + 8, &d, 4);
		(void)a;
		if (lb_ctx_accel(&ctx, lb_accel_detect(cpuinfo, hv), warn, sizeof(warn)))
			logmsg("warning: %s", strtok(warn, "\n"));
	}
	logmsg("context: variant=%s accel=%s host=%s host_cpus=%llu vcpus=%llu boot=%llu repeat=%llu perf=%ld",
	       ctx.variant, ctx.accel, ctx.host, (unsigned long long)ctx.host_cpus,
	       (unsigned long long)ctx.vcpus, (unsigned long long)ctx.boot,
	       (unsigned long long)ctx.repeat, ctx.perf);

	res = fopen(OUTDIR "/results.csv", "w");
	if (!res || lb_write_header(res) || fflush(res))
		fail("%s/results.csv: %s", OUTDIR, strerror(errno));
	if (ctx.records[0])
		journal = open_journal(ctx.records);
	njobs = read_jobs(&ctx, jobs);
	if (njobs)
		pmu = pmu_setup(&ctx, pmu_events, sizeof(pmu_events));
	console("KTAP version 1");
	console("1..%llu", (unsigned long long)(njobs * ctx.repeat));
	if (njobs)
		load_module(&ctx, modstatus, sizeof(modstatus));
	if (ctx.perf >= (long)njobs)
		fail("lb.perf=%ld: there are only %zu jobs", ctx.perf, njobs);

	for (uint64_t r = 0; r < ctx.repeat; r++) {
		for (size_t i = 0; i < njobs; i++, seq++) {
			struct lb_record rec;
			const char *line = jobs[i];

			console("lockbench: job %llu start: %s", (unsigned long long)seq, line);
			ncounts = 0;
			if (modstatus[0])
				snprintf(out, sizeof(out), "%s", modstatus);
			else if (r == 0 && (long)i == ctx.perf && !perf_job(line, out, sizeof(out)))
				;	/* ran under perf */
			else if (pmu)
				pmu_job(line, pmu_events, out, sizeof(out), counts,
					sizeof(counts) / sizeof(counts[0]), &ncounts);
			else
				job_outcome(line, out, sizeof(out));

			if (!strncmp(out, "err_", 4)) {
				lb_fail_record(&ctx, seq, line, out, &rec);
				if (!modstatus[0])
					fail("job %llu (%s): %s", (unsigned long long)seq, line, out);
			} else if (lb_result_record(&ctx, seq, out, &rec, err, sizeof(err))) {
				fail("job %llu (%s): bad result line '%.300s': %s",
				     (unsigned long long)seq, line, out, err);
				lb_fail_record(&ctx, seq, line, "err_bad_result", &rec);
			} else if (strcmp(rec.status, "ok")) {
				fail("job %llu (%s): module status %s", (unsigned long long)seq, line, rec.status);
			} else {
				ok++;
			}
			if (res && (lb_write_record(res, &rec) || fflush(res)))
				fail("results.csv: %s", strerror(errno));
			if (journal && (lb_write_record(journal, &rec) || fflush(journal)))
				fail("journal %s: %s", ctx.records, strerror(errno));
			for (size_t k = 0; k < ncounts; k++)
				if (lb_pmu_write(pmu, &rec, &counts[k]) || fflush(pmu))
					logmsg("warning: pmu.csv: %s", strerror(errno));
			logmsg("job %llu: %s: %s", (unsigned long long)seq, rec.status, line);
			console("lockbench: job %llu done: %s", (unsigned long long)seq, rec.status);
			ktap_len = lb_pmu_ktap(counts, ncounts, ktap, sizeof(ktap));
			ktap_len += lb_ktap_case(&rec, seq + 1, ktap + ktap_len, sizeof(ktap) - ktap_len);
			console_text(ktap, ktap_len);
		}
	}
	if (res && (fsync(fileno(res)), fclose(res)))
		fail("results.csv: %s", strerror(errno));
	if (pmu && fclose(pmu))
		logmsg("warning: pmu.csv: %s", strerror(errno));
	if (journal && fclose(journal))
		fail("journal %s: %s", ctx.records, strerror(errno));
	dmesg_snapshot();
	if (!have_disk(ctx.out)) {
		FILE *con = fopen("/dev/console", "w");
		char lvl[64] = "";
		int saved = slurp("/proc/sys/kernel/printk", lvl, sizeof(lvl)) > 0 ? atoi(lvl) : 0;

		logmsg("no results disk (lb.out=%s): results.csv goes to the console, framed", ctx.out);
		/* Kernel messages off the console while the frame is printed, so
		 * none lands inside a record (the checksum would refuse it). */
		if (saved > 1 && klogctl(8, NULL, 1))	/* SYSLOG_ACTION_CONSOLE_LEVEL */
			saved = 0;
		if (!con || frame_csv(con, OUTDIR "/results.csv", ctx.variant))
			fail("results.csv could not be framed on the console");
		if (con) {
			/* Every byte out of the UART before poweroff -f. */
			tcdrain(fileno(con));
			fclose(con);
		}
		if (saved > 1)
			klogctl(8, NULL, saved);
	}
	logmsg("done: %llu jobs, %d ok, %d problems logged", (unsigned long long)seq, ok, failures);
	console("lockbench: runner done: %llu jobs, %d ok", (unsigned long long)seq, ok);
	return failures ? 1 : 0;
}

/* --ktap FILE: FILE's records as the runner prints them, on stdout. */
static int ktap_file(const char *path)
{
	struct lb_set set = { 0 };
	char err[LB_ERR_MAX], buf[2048];

	if (lb_parse_file(path, &set, err, sizeof(err))) {
		fprintf(stderr, "lb-guest: %s\n", err);
		return 1;
	}
	printf("KTAP version 1\n1..%zu\n", set.n);
	for (size_t i = 0; i < set.n; i++)
		fwrite(buf, 1, lb_ktap_case(&set.rec[i], i + 1, buf, sizeof(buf)), stdout);
	lb_set_free(&set);
	return fflush(stdout) ? 1 : 0;
}

/* --check-pmu VALUE: would lb.pmu=VALUE be taken?  The host asks before
 * it boots a guest, so a bad value fails there, with the guest's rule. */
static int check_pmu(const char *want)
{
	char events[LB_PMU_EVENTS_MAX], err[LB_ERR_MAX];

	if (lb_pmu_events(want, 1, events, sizeof(events), err, sizeof(err))) {
		fprintf(stderr, "lb-guest: %s\n", err);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char cmdline[4096], v[LB_STR_MAX];

	if (argc == 4 && !strcmp(argv[1], "--run-job"))
		return run_job_cmd(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "--ktap"))
		return ktap_file(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "--check-pmu"))
		return check_pmu(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "--frame") && (logto = stderr))
		return frame_csv(stdout, argv[2], argv[3]) ? 1 : 0;
	if (argc != 1) {
		fprintf(stderr, "usage: lb-guest | lb-guest --run-job LINE FILE | lb-guest --ktap FILE |\n"
				"       lb-guest --frame FILE VARIANT | lb-guest --check-pmu VALUE\n");
		return 2;
	}
	if (slurp("/proc/cmdline", cmdline, sizeof(cmdline)) < 0)
		cmdline[0] = '\0';
	/* Guard: this loads a kernel module; never on a host by mistake. */
	if (lb_cmdline_get(cmdline, "variant", v, sizeof(v))) {
		fprintf(stderr, "lb-guest: no lb.variant= on /proc/cmdline: not a lockbench guest, refusing to run\n");
		return 2;
	}
	return run_all();
}
