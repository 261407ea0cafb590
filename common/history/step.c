#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "history/step.h"
#include "history/step-states.h"

int step_significant(double change_pct, double noise_pct, double noise_multiple,
		     double min_change, const char **reason)
{
	const char *why = NULL;

	if (isnan(change_pct) || isnan(noise_pct))
		why = "no level on one side";
	else if (fabs(log1p(change_pct / 100)) < noise_multiple * log1p(noise_pct / 100))
		why = "under the noise multiple";
	else if (fabs(change_pct) < min_change)
		why = "under --min-change";
	if (reason)
		*reason = why;
	return !why;
}

void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi)
{
	time_t at = s->points[index].run->time;

	*lo = *hi = index;
	/*
	 * The side before counts its span from the last nightly before
	 * index, not from index: across a run of missing nightlies longer
	 * than the span, it would hold none.
	 */
	if (index > 0) {
		time_t good = s->points[index - 1].run->time;

		while (*lo > 0 && good - s->points[*lo - 1].run->time <= (time_t)span_days * DAY_SECONDS)
			(*lo)--;
	}
	while (*hi < s->nr && s->points[*hi].run->time - at <= (time_t)span_days * DAY_SECONDS)
		(*hi)++;
}

void step_levels_range(const struct step *st, size_t *lo, size_t *hi)
{
	if (st->drift || st->dip_nights)
		return;
	if (st->nr_before && st->index >= st->nr_before && *lo < st->index - st->nr_before)
		*lo = st->index - st->nr_before;
	if (st->nr_after && *hi > st->index + st->nr_after)
		*hi = st->index + st->nr_after;
}

static void set_thresholds(struct step *out, const struct step_options *o)
{
	out->noise_multiple = o->noise_multiple > 0 ? o->noise_multiple : STEP_NOISE_MULTIPLE;
	out->min_change = o->min_change >= 0 ? o->min_change : STEP_MIN_CHANGE;
}

/* The step's numbers from a cut's test. */
static void take_test(struct step *out, const struct cut_test *t, double sigma)
{
	out->before = exp(t->before);
	out->after = exp(t->after);
	out->change_pct = t->change_pct;
	out->se_pct = t->se_pct;
	out->room_se_pct = t->room_se_pct;
	out->state_noise_pct = t->state_noise_pct;
	out->z = t->z;
	out->score = isnan(t->change_pct) ? 0 : fabs(log1p(t->change_pct / 100)) / sigma;
	out->nr_before = t->nr_before;
	out->nr_after = t->nr_after;
	out->found = t->found;
	out->undecided = t->undecided;
	out->reason = t->reason;
}

/* The first nightly on or after date; s->nr when none is. */
static size_t first_on_or_after(const struct series *s, time_t date)
{
	size_t i = 0;

	while (i < s->nr && s->points[i].run->time < date)
		i++;
	return i;
}

/*
 * The pair at index clears the bar on its own, but no level holds it (a
 * level holds two nightlies): undecided, not a step and not "no step",
 * with the reason.
 */
static void no_level_holds(const struct series *s, size_t index, struct step *out)
{
	out->no_level = index + 1 == s->nr ? STEP_NO_LEVEL_AFTER :
		index == 1 ? STEP_NO_LEVEL_BEFORE : STEP_NO_LEVEL;
	out->reason = out->no_level == STEP_NO_LEVEL_AFTER ? "one nightly after it, no level yet" :
		out->no_level == STEP_NO_LEVEL_BEFORE ? "one nightly before it, no level" :
		"no level holds on either side";
	out->undecided = 1;
	out->found = 0;
}

/* Whether most nightlies of x[at..hi) sit nearer the level after than the level before. */
static int stays(const struct levels *l, size_t at, size_t hi, const struct cut_test *t)
{
	size_t stay = 0;

	for (size_t i = at; i < hi; i++)
		stay += fabs(l->x[i] - t->after) < fabs(l->x[i] - t->before);
	return t->nr_after >= 2 && 3 * stay >= 2 * t->nr_after;
}

