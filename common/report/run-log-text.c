/* `git benchbisect log` as text: one line per commit and key, each key's noise, and --list-keys. */
#include <math.h>
#include "util/quote.h"
#include "util/strbuf.h"
#include "report/run-log-text.h"

static void describe(struct strbuf *sb, const struct run_log_entry *e)
{
	size_t runs = e->nr_values + e->good + e->bad + e->skipped;

	strbuf_addf(sb, "%zu run%s", runs, runs == 1 ? "" : "s");
	if (e->nr_values)
		strbuf_addf(sb, ", median %.6g, spread %.2g%%", run_log_median(e), run_log_spread(e));
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
