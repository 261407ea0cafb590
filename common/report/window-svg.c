#include <math.h>
#include <string.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/markup.h"
#include "util/number.h"
#include "report/window-wording.h"
#include "report/report-options.h"
#include "report/window-svg.h"

#define WIDTH 800
#define HEIGHT 520
#define PLOT_LEFT 64
#define PLOT_RIGHT 776

/* Light colours by default; dark ones when the viewer prefers them. */
static const char style[] =
	"<style>\n"
	".bg{fill:#ffffff}\n"
	"text{fill:#24292f;font-family:sans-serif;font-size:12px}\n"
	".title{font-size:15px;font-weight:bold}\n"
	".sub{fill:#57606a}\n"
	".mono{font-family:monospace}\n"
	".grid{stroke:#d8dee4;stroke-width:1}\n"
	".frame{fill:none;stroke:#8c959f;stroke-width:1}\n"
	".window{fill:#e5534b;fill-opacity:0.16}\n"
	".edge{stroke:#e5534b;stroke-width:1;stroke-dasharray:3 3}\n"
	".level{stroke:#57606a;stroke-width:1.5;stroke-dasharray:6 4}\n"
	".helion{fill:none;stroke:#e8590c;stroke-width:2.5}\n"
	".triton{fill:none;stroke:#1c7ed6;stroke-width:1.8;stroke-dasharray:7 3}\n"
	".torch_compile{fill:none;stroke:#2b8a3e;stroke-width:1.8;stroke-dasharray:2 3}\n"
	".latency{fill:none;stroke:#e8590c;stroke-width:2}\n"
	".dot{fill:#e8590c}\n"
	".manual{fill:#ffffff;stroke:#8250df;stroke-width:2}\n"
	".kset{stroke:#bf8700;stroke-width:1.5;stroke-dasharray:4 2}\n"
	".kset-label{fill:#9a6700}\n"
	".end{fill:none;stroke:#e5534b;stroke-width:2}\n"
	".point{stroke-dasharray:none}\n"
	"@media (prefers-color-scheme: dark){\n"
	".bg{fill:#0d1117}\n"
	"text{fill:#e6edf3}\n"
	".sub{fill:#8b949e}\n"
	".grid{stroke:#30363d}\n"
	".frame{stroke:#6e7681}\n"
	".level{stroke:#8b949e}\n"
	".helion,.latency{stroke:#ff8c42}\n"
	".dot{fill:#ff8c42}\n"
	".triton{stroke:#58a6ff}\n"
	".torch_compile{stroke:#56d364}\n"
	".manual{fill:#0d1117;stroke:#d2a8ff}\n"
	".kset{stroke:#e3b341}\n"
	".kset-label{fill:#e3b341}\n"
	"}\n"
	"</style>\n";

struct panel {
	double top, bottom;	/* pixels */
	double lo, hi;		/* values at bottom and top */
};

struct chart {
	FILE *fp;
	const struct window *w;
	time_t t0, t1;		/* the times at PLOT_LEFT and PLOT_RIGHT */
	struct panel speed, latency;
};

static double xpos(const struct chart *c, time_t t)
{
	return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * difftime(t, c->t0) / difftime(c->t1, c->t0);
}

static double ypos(const struct panel *p, double v)
{
	/* Divide first: near DBL_MAX the product would overflow. */
	return p->bottom - (v - p->lo) / (p->hi - p->lo) * (p->bottom - p->top);
}

