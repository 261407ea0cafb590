#ifndef REPORT_FIXTURES_JSON_H
#define REPORT_FIXTURES_JSON_H

#include "corpus/fixtures.h"

/* git fixture-diff --json on stdout; -1 with an error when cJSON cannot format it. */
int fixture_print_json(const struct fixture_diff *d);

#endif
