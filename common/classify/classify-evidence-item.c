/* One item of a verdict's evidence: its line and its structure. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/number.h"
#include "classify/classify-evidence-item.h"

cJSON *evidence_addf(struct classify_result *r, const char *signal, const char *verdict,
		     const char *fmt, ...)
{
	struct classify_evidence_item *it;
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
	r->items = xrealloc(r->items, (r->evidence.nr + 1) * sizeof(*r->items));
	it = &r->items[r->evidence.nr];
	strvec_push(&r->evidence, s);
	free(s);
	it->signal = signal;
	it->verdict = verdict;
	it->values = cJSON_CreateObject();
	return it->values;
}

void evidence_num(cJSON *v, const char *name, double x)
{
	cJSON_AddItemToObject(v, name, json_number(x, 4));
}

void evidence_nums(cJSON *v, const struct named_num *n, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		evidence_num(v, n[i].name, n[i].x);
}

void evidence_str(cJSON *v, const char *name, const char *x)
{
	cJSON_AddItemToObject(v, name, json_string_or_null(x));
}

void evidence_moves_json(cJSON *v, const char *name, const struct named_move *m, size_t n,
			 int only_flagged)
{
	cJSON *o = cJSON_AddObjectToObject(v, name);

	for (size_t i = 0; i < n; i++)
		if (!only_flagged || m[i].flag)
			cJSON_AddItemToObject(o, m[i].name, json_number(m[i].change_pct, 4));
}

void evidence_add_moves(struct strbuf *sb, const struct named_move *m, size_t n, int only_flagged)
{
	const char *sep = "";

	for (size_t i = 0; i < n; i++) {
		if (only_flagged && !m[i].flag)
			continue;
		if (isnan(m[i].change_pct))
			strbuf_addf(sb, "%s%s no data", sep, m[i].name);
		else
			strbuf_addf(sb, "%s%s %+.1f%%", sep, m[i].name, number_tidy(m[i].change_pct, 1));
		sep = ", ";
	}
}

cJSON *evidence_push(struct classify_result *r, const char *signal, const char *verdict,
		     struct strbuf *sb)
{
	cJSON *v = evidence_addf(r, signal, verdict, "%s", sb->buf);

	strbuf_reset(sb);
	return v;
}
