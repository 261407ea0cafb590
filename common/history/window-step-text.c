#include <stdint.h>
#include <stdio.h>
#include "util/date.h"
#include "history/window-step-text.h"

int window_step_days(const struct window *w, char d1[16], char d2[16])
{
	if (w->step.index == 0)
		return 0;
	format_day(d1, w->series.points[w->step.index - 1].run->time);
	format_day(d2, w->series.points[w->step.index].run->time);
	return 1;
}

const char *window_step_persistence(const struct step *st)
{
	return st->persistent ? "persistent" :
		st->nr_after < 2 ? "too few nightlies after it to tell if it persists" : "reverts";
}

void window_kernels_shown(const struct window *w, size_t *lo, size_t *hi)
{
	*lo = SIZE_MAX;
	*hi = 0;
	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		size_t n = w->series.points[i].nr_kernels;

		*lo = n < *lo ? n : *lo;
		*hi = n > *hi ? n : *hi;
	}
	if (*lo > *hi)
		*lo = *hi;
}

const char *window_kernels_caption(const struct window *w, int note)
{
	static char buf[128];
	size_t lo, hi;

	window_kernels_shown(w, &lo, &hi);
	if (lo == hi)
		snprintf(buf, sizeof(buf), "geomean over %zu kernel%s", hi, hi == 1 ? "" : "s");
	else
		snprintf(buf, sizeof(buf), "geomean over %zu-%zu kernels%s", lo, hi,
			 note ? " (chain-linked: a kernel joining or leaving does not move it)" : "");
	return buf;
}
