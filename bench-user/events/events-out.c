// SPDX-License-Identifier: GPL-2.0
/*
 * The QEMU-free half of the plugin (events-out.h).  The file it writes:
 *
 *   #lockbench-events v1
 *   # api=1 vcpus=N dir=on|off
 *   site id ops modal_ops insns atomics fences loads stores lines
 *        sum_insns ... sum_lines transfers invalidations cold handoffs
 *   # end ops=N unbalanced=N watched=N dropped=N line_overflow=N
 *
 * tab-separated, one line per site and kind that ran; "# no ops seen"
 * before the end line when no marked op ran, so a run that measured
 * nothing never reads as zeros.  scripts/events/run.sh turns it into
 * events.csv.
 */
#include "events-out.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lockbench_schema.h"

#define LB_SITE_NAME(name, value, desc) [value] = #name,
static const char *const site_names[LB_EV_SITES] = { LB_MARK_SITES(LB_SITE_NAME) };

int lb_ev_key_of_mark(uint32_t disp)
{
	return (int)(((disp >> 10) & 3) * 1024 + (disp & LB_MARK_ID_MAX));
}

void lb_ev_add_op(struct lb_ev_key *k, const uint64_t *cur)
{
	unsigned int i;

	k->ops++;
	for (i = 0; i < LB_EV_NSUM; i++)
		k->sum[i] += cur[i];
	for (i = 0; i < LB_EV_SHAPES && k->shape[i].n; i++)
		if (!memcmp(k->shape[i].v, cur, sizeof(k->shape[i].v)))
			break;
	if (i == LB_EV_SHAPES) {
		k->other++;
		return;
	}
	if (!k->shape[i].n)
		memcpy(k->shape[i].v, cur, sizeof(k->shape[i].v));
	k->shape[i].n++;
}

int lb_ev_check_info(const qemu_info_t *info, FILE *err)
{
	/*
	 * Version first: the rest of *info is laid out as API 1 has it, and
	 * a QEMU of another version may have moved it.
	 */
	if (info->version.cur != LB_QEMU_PLUGIN_API) {
		fprintf(err, "lockbench-events: this QEMU's plugin API is version %d (oldest it loads: %d); "
			"lockbench-events knows version %d only (QEMU 4.2 to 7.2, Debian 12's 7.2): "
			"refusing to run; port bench-user/events/qemu-plugin-v1.h to that version first\n",
			info->version.cur, info->version.min, LB_QEMU_PLUGIN_API);
		return -1;
	}
	if (!info->system_emulation) {
		fprintf(err, "lockbench-events: needs full-system emulation (qemu-system-x86_64), not user mode\n");
		return -1;
	}
	if (!info->target_name || strcmp(info->target_name, "x86_64")) {
		fprintf(err, "lockbench-events: the guest is %s: the classifier knows x86-64 encodings only\n",
			info->target_name ? info->target_name : "(unnamed)");
		return -1;
	}
	if (info->system.max_vcpus < 1) {
		fprintf(err, "lockbench-events: QEMU reports %d vCPUs\n", info->system.max_vcpus);
		return -1;
	}
	return 0;
}

static int parse_onoff(const char *k, const char *v, int *out, FILE *err)
{
	if (!strcmp(v, "on") || !strcmp(v, "true") || !strcmp(v, "1")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(v, "off") || !strcmp(v, "false") || !strcmp(v, "0")) {
		*out = 0;
		return 0;
	}
	fprintf(err, "lockbench-events: %s=%s: say on or off\n", k, v);
	return -1;
}

