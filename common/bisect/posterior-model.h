#ifndef BISECT_POSTERIOR_MODEL_H
#define BISECT_POSTERIOR_MODEL_H

#include <math.h>
#include <stddef.h>

struct posterior;	/* bisect/posterior.h's; the prototypes need no more of it */

/*
 * The model's pieces that posterior.c's fit and posterior-odd.c's odd
 * commits share: internal to the posterior.
 */

/* The constants of one update: the scale of the runs and the two densities it sets. */
struct model {
	double log_inlier;	/* log(1 - eps) - log(2 pi) / 2 */
	double log_stray;	/* log(eps * the wide range's density) */
	double log_range;	/* log of the levels' prior width */
	double var_floor;	/* a noise variance never reached (a timer's quantum) */
	double prior_ss, prior_df;	/* the recorded noise's prior: nu0 s0^2 and nu0 (0: none) */
	double log_flat_width;	/* log of sigma's range beside it, in log sigma (0: none) */
	int odd;		/* the runs are in position order: commits may be odd */
	double log_odd, log_not_odd;	/* log POSTERIOR_ODD_COMMITS and log(1 - it) */
};

/* What the odd commits add to the noise's integral: runs, levels and squares, by their shares. */
struct odd_sums {
	double runs, levels, ss;
};

/* The entropy of a share w, in nats. */
static inline double posterior_entropy(double w)
{
	return (w > 0 ? -w * log(w) : 0) + (w < 1 ? -(1 - w) * log1p(-w) : 0);
}

/* The runs of the commit whose first run is j end before the returned index (at most to). */
size_t posterior_commit_end(const struct posterior *p, size_t j, size_t to);

/*
 * Each commit's share of being odd (POSTERIOR_ODD_COMMITS), into p->odd[]
 * of each of its runs, against the fit so far; their sums for the noise
 * in *sums (posterior-odd.c).
 */
void posterior_share_odd(struct posterior *p, const struct model *m, const double *level, double e_prec,
			 double e_logvar, int any, struct odd_sums *sums);

/* The bound's terms of the commits' shares of being odd that the noise's integral does not hold. */
double posterior_odd_evidence(const struct posterior *p, const struct model *m, const double *level, double var);

#endif
