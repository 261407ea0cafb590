#ifndef CLASSIFY_CLASSIFY_EVIDENCE_ITEM_H
#define CLASSIFY_CLASSIFY_EVIDENCE_ITEM_H

#include "util/json.h"
#include "util/strbuf.h"
#include "classify/classify.h"

/*
 * Internal to common/classify: building one item of a verdict's evidence,
 * its line for people and the same structured ({signal, verdict, values})
 * for --json, for the evidence of the dashboard (classify-evidence.c) and
 * of the repository (classify-evidence-repo.c).
 */

/*
 * Push one item onto r: its line (fmt) and its structure; returns its
 * values object to fill (r owns it). signal and verdict are static.
 */
cJSON *evidence_addf(struct classify_result *r, const char *signal, const char *verdict,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The same with sb's text as the line; sb is reset for the next one. */
cJSON *evidence_push(struct classify_result *r, const char *signal, const char *verdict,
		     struct strbuf *sb);

/* A number value, 4 decimals (NAN or infinite: null). */
void evidence_num(cJSON *v, const char *name, double x);

struct named_num {
	const char *name;
	double x;
};

/* Several number values, in order. */
void evidence_nums(cJSON *v, const struct named_num *n, size_t nr);

/* A string value (NULL: null). */
void evidence_str(cJSON *v, const char *name, const char *x);

/* {name: change_pct} of the moves (only the flagged ones when asked). */
void evidence_moves_json(cJSON *v, const char *name, const struct named_move *m, size_t n,
			 int only_flagged);

/* "name -1.2%" items joined by ", "; "name no data" for NAN. */
void evidence_add_moves(struct strbuf *sb, const struct named_move *m, size_t n, int only_flagged);

#endif