/* The value range of some metrics over the shown nightlies, padded; 0 when none is measured. */
static int value_range(const struct chart *c, const enum metric *m, size_t nr, struct panel *p)
{
	const struct series *s = &c->w->series;
	double lo = INFINITY, hi = -INFINITY, pad;

	for (size_t i = c->w->first_shown; i < c->w->end_shown; i++)
		for (size_t k = 0; k < nr; k++) {
			double v = s->points[i].value[m[k]];

			if (isfinite(v)) {
				lo = fmin(lo, v);
				hi = fmax(hi, v);
			}
		}
	if (!isfinite(lo))
		return 0;
	/* At least 1% of the values' size, so a flat or near-flat series gets a readable scale. */
	pad = fmax((hi - lo) * 0.12, fmax(fmax(fabs(lo), fabs(hi)) * 0.01, 1e-6));
	p->lo = lo - pad;
	p->hi = hi + pad;
	/* A range no double can span (untrusted data): no scale rather than infinite coordinates. */
	return isfinite(p->hi - p->lo);
}

/* A round tick step (1, 2 or 5 times a power of ten) giving about n ticks. */
static double tick_step(double range, int n)
{
	double raw = range / n, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

/* The panel's frame and label; its grid and value ticks only when it has data. */
static void draw_grid(const struct chart *c, const struct panel *p, const char *label, int has_data)
{
	double step = tick_step(p->hi - p->lo, 4);
	int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	double first = ceil(p->lo / step);

	fprintf(c->fp, "<rect class=\"frame\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\"/>\n",
		PLOT_LEFT, p->top, PLOT_RIGHT - PLOT_LEFT, p->bottom - p->top);
	/* Ticks counted, not accumulated: at most a dozen whatever the values. */
	for (int k = 0; has_data && k < 12 && (first + k) * step <= p->hi; k++) {
		double v = (first + k) * step, y = ypos(p, v);

		fprintf(c->fp, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n",
			PLOT_LEFT, y, PLOT_RIGHT, y);
		if (fabs(v) < 1e6)
			fprintf(c->fp, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.*f</text>\n",
				PLOT_LEFT - 6, y + 4, decimals, number_tidy(v, decimals));
		else
			fprintf(c->fp, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n",
				PLOT_LEFT - 6, y + 4, v);
	}
	fprintf(c->fp, "<text class=\"sub\" x=\"%d\" y=\"%.1f\">%s</text>\n", PLOT_LEFT + 6,
		p->top + 15, label);
}

/*
 * One metric as polylines, broken where a nightly has no value; a value
 * with none either side (one nightly shown) as a ring, since a polyline
 * of one point draws nothing.
 */
static void draw_line(const struct chart *c, const struct panel *p, enum metric m, const char *cls)
{
	const struct series *s = &c->w->series;
	int open = 0;

	for (size_t i = c->w->first_shown; i < c->w->end_shown; i++) {
		double v = s->points[i].value[m];

		if (!isfinite(v)) {
			if (open)
				fputs("\"/>\n", c->fp);
			open = 0;
			continue;
		}
		if (!open && (i + 1 == c->w->end_shown || !isfinite(s->points[i + 1].value[m]))) {
			fprintf(c->fp, "<circle class=\"%s point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>\n",
				cls, xpos(c, s->points[i].run->time), ypos(p, v));
			continue;
		}
		if (!open)
			fprintf(c->fp, "<polyline class=\"%s\" points=\"", cls);
		fprintf(c->fp, "%s%.1f,%.1f", open ? " " : "", xpos(c, s->points[i].run->time),
			ypos(p, v));
		open = 1;
	}
	if (open)
		fputs("\"/>\n", c->fp);
}

/* The points; returns how many are manual runs (drawn hollow). */
static size_t draw_points(const struct chart *c)
{
	const struct series *s = &c->w->series;
	size_t manuals = 0;

	for (size_t i = c->w->first_shown; i < c->w->end_shown; i++) {
		const struct series_point *pt = &s->points[i];
		double v = pt->value[METRIC_HELION];
		int manual = !dash_entry_counts(pt->run, 0);

		if (!isfinite(v))
			continue;
		fprintf(c->fp, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\"/>\n",
			manual ? "manual" : "dot", xpos(c, pt->run->time), ypos(&c->speed, v),
			manual ? "4.5" : "3");
		manuals += manual;
	}
	return manuals;
}

static int in_series(const struct chart *c, const char *run_id)
{
	for (size_t i = c->w->first_shown; i < c->w->end_shown; i++)
		if (!strcmp(c->w->series.points[i].run->run_id, run_id))
			return 1;
	return 0;
}

/* Manual and side-branch runs the series leaves out: a diamond on the axis each; returns how many. */
static size_t draw_manual_runs(const struct chart *c)
{
	const struct window *w = c->w;
	const char **seen = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t r = 0; r < w->dash.nr_rows; r++) {
		const struct dash_row *row = &w->dash.rows[r];

		if (strcmp(row->platform_short, w->series.platform) ||
		    (w->series.kernel && strcmp(row->kernel, w->series.kernel)))
			continue;
		for (size_t h = 0; h < row->nr_history; h++) {
			const struct dash_entry *e = &row->history[h];
			double x, y = c->speed.bottom;
			size_t k;

			if (dash_entry_counts(e, 0) || e->time < c->t0 || e->time > c->t1 ||
			    in_series(c, e->run_id))
				continue;
			for (k = 0; k < nr && strcmp(seen[k], e->run_id); k++)
				;
			if (k < nr)
				continue;
			ALLOC_GROW(seen, nr + 1, alloc);
			seen[nr++] = e->run_id;
			x = xpos(c, e->time);
			fprintf(c->fp, "<path class=\"manual\" d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\"><title>manual run ",
				x, y - 6);
			markup_fputs(c->fp, e->run_id, xml_escape);
			fputs(" on ", c->fp);
			markup_fputs(c->fp, e->branch, xml_escape);
			fputs("</title></path>\n", c->fp);
		}
	}
	free(seen);
	return nr;
}

