/* `git benchbisect log` as text: one line per commit and key, each key's noise, and --list-keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/quote.h"
#include "util/strbuf.h"
#include "report/run-log-text.h"

/*
 * A spread in percent, two significant digits in plain notation: %.2g
 * writes 148 as "1.5e+02".
 */
static void add_spread(struct strbuf *sb, double pct)
{
	char buf[64];
	int decimals = pct > 0 ? 1 - (int)floor(log10(pct)) : 0;
	size_t len;

	len = (size_t)snprintf(buf, sizeof(buf), "%.*f", decimals > 0 ? decimals : 0, pct);
	/* as %g does: no trailing zeros after the point, nor a bare point */
	while (strchr(buf, '.') && (buf[len - 1] == '0' || buf[len - 1] == '.'))
		buf[--len] = '\0';
	strbuf_addf(sb, ", spread %s%%", buf);
}

static void describe(struct strbuf *sb, const struct run_log_entry *e)
{
	size_t runs = e->nr_values + e->good + e->bad + e->skipped;
	double spread;

	strbuf_addf(sb, "%zu run%s", runs, runs == 1 ? "" : "s");
	if (e->nr_values)
		strbuf_addf(sb, ", median %.6g", run_log_median(e));
	/* None about a median of 0 (--json's null): no percent of it. */
	if (e->nr_values && isfinite(spread = run_log_spread(e)))
		add_spread(sb, spread);
	if (e->good || e->bad)
		strbuf_addf(sb, ", %zu good %zu bad", e->good, e->bad);
	if (e->skipped)
		strbuf_addf(sb, ", %zu untestable", e->skipped);
}

void run_log_print(FILE *fp, const struct run_log *log)
{
	for (size_t i = 0; i < log->nr; i++) {
		const struct run_log_commit *c = &log->commits[i];
		char hex[GIT_OID_HEXSZ + 1];

		git_oid_tostr(hex, sizeof(hex), &c->oid);
		for (size_t k = 0; k < c->nr_entries; k++) {
			struct strbuf sb = STRBUF_INIT;

			describe(&sb, &c->entries[k]);
			fprintf(fp, "%.*s %s %s %s: %s\n", log->abbrev, hex, c->entries[k].key,
				c->entries[k].machine, sb.buf, quote_term(c->subject));
			strbuf_release(&sb);
		}
	}
	for (size_t k = 0; k < log->nr_noise; k++) {
		const struct run_log_noise *n = &log->noise[k];

		fprintf(fp, "noise %s %s: %.4g a run, from %zu runs over %zu commit%s", n->key, n->machine,
			sqrt(n->noise.var), n->noise.runs, n->noise.commits, n->noise.commits == 1 ? "" : "s");
		if (n->noise.strays)
			fprintf(fp, ", %zu stray%s left out", n->noise.strays, n->noise.strays == 1 ? "" : "s");
		run_states_print(fp, &n->noise.states);
		fputc('\n', fp);
	}
}

void run_log_print_keys(FILE *fp, const struct run_log_keys *keys)
{
	for (size_t k = 0; k < keys->nr; k++)
		fprintf(fp, "%s %zu run%s\n", keys->v[k].name, keys->v[k].runs,
			keys->v[k].runs == 1 ? "" : "s");
}