int lb_ev_parse_args(int argc, char **argv, struct lb_ev_args *a, FILE *err)
{
	int i;

	a->out = NULL;
	a->dir = 1;
	a->slots = 65536;
	for (i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		size_t klen = eq ? (size_t)(eq - argv[i]) : 0;
		const char *v = eq ? eq + 1 : NULL;

		if (!eq || !klen) {
			fprintf(err, "lockbench-events: argument '%s' is not key=value (keys: out, dir, slots)\n",
				argv[i]);
			return -1;
		}
		if (klen == 3 && !strncmp(argv[i], "out", 3)) {
			if (!*v) {
				fprintf(err, "lockbench-events: out= is empty: name the file the counts go to\n");
				return -1;
			}
			a->out = v;
		} else if (klen == 3 && !strncmp(argv[i], "dir", 3)) {
			if (parse_onoff("dir", v, &a->dir, err))
				return -1;
		} else if (klen == 5 && !strncmp(argv[i], "slots", 5)) {
			char *end;
			unsigned long n;

			errno = 0;
			n = strtoul(v, &end, 10);
			if (errno || end == v || *end || *v == '-' || n < 1024 || n > (1UL << 24) ||
			    (n & (n - 1))) {
				fprintf(err, "lockbench-events: slots=%s: a power of two from 1024 to 16777216\n", v);
				return -1;
			}
			a->slots = (unsigned int)n;
		} else {
			fprintf(err, "lockbench-events: unknown argument '%.*s' (keys: out, dir, slots)\n",
				(int)klen, argv[i]);
			return -1;
		}
	}
	if (!a->out) {
		fprintf(err, "lockbench-events: out=FILE is required: where the counts go at exit\n");
		return -1;
	}
	return 0;
}

static void header(struct lb_ev_report *r)
{
	if (r->header_done++)
		return;
	fprintf(r->out, "#lockbench-events v1\n# api=%d vcpus=%u dir=%s\n", LB_QEMU_PLUGIN_API,
		r->nvcpus, r->dir ? "on" : "off");
	fprintf(r->out, "site\tid\tops\tmodal_ops\tinsns\tatomics\tfences\tloads\tstores\tlines\t"
		"sum_insns\tsum_atomics\tsum_fences\tsum_loads\tsum_stores\tsum_lines\t"
		"transfers\tinvalidations\tcold\thandoffs\n");
}

void lb_ev_report_key(struct lb_ev_report *r, unsigned int key,
		      struct lb_ev_key **parts, unsigned int nparts)
{
	struct lb_ev_shape all[LB_EV_SHAPES * 32];
	struct lb_ev_key tot;
	unsigned int p, i, j, n = 0, best = 0;

	memset(&tot, 0, sizeof(tot));
	for (p = 0; p < nparts; p++) {
		tot.ops += parts[p]->ops;
		tot.handoffs += parts[p]->handoffs;
		for (i = 0; i < LB_EV_NSUM; i++)
			tot.sum[i] += parts[p]->sum[i];
		/* The vCPUs' shapes merged: the mode is over every op. */
		for (i = 0; i < LB_EV_SHAPES && parts[p]->shape[i].n; i++) {
			for (j = 0; j < n; j++)
				if (!memcmp(all[j].v, parts[p]->shape[i].v, sizeof(all[j].v)))
					break;
			if (j == n && n < sizeof(all) / sizeof(all[0]))
				all[n++] = parts[p]->shape[i];
			else if (j < n)
				all[j].n += parts[p]->shape[i].n;
		}
	}
	if (!tot.ops)
		return;
	for (j = 1; j < n; j++)
		if (all[j].n > all[best].n)
			best = j;
	header(r);
	r->ops += tot.ops;
	fprintf(r->out, "%s\t%u\t%llu\t%llu", site_names[key / 1024], key % 1024,
		(unsigned long long)tot.ops, (unsigned long long)(n ? all[best].n : 0));
	for (i = 0; i < LB_EV_NSHAPE; i++)
		fprintf(r->out, "\t%llu", (unsigned long long)(n ? all[best].v[i] : 0));
	for (i = 0; i < LB_EV_NSUM; i++)
		fprintf(r->out, "\t%llu", (unsigned long long)tot.sum[i]);
	fprintf(r->out, "\t%llu\n", (unsigned long long)tot.handoffs);
}

void lb_ev_report_end(struct lb_ev_report *r)
{
	header(r);
	if (!r->ops)
		fprintf(r->out, "# no ops seen\n");
	fprintf(r->out, "# end ops=%llu unbalanced=%llu watched=%llu dropped=%llu line_overflow=%llu\n",
		(unsigned long long)r->ops, (unsigned long long)r->unbalanced,
		(unsigned long long)r->watched, (unsigned long long)r->dropped,
		(unsigned long long)r->line_overflow);
}
