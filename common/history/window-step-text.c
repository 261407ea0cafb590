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
