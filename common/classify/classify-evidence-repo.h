#ifndef CLASSIFY_CLASSIFY_EVIDENCE_REPO_H
#define CLASSIFY_CLASSIFY_EVIDENCE_REPO_H

#include "classify/classify.h"

/*
 * Internal to common/classify: the evidence read from the repository
 * rather than the dashboard, pushed onto r in the order of
 * git-benchbisect(1)'s SIGNALS section (classify_evidence() calls them);
 * ab is the length of the hashes printed.
 */

/* The window's commits: empty, not listed, or how many; those touching the measurement; the slice. */
void classify_evidence_window(struct classify_result *r, const struct classify_signals *s,
			      const struct window *w, int ab);

/* The dispatch list and the cudagraph check at first bad; warnings for stderr onto r->warnings. */
void classify_evidence_measure(struct classify_result *r, const struct classify_signals *s,
			       const struct window *w, int ab);

#endif
