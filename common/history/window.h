/*
 * The history module (common/history/) owns the way from dashboard rows to
 * commits: a platform's nightly series (series.h), its step (step.h), the
 * commit of a nightly (nightly.h), the first-parent walk (walk.h), the
 * platform's slice (slice.h), and the window between the last good and the
 * first bad nightly (this header) with its text and JSON output. It uses
 * util and dashboard. See docs/architecture.md.
 */
#ifndef HISTORY_WINDOW_H
#define HISTORY_WINDOW_H

#include <git2.h>
#include "util/config.h"
#include "dashboard/dashboard.h"
#include "history/step.h"
#include "history/set-change.h"
#include "history/kernel-steps.h"
#include "history/sparse.h"
#include "history/slice.h"
#include "dashboard/load.h"
#include "util/parse-options.h"

/* --span's default: the days each side of the date. */
#define WINDOW_DEFAULT_SPAN 7

/*
 * The pipeline git-benchwindow and git-benchbisect share: load the
 * dashboard, build the platform's series, find the step near the date,
 * resolve last_good and first_bad in the repository, and list the
 * first-parent commits between them with the slice marked.
 */
struct window_options {
	const char *platform;
	const char *date;	/* the user's <date> */
	const char *kernel;
	int span;		/* days each side, default WINDOW_DEFAULT_SPAN */
	int all_runs;
	const char *good;	/* --good <rev>: overrides detection */
	const char *bad;	/* --bad <rev> */
	const char *slice;	/* --slice <pcre2> */
	int default_slice;	/* --no-slice: the derived pattern, not bench.<platform>.slice */
	struct strvec paths;	/* --path <prefix> */
	struct dashboard_source source;
	double noise_multiple;	/* the step decision's thresholds; 0: the defaults */
	double min_change;	/* (git-benchbisect sets them from its options) */
};

void window_options_init(struct window_options *o);
void window_options_release(struct window_options *o);

/*
 * The option-table entries every window command takes, so benchwindow and
 * benchbisect cannot drift apart.
 */
#define OPT_WINDOW(o) \
	OPT_GROUP("Dashboard"), \
	OPT_STRING(0, "file", &(o)->source.file, "path", "read the dashboard from <path> ('-' for stdin)"), \
	OPT_STRING_NEG(0, "url", &(o)->source.url, "url", "download the dashboard from <url>", \
		       &(o)->source.default_url), \
	OPT_BOOL(0, "pretuned", &(o)->source.pretuned, "use the Pretuned tab"), \
	OPT_BOOL(0, "offline", &(o)->source.offline, "use the cached dashboard only"), \
	OPT_BOOL(0, "refresh", &(o)->source.refresh, "download even when the cache is fresh"), \
	OPT_INTEGER(0, "timeout", &(o)->source.timeout, "give up the download, retries included, after <n> seconds"), \
	OPT_GROUP("Series"), \
	OPT_STRING(0, "kernel", &(o)->kernel, "name", "follow one kernel instead of the platform"), \
	OPT_INTEGER(0, "span", &(o)->span, "look <n> days either side of the date"), \
	OPT_BOOL(0, "all-runs", &(o)->all_runs, "include manual and side-branch runs"), \
	OPT_STRING(0, "good", &(o)->good, "rev", "last good revision (skips detection)"), \
	OPT_STRING(0, "bad", &(o)->bad, "rev", "first bad revision (skips detection)"), \
	OPT_GROUP("Slice"), \
	OPT_STRING_NEG(0, "slice", &(o)->slice, "pcre2", "subjects that belong to the platform's slice", \
		       &(o)->default_slice), \
	OPT_STRING_LIST(0, "path", &(o)->paths, "prefix", "also mark commits touching <prefix>")

/* One end of the window. */
struct window_end {
	const struct series_point *point;	/* NULL when given by --good/--bad */
	char sha[41];		/* resolved commit, "" when unresolved */
	git_oid oid;
	int resolved;
	time_t time;		/* the nightly's date, else the commit time */
	const char *run_id;	/* NULL when given by --good/--bad */
	char *problem;		/* why it did not resolve (owned), or NULL */
	int not_commit;		/* the nightly's name is no commit (a tree, a blob,
				   no hex): unlike a missing one, no fetch brings it */
};

struct window_commit {
	git_oid oid;
	char sha[41];
	git_time_t time;
	int offset;		/* minutes east of UTC */
	char *subject;		/* owned */
	int tag_match;		/* subject matched the pattern */
	int path_match;		/* touched a slice path */
};