/*
 * The levels either side of the boundary before x[at]: x[*lo .. at) and
 * x[at .. *hi), each ending at the nearest step or drift of l that is
 * not the boundary itself. Over the whole span, a step a few nights away
 * would put both its levels on one side, and a flat pair would show its
 * move.
 */
static void bound_by_cuts(const struct levels *l, size_t at, size_t *lo, size_t *hi)
{
	*lo = 0;
	*hi = l->n;
	for (size_t k = 0; k < l->nr_cuts; k++) {
		if (l->from[k] <= at && at <= l->cuts[k])
			continue;	/* the boundary itself, or a drift holding it */
		if (l->cuts[k] < at && l->cuts[k] > *lo)
			*lo = l->cuts[k];
		if (l->from[k] > at && l->from[k] < *hi)
			*hi = l->from[k];
	}
}

/*
 * Describe the sharp boundary at index over the nightlies within the span
 * either side of it; with bounded, over its levels only (bound_by_cuts():
 * a pair the user names may lie anywhere). Without, the boundary is one
 * that no cut holds, and the span's nightlies are its only evidence.
 */
static int describe_dip(const struct levels *l, size_t index, struct step *out);

static void describe_boundary(const struct series *s, const struct noise_model *nm, size_t index,
			      int span_days, int bounded, struct step *out)
{
	size_t lo, hi, at = 0;
	struct levels l;
	struct cut_test t;

	series_step_range(s, index, span_days, &lo, &hi);
	levels_init(&l, s, nm, s->points[lo].run->time, s->points[hi - 1].run->time + 1);
	if (bounded)
		levels_find(&l, out->noise_multiple, out->min_change, 1);
	while (at < l.n && l.at[at] < index)
		at++;
	bound_by_cuts(&l, at, &lo, &hi);
	levels_judge_range(&l, lo, at, hi, out->noise_multiple, out->min_change, &t);
	out->index = index;
	out->first_bad = index;
	/*
	 * The pair's move is measured from the nearest measured nightly, so
	 * the window holds the commits of the nightlies between, which
	 * measured nothing.
	 */
	if (!series_measured_before(s, index, &out->last_good))
		out->last_good = index - 1;
	take_test(out, &t, nm->sigma);
	out->persistent = !isnan(t.change_pct) && stays(&l, at, hi, &t);
	/*
	 * A pair the user names is told as the search would tell it: the
	 * start or end of a dip that reverts is the dip's, and a move whose
	 * side holds one nightly is no step yet.
	 */
	if (bounded && !describe_dip(&l, index, out) && out->found && (out->nr_before < 2 || out->nr_after < 2))
		no_level_holds(s, index, out);
	levels_release(&l);
}

void series_step_at(const struct series *s, size_t index, const struct step_options *o, int bounded,
		    struct step *out)
{
	struct noise_model nm;

	memset(out, 0, sizeof(*out));
	set_thresholds(out, o);
	series_noise_model(s, METRIC_HELION, &nm);
	out->noise_pct = 100 * nm.sigma;
	describe_boundary(s, &nm, index, o->span_days, bounded, out);
}

/* Whole days from the date to the nightly at index. */
static long days_off(const struct series *s, size_t index, time_t date)
{
	time_t d = s->points[index].run->time - date;

	return labs((long)(d >= 0 ? d / DAY_SECONDS : (d - DAY_SECONDS + 1) / DAY_SECONDS));
}

/*
 * How far cut k's window lies from the date, in days (0 for a date inside a
 * drift); LONG_MAX when its first bad nightly is outside [from, to).
 */
static long cut_off(const struct series *s, const struct levels *l, size_t k, time_t date,
		    time_t from, time_t to)
{
	size_t bad = l->at[l->cuts[k]], good = l->at[l->from[k]] - 1;
	time_t t = s->points[bad].run->time, t0 = s->points[good].run->time;

	if (l->from[k] == l->cuts[k])
		return t < from || t >= to ? LONG_MAX : days_off(s, bad, date);
	/* a drift: its window must meet the span */
	if (t < from || t0 >= to)
		return LONG_MAX;
	if (t0 <= date && date <= t)
		return 0;
	return date < t0 ? days_off(s, good, date) : days_off(s, bad, date);
}

