#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/revision.h"
#include "util/usage.h"
#include "util/date.h"
#include "util/repo.h"
#include "history/walk.h"
#include "history/kernel-settle.h"
#include "history/nightly.h"
#include "history/window.h"

void window_options_init(struct window_options *o)
{
	struct dashboard_source src = DASHBOARD_SOURCE_INIT;

	memset(o, 0, sizeof(*o));
	o->span = WINDOW_DEFAULT_SPAN;
	o->noise_multiple = STEP_NOISE_MULTIPLE;
	o->min_change = STEP_MIN_CHANGE;
	strvec_init(&o->paths);
	o->source = src;
}

void window_options_release(struct window_options *o)
{
	strvec_clear(&o->paths);
}

int window_current_time(time_t *now)
{
	const char *pinned = getenv("BENCHTRIAGE_NOW");

	if (!pinned || !*pinned) {
		*now = time(NULL);
		return 0;
	}
	if (parse_iso_time(pinned, now))
		return error("invalid BENCHTRIAGE_NOW '%s' (want an ISO time, e.g. 2026-09-10T12:00:00Z)",
			     pinned);
	return 0;
}

int window_parse_date(const char *arg, time_t *out, int *is_day)
{
	time_t now;

	if (window_current_time(&now))
		return -1;
	switch (parse_user_date(arg, now, out, is_day)) {
	case 0:
		return 0;
	case USER_DATE_NO_DAY:
		return error("there is no day '%s' in the calendar", arg);
	case USER_DATE_NO_SECOND:
		return error("there is no second 60 in '%s' (seconds run 00 to 59)", arg);
	case USER_DATE_TOO_FAR:
		return error("the date '%s' is before 1970-01-01", arg);
	default:
		return error("cannot understand the date '%s' (want YYYY-MM-DD, an ISO time, "
			     "'today', 'yesterday' or 'N days ago')", arg);
	}
}

