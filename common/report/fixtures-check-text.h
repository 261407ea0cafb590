#ifndef REPORT_FIXTURES_CHECK_TEXT_H
#define REPORT_FIXTURES_CHECK_TEXT_H

#include "corpus/check.h"

/*
 * A finding of fixture_check() as one line on the FILE *fp:
 * "<case>: <rule>: <why>" for a problem that blocks and
 * "<case>: <rule> (note): <why>" for one that does not.
 */
void fixture_print_finding(const struct fixture_finding *f, void *fp);

#endif