/* The cut of l nearest the date within [from, to): 1 + its index, 0 for none. */
static size_t nearest_cut(const struct series *s, const struct levels *l, time_t date, time_t from,
			  time_t to)
{
	size_t best = 0;
	long best_off = LONG_MAX;

	for (size_t k = 0; k < l->nr_cuts; k++) {
		long off = cut_off(s, l, k, date, from, to);

		if (off < best_off) {
			best = k + 1;
			best_off = off;
		}
	}
	return best;
}

/* The cuts of l within [from, to) but cuts first .. last, the answer's, as other steps. */
static void list_others(const struct series *s, const struct levels *l, size_t first, size_t last, time_t from,
			time_t to, struct step *out)
{
	for (size_t k = 0; k < l->nr_cuts && out->nr_other < STEP_MAX_OTHER; k++) {
		size_t i = l->at[l->cuts[k]];
		struct other_step *os;
		struct cut_test t;

		if ((k >= first && k <= last) || s->points[i].run->time < from || s->points[i].run->time >= to)
			continue;
		levels_judge(l, k, out->noise_multiple, out->min_change, &t);
		os = &out->other[out->nr_other++];
		os->index = i;
		os->change_pct = t.change_pct;
		os->score = fabs(log1p(t.change_pct / 100)) / l->sigma;
	}
}

/* A pair that starts or ends an excursion that reverts: its own move, and no step. */
static void take_excursion(struct step *out, const struct cut_test *t, double sigma, const char *reason,
			   size_t from, size_t to, size_t nights)
{
	take_test(out, t, sigma);
	out->found = out->undecided = out->persistent = 0;
	out->no_level = STEP_LEVELS_HOLD;
	out->reason = reason;
	out->dip_from = from;
	out->dip_to = to;
	out->dip_nights = nights;
}

/*
 * The same for a one-night spike (levels_init() set it aside, so no dip
 * holds it): the pair onto it or off it is the spike's move against the
 * level around it, not the span's levels, which read +0.0% beside a
 * -27% night. Only a spike inside one level: a cut right beside it makes
 * the pair a step's.
 */
static int describe_spike(const struct levels *l, size_t index, struct step *out)
{
	for (size_t i = 0; i < l->nr_spikes; i++) {
		size_t at = 0, lo, hi, spike = l->spike_at[i];
		int into = spike == index;
		struct cut_test t;

		if (!into && spike + 1 != index)
			continue;
		while (at < l->n && l->at[at] < spike)
			at++;
		if (!at || at == l->n || l->at[at] != spike + 1)
			return 0;
		for (size_t k = 0; k < l->nr_cuts; k++)
			if (l->from[k] <= at && at <= l->cuts[k])
				return 0;
		bound_by_cuts(l, at, &lo, &hi);
		levels_judge_spike(l, i, into ? lo : at, into ? at : hi, into, out->noise_multiple,
				   out->min_change, &t);
		take_excursion(out, &t, l->sigma, "a one-night spike", spike, spike + 1, 1);
		return 1;
	}
	return 0;
}

/*
 * When the boundary before series nightly index starts or ends a dip of
 * l that reverts (levels_find() merged it into the level around it), the
 * pair's move is the dip's: the dip's nightlies judged against the level
 * before (or the level after against them), no step and not undecided.
 * Judged over the span instead, the dip's few nightlies were averaged
 * with the many at the level around it, and a -15% pair read -0.4%.
 * Else, for a one-night spike, describe_spike().
 */
static int describe_dip(const struct levels *l, size_t index, struct step *out)
{
	for (size_t i = 0; i < l->nr_dips; i++) {
		size_t from = l->dip_from[i], to = l->dip_to[i], lo, hi;
		struct cut_test t;

		if (l->at[from] == index) {
			bound_by_cuts(l, from, &lo, &hi);
			levels_judge_range(l, lo, from, to, out->noise_multiple, out->min_change, &t);
		} else if (l->at[to] == index) {
			bound_by_cuts(l, to, &lo, &hi);
			levels_judge_range(l, from, to, hi, out->noise_multiple, out->min_change, &t);
		} else {
			continue;
		}
		take_excursion(out, &t, l->sigma, "a dip that reverts", l->at[from], l->at[to], to - from);
		return 1;
	}
	return describe_spike(l, index, out);
}

