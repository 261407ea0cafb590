/*
 * `git benchbisect log --svg`: one key's recorded values along the
 * first-parent history, oldest left, each run a dot and each commit's
 * median a dash; the first bad commit the posterior of `run --metric`
 * finds in these runs is marked (posterior.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/number.h"
#include "util/usage.h"
#include "util/strvec.h"
#include "util/strbuf.h"
#include "util/markup.h"
#include "report/report-options.h"
#include "bisect/bisect.h"
#include "bisect/bisect-run.h"
#include "report/run-log-svg.h"

#define WIDTH 800
#define HEIGHT 420
#define LEFT 72
#define RIGHT 776
#define TOP 64
#define BOTTOM 360

static const char style[] =
	"<style>\n"
	".bg{fill:#ffffff}\n"
	"text{fill:#24292f;font-family:sans-serif;font-size:12px}\n"
	".title{font-size:15px;font-weight:bold}\n"
	".mono{font-family:monospace}\n"
	".frame{fill:none;stroke:#8c959f;stroke-width:1}\n"
	".dot{fill:#1c7ed6;fill-opacity:0.7}\n"
	".median{stroke:#e8590c;stroke-width:2.5}\n"
	".culprit{stroke:#e5534b;stroke-width:1.5;stroke-dasharray:5 3}\n"
	"@media (prefers-color-scheme: dark){\n"
	".bg{fill:#0d1117}\n"
	"text{fill:#e6edf3}\n"
	".frame{stroke:#6e7681}\n"
	".dot{fill:#58a6ff}\n"
	".median{stroke:#ff8c42}\n"
	"}\n"
	"</style>\n";

static const struct run_log_entry *entry_of(const struct run_log_commit *c, const char *key)
{
	for (size_t k = 0; k < c->nr_entries; k++)
		if (!strcmp(c->entries[k].key, key) && c->entries[k].nr_values)
			return &c->entries[k];
	return NULL;
}

/* The key with the most values in the log. */
static const char *busiest_key(const struct run_log *log)
{
	const char *best = NULL;
	size_t best_n = 0;

	for (size_t i = 0; i < log->nr; i++)
		for (size_t k = 0; k < log->commits[i].nr_entries; k++) {
			const char *key = log->commits[i].entries[k].key;
			size_t n = 0;

			for (size_t j = 0; j < log->nr; j++) {
				const struct run_log_entry *e = entry_of(&log->commits[j], key);

				n += e ? e->nr_values : 0;
			}
			if (n > best_n) {
				best_n = n;
				best = key;
			}
		}
	return best;
}

/* The likeliest first bad commit among positions 1..nr of at (0: "no step" is likelier). */
static size_t culprit(const struct samples *at, size_t nr, double *prob)
{
	struct posterior p;
	size_t best = 0;

	posterior_init(&p, nr);
	posterior_set_states(&p, BISECT_MIN_CHANGE / 100, 0);	/* as run --metric's default */
	posterior_update(&p, at);
	*prob = p.p_none;
	for (size_t x = 1; p.ready && x <= nr; x++)
		if (posterior_culprit(&p, x) > *prob) {
			*prob = posterior_culprit(&p, x);
			best = x;
		}
	posterior_release(&p);
	return best;
}

/*
 * The one key with values that prefix begins (prefix itself when it is
 * one), as --key selects the runs; NULL, having said why, when none or
 * several do.
 */
static const char *key_of_prefix(const struct run_log *log, const char *prefix)
{
	struct strvec keys = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	const char *exact = NULL, *first = NULL;

	for (size_t i = 0; i < log->nr; i++)
		for (size_t k = 0; k < log->commits[i].nr_entries; k++) {
			const struct run_log_entry *e = &log->commits[i].entries[k];
			size_t j;

			if (!e->nr_values || strncmp(e->key, prefix, strlen(prefix)))
				continue;
			if (!strcmp(e->key, prefix))
				exact = e->key;
			first = first ? first : e->key;
			for (j = 0; j < keys.nr && strcmp(keys.v[j], e->key); j++)
				;
			if (j == keys.nr)
				strvec_push(&keys, e->key);
		}
	if (!exact && !keys.nr)
		error("no recorded values of key '%s' to draw", prefix);
	if (!exact && keys.nr > 1) {
		for (size_t j = 0; j < keys.nr; j++)
			strbuf_addf(&sb, "%s'%s'", j ? ", " : "", keys.v[j]);
		error("key prefix '%s' is ambiguous: %zu keys begin with it", prefix, keys.nr);
		advise("a chart draws one key: give more of it with --key (%s)", sb.buf);
		first = NULL;
	}
	strbuf_release(&sb);
	strvec_clear(&keys);
	return exact ? exact : first;
}

