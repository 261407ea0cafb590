#include <stdio.h>
#include "util/quote.h"
#include "report/fixtures-check-text.h"

void fixture_print_finding(const struct fixture_finding *f, void *fp)
{
	fprintf(fp, "%s: %s%s: %s\n", quote_term(f->name), f->rule, f->blocks ? "" : " (note)",
		quote_term(f->why));
}
