/* The result of `git benchbisect run`: its life cycle and what its positions name. */
#include <stdlib.h>
#include <string.h>
#include "bisect/bisect-run.h"

static const char *const verdict_names[] = {
	[VERDICT_UNTESTED] = "untested",	/* never reported */
	[VERDICT_GOOD] = "good",
	[VERDICT_BAD] = "bad",
	[VERDICT_SKIP] = "skip",
	[VERDICT_UNCLEAR] = "skip, still unclear",
};

void bisect_result_init(struct bisect_result *res)
{
	memset(res, 0, sizeof(*res));
	res->abbrev = 8;
	strbuf_init(&res->error, 0);
}

void bisect_result_release(struct bisect_result *res)
{
	for (size_t i = 0; i < res->nr_probes; i++) {
		free(res->probes[i].label);
		free(res->probes[i].exits);
		samples_release(&res->probes[i].values);
	}
	for (size_t p = 0; res->m.values && p <= res->nr; p++)
		samples_release(&res->m.values[p]);
	free(res->m.values);
	free(res->m.off_level);
	free(res->probes);
	for (size_t i = 0; i < res->nr_strays; i++)
		free(res->strays[i].command);
	free(res->strays);
	free(res->candidates);
	free(res->good_subject);
	free(res->notes_ref);
	free(res->key);
	window_release(&res->w);
	strbuf_release(&res->error);
	memset(res, 0, sizeof(*res));
}

const git_oid *bisect_result_oid(const struct bisect_result *res, size_t pos)
{
	return pos ? &res->w.commits[res->nr - pos].oid : &res->w.last_good.oid;
}

const char *bisect_result_sha(const struct bisect_result *res, size_t pos)
{
	return pos ? res->w.commits[res->nr - pos].sha : res->w.last_good.sha;
}

const char *bisect_result_subject(const struct bisect_result *res, size_t pos)
{
	return pos ? res->w.commits[res->nr - pos].subject : res->good_subject;
}

const char *bisect_verdict_name(enum verdict v)
{
	return verdict_names[v];
}
