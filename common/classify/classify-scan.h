#ifndef CLASSIFY_SCAN_H
#define CLASSIFY_SCAN_H

#include <stdio.h>
#include "history/scan.h"
#include "classify/classify.h"

/*
 * git benchbisect --scan: the cause of every step and kernel-list change
 * the benchwindow scan finds (history/scan.h), from one load of the
 * dashboard. Each is classified as a single query on its first bad
 * nightly's day classifies it (the same window, signals and evidence;
 * the tests hold the two equal), from the data already in memory.
 */
struct classify_scan_step {
	const struct scan_entry *entry;	/* the scan's; points into scan.entries */
	struct window_options wo;	/* the single query's options (shallow copy) */
	char date[32];			/* wo.date: the first bad nightly's day, or its
					   ISO time when the day finds another step */
	struct window w;		/* borrows the scan's dashboard and series */
	struct classify_signals sig;
	struct classify_result res;
};

struct classify_scan {
	struct scan scan;
	struct classify_scan_step *steps;	/* newest first; owned */
	size_t nr;
	size_t nr_cause[CAUSE_NR];
};

/*
 * Scan (o->all_history is set here) and classify each move; wo is the
 * window options the scan was given (o->window), co the rules. repo
 * must not be NULL. Returns -1 with an error printed on failure. Always
 * call classify_scan_release().
 */
int classify_scan(struct classify_scan *cs, git_repository *repo, struct config *cfg,
		  struct scan_options *o, const struct classify_options *co);
void classify_scan_release(struct classify_scan *cs);

#endif