/* About how wide s is drawn at 12 px sans-serif: 6.6 px a character (UTF-8 lead byte). */
static double text_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return 6.6 * n;
}

/* A dashed line at each change of the kernel list; returns how many. */
static size_t draw_kernel_set_changes(const struct chart *c)
{
	const struct series *s = &c->w->series;
	size_t nr = 0;

	for (size_t i = c->w->first_shown; i < c->w->end_shown; i++) {
		char label[64];
		double x;
		int right;

		if (!i || !s->points[i].kernel_set_changed)
			continue;
		x = xpos(c, s->points[i].run->time);
		fprintf(c->fp, "<line class=\"kset\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			x, c->speed.top, x, c->latency.bottom);
		snprintf(label, sizeof(label), "kernels %zu\u2192%zu", s->points[i - 1].nr_kernels,
			 s->points[i].nr_kernels);
		/* right of the line, or left of it where it would run off the plot */
		right = x + 4 + text_width(label) <= PLOT_RIGHT;
		fprintf(c->fp, "<text class=\"kset-label\" x=\"%.1f\" y=\"%.1f\"%s>%s</text>\n",
			right ? x + 4 : x - 4, c->speed.bottom - 8, right ? "" : " text-anchor=\"end\"",
			label);
		nr++;
	}
	return nr;
}

/*
 * "last good"/"first bad" and the sha, two lines beside the end's point,
 * left of the last good and right of the first bad, on the side of the
 * point the step leaves free (below the higher end, above the lower one).
 */
static void end_label(const struct chart *c, const char *label, const struct window_end *e,
		      double x, double y, int right, int below)
{
	const char *anchor = right ? "start" : "end";
	const char *full = e->resolved ? e->sha : e->point ? e->point->run->sha : "?";
	/* 8 characters as drawn of a dashboard's sha that is no hash: cut after escaping */
	struct strbuf sha = STRBUF_INIT;

	xml_escape_cut(&sha, full, 8);
	x = right ? fmin(x, PLOT_RIGHT - 72) + 8 : fmax(x, PLOT_LEFT + 72) - 8;
	y = below ? y + 20 : y - 24;
	y = fmin(fmax(y, c->speed.top + 14), c->speed.bottom - 20);
	fprintf(c->fp, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", x, y, anchor,
		label);
	fprintf(c->fp, "<text class=\"mono\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x,
		y + 15, anchor);
	fputs(sha.buf, c->fp);
	fputs("</text>\n", c->fp);
	strbuf_release(&sha);
}

/* Without a step of the platform, the window is that of its kernels' step. */
static int kernel_answer(const struct window *w)
{
	for (size_t i = 0; !w->step.found && i < w->nr_kernel_steps; i++)
		if (w->kernel_steps[i].index == w->step.index)
			return 1;
	return 0;
}

/* The window between the step's nightlies shaded, its ends labelled, the levels either side. */
static void draw_step(const struct chart *c)
{
	const struct window *w = c->w;
	const struct step *st = &w->step;
	const struct series_point *good, *bad;
	double xg, xb, yg, yb;

	if (!(st->found || kernel_answer(w)) || !st->index || st->last_good < w->first_shown ||
	    st->first_bad >= w->end_shown)
		return;
	good = &w->series.points[st->last_good];
	bad = &w->series.points[st->first_bad];
	xg = xpos(c, good->run->time);
	xb = xpos(c, bad->run->time);
	fprintf(c->fp, "<rect class=\"window\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
		xg, c->speed.top, xb - xg, c->latency.bottom - c->speed.top);
	fprintf(c->fp, "<line class=\"edge\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
		"<line class=\"edge\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
		xg, c->speed.top, xg, c->latency.bottom, xb, c->speed.top, xb, c->latency.bottom);
	if (isfinite(st->before) && isfinite(st->after) && st->before > c->speed.lo &&
	    st->before < c->speed.hi && st->after > c->speed.lo && st->after < c->speed.hi)
		fprintf(c->fp, "<line class=\"level\" x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			"<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n",
			PLOT_LEFT, ypos(&c->speed, st->before), xg, ypos(&c->speed, st->before),
			xb, ypos(&c->speed, st->after), PLOT_RIGHT, ypos(&c->speed, st->after));
	if (isfinite(good->value[METRIC_HELION]))
		fprintf(c->fp, "<circle class=\"end\" cx=\"%.1f\" cy=\"%.1f\" r=\"7\"/>\n", xg,
			ypos(&c->speed, good->value[METRIC_HELION]));
	if (isfinite(bad->value[METRIC_HELION]))
		fprintf(c->fp, "<circle class=\"end\" cx=\"%.1f\" cy=\"%.1f\" r=\"7\"/>\n", xb,
			ypos(&c->speed, bad->value[METRIC_HELION]));
	yg = isfinite(good->value[METRIC_HELION]) ? ypos(&c->speed, good->value[METRIC_HELION]) :
		(c->speed.top + c->speed.bottom) / 2;
	yb = isfinite(bad->value[METRIC_HELION]) ? ypos(&c->speed, bad->value[METRIC_HELION]) : yg;
	end_label(c, "last good", &w->last_good, xg, yg, 0, yg <= yb);
	end_label(c, "first bad", &w->first_bad, xb, yb, 1, yb < yg);
}

/* A tick and "MM-DD" under the latency panel every few days, so that labels never collide. */
static void draw_days(const struct chart *c)
{
	double days = difftime(c->t1, c->t0) / DAY_SECONDS;
	long every = (long)ceil(days / 10);
	time_t t = (c->t0 / DAY_SECONDS + 1) * DAY_SECONDS;
	char day[16];

	for (long n = 0; t <= c->t1; t += DAY_SECONDS, n++) {
		double x = xpos(c, t);

		if (n % every)
			continue;
		format_day(day, t);
		fprintf(c->fp, "<line class=\"frame\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
			x, c->latency.bottom, x, c->latency.bottom + 5, x, c->latency.bottom + 19, day + 5);
	}
}

enum sample { SAMPLE_LINE, SAMPLE_RECT, SAMPLE_DOT, SAMPLE_DIAMOND };

/* A 24 px sample of a class and its label; moves *x past them. */
static void legend_item(FILE *fp, double *x, double y, enum sample kind, const char *cls,
			const char *label)
{
	if (kind == SAMPLE_LINE)
		fprintf(fp, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			cls, *x, y, *x + 24, y);
	else if (kind == SAMPLE_RECT)
		fprintf(fp, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"12\"/>\n",
			cls, *x, y - 6);
	else if (kind == SAMPLE_DOT)
		fprintf(fp, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\"/>\n", cls,
			*x + 12, y);
	else
		fprintf(fp, "<path class=\"%s\" d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\"/>\n", cls,
			*x + 12, y - 6);
	fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", *x + 30, y + 4, label);
	*x += 44 + text_width(label);
}

/*
 * The legend names the kernel-set change and the manual run only when the
 * chart draws one, a manual run in the shape drawn: a hollow dot in the
 * series (--all-runs), a diamond on the axis when the series leaves it out.
 */
static void draw_legend(const struct chart *c, double y, size_t kset, size_t manual_dots,
			size_t manual_diamonds)
{
	double x = PLOT_LEFT;

	legend_item(c->fp, &x, y, SAMPLE_LINE, "helion", "helion (speedup above, latency below)");
	legend_item(c->fp, &x, y, SAMPLE_LINE, "triton", "triton");
	legend_item(c->fp, &x, y, SAMPLE_LINE, "torch_compile", "torch_compile");
	x = PLOT_LEFT;
	y += 20;
	legend_item(c->fp, &x, y, SAMPLE_RECT, "window", "window");
	legend_item(c->fp, &x, y, SAMPLE_LINE, "level", "level before / after the step");
	if (kset)
		legend_item(c->fp, &x, y, SAMPLE_LINE, "kset", "kernel set change");
	if (manual_dots)
		legend_item(c->fp, &x, y, SAMPLE_DOT, "manual", "manual run");
	if (manual_diamonds)
		legend_item(c->fp, &x, y, SAMPLE_DIAMOND, "manual", "manual run");
}

static void draw_titles(const struct chart *c, const char *verdict)
{
	const struct window *w = c->w;
	const struct series *s = &w->series;
	const struct step *st = &w->step;
	FILE *fp = c->fp;
	char d1[16], d2[16];

	fputs("<text class=\"title\" x=\"16\" y=\"26\">", fp);
	markup_fputs(fp, s->platform, xml_escape);
	if (s->kernel) {
		fputs(" (kernel ", fp);
		markup_fputs(fp, s->kernel, xml_escape);
		fputc(')', fp);
	}
	if (verdict) {
		fputs(": ", fp);
		markup_fputs(fp, verdict, xml_escape);
	} else if (s->kernel) {
		fputs(": nightly helion speedup", fp);
	} else {
		fprintf(fp, ": nightly helion speedup, %s", window_kernels_caption(w, 0));
	}
	fputs("</text>\n<text class=\"sub\" x=\"16\" y=\"46\">", fp);
	if (!window_step_days(w, d1, d2)) {
		struct strbuf sb = STRBUF_INIT;

		window_no_boundary_text(&sb, w, "", "");
		fputs(sb.buf, fp);
		strbuf_release(&sb);
	} else if (st->found) {
		fprintf(fp, "%s %s \u2192 %s", window_step_kind(st), d1, d2);
		if (st->drift)
			fprintf(fp, " over %zu nightlies", st->index - st->last_good);
		fprintf(fp, ": helion %.3f \u2192 %.3f (%+.1f%% \u00b1 %.1f%%), %.1f\u00d7 its standard error, %s",
			st->before, st->after, number_tidy(st->change_pct, 1), st->se_pct, st->z, st->drift ? "gradual" :
			window_step_persistence(st));
		for (size_t i = 0; i < w->nr_kernel_steps; i++) {
			fputs(i ? ", " : "; the move is in ", fp);
			markup_fputs(fp, w->kernel_steps[i].kernel, xml_escape);
			fprintf(fp, " %+.1f%% \u00b1 %.1f%%", number_tidy(w->kernel_steps[i].change_pct, 1),
				w->kernel_steps[i].se_pct);
		}
	} else if (kernel_answer(w)) {
		struct strbuf sb = STRBUF_INIT;

		window_kernel_steps_text(&sb, w, 1, xml_escape);
		fprintf(fp, "kernel step %s; the geomean %+.1f%%", sb.buf, number_tidy(st->change_pct, 1));
		strbuf_release(&sb);
	} else {
		struct strbuf sb = STRBUF_INIT;

		if (st->dip_nights)
			step_dip_text(&sb, st);
		else
			strbuf_addf(&sb, "%s %.1f\u00d7 and %.1f%%", step_bar_words(st->no_level), st->noise_multiple,
				    st->min_change);
		fprintf(fp, "%s %s \u2192 %s: %+.1f%% \u00b1 %.1f%%, %.1f\u00d7 its standard error (%s)",
			window_step_kind(st), d1, d2, number_tidy(st->change_pct, 1), st->se_pct,
			st->z, sb.buf);
		strbuf_release(&sb);
	}
	fputs(" (UTC days)</text>\n", fp);
}

void window_svg(FILE *fp, const struct window *w, const char *verdict)
{
	static const enum metric speed_metrics[] = { METRIC_HELION, METRIC_TRITON, METRIC_TORCH_COMPILE };
	static const enum metric latency_metric[] = { METRIC_LATENCY };
	const struct series *s = &w->series;
	struct chart c = { fp, w, 0, 0, { 60, 300, 0, 1 }, { 318, 428, 0, 1 } };
	int has_speed, has_latency;
	size_t kset, manual_dots = 0, manual_diamonds;

	c.t0 = s->points[w->first_shown].run->time - DAY_SECONDS / 2;
	c.t1 = s->points[w->end_shown - 1].run->time + DAY_SECONDS / 2;
	has_speed = value_range(&c, speed_metrics, ARRAY_SIZE(speed_metrics), &c.speed);
	has_latency = value_range(&c, latency_metric, 1, &c.latency);

	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<title>", WIDTH, HEIGHT, WIDTH, HEIGHT);
	markup_fputs(fp, s->platform, xml_escape);
	fputs(" nightly benchmark series</title>\n", fp);
	fputs(style, fp);
	fprintf(fp, "<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n", WIDTH, HEIGHT);
	draw_titles(&c, verdict);
	draw_grid(&c, &c.speed, has_speed ? "speedup (\u00d7)" : "speedup: no data", has_speed);
	draw_grid(&c, &c.latency, has_latency ? "helion latency (ms)" : "latency: no data",
		  has_latency);
	draw_step(&c);
	kset = draw_kernel_set_changes(&c);
	if (has_speed) {
		draw_line(&c, &c.speed, METRIC_TORCH_COMPILE, "torch_compile");
		draw_line(&c, &c.speed, METRIC_TRITON, "triton");
		draw_line(&c, &c.speed, METRIC_HELION, "helion");
		manual_dots = draw_points(&c);
	}
	if (has_latency)
		draw_line(&c, &c.latency, METRIC_LATENCY, "latency");
	manual_diamonds = draw_manual_runs(&c);
	draw_days(&c);
	draw_legend(&c, 470, kset, manual_dots, manual_diamonds);
	fputs("</svg>\n", fp);
}

int window_svg_write(const char *path, const struct window *w, const char *verdict)
{
	FILE *fp;

	if (!w->series.nr || w->end_shown <= w->first_shown)
		return error("no nightlies to chart in '%s'", path);
	if (!(fp = report_file_open(path)))
		return -1;
	window_svg(fp, w, verdict);
	return report_file_close(fp, path, 0);
}
