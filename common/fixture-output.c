#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "usage.h"
#include "strbuf.h"
#include "repo.h"
#include "color.h"
#include "fixtures.h"

/* Graph churn: the graph was rewritten while the fixture stayed byte-identical. */
static int graph_churn(const struct fixture_case *c)
{
	return c->graph == GRAPH_CHANGED &&
	       (c->status == FIXTURE_UNCHANGED || c->status == FIXTURE_RENAMED);
}

/* The graph column names churn as churn, not as a change. */
static const char *graph_label(const struct fixture_case *c)
{
	return graph_churn(c) ? "churn" : graph_status_name(c->graph);
}

static const char *status_color(enum fixture_status s)
{
	switch (s) {
	case FIXTURE_CHANGED: return COLOR_YELLOW;
	case FIXTURE_ADDED: return COLOR_GREEN;
	case FIXTURE_REMOVED: return COLOR_RED;
	case FIXTURE_RENAMED: return COLOR_CYAN;
	default: return COLOR_DIM;
	}
}

static void case_label(struct strbuf *sb, const struct fixture_case *c)
{
	strbuf_reset(sb);
	if (c->renamed_from)
		strbuf_addf(sb, "%s => ", c->renamed_from);
	strbuf_addstr(sb, c->name);
}

static void fixture_label(struct strbuf *sb, const struct fixture_case *c)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, fixture_status_name(c->status));
	if (c->added_lines || c->status == FIXTURE_ADDED)
		strbuf_addf(sb, " +%zu", c->added_lines);
	if (c->removed_lines || c->status == FIXTURE_REMOVED)
		strbuf_addf(sb, " -%zu", c->removed_lines);
}

/* Print s in color, padded with spaces to width (measured without the codes). */
static void cell(int color, const char *code, const char *s, size_t width)
{
	size_t len = strlen(s);

	printf("%s%s%s", color_on(color, code), s, color_off(color));
	if (width > len)
		printf("%*s", (int)(width - len), "");
}

static void print_counts(const struct fixture_diff *d)
{
	size_t n[FIXTURE_MISSING + 1] = { 0 }, churn = 0;
	const char *sep = ": ";

	for (size_t i = 0; i < d->nr; i++) {
		n[d->cases[i].status]++;
		churn += graph_churn(&d->cases[i]);
	}
	printf("%zu case%s", d->nr, d->nr == 1 ? "" : "s");
	for (int s = FIXTURE_UNCHANGED; s <= FIXTURE_MISSING; s++) {
		if (!n[s])
			continue;
		printf("%s%zu %s", sep, n[s], fixture_status_name(s));
		sep = ", ";
	}
	if (churn)
		printf("; graph churn in %zu", churn);
	putchar('\n');
}

void fixture_print_table(const struct fixture_diff *d, int color)
{
	struct strbuf sb = STRBUF_INIT;
	size_t wcase = strlen("case"), wfix = strlen("fixture"), wgraph = strlen("graph");

	for (size_t i = 0; i < d->nr; i++) {
		case_label(&sb, &d->cases[i]);
		wcase = sb.len > wcase ? sb.len : wcase;
		fixture_label(&sb, &d->cases[i]);
		wfix = sb.len > wfix ? sb.len : wfix;
		wgraph = strlen(graph_label(&d->cases[i])) > wgraph ?
			 strlen(graph_label(&d->cases[i])) : wgraph;
	}
	if (d->nr) {
		cell(color, COLOR_BOLD, "case", wcase + 2);
		cell(color, COLOR_BOLD, "fixture", wfix + 2);
		cell(color, COLOR_BOLD, "graph", 0);
		putchar('\n');
	}
	for (size_t i = 0; i < d->nr; i++) {
		const struct fixture_case *c = &d->cases[i];
		int churn = graph_churn(c), spec = fixture_case_has_spec(c);

		case_label(&sb, c);
		cell(0, "", sb.buf, wcase + 2);
		fixture_label(&sb, c);
		cell(color, status_color(c->status), sb.buf, wfix + 2);
		cell(color, churn ? COLOR_RED : "", graph_label(c), spec ? 0 : wgraph + 2);
		printf("%s\n", spec ? "" : "(no bench_spec)");
	}
	print_counts(d);
	strbuf_release(&sb);
}

static cJSON *case_json(const struct fixture_case *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "case", c->name);
	cJSON_AddStringToObject(o, "status", fixture_status_name(c->status));
	cJSON_AddStringToObject(o, "graph", graph_status_name(c->graph));
	cJSON_AddBoolToObject(o, "bench_spec", fixture_case_has_spec(c));
	if (c->renamed_from)
		cJSON_AddStringToObject(o, "renamed_from", c->renamed_from);
	else
		cJSON_AddNullToObject(o, "renamed_from");
	cJSON_AddNumberToObject(o, "added_lines", (double)c->added_lines);
	cJSON_AddNumberToObject(o, "removed_lines", (double)c->removed_lines);
	return o;
}