/*
 * The standard errors of the move onto nightly index when index is the
 * series' second or newest nightly, lies in [from, to) and that move
 * clears the bar on its own levels, else 0. One nightly beside a move is
 * no level (a level holds two), so no cut can hold it; looked at from
 * another date, the move would be averaged into the level of a pair that
 * does not hold it, or missed.
 */
static double edge_move(const struct series *s, const struct noise_model *nm, size_t index,
			time_t from, time_t to, int span_days, const struct step *out)
{
	struct step pair = *out;

	if (index < 1 || index >= s->nr || (index != 1 && index + 1 != s->nr) ||
	    s->points[index].run->time < from || s->points[index].run->time >= to)
		return 0;
	describe_boundary(s, nm, index, span_days, 0, &pair);
	return pair.found ? pair.z : 0;
}

/*
 * The boundary a search without a step shows: the caller's fallback, else
 * the one nearest the date of the cut that would be a step at
 * LEVELS_WEAK_Z standard errors and a move at an end of the series
 * (edge_move(); of both ends the larger: in a short series the other's
 * levels hold it), undecided when either is, else the first nightly on or
 * after the date.
 */
static size_t weak_boundary(const struct series *s, const struct step_options *o,
			    const struct noise_model *nm, time_t from, time_t to, const struct levels *base,
			    const struct step *out)
{
	size_t nearest, edge, k, before;
	double newest_z, second_z;
	struct levels l;

	if (o->fallback > 0 && o->fallback < s->nr)
		return o->fallback;
	levels_copy(&l, base);
	levels_find(&l, LEVELS_WEAK_Z, out->min_change, 0);
	k = nearest_cut(s, &l, o->date, from, to);
	nearest = k ? l.at[l.cuts[k - 1]] : 0;
	levels_release(&l);
	newest_z = edge_move(s, nm, s->nr - 1, from, to, o->span_days, out);
	second_z = edge_move(s, nm, 1, from, to, o->span_days, out);
	edge = newest_z > second_z ? s->nr - 1 : second_z > 0 ? 1 : 0;
	if (edge && (!nearest || days_off(s, edge, o->date) < days_off(s, nearest, o->date)))
		return edge;
	if (nearest)
		return nearest;
	nearest = first_on_or_after(s, o->date);
	if (nearest == s->nr || s->points[nearest].run->time >= to)
		return 0;
	/*
	 * A nightly without a helion speedup (it failed: 0 or null) has no
	 * move to show: the first one measured after it, else the last one
	 * measured before it in the span, each from the one measured before.
	 */
	for (edge = nearest; edge < s->nr && s->points[edge].run->time < to && !series_measured(s, edge); edge++)
		;
	if (edge == s->nr || s->points[edge].run->time >= to)
		for (edge = nearest; edge > 0 && !series_measured(s, edge) && s->points[edge - 1].run->time >= from; edge--)
			;
	return series_measured(s, edge) && series_measured_before(s, edge, &before) ? edge : 0;
}

/*
 * A drift can outlast the nightlies searched: when the level on a side of
 * drift k holds fewer than twice the drift's nightlies (2 * DRIFT_EDGE at
 * least) where the search stopped and the series goes on (a level as short
 * as the ramp leaves its end unplaced), widen [*from, *to) by 2 * span + 1
 * days on that side and say so. A step (k sharp) may be the part of a
 * longer drift that the search saw: both sides are widened to look.
 */
#define DRIFT_EDGE 4

/* How far a wider search reaches past the nightlies searched, each side. */
static time_t widening(int span_days)
{
	return (time_t)(2 * span_days + 1) * DAY_SECONDS;
}

