#include "util/quote.h"
#include "report/dashboard-text.h"

void dashboard_print_names(FILE *fp, const char **names, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		fprintf(fp, "%s\n", quote_term(names[i]));
}