int fixture_print_json(const struct fixture_diff *d)
{
	char hex[GIT_OID_HEXSZ + 1];
	cJSON *doc = cJSON_CreateObject(), *cases;
	char *text;

	cJSON_AddStringToObject(doc, "base", oid_hex(hex, git_commit_id(d->base->commit)));
	cJSON_AddStringToObject(doc, "head", d->head->commit ?
				oid_hex(hex, git_commit_id(d->head->commit)) : "worktree");
	cJSON_AddStringToObject(doc, "root", d->layout->root);
	cases = cJSON_AddArrayToObject(doc, "cases");
	for (size_t i = 0; i < d->nr; i++)
		cJSON_AddItemToArray(cases, case_json(&d->cases[i]));
	text = cJSON_Print(doc);
	cJSON_Delete(doc);
	if (!text)
		return error("cannot format the JSON output");
	printf("%s\n", text);
	cJSON_free(text);
	return 0;
}

void fixture_print_name_only(const struct fixture_diff *d)
{
	const char *sep = "";

	for (size_t i = 0; i < d->nr; i++) {
		if (d->cases[i].status != FIXTURE_CHANGED)
			continue;
		printf("%s%s", sep, d->cases[i].name);
		sep = ",";
	}
	if (*sep)
		putchar('\n');
}

static void print_bar(char ch, size_t n)
{
	while (n--)
		putchar(ch);
}

static size_t scale(size_t n, size_t max, size_t width)
{
	if (max <= width || !n)
		return n;
	return 1 + n * (width - 1) / max;
}

int fixture_print_stat(const struct fixture_diff *d)
{
	size_t wname = 0, wnum = 1, max = 0, files = 0, adds = 0, dels = 0, bar;
	char num[32];

	for (size_t i = 0; i < d->nr; i++) {
		const struct fixture_case *c = &d->cases[i];
		size_t total = c->added_lines + c->removed_lines;

		if (!fixture_case_differs(c))
			continue;
		wname = strlen(c->name) > wname ? strlen(c->name) : wname;
		max = total > max ? total : max;
		wnum = (size_t)snprintf(num, sizeof(num), "%zu", max);
	}
	/* Like git's --stat: the whole line fits in 80 columns. */
	bar = 80 > wname + wnum + 6 + 10 ? 80 - wname - wnum - 6 : 10;
	for (size_t i = 0; i < d->nr; i++) {
		const struct fixture_case *c = &d->cases[i];

		if (!fixture_case_differs(c))
			continue;
		files++;
		adds += c->added_lines;
		dels += c->removed_lines;
		printf(" %-*s | %*zu ", (int)wname, c->name, (int)wnum,
		       c->added_lines + c->removed_lines);
		print_bar('+', scale(c->added_lines, max, bar));
		print_bar('-', scale(c->removed_lines, max, bar));
		putchar('\n');
	}
	printf(" %zu fixture%s changed", files, files == 1 ? "" : "s");
	if (adds)
		printf(", %zu insertion%s(+)", adds, adds == 1 ? "" : "s");
	if (dels)
		printf(", %zu deletion%s(-)", dels, dels == 1 ? "" : "s");
	putchar('\n');
	return 0;
}

int fixture_list_cases(git_repository *repo, const struct fixture_layout *l, const char *name)
{
	struct fixture_rev rev;
	struct case_list list = { 0 };
	int found = 0;

	if (!name && git_repository_is_bare(repo))
		name = "HEAD";
	if (fixture_rev_init(&rev, repo, name))
		return -1;
	if (fixture_scan(repo, l, rev.tree, &list, &found)) {
		fixture_rev_release(&rev);
		return -1;
	}
	if (!found)
		warning("root '%s' does not exist in %s", l->root, rev.label);
	for (size_t i = 0; i < list.nr; i++)
		printf("%s\n", list.v[i].name);
	case_list_release(&list);
	fixture_rev_release(&rev);
	return 0;
}

/* Print one chunk of patch text, each of its lines in color. */
static int print_line(const git_diff_delta *delta, const git_diff_hunk *hunk,
		      const git_diff_line *line, void *payload)
{
	int color = *(int *)payload;
	const char *code = "", *p = line->content, *end = p + line->content_len;
	int origin = line->origin == '+' || line->origin == '-' || line->origin == ' ';

	(void)delta;
	(void)hunk;
	switch (line->origin) {
	case GIT_DIFF_LINE_FILE_HDR: code = COLOR_BOLD; break;
	case GIT_DIFF_LINE_HUNK_HDR: code = COLOR_CYAN; break;
	case GIT_DIFF_LINE_ADDITION: code = COLOR_GREEN; break;
	case GIT_DIFF_LINE_DELETION: code = COLOR_RED; break;
	}
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);

		printf("%s%s%.*s%s%s", color_on(color && *code, code),
		       origin ? (char[]){ (char)line->origin, 0 } : "", (int)n, p,
		       color_off(color && *code), eol ? "\n" : "");
		p += n + (eol != NULL);
	}
	return 0;
}

int fixture_print_patch(const struct fixture_diff *d, int color)
{
	for (size_t i = 0; i < d->nr; i++)
		if (fixture_case_print_patch(d, &d->cases[i], print_line, &color))
			return -1;
	return 0;
}