static int widen(const struct series *s, const struct levels *l, size_t k, time_t *from, time_t *to,
		 int span_days)
{
	time_t more = widening(span_days);
	size_t a0, b0, a1, b1, before, after;
	size_t ramp = l->cuts[k] - l->from[k], edge = ramp > DRIFT_EDGE ? ramp : DRIFT_EDGE;
	int wider = 0;

	levels_range(l, k, &a0, &b0);
	levels_range(l, k + 1, &a1, &b1);
	before = b0 - a0;
	after = b1 - a1;
	if (!ramp) {
		*from -= more;
		*to += more;
		return 1;
	}
	if (!k && before < 2 * edge && l->at[0] > 0) {
		*from -= more;
		wider = 1;
	}
	if (k + 1 == l->nr_cuts && after < 2 * edge && l->at[l->n - 1] + 1 < s->nr) {
		*to += more;
		wider = 1;
	}
	return wider;
}

/*
 * What moving nightly i of l from level own to level other costs, in nats
 * (levels_night_cost(): in the state that fits it best, where the series
 * has machine states). A night LEVELS_UNSURE_NATS or more off its own
 * level (a wild one) is no evidence for its own side: it costs nothing,
 * or less than nothing where it fits the other side better, and the
 * nights beyond it may spend that (under machine states a run of nights
 * is weighed together: bench/step-rates statestep 12625651, a +8.8% step
 * under states as far apart, whose window stopped a night short of it).
 */
static double switch_cost(const struct levels *l, size_t i, double own, double other)
{
	double off_own = levels_night_cost(l, i, own), cost = levels_night_cost(l, i, other) - off_own;

	return off_own >= LEVELS_UNSURE_NATS ? fmin(cost, 0) : cost;
}

/*
 * Whether the window takes in the next night beyond it, which costs cost
 * to move to the other side: while the costs so far (*sum) stay under
 * bar, within the nights it may take (more), or where the night fits the
 * other side at least as well (a cut placed nights off: bench/step-rates
 * statestep 13878601, +7.5% at 2.4% a night, cut at 03-03 while 03-01 fit
 * the level after it better; one night was taken in, 03-02, and the
 * window missed the step's night).
 */
static int take_in(double cost, int more, double *sum, double bar)
{
	return (more || cost <= 0) && (*sum += cost) < bar;
}

/*
 * The window of the sharp step at cut k of l (at x[c]), between the
 * levels x[lo .. c) and x[c .. hi). Its last good is the nightly its level ends on: a
 * spike left out beside the step (levels.c) is off both levels, so the
 * window keeps its commits. A nightly either side of the cut that could
 * be on the other side (moving it there costs under LEVELS_UNSURE_NATS) is
 * taken in (the step's own night, index, stays the likeliest one), and
 * beyond it each that fits the other side at least as well (take_in()). Under
 * machine states a run of them can: a step about the states' distance
 * makes the level after it look like the other state before it, so the
 * nights are taken in while their costs together stay under
 * LEVELS_STATE_UNSURE_NATS, each weighed against the levels on the
 * larger state.
 */
static void sharp_window(const struct levels *l, size_t k, const struct cut_test *t, struct step *out)
{
	size_t lo, c, hi, good, bad, most = l->state_shift ? SIZE_MAX : 1;
	double bar = l->state_shift ? LEVELS_STATE_UNSURE_NATS : LEVELS_UNSURE_NATS;
	double sum = 0, before = t->before, after = t->after;

	levels_range(l, k, &lo, &c);	/* sharp: the level before ends at the cut */
	levels_range(l, k + 1, &bad, &hi);
	good = c - 1;

	if (l->state_shift) {
		before = levels_state_level(l, lo, c);
		after = levels_state_level(l, c, hi);
	}
	while (good > lo && take_in(switch_cost(l, good, before, after), c - 1 - good < most, &sum, bar))
		good--;
	sum = 0;
	while (bad + 1 < hi && take_in(switch_cost(l, bad, after, before), bad - c < most, &sum, bar))
		bad++;
	out->last_good = l->at[good];
	out->first_bad = l->at[bad];
	for (size_t i = good + 1; i < bad; i++)
		if (levels_night_cost(l, i, before) >= LEVELS_UNSURE_NATS &&
		    levels_night_cost(l, i, after) >= LEVELS_UNSURE_NATS) {
			out->halfway = l->at[i];
			out->halfway_value = exp(l->x[i]);
		}
}