/* path without its leading "./": from the top of the tree, as git reads "./x" there */
static const char *from_top(const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/*
 * Whether path, its leading "./" dropped, names a prefix inside the tree:
 * no tree entry is "", "." or "..", and none starts with "/", so such a
 * --path would mark no commit, silently; and "/" or "." as the whole tree
 * would put every commit in the slice, which is no slice (as an empty
 * --slice is none). Trailing slashes name the directory.
 */
static int names_prefix(const char *path)
{
	size_t end;

	path = from_top(path);
	end = strlen(path);
	while (end && path[end - 1] == '/')
		end--;
	if (!end)
		return 0;
	for (size_t i = 0; i < end; ) {
		size_t len = strcspn(path + i, "/");

		if (!len || (len == 1 && path[i] == '.') || (len == 2 && !strncmp(path + i, "..", 2)))
			return 0;
		i += len + 1;
	}
	return 1;
}

static int check_path(const char *path)
{
	int literal = literal_pathspecs();

	if (literal < 0)
		return -1;
	if (!*path)
		return error("empty value for '--path': give a path prefix from the top of the tree");
	if (!names_prefix(path))
		return error("--path '%s' names no prefix inside the tree: give one from its top, "
			     "such as 'helion/runtime/cute/'", path);
	/* commit_touches() would take it for a glob: "*" marks every commit that changes anything */
	if (!literal && !pathspec_item_is_literal(from_top(path)))
		return error("--path '%s' is a pattern: it takes a path prefix from the top of the tree "
			     "(no '*', '?', '[', '\\' nor a leading ':' unless GIT_LITERAL_PATHSPECS=1 "
			     "takes them as they are), such as 'helion/runtime/cute/'", path);
	return 0;
}

int window_slice_setup(struct slice *sl, struct config *cfg, const char *platform,
		       const struct window_options *o)
{
	const char *pattern = o->slice;
	char *key = NULL, *derived = NULL;
	int ret;

	memset(sl, 0, sizeof(*sl));
	for (size_t i = 0; i < o->paths.nr; i++)
		if (check_path(o->paths.v[i]))
			return -1;
	/* An empty pattern matches every commit: as git takes an empty value, an error. */
	if (pattern && !*pattern)
		return error("empty value for '--slice': give a pattern");
	if (!pattern && !o->default_slice && platform) {
		key = xstrfmt("bench.%s.slice", platform);
		/* a key without a value ("true" to config_get_string()) is no pattern */
		if (config_get_value(cfg, key, &pattern) == CONFIG_INVALID ||
		    (pattern && !*pattern && error("empty value for '%s': give a pattern or unset it",
						    key))) {
			free(key);
			return -1;
		}
	}
	if (!pattern)
		pattern = derived = slice_default_pattern(platform ? platform : "");
	/* the key in the error when the pattern is the configured one */
	ret = slice_init(sl, pattern, derived ? NULL : key);
	for (size_t i = 0; i < o->paths.nr; i++) {
		/* a tree has no "." entry */
		strvec_push(&sl->paths, from_top(o->paths.v[i]));
	}
	if (!o->paths.nr && platform)
		slice_default_paths(platform, &sl->paths);
	free(key);
	free(derived);
	return ret;
}

static void end_from_point(struct window_end *end, const struct series_point *p)
{
	end->point = p;
	end->time = p->run->time;
	end->run_id = p->run->run_id;
}

/* The one commit that --good or --bad (option) names; -1 with an error. */
static int resolve_option(git_repository *repo, const char *rev, const char *option, git_commit **c)
{
	*c = NULL;
	if (revision_names_several(repo, rev))
		return error("--%s needs a single revision, not '%s'", option, rev);
	return repo_resolve_commit(repo, rev, c);
}

/* NIGHTLY_FOUND (or the commit --good/--bad named), NIGHTLY_MISSING, NIGHTLY_ABSENT or NIGHTLY_ERROR. */
static enum nightly_resolution resolve_end(struct window_end *end, git_repository *repo,
					  const char *rev, const char *what, const char *option)
{
	if (rev) {
		git_commit *c;

		if (resolve_option(repo, rev, option, &c))
			return NIGHTLY_ERROR;
		git_oid_cpy(&end->oid, git_commit_id(c));
		end->time = git_commit_time(c);
		end->point = NULL;
		end->run_id = NULL;
		git_commit_free(c);
	} else if (!end->point) {
		return error("no %s nightly: give --%s <rev>", what, option), NIGHTLY_ERROR;
	} else {
		enum nightly_resolution rc = nightly_resolve(repo, end->point->run, &end->oid,
							     &end->problem);

		end->not_commit = rc == NIGHTLY_MISSING;
		if (rc != NIGHTLY_FOUND)
			return rc;
	}
	end->resolved = 1;
	oid_hex(end->sha, &end->oid);
	return NIGHTLY_FOUND;
}

/* Whether the nightly p ran the commit of hex: its sha an object name (4 hex digits at least) that begins it. */
static int ran_on(const struct series_point *p, const char *hex)
{
	return revision_is_hex(p->run->sha, 4, GIT_OID_HEXSZ) && !strncmp(hex, p->run->sha, strlen(p->run->sha));
}

/*
 * The series index of the nightly that ran on oid, or 0 (never a
 * boundary). On a quiet day the next nightly runs the same commit: the
 * first bad nightly of the step at the user's date (step_first_bad, 0:
 * none) when it is one of them, the pair the date names, else the first,
 * where the move came.
 */
static size_t point_for(const struct series *s, const git_oid *oid, size_t step_first_bad)
{
	char hex[GIT_OID_HEXSZ + 1];

	oid_hex(hex, oid);
	if (step_first_bad && ran_on(&s->points[step_first_bad], hex))
		return step_first_bad;
	for (size_t i = 0; i < s->nr; i++)
		if (ran_on(&s->points[i], hex))
			return i;
	return 0;
}

struct walk_context {
	struct window *w;
	git_repository *repo;
};

static int add_commit(git_commit *c, void *data)
{
	struct walk_context *ctx = data;
	struct window *w = ctx->w;
	struct window_commit *wc;

	ALLOC_GROW(w->commits, w->nr_commits + 1, w->alloc_commits);
	wc = &w->commits[w->nr_commits++];
	memset(wc, 0, sizeof(*wc));
	git_oid_cpy(&wc->oid, git_commit_id(c));
	oid_hex(wc->sha, &wc->oid);
	wc->time = git_commit_time(c);
	wc->offset = git_commit_time_offset(c);
	wc->subject = xstrdup(git_commit_summary(c) ? git_commit_summary(c) : "");
	if ((wc->tag_match = slice_match_subject(&w->slice, wc->subject)) < 0)
		return -1;
	if (commit_touches(ctx->repo, c, &w->slice.paths, &wc->path_match))
		return -1;
	w->nr_slice += window_commit_in_slice(wc);
	return 0;
}

static enum window_outcome list_commits(struct window *w, git_repository *repo, struct config *cfg)
{
	struct walk_context ctx = { w, repo };

	int rc;

	/*
	 * Two nightlies on one commit are a quiet day. Ends --good or --bad
	 * named on one commit are one only beside a step whose nightlies
	 * ran on it (check_ends_hold_step() decides); else they list their
	 * 0 commits.
	 */
	if (git_oid_equal(&w->last_good.oid, &w->first_bad.oid)) {
		w->listed = 1;
		w->empty = (w->last_good.point && w->first_bad.point) || w->step_last_good;
		return WINDOW_LISTED;
	}
	/*
	 * In a shallow clone the answer would stop at the boundary (and
	 * libgit2 1.5.1 leaks there): the walk below says what is missing.
	 */
	rc = git_repository_is_shallow(repo) ? 1 :
		git_graph_descendant_of(repo, &w->first_bad.oid, &w->last_good.oid);
	if (rc < 0)
		git_error_clear();
	if (!rc) {
		/* 8 hex digits line up with the dashboard's sha, unless core.abbrev says */
		int len = revision_abbrev_len(cfg, 8);
		char good[GIT_OID_HEXSZ + 1], bad[GIT_OID_HEXSZ + 1];

		if (len < 0)
			return WINDOW_ERROR;
		revision_abbrev(repo, &w->last_good.oid, len, good);
		revision_abbrev(repo, &w->first_bad.oid, len, bad);
		/* like git bisect: no window is better than a silent "0 commits" */
		w->not_ancestor = 1;
		if (git_graph_descendant_of(repo, &w->last_good.oid, &w->first_bad.oid) == 1)
			error("last good %s comes after first bad %s: maybe you mistook good and bad revs?",
			      good, bad);
		else
			error("last good %s is not an ancestor of first bad %s: no window lies between them",
			      good, bad);
		return WINDOW_INCOMPLETE;
	}
	w->listed = 1;
	return walk_first_parent(repo, &w->last_good.oid, &w->first_bad.oid, add_commit, &ctx) ?
		WINDOW_ERROR : WINDOW_LISTED;
}

/* The nightlies within span days of the date, widened to hold the step. */
static void shown_range(struct window *w, int span)
{
	const struct series *s = &w->series;
	time_t from, to;
	size_t lo = 0, hi;

	date_span(w->date, span, &from, &to);

	while (lo < s->nr && s->points[lo].run->time < from)
		lo++;
	for (hi = lo; hi < s->nr && s->points[hi].run->time < to; hi++)
		;
	if (w->step.index > 0 && w->step.last_good < lo)
		lo = w->step.last_good;
	if (w->step.index > 0 && w->step.first_bad >= hi)
		hi = w->step.first_bad + 1;
	w->first_shown = lo;
	w->end_shown = hi;
}

/*
 * Without a step of the platform, the window shown is that of the kernel
 * step nearest the date, from the kernel's last measurement before it
 * (unless a kernel-set change claimed the window), and holds the windows
 * of the kernel steps that overlap it: one move, whose night each kernel
 * places on its own (causes.py 73805 under --states, the states cause,
 * case 36: kernel_a's window 03-11 -> 03-12 named a commit, while
 * kernel_e's, 03-10 -> 03-12, held the move's night, 03-11).
 */
static void answer_with_kernel_steps(struct window *w, struct step_options *so)
{
	const struct series *s = &w->series;
	const struct kernel_step *k = w->kernel_steps;

	if (!w->nr_kernel_steps || w->set_change.index)
		return;
	for (size_t i = 1; i < w->nr_kernel_steps; i++)
		if (llabs((long long)(s->points[w->kernel_steps[i].index].run->time - w->date)) <
		    llabs((long long)(s->points[k->index].run->time - w->date)))
			k = &w->kernel_steps[i];
	so->fallback = k->index;
	series_find_step(s, so, &w->step);
	/* the kernel's window: from its last measurement before */
	w->step.last_good = k->last_good;
	w->step.first_bad = k->first_bad;
	for (size_t i = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *o = &w->kernel_steps[i];

		if (o->last_good >= k->first_bad || o->first_bad <= k->last_good)
			continue;
		if (o->last_good < w->step.last_good)
			w->step.last_good = o->last_good;
		if (o->first_bad > w->step.first_bad)
			w->step.first_bad = o->first_bad;
	}
}

/*
 * Each kernel judged against its own noise: a move concentrated in a few
 * kernels is theirs (step_with_kernels()), and without a platform step
 * their steps are the answer.
 */
static void find_kernel_steps(struct window *w, struct step_options *so)
{
	w->nr_kernel_steps = step_with_kernels(&w->series, so, &w->step, &w->kernel_steps);
	if (!w->step.found)
		answer_with_kernel_steps(w, so);
}

int window_check_series(const struct series *s)
{
	for (size_t t = 0; t < s->nr; t++)
		for (int m = 0; m < METRIC_NR; m++) {
			double v = s->points[t].value[m];

			if (!isnan(v) && !(isfinite(v) && v > 0))
				return error("the %s series of '%s' leaves the range of a double: its "
					     "values compound past it over the nightlies", metric_names[m],
					     s->kernel ? s->kernel : s->platform);
		}
	return 0;
}

static int find_endpoints(struct window *w, const struct window_options *o, git_repository *repo)
{
	struct step_options so = { w->date, o->span, o->noise_multiple, o->min_change };
	git_oid bad;
	int named_bad = 0;
	size_t index = 0;

	so.look_outside = 1;	/* the platform's query */

	if (window_check_series(&w->series))
		return -1;
	if (o->bad && repo) {
		git_commit *c;

		if (resolve_option(repo, o->bad, "bad", &c))
			return -1;
		git_oid_cpy(&bad, git_commit_id(c));
		git_commit_free(c);
		named_bad = 1;
	}
	series_find_set_change(&w->series, w->date, o->span, &w->set_change);
	/* Asked about a kernel-set change with no step: show that night. */
	so.fallback = w->set_change.index;
	if (series_find_step(&w->series, &so, &w->step))
		return -1;
	find_kernel_steps(w, &so);
	if (w->step.found) {
		w->step_last_good = &w->series.points[w->step.last_good];
		w->step_first_bad = &w->series.points[w->step.first_bad];
	}
	if (named_bad)
		index = point_for(&w->series, &bad, w->step.first_bad);
	/* the detected step stays the reference for check_ends_hold_step() */
	if (index && index != w->step.first_bad)
		series_step_at(&w->series, index, &so, 1, &w->step);
	if (step_states_rule_out(&w->step))
		step_open_by_kernel(&w->series, &so, &w->step);
	/* a spike or dip on the date asked, beside the step reported: say it was set aside */
	series_excursion_at(&w->series, &so, &w->step, &w->date_pair);
	shown_range(w, o->span);
	w->nr_sparse = series_sparse_kernels(&w->series, w->step.last_good, w->step.first_bad, &w->sparse);
	if (sparse_kernels_noise(w->sparse, w->nr_sparse, &w->series, &w->dash, o->all_runs))
		return -1;
	if (w->step.index > 0) {
		end_from_point(&w->last_good, &w->series.points[w->step.last_good]);
		end_from_point(&w->first_bad, &w->series.points[w->step.first_bad]);
	} else if (w->date > w->series.points[w->series.nr - 1].run->time) {
		/*
		 * Asked about a day after the newest nightly (today, before
		 * tonight's has run): that nightly is the last good end, and
		 * only the first bad one is missing (--bad names it).
		 */
		end_from_point(&w->last_good, &w->series.points[w->series.nr - 1]);
	}
	return 0;
}

/*
 * One warning for the ends that did not resolve: when neither nightly's
 * commit is here (the usual case in a shallow clone) it names both at
 * once. The hint is the fetch that brings them: in a shallow clone a plain
 * `git fetch` keeps the boundary, so it names --deepen and --unshallow.
 */
static void warn_missing_ends(const struct window *w, git_repository *repo,
			      enum nightly_resolution rc_good, enum nightly_resolution rc_bad)
{
	if (rc_good == NIGHTLY_ABSENT && rc_bad == NIGHTLY_ABSENT) {
		const struct dash_entry *g = w->last_good.point->run, *b = w->first_bad.point->run;

		warning("neither end of the window is in this repository: commit '%s' of run '%s' "
			"(%s) and commit '%s' of run '%s' (%s)", g->sha, g->run_id, g->date,
			b->sha, b->run_id, b->date);
	} else {
		if (w->last_good.problem)
			warning("%s", w->last_good.problem);
		if (w->first_bad.problem)
			warning("%s", w->first_bad.problem);
	}
	/* a name that is no commit here: no fetch brings one */
	if (rc_good != NIGHTLY_ABSENT && rc_bad != NIGHTLY_ABSENT)
		return;
	if (git_repository_is_shallow(repo) == 1)
		advise("this is a shallow clone: get the missing history with "
		       "'git fetch --deepen=<n>' or 'git fetch --unshallow', or give --good/--bad");
	else
		advise("run 'git fetch' to get the missing commit, or give --good/--bad");
}

/* Whether commit a comes after commit b (b an ancestor of a, not a itself). */
static int strictly_after(git_repository *repo, const git_oid *a, const git_oid *b)
{
	int rc = git_oid_equal(a, b) ? 0 : git_graph_descendant_of(repo, a, b);

	if (rc < 0)
		git_error_clear();
	return rc == 1;
}

/*
 * With --good/--bad, whether their window shares a commit with the one
 * between the step's nightlies (good_night..bad_night): when it does not,
 * no commit in it can be the step's cause, and a verdict naming one would
 * be confident nonsense. An empty one (both ends one commit) shares none,
 * unless the nightlies ran on that very commit, and it is no quiet day:
 * the window is empty only when the nightlies ran on one commit. Nightlies
 * that are not here are not checked.
 */
static void check_ends_hold_step(struct window *w, git_repository *repo, struct config *cfg,
				 const struct series_point *good_night, const struct series_point *bad_night)
{
	char *problem = NULL, hex[4][GIT_OID_HEXSZ + 1], day[2][16];
	git_oid nights[2];
	int len;

	if (nightly_resolve(repo, good_night->run, &nights[0], &problem) != NIGHTLY_FOUND ||
	    nightly_resolve(repo, bad_night->run, &nights[1], &problem) != NIGHTLY_FOUND) {
		free(problem);
		git_error_clear();
		return;
	}
	if (w->empty ? git_oid_equal(&nights[0], &w->last_good.oid) &&
		       git_oid_equal(&nights[1], &w->last_good.oid) :
	    strictly_after(repo, &w->first_bad.oid, &nights[0]) &&
	    strictly_after(repo, &nights[1], &w->last_good.oid))
		return;
	w->ends_off_step = 1;
	w->empty = w->empty && git_oid_equal(&nights[0], &nights[1]);
	len = revision_abbrev_len(cfg, 8);
	if (len < 0)
		len = 8;
	revision_abbrev(repo, &w->last_good.oid, len, hex[0]);
	revision_abbrev(repo, &w->first_bad.oid, len, hex[1]);
	revision_abbrev(repo, &nights[0], len, hex[2]);
	revision_abbrev(repo, &nights[1], len, hex[3]);
	warning("the window %s..%s of --good/--bad shares no commit with the step's, %s..%s "
		"(the nightlies of %s and %s): no commit in it is named", hex[0], hex[1], hex[2], hex[3],
		format_day(day[0], good_night->run->time), format_day(day[1], bad_night->run->time));
}

/* Resolve both ends in repo and list the commits between them; quiet: no warnings for a missing end. */
static enum window_outcome resolve_and_list(struct window *w, git_repository *repo,
					    struct config *cfg, const struct window_options *o,
					    int quiet)
{
	enum nightly_resolution rc_good, rc_bad;
	enum window_outcome listed;

	if (!repo)
		return WINDOW_LISTED;
	if (!o->bad && !w->first_bad.point && w->last_good.point) {
		char day[16];

		return error("no first bad nightly: none ran after %s (run '%s'); give --bad <rev>",
			     format_day(day, w->last_good.time), w->last_good.run_id), WINDOW_ERROR;
	}
	rc_good = resolve_end(&w->last_good, repo, o->good, "last good", "good");
	rc_bad = rc_good == NIGHTLY_ERROR ? NIGHTLY_FOUND : resolve_end(&w->first_bad, repo, o->bad, "first bad", "bad");
	if (rc_good == NIGHTLY_ERROR || rc_bad == NIGHTLY_ERROR)
		return WINDOW_ERROR;
	if (rc_good != NIGHTLY_FOUND || rc_bad != NIGHTLY_FOUND) {
		/* Two nightlies on one sha are a quiet day even when it is not local. */
		if (w->last_good.point && w->first_bad.point &&
		    !strcmp(w->last_good.point->run->sha, w->first_bad.point->run->sha))
			w->empty = 1;
		if (quiet)
			return WINDOW_INCOMPLETE;
		warn_missing_ends(w, repo, rc_good, rc_bad);
		return WINDOW_INCOMPLETE;
	}
	listed = list_commits(w, repo, cfg);
	if (listed == WINDOW_LISTED && (o->good || o->bad) && w->step_last_good)
		check_ends_hold_step(w, repo, cfg, w->step_last_good, w->step_first_bad);
	return listed;
}

/* What both ways into a window check first: the slice and the span. */
static int check_slice_and_span(struct window *w, struct config *cfg, const struct window_options *o)
{
	if (window_slice_setup(&w->slice, cfg, o->platform, o))
		return -1;
	if (o->span < 1)
		return error("--span must be at least 1 day, not %d", o->span);
	return 0;
}

enum window_outcome window_compute(struct window *w, git_repository *repo, struct config *cfg,
				   const struct window_options *o)
{
	memset(w, 0, sizeof(*w));
	dashboard_init(&w->dash);
	if (check_slice_and_span(w, cfg, o))
		return WINDOW_ERROR;
	if (o->platform) {
		struct series_options so = { o->platform, o->kernel, o->all_runs };

		if (window_parse_date(o->date, &w->date, &w->date_is_day))
			return WINDOW_ERROR;
		if (dashboard_load(&w->dash, &o->source, cfg) ||
		    series_build(&w->series, &w->dash, &so) ||
		    find_endpoints(w, o, repo))
			return WINDOW_ERROR;
	}
	return resolve_and_list(w, repo, cfg, o, 0);
}

enum window_outcome window_compute_loaded(struct window *w, git_repository *repo,
					  struct config *cfg, const struct window_options *o,
					  const struct dashboard *d, const struct series *s)
{
	memset(w, 0, sizeof(*w));
	w->dash = *d;
	w->series = *s;
	w->borrowed = 1;
	if (check_slice_and_span(w, cfg, o))
		return WINDOW_ERROR;
	if (window_parse_date(o->date, &w->date, &w->date_is_day) || find_endpoints(w, o, repo))
		return WINDOW_ERROR;
	return resolve_and_list(w, repo, cfg, o, 1);
}

void window_release(struct window *w)
{
	for (size_t i = 0; i < w->nr_commits; i++)
		free(w->commits[i].subject);
	free(w->commits);
	free(w->last_good.problem);
	free(w->first_bad.problem);
	slice_release(&w->slice);
	kernel_set_change_release(&w->set_change);
	free(w->kernel_steps);
	free(w->sparse);
	if (!w->borrowed) {
		series_release(&w->series);
		dashboard_release(&w->dash);
	}
	memset(w, 0, sizeof(*w));
}

int window_abbrev_len(const struct window *w, git_repository *repo, int min_len)
{
	int len = min_len;

	for (size_t i = w->first_shown; i < w->end_shown; i++)
		len = revision_abbrev_hex(repo, w->series.points[i].run->sha, len);
	len = revision_abbrev_hex(repo, w->last_good.sha, len);
	len = revision_abbrev_hex(repo, w->first_bad.sha, len);
	for (size_t i = 0; i < w->nr_commits; i++)
		len = revision_abbrev_hex(repo, w->commits[i].sha, len);
	return len;
}
