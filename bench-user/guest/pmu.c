// SPDX-License-Identifier: GPL-2.0
/* pmu: perf stat per job (pmu.h). */
#include <errno.h>
#include <string.h>
#include "pmu.h"

static int event_char(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || (ch && strchr("_.:-", ch));
}

int lb_pmu_events(const char *want, int has_pmu, char *events, size_t len,
		  char *err, size_t errlen)
{
	size_t n = 1, run = 0;

	events[0] = '\0';
	err[0] = '\0';
	if (!want[0] || !strcmp(want, "auto")) {
		if (has_pmu)
			snprintf(events, len, "%s", LB_PMU_AUTO_EVENTS);
		return 0;
	}
	if (!strcmp(want, "off"))
		return 0;
	for (const char *p = want; *p; p++) {
		if (*p == ',') {
			if (!run)
				break;
			n++;
			run = 0;
		} else if (!event_char((unsigned char)*p)) {
			snprintf(err, errlen, "lb.pmu=%s: '%c' is not in a perf event name (letters, digits, _.:-)",
				 want, *p);
			return -1;
		} else if (++run >= LB_STR_MAX) {
			snprintf(err, errlen, "lb.pmu=%s: an event name is longer than %d bytes", want,
				 LB_STR_MAX - 1);
			return -1;
		}
	}
	if (!run) {
		snprintf(err, errlen, "lb.pmu=%s: an empty event name (auto, off or EVENT,EVENT...)", want);
		return -1;
	}
	if (n > LB_PMU_MAX_EVENTS) {
		snprintf(err, errlen, "lb.pmu=%s: %zu events, at most %d", want, n, LB_PMU_MAX_EVENTS);
		return -1;
	}
	if ((size_t)snprintf(events, len, "%s", want) >= len) {
		events[0] = '\0';
		snprintf(err, errlen, "lb.pmu=%s: longer than %zu bytes", want, len - 1);
		return -1;
	}
	return 0;
}

size_t lb_pmu_argv(char **argv, size_t max, const char *perf, const char *events,
		   const char *out, char *const job[])
{
	const char *head[] = { perf, "stat", "-x", ",", "-a", "-e", events, "-o", out, "--" };
	size_t n = sizeof(head) / sizeof(head[0]), njob = 0;

	while (job[njob])
		njob++;
	if (n + njob + 1 > max)
		return 0;
	for (size_t i = 0; i < n; i++)
		argv[i] = (char *)head[i];
	for (size_t i = 0; i < njob; i++)
		argv[n + i] = job[i];
	argv[n + njob] = NULL;
	return n + njob;
}

/* "123", "12.34" or "100.00" (at most LEN bytes) as thousandths. */
static int milli(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0, frac = 0, scale = 100;
	size_t i = 0;

	if (!len || s[0] < '0' || s[0] > '9')
		return -1;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (UINT64_MAX / 1000 - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (i < len && s[i] == '.') {
		if (++i == len)
			return -1;
		/* Three decimals kept, the rest dropped (schema DEC). */
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, scale /= 10)
			frac += (uint64_t)(s[i] - '0') * scale;
	}
	if (i != len)
		return -1;
	*out = v * 1000 + frac;
	return 0;
}

/* Field K (0-based) of the comma-separated LINE: start and length. */
static int field(const char *line, size_t k, const char **start, size_t *len)
{
	const char *p = line;

	while (k--) {
		p = strchr(p, ',');
		if (!p)
			return -1;
		p++;
	}
	*start = p;
	*len = strcspn(p, ",");
	return 0;
}