/*
 * Whether the wider search's cut wide_best (1 + index, 0 for none) leaves
 * the answer of l's cut best: a step stays a step unless the wider search
 * finds a drift holding its first bad nightly; and where nothing was cut
 * near the date, only a drift there is taken (the span is the date's).
 */
static int keep_narrow(const struct levels *l, size_t best, const struct levels *wide, size_t wide_best,
		       size_t first_bad)
{
	int wide_sharp;

	if (!wide_best)
		return 1;
	wide_sharp = wide->from[wide_best - 1] == wide->cuts[wide_best - 1];
	if (!best)
		return wide_sharp;
	return l->from[best - 1] == l->cuts[best - 1] &&
	       (wide_sharp || wide->at[wide->from[wide_best - 1]] > first_bad ||
		wide->at[wide->cuts[wide_best - 1]] < first_bad);
}

/* How far from the date a step outside the span is still named (step_outside): 2 * span + 1 days. */
static long outside_reach(const struct step_options *o)
{
	return 2L * o->span_days + 1;
}

/*
 * The first bad nightly of the cut of l outside [from, to) that lies
 * nearest the date, at most max_days from it; 0 for none.
 */
static size_t nearest_outside(const struct series *s, const struct levels *l, time_t date, time_t from,
			      time_t to, long max_days)
{
	long best_off = max_days + 1;
	size_t best = 0;

	for (size_t k = 0; k < l->nr_cuts; k++) {
		size_t bad = l->at[l->cuts[k]];
		long off = days_off(s, bad, date);

		if (cut_off(s, l, k, date, from, to) == LONG_MAX && off < best_off) {
			best = bad;
			best_off = off;
		}
	}
	return best;
}

/*
 * The levels of [cfrom, cto) (base, uncut: levels_init() of them) and
 * the cut nearest the date within [from, to) (1 + its index, 0 for none);
 * a drift there is looked at whole
 * (widen()), and so is a date near which nothing is cut: asked a few
 * nights past a drift's end, or before its start, the nightlies searched
 * may hold only its gentle tail, too gradual to cut, so the stretch as
 * wide again either side is searched for a drift that meets [from, to)
 * (keep_narrow() says what the wider search may change). Without a cut
 * there, *outside (unless NULL) takes the first bad nightly of the cut
 * nearest the date outside [from, to), the wider search's where it cut
 * one (nearest_outside()), else 0.
 */
static size_t find_levels(const struct series *s, const struct step_options *o,
			  const struct noise_model *nm, const struct step *out, time_t from, time_t to,
			  time_t cfrom, time_t cto, const struct levels *base, struct levels *l, size_t *outside)
{
	size_t best, wide_best, first_bad = 0, cut;
	struct levels wide;

	levels_copy(l, base);
	levels_find(l, out->noise_multiple, out->min_change, !o->sharp_only);
	best = nearest_cut(s, l, o->date, from, to);
	if (!best && outside)
		*outside = nearest_outside(s, l, o->date, from, to, outside_reach(o));
	if (o->sharp_only || (best && !widen(s, l, best - 1, &cfrom, &cto, o->span_days)))
		return best;
	if (best) {
		first_bad = l->at[l->cuts[best - 1]];
	} else {
		cfrom -= widening(o->span_days);
		cto += widening(o->span_days);
	}
	levels_init(&wide, s, nm, cfrom, cto);
	levels_find(&wide, out->noise_multiple, out->min_change, 1);
	wide_best = nearest_cut(s, &wide, o->date, from, to);
	if (!best && !wide_best && outside && (cut = nearest_outside(s, &wide, o->date, from, to, outside_reach(o))))
		*outside = cut;
	if (keep_narrow(l, best, &wide, wide_best, first_bad)) {
		levels_release(&wide);
		return best;
	}
	levels_release(l);
	*l = wide;
	return wide_best;
}

/* The nightlies of l within [from, to): l->at[*a .. *b). */
static void span_levels(const struct series *s, const struct levels *l, time_t from, time_t to, size_t *a,
			size_t *b)
{
	*a = 0;
	while (*a < l->n && s->points[l->at[*a]].run->time < from)
		(*a)++;
	for (*b = *a; *b < l->n && s->points[l->at[*b]].run->time < to;)
		(*b)++;
}

