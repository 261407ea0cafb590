#include <stdio.h>
#include "util/quote.h"
#include "util/strbuf.h"
#include "report/fixtures-check-text.h"

/* The case quoted as the table quotes it, where it needs escaping. */
void fixture_print_finding(const struct fixture_finding *f, void *fp)
{
	struct strbuf name = STRBUF_INIT;

	quote_term_path(&name, f->name);
	fprintf(fp, "%s: %s%s: %s\n", name.buf, f->rule, f->blocks ? "" : " (note)",
		quote_term(f->why));
	strbuf_release(&name);
}