static int parse_line(const char *line, struct lb_pmu_count *c, char *why, size_t whylen)
{
	const char *val, *unit, *ev, *run;
	size_t vlen, ulen, elen, rlen;

	if (field(line, 0, &val, &vlen) || field(line, 1, &unit, &ulen) ||
	    field(line, 2, &ev, &elen) || field(line, 4, &run, &rlen)) {
		snprintf(why, whylen, "fewer than 5 fields (value,unit,event,time,percent)");
		return -1;
	}
	if (!elen || elen >= LB_STR_MAX || ulen >= LB_STR_MAX) {
		snprintf(why, whylen, "no event name, or a name or unit too long");
		return -1;
	}
	/* A hybrid CPU's counters read "cpu_core/cycles/". */
	for (size_t i = 0; i < elen; i++)
		if (!event_char((unsigned char)ev[i]) && ev[i] != '/') {
			snprintf(why, whylen, "event name '%.*s' is not a word", (int)elen, ev);
			return -1;
		}
	memset(c, 0, sizeof(*c));
	memcpy(c->event, ev, elen);
	snprintf(c->unit, sizeof(c->unit), "%.*s", ulen ? (int)ulen : 4, ulen ? unit : "none");
	if (vlen == 13 && !memcmp(val, "<not counted>", 13)) {
		c->state = "not-counted";
	} else if (vlen == 15 && !memcmp(val, "<not supported>", 15)) {
		c->state = "not-supported";
	} else if (!milli(val, vlen, &c->count)) {
		c->state = "counted";
	} else {
		snprintf(why, whylen, "count '%.*s' is not a number", (int)vlen, val);
		return -1;
	}
	if (milli(run, rlen, &c->running)) {
		snprintf(why, whylen, "running share '%.*s' is not a number", (int)rlen, run);
		return -1;
	}
	return 0;
}

int lb_pmu_parse(const char *text, struct lb_pmu_count *c, size_t max, size_t *n,
		 char *err, size_t errlen)
{
	size_t lineno = 0;

	*n = 0;
	err[0] = '\0';
	while (*text) {
		size_t len = strcspn(text, "\n");
		char line[512], why[160];

		lineno++;
		if (len >= sizeof(line)) {
			snprintf(err, errlen, "perf stat line %zu: longer than %zu bytes", lineno,
				 sizeof(line) - 1);
			return -1;
		}
		memcpy(line, text, len);
		line[len] = '\0';
		if (len && line[len - 1] == '\r')
			line[len - 1] = '\0';
		text += len + (text[len] == '\n');
		if (!line[0] || line[0] == '#')
			continue;
		if (*n == max) {
			snprintf(err, errlen, "perf stat line %zu: more than %zu counters", lineno, max);
			return -1;
		}
		if (parse_line(line, &c[*n], why, sizeof(why))) {
			snprintf(err, errlen, "perf stat line %zu '%.200s': %s", lineno, line, why);
			return -1;
		}
		(*n)++;
	}
	return 0;
}

const char *lb_pmu_header(void)
{
	return LB_CSV_HEADER(LB_PMU_COLUMNS);
}

int lb_pmu_write(FILE *out, const struct lb_record *r, const struct lb_pmu_count *c)
{
	return fprintf(out, "%s,%s,%llu,%llu,%s,%s,%llu,%llu,%s,%llu.%03llu,%s,%llu.%03llu,%s\n",
		       r->variant, r->accel, (unsigned long long)r->boot, (unsigned long long)r->seq,
		       r->kind, r->mode, (unsigned long long)r->threads,
		       (unsigned long long)r->read_pct, c->event,
		       (unsigned long long)(c->count / 1000), (unsigned long long)(c->count % 1000),
		       c->unit, (unsigned long long)(c->running / 1000),
		       (unsigned long long)(c->running % 1000), c->state) < 0 ? -1 : 0;
}

size_t lb_pmu_ktap(const struct lb_pmu_count *c, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		int w;

		if (strcmp(c[i].state, "counted"))
			w = snprintf(buf + used, len - used, "# perf_stat %s: %s\n", c[i].event,
				     c[i].state);
		else
			w = snprintf(buf + used, len - used, "# perf_stat %s: %llu.%03llu%s%s\n",
				     c[i].event, (unsigned long long)(c[i].count / 1000),
				     (unsigned long long)(c[i].count % 1000),
				     strcmp(c[i].unit, "none") ? " " : "",
				     strcmp(c[i].unit, "none") ? c[i].unit : "");
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)w;
	}
	return used;
}