/* The answer of step-states.c taken into out. */
static void take_state_answer(struct step *out, const struct state_answer *sa, double sigma)
{
	take_test(out, &sa->t, sigma);
	out->index = sa->index;
	out->last_good = sa->last_good;
	out->first_bad = sa->first_bad;
	out->persistent = 1;
}

/*
 * Where the date's nightlies hold no step, the cut nearest the date
 * outside the span (its first bad nightly: cut) asked on its own day, into
 * out: the answer there, where it is a step whose first bad nightly lies
 * in [from, to) after all (the date's own search may not reach it: a
 * drift ending on the span's first day, whose end the nightlies searched
 * from the date place a night earlier); else, where it is a step at
 * most 2 * span + 1 days off, out->outside.
 */
static void ask_outside(const struct series *s, const struct step_options *o, const struct noise_model *nm,
			size_t cut, time_t from, time_t to, struct step *out)
{
	struct step_options at = *o;
	struct step answer;
	time_t t = s->points[cut].run->time;
	long off;

	at.date = t - t % DAY_SECONDS;
	at.fallback = 0;
	at.look_outside = 0;
	if (series_find_step_model(s, &at, nm, &answer) || !answer.found || answer.undecided)
		return;
	t = s->points[answer.first_bad].run->time;
	if (t >= from && t < to) {
		if (o->fallback)
			return;	/* the caller's boundary is shown without a step */
		*out = answer;
		out->nr_other = 0;	/* the date's levels cut nothing in the span */
		return;
	}
	off = days_off(s, answer.first_bad, o->date);
	if (off > outside_reach(o))
		return;
	out->outside.last_good = answer.last_good;
	out->outside.first_bad = answer.first_bad;
	out->outside.change_pct = answer.change_pct;
	out->outside.score = answer.score;
	out->outside.drift = answer.drift;
	out->outside.days = (t < o->date ? -1 : 1) * off;
}

int series_excursion_at(const struct series *s, const struct step_options *o, const struct step *st,
			struct step *out)
{
	struct noise_model nm;
	time_t from, to, cfrom, cto;
	struct levels base, l;
	size_t index = first_on_or_after(s, o->date);
	int excursion;

	memset(out, 0, sizeof(*out));
	set_thresholds(out, o);
	date_span(o->date, o->span_days, &from, &to);
	date_span(o->date, 2 * o->span_days + 1, &cfrom, &cto);
	/* st's window holds the date's pair: it is the answer, nothing was set aside */
	if (st->index && index > st->last_good && index <= st->first_bad)
		return 0;
	if (!index || index == s->nr || s->points[index].run->time >= to || !series_measured(s, index))
		return 0;
	series_noise_model(s, METRIC_HELION, &nm);
	out->noise_pct = 100 * nm.sigma;
	/* the levels the decision cut, where it set the excursion aside */
	levels_init(&base, s, &nm, cfrom, cto);
	find_levels(s, o, &nm, out, from, to, cfrom, cto, &base, &l, NULL);
	levels_release(&base);
	describe_boundary(s, &nm, index, o->span_days, 0, out);
	excursion = describe_dip(&l, index, out);
	levels_release(&l);
	if (!excursion)
		memset(out, 0, sizeof(*out));
	return excursion;
}

int series_find_step(const struct series *s, const struct step_options *o, struct step *out)
{
	struct noise_model nm;

	series_noise_model(s, METRIC_HELION, &nm);
	return series_find_step_model(s, o, &nm, out);
}

