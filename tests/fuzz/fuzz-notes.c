/*
 * The run lines of git notes (common/bisect/run-notes.c): notes travel
 * between clones (git fetch, git notes merge), so any text may arrive.
 * Every non-empty line is a run or counted bad; a run's fields are within
 * their bounds, the runs come sorted by date, and a run formats back to a
 * line that parses to the same run (its duration to the millisecond it
 * is written with). The values, pooled as a recorded noise (a commit a
 * key, as run-memory.c pools them), give a variance that is none,
 * overflowed or at least 0, never more degrees of freedom than runs; two
 * states found have a finite gap and each a share within the bounds.
 */
#include <math.h>
#include "bisect/run-notes.h"
#include "bisect/run-noise.h"
#include "fuzz.h"

/*
 * "%.3f" rounds to the millisecond: half of one off at most, and a hair
 * more when the duration read (0.0265) lies a double's error past the half.
 */
#define HALF_MILLISECOND (5e-4 * (1 + 1e-9))

static void check_record(const struct run_record *r)
{
	struct strbuf sb = STRBUF_INIT;
	struct run_record back;

	if (strlen(r->key) != RUN_KEY_HEX || strspn(r->key, "0123456789abcdef") != RUN_KEY_HEX ||
	    !*r->machine || strlen(r->machine) > RUN_MACHINE_MAX || strlen(r->date) != 27 ||
	    !(r->duration >= 0) || !isfinite(r->duration) || r->exit < 0 || r->exit > 255 ||
	    (r->has_value && (r->exit || !isfinite(r->value))))
		abort();
	/* "%.3f" of a duration past 1e50 is longer than a field may be: no run lasts that long. */
	if (r->duration > 1e50)
		return;
	run_record_format(&sb, r);
	if (sb.buf[sb.len - 1] != '\n')
		abort();
	sb.buf[--sb.len] = '\0';
	if (run_record_parse(&back, sb.buf) || strcmp(back.key, r->key) || strcmp(back.machine, r->machine) ||
	    strcmp(back.date, r->date) || back.exit != r->exit || back.has_value != r->has_value ||
	    (r->has_value && back.value != r->value) ||
	    fabs(back.duration - r->duration) > HALF_MILLISECOND * fmax(1, r->duration))
		abort();
	strbuf_release(&sb);
}

/* The values of runs[0..nr), a commit a key, pooled. */
static void check_noise(const struct run_record *runs, size_t nr)
{
	struct samples *at = calloc(nr ? nr : 1, sizeof(*at));
	const char **keys = calloc(nr ? nr : 1, sizeof(*keys));
	struct run_noise n;
	size_t commits = 0, values = 0;

	for (size_t i = 0; i < nr; i++) {
		size_t c = 0;

		if (!runs[i].has_value)
			continue;
		while (c < commits && strcmp(keys[c], runs[i].key))
			c++;
		if (c == commits)
			keys[commits++] = runs[i].key;
		samples_add(&at[c], runs[i].value);
		values++;
	}
	run_noise_pool(&n, at, commits);
	if (n.var < 0 || n.df > (double)n.runs || n.runs + n.strays > values || n.commits > commits)
		abort();
	if (n.states.found && (!(n.states.gap > 0) || !isfinite(n.states.gap) || n.states.share < RUN_STATES_SHARE ||
			       n.states.share > 1 - RUN_STATES_SHARE || n.commits < RUN_STATES_COMMITS))
		abort();
	for (size_t c = 0; c < commits; c++)
		samples_release(&at[c]);
	free(at);
	free(keys);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size), *first_bad;
	struct run_record *runs;
	size_t bad, nr, lines = 0;

	/* Text stops at a NUL, as a note's message does. */
	for (const char *p = s; *p;) {
		size_t len = strcspn(p, "\n");

		lines += len > 0;
		p += len + (p[len] == '\n');
	}
	nr = run_notes_parse(s, &runs, &bad, &first_bad);
	if (nr + bad != lines || !bad != !first_bad)
		abort();
	for (size_t i = 0; i < nr; i++) {
		check_record(&runs[i]);
		if (i && strcmp(runs[i - 1].date, runs[i].date) > 0)
			abort();
	}
	check_noise(runs, nr);
	free(runs);
	free(first_bad);
	free(s);
	return 0;
}