struct window {
	struct dashboard dash;
	struct series series;
	struct step step;
	struct step date_pair;	/* the nightly pair at the date when the step reported
				   lies elsewhere and the pair starts or ends an excursion
				   that reverts (series_excursion_at(): dip_nights > 0),
				   else zeroed */
	struct kernel_set_change set_change;	/* nearest the date within the span */
	struct kernel_step *kernel_steps;	/* kernels that step on their own; owned */
	size_t nr_kernel_steps;
	struct sparse_kernel *sparse;	/* kernels back at first bad after missing last good; owned */
	size_t nr_sparse;
	struct slice slice;
	struct window_end last_good;
	struct window_end first_bad;
	int listed;		/* the commits were listed (both ends resolved) */
	int empty;		/* both ends are the same commit */
	int not_ancestor;	/* last_good is not an ancestor of first_bad: nothing listed */
	int ends_off_step;	/* --good/--bad list a window that shares no commit with
				   the step's nightlies (a warning said so) */
	const struct series_point *step_last_good;	/* the detected step's nightlies, */
	const struct series_point *step_first_bad;	/* NULL without one: with --bad
				   naming another nightly, step describes that one */
	struct window_commit *commits;	/* newest first */
	size_t nr_commits;
	size_t alloc_commits;
	size_t nr_slice;	/* commits matching tag or path */
	time_t date;		/* the user's date, parsed */
	int date_is_day;	/* it named a whole day */
	size_t first_shown;	/* the nightlies within span days of the date: */
	size_t end_shown;	/* points[first_shown .. end_shown) */
	int borrowed;		/* dash and series are the caller's (window_compute_loaded) */
};

/* What window_compute() could do. */
enum window_outcome {
	WINDOW_ERROR = -1,	/* an error was printed */
	WINDOW_LISTED = 0,	/* both ends resolved, the commits listed */
	WINDOW_INCOMPLETE = 1,	/* everything but the commits: an end is not local
				   (window_end.problem; a warning with a `git fetch`
				   hint was printed), or last_good is not an ancestor
				   of first_bad (not_ancestor; an error said so) */
};

/*
 * Run the pipeline. repo may be NULL only when no commits are wanted.
 * Always call window_release().
 */
enum window_outcome window_compute(struct window *w, git_repository *repo, struct config *cfg,
				   const struct window_options *o);
void window_release(struct window *w);

/*
 * One length for every hash a report of w prints, so that its columns
 * line up: at least min_len, and enough that each of them is unique in
 * repo (NULL: min_len).
 */
int window_abbrev_len(const struct window *w, git_repository *repo, int min_len);

/*
 * The same pipeline over a dashboard d and o's series s that the caller
 * has already loaded and built (git benchbisect --scan: one load, many
 * windows). w borrows both (a shallow copy that window_release() leaves
 * alone): they must outlive w. A missing end prints nothing; its
 * problem stays in last_good/first_bad.problem.
 */
enum window_outcome window_compute_loaded(struct window *w, git_repository *repo,
					  struct config *cfg, const struct window_options *o,
					  const struct dashboard *d, const struct series *s);

/*
 * -1 with an error when a level of s is not a positive finite number: the
 * dashboard's values are bounded (DASH_METRIC_MAX), but a chain-linked
 * index of values that swing by that much night after night, as kernels
 * come and go, can still compound past a double. No step is judged, and
 * no percentage printed, on infinities. Checked by both ways into a
 * window and by --scan (which skips the platform).
 */
int window_check_series(const struct series *s);

/*
 * "now" for relative dates, into *now: BENCHTRIAGE_NOW (an ISO time) pins
 * it for tests; unset or empty, the wall clock. -1 with an error naming
 * the value when it is no ISO time: the wall clock instead would make
 * every date after it one the user never named.
 */
int window_current_time(time_t *now);

/*
 * Parse a user's <date> (see parse_user_date) against
 * window_current_time(); -1 with an error naming the date, or
 * BENCHTRIAGE_NOW when that is invalid (whatever the date).
 */
int window_parse_date(const char *arg, time_t *out, int *is_day);

/*
 * Compile platform's slice into sl: --slice, else bench.<platform>.slice,
 * else the platform's default pattern; --path prefixes, else the
 * backend's default paths. Returns -1 with an error printed on failure;
 * release sl either way.
 */
int window_slice_setup(struct slice *sl, struct config *cfg, const char *platform,
		       const struct window_options *o);

/*
 * A warning for each of w's sparse kernels (none when o->good chose the
 * window): its move since its last measurement, and the wider window that
 * move belongs to as commands to paste, with the options of o that chose
 * the data (window-sparse.c).
 */
void window_warn_sparse(const struct window *w, const struct window_options *o);

/* 1 when a window commit belongs to the slice. */
static inline int window_commit_in_slice(const struct window_commit *c)
{
	return c->tag_match || c->path_match;
}

#endif
