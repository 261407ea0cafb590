#ifndef CLASSIFY_CLASSIFY_CULPRIT_H
#define CLASSIFY_CLASSIFY_CULPRIT_H

#include "classify/classify.h"

/*
 * Internal to common/classify: the candidates of a real regression or a
 * method change, the culprit when the evidence singles one out and the
 * step's night is sure, and r->culprit_why: which rule named it, or which
 * one kept a single commit from being named (classify_explain() calls it
 * once r->cause is decided).
 */
void classify_culprit(struct classify_result *r, const struct classify_signals *s, const struct window *w,
		      const struct classify_options *o);

#endif