int run_log_svg(FILE *fp, const struct run_log *log, const char *key)
{
	size_t first = SIZE_MAX, last = 0, nr, best;
	double lo = INFINITY, hi = -INFINITY, prob = 0;
	struct samples *at;

	if (!key && !(key = busiest_key(log)))
		return error("no recorded values to draw in %s", log->ref);
	if (!(key = key_of_prefix(log, key)))
		return -1;
	for (size_t i = 0; i < log->nr; i++) {
		const struct run_log_entry *e = entry_of(&log->commits[i], key);

		for (size_t v = 0; e && v < e->nr_values; v++) {
			lo = fmin(lo, e->values[v]);
			hi = fmax(hi, e->values[v]);
		}
		if (e) {
			first = first == SIZE_MAX ? i : first;
			last = i;
		}
	}
	/* Positions 0..nr oldest first: commits[last] down to commits[first]. */
	nr = last - first;
	at = xcalloc(nr + 1, sizeof(*at));
	for (size_t p = 0; p <= nr; p++) {
		const struct run_log_entry *e = entry_of(&log->commits[last - p], key);

		for (size_t v = 0; e && v < e->nr_values; v++)
			samples_add(&at[p], e->values[v]);
	}
	best = nr ? culprit(at, nr, &prob) : 0;
	if (hi - lo < 1e-12 * fmax(1, fabs(hi))) {
		lo -= 0.5;
		hi += 0.5;
	}
	lo -= (hi - lo) * 0.08;
	hi += (hi - lo) * 0.08;

	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n%s",
		WIDTH, HEIGHT, WIDTH, HEIGHT, style);
	fprintf(fp, "<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n", WIDTH, HEIGHT);
	fprintf(fp, "<text class=\"title\" x=\"%d\" y=\"28\">recorded runs of key <tspan class=\"mono\">", LEFT);
	markup_fputs(fp, key, xml_escape);
	fprintf(fp, "</tspan> over %zu commit%s</text>\n", nr + 1, nr ? "s" : "");
	fprintf(fp, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", LEFT, TOP,
		RIGHT - LEFT, BOTTOM - TOP);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.6g</text>\n", LEFT - 6, TOP + 4, hi);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.6g</text>\n", LEFT - 6, BOTTOM + 4, lo);
#define X(p) (LEFT + 12 + (nr ? (double)(p) * (RIGHT - LEFT - 24) / (double)nr : (RIGHT - LEFT - 24) / 2.0))
#define Y(v) (BOTTOM - ((v) - lo) / (hi - lo) * (BOTTOM - TOP))
	for (size_t p = 0; p <= nr; p++) {
		char hex[GIT_OID_HEXSZ + 1];

		for (size_t v = 0; v < at[p].nr; v++)
			fprintf(fp, "<circle class=\"dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>\n", X(p), Y(at[p].v[v]));
		if (at[p].nr)
			fprintf(fp, "<line class=\"median\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
				X(p) - 6, X(p) + 6, Y(samples_median(&at[p])), Y(samples_median(&at[p])));
		if (p == best && best) {
			char pct[NUMBER_PCT_SIZE];

			git_oid_tostr(hex, sizeof(hex), &log->commits[last - p].oid);
			fprintf(fp, "<line class=\"culprit\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>\n",
				(X(p) + X(p - 1)) / 2, (X(p) + X(p - 1)) / 2, TOP, BOTTOM);
			fprintf(fp, "<text x=\"%d\" y=\"%d\">first bad commit <tspan class=\"mono\">%.*s</tspan>, "
				"probability %s%%</text>\n", LEFT, BOTTOM + 44, log->abbrev, hex, number_pct(pct, prob, 'g', 4));
		}
	}
#undef X
#undef Y
	if (!best)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">no first bad commit%s</text>\n", LEFT, BOTTOM + 44,
			nr ? ": no step is likelier" : " (one commit)");
	fprintf(fp, "<text x=\"%d\" y=\"%d\">oldest</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">newest</text>\n",
		LEFT, BOTTOM + 18, RIGHT, BOTTOM + 18);
	fprintf(fp, "</svg>\n");
	for (size_t p = 0; p <= nr; p++)
		samples_release(&at[p]);
	free(at);
	return 0;
}

int run_log_svg_write(const char *path, const struct run_log *log, const char *key)
{
	FILE *fp = report_file_open(path);

	if (!fp)
		return -1;
	return report_file_close(fp, path, run_log_svg(fp, log, key));
}