int series_find_step_model(const struct series *s, const struct step_options *o,
			   const struct noise_model *nm, struct step *out)
{
	time_t from, to, cfrom, cto;
	size_t best, a, b, lo, hi, first, last, cut = 0;
	struct levels base, l;
	struct state_answer sa;
	char d1[32], d2[16], d3[16];

	memset(out, 0, sizeof(*out));
	set_thresholds(out, o);
	/*
	 * A day before the first nightly's (or a time on it) has no nightly
	 * before it to compare with; a day after the newest is asked before
	 * tonight's ran (window.c), up to the span. The date is named as a
	 * time unless it is a day: its day may well be inside.
	 */
	if (!s->nr || o->date - o->date % DAY_SECONDS + DAY_SECONDS <= s->points[0].run->time ||
	    o->date > s->points[s->nr - 1].run->time + (time_t)o->span_days * DAY_SECONDS)
		return error("date '%s' is outside the series of '%s' (%s .. %s)",
			     format_range_start(d1, o->date), s->platform,
			     s->nr ? format_day(d2, s->points[0].run->time) : "empty",
			     s->nr ? format_day(d3, s->points[s->nr - 1].run->time) : "empty");
	out->noise_pct = 100 * nm->sigma;
	date_span(o->date, o->span_days, &from, &to);
	/* Levels need nightlies beyond the span to be told from a dip. */
	date_span(o->date, 2 * o->span_days + 1, &cfrom, &cto);
	/* cut at the step's thresholds, and uncut for weak_boundary()'s */
	levels_init(&base, s, nm, cfrom, cto);
	best = find_levels(s, o, nm, out, from, to, cfrom, cto, &base, &l, o->look_outside ? &cut : NULL);
	span_levels(s, &l, from, to, &a, &b);
	bound_by_cuts(&l, a, &lo, &hi);	/* the nightlies between the cuts either side of the span */
	if (best && step_states_run_answer(&l, best - 1, a, b, out->noise_multiple, out->min_change, &sa, &first,
					   &last)) {
		take_state_answer(out, &sa, nm->sigma);
		list_others(s, &l, first, last, from, to, out);
	} else if (best) {
		struct cut_test t;
		size_t k = best - 1;

		list_others(s, &l, k, k, from, to, out);
		levels_judge(&l, k, out->noise_multiple, out->min_change, &t);
		take_test(out, &t, nm->sigma);
		out->index = l.at[l.cuts[k]];
		out->drift = l.from[k] < l.cuts[k];
		out->first_bad = out->index;
		if (out->drift)
			out->last_good = l.at[l.from[k]] - 1;
		else
			sharp_window(&l, k, &t, out);
		out->persistent = 1;
	} else if (step_states_answer(&l, lo, hi, a, b, 0, out->noise_multiple, out->min_change, &sa) ||
		   step_states_beyond_answer(&l, lo, hi, a, b, out->noise_multiple, out->min_change, &sa)) {
		take_state_answer(out, &sa, nm->sigma);
	} else if (sa.outside && !o->fallback) {
		/*
		 * A step under machine states clears the bar, but the states
		 * leave its night in doubt out past the span: not surely this
		 * date's, and not "no step" either (statestep 13864008: +7.3%
		 * where the level before met the lower state after it, the
		 * nights 02-09 .. 02-18 as likely either side; asked on 02-21,
		 * "no step beyond the noise, within --min-change" once the
		 * mixture's fit found that whole window). Its window is shown.
		 * Asked about a boundary of its own (a kernel's step, a
		 * kernel-set change), the caller's pair is described instead:
		 * a run of nights in one state passes for such a step too
		 * (causes.py 74702 under --states, baseline 15), and a kernel
		 * that steps on its own there is the surer answer.
		 */
		take_state_answer(out, &sa, nm->sigma);
		out->found = 0;
		out->undecided = 1;
		out->no_level = STEP_NIGHT_IN_DOUBT;
		out->reason = "the machine states leave its night in doubt out past the span";
	} else {
		size_t index = weak_boundary(s, o, nm, from, to, &base, out);

		if (index > 0)
			describe_boundary(s, nm, index, o->span_days, 0, out);
		/*
		 * A pair that starts or ends a dip that reverts is the dip's
		 * (describe_dip()). Otherwise, where the pair's own levels pass
		 * but no cut of the nightlies holds there, the evidence does
		 * not rule a step out: say so rather than "no step" beside a
		 * change that clears the bar.
		 */
		if (index > 0 && !describe_dip(&l, index, out) && out->found)
			no_level_holds(s, index, out);
		out->found = 0;
	}
	levels_release(&l);
	levels_release(&base);
	if (cut && !out->found && !out->undecided)
		ask_outside(s, o, nm, cut, from, to, out);
	return 0;
}
